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
    /// A captured face-down piece its owner was not shown, named with its
    /// side as a line telling the capture would name it ("Black horse"):
    /// the move list's own letters (`b0c2n`) are one character, which any
    /// line holds by chance.
    fn fact_text(state: &Self, fact: veil_core::Fact) -> Option<String> {
        let captured = state.captured().get(usize::from(fact.place))?;
        let kind = *veil_jieqi::Kind::ALL
            .iter()
            .find(|k| k.index() == usize::from(fact.what))?;
        let owner = Self::seat_name(Seat(captured.color.index() as u8));
        Some(format!("{owner} {kind}"))
    }
}
