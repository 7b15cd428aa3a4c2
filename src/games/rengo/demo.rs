//! `VEIL_DEMO=rengo`: a 13×13 Rengo game in progress — you are B1, three
//! computers play W1, B2 and W2 — for the screenshot.

use veil_ai::Level;
use veil_go::{Rengo, RengoOptions};

use crate::table::referee::Match;
use crate::table::setup::{MatchSetup, SeatKind};

/// B1 a person against three Easy computers on 13×13, thirty-two stones
/// of quick play in.
pub fn demo_match(setup: &mut MatchSetup) -> Match<Rengo> {
    setup.seats = vec![
        SeatKind::Human,
        SeatKind::Computer(Level::Easy),
        SeatKind::Computer(Level::Easy),
        SeatKind::Computer(Level::Easy),
    ];
    setup.set_options::<Rengo>(&RengoOptions {
        size: 13,
        ..RengoOptions::default()
    });
    setup.seed = Some(2026);
    let mut m = crate::table::referee::new_match::<Rengo>(setup, setup.options::<Rengo>());
    // Thirty-two stones of quick play.
    crate::table::view::play_demo(
        &mut m,
        32,
        |_, _| false,
        |view, i| {
            let think = Some(web_time::Duration::from_millis(25));
            veil_go::player::choose(view, Level::Easy, think, 11 + i)
        },
    );
    m
}
