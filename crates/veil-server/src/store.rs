//! Nothing lost: every room, seat and step, committed before anyone hears
//! of it. [`Store`] is what a room needs of a database; [`SqliteStore`] is
//! the one used today (a JetStream store could come later). The store runs
//! on a thread of its own ([`StoreHandle`]), because SQLite's calls block;
//! it commits whatever the rooms sent meanwhile in one transaction (a group
//! commit: one sync for many steps) and only then answers each room.

use std::path::Path;
use std::sync::mpsc as std_mpsc;

use rusqlite::{Connection, params};
use serde_json::Value;
use tokio::sync::oneshot;
use veil_match::{Opening, Step};

/// One write of a room.
#[derive(Clone, Debug)]
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

/// A room as stored: enough to rebuild it.
#[derive(Clone, Debug)]
pub struct StoredRoom {
    pub code: String,
    pub opening: Opening,
    pub settings: Value,
    pub created: i64,
    pub started: bool,
    /// (seat, name, token hash)
    pub seats: Vec<(u8, String, String)>,
    /// (seat, seq, step) in order.
    pub steps: Vec<(Option<u8>, u64, Step)>,
}

/// What the server needs of a database. Blocking calls: the server runs
/// them on the store's own thread.
pub trait Store: Send + 'static {
    /// Applies every write, all or none, durably, before returning.
    fn commit(&mut self, writes: &[Write]) -> Result<(), String>;
    /// Every room not closed, with its seats and steps.
    fn open_rooms(&mut self) -> Result<Vec<StoredRoom>, String>;
    /// One room, closed or not.
    fn room(&mut self, code: &str) -> Result<Option<StoredRoom>, String>;
    /// Deletes rooms closed before `before` (seconds since 1970); how many.
    fn purge(&mut self, before: i64) -> Result<usize, String>;
}

/// The SQLite store: one file, WAL, `synchronous=FULL` so a commit that
/// returned survives a power cut too, not only a killed process (with WAL
/// that is one sync per commit, and the group commit shares it).
pub struct SqliteStore {
    db: Connection,
}

fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

impl SqliteStore {
    /// `full_sync`: `synchronous=FULL` (every commit synced), else
    /// `NORMAL` (WAL: synced at checkpoints only).
    pub fn open(path: &Path, full_sync: bool) -> Result<Self, String> {
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
             ) WITHOUT ROWID;",
        )
        .map_err(err)?;
        Ok(SqliteStore { db })
    }

    fn load(&self, code: &str, row: (String, String, i64, bool)) -> Result<StoredRoom, String> {
        let (opening, settings, created, started) = row;
        let opening: Opening = serde_json::from_str(&opening).map_err(err)?;
        let settings: Value = serde_json::from_str(&settings).map_err(err)?;
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
        let mut q = self
            .db
            .prepare_cached("SELECT seat, seq, step FROM steps WHERE room = ?1 ORDER BY n")
            .map_err(err)?;
        let rows = q
            .query_map([code], |r| {
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
            let step: Step = serde_json::from_str(&text).map_err(err)?;
            steps.push((seat, seq as u64, step));
        }
        Ok(StoredRoom {
            code: code.to_owned(),
            opening,
            settings,
            created,
            started,
            seats,
            steps,
        })
    }
}

impl Store for SqliteStore {
    fn commit(&mut self, writes: &[Write]) -> Result<(), String> {
        let tx = self.db.transaction().map_err(err)?;
        for w in writes {
            match w {
                Write::Room {
                    code,
                    opening,
                    settings,
                    created,
                } => {
                    let opening = serde_json::to_string(opening).map_err(err)?;
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
                    let step = serde_json::to_string(step).map_err(err)?;
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
            }
        }
        tx.commit().map_err(err)
    }

    fn open_rooms(&mut self) -> Result<Vec<StoredRoom>, String> {
        let rows = {
            let mut q = self
                .db
                .prepare("SELECT code, opening, settings, created, started FROM rooms WHERE closed IS NULL")
                .map_err(err)?;
            q.query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    (r.get(1)?, r.get(2)?, r.get(3)?, r.get::<_, bool>(4)?),
                ))
            })
            .map_err(err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?
        };
        rows.into_iter()
            .map(|(code, row)| self.load(&code, row))
            .collect()
    }

    fn room(&mut self, code: &str) -> Result<Option<StoredRoom>, String> {
        let row = {
            let mut q = self
                .db
                .prepare_cached(
                    "SELECT opening, settings, created, started FROM rooms WHERE code = ?1",
                )
                .map_err(err)?;
            let mut rows = q
                .query_map([code], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get::<_, bool>(3)?))
                })
                .map_err(err)?;
            match rows.next() {
                Some(row) => row.map_err(err)?,
                None => return Ok(None),
            }
        };
        self.load(code, row).map(Some)
    }

    fn purge(&mut self, before: i64) -> Result<usize, String> {
        self.db
            .execute(
                "DELETE FROM rooms WHERE closed IS NOT NULL AND closed < ?1",
                [before],
            )
            .map_err(err)
    }
}

enum Job {
    Commit(Vec<Write>, oneshot::Sender<Result<(), String>>),
    Room(String, oneshot::Sender<Result<Option<StoredRoom>, String>>),
    Purge(i64, oneshot::Sender<Result<usize, String>>),
}

/// The store's thread, as the rooms reach it.
#[derive(Clone)]
pub struct StoreHandle {
    jobs: std_mpsc::Sender<Job>,
}

/// The most writes one transaction takes before it is committed.
const GROUP: usize = 512;

impl StoreHandle {
    /// Starts the store's thread; the open rooms are read first, here.
    pub fn start<S: Store>(mut store: S) -> Result<(Self, Vec<StoredRoom>), String> {
        let rooms = store.open_rooms()?;
        let (jobs, rx) = std_mpsc::channel::<Job>();
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
                    let all: Vec<Write> =
                        batches.iter().flat_map(|b| b.0.iter().cloned()).collect();
                    let t = std::time::Instant::now();
                    let done = store.commit(&all);
                    crate::stats::COMMIT.since(t);
                    if done.is_ok() {
                        for (_, reply) in batches {
                            let _ = reply.send(Ok(()));
                        }
                    } else {
                        // One room's bad write must not fail the others.
                        for (w, reply) in batches {
                            let _ = reply.send(store.commit(&w));
                        }
                    }
                    for job in other {
                        match job {
                            Job::Room(code, reply) => {
                                let _ = reply.send(store.room(&code));
                            }
                            Job::Purge(before, reply) => {
                                let _ = reply.send(store.purge(before));
                            }
                            Job::Commit(..) => {}
                        }
                    }
                }
            })
            .map_err(err)?;
        Ok((StoreHandle { jobs }, rooms))
    }

    /// Commits `writes`; returns once they are durable.
    pub async fn commit(&self, writes: Vec<Write>) -> Result<(), String> {
        let (tx, rx) = oneshot::channel();
        self.jobs
            .send(Job::Commit(writes, tx))
            .map_err(|_| "the store has stopped".to_string())?;
        rx.await.map_err(|_| "the store has stopped".to_string())?
    }

    pub async fn room(&self, code: &str) -> Result<Option<StoredRoom>, String> {
        let (tx, rx) = oneshot::channel();
        self.jobs
            .send(Job::Room(code.to_owned(), tx))
            .map_err(|_| "the store has stopped".to_string())?;
        rx.await.map_err(|_| "the store has stopped".to_string())?
    }

    pub async fn purge(&self, before: i64) -> Result<usize, String> {
        let (tx, rx) = oneshot::channel();
        self.jobs
            .send(Job::Purge(before, tx))
            .map_err(|_| "the store has stopped".to_string())?;
        rx.await.map_err(|_| "the store has stopped".to_string())?
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use veil_match::SeatKind;

    /// A room created at 100, closed at `closed` (or open), with a seat and
    /// a step.
    fn room(code: &str, closed: Option<i64>) -> Vec<Write> {
        let opening = Opening::new(
            "jieqi",
            veil_match::default_options("jieqi").unwrap(),
            &[SeatKind::Human, SeatKind::Human],
            100,
        );
        let mut w = vec![
            Write::Room {
                code: code.into(),
                opening,
                settings: Value::Null,
                created: 100,
            },
            Write::Seat {
                code: code.into(),
                seat: 0,
                name: "a".into(),
                token_hash: "h".into(),
            },
            Write::Step {
                code: code.into(),
                n: 1,
                seat: None,
                seq: 0,
                step: Step::Chance,
            },
        ];
        if let Some(at) = closed {
            w.push(Write::Closed {
                code: code.into(),
                at,
            });
        }
        w
    }

    fn rows(store: &SqliteStore, table: &str, code: &str) -> i64 {
        store
            .db
            .query_row(
                &format!("SELECT COUNT(*) FROM {table} WHERE room = ?1"),
                [code],
                |r| r.get(0),
            )
            .unwrap()
    }

    #[test]
    fn purge_deletes_rooms_closed_before_the_time_and_keeps_the_rest() {
        let dir = std::env::temp_dir().join(format!("veil-store-purge-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut store = SqliteStore::open(&dir.join("veil.db"), false).unwrap();
        for (code, closed) in [("OLD", Some(1000)), ("RECENT", Some(5000)), ("OPEN", None)] {
            store.commit(&room(code, closed)).unwrap();
        }
        // Kept while `keep_secs` has not passed since it closed.
        assert_eq!(store.purge(1000), Ok(0));
        assert_eq!(store.purge(3000), Ok(1));
        assert!(store.room("OLD").unwrap().is_none());
        assert_eq!(
            (rows(&store, "seats", "OLD"), rows(&store, "steps", "OLD")),
            (0, 0)
        );
        let recent = store.room("RECENT").unwrap().expect("a recent room stays");
        assert_eq!(recent.steps.len(), 1);
        assert_eq!(rows(&store, "seats", "RECENT"), 1);
        // A room never closed is never purged, however old.
        assert_eq!(store.purge(i64::MAX), Ok(1));
        let open: Vec<String> = store
            .open_rooms()
            .unwrap()
            .into_iter()
            .map(|r| r.code)
            .collect();
        assert_eq!(open, ["OPEN"]);
        assert!(store.room("RECENT").unwrap().is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
