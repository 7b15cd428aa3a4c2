//! Game knowledge for the generic search: evaluation, playout policy,
//! action prior, and the computer's setup.

use rand::RngExt;
use veil_core::GameRng;

use crate::board::Layout;
use crate::game::{Action, Phase, RealityCheck};
use crate::types::{Color, Face, Kind, Square, squares};

fn face_value(face: Face) -> f64 {
    match face {
        Face::Pawn => 1.0,
        Face::Knight => 3.0,
        Face::Bishop => 3.0,
        Face::Rook => 5.0,
    }
}

/// `color`'s prospects in [0, 1]. True pieces are the game: each one lost is
/// a quarter of the way to defeat, and a true piece the enemy knows about
/// is half lost already unless it sits out of reach; the rest is the
/// material showing on the board and in hand.
pub fn evaluate(game: &RealityCheck, color: Color) -> f64 {
    if let Some(outcome) = &game.outcome {
        return outcome.reward(color.seat());
    }
    let layout = game.options.board;
    let (occupied, _) = game.occupied();
    let mut score = 0.0;
    for c in Color::BOTH {
        let sign = if c == color { 1.0 } else { -1.0 };
        let mut side = game.trues_in_play(c) as f64 * 10.0;
        for (i, p) in game.board.iter().enumerate() {
            let Some(p) = p else { continue };
            if p.color != c {
                continue;
            }
            side += face_value(p.up) * 0.5;
            if p.public && p.kind.is_true() {
                side -= 2.5;
            }
            // The game's tactic: a true piece of c's that attacks an enemy
            // true piece the whole table knows of is a removal in waiting
            // (nearly sure when c is to move).
            if p.kind.is_true() && (p.public || !game.options.memory_mode) {
                let from = Square::from_index(i).expect("board index");
                let hits = if p.up == Face::Pawn {
                    layout.pawn_captures(from)
                } else {
                    layout.reach(p.up, from, occupied)
                };
                let prey = squares(hits).any(|t| {
                    game.board[t.index()]
                        .is_some_and(|q| q.color != c && q.public && q.kind.is_true())
                });
                if prey {
                    side += if game.to_move == c { 6.0 } else { 2.0 };
                }
            }
        }
        side += game.hands[c.index()].len() as f64 * 1.2;
        score += sign * side;
    }
    0.5 + 0.5 * (score / 12.0).tanh()
}

/// Playouts: Reality Checks by true pieces on pieces not known to be
/// false, captures before quiet moves, Take rather than Refuse, flips
/// mostly of enemy pieces.
pub fn playout_action(
    game: &RealityCheck,
    color: Color,
    legal: &[Action],
    rng: &mut GameRng,
) -> Action {
    let mut weights = Vec::with_capacity(legal.len());
    action_prior(game, color, legal, &mut weights);
    let total: f64 = weights.iter().sum();
    if weights.len() != legal.len() || total <= 0.0 {
        return legal[rng.random_range(0..legal.len())];
    }
    let mut pick = rng.random_range(0.0..total);
    for (a, w) in legal.iter().zip(&weights) {
        if pick < *w {
            return *a;
        }
        pick -= w;
    }
    legal[legal.len() - 1]
}

/// What `color` knows of the piece on `sq`: its kind if known to it.
fn known_kind(game: &RealityCheck, color: Color, sq: Square) -> Option<Kind> {
    let p = game.board[sq.index()]?;
    let mine = p.color == color && !game.options.memory_mode;
    (p.public || mine).then_some(p.kind)
}

/// Weights that use only what `color` sees (its own kinds, public kinds).
pub fn action_prior(game: &RealityCheck, color: Color, actions: &[Action], out: &mut Vec<f64>) {
    out.clear();
    if game.phase == Phase::Setup {
        let mut chosen = setup_candidates(game, color, actions);
        if chosen.is_empty() {
            chosen.extend(setup_choice(game, color, actions));
        }
        out.extend(
            actions
                .iter()
                .map(|a| if chosen.contains(a) { 1.0 } else { 0.0 }),
        );
        return;
    }
    for &a in actions {
        let w = match a {
            Action::Check { from, to } => {
                let mine = known_kind(game, color, from);
                let theirs = known_kind(game, color, to);
                match (mine.map(Kind::is_true), theirs.map(Kind::is_true)) {
                    (Some(true), Some(true)) => 40.0,
                    (Some(true), None) => 6.0,
                    // A Reality Check by a false piece only shows it.
                    _ => 0.0,
                }
            }
            Action::Capture { to, .. } => {
                let up = game.board[to.index()].map_or(Face::Pawn, |p| p.up);
                let true_target = known_kind(game, color, to).is_some_and(Kind::is_true);
                // A capture that sends a known true piece back into hiding
                // wastes the knowledge.
                if true_target {
                    0.5
                } else {
                    3.0 + face_value(up) * 0.3
                }
            }
            Action::Move { from, to } => {
                let forward = match color {
                    Color::White => to.rank() > from.rank(),
                    Color::Black => to.rank() < from.rank(),
                };
                if forward { 1.2 } else { 0.8 }
            }
            Action::Drop { kind, up, .. } => {
                // Show the stronger face of a false piece.
                if kind.is_true() || up == kind.faces().1 {
                    1.0
                } else {
                    0.4
                }
            }
            Action::Flip(sq) => match game.board[sq.index()] {
                Some(p) if p.color != color => {
                    if p.public {
                        0.4
                    } else {
                        2.0
                    }
                }
                Some(p) => {
                    let known_true = p.public && p.kind.is_true();
                    if p.public && !known_true {
                        0.8
                    } else if known_kind(game, color, sq).is_some_and(Kind::is_true) {
                        0.05
                    } else {
                        0.3
                    }
                }
                None => 0.0,
            },
            Action::Memory(..) => 0.05,
            Action::Retreat { .. } => 0.2,
            Action::Take => 1.0,
            Action::Refuse => 0.3,
            Action::RemoveFromBoard(_) | Action::RemoveFromHand(_) | Action::RemoveUnseen => 1.0,
            Action::Place { .. } | Action::Roll(_) => 1.0,
        };
        out.push(w);
    }
}

/// The computer's setup plans for the basic board (White's squares): one
/// true piece waits in hand, where no Reality Check can reach it, the
/// others stand on the back squares behind the pawns, and P-P (which must
/// stand on a pawn square) on an inner one. Each has a mirror image.
const BASIC_PLANS: [[(Kind, &str, Face); 9]; 3] = [
    // R-R in hand.
    [
        (Kind::BR, "d1", Face::Rook),
        (Kind::NN, "c2", Face::Knight),
        (Kind::BB, "d2", Face::Bishop),
        (Kind::NR, "e2", Face::Knight),
        (Kind::NB, "d3", Face::Bishop),
        (Kind::PP, "c3", Face::Pawn),
        (Kind::PR, "b3", Face::Pawn),
        (Kind::PB, "e3", Face::Pawn),
        (Kind::PN, "f3", Face::Pawn),
    ],
    // B-B in hand.
    [
        (Kind::RR, "d1", Face::Rook),
        (Kind::NN, "c2", Face::Knight),
        (Kind::NB, "d2", Face::Bishop),
        (Kind::NR, "e2", Face::Knight),
        (Kind::BR, "d3", Face::Bishop),
        (Kind::PP, "e3", Face::Pawn),
        (Kind::PN, "b3", Face::Pawn),
        (Kind::PB, "c3", Face::Pawn),
        (Kind::PR, "f3", Face::Pawn),
    ],
    // N-N in hand.
    [
        (Kind::RR, "d1", Face::Rook),
        (Kind::NB, "c2", Face::Knight),
        (Kind::BB, "d2", Face::Bishop),
        (Kind::NR, "e2", Face::Knight),
        (Kind::BR, "d3", Face::Bishop),
        (Kind::PP, "c3", Face::Pawn),
        (Kind::PB, "b3", Face::Pawn),
        (Kind::PN, "e3", Face::Pawn),
        (Kind::PR, "f3", Face::Pawn),
    ],
];

/// The advanced board's zone is a corner: the true pieces deepest in it.
const ADVANCED_PLAN: [(Kind, &str, Face); 9] = [
    (Kind::BB, "g1", Face::Bishop),
    (Kind::NN, "f1", Face::Knight),
    (Kind::PP, "g2", Face::Pawn),
    (Kind::BR, "e1", Face::Rook),
    (Kind::NR, "f2", Face::Rook),
    (Kind::PR, "g3", Face::Rook),
    (Kind::NB, "d1", Face::Bishop),
    (Kind::PB, "e2", Face::Bishop),
    (Kind::PN, "f3", Face::Knight),
];

/// The next placement of every setup plan that agrees with what `color`
/// has placed so far (several at first, so the search picks one of the
/// plans and the computer does not always set up alike; then one).
pub fn setup_candidates(game: &RealityCheck, color: Color, legal: &[Action]) -> Vec<Action> {
    let layout = game.options.board;
    let place = |sq: &str, mirrored: bool| {
        let s = Square::parse(sq).expect("plan square");
        let s = if mirrored {
            Square::new(6 - s.file(), s.rank()).unwrap()
        } else {
            s
        };
        match (color, layout) {
            (Color::White, _) => s,
            (Color::Black, Layout::Basic) => Square::new(s.file(), 8 - s.rank()).unwrap(),
            (Color::Black, Layout::Advanced) => Square::new(6 - s.file(), 6 - s.rank()).unwrap(),
        }
    };
    let plans: Vec<(&[(Kind, &str, Face)], bool)> = match layout {
        Layout::Basic => BASIC_PLANS
            .iter()
            .flat_map(|p| [(&p[..], false), (&p[..], true)])
            .collect(),
        Layout::Advanced => vec![(&ADVANCED_PLAN[..], false)],
    };
    let mut out = Vec::new();
    for (plan, mirrored) in plans {
        let consistent = game.board.iter().enumerate().all(|(i, p)| match p {
            Some(p) if p.color == color => plan
                .iter()
                .any(|&(k, sq, up)| place(sq, mirrored).index() == i && p.kind == k && p.up == up),
            _ => true,
        });
        if !consistent {
            continue;
        }
        let next = plan.iter().map(|&(kind, sq, up)| Action::Place {
            kind,
            to: place(sq, mirrored),
            up,
        });
        if let Some(a) = next.into_iter().find(|a| legal.contains(a))
            && !out.contains(&a)
        {
            out.push(a);
        }
    }
    out
}

/// One placement of the computer's setup (the first plan's, when several
/// plans are still open).
pub fn setup_choice(game: &RealityCheck, color: Color, legal: &[Action]) -> Option<Action> {
    setup_candidates(game, color, legal)
        .first()
        .copied()
        .or_else(|| {
            // Off every plan (never in practice): keep true pieces for last.
            legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Place { kind, .. } if !kind.is_true()))
                .or_else(|| legal.first().copied())
        })
}

/// Own squares, for callers that want them.
#[allow(dead_code)]
pub(crate) fn own(game: &RealityCheck, color: Color) -> u64 {
    let (_, by) = game.occupied();
    squares(by[color.index()]).fold(0, |a, s| a | s.bit())
}
