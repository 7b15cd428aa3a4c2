//! Nothing lost: every room, seat and step, committed before anyone hears
//! of it. [`Store`] is what a room needs of a database, with two
//! implementations that pass one contract suite (`tests/store.rs`):
//!
//! - [`SqliteStore`] (the default): one file, on a thread of its own
//!   because SQLite's calls block, committing whatever the rooms sent
//!   meanwhile in one transaction (a group commit: one sync for many steps).
//! - [`JetStreamStore`] (`--nats nats://…`): each room's log a subject of
//!   one JetStream stream, appended only on the last sequence this store
//!   saw, so two processes that both believe they own a room can never both
//!   append; the directory and the owners' leases in key-value buckets.
//!
//! One commit is one room's writes, all or none; a room sends its next
//! commit only after the last one answered.
//!
//! **Snapshots.** Every [`SNAPSHOT_EVERY`] steps a room adds a
//! [`Write::Snapshot`] — its whole match, chance generator included — to
//! the commit of the step, so it lands with that step or not at all. A
//! room is loaded from its latest snapshot and the steps after it only;
//! one that does not read back (damaged, or written by a build whose game
//! state no longer reads) is passed over with a word in the log and the
//! room replayed from its first step, which every store keeps.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use veil_match::{Opening, Step};

mod jetstream;
mod sqlite;

pub(crate) use jetstream::nats_client;
pub use jetstream::{JetStreamOptions, JetStreamStore};
pub use sqlite::{SqliteDb, SqliteStore};

/// One write of a room.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "w", rename_all = "snake_case")]
pub enum Write {
    Room {
        code: String,
        opening: Opening,
        /// The room's settings and seat specs (JSON).
        settings: Value,
        created: i64,
    },
    Seat {
        code: String,
        seat: u8,
        name: String,
        token_hash: String,
    },
    /// The `n`th step of the room (from 1); `seat` and `seq` say which
    /// request it was (0 for the computer's, chance's and the server's).
    Step {
        code: String,
        n: u64,
        seat: Option<u8>,
        seq: u64,
        step: Step,
    },
    Started {
        code: String,
    },
    /// The game is over: its record (every secret) is kept.
    Finished {
        code: String,
        record: Value,
        at: i64,
    },
    /// The room is closed (finished or idle); its steps stay.
    Closed {
        code: String,
        at: i64,
    },
    /// The room stopped running with nobody in it and nothing to do (see
    /// [`crate::Config::park_after`]): it is not loaded again until
    /// someone comes for it ([`Store::take`]), and it counts as closed at
    /// `close_at` (seconds since 1970) if nobody does.
    Parked {
        code: String,
        close_at: i64,
    },
    /// A parked room runs again.
    Unparked {
        code: String,
    },
    /// The match after the room's first `snapshot.n` steps, which are the
    /// steps so far (it follows the last of them, in its commit or a later
    /// one).
    Snapshot {
        code: String,
        snapshot: Snapshot,
    },
}

/// A room's match as it was after its first `n` steps.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    pub n: u64,
    /// The highest `seq` of each seat's steps among those `n` (seat, seq):
    /// what the room refuses a repeated request by, without the steps.
    pub seqs: Vec<(u8, u64)>,
    /// The match: [`veil_match::AnyMatch::snapshot`], read back with
    /// [`veil_match::resume`].
    pub state: String,
}

/// A room writes a snapshot once this many steps were taken since its last
/// one ([`crate::Config::snapshot_every`]): a rebuild replays fewer than
/// this many steps, and a snapshot costs about one step's write in 64.
pub const SNAPSHOT_EVERY: u64 = 64;

/// A snapshot longer than this is not written (the room is then loaded
/// from an earlier one, or from its start): JetStream's messages are 1 MB
/// at most by default, and the commit carrying it must never fail for it.
pub const SNAPSHOT_MAX_BYTES: usize = 512 * 1024;

impl Write {
    pub fn code(&self) -> &str {
        match self {
            Write::Room { code, .. }
            | Write::Seat { code, .. }
            | Write::Step { code, .. }
            | Write::Started { code }
            | Write::Finished { code, .. }
            | Write::Closed { code, .. }
            | Write::Parked { code, .. }
            | Write::Unparked { code }
            | Write::Snapshot { code, .. } => code,
        }
    }
}

/// A room as stored: enough to rebuild it.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredRoom {
    pub code: String,
    pub opening: Opening,
    pub settings: Value,
    pub created: i64,
    pub started: bool,
    /// (seat, name, token hash), by seat.
    pub seats: Vec<(u8, String, String)>,
    /// The latest snapshot that reads back; `None`: replay from the start.
    pub snapshot: Option<Snapshot>,
    /// (seat, seq, step) in order: the steps after `snapshot`, or all.
    pub steps: Vec<(Option<u8>, u64, Step)>,
    /// Parked: when it closes if nobody comes ([`Write::Parked`]).
    pub parked: Option<i64>,
}

impl StoredRoom {
    /// How many steps the room has taken, snapshot and steps after it.
    pub fn step_count(&self) -> u64 {
        self.snapshot.as_ref().map_or(0, |s| s.n) + self.steps.len() as u64
    }

    /// The room's match: its snapshot and the steps after it, or its
    /// opening and every step.
    pub fn rebuild(&self) -> Result<Box<dyn veil_match::AnyMatch>, String> {
        let steps = self.steps.iter().map(|s| &s.2);
        match &self.snapshot {
            Some(s) => veil_match::resume(&self.opening, &s.state, steps),
            None => veil_match::rebuild(&self.opening, steps),
        }
    }

    /// The highest `seq` of each seat's steps, by seat.
    pub fn seqs(&self) -> Vec<(u8, u64)> {
        let mut seqs = self
            .snapshot
            .as_ref()
            .map_or(Vec::new(), |s| s.seqs.clone());
        for (seat, seq, _) in &self.steps {
            if let Some(seat) = *seat {
                match seqs.iter_mut().find(|s| s.0 == seat) {
                    Some(s) => s.1 = s.1.max(*seq),
                    None => seqs.push((seat, *seq)),
                }
            }
        }
        seqs.sort_unstable();
        seqs
    }
}

/// Whether `snapshot` reads back as a match of `opening`; one that does
/// not is dropped, with a word, and the room replayed from its start.
pub(crate) fn check_snapshot(code: &str, opening: &Opening, snapshot: &Snapshot) -> bool {
    match veil_match::resume(opening, &snapshot.state, []) {
        Ok(_) => true,
        Err(e) => {
            eprintln!(
                "room {code}: its snapshot at step {} is not used ({e}); replaying from the start",
                snapshot.n
            );
            false
        }
    }
}

/// Why a store refused or failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// Someone else wrote first: the room was created already, its step
    /// `n` exists, or another process appended to its log (or holds it).
    /// Reload the room before writing again.
    Conflict(String),
    /// The store could not be reached or refused the write otherwise.
    Failed(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Conflict(m) => write!(f, "conflict: {m}"),
            StoreError::Failed(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<StoreError> for String {
    fn from(e: StoreError) -> String {
        e.to_string()
    }
}

pub(crate) fn failed(e: impl std::fmt::Display) -> StoreError {
    StoreError::Failed(e.to_string())
}

/// What a store's calls return: they may wait on a disk or a network.
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// What the server needs of a database.
pub trait Store: Send + Sync + 'static {
    /// Applies one room's writes, all or none, durably, before returning.
    fn commit(&self, writes: Vec<Write>) -> StoreFuture<'_, ()>;
    /// Every room not closed nor parked that this process may run, with its
    /// seats and steps (JetStream: the rooms whose lease it holds or has
    /// just taken).
    fn open_rooms(&self) -> StoreFuture<'_, Vec<StoredRoom>>;
    /// One room, closed or not.
    fn room<'a>(&'a self, code: &'a str) -> StoreFuture<'a, Option<StoredRoom>>;
    /// Deletes rooms closed before `before` (seconds since 1970), a parked
    /// room counting as closed at its `close_at`; how many.
    fn purge(&self, before: i64) -> StoreFuture<'_, usize>;

    /// One room with every step from its first, snapshots passed over:
    /// its whole history (audits, tests), as a load without snapshots
    /// would give it.
    fn history<'a>(&'a self, code: &'a str) -> StoreFuture<'a, Option<StoredRoom>>;

    /// How many steps this store's loads have read back so far, each a
    /// step to replay (tests: a load after a snapshot reads only the
    /// steps after it).
    #[doc(hidden)]
    fn steps_read(&self) -> u64;

    /// Takes room `code` to run here, if it is open and nobody runs it:
    /// parked ([`Write::Parked`]), or (JetStream) no live process holds
    /// it (its owner died: its lease lapsed). SQLite: parked rooms only —
    /// its one process runs every other open room from the start.
    fn take<'a>(&'a self, code: &'a str) -> StoreFuture<'a, Option<StoredRoom>> {
        let _ = code;
        Box::pin(async { Ok(None) })
    }

    /// Takes every open room whose owner's lease lapsed. SQLite: none.
    fn take_lapsed(&self) -> StoreFuture<'_, Vec<StoredRoom>> {
        Box::pin(async { Ok(Vec::new()) })
    }

    /// Whether this process may still run room `code` (false once another
    /// took it). SQLite: always.
    fn holds(&self, code: &str) -> bool {
        let _ = code;
        true
    }

    /// Gives up every room this process holds, so others take them at
    /// once (a process stopping, its rooms stopped first). SQLite: nothing.
    fn release_all(&self) -> StoreFuture<'_, ()> {
        Box::pin(async { Ok(()) })
    }

    /// Gives up room `code` (it stopped here without being closed: it
    /// could not be reloaded, or another server runs it now), so it can be
    /// taken again. SQLite: nothing.
    fn release<'a>(&'a self, code: &'a str) -> StoreFuture<'a, ()> {
        let _ = code;
        Box::pin(async { Ok(()) })
    }

    /// How often to look for rooms to take and rooms lost; `None`: never
    /// (SQLite).
    fn watch_every(&self) -> Option<std::time::Duration> {
        None
    }
}

/// The store as the rooms share it.
pub type StoreHandle = Arc<dyn Store>;

/// A room's state rebuilt from its writes in order; `None` before its
/// `Room` write. Both stores read rooms back through it, so they agree.
#[derive(Clone, Debug, Default)]
pub(crate) struct Replay {
    pub room: Option<StoredRoom>,
    pub finished: Option<i64>,
    pub closed: Option<i64>,
    /// Snapshots are passed over (a history, or a snapshot that did not
    /// read back): every step is kept.
    pub from_start: bool,
    /// Steps counted but neither in `room.steps` nor under `room.snapshot`
    /// (a store's memory of a room, [`Replay::compact`]; a load starting
    /// at a snapshot's message).
    pub skipped: u64,
}

impl Replay {
    /// Applies one write; a write the room's state does not allow (a second
    /// `Room`, a step out of order, anything before `Room`) is a conflict.
    pub fn apply(&mut self, w: &Write) -> Result<(), StoreError> {
        let conflict = |m: String| Err(StoreError::Conflict(m));
        if let Write::Room {
            code,
            opening,
            settings,
            created,
        } = w
        {
            if self.room.is_some() {
                return conflict(format!("room {code} exists"));
            }
            self.room = Some(StoredRoom {
                code: code.clone(),
                opening: opening.clone(),
                settings: settings.clone(),
                created: *created,
                started: false,
                seats: Vec::new(),
                snapshot: None,
                steps: Vec::new(),
                parked: None,
            });
            return Ok(());
        }
        let Some(room) = self.room.as_mut() else {
            return conflict(format!("no room {}", w.code()));
        };
        match w {
            Write::Room { .. } => {}
            Write::Seat {
                seat,
                name,
                token_hash,
                ..
            } => {
                // A seat taken again (a new token) replaces the old one.
                room.seats.retain(|s| s.0 != *seat);
                room.seats.push((*seat, name.clone(), token_hash.clone()));
                room.seats.sort_by_key(|s| s.0);
            }
            Write::Step {
                code,
                n,
                seat,
                seq,
                step,
            } => {
                let next = self.skipped + room.step_count() + 1;
                if *n != next {
                    return conflict(format!("room {code}: step {n} where {next} comes next"));
                }
                room.steps.push((*seat, *seq, step.clone()));
            }
            Write::Started { .. } => room.started = true,
            Write::Finished { at, .. } => self.finished = Some(*at),
            Write::Closed { at, .. } => self.closed = Some(*at),
            Write::Parked { close_at, .. } => room.parked = Some(*close_at),
            Write::Unparked { .. } => room.parked = None,
            Write::Snapshot { code, snapshot } => {
                let steps = self.skipped + room.step_count();
                if snapshot.n != steps {
                    return conflict(format!(
                        "room {code}: a snapshot of step {} where it has {steps}",
                        snapshot.n
                    ));
                }
                if !self.from_start {
                    room.snapshot = Some(snapshot.clone());
                    room.steps.clear();
                    self.skipped = 0;
                }
            }
        }
        Ok(())
    }

    /// Keeps the room's steps and snapshot only as a count: what a store
    /// needs to check the next commit, without holding the game.
    pub fn compact(&mut self) {
        if let Some(room) = self.room.as_mut() {
            self.skipped += room.step_count();
            room.snapshot = None;
            room.steps.clear();
        }
    }
}
