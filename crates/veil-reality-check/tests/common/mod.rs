#![allow(dead_code)]
use veil_core::{Actor, Game, Seat};
use veil_reality_check::{Action, Color, Face, Kind, Layout, Options, RealityCheck, Square};

pub fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// A position string from pieces `("d4", "R(R)")` (uppercase White), the
/// two hands (`"NR"`, `"-"`), side to move and ply; every kind a side does
/// not use goes to its removed pieces.
pub fn fen(
    layout: Layout,
    pieces: &[(&str, &str)],
    hands: [&str; 2],
    side: char,
    ply: u32,
) -> String {
    let mut used = [[false; 10]; 2];
    let mut grid = vec![String::new(); 63];
    for (s, p) in pieces {
        let c: Vec<char> = p.chars().collect();
        let color = if c[0].is_ascii_uppercase() { 0 } else { 1 };
        let k = Kind::from_faces(
            Face::from_letter(c[0]).unwrap(),
            Face::from_letter(c[2]).unwrap(),
        );
        used[color][k.index()] = true;
        grid[sq(s).index()] = p.to_string();
    }
    for (i, h) in hands.iter().enumerate() {
        if *h != "-" {
            let c: Vec<char> = h.chars().collect();
            for pair in c.chunks(2) {
                let k = Kind::from_faces(
                    Face::from_letter(pair[0]).unwrap(),
                    Face::from_letter(pair[1]).unwrap(),
                );
                used[i][k.index()] = true;
            }
        }
    }
    let mut board = String::new();
    for rank in (0..layout.ranks()).rev() {
        let mut empty = 0;
        for file in 0..7 {
            let g = &grid[(rank * 7 + file) as usize];
            if g.is_empty() {
                empty += 1;
            } else {
                if empty > 0 {
                    board.push_str(&empty.to_string());
                    empty = 0;
                }
                board.push_str(g);
            }
        }
        if empty > 0 {
            board.push_str(&empty.to_string());
        }
        if rank > 0 {
            board.push('/');
        }
    }
    let removed: Vec<String> = (0..2)
        .map(|c| {
            let s: String = Kind::ALL
                .iter()
                .filter(|k| !used[c][k.index()])
                .map(|k| {
                    if c == 0 {
                        k.to_string()
                    } else {
                        k.to_string().to_lowercase()
                    }
                })
                .collect();
            if s.is_empty() { "-".into() } else { s }
        })
        .collect();
    format!(
        "{board} {side} {} {} {} {} - {ply}",
        hands[0], hands[1], removed[0], removed[1]
    )
}

pub fn position(pieces: &[(&str, &str)], hands: [&str; 2], side: char) -> RealityCheck {
    position_with(Options::default(), pieces, hands, side)
}

pub fn position_with(
    options: Options,
    pieces: &[(&str, &str)],
    hands: [&str; 2],
    side: char,
) -> RealityCheck {
    let text = fen(options.board, pieces, hands, side, 10);
    RealityCheck::from_fen(&options, &text).unwrap_or_else(|e| panic!("{e}"))
}

pub fn seat(c: Color) -> Seat {
    c.seat()
}

pub fn play(game: &mut RealityCheck, text: &str) {
    let action: Action = text.parse().unwrap_or_else(|e| panic!("{e}"));
    let actor = match game.turn() {
        veil_core::Turn::Seat(s) => Actor::Seat(s),
        veil_core::Turn::Chance => Actor::Chance,
        veil_core::Turn::Simultaneous(set) => Actor::Seat(set.first().unwrap()),
        veil_core::Turn::Over => panic!("game over"),
    };
    game.apply(actor, action)
        .unwrap_or_else(|e| panic!("{text}: {e}\n{}", game.to_fen()));
}

pub fn legal(game: &RealityCheck) -> Vec<String> {
    game.legal().iter().map(|a| a.to_string()).collect()
}

pub fn refused(game: &RealityCheck, text: &str) -> bool {
    let action: Action = text.parse().unwrap();
    let mut probe = game.clone();
    let actor = match game.turn() {
        veil_core::Turn::Seat(s) => Actor::Seat(s),
        _ => Actor::Chance,
    };
    probe.apply(actor, action).is_err()
}
