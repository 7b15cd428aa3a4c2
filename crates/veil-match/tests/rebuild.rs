//! A match rebuilt from its opening and its logged steps is the same match:
//! every seat sees the same, the version is the same, and the chance still
//! to come is the same (what a server's store relies on after a crash).

use serde_json::Value;
use veil_ai::{Duration, Level};
use veil_core::{Seat, Turn};
use veil_match::{
    AnyMatch, Opening, SeatKind, Seeds, Step, default_options, open, rebuild, resume,
};

/// Plays `moves` steps of seeded random legal play (seat 0 a computer at
/// Random when `computer`), logging every step as a server would.
fn play(game: &str, seats: usize, seed: u64, moves: usize, computer: bool) -> (Opening, Vec<Step>) {
    let mut kinds = vec![SeatKind::Human; seats];
    if computer {
        kinds[0] = SeatKind::Computer(Level::Random);
    }
    let opening = Opening::with_seeds(
        game,
        default_options(game).unwrap(),
        &kinds,
        100,
        Seeds::fixed(seed, seats),
    );
    let mut m = open(&opening).unwrap();
    let mut steps = Vec::new();
    let mut pick = seed;
    for _ in 0..moves {
        if m.chance_pause() > 0.0 {
            m.step(&Step::Chance).unwrap();
            steps.push(Step::Chance);
            continue;
        }
        let seat = match m.turn() {
            Turn::Seat(s) => s,
            Turn::Simultaneous(set) => set.first().unwrap(),
            _ => break,
        };
        if m.seat_kinds()[seat.index()] != SeatKind::Human {
            let mut step = None;
            for _ in 0..1000 {
                step = m.think(Duration::from_millis(20), Duration::from_millis(50));
                if step.is_some() {
                    break;
                }
            }
            steps.push(step.expect("the computer moves within its think time"));
            continue;
        }
        let view = m.observe(Some(seat));
        let legal = m.legal_from_view(&view, seat).unwrap();
        pick = pick
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let action = legal[(pick >> 33) as usize % legal.len()].clone();
        let step = Step::Act {
            seat: seat.0,
            action,
            belief: None,
        };
        m.step(&step).unwrap();
        steps.push(step);
    }
    (opening, steps)
}

fn views(m: &dyn AnyMatch) -> Vec<Value> {
    let mut out: Vec<Value> = Seat::all(m.seats()).map(|s| m.observe(Some(s))).collect();
    out.push(m.observe(None));
    out
}

#[test]
fn a_rebuilt_match_is_the_same_match_for_every_game() {
    for entry in veil_games::GAMES {
        let seats = entry.seats.counts().next().unwrap();
        for seed in 0..3 {
            let (opening, steps) = play(entry.id, seats, seed, 60, seed == 1);
            let whole = rebuild(&opening, &steps).unwrap();
            // Cut anywhere: the rebuilt half goes on to the same end.
            let half = steps.len() / 2;
            let mut resumed = rebuild(&opening, &steps[..half]).unwrap();
            for step in &steps[half..] {
                resumed.step(step).unwrap();
            }
            assert_eq!(whole.version(), resumed.version(), "{}", entry.id);
            assert_eq!(views(&*whole), views(&*resumed), "{} seed {seed}", entry.id);
            assert_eq!(whole.log(), resumed.log());
        }
    }
}

/// What a server's store does every so many steps: a snapshot, then only
/// the steps after it. Resumed from a snapshot taken anywhere, a match is
/// the one rebuilt from the start — the same views and move list, the
/// same chance still to come (its generator is in the snapshot) and the
/// same computer's move next.
#[test]
fn a_match_resumed_from_a_snapshot_is_the_same_match_for_every_game() {
    for entry in veil_games::GAMES {
        let seats = entry.seats.counts().next().unwrap();
        for seed in 0..3 {
            let (opening, steps) = play(entry.id, seats, seed, 60, seed == 1);
            let mut whole = rebuild(&opening, &steps).unwrap();
            for cut in [0, 1, steps.len() / 3, steps.len() / 2, steps.len()] {
                let at = rebuild(&opening, &steps[..cut]).unwrap();
                let snapshot = at.snapshot().unwrap();
                let mut resumed = resume(&opening, &snapshot, &steps[cut..]).unwrap();
                let what = format!("{} seed {seed} cut at {cut}", entry.id);
                assert_eq!(whole.version(), resumed.version(), "{what}");
                assert_eq!(views(&*whole), views(&*resumed), "{what}");
                assert_eq!(whole.log(), resumed.log(), "{what}");
                assert_eq!(whole.writers(), resumed.writers(), "{what}");
                assert_eq!(whole.chance_count(), resumed.chance_count(), "{what}");
                assert_eq!(whole.snapshot(), resumed.snapshot(), "{what}");
                if cut == steps.len() && whole.seat_kinds()[0] != SeatKind::Human {
                    // The computer to move next moves alike in both.
                    let mut next = (None, None);
                    for _ in 0..1000 {
                        let d = (Duration::from_millis(20), Duration::from_millis(50));
                        next.0 = next.0.or_else(|| whole.think(d.0, d.1));
                        next.1 = next.1.or_else(|| resumed.think(d.0, d.1));
                        if next.0.is_some() && next.1.is_some() {
                            break;
                        }
                    }
                    assert_eq!(next.0, next.1, "{what}");
                }
            }
        }
    }
}

/// A snapshot that does not read, or is another match's, is refused (the
/// store then replays the room from its start).
#[test]
fn a_damaged_or_foreign_snapshot_is_refused() {
    let (opening, steps) = play("jieqi", 2, 4, 20, false);
    let m = rebuild(&opening, &steps).unwrap();
    let snapshot = m.snapshot().unwrap();
    assert!(resume(&opening, &snapshot, []).is_ok());
    let cut = &snapshot[..snapshot.len() / 2];
    let e = resume(&opening, cut, [])
        .err()
        .expect("a cut snapshot is refused");
    assert!(e.contains("does not read"), "{e}");
    let (other, _) = play("jieqi", 2, 5, 0, false);
    let e = resume(&other, &snapshot, [])
        .err()
        .expect("another room's is refused");
    assert!(e.contains("not of this match"), "{e}");
    let mut tysiac = other.clone();
    tysiac.game = "tysiac".into();
    assert!(resume(&tysiac, &snapshot, []).is_err(), "another game's");
    // A step after it that does not replay is refused with its place.
    let bad = Step::Act {
        seat: 9,
        action: Value::Null,
        belief: None,
    };
    let e = resume(&opening, &snapshot, [&bad])
        .err()
        .expect("a bad step");
    assert!(e.contains("step 1 after the snapshot"), "{e}");
}

#[test]
fn bad_steps_are_refused_and_change_nothing() {
    let (opening, steps) = play("tysiac", 3, 5, 10, false);
    let mut m = rebuild(&opening, &steps).unwrap();
    let before = (m.version(), views(&*m));
    for bad in [
        Step::Act {
            seat: 9,
            action: Value::Null,
            belief: None,
        },
        Step::Act {
            seat: 0,
            action: serde_json::json!({"no": "such action"}),
            belief: None,
        },
        Step::Act {
            seat: 0,
            action: serde_json::json!("Pass"),
            belief: None,
        },
        Step::Seat {
            seat: 0,
            kind: "grandmaster".into(),
        },
        Step::Undo { seat: 7, seed: 1 },
    ] {
        let _ = m.step(&bad);
    }
    // Whichever of these the rules took (a pass may be legal), none panicked;
    // the unreadable ones left the match as it was.
    let mut m2 = rebuild(&opening, &steps).unwrap();
    assert!(
        m2.step(&Step::Act {
            seat: 9,
            action: Value::Null,
            belief: None
        })
        .is_err()
    );
    assert!(
        m2.step(&Step::Seat {
            seat: 0,
            kind: "grandmaster".into()
        })
        .is_err()
    );
    assert_eq!((m2.version(), views(&*m2)), before);
    let _ = m;
}

#[test]
fn a_log_that_does_not_replay_is_refused_with_its_step() {
    let (opening, mut steps) = play("jieqi", 2, 2, 6, false);
    steps.insert(
        2,
        Step::Act {
            seat: 0,
            action: serde_json::json!(12345),
            belief: None,
        },
    );
    let Err(e) = rebuild(&opening, &steps) else {
        panic!("a broken log rebuilt")
    };
    assert!(e.contains("step 3"), "{e}");
}
