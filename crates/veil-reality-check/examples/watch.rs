//! Plays one computer game and prints it: `cargo run --release -p
//! veil-reality-check --example watch -- LEVEL LEVEL SEED`.
use veil_ai::{Level, arena};
use veil_core::{Actor, Game};
use veil_reality_check::{Options, RealityCheck};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let a: Level = args.get(1).map_or("easy", |s| s).parse().unwrap();
    let b: Level = args.get(2).map_or("easy", |s| s).parse().unwrap();
    let seed: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let result =
        arena::play_match::<RealityCheck>(&Options::default(), &[a, b], seed, None).unwrap();
    let mut game = RealityCheck::new(&Options::default(), 2).unwrap();
    let mut line = String::new();
    for (actor, action) in &result.record.actions {
        game.apply(*actor, *action).unwrap();
        let who = match actor {
            Actor::Seat(s) => format!("{}", s.0),
            Actor::Chance => "c".into(),
        };
        line.push_str(&format!("{who}:{action} "));
        if matches!(game.phase(), veil_reality_check::Phase::Play) {
            println!("{line}");
            line.clear();
            if game.ply() % 10 == 0 {
                println!("    {}", game.to_fen());
            }
        }
    }
    println!("{line}\n{:?}\n{}", result.outcome, game.to_fen());
}
