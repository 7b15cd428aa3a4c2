//! What the server's tests share: a server in this process on 127.0.0.1
//! with a fresh database, and a WebSocket client that keeps what it was
//! told.
#![allow(dead_code)]

pub mod sweep;

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use veil_core::Seat;
use veil_match::{AnyMatch, Opening, SeatKind, Seeds, Step};
use veil_net::{Client, PROTOCOL, SeatSpec, Server};
use veil_server::{Config, Running};

/// How long any one wait may take before the test fails.
pub const WAIT: Duration = Duration::from_secs(5);

static DIRS: AtomicU64 = AtomicU64::new(0);

/// A fresh directory for one test's database.
pub fn temp_dir() -> PathBuf {
    let n = DIRS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("veil-server-test-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A test configuration: port 0 on 127.0.0.1, a fresh database, quick
/// pauses, generous rate limits (tests send fast).
pub fn config() -> Config {
    Config {
        bind: SocketAddr::from(([127, 0, 0, 1], 0)),
        db: temp_dir().join("veil.db"),
        web: None,
        rooms_per_ip: 1000,
        conns_per_ip: 1000,
        rate_per_sec: 100_000.0,
        rate_burst: 100_000.0,
        keep_secs: 3600,
        animation_step_ms: 5,
        full_sync: true,
        ..Config::default()
    }
}

pub async fn server() -> Running {
    veil_server::start(config()).await.unwrap()
}

pub fn url(addr: SocketAddr) -> String {
    format!("ws://{addr}/ws")
}

/// A client as a player's app would be: it keeps its seat, token, the
/// version, its view and the move list, and every frame it received.
pub struct Player {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub frames: Vec<Server>,
    pub texts: Vec<String>,
    pub room: String,
    pub seat: Option<u8>,
    pub token: Option<String>,
    pub v: u64,
    pub view: Value,
    pub lines: Vec<String>,
    pub to_act: Vec<u8>,
    pub over: bool,
    pub seq: u64,
    pub record: Option<Value>,
    /// (version, view) after every frame that set either.
    pub history: Vec<(u64, Value, Vec<String>)>,
    pub errors: Vec<(String, Option<u64>)>,
    pub closed: bool,
}

impl Player {
    /// Connects and says Hello.
    pub async fn connect(addr: SocketAddr) -> Player {
        Player::try_connect(addr)
            .await
            .unwrap_or_else(|| panic!("cannot connect to {addr}"))
    }

    /// Connects and says Hello; `None` if the server is not there (a
    /// server stopped in the test) or says nothing in time.
    pub async fn try_connect(addr: SocketAddr) -> Option<Player> {
        let connect = tokio_tungstenite::connect_async(url(addr));
        let (ws, _) = tokio::time::timeout(WAIT, connect).await.ok()?.ok()?;
        let mut p = Player {
            ws,
            frames: vec![],
            texts: vec![],
            room: String::new(),
            seat: None,
            token: None,
            v: 0,
            view: Value::Null,
            lines: vec![],
            to_act: vec![],
            over: false,
            seq: 0,
            record: None,
            history: vec![],
            errors: vec![],
            closed: false,
        };
        let hello = p.next().await?;
        assert!(matches!(
            hello,
            Server::Hello {
                protocol: PROTOCOL,
                ..
            }
        ));
        p.send(&Client::Hello { protocol: PROTOCOL }).await;
        Some(p)
    }

    pub async fn send(&mut self, msg: &Client) {
        self.send_raw(&msg.to_text()).await;
    }

    pub async fn send_raw(&mut self, text: &str) {
        let _ = self.ws.send(Message::text(text)).await;
    }

    pub async fn send_binary(&mut self, bytes: Vec<u8>) {
        let _ = self.ws.send(Message::binary(bytes)).await;
    }

    /// The next frame (None: closed, or nothing within `WAIT`).
    pub async fn next(&mut self) -> Option<Server> {
        self.next_within(WAIT).await
    }

    pub async fn next_within(&mut self, wait: Duration) -> Option<Server> {
        loop {
            let msg = match tokio::time::timeout(wait, self.ws.next()).await {
                Ok(Some(Ok(msg))) => msg,
                Ok(_) => {
                    self.closed = true;
                    return None;
                }
                Err(_) => return None,
            };
            let text = match msg {
                Message::Text(t) => t.to_string(),
                Message::Close(_) => {
                    self.closed = true;
                    return None;
                }
                _ => continue,
            };
            let frame = Server::from_text(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
            self.texts.push(text);
            self.take(&frame);
            self.frames.push(frame.clone());
            return Some(frame);
        }
    }

    fn take(&mut self, frame: &Server) {
        match frame {
            Server::Welcome(w) => {
                self.room = w.room.clone();
                self.seat = w.seat;
                if w.token.is_some() {
                    self.token = w.token.clone();
                }
                self.seq = self.seq.max(w.last_seq);
            }
            Server::Snapshot(s) => {
                self.v = s.v;
                self.view = s.view.clone();
                self.lines = s.lines.clone();
                self.to_act = s.to_act.clone();
                self.over = s.over.is_some();
                self.history
                    .push((self.v, self.view.clone(), self.lines.clone()));
            }
            Server::Update(u) => {
                self.v = u.v;
                if let Some(view) = &u.view {
                    self.view = view.clone();
                }
                let keep = u.log_len - u.lines.len();
                self.lines.truncate(keep);
                self.lines.extend(u.lines.iter().cloned());
                self.to_act = u.to_act.clone();
                self.over = u.over.is_some();
                self.history
                    .push((self.v, self.view.clone(), self.lines.clone()));
            }
            Server::Record { record } => self.record = Some(record.clone()),
            Server::Error { code, seq, .. } => self.errors.push((code.clone(), *seq)),
            _ => {}
        }
    }

    /// Reads until `pred` holds for a frame; that frame.
    pub async fn until(&mut self, mut pred: impl FnMut(&Server) -> bool) -> Server {
        loop {
            let frame = self.next().await.expect("a frame in time");
            if pred(&frame) {
                return frame;
            }
        }
    }

    /// Reads until the version is at least `v`.
    pub async fn reach(&mut self, v: u64) {
        while self.v < v {
            self.next()
                .await
                .unwrap_or_else(|| panic!("version {v} in time (at {})", self.v));
        }
    }

    /// Reads whatever arrives within `wait`.
    pub async fn drain(&mut self, wait: Duration) {
        while self.next_within(wait).await.is_some() {}
    }

    pub async fn create(
        &mut self,
        game: &str,
        seats: Vec<SeatSpec>,
        settings: Option<veil_net::RoomSettings>,
    ) -> String {
        self.send(&Client::Create {
            game: game.into(),
            options: None,
            seats,
            name: "host".into(),
            settings,
        })
        .await;
        self.until(|f| matches!(f, Server::Snapshot(_))).await;
        self.room.clone()
    }

    pub async fn join(&mut self, room: &str, name: &str) {
        self.send(&Client::Join {
            room: room.into(),
            name: name.into(),
            seat: None,
        })
        .await;
        self.until(|f| matches!(f, Server::Snapshot(_))).await;
    }

    pub async fn watch(&mut self, room: &str) {
        self.send(&Client::Watch { room: room.into() }).await;
        self.until(|f| matches!(f, Server::Snapshot(_))).await;
    }

    /// Sends an action as the app would: the next seq, the version seen.
    pub async fn act(&mut self, action: Value) -> u64 {
        self.seq += 1;
        let msg = Client::Act {
            seq: self.seq,
            seen: self.v,
            action,
        };
        self.send(&msg).await;
        self.seq
    }

    /// Waits for the answer to request `seq`: Ok (acknowledged) or the
    /// error's code.
    pub async fn answer(&mut self, seq: u64) -> Result<(), String> {
        self.reply(seq).await.map_err(|(code, _)| code)
    }

    /// [`Player::answer`] with the error's message beside its code (what
    /// a failing test should print).
    pub async fn reply(&mut self, seq: u64) -> Result<(), (String, String)> {
        loop {
            match self.next().await.expect("an answer in time") {
                Server::Update(u) if u.ack == Some(seq) => return Ok(()),
                Server::Error {
                    code,
                    message,
                    seq: Some(s),
                } if s == seq => return Err((code, message)),
                _ => {}
            }
        }
    }
}

/// A match of `game` to work out legal actions from a view.
pub fn rules(game: &str, seats: usize) -> Box<dyn AnyMatch> {
    let opening = Opening::with_seeds(
        game,
        veil_match::default_options(game).unwrap(),
        &vec![SeatKind::Human; seats],
        100,
        Seeds::fixed(1, seats),
    );
    veil_match::open(&opening).unwrap()
}

/// A small seeded generator for the bots' choices.
pub struct Pick(pub u64);

impl Pick {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// The truth at every version of a stored room: (views of each seat, the
/// public view, the move list), rebuilt from its opening and steps.
pub fn truth(opening: &Opening, steps: &[Step]) -> HashMap<u64, (Vec<Value>, Value, Vec<String>)> {
    let mut m = veil_match::open(opening).unwrap();
    let mut out = HashMap::new();
    let snap = |m: &dyn AnyMatch| {
        (
            Seat::all(m.seats())
                .map(|s| m.observe(Some(s)))
                .collect::<Vec<_>>(),
            m.observe(None),
            m.log().to_vec(),
        )
    };
    out.insert(m.version(), snap(&*m));
    for step in steps {
        m.step(step).unwrap();
        out.insert(m.version(), snap(&*m));
    }
    out
}

/// A `veil-server` process (this build's binary) on NATS.
pub struct Proc {
    pub child: Child,
    pub addr: SocketAddr,
    args: Vec<String>,
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Proc {
    /// A server on NATS at `urls` (comma-separated), keeping `replicas`
    /// copies, named `owner`, with leases of `lease_secs`, on `port` of
    /// 127.0.0.1 (0: any).
    pub fn spawn(urls: &str, replicas: usize, owner: &str, lease_secs: u64, port: u16) -> Proc {
        Proc::spawn_with(urls, replicas, owner, lease_secs, port, &[])
    }

    /// [`Proc::spawn`] with `more` arguments.
    pub fn spawn_with(
        urls: &str,
        replicas: usize,
        owner: &str,
        lease_secs: u64,
        port: u16,
        more: &[&str],
    ) -> Proc {
        let mut args: Vec<String> = [
            "--port",
            &port.to_string(),
            "--bind",
            "127.0.0.1",
            "--animation-step-ms",
            "5",
            "--conns-per-ip",
            "5000",
            "--rooms-per-ip",
            "5000",
            "--nats",
            urls,
            "--nats-replicas",
            &replicas.to_string(),
            "--owner",
            owner,
            "--lease-secs",
            &lease_secs.to_string(),
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        args.extend(more.iter().map(|s| s.to_string()));
        let (child, addr) = Proc::run(&args);
        Proc { child, addr, args }
    }

    fn run(args: &[String]) -> (Child, SocketAddr) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_veil-server"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        let line = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("the server starts");
        let addr = line
            .trim()
            .trim_start_matches("listening on ")
            .parse()
            .unwrap_or_else(|e| panic!("{line:?}: {e}"));
        (child, addr)
    }

    /// SIGTERM (a deploy: it hands its rooms over), and waits for it to
    /// exit (20 s at most); whether it exited cleanly.
    pub fn stop(&mut self) -> bool {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let until = std::time::Instant::now() + Duration::from_secs(20);
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.success();
            }
            if std::time::Instant::now() > until {
                let _ = self.child.kill();
                let _ = self.child.wait();
                return false;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Started again with the same arguments (port, name).
    pub fn restart(&mut self) {
        let (child, addr) = Proc::run(&self.args);
        self.child = child;
        self.addr = addr;
    }
}
