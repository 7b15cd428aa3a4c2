//! With both Kings on the board Intrigue is chess: its action tree counts
//! as chess perft does.
use veil_core::{Actor, Game, Turn};
use veil_intrigue::{Action, Intrigue, IntrigueOptions};

/// Leaves of the tree of legal actions, played through `Game::apply`.
fn perft(game: &Intrigue, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Turn::Seat(seat) = game.turn() else {
        return 0;
    };
    let mut actions = Vec::new();
    game.legal_actions(Actor::Seat(seat), &mut actions);
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .iter()
        .map(|a| {
            let mut child = game.clone();
            child.apply(Actor::Seat(seat), *a).unwrap();
            perft(&child, depth - 1)
        })
        .sum()
}

#[test]
fn perft_counts_from_data_file() {
    let data = include_str!("perft.txt");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let game = Intrigue::from_fen(fields[1], IntrigueOptions::default()).unwrap();
        let chess = veil_chess::Chess::from_fen(fields[1]).unwrap();
        for pair in &fields[2..] {
            let (depth, nodes) = pair.split_once(' ').unwrap();
            let (depth, nodes): (u32, u64) = (depth.parse().unwrap(), nodes.parse().unwrap());
            assert_eq!(perft(&game, depth), nodes, "{} depth {depth}", fields[0]);
            assert_eq!(veil_chess::perft(&chess, depth), nodes);
            checked += 1;
        }
    }
    assert!(checked >= 15);
}

#[test]
fn hidden_kings_add_only_the_reveal_at_the_start() {
    // Hidden Kings: chess moves without Kings (Qe1 joins the 20) and the reveal.
    let fen = "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1";
    let sq = |s| veil_intrigue::parse_square(s).unwrap();
    let game = Intrigue::from_fen_hidden(
        fen,
        IntrigueOptions::default(),
        [
            Some((sq("e1"), Some(sq("a2")))),
            Some((sq("e8"), Some(sq("a7")))),
        ],
    )
    .unwrap();
    let chess = veil_chess::Chess::from_fen_with(fen, veil_intrigue::RULES).unwrap();
    let mut actions = Vec::new();
    game.legal_actions(Actor::Seat(veil_core::Seat(0)), &mut actions);
    assert_eq!(actions.len() as u64, veil_chess::perft(&chess, 1) + 1);
    assert!(actions.contains(&Action::Reveal));
    // After the reveals (each side once), the tree counts as chess from the start.
    let mut g = game.clone();
    g.apply(Actor::Seat(veil_core::Seat(0)), Action::Reveal)
        .unwrap();
    g.apply(Actor::Seat(veil_core::Seat(1)), Action::Reveal)
        .unwrap();
    assert_eq!(g.position().board(), veil_chess::Chess::default().board());
    assert_eq!(perft(&g, 3), 8902);
}
