//! Why the computer played what it did: replays a computer game to a ply
//! and prints the side to move's search at a level, its most visited
//! actions with their values. `cargo run --release -p veil-reality-check
//! --example why -- LEVEL LEVEL SEED PLY [SEARCH_LEVEL]`.
use veil_ai::{Level, Search, arena};
use veil_core::{Game, Turn};
use veil_reality_check::{Options, RealityCheck};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let a: Level = args[1].parse().unwrap();
    let b: Level = args[2].parse().unwrap();
    let seed: u64 = args[3].parse().unwrap();
    let ply: u32 = args[4].parse().unwrap();
    let level: Level = args.get(5).map_or("hard", |s| s).parse().unwrap();
    let result =
        arena::play_match::<RealityCheck>(&Options::default(), &[a, b], seed, None).unwrap();
    let mut game = RealityCheck::new(&Options::default(), 2).unwrap();
    for (actor, action) in &result.record.actions {
        if game.phase() == veil_reality_check::Phase::Play && game.ply() >= ply {
            break;
        }
        game.apply(*actor, *action).unwrap();
    }
    let Turn::Seat(seat) = game.turn() else {
        panic!("no seat to move")
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
}
