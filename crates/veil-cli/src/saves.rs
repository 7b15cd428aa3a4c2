//! `veil-cli saves`: what keeping a game costs. Plays a whole game with a
//! person at every seat (each choosing by the game's playout policy) through
//! the one referee, keeps it after every change exactly as the app does
//! (`veil_match::save`: a checkpoint now and then, one appended log line a
//! change), writing real files, and reports the largest save, the bytes
//! written, the slowest write (and the slowest append of a line, and the
//! slowest making of a write's text, files aside), the most a checkpoint
//! serialised anew (the rest of it is copied from the last) and the
//! finished record's size.

use std::io::Write as _;
use std::time::Instant;

use veil_ai::Duration;
use veil_core::{Actor, GameRng, SeedableRng, Turn};
use veil_match::save::{SaveWriter, Write, read, record_text};
use veil_match::{Match, MatchGame, SeatKind, Seeds};

use crate::args::Args;

pub const FLAGS: &[&str] = &["game", "seed", "dir", "max-changes", "play"];

pub fn command(args: &Args) -> Result<(), String> {
    let game = args
        .get("game")
        .unwrap_or(<veil_tysiac::Tysiac as veil_core::Game>::ID)
        .to_owned();
    let seed: u64 = args.number("seed", Some(1))?;
    let max: usize = args.number("max-changes", Some(50_000))?;
    // "random": every legal action alike (long, wandering games: the
    // worst case for a save); "policy": the game's playout policy.
    let uniform = match args.get("play").unwrap_or("random") {
        "random" => true,
        "policy" => false,
        other => return Err(format!("--play is random or policy, not {other:?}")),
    };
    // A folder given is kept (to look at the files); the default one not.
    let (dir, keep) = match args.get("dir") {
        Some(d) => (std::path::PathBuf::from(d), true),
        None => (
            std::env::temp_dir().join(format!("veil-saves-{}", std::process::id())),
            false,
        ),
    };
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    use veil_core::Game as _;
    let figures = match game.as_str() {
        id if id == veil_tysiac::Tysiac::ID => {
            measure::<veil_tysiac::Tysiac>(3, seed, max, uniform, &dir)
        }
        id if id == veil_go::Rengo::ID => measure::<veil_go::Rengo>(2, seed, max, uniform, &dir),
        id if id == veil_jieqi::Jieqi::ID => {
            measure::<veil_jieqi::Jieqi>(2, seed, max, uniform, &dir)
        }
        id if id == veil_hide_and_guess::HideAndGuess::ID => {
            measure::<veil_hide_and_guess::HideAndGuess>(2, seed, max, uniform, &dir)
        }
        id if id == veil_skelly::Skelly::ID => {
            measure::<veil_skelly::Skelly>(6, seed, max, uniform, &dir)
        }
        other => Err(format!(
            "saves: no game {other:?} here (one of the registry's, not {other})"
        )),
    };
    if !keep {
        let _ = std::fs::remove_dir_all(&dir);
    }
    crate::say(&format!("{}\n", figures?));
    Ok(())
}

fn measure<G: MatchGame>(
    seats: usize,
    seed: u64,
    max: usize,
    uniform: bool,
    dir: &std::path::Path,
) -> Result<String, String> {
    let kinds = vec![SeatKind::Human; seats];
    let mut m = Match::<G>::new(
        Default::default(),
        kinds,
        Seeds::fixed(seed, seats),
        Duration::from_secs(1),
    );
    let mut rng = GameRng::seed_from_u64(seed);
    let mut writer = SaveWriter::default();
    let (checkpoint_path, log_path) = (dir.join("game.json"), dir.join("game.log.json"));
    let (mut written, mut largest, mut slowest, mut checkpoints, mut changes) =
        (0usize, 0usize, 0f64, 0u32, 0usize);
    let (mut slowest_append, mut slowest_text, mut most_serialised) = (0f64, 0f64, 0usize);
    let mut sizes = (0usize, 0usize);
    let mut legal = Vec::new();
    let io = |e: std::io::Error| e.to_string();
    while m.turn() != Turn::Over && changes < max {
        if m.turn() == Turn::Chance {
            m.draw_chance();
        } else {
            let seat = m.to_act().ok_or("no seat to act")?;
            let state = m.full_state_for_tests();
            state.legal_actions(Actor::Seat(seat), &mut legal);
            let action = if uniform {
                legal[veil_core::RngExt::random_range(&mut rng, 0..legal.len())]
            } else {
                state.playout_action(seat, &legal, &mut rng)
            };
            m.play(seat, action).map_err(|e| e.to_string())?;
        }
        changes += 1;
        let started = Instant::now();
        let write = writer.next(&mut m)?;
        // Making the text, before the files: the part that is the save
        // code's (the rest is the file system's, and waits on the disk).
        slowest_text = f64::max(slowest_text, started.elapsed().as_secs_f64() * 1000.0);
        match write {
            None => continue,
            Some(Write::Checkpoint { checkpoint, log }) => {
                // Each written beside and renamed, as the app's store
                // writes every key (`kit::store::Store::write`): the log
                // too, not cut short in place (on ext4 that waits for the
                // old log's data to reach the disk).
                let replace = |path: &std::path::Path, text: &str| {
                    let tmp = path.with_extension("json.tmp");
                    std::fs::write(&tmp, text).and_then(|()| std::fs::rename(&tmp, path))
                };
                replace(&checkpoint_path, &checkpoint).map_err(io)?;
                replace(&log_path, &log).map_err(io)?;
                written += checkpoint.len() + log.len();
                sizes = (checkpoint.len(), log.len());
                checkpoints += 1;
                most_serialised = most_serialised.max(writer.fresh_bytes());
            }
            Some(Write::Append(lines)) => {
                let mut f = std::fs::OpenOptions::new()
                    .append(true)
                    .open(&log_path)
                    .map_err(io)?;
                f.write_all(lines.as_bytes()).map_err(io)?;
                written += lines.len();
                sizes.1 += lines.len();
                let ms = started.elapsed().as_secs_f64() * 1000.0;
                slowest_append = f64::max(slowest_append, ms);
            }
        }
        slowest = f64::max(slowest, started.elapsed().as_secs_f64() * 1000.0);
        largest = largest.max(sizes.0 + sizes.1);
    }
    // What was kept reads back as the same match.
    let checkpoint = std::fs::read_to_string(&checkpoint_path).map_err(io)?;
    let log = std::fs::read_to_string(&log_path).map_err(io)?;
    let back = read::<G>(&checkpoint, Some(&log))?;
    if back.version != m.version || back.log() != m.log() {
        return Err("the save does not read back as the match".into());
    }
    let record = record_text(&m)?;
    Ok(serde_json::json!({
        "game": G::ID,
        "seed": seed,
        "play": if uniform { "random" } else { "policy" },
        "changes": changes,
        "over": m.turn() == Turn::Over,
        "largest_save_bytes": largest,
        "total_bytes_written": written,
        "slowest_write_ms": (slowest * 100.0).round() / 100.0,
        "slowest_append_ms": (slowest_append * 100.0).round() / 100.0,
        "slowest_text_ms": (slowest_text * 100.0).round() / 100.0,
        "checkpoints": checkpoints,
        "most_serialised_for_a_checkpoint_bytes": most_serialised,
        "record_bytes": record.len(),
    })
    .to_string())
}
