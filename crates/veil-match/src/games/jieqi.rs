//! Jieqi: the move in ICCS with what the mover turned out to be.

use veil_core::Seat;
use veil_jieqi::{Jieqi, JieqiView};

use crate::MatchGame;

impl MatchGame for Jieqi {
    fn move_text(after: &JieqiView) -> Option<String> {
        // Public: the move and what the mover turned out to be.
        after
            .last_move
            .map(|m| veil_jieqi::record_move(m, after.last_reveal))
    }
    fn revealed(state: &Self, seat: Seat) -> Option<JieqiView> {
        Some(Jieqi::revealed(state, seat))
    }
}
