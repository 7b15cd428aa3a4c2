//! Keeping a game costs what each change adds (issue 33, defect 5: a whole
//! Tysiąc match to 1000 once ended on a 45 MB save rewritten whole after
//! every change), and what was kept reads back as the same match.

use veil_ai::Duration;
use veil_core::{Actor, Game, GameRng, RngExt, SeedableRng, Turn};
use veil_match::save::{SaveWriter, Write, checkpoint_text, read, record_text};

mod common;
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

/// The text of a whole match written by one writer, checkpoint by
/// checkpoint, beside the same match written from nothing each time.
struct Kept {
    checkpoints: usize,
    /// (checkpoint bytes, bytes serialised for it) of each checkpoint.
    work: Vec<(usize, usize)>,
}

/// Plays a whole Tysiąc match of three people, taking back about one step
/// in `undo_every` (a seat's last action, dealt anew), and checks that every
/// checkpoint the writer makes — most of it copied from the text kept since
/// the last — is the very text of the match written from nothing, and
/// reads back as the match.
fn keep_whole_tysiac(seed: u64, undo_every: Option<u32>) -> (Match<veil_tysiac::Tysiac>, Kept) {
    type G = veil_tysiac::Tysiac;
    let mut m = Match::<G>::new(
        Default::default(),
        vec![SeatKind::Human; 3],
        Seeds::fixed(seed, 3),
        Duration::from_secs(1),
    );
    let mut rng = GameRng::seed_from_u64(seed);
    let mut writer = SaveWriter::default();
    let mut kept = Kept {
        checkpoints: 0,
        work: Vec::new(),
    };
    let (mut legal, mut undos) = (Vec::new(), 0);
    while m.turn() != Turn::Over {
        if m.turn() == Turn::Chance {
            m.draw_chance();
        } else if undo_every.is_some_and(|n| rng.random_range(0..n) == 0) {
            let seat = veil_core::Seat(rng.random_range(0..3));
            if m.undo_seeded(seat, rng.random()) {
                undos += 1;
            }
        } else {
            let seat = m.to_act().unwrap();
            m.full_state_for_tests()
                .legal_actions(Actor::Seat(seat), &mut legal);
            m.play(seat, legal[rng.random_range(0..legal.len())])
                .unwrap();
        }
        if let Some(Write::Checkpoint { checkpoint, .. }) = writer.next(&mut m).unwrap() {
            let whole = checkpoint_text(&m).unwrap();
            assert!(
                checkpoint == whole,
                "checkpoint {} differs",
                kept.checkpoints
            );
            kept.checkpoints += 1;
            kept.work.push((checkpoint.len(), writer.fresh_bytes()));
            if kept.checkpoints.is_multiple_of(4) {
                let back = read::<G>(&checkpoint, None).unwrap();
                assert_eq!(snapshot_text(&back), snapshot_text(&m));
            }
        }
    }
    assert_eq!(undos > 20, undo_every.is_some(), "{undos} undos");
    (m, kept)
}

fn snapshot_text<G: MatchGame>(m: &Match<G>) -> String {
    serde_json::to_string(&m.snapshot()).unwrap()
}

/// The slowest write of a whole Tysiąc match was a checkpoint, formatted
/// whole every 256 changes (8.2 ms for the last, 800 KB). Now what no undo
/// can reach is kept as text from one checkpoint to the next: what a
/// checkpoint serialises stays bounded however long the game, the rest is
/// copied, and the text is the same as written from nothing.
#[test]
fn a_checkpoint_serialises_only_what_came_since_the_last() {
    let (m, kept) = keep_whole_tysiac(1, None);
    assert!(m.plies > 2000, "a long match ({} plies)", m.plies);
    assert!(kept.checkpoints > 10);
    let (last, _) = *kept.work.last().unwrap();
    let most_fresh = kept.work.iter().map(|w| w.1).max().unwrap();
    // The first checkpoint is serialised whole; the last is hundreds of KB,
    // of which a small part was serialised for it.
    assert_eq!(kept.work[0].0, kept.work[0].1);
    assert!(last > 400_000, "the last checkpoint {last} bytes");
    assert!(
        most_fresh < 120_000 && most_fresh * 4 < last,
        "a checkpoint serialised {most_fresh} bytes (the last is {last})"
    );
    // A late checkpoint serialises no more than an early one did, give or
    // take the game's own score sheet.
    let early = kept.work[2..5].iter().map(|w| w.1).max().unwrap();
    let late = kept.work[kept.work.len() - 3..]
        .iter()
        .map(|w| w.1)
        .max()
        .unwrap();
    assert!(late < early * 2, "early {early}, late {late} bytes anew");
}

/// Taking back cuts the timeline back to before the oldest undo point at
/// most: with undos all along, each checkpoint is still the match's text,
/// and serialises what the game added since the last one, and a bounded
/// rest (the match's head, what an undo can still reach).
#[test]
fn checkpoints_with_undos_are_the_match_and_serialise_what_was_added() {
    let (m, kept) = keep_whole_tysiac(2, Some(40));
    assert!(m.plies > 1000, "a long match ({} plies)", m.plies);
    for (k, pair) in kept.work.windows(2).enumerate() {
        let [(before, _), (size, fresh)] = *pair else {
            unreachable!()
        };
        assert!(
            fresh < size.saturating_sub(before) + 100_000,
            "checkpoint {}: {fresh} bytes anew, {before} to {size}",
            k + 1
        );
    }
}

/// A writer handed another match (the app takes a new one per match; a
/// mistake must not write the old match's timeline into the new one's
/// save) sees its kept text is not that match's and writes it whole.
#[test]
fn a_writer_handed_another_match_writes_it_whole() {
    type G = veil_tysiac::Tysiac;
    let mut a = common::played::<G>(3, 1, 700, Default::default());
    let mut b = common::played::<G>(3, 2, 900, Default::default());
    let mut shorter = common::played::<G>(3, 3, 300, Default::default());
    let mut writer = SaveWriter::default();
    writer.checkpoint(&mut a).unwrap();
    assert!(writer.fresh_bytes() > 0);
    for other in [&mut b, &mut shorter, &mut a] {
        let Write::Checkpoint { checkpoint, .. } = writer.checkpoint(other).unwrap() else {
            unreachable!()
        };
        assert!(checkpoint == checkpoint_text(other).unwrap());
        assert_eq!(writer.fresh_bytes(), checkpoint.len());
    }
    // The same match again: nothing new to serialise but its head.
    let Write::Checkpoint { checkpoint, .. } = writer.checkpoint(&mut a).unwrap() else {
        unreachable!()
    };
    assert!(writer.fresh_bytes() * 2 < checkpoint.len());
}

/// Format 4 writes undo points without what their seat knew; reading
/// rebuilds it from the timeline, so a match read back is the match it
/// was — undo points included — in every game, and takes back alike.
#[test]
fn undo_points_are_rebuilt_from_the_timeline() {
    fn check<G: MatchGame>(seats: usize) {
        for seed in 0..3 {
            let mut m = common::played::<G>(seats, seed, 40, Default::default());
            let text = checkpoint_text(&m).unwrap();
            assert!(!text.contains("\"knew\""), "{}: written whole", G::ID);
            let mut back = read::<G>(&text, None).unwrap_or_else(|e| panic!("{}: {e}", G::ID));
            assert_eq!(snapshot_text(&back), snapshot_text(&m), "{}", G::ID);
            assert!(!m.snapshot().undo_points.is_empty() || m.turn() == Turn::Over);
            if let Some(p) = m.snapshot().undo_points.first()
                && m.turn() != Turn::Over
            {
                assert!(m.undo_seeded(p.seat, 7), "{}", G::ID);
                assert!(back.undo_seeded(p.seat, 7), "{} read back", G::ID);
                assert_eq!(snapshot_text(&back), snapshot_text(&m), "{}", G::ID);
            }
        }
    }
    check::<veil_jieqi::Jieqi>(2);
    check::<veil_hide_and_guess::HideAndGuess>(2);
    check::<veil_intrigue::Intrigue>(2);
    check::<veil_secret_king::SecretKing>(2);
    check::<veil_tysiac::Tysiac>(3);
    check::<veil_reality_check::RealityCheck>(2);
    check::<veil_skelly::Skelly>(3);
    check::<veil_go::Rengo>(4);
}

/// A save of format 3 (everything inside the match, undo points with what
/// their seat knew) still reads, as the same match; parts in the wrong
/// place for their format are refused with a line.
#[test]
fn a_format_3_save_still_reads() {
    type G = veil_tysiac::Tysiac;
    let m = common::played::<G>(3, 4, 120, Default::default());
    let old = format!(
        "{{\"format\":3,\"game\":\"tysiac\",\"version\":{},\"match\":{}}}",
        m.version,
        snapshot_text(&m)
    );
    assert!(old.contains("\"knew\""));
    let back = read::<G>(&old, None).unwrap();
    assert_eq!(snapshot_text(&back), snapshot_text(&m));
    // Its log reads after it as after a checkpoint of format 4.
    let mut writer = SaveWriter::default();
    let mut later = read::<G>(&old, None).unwrap();
    writer.checkpoint(&mut later).unwrap();
    let seat = later.to_act().unwrap();
    let mut legal = Vec::new();
    later
        .full_state_for_tests()
        .legal_actions(Actor::Seat(seat), &mut legal);
    later.play(seat, legal[0]).unwrap();
    let Some(Write::Append(line)) = writer.next(&mut later).unwrap() else {
        panic!("one line")
    };
    let log = format!("{{\"after\":{}}}\n{line}", m.version);
    assert_eq!(read::<G>(&old, Some(&log)).unwrap().version, later.version);

    // Format 3 with format 4's parts beside the match, and format 4 with
    // them inside: refused.
    let new = checkpoint_text(&m).unwrap();
    let mixed = new.replacen("\"format\":4", "\"format\":3", 1);
    let e = read::<G>(&mixed, None).err().unwrap();
    assert!(e.contains("not where format 3 keeps them"), "{e}");
    let inside = old.replacen("\"format\":3", "\"format\":4", 1);
    let e = read::<G>(&inside, None).err().unwrap();
    assert!(e.contains("not where format 4 keeps them"), "{e}");
    // A newer format is not read.
    let newer = new.replacen("\"format\":4", "\"format\":5", 1);
    assert!(read::<G>(&newer, None).is_err());
}

/// An undo point of format 4 that names a place before no action of its
/// seat, a seat the game lacks or a step past the timeline is refused.
#[test]
fn an_undo_point_out_of_place_is_refused() {
    type G = veil_jieqi::Jieqi;
    let m = common::played::<G>(2, 5, 20, Default::default());
    let text = checkpoint_text(&m).unwrap();
    let mut file: serde_json::Value = serde_json::from_str(&text).unwrap();
    let points = file["undo"].as_array().unwrap().clone();
    assert!(points.len() >= 2);
    let len = file["timeline"].as_array().unwrap().len();
    type Edit = Box<dyn Fn(&mut serde_json::Value)>;
    let edits: Vec<Edit> = vec![
        // The other seat's.
        Box::new(|f| {
            let other = 1 - f["undo"][1]["seat"].as_u64().unwrap();
            f["undo"][1]["seat"] = other.into();
        }),
        Box::new(|f| f["undo"][0]["seat"] = 200.into()),
        Box::new(move |f| f["undo"][1]["timeline"] = len.into()),
        Box::new(|f| f["undo"][1]["timeline"] = 0.into()),
        // Out of order.
        Box::new(|f| f["undo"].as_array_mut().unwrap().swap(0, 1)),
        // One step earlier: before the other seat's action.
        Box::new(|f| {
            let t = f["undo"][1]["timeline"].as_u64().unwrap();
            f["undo"][1]["timeline"] = (t - 1).into();
        }),
    ];
    for (i, edit) in edits.iter().enumerate() {
        let mut bad = file.clone();
        edit(&mut bad);
        let e = read::<G>(&bad.to_string(), None).err();
        assert!(e.is_some(), "edit {i} was taken");
    }
    file["undo"].as_array_mut().unwrap().truncate(1);
    assert!(read::<G>(&file.to_string(), None).is_ok());
}

/// Mutated checkpoints of format 4 never panic the reader; what it takes
/// plays on and is kept again.
#[test]
fn mutated_checkpoints_are_refused_or_play_on() {
    fn fuzz<G: MatchGame>(seats: usize, tries: usize) -> (usize, usize) {
        let base =
            checkpoint_text(&common::played::<G>(seats, 11, 16, Default::default())).unwrap();
        let mut rng = GameRng::seed_from_u64(98);
        let (mut taken, mut refused) = (0, 0);
        for _ in 0..tries {
            let mutated = veil_core::fuzz::mutate_json(&mut rng, &base);
            match read::<G>(&mutated, None) {
                Err(_) => refused += 1,
                Ok(mut m) => {
                    taken += 1;
                    let _ = (m.log().len(), m.positions().len(), m.outcome());
                    if let Some(seat) = m.to_act() {
                        let mut legal = Vec::new();
                        let state = G::determinize(&m.observe(seat), &mut rng);
                        state.legal_actions(Actor::Seat(seat), &mut legal);
                        if let Some(a) = legal.first() {
                            let _ = m.play(seat, *a);
                        }
                    }
                    let again = checkpoint_text(&m).unwrap();
                    read::<G>(&again, None).expect("what was taken is kept and reads back");
                }
            }
        }
        (taken, refused)
    }
    let mut total = 0;
    for (taken, refused) in [
        fuzz::<veil_jieqi::Jieqi>(2, 2000),
        fuzz::<veil_go::Rengo>(2, 2000),
        fuzz::<veil_skelly::Skelly>(2, 2000),
        fuzz::<veil_tysiac::Tysiac>(3, 2000),
        fuzz::<veil_hide_and_guess::HideAndGuess>(2, 2000),
    ] {
        assert!(refused > 0 && taken > 0, "{taken} taken, {refused} refused");
        total += taken + refused;
    }
    assert!(total >= 10_000);
}

/// Issue 33, defect 2, through a format-4 save: a timeline that starts
/// from a game of other seats is refused before its undo points are
/// rebuilt from it.
#[test]
fn a_checkpoint_whose_timeline_starts_from_another_game_is_refused() {
    let go = |seats| {
        let options = veil_go::RengoOptions {
            size: 9,
            ..Default::default()
        };
        let m = common::played::<veil_go::Rengo>(seats, 3, 30, options);
        serde_json::from_str::<serde_json::Value>(&checkpoint_text(&m).unwrap()).unwrap()
    };
    let (mut two, four) = (go(2), go(4));
    assert!(!two["undo"].as_array().unwrap().is_empty());
    two["timeline"][0] = four["timeline"][0].clone();
    let e = read::<veil_go::Rengo>(&two.to_string(), None)
        .err()
        .unwrap();
    assert!(e.contains("another game"), "{e}");
}
