//! The load tool: `veil-server load --url ws://127.0.0.1:8080/ws --rooms N
//! --seconds S --game GAME`. It opens N rooms whose every seat is a bot
//! client playing random legal actions (worked out from its own view)
//! through the real protocol, after a think time like a person's, and
//! prints one JSON line: rooms and connections held, actions a second, the
//! latency from an action to every seat's update (median, p99), and the
//! server's memory per room (from its `/health`).
//!
//! `--url` may name several servers sharing one NATS (comma-separated):
//! room `r` is then made on the `r`th (round the list) and its seat or
//! watcher `i` connects to the `(r + i)`th, so most connections are
//! forwarded to their room's server, as behind a load balancer.
//!
//! `--lobbies N` also opens N rooms whose host leaves at once (a link
//! nobody followed), and `--linger S` keeps reading every server's
//! `/health` for S seconds after the bots left: the rooms held and the
//! memory as rooms are parked (`veil-server --park-secs`).
//!
//! Bots connect only to the URLs given; point them at 127.0.0.1.

use std::collections::HashMap;
use std::io::{Read, Write as _};
use std::net::TcpStream as StdTcp;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::sync::{Mutex, mpsc};
use tokio_tungstenite::tungstenite::Message;
use veil_core::Seat;
use veil_match::{AnyMatch, Opening, SeatKind, Seeds};
use veil_net::{Client, PROTOCOL, SeatSpec, Server};

struct Args {
    urls: Vec<String>,
    rooms: usize,
    seconds: u64,
    game: String,
    think_ms: u64,
    watchers: usize,
    lobbies: usize,
    linger: u64,
}

fn parse(args: &[String]) -> Result<Args, String> {
    let mut a = Args {
        urls: vec!["ws://127.0.0.1:8080/ws".into()],
        rooms: 100,
        seconds: 20,
        game: "jieqi".into(),
        think_ms: 1000,
        watchers: 0,
        lobbies: 0,
        linger: 0,
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || value.parse::<u64>().map_err(|e| format!("{flag}: {e}"));
        match flag.as_str() {
            "--url" => a.urls = value.split(',').map(|u| u.trim().to_owned()).collect(),
            "--rooms" => a.rooms = number()? as usize,
            "--seconds" => a.seconds = number()?,
            "--game" => a.game = value.clone(),
            "--think-ms" => a.think_ms = number()?,
            "--watchers" => a.watchers = number()? as usize,
            "--lobbies" => a.lobbies = number()? as usize,
            "--linger" => a.linger = number()?,
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if a.urls.is_empty()
        || a.urls
            .iter()
            .any(|u| !u.starts_with("ws://127.") && !u.starts_with("ws://localhost"))
    {
        return Err("the load tool only targets this machine (ws://127.x or localhost)".into());
    }
    Ok(a)
}

#[derive(Default)]
struct Figures {
    latencies_us: Mutex<Vec<u64>>,
    actions: AtomicU64,
    errors: AtomicU64,
    /// How many of each error code.
    error_codes: std::sync::Mutex<HashMap<String, u64>>,
    finished: AtomicU64,
}

pub fn main(args: &[String]) -> Result<(), String> {
    let args = parse(args)?;
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    runtime.block_on(run(args))
}

/// The server's `/health`, read with a plain HTTP/1.0 request.
fn health(url: &str) -> Option<Value> {
    let host = url.trim_start_matches("ws://").split('/').next()?;
    let mut s = StdTcp::connect(host).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(s, "GET /health HTTP/1.0\r\nHost: {host}\r\n\r\n").ok()?;
    let mut text = String::new();
    s.read_to_string(&mut text).ok()?;
    serde_json::from_str(text.split("\r\n\r\n").nth(1)?).ok()
}

async fn run(args: Args) -> Result<(), String> {
    let entry = veil_games::entry(&args.game).ok_or("no such game")?;
    let seats = entry.seats.default;
    let mut before = Vec::new();
    for url in &args.urls {
        before.push(health(url).ok_or_else(|| format!("{url}: /health does not answer"))?);
    }
    let lobbies = open_lobbies(&args).await;
    let figures = Arc::new(Figures::default());
    let measuring = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let conns = Arc::new(AtomicU64::new(0));
    let stop_at = Arc::new(Mutex::new(None::<Instant>));
    let mut tasks = Vec::new();
    let (ready_tx, mut ready_rx) = mpsc::channel::<bool>(args.rooms.max(1));
    // Rooms open a few at a time: the setup is not what is measured.
    let gate = Arc::new(tokio::sync::Semaphore::new(32));
    for r in 0..args.rooms {
        let urls: Vec<String> = (0..seats + args.watchers)
            .map(|i| args.urls[(r + i) % args.urls.len()].clone())
            .collect();
        let game = args.game.clone();
        let (figures, measuring, conns, stop_at) = (
            figures.clone(),
            measuring.clone(),
            conns.clone(),
            stop_at.clone(),
        );
        let ready = ready_tx.clone();
        let gate = gate.clone();
        let (think, watchers) = (args.think_ms, args.watchers);
        tasks.push(tokio::spawn(async move {
            let permit = gate.acquire_owned().await.ok();
            let room = Room::open(&urls, &game, seats, watchers, &conns).await;
            drop(permit);
            let _ = ready.send(room.is_ok()).await;
            drop(ready);
            match room {
                Ok(room) => {
                    room.play(r as u64, think, figures, measuring, stop_at)
                        .await;
                }
                Err(e) => {
                    eprintln!("load: room {r}: {e}");
                    figures.errors.fetch_add(1, Ordering::Relaxed);
                }
            }
        }));
    }
    drop(ready_tx);
    let mut opened = 0;
    while let Some(ok) = ready_rx.recv().await {
        opened += usize::from(ok);
    }
    // Everyone is seated: measure for the time asked.
    for url in &args.urls {
        let _ = health(url); // empties the server's stage figures
    }
    // The same probe as the server's: how late this tool's own tasks run
    // (its bots share the machine with the server).
    let lag = Arc::new(std::sync::Mutex::new(Vec::<u64>::new()));
    let probe = {
        let lag = lag.clone();
        tokio::spawn(async move {
            let tick = Duration::from_millis(10);
            loop {
                let t = Instant::now();
                tokio::time::sleep(tick).await;
                let late = t.elapsed().saturating_sub(tick).as_micros() as u64;
                lag.lock().unwrap_or_else(|p| p.into_inner()).push(late);
            }
        })
    };
    let start = Instant::now();
    *stop_at.lock().await = Some(start + Duration::from_secs(args.seconds));
    measuring.store(true, Ordering::Relaxed);
    tokio::time::sleep(Duration::from_secs(args.seconds)).await;
    measuring.store(false, Ordering::Relaxed);
    let held = conns.load(Ordering::Relaxed);
    let after: Vec<Value> = args
        .urls
        .iter()
        .map(|u| health(u).unwrap_or(Value::Null))
        .collect();
    let elapsed = start.elapsed().as_secs_f64();
    for t in &tasks {
        t.abort();
    }
    probe.abort();
    let linger = linger(&args).await;
    let mut own_lag = lag.lock().unwrap_or_else(|p| p.into_inner()).clone();
    own_lag.sort_unstable();
    let lag_at = |q: f64| {
        own_lag
            .get(((own_lag.len() as f64 * q) as usize).min(own_lag.len().saturating_sub(1)))
            .map_or(0.0, |us| *us as f64 / 1000.0)
    };
    let mut lat = figures.latencies_us.lock().await.clone();
    lat.sort_unstable();
    let at = |q: f64| {
        lat.get(((lat.len() as f64 * q) as usize).min(lat.len().saturating_sub(1)))
            .map_or(0.0, |us| *us as f64 / 1000.0)
    };
    let rss = |hs: &[Value]| {
        hs.iter()
            .map(|h| h["rss_kb"].as_u64().unwrap_or(0))
            .sum::<u64>()
    };
    let per_room = (rss(&after).saturating_sub(rss(&before))) as f64 / opened.max(1) as f64;
    let rooms_run: Vec<u64> = after
        .iter()
        .map(|h| h["rooms"].as_u64().unwrap_or(0))
        .collect();
    let stages: Vec<Value> = after.iter().map(|h| h["stats"].clone()).collect();
    let actions = figures.actions.load(Ordering::Relaxed);
    let line = serde_json::json!({
        "game": args.game,
        "servers": args.urls.len(),
        "rooms": opened,
        "rooms_run_by_each": rooms_run,
        "connections": held,
        "seconds": (elapsed * 10.0).round() / 10.0,
        "think_ms": args.think_ms,
        "actions": actions,
        "actions_per_sec": ((actions as f64 / elapsed) * 10.0).round() / 10.0,
        "latency_ms": {"median": at(0.5), "p99": at(0.99), "max": at(1.0), "samples": lat.len()},
        "server_rss_kb": {"before": rss(&before), "after": rss(&after)},
        "kb_per_room": (per_room * 10.0).round() / 10.0,
        "tool_lag_ms": {"median": lag_at(0.5), "p99": lag_at(0.99), "max": lag_at(1.0)},
        // Inside each server, over the measured time (its /health).
        "server_stages": if stages.len() == 1 { stages[0].clone() } else { Value::Array(stages) },
        "rooms_finished": figures.finished.load(Ordering::Relaxed),
        "errors": figures.errors.load(Ordering::Relaxed),
        "error_codes": figures.error_codes.lock().unwrap_or_else(|p| p.into_inner()).clone(),
        "lobbies": lobbies,
        "linger": linger,
    });
    println!("{line}");
    Ok(())
}

/// Opens `--lobbies` rooms on the servers in turn, each left by its host
/// once it is made; how many were made.
async fn open_lobbies(args: &Args) -> usize {
    let conns = Arc::new(AtomicU64::new(0));
    let gate = Arc::new(tokio::sync::Semaphore::new(32));
    let mut tasks = Vec::new();
    for r in 0..args.lobbies {
        let url = args.urls[r % args.urls.len()].clone();
        let (game, conns, gate) = (args.game.clone(), conns.clone(), gate.clone());
        tasks.push(tokio::spawn(async move {
            let _permit = gate.acquire_owned().await.ok();
            // Only the host's seat is taken: the game never starts.
            match Room::open(&[url], &game, 2, 0, &conns).await {
                Ok(room) => {
                    // The host leaves: a close frame, so the server sees it.
                    for mut sink in room.sinks {
                        let _ = sink.close().await;
                    }
                    true
                }
                Err(e) => {
                    eprintln!("load: lobby {r}: {e}");
                    false
                }
            }
        }));
    }
    let mut made = 0;
    for t in tasks {
        made += usize::from(t.await.unwrap_or(false));
    }
    made
}

/// Reads every server's `/health` each second for `--linger` seconds
/// after the bots left: (seconds, rooms held, resident kB) summed over the
/// servers, ten samples at most plus the last.
async fn linger(args: &Args) -> Value {
    if args.linger == 0 {
        return Value::Null;
    }
    let every = (args.linger / 10).max(1);
    let mut samples = Vec::new();
    for t in 0..=args.linger {
        if t % every == 0 || t == args.linger {
            let (mut rooms, mut rss) = (0, 0);
            for url in &args.urls {
                let h = health(url).unwrap_or(Value::Null);
                rooms += h["rooms"].as_u64().unwrap_or(0);
                rss += h["rss_kb"].as_u64().unwrap_or(0);
            }
            samples.push(serde_json::json!([t, rooms, rss]));
        }
        if t < args.linger {
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }
    serde_json::json!({"every": "[seconds, rooms held, rss kB]", "samples": samples})
}

type Sink = futures_util::stream::SplitSink<
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
    Message,
>;

/// One room's bots: a sink per seat, and every frame of every seat (and
/// watcher) with the moment it arrived.
struct Room {
    sinks: Vec<Sink>,
    frames: mpsc::UnboundedReceiver<(usize, Instant, Server)>,
    rules: Box<dyn AnyMatch>,
    seats: usize,
    watchers: usize,
}

async fn connect(
    url: &str,
    who: usize,
    frames: &mpsc::UnboundedSender<(usize, Instant, Server)>,
    conns: &Arc<AtomicU64>,
) -> Result<Sink, String> {
    let (ws, _) = tokio_tungstenite::connect_async(url)
        .await
        .map_err(|e| e.to_string())?;
    let (mut sink, mut stream) = ws.split();
    sink.send(Message::text(
        Client::Hello { protocol: PROTOCOL }.to_text(),
    ))
    .await
    .map_err(|e| e.to_string())?;
    conns.fetch_add(1, Ordering::Relaxed);
    let frames = frames.clone();
    let conns = conns.clone();
    tokio::spawn(async move {
        while let Some(Ok(m)) = stream.next().await {
            if let Message::Text(t) = m
                && let Ok(f) = Server::from_text(&t)
                && frames.send((who, Instant::now(), f)).is_err()
            {
                break;
            }
        }
        conns.fetch_sub(1, Ordering::Relaxed);
    });
    Ok(sink)
}

impl Room {
    async fn open(
        urls: &[String],
        game: &str,
        seats: usize,
        watchers: usize,
        conns: &Arc<AtomicU64>,
    ) -> Result<Room, String> {
        let (tx, mut rx) = mpsc::unbounded_channel();
        let mut sinks = Vec::new();
        let mut specs = vec![SeatSpec::Me];
        specs.extend(std::iter::repeat_n(SeatSpec::Person, seats - 1));
        let mut host = connect(&urls[0], 0, &tx, conns).await?;
        let create = Client::Create {
            game: game.into(),
            options: None,
            seats: specs,
            name: "bot".into(),
            settings: None,
        };
        host.send(Message::text(create.to_text()))
            .await
            .map_err(|e| e.to_string())?;
        sinks.push(host);
        let code = loop {
            match tokio::time::timeout(Duration::from_secs(30), rx.recv()).await {
                Ok(Some((_, _, Server::Welcome(w)))) => break w.room,
                Ok(Some((_, _, Server::Error { message, .. }))) => return Err(message),
                Ok(Some(_)) => {}
                _ => return Err("no Welcome".into()),
            }
        };
        for (i, url) in urls.iter().enumerate().take(seats + watchers).skip(1) {
            let mut s = connect(url, i, &tx, conns).await?;
            let msg = if i < seats {
                Client::Join {
                    room: code.clone(),
                    name: format!("bot{i}"),
                    seat: Some(i as u8),
                }
            } else {
                Client::Watch { room: code.clone() }
            };
            s.send(Message::text(msg.to_text()))
                .await
                .map_err(|e| e.to_string())?;
            sinks.push(s);
        }
        let opening = Opening::with_seeds(
            game,
            veil_match::default_options(game)?,
            &vec![SeatKind::Human; seats],
            100,
            Seeds::fixed(1, seats),
        );
        Ok(Room {
            sinks,
            frames: rx,
            rules: veil_match::open(&opening)?,
            seats,
            watchers,
        })
    }

    async fn play(
        mut self,
        seed: u64,
        think_ms: u64,
        figures: Arc<Figures>,
        measuring: Arc<std::sync::atomic::AtomicBool>,
        stop_at: Arc<Mutex<Option<Instant>>>,
    ) {
        let n = self.seats + self.watchers;
        let mut views: Vec<Value> = vec![Value::Null; self.seats];
        let mut version = vec![0u64; n];
        let mut to_act: Vec<u8> = Vec::new();
        // Not before every seat is taken (else `not_started`).
        let mut started = false;
        let mut seq = vec![0u64; self.seats];
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = move |k: usize| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng % k.max(1) as u64) as usize
        };
        // The action in flight: (sent at, acked version once known).
        let mut pending: Option<(Instant, Option<u64>, u8, u64)> = None;
        // When each connection saw each version.
        let mut arrivals: HashMap<u64, Vec<Instant>> = HashMap::new();
        let mut act_at: Option<Instant> = None;
        loop {
            let wake = act_at.unwrap_or_else(|| Instant::now() + Duration::from_secs(3600));
            tokio::select! {
                f = self.frames.recv() => {
                    let Some((who, at, frame)) = f else { return };
                    match frame {
                        Server::Welcome(w) => started |= w.started,
                        Server::Seats { started: s, .. } => started |= s,
                        Server::Snapshot(s) => {
                            version[who] = s.v;
                            if who < self.seats { views[who] = s.view; }
                            to_act = s.to_act;
                        }
                        Server::Update(u) => {
                            version[who] = u.v;
                            if who < self.seats && let Some(v) = u.view { views[who] = v; }
                            to_act = u.to_act;
                            if u.over.is_some() {
                                figures.finished.fetch_add(1, Ordering::Relaxed);
                                return;
                            }
                            arrivals.entry(u.v).or_default().push(at);
                            if let (Some(a), Some(p)) = (u.ack, pending.as_mut())
                                && who == usize::from(p.2) && a == p.3
                            {
                                p.1 = Some(u.v);
                            }
                        }
                        Server::Error { code, .. } => {
                            figures.errors.fetch_add(1, Ordering::Relaxed);
                            *figures
                                .error_codes
                                .lock()
                                .unwrap_or_else(|p| p.into_inner())
                                .entry(code)
                                .or_default() += 1;
                            pending = None;
                        }
                        _ => {}
                    }
                    // The action's round is complete once every connection
                    // saw its version.
                    if let Some((sent, Some(v), _, _)) = pending
                        && let Some(times) = arrivals.get(&v)
                        && times.len() >= n
                    {
                        let last = times.iter().max().copied().unwrap_or(sent);
                        if measuring.load(Ordering::Relaxed) {
                            let us = last.duration_since(sent).as_micros() as u64;
                            figures.latencies_us.lock().await.push(us);
                            figures.actions.fetch_add(1, Ordering::Relaxed);
                        }
                        pending = None;
                        arrivals.retain(|k, _| *k > v);
                    }
                    if started && pending.is_none() && act_at.is_none() && !to_act.is_empty() {
                        // A person's think time: half to one and a half times the mean.
                        let ms = think_ms / 2 + next(think_ms as usize + 1) as u64;
                        act_at = Some(Instant::now() + Duration::from_millis(ms));
                    }
                }
                _ = tokio::time::sleep_until(wake.into()), if act_at.is_some() => {
                    act_at = None;
                    if stop_at.lock().await.is_some_and(|s| Instant::now() >= s) {
                        continue;
                    }
                    let Some(&s) = to_act.get(next(to_act.len())) else { continue };
                    let i = usize::from(s);
                    let top = version.iter().copied().max().unwrap_or(0);
                    if version[i] < top {
                        // Not caught up yet: try again shortly.
                        act_at = Some(Instant::now() + Duration::from_millis(5));
                        continue;
                    }
                    let Ok(legal) = self.rules.legal_from_view(&views[i], Seat(s)) else { continue };
                    if legal.is_empty() { continue; }
                    seq[i] += 1;
                    let msg = Client::Act { seq: seq[i], seen: version[i], action: legal[next(legal.len())].clone() };
                    let sent = Instant::now();
                    if self.sinks[i].send(Message::text(msg.to_text())).await.is_err() {
                        return;
                    }
                    pending = Some((sent, None, s, seq[i]));
                }
            }
        }
    }
}
