//! The computer player (veil-ai's information-set search) on Hide and Guess:
//! it must use what the rules crate tells it and beat chance.

use veil_ai::{Level, arena::play_match};
use veil_core::{Game, Seat};
use veil_hide_and_guess::HideAndGuess;

#[test]
fn a_small_search_beats_random_play() {
    let (mut wins, mut losses) = (0, 0);
    for seed in 0..6u64 {
        // Alternate sides so neither has the first-player advantage.
        let search = Seat((seed % 2) as u8);
        let mut levels = [Level::Random; 2];
        levels[search.index()] = Level::Easy;
        let result = play_match::<HideAndGuess>(&(), &levels, seed, None).unwrap();
        let winners: Vec<Seat> = result.outcome.winners().collect();
        if winners == [search] {
            wins += 1;
        } else if !result.outcome.is_draw() {
            losses += 1;
        }
        // The record replays to the same end.
        assert_eq!(
            result.record.replay().unwrap().outcome(),
            Some(result.outcome)
        );
    }
    assert!(wins >= 5, "search won {wins}, lost {losses} of 6");
}
