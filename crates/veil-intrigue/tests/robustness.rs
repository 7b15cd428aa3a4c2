//! Malformed input from outside (saves, records, views) is refused with an
//! error, never a panic (issue 15, finding 7), and fuzz tests for every
//! parser and `Deserialize`.
use serde_json::{Value, json};
use veil_chess::Square;
use veil_core::{Actor, Game, GameRng, Seat, SeedableRng};
use veil_intrigue::{Action, Intrigue, IntrigueOptions, IntrigueView};

/// A game after both secret setups, White's King hiding on e4.
fn after_setup() -> Intrigue {
    let mut g = Intrigue::new(&IntrigueOptions::default(), 2).unwrap();
    g.apply(
        Actor::Seat(Seat(0)),
        Action::Setup {
            hiding: Square(28),
            informant: 5,
        },
    )
    .unwrap();
    g.apply(
        Actor::Seat(Seat(1)),
        Action::Setup {
            hiding: Square(40),
            informant: 2,
        },
    )
    .unwrap();
    g
}

#[test]
fn a_state_with_an_off_board_hiding_square_is_refused() {
    let g = after_setup();
    let mut v = serde_json::to_value(&g).unwrap();
    v["secrets"][0]["hiding"] = json!(200);
    let read = serde_json::from_value::<Intrigue>(v.clone());
    if let Ok(g) = &read {
        // Before the fix this panicked (`1u64 << 200`).
        let mut out = Vec::new();
        g.legal_actions(Actor::Seat(Seat(0)), &mut out);
    }
    let error = read.expect_err("an off-board hiding square must be refused");
    assert!(error.to_string().contains("off the board"), "{error}");
    // The same for a view.
    let mut view = serde_json::to_value(g.observe(Seat(0))).unwrap();
    view["secrets"][0]["hiding"] = json!(200);
    let read = serde_json::from_value::<IntrigueView>(view);
    if let Ok(view) = &read {
        view.legal_actions();
    }
    assert!(read.is_err());
    // And an appeared King's square off the board.
    let mut view = serde_json::to_value(g.observe(Seat(1))).unwrap();
    view["public"]["kings"][0] = json!(200);
    let read = serde_json::from_value::<IntrigueView>(view);
    if let Ok(view) = &read {
        Intrigue::determinize(view, &mut GameRng::seed_from_u64(1));
    }
    assert!(read.is_err());
    // Untouched, both read back.
    let back: Intrigue = serde_json::from_value(serde_json::to_value(&g).unwrap()).unwrap();
    assert_eq!(back, g);
    let _: Value = serde_json::to_value(g.observe(Seat(0))).unwrap();
}
