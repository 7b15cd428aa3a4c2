//! Fan-out across servers (`--nats`): a client may be connected to any
//! server; its room runs on one, the holder of its lease. The server the
//! client reached forwards its inputs to the room's and passes on what the
//! room sends that connection, over plain NATS subjects (no JetStream:
//! nothing here needs keeping):
//!
//! - `veil.in.<code>`: inputs for room `<code>`. Only the server running
//!   the room subscribes, while it runs it. An [`In`] each: `open` (the
//!   client's Join, Watch or Resume, as it sent it: the owner checks the
//!   token; answered `here <server>`), `msg` (anything else it sends in the
//!   room), `gone`.
//! - `veil.alive.<server>`: liveness, one request per pair of servers
//!   rather than per link: the links a forwarding server holds to rooms
//!   run by `<server>` (a JSON list), answered with those it no longer
//!   has.
//! - `veil.out.<link>`: what the room sends one forwarded connection.
//!   `<link>` is 128 random bits the forwarding server names for that one
//!   client connection, and only it subscribes, so a seat's frames are
//!   published on a subject no other seat's server reads — the same frames,
//!   `observe(seat)` only, a local connection of that seat gets. Each
//!   message is `<n> <frame>`, `n` counting from 1 so a gap is seen; a
//!   frame starting with `!` is the bus's own: `!ok` (attached), `!no`
//!   (refused: the error came before it), `!close` (the room ended the
//!   connection: replaced, too slow, the room moved or closed). A frame
//!   longer than a NATS message may be (1 MB by default; a finished game's
//!   record can be more) goes in pieces, each `<n>+<piece>` but the last,
//!   `<n> <piece>`, and is passed on whole.
//!
//! Liveness both ways: every `every` the forwarding server asks each
//! server it forwards to about all its links there at once; a link that
//! server no longer has (the room stopped or moved), or no answer (it
//! died: NATS says at once that nobody listens; or twice no answer in
//! time), and the client is told `resume`, to connect again — the room is
//! then run where the lease went. The owner drops a link not heard of for
//! three times `every`, as it would a closed socket (the forwarding server
//! died).

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_nats::{Client as Nats, RequestErrorKind, Subscriber};
use axum::extract::ws::Utf8Bytes;
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use tokio::sync::{Notify, mpsc, oneshot};
use veil_net::{Client, MAX_FRAME, Server, codes};

use crate::Shared;
use crate::conn::Conn;
use crate::room::Input;

/// One input for a room, from a server forwarding a client's connection.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
enum In {
    Open { link: String, msg: Client },
    Msg { link: String, msg: Client },
    Gone { link: String },
}

/// The most links named in one liveness request (~140 KB).
const ALIVE_CHUNK: usize = 4096;

fn in_subject(code: &str) -> String {
    format!("veil.in.{code}")
}

fn out_subject(link: &str) -> String {
    format!("veil.out.{link}")
}

fn alive_subject(server: &str) -> String {
    format!("veil.alive.{server}")
}

/// A link's name: 32 hex digits (so it is one subject token, and unguessable).
fn is_link(link: &str) -> bool {
    link.len() == 32 && link.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A room code fit for a subject: letters and digits only (`.`, `*`, `>`
/// would reach other rooms' subjects).
pub(crate) fn is_code(code: &str) -> bool {
    (1..=32).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Why a forward did not attach.
pub(crate) enum Refused {
    /// No server runs the room.
    NoRoom,
    /// The owner refused (its error was passed on), or failed to answer.
    Said,
}

pub(crate) struct Bus {
    nats: Nats,
    /// How often a forwarding server checks its links.
    every: Duration,
    /// This server's name (`--owner`), for its liveness subject.
    name: String,
    /// This server's forwarded connections, so a server stopping can send
    /// them on, and their liveness be asked.
    forwards: Mutex<HashMap<String, Forward>>,
    /// Links into rooms run here: link → its connection, last heard of.
    served: Mutex<HashMap<String, (Conn, Instant)>>,
    /// Liveness requests sent (tests: one per server, not per link).
    alive_requests: AtomicU64,
}

/// A client connection forwarded to another server's room.
struct Forward {
    conn: Conn,
    /// The server running the room.
    owner: String,
    /// Told when that server no longer has the link.
    lost: Arc<Notify>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Bus {
    /// The bus of server `name`: answers liveness for the rooms run here,
    /// and asks it for the links forwarded from here.
    pub(crate) async fn start(
        nats: Nats,
        every: Duration,
        name: &str,
    ) -> Result<Arc<Self>, String> {
        let sub = nats
            .subscribe(alive_subject(name))
            .await
            .map_err(|e| format!("NATS: {e}"))?;
        let bus = Arc::new(Bus {
            nats,
            every: every.max(Duration::from_millis(200)),
            name: name.to_owned(),
            forwards: Mutex::new(HashMap::new()),
            served: Mutex::new(HashMap::new()),
            alive_requests: AtomicU64::new(0),
        });
        tokio::spawn(answer_alive(Arc::downgrade(&bus), sub));
        tokio::spawn(check_links(Arc::downgrade(&bus)));
        Ok(bus)
    }

    pub(crate) fn alive_requests(&self) -> u64 {
        self.alive_requests.load(Ordering::Relaxed)
    }

    // --- the owner's side --------------------------------------------

    /// Subscribes to room `code`'s inputs, and waits until NATS has it.
    pub(crate) async fn subscribe_room(&self, code: &str) -> Option<Subscriber> {
        let subscribed = async {
            let sub = self.nats.subscribe(in_subject(code)).await?;
            self.nats.flush().await?;
            Ok::<_, async_nats::Error>(sub)
        };
        match subscribed.await {
            Ok(sub) => Some(sub),
            Err(e) => {
                eprintln!("room {code}: cannot take inputs from other servers: {e}");
                None
            }
        }
    }

    /// While the room runs here (its sender open), takes its inputs
    /// from other servers (`sub`, from [`Bus::subscribe_room`]).
    pub(crate) fn serve_room(
        self: &Arc<Self>,
        shared: &Arc<Shared>,
        room: mpsc::Sender<Input>,
        mut sub: Subscriber,
    ) {
        let bus = self.clone();
        let shared = shared.clone();
        tokio::spawn(async move {
            // This room's links; their connections are in `bus.served`.
            let mut links: HashSet<String> = HashSet::new();
            let mut tick = tokio::time::interval(bus.every);
            loop {
                tokio::select! {
                    _ = room.closed() => break,
                    m = sub.next() => match m {
                        Some(m) => bus.input(&shared, &room, &mut links, m).await,
                        None => break,
                    },
                    _ = tick.tick() => {
                        // Unheard of too long: its server died.
                        let stale: Vec<String> = {
                            let served = lock(&bus.served);
                            links
                                .iter()
                                .filter(|l| {
                                    served.get(*l).is_none_or(|(c, at)| {
                                        c.is_closed() || at.elapsed() > bus.every * 3
                                    })
                                })
                                .cloned()
                                .collect()
                        };
                        for link in stale {
                            links.remove(&link);
                            bus.drop_link(&room, &link).await;
                        }
                    }
                }
            }
            // Not run here any more: asked about, its links are missing.
            let mut served = lock(&bus.served);
            for link in links {
                if let Some((conn, _)) = served.remove(&link) {
                    conn.kill();
                }
            }
        });
    }

    async fn input(
        &self,
        shared: &Arc<Shared>,
        room: &mpsc::Sender<Input>,
        links: &mut HashSet<String>,
        m: async_nats::Message,
    ) {
        // Another server of ours sent it; still, bad input is dropped, never
        // a panic.
        if m.payload.len() > MAX_FRAME + 1024 {
            return;
        }
        let Ok(input) = serde_json::from_slice::<In>(&m.payload) else {
            return;
        };
        let reply = |text: String| {
            let to = m.reply.clone();
            let nats = self.nats.clone();
            async move {
                if let Some(to) = to {
                    let _ = nats.publish(to, text.into()).await;
                }
            }
        };
        match input {
            In::Open { link, msg } => {
                if !is_link(&link) || links.contains(&link) {
                    return;
                }
                // The client's own message, as a local connection would
                // hand it to the room: its token is checked here.
                // The client's address stays with the server it reached; a
                // room it asks to be made here (Play again) is counted
                // under the unspecified address.
                let (conn, rx, kill) =
                    Conn::queue(shared.next_conn(), std::net::IpAddr::from([0, 0, 0, 0]));
                let (ok_tx, ok) = oneshot::channel();
                let input = match msg {
                    Client::Join { name, seat, .. } => Input::Join {
                        conn: conn.clone(),
                        name,
                        seat,
                        reply: ok_tx,
                    },
                    Client::Watch { .. } => Input::Watch {
                        conn: conn.clone(),
                        reply: ok_tx,
                    },
                    Client::Resume { token, .. } => Input::Resume {
                        conn: conn.clone(),
                        token,
                        reply: ok_tx,
                    },
                    _ => return,
                };
                tokio::spawn(publish_link(
                    self.nats.clone(),
                    out_subject(&link),
                    rx,
                    kill,
                    shared.faults.link_piece(),
                ));
                // "Here": the room runs on this server, named so the
                // forwarding one asks it about its links.
                reply(format!("here {}", self.name)).await;
                if room.send(input).await.is_err() {
                    conn.send_text("!no");
                    conn.kill();
                    return;
                }
                links.insert(link.clone());
                lock(&self.served).insert(link, (conn.clone(), Instant::now()));
                // Its answer comes after the frames the room queued for it.
                tokio::spawn(async move {
                    if ok.await.unwrap_or(false) {
                        conn.send_text("!ok");
                    } else {
                        conn.send_text("!no");
                        conn.kill();
                    }
                });
            }
            In::Msg { link, msg } => {
                let conn = match lock(&self.served).get_mut(&link) {
                    Some((conn, at)) if links.contains(&link) => {
                        *at = Instant::now();
                        conn.id
                    }
                    _ => return,
                };
                let _ = room.send(Input::Msg { conn, msg }).await;
            }
            In::Gone { link } => {
                if links.remove(&link) {
                    self.drop_link(room, &link).await;
                }
            }
        }
    }

    /// A link into a room here is gone: the room hears it, the
    /// connection ends.
    async fn drop_link(&self, room: &mpsc::Sender<Input>, link: &str) {
        let served = lock(&self.served).remove(link);
        if let Some((conn, _)) = served {
            let _ = room.send(Input::Gone { conn: conn.id }).await;
            conn.kill();
        }
    }

    // --- the forwarding side -----------------------------------------

    /// Attaches `conn` to room `code` run by another server: sends it the
    /// client's Join, Watch or Resume, passes on the room's answer, and
    /// once attached, a task passes on the room's frames to `conn`.
    pub(crate) async fn open(
        self: &Arc<Self>,
        shared: &Arc<Shared>,
        conn: &Conn,
        code: &str,
        msg: Client,
    ) -> Result<Link, Refused> {
        if !is_code(code) {
            return Err(Refused::NoRoom);
        }
        let link = crate::new_token();
        let failed = |e: &dyn std::fmt::Display| {
            conn.send(&Server::error(
                codes::STORE,
                format!("the room's server cannot be reached: {e}"),
                None,
            ));
            Refused::Said
        };
        let mut sub = self
            .nats
            .subscribe(out_subject(&link))
            .await
            .map_err(|e| failed(&e))?;
        // The subscription is in place at NATS before the room sends to it.
        self.nats.flush().await.map_err(|e| failed(&e))?;
        let open = In::Open {
            link: link.clone(),
            msg,
        };
        let request = async_nats::Request::new()
            .payload(serde_json::to_vec(&open).unwrap_or_default().into())
            .timeout(Some(self.every.max(Duration::from_secs(2))));
        let owner = match self.nats.send_request(in_subject(code), request).await {
            Ok(m) => match std::str::from_utf8(&m.payload)
                .ok()
                .and_then(|t| t.strip_prefix("here "))
            {
                Some(owner) if !owner.is_empty() => owner.to_owned(),
                _ => return Err(failed(&"a garbled answer")),
            },
            Err(e) if e.kind() == RequestErrorKind::NoResponders => return Err(Refused::NoRoom),
            Err(e) => return Err(failed(&e)),
        };
        let mut frames = Frames::default();
        let attached = loop {
            let next = tokio::time::timeout(Duration::from_secs(10), sub.next()).await;
            let Ok(Some(m)) = next else {
                break false;
            };
            match frames.read(&m.payload).as_ref().map(|f| f.as_deref()) {
                Ok(None) => {}
                Ok(Some("!ok")) => break true,
                Ok(Some("!no" | "!close")) | Err(_) => break false,
                Ok(Some(text)) => {
                    conn.send_text(text);
                }
            }
        };
        if !attached {
            // Whatever the owner holds of it goes.
            self.send(code, &In::Gone { link }).await;
            return Err(Refused::Said);
        }
        let lost = Arc::new(Notify::new());
        lock(&self.forwards).insert(
            link.clone(),
            Forward {
                conn: conn.clone(),
                owner,
                lost: lost.clone(),
            },
        );
        let task = tokio::spawn(self.clone().pump(
            shared.clone(),
            conn.clone(),
            link.clone(),
            sub,
            frames,
            lost,
        ));
        Ok(Link {
            bus: self.clone(),
            code: code.to_owned(),
            id: link,
            task,
        })
    }

    /// Passes the room's frames on to the client; when the owner no
    /// longer has the link (`lost`, from [`check_links`]) or a frame is
    /// missed, the client is told to resume.
    async fn pump(
        self: Arc<Self>,
        shared: Arc<Shared>,
        conn: Conn,
        link: String,
        mut sub: Subscriber,
        mut frames: Frames,
        lost_link: Arc<Notify>,
    ) {
        let lost = loop {
            tokio::select! {
                m = sub.next() => {
                    let Some(m) = m else { break true };
                    match frames.read(&m.payload).as_ref().map(|f| f.as_deref()) {
                        Ok(None) => {}
                        Ok(Some("!close")) => {
                            conn.kill();
                            break false;
                        }
                        Ok(Some(text)) if text.starts_with('!') => {}
                        Ok(Some(text)) => {
                            if shared.faults.cross_link() {
                                self.cross_deliver(&link, text);
                            }
                            if !conn.send_text(text) {
                                break false;
                            }
                        }
                        // A frame missed: the client's picture may be wrong.
                        Err(_) => break true,
                    }
                }
                _ = lost_link.notified() => break true,
            }
        };
        if lost {
            conn.send(&Server::error(
                codes::RESUME,
                "the room's server is gone: connect again and send Resume (or Watch)",
                None,
            ));
            conn.kill();
        }
        lock(&self.forwards).remove(&link);
    }

    /// The test switch: a frame also goes to another forwarded connection.
    fn cross_deliver(&self, link: &str, text: &str) {
        let forwards = lock(&self.forwards);
        if let Some((_, other)) = forwards.iter().find(|(l, _)| l.as_str() != link) {
            other.conn.send_text(text);
        }
    }

    async fn send(&self, code: &str, input: &In) -> bool {
        let payload = serde_json::to_vec(input).unwrap_or_default();
        self.nats
            .publish(in_subject(code), payload.into())
            .await
            .is_ok()
    }

    /// A server stopping: its forwarded clients are told to connect again.
    pub(crate) fn send_on(&self) {
        let forwards: Vec<Conn> = lock(&self.forwards)
            .values()
            .map(|f| f.conn.clone())
            .collect();
        for conn in forwards {
            conn.send(&Server::error(
                codes::RESUME,
                "this server is stopping: connect again and send Resume (or Watch)",
                None,
            ));
            conn.kill();
        }
    }
}

/// The owner's side of liveness: which of the links asked about are no
/// longer here; those that are, heard of now.
async fn answer_alive(bus: std::sync::Weak<Bus>, mut sub: Subscriber) {
    while let Some(m) = sub.next().await {
        let Some(bus) = bus.upgrade() else { return };
        let Some(to) = m.reply else { continue };
        if m.payload.len() > ALIVE_CHUNK * 40 {
            continue;
        }
        let Ok(asked) = serde_json::from_slice::<Vec<String>>(&m.payload) else {
            continue;
        };
        let now = Instant::now();
        let missing: Vec<String> = {
            let mut served = lock(&bus.served);
            asked
                .into_iter()
                .filter(|link| match served.get_mut(link) {
                    Some((conn, at)) if !conn.is_closed() => {
                        *at = now;
                        false
                    }
                    _ => true,
                })
                .collect()
        };
        let answer = serde_json::to_vec(&missing).unwrap_or_default();
        let _ = bus.nats.publish(to, answer.into()).await;
    }
}

/// The forwarding side of liveness: every `every`, one request to each
/// server this one forwards to, naming all its links there; a link that
/// server no longer has, or a server that is gone (nobody listens: NATS
/// says so at once) or twice did not answer in time, and those clients are
/// told to resume.
async fn check_links(bus: std::sync::Weak<Bus>) {
    let every = match bus.upgrade() {
        Some(bus) => bus.every,
        None => return,
    };
    let mut tick = tokio::time::interval(every);
    tick.tick().await;
    let mut late: HashMap<String, u32> = HashMap::new();
    loop {
        tick.tick().await;
        let Some(bus) = bus.upgrade() else { return };
        let mut by_owner: HashMap<String, Vec<String>> = HashMap::new();
        for (link, f) in lock(&bus.forwards).iter() {
            by_owner
                .entry(f.owner.clone())
                .or_default()
                .push(link.clone());
        }
        late.retain(|owner, _| by_owner.contains_key(owner));
        for (owner, links) in by_owner {
            for chunk in links.chunks(ALIVE_CHUNK) {
                bus.alive_requests.fetch_add(1, Ordering::Relaxed);
                let request = async_nats::Request::new()
                    .payload(serde_json::to_vec(chunk).unwrap_or_default().into())
                    .timeout(Some(every.max(Duration::from_secs(1))));
                let lost: Vec<String> =
                    match bus.nats.send_request(alive_subject(&owner), request).await {
                        Ok(m) => {
                            late.remove(&owner);
                            serde_json::from_slice(&m.payload).unwrap_or_default()
                        }
                        Err(e) if e.kind() == RequestErrorKind::NoResponders => chunk.to_vec(),
                        Err(_) => {
                            let n = late.entry(owner.clone()).or_default();
                            *n += 1;
                            if *n >= 2 { chunk.to_vec() } else { Vec::new() }
                        }
                    };
                let forwards = lock(&bus.forwards);
                for link in lost {
                    if let Some(f) = forwards.get(&link) {
                        f.lost.notify_one();
                    }
                }
            }
        }
    }
}

/// The largest piece of a frame on a link, under NATS's own limit (1 MB
/// unless its server says otherwise) with room for the number.
const PIECE: usize = 256 * 1024;

/// The most a frame read back from pieces may grow to: a whole record
/// ([`veil_core::limits`]) and its envelope.
const MOST_FRAME: usize = 32 * 1024 * 1024;

/// A frame's pieces, at most `piece` bytes each, cut between characters;
/// one piece when it fits.
fn pieces(text: &str, piece: usize) -> Vec<&str> {
    let piece = piece.max(4);
    let mut out = Vec::new();
    let mut rest = text;
    while rest.len() > piece {
        let mut cut = piece;
        while !rest.is_char_boundary(cut) {
            cut -= 1;
        }
        let (head, tail) = rest.split_at(cut);
        out.push(head);
        rest = tail;
    }
    out.push(rest);
    out
}

/// The messages of one frame on a link, numbered on from `n`: each
/// piece `<n>+<piece>` but the last, `<n> <piece>`.
fn numbered(n: &mut u64, text: &str, piece: usize) -> Vec<String> {
    let parts = pieces(text, piece);
    let last = parts.len() - 1;
    parts
        .into_iter()
        .enumerate()
        .map(|(i, part)| {
            *n += 1;
            format!("{n}{}{part}", if i < last { '+' } else { ' ' })
        })
        .collect()
}

/// A link's frames read back from its numbered messages.
#[derive(Default)]
struct Frames {
    /// Messages taken so far.
    n: u64,
    /// The pieces of a frame not yet whole.
    partial: String,
}

impl Frames {
    /// One message: `Ok(Some(frame))` when a frame is whole, `Ok(None)` for
    /// a piece with more to come, `Err` for a gap, garbage or a frame
    /// grown past [`MOST_FRAME`].
    fn read<'a>(&mut self, payload: &'a [u8]) -> Result<Option<Cow<'a, str>>, ()> {
        let text = std::str::from_utf8(payload).map_err(|_| ())?;
        let at = text.find([' ', '+']).ok_or(())?;
        let (k, piece) = (&text[..at], &text[at + 1..]);
        if k.parse::<u64>().map_err(|_| ())? != self.n + 1 {
            return Err(());
        }
        self.n += 1;
        let more = text.as_bytes()[at] == b'+';
        if self.partial.len() + piece.len() > MOST_FRAME {
            return Err(());
        }
        match (more, self.partial.is_empty()) {
            (false, true) => Ok(Some(Cow::Borrowed(piece))),
            (false, false) => {
                self.partial.push_str(piece);
                Ok(Some(Cow::Owned(std::mem::take(&mut self.partial))))
            }
            (true, _) => {
                self.partial.push_str(piece);
                Ok(None)
            }
        }
    }
}

/// The owner's writer for a forwarded connection: its queue published on
/// the link's subject, numbered, each frame in pieces NATS takes; `!close`
/// when the room ends it.
async fn publish_link(
    nats: Nats,
    subject: String,
    mut rx: mpsc::Receiver<Utf8Bytes>,
    kill: Arc<Notify>,
    piece: Option<usize>,
) {
    let piece = piece
        .unwrap_or(PIECE)
        .min(nats.max_payload().saturating_sub(32));
    let mut n = 0u64;
    let publish = async |n: &mut u64, text: &str| {
        for payload in numbered(n, text, piece) {
            if nats.publish(subject.clone(), payload.into()).await.is_err() {
                return false;
            }
        }
        true
    };
    loop {
        tokio::select! {
            biased;
            out = rx.recv() => match out {
                Some(text) => {
                    if !publish(&mut n, text.as_str()).await {
                        break;
                    }
                }
                None => break,
            },
            _ = kill.notified() => {
                // Whatever was queued (the reason, say) goes first.
                while let Ok(text) = rx.try_recv() {
                    publish(&mut n, text.as_str()).await;
                }
                break;
            }
        }
    }
    drop(rx);
    publish(&mut n, "!close").await;
}

/// A client connection attached to a room on another server.
pub(crate) struct Link {
    bus: Arc<Bus>,
    code: String,
    id: String,
    task: tokio::task::JoinHandle<()>,
}

impl Link {
    /// Forwards one of the client's messages; false if the link is gone.
    pub(crate) async fn send(&self, msg: Client) -> bool {
        if self.task.is_finished() {
            return false;
        }
        let input = In::Msg {
            link: self.id.clone(),
            msg,
        };
        self.bus.send(&self.code, &input).await
    }

    /// The client went: the owner hears of it at once.
    pub(crate) async fn gone(self) {
        self.task.abort();
        lock(&self.bus.forwards).remove(&self.id);
        let gone = In::Gone {
            link: self.id.clone(),
        };
        self.bus.send(&self.code, &gone).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The messages `publish_link` sends for these frames.
    fn messages(frames: &[&str], piece: usize) -> Vec<String> {
        let mut n = 0;
        frames
            .iter()
            .flat_map(|text| numbered(&mut n, text, piece))
            .collect()
    }

    #[test]
    fn frames_cut_in_pieces_come_back_whole() {
        // Multi-byte letters across every cut, a frame exactly a piece long,
        // an empty one, one of a single piece and one of many.
        let long = "Tysiąc: ♠♥♦♣ ".repeat(50);
        let frames = ["{\"v\":1}", "", "abcdefgh", long.as_str(), "!close"];
        for piece in [5, 8, 13, 64, 1 << 20] {
            let msgs = messages(&frames, piece);
            if piece < 64 {
                assert!(msgs.len() > frames.len(), "piece {piece}: cut");
            }
            assert!(msgs.iter().all(|m| m.len() <= piece + 8));
            let mut read = Frames::default();
            let whole: Vec<String> = msgs
                .iter()
                .filter_map(|m| read.read(m.as_bytes()).unwrap().map(|f| f.into_owned()))
                .collect();
            assert_eq!(whole, frames, "piece {piece}");
        }
    }

    #[test]
    fn a_missing_piece_or_garbage_is_a_gap() {
        let long = "x".repeat(40);
        let msgs = messages(&[long.as_str(), "after"], 16);
        assert_eq!(msgs.len(), 4);
        // The second piece lost: the third is out of order.
        let mut read = Frames::default();
        assert_eq!(read.read(msgs[0].as_bytes()), Ok(None));
        assert_eq!(read.read(msgs[2].as_bytes()), Err(()));
        for bad in [&b""[..], b"x y", b"1", b"2 late", b"1 \xff"] {
            assert_eq!(Frames::default().read(bad), Err(()), "{bad:?}");
        }
        assert_eq!(
            Frames::default().read(b"1 ok"),
            Ok(Some(Cow::Borrowed("ok")))
        );
    }

    #[test]
    fn pieces_past_the_most_a_frame_may_be_are_refused() {
        let mut read = Frames::default();
        let piece = "y".repeat(1 << 20);
        let mut n = 0;
        let refused = loop {
            n += 1;
            match read.read(format!("{n}+{piece}").as_bytes()) {
                Ok(None) => {}
                Ok(Some(_)) => panic!("a piece with more to come made a frame"),
                Err(()) => break n,
            }
        };
        assert_eq!(refused as usize, MOST_FRAME / piece.len() + 1);
    }
}
