//! Keeping a game costs what each change adds (issue 33, defect 5: a whole
//! Tysiąc match to 1000 once ended on a 45 MB save rewritten whole after
//! every change), and what was kept reads back as the same match.

use veil_ai::Duration;
use veil_core::{Actor, Game, GameRng, RngExt, SeedableRng, Turn};
use veil_match::save::{SaveWriter, Write, read, record_text};
use veil_match::{Match, MatchGame, SeatKind, Seeds};

/// Plays a whole game with a person at every seat (uniform random play: the
/// long, wandering games that are a save's worst case), keeping it after
/// every change; returns the match, the kept texts and the largest save.
fn keep_whole_game<G: MatchGame>(
    seats: usize,
    seed: u64,
) -> (Match<G>, String, String, usize, usize) {
    let mut m = Match::<G>::new(
        Default::default(),
        vec![SeatKind::Human; seats],
        Seeds::fixed(seed, seats),
        Duration::from_secs(1),
    );
    let mut rng = GameRng::seed_from_u64(seed);
    let mut writer = SaveWriter::default();
    let (mut checkpoint, mut log) = (String::new(), String::new());
    let (mut largest, mut largest_append) = (0, 0);
    let mut legal = Vec::new();
    while m.turn() != Turn::Over {
        if m.turn() == Turn::Chance {
            m.draw_chance();
        } else {
            let seat = m.to_act().unwrap();
            m.full_state_for_tests()
                .legal_actions(Actor::Seat(seat), &mut legal);
            m.play(seat, legal[rng.random_range(0..legal.len())])
                .unwrap();
        }
        match writer.next(&mut m).unwrap() {
            Some(Write::Checkpoint {
                checkpoint: c,
                log: l,
            }) => (checkpoint, log) = (c, l),
            Some(Write::Append(lines)) => {
                largest_append = largest_append.max(lines.len());
                log.push_str(&lines);
            }
            None => {}
        }
        largest = largest.max(checkpoint.len() + log.len());
    }
    (m, checkpoint, log, largest, largest_append)
}

#[test]
fn a_whole_tysiac_match_keeps_a_small_save_and_record() {
    let (m, checkpoint, log, largest, largest_append) =
        keep_whole_game::<veil_tysiac::Tysiac>(3, 1);
    assert!(m.plies > 2000, "a long match ({} plies)", m.plies);
    assert!(largest < 1_000_000, "largest save {largest} bytes");
    assert!(
        largest_append < 2_000,
        "one change appended {largest_append} bytes"
    );
    let record = record_text(&m).unwrap();
    assert!(record.len() < 700_000, "record {} bytes", record.len());
    // The last kept save is the match (over: the app deletes it, but it reads).
    let back = read::<veil_tysiac::Tysiac>(&checkpoint, Some(&log)).unwrap();
    assert_eq!((back.version, back.log()), (m.version, m.log()));
}

#[test]
fn a_torn_last_line_is_dropped_and_a_bad_line_refuses_the_save() {
    let mut m = Match::<veil_jieqi::Jieqi>::new(
        Default::default(),
        vec![SeatKind::Human; 2],
        Seeds::fixed(4, 2),
        Duration::from_secs(1),
    );
    let mut writer = SaveWriter::default();
    let (mut checkpoint, mut log) = (String::new(), String::new());
    let mut legal = Vec::new();
    let mut versions = Vec::new();
    for _ in 0..10 {
        let seat = m.to_act().unwrap();
        m.full_state_for_tests()
            .legal_actions(Actor::Seat(seat), &mut legal);
        m.play(seat, legal[0]).unwrap();
        match writer.next(&mut m).unwrap().unwrap() {
            Write::Checkpoint {
                checkpoint: c,
                log: l,
            } => (checkpoint, log) = (c, l),
            Write::Append(lines) => log.push_str(&lines),
        }
        versions.push(m.version);
    }
    let whole = read::<veil_jieqi::Jieqi>(&checkpoint, Some(&log)).unwrap();
    assert_eq!(whole.version, m.version);
    // A crash mid-append: the last line cut short is dropped.
    let torn = &log[..log.len() - 7];
    let back = read::<veil_jieqi::Jieqi>(&checkpoint, Some(torn)).unwrap();
    assert_eq!(back.version, versions[versions.len() - 2]);
    // A line changed in the middle: refused, with its line.
    let mut lines: Vec<&str> = log.split_inclusive('\n').collect();
    let bad = lines[3].replace("\"act\"", "\"axt\"");
    lines[3] = &bad;
    let e = read::<veil_jieqi::Jieqi>(&checkpoint, Some(&lines.concat()))
        .err()
        .unwrap();
    assert!(e.contains("line 4"), "{e}");
    // A log of another checkpoint is passed over.
    let other = log.replacen("{\"after\":", "{\"after\":9", 1);
    let alone = read::<veil_jieqi::Jieqi>(&checkpoint, Some(&other)).unwrap();
    assert_eq!(
        alone.version,
        read::<veil_jieqi::Jieqi>(&checkpoint, None)
            .unwrap()
            .version
    );
    // At the size bound (padded with spaces) a save and its log read;
    // one byte past it they are refused before parsing.
    let max = veil_match::limits::MAX_SAVE_BYTES;
    let at = format!("{checkpoint}{}", " ".repeat(max - checkpoint.len()));
    let log_at = format!("{log}{}", " ".repeat(max - log.len()));
    let back = read::<veil_jieqi::Jieqi>(&at, Some(&log_at)).unwrap();
    assert_eq!(back.version, m.version);
    assert_eq!(
        read::<veil_jieqi::Jieqi>(&format!("{at} "), None)
            .err()
            .unwrap(),
        "the save is too long: 16 777 217 bytes (at most 16 777 216)"
    );
    assert_eq!(
        read::<veil_jieqi::Jieqi>(&checkpoint, Some(&format!("{log_at} ")))
            .err()
            .unwrap(),
        "the save's log is too long: 16 777 217 bytes (at most 16 777 216)"
    );
}
