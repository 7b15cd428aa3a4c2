//! Veil's game server: rooms of any of Veil's games, played over one
//! WebSocket per player, the server holding every secret.
//!
//! ```no_run
//! # async fn run() -> Result<(), String> {
//! use veil_server::{Config, start};
//!
//! let config = Config {
//!     bind: "127.0.0.1:8080".parse().unwrap(),
//!     db: "veil.db".into(),
//!     web: Some("web/dist".into()),
//!     ..Config::default()
//! };
//! let server = start(config).await?; // rooms of the database rebuilt, listening
//! println!("listening on {}", server.addr);
//! server.wait().await;
//! # Ok(()) }
//! ```
//!
//! It is as plain as axum's examples: a [router](router) with `GET /ws`
//! (the [protocol](veil_net)), `GET /health` and the web build's files;
//! state passed explicitly ([`Shared`]), no global mutable state.
//!
//! - **One owner per room.** Each room is one tokio task owning its match
//!   (a [`veil_match::AnyMatch`]); connections hold a sender to it and the
//!   room takes their inputs one at a time. Computer seats think inside the
//!   room's task (on a blocking thread, 10 ms slices every 20 ms); chance
//!   held back by a pause is drawn after it (0.25 s an animation step).
//! - **Nothing lost.** Every accepted step is committed to the
//!   [store](store) — SQLite by default, WAL, `synchronous=FULL`; or NATS
//!   JetStream shared by several servers ([`Config::nats`]), each room run
//!   by the holder of its lease — before any seat hears of it; on start
//!   every open room (JetStream: every one this process may take) is
//!   rebuilt from its latest snapshot (one every 64 steps) and the steps
//!   after it ([`veil_match::resume`]), or from its start
//!   ([`veil_match::rebuild`]): same secrets, same chance to come, same
//!   version.
//! - **Each seat sees its own.** A seat's frames carry `observe(seat)` only,
//!   a spectator's `observe(None)`; the full record goes out once the game
//!   is over.
//! - **Away.** A person disconnected past the room's grace time (60 s by
//!   default) is played by the computer at the room's level, and gets the
//!   seat back on return; a room with no person connected for 24 h is
//!   closed, its steps kept; closed rooms are deleted after 30 days.
//! - **Takeback.** The rule is in [`veil_net`]'s docs: every other person
//!   must accept, and it is refused once anything hidden was revealed or
//!   chance drawn since the action taken back.
//! - **Bad input.** Anything malformed, out of turn, stale, doubled or with
//!   a wrong token gets an error frame to that connection only; frames are
//!   limited to 64 KB, connections and rooms per address, and messages per
//!   second per connection. A panic in a game's code reloads that room from
//!   the store; the others never notice.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::routing::get;
use serde_json::Value;
use sha2::{Digest, Sha256};
use tokio::sync::{mpsc, oneshot};
use veil_match::{Opening, SeatKind, Seeds};
use veil_net::{RoomSettings, SeatSpec, codes};

mod bus;
mod conn;
mod limits;
pub mod load;
mod proxy;
mod room;
pub mod stats;
pub mod store;

pub use proxy::ProxyHeader;
pub use room::Inspection;
use room::{Input, Room, RoomMeta};
use store::{JetStreamOptions, JetStreamStore, SqliteStore, StoreHandle, StoredRoom};

/// How a server runs.
#[derive(Clone, Debug)]
pub struct Config {
    pub bind: SocketAddr,
    /// The SQLite file (unless `nats` is set).
    pub db: PathBuf,
    /// The JetStream store instead of SQLite: where NATS is, and how.
    pub nats: Option<JetStreamOptions>,
    /// The web build to serve at `/` (`web/dist`); `None`: none.
    pub web: Option<PathBuf>,
    /// Open rooms one address may have created.
    pub rooms_per_ip: usize,
    /// Open connections from one address.
    pub conns_per_ip: usize,
    /// Messages a second per connection, on average and at once.
    pub rate_per_sec: f64,
    pub rate_burst: f64,
    /// How long closed rooms (finished or idle) are kept, in seconds.
    pub keep_secs: u64,
    /// One animation step of a chance pause (Tysiąc's last trick stays in
    /// view this many times its pause), in milliseconds.
    pub animation_step_ms: u64,
    /// Every commit synced to the disk (`synchronous=FULL`: a step a seat
    /// heard of survives a power cut); `false` (`NORMAL`): it survives the
    /// process being killed, and a power cut may lose the last commits.
    pub full_sync: bool,
    /// Reverse proxies whose connections count as the client's address
    /// they forward (in `proxy_header`); empty: every connection is its
    /// peer's address, and the header is never read.
    pub trusted_proxies: Vec<IpAddr>,
    pub proxy_header: ProxyHeader,
    /// A room writes a snapshot of its match every this many steps, so a
    /// rebuild replays fewer ([`store::SNAPSHOT_EVERY`]); 0: never.
    pub snapshot_every: u64,
    /// A room with nobody in it (no seat's connection, no spectator) and
    /// nothing to do (no computer, chance, clock or grace time to wait
    /// for) this long is parked: dropped from memory, its lease given up,
    /// and loaded again from the store when someone comes for it. So the
    /// server holds only rooms in play, not every lobby and finished game
    /// of the last day.
    pub park_after: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            bind: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: "veil.db".into(),
            nats: None,
            web: None,
            rooms_per_ip: 20,
            conns_per_ip: 50,
            rate_per_sec: 20.0,
            rate_burst: 40.0,
            keep_secs: 30 * 24 * 3600,
            animation_step_ms: 250,
            full_sync: true,
            trusted_proxies: Vec::new(),
            proxy_header: ProxyHeader::XForwardedFor,
            snapshot_every: store::SNAPSHOT_EVERY,
            park_after: Duration::from_secs(600),
        }
    }
}

/// Switches that make the server wrong on purpose, so tests can see that
/// their detectors fire, or predictable (a fixed seed). Never set outside
/// tests.
#[doc(hidden)]
#[derive(Default)]
pub struct Faults {
    /// (to, from): seat `to` is sent seat `from`'s view (+1; 0: off).
    leak: AtomicU64,
    /// The next person's action panics inside the game's code.
    panic_next: AtomicBool,
    /// Seat `to` (+1; 0: off) finds, at the end of every update's new
    /// lines, a fact hidden from it in the game's words (another seat's
    /// card or secret).
    leak_line: AtomicU64,
    /// New rooms draw chance from this seed (+1; 0: off, the OS's), so a
    /// test can reach a rare deal every run.
    seed: AtomicU64,
    /// Every frame of a connection forwarded to another server's room is
    /// also delivered to another connection this server forwards.
    cross_link: AtomicBool,
    /// The frames a room here sends a forwarded connection go in pieces of
    /// at most this many bytes (0: off, the bus's own size), so a test
    /// sees every frame cut without games of megabytes.
    link_piece: AtomicU64,
}

impl Faults {
    pub fn set_leak(&self, leak: Option<(u8, u8)>) {
        let v = leak.map_or(0, |(to, from)| 1 + u64::from(to) * 256 + u64::from(from));
        self.leak.store(v, Ordering::Relaxed);
    }
    pub(crate) fn leak(&self) -> Option<(u8, u8)> {
        match self.leak.load(Ordering::Relaxed) {
            0 => None,
            v => Some((((v - 1) / 256) as u8, ((v - 1) % 256) as u8)),
        }
    }
    pub fn set_leak_line(&self, to: Option<u8>) {
        self.leak_line
            .store(to.map_or(0, |t| 1 + u64::from(t)), Ordering::Relaxed);
    }
    pub(crate) fn leak_line(&self) -> Option<u8> {
        match self.leak_line.load(Ordering::Relaxed) {
            0 => None,
            v => Some((v - 1) as u8),
        }
    }
    pub fn panic_next_action(&self) {
        self.panic_next.store(true, Ordering::Relaxed);
    }
    pub(crate) fn take_panic(&self) -> bool {
        self.panic_next.swap(false, Ordering::Relaxed)
    }
    pub fn set_cross_link(&self, on: bool) {
        self.cross_link.store(on, Ordering::Relaxed);
    }
    pub(crate) fn cross_link(&self) -> bool {
        self.cross_link.load(Ordering::Relaxed)
    }
    pub fn set_link_piece(&self, bytes: Option<usize>) {
        self.link_piece
            .store(bytes.map_or(0, |b| b.max(8) as u64), Ordering::Relaxed);
    }
    pub(crate) fn link_piece(&self) -> Option<usize> {
        match self.link_piece.load(Ordering::Relaxed) {
            0 => None,
            b => Some(b as usize),
        }
    }
    pub fn set_seed(&self, seed: Option<u64>) {
        self.seed
            .store(seed.map_or(0, |s| s.wrapping_add(1)), Ordering::Relaxed);
    }
    pub(crate) fn seed(&self) -> Option<u64> {
        match self.seed.load(Ordering::Relaxed) {
            0 => None,
            v => Some(v.wrapping_sub(1)),
        }
    }
}

struct RoomEntry {
    tx: mpsc::Sender<Input>,
    /// Who created it (for the rooms-per-address limit).
    ip: Option<IpAddr>,
}

/// What every handler and room shares, passed explicitly.
pub struct Shared {
    config: Config,
    store: StoreHandle,
    /// With a shared store: inputs and frames of rooms run by other
    /// servers (see `bus.rs`).
    bus: Option<Arc<bus::Bus>>,
    rooms: Mutex<HashMap<String, RoomEntry>>,
    limits: limits::Limits,
    next_conn: AtomicU64,
    /// Held while a room is taken from the store, so one room is never
    /// started twice here.
    taking: tokio::sync::Mutex<()>,
    /// Stopping: no room is created or taken any more.
    stopping: AtomicBool,
    #[doc(hidden)]
    pub faults: Faults,
}

impl Shared {
    /// Liveness requests this server sent other servers for the
    /// connections it forwards (tests: one per server, not per link).
    #[doc(hidden)]
    pub fn alive_requests(&self) -> u64 {
        self.bus.as_ref().map_or(0, |b| b.alive_requests())
    }

    fn room(&self, code: &str) -> Option<mpsc::Sender<Input>> {
        let rooms = self.rooms.lock().unwrap_or_else(|p| p.into_inner());
        rooms.get(code).map(|e| e.tx.clone())
    }

    fn next_conn(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    fn open_rooms(&self) -> usize {
        self.rooms.lock().unwrap_or_else(|p| p.into_inner()).len()
    }
}

/// Seconds since 1970.
pub(crate) fn now_secs() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// A seat's token: 128 random bits from the operating system, in hex.
pub(crate) fn new_token() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system provides entropy");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What the store keeps of a token.
pub(crate) fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Room codes: no 0/O, 1/I/L, so a code read aloud is typed right.
const CODE_ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

fn new_code() -> String {
    let mut bytes = [0u8; 6];
    getrandom::fill(&mut bytes).expect("the operating system provides entropy");
    bytes
        .iter()
        .map(|b| char::from(CODE_ALPHABET[usize::from(*b) % CODE_ALPHABET.len()]))
        .collect()
}

/// Checks a Create and makes the room: stored, then its task running.
pub(crate) async fn create_room(
    shared: &Arc<Shared>,
    ip: IpAddr,
    game: &str,
    options: Option<Value>,
    seats: &[SeatSpec],
    settings: RoomSettings,
) -> Result<(String, mpsc::Sender<Input>), (&'static str, String)> {
    let bad = |m: String| (codes::BAD_ROOM, m);
    let entry = veil_games::entry(game).ok_or_else(|| {
        let known: Vec<&str> = veil_games::GAMES.iter().map(|g| g.id).collect();
        bad(format!("no game {game:?} (known: {})", known.join(", ")))
    })?;
    if !entry.seats.contains(seats.len()) {
        return Err(bad(format!(
            "{} is played by {}..{} seats, not {}",
            entry.id,
            entry.seats.min,
            entry.seats.max,
            seats.len()
        )));
    }
    if seats.iter().filter(|s| **s == SeatSpec::Me).count() > 1 {
        return Err(bad("at most one seat is \"me\"".into()));
    }
    let level = |l: &str| {
        SeatKind::from_label_id(l)
            .ok()
            .filter(|k| !k.is_human())
            .ok_or_else(|| bad(format!("no computer level {l:?}")))
    };
    level(&settings.level)?;
    if settings.grace_secs > 7 * 24 * 3600
        || settings.idle_close_secs > 30 * 24 * 3600
        || settings.move_secs.is_some_and(|s| s == 0 || s > 24 * 3600)
    {
        return Err(bad("a setting is out of range".into()));
    }
    let mut kinds = Vec::new();
    let mut specs = Vec::new();
    for s in seats {
        match s {
            SeatSpec::Person => {
                kinds.push(SeatKind::Human);
                specs.push("person".to_string());
            }
            SeatSpec::Me => {
                kinds.push(SeatKind::Human);
                specs.push("me".to_string());
            }
            SeatSpec::Computer(l) => {
                let k = level(l)?;
                specs.push(k.label_id());
                kinds.push(k);
            }
        }
    }
    let options = match options {
        Some(o) => o,
        None => veil_match::default_options(game).map_err(bad)?,
    };
    let think = settings.think_limit_ms.clamp(100, 60_000);
    let opening = match shared.faults.seed() {
        Some(seed) => Opening::with_seeds(
            entry.id,
            options,
            &kinds,
            think,
            Seeds::fixed(seed, kinds.len()),
        ),
        None => Opening::new(entry.id, options, &kinds, think),
    };
    let m = veil_match::open(&opening).map_err(bad)?;
    if shared.stopping.load(Ordering::Relaxed) {
        return Err((
            codes::STORE,
            "this server is stopping: connect again".into(),
        ));
    }
    if !shared.limits.open_room(ip) {
        return Err((
            codes::LIMIT,
            format!(
                "{} open rooms from this address already",
                shared.config.rooms_per_ip
            ),
        ));
    }
    let meta = RoomMeta { settings, specs };
    let code = loop {
        let code = new_code();
        if shared.room(&code).is_none() {
            break code;
        }
    };
    let room = Room::new(shared.clone(), code.clone(), opening, meta, m);
    if let Err(e) = shared.store.commit(room.creation()).await {
        shared.limits.close_room(ip);
        return Err((codes::STORE, e.to_string()));
    }
    let inputs = room_inputs(shared, &code).await;
    let tx = spawn_room(shared, room, Some(ip), inputs);
    Ok((code, tx))
}

/// Runs a room under a supervisor: if its task panics after all (a fault
/// outside the guarded game code), the room is reloaded from the store and
/// its connections told to resume.
fn spawn_room(
    shared: &Arc<Shared>,
    room: Room,
    ip: Option<IpAddr>,
    inputs: Option<async_nats::Subscriber>,
) -> mpsc::Sender<Input> {
    let (tx, rx) = mpsc::channel(1024);
    let code = room.code.clone();
    shared
        .rooms
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .insert(code.clone(), RoomEntry { tx: tx.clone(), ip });
    if let (Some(bus), Some(inputs)) = (&shared.bus, inputs) {
        bus.serve_room(shared, tx.clone(), inputs);
    }
    let shared = shared.clone();
    let own = tx.clone();
    tokio::spawn(async move {
        let outcome = tokio::spawn(room.run(rx)).await;
        let reloaded = match outcome {
            Ok(()) => None,
            Err(e) => {
                eprintln!("room {code}: its task failed ({e}); reloading from the store");
                match shared.store.room(&code).await {
                    Ok(Some(stored)) => Room::restore(shared.clone(), stored)
                        .inspect_err(|e| eprintln!("room {code}: cannot reload: {e}"))
                        .ok(),
                    _ => None,
                }
            }
        };
        match reloaded {
            Some(room) => {
                let inputs = room_inputs(&shared, &code).await;
                spawn_room(&shared, room, ip, inputs);
            }
            None => {
                // Closed (released already) or not to be run here: either
                // way not held, so it can be taken again.
                let _ = shared.store.release(&code).await;
                let entry = {
                    let mut rooms = shared.rooms.lock().unwrap_or_else(|p| p.into_inner());
                    // Only this run's entry: a room parked here may be
                    // running again already.
                    match rooms.get(&code) {
                        Some(e) if e.tx.same_channel(&own) => rooms.remove(&code),
                        _ => None,
                    }
                };
                if let Some(ip) = entry.and_then(|e| e.ip) {
                    shared.limits.close_room(ip);
                }
            }
        }
    });
    tx
}

/// With a shared store, the subscription to room `code`'s inputs from
/// other servers, in place at NATS before the room is announced (so a
/// client told of a new room may join it on any server at once).
async fn room_inputs(shared: &Arc<Shared>, code: &str) -> Option<async_nats::Subscriber> {
    match &shared.bus {
        Some(bus) => bus.subscribe_room(code).await,
        None => None,
    }
}

/// Runs room `code` here if the store gives it (JetStream: an open room
/// whose owner's lease lapsed); its sender, or `None`.
pub(crate) async fn take_room(shared: &Arc<Shared>, code: &str) -> Option<mpsc::Sender<Input>> {
    let _taking = shared.taking.lock().await;
    if let Some(tx) = shared.room(code) {
        return Some(tx);
    }
    if shared.stopping.load(Ordering::Relaxed) {
        return None;
    }
    match shared.store.take(code).await {
        Ok(Some(stored)) => run_taken(shared, stored).await,
        Ok(None) => None,
        Err(e) => {
            eprintln!("room {code}: cannot take it: {e}");
            None
        }
    }
}

async fn run_taken(shared: &Arc<Shared>, stored: StoredRoom) -> Option<mpsc::Sender<Input>> {
    let code = stored.code.clone();
    match Room::restore(shared.clone(), stored) {
        Ok(room) => {
            eprintln!("room {code}: taken over");
            let inputs = room_inputs(shared, &code).await;
            Some(spawn_room(shared, room, None, inputs))
        }
        Err(e) => {
            eprintln!("room {code}: cannot rebuild: {e}");
            None
        }
    }
}

/// With a shared store: takes the rooms whose owner died, and stops the
/// rooms another server took, every `every`.
fn spawn_watch(shared: &Arc<Shared>, every: Duration) {
    let shared = shared.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
        loop {
            tick.tick().await;
            let lost: Vec<mpsc::Sender<Input>> = {
                let rooms = shared.rooms.lock().unwrap_or_else(|p| p.into_inner());
                rooms
                    .iter()
                    .filter(|(code, _)| !shared.store.holds(code))
                    .map(|(_, e)| e.tx.clone())
                    .collect()
            };
            for tx in lost {
                let _ = tx.send(Input::Moved).await;
            }
            let _taking = shared.taking.lock().await;
            if shared.stopping.load(Ordering::Relaxed) {
                return;
            }
            match shared.store.take_lapsed().await {
                Ok(rooms) => {
                    for stored in rooms {
                        if shared.room(&stored.code).is_none() {
                            run_taken(&shared, stored).await;
                        }
                    }
                }
                Err(e) => eprintln!("taking rooms whose owner died: {e}"),
            }
        }
    });
}

/// The routes: the WebSocket, the health check, the web build.
pub fn router(shared: Arc<Shared>) -> Router {
    let web = shared.config.web.clone();
    let router = Router::new()
        .route("/ws", get(conn::ws_handler))
        .route("/health", get(health))
        .with_state(shared);
    match web {
        Some(dir) => router.fallback_service(tower_http::services::ServeDir::new(dir)),
        None => router,
    }
}

async fn health(
    axum::extract::State(shared): axum::extract::State<Arc<Shared>>,
) -> impl axum::response::IntoResponse {
    let body = serde_json::json!({
        "ok": true,
        "protocol": veil_net::PROTOCOL,
        "rooms": shared.open_rooms(),
        "rss_kb": rss_kb(),
        // Where an action's time went since the last /health.
        "stats": stats::take(),
    });
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
}

/// This process's resident memory, from /proc (Linux); 0 elsewhere.
pub fn rss_kb() -> u64 {
    rss_kb_of("self")
}

/// The resident memory of process `pid` ("self" for this one), in KB.
pub fn rss_kb_of(pid: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

/// A running server.
pub struct Running {
    pub addr: SocketAddr,
    pub shared: Arc<Shared>,
    task: tokio::task::JoinHandle<()>,
}

impl Running {
    /// Waits until the server stops (it does not, unless its listener
    /// fails).
    pub async fn wait(mut self) {
        self.stopped().await;
    }

    /// Returns when the listener stopped (it does not, unless it fails).
    pub async fn stopped(&mut self) {
        let _ = (&mut self.task).await;
    }

    /// Stops accepting connections (tests).
    pub fn abort(&self) {
        self.task.abort();
    }

    /// The full state of a room (tests).
    #[doc(hidden)]
    pub async fn inspect(&self, code: &str) -> Option<Inspection> {
        let tx = self.shared.room(code)?;
        let (reply, rx) = oneshot::channel();
        tx.send(Input::Inspect(reply)).await.ok()?;
        rx.await.ok()
    }

    /// A room as stored, every step from its first (tests).
    #[doc(hidden)]
    pub async fn stored(&self, code: &str) -> Option<StoredRoom> {
        self.shared.store.history(code).await.ok().flatten()
    }

    /// Stops for a deploy: takes and creates no more rooms, stops every
    /// room (its clients are told `resume`: to connect again, to another
    /// server), and gives their leases up so other servers take them at
    /// once instead of after the lease. Waits 10 s at most for the rooms.
    pub async fn hand_over(&self) -> Result<(), String> {
        let shared = &self.shared;
        shared.stopping.store(true, Ordering::Relaxed);
        // A take under way finishes first; none starts after.
        drop(shared.taking.lock().await);
        let rooms: Vec<mpsc::Sender<Input>> = {
            let rooms = shared.rooms.lock().unwrap_or_else(|p| p.into_inner());
            rooms.values().map(|e| e.tx.clone()).collect()
        };
        for tx in rooms {
            let _ = tx.send(Input::Moved).await;
        }
        if let Some(bus) = &shared.bus {
            bus.send_on();
        }
        let until = tokio::time::Instant::now() + Duration::from_secs(10);
        while shared.open_rooms() > 0 && tokio::time::Instant::now() < until {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        if shared.open_rooms() > 0 {
            // Their leases are kept: they lapse, and the log's fence holds.
            return Err(format!(
                "{} rooms did not stop in time",
                shared.open_rooms()
            ));
        }
        self.task.abort();
        shared.store.release_all().await.map_err(|e| e.to_string())
    }

    /// The codes of the rooms open now.
    pub fn rooms(&self) -> Vec<String> {
        let rooms = self.shared.rooms.lock().unwrap_or_else(|p| p.into_inner());
        rooms.keys().cloned().collect()
    }
}

/// Opens the store (SQLite, or JetStream with `nats`), rebuilds every open
/// room it holds, and starts listening.
pub async fn start(config: Config) -> Result<Running, String> {
    let store: StoreHandle = match &config.nats {
        Some(options) => Arc::new(JetStreamStore::connect(options.clone()).await?),
        None => Arc::new(SqliteStore::open(&config.db, config.full_sync)?),
    };
    let bus = match &config.nats {
        Some(options) => {
            let nats = store::nats_client(options, "bus").await?;
            Some(bus::Bus::start(nats, options.lease / 3, &options.owner).await?)
        }
        None => None,
    };
    let stored = store.open_rooms().await?;
    let listener = tokio::net::TcpListener::bind(config.bind)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.bind))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let shared = Arc::new(Shared {
        limits: limits::Limits::new(config.conns_per_ip, config.rooms_per_ip),
        config,
        store,
        bus,
        rooms: Mutex::new(HashMap::new()),
        next_conn: AtomicU64::new(1),
        taking: tokio::sync::Mutex::new(()),
        stopping: AtomicBool::new(false),
        faults: Faults::default(),
    });
    for room in stored {
        let code = room.code.clone();
        match Room::restore(shared.clone(), room) {
            Ok(room) => {
                let inputs = room_inputs(&shared, &code).await;
                spawn_room(&shared, room, None, inputs);
            }
            Err(e) => eprintln!("room {code}: cannot rebuild, left closed: {e}"),
        }
    }
    stats::spawn_lag_probe();
    if let Some(every) = shared.store.watch_every() {
        spawn_watch(&shared, every);
    }
    // Closed rooms past their time are deleted, hourly.
    let purger = shared.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(3600));
        loop {
            every.tick().await;
            let before = now_secs() - purger.config.keep_secs as i64;
            if let Err(e) = purger.store.purge(before).await {
                eprintln!("purge: {e}");
            }
        }
    });
    let app = router(shared.clone());
    let task = tokio::spawn(async move {
        let service = app.into_make_service_with_connect_info::<SocketAddr>();
        if let Err(e) = axum::serve(listener, service).await {
            eprintln!("server: {e}");
        }
    });
    Ok(Running { addr, shared, task })
}
