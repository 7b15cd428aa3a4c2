//! Plays one match between levels and prints every hand: who declared,
//! the contract, how it ended and the points taken. For tuning the player.
//!
//! `cargo run --release -p veil-tysiac --example hand_log -- normal,random,random 1`
use veil_ai::{Level, arena::play_match};
use veil_tysiac::{Options, Tysiac};

fn main() {
    let mut args = std::env::args().skip(1);
    let levels: Vec<Level> = args
        .next()
        .unwrap_or_else(|| "normal,random,random".into())
        .split(',')
        .map(|l| l.parse().expect("a level"))
        .collect();
    let seed: u64 = args.next().map_or(1, |s| s.parse().expect("a seed"));
    let hands: u32 = args
        .next()
        .map_or(200, |s| s.parse().expect("a hand limit"));
    let options = Options {
        hand_limit: hands,
        ..Options::default()
    };
    let result = play_match::<Tysiac>(&options, &levels, seed, None).unwrap();
    let game = result.record.replay().unwrap();
    for (i, h) in game.table().history.iter().enumerate() {
        println!(
            "{i:3} decl {} bid {:3} {:?} points {:?} scores {:?}",
            h.declarer, h.bid, h.end, h.points, h.scores
        );
    }
    println!("{:?}", result.outcome);
    for (seat, t) in result.think.iter().enumerate() {
        println!("seat {seat}: {} moves, mean {:?}", t.moves, t.mean());
    }
}
