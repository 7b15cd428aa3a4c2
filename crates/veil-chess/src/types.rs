//! The small vocabulary: colours, roles, pieces, squares and moves.

use core::fmt;
use core::ops::Not;

use serde::{Deserialize, Serialize};

/// The two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
    #[inline(always)]
    pub const fn is_white(self) -> bool {
        matches!(self, Color::White)
    }
    /// `'w'` or `'b'`, as in FEN.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
    /// The other side; also available as `!color`.
    #[inline(always)]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        self.other()
    }
}

/// The kinds of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Role {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
}

impl Role {
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
    pub const fn from_index(i: usize) -> Option<Role> {
        match i {
            0 => Some(Role::Pawn),
            1 => Some(Role::Knight),
            2 => Some(Role::Bishop),
            3 => Some(Role::Rook),
            4 => Some(Role::Queen),
            5 => Some(Role::King),
            _ => None,
        }
    }
    /// Upper-case letter (`P N B R Q K`).
    pub const fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }
    /// The piece's name in lower case ("knight").
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }
    /// Lower-case letter (`p n b r q k`), as in UCI promotions.
    pub const fn char(self) -> char {
        self.upper_char().to_ascii_lowercase()
    }
    /// Reads a letter of either case.
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }
    pub const fn of(self, color: Color) -> Piece {
        Piece { color, role: self }
    }
}

/// A coloured piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    /// FEN letter: upper case for White.
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece {
                color: if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                },
                role,
            }),
            None => None,
        }
    }
}

/// A set of roles, e.g. what a pawn may promote to on a line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RoleSet(u8);

impl RoleSet {
    pub const EMPTY: RoleSet = RoleSet(0);

    pub const fn from_roles(roles: &[Role]) -> RoleSet {
        let mut bits = 0;
        let mut i = 0;
        while i < roles.len() {
            bits |= 1 << roles[i] as u8;
            i += 1;
        }
        RoleSet(bits)
    }
    pub const fn with(self, role: Role) -> RoleSet {
        RoleSet(self.0 | 1 << role as u8)
    }
    pub const fn contains(self, role: Role) -> bool {
        self.0 & (1 << role as u8) != 0
    }
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Roles in the order `Knight, Bishop, Rook, Queen, …`: pawn first if present.
    pub fn iter(self) -> impl DoubleEndedIterator<Item = Role> {
        Role::ALL.into_iter().filter(move |r| self.contains(*r))
    }
}

/// A square as a bit index in its board's geometry: `rank * files + file`.
///
/// The same number names different squares on boards of different widths, so
/// names and coordinates go through the [`Geometry`](crate::Geometry).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square(pub u8);

impl Square {
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub(crate) enum MoveKind {
    Normal,
    EnPassant,
    Castle,
}

/// A move, small and `Copy`: origin, destination and what is special about it.
///
/// Castling is stored as the King's own move (e.g. e1 to g1) together with the
/// Rook it castles with; en passant and promotion are flags. Which piece moves
/// and what it captures are read from the position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Move {
    from: Square,
    to: Square,
    pub(crate) kind: MoveKind,
    /// Promotion role index + 1, or the castling Rook's square.
    pub(crate) extra: u8,
}

impl Move {
    #[inline(always)]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Normal,
            extra: 0,
        }
    }
    #[inline(always)]
    pub const fn promotion(from: Square, to: Square, role: Role) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Normal,
            extra: role as u8 + 1,
        }
    }
    #[inline(always)]
    pub const fn en_passant(from: Square, to: Square, promotion: Option<Role>) -> Move {
        let extra = match promotion {
            Some(r) => r as u8 + 1,
            None => 0,
        };
        Move {
            from,
            to,
            kind: MoveKind::EnPassant,
            extra,
        }
    }
    /// Castling: the King goes `king_from` to `king_to`, the Rook on `rook` goes
    /// to the square the King crossed.
    #[inline(always)]
    pub const fn castle(king_from: Square, king_to: Square, rook: Square) -> Move {
        Move {
            from: king_from,
            to: king_to,
            kind: MoveKind::Castle,
            extra: rook.0,
        }
    }
    #[inline(always)]
    pub const fn from(self) -> Square {
        self.from
    }
    #[inline(always)]
    pub const fn to(self) -> Square {
        self.to
    }
    /// The role a pawn becomes, if this is a promotion.
    #[inline(always)]
    pub const fn promotion_role(self) -> Option<Role> {
        match self.kind {
            MoveKind::Castle => None,
            _ => {
                if self.extra == 0 {
                    None
                } else {
                    Role::from_index(self.extra as usize - 1)
                }
            }
        }
    }
    #[inline(always)]
    pub const fn is_en_passant(self) -> bool {
        matches!(self.kind, MoveKind::EnPassant)
    }
    #[inline(always)]
    pub const fn is_castle(self) -> bool {
        matches!(self.kind, MoveKind::Castle)
    }
    /// The Rook's square, if this is castling.
    #[inline(always)]
    pub const fn castle_rook(self) -> Option<Square> {
        match self.kind {
            MoveKind::Castle => Some(Square(self.extra)),
            _ => None,
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({}->{}", self.from.0, self.to.0)?;
        match self.kind {
            MoveKind::Normal => {}
            MoveKind::EnPassant => write!(f, " ep")?,
            MoveKind::Castle => write!(f, " castle rook {}", self.extra)?,
        }
        if let Some(r) = self.promotion_role() {
            write!(f, " ={}", r.upper_char())?;
        }
        write!(f, ")")
    }
}

/// How a finished game ended, from the board's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    Decisive { winner: Color },
    Draw,
}

impl Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`, as in PGN.
    pub const fn pgn(self) -> &'static str {
        match self {
            Outcome::Decisive {
                winner: Color::White,
            } => "1-0",
            Outcome::Decisive {
                winner: Color::Black,
            } => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }
}
