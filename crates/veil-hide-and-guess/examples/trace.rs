//! Plays one computer-against-computer game and prints how it went: the
//! secrets, every triangle with its thumbs, every guess, the scores.
//!
//! ```text
//! cargo run --release -p veil-hide-and-guess --example trace -- normal random 1
//! ```

use veil_ai::{Level, arena::play_match};
use veil_hide_and_guess::HideAndGuess;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let level = |i: usize, default: Level| {
        args.get(i)
            .map_or(default, |s| s.parse().expect("a level name"))
    };
    let levels = [level(0, Level::Normal), level(1, Level::Random)];
    let seed: u64 = args.get(2).map_or(1, |s| s.parse().expect("a seed"));
    let result = play_match::<HideAndGuess>(&(), &levels, seed, None).expect("two seats");
    let game = result.record.replay().expect("the record replays");
    let table = game.table();
    for seat in [veil_core::Seat(0), veil_core::Seat(1)] {
        println!(
            "{seat} ({}): secret {}, {:.0} ms per move",
            levels[seat.index()],
            game.secret(seat).expect("hidden"),
            result.think[seat.index()].mean().as_secs_f64() * 1000.0
        );
    }
    for (actor, action) in &result.record.actions {
        println!("  {actor}: {action:?}");
    }
    for t in &table.triangles {
        println!(
            "triangle {} by {}: thumbs {:?}",
            t.pieces, t.builder, t.votes
        );
    }
    // How well each seat's belief had found the other's secret by the end.
    for seat in [veil_core::Seat(0), veil_core::Seat(1)] {
        use veil_core::Game;
        let mut view = game.observe(seat);
        let truth = view.opponent_secret.take().expect("revealed at the end");
        let mut belief = veil_hide_and_guess::belief(&view);
        belief.sort_by(|a, b| b.1.total_cmp(&a.1));
        let rank = belief
            .iter()
            .position(|(s, _)| *s == truth)
            .expect("listed");
        println!(
            "{seat}'s belief: top {} {:.3}, truth {truth} {:.3} (rank {})",
            belief[0].0,
            belief[0].1,
            belief[rank].1,
            rank + 1
        );
    }
    println!("{:?}", result.outcome);
}
