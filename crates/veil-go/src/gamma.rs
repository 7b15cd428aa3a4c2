//! Move weights learned from game records (Coulom's Bradley–Terry model of
//! move choice, "Computing Elo ratings of move patterns", 2007).
//!
//! A candidate move is described by five features — the 3×3 neighbourhood
//! with the atari state of its four neighbours, the distance to the last
//! move, the distance to the move before it, the line with the stage of the
//! game, and a tactical class (capture, escape, ladder, atari, self-atari)
//! — and its strength is the product of one weight (γ) per feature. The
//! chance a player picks a move is its strength over the sum of all
//! candidates' strengths. The weights are fitted by minorisation-
//! maximisation to moves of GNU Go playing itself
//! (`crates/veil-go/train/`); the engine uses them as priors in its tree.
//!
//! ```
//! use veil_go::{Board, Color, gamma::Weights};
//! let board = Board::new(19).unwrap();
//! let weights = Weights::learned();
//! let moves = weights.probabilities(&board, Color::Black);
//! // On an empty board the third and fourth lines are the likely moves.
//! let best = moves.iter().max_by(|a, b| a.1.total_cmp(&b.1)).unwrap().0;
//! let line = best.col.min(best.row).min(18 - best.col).min(18 - best.row);
//! assert!((2..=3).contains(&line), "{best}");
//! ```

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::board::{BLACK, BORDER, Board, Color, EMPTY, WHITE};
use crate::tactics;

/// The feature groups and how many values each has.
pub const GROUPS: [(&str, usize); 5] = [
    ("pattern", 1 << 20),
    ("last", 17),
    ("prev", 17),
    ("line", 18),
    ("tactic", 9),
];

/// Stones a tactical read may play.
const READ_BUDGET: u32 = 40;

/// The features of one candidate: an index into each group of [`GROUPS`]
/// (the pattern's canonical code in the first).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Features(pub [u32; 5]);

/// The tactical classes, in the order they are tested.
pub mod tactic {
    pub const NONE: u32 = 0;
    /// Captures the chain of the last move.
    pub const CAPTURE_LAST: u32 = 1;
    pub const CAPTURE: u32 = 2;
    /// Extends an own chain out of atari, out of a ladder's reach.
    pub const ESCAPE: u32 = 3;
    /// Extends an own chain out of atari into a ladder.
    pub const ESCAPE_LADDER: u32 = 4;
    /// An atari whose ladder works.
    pub const LADDER: u32 = 5;
    pub const ATARI: u32 = 6;
    /// A self-atari of a chain of two or more stones.
    pub const SELF_ATARI_CHAIN: u32 = 7;
    pub const SELF_ATARI: u32 = 8;
}

fn cell_code(cell: u8, me: u8) -> u32 {
    match cell {
        EMPTY => 0,
        BORDER => 3,
        c if c == me => 1,
        _ => 2,
    }
}

/// The raw 20-bit neighbourhood code of empty `i` for the player `me`:
/// 8 cells of 2 bits (NW, N, NE, W, E, SW, S, SE: empty, own, theirs,
/// edge), then one bit for each of N, W, E, S whose chain is in atari.
pub(crate) fn raw_code(board: &Board, i: u16, me: u8) -> u32 {
    let s = board.size() as u16 + 2;
    let cells = [
        i + s - 1,
        i + s,
        i + s + 1,
        i - 1,
        i + 1,
        i - s - 1,
        i - s,
        i - s + 1,
    ];
    let mut code = 0;
    for (k, c) in cells.iter().enumerate() {
        code |= cell_code(board.cell(*c), me) << (2 * k);
    }
    for (k, n) in [cells[1], cells[3], cells[4], cells[6]].iter().enumerate() {
        let c = board.cell(*n);
        if (c == BLACK || c == WHITE) && board.atari_liberty(board.head_of(*n)).is_some() {
            code |= 1 << (16 + k);
        }
    }
    code
}

/// Offsets (dx, dy) of the eight cells in code order; north is +y.
const OFFSETS: [(i8, i8); 8] = [
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

fn slot(dx: i8, dy: i8) -> usize {
    OFFSETS.iter().position(|o| *o == (dx, dy)).unwrap_or(0)
}

/// The smallest code among the eight rotations and reflections of `code`.
pub fn canonical(code: u32) -> u32 {
    let mut best = u32::MAX;
    for t in 0..8u8 {
        let map = |(x, y): (i8, i8)| -> (i8, i8) {
            let (x, y) = if t & 4 != 0 { (-x, y) } else { (x, y) };
            match t & 3 {
                0 => (x, y),
                1 => (-y, x),
                2 => (-x, -y),
                _ => (y, -x),
            }
        };
        let mut out = 0;
        for (k, o) in OFFSETS.iter().enumerate() {
            let v = (code >> (2 * k)) & 3;
            let (x, y) = map(*o);
            out |= v << (2 * slot(x, y));
        }
        for (k, o) in [(0i8, 1i8), (-1, 0), (1, 0), (0, -1)].iter().enumerate() {
            if code & (1 << (16 + k)) != 0 {
                let to = match map(*o) {
                    (0, 1) => 0,
                    (-1, 0) => 1,
                    (1, 0) => 2,
                    _ => 3,
                };
                out |= 1 << (16 + to);
            }
        }
        best = best.min(out);
    }
    best
}

/// Coulom's distance between two points, bucketed: 2–16 as 0–14, farther
/// 15, no such move 16.
fn distance(board: &Board, i: u16, other: Option<u16>) -> u32 {
    let Some(o) = other else { return 16 };
    let (a, b) = (board.point(i), board.point(o));
    let (dx, dy) = (
        u32::from(a.col.abs_diff(b.col)),
        u32::from(a.row.abs_diff(b.row)),
    );
    let d = dx + dy + dx.max(dy);
    if d > 16 { 15 } else { d.saturating_sub(2) }
}

/// The line (0–5, farther counted as 5) with the stage of the game (fewer
/// than 20 stones, fewer than 80, more).
fn line_stage(board: &Board, i: u16) -> u32 {
    let cells = board.size() as usize * board.size() as usize;
    let stones = cells - board.empty_points().len();
    let stage = if stones < 20 {
        0
    } else if stones < 80 {
        1
    } else {
        2
    };
    u32::from(board.line(i).min(5)) + 6 * stage
}

fn tactic_of(board: &Board, color: Color, i: u16) -> u32 {
    let me = if color == Color::Black { BLACK } else { WHITE };
    let last = board.last_index();
    let mut capture = None;
    let mut own_in_atari = false;
    let mut their_two = false;
    let mut own_neighbour = false;
    for n in board.neighbours(i) {
        let c = board.cell(n);
        if c != BLACK && c != WHITE {
            continue;
        }
        let h = board.head_of(n);
        if c == me {
            own_neighbour = true;
            own_in_atari |= board.atari_liberty(h).is_some();
        } else if board.atari_liberty(h).is_some() {
            let of_last = last.is_some_and(|l| board.cell(l) == c && board.head_of(l) == h);
            if of_last || capture.is_none() {
                capture = Some(of_last);
            }
        } else {
            let mut libs = [0; 3];
            their_two |= board.liberties_upto3(h, &mut libs) == 2;
        }
    }
    match capture {
        Some(true) => return tactic::CAPTURE_LAST,
        Some(false) => return tactic::CAPTURE,
        None => {}
    }
    let self_atari = board.is_self_atari(color, i);
    if own_in_atari && !self_atari {
        return if tactics::runs_into_ladder(board, color, i, &mut { READ_BUDGET }) {
            tactic::ESCAPE_LADDER
        } else {
            tactic::ESCAPE
        };
    }
    if self_atari {
        return if own_neighbour {
            tactic::SELF_ATARI_CHAIN
        } else {
            tactic::SELF_ATARI
        };
    }
    if their_two {
        let mut b = board.clone();
        b.play_unchecked(color, i);
        let mut ladder = false;
        let mut atari = false;
        for n in b.neighbours(i) {
            let c = b.cell(n);
            if (c != BLACK && c != WHITE) || c == me {
                continue;
            }
            let h = b.head_of(n);
            if b.atari_liberty(h).is_some() {
                atari = true;
                ladder |= tactics::dies_in_atari(&b, h, &mut { READ_BUDGET });
            }
        }
        if ladder {
            return tactic::LADDER;
        }
        if atari {
            return tactic::ATARI;
        }
    }
    tactic::NONE
}

/// The features of `color`'s stone on the empty point `p` (for training).
pub fn features_at(board: &Board, color: Color, p: crate::Point) -> Features {
    features(board, color, board.index(p))
}

/// The candidates a model weighs (for training): every legal point that
/// fills no own eye.
pub fn candidate_points(board: &Board, color: Color) -> Vec<crate::Point> {
    candidates(board, color)
        .into_iter()
        .map(|i| board.point(i))
        .collect()
}

/// The features of `color`'s stone on the empty point `i`.
pub(crate) fn features(board: &Board, color: Color, i: u16) -> Features {
    let me = if color == Color::Black { BLACK } else { WHITE };
    Features([
        canonical(raw_code(board, i, me)),
        distance(board, i, board.last_index()),
        distance(board, i, board.prev_index()),
        line_stage(board, i),
        tactic_of(board, color, i),
    ])
}

/// The candidates a model weighs: every legal point that fills no own eye.
pub(crate) fn candidates(board: &Board, color: Color) -> Vec<u16> {
    board
        .empty_points()
        .iter()
        .copied()
        .filter(|&i| !board.is_eyeish(color, i) && board.check(color, i).is_ok())
        .collect()
}

/// Learned weights: one γ per feature value (1 where unseen).
pub struct Weights {
    /// Indexed by the raw code (every orientation filled in).
    pattern: Vec<f32>,
    rest: [Vec<f32>; 4],
}

/// The weights as trained, one line each: `group value gamma`.
const LEARNED: &str = include_str!("../data/gammas.txt");

impl Weights {
    /// Weights from text lines `group value gamma` (`pattern` values in
    /// hexadecimal, canonical codes); `#` starts a comment.
    pub fn parse(text: &str) -> Result<Weights, String> {
        let mut patterns: HashMap<u32, f32> = HashMap::new();
        let mut rest: [Vec<f32>; 4] = [1, 2, 3, 4].map(|g| vec![1.0; GROUPS[g].1]);
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = || format!("line {}: {line:?}", n + 1);
            let mut parts = line.split_whitespace();
            let (Some(group), Some(value), Some(gamma), None) =
                (parts.next(), parts.next(), parts.next(), parts.next())
            else {
                return Err(bad());
            };
            let gamma: f32 = gamma.parse().map_err(|_| bad())?;
            if !gamma.is_finite() || gamma <= 0.0 {
                return Err(bad());
            }
            if group == "pattern" {
                let code = u32::from_str_radix(value, 16).map_err(|_| bad())?;
                if code >= 1 << 20 {
                    return Err(bad());
                }
                patterns.insert(code, gamma);
            } else {
                let g = GROUPS[1..]
                    .iter()
                    .position(|(name, _)| *name == group)
                    .ok_or_else(bad)?;
                let v: usize = value.parse().map_err(|_| bad())?;
                *rest[g].get_mut(v).ok_or_else(bad)? = gamma;
            }
        }
        let mut pattern = vec![1.0; 1 << 20];
        if !patterns.is_empty() {
            for (code, w) in pattern.iter_mut().enumerate() {
                if let Some(g) = patterns.get(&canonical(code as u32)) {
                    *w = *g;
                }
            }
        }
        Ok(Weights { pattern, rest })
    }

    /// The weights trained into this build.
    pub fn learned() -> &'static Weights {
        static LEARNED_WEIGHTS: OnceLock<Weights> = OnceLock::new();
        LEARNED_WEIGHTS.get_or_init(|| Weights::parse(LEARNED).expect("the trained weights parse"))
    }

    /// The weight of the 3×3 neighbourhood alone of `me`'s stone on `i`.
    #[inline]
    pub(crate) fn pattern_weight(&self, board: &Board, i: u16, me: u8) -> f32 {
        self.pattern[raw_code(board, i, me) as usize]
    }

    /// The strength of `color`'s stone on empty `i`.
    pub(crate) fn strength(&self, board: &Board, color: Color, i: u16) -> f32 {
        let me = if color == Color::Black { BLACK } else { WHITE };
        let f = [
            0,
            distance(board, i, board.last_index()),
            distance(board, i, board.prev_index()),
            line_stage(board, i),
            tactic_of(board, color, i),
        ];
        let mut s = self.pattern[raw_code(board, i, me) as usize];
        for g in 0..4 {
            s *= self.rest[g][f[g + 1] as usize];
        }
        s
    }

    /// Each candidate's chance of being chosen, by the model.
    pub fn probabilities(&self, board: &Board, color: Color) -> Vec<(crate::Point, f32)> {
        let moves = candidates(board, color);
        let strengths: Vec<f32> = moves
            .iter()
            .map(|&i| self.strength(board, color, i))
            .collect();
        let total: f32 = strengths.iter().sum::<f32>().max(f32::MIN_POSITIVE);
        moves
            .iter()
            .zip(strengths)
            .map(|(&i, s)| (board.point(i), s / total))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;

    #[test]
    fn canonical_codes_agree_across_orientations() {
        // A hane shape and its mirror image give one canonical code.
        let a = Board::from_rows(&[".....", ".XO..", ".....", ".....", "....."]).unwrap();
        let b = Board::from_rows(&[".....", "..OX.", ".....", ".....", "....."]).unwrap();
        let at = |b: &Board, s: &str| b.index(Point::parse(s, 5).unwrap());
        let ca = canonical(raw_code(&a, at(&a, "C3"), BLACK));
        let cb = canonical(raw_code(&b, at(&b, "C3"), BLACK));
        assert_eq!(ca, cb);
        // The colours matter: the same shape for White is another pattern.
        assert_ne!(ca, canonical(raw_code(&a, at(&a, "C3"), WHITE)));
    }

    #[test]
    fn atari_bits_turn_with_the_cells() {
        // A white stone in atari north of the point, and the same turned.
        let a = Board::from_rows(&[".....", ".XOX.", "..X..", ".....", "....."]).unwrap();
        let b = Board::from_rows(&[".....", ".....", "..XOX", "...X.", "....."]).unwrap();
        let at = |b: &Board, s: &str| b.index(Point::parse(s, 5).unwrap());
        let ra = raw_code(&a, at(&a, "C3"), BLACK);
        assert_ne!(ra & 0xF_0000, 0, "the atari bit is set");
        let rb = raw_code(&b, at(&b, "D2"), BLACK);
        assert_eq!(canonical(ra) & 0xFFFF, canonical(rb) & 0xFFFF);
    }

    #[test]
    fn tactics_are_told_apart() {
        let b = Board::from_rows(&[
            ".........",
            ".........",
            ".........",
            "..X......",
            ".XO......",
            "..X......",
            ".........",
            ".........",
            ".........",
        ])
        .unwrap();
        let at = |s: &str| b.index(Point::parse(s, 9).unwrap());
        // White C5 is in atari: Black D5 captures it.
        assert_eq!(tactic_of(&b, Color::Black, at("D5")), tactic::CAPTURE);
        // White may run to D5, into a ladder? It has two liberties then.
        let t = tactic_of(&b, Color::White, at("D5"));
        assert!(t == tactic::ESCAPE || t == tactic::ESCAPE_LADDER, "{t}");
        assert_eq!(tactic_of(&b, Color::Black, at("G7")), tactic::NONE);
    }

    #[test]
    fn the_trained_weights_know_the_basics() {
        // Properties the fit must find in any sound set of game records:
        // fails on a placeholder or a corrupt data file.
        let w = Weights::learned();
        let tactic = |t: u32| w.rest[3][t as usize];
        assert!(tactic(tactic::CAPTURE_LAST) > 4.0 * tactic(tactic::NONE));
        assert!(tactic(tactic::ESCAPE) > 4.0 * tactic(tactic::ESCAPE_LADDER));
        assert!(tactic(tactic::NONE) > 4.0 * tactic(tactic::SELF_ATARI_CHAIN));
        // Early on, the third and fourth lines over the first and the middle.
        let line = |l: usize| w.rest[2][l];
        assert!(line(2).min(line(3)) > 2.0 * line(0).max(line(5)));
        // Near the last move over far from it.
        assert!(w.rest[0][0] > 3.0 * w.rest[0][15]);
        // More than a few patterns, and not all alike.
        let distinct: std::collections::BTreeSet<u32> =
            w.pattern.iter().map(|g| g.to_bits()).collect();
        assert!(
            distinct.len() > 100,
            "{} distinct pattern weights",
            distinct.len()
        );
    }

    #[test]
    fn bad_weight_files_are_refused() {
        assert!(Weights::parse("pattern zz 1.0").is_err());
        assert!(Weights::parse("last 99 1.0").is_err());
        assert!(Weights::parse("tactic 1 -2").is_err());
        assert!(Weights::parse("colour 1 2").is_err());
        assert!(Weights::parse("# nothing\nlast 0 2.5\n").is_ok());
    }
}
