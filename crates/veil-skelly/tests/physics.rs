//! The physics keeps the laws a sliding cap should: rest stays rest,
//! energy only falls, a collision keeps momentum, mirror images mirror.

use veil_core::{GameRng, RngExt, SeedableRng};
use veil_skelly::court::Point;
use veil_skelly::physics::{MAX_CAPS, collide, simulate};
use veil_skelly::{Shot, Trajectory};

/// `n` caps at random on the court, none touching another.
fn random_caps(rng: &mut GameRng, n: usize) -> Vec<Option<Point>> {
    let mut caps: Vec<Option<Point>> = Vec::new();
    while caps.len() < n {
        let p = Point::new(rng.random_range(-26.0..26.0), rng.random_range(-26.0..26.0));
        if caps.iter().all(|q| q.unwrap().distance(p) >= 2.0) {
            caps.push(Some(p));
        }
    }
    caps
}

#[test]
fn a_cap_at_rest_stays_at_rest() {
    // Caps out of the shot's way do not move by a single bit.
    let caps = [
        Some(Point::new(-20.0, -20.0)),
        Some(Point::new(15.0, 15.0)),
        Some(Point::new(-15.3, 18.7)),
    ];
    let m = simulate(&caps, 0, Shot::new(0, 3000), None);
    assert_eq!(m.rest[1], caps[1].unwrap());
    assert_eq!(m.rest[2], caps[2].unwrap());
    assert_eq!(m.moved, 1);
    assert_eq!(m.touched, 0);
    // A shot of the least strength barely moves, and nothing else does.
    let m = simulate(&caps, 1, Shot::new(1234, 1), None);
    assert_eq!(m.rest[1], caps[1].unwrap());
    assert_eq!(m.steps, 1);
}

#[test]
fn energy_never_grows() {
    let mut rng = GameRng::seed_from_u64(5);
    let mut trace = Trajectory::default();
    let mut collisions = 0;
    for _ in 0..300 {
        let n = rng.random_range(2..=MAX_CAPS);
        let caps = random_caps(&mut rng, n);
        let from = caps[0].unwrap();
        let to = caps[rng.random_range(1..n)].unwrap();
        let shot = Shot::new(
            Shot::angle_towards(from, to),
            rng.random_range(1..=Shot::MAX_STRENGTH),
        );
        simulate(&caps, 0, shot, Some(&mut trace));
        collisions += trace.collisions.len();
        assert_eq!(trace.energy.len(), trace.frames());
        for w in trace.energy.windows(2) {
            assert!(w[1] <= w[0] * (1.0 + 1e-12), "{w:?}");
        }
        assert_eq!(*trace.energy.last().unwrap(), 0.0);
    }
    assert!(collisions > 100, "only {collisions} collisions");
}

#[test]
fn a_collision_keeps_momentum_and_loses_energy() {
    let mut rng = GameRng::seed_from_u64(9);
    for _ in 0..10_000 {
        let v = |rng: &mut GameRng| {
            Point::new(rng.random_range(-60.0..60.0), rng.random_range(-60.0..60.0))
        };
        let (vi, vj) = (v(&mut rng), v(&mut rng));
        let a: f64 = rng.random_range(0.0..std::f64::consts::TAU);
        let normal = Point::new(a.cos(), a.sin());
        let Some((wi, wj, speed)) = collide(vi, vj, normal) else {
            let vn = (vj.x - vi.x) * normal.x + (vj.y - vi.y) * normal.y;
            assert!(vn >= 0.0);
            continue;
        };
        assert!(speed > 0.0);
        let tol = 1e-12 * 120.0;
        assert!((vi.x + vj.x - wi.x - wj.x).abs() < tol);
        assert!((vi.y + vj.y - wi.y - wj.y).abs() < tol);
        let e = |p: Point, q: Point| p.x * p.x + p.y * p.y + q.x * q.x + q.y * q.y;
        assert!(e(wi, wj) <= e(vi, vj) * (1.0 + 1e-12));
        // They part at 0.8 of the closing speed.
        let parting = (wj.x - wi.x) * normal.x + (wj.y - wi.y) * normal.y;
        assert!((parting - 0.8 * speed).abs() < 1e-9 * speed.max(1.0));
    }
}

#[test]
fn mirrored_shots_give_mirrored_results() {
    let mut rng = GameRng::seed_from_u64(11);
    let mut a = Trajectory::default();
    let mut b = Trajectory::default();
    for _ in 0..300 {
        let n = rng.random_range(2..=MAX_CAPS);
        let caps = random_caps(&mut rng, n);
        let mirrored: Vec<Option<Point>> = caps
            .iter()
            .map(|p| p.map(|p| Point::new(p.x, -p.y)))
            .collect();
        let shooter = rng.random_range(0..n);
        let shot = Shot::new(rng.random(), rng.random_range(1..=Shot::MAX_STRENGTH));
        let mirror_shot = Shot::new(0u16.wrapping_sub(shot.angle), shot.strength);
        let m = simulate(&caps, shooter, shot, Some(&mut a));
        let mm = simulate(&mirrored, shooter, mirror_shot, Some(&mut b));
        assert_eq!(a.frames(), b.frames());
        for (p, q) in a.positions.iter().zip(&b.positions) {
            assert!(p.x == q.x && p.y == -q.y, "{p:?} vs {q:?}");
        }
        assert_eq!(
            (m.touched, m.left_court, m.steps),
            (mm.touched, mm.left_court, mm.steps)
        );
    }
}

#[test]
fn a_head_on_hit_passes_most_of_the_speed_on() {
    // Equal discs, restitution 0.8: the struck cap leaves at 0.9 of the
    // shooter's speed, the shooter keeps 0.1 of it.
    let caps = [Some(Point::new(-10.0, 0.0)), Some(Point::new(0.0, 0.0))];
    let mut t = Trajectory::default();
    let m = simulate(&caps, 0, Shot::new(0, 6000), Some(&mut t));
    assert_eq!(m.touched, 0b10);
    assert_eq!(t.collisions.len(), 1);
    assert!(
        m.rest[1].x > 15.0 && m.rest[0].x < 0.0,
        "{:?}",
        &m.rest[..2]
    );
    assert!(m.rest[0].y == 0.0 && m.rest[1].y == 0.0);
    assert!(m.rest[1].x - m.rest[0].x >= 2.0);
}

#[test]
fn a_cap_that_crosses_the_edge_is_out_of_the_shot() {
    let caps = [Some(Point::new(25.0, 0.0)), Some(Point::new(-25.0, 0.0))];
    let m = simulate(&caps, 0, Shot::new(0, 10_000), None);
    assert_eq!(m.left_court, 1);
    assert!(m.rest[0].x > 30.0 && m.rest[0].x < 31.0);
}
