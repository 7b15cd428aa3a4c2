//! Boards, unchecked setups and validated positions.

use core::fmt;

use crate::bits::Bits;
use crate::geometry::{Geometry, Grid8};
use crate::rules::Rules;
use crate::types::{Color, Move, MoveKind, Outcome, Piece, Role, Square};
use crate::zobrist::KEYS;

/// Piece placement: one bitboard per role and per colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board<G: Geometry = Grid8> {
    pub(crate) by_role: [G::Bits; 6],
    pub(crate) by_color: [G::Bits; 2],
}

impl<G: Geometry> Default for Board<G> {
    fn default() -> Self {
        Board::empty()
    }
}

impl<G: Geometry> Board<G> {
    pub fn empty() -> Self {
        Board {
            by_role: [G::Bits::ZERO; 6],
            by_color: [G::Bits::ZERO; 2],
        }
    }
    #[inline(always)]
    pub fn occupied(&self) -> G::Bits {
        self.by_color[0] | self.by_color[1]
    }
    #[inline(always)]
    pub fn by_color(&self, color: Color) -> G::Bits {
        self.by_color[color.index()]
    }
    #[inline(always)]
    pub fn by_role(&self, role: Role) -> G::Bits {
        self.by_role[role.index()]
    }
    #[inline(always)]
    pub fn by_piece(&self, piece: Piece) -> G::Bits {
        self.by_role(piece.role) & self.by_color(piece.color)
    }
    #[inline(always)]
    pub(crate) fn role_at_index(&self, sq: u32) -> Option<Role> {
        let bit = G::Bits::bit(sq);
        if (self.occupied() & bit).is_zero() {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|r| (self.by_role[r.index()] & bit).any())
    }
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        if sq.0 as u32 >= G::squares() {
            return None;
        }
        let role = self.role_at_index(sq.0 as u32)?;
        let color = if self.by_color[0].has(sq.0 as u32) {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }
    /// Puts `piece` on `sq`, replacing what was there; squares off the board are ignored.
    pub fn set_piece_at(&mut self, sq: Square, piece: Piece) {
        if sq.0 as u32 >= G::squares() {
            return;
        }
        self.remove_piece_at(sq);
        self.put(sq.0 as u32, piece.color, piece.role);
    }
    /// Removes and returns the piece on `sq`.
    pub fn remove_piece_at(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.put(sq.0 as u32, piece.color, piece.role);
        Some(piece)
    }
    /// The King of `color`, if it has exactly one.
    pub fn king_of(&self, color: Color) -> Option<Square> {
        let k = self.by_piece(Role::King.of(color));
        (k.any() && !k.more_than_one()).then(|| Square(k.lsb() as u8))
    }
    /// Every piece with its square, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .squares()
            .filter_map(move |s| self.piece_at(Square(s as u8)).map(|p| (Square(s as u8), p)))
    }
    /// Toggles a piece (xor): adds it to an empty square or removes it.
    #[inline(always)]
    pub(crate) fn put(&mut self, sq: u32, color: Color, role: Role) {
        let b = G::Bits::bit(sq);
        self.by_role[role.index()] ^= b;
        self.by_color[color.index()] ^= b;
    }
}

impl<G: Geometry> fmt::Debug for Board<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..G::RANKS).rev() {
            for file in 0..G::FILES {
                let sq = G::square(file, rank).expect("on board");
                write!(f, "{}", self.piece_at(sq).map_or('.', |p| p.char()))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The largest halfmove clock and fullmove number: six digits, what a FEN
/// may hold. Both counters stop there (a game played on past it keeps the
/// number), so whatever a FEN read, the position's own FEN reads back.
pub const MAX_COUNTER: u32 = 999_999;

/// A position as written, not yet checked: what FEN describes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup<G: Geometry = Grid8> {
    pub board: Board<G>,
    pub turn: Color,
    /// Squares of the Rooks that may still castle.
    pub castling: G::Bits,
    /// The square a pawn just crossed with its double step.
    pub ep_square: Option<Square>,
    pub halfmoves: u32,
    pub fullmoves: u32,
}

impl<G: Geometry> Setup<G> {
    pub fn empty() -> Self {
        Setup {
            board: Board::empty(),
            turn: Color::White,
            castling: G::Bits::ZERO,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }
}

/// Why a [`Setup`] is not a valid position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionErrorKind {
    PieceOffBoard,
    MissingKing(Color),
    TooManyKings(Color),
    /// A pawn on its own back rank or on a rank where it must have promoted.
    PawnOnImpossibleRank,
    BadCastlingRights,
    BadEnPassantSquare,
    /// The side that just moved is in check.
    OppositeCheck,
}

impl fmt::Display for PositionErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionErrorKind::PieceOffBoard => write!(f, "a piece stands off the board"),
            PositionErrorKind::MissingKing(c) => write!(f, "{} has no King", c.name()),
            PositionErrorKind::TooManyKings(c) => write!(f, "{} has more than one King", c.name()),
            PositionErrorKind::PawnOnImpossibleRank => {
                write!(f, "a pawn stands where no pawn can be")
            }
            PositionErrorKind::BadCastlingRights => {
                write!(
                    f,
                    "castling rights without a Rook on its back rank and a King where it may castle from"
                )
            }
            PositionErrorKind::BadEnPassantSquare => write!(
                f,
                "en passant square not behind a pawn that just double stepped"
            ),
            PositionErrorKind::OppositeCheck => write!(f, "the side not to move is in check"),
        }
    }
}

/// A rejected [`Setup`], handed back with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError<G: Geometry = Grid8> {
    pub kind: PositionErrorKind,
    pub setup: Setup<G>,
}

impl<G: Geometry> fmt::Display for PositionError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal position: {}", self.kind)
    }
}

impl<G: Geometry> std::error::Error for PositionError<G> {}

/// A move that is not legal in the position, handed back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub Move);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {:?}", self.0)
    }
}

impl std::error::Error for IllegalMove {}

/// A valid position: board, side to move, castling rights, en passant square,
/// clocks, the rules it plays by and its Zobrist hash.
///
/// The en passant square is kept only when an en passant capture is legal, so
/// equal positions have equal hashes and FENs.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position<G: Geometry = Grid8> {
    pub(crate) board: Board<G>,
    pub(crate) turn: Color,
    pub(crate) castling: G::Bits,
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) rules: Rules,
    pub(crate) hash: u64,
    /// Per colour: ranks on which a pawn may promote.
    pub(crate) promo_mask: [G::Bits; 2],
    /// Per colour: the rank a single step from the double-step rank lands on.
    pub(crate) double_mask: [G::Bits; 2],
}

impl<G: Geometry> fmt::Debug for Position<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl Default for Position<Grid8> {
    /// The standard starting position.
    fn default() -> Self {
        Position::from_fen(crate::fen::STANDARD_START).expect("the start position is valid")
    }
}

#[inline(always)]
pub(crate) fn piece_key(color: Color, role: Role, sq: u32) -> u64 {
    KEYS.piece[color.index() * 6 + role.index()][sq as usize]
}

impl<G: Geometry> Position<G> {
    /// Rank index (0-based, absolute) of relative rank `rel` for `color`.
    #[inline(always)]
    pub(crate) fn abs_rank(color: Color, rel: u32) -> u32 {
        match color {
            Color::White => rel,
            Color::Black => G::RANKS - 1 - rel,
        }
    }
    /// Square offset of one step forward for `color`.
    #[inline(always)]
    pub(crate) fn forward(color: Color) -> i32 {
        match color {
            Color::White => G::FILES as i32,
            Color::Black => -(G::FILES as i32),
        }
    }

    /// Validates a setup under `rules`, refusing positions where the side that
    /// just moved stands in check.
    pub fn from_setup(setup: Setup<G>, rules: Rules) -> Result<Self, PositionError<G>> {
        Self::validate(setup, rules, true)
    }

    /// Like [`Position::from_setup`] but accepts the side that just moved being
    /// in check (variants where a King appears next to the enemy King). The
    /// side to move may then capture that King.
    pub fn from_setup_lenient(setup: Setup<G>, rules: Rules) -> Result<Self, PositionError<G>> {
        Self::validate(setup, rules, false)
    }

    fn validate(setup: Setup<G>, rules: Rules, strict: bool) -> Result<Self, PositionError<G>> {
        let err = |kind, setup| Err(PositionError { kind, setup });
        let board = setup.board;
        if (board.occupied() & !G::all()).any() || (setup.castling & !G::all()).any() {
            return err(PositionErrorKind::PieceOffBoard, setup);
        }
        if setup.ep_square.is_some_and(|s| s.0 as u32 >= G::squares()) {
            return err(PositionErrorKind::BadEnPassantSquare, setup);
        }
        for color in Color::ALL {
            let kings = board.by_piece(Role::King.of(color));
            if kings.more_than_one() {
                return err(PositionErrorKind::TooManyKings(color), setup);
            }
            if kings.is_zero() && rules.require_kings {
                return err(PositionErrorKind::MissingKing(color), setup);
            }
        }
        let mut promo_mask = [G::Bits::ZERO; 2];
        let mut double_mask = [G::Bits::ZERO; 2];
        for color in Color::ALL {
            let pawns = board.by_piece(Role::Pawn.of(color));
            for rel in 0..G::RANKS {
                let line = rules.promotion.line((G::RANKS - 1 - rel) as usize);
                let mask = G::rank_mask(Self::abs_rank(color, rel));
                if !line.roles.is_empty() {
                    promo_mask[color.index()] |= mask;
                }
                if (rel == 0 || line.mandatory) && (pawns & mask).any() {
                    return err(PositionErrorKind::PawnOnImpossibleRank, setup);
                }
            }
            if let Some(ds) = rules.double_step
                && (ds as u32) + 2 < G::RANKS
            {
                double_mask[color.index()] = G::rank_mask(Self::abs_rank(color, ds as u32 + 1));
            }
        }
        // Castling rights: an own Rook on its back rank, the King (if shown) on
        // that rank too.
        if setup.castling.any() && !rules.castling {
            return err(PositionErrorKind::BadCastlingRights, setup);
        }
        for sq in setup.castling.squares() {
            let rank = sq / G::FILES;
            let color = if rank == 0 {
                Color::White
            } else if rank == G::RANKS - 1 {
                Color::Black
            } else {
                return err(PositionErrorKind::BadCastlingRights, setup);
            };
            if !board.by_piece(Role::Rook.of(color)).has(sq) {
                return err(PositionErrorKind::BadCastlingRights, setup);
            }
            let king = board.by_piece(Role::King.of(color));
            if king.any()
                && (king.lsb() / G::FILES != rank
                    || rules.castling_files & 1 << (king.lsb() % G::FILES) == 0)
            {
                return err(PositionErrorKind::BadCastlingRights, setup);
            }
        }
        let mut pos = Position {
            board,
            turn: setup.turn,
            castling: setup.castling,
            ep_square: None,
            halfmoves: setup.halfmoves.min(MAX_COUNTER),
            fullmoves: setup.fullmoves.clamp(1, MAX_COUNTER),
            rules,
            hash: 0,
            promo_mask,
            double_mask,
        };
        if let Some(ep) = setup.ep_square {
            // The side that just moved double stepped across `ep`.
            let mover = !setup.turn;
            let ok = rules.en_passant
                && rules.double_step.is_some_and(|ds| {
                    (ds as u32) + 2 < G::RANKS
                        && G::rank_of(ep) == Self::abs_rank(mover, ds as u32 + 1)
                })
                && {
                    let e = ep.0 as i32;
                    let pawn_sq = (e + Self::forward(mover)) as u32;
                    let origin = (e - Self::forward(mover)) as u32;
                    let occ = board.occupied();
                    !occ.has(e as u32)
                        && !occ.has(origin)
                        && board.by_piece(Role::Pawn.of(mover)).has(pawn_sq)
                };
            if !ok {
                return err(PositionErrorKind::BadEnPassantSquare, setup);
            }
            if pos.ep_capture_possible(ep.0 as u32) {
                pos.ep_square = Some(ep);
            }
        }
        if strict
            && let Some(k) = board.king_of(!pos.turn)
            && pos
                .attackers_of(k.0 as u32, pos.turn, board.occupied())
                .any()
        {
            return err(PositionErrorKind::OppositeCheck, setup);
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// Back to an unchecked setup, e.g. to change pieces for a variant.
    pub fn to_setup(&self) -> Setup<G> {
        Setup {
            board: self.board,
            turn: self.turn,
            castling: self.castling,
            ep_square: self.ep_square,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in self.board.by_piece(role.of(color)).squares() {
                    h ^= piece_key(color, role, sq);
                }
            }
        }
        for sq in self.castling.squares() {
            h ^= KEYS.castle[sq as usize];
        }
        if let Some(ep) = self.ep_square {
            h ^= KEYS.ep_file[G::file_of(ep) as usize];
        }
        if self.turn == Color::Black {
            h ^= KEYS.black_to_move;
        }
        h
    }

    #[inline(always)]
    pub fn board(&self) -> &Board<G> {
        &self.board
    }
    #[inline(always)]
    pub fn turn(&self) -> Color {
        self.turn
    }
    #[inline(always)]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// Squares of the Rooks that may still castle (both colours).
    #[inline(always)]
    pub fn castling_rights(&self) -> G::Bits {
        self.castling
    }
    /// The en passant target square, present only if a capture there is legal.
    #[inline(always)]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }
    /// Half-moves since the last capture or pawn move.
    #[inline(always)]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }
    #[inline(always)]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }
    /// Zobrist hash of placement, side to move, castling rights and en passant.
    #[inline(always)]
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// Pieces of `by` attacking `sq` with the given occupancy.
    #[inline(always)]
    pub(crate) fn attackers_of(&self, sq: u32, by: Color, occupied: G::Bits) -> G::Bits {
        let b = &self.board;
        let queens = b.by_role[Role::Queen.index()];
        ((G::rook_attacks(sq, occupied) & (b.by_role[Role::Rook.index()] | queens))
            | (G::bishop_attacks(sq, occupied) & (b.by_role[Role::Bishop.index()] | queens))
            | (G::knight_attacks(sq) & b.by_role[Role::Knight.index()])
            | (G::king_attacks(sq) & b.by_role[Role::King.index()])
            | (G::pawn_attacks(!by, sq) & b.by_role[Role::Pawn.index()]))
            & b.by_color[by.index()]
    }

    /// Pieces of `by` that attack `sq`.
    pub fn attackers(&self, sq: Square, by: Color) -> G::Bits {
        self.attackers_of(sq.0 as u32, by, self.board.occupied())
    }

    /// Enemy pieces giving check to the side to move (none without a King).
    #[inline]
    pub fn checkers(&self) -> G::Bits {
        let kings = self.board.by_piece(Role::King.of(self.turn));
        if kings.is_zero() {
            return G::Bits::ZERO;
        }
        self.attackers_of(kings.lsb(), !self.turn, self.board.occupied())
    }
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }
    /// The result if the game ended on the board: checkmate or stalemate.
    /// Repetition and the 50-move rule need history: see [`Game`](crate::Game).
    pub fn outcome(&self) -> Option<Outcome> {
        if self.has_legal_move() {
            None
        } else if self.is_check() {
            Some(Outcome::Decisive { winner: !self.turn })
        } else {
            Some(Outcome::Draw)
        }
    }
    /// At least 100 half-moves without capture or pawn move.
    pub fn is_fifty_move_rule(&self) -> bool {
        self.halfmoves >= 100
    }
    /// Neither side can ever checkmate: only Kings and at most one minor
    /// piece, or only Kings and Bishops all on squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        let b = &self.board;
        let heavy = b.by_role(Role::Pawn) | b.by_role(Role::Rook) | b.by_role(Role::Queen);
        if heavy.any() {
            return false;
        }
        let knights = b.by_role(Role::Knight);
        let bishops = b.by_role(Role::Bishop);
        if (knights | bishops).count() <= 1 {
            return true;
        }
        if knights.any() {
            return false;
        }
        let colours = bishops
            .squares()
            .map(|s| (s % G::FILES + s / G::FILES) % 2)
            .fold(0u8, |acc, c| acc | 1 << c);
        colours != 3
    }

    /// The role of the piece that makes `mv`, if any.
    pub fn role_of(&self, mv: Move) -> Option<Role> {
        self.board.piece_at(mv.from()).map(|p| p.role)
    }
    /// Whether `mv` captures (including en passant).
    pub fn is_capture(&self, mv: Move) -> bool {
        mv.is_en_passant()
            || (!mv.is_castle()
                && self
                    .board
                    .piece_at(mv.to())
                    .is_some_and(|p| p.color != self.turn))
    }

    /// Plays a legal move; an illegal one is handed back and nothing changes.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_legal(mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(IllegalMove(mv))
        }
    }

    /// Plays a move that must be legal (from [`Position::legal_moves`]);
    /// anything else leaves a meaningless but memory-safe position.
    pub fn play_unchecked(&mut self, mv: Move) {
        let us = self.turn;
        let them = !us;
        let from = mv.from().0 as u32;
        let to = mv.to().0 as u32;
        // Guards so that even a made-up move cannot index off the board.
        let n = G::squares();
        let captured_ep = to as i32 - Self::forward(us);
        if from >= n
            || to >= n
            || (mv.is_castle() && mv.extra as u32 >= n)
            || (mv.is_en_passant() && !(0..n as i32).contains(&captured_ep))
        {
            return;
        }
        let Some(role) = self.board.role_at_index(from) else {
            return;
        };
        let mut hash = self.hash ^ KEYS.black_to_move;
        if let Some(ep) = self.ep_square.take() {
            hash ^= KEYS.ep_file[G::file_of(ep) as usize];
        }
        self.halfmoves = (self.halfmoves + 1).min(MAX_COUNTER);
        let mut new_ep = None;
        match mv.kind {
            MoveKind::Castle => {
                let rook = mv.extra as u32;
                let rook_to = if to > from {
                    from + 1
                } else {
                    from.saturating_sub(1)
                };
                self.board.put(from, us, Role::King);
                self.board.put(rook, us, Role::Rook);
                self.board.put(to, us, Role::King);
                self.board.put(rook_to, us, Role::Rook);
                hash ^= piece_key(us, Role::King, from)
                    ^ piece_key(us, Role::King, to)
                    ^ piece_key(us, Role::Rook, rook)
                    ^ piece_key(us, Role::Rook, rook_to);
            }
            MoveKind::EnPassant => {
                let captured = captured_ep as u32;
                self.board.put(captured, them, Role::Pawn);
                hash ^= piece_key(them, Role::Pawn, captured);
                let new_role = mv.promotion_role().unwrap_or(Role::Pawn);
                self.board.put(from, us, Role::Pawn);
                self.board.put(to, us, new_role);
                hash ^= piece_key(us, Role::Pawn, from) ^ piece_key(us, new_role, to);
                self.halfmoves = 0;
            }
            MoveKind::Normal => {
                if let Some(captured) = self.board.role_at_index(to) {
                    let owner = if self.board.by_color[us.index()].has(to) {
                        us
                    } else {
                        them
                    };
                    self.board.put(to, owner, captured);
                    hash ^= piece_key(owner, captured, to);
                    self.halfmoves = 0;
                }
                let new_role = mv.promotion_role().unwrap_or(role);
                self.board.put(from, us, role);
                self.board.put(to, us, new_role);
                hash ^= piece_key(us, role, from) ^ piece_key(us, new_role, to);
                if role == Role::Pawn {
                    self.halfmoves = 0;
                    if (to as i32 - from as i32) == 2 * Self::forward(us) && self.rules.en_passant {
                        new_ep = Some((from + to) / 2);
                    }
                }
            }
        }
        if self.castling.any() {
            let old = self.castling;
            self.castling &= !(G::Bits::bit(from) | G::Bits::bit(to));
            if role == Role::King {
                self.castling &= !G::rank_mask(Self::abs_rank(us, 0));
            }
            for sq in (old ^ self.castling).squares() {
                hash ^= KEYS.castle[sq as usize];
            }
        }
        self.turn = them;
        if us == Color::Black {
            self.fullmoves = (self.fullmoves + 1).min(MAX_COUNTER);
        }
        if let Some(ep) = new_ep
            && self.ep_capture_possible(ep)
        {
            self.ep_square = Some(Square(ep as u8));
            hash ^= KEYS.ep_file[(ep % G::FILES) as usize];
        }
        self.hash = hash;
    }
}
