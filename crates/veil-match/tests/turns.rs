//! The move list by turns (issue 34, 5): a seat's consecutive lines are
//! one turn, so a two-column list keeps each seat in its own column.

use veil_core::Seat;
use veil_jieqi::Jieqi;
use veil_match::{Match, MatchGame};

mod common;
use veil_reality_check::RealityCheck;

/// A two-seat game of people playing random legal actions.
fn played<G: MatchGame>(seed: u64, moves: usize) -> Match<G> {
    common::played::<G>(2, seed, moves, G::Options::default())
}

/// Every line is in exactly one turn, in order, and no two turns in a row
/// are the same seat's.
fn check_turns<G: MatchGame>(m: &Match<G>) -> Vec<(Seat, String)> {
    let turns = m.turns();
    let joined: Vec<&str> = turns.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(joined.join(" "), m.log().join(" "), "{}", G::ID);
    for pair in turns.windows(2) {
        assert_ne!(pair[0].0, pair[1].0, "{}: {pair:?}", G::ID);
    }
    turns
}

#[test]
fn a_flip_is_part_of_the_move_before_it() {
    let mut flips = 0;
    for seed in 0..6 {
        let m = played::<RealityCheck>(seed, 120);
        let turns = check_turns(&m);
        // The setup is written by neither; the first turn is White's.
        assert_eq!(turns.first().map(|t| t.0), Some(Seat(0)), "seed {seed}");
        for (seat, text) in &turns {
            assert!(
                !text.starts_with('~'),
                "seed {seed}: a flip alone: {seat:?} {text}"
            );
            flips += text.matches(" ~").count();
        }
        // A line that was a flip alone before is now inside a turn.
        let alone = m.log().iter().filter(|l| l.starts_with('~')).count();
        assert_eq!(text_flips(&turns), alone, "seed {seed}");
    }
    assert!(flips > 10, "the games had flips to join: {flips}");
}

fn text_flips(turns: &[(Seat, String)]) -> usize {
    turns.iter().map(|(_, t)| t.matches('~').count()).sum()
}

#[test]
fn games_of_one_line_a_move_keep_one_line_a_turn() {
    let m = played::<Jieqi>(4, 40);
    let turns = check_turns(&m);
    assert_eq!(turns.len(), m.log().len());
    for (i, (seat, _)) in turns.iter().enumerate() {
        assert_eq!(*seat, Seat((i % 2) as u8));
    }
}

#[test]
fn an_undo_is_followed() {
    let mut m = played::<RealityCheck>(2, 60);
    let seat = m.to_act().unwrap_or(Seat(0));
    let before = m.turns();
    if m.undo_seeded(seat, 7) {
        let after = check_turns(&m);
        assert!(after.len() <= before.len());
        assert!(before.starts_with(&after[..after.len().saturating_sub(1)]));
    }
}
