//! How long the computer thinks per decision at each level, over a few hands.
use veil_ai::{Level, arena::play_match};
use veil_tysiac::{Options, Tysiac};

fn main() {
    for level in [Level::Easy, Level::Normal] {
        let result =
            play_match::<Tysiac>(&Options::one_hand(), &[level, level, level], 1, None).unwrap();
        for (seat, t) in result.think.iter().enumerate() {
            println!(
                "{level} seat {seat}: {} moves, mean {:?}",
                t.moves,
                t.mean()
            );
        }
    }
}
