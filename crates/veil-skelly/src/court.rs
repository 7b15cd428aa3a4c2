//! The court, as data: every line the rules test and the app draws.
//!
//! Coordinates are court units with the origin at the centre of the court,
//! `x` growing to the right and `y` growing away from the players' start
//! line (up on the screen). A cap is a disc of radius [`CAP_RADIUS`] = 1.
//! The court is the square `[-HALF, HALF]²`; every box is an axis-aligned
//! square given by its centre and half side.
//!
//! The layout is Veil's own, modelled on the traditional chalk court:
//! boxes 1–4 near the corners, 5–12 in facing pairs along the four sides
//! (each pair faces across the court, so most shots cross the dead box),
//! and 13 at the centre inside the dead box, which the two axes split into
//! four quadrants.
//!
//! ```text
//!  4 .  9  . . 12  .  2        y
//!  8    ┌──Q4─┬─Q3─┐   7       ↑
//!       │    [13]   │          └→ x
//!  5    └──Q1─┴─Q2─┘   6
//!  1 . 10  . . 11  .  3
//!      start: ○ ○ ○ ○ ○ ○
//! ```

use serde::{Deserialize, Serialize};

/// A point (or a vector) in court units.
#[derive(Clone, Copy, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub const fn new(x: f64, y: f64) -> Self {
        Point { x, y }
    }

    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }

    pub fn distance_squared(self, other: Point) -> f64 {
        let dx = other.x - self.x;
        let dy = other.y - self.y;
        dx * dx + dy * dy
    }

    pub fn distance(self, other: Point) -> f64 {
        self.distance_squared(other).sqrt()
    }
}

/// The radius of a cap.
pub const CAP_RADIUS: f64 = 1.0;
/// Half the side of the court: it spans `[-HALF, HALF]` on both axes. A cap
/// whose centre leaves it has left the court.
pub const HALF: f64 = 30.0;
/// Half the side of every numbered box (1–13).
pub const BOX_HALF: f64 = 3.0;
/// Half the side of the dead box around box 13.
pub const DEAD_BOX_HALF: f64 = 9.0;

/// The centres of boxes 1 to 13 (index 0 is box 1).
pub const BOXES: [Point; 13] = [
    Point::new(-22.0, -22.0), // 1: bottom left
    Point::new(22.0, 22.0),   // 2: top right, diagonally across
    Point::new(22.0, -22.0),  // 3: bottom right
    Point::new(-22.0, 22.0),  // 4: top left, diagonally across
    Point::new(-22.0, -8.0),  // 5: left side, low
    Point::new(22.0, -8.0),   // 6: facing 5
    Point::new(22.0, 8.0),    // 7: right side, high
    Point::new(-22.0, 8.0),   // 8: facing 7
    Point::new(-8.0, 22.0),   // 9: top side, left
    Point::new(-8.0, -22.0),  // 10: facing 9
    Point::new(8.0, -22.0),   // 11: bottom side, right
    Point::new(8.0, 22.0),    // 12: facing 11
    Point::new(0.0, 0.0),     // 13: the centre
];

/// The caps' starting spots, one per seat, on the start line below the
/// court's bottom boxes.
pub const START_SPOTS: [Point; 6] = [
    Point::new(-10.0, -28.0),
    Point::new(-6.0, -28.0),
    Point::new(-2.0, -28.0),
    Point::new(2.0, -28.0),
    Point::new(6.0, -28.0),
    Point::new(10.0, -28.0),
];

/// An axis-aligned rectangle.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct Rect {
    pub min: Point,
    pub max: Point,
}

impl Rect {
    pub const fn square(centre: Point, half: f64) -> Rect {
        Rect {
            min: Point::new(centre.x - half, centre.y - half),
            max: Point::new(centre.x + half, centre.y + half),
        }
    }

    /// Strictly inside (a centre on a line is not inside).
    pub fn contains(&self, p: Point) -> bool {
        p.x > self.min.x && p.x < self.max.x && p.y > self.min.y && p.y < self.max.y
    }

    /// The whole disc of radius `r` around `p` inside, touching no line.
    pub fn contains_disc(&self, p: Point, r: f64) -> bool {
        p.x - r > self.min.x && p.x + r < self.max.x && p.y - r > self.min.y && p.y + r < self.max.y
    }

    /// Whether the disc of radius `r` around `p` touches or overlaps the
    /// rectangle.
    pub fn touches_disc(&self, p: Point, r: f64) -> bool {
        let dx = (self.min.x - p.x).max(p.x - self.max.x).max(0.0);
        let dy = (self.min.y - p.y).max(p.y - self.max.y).max(0.0);
        dx * dx + dy * dy <= r * r
    }

    pub fn centre(&self) -> Point {
        Point::new(
            (self.min.x + self.max.x) / 2.0,
            (self.min.y + self.max.y) / 2.0,
        )
    }
}

/// The court square.
pub const COURT: Rect = Rect::square(Point::new(0.0, 0.0), HALF);
/// The dead box.
pub const DEAD_BOX: Rect = Rect::square(Point::new(0.0, 0.0), DEAD_BOX_HALF);

/// Box `n` (1 to 13) as a rectangle.
///
/// # Panics
/// If `n` is not in 1..=13.
pub const fn numbered_box(n: u8) -> Rect {
    Rect::square(BOXES[n as usize - 1], BOX_HALF)
}

/// The dead box's quadrants in the order the killer run takes them:
/// bottom left (towards box 1), bottom right, top right, top left. Each is
/// a quarter of the dead box; the part under box 13 does not count.
pub const QUADRANTS: [Rect; 4] = [
    Rect {
        min: Point::new(-DEAD_BOX_HALF, -DEAD_BOX_HALF),
        max: Point::new(0.0, 0.0),
    },
    Rect {
        min: Point::new(0.0, -DEAD_BOX_HALF),
        max: Point::new(DEAD_BOX_HALF, 0.0),
    },
    Rect {
        min: Point::new(0.0, 0.0),
        max: Point::new(DEAD_BOX_HALF, DEAD_BOX_HALF),
    },
    Rect {
        min: Point::new(-DEAD_BOX_HALF, 0.0),
        max: Point::new(0.0, DEAD_BOX_HALF),
    },
];

/// Where a cap aims on one leg of its way round.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Target {
    /// A numbered box, 1 to 13.
    Box(u8),
    /// A quadrant of the dead box, 1 to 4 in the killer run's order.
    Quadrant(u8),
}

/// How a cap must lie to have made a box.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum MadeBy {
    /// Its centre is inside the box.
    #[default]
    Centre,
    /// The whole cap is inside the box, touching no line.
    WholeCap,
}

impl Target {
    /// Whether a cap at rest at `p` has made this target.
    pub fn made(self, p: Point, by: MadeBy) -> bool {
        match (self, by) {
            (Target::Box(n), MadeBy::Centre) => numbered_box(n).contains(p),
            (Target::Box(n), MadeBy::WholeCap) => numbered_box(n).contains_disc(p, CAP_RADIUS),
            (Target::Quadrant(q), MadeBy::Centre) => {
                QUADRANTS[q as usize - 1].contains(p) && !numbered_box(13).contains(p)
            }
            (Target::Quadrant(q), MadeBy::WholeCap) => {
                QUADRANTS[q as usize - 1].contains_disc(p, CAP_RADIUS)
                    && !numbered_box(13).touches_disc(p, CAP_RADIUS)
            }
        }
    }

    /// The spot a cap is placed on when it is moved into this target (after
    /// a hit): the box's centre, or the middle of the quadrant's part
    /// outside box 13.
    pub fn spot(self) -> Point {
        match self {
            Target::Box(n) => BOXES[n as usize - 1],
            Target::Quadrant(q) => {
                let r = QUADRANTS[q as usize - 1];
                let c = r.centre();
                // (±4.5, ±4.5) would sit 1.5 from box 13's corner: move out to 6.
                Point::new(c.x * 6.0 / 4.5, c.y * 6.0 / 4.5)
            }
        }
    }

    /// The target's area, for drawing and placing.
    pub fn rect(self) -> Rect {
        match self {
            Target::Box(n) => numbered_box(n),
            Target::Quadrant(q) => QUADRANTS[q as usize - 1],
        }
    }
}

/// Every leg of a cap's way, in order: boxes 1 to 13 and back down to 1
/// (the course), then the killer run: 13 and the four quadrants. A cap's
/// progress is the index of the leg it shoots for; [`KILLER`] once done.
pub const LEGS: [Target; 30] = [
    Target::Box(1),
    Target::Box(2),
    Target::Box(3),
    Target::Box(4),
    Target::Box(5),
    Target::Box(6),
    Target::Box(7),
    Target::Box(8),
    Target::Box(9),
    Target::Box(10),
    Target::Box(11),
    Target::Box(12),
    Target::Box(13),
    Target::Box(12),
    Target::Box(11),
    Target::Box(10),
    Target::Box(9),
    Target::Box(8),
    Target::Box(7),
    Target::Box(6),
    Target::Box(5),
    Target::Box(4),
    Target::Box(3),
    Target::Box(2),
    Target::Box(1),
    // The killer run.
    Target::Box(13),
    Target::Quadrant(1),
    Target::Quadrant(2),
    Target::Quadrant(3),
    Target::Quadrant(4),
];

/// The first leg of the killer run (box 13 after the course).
pub const KILLER_RUN: u8 = 25;
/// The progress of a killer: every leg done.
pub const KILLER: u8 = 30;

/// Whether a cap at rest at `p` lies in the dead box's trap: inside the
/// dead box (by its centre) but not inside box 13.
pub fn in_dead_box(p: Point) -> bool {
    DEAD_BOX.contains(p) && !numbered_box(13).contains(p)
}

/// Whether a cap's centre is still on the court.
pub fn on_court(p: Point) -> bool {
    p.x >= -HALF && p.x <= HALF && p.y >= -HALF && p.y <= HALF
}

/// Every chalk line of the court as segments, for drawing: the court's
/// edge, the 13 boxes, the dead box, the lines splitting it into quadrants
/// (stopping at box 13) and the start line the caps sit on. Box numbers
/// go at [`BOXES`]; quadrant numbers at [`Target::spot`].
pub fn chalk_lines() -> Vec<(Point, Point)> {
    let mut lines = Vec::new();
    let mut square = |r: Rect| {
        let (a, b) = (r.min, r.max);
        let c = Point::new(b.x, a.y);
        let d = Point::new(a.x, b.y);
        lines.extend([(a, c), (c, b), (b, d), (d, a)]);
    };
    square(COURT);
    for n in 1..=13 {
        square(numbered_box(n));
    }
    square(DEAD_BOX);
    let (inner, outer) = (BOX_HALF, DEAD_BOX_HALF);
    lines.extend([
        (Point::new(-outer, 0.0), Point::new(-inner, 0.0)),
        (Point::new(inner, 0.0), Point::new(outer, 0.0)),
        (Point::new(0.0, -outer), Point::new(0.0, -inner)),
        (Point::new(0.0, inner), Point::new(0.0, outer)),
    ]);
    let y = START_SPOTS[0].y;
    lines.push((
        Point::new(START_SPOTS[0].x - 2.0, y),
        Point::new(START_SPOTS[5].x + 2.0, y),
    ));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chalk_lines_lie_on_the_court() {
        let lines = chalk_lines();
        assert_eq!(lines.len(), 4 + 13 * 4 + 4 + 4 + 1);
        for (a, b) in lines {
            assert!(on_court(a) && on_court(b));
            assert!(a.x == b.x || a.y == b.y, "chalk lines are straight");
        }
    }

    #[test]
    fn boxes_do_not_overlap_and_lie_on_the_court() {
        for a in 1..=13u8 {
            let ra = numbered_box(a);
            assert!(COURT.contains_disc(ra.min, 0.0) && COURT.contains_disc(ra.max, 0.0));
            for b in (a + 1)..=13 {
                let rb = numbered_box(b);
                let apart = ra.max.x <= rb.min.x
                    || rb.max.x <= ra.min.x
                    || ra.max.y <= rb.min.y
                    || rb.max.y <= ra.min.y;
                assert!(apart, "boxes {a} and {b} overlap");
            }
            if a != 13 {
                let r = numbered_box(a);
                assert!(
                    !DEAD_BOX.touches_disc(r.centre(), BOX_HALF),
                    "box {a} touches the dead box"
                );
            }
        }
        for spot in START_SPOTS {
            assert!(on_court(spot));
            assert!((1..=13).all(|n| !numbered_box(n).touches_disc(spot, CAP_RADIUS)));
        }
    }

    #[test]
    fn quadrant_spots_make_their_quadrant_and_no_other() {
        for (i, target) in LEGS[26..].iter().enumerate() {
            let spot = target.spot();
            assert!(target.made(spot, MadeBy::WholeCap), "{target:?}");
            assert!(in_dead_box(spot));
            for (j, other) in LEGS[26..].iter().enumerate() {
                assert_eq!(other.made(spot, MadeBy::Centre), i == j);
            }
        }
    }

    #[test]
    fn made_by_centre_or_whole_cap() {
        let b = Target::Box(5);
        let c = BOXES[4];
        let edge = Point::new(c.x + BOX_HALF - 0.5, c.y);
        assert!(b.made(edge, MadeBy::Centre));
        assert!(!b.made(edge, MadeBy::WholeCap));
        assert!(b.made(c, MadeBy::WholeCap));
        assert!(!b.made(Point::new(c.x + BOX_HALF, c.y), MadeBy::Centre));
        assert!(!in_dead_box(Point::new(0.5, 0.5)));
        assert!(in_dead_box(Point::new(5.0, -5.0)));
        assert!(!in_dead_box(Point::new(9.5, 0.0)));
    }
}
