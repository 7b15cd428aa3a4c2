//! A slow reference move generator, written from the rules text without
//! the crate's tables, checked against the crate's legal actions at every
//! node of perft trees and of random games; and the perft counts in
//! `tests/perft.txt`.
mod common;
use std::collections::BTreeSet;

use veil_core::{Actor, Game, GameRng, RngExt, Seat, SeedableRng, Turn};
use veil_reality_check::*;

/// The basic board from its row widths; the advanced one from the seed's
/// diagram (a space is a hole).
fn on_board(layout: Layout, f: i32, r: i32) -> bool {
    match layout {
        Layout::Basic => {
            if !(0..9).contains(&r) || !(0..7).contains(&f) {
                return false;
            }
            let w = [1, 3, 5, 7, 7, 7, 5, 3, 1][r as usize];
            (f - 3).abs() <= (w - 1) / 2
        }
        Layout::Advanced => {
            if !(0..7).contains(&r) || !(0..7).contains(&f) {
                return false;
            }
            ADVANCED_DIAGRAM[6 - r as usize].as_bytes()[f as usize] != b' '
        }
    }
}

fn at(f: i32, r: i32) -> Square {
    Square::new(f as u8, r as u8).unwrap()
}

fn reference(game: &RealityCheck) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let layout = game.options().board;
    let me = game.to_move();
    match game.phase() {
        Phase::Claim { .. } => {
            out.insert("take".into());
            out.insert("refuse".into());
        }
        Phase::Flip { die: None, .. } => {
            let flipped = game.observe(Seat(0)).flipped;
            for i in 0..63 {
                let s = Square::from_index(i).unwrap();
                if game.piece(s).is_some()
                    && !game.locked().any(|l| l == s)
                    && !flipped.contains(&Some(s))
                {
                    out.insert(format!("~{s}"));
                }
            }
        }
        Phase::Play => {
            let first = game.ply() == 0 && me == Color::White;
            let over = game.hand(me).len() > game.trues_in_play(me) - 1;
            if !over || first {
                for i in 0..63 {
                    let from = Square::from_index(i).unwrap();
                    let Some(p) = game.piece(from) else { continue };
                    if p.color != me {
                        continue;
                    }
                    let (f, r) = (from.file() as i32, from.rank() as i32);
                    let mut target = |to: Square, quiet: bool, hit: bool| match game.piece(to) {
                        None if quiet => {
                            out.insert(format!("{from}-{to}"));
                        }
                        Some(q) if hit && q.color != me && !first => {
                            out.insert(format!("{from}x{to}"));
                            out.insert(format!("{from}x{to}!"));
                        }
                        _ => {}
                    };
                    let orth = [(0, 1), (1, 0), (0, -1), (-1, 0)];
                    let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
                    match p.up {
                        Face::Pawn => {
                            for (df, dr) in orth {
                                if on_board(layout, f + df, r + dr) {
                                    target(at(f + df, r + dr), true, false);
                                }
                            }
                            for (df, dr) in diag {
                                if on_board(layout, f + df, r + dr) {
                                    target(at(f + df, r + dr), false, true);
                                }
                            }
                        }
                        Face::Knight => {
                            for (df, dr) in [
                                (1, 2),
                                (2, 1),
                                (2, -1),
                                (1, -2),
                                (-1, -2),
                                (-2, -1),
                                (-2, 1),
                                (-1, 2),
                            ] {
                                if on_board(layout, f + df, r + dr) {
                                    target(at(f + df, r + dr), true, true);
                                }
                            }
                        }
                        Face::Bishop | Face::Rook => {
                            let dirs = if p.up == Face::Rook { orth } else { diag };
                            for (df, dr) in dirs {
                                let (mut x, mut y) = (f + df, r + dr);
                                while on_board(layout, x, y) {
                                    target(at(x, y), true, true);
                                    if game.piece(at(x, y)).is_some() {
                                        break;
                                    }
                                    x += df;
                                    y += dr;
                                }
                            }
                        }
                    }
                }
            }
            if !first {
                for &k in game.hand(me) {
                    let (a, b) = k.faces();
                    for i in 0..63 {
                        let s = Square::from_index(i).unwrap();
                        if game.drop_squares(me) & s.bit() != 0 && game.piece(s).is_none() {
                            for up in [a, b] {
                                out.insert(format!("{}/{}@{s}", up.letter(), k.other(up).letter()));
                            }
                        }
                    }
                }
            }
        }
        _ => return game.legal().iter().map(|a| a.to_string()).collect(),
    }
    out
}

fn crate_actions(game: &RealityCheck) -> BTreeSet<String> {
    let legal = game.legal();
    let set: BTreeSet<String> = legal.iter().map(|a| a.to_string()).collect();
    assert_eq!(set.len(), legal.len(), "listed twice");
    set
}

fn reference_perft(game: &RealityCheck, depth: u32) -> u64 {
    let mine = crate_actions(game);
    assert_eq!(mine, reference(game), "at {}", game.to_fen());
    if depth == 0 {
        return 1;
    }
    mine.iter()
        .map(|text| {
            let mut next = game.clone();
            common::play(&mut next, text);
            reference_perft(&next, depth - 1)
        })
        .sum()
}

fn perft_file() -> Vec<(String, u32, u64)> {
    include_str!("perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (fen, rest) = l.split_once(';').expect("fen ; depth count");
            let mut it = rest.split_whitespace();
            (
                fen.trim().to_string(),
                it.next().unwrap().parse().unwrap(),
                it.next().unwrap().parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn perft_counts_match_the_data_file() {
    for (fen, depth, count) in perft_file() {
        let game = RealityCheck::from_fen(&Options::default(), &fen).unwrap();
        if depth <= 5 {
            assert_eq!(perft(&game, depth), count, "{fen} depth {depth}");
        }
    }
}

#[test]
fn the_reference_generator_agrees_to_depth_4() {
    for (fen, depth, count) in perft_file() {
        // Up to 100 000 leaves: the slow generator at every node is slow.
        if depth <= 4 && count < 100_000 {
            let game = RealityCheck::from_fen(&Options::default(), &fen).unwrap();
            assert_eq!(reference_perft(&game, depth), count, "{fen} depth {depth}");
        }
    }
    assert_eq!(
        RealityCheck::standard_fixed().to_fen(),
        STANDARD_FIXED,
        "the data file's first position is the fixed standard setup"
    );
}

#[test]
fn the_reference_generator_agrees_in_random_games() {
    for (options, games) in [
        (Options::default(), 100),
        (
            Options {
                board: Layout::Advanced,
                ..Default::default()
            },
            60,
        ),
        (
            Options {
                setup: SetupRule::Free,
                ..Default::default()
            },
            60,
        ),
    ] {
        for seed in 0..games {
            let mut rng = GameRng::seed_from_u64(seed);
            let mut game = RealityCheck::new(&options, 2).unwrap();
            let mut legal = Vec::new();
            while game.outcome().is_none() {
                let actor = match game.turn() {
                    Turn::Seat(s) => Actor::Seat(s),
                    Turn::Simultaneous(set) => Actor::Seat(set.first().unwrap()),
                    Turn::Chance => Actor::Chance,
                    Turn::Over => break,
                };
                if game.phase() != Phase::Setup {
                    assert_eq!(
                        crate_actions(&game),
                        reference(&game),
                        "seed {seed} at {}",
                        game.to_fen()
                    );
                    // The position string reads back to the same actions.
                    if game.phase() == Phase::Play {
                        let back = RealityCheck::from_fen(&options, &game.to_fen()).unwrap();
                        assert_eq!(back.to_fen(), game.to_fen());
                        if back.outcome().is_none() {
                            assert_eq!(crate_actions(&back), crate_actions(&game));
                        }
                    }
                }
                game.legal_actions(actor, &mut legal);
                let a = legal[rng.random_range(0..legal.len())];
                game.apply(actor, a).unwrap();
            }
        }
    }
}

/// Prints a middle-game position for the data file (run with --ignored --nocapture).
#[test]
#[ignore]
fn print_a_middle_game_position() {
    let mut rng = GameRng::seed_from_u64(3);
    let mut game = RealityCheck::standard_fixed();
    let mut legal = Vec::new();
    while game.ply() < 24 {
        let Turn::Seat(s) = game.turn() else { break };
        game.legal_actions(Actor::Seat(s), &mut legal);
        // Prefer captures so hands fill up.
        let caps: Vec<_> = legal
            .iter()
            .filter(|a| matches!(a, Action::Capture { .. }))
            .copied()
            .collect();
        let a = if !caps.is_empty() {
            caps[0]
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        game.apply(Actor::Seat(s), a).unwrap();
        if game.phase() == Phase::Play {
            println!("{}", game.to_fen());
        }
    }
}
