//! The store contract: one suite, run on SQLite and on JetStream (a real
//! `nats-server -js` on 127.0.0.1, started and stopped by each test). Then
//! what only JetStream has: leases, and two processes sure they own one
//! room (split brain) — exactly one append wins each time, the log never
//! forks.

mod nats;
mod one;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use nats::{NatsCluster, NatsServer};
use serde_json::json;
use veil_core::{Seat, Turn};
use veil_match::{AnyMatch, Opening, SeatKind, Seeds, Step};
use veil_server::store::{
    JetStreamOptions, JetStreamStore, Snapshot, SqliteStore, Store, StoreError, StoredRoom, Write,
};

/// How long any one test may take.
const LIMIT: Duration = Duration::from_secs(60);

/// Where a store keeps its data; a store opened again on it sees the same.
enum Backend {
    Sqlite(PathBuf),
    JetStream(NatsServer),
}

impl Backend {
    fn sqlite() -> Self {
        let dir = std::env::temp_dir().join(format!(
            "veil-store-test-{}-{}",
            std::process::id(),
            DIRS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Backend::Sqlite(dir)
    }

    fn jetstream() -> Self {
        Backend::JetStream(NatsServer::start())
    }

    /// A store on this data, as process `owner` (one name, one process: a
    /// store opened again under the same name is that process restarted).
    async fn open(&self, owner: &str) -> Arc<dyn Store> {
        match self {
            Backend::Sqlite(dir) => {
                Arc::new(SqliteStore::open(&dir.join("veil.db"), true).unwrap())
            }
            Backend::JetStream(server) => Arc::new(jetstream(server, owner, 15).await),
        }
    }
}

impl Drop for Backend {
    fn drop(&mut self) {
        if let Backend::Sqlite(dir) = self {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

static DIRS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

async fn jetstream(server: &NatsServer, owner: &str, lease_secs: u64) -> JetStreamStore {
    let mut options = JetStreamOptions::new(&server.url());
    options.owner = owner.into();
    options.lease = Duration::from_millis(lease_secs * 1000);
    JetStreamStore::connect(options).await.unwrap()
}

/// An opening with the seeds `seed` gives (fixed, to compare what is read back).
fn opening_with(seed: u64) -> Opening {
    Opening::with_seeds(
        "jieqi",
        veil_match::default_options("jieqi").unwrap(),
        &[SeatKind::Human, SeatKind::Human],
        100,
        Seeds::fixed(seed, 2),
    )
}

fn opening() -> Opening {
    opening_with(7)
}

fn create(code: &str) -> Write {
    Write::Room {
        code: code.into(),
        opening: opening(),
        settings: json!({"grace": 60}),
        created: 100,
    }
}

fn seat(code: &str, seat: u8, name: &str) -> Write {
    Write::Seat {
        code: code.into(),
        seat,
        name: name.into(),
        token_hash: format!("hash-of-{name}"),
    }
}

/// Step `n` of room `code`: a seat change (any step will do; the store
/// does not play it), telling who wrote it by its kind.
fn step(code: &str, n: u64, by: &str) -> Write {
    Write::Step {
        code: code.into(),
        n,
        seat: Some(0),
        seq: n,
        step: Step::Seat {
            seat: 0,
            kind: by.into(),
        },
    }
}

fn closed(code: &str, at: i64) -> Write {
    Write::Closed {
        code: code.into(),
        at,
    }
}

fn kinds(room: &StoredRoom) -> Vec<String> {
    room.steps
        .iter()
        .map(|(_, _, s)| match s {
            Step::Seat { kind, .. } => kind.clone(),
            other => format!("{other:?}"),
        })
        .collect()
}

fn is_conflict<T: std::fmt::Debug>(r: &Result<T, StoreError>) -> bool {
    matches!(r, Err(StoreError::Conflict(_)))
}

/// Runs one contract check on both stores, each within `LIMIT`.
macro_rules! contract {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() {
                let _one = super::one::at_a_time().await;
                tokio::time::timeout(super::LIMIT, super::$name(super::Backend::sqlite()))
                    .await
                    .expect("the test ends in time");
            })*
        }
        mod jetstream {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() {
                let _one = super::one::at_a_time().await;
                tokio::time::timeout(super::LIMIT, super::$name(super::Backend::jetstream()))
                    .await
                    .expect("the test ends in time");
            })*
        }
    };
}

contract!(
    keeps_a_room_its_seats_and_steps_across_a_restart,
    a_commit_is_all_or_none,
    a_taken_code_or_step_is_a_conflict,
    a_room_never_created_is_nowhere,
    a_seat_taken_again_has_its_new_token,
    finished_and_closed_rooms_stay_readable_but_not_open,
    purge_deletes_rooms_closed_before_the_time_and_keeps_the_rest,
    many_rooms_at_once_each_keep_their_order,
    a_room_loads_from_its_latest_snapshot_as_from_its_start,
    a_snapshot_is_of_the_rooms_last_step_and_of_its_commit,
    a_damaged_snapshot_is_passed_over_for_a_replay_from_the_start,
    a_parked_room_waits_to_be_taken_and_closes_at_its_time,
);

// Snapshots: real matches, so what is loaded can be played and compared.

/// How often these tests snapshot (a room does every 64 steps).
const EVERY: u64 = 8;

/// A Jieqi match of `opening` played by seeded random legal moves, as a
/// room plays it: each step committed, a snapshot every `EVERY` steps in
/// the commit of its step (`damage` it: what is written instead).
struct Played {
    code: String,
    m: Box<dyn AnyMatch>,
    n: u64,
    pick: u64,
    /// Each seat's last request, as a room keeps it for its snapshots.
    seqs: Vec<(u8, u64)>,
}

impl Played {
    async fn create(store: &dyn Store, code: &str) -> Played {
        store
            .commit(vec![
                create(code),
                seat(code, 0, "ann"),
                seat(code, 1, "bob"),
            ])
            .await
            .unwrap();
        Played {
            code: code.into(),
            m: veil_match::open(&opening()).unwrap(),
            n: 0,
            pick: 7,
            seqs: Vec::new(),
        }
    }

    /// The next step: a legal move of the seat to act (a person's request,
    /// its `seq` its step's number), or the chance due.
    fn next_step(&mut self) -> (Option<u8>, Step) {
        if self.m.chance_pause() > 0.0 {
            return (None, Step::Chance);
        }
        let Turn::Seat(seat) = self.m.turn() else {
            panic!("the game goes on: {:?}", self.m.turn())
        };
        let legal = self
            .m
            .legal_from_view(&self.m.observe(Some(seat)), seat)
            .unwrap();
        self.pick = self
            .pick
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let action = legal[(self.pick >> 33) as usize % legal.len()].clone();
        let step = Step::Act {
            seat: seat.0,
            action,
            belief: None,
        };
        (Some(seat.0), step)
    }

    /// Plays and commits `steps` steps, a snapshot every `EVERY`.
    async fn play(&mut self, store: &dyn Store, steps: u64, damage: Option<&str>) {
        for _ in 0..steps {
            self.play_one(store, damage).await.unwrap();
        }
    }

    /// Plays one step and commits it (with a snapshot if one is due); not
    /// stored, the match is one step ahead of the log.
    async fn play_one(
        &mut self,
        store: &dyn Store,
        damage: Option<&str>,
    ) -> Result<(), StoreError> {
        let (by, step) = self.next_step();
        self.m.step(&step).unwrap();
        self.n += 1;
        if let Some(by) = by {
            self.seqs.retain(|s| s.0 != by);
            self.seqs.push((by, self.n));
            self.seqs.sort_unstable();
        }
        let mut writes = vec![Write::Step {
            code: self.code.clone(),
            n: self.n,
            seat: by,
            seq: self.n,
            step,
        }];
        if self.n.is_multiple_of(EVERY) {
            writes.push(self.snapshot(damage));
        }
        store.commit(writes).await
    }

    fn snapshot(&self, damage: Option<&str>) -> Write {
        Write::Snapshot {
            code: self.code.clone(),
            snapshot: Snapshot {
                n: self.n,
                seqs: self.seqs.clone(),
                state: damage.map_or_else(|| self.m.snapshot().unwrap(), str::to_owned),
            },
        }
    }
}

/// What a match shows: its version, every seat's view and the spectators',
/// and the move list.
fn shown(m: &dyn AnyMatch) -> (u64, Vec<serde_json::Value>, Vec<String>) {
    let mut views: Vec<_> = Seat::all(m.seats()).map(|s| m.observe(Some(s))).collect();
    views.push(m.observe(None));
    (m.version(), views, m.log().to_vec())
}

/// `room`, loaded, is the match of its whole history replayed from the
/// start, with the same requests taken; both are the match as played.
async fn same_as_from_the_start(store: &dyn Store, room: &StoredRoom, played: &Played) {
    let whole = store.history(&room.code).await.unwrap().unwrap();
    assert_eq!(whole.snapshot, None);
    assert_eq!(whole.steps.len() as u64, played.n);
    assert_eq!(room.step_count(), played.n);
    let from_start = whole.rebuild().unwrap();
    let loaded = room.rebuild().unwrap();
    assert_eq!(shown(&*loaded), shown(&*from_start));
    assert_eq!(shown(&*loaded), shown(&*played.m));
    assert_eq!(room.seqs(), whole.seqs(), "the requests taken");
    assert_eq!(
        (&room.seats, room.started, &room.opening),
        (&whole.seats, whole.started, &whole.opening)
    );
}

async fn a_room_loads_from_its_latest_snapshot_as_from_its_start(b: Backend) {
    let store = b.open("a").await;
    let mut played = Played::create(&*store, "SNAP1").await;
    // Three snapshots (8, 16, 24) and five steps after the last.
    played.play(&*store, 29, None).await;
    let before = store.steps_read();
    let room = store.room("SNAP1").await.unwrap().unwrap();
    assert_eq!(store.steps_read() - before, 5, "only the steps after it");
    assert_eq!(room.snapshot.as_ref().map(|s| s.n), Some(24));
    assert_eq!(room.steps.len(), 5);
    same_as_from_the_start(&*store, &room, &played).await;
    drop(store);
    // Restarted: the same, from the same snapshot; and the room goes on.
    let store = b.open("a").await;
    let open = store.open_rooms().await.unwrap();
    assert_eq!(open.len(), 1);
    assert_eq!(store.steps_read(), 5, "only the steps after it");
    assert_eq!(open[0], room);
    played.play(&*store, 4, None).await;
    let before = store.steps_read();
    let room = store.room("SNAP1").await.unwrap().unwrap();
    assert_eq!(store.steps_read() - before, 1);
    assert_eq!(room.snapshot.as_ref().map(|s| s.n), Some(32));
    same_as_from_the_start(&*store, &room, &played).await;
    // A room with no snapshot yet reads every step.
    let mut young = Played::create(&*store, "SNAP2").await;
    young.play(&*store, EVERY - 1, None).await;
    let before = store.steps_read();
    let room = store.room("SNAP2").await.unwrap().unwrap();
    assert_eq!(store.steps_read() - before, EVERY - 1);
    assert_eq!(
        (room.snapshot.is_none(), room.steps.len() as u64),
        (true, EVERY - 1)
    );
    same_as_from_the_start(&*store, &room, &young).await;
}

async fn a_snapshot_is_of_the_rooms_last_step_and_of_its_commit(b: Backend) {
    let store = b.open("a").await;
    let mut played = Played::create(&*store, "SNAP1").await;
    played.play(&*store, EVERY + 2, None).await;
    // Of a step not the last, or not yet taken: refused.
    for n in [EVERY + 1, EVERY + 3] {
        let mut w = played.snapshot(None);
        if let Write::Snapshot { snapshot, .. } = &mut w {
            snapshot.n = n;
        }
        let r = store.commit(vec![w]).await;
        assert!(is_conflict(&r), "a snapshot of step {n}: {r:?}");
    }
    // In a commit refused (its step taken): not kept either.
    let r = store
        .commit(vec![step("SNAP1", EVERY + 2, "x"), played.snapshot(None)])
        .await;
    assert!(is_conflict(&r), "{r:?}");
    let room = store.room("SNAP1").await.unwrap().unwrap();
    assert_eq!(room.snapshot.as_ref().map(|s| s.n), Some(EVERY));
    same_as_from_the_start(&*store, &room, &played).await;
    // Of the last step, alone in its commit: kept.
    store.commit(vec![played.snapshot(None)]).await.unwrap();
    let room = store.room("SNAP1").await.unwrap().unwrap();
    assert_eq!(room.snapshot.as_ref().map(|s| s.n), Some(EVERY + 2));
    assert!(room.steps.is_empty());
    same_as_from_the_start(&*store, &room, &played).await;
}

async fn a_damaged_snapshot_is_passed_over_for_a_replay_from_the_start(b: Backend) {
    let store = b.open("a").await;
    // Cut short, not a match at all, and another room's match (its seeds).
    let other = veil_match::open(&opening_with(8))
        .unwrap()
        .snapshot()
        .unwrap();
    let good = veil_match::open(&opening()).unwrap().snapshot().unwrap();
    let damages = [&good[..good.len() / 2], "not a match", &other];
    for (k, damage) in damages.into_iter().enumerate() {
        let code = format!("BAD{k}");
        let mut played = Played::create(&*store, &code).await;
        // A good snapshot at 8, the damaged one at 16, then three steps.
        played.play(&*store, EVERY, None).await;
        played.play(&*store, EVERY + 3, Some(damage)).await;
        let before = store.steps_read();
        let room = store.room(&code).await.unwrap().unwrap();
        assert_eq!(room.snapshot, None, "{code}: not used");
        assert_eq!(room.steps.len() as u64, 2 * EVERY + 3, "{code}: every step");
        assert!(store.steps_read() - before >= 2 * EVERY + 3);
        same_as_from_the_start(&*store, &room, &played).await;
        // The room goes on, and its next snapshot is used again.
        played.play(&*store, EVERY - 3, None).await;
        let room = store.room(&code).await.unwrap().unwrap();
        assert_eq!(room.snapshot.as_ref().map(|s| s.n), Some(3 * EVERY));
        same_as_from_the_start(&*store, &room, &played).await;
    }
    drop(store);
    // Restarted, the rooms are loaded (none lost) from their good snapshot.
    let store = b.open("a").await;
    let open = store.open_rooms().await.unwrap();
    assert_eq!(open.len(), 3);
    assert!(
        open.iter()
            .all(|r| r.snapshot.as_ref().map(|s| s.n) == Some(3 * EVERY))
    );
}

async fn keeps_a_room_its_seats_and_steps_across_a_restart(b: Backend) {
    let store = b.open("a").await;
    store
        .commit(vec![create("ROOM1"), seat("ROOM1", 0, "ann")])
        .await
        .unwrap();
    store
        .commit(vec![
            seat("ROOM1", 1, "bob"),
            Write::Started {
                code: "ROOM1".into(),
            },
        ])
        .await
        .unwrap();
    for n in 1..=5 {
        store.commit(vec![step("ROOM1", n, "x")]).await.unwrap();
    }
    let want = StoredRoom {
        code: "ROOM1".into(),
        opening: opening(),
        settings: json!({"grace": 60}),
        created: 100,
        started: true,
        seats: vec![
            (0, "ann".into(), "hash-of-ann".into()),
            (1, "bob".into(), "hash-of-bob".into()),
        ],
        snapshot: None,
        steps: (1..=5)
            .map(|n| {
                (
                    Some(0),
                    n,
                    Step::Seat {
                        seat: 0,
                        kind: "x".into(),
                    },
                )
            })
            .collect(),
        parked: None,
    };
    assert_eq!(store.room("ROOM1").await.unwrap(), Some(want.clone()));
    drop(store);
    // The process restarted: everything is there, and it goes on.
    let store = b.open("a").await;
    assert_eq!(store.open_rooms().await.unwrap(), vec![want.clone()]);
    assert_eq!(store.room("ROOM1").await.unwrap(), Some(want));
    store.commit(vec![step("ROOM1", 6, "y")]).await.unwrap();
    let room = store.room("ROOM1").await.unwrap().unwrap();
    assert_eq!(kinds(&room), ["x", "x", "x", "x", "x", "y"]);
}

async fn a_commit_is_all_or_none(b: Backend) {
    let store = b.open("a").await;
    store
        .commit(vec![create("ROOM1"), step("ROOM1", 1, "x")])
        .await
        .unwrap();
    // A seat and a step already taken: neither is kept.
    let r = store
        .commit(vec![seat("ROOM1", 1, "bob"), step("ROOM1", 1, "y")])
        .await;
    assert!(is_conflict(&r), "{r:?}");
    let room = store.room("ROOM1").await.unwrap().unwrap();
    assert!(room.seats.is_empty(), "{:?}", room.seats);
    assert_eq!(kinds(&room), ["x"]);
    // And the room goes on from where it was.
    store
        .commit(vec![seat("ROOM1", 1, "bob"), step("ROOM1", 2, "z")])
        .await
        .unwrap();
    let room = store.room("ROOM1").await.unwrap().unwrap();
    assert_eq!(room.seats.len(), 1);
    assert_eq!(kinds(&room), ["x", "z"]);
}

async fn a_taken_code_or_step_is_a_conflict(b: Backend) {
    let store = b.open("a").await;
    store.commit(vec![create("ROOM1")]).await.unwrap();
    store.commit(vec![step("ROOM1", 1, "x")]).await.unwrap();
    store.commit(vec![step("ROOM1", 2, "x")]).await.unwrap();
    let again = store
        .commit(vec![Write::Room {
            code: "ROOM1".into(),
            opening: opening_with(8),
            settings: json!({}),
            created: 200,
        }])
        .await;
    assert!(is_conflict(&again), "the code is taken: {again:?}");
    for n in [1, 2] {
        let r = store.commit(vec![step("ROOM1", n, "y")]).await;
        assert!(is_conflict(&r), "step {n} is taken: {r:?}");
    }
    let room = store.room("ROOM1").await.unwrap().unwrap();
    assert_eq!(kinds(&room), ["x", "x"]);
    assert_eq!(room.opening, opening(), "the first creation stays");
}

async fn a_room_never_created_is_nowhere(b: Backend) {
    let store = b.open("a").await;
    assert_eq!(store.room("NOSUCH").await.unwrap(), None);
    assert!(store.commit(vec![step("NOSUCH", 1, "x")]).await.is_err());
    assert_eq!(store.room("NOSUCH").await.unwrap(), None);
    assert!(store.open_rooms().await.unwrap().is_empty());
}

async fn a_seat_taken_again_has_its_new_token(b: Backend) {
    let store = b.open("a").await;
    store
        .commit(vec![create("ROOM1"), seat("ROOM1", 1, "bob")])
        .await
        .unwrap();
    store.commit(vec![seat("ROOM1", 1, "bea")]).await.unwrap();
    let room = store.room("ROOM1").await.unwrap().unwrap();
    assert_eq!(room.seats, [(1, "bea".into(), "hash-of-bea".into())]);
}

async fn finished_and_closed_rooms_stay_readable_but_not_open(b: Backend) {
    let store = b.open("a").await;
    for code in ["DONE", "IDLE", "OPEN"] {
        store
            .commit(vec![create(code), step(code, 1, "x")])
            .await
            .unwrap();
    }
    store
        .commit(vec![
            step("DONE", 2, "x"),
            Write::Finished {
                code: "DONE".into(),
                record: json!({"moves": 2}),
                at: 200,
            },
        ])
        .await
        .unwrap();
    store.commit(vec![closed("DONE", 300)]).await.unwrap();
    store.commit(vec![closed("IDLE", 300)]).await.unwrap();
    drop(store);
    let store = b.open("a").await;
    let open: Vec<String> = store
        .open_rooms()
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.code)
        .collect();
    assert_eq!(open, ["OPEN"]);
    let done = store
        .room("DONE")
        .await
        .unwrap()
        .expect("a closed room is kept");
    assert_eq!(kinds(&done), ["x", "x"]);
}

fn now_secs() -> i64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    since.unwrap().as_secs() as i64
}

fn parked(code: &str, close_at: i64) -> Write {
    Write::Parked {
        code: code.into(),
        close_at,
    }
}

fn codes(rooms: Vec<StoredRoom>) -> Vec<String> {
    let mut codes: Vec<String> = rooms.into_iter().map(|r| r.code).collect();
    codes.sort();
    codes
}

/// A parked room is not among the open rooms, across a restart too;
/// `take` gives it back with its seats and steps before its closing time,
/// never after; once it runs again (`Unparked`) it is open like any other;
/// the purge counts it closed at its closing time.
async fn a_parked_room_waits_to_be_taken_and_closes_at_its_time(b: Backend) {
    let store = b.open("a").await;
    let now = now_secs();
    for code in ["LATER", "SOON", "PAST", "OPEN"] {
        store
            .commit(vec![create(code), seat(code, 0, "a"), step(code, 1, "x")])
            .await
            .unwrap();
    }
    store
        .commit(vec![parked("LATER", now + 7200)])
        .await
        .unwrap();
    store
        .commit(vec![parked("SOON", now + 3600)])
        .await
        .unwrap();
    store.commit(vec![parked("PAST", now - 10)]).await.unwrap();
    drop(store);
    let store = b.open("a").await;
    assert_eq!(codes(store.open_rooms().await.unwrap()), ["OPEN"]);
    let later = store.room("LATER").await.unwrap().unwrap();
    assert_eq!(later.parked, Some(now + 7200));
    // Past its closing time it is not taken; before, it is, as it was.
    assert_eq!(store.take("PAST").await.unwrap(), None);
    let taken = store.take("LATER").await.unwrap().expect("taken");
    assert_eq!(
        (kinds(&taken), taken.seats.len()),
        (vec!["x".to_owned()], 1)
    );
    store
        .commit(vec![
            Write::Unparked {
                code: "LATER".into(),
            },
            step("LATER", 2, "y"),
        ])
        .await
        .unwrap();
    drop(store);
    let store = b.open("a").await;
    assert_eq!(codes(store.open_rooms().await.unwrap()), ["LATER", "OPEN"]);
    assert_eq!(store.room("LATER").await.unwrap().unwrap().parked, None);
    // Purged as closed at its closing time; a room running is not.
    assert_eq!(store.purge(now - 100).await, Ok(0));
    assert_eq!(store.purge(now).await, Ok(1));
    assert_eq!(store.room("PAST").await.unwrap(), None);
    assert!(store.room("SOON").await.unwrap().is_some());
    assert_eq!(store.purge(now + 3700).await, Ok(1));
    assert_eq!(store.room("SOON").await.unwrap(), None);
    assert_eq!(store.purge(i64::MAX).await, Ok(0));
    assert!(store.room("LATER").await.unwrap().is_some());
}

async fn purge_deletes_rooms_closed_before_the_time_and_keeps_the_rest(b: Backend) {
    let store = b.open("a").await;
    for (code, at) in [("OLD", Some(1000)), ("RECENT", Some(5000)), ("OPEN", None)] {
        store
            .commit(vec![create(code), seat(code, 0, "a"), step(code, 1, "x")])
            .await
            .unwrap();
        if let Some(at) = at {
            store.commit(vec![closed(code, at)]).await.unwrap();
        }
    }
    // Kept while its time has not passed since it closed.
    assert_eq!(store.purge(1000).await, Ok(0));
    assert_eq!(store.purge(3000).await, Ok(1));
    assert_eq!(store.room("OLD").await.unwrap(), None);
    let recent = store
        .room("RECENT")
        .await
        .unwrap()
        .expect("a recent room stays");
    assert_eq!((recent.steps.len(), recent.seats.len()), (1, 1));
    // A room never closed is never purged, however old.
    assert_eq!(store.purge(i64::MAX).await, Ok(1));
    assert_eq!(store.room("RECENT").await.unwrap(), None);
    let open: Vec<String> = store
        .open_rooms()
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.code)
        .collect();
    assert_eq!(open, ["OPEN"]);
    // A purged code may be used again.
    store.commit(vec![create("OLD")]).await.unwrap();
    assert!(store.room("OLD").await.unwrap().unwrap().steps.is_empty());
}

async fn many_rooms_at_once_each_keep_their_order(b: Backend) {
    let store = b.open("a").await;
    let codes: Vec<String> = (0..20).map(|i| format!("R{i:02}")).collect();
    let mut tasks = Vec::new();
    for code in codes.clone() {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            store.commit(vec![create(&code)]).await.unwrap();
            for n in 1..=30 {
                store
                    .commit(vec![step(&code, n, &format!("{code}-{n}"))])
                    .await
                    .unwrap();
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    drop(store);
    let store = b.open("a").await;
    let mut open = store.open_rooms().await.unwrap();
    open.sort_by(|a, b| a.code.cmp(&b.code));
    assert_eq!(open.len(), 20);
    for (room, code) in open.iter().zip(&codes) {
        let want: Vec<String> = (1..=30).map(|n| format!("{code}-{n}")).collect();
        assert_eq!(kinds(room), want, "{code}");
    }
}

// What only JetStream has: several processes on one log.

async fn within(test: impl std::future::Future<Output = ()>) {
    tokio::time::timeout(LIMIT, test)
        .await
        .expect("the test ends in time");
}

/// Two processes sure they own one room (the second's lease forged), each
/// appending the next step at the same moment, 40 times: exactly one wins
/// each time, the loser is told so and cannot append on what it knew
/// before, and the log is one line of the winners' steps.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn split_brain_one_append_wins_each_time_and_the_log_never_forks() {
    let _one = one::at_a_time().await;
    within(async {
        let server = NatsServer::start();
        let a = Arc::new(jetstream(&server, "a", 15).await);
        let b = Arc::new(jetstream(&server, "b", 15).await);
        a.commit(vec![create("SPLIT")]).await.unwrap();
        assert!(!b.claim("SPLIT").await.unwrap(), "the lease is a's");
        // Forged: b's first renewal (after 5 s, a third of the lease; the
        // test takes well under that) would find it is not b's and drop it.
        b.forge_lease("SPLIT");
        assert!(b.holds("SPLIT"));
        let mut winners = Vec::new();
        for round in 1..=40u64 {
            // Each knows the whole log now, so each appends step `round`.
            for s in [&a, &b] {
                assert_eq!(
                    s.room("SPLIT").await.unwrap().unwrap().steps.len() as u64,
                    round - 1
                );
            }
            // Each from its own task, the first to start taking turns.
            let go = |s: &Arc<JetStreamStore>, by: &str| {
                let (s, w) = (s.clone(), step("SPLIT", round, &format!("{by}{round}")));
                tokio::spawn(async move { s.commit(vec![w]).await })
            };
            let (ta, tb) = if round % 2 == 0 {
                let ta = go(&a, "a");
                (ta, go(&b, "b"))
            } else {
                let tb = go(&b, "b");
                (go(&a, "a"), tb)
            };
            let (ra, rb) = (ta.await.unwrap(), tb.await.unwrap());
            let (winner, loser, lost, why) = match (&ra, &rb) {
                (Ok(()), Err(StoreError::Conflict(m))) => ("a", &b, "b", m),
                (Err(StoreError::Conflict(m)), Ok(())) => ("b", &a, "a", m),
                _ => panic!("round {round}: exactly one wins: a {ra:?}, b {rb:?}"),
            };
            // Refused by JetStream's expected sequence, not by what the
            // loser knew: both knew the same log.
            assert!(
                why.contains("another server appended"),
                "round {round}: {why}"
            );
            winners.push(format!("{winner}{round}"));
            // The loser, on what it knew, cannot append: neither the next
            // step on its stale log nor its own step again.
            for n in [round, round + 1] {
                let r = loser
                    .commit(vec![step("SPLIT", n, &format!("{lost}{round}!"))])
                    .await;
                assert!(is_conflict(&r), "round {round}, step {n}: {r:?}");
            }
        }
        // A third process reads one line: every winner, once, in order.
        let c = jetstream(&server, "c", 15).await;
        let room = c.room("SPLIT").await.unwrap().unwrap();
        assert_eq!(kinds(&room), winners);
        // Who won is the race's; either side winning every round would
        // still be correct, so it is only shown.
        let a_won = winners.iter().filter(|w| w.starts_with('a')).count();
        eprintln!("a won {a_won} of 40, b {}", 40 - a_won);
    })
    .await;
}

/// Split brain at a snapshot: two processes sure they own one room each
/// append a different next step with its snapshot at the same moment; one
/// wins, and its snapshot is the one every load starts from — the loser's
/// never reached the log.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn split_brain_at_a_snapshot_only_the_winners_is_kept() {
    let _one = one::at_a_time().await;
    within(async {
        let server = NatsServer::start();
        let a = Arc::new(jetstream(&server, "a", 15).await);
        let b = Arc::new(jetstream(&server, "b", 15).await);
        let mut pa = Played::create(&*a, "SPLIT").await;
        pa.play(&*a, EVERY - 1, None).await;
        b.forge_lease("SPLIT");
        let known = b.room("SPLIT").await.unwrap().unwrap();
        let mut pb = Played {
            code: "SPLIT".into(),
            m: known.rebuild().unwrap(),
            n: EVERY - 1,
            pick: 1234,
            seqs: known.seqs(),
        };
        let (sa, sb) = (a.clone(), b.clone());
        let ta = tokio::spawn(async move { (pa.play_one(&*sa, None).await, pa) });
        let tb = tokio::spawn(async move { (pb.play_one(&*sb, None).await, pb) });
        let ((ra, pa), (rb, pb)) = (ta.await.unwrap(), tb.await.unwrap());
        let winner = match (&ra, &rb) {
            (Ok(()), Err(StoreError::Conflict(_))) => pa,
            (Err(StoreError::Conflict(_)), Ok(())) => pb,
            _ => panic!("exactly one wins: a {ra:?}, b {rb:?}"),
        };
        let c = jetstream(&server, "c", 15).await;
        let room = c.room("SPLIT").await.unwrap().unwrap();
        assert_eq!(room.snapshot.as_ref().map(|s| s.n), Some(EVERY));
        assert_eq!(c.steps_read(), 0, "loaded from the snapshot");
        same_as_from_the_start(&c, &room, &winner).await;
    })
    .await;
}

/// The directory's name for a room's latest snapshot is only a hint: one
/// that names another room's message, a message with no snapshot, one past
/// the log, or none, gives the same room, read from the start.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_or_missing_snapshot_hint_only_makes_the_load_longer() {
    let _one = one::at_a_time().await;
    within(async {
        let server = NatsServer::start();
        let a = jetstream(&server, "a", 15).await;
        let mut played = Played::create(&a, "HINT1").await;
        played.play(&a, 2 * EVERY + 3, None).await;
        let mut other = Played::create(&a, "HINT2").await;
        other.play(&a, EVERY + 1, None).await;
        let right = a.room("HINT1").await.unwrap().unwrap();
        assert_eq!(right.snapshot.as_ref().map(|s| s.n), Some(2 * EVERY));
        let js = async_nats::jetstream::new(async_nats::connect(server.url()).await.unwrap());
        let directory = js.get_key_value("veil_rooms").await.unwrap();
        let entry =
            |value: bytes::Bytes| -> serde_json::Value { serde_json::from_slice(&value).unwrap() };
        let others = entry(directory.get("HINT2").await.unwrap().unwrap())["snapshot_seq"].clone();
        assert!(others.is_u64(), "{others}");
        for hint in [others, json!(1), json!(100_000), serde_json::Value::Null] {
            let mut e = entry(directory.get("HINT1").await.unwrap().unwrap());
            e["snapshot_seq"] = hint.clone();
            directory
                .put("HINT1", serde_json::to_vec(&e).unwrap().into())
                .await
                .unwrap();
            // A process that never saw the room.
            let b = jetstream(&server, "b", 15).await;
            let room = b.room("HINT1").await.unwrap().unwrap();
            assert_eq!(room, right, "hint {hint}");
            assert_eq!(b.steps_read(), 2 * EVERY + 3, "hint {hint}: from the start");
        }
    })
    .await;
}

/// A lease renewed by a live owner is never taken, and the other process
/// may not append on that room.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_owners_room_is_not_taken() {
    let _one = one::at_a_time().await;
    within(async {
        let server = NatsServer::start();
        let a = jetstream(&server, "a", 1).await;
        a.commit(vec![create("HELD"), step("HELD", 1, "a")])
            .await
            .unwrap();
        // Past two lease times: renewed meanwhile.
        tokio::time::sleep(Duration::from_millis(2500)).await;
        let b = jetstream(&server, "b", 1).await;
        assert!(!b.claim("HELD").await.unwrap());
        assert!(b.open_rooms().await.unwrap().is_empty());
        b.room("HELD").await.unwrap().expect("b may read it");
        let r = b.commit(vec![step("HELD", 2, "b")]).await;
        assert!(is_conflict(&r), "{r:?}");
        a.commit(vec![step("HELD", 2, "a")]).await.unwrap();
        assert_eq!(kinds(&a.room("HELD").await.unwrap().unwrap()), ["a", "a"]);
    })
    .await;
}

/// Rooms `<prefix>0` to `<prefix>{n-1}`, each with a step: open, held by
/// `store`.
async fn open_many(store: &JetStreamStore, prefix: &str, n: usize) {
    for i in 0..n {
        let code = format!("{prefix}{i}");
        store
            .commit(vec![create(&code), step(&code, 1, "x")])
            .await
            .unwrap();
    }
}

/// A process starting finds the rooms to take in the index of each
/// process's rooms, not by reading the directory: of a hundred rooms held
/// by a live process and three of a dead one, it takes the three and reads
/// no directory entry in bulk.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_start_takes_the_dead_owners_rooms_without_reading_the_directory() {
    let _one = one::at_a_time().await;
    within(async {
        let server = NatsServer::start();
        let live = jetstream(&server, "live", 60).await;
        open_many(&live, "L", 100).await;
        let dead = jetstream(&server, "dead", 1).await;
        for code in ["D1", "D2", "D3"] {
            dead.commit(vec![create(code), step(code, 1, "d")])
                .await
                .unwrap();
        }
        dead.commit(vec![create("DC"), closed("DC", 1000)])
            .await
            .unwrap();
        drop(dead);
        tokio::time::sleep(Duration::from_millis(1300)).await;
        let fresh = jetstream(&server, "fresh", 60).await;
        let taken = codes(fresh.open_rooms().await.unwrap());
        assert_eq!(taken, ["D1", "D2", "D3"]);
        assert_eq!(fresh.directory_reads(), 0, "the directory was read");
        assert!(!fresh.holds("L0") && live.holds("L0"));
        // The dead owner's keys went with its rooms: nothing more to take.
        let again = jetstream(&server, "again", 60).await;
        assert!(again.open_rooms().await.unwrap().is_empty());
    })
    .await;
}

/// An owner gone without a word (its renewals stop, as when killed): once
/// its lease has lapsed another process takes the room, with every step,
/// and goes on; the old owner back under its name finds it taken.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_owners_room_is_taken_over_once_its_lease_lapses() {
    let _one = one::at_a_time().await;
    within(async {
        let server = NatsServer::start();
        let a = jetstream(&server, "a", 1).await;
        a.commit(vec![create("GONE"), seat("GONE", 0, "ann")])
            .await
            .unwrap();
        for n in 1..=3 {
            a.commit(vec![step("GONE", n, "a")]).await.unwrap();
        }
        drop(a);
        let b = jetstream(&server, "b", 1).await;
        assert!(b.open_rooms().await.unwrap().is_empty(), "not lapsed yet");
        tokio::time::sleep(Duration::from_millis(1300)).await;
        let taken = b.open_rooms().await.unwrap();
        assert_eq!(taken.len(), 1);
        assert_eq!(kinds(&taken[0]), ["a", "a", "a"]);
        assert_eq!(taken[0].seats.len(), 1);
        b.commit(vec![step("GONE", 4, "b")]).await.unwrap();
        let a = jetstream(&server, "a", 1).await;
        assert!(a.open_rooms().await.unwrap().is_empty(), "b holds it now");
        assert!(is_conflict(&a.commit(vec![step("GONE", 5, "a")]).await));
        assert_eq!(
            kinds(&b.room("GONE").await.unwrap().unwrap()),
            ["a", "a", "a", "b"]
        );
    })
    .await;
}

/// The rooms of a process that died, and of one that stopped, are found
/// under its name and taken by another at its next round, without reading
/// the directory; a room of the dead one that closed is not taken.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_or_stopped_owners_rooms_are_found_without_the_directory() {
    let _one = one::at_a_time().await;
    within(async {
        let server = NatsServer::start();
        // `w` walks the directory (its turn lasts its lease): the others
        // do not.
        let w = jetstream(&server, "w", 60).await;
        w.take_lapsed().await.unwrap();
        let a = jetstream(&server, "a", 1).await;
        let c = jetstream(&server, "c", 1).await;
        for code in ["A1", "A2", "A3"] {
            a.commit(vec![create(code), seat(code, 0, "ann"), step(code, 1, "a")])
                .await
                .unwrap();
        }
        a.commit(vec![closed("A3", 300)]).await.unwrap();
        c.commit(vec![create("C1"), step("C1", 1, "c")])
            .await
            .unwrap();
        let b = jetstream(&server, "b", 1).await;
        // Nobody has died yet, so nothing is taken.
        assert!(b.take_lapsed().await.unwrap().is_empty());
        // `a` dies (its lease lapses); `c` stops and gives its rooms up.
        drop(a);
        c.release_all().await.unwrap();
        drop(c);
        tokio::time::sleep(Duration::from_millis(1300)).await;
        let mut taken: Vec<String> = b
            .take_lapsed()
            .await
            .unwrap()
            .into_iter()
            .map(|r| r.code)
            .collect();
        taken.sort();
        assert_eq!(taken, ["A1", "A2", "C1"]);
        assert_eq!(b.directory_reads(), 0, "the directory was read");
        assert!(b.holds("A1") && b.holds("A2") && b.holds("C1") && !b.holds("A3"));
        // Nothing is left to look for.
        assert!(b.take_lapsed().await.unwrap().is_empty());
        drop(w);
    })
    .await;
}

/// One process at a time walks the directory, a page a round: rooms that
/// nobody runs and no live process's index lists (their process stopped
/// before the others met it) are taken a page at a time; a parked room
/// and a closed one are left; at its end the walk begins again. Another
/// process meanwhile reads nothing of the directory.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_directory_is_walked_a_page_a_round_by_one_process() {
    let _one = one::at_a_time().await;
    within(async {
        let server = NatsServer::start();
        let x = jetstream(&server, "x", 60).await;
        let codes: Vec<String> = (0..230).map(|i| format!("W{i}")).collect();
        for code in &codes {
            x.commit(vec![create(code), step(code, 1, "x")])
                .await
                .unwrap();
        }
        x.commit(vec![create("PARKED"), parked("PARKED", 4_000_000_000)])
            .await
            .unwrap();
        x.commit(vec![create("CLOSED"), closed("CLOSED", 300)])
            .await
            .unwrap();
        x.release_all().await.unwrap();
        drop(x);
        let a = jetstream(&server, "a", 60).await;
        let b = jetstream(&server, "b", 60).await;
        let mut taken = Vec::new();
        let mut per_round = Vec::new();
        for _ in 0..3 {
            let round = a.take_lapsed().await.unwrap();
            per_round.push((round.len(), a.directory_reads()));
            taken.extend(round.into_iter().map(|r| r.code));
            assert!(b.take_lapsed().await.unwrap().is_empty());
        }
        assert_eq!(per_round, [(100, 100), (100, 200), (30, 232)]);
        taken.sort();
        let mut expected = codes.clone();
        expected.sort();
        assert_eq!(taken, expected);
        assert!(!a.holds("PARKED") && !a.holds("CLOSED"));
        assert_eq!(b.directory_reads(), 0, "a has the turn");
        // Begun again: a page read, nothing more to take.
        assert!(a.take_lapsed().await.unwrap().is_empty());
        assert_eq!(a.directory_reads(), 332);
    })
    .await;
}

/// Of several processes, one purges in a turn: another asking meanwhile
/// purges nothing and reads no directory.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_process_purges_at_a_time() {
    let _one = one::at_a_time().await;
    within(async {
        let server = NatsServer::start();
        let a = jetstream(&server, "a", 15).await;
        let b = jetstream(&server, "b", 15).await;
        for code in ["OLD1", "OLD2"] {
            a.commit(vec![create(code), step(code, 1, "a")])
                .await
                .unwrap();
        }
        a.commit(vec![closed("OLD1", 1000)]).await.unwrap();
        assert_eq!(a.purge(3000).await, Ok(1));
        a.commit(vec![closed("OLD2", 1000)]).await.unwrap();
        let reads = b.directory_reads();
        assert_eq!(b.purge(3000).await, Ok(0), "a's turn");
        assert_eq!(b.directory_reads(), reads);
        assert!(b.room("OLD2").await.unwrap().is_some());
        assert_eq!(a.purge(3000).await, Ok(1), "still a's turn");
        assert_eq!(b.room("OLD2").await.unwrap(), None);
    })
    .await;
}

/// The purge reads the directory entries of the rooms its index files
/// under the hours past, not the whole directory: with a hundred rooms
/// open and one closing later, it reads the three it deletes and, once
/// woken, drops a parked room's key without deleting it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_purge_reads_only_the_rooms_due() {
    let _one = one::at_a_time().await;
    within(async {
        let server = NatsServer::start();
        let a = jetstream(&server, "a", 15).await;
        open_many(&a, "OPEN", 100).await;
        let now = now_secs();
        for (code, at) in [
            ("OLD1", 1000),
            ("OLD2", 2000),
            ("OLD3", now - 4000),
            ("LATER", now + 90_000),
        ] {
            a.commit(vec![create(code), closed(code, at)])
                .await
                .unwrap();
        }
        a.commit(vec![create("NAP"), parked("NAP", now + 100)])
            .await
            .unwrap();
        a.take("NAP").await.unwrap().expect("woken before its time");
        a.commit(vec![Write::Unparked { code: "NAP".into() }])
            .await
            .unwrap();
        // The first purge files what the directory held before the index
        // existed: here, what it holds already.
        assert_eq!(a.purge(0).await, Ok(0));
        let reads = a.directory_reads();
        assert_eq!(a.purge(now + 3700).await, Ok(3));
        assert_eq!(a.directory_reads() - reads, 4, "OLD1-3 and NAP's stale key");
        for code in ["OLD1", "OLD2", "OLD3"] {
            assert_eq!(a.room(code).await.unwrap(), None, "{code}");
        }
        for code in ["LATER", "NAP", "OPEN0", "OPEN99"] {
            assert!(a.room(code).await.unwrap().is_some(), "{code}");
        }
        // Nothing more is due, and nothing is read for it.
        let reads = a.directory_reads();
        assert_eq!(a.purge(now + 3700).await, Ok(0));
        assert_eq!(a.directory_reads(), reads);
    })
    .await;
}

/// A directory written before the purge index existed (here: the index
/// emptied, the mark that it was filled removed) is filed in it by the
/// first purge, once: its closed rooms are purged in time, not kept for
/// ever.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rooms_closed_before_the_purge_index_existed_are_purged_too() {
    let _one = one::at_a_time().await;
    within(async {
        let server = NatsServer::start();
        let a = jetstream(&server, "a", 15).await;
        for (code, at) in [("OLD1", 1000), ("OLD2", 2000), ("LATE", 9000)] {
            a.commit(vec![create(code), closed(code, at)])
                .await
                .unwrap();
        }
        a.commit(vec![create("OPEN"), step("OPEN", 1, "a")])
            .await
            .unwrap();
        let js = async_nats::jetstream::new(async_nats::connect(server.url()).await.unwrap());
        js.get_stream("KV_veil_closing")
            .await
            .unwrap()
            .purge()
            .await
            .unwrap();
        let leases = js.get_key_value("veil_leases").await.unwrap();
        leases.purge("=closing-filed").await.unwrap();
        let reads = a.directory_reads();
        assert_eq!(a.purge(3000).await, Ok(2));
        assert_eq!(
            a.directory_reads() - reads,
            4 + 2,
            "the whole directory once"
        );
        assert_eq!(a.room("OLD1").await.unwrap(), None);
        assert!(a.room("LATE").await.unwrap().is_some());
        // Once only: the next purge reads the one room due.
        let reads = a.directory_reads();
        assert_eq!(a.purge(10_000).await, Ok(1));
        assert_eq!(a.directory_reads() - reads, 1);
        assert!(a.room("OPEN").await.unwrap().is_some());
    })
    .await;
}

/// A room whose directory entry is missing (NATS failed just after its
/// log was written) is still taken by `take` — the log decides — and a
/// room given up with `release` is taken at once, lease or not; a code
/// with no log is not taken (and no lease is left behind for it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_missing_from_the_directory_or_released_is_taken_from_its_log() {
    let _one = one::at_a_time().await;
    within(async {
        let server = NatsServer::start();
        let a = jetstream(&server, "a", 1).await;
        a.commit(vec![create("LOST"), seat("LOST", 0, "ann")])
            .await
            .unwrap();
        a.commit(vec![step("LOST", 1, "a")]).await.unwrap();
        a.commit(vec![create("FREE")]).await.unwrap();
        let js = async_nats::jetstream::new(async_nats::connect(server.url()).await.unwrap());
        let directory = js.get_key_value("veil_rooms").await.unwrap();
        directory.purge("LOST").await.unwrap();
        drop(a);
        tokio::time::sleep(Duration::from_millis(1300)).await;
        let b = jetstream(&server, "b", 1).await;
        let taken = b.take("LOST").await.unwrap().expect("taken from its log");
        assert_eq!(kinds(&taken), ["a"]);
        assert!(b.take("NOSUCH").await.unwrap().is_none());
        let leases = js.get_key_value("veil_leases").await.unwrap();
        assert!(
            leases.get("NOSUCH").await.unwrap().is_none(),
            "no lease left"
        );
        // Released: another takes it at once (the lease was 1 s; no wait).
        let c = jetstream(&server, "c", 60).await;
        assert!(c.take("FREE").await.unwrap().is_some(), "a lapsed lease");
        assert!(b.take("FREE").await.unwrap().is_none(), "c holds it");
        c.release("FREE").await.unwrap();
        assert!(
            b.take("FREE").await.unwrap().is_some(),
            "released: b takes it"
        );
    })
    .await;
}

/// The NATS server killed (SIGKILL) and started again on its directory:
/// every acknowledged commit is there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_nats_server_keeps_every_acknowledged_commit() {
    let _one = one::at_a_time().await;
    within(async {
        let mut server = NatsServer::start();
        let a = jetstream(&server, "a", 15).await;
        a.commit(vec![create("KEPT"), seat("KEPT", 0, "ann")])
            .await
            .unwrap();
        for n in 1..=20 {
            a.commit(vec![step("KEPT", n, "a")]).await.unwrap();
        }
        drop(a);
        server.kill_and_restart();
        let a = jetstream(&server, "a", 15).await;
        let open = a.open_rooms().await.unwrap();
        assert_eq!(open.len(), 1);
        assert_eq!(open[0].steps.len(), 20);
        assert_eq!(open[0].seats.len(), 1);
    })
    .await;
}

/// Holding rooms costs one write per process and renewal, not one per
/// room: over three lease times the rooms' lease bucket is not written at
/// all while the process's own lease is renewed every third of a second;
/// a round of `take_lapsed` while it lives takes nothing; once it is gone,
/// one round takes all its rooms and deletes its lease.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rooms_are_held_by_one_lease_per_process() {
    let _one = one::at_a_time().await;
    within(async {
        let server = NatsServer::start();
        let a = jetstream(&server, "a", 1).await;
        for i in 0..40 {
            a.commit(vec![create(&format!("HOLD{i}"))]).await.unwrap();
        }
        let js = async_nats::jetstream::new(async_nats::connect(server.url()).await.unwrap());
        let last = |name: &'static str| {
            let js = js.clone();
            async move {
                let mut stream = js.get_stream(name).await.unwrap();
                stream.info().await.unwrap().state.last_sequence
            }
        };
        let before = (last("KV_veil_leases").await, last("KV_veil_procs").await);
        tokio::time::sleep(Duration::from_millis(3000)).await;
        let after = (last("KV_veil_leases").await, last("KV_veil_procs").await);
        assert_eq!(after.0, before.0, "no room's lease written");
        assert!(
            after.1 >= before.1 + 6,
            "a's own lease renewed: {before:?} then {after:?}"
        );
        let b = jetstream(&server, "b", 1).await;
        assert!(b.take_lapsed().await.unwrap().is_empty(), "a lives");
        drop(a);
        tokio::time::sleep(Duration::from_millis(1300)).await;
        let taken = b.take_lapsed().await.unwrap();
        assert_eq!(taken.len(), 40);
        assert!((0..40).all(|i| b.holds(&format!("HOLD{i}"))));
        let procs = js.get_key_value("veil_procs").await.unwrap();
        assert!(procs.get("a").await.unwrap().is_none(), "a's lease deleted");
        assert!(procs.get("b").await.unwrap().is_some());
    })
    .await;
}

/// A lease only believed (forged) is dropped at the first renewal, which
/// finds the bucket's lease is another's: the room is then refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forged_lease_is_dropped_at_the_first_renewal() {
    let _one = one::at_a_time().await;
    within(async {
        let server = NatsServer::start();
        let a = jetstream(&server, "a", 1).await;
        a.commit(vec![create("MINE")]).await.unwrap();
        let b = jetstream(&server, "b", 1).await;
        b.room("MINE").await.unwrap().unwrap();
        b.forge_lease("MINE");
        // A renewal every third of a second.
        tokio::time::sleep(Duration::from_millis(800)).await;
        assert!(!b.holds("MINE"));
        assert!(is_conflict(&b.commit(vec![step("MINE", 1, "b")]).await));
        a.commit(vec![step("MINE", 1, "a")]).await.unwrap();
    })
    .await;
}

/// Codes that are not a room's (they would be another subject, or none)
/// are refused with a word, never sent to NATS.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_code_that_is_not_a_rooms_is_refused() {
    let _one = one::at_a_time().await;
    within(async {
        let server = NatsServer::start();
        let a = jetstream(&server, "a", 15).await;
        for code in ["", "A.B", "*", ">", "ROOM 1", "ÄBC", &"X".repeat(33)] {
            let r = a.commit(vec![create(code)]).await;
            assert!(
                matches!(&r, Err(StoreError::Failed(m)) if m.contains("not a room code")),
                "{code:?}: {r:?}"
            );
            assert!(a.room(code).await.is_err(), "{code:?}");
            assert!(a.take(code).await.is_err(), "{code:?}");
        }
        assert!(a.open_rooms().await.unwrap().is_empty());
    })
    .await;
}

/// Commits step `n` of `code` whatever the cluster is going through: a
/// failure may still have been stored (its acknowledgement lost), so, as a
/// room does, read the log back before trying again.
async fn commit_surely(store: &JetStreamStore, code: &str, n: u64) {
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        match store.commit(vec![step(code, n, &format!("s{n}"))]).await {
            Ok(()) => return,
            Err(e) => {
                assert!(std::time::Instant::now() < deadline, "step {n}: {e}");
                tokio::time::sleep(Duration::from_millis(200)).await;
                if let Ok(Some(room)) = store.room(code).await
                    && room.steps.len() as u64 >= n
                {
                    return;
                }
            }
        }
    }
}

/// In a cluster of three (every room on all three), one node killed with
/// SIGKILL in the middle: commits go on; started again, it catches up; no
/// step lost, none twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_nats_node_of_three_loses_nothing() {
    let _one = one::at_a_time().await;
    within(async {
        let mut cluster = NatsCluster::start();
        let mut options = JetStreamOptions::new(&cluster.urls());
        options.owner = "a".into();
        options.replicas = 3;
        // The cluster answers once it has chosen its leader.
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        let a = loop {
            match JetStreamStore::connect(options.clone()).await {
                Ok(store) => break store,
                Err(e) if std::time::Instant::now() < deadline => {
                    eprintln!("not yet: {e}");
                    tokio::time::sleep(Duration::from_millis(250)).await;
                }
                Err(e) => panic!("the cluster never answered: {e}"),
            }
        };
        a.commit(vec![create("NODES")]).await.unwrap();
        for n in 1..=10 {
            commit_surely(&a, "NODES", n).await;
        }
        cluster.nodes[0].kill();
        for n in 11..=30 {
            commit_surely(&a, "NODES", n).await;
        }
        cluster.nodes[0].kill_and_restart();
        for n in 31..=40 {
            commit_surely(&a, "NODES", n).await;
        }
        // The restarted node holds all of it: the creation and 40 steps.
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        loop {
            let held = cluster.nodes[0].stream_messages("VEIL_ROOMS");
            if held == Some(41) {
                break;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the restarted node has {held:?} of 41"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        let room = a.room("NODES").await.unwrap().unwrap();
        let want: Vec<String> = (1..=40).map(|n| format!("s{n}")).collect();
        assert_eq!(kinds(&room), want);
    })
    .await;
}
