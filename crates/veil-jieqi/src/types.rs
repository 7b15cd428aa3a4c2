//! The small vocabulary: squares, colours, kinds, pieces and moves.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use veil_core::ParseError;
use veil_core::limits::{self, MAX_MOVE_BYTES};

/// One of the 90 points of the board, named as in ICCS: files `a`–`i` from
/// Red's left, ranks `0`–`9` from Red's side (Red holds ranks 0–4).
///
/// Internally a square is its index in a padded 16-wide mailbox, so move
/// generation adds offsets without bounds checks; every value of the type is
/// on the board.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(pub(crate) u8);

impl Square {
    /// The square at `file` (0 = a … 8 = i) and `rank` (0 … 9), if on the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 10 {
            Some(Square(48 + rank * 16 + file))
        } else {
            None
        }
    }

    /// 0 = file a … 8 = file i.
    pub const fn file(self) -> u8 {
        self.0 & 15
    }

    /// 0 (Red's back rank) … 9 (Black's back rank).
    pub const fn rank(self) -> u8 {
        (self.0 >> 4) - 3
    }

    /// 0 … 89, rank by rank from a0.
    pub const fn index(self) -> usize {
        self.rank() as usize * 9 + self.file() as usize
    }

    /// The square with [`Square::index`] `index`, if below 90.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 90 {
            Square::new((index % 9) as u8, (index / 9) as u8)
        } else {
            None
        }
    }

    /// Every square, a0 b0 … i9.
    pub fn all() -> impl Iterator<Item = Square> + Clone {
        (0..90).filter_map(Square::from_index)
    }

    /// True on `color`'s half of the board (before the river, seen from it).
    pub const fn is_home(self, color: Color) -> bool {
        match color {
            Color::Red => self.rank() <= 4,
            Color::Black => self.rank() >= 5,
        }
    }

    /// True inside `color`'s palace (files d–f, its three back ranks).
    pub const fn in_palace(self, color: Color) -> bool {
        let f = self.file();
        let r = self.rank();
        f >= 3
            && f <= 5
            && match color {
                Color::Red => r <= 2,
                Color::Black => r >= 7,
            }
    }

    /// The piece that starts the game on this square, if any.
    pub const fn start_piece(self) -> Option<(Color, Kind)> {
        let (color, r) = if self.rank() <= 4 {
            (Color::Red, self.rank())
        } else {
            (Color::Black, 9 - self.rank())
        };
        let f = self.file();
        let kind = match r {
            0 => match f {
                0 | 8 => Kind::Chariot,
                1 | 7 => Kind::Horse,
                2 | 6 => Kind::Elephant,
                3 | 5 => Kind::Advisor,
                _ => Kind::General,
            },
            2 if f == 1 || f == 7 => Kind::Cannon,
            3 if f.is_multiple_of(2) => Kind::Soldier,
            _ => return None,
        };
        Some((color, kind))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Square {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Square, ParseError> {
        limits::check("square", s, MAX_MOVE_BYTES)?;
        let b = s.as_bytes();
        let bad = || ParseError::new("square", s, "expected a file a-i and a rank 0-9, like e0");
        if b.len() != 2 {
            return Err(bad());
        }
        let file = b[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = b[1].wrapping_sub(b'0');
        Square::new(file, rank).ok_or_else(bad)
    }
}

impl Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The two sides. Red moves first and sits at ranks 0–4.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum Color {
    Red,
    Black,
}

impl Color {
    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const ALL: [Color; 2] = [Color::Red, Color::Black];
}

impl std::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

/// The seven kinds of xiangqi pieces. FEN letters `k a b n r c p`
/// (uppercase for Red); `h` and `e` are read as horse and elephant too.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[repr(u8)]
pub enum Kind {
    General = 1,
    Advisor = 2,
    Elephant = 3,
    Horse = 4,
    Chariot = 5,
    Cannon = 6,
    Soldier = 7,
}

impl Kind {
    pub const ALL: [Kind; 7] = [
        Kind::General,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Chariot,
        Kind::Cannon,
        Kind::Soldier,
    ];

    /// The kinds that start face down in Jieqi, in the order the pool is
    /// written (`R A C P N B`, as in the rulings' sample FEN).
    pub const POOL_ORDER: [Kind; 6] = [
        Kind::Chariot,
        Kind::Advisor,
        Kind::Cannon,
        Kind::Soldier,
        Kind::Horse,
        Kind::Elephant,
    ];

    /// How many of this kind a side starts with.
    pub const fn count(self) -> u8 {
        match self {
            Kind::General => 1,
            Kind::Soldier => 5,
            _ => 2,
        }
    }

    /// The lowercase FEN letter.
    pub const fn letter(self) -> char {
        match self {
            Kind::General => 'k',
            Kind::Advisor => 'a',
            Kind::Elephant => 'b',
            Kind::Horse => 'n',
            Kind::Chariot => 'r',
            Kind::Cannon => 'c',
            Kind::Soldier => 'p',
        }
    }

    /// Reads a FEN letter in either case (`h` = horse, `e` = elephant too).
    pub const fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_lowercase() {
            'k' => Kind::General,
            'a' => Kind::Advisor,
            'b' | 'e' => Kind::Elephant,
            'n' | 'h' => Kind::Horse,
            'r' => Kind::Chariot,
            'c' => Kind::Cannon,
            'p' => Kind::Soldier,
            _ => return None,
        })
    }

    pub(crate) const fn from_bits(bits: u8) -> Option<Kind> {
        Some(match bits {
            1 => Kind::General,
            2 => Kind::Advisor,
            3 => Kind::Elephant,
            4 => Kind::Horse,
            5 => Kind::Chariot,
            6 => Kind::Cannon,
            7 => Kind::Soldier,
            _ => return None,
        })
    }

    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Kind::General => "general",
            Kind::Advisor => "advisor",
            Kind::Elephant => "elephant",
            Kind::Horse => "horse",
            Kind::Chariot => "chariot",
            Kind::Cannon => "cannon",
            Kind::Soldier => "soldier",
        };
        f.write_str(name)
    }
}

impl FromStr for Kind {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Kind, ParseError> {
        limits::check("piece kind", s, MAX_MOVE_BYTES)?;
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next())
            && let Some(kind) = Kind::from_letter(c)
        {
            return Ok(kind);
        }
        Kind::ALL
            .into_iter()
            .find(|k| k.to_string().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                ParseError::new(
                    "piece kind",
                    s,
                    "expected a letter k a b n r c p or a kind's name",
                )
            })
    }
}

/// A piece on the board: its colour and, when face up, its kind.
/// A face-down piece has no identity yet: it is drawn when it moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Piece {
    pub color: Color,
    /// `None` while face down.
    pub kind: Option<Kind>,
}

impl Piece {
    /// The FEN letter: the kind's letter, or `x`, uppercase for Red.
    pub fn letter(self) -> char {
        let c = self.kind.map_or('x', Kind::letter);
        if self.color == Color::Red {
            c.to_ascii_uppercase()
        } else {
            c
        }
    }
}

/// A move from one point to another. Whether it captures or reveals follows
/// from the position it is played in.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Parses `h2e2`, and the dashed uppercase ICCS form `H2-E2`.
impl FromStr for Move {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Move, ParseError> {
        limits::check("ICCS move", s, MAX_MOVE_BYTES)?;
        let bad = |reason: &str| ParseError::new("ICCS move", s, reason);
        if !s.is_ascii() {
            return Err(bad("expected ASCII like h2e2"));
        }
        let compact: String = s.chars().filter(|c| *c != '-').collect();
        if compact.len() != 4 {
            return Err(bad("expected two squares like h2e2"));
        }
        let from: Square = compact[..2]
            .parse()
            .map_err(|_| bad("the first square is not a-i followed by 0-9"))?;
        let to: Square = compact[2..]
            .parse()
            .map_err(|_| bad("the second square is not a-i followed by 0-9"))?;
        Ok(Move { from, to })
    }
}

impl Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// How a position is played: plain xiangqi, or Jieqi (face-down pieces, and
/// face-up advisors and elephants free to leave the palace and cross the river).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Rules {
    Xiangqi,
    Jieqi,
}
