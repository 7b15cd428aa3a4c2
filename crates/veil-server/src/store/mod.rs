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
}

impl Write {
    pub fn code(&self) -> &str {
        match self {
            Write::Room { code, .. }
            | Write::Seat { code, .. }
            | Write::Step { code, .. }
            | Write::Started { code }
            | Write::Finished { code, .. }
            | Write::Closed { code, .. } => code,
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
    /// (seat, seq, step) in order.
    pub steps: Vec<(Option<u8>, u64, Step)>,
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
    /// Every room not closed that this process may run, with its seats and
    /// steps (JetStream: the rooms whose lease it holds or has just taken).
    fn open_rooms(&self) -> StoreFuture<'_, Vec<StoredRoom>>;
    /// One room, closed or not.
    fn room<'a>(&'a self, code: &'a str) -> StoreFuture<'a, Option<StoredRoom>>;
    /// Deletes rooms closed before `before` (seconds since 1970); how many.
    fn purge(&self, before: i64) -> StoreFuture<'_, usize>;

    /// Takes room `code` to run here, if it is open and no live process
    /// holds it (its owner died: its lease lapsed). SQLite: never — its one
    /// process runs every open room from the start.
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
                steps: Vec::new(),
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
                let next = room.steps.len() as u64 + 1;
                if *n != next {
                    return conflict(format!("room {code}: step {n} where {next} comes next"));
                }
                room.steps.push((*seat, *seq, step.clone()));
            }
            Write::Started { .. } => room.started = true,
            Write::Finished { at, .. } => self.finished = Some(*at),
            Write::Closed { at, .. } => self.closed = Some(*at),
        }
        Ok(())
    }
}
