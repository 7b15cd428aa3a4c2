//! The JetStream store (`veil-server --nats nats://…`).
//!
//! - **The log.** Room `K7QM2X`'s log is the subject `room.K7QM2X` of the
//!   stream `VEIL_ROOMS` (file storage, replicated as asked). One commit is
//!   one message: the room's writes as a JSON array, so it is all or none.
//!   It is published with `Nats-Expected-Last-Subject-Sequence` set to the
//!   last message of that subject this store saw (0 for a new room), so of
//!   two processes appending on the same log only the first wins; the other
//!   gets [`StoreError::Conflict`], reloads the room and steps back.
//! - **The directory.** Bucket `veil_rooms`, key the room's code: its
//!   opening, settings, seats (token hashes), started, finished, closed, and
//!   the log's sequence it reflects. It is written after the log, never
//!   backwards, and only a room's log is believed when the room is loaded.
//! - **The leases.** One per process, not per room: bucket `veil_procs`,
//!   key the process's name (`--owner`), until when it is alive; the
//!   process renews that one key every third of the lease. Bucket
//!   `veil_leases`, key a room's code: the name of the process that owns it,
//!   written once when a process takes the room (by compare-and-set on its
//!   revision) and deleted when it gives it up. A room is its owner's while
//!   the owner's process lease lives; once that has lapsed (or is gone)
//!   another process may take it. So holding rooms costs one write per
//!   process per renewal, not one per room, and a process looks for rooms
//!   to take only when a process has died or stopped (see
//!   [`Inner::take_lapsed`]). A process commits only rooms it holds — and
//!   should two believe they hold one, the log's expected sequence still
//!   lets only one append.
//! - **The purge index.** Bucket `veil_closing`, key `<hour>.<code>`: a
//!   room closed (or parked) files itself under the hour it closes, right
//!   after its directory entry says so. The purge lists the keys (names
//!   only) and reads the directory entries of the hours past, not the
//!   whole directory: the rooms it deletes, and those woken or closed
//!   again since (whose stale key it drops).
//! - **Snapshots.** A commit with a [`Write::Snapshot`] is a message of the
//!   room's own log like any other, published on the same expected
//!   sequence: it lands with its step or not at all, and of two processes
//!   only the winner's snapshot exists — a snapshot on a subject of its own
//!   would be a second write that a loser could make, or a winner fail to.
//!   Such a message also carries the room as it is once its writes are
//!   applied (all but the steps), so a load can start there; the
//!   directory names the latest one (`snapshot_seq`). That name is only a
//!   hint, checked against the log (the message must be this room's and
//!   hold a snapshot): a directory behind or wrong means a longer replay,
//!   never another room.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use async_nats::jetstream::context::PublishErrorKind;
use async_nats::jetstream::kv::{self, CreateErrorKind, UpdateErrorKind};
use async_nats::jetstream::message::PublishMessage;
use async_nats::jetstream::stream::{self, LastRawMessageErrorKind};
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};

use super::{Replay, Store, StoreError, StoreFuture, StoredRoom, Write, check_snapshot, failed};

const STREAM: &str = "VEIL_ROOMS";
const DIRECTORY: &str = "veil_rooms";
const LEASES: &str = "veil_leases";
const PROCS: &str = "veil_procs";
const OWNED: &str = "veil_owned";
const CLOSING: &str = "veil_closing";

/// The purge index ([`CLOSING`]) files a room under the hour it closes
/// (or counts as closed, parked): key `<hour>.<code>`, hours since 1970.
const HOUR: i64 = 3600;

/// A process checks this many of the rooms it holds at each renewal (all of
/// them after its own lease lapsed), so a room another took from it is
/// dropped even if nothing else tells it.
const VERIFY_BATCH: usize = 64;

/// One process walks the directory, a page a renewal, for rooms nobody
/// runs even though no process died: a net under the index
/// ([`OWNED`]). A page is sized so a walk takes about this many rounds
/// (five minutes with the default lease), within the bounds below: a
/// round's work stays bounded however large the directory grows.
const WALK_ROUNDS: u64 = 30;
const WALK_PAGE_MIN: u64 = 100;
const WALK_PAGE_MAX: u64 = 2000;

/// The keys in `veil_leases` of the turns to purge and to sweep (not
/// rooms' codes: codes are letters and digits).
const PURGE_KEY: &str = "=purge";
/// Set in `veil_leases` once the purge index holds every room closed
/// before it existed (see [`Inner::file_all_closing`]).
const FILED_KEY: &str = "=closing-filed";
const SWEEP_KEY: &str = "=sweep";

/// One process purges in this long, whoever asks: every process asks
/// hourly, and one purge an hour is enough.
const PURGE_TURN: Duration = Duration::from_secs(50 * 60);

/// Room `code`'s key in the purge index, closing at `at` (seconds).
fn closing_key(code: &str, at: i64) -> String {
    format!("{}.{code}", at.div_euclid(HOUR))
}

fn subject(code: &str) -> String {
    format!("room.{code}")
}

/// How to reach JetStream and hold rooms.
#[derive(Clone, Debug)]
pub struct JetStreamOptions {
    /// `nats://127.0.0.1:4222`; several, comma-separated, for a cluster.
    pub url: String,
    /// Copies of the stream and buckets (1 on one NATS server, 3 on a
    /// cluster of three: an acknowledged commit is then on two of them).
    pub replicas: usize,
    /// How long a room stays its owner's without a renewal.
    pub lease: Duration,
    /// This process's name in the leases; unique among the servers.
    /// Letters, digits, `-` and `_` (it is a key of the process bucket).
    pub owner: String,
}

impl JetStreamOptions {
    pub fn new(url: &str) -> Self {
        let mut id = [0u8; 4];
        getrandom::fill(&mut id).expect("the operating system provides entropy");
        JetStreamOptions {
            url: url.to_owned(),
            replicas: 1,
            lease: Duration::from_secs(15),
            owner: format!("{}-{:08x}", std::process::id(), u32::from_le_bytes(id)),
        }
    }
}

/// A NATS connection to `options.url` (one address or several,
/// comma-separated), named after this process and `what` it is for.
pub(crate) async fn nats_client(
    options: &JetStreamOptions,
    what: &str,
) -> Result<async_nats::Client, StoreError> {
    let mut addrs = Vec::new();
    for url in options.url.split(',').map(str::trim) {
        let addr: async_nats::ServerAddr = url
            .parse()
            .map_err(|e| StoreError::Failed(format!("NATS address {url:?}: {e}")))?;
        addrs.push(addr);
    }
    async_nats::ConnectOptions::new()
        .name(format!("veil-server {} {what}", options.owner))
        .connection_timeout(Duration::from_secs(5))
        .connect(addrs)
        .await
        .map_err(|e| StoreError::Failed(format!("NATS at {}: {e}", options.url)))
}

/// What this store knows of a room's log.
#[derive(Clone, Debug)]
struct Log {
    /// The stream sequence of its last message.
    last: u64,
    /// The room as of that message, its steps only counted
    /// ([`Replay::compact`]): what the next commit is checked against.
    room: Replay,
}

/// A log message: a commit's writes; with a snapshot among them, also the
/// room once they are applied, to start a load from.
#[derive(Serialize)]
struct Checkpoint<'a> {
    after: Base,
    writes: &'a [Write],
}

#[derive(Deserialize)]
struct CheckpointRead {
    after: Base,
    writes: Vec<Write>,
}

/// A room without its steps, and how many it has.
#[derive(Clone, Serialize, Deserialize)]
struct Base {
    steps: u64,
    opening: veil_match::Opening,
    settings: serde_json::Value,
    created: i64,
    started: bool,
    seats: Vec<(u8, String, String)>,
    finished: Option<i64>,
    closed: Option<i64>,
    #[serde(default)]
    parked: Option<i64>,
}

impl Base {
    fn of(replay: &Replay) -> Option<Base> {
        let room = replay.room.as_ref()?;
        Some(Base {
            steps: replay.skipped + room.step_count(),
            opening: room.opening.clone(),
            settings: room.settings.clone(),
            created: room.created,
            started: room.started,
            seats: room.seats.clone(),
            finished: replay.finished,
            closed: replay.closed,
            parked: room.parked,
        })
    }

    fn into_replay(self, code: &str) -> Replay {
        Replay {
            room: Some(StoredRoom {
                code: code.to_owned(),
                opening: self.opening,
                settings: self.settings,
                created: self.created,
                started: self.started,
                seats: self.seats,
                snapshot: None,
                steps: Vec::new(),
                parked: self.parked,
            }),
            finished: self.finished,
            closed: self.closed,
            from_start: false,
            skipped: self.steps,
        }
    }
}

/// A message's writes, whichever form it has.
fn writes_of(payload: &[u8]) -> Result<Vec<Write>, serde_json::Error> {
    if payload.first() == Some(&b'[') {
        serde_json::from_slice(payload)
    } else {
        serde_json::from_slice::<CheckpointRead>(payload).map(|c| c.writes)
    }
}

/// A process's lease as stored (bucket `veil_procs`).
#[derive(Serialize, Deserialize)]
struct Lease {
    owner: String,
    /// Milliseconds since 1970, by the owner's clock.
    until_ms: u64,
}

/// Who owns a room (bucket `veil_leases`): valid while that process's
/// [`Lease`] lives.
#[derive(Serialize, Deserialize)]
struct RoomLease {
    owner: String,
}

/// What `take_lapsed` remembers between its rounds.
struct Sweep {
    /// The processes listed last round: one missing now stopped.
    known: HashSet<String>,
    /// The walk: the directory stream's sequence it goes on from, the
    /// entries read since it last began, and how many a round reads.
    cursor: u64,
    walked: u64,
    page: u64,
}

impl Default for Sweep {
    fn default() -> Self {
        Sweep {
            known: HashSet::new(),
            cursor: 1,
            walked: 0,
            page: WALK_PAGE_MIN,
        }
    }
}

/// What a round could not finish, looked at again next round: rooms not
/// taken (a store error) or given up here, and processes whose rooms
/// could not be listed.
#[derive(Default)]
struct Recheck {
    codes: HashSet<String>,
    owners: HashSet<String>,
}

/// A directory entry: the room without its steps, and the last message of
/// its log it reflects.
#[derive(Serialize, Deserialize)]
struct Entry {
    log_seq: u64,
    opening: veil_match::Opening,
    settings: serde_json::Value,
    created: i64,
    started: bool,
    seats: Vec<(u8, String, String)>,
    finished: Option<i64>,
    closed: Option<i64>,
    /// The stream sequence of the log's latest message with a snapshot.
    #[serde(default)]
    snapshot_seq: Option<u64>,
    /// Parked: when it closes if nobody comes. Nobody holds it, and no
    /// process takes it until someone comes for it.
    #[serde(default)]
    parked: Option<i64>,
}

impl Entry {
    /// When the room closed, or counts as closed if nobody comes back.
    fn closed_at(&self) -> Option<i64> {
        self.closed.or(self.parked)
    }
}

/// The keys of a bucket (deleted ones too: their entries say so), from
/// one request for its stream's subjects. Not `kv::Store::keys`: that
/// consumer waits for a message with nothing pending after it, which never
/// comes if a key is written again while it lists (a renewal, every third
/// of a lease), and Debian's nats-server 2.9 does not answer the
/// client's fallback check — a round of `take_lapsed` then hung for good.
async fn key_names(bucket: &kv::Store) -> Result<Vec<String>, StoreError> {
    key_names_under(bucket, "").await
}

/// The keys of a bucket that start with `under` and a dot (all of them if
/// `under` is empty), without that start.
async fn key_names_under(bucket: &kv::Store, under: &str) -> Result<Vec<String>, StoreError> {
    let prefix = match under {
        "" => bucket.prefix.clone(),
        _ => format!("{}{under}.", bucket.prefix),
    };
    let mut subjects = bucket
        .stream
        .info_with_subjects(format!("{prefix}>"))
        .await
        .map_err(failed)?;
    let mut names = Vec::new();
    while let Some(subject) = subjects.next().await {
        let (subject, _) = subject.map_err(failed)?;
        if let Some(name) = subject.strip_prefix(&prefix) {
            names.push(name.to_owned());
        }
    }
    Ok(names)
}

/// Removes `key` from `bucket` leaving nothing behind (a KV delete or
/// purge leaves a marker, which [`key_names`] would list).
async fn forget(bucket: &kv::Store, key: &str) -> Result<(), StoreError> {
    bucket
        .stream
        .purge()
        .filter(format!("{}{key}", bucket.prefix))
        .await
        .map(|_| ())
        .map_err(failed)
}

/// Until when a process lease read from the bucket runs (0: unreadable,
/// so lapsed).
fn until_of(value: &[u8]) -> u64 {
    serde_json::from_slice::<Lease>(value).map_or(0, |l| l.until_ms)
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

struct Inner {
    js: async_nats::jetstream::Context,
    stream: stream::Stream,
    directory: kv::Store,
    leases: kv::Store,
    procs: kv::Store,
    /// Each process's rooms: key `<process>.<code>`, written when it takes
    /// a room and deleted when it gives it up, so the rooms of a process
    /// that died are found without looking through the directory.
    owned: kv::Store,
    closing: kv::Store,
    options: JetStreamOptions,
    logs: Mutex<HashMap<String, Log>>,
    /// The rooms whose lease this process holds, with the lease's revision.
    held: Mutex<HashMap<String, u64>>,
    /// Until when this process's own lease was last written (ms).
    until: AtomicU64,
    /// Other processes' leases as last read: name → until (ms).
    alive: Mutex<HashMap<String, u64>>,
    sweep: Mutex<Sweep>,
    recheck: Mutex<Recheck>,
    /// Where the next renewal's check of held rooms starts.
    verify_at: AtomicU64,
    /// Stopped (`release_all`): the lease is no longer renewed.
    stopped: AtomicBool,
    /// Steps read back by loads (see [`Store::steps_read`]).
    steps_read: AtomicU64,
    /// Directory entries read in bulk: by the walk, the purge's one
    /// filing of a directory older than its index, or the purge's of the
    /// rooms its index lists (tests).
    directory_reads: AtomicU64,
}

/// A store on a NATS server (or cluster) with JetStream.
pub struct JetStreamStore {
    inner: Arc<Inner>,
    renewer: tokio::task::JoinHandle<()>,
}

impl Drop for JetStreamStore {
    fn drop(&mut self) {
        self.renewer.abort();
    }
}

impl JetStreamStore {
    /// Connects, makes the stream and buckets if they are missing, and
    /// starts renewing leases (every third of the lease).
    pub async fn connect(options: JetStreamOptions) -> Result<Self, StoreError> {
        let owner = &options.owner;
        if !(1..=64).contains(&owner.len())
            || !owner
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        {
            return Err(failed(format!(
                "owner name {owner:?}: 1 to 64 letters, digits, - or _"
            )));
        }
        let client = nats_client(&options, "store").await?;
        let js = async_nats::jetstream::new(client);
        // A cluster just started may not have chosen its leader yet, and
        // servers started together race to make the stream: try for 15 s.
        let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
        let (stream, directory, leases, procs, owned, closing) = loop {
            match setup(&js, options.replicas).await {
                Ok(done) => break done,
                Err(e) if tokio::time::Instant::now() < deadline => {
                    eprintln!("JetStream not ready ({e}); trying again");
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
                Err(e) => return Err(e),
            }
        };
        let every = options.lease / 3;
        let inner = Arc::new(Inner {
            js,
            stream,
            directory,
            leases,
            procs,
            owned,
            closing,
            options,
            logs: Mutex::new(HashMap::new()),
            held: Mutex::new(HashMap::new()),
            until: AtomicU64::new(0),
            alive: Mutex::new(HashMap::new()),
            sweep: Mutex::new(Sweep::default()),
            recheck: Mutex::new(Recheck::default()),
            verify_at: AtomicU64::new(0),
            stopped: AtomicBool::new(false),
            steps_read: AtomicU64::new(0),
            directory_reads: AtomicU64::new(0),
        });
        // Alive before it claims anything (the bucket just made may take a
        // moment to answer on a cluster).
        while let Err(e) = inner.renew_own().await {
            if tokio::time::Instant::now() >= deadline {
                return Err(e);
            }
            eprintln!("JetStream not ready ({e}); trying again");
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
        let renewer = tokio::spawn(renew(Arc::downgrade(&inner), every));
        Ok(JetStreamStore { inner, renewer })
    }

    /// This process's name in the leases.
    pub fn owner(&self) -> &str {
        &self.inner.options.owner
    }

    /// Takes room `code`'s lease if it is free or has lapsed; true if this
    /// process holds it now.
    pub async fn claim(&self, code: &str) -> Result<bool, StoreError> {
        check_code(code)?;
        self.inner.claim(code).await
    }

    /// How many directory entries this store read in bulk (tests: a dead
    /// process's rooms are found without reading the directory, and the
    /// walk reads a page a round).
    #[doc(hidden)]
    pub fn directory_reads(&self) -> u64 {
        self.inner.directory_reads.load(Ordering::Relaxed)
    }

    /// Whether this process holds room `code`'s lease, as far as it knows.
    pub fn holds(&self, code: &str) -> bool {
        lock(&self.inner.held).contains_key(code)
    }

    /// Makes this store believe it holds room `code` without asking the
    /// bucket (tests: two processes sure they own one room).
    #[doc(hidden)]
    pub fn forge_lease(&self, code: &str) {
        lock(&self.inner.held).insert(code.to_owned(), 0);
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// The stream and the buckets, made if missing.
async fn setup(
    js: &async_nats::jetstream::Context,
    replicas: usize,
) -> Result<
    (
        stream::Stream,
        kv::Store,
        kv::Store,
        kv::Store,
        kv::Store,
        kv::Store,
    ),
    StoreError,
> {
    let stream = js
        .get_or_create_stream(stream::Config {
            name: STREAM.into(),
            subjects: vec!["room.*".into()],
            storage: stream::StorageType::File,
            num_replicas: replicas,
            ..Default::default()
        })
        .await
        .map_err(|e| StoreError::Failed(format!("stream {STREAM}: {e}")))?;
    let directory = bucket(js, DIRECTORY, replicas).await?;
    let leases = bucket(js, LEASES, replicas).await?;
    let procs = bucket(js, PROCS, replicas).await?;
    let owned = bucket(js, OWNED, replicas).await?;
    let closing = bucket(js, CLOSING, replicas).await?;
    Ok((stream, directory, leases, procs, owned, closing))
}

async fn bucket(
    js: &async_nats::jetstream::Context,
    name: &str,
    replicas: usize,
) -> Result<kv::Store, StoreError> {
    // The bucket's stream made as `create_key_value` would: that call first
    // reads the account's info, which async-nats 0.51 cannot parse from
    // Debian's nats-server 2.9.
    js.get_or_create_stream(stream::Config {
        name: format!("KV_{name}"),
        subjects: vec![format!("$KV.{name}.>")],
        max_messages_per_subject: 1,
        storage: stream::StorageType::File,
        num_replicas: replicas,
        allow_rollup: true,
        deny_delete: true,
        allow_direct: true,
        discard: stream::DiscardPolicy::New,
        ..Default::default()
    })
    .await
    .map_err(|e| StoreError::Failed(format!("bucket {name}: {e}")))?;
    js.get_key_value(name)
        .await
        .map_err(|e| StoreError::Failed(format!("bucket {name}: {e}")))
}

/// Renews this process's lease every `every`, and checks some of the
/// rooms it holds (all of them if its lease had lapsed meanwhile: others
/// may have taken them); a room another took is forgotten, so its next
/// commit is refused.
async fn renew(inner: Weak<Inner>, every: Duration) {
    let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
    loop {
        tick.tick().await;
        let Some(inner) = inner.upgrade() else { return };
        if inner.stopped.load(Ordering::Relaxed) {
            return;
        }
        let lapsed = now_ms() > inner.until.load(Ordering::Relaxed);
        // NATS unreachable: the lease may lapse; the log's fence still
        // stops a second writer.
        if let Err(e) = inner.renew_own().await {
            eprintln!("lease of {} not renewed: {e}", inner.options.owner);
            continue;
        }
        if lapsed {
            eprintln!(
                "the lease of {} had lapsed: checking every room it holds",
                inner.options.owner
            );
        }
        inner.verify(lapsed).await;
    }
}

impl Inner {
    /// This room's lease: this process's name.
    fn lease_value(&self) -> bytes::Bytes {
        let lease = RoomLease {
            owner: self.options.owner.clone(),
        };
        serde_json::to_vec(&lease)
            .expect("a lease serialises")
            .into()
    }

    /// Writes this process's own lease, until a lease from now.
    async fn renew_own(&self) -> Result<(), StoreError> {
        let until_ms = now_ms() + self.options.lease.as_millis() as u64;
        let lease = Lease {
            owner: self.options.owner.clone(),
            until_ms,
        };
        let value = serde_json::to_vec(&lease).expect("a lease serialises");
        self.procs
            .put(&self.options.owner, value.into())
            .await
            .map_err(failed)?;
        self.until.store(until_ms, Ordering::Relaxed);
        Ok(())
    }

    /// Whether process `owner`'s lease lives: from what was last read of
    /// it while that promised it did, else read now.
    async fn alive(&self, owner: &str) -> Result<bool, StoreError> {
        let now = now_ms();
        if lock(&self.alive)
            .get(owner)
            .is_some_and(|until| *until > now)
        {
            return Ok(true);
        }
        let until = match self.procs.get(owner).await.map_err(failed)? {
            Some(value) => until_of(&value),
            None => 0,
        };
        lock(&self.alive).insert(owner.to_owned(), until);
        Ok(until > now)
    }

    /// Checks that rooms held here are still this process's in the bucket:
    /// the next [`VERIFY_BATCH`] of them in turn, or all.
    async fn verify(&self, all: bool) {
        let mut codes: Vec<String> = lock(&self.held).keys().cloned().collect();
        if codes.is_empty() {
            return;
        }
        codes.sort();
        if !all && codes.len() > VERIFY_BATCH {
            let at = self
                .verify_at
                .fetch_add(VERIFY_BATCH as u64, Ordering::Relaxed) as usize;
            let n = codes.len();
            codes.rotate_left(at % n);
            codes.truncate(VERIFY_BATCH);
        }
        for code in codes {
            let mine = match self.leases.entry(&code).await {
                Ok(Some(e)) if e.operation == kv::Operation::Put => {
                    serde_json::from_slice::<RoomLease>(&e.value)
                        .is_ok_and(|l| l.owner == self.options.owner)
                }
                Ok(_) => false,
                // Not known now: kept; the log fences it anyway.
                Err(_) => true,
            };
            if !mine && lock(&self.held).remove(&code).is_some() {
                eprintln!("room {code}: its lease was taken by another server");
            }
        }
    }

    async fn claim(&self, code: &str) -> Result<bool, StoreError> {
        if lock(&self.held).contains_key(code) {
            return Ok(true);
        }
        let entry = self.leases.entry(code).await.map_err(failed)?;
        let taken = match entry {
            Some(e) if e.operation == kv::Operation::Put => {
                let lease: RoomLease = serde_json::from_slice(&e.value).map_err(failed)?;
                if lease.owner != self.options.owner && self.alive(&lease.owner).await? {
                    return Ok(false);
                }
                self.leases
                    .update(code, self.lease_value(), e.revision)
                    .await
            }
            // Never leased, or released: the first to create it has it.
            _ => self
                .leases
                .create(code, self.lease_value())
                .await
                .map_err(|e| match e.kind() {
                    CreateErrorKind::AlreadyExists => {
                        kv::UpdateError::new(UpdateErrorKind::WrongLastRevision)
                    }
                    _ => kv::UpdateError::with_source(UpdateErrorKind::Other, e),
                }),
        };
        match taken {
            Ok(revision) => {
                lock(&self.held).insert(code.to_owned(), revision);
                // Not written (NATS busy): the room is found by the
                // directory sweep instead, should this process die.
                if let Err(e) = self.owned.put(self.owned_key(code), "".into()).await {
                    eprintln!("room {code}: not in {OWNED} ({e})");
                }
                Ok(true)
            }
            // Another process was quicker.
            Err(e) if e.kind() == UpdateErrorKind::WrongLastRevision => Ok(false),
            Err(e) => Err(failed(e)),
        }
    }

    /// Whether room `code`'s lease names process `owner` (false if it
    /// cannot be read).
    async fn leased_to(&self, code: &str, owner: &str) -> bool {
        match self.leases.entry(code).await {
            Ok(Some(e)) if e.operation == kv::Operation::Put => {
                serde_json::from_slice::<RoomLease>(&e.value).is_ok_and(|l| l.owner == owner)
            }
            _ => false,
        }
    }

    /// This process's key of room `code` in [`OWNED`].
    fn owned_key(&self, code: &str) -> String {
        format!("{}.{code}", self.options.owner)
    }

    /// Gives the lease up (the room closed); true if it was this
    /// process's and is deleted. So is its key in [`OWNED`].
    async fn release(&self, code: &str) -> bool {
        let released = self.release_lease(code).await;
        if released {
            let _ = forget(&self.owned, &self.owned_key(code)).await;
        }
        released
    }

    /// Gives the lease up, keeping the room in [`OWNED`] under this
    /// process: a process stopping, so the others find its rooms there.
    async fn release_lease(&self, code: &str) -> bool {
        let held = lock(&self.held).remove(code);
        match held {
            Some(revision) => self
                .leases
                .delete_expect_revision(code, Some(revision))
                .await
                .is_ok(),
            None => false,
        }
    }

    /// Reads room `code`'s log; `None` if it has none. From the message
    /// `snapshot_seq` (the directory's hint) if it is this room's latest
    /// snapshot and reads back, else from the start; `from_start`: from the
    /// start, snapshots passed over.
    async fn load(
        &self,
        code: &str,
        snapshot_seq: Option<u64>,
        from_start: bool,
    ) -> Result<Option<Replay>, StoreError> {
        let subject = subject(code);
        let last = match self.stream.get_last_raw_message_by_subject(&subject).await {
            Ok(m) => m.sequence,
            Err(e) if e.kind() == LastRawMessageErrorKind::NoMessageFound => return Ok(None),
            Err(e) => return Err(failed(format!("room {code}'s log: {e}"))),
        };
        let mut loaded = None;
        if let Some(at) = snapshot_seq.filter(|at| !from_start && *at <= last) {
            match self.read_from_snapshot(code, at, last).await {
                Ok(replay) => loaded = Some(replay),
                Err(e) => eprintln!(
                    "room {code}: its snapshot at {at} is not used ({e}); reading from the start"
                ),
            }
        }
        let mut replay = match loaded {
            Some(replay) => replay,
            None => {
                let start = Replay {
                    from_start,
                    ..Replay::default()
                };
                self.read(code, start, 0, last).await?
            }
        };
        let bad = replay.room.as_ref().is_some_and(|room| {
            room.snapshot
                .as_ref()
                .is_some_and(|s| !check_snapshot(code, &room.opening, s))
        });
        if bad {
            let start = Replay {
                from_start: true,
                ..Replay::default()
            };
            replay = self.read(code, start, 0, last).await?;
        }
        let mut known = replay.clone();
        known.compact();
        // Never backwards: a commit of this process may have landed while
        // this was reading.
        let mut logs = lock(&self.logs);
        let log = logs.entry(code.to_owned()).or_insert(Log {
            last,
            room: known.clone(),
        });
        if log.last < last {
            *log = Log { last, room: known };
        }
        drop(logs);
        Ok(Some(replay))
    }

    /// The room as of message `at` of its log, which holds a snapshot, then
    /// the messages after it up to `last`.
    async fn read_from_snapshot(
        &self,
        code: &str,
        at: u64,
        last: u64,
    ) -> Result<Replay, StoreError> {
        let m = self.stream.get_raw_message(at).await.map_err(failed)?;
        if m.subject.as_str() != subject(code) {
            return Err(failed("not a message of this room's log"));
        }
        let c: CheckpointRead = serde_json::from_slice(&m.payload).map_err(failed)?;
        let Some(i) = c
            .writes
            .iter()
            .rposition(|w| matches!(w, Write::Snapshot { .. }))
        else {
            return Err(failed("no snapshot in it"));
        };
        let Write::Snapshot { snapshot, .. } = &c.writes[i] else {
            return Err(failed("no snapshot in it"));
        };
        let all = c.after.steps;
        let mut replay = c.after.into_replay(code);
        // The room as the message left it, its steps those of the snapshot
        // and any of this commit after it.
        replay.skipped = snapshot.n;
        replay.apply(&c.writes[i])?;
        let mut read = 0;
        for w in &c.writes[i + 1..] {
            if matches!(w, Write::Step { .. }) {
                replay.apply(w)?;
                read += 1;
            }
        }
        self.steps_read.fetch_add(read, Ordering::Relaxed);
        if replay.room.as_ref().map(|r| r.step_count()) != Some(all) {
            return Err(failed("its steps do not add up"));
        }
        self.read(code, replay, at, last).await
    }

    /// Applies the messages of room `code`'s log after `after` up to
    /// `last` to `replay`.
    async fn read(
        &self,
        code: &str,
        mut replay: Replay,
        after: u64,
        last: u64,
    ) -> Result<Replay, StoreError> {
        let subject = subject(code);
        let mut seq = after;
        while seq < last {
            let m = self
                .stream
                .raw_message_builder()
                .sequence(seq + 1)
                .next_by_subject(subject.clone())
                .send()
                .await
                .map_err(|e| failed(format!("room {code}'s log after {seq}: {e}")))?;
            seq = m.sequence;
            let writes = writes_of(&m.payload)
                .map_err(|e| failed(format!("room {code}'s log at {seq}: {e}")))?;
            for w in &writes {
                replay
                    .apply(w)
                    .map_err(|e| failed(format!("room {code}'s log at {seq}: {e}")))?;
                if matches!(w, Write::Step { .. }) {
                    self.steps_read.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        Ok(replay)
    }

    async fn commit(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        let Some(code) = writes.first().map(|w| w.code().to_owned()) else {
            return Ok(());
        };
        check_code(&code)?;
        if writes.iter().any(|w| w.code() != code) {
            return Err(failed("one commit is one room's writes"));
        }
        let creating = matches!(writes[0], Write::Room { .. });
        if creating && !self.claim(&code).await? {
            return Err(StoreError::Conflict(format!(
                "room {code} is held by another server"
            )));
        }
        if !lock(&self.held).contains_key(&code) {
            return Err(StoreError::Conflict(format!(
                "room {code} is not held by this server"
            )));
        }
        let known = lock(&self.logs).get(&code).cloned();
        let mut log = match (known, creating) {
            (None, true) => Log {
                last: 0,
                room: Replay::default(),
            },
            (Some(_), true) => return Err(StoreError::Conflict(format!("room {code} exists"))),
            (Some(log), false) => log,
            (None, false) => {
                return Err(StoreError::Conflict(format!(
                    "room {code} was not loaded by this server"
                )));
            }
        };
        // Checked as a replay will check them: a step out of turn means the
        // room's state is not the log's.
        for w in &writes {
            log.room.apply(w)?;
        }
        let snapshot = writes.iter().any(|w| matches!(w, Write::Snapshot { .. }));
        let payload = match Base::of(&log.room).filter(|_| snapshot) {
            Some(after) => serde_json::to_vec(&Checkpoint {
                after,
                writes: &writes,
            }),
            None => serde_json::to_vec(&writes),
        }
        .map_err(failed)?;
        let publish = PublishMessage::build()
            .payload(payload.into())
            .expected_last_subject_sequence(log.last);
        let ack = async { self.js.send_publish(subject(&code), publish).await?.await }.await;
        let ack = match ack {
            Ok(ack) => ack,
            Err(e) => {
                if creating {
                    // Not created: the lease just taken is not kept.
                    self.release(&code).await;
                }
                return Err(if e.kind() == PublishErrorKind::WrongLastSequence {
                    StoreError::Conflict(format!("room {code}: another server appended to its log"))
                } else {
                    failed(format!("room {code}: {e}"))
                });
            }
        };
        log.last = ack.sequence;
        log.room.compact();
        lock(&self.logs).insert(code.clone(), log);
        // The directory follows the log; a failure here loses nothing (the
        // log is what a room is loaded from), so it is only reported.
        if writes.iter().any(|w| !matches!(w, Write::Step { .. }))
            && let Err(e) = self.index(&code, &writes, ack.sequence).await
        {
            eprintln!("room {code}: directory not updated: {e}");
        }
        // Closed or parked: nobody runs it here now, nor holds it.
        if writes
            .iter()
            .any(|w| matches!(w, Write::Closed { .. } | Write::Parked { .. }))
        {
            lock(&self.logs).remove(&code);
            self.release(&code).await;
        }
        Ok(())
    }

    /// Writes the directory entry of a room from its log's new message,
    /// by compare-and-set, never over a newer one.
    async fn index(&self, code: &str, writes: &[Write], seq: u64) -> Result<(), StoreError> {
        let mut tries = 0;
        loop {
            match self.index_once(code, writes, seq).await {
                // A NATS node going or coming back: a moment later it answers.
                Err(e) if tries < 3 => {
                    eprintln!("room {code}: directory not updated yet ({e}); trying again");
                    tries += 1;
                    tokio::time::sleep(Duration::from_millis(300)).await;
                }
                done => return done,
            }
        }
    }

    async fn index_once(&self, code: &str, writes: &[Write], seq: u64) -> Result<(), StoreError> {
        for _ in 0..5 {
            let current = self.directory.entry(code).await.map_err(failed)?;
            let (entry, revision) = match current {
                Some(e) if e.operation == kv::Operation::Put => {
                    let entry: Entry = serde_json::from_slice(&e.value).map_err(failed)?;
                    if entry.log_seq >= seq {
                        return Ok(());
                    }
                    (Some(entry), Some(e.revision))
                }
                _ => (None, None),
            };
            let rebuilt =
                if entry.is_none() && !writes.iter().any(|w| matches!(w, Write::Room { .. })) {
                    // Its entry was never written (NATS failed then): made
                    // from the whole log, which holds these writes already.
                    self.load(code, None, false).await?
                } else {
                    None
                };
            let from_log = rebuilt.is_some();
            let mut replay = rebuilt.unwrap_or(Replay {
                room: entry.as_ref().map(|e| StoredRoom {
                    code: code.to_owned(),
                    opening: e.opening.clone(),
                    settings: e.settings.clone(),
                    created: e.created,
                    started: e.started,
                    seats: e.seats.clone(),
                    snapshot: None,
                    steps: Vec::new(),
                    parked: e.parked,
                }),
                finished: entry.as_ref().and_then(|e| e.finished),
                closed: entry.as_ref().and_then(|e| e.closed),
                ..Replay::default()
            });
            for w in writes {
                if !from_log && !matches!(w, Write::Step { .. } | Write::Snapshot { .. }) {
                    replay.apply(w)?;
                }
            }
            let snapshot_seq = if writes.iter().any(|w| matches!(w, Write::Snapshot { .. })) {
                Some(seq)
            } else {
                entry.as_ref().and_then(|e| e.snapshot_seq)
            };
            let Some(room) = replay.room else {
                return Err(failed(format!("room {code} has no directory entry")));
            };
            let closes = replay.closed.or(room.parked);
            let value: Vec<u8> = serde_json::to_vec(&Entry {
                log_seq: seq,
                opening: room.opening,
                settings: room.settings,
                created: room.created,
                started: room.started,
                seats: room.seats,
                finished: replay.finished,
                closed: replay.closed,
                snapshot_seq,
                parked: room.parked,
            })
            .map_err(failed)?;
            let done = match revision {
                Some(r) => self.directory.update(code, value.into(), r).await,
                None => self
                    .directory
                    .create(code, value.into())
                    .await
                    .map_err(|e| kv::UpdateError::with_source(UpdateErrorKind::Other, e)),
            };
            match done {
                Ok(_) => {
                    if let Some(at) = closes {
                        self.file_closing(code, at).await;
                    }
                    return Ok(());
                }
                // Changed (or created) meanwhile: read it again.
                Err(e) if e.kind() == UpdateErrorKind::WrongLastRevision || revision.is_none() => {
                    continue;
                }
                Err(e) => return Err(failed(e)),
            }
        }
        Err(failed(format!("room {code}: directory kept changing")))
    }

    /// Files room `code` in the purge index under the hour it closes,
    /// trying a few times (a NATS node going or coming back). Its
    /// directory entry says so already, and the commit stands: should this
    /// fail for good, the room is not purged until it closes again, as
    /// with a directory entry that failed to say so.
    async fn file_closing(&self, code: &str, at: i64) {
        let key = closing_key(code, at);
        for tries in 0..4 {
            match self.closing.put(&key, "".into()).await {
                Ok(_) => return,
                Err(e) if tries < 3 => {
                    eprintln!("room {code}: not filed for the purge yet ({e}); trying again");
                    tokio::time::sleep(Duration::from_millis(300)).await;
                }
                Err(e) => eprintln!("room {code}: not filed for the purge ({e})"),
            }
        }
    }

    /// Files every closed or parked room of the directory in the purge
    /// index, once: a directory written before the index existed would
    /// otherwise never be purged. The purge's first turn does it (one read
    /// of the whole directory, ever), then marks it done.
    async fn file_all_closing(&self) -> Result<(), StoreError> {
        for (code, entry) in self.directory_entries().await? {
            if let Some(at) = entry.closed_at() {
                self.closing
                    .put(closing_key(&code, at), "".into())
                    .await
                    .map_err(failed)?;
            }
        }
        self.leases
            .put(FILED_KEY, "".into())
            .await
            .map(|_| ())
            .map_err(failed)
    }

    async fn directory_entries(&self) -> Result<Vec<(String, Entry)>, StoreError> {
        let codes = key_names(&self.directory).await?;
        self.directory_reads
            .fetch_add(codes.len() as u64, Ordering::Relaxed);
        let mut entries = Vec::new();
        for code in codes {
            if let Some(entry) = self.directory_entry(&code).await? {
                entries.push((code, entry));
            }
        }
        Ok(entries)
    }

    /// Room `code`'s directory entry, if it has one.
    async fn directory_entry(&self, code: &str) -> Result<Option<Entry>, StoreError> {
        match self.directory.get(code).await.map_err(failed)? {
            Some(value) => serde_json::from_slice(&value)
                .map(Some)
                .map_err(|e| failed(format!("directory entry {code}: {e}"))),
            None => Ok(None),
        }
    }

    /// The rooms a process starting takes: from the index of each
    /// process's rooms (`veil_owned`, key names only, one request), its
    /// own from a life before under its name and those of processes no
    /// longer alive — not from a read of the whole directory. A room in no
    /// index (its owner's index write failed) is left to the walk, or to
    /// the first client that comes for it.
    async fn open_rooms(&self) -> Result<Vec<StoredRoom>, StoreError> {
        let mut owners: std::collections::BTreeMap<String, Vec<String>> = Default::default();
        for key in key_names(&self.owned).await? {
            if let Some((owner, code)) = key.split_once('.') {
                owners
                    .entry(owner.to_owned())
                    .or_default()
                    .push(code.to_owned());
            }
        }
        let mut rooms = Vec::new();
        for (owner, codes) in owners {
            let mine = owner == self.options.owner;
            if !mine && self.alive(&owner).await? {
                continue;
            }
            for code in codes {
                let held = lock(&self.held).contains_key(&code);
                let room = if held {
                    self.held_room(&code).await?
                } else {
                    self.take_room(&code, false).await?
                };
                match room {
                    Some(room) if mine => {
                        rooms.push(room);
                        continue;
                    }
                    Some(room) => rooms.push(room),
                    // Closed, parked or another's now: the key is stale —
                    // unless the room is still the dead owner's (it came
                    // back meanwhile).
                    None if !mine && self.leased_to(&code, &owner).await => continue,
                    None => {}
                }
                let _ = forget(&self.owned, &format!("{owner}.{code}")).await;
            }
        }
        Ok(rooms)
    }

    /// Room `code`, held here already, as its log has it if it is open.
    async fn held_room(&self, code: &str) -> Result<Option<StoredRoom>, StoreError> {
        let Some(entry) = self.directory_entry(code).await? else {
            return Ok(None);
        };
        if entry.closed.is_some() || entry.parked.is_some() {
            return Ok(None);
        }
        Ok(match self.load(code, entry.snapshot_seq, false).await? {
            Some(Replay {
                room: Some(room),
                closed: None,
                ..
            }) => Some(room),
            _ => None,
        })
    }

    /// Takes room `code` if it is open and its lease free or lapsed, and
    /// not held here already.
    async fn take(&self, code: &str) -> Result<Option<StoredRoom>, StoreError> {
        self.take_room(code, true).await
    }

    /// [`Inner::take`], a parked room too if `wake` (someone came for
    /// it), else not (a round of `take_lapsed` leaves it parked).
    async fn take_room(&self, code: &str, wake: bool) -> Result<Option<StoredRoom>, StoreError> {
        if lock(&self.held).contains_key(code) {
            return Ok(None);
        }
        let entry = self.directory_entry(code).await?;
        self.take_entry(code, entry, wake).await
    }

    /// [`Inner::take_room`] with the room's directory entry already read
    /// (`None`: it has none).
    async fn take_entry(
        &self,
        code: &str,
        entry: Option<Entry>,
        wake: bool,
    ) -> Result<Option<StoredRoom>, StoreError> {
        if lock(&self.held).contains_key(code) {
            return Ok(None);
        }
        let mut snapshot_seq = None;
        match entry {
            Some(entry) => {
                if entry.closed_at().is_some_and(|at| at <= crate::now_secs())
                    || entry.closed.is_some()
                    || (entry.parked.is_some() && !wake)
                {
                    return Ok(None);
                }
                snapshot_seq = entry.snapshot_seq;
            }
            // Not in the directory: its entry may have failed to be
            // written (the directory follows the log); the log decides.
            None => match self
                .stream
                .get_last_raw_message_by_subject(&subject(code))
                .await
            {
                Ok(_) => {}
                Err(e) if e.kind() == LastRawMessageErrorKind::NoMessageFound => return Ok(None),
                Err(e) => return Err(failed(format!("room {code}'s log: {e}"))),
            },
        }
        if !self.claim(code).await? {
            return Ok(None);
        }
        match self.load(code, snapshot_seq, false).await {
            Ok(Some(Replay {
                room: Some(room),
                closed: None,
                ..
            })) => Ok(Some(room)),
            Ok(_) => {
                self.release(code).await;
                Ok(None)
            }
            // Not loaded (NATS busy): not kept either, or it would be
            // renewed here with nobody running it.
            Err(e) => {
                self.release(code).await;
                Err(e)
            }
        }
    }

    /// Rooms whose owner died or stopped, taken. The processes' leases are
    /// read (a handful of keys). A process whose lease lapsed, or that was
    /// listed last round and is gone (it stopped and gave its leases up),
    /// has its rooms looked up under its name in [`OWNED`] and taken; then
    /// a dead process's lease is deleted, so the others stop looking, and
    /// its keys in [`OWNED`] too. What a round could not finish is looked
    /// at again the next. And one process at a time walks the directory, a
    /// page a round ([`Inner::walk`]): a net for a room missing from
    /// [`OWNED`].
    async fn take_lapsed(&self) -> Result<Vec<StoredRoom>, StoreError> {
        let mut listed = Vec::new();
        for name in key_names(&self.procs).await? {
            if let Some(e) = self.procs.entry(&name).await.map_err(failed)?
                && e.operation == kv::Operation::Put
            {
                listed.push((name, until_of(&e.value), e.revision));
            }
        }
        let now = now_ms();
        {
            // A process gone from the bucket (stopped) is not alive, whatever
            // it promised when last read.
            let mut alive = lock(&self.alive);
            alive.retain(|name, _| listed.iter().any(|(n, _, _)| n == name));
            for (name, until, _) in &listed {
                alive.insert(name.clone(), *until);
            }
        }
        let dead: Vec<(String, u64)> = listed
            .iter()
            .filter(|(name, until, _)| *until <= now && *name != self.options.owner)
            .map(|(name, _, revision)| (name.clone(), *revision))
            .collect();
        let gone: Vec<String> = {
            let mut sweep = lock(&self.sweep);
            let names: HashSet<String> = listed.into_iter().map(|(name, _, _)| name).collect();
            let gone = sweep
                .known
                .iter()
                .filter(|k| !names.contains(*k) && **k != self.options.owner)
                .cloned()
                .collect();
            sweep.known = names;
            gone
        };
        let again = std::mem::take(&mut *lock(&self.recheck));
        let mut rooms = Vec::new();
        let mut taken = HashSet::new();
        // The rooms of the dead and the stopped, by their names.
        let mut owners: Vec<String> = dead.iter().map(|(name, _)| name.clone()).collect();
        owners.extend(gone);
        owners.extend(again.owners);
        owners.sort();
        owners.dedup();
        for owner in owners {
            let codes = match key_names_under(&self.owned, &owner).await {
                Ok(codes) => codes,
                Err(e) => {
                    eprintln!("the rooms of {owner}: not listed ({e})");
                    lock(&self.recheck).owners.insert(owner);
                    continue;
                }
            };
            for code in codes {
                match self.take_room(&code, false).await {
                    Ok(Some(room)) => {
                        taken.insert(code.clone());
                        rooms.push(room);
                    }
                    // Closed, parked, or someone else's now — or still
                    // `owner`'s, back under its name: then it stays listed.
                    Ok(None) => {
                        if self.leased_to(&code, &owner).await {
                            continue;
                        }
                    }
                    Err(e) => {
                        eprintln!("room {code}: not taken ({e})");
                        lock(&self.recheck).codes.insert(code);
                        continue;
                    }
                }
                let _ = forget(&self.owned, &format!("{owner}.{code}")).await;
            }
        }
        // Rooms given up here, or not taken last round.
        for code in again.codes {
            if taken.contains(&code) {
                continue;
            }
            match self.take_room(&code, false).await {
                Ok(Some(room)) => {
                    taken.insert(code);
                    rooms.push(room);
                }
                Ok(None) => {}
                Err(e) => {
                    eprintln!("room {code}: not taken ({e})");
                    lock(&self.recheck).codes.insert(code);
                }
            }
        }
        // The walker keeps its turn by asking each round; another takes it
        // a few rounds after the walker stopped asking.
        let every = self.options.lease / 3;
        if self.turn(SWEEP_KEY, every * 3).await.unwrap_or(false) {
            rooms.extend(self.walk(&mut taken).await);
        }
        for (name, revision) in dead {
            // Only that revision: a process back under its name keeps it.
            let _ = self
                .procs
                .delete_expect_revision(&name, Some(revision))
                .await;
        }
        Ok(rooms)
    }

    /// One page of the walk through the directory: its entries in the
    /// stream's order from where the last page ended, each open room
    /// nobody runs taken. At the end it begins again, its page sized from
    /// the walk just done. A page a round keeps the work of a round
    /// bounded, however many rooms the directory holds.
    async fn walk(&self, taken: &mut HashSet<String>) -> Vec<StoredRoom> {
        let (mut cursor, mut walked, page) = {
            let s = lock(&self.sweep);
            (s.cursor, s.walked, s.page)
        };
        let filter = format!("{}>", self.directory.prefix);
        let mut rooms = Vec::new();
        let mut ended = false;
        for _ in 0..page {
            let message = match self
                .directory
                .stream
                .raw_message_builder()
                .sequence(cursor)
                .next_by_subject(filter.clone())
                .send()
                .await
            {
                Ok(message) => message,
                Err(e) if e.kind() == LastRawMessageErrorKind::NoMessageFound => {
                    ended = true;
                    break;
                }
                // Gone on from here next round.
                Err(e) => {
                    eprintln!("the directory's walk: {e}");
                    break;
                }
            };
            cursor = message.sequence + 1;
            walked += 1;
            self.directory_reads.fetch_add(1, Ordering::Relaxed);
            let Some(code) = message
                .subject
                .as_str()
                .strip_prefix(&self.directory.prefix)
            else {
                continue;
            };
            // A delete or purge marker: no room.
            if message.headers.get("KV-Operation").is_some() || taken.contains(code) {
                continue;
            }
            let Ok(entry) = serde_json::from_slice::<Entry>(&message.payload) else {
                eprintln!("directory entry {code}: unreadable");
                continue;
            };
            // The entry just read is the room's latest (a key keeps one
            // revision): not read again. A parked or closed room is left.
            match self.take_entry(code, Some(entry), false).await {
                Ok(Some(room)) => {
                    taken.insert(code.to_owned());
                    rooms.push(room);
                }
                Ok(None) => {}
                Err(e) => {
                    eprintln!("room {code}: not taken ({e})");
                    lock(&self.recheck).codes.insert(code.to_owned());
                }
            }
        }
        let mut s = lock(&self.sweep);
        if ended {
            s.page = (walked / WALK_ROUNDS).clamp(WALK_PAGE_MIN, WALK_PAGE_MAX);
            s.cursor = 1;
            s.walked = 0;
        } else {
            s.cursor = cursor;
            s.walked = walked;
        }
        rooms
    }

    /// Whether it is this process's turn at `key` now: the turn is free,
    /// lapsed, or its own; then taken (by compare-and-set) for `length`.
    async fn turn(&self, key: &str, length: Duration) -> Result<bool, StoreError> {
        let now = now_ms();
        let turn = Lease {
            owner: self.options.owner.clone(),
            until_ms: now + length.as_millis() as u64,
        };
        let value: bytes::Bytes = serde_json::to_vec(&turn).map_err(failed)?.into();
        let taken = match self.leases.entry(key).await.map_err(failed)? {
            Some(e) if e.operation == kv::Operation::Put => {
                let held = serde_json::from_slice::<Lease>(&e.value).ok();
                if held.is_some_and(|l| l.until_ms > now && l.owner != self.options.owner) {
                    return Ok(false);
                }
                self.leases
                    .update(key, value, e.revision)
                    .await
                    .map(|_| ())
                    .map_err(|e| e.kind() == UpdateErrorKind::WrongLastRevision)
            }
            _ => self
                .leases
                .create(key, value)
                .await
                .map(|_| ())
                .map_err(|e| e.kind() == CreateErrorKind::AlreadyExists),
        };
        match taken {
            Ok(()) => Ok(true),
            // Another process took the turn first.
            Err(true) => Ok(false),
            Err(false) => Err(failed(format!("the turn {key} could not be taken"))),
        }
    }

    /// Deletes rooms closed before `before`, if it is this process's turn
    /// (else none: another process does it).
    async fn purge(&self, before: i64) -> Result<usize, StoreError> {
        if !self.turn(PURGE_KEY, PURGE_TURN).await? {
            return Ok(0);
        }
        if self.leases.get(FILED_KEY).await.map_err(failed)?.is_none() {
            self.file_all_closing().await?;
        }
        let mut purged = 0;
        // The hours that began before `before`: of the last, only the
        // rooms closed before it.
        let mut due: Vec<(i64, String)> = key_names(&self.closing)
            .await?
            .into_iter()
            .filter_map(|key| {
                let (hour, code) = key.split_once('.')?;
                Some((hour.parse::<i64>().ok()?, code.to_owned()))
            })
            .filter(|(hour, _)| hour.saturating_mul(HOUR) < before)
            .collect();
        due.sort();
        for (hour, code) in due {
            let key = format!("{hour}.{code}");
            self.directory_reads.fetch_add(1, Ordering::Relaxed);
            let closes = self
                .directory_entry(&code)
                .await?
                .and_then(|e| e.closed_at());
            match closes {
                // Due: the room goes, and its key with it.
                Some(at) if at < before && at.div_euclid(HOUR) == hour => {}
                // Later within this hour: kept for the next purge.
                Some(at) if at.div_euclid(HOUR) == hour => continue,
                // Gone, woken, or closing at another hour (filed there too):
                // a stale key.
                _ => {
                    forget(&self.closing, &key).await?;
                    continue;
                }
            }
            self.stream
                .purge()
                .filter(subject(&code))
                .await
                .map_err(failed)?;
            self.directory.purge(&code).await.map_err(failed)?;
            let _ = self.leases.purge(&code).await;
            forget(&self.closing, &key).await?;
            lock(&self.logs).remove(&code);
            lock(&self.held).remove(&code);
            purged += 1;
        }
        Ok(purged)
    }
}

impl Store for JetStreamStore {
    fn commit(&self, writes: Vec<Write>) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let t = std::time::Instant::now();
            let done = self.inner.commit(writes).await;
            crate::stats::COMMIT.since(t);
            done
        })
    }

    fn open_rooms(&self) -> StoreFuture<'_, Vec<StoredRoom>> {
        Box::pin(self.inner.open_rooms())
    }

    fn room<'a>(&'a self, code: &'a str) -> StoreFuture<'a, Option<StoredRoom>> {
        Box::pin(async move {
            check_code(code)?;
            // Read before the log, so it names no message past the log's
            // last; unreadable, it is only a longer replay.
            let hint = match self.inner.directory.get(code).await {
                Ok(Some(value)) => serde_json::from_slice::<Entry>(&value)
                    .ok()
                    .and_then(|e| e.snapshot_seq),
                _ => None,
            };
            Ok(self
                .inner
                .load(code, hint, false)
                .await?
                .and_then(|r| r.room))
        })
    }

    fn history<'a>(&'a self, code: &'a str) -> StoreFuture<'a, Option<StoredRoom>> {
        Box::pin(async move {
            check_code(code)?;
            Ok(self
                .inner
                .load(code, None, true)
                .await?
                .and_then(|r| r.room))
        })
    }

    fn steps_read(&self) -> u64 {
        self.inner.steps_read.load(Ordering::Relaxed)
    }

    fn purge(&self, before: i64) -> StoreFuture<'_, usize> {
        Box::pin(self.inner.purge(before))
    }

    fn take<'a>(&'a self, code: &'a str) -> StoreFuture<'a, Option<StoredRoom>> {
        Box::pin(async move {
            check_code(code)?;
            self.inner.take(code).await
        })
    }

    fn take_lapsed(&self) -> StoreFuture<'_, Vec<StoredRoom>> {
        Box::pin(self.inner.take_lapsed())
    }

    fn holds(&self, code: &str) -> bool {
        JetStreamStore::holds(self, code)
    }

    fn release_all(&self) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            self.inner.stopped.store(true, Ordering::Relaxed);
            let codes: Vec<String> = lock(&self.inner.held).keys().cloned().collect();
            for code in codes {
                self.inner.release_lease(&code).await;
            }
            // Gone from the process bucket: the others look for its rooms
            // at their next round (and a client's Resume takes one at once).
            let _ = self.inner.procs.delete(&self.inner.options.owner).await;
            Ok(())
        })
    }

    fn release<'a>(&'a self, code: &'a str) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            if self.inner.release(code).await {
                // Nobody runs it now: looked for at the next round, here.
                lock(&self.inner.recheck).codes.insert(code.to_owned());
            }
            Ok(())
        })
    }

    fn watch_every(&self) -> Option<Duration> {
        Some(self.inner.options.lease / 3)
    }
}

/// A room's code becomes a subject's last token and a key: only letters
/// and digits, so no code can reach another room's subject (`*`, `>`,
/// `.`) or be refused by the bucket.
fn check_code(code: &str) -> Result<(), StoreError> {
    if (1..=32).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_alphanumeric()) {
        Ok(())
    } else {
        Err(failed(format!("not a room code: {code:?}")))
    }
}
