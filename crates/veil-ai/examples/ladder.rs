//! Plays levels against each other at Pig and prints the scores, for tuning:
//! `cargo run --release -p veil-ai --example ladder -- [games] [goal]`.

use veil_ai::{Level, arena::head_to_head};
use veil_core::testing::{Pig, PigOptions};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let goal: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(30);
    let options = PigOptions {
        goal,
        ..PigOptions::default()
    };
    let pairs = [
        (Level::Greedy, Level::Random),
        (Level::Easy, Level::Greedy),
        (Level::Normal, Level::Easy),
        (Level::Hard, Level::Normal),
    ];
    for (a, b) in pairs {
        let start = web_time::Instant::now();
        let score = head_to_head::<Pig>(&options, a, b, games, 1, None).unwrap();
        println!(
            "pig to {goal}: {a} v {b}: {}-{}-{} ({:.1}%) in {:.1?}",
            score.wins,
            score.losses,
            score.draws,
            100.0 * score.rate(),
            start.elapsed()
        );
    }
}
