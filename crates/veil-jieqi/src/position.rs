//! The board, legal move generation, FEN and perft.
//!
//! The board is a padded mailbox: 16 columns by 16 rows of bytes, the 9×10
//! points at rows 3–12 and columns 0–8, everything else marked off-board, so
//! a step, a horse jump or an elephant jump from any point lands on a valid
//! index and a slide stops on the padding by itself. Each side's pieces are
//! also kept as a 90-bit set to visit them without scanning the board.
//!
//! Legality is cheap: a move can only expose its own general if it leaves
//! the general's file or rank or one of the four points diagonally next to it
//! (horse legs and elephant eyes), or steps onto its file or rank (a new
//! cannon screen). Only those moves, general moves and moves out of check are
//! tried on the board.

use std::fmt;

use serde::{Deserialize, Serialize};
use veil_core::ParseError;

use crate::types::{Color, Kind, Move, Piece, Rules, Square};

pub(crate) const EMPTY: u8 = 0;
pub(crate) const DOWN: u8 = 0x08;
pub(crate) const RED: u8 = 0x10;
pub(crate) const BLACK: u8 = 0x20;
pub(crate) const OFF: u8 = 0x40;
pub(crate) const KIND: u8 = 0x07;

const GENERAL: u8 = 1;
const ADVISOR: u8 = 2;
const ELEPHANT: u8 = 3;
const HORSE: u8 = 4;
const CHARIOT: u8 = 5;
const CANNON: u8 = 6;
const SOLDIER: u8 = 7;

const N: i32 = 16;
const S: i32 = -16;
const E: i32 = 1;
const W: i32 = -1;
const ORTH: [i32; 4] = [N, S, E, W];
const DIAG: [i32; 4] = [N + E, N + W, S + E, S + W];

pub(crate) const fn color_bit(c: Color) -> u8 {
    match c {
        Color::Red => RED,
        Color::Black => BLACK,
    }
}

/// Square flags: bit 0/1 Red/Black palace, bit 2/3 Red/Black half.
const FLAGS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 90 {
        let file = (i % 9) as u8;
        let rank = (i / 9) as u8;
        let sq = 48 + rank as usize * 16 + file as usize;
        let mut f = 0;
        if file >= 3 && file <= 5 && rank <= 2 {
            f |= 1;
        }
        if file >= 3 && file <= 5 && rank >= 7 {
            f |= 2;
        }
        if rank <= 4 {
            f |= 4;
        } else {
            f |= 8;
        }
        t[sq] = f;
        i += 1;
    }
    t
};

/// Mailbox index to 0..90 (255 off the board).
const TO90: [u8; 256] = {
    let mut t = [255u8; 256];
    let mut i = 0;
    while i < 90 {
        t[48 + (i / 9) * 16 + i % 9] = i as u8;
        i += 1;
    }
    t
};

/// 0..90 to mailbox index.
const FROM90: [u8; 90] = {
    let mut t = [0u8; 90];
    let mut i = 0;
    while i < 90 {
        t[i] = (48 + (i / 9) * 16 + i % 9) as u8;
        i += 1;
    }
    t
};

#[inline(always)]
const fn palace(c: usize, sq: usize) -> bool {
    FLAGS[sq] & (1 << c) != 0
}

#[inline(always)]
const fn home(c: usize, sq: usize) -> bool {
    FLAGS[sq] & (4 << c) != 0
}

#[inline(always)]
const fn bit(sq: usize) -> u128 {
    1u128 << TO90[sq]
}

#[inline(always)]
fn off(sq: usize, d: i32) -> usize {
    (sq as i32 + d) as usize
}

/// The byte of a face-down piece of `color` standing on `sq`: it moves as the
/// piece that starts there (no kind if it is not on one of its own points,
/// which only happens while its reveal is pending).
pub(crate) fn down_byte(color: Color, sq: Square) -> u8 {
    let kind = match sq.start_piece() {
        Some((c, k)) if c == color && k != Kind::General => k as u8,
        _ => 0,
    };
    DOWN | color_bit(color) | kind
}

pub(crate) fn piece_byte(piece: Piece, sq: Square) -> u8 {
    match piece.kind {
        Some(k) => color_bit(piece.color) | k as u8,
        None => down_byte(piece.color, sq),
    }
}

/// The legal moves of a position, without allocating.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; 256],
    len: usize,
}

impl MoveList {
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move {
                from: Square(48),
                to: Square(48),
            }; 256],
            len: 0,
        }
    }
    #[inline(always)]
    fn push(&mut self, from: usize, to: usize) {
        // 256 is far above the most moves any position has (about 130).
        if self.len < 256 {
            self.moves[self.len] = Move {
                from: Square(from as u8),
                to: Square(to as u8),
            };
            self.len += 1;
        }
    }
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn clear(&mut self) {
        self.len = 0;
    }
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

/// What [`Position::make`] needs to undo a move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    pub mover: u8,
    pub captured: u8,
}

/// A xiangqi or Jieqi position: the pieces (face up or face down), the side
/// to move, each side's face-down pool and the move counters.
///
/// Built only through validated constructors ([`Position::from_fen`],
/// [`Position::xiangqi_start`], [`Position::jieqi_start`]), so it always has
/// one general per side in its palace and the side not to move is not in check.
/// The largest halfmove clock and fullmove number: six digits, what a FEN
/// may hold. Both counters stop there (a game played on past it keeps the
/// number), so whatever a FEN read, the position's own FEN reads back.
pub const MAX_COUNTER: u32 = 999_999;

#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: [u8; 256],
    occ: [u128; 2],
    kings: [u8; 2],
    turn: Color,
    rules: Rules,
    pool: [[u8; 8]; 2],
    halfmoves: u32,
    fullmoves: u32,
}

/// A move that is not legal in the position it was offered to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct IllegalMove(pub Move);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a legal move here", self.0)
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    pub const XIANGQI_START: &'static str =
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w 0 1";
    pub const JIEQI_START: &'static str = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2 0 1";

    /// The xiangqi starting position.
    pub fn xiangqi_start() -> Position {
        Position::from_fen(Self::XIANGQI_START).expect("the start position is valid")
    }

    /// The Jieqi starting position: every piece but the generals face down.
    pub fn jieqi_start() -> Position {
        Position::from_fen(Self::JIEQI_START).expect("the start position is valid")
    }

    pub(crate) fn empty(rules: Rules) -> Position {
        let mut board = [OFF; 256];
        for sq in FROM90 {
            board[sq as usize] = EMPTY;
        }
        Position {
            board,
            occ: [0; 2],
            // The generals' home points until pieces are placed, so that
            // attack tests never index outside the padded board.
            kings: [48 + 4, 48 + 9 * 16 + 4],
            turn: Color::Red,
            rules,
            pool: [[0; 8]; 2],
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    // ----- accessors -------------------------------------------------------

    pub fn turn(&self) -> Color {
        self.turn
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Plies since the last capture or reveal.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number, starting at 1 and counting up after Black's move.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let b = self.board[sq.0 as usize];
        if b == EMPTY {
            return None;
        }
        let color = if b & RED != 0 {
            Color::Red
        } else {
            Color::Black
        };
        let kind = if b & DOWN != 0 {
            None
        } else {
            Kind::from_bits(b & KIND)
        };
        Some(Piece { color, kind })
    }

    /// The kind a piece on `sq` moves as: its own when face up, the kind that
    /// starts on `sq` when face down.
    pub fn moves_as(&self, sq: Square) -> Option<Kind> {
        Kind::from_bits(self.board[sq.0 as usize] & KIND)
            .filter(|_| self.board[sq.0 as usize] != EMPTY)
    }

    /// The square of `color`'s general.
    pub fn king(&self, color: Color) -> Square {
        Square(self.kings[color.index()])
    }

    /// How many face-down pieces of `color` are this `kind` (the pool).
    pub fn pool_count(&self, color: Color, kind: Kind) -> u8 {
        self.pool[color.index()][kind.index()]
    }

    /// The face-down pool of `color`, indexed by `Kind as usize`.
    pub fn pool(&self, color: Color) -> [u8; 8] {
        self.pool[color.index()]
    }

    /// The pieces of `color` on the board with their squares.
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(move |sq| {
            self.piece_at(sq)
                .filter(|p| p.color == color)
                .map(|p| (sq, p))
        })
    }

    /// How many face-down pieces `color` has on the board.
    pub fn face_down_count(&self, color: Color) -> u32 {
        let own = color_bit(color);
        Square::all()
            .filter(|sq| self.board[sq.0 as usize] & (DOWN | own) == DOWN | own)
            .count() as u32
    }

    pub(crate) fn set_byte(&mut self, sq: Square, b: u8) {
        let s = sq.0 as usize;
        let old = self.board[s];
        for c in 0..2 {
            if old & (RED << c) != 0 {
                self.occ[c] &= !bit(s);
            }
            if b & (RED << c) != 0 {
                self.occ[c] |= bit(s);
            }
        }
        self.board[s] = b;
        if b & KIND == GENERAL && b & DOWN == 0 {
            self.kings[if b & RED != 0 { 0 } else { 1 }] = s as u8;
        }
    }

    pub(crate) fn pool_mut(&mut self, color: Color) -> &mut [u8; 8] {
        &mut self.pool[color.index()]
    }

    pub(crate) fn set_turn(&mut self, turn: Color) {
        self.turn = turn;
    }

    pub(crate) fn set_counters(&mut self, halfmoves: u32, fullmoves: u32) {
        self.halfmoves = halfmoves.min(MAX_COUNTER);
        self.fullmoves = fullmoves.clamp(1, MAX_COUNTER);
    }

    /// A hash of what repeats: pieces (face-down ones as such) and the side
    /// to move. The same on every platform.
    pub fn key(&self) -> u64 {
        let mut h = splitmix(self.turn as u64 + 0x5eed);
        for (i, sq) in FROM90.iter().enumerate() {
            let b = self.board[*sq as usize];
            if b != EMPTY {
                h ^= splitmix(((i as u64) << 8) | b as u64);
            }
        }
        h
    }

    // ----- attacks and legality --------------------------------------------

    /// Is the general square `k` of colour index `us` attacked by the other side?
    #[inline(always)]
    fn attacked(&self, k: usize, us: usize) -> bool {
        let b = &self.board;
        let enemy = RED << (us ^ 1);
        let chariot = enemy | CHARIOT;
        let cannon = enemy | CANNON;
        let general = enemy | GENERAL;
        for d in ORTH {
            let mut s = off(k, d);
            while b[s] == EMPTY {
                s = off(s, d);
            }
            let p = b[s] & !DOWN;
            if p & OFF != 0 {
                continue;
            }
            if p == chariot || p == general {
                return true;
            }
            s = off(s, d);
            while b[s] == EMPTY {
                s = off(s, d);
            }
            if b[s] & !DOWN == cannon {
                return true;
            }
        }
        let horse = enemy | HORSE;
        let elephant = enemy | ELEPHANT;
        let advisor = enemy | ADVISOR;
        for d in DIAG {
            let leg = off(k, d);
            let lp = b[leg];
            if lp == EMPTY {
                // Horses jump over this empty leg; elephants over this eye.
                let vert = if d > 0 { N } else { S };
                let horiz = d - vert;
                if b[off(leg, vert)] & !DOWN == horse || b[off(leg, horiz)] & !DOWN == horse {
                    return true;
                }
                if b[off(leg, d)] & !DOWN == elephant {
                    return true;
                }
            } else if lp & !DOWN == advisor {
                return true;
            }
        }
        let soldier = enemy | SOLDIER;
        let forward_of_enemy = if us == 0 { N } else { S };
        // An enemy soldier next to our general in our palace has crossed.
        b[off(k, forward_of_enemy)] & !DOWN == soldier
            || b[off(k, E)] & !DOWN == soldier
            || b[off(k, W)] & !DOWN == soldier
    }

    /// Does `color`'s general stand attacked?
    pub fn is_attacked_general(&self, color: Color) -> bool {
        self.attacked(self.kings[color.index()] as usize, color.index())
    }

    /// How many points `color`'s general could step to without being
    /// attacked there (ignoring whose turn it is): its breathing room.
    pub fn general_freedom(&self, color: Color) -> u32 {
        let us = color.index();
        let from = self.kings[us] as usize;
        let p = self.board[from];
        let mut board = self.clone();
        let mut n = 0;
        for d in ORTH {
            let to = off(from, d);
            if palace(us, to) && board.board[to] & (RED << us) == 0 {
                let c = board.board[to];
                board.board[from] = EMPTY;
                board.board[to] = p;
                if !board.attacked(to, us) {
                    n += 1;
                }
                board.board[to] = c;
                board.board[from] = p;
            }
        }
        n
    }

    /// Does the legal move `m` check the other general (a face-down mover
    /// counted as the piece it moves as)?
    pub fn gives_check(&self, m: Move) -> bool {
        let mut next = self.clone();
        let undo = next.make(m);
        if undo.mover & DOWN != 0 {
            next.board[m.to.0 as usize] = undo.mover & !DOWN;
        }
        next.is_check()
    }

    /// Is the side to move in check?
    pub fn is_check(&self) -> bool {
        let us = self.turn.index();
        self.attacked(self.kings[us] as usize, us)
    }

    /// Would the side to move be safe after moving `from`→`to`?
    #[inline(always)]
    fn safe_after(&mut self, from: usize, to: usize, k: usize, us: usize) -> bool {
        let p = self.board[from];
        let c = self.board[to];
        self.board[to] = p;
        self.board[from] = EMPTY;
        let safe = !self.attacked(k, us);
        self.board[from] = p;
        self.board[to] = c;
        safe
    }

    /// Writes the legal moves of the side to move into `list`.
    pub(crate) fn generate(&mut self, list: &mut MoveList) {
        list.clear();
        let us = self.turn.index();
        let own = RED << us;
        let blocked = own | OFF;
        let k = self.kings[us] as usize;
        let checked = self.attacked(k, us);
        let relaxed = self.rules == Rules::Jieqi;
        let kfile = k & 15;
        let krank = k >> 4;
        let on_line = move |sq: usize| (sq & 15) == kfile || (sq >> 4) == krank;

        let mut set = self.occ[us];
        while set != 0 {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            let from = FROM90[i] as usize;
            let p = self.board[from];
            // Moves from here cannot uncover the general: only the
            // destination can matter (a new cannon screen on its lines).
            let diag_next = matches!(from as i32 - k as i32, 15 | 17 | -15 | -17);
            let quiet_from = !checked && !on_line(from) && !diag_next;
            macro_rules! add {
                ($to:expr) => {{
                    let to = $to;
                    if (quiet_from && !on_line(to)) || self.safe_after(from, to, k, us) {
                        list.push(from, to);
                    }
                }};
            }
            match p & KIND {
                GENERAL => {
                    for d in ORTH {
                        let to = off(from, d);
                        if palace(us, to) && self.board[to] & own == 0 {
                            self.board[from] = EMPTY;
                            let c = self.board[to];
                            self.board[to] = p;
                            let safe = !self.attacked(to, us);
                            self.board[to] = c;
                            self.board[from] = p;
                            if safe {
                                list.push(from, to);
                            }
                        }
                    }
                }
                ADVISOR => {
                    let restricted = !relaxed || p & DOWN != 0;
                    for d in DIAG {
                        let to = off(from, d);
                        if self.board[to] & blocked == 0 && (!restricted || palace(us, to)) {
                            add!(to);
                        }
                    }
                }
                ELEPHANT => {
                    let restricted = !relaxed || p & DOWN != 0;
                    for d in DIAG {
                        let eye = off(from, d);
                        if self.board[eye] == EMPTY {
                            let to = off(eye, d);
                            if self.board[to] & blocked == 0 && (!restricted || home(us, to)) {
                                add!(to);
                            }
                        }
                    }
                }
                HORSE => {
                    for d in ORTH {
                        let leg = off(from, d);
                        if self.board[leg] == EMPTY {
                            let (a, b) = if d == N || d == S { (E, W) } else { (N, S) };
                            let t1 = off(leg, d + a);
                            if self.board[t1] & blocked == 0 {
                                add!(t1);
                            }
                            let t2 = off(leg, d + b);
                            if self.board[t2] & blocked == 0 {
                                add!(t2);
                            }
                        }
                    }
                }
                CHARIOT => {
                    for d in ORTH {
                        let mut to = off(from, d);
                        while self.board[to] == EMPTY {
                            add!(to);
                            to = off(to, d);
                        }
                        if self.board[to] & blocked == 0 {
                            add!(to);
                        }
                    }
                }
                CANNON => {
                    for d in ORTH {
                        let mut to = off(from, d);
                        while self.board[to] == EMPTY {
                            add!(to);
                            to = off(to, d);
                        }
                        if self.board[to] & OFF == 0 {
                            to = off(to, d);
                            while self.board[to] == EMPTY {
                                to = off(to, d);
                            }
                            if self.board[to] & blocked == 0 {
                                add!(to);
                            }
                        }
                    }
                }
                SOLDIER => {
                    let fwd = if us == 0 { N } else { S };
                    let to = off(from, fwd);
                    if self.board[to] & blocked == 0 {
                        add!(to);
                    }
                    if !home(us, from) {
                        for d in [E, W] {
                            let to = off(from, d);
                            if self.board[to] & blocked == 0 {
                                add!(to);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// Plays `m` on the board (no legality check, no counters, no reveal:
    /// a face-down mover stays face down).
    #[inline(always)]
    pub(crate) fn make(&mut self, m: Move) -> Undo {
        let from = m.from.0 as usize;
        let to = m.to.0 as usize;
        let us = self.turn.index();
        let mover = self.board[from];
        let captured = self.board[to];
        self.board[to] = mover;
        self.board[from] = EMPTY;
        self.occ[us] ^= bit(from) | bit(to);
        if captured != EMPTY {
            self.occ[us ^ 1] ^= bit(to);
        }
        if mover & KIND == GENERAL {
            self.kings[us] = to as u8;
        }
        self.turn = !self.turn;
        Undo { mover, captured }
    }

    #[inline(always)]
    pub(crate) fn unmake(&mut self, m: Move, undo: Undo) {
        let from = m.from.0 as usize;
        let to = m.to.0 as usize;
        self.turn = !self.turn;
        let us = self.turn.index();
        self.board[from] = undo.mover;
        self.board[to] = undo.captured;
        self.occ[us] ^= bit(from) | bit(to);
        if undo.captured != EMPTY {
            self.occ[us ^ 1] ^= bit(to);
        }
        if undo.mover & KIND == GENERAL {
            self.kings[us] = from as u8;
        }
    }

    // ----- public move API -------------------------------------------------

    /// The legal moves of the side to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut list = MoveList::new();
        self.clone().generate(&mut list);
        list.to_vec()
    }

    /// Writes the legal moves into `list` (no allocation).
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        self.clone().generate(list);
    }

    /// How many legal moves the side to move has.
    pub fn legal_move_count(&self) -> usize {
        let mut list = MoveList::new();
        self.clone().generate(&mut list);
        list.len()
    }

    pub fn is_legal(&self, m: Move) -> bool {
        let from = m.from.0 as usize;
        if self.board[from] & (RED << self.turn.index()) == 0 {
            return false;
        }
        self.legal_moves().contains(&m)
    }

    /// Does `m` turn a face-down piece face up?
    pub fn is_reveal(&self, m: Move) -> bool {
        self.board[m.from.0 as usize] & DOWN != 0
    }

    /// The piece `m` captures, if any.
    pub fn captured_by(&self, m: Move) -> Option<Piece> {
        self.piece_at(m.to)
    }

    /// Plays a legal move. A face-down mover shows the piece that starts on
    /// its square and a captured face-down piece is taken from its pool as
    /// the piece that started on its square — the forced reveals of
    /// [`crate::jieqi_perft_forced`]; use [`Position::play_revealing`] to
    /// choose the identities.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        let mover = self.board[m.from.0 as usize];
        let victim = self.board[m.to.0 as usize];
        let reveal = (mover & DOWN != 0)
            .then(|| Kind::from_bits(mover & KIND))
            .flatten();
        let taken = (victim & DOWN != 0)
            .then(|| Kind::from_bits(victim & KIND))
            .flatten();
        self.play_revealing(m, reveal, taken)
    }

    /// Plays a legal move; a face-down mover turns into `reveal`, a captured
    /// face-down piece is `taken` (both must be in their side's pool).
    pub fn play_revealing(
        &mut self,
        m: Move,
        reveal: Option<Kind>,
        taken: Option<Kind>,
    ) -> Result<(), IllegalMove> {
        if !self.is_legal(m) {
            return Err(IllegalMove(m));
        }
        let us = self.turn;
        let mover = self.board[m.from.0 as usize];
        let victim = self.board[m.to.0 as usize];
        let need_reveal = mover & DOWN != 0;
        let need_taken = victim & DOWN != 0;
        if need_reveal != reveal.is_some() || need_taken != taken.is_some() {
            return Err(IllegalMove(m));
        }
        if let Some(k) = reveal
            && (self.pool[us.index()][k.index()] == 0 || k == Kind::General)
        {
            return Err(IllegalMove(m));
        }
        if let Some(k) = taken {
            let n = self.pool[(!us).index()][k.index()];
            if n == 0 {
                return Err(IllegalMove(m));
            }
        }
        self.make(m);
        if let Some(k) = reveal {
            self.pool[us.index()][k.index()] -= 1;
            self.board[m.to.0 as usize] = color_bit(us) | k as u8;
        }
        if let Some(k) = taken {
            self.pool[(!us).index()][k.index()] -= 1;
        }
        self.halfmoves = if need_reveal || victim != EMPTY {
            0
        } else {
            (self.halfmoves + 1).min(MAX_COUNTER)
        };
        if us == Color::Black {
            self.fullmoves = (self.fullmoves + 1).min(MAX_COUNTER);
        }
        Ok(())
    }

    /// Plays `m` without the reveal: the moved piece stays face down until
    /// [`Position::set_piece_kind`] names it (the Jieqi game's chance turn).
    pub(crate) fn play_unrevealed(&mut self, m: Move) -> Undo {
        let us = self.turn;
        let undo = self.make(m);
        if undo.mover & DOWN != 0 {
            // Off its start point it moves as nothing until revealed.
            self.board[m.to.0 as usize] = down_byte(us, m.to);
        }
        self.halfmoves = if undo.mover & DOWN != 0 || undo.captured != EMPTY {
            0
        } else {
            (self.halfmoves + 1).min(MAX_COUNTER)
        };
        if us == Color::Black {
            self.fullmoves = (self.fullmoves + 1).min(MAX_COUNTER);
        }
        undo
    }

    // ----- FEN -------------------------------------------------------------

    /// Reads a FEN: ten ranks from Black's back rank down, `x`/`X` for
    /// face-down pieces; the side to move (`w` or `r` for Red, `b`); in Jieqi
    /// the face-down pool (`R2A2C2P5N2B2r2a2c2p5n2b2`, counts default to 1,
    /// `-` for none); then optionally the plies since the last capture or
    /// reveal and the move number. `-` fields (as in `w - - 0 1`) are
    /// skipped. A position with face-down pieces or a pool plays Jieqi rules,
    /// otherwise xiangqi; see [`Position::from_fen_with_rules`] to choose.
    /// A FEN over [`MAX_POSITION_BYTES`](veil_core::limits::MAX_POSITION_BYTES)
    /// is refused unread.
    pub fn from_fen(fen: &str) -> Result<Position, ParseError> {
        parse_fen(fen, None, true)
    }

    /// Like [`Position::from_fen`] with the rules given.
    pub fn from_fen_with_rules(fen: &str, rules: Rules) -> Result<Position, ParseError> {
        parse_fen(fen, Some(rules), true)
    }

    /// The FEN: the pool is written for Jieqi positions (`-` when empty).
    pub fn to_fen(&self) -> String {
        let mut s = String::new();
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..9 {
                let sq = Square::new(file, rank).expect("on board");
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        s.push(p.letter());
                    }
                }
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push_str(if self.turn == Color::Red {
            " w "
        } else {
            " b "
        });
        if self.rules == Rules::Jieqi {
            s.push_str(&self.pool_string());
            s.push(' ');
        }
        s.push_str(&format!("{} {}", self.halfmoves, self.fullmoves));
        s
    }

    /// A text picture of the board, Black at the top, for terminals:
    /// FEN letters, `x`/`X` face down, `.` empty, files and ranks labelled.
    pub fn diagram(&self) -> String {
        let mut s = String::new();
        for rank in (0..10).rev() {
            s.push_str(&format!("{rank} "));
            for file in 0..9 {
                let sq = Square::new(file, rank).expect("on board");
                s.push(' ');
                s.push(self.piece_at(sq).map_or('.', Piece::letter));
            }
            s.push('\n');
        }
        s.push_str("   a b c d e f g h i\n");
        s
    }

    /// The pool as written in the FEN (`-` when empty).
    pub fn pool_string(&self) -> String {
        let mut s = String::new();
        for color in Color::ALL {
            for kind in Kind::POOL_ORDER {
                let n = self.pool[color.index()][kind.index()];
                if n > 0 {
                    let c = kind.letter();
                    s.push(if color == Color::Red {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    });
                    s.push_str(&n.to_string());
                }
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }
}

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Reads a pool like `R2A2C2P5N2B2r2a2c2p5n2b2`.
pub(crate) fn parse_pool(text: &str) -> Result<[[u8; 8]; 2], String> {
    let mut pool = [[0u8; 8]; 2];
    if text == "-" {
        return Ok(pool);
    }
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let kind = Kind::from_letter(c).ok_or_else(|| format!("{c:?} is not a piece letter"))?;
        if kind == Kind::General {
            return Err("a general is never face down".into());
        }
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        let mut digits = String::new();
        while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
            digits.push(*d);
            chars.next();
        }
        // No side has more than 5 of a piece: two digits say all there is
        // to say, and longer counts are refused before they can overflow.
        let n: u32 = if digits.is_empty() {
            1
        } else if digits.len() > 2 {
            return Err(format!(
                "{c}{digits}: a side has only {} of that piece",
                kind.count()
            ));
        } else {
            digits.parse().map_err(|_| "bad count".to_string())?
        };
        let slot = &mut pool[color.index()][kind.index()];
        let total = *slot as u32 + n;
        if total > kind.count() as u32 {
            return Err(format!(
                "{c}{n}: a side has only {} of that piece",
                kind.count()
            ));
        }
        *slot = total as u8;
    }
    Ok(pool)
}

/// `strict`: face-down pieces only on their own start points (relaxed when
/// reading a saved game in the middle of a reveal).
pub(crate) fn parse_fen(
    fen: &str,
    rules: Option<Rules>,
    strict: bool,
) -> Result<Position, ParseError> {
    veil_core::limits::check("FEN", fen, veil_core::limits::MAX_POSITION_BYTES)?;
    let err = |reason: String| ParseError::new("FEN", fen, reason);
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Err(err("empty".into()));
    }
    let mut pos = Position::empty(rules.unwrap_or(Rules::Xiangqi));
    let rows: Vec<&str> = fields[0].split('/').collect();
    if rows.len() != 10 {
        return Err(err(format!("{} ranks instead of 10", rows.len())));
    }
    let mut has_down = false;
    for (i, row) in rows.iter().enumerate() {
        let rank = 9 - i as u8;
        let mut file = 0u8;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return Err(err(format!("rank {rank}: 0 empty points")));
                }
                file += d as u8;
                if file > 9 {
                    return Err(err(format!("rank {rank} is longer than 9 points")));
                }
                continue;
            }
            let color = if c.is_ascii_uppercase() {
                Color::Red
            } else {
                Color::Black
            };
            let kind = if c == 'x' || c == 'X' {
                None
            } else {
                Some(
                    Kind::from_letter(c)
                        .ok_or_else(|| err(format!("{c:?} is not a piece letter")))?,
                )
            };
            let sq = Square::new(file, rank)
                .ok_or_else(|| err(format!("rank {rank} is longer than 9 points")))?;
            if kind.is_none() {
                has_down = true;
                if strict
                    && !matches!(sq.start_piece(), Some((c2, k)) if c2 == color && k != Kind::General)
                {
                    return Err(err(format!(
                        "a face-down piece on {sq}, which is not a starting point of its side"
                    )));
                }
            }
            pos.set_byte(sq, piece_byte(Piece { color, kind }, sq));
            file += 1;
        }
        if file != 9 {
            return Err(err(format!("rank {rank} has {file} points instead of 9")));
        }
    }

    let mut pool = None;
    let mut numbers = Vec::new();
    for (i, field) in fields.iter().enumerate().skip(1) {
        if i == 1 {
            pos.turn = match *field {
                "w" | "r" | "W" | "R" => Color::Red,
                "b" | "B" => Color::Black,
                _ => return Err(err(format!("side to move {field:?} is not w, r or b"))),
            };
            continue;
        }
        if *field == "-" {
            continue;
        }
        if field.bytes().all(|b| b.is_ascii_digit()) {
            // At most six digits, as in veil-chess: the counters stop at
            // `MAX_COUNTER`, so the position's own FEN reads back.
            if field.len() > 6 {
                return Err(err(format!("counter {field:?} is too large")));
            }
            let n: u32 = field
                .parse()
                .map_err(|_| err(format!("counter {field:?} is too large")))?;
            numbers.push(n);
            if numbers.len() > 2 {
                return Err(err("more than two counters".into()));
            }
        } else {
            if pool.is_some() || !numbers.is_empty() {
                return Err(err(format!("unexpected field {field:?}")));
            }
            pool = Some(parse_pool(field).map_err(|e| err(format!("pool {field:?}: {e}")))?);
        }
    }
    if let Some(&h) = numbers.first() {
        pos.halfmoves = h;
    }
    if let Some(&f) = numbers.get(1) {
        pos.fullmoves = f.max(1);
    }
    if rules.is_none() && (has_down || pool.is_some()) {
        pos.rules = Rules::Jieqi;
    }
    if has_down && pos.rules == Rules::Xiangqi {
        return Err(err("face-down pieces in a xiangqi position".into()));
    }

    // Pieces: one general each, in its palace; no more of a kind than a side owns.
    for color in Color::ALL {
        let c = color.index();
        let mut counts = [0u8; 8];
        let mut down = 0u8;
        for sq in Square::all() {
            let b = pos.board[sq.0 as usize];
            if b & (RED << c) != 0 {
                if b & DOWN != 0 {
                    down += 1;
                } else {
                    counts[(b & KIND) as usize] += 1;
                }
            }
        }
        if counts[GENERAL as usize] != 1 {
            return Err(err(format!(
                "{color:?} has {} generals",
                counts[GENERAL as usize]
            )));
        }
        let k = pos.kings[c] as usize;
        if !palace(c, k) {
            return Err(err(format!("the {color:?} general is outside its palace")));
        }
        let side_pool = match pool {
            Some(p) => p[c],
            None if down > 0 => {
                // Without a pool, the face-down pieces are whatever is not face up.
                let mut p = [0u8; 8];
                for kind in Kind::POOL_ORDER {
                    p[kind.index()] = kind.count().saturating_sub(counts[kind.index()]);
                }
                p
            }
            None => [0; 8],
        };
        let pool_total: u8 = side_pool.iter().sum();
        // A saved game in the middle of a reveal has a captured face-down
        // piece still counted in its pool.
        if strict && pool_total != down {
            return Err(err(format!(
                "{color:?} has {down} face-down pieces but a pool of {pool_total}"
            )));
        }
        for kind in Kind::ALL {
            let n = counts[kind.index()] + side_pool[kind.index()];
            if n > kind.count() {
                return Err(err(format!(
                    "{color:?} has {n} {kind}s, more than the {} it owns",
                    kind.count()
                )));
            }
        }
        pos.pool[c] = side_pool;
        if pos.rules == Rules::Xiangqi {
            for sq in Square::all() {
                let b = pos.board[sq.0 as usize];
                if b & (RED << c) == 0 {
                    continue;
                }
                let ok = match b & KIND {
                    ADVISOR => {
                        let r = if color == Color::Red {
                            sq.rank()
                        } else {
                            9 - sq.rank()
                        };
                        sq.in_palace(color) && (sq.file() + r) % 2 == 1
                    }
                    ELEPHANT => {
                        let r = if color == Color::Red {
                            sq.rank()
                        } else {
                            9 - sq.rank()
                        };
                        let f = sq.file();
                        r <= 4 && r % 2 == 0 && f % 2 == 0 && (f / 2 + r / 2) % 2 == 1
                    }
                    SOLDIER => {
                        let r = if color == Color::Red {
                            sq.rank()
                        } else {
                            9 - sq.rank()
                        };
                        r >= 5 || (r >= 3 && sq.file() % 2 == 0)
                    }
                    _ => true,
                };
                if !ok {
                    let kind = Kind::from_bits(b & KIND).expect("a kind");
                    return Err(err(format!(
                        "a {color:?} {kind} cannot stand on {sq} in xiangqi"
                    )));
                }
            }
        }
    }
    let them = (!pos.turn).index();
    if strict && pos.attacked(pos.kings[them] as usize, them) {
        return Err(err("the side not to move is in check".into()));
    }
    Ok(pos)
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl std::str::FromStr for Position {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Position, ParseError> {
        Position::from_fen(s)
    }
}

/// Serialised as its FEN with the rules named.
#[derive(Serialize, Deserialize)]
struct PositionData {
    fen: String,
    rules: Rules,
}

impl Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        PositionData {
            fen: self.to_fen(),
            rules: self.rules,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let data = PositionData::deserialize(d)?;
        parse_fen(&data.fen, Some(data.rules), false).map_err(serde::de::Error::custom)
    }
}

// ----- perft ---------------------------------------------------------------

/// Counts the leaf nodes of the legal move tree to `depth` plies (the last
/// ply is counted, not played). For plain xiangqi; in a Jieqi position
/// face-down movers stay face down (see [`jieqi_perft_forced`] instead).
pub fn perft(position: &Position, depth: u32) -> u64 {
    let mut pos = position.clone();
    let mut lists: Vec<MoveList> = (0..depth.max(1)).map(|_| MoveList::new()).collect();
    perft_rec(&mut pos, depth, &mut lists, false)
}

/// Jieqi perft with every reveal forced to the piece whose starting point
/// the face-down piece stands on: from the start it equals xiangqi perft
/// while no face-up advisor or elephant can leave its xiangqi points (depth 4).
pub fn jieqi_perft_forced(position: &Position, depth: u32) -> u64 {
    let mut pos = position.clone();
    let mut lists: Vec<MoveList> = (0..depth.max(1)).map(|_| MoveList::new()).collect();
    perft_rec(&mut pos, depth, &mut lists, true)
}

fn perft_rec(pos: &mut Position, depth: u32, lists: &mut [MoveList], forced: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    pos.generate(list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &m in list.as_slice() {
        let undo = pos.make(m);
        if forced && undo.mover & DOWN != 0 {
            // The start point's own piece, face up.
            pos.board[m.to.0 as usize] = undo.mover & !DOWN;
        }
        nodes += perft_rec(pos, depth - 1, rest, forced);
        pos.unmake(m, undo);
    }
    nodes
}

/// Perft split by first move, for debugging against other engines.
pub fn perft_divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut pos = position.clone();
    let mut list = MoveList::new();
    pos.generate(&mut list);
    list.iter()
        .map(|&m| {
            let mut next = pos.clone();
            next.make(m);
            (m, perft(&next, depth.saturating_sub(1)))
        })
        .collect()
}
