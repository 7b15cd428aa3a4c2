//! How a level bids: deals 40 hands from the start of a match and lets the
//! level make every call, printing each with the caller's hand worth
//! ([`bid_value`], the playout policy's limit); where it passes a hand
//! worth 20 or more above the standing bid, also its search's root values.
//!
//! `cargo run --release -p veil-tysiac --example bids -- normal`
use veil_ai::{Level, Search};
use veil_core::{Actor, Game, GameRng, SeedableRng, Turn};
use veil_tysiac::{Action, Options, Phase, Tysiac, bid_value};

fn main() {
    let level: Level = match std::env::args().nth(1).map(|s| s.parse()) {
        None => Level::Normal,
        Some(Ok(level)) => level,
        Some(Err(e)) => {
            eprintln!("{e}\nusage: bids [LEVEL]");
            std::process::exit(1);
        }
    };
    let (mut calls, mut passes) = (0, 0);
    for deal in 0..40u64 {
        let mut rng = GameRng::seed_from_u64(deal);
        let mut game = Tysiac::new(&Options::default(), 3).expect("the default options");
        loop {
            match game.turn() {
                Turn::Chance => {
                    let a = game.sample_chance(&mut rng);
                    game.apply(Actor::Chance, a).expect("a sampled deal");
                }
                Turn::Seat(seat) if game.phase() == Phase::Bidding => {
                    let standing = game.table().bid;
                    let worth = bid_value(game.hand(seat));
                    let mut search =
                        Search::<Tysiac>::new(&game.observe(seat), level.config(), deal);
                    while !search.is_finished() {
                        search.run(500);
                    }
                    let call = search.best_action().expect("a call");
                    println!("deal {deal:2} {seat}: standing {standing}, worth {worth} -> {call}");
                    calls += 1;
                    if call == Action::Pass {
                        passes += 1;
                        if worth >= standing + 20 {
                            println!("   {} (root: visits, mean)", game.hand(seat));
                            for s in search.root_stats().iter().filter(|s| s.visits > 0) {
                                println!(
                                    "   {:>10} {:5} {:.3}",
                                    s.action.to_string(),
                                    s.visits,
                                    s.mean_reward
                                );
                            }
                        }
                    }
                    game.apply(Actor::Seat(seat), call).expect("a legal call");
                }
                _ => break,
            }
        }
    }
    println!("{calls} calls, {passes} passes");
}
