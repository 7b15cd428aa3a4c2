//! How long the double-dummy solver takes from each trick of a hand, over
//! hands dealt and played by the playout policy:
//! `cargo run --release -p veil-tysiac --example solve_time -- 40`.
use std::time::{Duration, Instant};

use veil_core::{Actor, Game, GameRng, SeedableRng, Turn};
use veil_tysiac::{Options, Phase, Tysiac, declarer_makes, declarer_take};

fn main() {
    let hands: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(40);
    let mut take = [Duration::ZERO; 8];
    let mut makes = [Duration::ZERO; 8];
    let mut worst = [Duration::ZERO; 8];
    let mut count = [0u32; 8];
    let mut legal = Vec::new();
    for seed in 0..hands {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut game = Tysiac::new(&Options::one_hand(), 3).unwrap();
        loop {
            let actor = match game.turn() {
                Turn::Chance => Actor::Chance,
                Turn::Seat(s) => Actor::Seat(s),
                Turn::Simultaneous(set) => Actor::Seat(set.first().unwrap()),
                Turn::Over => break,
            };
            let t = game.table();
            if t.phase == Phase::Play && t.trick.is_empty() {
                let i = t.tricks.len();
                let start = Instant::now();
                declarer_take(&game).unwrap();
                let mid = Instant::now();
                declarer_makes(&game).unwrap();
                let end = Instant::now();
                take[i] += mid - start;
                makes[i] += end - mid;
                worst[i] = worst[i].max(end - mid);
                count[i] += 1;
            }
            let action = match actor {
                Actor::Chance => game.sample_chance(&mut rng),
                Actor::Seat(s) => {
                    game.legal_actions(actor, &mut legal);
                    game.playout_action(s, &legal, &mut rng)
                }
            };
            game.apply(actor, action).unwrap();
        }
    }
    for i in 0..8 {
        if count[i] > 0 {
            println!(
                "trick {}: {} hands, exact {:?}, make-or-not {:?} (worst {:?})",
                i + 1,
                count[i],
                take[i] / count[i],
                makes[i] / count[i],
                worst[i]
            );
        }
    }
}
