//! Game knowledge for the computer player: a static evaluation and a
//! playout policy that takes wins and free material.

use veil_chess::{Bits, Chess10, Color, Geometry, Grid10, Move, Role, Square};
use veil_core::{Game, GameRng, RngExt, Seat};

use crate::game::{Action, SecretKing, adjacent, bit, value};

/// Squares a `role` of `color` on `sq` attacks with the board `occupied`.
fn attacks(role: Role, color: Color, sq: Square, occupied: u128) -> u128 {
    let s = sq.0 as u32;
    match role {
        Role::Pawn => Grid10::pawn_attacks(color, s),
        Role::Knight => Grid10::knight_attacks(s),
        Role::Bishop => Grid10::bishop_attacks(s, occupied),
        Role::Rook => Grid10::rook_attacks(s, occupied),
        Role::Queen => Grid10::queen_attacks(s, occupied),
        Role::King => Grid10::king_attacks(s),
    }
}

/// Whether `color`'s Secret King on `sk` can end its next move next to the
/// revealed enemy King on `king`.
fn threatens_adjacency(pos: &Chess10, color: Color, sk: Square, king: Square) -> bool {
    let own = pos.board().by_color(color);
    let around = Grid10::king_attacks(king.0 as u32) & !own;
    match pos.board().piece_at(sk).map(|p| p.role) {
        Some(Role::Knight) => (Grid10::knight_attacks(sk.0 as u32) & around).any(),
        Some(Role::King) => (Grid10::king_attacks(sk.0 as u32) & around).any(),
        _ => false,
    }
}

/// A plain evaluation for `color`, in pawns: material, mobility, the
/// exposure of revealed Kings, the adjacency threat, and what the side to
/// move can take.
pub(crate) fn score(game: &SecretKing, color: Color) -> f64 {
    let pos = game.position();
    let board = pos.board();
    let occupied = board.occupied();
    let mut side = [0.0f64; 2];
    for (sq, piece) in board.pieces() {
        let own = board.by_color(piece.color);
        let reach = attacks(piece.role, piece.color, sq, occupied) & !own;
        side[piece.color.index()] += value(piece.role) + 0.02 * reach.count() as f64;
    }
    let mut score = side[color.index()] - side[(!color).index()];
    let to_move = pos.turn();
    for c in [color, !color] {
        let sign = if c == color { 1.0 } else { -1.0 };
        let enemy = !c;
        let mut term = 0.0;
        if let Some(k) = board.king_of(c) {
            // A revealed King can be mated and approached.
            term -= 1.0;
            let zone = Grid10::king_attacks(k.0 as u32) | bit(k);
            let danger = zone
                .squares()
                .filter(|z| pos.attackers(Square(*z as u8), enemy).any())
                .count();
            term -= 0.15 * danger as f64;
            if let Some(s) = game.secret_king(enemy)
                && threatens_adjacency(pos, enemy, s, k)
            {
                term -= if to_move == enemy { 6.0 } else { 1.5 };
            }
        } else if let Some(s) = game.secret_king(c)
            && pos.attackers(s, enemy).any()
        {
            // Taking it would reveal it (though the taker is lost).
            term -= 0.4;
        }
        score += sign * term;
    }
    // The side to move can take its best target.
    let mut best = 0.0f64;
    for (sq, piece) in board
        .pieces()
        .filter(|(_, p)| p.color != to_move && p.role != Role::King)
    {
        let attackers = pos.attackers(sq, to_move);
        if attackers.is_zero() {
            continue;
        }
        let cheapest = attackers
            .squares()
            .filter_map(|a| board.piece_at(Square(a as u8)))
            .map(|p| value(p.role))
            .fold(f64::MAX, f64::min);
        let gain = if pos.attackers(sq, !to_move).any() {
            value(piece.role) - cheapest
        } else {
            value(piece.role)
        };
        best = best.max(gain);
    }
    score
        + if to_move == color {
            0.7 * best
        } else {
            -0.7 * best
        }
}

/// Whether `mv` wins at once without needing a search: the adjacency win,
/// the Secret King taking the Secret King, or a capture revealing the enemy
/// King next to our Secret King. (Checkmates are tested by playing.)
fn wins_by_rule(game: &SecretKing, mv: Move) -> bool {
    let pos = game.position();
    let us = pos.turn();
    let them = !us;
    let mine = game.secret_king(us);
    let after = if mine == Some(mv.from()) {
        Some(mv.to())
    } else {
        mine
    };
    let Some(sk) = after else { return false };
    if let Some(k) = pos.board().king_of(them) {
        return adjacent(sk, k);
    }
    game.secret_king(them) == Some(mv.to()) && (mine == Some(mv.from()) || adjacent(sk, mv.to()))
}

/// Whether `mv` gives check to the revealed enemy King on `king` directly.
fn checks(pos: &Chess10, mv: Move, king: Square) -> bool {
    let Some(piece) = pos.board().piece_at(mv.from()) else {
        return false;
    };
    let role = mv.promotion_role().unwrap_or(piece.role);
    let occupied = (pos.board().occupied() & !bit(mv.from())) | bit(mv.to());
    attacks(role, piece.color, mv.to(), occupied) & bit(king) != 0
}

pub(crate) fn playout_action(
    game: &SecretKing,
    _seat: Seat,
    legal: &[Action],
    rng: &mut GameRng,
) -> Action {
    let random = |rng: &mut GameRng| legal[rng.random_range(0..legal.len())];
    if !matches!(legal.first(), Some(Action::Move(_))) {
        return random(rng);
    }
    let pos = game.position();
    let board = pos.board();
    let us = pos.turn();
    let them = !us;
    let their_king = board.king_of(them);
    if under_threat(game, us) && rng.random_bool(0.9) {
        return defend(game, legal, rng).unwrap_or_else(|| random(rng));
    }
    let mut mates_tried = 0;
    let mut best: Option<(f64, Action)> = None;
    for &action in legal {
        let Action::Move(mv) = action else { continue };
        if wins_by_rule(game, mv) {
            return action;
        }
        if let Some(k) = their_king
            && mates_tried < 8
            && checks(pos, mv, k)
        {
            mates_tried += 1;
            let mut probe = game.clone();
            if probe
                .apply(veil_core::Actor::Seat(crate::game::seat_of(us)), action)
                .is_ok()
                && probe.outcome().is_some_and(|o| !o.is_draw())
            {
                return action;
            }
        }
        let mover = board.piece_at(mv.from()).map_or(Role::Pawn, |p| p.role);
        let mut gain = match mv.promotion_role() {
            Some(r) => value(r) - 1.0,
            None => 0.0,
        };
        let victim = if mv.is_en_passant() {
            Some(Role::Pawn)
        } else {
            board
                .piece_at(mv.to())
                .filter(|p| p.color == them)
                .map(|p| p.role)
        };
        if let Some(role) = victim {
            if role == Role::Knight && game.secret_king(them) == Some(mv.to()) {
                // The taker is lost, but the King comes out.
                gain += 1.5 - value(mover);
            } else if pos.attackers(mv.to(), them).any() {
                gain += value(role) - value(mover);
            } else {
                gain += value(role);
            }
        }
        if gain > 0.0 && best.is_none_or(|(b, _)| gain > b) {
            best = Some((gain, action));
        }
    }
    match best {
        Some((_, action)) if rng.random_bool(0.9) => action,
        _ => random(rng),
    }
}

/// Whether `color`'s revealed King can be reached by the enemy Secret King
/// on the enemy's next move (or already stands next to it).
fn under_threat(game: &SecretKing, color: Color) -> bool {
    let pos = game.position();
    match (pos.board().king_of(color), game.secret_king(!color)) {
        (Some(k), Some(s)) => adjacent(k, s) || threatens_adjacency(pos, !color, s, k),
        _ => false,
    }
}

/// A move that wins, or after which the enemy Secret King no longer
/// threatens our King (captures first), if there is one.
fn defend(game: &SecretKing, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
    let us = game.position().turn();
    let seat = crate::game::seat_of(us);
    let mut safe = Vec::new();
    for &action in legal {
        let mut probe = game.clone();
        if probe.apply(veil_core::Actor::Seat(seat), action).is_err() {
            continue;
        }
        match probe.outcome() {
            Some(o) if o.winners().next() == Some(seat) && !o.is_draw() => return Some(action),
            Some(_) => continue,
            None if !under_threat(&probe, us) => safe.push(action),
            None => {}
        }
    }
    let captures: Vec<Action> = safe
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Move(m) if game.position().is_capture(*m)))
        .collect();
    let pool = if captures.is_empty() {
        &safe
    } else {
        &captures
    };
    (!pool.is_empty()).then(|| pool[rng.random_range(0..pool.len())])
}
