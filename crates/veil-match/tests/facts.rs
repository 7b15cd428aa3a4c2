//! The words of hidden facts ([`MatchGame::fact_text`]), which the
//! server's leak sweep looks for in every frame: each is the game's own
//! writing of that very fact, and none is in the public move list while
//! the fact is hidden.

mod common;

use veil_core::{Fact, Game, Seat};
use veil_jieqi::{Color, Jieqi};
use veil_match::MatchGame;
use veil_reality_check::{Action, RealityCheck};

#[test]
fn a_hidden_reality_check_piece_is_named_as_its_notation_writes_it() {
    let mut named = 0;
    for seed in 0..4 {
        let m = common::played::<RealityCheck>(2, seed, 80, Default::default());
        let state = m.full_state_for_tests();
        let mut facts = Vec::new();
        for seat in [Seat(0), Seat(1)] {
            state.hidden_facts(seat, &mut facts);
            for f in &facts {
                let text = RealityCheck::fact_text(state, *f).expect("words for a hidden piece");
                // A drop of that piece, its face up, on its square.
                let Ok(Action::Drop { kind, to, up }) = text.parse::<Action>() else {
                    panic!("seed {seed}: {text:?} is not the notation of a piece on a square")
                };
                assert_eq!(
                    (usize::from(f.what), usize::from(f.place)),
                    (kind.index(), to.index())
                );
                assert_eq!(state.piece(to).map(|p| p.up), Some(up), "{text}");
                assert!(
                    !m.log().iter().any(|l| l.contains(&text)),
                    "seed {seed}: {text} is in the public list"
                );
                named += 1;
            }
        }
        // A fact the state does not hold has no words (and no panic).
        let off = Fact {
            place: 999,
            what: 0,
        };
        assert_eq!(RealityCheck::fact_text(state, off), None);
    }
    assert!(named > 0, "no hidden piece in the games played");
}

#[test]
fn a_captured_jieqi_piece_is_named_with_its_side() {
    let mut named = 0;
    for seed in 0..4 {
        let m = common::played::<Jieqi>(2, seed, 60, Default::default());
        let state = m.full_state_for_tests();
        let mut facts = Vec::new();
        for seat in [Seat(0), Seat(1)] {
            state.hidden_facts(seat, &mut facts);
            for f in &facts {
                let c = state.captured()[usize::from(f.place)];
                // Kept from its owner only.
                assert_eq!(seat.index(), c.color.index());
                let side = if c.color == Color::Red {
                    "Red"
                } else {
                    "Black"
                };
                let kind = c.kind.expect("named once taken");
                let text = Jieqi::fact_text(state, *f);
                assert_eq!(text, Some(format!("{side} {kind}")));
                let text = text.unwrap_or_default();
                assert!(
                    !m.log().iter().any(|l| l.contains(&text)),
                    "seed {seed}: {text} is in the public list"
                );
                named += 1;
            }
        }
        let off = Fact {
            place: 999,
            what: 4,
        };
        assert_eq!(Jieqi::fact_text(state, off), None);
    }
    assert!(named > 0, "no face-down piece taken in the games played");
}
