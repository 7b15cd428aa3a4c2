//! The two boards and how faces move on them.
//!
//! Both boards are cut out of a 7-file grid (7×9 basic, 7×7 advanced), so
//! `veil-chess`'s compile-time tables for [`GridN`] do the work: a square off
//! the board's shape is a *hole*, handed to the slider functions as an
//! occupied square and masked out of the result, so a Rook or Bishop face
//! stops at the edge and at holes; leapers are masked to the board. The
//! Pawn face's orthogonal step and diagonal capture are the Rook's and the
//! Bishop's attacks on a full board (every ray stops after one square).

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use veil_chess::{Geometry, GridN};

use crate::types::{Color, Face, Square, squares};

/// Which board is played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum Layout {
    /// The 39-square diamond: rows of 1, 3, 5, 7, 7, 7, 5, 3, 1.
    #[default]
    Basic,
    /// The seed's 7×7 board with ten holes and ten-square home zones in
    /// opposite corners (variant 4).
    Advanced,
}

/// White's home squares on the basic board and the face each shows in the
/// diagram: d1 R; c2 N, d2 B, e2 N; b3 P, c3 P, d3 B, e3 P, f3 P.
pub const BASIC_HOME: [(u8, u8, Face); 9] = [
    (3, 0, Face::Rook),
    (2, 1, Face::Knight),
    (3, 1, Face::Bishop),
    (4, 1, Face::Knight),
    (1, 2, Face::Pawn),
    (2, 2, Face::Pawn),
    (3, 2, Face::Bishop),
    (4, 2, Face::Pawn),
    (5, 2, Face::Pawn),
];

/// The advanced board as the seed draws it, rank 7 first: `x` Black's
/// home zone, `X` White's, `.` an ordinary square, a space a hole.
pub const ADVANCED_DIAGRAM: [&str; 7] = [
    "xxxx...", "xxx ...", "xx . ..", "x  .  X", ".. . XX", "... XXX", "...XXXX",
];

struct Tables {
    board: u64,
    grid: u64,
    home: [u64; 2],
    /// The diagram face of each home square (standard setup), basic only.
    diagram: [Option<Face>; Square::COUNT],
    half: [u64; 2],
    knight: [u64; Square::COUNT],
    step: [u64; Square::COUNT],
    diag: [u64; Square::COUNT],
}

fn build(layout: Layout) -> Tables {
    let ranks = layout.ranks();
    let grid: u64 = (1u64 << (7 * ranks as u32)) - 1;
    let mut board = 0u64;
    let mut home = [0u64; 2];
    let mut half = [0u64; 2];
    let mut diagram = [None; Square::COUNT];
    match layout {
        Layout::Basic => {
            let widths = [1u8, 3, 5, 7, 7, 7, 5, 3, 1];
            for (rank, w) in widths.iter().enumerate() {
                let lo = 3 - (w - 1) / 2;
                for file in lo..lo + w {
                    board |= Square::new(file, rank as u8).unwrap().bit();
                }
            }
            for (file, rank, face) in BASIC_HOME {
                let w = Square::new(file, rank).unwrap();
                let b = Square::new(file, 8 - rank).unwrap();
                home[0] |= w.bit();
                home[1] |= b.bit();
                diagram[w.index()] = Some(face);
                diagram[b.index()] = Some(face);
            }
            for sq in squares(board) {
                if sq.rank() <= 3 {
                    half[0] |= sq.bit();
                }
                if sq.rank() >= 5 {
                    half[1] |= sq.bit();
                }
            }
        }
        Layout::Advanced => {
            for (row, line) in ADVANCED_DIAGRAM.iter().enumerate() {
                let rank = 6 - row as u8;
                for (file, c) in line.bytes().enumerate() {
                    let sq = Square::new(file as u8, rank).unwrap();
                    match c {
                        b' ' => continue,
                        b'X' => home[0] |= sq.bit(),
                        b'x' => home[1] |= sq.bit(),
                        _ => {}
                    }
                    board |= sq.bit();
                }
            }
            half = home;
        }
    }
    let mut knight = [0; Square::COUNT];
    let mut step = [0; Square::COUNT];
    let mut diag = [0; Square::COUNT];
    for sq in squares(board) {
        let i = sq.index() as u32;
        let (k, s, d) = match layout {
            Layout::Basic => (
                GridN::<7, 9>::knight_attacks(i),
                GridN::<7, 9>::rook_attacks(i, u128::MAX),
                GridN::<7, 9>::bishop_attacks(i, u128::MAX),
            ),
            Layout::Advanced => (
                GridN::<7, 7>::knight_attacks(i),
                GridN::<7, 7>::rook_attacks(i, u128::MAX),
                GridN::<7, 7>::bishop_attacks(i, u128::MAX),
            ),
        };
        knight[sq.index()] = k as u64 & board;
        step[sq.index()] = s as u64 & board;
        diag[sq.index()] = d as u64 & board;
    }
    Tables {
        board,
        grid,
        home,
        diagram,
        half,
        knight,
        step,
        diag,
    }
}

fn tables(layout: Layout) -> &'static Tables {
    static BASIC: OnceLock<Tables> = OnceLock::new();
    static ADVANCED: OnceLock<Tables> = OnceLock::new();
    match layout {
        Layout::Basic => BASIC.get_or_init(|| build(Layout::Basic)),
        Layout::Advanced => ADVANCED.get_or_init(|| build(Layout::Advanced)),
    }
}

impl Layout {
    /// Ranks of the grid: 9 basic, 7 advanced.
    pub const fn ranks(self) -> u8 {
        match self {
            Layout::Basic => 9,
            Layout::Advanced => 7,
        }
    }
    /// Every playable square (39 on both boards).
    pub fn squares(self) -> u64 {
        tables(self).board
    }
    pub fn contains(self, sq: Square) -> bool {
        self.squares() & sq.bit() != 0
    }
    /// The grid squares that are not part of the board.
    pub fn holes(self) -> u64 {
        let t = tables(self);
        t.grid & !t.board
    }
    /// A side's home squares: the nine of the diagram (basic) or the ten of
    /// the home zone (advanced).
    pub fn home(self, color: Color) -> u64 {
        tables(self).home[color.index()]
    }
    /// The face the diagram shows on a home square (basic board only).
    pub fn diagram_face(self, sq: Square) -> Option<Face> {
        tables(self).diagram[sq.index()]
    }
    /// Where a side may set up freely: its half (ranks 1–4 or 6–9) on the
    /// basic board, its home zone on the advanced board.
    pub fn free_setup_area(self, color: Color) -> u64 {
        tables(self).half[color.index()]
    }

    /// The squares a piece showing `face` on `sq` reaches (moves and
    /// captures alike, before looking at whose pieces stand there), given
    /// the occupied squares. A Pawn face's reach is its step; see
    /// [`Layout::pawn_captures`].
    #[inline]
    pub fn reach(self, face: Face, sq: Square, occupied: u64) -> u64 {
        let t = tables(self);
        let i = sq.index();
        match face {
            Face::Pawn => t.step[i],
            Face::Knight => t.knight[i],
            Face::Bishop => self.slide(sq, occupied, false),
            Face::Rook => self.slide(sq, occupied, true),
        }
    }

    /// The squares a Pawn face on `sq` captures on: one diagonal step.
    #[inline]
    pub fn pawn_captures(self, sq: Square) -> u64 {
        tables(self).diag[sq.index()]
    }

    #[inline]
    fn slide(self, sq: Square, occupied: u64, rook: bool) -> u64 {
        let t = tables(self);
        let blockers = ((occupied | !t.board) & t.grid) as u128;
        let i = sq.index() as u32;
        let att = match (self, rook) {
            (Layout::Basic, true) => GridN::<7, 9>::rook_attacks(i, blockers),
            (Layout::Basic, false) => GridN::<7, 9>::bishop_attacks(i, blockers),
            (Layout::Advanced, true) => GridN::<7, 7>::rook_attacks(i, blockers),
            (Layout::Advanced, false) => GridN::<7, 7>::bishop_attacks(i, blockers),
        };
        att as u64 & t.board
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_boards_have_39_squares() {
        assert_eq!(Layout::Basic.squares().count_ones(), 39);
        assert_eq!(Layout::Advanced.squares().count_ones(), 39);
        assert_eq!(Layout::Advanced.holes().count_ones(), 10);
        assert_eq!(Layout::Basic.home(Color::White).count_ones(), 9);
        assert_eq!(Layout::Advanced.home(Color::Black).count_ones(), 10);
        assert_eq!(Layout::Basic.free_setup_area(Color::White).count_ones(), 16);
    }

    #[test]
    fn rows_are_1_3_5_7_7_7_5_3_1() {
        let b = Layout::Basic.squares();
        let rows: Vec<u32> = (0..9)
            .map(|r| ((b >> (7 * r)) & 0x7f).count_ones())
            .collect();
        assert_eq!(rows, [1, 3, 5, 7, 7, 7, 5, 3, 1]);
        assert!(Layout::Basic.contains(Square::parse("d1").unwrap()));
        assert!(!Layout::Basic.contains(Square::parse("c1").unwrap()));
        assert!(Layout::Basic.contains(Square::parse("a4").unwrap()));
    }

    #[test]
    fn sliders_stop_at_edges_and_holes() {
        let sq = |s| Square::parse(s).unwrap();
        // A rook on d1 runs up the d-file to d9; sideways there is nothing.
        let r = Layout::Basic.reach(Face::Rook, sq("d1"), 0);
        assert_eq!(r.count_ones(), 8);
        assert_eq!(r & sq("c1").bit(), 0);
        // A bishop on d1 goes c2, b3, a4 and e2, f3, g4.
        let b = Layout::Basic.reach(Face::Bishop, sq("d1"), 0);
        assert_eq!(b.count_ones(), 6);
        // On the advanced board the hole d6 stops the d-file rook from d7.
        let r = Layout::Advanced.reach(Face::Rook, sq("d7"), 0);
        assert_eq!(r & sq("d6").bit(), 0);
        assert_eq!(r & sq("d5").bit(), 0);
        assert_eq!(r.count_ones(), 6); // a7 b7 c7 e7 f7 g7
        // Pawn faces step orthogonally and capture diagonally.
        assert_eq!(Layout::Basic.reach(Face::Pawn, sq("d5"), 0).count_ones(), 4);
        assert_eq!(Layout::Basic.pawn_captures(sq("d5")).count_ones(), 4);
        assert_eq!(Layout::Basic.reach(Face::Pawn, sq("d9"), 0), sq("d8").bit());
        // Knights leap over holes but land only on the board.
        let n = Layout::Basic.reach(Face::Knight, sq("d1"), u64::MAX);
        assert_eq!(
            n,
            sq("c3").bit() | sq("e3").bit() | sq("b2").bit() & Layout::Basic.squares()
        );
    }
}
