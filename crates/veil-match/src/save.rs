//! A match kept between runs, at the cost of what each change adds: a
//! checkpoint (the whole [`MatchSnapshot`]) written now and then, and a log
//! to which each change of the game appends one line. The same shape a
//! server's store takes: a starting point and the steps since.
//!
//! A checkpoint (format 4) writes the two parts that grow with the game —
//! the timeline and the move list — beside the match rather than in it,
//! and its undo points without what their seat knew (rebuilt on reading by
//! replaying the timeline to each: it is the state there, observed). The
//! part of the timeline and the move list that no undo can reach any more
//! never changes, so [`SaveWriter`] keeps its text from one checkpoint to
//! the next and serialises only what came since
//! ([`SaveWriter::fresh_bytes`]): a checkpoint costs a copy of the rest,
//! not its formatting.
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

use std::fmt;

use serde::{Deserialize, Serialize};
use veil_core::{Actor, Seat};

use crate::MatchGame;
use crate::referee::{Change, Match, MatchSnapshot, Moment, UndoPoint};

/// The save format this build writes. Format 4 keeps the timeline, the
/// move list and the undo points (without observations) beside the match;
/// formats 2 and 3 (everything inside the match) still read.
pub const SAVE_FORMAT: u32 = 4;
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

/// A checkpoint as read. Formats 2 and 3 hold everything in `match`;
/// format 4 leaves the match's timeline, move list and undo points empty
/// and writes them beside it (the text is put together by [`Text`]).
#[derive(Deserialize)]
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
    #[serde(default)]
    undo: Option<Vec<UndoMark>>,
    #[serde(default)]
    timeline: Option<Vec<Moment<G>>>,
    #[serde(default)]
    log: Option<Vec<String>>,
}

/// An undo point as format 4 writes it: where it is, not what its seat
/// knew there (the timeline replayed to `timeline` gives it again).
#[derive(Serialize, Deserialize)]
struct UndoMark {
    seat: Seat,
    log: usize,
    plies: u32,
    timeline: usize,
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
/// checkpoint, and writes the text. One writer follows one match (a new
/// match, or one read back, takes a new writer): it keeps the text of what
/// that match can no longer change.
#[derive(Clone, Debug, Default)]
pub struct SaveWriter {
    /// The checkpoint's version and size, once one was written.
    checkpoint: Option<(u64, usize)>,
    log_lines: usize,
    log_bytes: usize,
    /// The timeline's moments and the move list's lines before the oldest
    /// undo point, as written in the last checkpoint.
    text: Text,
    /// The bytes the last checkpoint serialised anew.
    fresh: usize,
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
        let (checkpoint, fresh) = self.text.checkpoint(m, true)?;
        let log = format!(
            "{}\n",
            serde_json::to_string(&LogHead { after: m.version }).map_err(|e| e.to_string())?
        );
        self.checkpoint = Some((m.version, checkpoint.len()));
        self.fresh = fresh;
        self.log_lines = 0;
        self.log_bytes = log.len();
        Ok(Write::Checkpoint { checkpoint, log })
    }

    /// The bytes of the last checkpoint that were serialised for it: the
    /// match's head (its state, seats, seeds, undo points) and the moments
    /// and lines an undo could still reach or that came since the checkpoint
    /// before. The rest — most of a long game — was copied as it was
    /// written then.
    pub fn fresh_bytes(&self) -> usize {
        self.fresh
    }
}

/// The text of a list's first items, kept while they cannot change.
#[derive(Clone, Default)]
struct Kept {
    /// How many items `text` holds, comma-separated, without brackets.
    count: usize,
    text: Vec<u8>,
    /// Where the last item's text begins.
    last: usize,
}

impl fmt::Debug for Kept {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Kept({} items, {} bytes)", self.count, self.text.len())
    }
}

/// The kept text of the timeline and of the move list.
#[derive(Clone, Debug, Default)]
struct Text {
    moments: Kept,
    lines: Kept,
}

fn push_json<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) -> Result<(), String> {
    serde_json::to_writer(out, value).map_err(|e| e.to_string())
}

impl Kept {
    /// Writes `items` as a JSON list to `out`, the first `frozen` of them
    /// (which no change of the match can touch any more) from the kept
    /// text, extended by those frozen since. Returns the bytes copied
    /// rather than serialised.
    fn list<T: Serialize>(
        &mut self,
        items: &[T],
        frozen: usize,
        out: &mut Vec<u8>,
    ) -> Result<usize, String> {
        let frozen = frozen.min(items.len());
        // Not the kept items' list (another match): start again.
        let same = self.count <= frozen
            && (self.count == 0 || {
                let mut last = Vec::new();
                push_json(&mut last, &items[self.count - 1])?;
                last == self.text[self.last..]
            });
        if !same {
            *self = Kept::default();
        }
        let copied = self.text.len();
        for item in &items[self.count..frozen] {
            if !self.text.is_empty() {
                self.text.push(b',');
            }
            self.last = self.text.len();
            if let Err(e) = push_json(&mut self.text, item) {
                // Half an item kept: keep nothing.
                *self = Kept::default();
                return Err(e);
            }
        }
        self.count = frozen;
        out.push(b'[');
        out.extend_from_slice(&self.text);
        for (i, item) in items[frozen..].iter().enumerate() {
            if frozen > 0 || i > 0 {
                out.push(b',');
            }
            push_json(out, item)?;
        }
        out.push(b']');
        Ok(copied)
    }
}

impl Text {
    /// The checkpoint of `m` (with its undo points, or without: a record),
    /// and the bytes serialised for it.
    fn checkpoint<G: MatchGame>(
        &mut self,
        m: &Match<G>,
        undo: bool,
    ) -> Result<(String, usize), String> {
        let mut head = m.snapshot_head();
        // Under review the move list answers for the step shown: the
        // whole one is the snapshot's.
        let whole;
        let (timeline, log) = if m.review().is_some() {
            whole = m.snapshot();
            (whole.timeline.as_slice(), whole.log.as_slice())
        } else {
            (m.timeline(), m.log())
        };
        let points = std::mem::take(&mut head.undo_points);
        // An undo cuts the timeline and the move list back to its point:
        // before the oldest, they stay as they are.
        let frozen_moments = points.iter().map(|p| p.timeline).min();
        let frozen_lines = points.iter().map(|p| p.log).min();
        let marks: Vec<UndoMark> = points
            .iter()
            .filter(|_| undo)
            .map(|p| UndoMark {
                seat: p.seat,
                log: p.log,
                plies: p.plies,
                timeline: p.timeline,
            })
            .collect();
        drop(points);
        let mut out =
            Vec::with_capacity(self.moments.text.len() + self.lines.text.len() + (64 << 10));
        out.extend_from_slice(b"{\"format\":");
        push_json(&mut out, &SAVE_FORMAT)?;
        out.extend_from_slice(b",\"game\":");
        push_json(&mut out, G::ID)?;
        out.extend_from_slice(b",\"version\":");
        push_json(&mut out, &m.version)?;
        out.extend_from_slice(b",\"match\":");
        push_json(&mut out, &head)?;
        out.extend_from_slice(b",\"undo\":");
        push_json(&mut out, &marks)?;
        out.extend_from_slice(b",\"timeline\":");
        let mut copied =
            self.moments
                .list(timeline, frozen_moments.unwrap_or(timeline.len()), &mut out)?;
        out.extend_from_slice(b",\"log\":");
        copied += self
            .lines
            .list(log, frozen_lines.unwrap_or(log.len()), &mut out)?;
        out.push(b'}');
        let fresh = out.len() - copied;
        let text = String::from_utf8(out).map_err(|e| e.to_string())?;
        Ok((text, fresh))
    }
}

/// The whole match as one text: a checkpoint.
pub fn checkpoint_text<G: MatchGame>(m: &Match<G>) -> Result<String, String> {
    Text::default().checkpoint(m, true).map(|(text, _)| text)
}

/// A finished game's record: the checkpoint without undo points (a
/// finished game is not taken back).
pub fn record_text<G: MatchGame>(m: &Match<G>) -> Result<String, String> {
    let undo = m.turn() != veil_core::Turn::Over;
    Text::default().checkpoint(m, undo).map(|(text, _)| text)
}

impl<G: MatchGame> Checkpoint<G> {
    /// The snapshot the checkpoint holds: format 4's parts put back in the
    /// match, each undo point with what its seat knew there.
    fn into_snapshot(self) -> Result<MatchSnapshot<G>, String> {
        let mut s = self.snapshot;
        let inside = s.undo_points.is_empty() && s.timeline.is_empty() && s.log.is_empty();
        match (self.undo, self.timeline, self.log) {
            (None, None, None) if self.format < 4 => Ok(s),
            (Some(marks), Some(timeline), Some(log)) if self.format >= 4 && inside => {
                s.undo_points = undo_points(&s.state, &timeline, &marks)?;
                s.timeline = timeline;
                s.log = log;
                Ok(s)
            }
            _ => Err(format!(
                "the save's parts are not where format {} keeps them",
                self.format
            )),
        }
    }
}

/// Format 4's undo points with what their seat knew: the timeline replayed
/// (from the last start before the first) to each point, observed by its
/// seat. Only starts of the saved game's seats and options are replayed;
/// [`Match::restore`] then checks the rest, and that each point is before
/// an action of its seat, as for the points an older save wrote whole.
fn undo_points<G: MatchGame>(
    game: &G,
    timeline: &[Moment<G>],
    marks: &[UndoMark],
) -> Result<Vec<UndoPoint<G>>, String> {
    let (Some(first), Some(last)) = (marks.first(), marks.last()) else {
        return Ok(Vec::new());
    };
    let not_its_seats = || "the save holds an undo point that is not its seat's".to_owned();
    if last.timeline >= timeline.len() || !marks.windows(2).all(|w| w[0].timeline < w[1].timeline) {
        return Err(not_its_seats());
    }
    let from = timeline[..=first.timeline]
        .iter()
        .rposition(|m| matches!(m, Moment::Start { .. }))
        .ok_or("the save's timeline does not start with a deal")?;
    // Set by the start the replay begins with.
    let mut state = game.clone();
    let mut marks = marks.iter().peekable();
    let mut points = Vec::with_capacity(marks.len());
    for (i, moment) in timeline
        .iter()
        .enumerate()
        .take(last.timeline + 1)
        .skip(from)
    {
        match moment {
            Moment::Start { state: s, .. } => {
                if s.seats() != game.seats() || s.options() != game.options() {
                    return Err(format!(
                        "the save's timeline starts again at step {} from another game",
                        i + 1
                    ));
                }
                state = s.clone();
            }
            Moment::Act { actor, action, .. } => {
                if let Some(mark) = marks.next_if(|m| m.timeline == i) {
                    if mark.seat.index() >= state.seats() {
                        return Err(not_its_seats());
                    }
                    points.push(UndoPoint {
                        seat: mark.seat,
                        knew: state.observe(mark.seat),
                        log: mark.log,
                        plies: mark.plies,
                        timeline: mark.timeline,
                    });
                }
                let seat_ok = match actor {
                    Actor::Seat(seat) => seat.index() < state.seats(),
                    Actor::Chance => true,
                };
                if !seat_ok || state.apply(*actor, *action).is_err() {
                    return Err(format!(
                        "step {} of the save's timeline does not replay",
                        i + 1
                    ));
                }
            }
        }
    }
    // A point on a start is before no action.
    if marks.next().is_some() {
        return Err(not_its_seats());
    }
    Ok(points)
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
            "it is not a save of {} in format {OLDEST_FORMAT} to {SAVE_FORMAT}",
            G::ID
        ));
    }
    let at = file.version;
    let mut m = Match::restore(file.into_snapshot()?)?;
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
