//! The fast move generator against a slow, plain one written from the rules
//! (coordinates, every enemy move tried for legality), on positions from
//! random xiangqi and Jieqi games.
use std::collections::BTreeSet;

use veil_core::{Actor, Game, GameRng, RngExt, SeedableRng, Turn};
use veil_jieqi::{Color, Jieqi, JieqiOptions, Kind, Move, Position, Rules, Square};

/// (colour, kind it moves as, face down)
type Cell = Option<(Color, Kind, bool)>;

fn board_of(pos: &Position) -> Vec<Cell> {
    (0..90)
        .map(|i| {
            let sq = Square::from_index(i).unwrap();
            pos.piece_at(sq)
                .map(|p| (p.color, pos.moves_as(sq).unwrap(), p.kind.is_none()))
        })
        .collect()
}

fn at(f: i32, r: i32) -> Option<usize> {
    ((0..9).contains(&f) && (0..10).contains(&r)).then(|| (r * 9 + f) as usize)
}

fn in_palace(c: Color, f: i32, r: i32) -> bool {
    (3..=5).contains(&f) && if c == Color::Red { r <= 2 } else { r >= 7 }
}

fn own_half(c: Color, r: i32) -> bool {
    if c == Color::Red { r <= 4 } else { r >= 5 }
}

/// Moves of the piece on `i` ignoring whether they expose its general.
fn pseudo(board: &[Cell], i: usize, relaxed: bool) -> Vec<usize> {
    let (c, kind, down) = board[i].unwrap();
    let (f, r) = ((i % 9) as i32, (i / 9) as i32);
    let free = |j: usize| board[j].is_none_or(|(c2, _, _)| c2 != c);
    let restricted = !relaxed || down;
    let mut out = Vec::new();
    match kind {
        Kind::General => {
            for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                if let Some(j) = at(f + df, r + dr)
                    && in_palace(c, f + df, r + dr)
                    && free(j)
                {
                    out.push(j);
                }
            }
            // Flying general: "capturing" the other general along an open file.
            let dr = if c == Color::Red { 1 } else { -1 };
            let mut rr = r + dr;
            while let Some(j) = at(f, rr) {
                if let Some((c2, k2, _)) = board[j] {
                    if c2 != c && k2 == Kind::General {
                        out.push(j);
                    }
                    break;
                }
                rr += dr;
            }
        }
        Kind::Advisor => {
            for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                if let Some(j) = at(f + df, r + dr)
                    && free(j)
                    && (!restricted || in_palace(c, f + df, r + dr))
                {
                    out.push(j);
                }
            }
        }
        Kind::Elephant => {
            for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                if let (Some(eye), Some(j)) = (at(f + df, r + dr), at(f + 2 * df, r + 2 * dr))
                    && board[eye].is_none()
                    && free(j)
                    && (!restricted || own_half(c, r + 2 * dr))
                {
                    out.push(j);
                }
            }
        }
        Kind::Horse => {
            for (df, dr) in [
                (1i32, 2i32),
                (-1, 2),
                (1, -2),
                (-1, -2),
                (2, 1),
                (2, -1),
                (-2, 1),
                (-2, -1),
            ] {
                let leg = if df.abs() == 2 {
                    at(f + df / 2, r)
                } else {
                    at(f, r + dr / 2)
                };
                if let (Some(leg), Some(j)) = (leg, at(f + df, r + dr))
                    && board[leg].is_none()
                    && free(j)
                {
                    out.push(j);
                }
            }
        }
        Kind::Chariot | Kind::Cannon => {
            for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let mut screens = 0;
                let (mut ff, mut rr) = (f + df, r + dr);
                while let Some(j) = at(ff, rr) {
                    match board[j] {
                        None if screens == 0 => out.push(j),
                        None => {}
                        Some((c2, _, _)) => {
                            if kind == Kind::Chariot {
                                if c2 != c {
                                    out.push(j);
                                }
                                break;
                            }
                            if screens == 1 {
                                if c2 != c {
                                    out.push(j);
                                }
                                break;
                            }
                            screens += 1;
                        }
                    }
                    ff += df;
                    rr += dr;
                }
            }
        }
        Kind::Soldier => {
            let fwd = if c == Color::Red { 1 } else { -1 };
            let mut steps = vec![(0, fwd)];
            if !own_half(c, r) {
                steps.extend([(1, 0), (-1, 0)]);
            }
            for (df, dr) in steps {
                if let Some(j) = at(f + df, r + dr)
                    && free(j)
                {
                    out.push(j);
                }
            }
        }
    }
    out
}

fn legal(pos: &Position) -> BTreeSet<String> {
    let board = board_of(pos);
    let relaxed = pos.rules() == Rules::Jieqi;
    let us = pos.turn();
    let mut out = BTreeSet::new();
    for i in 0..90 {
        if !matches!(board[i], Some((c, _, _)) if c == us) {
            continue;
        }
        for j in pseudo(&board, i, relaxed) {
            if matches!(board[j], Some((_, Kind::General, _))) {
                continue; // the flying-general "capture" is only an attack
            }
            let mut next = board.clone();
            next[j] = next[i].take();
            let king = (0..90)
                .find(|&k| matches!(next[k], Some((c, Kind::General, _)) if c == us))
                .unwrap();
            let attacked = (0..90).any(|k| {
                matches!(next[k], Some((c, _, _)) if c != us)
                    && pseudo(&next, k, relaxed).contains(&king)
            });
            if !attacked {
                out.insert(format!(
                    "{}{}",
                    Square::from_index(i).unwrap(),
                    Square::from_index(j).unwrap()
                ));
            }
        }
    }
    out
}

fn fast(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves().iter().map(Move::to_string).collect()
}

#[test]
fn fast_and_plain_generators_agree_on_jieqi_games() {
    let mut rng = GameRng::seed_from_u64(77);
    let mut legal_actions = Vec::new();
    let mut checked = 0;
    for _ in 0..60 {
        let mut game = Jieqi::new(&JieqiOptions::default(), 2).unwrap();
        while let Turn::Seat(s) = game.turn() {
            let pos = game.position();
            assert_eq!(fast(pos), legal(pos), "{}", pos.to_fen());
            checked += 1;
            game.legal_actions(Actor::Seat(s), &mut legal_actions);
            let a = if rng.random_bool(0.5) {
                legal_actions[rng.random_range(0..legal_actions.len())]
            } else {
                game.playout_action(s, &legal_actions, &mut rng)
            };
            game.apply(Actor::Seat(s), a).unwrap();
            while game.turn() == Turn::Chance {
                let a = game.sample_chance(&mut rng);
                game.apply(Actor::Chance, a).unwrap();
            }
        }
    }
    assert!(checked > 3000, "{checked}");
}

#[test]
fn fast_and_plain_generators_agree_on_xiangqi_games() {
    let mut rng = GameRng::seed_from_u64(78);
    let mut checked = 0;
    for _ in 0..60 {
        let mut pos = Position::xiangqi_start();
        for _ in 0..150 {
            let moves = fast(&pos);
            assert_eq!(moves, legal(&pos), "{}", pos.to_fen());
            checked += 1;
            if moves.is_empty() {
                break;
            }
            let list = pos.legal_moves();
            let caps: Vec<Move> = list
                .iter()
                .copied()
                .filter(|m| pos.captured_by(*m).is_some())
                .collect();
            let m = if !caps.is_empty() && rng.random_bool(0.4) {
                caps[rng.random_range(0..caps.len())]
            } else {
                list[rng.random_range(0..list.len())]
            };
            pos.play(m).unwrap();
        }
    }
    assert!(checked > 3000, "{checked}");
}
