//! A match kept between runs, at the cost of what each change adds: a
//! checkpoint (the whole [`MatchSnapshot`]) written now and then, and a log
//! to which each change of the game appends one line. The same shape a
//! server's store takes: a starting point and the steps since.
//!
//! ```
//! use veil_ai::Duration;
//! use veil_match::{Match, SeatKind, Seeds, save::{SaveWriter, Write, read}};
//! use veil_core::{Actor, Game, Turn};
//!
//! let seats = vec![SeatKind::Human; 2];
//! let mut m = Match::<veil_jieqi::Jieqi>::new(Default::default(), seats, Seeds::fixed(1, 2), Duration::from_secs(1));
//! let (mut checkpoint, mut log) = (String::new(), String::new());
//! let mut writer = SaveWriter::default();
//! for _ in 0..6 {
//!     let seat = m.to_act().unwrap();
//!     let mut legal = Vec::new();
//!     m.full_state_for_tests().legal_actions(Actor::Seat(seat), &mut legal);
//!     m.play(seat, legal[0]).unwrap();
//!     match writer.next(&mut m).unwrap().unwrap() {
//!         Write::Checkpoint { checkpoint: c, log: l } => (checkpoint, log) = (c, l),
//!         Write::Append(line) => log.push_str(&line),
//!     }
//! }
//! let back = read::<veil_jieqi::Jieqi>(&checkpoint, Some(&log)).unwrap();
//! assert_eq!(back.version, m.version);
//! ```

use serde::{Deserialize, Serialize};

use crate::MatchGame;
use crate::referee::{Change, Match, MatchSnapshot};

/// The save format this build writes (and the oldest it reads).
pub const SAVE_FORMAT: u32 = 3;
pub const OLDEST_FORMAT: u32 = 2;

/// A new checkpoint once the log holds this many changes, or is as long as
/// the checkpoint itself: writing stays proportional to what changed.
pub const CHECKPOINT_EVERY: usize = 256;

/// What is read first, to know how to read the rest.
#[derive(Deserialize)]
pub struct Header {
    pub format: u32,
    pub game: String,
}

#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
struct Checkpoint<G: MatchGame> {
    format: u32,
    game: String,
    /// The match's version at the checkpoint: a log written after another
    /// checkpoint says so and is not applied to this one.
    #[serde(default)]
    version: u64,
    #[serde(rename = "match")]
    snapshot: MatchSnapshot<G>,
}

/// The log's first line.
#[derive(Serialize, Deserialize)]
struct LogHead {
    after: u64,
}

/// What to write after a change.
#[derive(Debug, PartialEq)]
pub enum Write {
    /// Replace the checkpoint, then the log (with its first line).
    Checkpoint { checkpoint: String, log: String },
    /// Append these lines to the log.
    Append(String),
}

/// Decides, change by change, whether to append to the log or write a new
/// checkpoint, and writes the text.
#[derive(Clone, Debug, Default)]
pub struct SaveWriter {
    /// The checkpoint's version and size, once one was written.
    checkpoint: Option<(u64, usize)>,
    log_lines: usize,
    log_bytes: usize,
}

impl SaveWriter {
    /// What to write for the changes since the last call (`None`: nothing
    /// changed). The first call, and every [`CHECKPOINT_EVERY`] changes, a
    /// checkpoint.
    pub fn next<G: MatchGame>(&mut self, m: &mut Match<G>) -> Result<Option<Write>, String> {
        let changes = m.take_changes();
        let due = match self.checkpoint {
            None => true,
            Some((_, size)) => {
                self.log_lines + changes.len() > CHECKPOINT_EVERY || self.log_bytes > size
            }
        };
        if due {
            return self.checkpoint(m).map(Some);
        }
        if changes.is_empty() {
            return Ok(None);
        }
        let mut text = String::new();
        for change in &changes {
            text.push_str(&serde_json::to_string(change).map_err(|e| e.to_string())?);
            text.push('\n');
        }
        self.log_lines += changes.len();
        self.log_bytes += text.len();
        Ok(Some(Write::Append(text)))
    }

    /// A checkpoint of `m` now, and an empty log after it.
    pub fn checkpoint<G: MatchGame>(&mut self, m: &mut Match<G>) -> Result<Write, String> {
        m.take_changes();
        let checkpoint = checkpoint_text(m)?;
        let log = format!(
            "{}\n",
            serde_json::to_string(&LogHead { after: m.version }).map_err(|e| e.to_string())?
        );
        self.checkpoint = Some((m.version, checkpoint.len()));
        self.log_lines = 0;
        self.log_bytes = log.len();
        Ok(Write::Checkpoint { checkpoint, log })
    }
}

/// The whole match as one text: a checkpoint, or (once the game is over,
/// without its undo points) a finished game's record.
pub fn checkpoint_text<G: MatchGame>(m: &Match<G>) -> Result<String, String> {
    let file = Checkpoint {
        format: SAVE_FORMAT,
        game: G::ID.to_owned(),
        version: m.version,
        snapshot: m.snapshot(),
    };
    serde_json::to_string(&file).map_err(|e| e.to_string())
}

/// A finished game's record: the checkpoint without undo points (a
/// finished game is not taken back).
pub fn record_text<G: MatchGame>(m: &Match<G>) -> Result<String, String> {
    let mut snapshot = m.snapshot();
    if m.turn() == veil_core::Turn::Over {
        snapshot.undo_points.clear();
    }
    let file = Checkpoint {
        format: SAVE_FORMAT,
        game: G::ID.to_owned(),
        version: m.version,
        snapshot,
    };
    serde_json::to_string(&file).map_err(|e| e.to_string())
}

/// Reads a save: the checkpoint, then the log's changes in order. A log
/// written after another checkpoint is not this one's and is passed over;
/// a last line cut short (a crash mid-append) is dropped; any other line
/// that does not read or apply refuses the whole save, with its line.
pub fn read<G: MatchGame>(checkpoint: &str, log: Option<&str>) -> Result<Match<G>, String> {
    crate::limits::check_size("save", checkpoint.len(), crate::limits::MAX_SAVE_BYTES)?;
    let file: Checkpoint<G> = serde_json::from_str(checkpoint).map_err(|e| e.to_string())?;
    if !(OLDEST_FORMAT..=SAVE_FORMAT).contains(&file.format) || file.game != G::ID {
        return Err(format!(
            "it is not a save of {} in format {SAVE_FORMAT}",
            G::ID
        ));
    }
    let at = file.version;
    let mut m = Match::restore(file.snapshot)?;
    let Some(log) = log else { return Ok(m) };
    crate::limits::check_size("save's log", log.len(), crate::limits::MAX_SAVE_BYTES)?;
    let mut lines = log.split_inclusive('\n');
    let head = lines
        .next()
        .and_then(|l| serde_json::from_str::<LogHead>(l).ok());
    if head.is_none_or(|h| h.after != at || m.version != at) {
        return Ok(m);
    }
    for (i, line) in lines.enumerate() {
        let complete = line.ends_with('\n');
        let change = match serde_json::from_str::<Change<G>>(line) {
            Ok(c) => c,
            Err(_) if !complete => break,
            Err(e) => return Err(format!("line {} of the save's log: {e}", i + 2)),
        };
        m.apply_change(&change)
            .map_err(|e| format!("line {} of the save's log does not apply: {e}", i + 2))?;
    }
    m.take_changes();
    Ok(m)
}
