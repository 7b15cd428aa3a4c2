//! `VEIL_DEMO=skelly`: four caps a dozen shots into a game, a person's turn
//! (fixed seeds, so the screenshot is the same every time).

use veil_ai::Level;
use veil_skelly::Skelly;

use crate::table::referee::new_match;
use crate::table::setup::{MatchSetup, SeatKind};

/// The match the demo starts from: four seats, Red a person, and shots of
/// quick computer play until it is Red's turn again after at least twelve.
pub fn demo_match(setup: &mut MatchSetup) -> crate::table::referee::Match<Skelly> {
    setup.seats = vec![
        SeatKind::Human,
        SeatKind::Computer(Level::Easy),
        SeatKind::Computer(Level::Easy),
        SeatKind::Computer(Level::Easy),
    ];
    setup.seed = Some(2026);
    let mut m = new_match::<Skelly>(setup, setup.options::<Skelly>());
    crate::table::view::play_demo(
        &mut m,
        40,
        |m, i| i >= 12 && m.to_act() == Some(veil_core::Seat(0)),
        |view, i| veil_skelly::ai::choose(view, Level::Greedy, None, 31 + i),
    );
    m
}
