//! Game knowledge for the computer player: a static evaluation and a
//! playout policy that takes wins and free material and closes in on a
//! revealed King.

use veil_chess::{Bits, Chess10, Color, Geometry, Grid10, Move, Role, Square};
use veil_core::{GameRng, RngExt, Seat};

use crate::game::{Action, Core, SecretKing, adjacent, bit, seat_of, value};

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

/// Knight moves between any two squares of the empty 10×10 board.
static KNIGHT_DISTANCE: [[u8; 100]; 100] = knight_distances();

const fn knight_distances() -> [[u8; 100]; 100] {
    const JUMPS: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let mut table = [[u8::MAX; 100]; 100];
    let mut from = 0;
    while from < 100 {
        // Breadth first from `from`.
        let mut queue = [0usize; 100];
        let (mut head, mut tail) = (0, 1);
        queue[0] = from;
        table[from][from] = 0;
        while head < tail {
            let sq = queue[head];
            head += 1;
            let (f, r) = ((sq % 10) as i32, (sq / 10) as i32);
            let mut j = 0;
            while j < 8 {
                let (nf, nr) = (f + JUMPS[j].0, r + JUMPS[j].1);
                if nf >= 0 && nf < 10 && nr >= 0 && nr < 10 {
                    let next = (nr * 10 + nf) as usize;
                    if table[from][next] == u8::MAX {
                        table[from][next] = table[from][sq] + 1;
                        queue[tail] = next;
                        tail += 1;
                    }
                }
                j += 1;
            }
        }
        from += 1;
    }
    table
}

fn king_distance(a: Square, b: Square) -> u32 {
    let (fa, ra) = (a.0 as i32 % 10, a.0 as i32 / 10);
    let (fb, rb) = (b.0 as i32 % 10, b.0 as i32 / 10);
    (fa - fb).unsigned_abs().max((ra - rb).unsigned_abs())
}

/// Moves `color`'s Secret King needs (on an empty board) to end next to the
/// revealed enemy King: its adjacency win. `None` when either is missing.
fn approach(core: &Core, color: Color) -> Option<u32> {
    let sk = core.secret[color.index()]?;
    let revealed = core.position.board().piece_at(sk).map(|p| p.role) == Some(Role::King);
    approach_from(core, color, sk, revealed)
}

/// [`approach`] for the Secret King standing on `sk`, `revealed` or not.
fn approach_from(core: &Core, color: Color, sk: Square, revealed: bool) -> Option<u32> {
    let king = core.position.board().king_of(!color)?;
    if revealed {
        return Some(king_distance(sk, king).saturating_sub(1));
    }
    let own = core.position.board().by_color(color);
    let around = Grid10::king_attacks(king.0 as u32);
    let open = if around & !own != 0 {
        around & !own
    } else {
        around
    };
    open.squares()
        .map(|a| u32::from(KNIGHT_DISTANCE[sk.index()][a as usize]))
        .min()
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

/// How far `color` has come towards winning, in [0, 1], apart from
/// material: the enemy King revealed, hemmed in and approached by our Secret
/// King (the adjacency win); while it hides, how few Knights it still hides
/// among. Material saturates the evaluation once one side is far ahead;
/// this keeps the search pressing for the win then.
pub(crate) fn progress(core: &Core, color: Color) -> f64 {
    let pos = &core.position;
    let enemy = !color;
    let Some(king) = pos.board().king_of(enemy) else {
        let hiding = core.candidates[enemy.index()].count_ones().min(10);
        return 0.3 * (1.0 - f64::from(hiding) / 10.0);
    };
    let theirs = pos.board().by_color(enemy);
    let flights = (Grid10::king_attacks(king.0 as u32) & !theirs)
        .squares()
        .filter(|s| pos.attackers(Square(*s as u8), color).is_zero())
        .count();
    let near = approach(core, color).map_or(0.0, |d| 1.0 - (f64::from(d.max(1)) - 1.0) / 5.0);
    0.5 + 0.3 * near.max(0.0) + 0.2 * (1.0 - flights as f64 / 8.0)
}

/// The evaluation in [0, 1] for `color`: material and position squashed,
/// plus progress towards the win.
pub(crate) fn evaluate(game: &SecretKing, color: Color) -> f64 {
    let s = score(game, color);
    let core = &game.core;
    0.5 + 0.38 * (s / 10.0).tanh() + 0.12 * (progress(core, color) - progress(core, !color))
}

/// Whether `mv` wins at once without needing a search: the adjacency win,
/// the Secret King taking the Secret King, or a capture revealing the enemy
/// King next to our Secret King. (Checkmates are tested by playing.)
fn wins_by_rule(core: &Core, mv: Move) -> bool {
    let pos = &core.position;
    let us = pos.turn();
    let them = !us;
    let mine = core.secret[us.index()];
    let after = if mine == Some(mv.from()) {
        Some(mv.to())
    } else {
        mine
    };
    let Some(sk) = after else { return false };
    if let Some(k) = pos.board().king_of(them) {
        return adjacent(sk, k);
    }
    core.secret[them.index()] == Some(mv.to()) && (mine == Some(mv.from()) || adjacent(sk, mv.to()))
}

/// Per role, the squares from which a piece of the side to move would give
/// check to the enemy King on `king` (direct checks on the current board).
fn checking_squares(pos: &Chess10, king: Square) -> [u128; 6] {
    let occ = pos.board().occupied();
    let k = king.0 as u32;
    let mut out = [0u128; 6];
    out[Role::Pawn.index()] = Grid10::pawn_attacks(!pos.turn(), k);
    out[Role::Knight.index()] = Grid10::knight_attacks(k);
    out[Role::Bishop.index()] = Grid10::bishop_attacks(k, occ);
    out[Role::Rook.index()] = Grid10::rook_attacks(k, occ);
    out[Role::Queen.index()] = out[Role::Bishop.index()] | out[Role::Rook.index()];
    out
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
    let core = &game.core;
    let pos = &core.position;
    let board = pos.board();
    let us = pos.turn();
    let them = !us;
    for &action in legal {
        if let Action::Move(mv) = action
            && wins_by_rule(core, mv)
        {
            return action;
        }
    }
    if under_threat(core, us) && rng.random_bool(0.9) {
        return defend(core, legal, rng).unwrap_or_else(|| random(rng));
    }
    let their_king = board.king_of(them);
    let checks = their_king.map(|k| checking_squares(pos, k));
    let mine = core.secret[us.index()];
    let distance = approach(core, us);
    let mut mates_tried = 0;
    let mut best: Option<(f64, Action)> = None;
    let mut closer: Option<Action> = None;
    for &action in legal {
        let Action::Move(mv) = action else { continue };
        let mover = board.piece_at(mv.from()).map_or(Role::Pawn, |p| p.role);
        let role = mv.promotion_role().unwrap_or(mover);
        if let Some(checks) = &checks
            && mates_tried < 8
            && checks[role.index()] & bit(mv.to()) != 0
        {
            mates_tried += 1;
            if core.after(mv).1.is_some_and(|o| !o.is_draw()) {
                return action;
            }
        }
        if mine == Some(mv.from())
            && let Some(d) = distance
            && closer.is_none()
            && approach_from(core, us, mv.to(), mover == Role::King).is_some_and(|n| n < d)
        {
            closer = Some(action);
        }
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
            if role == Role::Knight && core.secret[them.index()] == Some(mv.to()) {
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
    if let Some((_, action)) = best
        && rng.random_bool(0.85)
    {
        return action;
    }
    // Close in on a revealed King with the Secret King now and then.
    if let Some(action) = closer
        && rng.random_bool(0.4)
    {
        return action;
    }
    random(rng)
}

/// Whether `color`'s revealed King can be reached by the enemy Secret King
/// on the enemy's next move (or already stands next to it).
fn under_threat(core: &Core, color: Color) -> bool {
    let pos = &core.position;
    match (pos.board().king_of(color), core.secret[(!color).index()]) {
        (Some(k), Some(s)) => adjacent(k, s) || threatens_adjacency(pos, !color, s, k),
        _ => false,
    }
}

/// A move after which the enemy Secret King no longer threatens our King
/// (captures first), if there is one. Only King moves and captures of the
/// Secret King can help: our pieces next to our King do not stop it (it
/// may take them), nor does a check (a hidden King ignores checks, a
/// revealed one may step next to ours even out of check).
fn defend(core: &Core, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
    let us = core.position.turn();
    let king = core.position.board().king_of(us);
    let sk = core.secret[(!us).index()];
    let mut safe = Vec::new();
    for &action in legal {
        let Action::Move(mv) = action else { continue };
        if Some(mv.from()) != king && Some(mv.to()) != sk {
            continue;
        }
        let (after, ending) = core.after(mv);
        match ending {
            Some(o) if !o.is_draw() && o.winners().next() == Some(seat_of(us)) => {
                return Some(action);
            }
            // A loss, or a stalemate: no way forward either.
            Some(_) => {}
            None if !under_threat(&after, us) => safe.push(action),
            None => {}
        }
    }
    let captures: Vec<Action> = safe
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Move(m) if core.position.is_capture(*m)))
        .collect();
    let pool = if captures.is_empty() {
        &safe
    } else {
        &captures
    };
    (!pool.is_empty()).then(|| pool[rng.random_range(0..pool.len())])
}
