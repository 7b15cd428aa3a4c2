//! The flick: caps as discs sliding on the court, in a small simulation
//! that gives the same bits on every target.
//!
//! Why a dedicated simulation and not a physics crate: the whole world is
//! at most six equal discs on a flat court, with no walls (a cap that
//! leaves the court is out of the shot). A few dozen lines do it with every
//! operation in view: only `+ − × ÷` and `sqrt`, which IEEE 754 rounds
//! exactly on every target (x86-64, aarch64, wasm32), no fused
//! multiply-add (Rust never fuses on its own), no platform `sin`/`cos` (the
//! direction of a shot comes from [`direction`], a polynomial evaluated
//! with those operations only), a fixed time step, a fixed order of
//! updates (caps by index, pairs by index) and no NaN (two caps at exactly
//! the same point push apart along +x). A general engine (rapier2d with
//! `enhanced-determinism`) would bring broad phases, islands, sleeping and
//! solvers whose determinism we would have to trust rather than read, and
//! would be an order of magnitude slower per shot, when the computer
//! player simulates thousands of shots per decision.
//!
//! The model: a moving cap loses [`FRICTION`] × [`DT`] of speed every step
//! (constant sliding friction) and stops when less is left; two caps that
//! overlap while approaching exchange an impulse along the line of centres
//! with restitution [`RESTITUTION`] (equal masses), and are pushed apart
//! so they never rest inside each other. The largest step a cap makes
//! (0.5 units) is a quarter of a cap's diameter, so no cap passes through
//! another.

use serde::{Deserialize, Serialize};

use crate::court::{CAP_RADIUS, Point, on_court};

/// The most caps on the court.
pub const MAX_CAPS: usize = 6;
/// The time step, in seconds.
pub const DT: f64 = 1.0 / 120.0;
/// The sliding friction's deceleration, in court units per second².
pub const FRICTION: f64 = 20.0;
/// The speed of a flick at full strength, in court units per second: a
/// full flick slides 90 units, a little more than the court's diagonal.
pub const MAX_SPEED: f64 = 60.0;
/// The share of the approach speed two caps part with.
pub const RESTITUTION: f64 = 0.8;
/// A shot stops after this many steps whatever happens (it never takes
/// more than about 400; this bounds the work on any input).
pub const MAX_STEPS: u32 = 4000;

const SPEED_LOSS: f64 = FRICTION * DT;
const DIAMETER: f64 = 2.0 * CAP_RADIUS;

/// A flick: its direction, a fraction of a full turn counter-clockwise
/// from +x (`angle / 65536` turns), and its strength, from 1 to
/// [`Shot::MAX_STRENGTH`] (the cap's initial speed is
/// `MAX_SPEED × strength / MAX_STRENGTH`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Shot {
    pub angle: u16,
    pub strength: u16,
}

impl Shot {
    pub const MAX_STRENGTH: u16 = 10_000;

    pub const fn new(angle: u16, strength: u16) -> Shot {
        Shot { angle, strength }
    }

    /// Whether the strength is in range (any angle is).
    pub const fn is_valid(self) -> bool {
        self.strength >= 1 && self.strength <= Shot::MAX_STRENGTH
    }

    /// The cap's initial velocity.
    pub fn velocity(self) -> Point {
        let d = direction(self.angle);
        let speed = MAX_SPEED * f64::from(self.strength) / f64::from(Shot::MAX_STRENGTH);
        Point::new(d.x * speed, d.y * speed)
    }

    /// The angle that points from `from` to `to`, rounded to the nearest
    /// step; 0 when the points coincide.
    pub fn angle_towards(from: Point, to: Point) -> u16 {
        let (dx, dy) = (to.x - from.x, to.y - from.y);
        if dx == 0.0 && dy == 0.0 {
            return 0;
        }
        let turns = libm::atan2(dy, dx) / core::f64::consts::TAU;
        let steps = libm::round(turns * 65536.0);
        (steps as i64).rem_euclid(65536) as u16
    }

    /// The strength that makes a cap sliding freely stop `distance` units
    /// away (clamped to the valid range).
    pub fn strength_for(distance: f64) -> u16 {
        let speed = speed_for_distance(distance.max(0.0));
        let s = libm::round(speed / MAX_SPEED * f64::from(Shot::MAX_STRENGTH));
        s.clamp(1.0, f64::from(Shot::MAX_STRENGTH)) as u16
    }

    /// The shot from `from` that stops at `to` if nothing is in the way.
    pub fn to_stop_at(from: Point, to: Point) -> Shot {
        Shot::new(
            Shot::angle_towards(from, to),
            Shot::strength_for(from.distance(to)),
        )
    }

    /// A shot along the vector (`dx`, `dy`) whose length is the share of
    /// `full` (a full-strength flick) it gets, clamped to the valid range:
    /// the app's slingshot drag (drag back, release the other way: pass
    /// the negated drag).
    pub fn from_vector(dx: f64, dy: f64, full: f64) -> Shot {
        let length = (dx * dx + dy * dy).sqrt();
        let share = if full > 0.0 && length.is_finite() {
            length / full
        } else {
            0.0
        };
        let strength = libm::round(share * f64::from(Shot::MAX_STRENGTH));
        Shot::new(
            Shot::angle_towards(Point::default(), Point::new(dx, dy)),
            strength.clamp(1.0, f64::from(Shot::MAX_STRENGTH)) as u16,
        )
    }

    /// How far a cap shot with this strength slides when nothing is in the
    /// way.
    pub fn free_distance(self) -> f64 {
        slide_distance(MAX_SPEED * f64::from(self.strength) / f64::from(Shot::MAX_STRENGTH))
    }
}

/// How far a cap starting at `speed` slides in this simulation: it moves
/// `v − k·ΔV` for `k = 1, 2, …` steps while that is positive.
pub fn slide_distance(speed: f64) -> f64 {
    let n = (speed / SPEED_LOSS).floor();
    if n <= 0.0 {
        return 0.0;
    }
    // Σ_{k=1..n} (v − kΔ)·dt
    (n * speed - SPEED_LOSS * n * (n + 1.0) / 2.0) * DT
}

/// The inverse of [`slide_distance`], by bisection.
fn speed_for_distance(distance: f64) -> f64 {
    let (mut lo, mut hi) = (0.0f64, 2.0 * MAX_SPEED);
    for _ in 0..60 {
        let mid = (lo + hi) / 2.0;
        if slide_distance(mid) < distance {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    hi
}

/// The unit vector of `angle` (a fraction `angle / 65536` of a full turn),
/// the same bits on every target: the angle is folded into the first
/// eighth of a turn with integer arithmetic, where Taylor polynomials of
/// sin and cos are exact to the last bit or so, then unfolded by swapping
/// and negating, which is exact. Mirror images come out exactly mirrored:
/// `direction(0u16.wrapping_sub(a))` is `direction(a)` with `y` negated.
pub fn direction(angle: u16) -> Point {
    let a = u32::from(angle);
    let quadrant = a >> 14;
    let r = a & 0x3FFF;
    let (c, s) = quarter(r);
    match quadrant {
        0 => Point::new(c, s),
        1 => Point::new(-s, c),
        2 => Point::new(-c, -s),
        _ => Point::new(s, -c),
    }
}

/// (cos, sin) of `r` steps of a quarter turn split in 16384, for r ≤ 16384.
fn quarter(r: u32) -> (f64, f64) {
    if r == 8192 {
        let h = 0.5f64.sqrt();
        return (h, h);
    }
    if r > 8192 {
        let (c, s) = eighth(16384 - r);
        return (s, c);
    }
    eighth(r)
}

/// (cos, sin) of θ = r·(π/2)/16384 ≤ π/4 by Horner's rule.
fn eighth(r: u32) -> (f64, f64) {
    let theta = f64::from(r) * (core::f64::consts::FRAC_PI_2 / 16384.0);
    let t2 = theta * theta;
    // sin θ = θ(1 − θ²/3!(1 − θ²/(4·5)(1 − θ²/(6·7)(…))))
    let mut s = 1.0;
    let mut c = 1.0;
    let mut k = 20.0f64;
    while k > 1.0 {
        s = 1.0 - t2 / (k * (k + 1.0)) * s;
        c = 1.0 - t2 / ((k - 1.0) * k) * c;
        k -= 2.0;
    }
    (c, theta * s)
}

/// Two caps met.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct Collision {
    /// The step at whose end they met (frame `step + 1` of a trajectory).
    pub step: u32,
    /// The caps, by index into the shot's caps, `a < b`.
    pub a: u8,
    pub b: u8,
    /// How fast they closed along the line of centres, in units per second
    /// (for the loudness of the click).
    pub speed: f64,
}

/// Everything the app needs to show a shot exactly as the rules computed
/// it: the position of every cap after every step, and the collisions.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct Trajectory {
    /// How many caps each frame holds (the shot's caps, eliminated ones
    /// included where they last were).
    pub caps: usize,
    /// Frame after frame, `caps` positions each; frame 0 is the start and
    /// one frame follows each step, [`DT`] seconds apart.
    pub positions: Vec<Point>,
    /// The caps' kinetic energy per unit mass (Σ v²/2) in each frame: it
    /// only ever falls (for the loudness of the scrape).
    pub energy: Vec<f64>,
    pub collisions: Vec<Collision>,
}

impl Trajectory {
    pub fn frames(&self) -> usize {
        self.positions.len().checked_div(self.caps).unwrap_or(0)
    }

    /// The positions of every cap in frame `i`.
    pub fn frame(&self, i: usize) -> &[Point] {
        &self.positions[i * self.caps..(i + 1) * self.caps]
    }
}

/// Where a shot left the caps, and what touched what.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Motion {
    /// Where each cap came to rest (a cap that left the court: where it was
    /// when its centre crossed the line).
    pub rest: [Point; MAX_CAPS],
    /// Caps (bit per index) whose centre left the court.
    pub left_court: u8,
    /// Caps the shooter touched itself.
    pub touched: u8,
    /// Caps that moved.
    pub moved: u8,
    pub steps: u32,
}

/// Two equal caps with velocities `vi` and `vj` touching along the unit
/// `normal` (from i to j): if they approach, their velocities after the
/// impulse with restitution [`RESTITUTION`], and the closing speed.
pub fn collide(vi: Point, vj: Point, normal: Point) -> Option<(Point, Point, f64)> {
    let (nx, ny) = (normal.x, normal.y);
    let vn = (vj.x - vi.x) * nx + (vj.y - vi.y) * ny;
    if vn >= 0.0 {
        return None;
    }
    let impulse = (1.0 + RESTITUTION) / 2.0 * vn;
    Some((
        Point::new(vi.x + impulse * nx, vi.y + impulse * ny),
        Point::new(vj.x - impulse * nx, vj.y - impulse * ny),
        -vn,
    ))
}

/// Kinetic energy per unit mass, Σ v²/2.
fn energy(discs: &[Disc]) -> f64 {
    discs
        .iter()
        .map(|d| (d.v.x * d.v.x + d.v.y * d.v.y) / 2.0)
        .sum()
}

#[derive(Clone, Copy)]
struct Disc {
    p: Point,
    v: Point,
    /// On the court and taking part (not eliminated, not left the court).
    live: bool,
}

/// Simulates a shot: `caps[i]` is cap `i`'s position (`None`: not on the
/// court), `shooter` the index of the cap flicked. Every cap is at rest
/// before. When `trace` is given, every frame and collision is written to
/// it (cleared first).
///
/// # Panics
/// If there are more than [`MAX_CAPS`] caps or the shooter is not on the
/// court; the rules never ask that.
pub fn simulate(
    caps: &[Option<Point>],
    shooter: usize,
    shot: Shot,
    mut trace: Option<&mut Trajectory>,
) -> Motion {
    let n = caps.len();
    assert!(n <= MAX_CAPS && caps[shooter].is_some());
    let mut d = [Disc {
        p: Point::default(),
        v: Point::default(),
        live: false,
    }; MAX_CAPS];
    for (i, cap) in caps.iter().enumerate() {
        if let Some(p) = cap {
            d[i] = Disc {
                p: *p,
                v: Point::default(),
                live: true,
            };
        }
    }
    d[shooter].v = shot.velocity();
    let mut motion = Motion {
        rest: [Point::default(); MAX_CAPS],
        left_court: 0,
        touched: 0,
        moved: 1 << shooter,
        steps: 0,
    };
    if let Some(t) = trace.as_deref_mut() {
        t.caps = n;
        t.positions.clear();
        t.energy.clear();
        t.collisions.clear();
        t.positions.extend(d[..n].iter().map(|disc| disc.p));
        t.energy.push(energy(&d[..n]));
    }
    let mut moving = 1u8 << shooter;
    let mut step = 0;
    while moving != 0 && step < MAX_STEPS {
        // Friction, then the move.
        for (i, disc) in d[..n].iter_mut().enumerate() {
            if moving & (1 << i) == 0 {
                continue;
            }
            let speed = (disc.v.x * disc.v.x + disc.v.y * disc.v.y).sqrt();
            if speed <= SPEED_LOSS {
                disc.v = Point::default();
                moving &= !(1 << i);
                continue;
            }
            let keep = (speed - SPEED_LOSS) / speed;
            disc.v = Point::new(disc.v.x * keep, disc.v.y * keep);
            disc.p = Point::new(disc.p.x + disc.v.x * DT, disc.p.y + disc.v.y * DT);
            if !on_court(disc.p) {
                disc.live = false;
                disc.v = Point::default();
                moving &= !(1 << i);
                motion.left_court |= 1 << i;
            }
        }
        // Contacts, pair by pair in index order.
        for i in 0..n {
            if !d[i].live {
                continue;
            }
            for j in (i + 1)..n {
                if !d[j].live || (moving & ((1 << i) | (1 << j))) == 0 {
                    continue;
                }
                let dx = d[j].p.x - d[i].p.x;
                let dy = d[j].p.y - d[i].p.y;
                let dist2 = dx * dx + dy * dy;
                if dist2 >= DIAMETER * DIAMETER {
                    continue;
                }
                let dist = dist2.sqrt();
                let (nx, ny) = if dist > 0.0 {
                    (dx / dist, dy / dist)
                } else {
                    (1.0, 0.0)
                };
                let normal = Point::new(nx, ny);
                if let Some((vi, vj, vn)) = collide(d[i].v, d[j].v, normal) {
                    d[i].v = vi;
                    d[j].v = vj;
                    moving |= (1 << i) | (1 << j);
                    motion.moved |= (1 << i) | (1 << j);
                    if i == shooter {
                        motion.touched |= 1 << j;
                    } else if j == shooter {
                        motion.touched |= 1 << i;
                    }
                    if let Some(t) = trace.as_deref_mut() {
                        t.collisions.push(Collision {
                            step,
                            a: i as u8,
                            b: j as u8,
                            speed: vn,
                        });
                    }
                }
                // Push apart so caps never rest inside each other.
                let half_overlap = (DIAMETER - dist) / 2.0;
                d[i].p = Point::new(d[i].p.x - nx * half_overlap, d[i].p.y - ny * half_overlap);
                d[j].p = Point::new(d[j].p.x + nx * half_overlap, d[j].p.y + ny * half_overlap);
                motion.moved |= (1 << i) | (1 << j);
                // A cap pushed over the edge has left the court, as one
                // that slid there (caps lying on one spot, or one struck at
                // the edge, would otherwise rest off it).
                for k in [i, j] {
                    if !on_court(d[k].p) {
                        d[k].live = false;
                        d[k].v = Point::default();
                        moving &= !(1 << k);
                        motion.left_court |= 1 << k;
                    }
                }
                if !d[i].live {
                    break;
                }
            }
        }
        step += 1;
        if let Some(t) = trace.as_deref_mut() {
            t.positions.extend(d[..n].iter().map(|disc| disc.p));
            t.energy.push(energy(&d[..n]));
        }
    }
    motion.steps = step;
    for (rest, disc) in motion.rest.iter_mut().zip(&d[..n]) {
        *rest = disc.p;
    }
    motion
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_are_unit_and_mirror_exactly() {
        for a in (0..=u16::MAX).step_by(7) {
            let d = direction(a);
            let len = (d.x * d.x + d.y * d.y).sqrt();
            assert!((len - 1.0).abs() < 4e-16, "{a}: {len}");
            let m = direction(0u16.wrapping_sub(a));
            assert_eq!((m.x, m.y), (d.x, -d.y), "{a}");
            let turn = a as f64 / 65536.0 * core::f64::consts::TAU;
            assert!((d.x - turn.cos()).abs() < 1e-15 && (d.y - turn.sin()).abs() < 1e-15);
        }
        assert_eq!(direction(0), Point::new(1.0, 0.0));
        assert_eq!(direction(16384).y, 1.0);
    }

    #[test]
    fn aiming_helpers_agree_with_the_simulation() {
        let from = Point::new(-10.0, -28.0);
        for to in [
            Point::new(-22.0, -22.0),
            Point::new(22.0, 22.0),
            Point::new(0.0, 0.0),
        ] {
            let shot = Shot::to_stop_at(from, to);
            let m = simulate(&[Some(from)], 0, shot, None);
            assert!(m.rest[0].distance(to) < 0.05, "{to:?}: {:?}", m.rest[0]);
            assert!((shot.free_distance() - from.distance(m.rest[0])).abs() < 1e-6);
        }
        assert_eq!(
            Shot::angle_towards(Point::default(), Point::new(0.0, 5.0)),
            16384
        );
        assert_eq!(
            Shot::angle_towards(Point::default(), Point::new(3.0, -0.0)),
            0
        );
        assert_eq!(
            Shot::angle_towards(Point::default(), Point::new(-1.0, -1.0)),
            40960
        );
        assert_eq!(Shot::from_vector(0.0, -3.0, 6.0), Shot::new(49152, 5000));
        assert_eq!(
            Shot::from_vector(9.0, 0.0, 6.0),
            Shot::new(0, Shot::MAX_STRENGTH)
        );
        assert_eq!(Shot::from_vector(f64::NAN, 0.0, 6.0).strength, 1);
    }
}
