//! Plays Hard against Normal as `veil-cli match --game intrigue --seats
//! hard,normal` does (game i: seed + i, the levels swapping seats) and
//! prints each side's secret setup, when each King appeared and how the
//! game ended: what the levels do with the secret turn.
//!
//! `cargo run --release -p veil-intrigue --example setups -- 10 1`
//! (games, first seed).

use veil_ai::{Level, arena};
use veil_core::{Actor, Game};
use veil_intrigue::{Action, Intrigue, square_name};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| match args.get(i) {
        None => default,
        Some(s) => s.parse().unwrap_or_else(|_| {
            eprintln!("usage: setups [GAMES] [SEED]");
            std::process::exit(2)
        }),
    };
    let games = number(0, 10);
    let seed = number(1, 1);
    for i in 0..games {
        let seats = if i % 2 == 0 {
            [Level::Hard, Level::Normal]
        } else {
            [Level::Normal, Level::Hard]
        };
        let result = arena::play_match::<Intrigue>(&Default::default(), &seats, seed + i, None)
            .expect("two seats");
        let mut game = Intrigue::new(&Default::default(), 2).expect("two seats");
        let mut setups = Vec::new();
        for (actor, action) in &result.record.actions {
            if let (Actor::Seat(s), Action::Setup { hiding, informant }) = (actor, action) {
                setups.push(format!(
                    "{} K@{} informant {}",
                    seats[s.index()],
                    square_name(*hiding),
                    (b'a' + informant) as char
                ));
            }
            game.apply(*actor, *action).expect("the record replays");
        }
        let shown: Vec<String> = game
            .history()
            .iter()
            .enumerate()
            .filter(|(_, h)| h.contains("K@"))
            .map(|(ply, h)| format!("ply {ply}: {h}"))
            .collect();
        let winner = (0..2)
            .find(|&s| result.outcome.ranks[s] == 0 && result.outcome.ranks[1 - s] == 1)
            .map_or("draw".to_owned(), |s| seats[s].to_string());
        println!(
            "game {}: {} | {} plies, winner {winner} ({}); {}",
            i + 1,
            setups.join(", "),
            game.history().len(),
            result.outcome.reason,
            shown.join("; ")
        );
    }
}
