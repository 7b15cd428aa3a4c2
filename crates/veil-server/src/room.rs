//! One room: the only owner of its match. Its task takes inputs one at a
//! time from a channel, so nothing in a room ever races; each accepted
//! step is applied, committed to the store, and only then sent out.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::sync::{mpsc, oneshot};
use veil_core::{Seat, Turn};
use veil_match::{AnyMatch, Opening, SeatKind, Step, StepError};
use veil_net::{
    Client, Over, RoomSettings, SeatInfo, SeatSpec, Server, Snapshot, TakebackState, Update,
    Welcome, codes,
};

use crate::conn::Conn;
use crate::store::{self, SNAPSHOT_MAX_BYTES, StoredRoom, Write};
use crate::{Shared, now_secs};

/// What a room is told.
pub(crate) enum Input {
    /// The creator arrives: takes the `me` seat, or watches.
    Host {
        conn: Conn,
        name: String,
        reply: oneshot::Sender<bool>,
    },
    Join {
        conn: Conn,
        name: String,
        seat: Option<u8>,
        reply: oneshot::Sender<bool>,
    },
    Watch {
        conn: Conn,
        reply: oneshot::Sender<bool>,
    },
    Resume {
        conn: Conn,
        token: String,
        reply: oneshot::Sender<bool>,
    },
    /// A message of a connection in the room.
    Msg {
        conn: u64,
        msg: Client,
    },
    /// The connection is gone.
    Gone {
        conn: u64,
    },
    Inspect(oneshot::Sender<Inspection>),
    /// Another server took the room (this one's lease was lost), or this
    /// one is handing its rooms over: stop, and send its connections to
    /// reconnect.
    Moved,
}

/// A room's state, for tests (secrets included).
#[doc(hidden)]
#[derive(Clone, Debug)]
pub struct Inspection {
    pub version: u64,
    pub views: Vec<Value>,
    pub public: Value,
    pub log: Vec<String>,
    pub seat_kinds: Vec<String>,
    pub started: bool,
    pub steps: u64,
    pub over: bool,
    pub connected: Vec<bool>,
    pub away: Vec<bool>,
}

/// What the room keeps with its settings in the store: who each seat was
/// meant for.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct RoomMeta {
    pub settings: RoomSettings,
    /// "person", "me" or a level, a seat each.
    pub specs: Vec<String>,
}

struct Slot {
    /// A seat for a person (person or me), or the computer's from the start.
    for_person: bool,
    me: bool,
    name: String,
    token_hash: Option<String>,
    conn: Option<Conn>,
    /// Disconnected since (a person's seat only).
    gone_since: Option<Instant>,
    /// The computer plays for the person while they are away.
    away: bool,
    last_seq: u64,
    /// The version at which this seat last became able to act.
    turn_began: u64,
    /// What was hidden, and how much chance was drawn, just before this
    /// seat's last action (for the takeback rule); `None`: nothing to take
    /// back.
    last_act: Option<(Vec<usize>, usize)>,
    /// A hash of the view this seat was last sent.
    sent: u64,
    /// When this seat last sent a quick message.
    said: Option<Instant>,
}

struct Watcher {
    conn: Conn,
    host: bool,
}

struct Pending {
    by: u8,
    seq: u64,
    waiting: Vec<u8>,
}

pub(crate) struct Room {
    shared: Arc<Shared>,
    pub code: String,
    opening: Opening,
    meta: RoomMeta,
    m: Box<dyn AnyMatch>,
    slots: Vec<Slot>,
    watchers: Vec<Watcher>,
    /// Hash of the view the spectators were last sent.
    watchers_sent: u64,
    started: bool,
    /// Steps logged so far (the store's `n`).
    steps: u64,
    /// The step of the last snapshot written or loaded (or tried: one that
    /// could not be written is not tried again at every step).
    snapshot_at: u64,
    /// Each seat's highest `seq` among the logged steps, for a snapshot.
    logged_seqs: Vec<u64>,
    /// The move list's length everybody was sent.
    sent_log: usize,
    finished: bool,
    closed: bool,
    /// Closed here because another server runs it now.
    moved: bool,
    takeback: Option<Pending>,
    chance_at: Option<Instant>,
    think_last: Option<Instant>,
    /// The last moment a person was connected.
    person_seen: Instant,
    /// The time per move's clock: which seat, since when.
    clock: Option<(u8, Instant)>,
    /// Seats the computer plays for one move because their time ran out.
    timed_out: Vec<u8>,
    /// Who was to act at the last change.
    last_turn: Turn,
    /// The room made for another game of the same people, once asked.
    rematch: Option<String>,
    /// Loaded from parked: the store is told it runs again.
    unpark: bool,
    /// Since when nobody has been in the room and it has had nothing to
    /// do ([`Room::at_rest`]); parked after [`crate::Config::park_after`].
    quiet_since: Option<Instant>,
}

fn hash_of(text: &str) -> u64 {
    let mut h = DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

pub(crate) fn to_act(turn: Turn) -> Vec<u8> {
    match turn {
        Turn::Seat(s) => vec![s.0],
        Turn::Simultaneous(set) => set.iter().map(|s| s.0).collect(),
        _ => vec![],
    }
}

fn over_of(m: &dyn AnyMatch) -> Option<Over> {
    if m.turn() != Turn::Over {
        return None;
    }
    m.outcome().map(|o| Over {
        scores: o.scores,
        ranks: o.ranks,
        reason: o.reason,
    })
}

/// The computer thinks in slices this long, this often.
const THINK_SLICE: Duration = Duration::from_millis(10);
const THINK_EVERY: Duration = Duration::from_millis(20);

impl Room {
    /// A new room; the caller commits [`Room::creation`] before running it.
    pub(crate) fn new(
        shared: Arc<Shared>,
        code: String,
        opening: Opening,
        meta: RoomMeta,
        m: Box<dyn AnyMatch>,
    ) -> Self {
        let seats = meta.specs.len();
        let slots = meta
            .specs
            .iter()
            .map(|spec| Slot {
                for_person: spec == "person" || spec == "me",
                me: spec == "me",
                name: String::new(),
                token_hash: None,
                conn: None,
                gone_since: None,
                away: false,
                last_seq: 0,
                turn_began: 0,
                last_act: None,
                sent: 0,
                said: None,
            })
            .collect();
        Room {
            shared,
            code,
            opening,
            meta,
            m,
            slots,
            watchers: Vec::new(),
            watchers_sent: 0,
            started: false,
            steps: 0,
            snapshot_at: 0,
            logged_seqs: vec![0; seats],
            sent_log: 0,
            finished: false,
            closed: false,
            moved: false,
            takeback: None,
            chance_at: None,
            think_last: None,
            person_seen: Instant::now(),
            clock: None,
            timed_out: Vec::new(),
            last_turn: Turn::Over,
            rematch: None,
            unpark: false,
            quiet_since: None,
        }
    }

    /// A room brought back from the store: the same match (rebuilt from
    /// its latest snapshot and the steps after it, or from its opening and
    /// every step), seats, tokens and last `seq`s.
    pub(crate) fn restore(shared: Arc<Shared>, stored: StoredRoom) -> Result<Self, String> {
        let meta: RoomMeta =
            serde_json::from_value(stored.settings.clone()).map_err(|e| e.to_string())?;
        let m = stored.rebuild()?;
        let (seqs, steps) = (stored.seqs(), stored.step_count());
        let snapshot_at = stored.snapshot.as_ref().map_or(0, |s| s.n);
        let mut room = Room::new(shared, stored.code, stored.opening, meta, m);
        room.started = stored.started;
        room.steps = steps;
        room.snapshot_at = snapshot_at;
        room.sent_log = room.m.log().len();
        room.finished = room.m.turn() == Turn::Over;
        let now = Instant::now();
        for (seat, name, hash) in stored.seats {
            if let Some(slot) = room.slots.get_mut(usize::from(seat)) {
                slot.name = name;
                slot.token_hash = Some(hash);
                // Nobody is connected yet: the grace time starts now.
                slot.gone_since = Some(now);
            }
        }
        for (seat, seq) in seqs {
            if let Some(slot) = room.slots.get_mut(usize::from(seat)) {
                slot.last_seq = seq;
                room.logged_seqs[usize::from(seat)] = seq;
            }
        }
        let kinds = room.m.seat_kinds();
        for (i, slot) in room.slots.iter_mut().enumerate() {
            slot.away = slot.token_hash.is_some() && !kinds[i].is_human();
            slot.turn_began = room.m.version();
        }
        room.last_turn = room.m.turn();
        room.schedule_chance();
        if let Some(close_at) = stored.parked {
            room.unpark = true;
            // It still closes when it would have, had it stayed here.
            let idle = room.meta.settings.idle_close_secs as i64;
            let gone = (idle - (close_at - now_secs())).clamp(0, idle);
            room.person_seen = now
                .checked_sub(Duration::from_secs(gone as u64))
                .unwrap_or(now);
        }
        Ok(room)
    }

    /// The writes that create this room in the store.
    pub(crate) fn creation(&self) -> Vec<Write> {
        vec![Write::Room {
            code: self.code.clone(),
            opening: self.opening.clone(),
            settings: serde_json::to_value(&self.meta).unwrap_or(Value::Null),
            created: now_secs(),
        }]
    }

    pub(crate) async fn run(mut self, mut rx: mpsc::Receiver<Input>) {
        if self.unpark {
            self.unpark = false;
            let unparked = vec![Write::Unparked {
                code: self.code.clone(),
            }];
            if let Err(e) = self.shared.store.commit(unparked).await {
                // Runs anyway; the store still calls it parked, so after a
                // crash it waits for someone to come for it.
                eprintln!("room {}: not marked running again: {e}", self.code);
            }
        }
        loop {
            self.quiet_since = match (self.at_rest(), self.quiet_since) {
                (true, Some(since)) => Some(since),
                (true, None) => Some(Instant::now()),
                (false, _) => None,
            };
            let deadline = self.deadline();
            tokio::select! {
                input = rx.recv() => match input {
                    Some(input) => self.input(input).await,
                    None => break,
                },
                _ = tokio::time::sleep_until(deadline.into()) => self.on_time().await,
            }
            if self.closed {
                break;
            }
        }
        // Connections still here learn that the room is gone, or where.
        let bye = if self.moved {
            Server::error(
                codes::RESUME,
                "the room moved to another server: connect again and send Resume (or Watch)",
                None,
            )
        } else {
            Server::error(codes::NO_ROOM, "the room was closed", None)
        }
        .to_text();
        for conn in self.all_conns() {
            conn.send_text(&bye);
            conn.kill();
        }
        if self.moved {
            // Not closed: whoever runs it next takes it at once, not after
            // the lease (a lease another took stays theirs: the release
            // only deletes our own revision).
            let _ = self.shared.store.release(&self.code).await;
        }
    }

    fn all_conns(&self) -> Vec<Conn> {
        self.slots
            .iter()
            .filter_map(|s| s.conn.clone())
            .chain(self.watchers.iter().map(|w| w.conn.clone()))
            .collect()
    }

    // --- time ---------------------------------------------------------

    fn computer_to_act(&self) -> bool {
        if !self.started || self.finished {
            return false;
        }
        let first = match self.m.turn() {
            Turn::Seat(s) => s,
            Turn::Simultaneous(set) => match set.first() {
                Some(s) => s,
                None => return false,
            },
            _ => return false,
        };
        !self.m.seat_kinds()[first.index()].is_human()
    }

    fn deadline(&self) -> Instant {
        let now = Instant::now();
        let mut at = now + Duration::from_secs(3600);
        if self.computer_to_act() {
            at = at.min(now + THINK_EVERY);
        }
        if let Some(c) = self.chance_at {
            at = at.min(c);
        }
        if !self.finished && self.started {
            let grace = Duration::from_secs(self.meta.settings.grace_secs);
            for slot in &self.slots {
                if let (Some(since), false, true) = (slot.gone_since, slot.away, slot.for_person) {
                    at = at.min(since + grace);
                }
            }
            if let (Some(secs), Some((_, since))) = (self.meta.settings.move_secs, self.clock) {
                at = at.min(since + Duration::from_secs(secs));
            }
        }
        if !self.any_person_connected() {
            at = at.min(self.person_seen + Duration::from_secs(self.meta.settings.idle_close_secs));
        }
        if let Some(since) = self.quiet_since {
            at = at.min(since + self.shared.config.park_after);
        }
        // Never a busy loop, whatever went wrong with a timer.
        at.max(now + Duration::from_millis(5))
    }

    fn any_person_connected(&self) -> bool {
        self.slots.iter().any(|s| s.conn.is_some())
    }

    /// Nobody here and nothing to wait for: no connection (seat or
    /// spectator), no computer to move, no chance, clock, grace time or
    /// takeback pending. Such a room does nothing until someone comes.
    fn at_rest(&self) -> bool {
        let grace_pending = self.started
            && !self.finished
            && self
                .slots
                .iter()
                .any(|s| s.gone_since.is_some() && !s.away && s.for_person);
        !self.any_person_connected()
            && self.watchers.is_empty()
            && self.takeback.is_none()
            && self.chance_at.is_none()
            && self.clock.is_none()
            && self.timed_out.is_empty()
            && !self.computer_to_act()
            && !grace_pending
    }

    async fn on_time(&mut self) {
        let now = Instant::now();
        if self.any_person_connected() {
            self.person_seen = now;
        } else if now.duration_since(self.person_seen)
            >= Duration::from_secs(self.meta.settings.idle_close_secs)
        {
            self.close().await;
            return;
        }
        if let Some(since) = self.quiet_since
            && now.duration_since(since) >= self.shared.config.park_after
            && self.at_rest()
        {
            self.park().await;
            return;
        }
        if !self.started || self.finished {
            return;
        }
        // Away: past the grace time the computer plays the seat.
        let grace = Duration::from_secs(self.meta.settings.grace_secs);
        let level = self.meta.settings.level.clone();
        for i in 0..self.slots.len() {
            let slot = &self.slots[i];
            if let (Some(since), false, true) = (slot.gone_since, slot.away, slot.for_person)
                && now.duration_since(since) >= grace
                && self.m.seat_kinds()[i].is_human()
            {
                let step = Step::Seat {
                    seat: i as u8,
                    kind: level.clone(),
                };
                if self.apply(step, None, 0).await.is_ok() {
                    self.slots[i].away = true;
                    self.announce_seats();
                }
            }
        }
        // Time per move ran out: the computer moves for the seat, once.
        if let (Some(secs), Some((seat, since))) = (self.meta.settings.move_secs, self.clock)
            && now.duration_since(since) >= Duration::from_secs(secs)
        {
            self.clock = None;
            if self.m.seat_kinds()[usize::from(seat)].is_human() {
                let step = Step::Seat {
                    seat,
                    kind: level.clone(),
                };
                if self.apply(step, None, 0).await.is_ok() {
                    self.timed_out.push(seat);
                }
            }
        }
        if let Some(at) = self.chance_at
            && now >= at
        {
            self.chance_at = None;
            let _ = self.apply(Step::Chance, None, 0).await;
        }
        if self.computer_to_act() {
            let elapsed = self
                .think_last
                .map_or(Duration::ZERO, |t| now.duration_since(t));
            self.think_last = Some(now);
            self.think(elapsed).await;
        } else {
            self.think_last = None;
        }
    }

    /// One slice of the computer's thinking, off the runtime's threads.
    async fn think(&mut self, elapsed: Duration) {
        let mut m = std::mem::replace(&mut self.m, placeholder());
        let joined = tokio::task::spawn_blocking(move || {
            let step = m.think(THINK_SLICE, elapsed);
            (m, step)
        })
        .await;
        match joined {
            Ok((m, step)) => {
                self.m = m;
                if let Some(step) = step {
                    // Already applied by the match: log it, then tell.
                    self.after_applied(step, None, 0).await;
                }
            }
            Err(e) => {
                eprintln!("room {}: the computer's code failed: {e}", self.code);
                self.reload().await;
            }
        }
    }

    // --- inputs -------------------------------------------------------

    async fn input(&mut self, input: Input) {
        match input {
            Input::Host { conn, name, reply } => {
                if let Some(i) = self.slots.iter().position(|s| s.me) {
                    let ok = self.seat_person(conn, name, i).await;
                    let _ = reply.send(ok);
                } else {
                    self.watch(conn, true);
                    let _ = reply.send(true);
                }
            }
            Input::Join {
                conn,
                name,
                seat,
                reply,
            } => {
                let free = |s: &Slot| s.for_person && !s.me && s.token_hash.is_none();
                let index = match seat {
                    Some(i) => self
                        .slots
                        .get(usize::from(i))
                        .filter(|s| free(s))
                        .map(|_| usize::from(i)),
                    None => self.slots.iter().position(free),
                };
                let ok = match index {
                    Some(i) if !self.started => self.seat_person(conn, name, i).await,
                    _ => {
                        conn.send(&Server::error(
                            codes::NO_SEAT,
                            "no free seat for a person here (watch instead?)",
                            None,
                        ));
                        false
                    }
                };
                let _ = reply.send(ok);
            }
            Input::Watch { conn, reply } => {
                self.watch(conn, false);
                let _ = reply.send(true);
            }
            Input::Resume { conn, token, reply } => {
                let hash = crate::token_hash(&token);
                let index = self
                    .slots
                    .iter()
                    .position(|s| s.token_hash.as_deref() == Some(hash.as_str()));
                let Some(i) = index else {
                    conn.send(&Server::error(
                        codes::BAD_TOKEN,
                        "this token holds no seat in this room",
                        None,
                    ));
                    let _ = reply.send(false);
                    return;
                };
                self.attach(i, conn.clone());
                let _ = reply.send(true);
                if self.slots[i].away && !self.finished {
                    // Back: the person takes the seat again.
                    let step = Step::Seat {
                        seat: i as u8,
                        kind: "human".into(),
                    };
                    if self.apply(step, None, 0).await.is_ok() {
                        self.slots[i].away = false;
                    }
                }
                self.welcome(&conn, Some(i), None);
                self.announce_seats();
            }
            Input::Msg { conn, msg } => self.message(conn, msg).await,
            Input::Gone { conn } => {
                if let Some(slot) = self
                    .slots
                    .iter_mut()
                    .find(|s| s.conn.as_ref().is_some_and(|c| c.id == conn))
                {
                    slot.conn = None;
                    slot.gone_since = Some(Instant::now());
                    self.person_seen = Instant::now();
                    self.announce_seats();
                } else {
                    self.watchers.retain(|w| w.conn.id != conn);
                }
            }
            Input::Inspect(reply) => {
                let _ = reply.send(self.inspection());
            }
            Input::Moved => self.moved(),
        }
    }

    fn inspection(&self) -> Inspection {
        Inspection {
            version: self.m.version(),
            views: Seat::all(self.m.seats())
                .map(|s| self.m.observe(Some(s)))
                .collect(),
            public: self.m.observe(None),
            log: self.m.log().to_vec(),
            seat_kinds: self.m.seat_kinds().iter().map(|k| k.label_id()).collect(),
            started: self.started,
            steps: self.steps,
            over: self.finished,
            connected: self.slots.iter().map(|s| s.conn.is_some()).collect(),
            away: self.slots.iter().map(|s| s.away).collect(),
        }
    }

    /// Gives seat `i` to a person: a fresh token, stored hashed.
    async fn seat_person(&mut self, conn: Conn, name: String, i: usize) -> bool {
        let token = crate::new_token();
        let hash = crate::token_hash(&token);
        let name: String = name.chars().filter(|c| !c.is_control()).take(40).collect();
        let mut writes = vec![Write::Seat {
            code: self.code.clone(),
            seat: i as u8,
            name: name.clone(),
            token_hash: hash.clone(),
        }];
        let all_taken = self
            .slots
            .iter()
            .enumerate()
            .all(|(j, s)| !s.for_person || s.token_hash.is_some() || j == i);
        if all_taken {
            writes.push(Write::Started {
                code: self.code.clone(),
            });
        }
        if let Err(e) = self.shared.store.commit(writes).await {
            conn.send(&Server::error(codes::STORE, e, None));
            return false;
        }
        let slot = &mut self.slots[i];
        slot.name = name;
        slot.token_hash = Some(hash);
        self.attach(i, conn.clone());
        if all_taken {
            self.start_now();
        }
        self.welcome(&conn, Some(i), Some(token));
        self.announce_seats();
        true
    }

    fn start_now(&mut self) {
        self.started = true;
        self.last_turn = self.m.turn();
        let v = self.m.version();
        for s in &mut self.slots {
            s.turn_began = v;
        }
        self.restart_clock();
        self.schedule_chance();
    }

    /// Puts `conn` on seat `i`; a connection already there is told and
    /// closed (a second connection for a seat replaces the first).
    fn attach(&mut self, i: usize, conn: Conn) {
        let slot = &mut self.slots[i];
        if let Some(old) = slot.conn.take() {
            old.send(&Server::error(
                codes::REPLACED,
                "another connection took this seat",
                None,
            ));
            old.kill();
        }
        slot.conn = Some(conn);
        slot.gone_since = None;
        self.person_seen = Instant::now();
    }

    fn watch(&mut self, conn: Conn, host: bool) {
        self.welcome(&conn, None, None);
        self.watchers.push(Watcher { conn, host });
    }

    fn seat_infos(&self) -> Vec<SeatInfo> {
        let kinds = self.m.seat_kinds();
        self.slots
            .iter()
            .enumerate()
            .map(|(i, s)| SeatInfo {
                name: s.name.clone(),
                kind: if s.for_person {
                    if s.token_hash.is_some() {
                        "person".into()
                    } else if kinds[i].is_human() {
                        "free".into()
                    } else {
                        kinds[i].label_id()
                    }
                } else {
                    kinds[i].label_id()
                },
                connected: s.conn.is_some(),
                away: s.away,
            })
            .collect()
    }

    fn announce_seats(&self) {
        let text = Server::Seats {
            seats: self.seat_infos(),
            started: self.started,
        }
        .to_text();
        for conn in self.all_conns() {
            conn.send_text(&text);
        }
    }

    /// The view `seat` is sent (the fault switch can make it wrong, for the
    /// leak test to catch).
    fn view_for(&self, seat: Option<usize>) -> Value {
        let leak = self.shared.faults.leak();
        let seat = match (seat, leak) {
            (Some(s), Some((to, from)))
                if s == usize::from(to) && usize::from(from) < self.slots.len() =>
            {
                Some(usize::from(from))
            }
            (s, _) => s,
        };
        self.m.observe(seat.map(|s| Seat(s as u8)))
    }

    fn welcome(&mut self, conn: &Conn, seat: Option<usize>, token: Option<String>) {
        let welcome = Server::Welcome(Welcome {
            room: self.code.clone(),
            link_path: format!("/?room={}", self.code),
            seat: seat.map(|s| s as u8),
            token,
            game: self.opening.game.clone(),
            options: self.opening.options.clone(),
            seats: self.seat_infos(),
            started: self.started,
            version: self.m.version(),
            last_seq: seat.map_or(0, |s| self.slots[s].last_seq),
            settings: self.meta.settings.clone(),
        });
        conn.send(&welcome);
        self.snapshot_to(conn, seat);
    }

    fn snapshot_to(&mut self, conn: &Conn, seat: Option<usize>) {
        let view = self.view_for(seat);
        let text = serde_json::to_string(&view).unwrap_or_default();
        let h = hash_of(&text);
        match seat {
            Some(s) => self.slots[s].sent = h,
            None => self.watchers_sent = h,
        }
        conn.send(&Server::Snapshot(Snapshot {
            v: self.m.version(),
            view,
            lines: self.m.log().to_vec(),
            writers: writers(&*self.m, 0),
            to_act: to_act(self.m.turn()),
            over: over_of(&*self.m),
        }));
        if self.finished
            && let Some(record) = self.m.record()
        {
            conn.send(&Server::Record { record });
        }
    }

    async fn message(&mut self, conn: u64, msg: Client) {
        let seat = self
            .slots
            .iter()
            .position(|s| s.conn.as_ref().is_some_and(|c| c.id == conn));
        let Some(i) = seat else {
            // A spectator: only the host's Start is theirs to send.
            let Some(w) = self.watchers.iter().find(|w| w.conn.id == conn) else {
                return;
            };
            let c = w.conn.clone();
            if matches!(msg, Client::Start) && w.host {
                self.start(&c).await;
            } else {
                c.send(&Server::error(
                    codes::NO_SEAT_HERE,
                    "a spectator cannot act",
                    None,
                ));
            }
            return;
        };
        let Some(c) = self.slots[i].conn.clone() else {
            return;
        };
        let seat = i as u8;
        match msg {
            Client::Start => {
                if self.slots[i].me {
                    self.start(&c).await;
                } else {
                    c.send(&Server::error(
                        codes::NOT_HOST,
                        "only the host starts the game",
                        None,
                    ));
                }
            }
            Client::Act { seq, seen, action } => {
                if let Err(e) = self.check_request(i, seq) {
                    c.send(&Server::error(e.0, e.1, Some(seq)));
                    return;
                }
                if !to_act(self.m.turn()).contains(&seat) {
                    c.send(&Server::error(
                        codes::NOT_YOUR_TURN,
                        "not this seat's turn",
                        Some(seq),
                    ));
                    return;
                }
                if self.slots[i].turn_began > seen {
                    c.send(&Server::error(
                        codes::STALE,
                        format!(
                            "this seat's turn began at version {}, after {seen}: look again",
                            self.slots[i].turn_began
                        ),
                        Some(seq),
                    ));
                    return;
                }
                let t = Instant::now();
                let mark = (self.m.hidden_counts(), self.m.chance_count());
                let step = Step::Act {
                    seat,
                    action,
                    belief: None,
                };
                if self.apply(step, Some(seat), seq).await.is_ok() {
                    self.slots[i].last_act = Some(mark);
                    crate::stats::ACT.since(t);
                }
            }
            Client::Resign { seq } => {
                if let Err(e) = self.check_request(i, seq) {
                    c.send(&Server::error(e.0, e.1, Some(seq)));
                    return;
                }
                let _ = self.apply(Step::Resign { seat }, Some(seat), seq).await;
            }
            Client::Takeback { seq } => {
                if let Err(e) = self.check_request(i, seq) {
                    c.send(&Server::error(e.0, e.1, Some(seq)));
                    return;
                }
                if let Err(why) = self.takeback_allowed(i) {
                    c.send(&Server::error(codes::TAKEBACK, why, Some(seq)));
                    return;
                }
                self.slots[i].last_seq = seq;
                let kinds = self.m.seat_kinds();
                let waiting: Vec<u8> = (0..self.slots.len())
                    .filter(|&j| {
                        j != i && self.slots[j].token_hash.is_some() && kinds[j].is_human()
                    })
                    .map(|j| j as u8)
                    .collect();
                self.takeback = Some(Pending {
                    by: seat,
                    seq,
                    waiting,
                });
                self.broadcast(&Server::Takeback {
                    by: seat,
                    state: TakebackState::Asked,
                });
                self.settle_takeback().await;
            }
            Client::AnswerTakeback { accept } => {
                let Some(p) = self.takeback.as_mut().filter(|p| p.waiting.contains(&seat)) else {
                    c.send(&Server::error(
                        codes::TAKEBACK,
                        "no takeback waits for this seat's answer",
                        None,
                    ));
                    return;
                };
                if accept {
                    p.waiting.retain(|s| *s != seat);
                    self.settle_takeback().await;
                } else {
                    let by = p.by;
                    self.takeback = None;
                    self.broadcast(&Server::Takeback {
                        by,
                        state: TakebackState::Refused,
                    });
                }
            }
            Client::Say { phrase } => {
                // A quick message, one of the fixed phrases, one a second.
                let now = Instant::now();
                if usize::from(phrase) >= veil_net::PHRASES.len() {
                    c.send(&Server::error(
                        codes::BAD_MESSAGE,
                        format!("no quick message {phrase}"),
                        None,
                    ));
                } else if self.slots[i]
                    .said
                    .is_some_and(|t| now.duration_since(t) < Duration::from_secs(1))
                {
                    c.send(&Server::error(
                        codes::RATE,
                        "one quick message a second",
                        None,
                    ));
                } else {
                    self.slots[i].said = Some(now);
                    self.broadcast(&Server::Said { by: seat, phrase });
                }
            }
            Client::Rematch => self.rematch(seat, &c).await,
            Client::Hello { .. }
            | Client::Create { .. }
            | Client::Join { .. }
            | Client::Watch { .. }
            | Client::Resume { .. }
            | Client::Ping => {
                // The connection answers these itself.
            }
        }
    }

    /// The checks every request of a seat passes first.
    fn check_request(&self, i: usize, seq: u64) -> Result<(), (&'static str, String)> {
        let slot = &self.slots[i];
        if seq <= slot.last_seq {
            return Err((
                codes::DUPLICATE,
                format!("seq {seq} is not above {}: already taken", slot.last_seq),
            ));
        }
        if !self.started {
            return Err((codes::NOT_STARTED, "the game has not started".into()));
        }
        if self.finished {
            return Err((codes::OVER, "the game is over".into()));
        }
        if !self.m.seat_kinds()[i].is_human() {
            return Err((
                codes::NOT_YOUR_TURN,
                "the computer plays this seat now".into(),
            ));
        }
        Ok(())
    }

    /// The takeback rule (see the crate docs).
    fn takeback_allowed(&self, i: usize) -> Result<(), String> {
        if self.takeback.is_some() {
            return Err("a takeback is already waiting for answers".into());
        }
        let Some((hidden, chances)) = &self.slots[i].last_act else {
            return Err("nothing of this seat's to take back (since the last takeback)".into());
        };
        if self.m.chance_count() != *chances {
            return Err("chance was drawn since (a deal, a reveal, a die)".into());
        }
        let now = self.m.hidden_counts();
        if now.iter().zip(hidden).any(|(n, h)| n < h) {
            return Err("something hidden was revealed since".into());
        }
        Ok(())
    }

    async fn settle_takeback(&mut self) {
        let Some(p) = &self.takeback else { return };
        if !p.waiting.is_empty() {
            return;
        }
        let (by, seq) = (p.by, p.seq);
        self.takeback = None;
        let seed = veil_match::entropy();
        if self
            .apply(Step::Undo { seat: by, seed }, Some(by), seq)
            .await
            .is_ok()
        {
            self.broadcast(&Server::Takeback {
                by,
                state: TakebackState::Accepted,
            });
        } else {
            self.broadcast(&Server::Takeback {
                by,
                state: TakebackState::Refused,
            });
        }
    }

    async fn start(&mut self, conn: &Conn) {
        if self.started {
            conn.send(&Server::error(
                codes::NOT_STARTED,
                "the game has started already",
                None,
            ));
            return;
        }
        let level = self.meta.settings.level.clone();
        let free: Vec<u8> = (0..self.slots.len())
            .filter(|&j| self.slots[j].for_person && self.slots[j].token_hash.is_none())
            .map(|j| j as u8)
            .collect();
        let mut writes = vec![Write::Started {
            code: self.code.clone(),
        }];
        let mut m = std::mem::replace(&mut self.m, placeholder());
        for &seat in &free {
            let step = Step::Seat {
                seat,
                kind: level.clone(),
            };
            if m.step(&step).is_err() {
                // Only a bad level could fail; settings were checked.
                continue;
            }
            self.steps += 1;
            writes.push(Write::Step {
                code: self.code.clone(),
                n: self.steps,
                seat: None,
                seq: 0,
                step,
            });
        }
        self.m = m;
        writes.extend(self.snapshot_due());
        if let Err(e) = self.shared.store.commit(writes).await {
            conn.send(&Server::error(codes::STORE, e, None));
            self.reload().await;
            return;
        }
        self.start_now();
        self.announce_seats();
    }

    /// Another game for the same people, asked by `seat` once this one is
    /// over: one new room like this (the game, options, settings and
    /// computers; each person's seat open), made at the first asking and
    /// named to everyone here each time a seat asks.
    async fn rematch(&mut self, seat: u8, c: &Conn) {
        if !self.finished {
            c.send(&Server::error(
                codes::NOT_OVER,
                "another game once this one is over",
                None,
            ));
            return;
        }
        let room = match &self.rematch {
            Some(code) => code.clone(),
            None => {
                let seats: Vec<SeatSpec> = self
                    .meta
                    .specs
                    .iter()
                    .map(|s| match s.as_str() {
                        "person" | "me" => SeatSpec::Person,
                        level => SeatSpec::Computer(level.to_owned()),
                    })
                    .collect();
                let made = crate::create_room(
                    &self.shared,
                    c.ip,
                    &self.opening.game,
                    Some(self.opening.options.clone()),
                    &seats,
                    self.meta.settings.clone(),
                )
                .await;
                match made {
                    Ok((code, _)) => {
                        self.rematch = Some(code.clone());
                        code
                    }
                    Err((code, message)) => {
                        c.send(&Server::error(code, message, None));
                        return;
                    }
                }
            }
        };
        self.broadcast(&Server::Rematch { by: seat, room });
    }

    fn broadcast(&self, msg: &Server) {
        let text = msg.to_text();
        for conn in self.all_conns() {
            conn.send_text(&text);
        }
    }

    // --- steps --------------------------------------------------------

    /// Applies `step` (a person's request when `by` is set), commits it,
    /// then tells everyone. A refused step changes nothing and is answered
    /// to the requester only.
    async fn apply(&mut self, step: Step, by: Option<u8>, seq: u64) -> Result<(), ()> {
        let fault =
            by.is_some() && matches!(step, Step::Act { .. }) && self.shared.faults.take_panic();
        let m = &mut self.m;
        let result = std::panic::catch_unwind(AssertUnwindSafe(|| {
            if fault {
                panic!("injected fault (test)");
            }
            m.step(&step)
        }));
        match result {
            Ok(Ok(())) => {
                self.after_applied(step, by, seq).await;
                Ok(())
            }
            Ok(Err(e)) => {
                if let Some(conn) = by.and_then(|s| self.slots[usize::from(s)].conn.clone()) {
                    let code = match e {
                        StepError::NothingToUndo => codes::TAKEBACK,
                        _ => codes::REFUSED,
                    };
                    conn.send(&Server::error(code, e.to_string(), Some(seq)));
                }
                Err(())
            }
            Err(_) => {
                eprintln!(
                    "room {}: the game's code panicked on {step:?}; reloading",
                    self.code
                );
                self.reload().await;
                Err(())
            }
        }
    }

    /// `step` is applied to the match: store it, then tell every seat.
    async fn after_applied(&mut self, step: Step, by: Option<u8>, seq: u64) {
        self.steps += 1;
        let mut writes = vec![Write::Step {
            code: self.code.clone(),
            n: self.steps,
            seat: by,
            seq,
            step: step.clone(),
        }];
        let over = self.m.turn() == Turn::Over;
        let record = if over && !self.finished {
            self.m.record()
        } else {
            None
        };
        if let Some(record) = &record {
            writes.push(Write::Finished {
                code: self.code.clone(),
                record: record.clone(),
                at: now_secs(),
            });
        }
        if let Some(s) = by {
            let logged = &mut self.logged_seqs[usize::from(s)];
            *logged = (*logged).max(seq);
        }
        writes.extend(self.snapshot_due());
        let t = Instant::now();
        let stored = self.shared.store.commit(writes).await;
        crate::stats::WAIT.since(t);
        if let Err(e) = stored {
            // Not stored: as if it never happened.
            eprintln!("room {}: store failed: {e}", self.code);
            if let Some(conn) = by.and_then(|s| self.slots[usize::from(s)].conn.clone()) {
                conn.send(&Server::error(
                    codes::STORE,
                    "not stored; try again",
                    Some(seq),
                ));
            }
            self.reload().await;
            return;
        }
        if let Some(s) = by {
            self.slots[usize::from(s)].last_seq = seq;
        }
        // Who acted, for the takeback marks and the clock.
        let actor = match &step {
            Step::Act { seat, .. } => Some(*seat),
            _ => None,
        };
        if let (Some(a), None) = (actor, by) {
            // The computer's move: nothing of the person's to take back.
            self.slots[usize::from(a)].last_act = None;
            if let Some(k) = self.timed_out.iter().position(|s| *s == a) {
                // The clock's one move is made: the seat is the person's again.
                self.timed_out.remove(k);
                let back = Step::Seat {
                    seat: a,
                    kind: "human".into(),
                };
                if self.m.step(&back).is_ok() {
                    self.steps += 1;
                    let w = vec![Write::Step {
                        code: self.code.clone(),
                        n: self.steps,
                        seat: None,
                        seq: 0,
                        step: back,
                    }];
                    if self.shared.store.commit(w).await.is_err() {
                        self.reload().await;
                        return;
                    }
                }
            }
        }
        if matches!(step, Step::Undo { .. }) {
            for s in &mut self.slots {
                s.last_act = None;
            }
        }
        if matches!(step, Step::Seat { .. }) {
            // Who plays a seat changed; nothing a seat sees did.
            return;
        }
        if self.takeback.is_some() {
            // Anything new cancels a takeback that was waiting.
            if let Some(p) = self.takeback.take()
                && !matches!(step, Step::Undo { .. })
            {
                self.broadcast(&Server::Takeback {
                    by: p.by,
                    state: TakebackState::Refused,
                });
            }
        }
        self.finished = over;
        self.fan_out(
            actor,
            by.map(|s| (s, seq)),
            matches!(step, Step::Undo { .. }),
        );
        if let Some(record) = record {
            self.broadcast(&Server::Record { record });
        }
        self.restart_clock();
        self.schedule_chance();
    }

    /// A snapshot of the match to commit with the steps just taken, once
    /// [`crate::Config::snapshot_every`] steps were taken since the last:
    /// in the same commit, so it is stored with its step or not at all.
    fn snapshot_due(&mut self) -> Option<Write> {
        let every = self.shared.config.snapshot_every;
        if every == 0 || self.steps < self.snapshot_at + every {
            return None;
        }
        // Tried once per interval, whatever comes of it: a match too long
        // to snapshot stays so, and is not serialised again at every step.
        self.snapshot_at = self.steps;
        let state = match self.m.snapshot() {
            Ok(state) if state.len() <= SNAPSHOT_MAX_BYTES => state,
            Ok(state) => {
                eprintln!(
                    "room {}: no snapshot at step {}: {} bytes",
                    self.code,
                    self.steps,
                    state.len()
                );
                return None;
            }
            Err(e) => {
                eprintln!(
                    "room {}: no snapshot at step {}: {e}",
                    self.code, self.steps
                );
                return None;
            }
        };
        let seqs = (0u8..)
            .zip(&self.logged_seqs)
            .filter(|(_, seq)| **seq > 0)
            .map(|(seat, seq)| (seat, *seq))
            .collect();
        Some(Write::Snapshot {
            code: self.code.clone(),
            snapshot: store::Snapshot {
                n: self.steps,
                seqs,
                state,
            },
        })
    }

    fn restart_clock(&mut self) {
        self.clock = None;
        if self.meta.settings.move_secs.is_none() || !self.started || self.finished {
            return;
        }
        if let Turn::Seat(s) = self.m.turn()
            && self.m.seat_kinds()[s.index()].is_human()
        {
            self.clock = Some((s.0, Instant::now()));
        }
    }

    fn schedule_chance(&mut self) {
        let pause = self.m.chance_pause();
        self.chance_at = (self.started && pause > 0.0).then(|| {
            let step = Duration::from_millis(self.shared.config.animation_step_ms);
            Instant::now() + step.mul_f32(pause.min(40.0))
        });
    }

    /// Every connection hears of the new version: its seat's view if it
    /// changed, the new lines, who is to act.
    fn fan_out(&mut self, actor: Option<u8>, ack: Option<(u8, u64)>, undo: bool) {
        let t = Instant::now();
        self.fan_out_inner(actor, ack, undo);
        crate::stats::FAN_OUT.since(t);
    }

    fn fan_out_inner(&mut self, actor: Option<u8>, ack: Option<(u8, u64)>, undo: bool) {
        let v = self.m.version();
        let turn = self.m.turn();
        let acting = to_act(turn);
        // Turns that begin now: seats newly able to act, the seat that just
        // acted if it acts again, everyone after a takeback. A seat able to
        // act before and after without having acted keeps the version its
        // turn began at only if it is the same turn: the other thumbs of a
        // vote, where only seats that had not chosen remain. Else a new
        // turn began in this step even for a seat that was choosing: a
        // Tysiąc redeal ends the four-nines question and the new deal's
        // bidding starts at once — an answer sent before is stale, not a bid.
        let last = self.last_turn;
        let goes_on = |s: u8| {
            !undo
                && actor != Some(s)
                && match (last, turn) {
                    (Turn::Seat(a), Turn::Seat(b)) => a == b,
                    (Turn::Simultaneous(was), Turn::Simultaneous(now)) => {
                        let rest = actor.map_or(was, |a| was.without(Seat(a)));
                        was.contains(Seat(s)) && now.0 & !rest.0 == 0
                    }
                    _ => false,
                }
        };
        for (i, slot) in self.slots.iter_mut().enumerate() {
            let s = i as u8;
            if acting.contains(&s) && !goes_on(s) {
                slot.turn_began = v;
            }
        }
        self.last_turn = turn;
        let log = self.m.log();
        let log_len = log.len();
        let lines: Vec<String> = log[self.sent_log.min(log_len)..].to_vec();
        let line_writers = writers(&*self.m, log_len - lines.len());
        self.sent_log = log_len;
        let over = over_of(&*self.m);
        for i in 0..self.slots.len() {
            let view = self.view_for(Some(i));
            let text = serde_json::to_string(&view).unwrap_or_default();
            let h = hash_of(&text);
            let changed = h != self.slots[i].sent;
            self.slots[i].sent = h;
            let Some(conn) = &self.slots[i].conn else {
                continue;
            };
            let mut lines = lines.clone();
            let mut log_len = log_len;
            if self.shared.faults.leak_line() == Some(i as u8)
                && let Some(words) = self
                    .m
                    .hidden_facts_for_tests(Seat(i as u8))
                    .into_iter()
                    .find_map(|f| self.m.fact_words_for_tests(f))
            {
                // Wrong on purpose: another seat's secret in this seat's line.
                match lines.last_mut() {
                    Some(last) => last.push_str(&format!(" ({words})")),
                    None => {
                        lines.push(format!("({words})"));
                        log_len += 1;
                    }
                }
            }
            let update = Server::Update(Update {
                v,
                view: changed.then_some(view),
                writers: if lines.len() == line_writers.len() {
                    line_writers.clone()
                } else {
                    Vec::new()
                },
                lines,
                log_len,
                to_act: acting.clone(),
                over: over.clone(),
                ack: ack.filter(|a| usize::from(a.0) == i).map(|a| a.1),
            });
            if !conn.send(&update) {
                self.slots[i].conn = None;
                self.slots[i].gone_since = Some(Instant::now());
            }
        }
        if !self.watchers.is_empty() {
            let view = self.view_for(None);
            let text = serde_json::to_string(&view).unwrap_or_default();
            let h = hash_of(&text);
            let changed = h != self.watchers_sent;
            self.watchers_sent = h;
            let update = Server::Update(Update {
                v,
                view: changed.then_some(view),
                writers: if lines.len() == line_writers.len() {
                    line_writers.clone()
                } else {
                    Vec::new()
                },
                lines,
                log_len,
                to_act: acting,
                over,
                ack: None,
            })
            .to_text();
            self.watchers.retain(|w| w.conn.send_text(&update));
        }
    }

    /// Brings the match back from the store after a fault: every
    /// connection gets a fresh snapshot.
    async fn reload(&mut self) {
        if !self.shared.store.holds(&self.code) {
            // Refused because another server runs it now: not ours to go on.
            self.moved();
            return;
        }
        // The store may be busy a moment (a NATS node gone, its leader
        // being chosen): a few tries over about ten seconds.
        let mut loaded = self.shared.store.room(&self.code).await;
        let mut wait = Duration::from_millis(250);
        while loaded.is_err()
            && wait <= Duration::from_secs(4)
            && self.shared.store.holds(&self.code)
        {
            tokio::time::sleep(wait).await;
            wait *= 2;
            loaded = self.shared.store.room(&self.code).await;
        }
        match loaded {
            Ok(Some(stored)) => match stored.rebuild() {
                Ok(m) => {
                    self.m = m;
                    self.steps = stored.step_count();
                    self.snapshot_at = stored.snapshot.as_ref().map_or(0, |s| s.n);
                    self.logged_seqs = vec![0; self.slots.len()];
                    for (seat, seq) in stored.seqs() {
                        if let Some(logged) = self.logged_seqs.get_mut(usize::from(seat)) {
                            *logged = seq;
                        }
                    }
                    self.sent_log = self.m.log().len();
                    self.finished = self.m.turn() == Turn::Over;
                    self.takeback = None;
                    for slot in &mut self.slots {
                        slot.last_act = None;
                        slot.turn_began = self.m.version();
                    }
                    self.last_turn = self.m.turn();
                    let kinds = self.m.seat_kinds();
                    for (i, slot) in self.slots.iter_mut().enumerate() {
                        slot.away = slot.token_hash.is_some() && !kinds[i].is_human();
                    }
                    for i in 0..self.slots.len() {
                        if let Some(c) = self.slots[i].conn.clone() {
                            self.snapshot_to(&c, Some(i));
                        }
                    }
                    for w in 0..self.watchers.len() {
                        let c = self.watchers[w].conn.clone();
                        self.snapshot_to(&c, None);
                    }
                    self.schedule_chance();
                    return;
                }
                Err(e) => eprintln!("room {}: cannot rebuild: {e}", self.code),
            },
            Ok(None) => eprintln!("room {}: not in the store", self.code),
            Err(e) => {
                // Its log is there, out of reach for now: the room stops
                // here and is given up, for a client's Resume to take it
                // again from the log (here or on another server).
                eprintln!("room {}: store: {e}; given up", self.code);
                self.moved();
                return;
            }
        }
        // Nothing to come back to: the room ends (its task's end is seen).
        self.closed = true;
    }

    fn moved(&mut self) {
        eprintln!("room {}: stopped here for another server to run", self.code);
        self.moved = true;
        self.closed = true;
    }

    /// Stops the room here, to be loaded again when someone comes for it.
    async fn park(&mut self) {
        let idle = Duration::from_secs(self.meta.settings.idle_close_secs);
        // Rounded up: a parked room never closes before its time.
        let left = idle.saturating_sub(self.person_seen.elapsed());
        let close_at = now_secs() + left.as_millis().div_ceil(1000) as i64;
        let parked = vec![Write::Parked {
            code: self.code.clone(),
            close_at,
        }];
        match self.shared.store.commit(parked).await {
            Ok(()) => self.closed = true,
            Err(e) => {
                eprintln!("room {}: not parked ({e}); kept running", self.code);
                self.quiet_since = Some(Instant::now());
            }
        }
    }

    async fn close(&mut self) {
        let _ = self
            .shared
            .store
            .commit(vec![Write::Closed {
                code: self.code.clone(),
                at: now_secs(),
            }])
            .await;
        self.closed = true;
    }
}

/// A stand-in while the match is away on a blocking thread.
fn placeholder() -> Box<dyn AnyMatch> {
    struct Nothing;
    impl AnyMatch for Nothing {
        fn game(&self) -> &'static str {
            ""
        }
        fn seats(&self) -> usize {
            0
        }
        fn version(&self) -> u64 {
            0
        }
        fn observe(&self, _: Option<Seat>) -> Value {
            Value::Null
        }
        fn log(&self) -> &[String] {
            &[]
        }
        fn writers(&self) -> Vec<Option<Seat>> {
            Vec::new()
        }
        fn turn(&self) -> Turn {
            Turn::Over
        }
        fn outcome(&self) -> Option<veil_core::Outcome> {
            None
        }
        fn seat_kinds(&self) -> Vec<SeatKind> {
            vec![]
        }
        fn step(&mut self, _: &Step) -> Result<(), StepError> {
            Err(StepError::Refused("busy".into()))
        }
        fn think(&mut self, _: veil_ai::Duration, _: veil_ai::Duration) -> Option<Step> {
            None
        }
        fn chance_pause(&self) -> f32 {
            0.0
        }
        fn hidden_counts(&self) -> Vec<usize> {
            vec![]
        }
        fn chance_count(&self) -> usize {
            0
        }
        fn hidden_facts_for_tests(&self, _: Seat) -> Vec<veil_core::Fact> {
            vec![]
        }
        fn record(&self) -> Option<Value> {
            None
        }
        fn snapshot(&self) -> Result<String, String> {
            Err("no match".into())
        }
        fn legal_from_view(&self, _: &Value, _: Seat) -> Result<Vec<Value>, StepError> {
            Ok(vec![])
        }
    }
    Box::new(Nothing)
}
/// The writers of the move list's lines from `from` on, for the wire.
fn writers(m: &dyn AnyMatch, from: usize) -> Vec<Option<u8>> {
    m.writers()
        .into_iter()
        .skip(from)
        .map(|w| w.map(|s| s.0))
        .collect()
}
