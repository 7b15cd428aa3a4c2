//! Game knowledge for the search: an evaluation and a playout policy.

use veil_chess::{Bits, Chess, Color, Geometry, Grid8, Role};
use veil_core::{GameRng, RngExt, Seat};

use crate::game::{Intrigue, value};
use crate::types::{Action, color_of};

/// Non-pawn material of both sides at the start (Queens at home).
const FULL: f64 = 2.0 * (2.0 * 3.0 + 2.0 * 3.2 + 2.0 * 5.0 + 9.0);

/// How much of the non-pawn material is still on the board, in [0, 1]:
/// 1 at the start, 0 when only Kings and pawns remain.
fn phase(pos: &Chess) -> f64 {
    let (_, w) = material(pos, Color::White);
    let (_, b) = material(pos, Color::Black);
    ((w + b) / FULL).clamp(0.0, 1.0)
}

fn material(pos: &Chess, color: Color) -> (f64, f64) {
    let mut pawns = 0.0;
    let mut pieces = 0.0;
    for (_, p) in pos.board().pieces() {
        if p.color == color {
            if p.role == Role::Pawn {
                pawns += 1.0;
            } else {
                pieces += value(p.role);
            }
        }
    }
    (pawns, pieces)
}

/// Squares a `role` of `color` on `sq` attacks with the board `occupied`.
fn attacks(role: Role, color: Color, sq: u32, occupied: u64) -> u64 {
    match role {
        Role::Pawn => Grid8::pawn_attacks(color, sq),
        Role::Knight => Grid8::knight_attacks(sq),
        Role::Bishop => Grid8::bishop_attacks(sq, occupied),
        Role::Rook => Grid8::rook_attacks(sq, occupied),
        Role::Queen => Grid8::queen_attacks(sq, occupied),
        Role::King => Grid8::king_attacks(sq),
    }
}

/// Per colour, the squares its pieces reach (not their own): mobility
/// without generating moves for both sides.
fn reach(pos: &Chess) -> [f64; 2] {
    let board = pos.board();
    let occupied = board.occupied();
    let mut out = [0.0; 2];
    for (sq, p) in board.pieces() {
        let own = board.by_color(p.color);
        out[p.color.index()] +=
            (attacks(p.role, p.color, sq.0 as u32, occupied) & !own).count() as f64;
    }
    out
}

/// The most the side to move wins by its best capture (a defended target
/// costs the cheapest attacker): what it threatens, which a playout cut at
/// a fixed depth would otherwise ignore.
fn best_capture(pos: &Chess) -> f64 {
    let board = pos.board();
    let us = pos.turn();
    let mut best = 0.0f64;
    for (sq, piece) in board.pieces().filter(|(_, p)| p.color != us) {
        let attackers = pos.attackers(sq, us);
        if attackers.is_zero() {
            continue;
        }
        if piece.role == Role::King {
            return 20.0;
        }
        let cheapest = attackers
            .squares()
            .filter_map(|a| board.piece_at(veil_chess::Square(a as u8)))
            .map(|p| {
                if p.role == Role::King {
                    50.0
                } else {
                    value(p.role)
                }
            })
            .fold(f64::MAX, f64::min);
        let gain = if pos.attackers(sq, !us).any() {
            value(piece.role) - cheapest
        } else {
            value(piece.role)
        };
        best = best.max(gain);
    }
    best
}

/// A plain evaluation for `color`, in pawns: material, mobility, the safety
/// of a shown King, and what a hidden King is worth (safe from checks while
/// pieces abound, idle in the endgame).
pub fn score(game: &Intrigue, color: Color) -> f64 {
    let pos = game.position();
    let mut side = [0.0f64; 2];
    let (wp, wn) = material(pos, Color::White);
    let (bp, bn) = material(pos, Color::Black);
    let phase = ((wn + bn) / FULL).clamp(0.0, 1.0);
    for c in Color::ALL {
        let (p, n) = if c == Color::White {
            (wp, wn)
        } else {
            (bp, bn)
        };
        let mut s = p + n;
        match pos.board().king_of(c) {
            // A hidden King cannot be checked: worth most while the
            // enemy has the pieces to hunt a shown one.
            None => s += 1.8 * phase - 0.3,
            Some(k) => {
                // Shown King: squares around it the enemy attacks, and how
                // far it stands from its own back rank (one that appeared
                // among the enemy pieces is hunted down while they abound).
                let ring = Grid8::king_attacks(k.0 as u32);
                let mut attacked = 0;
                for sq in ring.squares() {
                    if pos.attackers(veil_chess::Square(sq as u8), !c).any() {
                        attacked += 1;
                    }
                }
                let rank = k.0 as u32 / 8;
                let advance = if c == Color::White { rank } else { 7 - rank };
                s -= (0.12 * attacked as f64 + 0.3 * advance as f64) * (0.2 + phase);
                if pos.turn() == c && pos.is_check() {
                    s -= 0.3;
                }
            }
        }
        side[c.index()] = s;
    }
    let moves = reach(pos);
    let mine = side[color.index()] + 0.03 * moves[color.index()];
    let theirs = side[(!color).index()] + 0.03 * moves[(!color).index()];
    let threat = 0.7 * best_capture(pos);
    mine - theirs + if pos.turn() == color { threat } else { -threat }
}

/// The evaluation in [0, 1] for `seat`.
pub fn evaluate(game: &Intrigue, seat: Seat) -> f64 {
    if let Some(outcome) = &game.public().outcome {
        return outcome.reward(seat);
    }
    if game.public().chosen != [true; 2] {
        return 0.5;
    }
    let s = score(game, color_of(seat));
    let mut v = 1.0 / (1.0 + (-s / 4.0).exp());
    // Towards the 50-move rule and a third repetition the game drifts to a
    // draw, so a side ahead makes progress first.
    let quiet = game.position().halfmoves() as f64;
    if quiet > 60.0 {
        let w = ((quiet - 60.0) / 40.0).min(1.0) * 0.6;
        v = (1.0 - w) * v + w * 0.5;
    }
    if game.repetitions() >= 2 {
        v = 0.5 * v + 0.25;
    }
    v
}

/// What a voluntary reveal gains in material: enemy pieces minus own ones
/// on the squares the King clears.
fn reveal_gain(game: &Intrigue, color: Color) -> f64 {
    let Some(secret) = game.secret(color) else {
        return 0.0;
    };
    let board = game.position().board();
    let mut gain = 0.0;
    for s in game.blast(secret.hiding).squares() {
        if let Some(p) = board.piece_at(veil_chess::Square(s as u8)) {
            let v = if p.role == Role::King {
                100.0
            } else {
                value(p.role)
            };
            gain += if p.color == color { -v } else { v };
        }
    }
    gain
}

/// The playout policy: capture the enemy King, take the most valuable
/// piece most of the time, reveal when the King's appearance wins
/// material, retire an Informant that took the enemy Informant, look for
/// checks (and mates) now and then, else play any move, rarely a reveal.
pub fn playout_action(game: &Intrigue, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
    if legal.len() == 1 {
        return legal[0];
    }
    match legal[0] {
        Action::Setup { .. } => return legal[rng.random_range(0..legal.len())],
        Action::Retire(_) => {
            let retire = legal.contains(&Action::Retire(true)) && rng.random_bool(0.8);
            return Action::Retire(retire);
        }
        _ => {}
    }
    let pos = game.position();
    let us = color_of(seat);
    let mut best: Option<(f64, Action)> = None;
    let mut reveal = false;
    for &a in legal {
        let gain = match a {
            Action::Move(m) => {
                let victim = if m.is_en_passant() {
                    Some(Role::Pawn)
                } else {
                    pos.board()
                        .piece_at(m.to())
                        .filter(|p| p.color != us && !m.is_castle())
                        .map(|p| p.role)
                };
                match victim {
                    Some(Role::King) => return a,
                    Some(r) => {
                        let attacker = pos.role_of(m).map_or(0.0, value);
                        let defended = pos.attackers(m.to(), !us).any();
                        value(r) - if defended { attacker } else { 0.0 } + 0.1
                    }
                    None => match m.promotion_role() {
                        Some(Role::Queen) => 8.0,
                        _ => continue,
                    },
                }
            }
            Action::Reveal => {
                reveal = true;
                // Showing the King early costs its safety: only for a
                // real gain while the enemy still has its pieces.
                let g = reveal_gain(game, us);
                if g < 1.0 + 5.0 * phase(pos) {
                    continue;
                }
                g
            }
            _ => continue,
        };
        if best.is_none_or(|(b, _)| gain > b) {
            best = Some((gain, a));
        }
    }
    if let Some((gain, a)) = best
        && gain > 0.0
        && rng.random_bool(0.85)
    {
        return a;
    }
    if rng.random_bool(0.3) {
        for _ in 0..6 {
            let a = legal[rng.random_range(0..legal.len())];
            if let Action::Move(m) = a {
                let mut after = pos.clone();
                after.play_unchecked(m);
                if after.is_check() {
                    return a;
                }
            }
        }
    }
    // A reveal without gain is rare in a playout: the King is safe hidden.
    if reveal && rng.random_bool(0.02) {
        return Action::Reveal;
    }
    // Any quiet move, preferably one that does not put a piece where the
    // enemy can take it: random blunders would drown what the position is
    // worth by the time the playout is cut and evaluated.
    let mut pick = None;
    for _ in 0..4 {
        let a = legal[rng.random_range(0..legal.len())];
        let Action::Move(m) = a else { continue };
        pick = Some(a);
        let role = pos.role_of(m).unwrap_or(Role::Pawn);
        if role == Role::Pawn || pos.attackers(m.to(), !us).is_zero() {
            return a;
        }
    }
    if let Some(a) = pick {
        return a;
    }
    loop {
        let a = legal[rng.random_range(0..legal.len())];
        if a != Action::Reveal {
            return a;
        }
    }
}
