//! Plays computer-against-computer games of Intrigue and prints, per
//! game, its length, how it ended and the thinking time per move: the quick
//! check behind the figures `veil-cli match --game intrigue` reports.
//!
//! `cargo run --release -p veil-intrigue --example intrigue_selfplay -- normal random 4 1`
//! (levels of seat 0 and seat 1, games, first seed; seats swap every game).

use std::time::Instant;

use veil_ai::{Level, arena};
use veil_core::Game;
use veil_intrigue::Intrigue;

/// CPU time of this thread so far (Linux, in clock ticks of 10 ms), so
/// that figures do not depend on what else the machine runs.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    let mut fields = text.rsplit_once(')')?.1.split_whitespace().skip(11);
    let user: f64 = fields.next()?.parse().ok()?;
    let system: f64 = fields.next()?.parse().ok()?;
    Some((user + system) / 100.0)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let level = |i: usize, default: Level| {
        args.get(i)
            .map_or(default, |s| s.parse().expect("a level name"))
    };
    let a = level(0, Level::Normal);
    let b = level(1, Level::Random);
    let games: u64 = args.get(2).map_or(4, |s| s.parse().expect("a game count"));
    let seed: u64 = args.get(3).map_or(1, |s| s.parse().expect("a seed"));
    for i in 0..games {
        let seats = if i % 2 == 0 { [a, b] } else { [b, a] };
        let start = Instant::now();
        let cpu = cpu_seconds();
        let result = arena::play_match::<Intrigue>(&Default::default(), &seats, seed + i, None)
            .expect("two seats");
        let think: Vec<String> = result
            .think
            .iter()
            .map(|t| format!("{:.0} ms", t.mean().as_secs_f64() * 1000.0))
            .collect();
        println!(
            "game {}: {} vs {}: ranks {:?} ({}), {} actions, {:.1} s ({:.1} s CPU), per move {}",
            i + 1,
            seats[0],
            seats[1],
            result.outcome.ranks,
            result.outcome.reason,
            result.record.actions.len(),
            start.elapsed().as_secs_f64(),
            cpu_seconds().zip(cpu).map_or(f64::NAN, |(b, a)| b - a),
            think.join(" / ")
        );
        if std::env::var_os("SHOW_MOVES").is_some() {
            // Replay the record to print the moves as both players saw them.
            let mut game = Intrigue::new(&Default::default(), 2).expect("two seats");
            for (actor, action) in &result.record.actions {
                game.apply(*actor, *action).expect("the record replays");
            }
            let moves: Vec<&str> = game.history().iter().map(String::as_str).collect();
            println!("{}", moves.join(" "));
        }
    }
}
