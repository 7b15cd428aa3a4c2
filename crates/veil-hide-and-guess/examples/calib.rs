//! How well belief models find the true secrets at the end of self-play
//! games: the mean log-probability and rank of the truth, for a grid of
//! [`Model`]s, best first. The games are played once and kept in the
//! temporary directory. This is how the computer player's model was fitted.
//!
//! ```text
//! cargo run --release -p veil-hide-and-guess --example calib -- normal,normal 16
//! ```
use veil_ai::{Level, arena::play_match};
use veil_core::{Game, Record, Seat};
use veil_hide_and_guess::{HideAndGuess, Model, belief_with};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let levels: Vec<Level> = args[0].split(',').map(|l| l.parse().unwrap()).collect();
    let games: u64 = args[1].parse().unwrap();
    let path = std::env::temp_dir().join(format!("hide-and-guess-{}-{games}.json", args[0]));
    let records: Vec<Record<HideAndGuess>> = match std::fs::read_to_string(&path) {
        Ok(text) => serde_json::from_str(&text).unwrap(),
        Err(_) => {
            let r: Vec<_> = (0..games)
                .map(|seed| {
                    play_match::<HideAndGuess>(&(), &levels, seed, None)
                        .unwrap()
                        .record
                })
                .collect();
            std::fs::write(&path, serde_json::to_string(&r).unwrap()).unwrap();
            r
        }
    };
    let views: Vec<_> = records
        .iter()
        .flat_map(|r| {
            let game = r.replay().unwrap();
            [Seat(0), Seat(1)].map(|s| {
                let mut v = game.observe(s);
                let t = v.opponent_secret.take().unwrap();
                (v, t)
            })
        })
        .collect();
    let mut results = Vec::new();
    for builds in [false, true] {
        for slope in [0.5, 1.0, 2.0] {
            for tnoise in [0.3, 0.5, 0.7] {
                for taste in [4.0, 6.0, 9.0, 14.0, 20.0] {
                    for bnoise in [0.03, 0.1, 0.2] {
                        if !builds && (taste != 2.5 || bnoise != 0.3) {
                            continue;
                        }
                        let m = Model {
                            thumb_slope: slope,
                            thumb_noise: tnoise,
                            build_taste: taste,
                            build_noise: bnoise,
                        };
                        let (mut ll, mut rank) = (0.0, 0.0);
                        for (v, t) in &views {
                            let b = belief_with(v, &m, builds);
                            let pt = b.iter().find(|(s, _)| s == t).unwrap().1;
                            ll += pt.max(1e-9).ln();
                            rank += (b.iter().filter(|(_, p)| *p > pt).count() + 1) as f64;
                        }
                        let n = views.len() as f64;
                        results.push((ll / n, rank / n, builds, m));
                    }
                }
            }
        }
    }
    results.sort_by(|a, b| b.0.total_cmp(&a.0));
    for r in results.iter().take(8) {
        println!("{:.3} rank {:.1} builds {} {:?}", r.0, r.1, r.2, r.3);
    }
    for r in results.iter().filter(|r| !r.2).take(3) {
        println!("thumbs only: {:.3} rank {:.1} {:?}", r.0, r.1, r.3);
    }
}
