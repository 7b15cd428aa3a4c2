//! The vocabulary: colours, faces, two-faced kinds, squares.

use std::fmt;

use serde::{Deserialize, Serialize};
use veil_core::Seat;

/// A side. White is seat 0 and moves first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    pub const fn index(self) -> usize {
        self as usize
    }
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    pub const fn seat(self) -> Seat {
        Seat(self as u8)
    }
    /// The colour of a seat; seats other than 0 and 1 read as Black.
    pub const fn of(seat: Seat) -> Color {
        if seat.0 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }
}

/// One face of a piece: it moves as this chess piece (Pawn faces step
/// orthogonally and capture diagonally, in every direction).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum Face {
    Pawn,
    Knight,
    Bishop,
    Rook,
}

impl Face {
    pub const ALL: [Face; 4] = [Face::Pawn, Face::Knight, Face::Bishop, Face::Rook];

    /// `P`, `N`, `B`, `R`.
    pub const fn letter(self) -> char {
        match self {
            Face::Pawn => 'P',
            Face::Knight => 'N',
            Face::Bishop => 'B',
            Face::Rook => 'R',
        }
    }
    /// Reads `P N B R` in either case.
    pub fn from_letter(c: char) -> Option<Face> {
        match c.to_ascii_uppercase() {
            'P' => Some(Face::Pawn),
            'N' => Some(Face::Knight),
            'B' => Some(Face::Bishop),
            'R' => Some(Face::Rook),
            _ => None,
        }
    }
    /// The die roll (1–4) that selects pieces showing this face.
    pub const fn die(self) -> u8 {
        self as u8 + 1
    }
}

/// One of the ten two-faced pieces each side owns, exactly once.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum Kind {
    PP,
    PN,
    PB,
    PR,
    NN,
    NB,
    NR,
    BB,
    BR,
    RR,
}

impl Kind {
    pub const ALL: [Kind; 10] = [
        Kind::PP,
        Kind::PN,
        Kind::PB,
        Kind::PR,
        Kind::NN,
        Kind::NB,
        Kind::NR,
        Kind::BB,
        Kind::BR,
        Kind::RR,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// Its two faces, the lower first.
    pub const fn faces(self) -> (Face, Face) {
        use Face::*;
        match self {
            Kind::PP => (Pawn, Pawn),
            Kind::PN => (Pawn, Knight),
            Kind::PB => (Pawn, Bishop),
            Kind::PR => (Pawn, Rook),
            Kind::NN => (Knight, Knight),
            Kind::NB => (Knight, Bishop),
            Kind::NR => (Knight, Rook),
            Kind::BB => (Bishop, Bishop),
            Kind::BR => (Bishop, Rook),
            Kind::RR => (Rook, Rook),
        }
    }

    /// A **true** piece shows the same face on both sides.
    pub const fn is_true(self) -> bool {
        let (a, b) = self.faces();
        a as u8 == b as u8
    }

    pub const fn has(self, face: Face) -> bool {
        let (a, b) = self.faces();
        a as u8 == face as u8 || b as u8 == face as u8
    }

    /// The face on the other side of `up` (`up` itself for a true piece).
    pub const fn other(self, up: Face) -> Face {
        let (a, b) = self.faces();
        if a as u8 == up as u8 { b } else { a }
    }

    /// The kind with these two faces, in either order.
    pub fn from_faces(a: Face, b: Face) -> Kind {
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        *Kind::ALL
            .iter()
            .find(|k| k.faces() == (lo, hi))
            .expect("every pair of faces is a kind")
    }

    /// The true kind showing `face`.
    pub fn true_of(face: Face) -> Kind {
        Kind::from_faces(face, face)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.faces();
        write!(f, "{}{}", a.letter(), b.letter())
    }
}

/// A square of the 7-file grid, `rank * 7 + file`, a1 = 0. The basic board
/// uses ranks 1–9, the advanced board ranks 1–7; squares off the board's
/// shape (holes) are never occupied.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Square(u8);

impl Square {
    pub const FILES: u8 = 7;
    /// How many grid squares there are at most (7×9).
    pub const COUNT: usize = 63;

    /// The square at `file` (0 = a) and `rank` (0 = rank 1).
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 7 && rank < 9 {
            Some(Square(rank * 7 + file))
        } else {
            None
        }
    }
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < Self::COUNT {
            Some(Square(i as u8))
        } else {
            None
        }
    }
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    pub const fn file(self) -> u8 {
        self.0 % 7
    }
    pub const fn rank(self) -> u8 {
        self.0 / 7
    }
    pub const fn bit(self) -> u64 {
        1 << self.0
    }
    /// Reads `a1` … `g9`.
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 || !(b'a'..=b'g').contains(&b[0]) || !(b'1'..=b'9').contains(&b[1]) {
            return None;
        }
        Square::new(b[0] - b'a', b[1] - b'1')
    }
}

impl std::str::FromStr for Square {
    type Err = veil_core::ParseError;
    fn from_str(s: &str) -> Result<Square, Self::Err> {
        veil_core::limits::check("square", s, veil_core::limits::MAX_MOVE_BYTES)?;
        Square::parse(s).ok_or_else(|| veil_core::ParseError::new("square", s, "expected a1 … g9"))
    }
}

impl TryFrom<u8> for Square {
    type Error = String;
    fn try_from(i: u8) -> Result<Self, String> {
        Square::from_index(i as usize)
            .ok_or_else(|| format!("square index {i} is off the 7×9 grid"))
    }
}

impl From<Square> for u8 {
    fn from(s: Square) -> u8 {
        s.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// The squares of a `u64` set, lowest first.
pub fn squares(mut set: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let i = set.trailing_zeros();
            set &= set - 1;
            Some(Square(i as u8))
        }
    })
}
