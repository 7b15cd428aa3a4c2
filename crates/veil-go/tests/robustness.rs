//! Bad input never panics: mutated states, views and records of random
//! matches (what a damaged save or record would hold) are refused with an
//! error, or are values the game plays on from.

use veil_core::fuzz::{Samples, fuzz_game};
use veil_go::{Rengo, RengoOptions};

#[test]
fn fuzz_states_views_records() {
    let samples = Samples::<Rengo>::collect(&RengoOptions::default(), 4, 10, 90);
    let report = fuzz_game(&samples, 10_000, 4, Rengo::arbitrary_action);
    assert_eq!(report.per_kind, [10_000; 3]);
    assert!(report.accepted > 100, "{report:?}");
    println!("{report:?}");
}

/// Issue 33: a vertex (GTP's `D4`, from `veil-cli gtp` and `versus`) past
/// 32 bytes is refused before it is read, handing back only its start; at
/// the bound it reads. 12 000 inputs at and around the bound and mutations
/// of good vertices: never a panic; what reads is on the board and writes
/// back the same.
#[test]
fn fuzz_vertices_at_the_bound() {
    use veil_core::limits::{MAX_MOVE_BYTES, too_long};
    use veil_core::{GameRng, SeedableRng, fuzz};
    use veil_go::Point;

    let at = format!("{:^width$}", "D4", width = MAX_MOVE_BYTES);
    assert_eq!(Point::parse(&at, 9).unwrap(), Point::new(3, 3));
    let past = format!("{at} ");
    let e = Point::parse(&past, 9).unwrap_err();
    assert_eq!(e.reason, "too long: 33 bytes (at most 32)");
    assert!(e.input.chars().count() <= 33);
    let digits = format!("D{}", "9".repeat(10_000));
    assert_eq!(
        Point::parse(&digits, 19).unwrap_err().reason,
        too_long(10_001, MAX_MOVE_BYTES)
    );
    assert!(Point::parse(&format!("D{}", "9".repeat(30)), 19).is_err());

    let mut rng = GameRng::seed_from_u64(33);
    let alphabet: Vec<char> = "ABCDEFGHJKLMNOPQRSTIabcdt0123456789 -".chars().collect();
    let good = ["D4", "j10", "T19", "A1", "e5", "pass"];
    let mut read = 0;
    for i in 0..12_000 {
        let text = match i % 2 {
            0 => fuzz::around_bound(&mut rng, good[i % good.len()], MAX_MOVE_BYTES, &alphabet),
            _ => fuzz::mutate(&mut rng, good[i % good.len()], &alphabet),
        };
        for size in [9, 13, 19] {
            match Point::parse(&text, size) {
                Ok(p) => {
                    read += 1;
                    assert!(p.col < size && p.row < size, "{text}");
                    assert_eq!(Point::parse(&p.to_string(), size).unwrap(), p);
                }
                Err(e) if text.len() > MAX_MOVE_BYTES => {
                    assert_eq!(e.reason, too_long(text.len(), MAX_MOVE_BYTES))
                }
                Err(_) => {}
            }
        }
    }
    assert!(read > 300, "{read}");
}
