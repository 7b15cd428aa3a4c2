//! Counting action trees, to test the move generator.

use veil_core::{Actor, Game, Turn};

use crate::game::RealityCheck;

/// The number of action sequences of length `depth` from `game` (every
/// seat action counts one: a quiet move and its flip are two; a die roll
/// counts one too).
pub fn perft(game: &RealityCheck, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let actor = match game.turn() {
        Turn::Over => return 0,
        Turn::Chance => Actor::Chance,
        Turn::Seat(s) => Actor::Seat(s),
        Turn::Simultaneous(set) => match set.first() {
            Some(s) => Actor::Seat(s),
            None => return 0,
        },
    };
    let mut legal = Vec::new();
    game.legal_actions(actor, &mut legal);
    if depth == 1 {
        return legal.len() as u64;
    }
    legal
        .iter()
        .map(|a| {
            let mut next = game.clone();
            next.apply(actor, *a).expect("listed actions apply");
            perft(&next, depth - 1)
        })
        .sum()
}
