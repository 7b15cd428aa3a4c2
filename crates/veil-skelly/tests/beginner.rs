//! Beginner (`Level::Easy`) loses to a new player about half the time
//! (issue 34: it reached box 9 in 12 shots while a person was still on
//! box 1). The new player is the model in `veil_skelly::testing::Novice`;
//! `veil-cli novice --games 400` measures the same at length.

use veil_ai::Level;
use veil_skelly::ai::Hand;
use veil_skelly::testing::{DuelFigures, Flicker, Novice, duel};

/// Games per check: enough that the share's 95 % interval is about ±0.09,
/// few enough for a debug test run (the crate is optimised in tests).
const GAMES: u32 = 120;
const SEED: u64 = 34;
/// Where Beginner's share must lie: "about half", widened for the few
/// games.
const BAND: (f64, f64) = (0.35, 0.65);

fn against_the_novice(computer: Flicker) -> DuelFigures {
    let figures = duel(computer, Flicker::Novice(Novice::NEW_PLAYER), GAMES, SEED);
    let (lo, hi) = figures.interval95();
    eprintln!(
        "{computer:?} against the novice: {} won, {} drawn, {} lost of {GAMES}: share {:.3} (95%: {lo:.3}–{hi:.3}), {:.1} shots a game",
        figures.wins,
        figures.draws,
        figures.losses,
        figures.share(),
        figures.mean_shots()
    );
    figures
}

fn in_band(share: f64) -> bool {
    (BAND.0..=BAND.1).contains(&share)
}

#[test]
fn beginner_wins_about_half_against_a_new_player() {
    let share = against_the_novice(Flicker::Computer(Level::Easy)).share();
    assert!(
        in_band(share),
        "Beginner's share against a new player is {share:.3}, not in {BAND:?}"
    );
}

/// The band tells the old Beginner (before issue 34) from the new one: that
/// hand won nearly every game against a new player.
#[test]
fn the_old_beginner_falls_outside_the_band() {
    let old = Hand {
        angle_sd_degrees: 3.0,
        strength_sd: 0.10,
        samples: 3,
        budget: 900,
    };
    let share = against_the_novice(Flicker::WithHand(Level::Easy, old)).share();
    assert!(
        share > BAND.1,
        "the old Beginner's share is {share:.3}, inside or below {BAND:?}"
    );
}
