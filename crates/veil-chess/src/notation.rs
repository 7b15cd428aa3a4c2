//! Move notation: SAN (`Nbd7`, `exd6`, `e8=Q+`, `O-O-O#`) and UCI (`e2e4`,
//! `e7e8q`, `j9j10q`), both written and read against a position.

use core::fmt;

use veil_core::limits::{self, MAX_MOVE_BYTES};

use crate::bits::Bits;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::types::{Move, Role, Square};

/// Why a SAN or UCI string was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NotationErrorKind {
    /// Not shaped like a move.
    Syntax,
    /// Shaped like a move, but no legal move matches.
    Illegal,
    /// More than one legal move matches (SAN without enough disambiguation).
    Ambiguous,
    /// Longer than [`MAX_MOVE_BYTES`]: `len` bytes, refused unread (the
    /// error's input is only the start of it).
    TooLong { len: usize },
}

/// A move string that could not be read, handed back with the reason.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NotationError {
    pub kind: NotationErrorKind,
    pub input: String,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.kind {
            NotationErrorKind::Syntax => "not a move",
            NotationErrorKind::Illegal => "illegal move",
            NotationErrorKind::Ambiguous => "ambiguous move",
            NotationErrorKind::TooLong { len } => {
                return write!(
                    f,
                    "not a move: {:?} is {}",
                    self.input,
                    limits::too_long(len, MAX_MOVE_BYTES)
                );
            }
        };
        write!(f, "{why}: {:?}", self.input)
    }
}

impl std::error::Error for NotationError {}

/// Refuses a move's text over [`MAX_MOVE_BYTES`] before any of it is read.
fn check_len(s: &str) -> Result<(), NotationError> {
    if s.len() > MAX_MOVE_BYTES {
        return Err(NotationError {
            kind: NotationErrorKind::TooLong { len: s.len() },
            input: limits::start_of(s),
        });
    }
    Ok(())
}

/// Reads a square at the start of `s`: a file letter and 1–2 digits. Returns
/// the square and the bytes used.
fn square_prefix<G: Geometry>(s: &[u8]) -> Option<(Square, usize)> {
    if s.is_empty() || !s[0].is_ascii_lowercase() {
        return None;
    }
    let digits = s[1..]
        .iter()
        .take(2)
        .take_while(|b| b.is_ascii_digit())
        .count();
    // Prefer two digits only when they make a rank on this board ("10").
    for n in (1..=digits).rev() {
        if let Ok(txt) = core::str::from_utf8(&s[..1 + n])
            && let Some(sq) = G::parse_square(txt)
        {
            return Some((sq, 1 + n));
        }
    }
    None
}

impl<G: Geometry> Position<G> {
    /// UCI notation: origin, destination, promotion letter; castling as the
    /// King's own move (`e1g1`).
    pub fn uci(&self, mv: Move) -> String {
        let mut s = G::square_name(mv.from());
        s.push_str(&G::square_name(mv.to()));
        if let Some(r) = mv.promotion_role() {
            s.push(r.char());
        }
        s
    }

    /// Reads UCI notation for a legal move. Castling may also be given as the
    /// King taking its own Rook (`e1h1`). A text over
    /// [`MAX_MOVE_BYTES`](veil_core::limits::MAX_MOVE_BYTES) is refused unread.
    pub fn parse_uci(&self, s: &str) -> Result<Move, NotationError> {
        check_len(s)?;
        let err = |kind| NotationError {
            kind,
            input: s.to_string(),
        };
        let b = s.as_bytes();
        let (from, n1) = square_prefix::<G>(b).ok_or(err(NotationErrorKind::Syntax))?;
        let (to, n2) = square_prefix::<G>(&b[n1..]).ok_or(err(NotationErrorKind::Syntax))?;
        let rest = &b[n1 + n2..];
        let promotion = match rest {
            [] => None,
            [c] => match Role::from_char(*c as char) {
                Some(r) if r != Role::Pawn && c.is_ascii_lowercase() => Some(r),
                _ => return Err(err(NotationErrorKind::Syntax)),
            },
            _ => return Err(err(NotationErrorKind::Syntax)),
        };
        let moves = self.legal_moves();
        if let Some(mv) = moves
            .iter()
            .find(|m| m.from() == from && m.to() == to && m.promotion_role() == promotion)
        {
            return Ok(*mv);
        }
        if promotion.is_none()
            && let Some(mv) = moves
                .iter()
                .find(|m| m.from() == from && m.castle_rook() == Some(to))
        {
            return Ok(*mv);
        }
        Err(err(NotationErrorKind::Illegal))
    }

    /// SAN without the check suffix.
    pub fn san_plain(&self, mv: Move) -> String {
        if mv.is_castle() {
            return if mv.to() > mv.from() {
                "O-O".into()
            } else {
                "O-O-O".into()
            };
        }
        let role = self.role_of(mv).unwrap_or(Role::Pawn);
        let capture = self.is_capture(mv);
        let mut s = String::new();
        if role == Role::Pawn {
            if capture {
                s.push((b'a' + G::file_of(mv.from()) as u8) as char);
                s.push('x');
            }
        } else {
            s.push(role.upper_char());
            // A rival is another piece of the same kind that could go to the
            // same square; it must at least attack that square, so the legal
            // moves are listed only when such a piece exists (rarely).
            let to = mv.to().0 as u32;
            let occ = self.board.occupied();
            let reach = match role {
                // A made-up move off the board has no rivals.
                _ if to >= G::squares() => G::Bits::ZERO,
                Role::Knight => G::knight_attacks(to),
                Role::Bishop => G::bishop_attacks(to, occ),
                Role::Rook => G::rook_attacks(to, occ),
                Role::Queen => G::queen_attacks(to, occ),
                _ => G::king_attacks(to),
            };
            let others =
                self.board.by_piece(role.of(self.turn)) & !G::Bits::bit(mv.from().0 as u32);
            let rivals: Vec<Move> = if (reach & others).is_zero() {
                Vec::new()
            } else {
                self.legal_moves()
                    .into_iter()
                    .filter(|m| {
                        m.to() == mv.to()
                            && m.from() != mv.from()
                            && !m.is_castle()
                            && self.role_of(*m) == Some(role)
                    })
                    .collect()
            };
            if !rivals.is_empty() {
                let file = G::file_of(mv.from());
                let rank = G::rank_of(mv.from());
                let file_unique = rivals.iter().all(|m| G::file_of(m.from()) != file);
                let rank_unique = rivals.iter().all(|m| G::rank_of(m.from()) != rank);
                if file_unique {
                    s.push((b'a' + file as u8) as char);
                } else if rank_unique {
                    s.push_str(&(rank + 1).to_string());
                } else {
                    s.push_str(&G::square_name(mv.from()));
                }
            }
            if capture {
                s.push('x');
            }
        }
        s.push_str(&G::square_name(mv.to()));
        if let Some(r) = mv.promotion_role() {
            s.push('=');
            s.push(r.upper_char());
        }
        s
    }

    /// SAN with `+` for check and `#` for checkmate.
    pub fn san(&self, mv: Move) -> String {
        let mut s = self.san_plain(mv);
        let mut after = self.clone();
        after.play_unchecked(mv);
        if after.is_checkmate() {
            s.push('#');
        } else if after.is_check() {
            s.push('+');
        }
        s
    }

    /// Reads SAN for a legal move. Accepts `0-0` for `O-O`, a missing `=`
    /// before the promotion letter, annotation marks (`!`, `?`) and a missing
    /// capture `x`; refuses ambiguous and illegal moves, and a text over
    /// [`MAX_MOVE_BYTES`](veil_core::limits::MAX_MOVE_BYTES) unread.
    pub fn parse_san(&self, input: &str) -> Result<Move, NotationError> {
        check_len(input)?;
        let err = |kind| NotationError {
            kind,
            input: input.to_string(),
        };
        let s = input.trim_end_matches(['+', '#', '!', '?']);
        let moves = self.legal_moves();
        let castle = match s {
            "O-O" | "0-0" => Some(true),
            "O-O-O" | "0-0-0" => Some(false),
            _ => None,
        };
        if let Some(short) = castle {
            return moves
                .iter()
                .find(|m| m.is_castle() && (m.to() > m.from()) == short)
                .copied()
                .ok_or(err(NotationErrorKind::Illegal));
        }
        if !s.is_ascii() || s.is_empty() {
            return Err(err(NotationErrorKind::Syntax));
        }
        let mut b = s.as_bytes();
        let role = match b[0] {
            c @ (b'N' | b'B' | b'R' | b'Q' | b'K') => {
                b = &b[1..];
                Role::from_char(c as char).ok_or(err(NotationErrorKind::Syntax))?
            }
            _ => Role::Pawn,
        };
        // Promotion suffix: "=Q" or "Q".
        let mut promotion = None;
        if let Some(&last) = b.last()
            && last.is_ascii_uppercase()
        {
            let r = Role::from_char(last as char).ok_or(err(NotationErrorKind::Syntax))?;
            if role != Role::Pawn || r == Role::Pawn {
                return Err(err(NotationErrorKind::Syntax));
            }
            promotion = Some(r);
            b = &b[..b.len() - 1];
            if b.last() == Some(&b'=') {
                b = &b[..b.len() - 1];
            }
        }
        // Destination: the last file letter followed by digits only.
        let dest_start = b
            .iter()
            .rposition(|c| c.is_ascii_lowercase() && *c != b'x')
            .ok_or(err(NotationErrorKind::Syntax))?;
        let (to, used) =
            square_prefix::<G>(&b[dest_start..]).ok_or(err(NotationErrorKind::Syntax))?;
        if dest_start + used != b.len() {
            return Err(err(NotationErrorKind::Syntax));
        }
        let mut prefix = &b[..dest_start];
        let capture = prefix.last() == Some(&b'x');
        if capture {
            prefix = &prefix[..prefix.len() - 1];
        }
        // Disambiguation: optional file letter, optional rank digits.
        let mut from_file = None;
        let mut from_rank = None;
        if let Some(&c) = prefix.first()
            && c.is_ascii_lowercase()
        {
            let f = (c - b'a') as u32;
            if f >= G::FILES {
                return Err(err(NotationErrorKind::Syntax));
            }
            from_file = Some(f);
            prefix = &prefix[1..];
        }
        if !prefix.is_empty() {
            if !prefix.iter().all(u8::is_ascii_digit) || prefix.len() > 2 || prefix[0] == b'0' {
                return Err(err(NotationErrorKind::Syntax));
            }
            let r: u32 = core::str::from_utf8(prefix)
                .ok()
                .and_then(|t| t.parse().ok())
                .ok_or(err(NotationErrorKind::Syntax))?;
            if r == 0 || r > G::RANKS {
                return Err(err(NotationErrorKind::Syntax));
            }
            from_rank = Some(r - 1);
        }
        if role == Role::Pawn && capture != from_file.is_some() {
            return Err(err(NotationErrorKind::Syntax));
        }
        let mut found = None;
        for &m in &moves {
            if m.to() != to
                || m.is_castle()
                || m.promotion_role() != promotion
                || self.role_of(m) != Some(role)
            {
                continue;
            }
            if from_file.is_some_and(|f| G::file_of(m.from()) != f)
                || from_rank.is_some_and(|r| G::rank_of(m.from()) != r)
            {
                continue;
            }
            let is_capture = self.is_capture(m);
            if capture && !is_capture {
                continue;
            }
            // A pawn without a capture mark pushes straight ahead.
            if role == Role::Pawn && !capture && is_capture {
                continue;
            }
            if found.is_some() {
                return Err(err(NotationErrorKind::Ambiguous));
            }
            found = Some(m);
        }
        found.ok_or(err(NotationErrorKind::Illegal))
    }
}
