//! The computer's waits fitted to this machine, every game at its default
//! options and each level: `cargo run --release -p veil-match --example waits`.
//! (The app measures the same, once per game, options and level, in the
//! frames of a player's first turn.)

use veil_ai::{Duration, Level};
use veil_match::{Calibration, MatchGame, think_time};

fn show<G: MatchGame>(seats: usize) {
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        let mut c = Calibration::<G>::new(&G::Options::default(), seats, level);
        let start = std::time::Instant::now();
        let mut slices = 0;
        while !c.run_for(Duration::from_millis(8)) {
            slices += 1;
        }
        let wait = c.wait().expect("measured");
        let measured = match c.measured() {
            Some(((done, budget), searched)) => {
                format!(
                    "{done} of {budget} in {} ms of search",
                    searched.as_millis()
                )
            }
            None => "nothing to measure".to_owned(),
        };
        println!(
            "{:<15} {:<6} wait {:>5} ms (the level's {:>4} ms): {measured}; {} slices, {} ms",
            G::ID,
            veil_match::level_name(level),
            wait.as_millis(),
            think_time(level).as_millis(),
            slices + 1,
            start.elapsed().as_millis()
        );
    }
}

fn main() {
    show::<veil_jieqi::Jieqi>(2);
    show::<veil_hide_and_guess::HideAndGuess>(2);
    show::<veil_intrigue::Intrigue>(2);
    show::<veil_secret_king::SecretKing>(2);
    show::<veil_tysiac::Tysiac>(3);
    show::<veil_reality_check::RealityCheck>(2);
    show::<veil_go::Rengo>(2);
    show::<veil_skelly::Skelly>(2);
}
