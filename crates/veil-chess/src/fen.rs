//! Forsyth–Edwards Notation, with ranks of up to 10 squares (`10` counts ten
//! empty squares) for the larger boards.
//!
//! Castling rights are written `KQkq` for Rooks in the corners and as file
//! letters (Shredder style, `Cc` for a c-file Rook) otherwise; both are read.

use core::fmt;

use veil_core::limits::{self, MAX_POSITION_BYTES};

use crate::bits::Bits;
use crate::geometry::{Geometry, Grid8};
use crate::position::{Board, Position, PositionErrorKind, Setup};
use crate::rules::Rules;
use crate::types::{Color, Piece, Role};

/// The standard starting position.
pub const STANDARD_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Secret King's starting position on 10×10 (Veil's ruling): no Kings on the
/// board, each side's Secret King hides among its Knights.
pub const SECRET_KING_START: &str =
    "rnbqnnqbnr/nrbnnnnbrn/pppppppppp/10/10/10/10/PPPPPPPPPP/NRBNNNNBRN/RNBQNNQBNR w - - 0 1";

/// What part of a FEN was wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenErrorKind {
    /// Not 4 to 6 space-separated fields.
    Fields,
    Board,
    Turn,
    Castling,
    EnPassant,
    Halfmoves,
    Fullmoves,
    /// Well formed but not a legal position.
    Position(PositionErrorKind),
    /// Longer than [`MAX_POSITION_BYTES`]: `len` bytes, refused unread (the
    /// error's input is only the start of it).
    TooLong {
        len: usize,
    },
}

/// A FEN that could not be read, handed back with the reason.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FenError {
    pub kind: FenErrorKind,
    pub input: String,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            FenErrorKind::Fields => "expected 4 to 6 fields".to_string(),
            FenErrorKind::Board => "bad piece placement".to_string(),
            FenErrorKind::Turn => "bad side to move".to_string(),
            FenErrorKind::Castling => "bad castling field".to_string(),
            FenErrorKind::EnPassant => "bad en passant field".to_string(),
            FenErrorKind::Halfmoves => "bad halfmove clock".to_string(),
            FenErrorKind::Fullmoves => "bad fullmove number".to_string(),
            FenErrorKind::Position(k) => k.to_string(),
            FenErrorKind::TooLong { len } => limits::too_long(len, MAX_POSITION_BYTES),
        };
        write!(f, "invalid FEN {:?}: {}", self.input, what)
    }
}

impl std::error::Error for FenError {}

/// Refuses a FEN over [`MAX_POSITION_BYTES`] before any of it is read.
fn check_len(fen: &str) -> Result<(), FenError> {
    if fen.len() > MAX_POSITION_BYTES {
        return Err(FenError {
            kind: FenErrorKind::TooLong { len: fen.len() },
            input: limits::start_of(fen),
        });
    }
    Ok(())
}

fn parse_board<G: Geometry>(s: &str) -> Option<Board<G>> {
    let rows: Vec<&str> = s.split('/').collect();
    if rows.len() != G::RANKS as usize {
        return None;
    }
    let mut board = Board::empty();
    for (i, row) in rows.iter().enumerate() {
        let rank = G::RANKS - 1 - i as u32;
        let bytes = row.as_bytes();
        let mut file = 0u32;
        let mut j = 0;
        let mut last_was_digit = false;
        while j < bytes.len() {
            let c = bytes[j];
            if c.is_ascii_digit() {
                // Two runs of empty squares in a row are not canonical FEN.
                if last_was_digit {
                    return None;
                }
                let n = if c == b'1' && bytes.get(j + 1) == Some(&b'0') {
                    j += 1;
                    10
                } else {
                    (c - b'0') as u32
                };
                if n == 0 {
                    return None;
                }
                file += n;
                last_was_digit = true;
            } else {
                let piece = Piece::from_char(c as char)?;
                if file >= G::FILES {
                    return None;
                }
                board.set_piece_at(G::square(file, rank)?, piece);
                file += 1;
                last_was_digit = false;
            }
            if file > G::FILES {
                return None;
            }
            j += 1;
        }
        if file != G::FILES {
            return None;
        }
    }
    Some(board)
}

fn parse_castling<G: Geometry>(s: &str, board: &Board<G>) -> Option<G::Bits> {
    let mut rights = G::Bits::ZERO;
    if s == "-" {
        return Some(rights);
    }
    if s.is_empty() {
        return None;
    }
    for c in s.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rank = if color.is_white() { 0 } else { G::RANKS - 1 };
        let file = match c.to_ascii_lowercase() {
            // Outermost Rook on that side of the King, as X-FEN reads it.
            'k' | 'q' => {
                let king = board.king_of(color).map(|k| G::file_of(k));
                let rooks = board.by_piece(Role::Rook.of(color)) & G::rank_mask(rank);
                let mut found = None;
                for sq in rooks.squares() {
                    let f = sq % G::FILES;
                    let on_side = match (c.to_ascii_lowercase(), king) {
                        ('k', Some(kf)) => f > kf,
                        ('q', Some(kf)) => f < kf,
                        // No King shown: the corner Rook.
                        ('k', None) => f == G::FILES - 1,
                        (_, None) => f == 0,
                        _ => false,
                    };
                    if on_side {
                        found = match (c.to_ascii_lowercase(), found) {
                            ('k', _) => Some(f),
                            (_, None) => Some(f),
                            (_, keep) => keep,
                        };
                    }
                }
                found?
            }
            l @ 'a'..='j' => l as u32 - 'a' as u32,
            _ => return None,
        };
        let sq = G::square(file, rank)?;
        if rights.has(sq.0 as u32) {
            return None;
        }
        rights |= G::Bits::bit(sq.0 as u32);
    }
    Some(rights)
}

/// Reads the fields of a FEN into an unchecked [`Setup`]. A FEN over
/// [`MAX_POSITION_BYTES`] is refused unread.
pub fn parse_setup<G: Geometry>(fen: &str) -> Result<Setup<G>, FenError> {
    check_len(fen)?;
    let err = |kind| FenError {
        kind,
        input: fen.to_string(),
    };
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    if fields.len() < 4 || fields.len() > 6 {
        return Err(err(FenErrorKind::Fields));
    }
    let board = parse_board::<G>(fields[0]).ok_or(err(FenErrorKind::Board))?;
    let turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        _ => return Err(err(FenErrorKind::Turn)),
    };
    let castling = parse_castling(fields[2], &board).ok_or(err(FenErrorKind::Castling))?;
    let ep_square = match fields[3] {
        "-" => None,
        s => Some(G::parse_square(s).ok_or(err(FenErrorKind::EnPassant))?),
    };
    let number = |s: Option<&&str>, kind| -> Result<Option<u32>, FenError> {
        match s {
            None => Ok(None),
            // At most six digits: the counters stop at `MAX_COUNTER`.
            Some(s) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) && s.len() <= 6 => {
                Ok(Some(s.parse().map_err(|_| err(kind))?))
            }
            Some(_) => Err(err(kind)),
        }
    };
    let halfmoves = number(fields.get(4), FenErrorKind::Halfmoves)?.unwrap_or(0);
    let fullmoves = number(fields.get(5), FenErrorKind::Fullmoves)?.unwrap_or(1);
    if fullmoves == 0 {
        return Err(err(FenErrorKind::Fullmoves));
    }
    Ok(Setup {
        board,
        turn,
        castling,
        ep_square,
        halfmoves,
        fullmoves,
    })
}

/// Writes the piece placement field.
pub fn board_fen<G: Geometry>(board: &Board<G>) -> String {
    let mut s = String::new();
    for rank in (0..G::RANKS).rev() {
        let mut empty = 0;
        for file in 0..G::FILES {
            match G::square(file, rank).and_then(|sq| board.piece_at(sq)) {
                Some(p) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(p.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

/// Writes a full FEN for a setup.
pub fn setup_fen<G: Geometry>(setup: &Setup<G>) -> String {
    let mut castling = String::new();
    for color in Color::ALL {
        let rank = if color.is_white() { 0 } else { G::RANKS - 1 };
        let rights = setup.castling & G::rank_mask(rank);
        let king = setup.board.king_of(color).map(|k| G::file_of(k));
        let rooks = setup.board.by_piece(Role::Rook.of(color)) & G::rank_mask(rank);
        // Rights in the order K then Q, as is customary.
        for sq in rights.squares().collect::<Vec<_>>().into_iter().rev() {
            let f = sq % G::FILES;
            // `K`/`Q` when the Rook is the outermost on its side, as the reader expects.
            let outer_k = match king {
                Some(kf) => f > kf && rooks.squares().all(|r| r % G::FILES <= f),
                None => f == G::FILES - 1,
            };
            let outer_q = match king {
                Some(kf) => f < kf && rooks.squares().all(|r| r % G::FILES >= f),
                None => f == 0,
            };
            let c = if outer_k {
                'k'
            } else if outer_q {
                'q'
            } else {
                (b'a' + f as u8) as char
            };
            castling.push(if color.is_white() {
                c.to_ascii_uppercase()
            } else {
                c
            });
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    format!(
        "{} {} {} {} {} {}",
        board_fen(&setup.board),
        setup.turn.char(),
        castling,
        setup.ep_square.map_or("-".to_string(), G::square_name),
        setup.halfmoves,
        setup.fullmoves
    )
}

impl<G: Geometry> Position<G> {
    /// Reads a FEN under the standard rules (see [`Position::from_fen_with`]).
    pub fn from_fen(fen: &str) -> Result<Self, FenError> {
        Self::from_fen_with(fen, Rules::standard())
    }
    /// Reads a FEN under the given rules, validating strictly.
    pub fn from_fen_with(fen: &str, rules: Rules) -> Result<Self, FenError> {
        let setup = parse_setup::<G>(fen)?;
        Position::from_setup(setup, rules).map_err(|e| FenError {
            kind: FenErrorKind::Position(e.kind),
            input: fen.to_string(),
        })
    }
    /// The FEN of this position (en passant only when a capture is legal).
    pub fn to_fen(&self) -> String {
        setup_fen(&self.to_setup())
    }
}

impl core::str::FromStr for Position<Grid8> {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Self, FenError> {
        Position::from_fen(s)
    }
}

impl<G: Geometry> fmt::Display for Position<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

/// Files and ranks described by a FEN's placement field, to pick a geometry
/// (`None` for a FEN over [`MAX_POSITION_BYTES`], which no board has).
pub fn board_size(fen: &str) -> Option<(u32, u32)> {
    check_len(fen).ok()?;
    let placement = fen.split_ascii_whitespace().next()?;
    let rows: Vec<&str> = placement.split('/').collect();
    let first = rows.first()?;
    let mut files = 0u32;
    let b = first.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'1' && b.get(i + 1) == Some(&b'0') {
            files += 10;
            i += 1;
        } else if b[i].is_ascii_digit() {
            files += (b[i] - b'0') as u32;
        } else {
            files += 1;
        }
        i += 1;
    }
    Some((files, rows.len() as u32))
}

/// Serialised as its FEN and rules; read back leniently (positions a variant
/// built with [`Position::from_setup_lenient`] survive the round trip).
impl<G: Geometry> serde::Serialize for Position<G> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Position", 2)?;
        st.serialize_field("fen", &self.to_fen())?;
        st.serialize_field("rules", &self.rules)?;
        st.end()
    }
}

impl<'de, G: Geometry> serde::Deserialize<'de> for Position<G> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        struct Raw {
            fen: String,
            rules: Rules,
        }
        let raw = Raw::deserialize(d)?;
        let setup = parse_setup::<G>(&raw.fen).map_err(serde::de::Error::custom)?;
        Position::from_setup_lenient(setup, raw.rules).map_err(serde::de::Error::custom)
    }
}

/// Perft of a FEN on the board its shape names: 8×8 under the standard
/// rules, 10×10 under Secret King's board rules; other shapes are refused.
///
/// ```
/// assert_eq!(veil_chess::fen::perft_fen(veil_chess::fen::STANDARD_START, 2), Ok(400));
/// assert!(veil_chess::fen::perft_fen(veil_chess::fen::SECRET_KING_START, 1).unwrap() > 0);
/// assert!(veil_chess::fen::perft_fen("8/8/8 w - - 0 1", 1).is_err());
/// ```
pub fn perft_fen(fen: &str, depth: u32) -> Result<u64, FenError> {
    check_len(fen)?;
    match board_size(fen) {
        Some((10, 10)) => Ok(crate::perft(
            &Position::<crate::Grid10>::from_fen_with(fen, Rules::secret_king())?,
            depth,
        )),
        Some((8, 8)) => Ok(crate::perft(&Position::<Grid8>::from_fen(fen)?, depth)),
        _ => Err(FenError {
            kind: FenErrorKind::Board,
            input: fen.to_string(),
        }),
    }
}
