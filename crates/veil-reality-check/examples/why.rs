//! Why the computer played what it did: replays a computer game to a ply
//! and prints the side to move's search at a level, its most visited
//! actions with their values. `cargo run --release -p veil-reality-check
//! --example why -- LEVEL LEVEL SEED PLY [SEARCH_LEVEL]`.
use veil_ai::{Level, Search, arena};
use veil_core::{Game, Turn};
use veil_reality_check::{Options, RealityCheck};

const USAGE: &str = "usage: why LEVEL LEVEL SEED PLY [SEARCH_LEVEL]";

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize| args.get(i).map(String::as_str).ok_or(USAGE);
    let a: Level = arg(1)?.parse().map_err(|e| format!("{e}"))?;
    let b: Level = arg(2)?.parse().map_err(|e| format!("{e}"))?;
    let seed: u64 = arg(3)?.parse().map_err(|_| USAGE)?;
    let ply: u32 = arg(4)?.parse().map_err(|_| USAGE)?;
    let level: Level = arg(5)
        .unwrap_or("hard")
        .parse()
        .map_err(|e| format!("{e}"))?;
    let result = arena::play_match::<RealityCheck>(&Options::default(), &[a, b], seed, None)
        .map_err(|e| e.to_string())?;
    let mut game = RealityCheck::new(&Options::default(), 2).map_err(|e| e.to_string())?;
    for (actor, action) in &result.record.actions {
        if game.phase() == veil_reality_check::Phase::Play && game.ply() >= ply {
            break;
        }
        game.apply(*actor, *action).map_err(|e| e.to_string())?;
    }
    let Turn::Seat(seat) = game.turn() else {
        return Err(format!("the game ended before ply {ply}: no seat to move"));
    };
    println!("{}\nseat {} to move at {level}", game.to_fen(), seat.0);
    let mut search = Search::<RealityCheck>::new(&game.observe(seat), level.config(), 7);
    while !search.is_finished() {
        search.run(u32::MAX);
    }
    let mut stats = search.root_stats();
    stats.sort_by_key(|s| std::cmp::Reverse(s.visits));
    for s in stats.iter().take(12) {
        println!(
            "{:>8} {:>6} {:.3}",
            s.action.to_string(),
            s.visits,
            s.mean_reward
        );
    }
    let checks: Vec<_> = stats
        .iter()
        .filter(|s| matches!(s.action, veil_reality_check::Action::Check { .. }))
        .collect();
    for s in checks {
        println!(
            "check {:>8} {:>6} {:.3}",
            s.action.to_string(),
            s.visits,
            s.mean_reward
        );
    }
    Ok(())
}
