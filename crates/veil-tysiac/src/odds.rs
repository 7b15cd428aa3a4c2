//! The odds between hands that one seat finishes the match ahead of
//! another: a logistic model of the standings (scores, the barrel, the marks
//! waiting to cost 120, who deals), fitted to whole matches played by the
//! playout policy (`cargo run --release -p veil-tysiac --example odds`
//! refits it and prints these weights). A lead of 100 points early in a
//! match is worth little; the same lead at 800 nearly decides it, and a
//! score in reach of 1000 while the others trail is worth more than its
//! points: the match is a race, and the search's hand-by-hand gain does not
//! see where it ends.

use crate::game::{BARREL, GOAL, SEATS};
use crate::{Phase, Table};
use veil_core::Seat;

/// How many features [`pair_features`] gives.
pub const ODDS_FEATURES: usize = 7;

/// Fitted by the `odds` example (200 000 matches of the playout policy).
pub const ODDS_WEIGHTS: [f64; ODDS_FEATURES] =
    [0.1914, 0.0614, -0.0794, -0.0795, -0.0246, -0.0302, 0.0601];

/// The seat that deals the next hand (between hands the last dealer is
/// still on the table).
fn next_dealer(t: &Table) -> Seat {
    match t.phase {
        Phase::Score => t.dealer.next(SEATS),
        _ => t.dealer,
    }
}

/// The features of "`a` finishes ahead of `b`", antisymmetric: swapping
/// the two seats negates every one, so the odds of the two add up to one.
pub fn pair_features(t: &Table, a: Seat, b: Seat) -> [f64; ODDS_FEATURES] {
    let score = |s: Seat| f64::from(t.standings[s.index()].score);
    let third = Seat::all(SEATS)
        .find(|s| *s != a && *s != b)
        .expect("three seats");
    let lead = Seat::all(SEATS)
        .map(score)
        .fold(f64::MIN, f64::max)
        .clamp(0.0, f64::from(GOAL))
        / f64::from(GOAL);
    let d = (score(a) - score(b)) / 100.0;
    let on_barrel = |s: Seat| f64::from(t.standings[s.index()].barrel.is_some());
    let lines = |s: Seat| f64::from(t.standings[s.index()].lines % 3);
    let p_marks = |s: Seat| f64::from(t.standings[s.index()].p_marks % 3);
    // How near 1000 a score is, steeper at the end (the barrel at 880).
    let near = |s: Seat| {
        let x = (score(s).max(0.0) / f64::from(BARREL)).min(1.0);
        x * x * x
    };
    let dealer = next_dealer(t);
    let opens = dealer.next(SEATS);
    let is = |s: Seat, of: Seat| f64::from(s == of);
    [
        d,
        d * lead * lead,
        on_barrel(a) - on_barrel(b),
        lines(a) + p_marks(a) - lines(b) - p_marks(b),
        is(a, opens) - is(b, opens),
        near(a) - near(b),
        d * on_barrel(third),
    ]
}

/// The odds in [0, 1] that `a` finishes the match ahead of `b`, from the
/// standings between hands.
pub fn ahead(t: &Table, a: Seat, b: Seat) -> f64 {
    ahead_by(&ODDS_WEIGHTS, t, a, b)
}

/// [`ahead`] with the given weights (for fitting them).
pub fn ahead_by(weights: &[f64; ODDS_FEATURES], t: &Table, a: Seat, b: Seat) -> f64 {
    let f = pair_features(t, a, b);
    let x: f64 = f.iter().zip(weights).map(|(f, w)| f * w).sum();
    1.0 / (1.0 + (-x).exp())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, Tysiac};
    use veil_core::Game;

    fn table(scores: [i32; 3]) -> Table {
        let mut t = Tysiac::new(&Options::default(), SEATS)
            .expect("the default options")
            .table()
            .clone();
        for (st, score) in t.standings.iter_mut().zip(scores) {
            st.score = score;
        }
        t
    }

    #[test]
    fn the_odds_of_two_seats_add_up_to_one() {
        let t = table([430, 615, 120]);
        for (a, b) in [(0, 1), (0, 2), (1, 2)] {
            let (a, b) = (Seat(a), Seat(b));
            let sum = ahead(&t, a, b) + ahead(&t, b, a);
            assert!((sum - 1.0).abs() < 1e-12, "{sum}");
        }
        assert!((ahead(&table([300, 300, 300]), Seat(0), Seat(1)) - 0.5).abs() < 0.05);
    }

    #[test]
    fn a_lead_counts_for_more_near_the_goal() {
        let early = ahead(&table([200, 100, 100]), Seat(0), Seat(1));
        let late = ahead(&table([850, 750, 100]), Seat(0), Seat(1));
        assert!(early > 0.5, "{early}");
        assert!(late > early, "{late} against {early}");
    }
}
