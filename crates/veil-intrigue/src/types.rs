//! The small vocabulary of Intrigue: options, actions, secrets and pawns.

use std::fmt;

use serde::{Deserialize, Serialize};
use veil_chess::{Color, Geometry, Grid8, Move, Square};
use veil_core::Seat;

/// Where the Queens start (RULINGS §2, *option*).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum Queens {
    /// As in chess: the Queen on d1/d8, the King's square e1/e8 empty.
    #[default]
    Home,
    /// Queen on the King's square: the Queen on e1/e8, d1/d8 empty.
    KingSquare,
    /// Two Queens, on both d1/d8 and e1/e8.
    Two,
}

/// The rulings marked *option* in RULINGS §2.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct IntrigueOptions {
    pub queens: Queens,
    /// Atomic King: an appearing King also removes every piece on the
    /// squares adjacent to its hiding square.
    pub atomic_king: bool,
}

/// A seat's action. Small and `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Action {
    /// The secret choice before the first move (a simultaneous turn): the
    /// King's hiding square, any of the 64, and the Informant, named by the
    /// file (0 = a … 7 = h) of the pawn's starting square.
    Setup { hiding: Square, informant: u8 },
    /// A chess move.
    Move(Move),
    /// Voluntary reveal: the King appears on its hiding square (a move).
    Reveal,
    /// After one of its pawns captured the enemy Informant: `true` retires
    /// the side's own Informant (only if that pawn was it), `false` declines.
    /// The choice is announced to both.
    Retire(bool),
}

/// A side's secret: where its King hides and which pawn is its Informant.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Secret {
    pub hiding: Square,
    /// The Informant's starting file (0 = a).
    pub informant: u8,
    /// The Informant can still be inspected: it is an unpromoted pawn on the
    /// board, not retired, and its King has not appeared yet.
    pub active: bool,
}

/// What became of a pawn, known to both sides (pawn moves are public).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum PawnState {
    /// On the board, on this square.
    On(Square),
    /// Captured (or removed by an appearing King): it was not an active
    /// Informant of a hidden King, or that King appeared then.
    Captured,
    /// Promoted: no longer inspectable, whether it was the Informant or not.
    Promoted,
}

/// The colour a seat plays: seat 0 is White.
pub fn color_of(seat: Seat) -> Color {
    if seat.0 == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// The seat that plays a colour.
pub fn seat_of(color: Color) -> Seat {
    Seat(color.index() as u8)
}

/// `e4`.
pub fn square_name(sq: Square) -> String {
    Grid8::square_name(sq)
}

/// Reads `e4`.
pub fn parse_square(s: &str) -> Option<Square> {
    Grid8::parse_square(s)
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Setup { hiding, informant } => write!(
                f,
                "hide {} informant {}",
                square_name(*hiding),
                (b'a' + (*informant).min(25)) as char
            ),
            Action::Move(m) => {
                write!(f, "{}{}", square_name(m.from()), square_name(m.to()))?;
                match m.promotion_role() {
                    Some(r) => write!(f, "{}", r.char()),
                    None => Ok(()),
                }
            }
            Action::Reveal => f.write_str("reveal"),
            Action::Retire(true) => f.write_str("retire"),
            Action::Retire(false) => f.write_str("keep"),
        }
    }
}
