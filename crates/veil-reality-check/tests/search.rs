//! The generic search with Reality Check's knowledge.
mod common;
use common::*;
use veil_ai::Level;
use veil_core::{Game, Seat};
use veil_reality_check::*;

#[test]
fn the_computer_takes_the_winning_reality_check() {
    // Black's only piece left in play is its R-R (every other kind was
    // removed, in public), so White can deduce what d6 is.
    let g = position(
        &[("d4", "R(R)"), ("a4", "N(N)"), ("d6", "r(r)")],
        ["-", "-"],
        'w',
    );
    let action = veil_ai::choose::<RealityCheck>(&g.observe(Seat(0)), Level::Easy, None, 1);
    assert_eq!(action.to_string(), "d4xd6!");
}

#[test]
fn the_computer_does_not_reality_check_with_a_false_piece() {
    // The capture is good, but a Reality Check would only show the B-R.
    let g = position(
        &[
            ("d4", "R(B)"),
            ("a4", "N(N)"),
            ("d6", "n(b)"),
            ("g6", "r(r)"),
            ("a6", "b(b)"),
            ("b6", "p(p)"),
            ("c6", "n(n)"),
        ],
        ["-", "-"],
        'w',
    );
    let action = veil_ai::choose::<RealityCheck>(&g.observe(Seat(0)), Level::Easy, None, 2);
    assert_ne!(action.to_string(), "d4xd6!");
}

#[test]
fn evaluation_prefers_more_true_pieces() {
    let even = position(
        &[
            ("d4", "R(R)"),
            ("a4", "N(N)"),
            ("d6", "r(r)"),
            ("a6", "n(n)"),
        ],
        ["-", "-"],
        'w',
    );
    let ahead = position(
        &[
            ("d4", "R(R)"),
            ("a4", "N(N)"),
            ("d6", "r(r)"),
            ("a6", "n(b)"),
        ],
        ["-", "-"],
        'w',
    );
    assert!(evaluate(&ahead, Color::White) > evaluate(&even, Color::White));
    assert!((evaluate(&even, Color::White) - 0.5).abs() < 0.05);
}

#[test]
fn hard_explores_less_and_holds_draws_in_contempt() {
    let g = RealityCheck::standard_fixed();
    let view = g.observe(Seat(0));
    let normal = veil_ai::Search::<RealityCheck>::new(&view, Level::Normal.config(), 1);
    let hard = veil_ai::Search::<RealityCheck>::new(&view, Level::Hard.config(), 1);
    assert_eq!(normal.config().exploration, 0.7);
    assert_eq!(hard.config().exploration, 0.35);
    assert_eq!(g.draw_contempt(), 0.1);
}
