//! A snapshot read from outside (a save, a pasted record) is taken whole or
//! refused whole with its line: every part must agree with the rest.

use serde_json::Value;
use veil_ai::Level;
use veil_core::{Actor, GameRng, Seat, SeedableRng};
use veil_match::{Match, MatchGame, MatchSnapshot};

mod common;
use common::played;

fn json<G: MatchGame>(m: &Match<G>) -> Value {
    serde_json::to_value(m.snapshot()).unwrap()
}

/// The snapshot as a save writes it (chess bitboards are 128-bit numbers,
/// which a `serde_json::Value` cannot hold).
fn text<G: MatchGame>(m: &Match<G>) -> String {
    serde_json::to_string(&m.snapshot()).unwrap()
}

fn restore_text<G: MatchGame>(t: &str) -> Result<Match<G>, String> {
    let s: MatchSnapshot<G> = serde_json::from_str(t).map_err(|e| e.to_string())?;
    Match::restore(s)
}

fn restore<G: MatchGame>(v: Value) -> Result<Match<G>, String> {
    let s: MatchSnapshot<G> = serde_json::from_value(v).map_err(|e| e.to_string())?;
    Match::restore(s)
}

#[test]
fn every_game_restores_what_it_saved() {
    fn check<G: MatchGame>(seats: usize) {
        for seed in 0..4 {
            let m = played::<G>(seats, seed, 40, Default::default());
            let back = restore_text::<G>(&text(&m)).unwrap_or_else(|e| panic!("{}: {e}", G::ID));
            assert_eq!(text(&back), text(&m));
        }
    }
    check::<veil_jieqi::Jieqi>(2);
    check::<veil_hide_and_guess::HideAndGuess>(2);
    check::<veil_intrigue::Intrigue>(2);
    check::<veil_secret_king::SecretKing>(2);
    check::<veil_tysiac::Tysiac>(3);
    check::<veil_reality_check::RealityCheck>(2);
    check::<veil_skelly::Skelly>(3);
    check::<veil_go::Rengo>(4);
}

/// Issue 33, defect 2: a two-seat Go record whose timeline starts from a
/// four-seat game opened, then crashed the table on the next frame.
#[test]
fn a_timeline_that_starts_from_another_game_is_refused() {
    let go = |seats| {
        let options = veil_go::RengoOptions {
            size: 9,
            ..Default::default()
        };
        played::<veil_go::Rengo>(seats, 3, 30, options)
    };
    let mut two = json(&go(2));
    let four = json(&go(4));
    two["timeline"][0] = four["timeline"][0].clone();
    let e = restore::<veil_go::Rengo>(two).err().expect("refused");
    assert!(e.contains("another game"), "{e}");

    let mut skelly = json(&played::<veil_skelly::Skelly>(2, 1, 10, Default::default()));
    let six = json(&played::<veil_skelly::Skelly>(6, 1, 0, Default::default()));
    skelly["timeline"][0] = six["timeline"][0].clone();
    assert!(restore::<veil_skelly::Skelly>(skelly).is_err());
}

#[test]
fn a_timeline_that_does_not_lead_to_the_state_is_refused() {
    let m = played::<veil_jieqi::Jieqi>(2, 5, 20, Default::default());
    let good = json(&m);
    // An action taken out of the timeline.
    let mut cut = good.clone();
    cut["timeline"].as_array_mut().unwrap().remove(3);
    assert!(restore::<veil_jieqi::Jieqi>(cut).is_err());
    // The state of another game of the same kind.
    let mut other = good.clone();
    other["state"] =
        json(&played::<veil_jieqi::Jieqi>(2, 6, 20, Default::default()))["state"].clone();
    assert!(restore::<veil_jieqi::Jieqi>(other).is_err());
    // An undo point that holds the other seat's knowledge.
    let mut undo = good.clone();
    let points = undo["undo_points"].as_array_mut().unwrap();
    assert!(points.len() >= 2);
    let first = points[0]["knew"].clone();
    points[1]["knew"] = first;
    assert!(restore::<veil_jieqi::Jieqi>(undo).is_err());
    assert!(restore::<veil_jieqi::Jieqi>(good).is_ok());
}

/// Mutated snapshots never panic; what is taken plays on and saves again.
#[test]
fn mutated_snapshots_are_refused_or_play_on() {
    fn fuzz<G: MatchGame>(seats: usize, tries: usize) -> (usize, usize) {
        let base = text(&played::<G>(seats, 11, 16, Default::default()));
        let mut rng = GameRng::seed_from_u64(99);
        let (mut taken, mut refused) = (0, 0);
        for _ in 0..tries {
            let mutated = veil_core::fuzz::mutate_json(&mut rng, &base);
            match restore_text::<G>(&mutated) {
                Err(_) => refused += 1,
                Ok(mut m) => {
                    taken += 1;
                    for s in Seat::all(seats) {
                        let _ = m.observe(s);
                    }
                    let _ = (m.log().len(), m.positions().len(), m.outcome());
                    if let Some(seat) = m.to_act() {
                        let mut legal = Vec::new();
                        let state = G::determinize(&m.observe(seat), &mut rng);
                        state.legal_actions(Actor::Seat(seat), &mut legal);
                        if let Some(a) = legal.first() {
                            let _ = m.play(seat, *a);
                        }
                    }
                    restore_text::<G>(&text(&m)).expect("what was taken saves and reads back");
                }
            }
        }
        (taken, refused)
    }
    let mut total = 0;
    for (taken, refused) in [
        fuzz::<veil_jieqi::Jieqi>(2, 2000),
        fuzz::<veil_go::Rengo>(2, 2000),
        fuzz::<veil_skelly::Skelly>(2, 2000),
        fuzz::<veil_tysiac::Tysiac>(3, 2000),
        fuzz::<veil_hide_and_guess::HideAndGuess>(2, 2000),
    ] {
        assert!(refused > 0 && taken > 0, "{taken} taken, {refused} refused");
        total += taken + refused;
    }
    assert!(total >= 10_000);
    let _ = Level::Easy;
}
