//! What the referee's tests share.

use veil_ai::Duration;
use veil_core::{Actor, GameRng, SeedableRng, Turn};
use veil_match::{Match, MatchGame, SeatKind, Seeds};

/// A match of `seats` people playing random legal actions (chance drawn as
/// it comes), `moves` steps of it.
pub fn played<G: MatchGame>(
    seats: usize,
    seed: u64,
    moves: usize,
    options: G::Options,
) -> Match<G> {
    let kinds = vec![SeatKind::Human; seats];
    let mut m = Match::<G>::new(
        options,
        kinds,
        Seeds::fixed(seed, seats),
        Duration::from_secs(1),
    );
    let mut rng = GameRng::seed_from_u64(seed);
    let mut legal = Vec::new();
    for _ in 0..moves {
        if m.turn() == Turn::Chance {
            m.draw_chance();
            continue;
        }
        let Some(seat) = m.to_act() else { break };
        let state = G::determinize(&m.observe(seat), &mut rng);
        state.legal_actions(Actor::Seat(seat), &mut legal);
        let pick = legal[veil_core::RngExt::random_range(&mut rng, 0..legal.len())];
        m.play(seat, pick).unwrap();
    }
    m
}
