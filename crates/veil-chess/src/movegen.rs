//! Legal move generation with check and pin masks.
//!
//! One generator feeds a [`Sink`]: a move list, or a counter that adds whole
//! target sets at once (bulk counting for perft's last ply).

use crate::bits::Bits;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::types::{Color, Move, Role, RoleSet, Square};

/// List of moves.
pub type MoveList = Vec<Move>;

pub(crate) trait Sink<G: Geometry> {
    /// Ordinary moves of the piece on `from` to every square of `targets`.
    fn targets(&mut self, from: u32, targets: G::Bits);
    /// Non-promoting pawn moves landing on `targets`, each from `to - delta`.
    fn pawns(&mut self, targets: G::Bits, delta: i32);
    /// Pawn moves landing on a promotion line.
    fn promotions(&mut self, targets: G::Bits, delta: i32, roles: RoleSet, mandatory: bool);
    fn special(&mut self, mv: Move);
    /// Whether the sink has seen enough and generation may stop early.
    #[inline(always)]
    fn done(&self) -> bool {
        false
    }
}

pub(crate) struct Counter(pub u64);

impl<G: Geometry> Sink<G> for Counter {
    #[inline(always)]
    fn targets(&mut self, _from: u32, targets: G::Bits) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn pawns(&mut self, targets: G::Bits, _delta: i32) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn promotions(&mut self, targets: G::Bits, _delta: i32, roles: RoleSet, mandatory: bool) {
        self.0 += targets.count() as u64 * (roles.len() + !mandatory as u32) as u64;
    }
    #[inline(always)]
    fn special(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

impl<G: Geometry> Sink<G> for Vec<Move> {
    #[inline(always)]
    fn targets(&mut self, from: u32, targets: G::Bits) {
        for to in targets.squares() {
            self.push(Move::normal(Square(from as u8), Square(to as u8)));
        }
    }
    #[inline(always)]
    fn pawns(&mut self, targets: G::Bits, delta: i32) {
        for to in targets.squares() {
            self.push(Move::normal(
                Square((to as i32 - delta) as u8),
                Square(to as u8),
            ));
        }
    }
    fn promotions(&mut self, targets: G::Bits, delta: i32, roles: RoleSet, mandatory: bool) {
        for to in targets.squares() {
            let from = Square((to as i32 - delta) as u8);
            for role in roles.iter().rev() {
                self.push(Move::promotion(from, Square(to as u8), role));
            }
            if !mandatory {
                self.push(Move::normal(from, Square(to as u8)));
            }
        }
    }
    #[inline(always)]
    fn special(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Stops at the first move found.
pub(crate) struct Any(pub bool);

impl<G: Geometry> Sink<G> for Any {
    #[inline(always)]
    fn targets(&mut self, _from: u32, targets: G::Bits) {
        self.0 |= targets.any();
    }
    #[inline(always)]
    fn pawns(&mut self, targets: G::Bits, _delta: i32) {
        self.0 |= targets.any();
    }
    #[inline(always)]
    fn promotions(&mut self, targets: G::Bits, _delta: i32, roles: RoleSet, mandatory: bool) {
        self.0 |= targets.any() && (!roles.is_empty() || !mandatory);
    }
    #[inline(always)]
    fn special(&mut self, _mv: Move) {
        self.0 = true;
    }
    #[inline(always)]
    fn done(&self) -> bool {
        self.0
    }
}

impl<G: Geometry> Position<G> {
    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = Vec::with_capacity(64);
        self.generate(&mut moves);
        moves
    }
    /// Appends every legal move to `moves` (cleared first), reusing its buffer.
    pub fn legal_moves_into(&self, moves: &mut MoveList) {
        moves.clear();
        self.generate(moves);
    }
    /// Number of legal moves, counted without listing them.
    pub fn count_legal_moves(&self) -> u64 {
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }
    pub fn has_legal_move(&self) -> bool {
        let mut a = Any(false);
        self.generate(&mut a);
        a.0
    }
    pub fn is_legal(&self, mv: Move) -> bool {
        // Cheap filter first: the mover must be ours.
        let from = mv.from().0 as u32;
        if from >= G::squares() || !self.board.by_color(self.turn).has(from) {
            return false;
        }
        // Only the mover's moves: a handful instead of every legal move.
        let mut moves = Vec::with_capacity(32);
        self.generate_from(&mut moves, G::Bits::bit(from));
        moves.contains(&mv)
    }

    /// Whether a pawn of the side to move can legally capture en passant on `ep`.
    pub(crate) fn ep_capture_possible(&self, ep: u32) -> bool {
        let us = self.turn;
        let pawns = self.board.by_piece(Role::Pawn.of(us)) & G::pawn_attacks(!us, ep);
        pawns.squares().any(|from| self.ep_legal(from, ep))
    }

    /// Whether capturing en passant from `from` onto `ep` keeps our King safe,
    /// by playing it on the occupancy: covers the pawn pinned along a rank by
    /// the two pawns leaving it at once.
    #[inline]
    fn ep_legal(&self, from: u32, ep: u32) -> bool {
        let us = self.turn;
        let kings = self.board.by_piece(Role::King.of(us));
        if kings.is_zero() {
            return true;
        }
        let captured = (ep as i32 - Self::forward(us)) as u32;
        let occ = (self.board.occupied() ^ G::Bits::bit(from) ^ G::Bits::bit(captured))
            | G::Bits::bit(ep);
        (self.attackers_of(kings.lsb(), !us, occ) & !G::Bits::bit(captured)).is_zero()
    }

    #[inline(always)]
    fn emit_pawns<S: Sink<G>>(&self, sink: &mut S, targets: G::Bits, delta: i32) {
        let us = self.turn;
        let promo = self.promo_mask[us.index()];
        let plain = targets & !promo;
        if plain.any() {
            sink.pawns(plain, delta);
        }
        let promoting = targets & promo;
        if promoting.any() {
            self.emit_promotions(sink, promoting, delta);
        }
    }

    #[inline(never)]
    fn emit_promotions<S: Sink<G>>(&self, sink: &mut S, targets: G::Bits, delta: i32) {
        let us = self.turn;
        for rel in 0..G::RANKS {
            let t = targets & G::rank_mask(Self::abs_rank(us, rel));
            if t.any() {
                let line = self.rules.promotion.line((G::RANKS - 1 - rel) as usize);
                sink.promotions(t, delta, line.roles, line.mandatory);
            }
        }
    }

    /// Set-wise pawn moves of `pawns` onto `target`.
    #[inline(always)]
    fn gen_pawns<S: Sink<G>>(&self, sink: &mut S, pawns: G::Bits, target: G::Bits) {
        let us = self.turn;
        let w = G::FILES as i32;
        let (up, left, right) = match us {
            Color::White => (w, w - 1, w + 1),
            Color::Black => (-w, -w - 1, -w + 1),
        };
        let occ = self.board.occupied();
        let empty = !occ & G::all();
        let their = self.board.by_color(!us);
        let single = pawns.shift(up) & empty;
        let double = (single & self.double_mask[us.index()]).shift(up) & empty;
        let not_a = !G::file_mask(0);
        let not_last = !G::file_mask(G::FILES - 1);
        let cap_left = (pawns & not_a).shift(left) & their;
        let cap_right = (pawns & not_last).shift(right) & their;
        self.emit_pawns(sink, single & target, up);
        if (double & target).any() {
            sink.pawns(double & target, 2 * up);
        }
        self.emit_pawns(sink, cap_left & target, left);
        self.emit_pawns(sink, cap_right & target, right);
    }

    #[inline(always)]
    pub(crate) fn generate<S: Sink<G>>(&self, sink: &mut S) {
        self.generate_from(sink, G::all());
    }

    /// The legal moves of the pieces on `movers` (all of them: `G::all()`).
    pub(crate) fn generate_from<S: Sink<G>>(&self, sink: &mut S, movers: G::Bits) {
        let us = self.turn;
        let them = !us;
        let b = &self.board;
        let our = b.by_color(us);
        let occ = b.occupied();
        let mut target = !our & G::all();
        let mut pinned = G::Bits::ZERO;
        let kings = our & b.by_role(Role::King);
        let king = kings.any().then(|| kings.lsb());
        let mut checked = false;
        if let Some(k) = king {
            let checkers = self.attackers_of(k, them, occ);
            let movers_king = movers.has(k);
            if movers_king {
                let occ_no_king = occ ^ kings;
                let mut safe = G::Bits::ZERO;
                for to in (G::king_attacks(k) & !our).squares() {
                    if self.attackers_of(to, them, occ_no_king).is_zero() {
                        safe |= G::Bits::bit(to);
                    }
                }
                sink.targets(k, safe);
            }
            if checkers.more_than_one() || sink.done() {
                return;
            }
            if checkers.any() {
                checked = true;
                target &= G::between(k, checkers.lsb()) | checkers;
            } else if movers_king && self.rules.castling && (self.castling & our).any() {
                self.gen_castling(sink, k);
            }
            pinned = self.pinned(k);
        }
        let queens = b.by_role(Role::Queen);
        let free = our & !pinned & movers;
        for from in (free & b.by_role(Role::Knight)).squares() {
            sink.targets(from, G::knight_attacks(from) & target);
        }
        if sink.done() {
            return;
        }
        for from in (free & (b.by_role(Role::Bishop) | queens)).squares() {
            sink.targets(from, G::bishop_attacks(from, occ) & target);
        }
        for from in (free & (b.by_role(Role::Rook) | queens)).squares() {
            sink.targets(from, G::rook_attacks(from, occ) & target);
        }
        let pawns = our & b.by_role(Role::Pawn) & movers;
        self.gen_pawns(sink, pawns & !pinned, target);
        if sink.done() {
            return;
        }
        // Pinned pieces keep to the line through their King (never in check:
        // a pinned piece cannot answer a check).
        if let (Some(k), false) = (king, checked) {
            for from in (pinned & movers & !b.by_role(Role::Knight)).squares() {
                let line = G::line(k, from);
                let bit = G::Bits::bit(from);
                if (bit & pawns).any() {
                    self.gen_pawns(sink, bit, target & line);
                } else {
                    let mut att = G::Bits::ZERO;
                    if (bit & (b.by_role(Role::Bishop) | queens)).any() {
                        att |= G::bishop_attacks(from, occ);
                    }
                    if (bit & (b.by_role(Role::Rook) | queens)).any() {
                        att |= G::rook_attacks(from, occ);
                    }
                    sink.targets(from, att & target & line);
                }
            }
        }
        if let Some(ep) = self.ep_square {
            let ep = ep.0 as u32;
            let promote = self.promo_mask[us.index()].has(ep);
            for from in (pawns & G::pawn_attacks(them, ep)).squares() {
                if self.ep_legal(from, ep) {
                    let (f, t) = (Square(from as u8), Square(ep as u8));
                    if promote {
                        let line = self
                            .rules
                            .promotion
                            .line((G::RANKS - 1 - Self::rel_rank(us, ep)) as usize);
                        for role in line.roles.iter() {
                            sink.special(Move::en_passant(f, t, Some(role)));
                        }
                        if !line.mandatory {
                            sink.special(Move::en_passant(f, t, None));
                        }
                    } else {
                        sink.special(Move::en_passant(f, t, None));
                    }
                }
            }
        }
    }

    #[inline(always)]
    fn rel_rank(color: Color, sq: u32) -> u32 {
        Self::abs_rank(color, sq / G::FILES)
    }

    /// Our pieces pinned to our King on `k`.
    #[inline(always)]
    fn pinned(&self, k: u32) -> G::Bits {
        let b = &self.board;
        let us = self.turn;
        let their = b.by_color(!us);
        let queens = b.by_role(Role::Queen);
        let snipers = ((G::rook_attacks(k, their) & (b.by_role(Role::Rook) | queens))
            | (G::bishop_attacks(k, their) & (b.by_role(Role::Bishop) | queens)))
            & their;
        let occ = b.occupied();
        let mut pinned = G::Bits::ZERO;
        for s in snipers.squares() {
            let between = G::between(k, s) & occ;
            if between.any() && !between.more_than_one() {
                pinned |= between;
            }
        }
        pinned & b.by_color(us)
    }

    /// Castling: the King moves two squares toward a Rook that still has its
    /// right, the Rook lands on the square the King crossed. Squares between
    /// them must be empty, the King not in check (checked by the caller) and
    /// neither the crossed nor the landing square attacked.
    #[inline(never)]
    fn gen_castling<S: Sink<G>>(&self, sink: &mut S, k: u32) {
        let us = self.turn;
        let b = &self.board;
        let back = G::rank_mask(Self::abs_rank(us, 0));
        if !back.has(k) || self.rules.castling_files & 1 << (k % G::FILES) == 0 {
            return;
        }
        let occ = b.occupied();
        for rook in (self.castling & b.by_piece(Role::Rook.of(us)) & back).squares() {
            let (king_to, rook_to) = if rook > k {
                if rook < k + 3 {
                    continue;
                }
                (k + 2, k + 1)
            } else {
                if rook + 3 > k {
                    continue;
                }
                (k - 2, k - 1)
            };
            if (G::between(k, rook) & occ).any() {
                continue;
            }
            let kbit = G::Bits::bit(k);
            if self.attackers_of(rook_to, !us, occ ^ kbit).any() {
                continue;
            }
            let after =
                (occ ^ kbit ^ G::Bits::bit(rook)) | G::Bits::bit(king_to) | G::Bits::bit(rook_to);
            if self.attackers_of(king_to, !us, after).any() {
                continue;
            }
            sink.special(Move::castle(
                Square(k as u8),
                Square(king_to as u8),
                Square(rook as u8),
            ));
        }
    }
}

/// Counts the leaf nodes of the legal move tree to `depth` (bulk counting at
/// the last ply).
pub fn perft<G: Geometry>(pos: &Position<G>, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut moves = Vec::with_capacity(64);
            pos.generate(&mut moves);
            let mut total = 0;
            for mv in moves {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                total += perft(&child, depth - 1);
            }
            total
        }
    }
}

/// Perft split by first move, in generation order: what `divide` prints in
/// engines, to find where two generators disagree.
pub fn perft_divide<G: Geometry>(pos: &Position<G>, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            (mv, perft(&child, depth - 1))
        })
        .collect()
}
