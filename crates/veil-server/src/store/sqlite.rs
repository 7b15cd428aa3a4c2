//! The SQLite store: [`SqliteDb`] is the database (blocking calls);
//! [`SqliteStore`] runs it on a thread of its own, committing whatever the
//! rooms sent meanwhile in one transaction (a group commit: one sync for
//! many steps) and only then answering each room.
//!
//! A room's latest snapshot is one row of `snapshots`, replaced in the
//! transaction of the step it follows, and only if that step is the room's
//! last: a commit refused (its step taken) leaves the snapshot as it was.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc as std_mpsc;

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::Value;
use tokio::sync::oneshot;
use veil_match::{Opening, Step};

use super::{Snapshot, Store, StoreError, StoreFuture, StoredRoom, Write, check_snapshot, failed};

/// The SQLite store: one file, WAL, `synchronous=FULL` so a commit that
/// returned survives a power cut too, not only a killed process (with WAL
/// that is one sync per commit, and the group commit shares it).
pub struct SqliteDb {
    db: Connection,
    /// Steps read back by loads (see [`Store::steps_read`]).
    steps_read: Arc<AtomicU64>,
}

/// A constraint broken (the room exists, its step `n` is taken) is a
/// conflict; anything else a failure.
fn err(e: rusqlite::Error) -> StoreError {
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::ConstraintViolation) => StoreError::Conflict(e.to_string()),
        _ => StoreError::Failed(e.to_string()),
    }
}

impl SqliteDb {
    /// `full_sync`: `synchronous=FULL` (every commit synced), else
    /// `NORMAL` (WAL: synced at checkpoints only).
    pub fn open(path: &Path, full_sync: bool) -> Result<Self, StoreError> {
        let db = Connection::open(path).map_err(err)?;
        let sync = if full_sync { "FULL" } else { "NORMAL" };
        db.execute_batch(&format!("PRAGMA synchronous={sync};"))
            .map_err(err)?;
        db.execute_batch(
            "PRAGMA journal_mode=WAL;
             PRAGMA foreign_keys=ON;
             CREATE TABLE IF NOT EXISTS rooms (
                 code TEXT PRIMARY KEY,
                 opening TEXT NOT NULL,
                 settings TEXT NOT NULL,
                 created INTEGER NOT NULL,
                 started INTEGER NOT NULL DEFAULT 0,
                 finished INTEGER,
                 record TEXT,
                 closed INTEGER
             );
             CREATE TABLE IF NOT EXISTS seats (
                 room TEXT NOT NULL REFERENCES rooms(code) ON DELETE CASCADE,
                 seat INTEGER NOT NULL,
                 name TEXT NOT NULL,
                 token_hash TEXT NOT NULL,
                 PRIMARY KEY (room, seat)
             );
             CREATE TABLE IF NOT EXISTS steps (
                 room TEXT NOT NULL REFERENCES rooms(code) ON DELETE CASCADE,
                 n INTEGER NOT NULL,
                 seat INTEGER,
                 seq INTEGER NOT NULL,
                 step TEXT NOT NULL,
                 PRIMARY KEY (room, n)
             ) WITHOUT ROWID;
             CREATE TABLE IF NOT EXISTS snapshots (
                 room TEXT PRIMARY KEY REFERENCES rooms(code) ON DELETE CASCADE,
                 n INTEGER NOT NULL,
                 seqs TEXT NOT NULL,
                 state TEXT NOT NULL
             );",
        )
        .map_err(err)?;
        // Added after the first release: a file made before it gains the
        // column (NULL: not parked).
        let has_parked: bool = db
            .query_row(
                "SELECT COUNT(*) FROM pragma_table_info('rooms') WHERE name = 'parked'",
                [],
                |r| r.get::<_, i64>(0),
            )
            .map_err(err)?
            > 0;
        if !has_parked {
            db.execute_batch("ALTER TABLE rooms ADD COLUMN parked INTEGER;")
                .map_err(err)?;
        }
        Ok(SqliteDb {
            db,
            steps_read: Arc::new(AtomicU64::new(0)),
        })
    }

    /// Room `code`'s snapshot, if it has one that reads back.
    fn snapshot(&self, code: &str, opening: &Opening) -> Result<Option<Snapshot>, StoreError> {
        let mut q = self
            .db
            .prepare_cached("SELECT n, seqs, state FROM snapshots WHERE room = ?1")
            .map_err(err)?;
        let mut rows = q
            .query_map([code], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                ))
            })
            .map_err(err)?;
        let Some(row) = rows.next() else {
            return Ok(None);
        };
        let (n, seqs, state) = row.map_err(err)?;
        let seqs = match serde_json::from_str(&seqs) {
            Ok(seqs) => seqs,
            Err(e) => {
                eprintln!(
                    "room {code}: its snapshot's seqs do not read ({e}); replaying from the start"
                );
                return Ok(None);
            }
        };
        let snapshot = Snapshot {
            n: n as u64,
            seqs,
            state,
        };
        Ok(check_snapshot(code, opening, &snapshot).then_some(snapshot))
    }

    /// Room `code` from its row: its seats, then its latest snapshot and
    /// the steps after it (`from_start`: no snapshot, every step).
    fn load(&self, code: &str, row: Row, from_start: bool) -> Result<StoredRoom, StoreError> {
        let (opening, settings, created, started, parked) = row;
        let opening: Opening = serde_json::from_str(&opening).map_err(failed)?;
        let settings: Value = serde_json::from_str(&settings).map_err(failed)?;
        let mut q = self
            .db
            .prepare_cached(
                "SELECT seat, name, token_hash FROM seats WHERE room = ?1 ORDER BY seat",
            )
            .map_err(err)?;
        let seats = q
            .query_map([code], |r| Ok((r.get::<_, u8>(0)?, r.get(1)?, r.get(2)?)))
            .map_err(err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        let snapshot = if from_start {
            None
        } else {
            self.snapshot(code, &opening)?
        };
        let after = snapshot.as_ref().map_or(0, |s| s.n as i64);
        let mut q = self
            .db
            .prepare_cached(
                "SELECT seat, seq, step FROM steps WHERE room = ?1 AND n > ?2 ORDER BY n",
            )
            .map_err(err)?;
        let rows = q
            .query_map(params![code, after], |r| {
                Ok((
                    r.get::<_, Option<u8>>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                ))
            })
            .map_err(err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        let mut steps = Vec::with_capacity(rows.len());
        for (seat, seq, text) in rows {
            let step: Step = serde_json::from_str(&text).map_err(failed)?;
            steps.push((seat, seq as u64, step));
        }
        self.steps_read
            .fetch_add(steps.len() as u64, Ordering::Relaxed);
        Ok(StoredRoom {
            code: code.to_owned(),
            opening,
            settings,
            created,
            started,
            seats,
            snapshot,
            steps,
            parked,
        })
    }
}

impl SqliteDb {
    pub fn commit(&mut self, writes: &[Write]) -> Result<(), StoreError> {
        let tx = self.db.transaction().map_err(err)?;
        for w in writes {
            match w {
                Write::Room {
                    code,
                    opening,
                    settings,
                    created,
                } => {
                    let opening = serde_json::to_string(opening).map_err(failed)?;
                    tx.execute(
                        "INSERT INTO rooms (code, opening, settings, created) VALUES (?1, ?2, ?3, ?4)",
                        params![code, opening, settings.to_string(), created],
                    )
                    .map_err(err)?;
                }
                Write::Seat {
                    code,
                    seat,
                    name,
                    token_hash,
                } => {
                    tx.execute(
                        "INSERT OR REPLACE INTO seats (room, seat, name, token_hash) VALUES (?1, ?2, ?3, ?4)",
                        params![code, seat, name, token_hash],
                    )
                    .map_err(err)?;
                }
                Write::Step {
                    code,
                    n,
                    seat,
                    seq,
                    step,
                } => {
                    let step = serde_json::to_string(step).map_err(failed)?;
                    // The hot statement: compiled once.
                    tx.prepare_cached(
                        "INSERT INTO steps (room, n, seat, seq, step) VALUES (?1, ?2, ?3, ?4, ?5)",
                    )
                    .and_then(|mut st| {
                        st.execute(params![code, *n as i64, seat, *seq as i64, step])
                    })
                    .map_err(err)?;
                }
                Write::Started { code } => {
                    tx.execute("UPDATE rooms SET started = 1 WHERE code = ?1", [code])
                        .map_err(err)?;
                }
                Write::Finished { code, record, at } => {
                    tx.execute(
                        "UPDATE rooms SET finished = ?2, record = ?3 WHERE code = ?1",
                        params![code, at, record.to_string()],
                    )
                    .map_err(err)?;
                }
                Write::Closed { code, at } => {
                    tx.execute(
                        "UPDATE rooms SET closed = ?2 WHERE code = ?1",
                        params![code, at],
                    )
                    .map_err(err)?;
                }
                Write::Parked { code, close_at } => {
                    tx.execute(
                        "UPDATE rooms SET parked = ?2 WHERE code = ?1",
                        params![code, close_at],
                    )
                    .map_err(err)?;
                }
                Write::Unparked { code } => {
                    tx.execute("UPDATE rooms SET parked = NULL WHERE code = ?1", [code])
                        .map_err(err)?;
                }
                Write::Snapshot { code, snapshot } => {
                    let seqs = serde_json::to_string(&snapshot.seqs).map_err(failed)?;
                    // Of the room's last step only: never one older than
                    // the one it replaces, nor of a step not stored.
                    let put = tx
                        .execute(
                            "INSERT OR REPLACE INTO snapshots (room, n, seqs, state)
                             SELECT ?1, ?2, ?3, ?4
                             WHERE ?2 = (SELECT MAX(n) FROM steps WHERE room = ?1)",
                            params![code, snapshot.n as i64, seqs, snapshot.state],
                        )
                        .map_err(err)?;
                    if put == 0 {
                        return Err(StoreError::Conflict(format!(
                            "room {code}: a snapshot of step {}, not its last",
                            snapshot.n
                        )));
                    }
                }
            }
        }
        tx.commit().map_err(err)
    }

    pub fn open_rooms(&mut self) -> Result<Vec<StoredRoom>, StoreError> {
        let rows = {
            let mut q = self
                .db
                .prepare(
                    "SELECT code, opening, settings, created, started, parked FROM rooms
                     WHERE closed IS NULL AND parked IS NULL",
                )
                .map_err(err)?;
            q.query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    (
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get::<_, bool>(4)?,
                        r.get(5)?,
                    ),
                ))
            })
            .map_err(err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?
        };
        rows.into_iter()
            .map(|(code, row)| self.load(&code, row, false))
            .collect()
    }

    /// Room `code`, from its latest snapshot (`from_start`: from its
    /// first step).
    pub fn room(&mut self, code: &str, from_start: bool) -> Result<Option<StoredRoom>, StoreError> {
        let row = {
            let mut q = self
                .db
                .prepare_cached(
                    "SELECT opening, settings, created, started, parked FROM rooms WHERE code = ?1",
                )
                .map_err(err)?;
            let mut rows = q
                .query_map([code], |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get::<_, bool>(3)?,
                        r.get(4)?,
                    ))
                })
                .map_err(err)?;
            match rows.next() {
                Some(row) => row.map_err(err)?,
                None => return Ok(None),
            }
        };
        self.load(code, row, from_start).map(Some)
    }

    /// Room `code` if it is parked (and not closed), to run again.
    pub fn take(&mut self, code: &str) -> Result<Option<StoredRoom>, StoreError> {
        let parked: Option<i64> = self
            .db
            .query_row(
                "SELECT parked FROM rooms WHERE code = ?1 AND closed IS NULL",
                [code],
                |r| r.get(0),
            )
            .optional()
            .map_err(err)?
            .flatten();
        match parked {
            // Past its closing time it counts as closed.
            Some(close_at) if close_at > crate::now_secs() => self.room(code, false),
            _ => Ok(None),
        }
    }

    pub fn purge(&mut self, before: i64) -> Result<usize, StoreError> {
        self.db
            .execute(
                "DELETE FROM rooms WHERE COALESCE(closed, parked) < ?1",
                [before],
            )
            .map_err(err)
    }
}

enum Job {
    Commit(Vec<Write>, oneshot::Sender<Result<(), StoreError>>),
    OpenRooms(oneshot::Sender<Result<Vec<StoredRoom>, StoreError>>),
    /// A room: from its snapshot, or (true) from its start.
    Room(
        String,
        bool,
        oneshot::Sender<Result<Option<StoredRoom>, StoreError>>,
    ),
    Purge(i64, oneshot::Sender<Result<usize, StoreError>>),
    Take(
        String,
        oneshot::Sender<Result<Option<StoredRoom>, StoreError>>,
    ),
}

/// A room's row: opening, settings, created, started, parked.
type Row = (String, String, i64, bool, Option<i64>);

/// The SQLite database on its own thread, as the rooms reach it.
pub struct SqliteStore {
    jobs: std_mpsc::Sender<Job>,
    steps_read: Arc<AtomicU64>,
}

/// The most writes one transaction takes before it is committed.
const GROUP: usize = 512;

impl SqliteStore {
    /// Opens the file (see [`SqliteDb::open`]) and starts its thread.
    pub fn open(path: &Path, full_sync: bool) -> Result<Self, StoreError> {
        Self::start(SqliteDb::open(path, full_sync)?)
    }

    pub fn start(mut db: SqliteDb) -> Result<Self, StoreError> {
        let (jobs, rx) = std_mpsc::channel::<Job>();
        let steps_read = db.steps_read.clone();
        std::thread::Builder::new()
            .name("veil-store".into())
            .spawn(move || {
                while let Ok(first) = rx.recv() {
                    // A group commit: every commit waiting now goes into one
                    // transaction, and each room hears back after it.
                    let mut batches: Vec<(Vec<Write>, oneshot::Sender<_>)> = Vec::new();
                    let mut count = 0;
                    let mut other = Vec::new();
                    let mut next = Some(first);
                    while let Some(job) = next.take() {
                        match job {
                            Job::Commit(w, reply) => {
                                count += w.len();
                                batches.push((w, reply));
                            }
                            job => other.push(job),
                        }
                        if count < GROUP {
                            next = rx.try_recv().ok();
                        }
                    }
                    if !batches.is_empty() {
                        let all: Vec<Write> =
                            batches.iter().flat_map(|b| b.0.iter().cloned()).collect();
                        let t = std::time::Instant::now();
                        let done = db.commit(&all);
                        crate::stats::COMMIT.since(t);
                        if done.is_ok() {
                            for (_, reply) in batches {
                                let _ = reply.send(Ok(()));
                            }
                        } else {
                            // One room's bad write must not fail the others.
                            for (w, reply) in batches {
                                let _ = reply.send(db.commit(&w));
                            }
                        }
                    }
                    for job in other {
                        match job {
                            Job::OpenRooms(reply) => {
                                let _ = reply.send(db.open_rooms());
                            }
                            Job::Room(code, from_start, reply) => {
                                let _ = reply.send(db.room(&code, from_start));
                            }
                            Job::Purge(before, reply) => {
                                let _ = reply.send(db.purge(before));
                            }
                            Job::Take(code, reply) => {
                                let _ = reply.send(db.take(&code));
                            }
                            Job::Commit(..) => {}
                        }
                    }
                }
            })
            .map_err(failed)?;
        Ok(SqliteStore { jobs, steps_read })
    }

    /// Sends a job to the thread and waits for its answer.
    fn ask<T: Send + 'static>(
        &self,
        job: impl FnOnce(oneshot::Sender<Result<T, StoreError>>) -> Job,
    ) -> StoreFuture<'_, T> {
        let (tx, rx) = oneshot::channel();
        let sent = self.jobs.send(job(tx));
        Box::pin(async move {
            let stopped = || StoreError::Failed("the store has stopped".into());
            sent.map_err(|_| stopped())?;
            rx.await.map_err(|_| stopped())?
        })
    }
}

impl Store for SqliteStore {
    fn commit(&self, writes: Vec<Write>) -> StoreFuture<'_, ()> {
        self.ask(|tx| Job::Commit(writes, tx))
    }

    fn open_rooms(&self) -> StoreFuture<'_, Vec<StoredRoom>> {
        self.ask(Job::OpenRooms)
    }

    fn room<'a>(&'a self, code: &'a str) -> StoreFuture<'a, Option<StoredRoom>> {
        self.ask(|tx| Job::Room(code.to_owned(), false, tx))
    }

    fn history<'a>(&'a self, code: &'a str) -> StoreFuture<'a, Option<StoredRoom>> {
        self.ask(|tx| Job::Room(code.to_owned(), true, tx))
    }

    fn steps_read(&self) -> u64 {
        self.steps_read.load(Ordering::Relaxed)
    }

    fn purge(&self, before: i64) -> StoreFuture<'_, usize> {
        self.ask(|tx| Job::Purge(before, tx))
    }

    fn take<'a>(&'a self, code: &'a str) -> StoreFuture<'a, Option<StoredRoom>> {
        self.ask(|tx| Job::Take(code.to_owned(), tx))
    }
}
