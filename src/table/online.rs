//! Online play at the table: one connection to a `veil-server`, the room
//! it is in, and the match on the table fed from it.
//!
//! The table's referee online is a mirror ([`veil_match::Match::mirror`]):
//! the server holds the state and every secret, the mirror holds this
//! seat's observation, the move list and whose turn it is, and answers the
//! views exactly as a local referee does. What the views ask for goes out
//! as protocol frames ([`veil_net::Client`]); what comes back
//! ([`veil_net::Server`]) replaces the mirror's picture and announces a
//! [`GameChanged`], so the views, animations and sounds do not know whether
//! the game is local or online. Once the game is over the server's record
//! (every secret) takes the mirror's place, for the results and the review.
//!
//! The connection comes back by itself: a cut link is tried again with a
//! growing wait, and the room resumed with the seat's token, kept in the
//! app's store (local storage in the browser) so that a closed tab or app
//! comes back to the same seat too.

use std::collections::VecDeque;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use veil_core::{Outcome, Seat};
use veil_net::{Client, PROTOCOL, RoomSettings, SeatInfo, SeatSpec, Server, TakebackState, codes};

use crate::kit::store::Store;
use crate::table::Screen;
use crate::table::referee::{GameChanged, Match};
use crate::table::save::Saves;
use crate::table::view::{ActionRefused, GameView};

/// Where the seat's token is kept between runs.
const KEPT_KEY: &str = "online";
/// The longest wait between two tries to reconnect, in seconds.
const MAX_RETRY_WAIT: f32 = 8.0;
/// Tries before the link is called lost (about a minute in all).
const MAX_TRIES: u32 = 12;

/// A connection to the server: text frames out, events in. The app's own
/// is a WebSocket ([`connect`]); tests may hand in another.
pub trait Wire {
    fn send(&mut self, text: String);
    fn poll(&mut self) -> Option<WireEvent>;
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WireEvent {
    Opened,
    Text(String),
    /// The connection ended (with why, if known).
    Closed(String),
}

/// Opens a WebSocket to `url` (`ws://host:port/ws`).
pub fn connect(url: &str) -> Result<Box<dyn Wire>, String> {
    let options = ewebsock::Options {
        // A finished game's record is the largest frame a server sends.
        max_incoming_frame_size: veil_match::limits::MAX_SAVE_BYTES,
        ..Default::default()
    };
    let (sender, receiver) = ewebsock::connect(url, options)?;
    Ok(Box::new(Socket { sender, receiver }))
}

struct Socket {
    sender: ewebsock::WsSender,
    receiver: ewebsock::WsReceiver,
}

impl Wire for Socket {
    fn send(&mut self, text: String) {
        self.sender.send(ewebsock::WsMessage::Text(text));
    }
    fn poll(&mut self) -> Option<WireEvent> {
        loop {
            return Some(match self.receiver.try_recv()? {
                ewebsock::WsEvent::Opened => WireEvent::Opened,
                ewebsock::WsEvent::Message(ewebsock::WsMessage::Text(t)) => WireEvent::Text(t),
                ewebsock::WsEvent::Message(_) => continue,
                ewebsock::WsEvent::Error(e) => WireEvent::Closed(e),
                ewebsock::WsEvent::Closed => WireEvent::Closed("closed".into()),
            });
        }
    }
}

/// The wire itself: a non-send resource (a browser's WebSocket lives on
/// the page's one thread).
#[derive(Default)]
pub struct WireSlot(pub Option<Box<dyn Wire>>);

/// The state of the link, as the screen says it.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Link {
    /// Not online.
    #[default]
    Off,
    Connecting,
    Open,
    /// Cut: trying again after `wait` seconds (try number `tries`).
    Reconnecting {
        tries: u32,
        wait: f32,
    },
    /// Given up, with the line to show; "Retry" starts again.
    Lost(String),
}

/// What to ask for once connected.
#[derive(Clone, Debug, PartialEq)]
pub enum Want {
    Create {
        game: String,
        options: Value,
        seats: Vec<SeatSpec>,
        settings: RoomSettings,
    },
    Join {
        room: String,
        seat: Option<u8>,
    },
    Watch {
        room: String,
    },
    /// Back to the seat of the room kept (or the room watched).
    Resume,
}

/// The room this app is in.
#[derive(Clone, Debug, PartialEq)]
pub struct Room {
    pub code: String,
    pub link_path: String,
    /// This app's seat; `None` when watching.
    pub seat: Option<u8>,
    pub token: Option<String>,
    pub game: String,
    pub options: Value,
    pub settings: RoomSettings,
    /// This app created the room (it may start it).
    pub host: bool,
}

/// What is kept between runs: where to come back to.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Kept {
    pub server: String,
    pub name: String,
    #[serde(default)]
    pub room: Option<String>,
    #[serde(default)]
    pub token: Option<String>,
    #[serde(default)]
    pub game: Option<String>,
    #[serde(default)]
    pub host: bool,
}

/// Everything about online play the screens show and the table needs.
#[derive(Resource, Debug, Default)]
pub struct Online {
    /// The server's WebSocket address (`ws://127.0.0.1:8080/ws`).
    pub server: String,
    /// The name shown to the others.
    pub name: String,
    pub link: Link,
    pub want: Option<Want>,
    pub room: Option<Room>,
    pub seats: Vec<SeatInfo>,
    pub started: bool,
    /// The room's last full picture: where a table online starts from.
    pub snapshot: Option<veil_net::Snapshot>,
    /// The frames the table still has to take in, in order.
    pub frames: VecDeque<Server>,
    /// The frames to send once the link is open.
    pub out: Vec<Client>,
    /// The last request number sent (each request a number above).
    pub seq: u64,
    /// The room's version last seen.
    pub seen: u64,
    /// A takeback asked by a seat, and where it stands.
    pub takeback: Option<(u8, TakebackState)>,
    /// One line for the player (a refusal, a lost room).
    pub notice: Option<String>,
    /// The table shows this room (until the player leaves it).
    pub playing: bool,
    /// A frame that could not be read or did not fit: said, then the link
    /// is made again from a full picture.
    pub faults: u32,
    /// A room being set up to host (the setup screen shows its choices).
    pub hosting: Option<HostSetup>,
    /// The table found a frame that does not fit: the link is dropped and
    /// made anew (the room resumed from a full picture).
    pub remake: bool,
    /// The seats that may act now, as the server last said.
    pub to_act: Vec<u8>,
    /// Seconds since the seats to act last changed (the move's clock).
    pub turn_for: f32,
    /// The quick messages said at the table: (seat, phrase, seconds shown).
    pub said: VecDeque<(u8, u8, f32)>,
    /// After the game: the room made for another one, and which seat
    /// asked for it.
    pub rematch: Option<(u8, String)>,
    /// This app asked for another game (it goes there once named).
    pub rematch_asked: bool,
    /// The next link is a new one (another room on a fresh connection).
    pub new_link: bool,
    /// Which of the server's addresses the link uses ([`Online::address`]).
    pub address: usize,
    /// Servers that said in a row they do not have the room (with several
    /// addresses, the next is tried before the room is called gone).
    pub missed: usize,
}

/// How long a quick message stays on screen, in seconds.
const SAID_SHOWN: f32 = 8.0;

/// A room being set up: which seat is this app's, and the room's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct HostSetup {
    pub me: usize,
    pub settings: RoomSettings,
}

impl Default for HostSetup {
    fn default() -> Self {
        HostSetup {
            me: 0,
            settings: RoomSettings::default(),
        }
    }
}

/// The seats of a room as the protocol asks them: `me` this app's seat,
/// every other person's seat open for a friend.
pub fn seat_specs(seats: &[crate::table::setup::SeatKind], me: usize) -> Vec<SeatSpec> {
    use crate::table::setup::SeatKind;
    seats
        .iter()
        .enumerate()
        .map(|(i, kind)| match kind {
            _ if i == me => SeatSpec::Me,
            SeatKind::Computer(level) => SeatSpec::Computer(level.to_string()),
            SeatKind::Human | SeatKind::Online => SeatSpec::Person,
        })
        .collect()
}

impl Online {
    /// True while this app is in a room.
    pub fn in_room(&self) -> bool {
        self.room.is_some() && self.link != Link::Off
    }

    /// The room's shareable link on `origin` (`https://host`).
    pub fn link_on(&self, origin: &str) -> Option<String> {
        let room = self.room.as_ref()?;
        Some(format!(
            "{}{}",
            origin.trim_end_matches('/'),
            room.link_path
        ))
    }

    /// Goes online to do `want`.
    pub fn start(&mut self, want: Want) {
        self.want = Some(want);
        self.new_link = true;
        self.rematch = None;
        self.rematch_asked = false;
        self.room = None;
        self.seats.clear();
        self.started = false;
        self.snapshot = None;
        self.frames.clear();
        self.out.clear();
        self.seq = 0;
        self.seen = 0;
        self.takeback = None;
        self.notice = None;
        self.playing = false;
        self.link = Link::Connecting;
    }

    /// Leaves online play (the kept token stays, to come back).
    pub fn stop(&mut self) {
        self.link = Link::Off;
        self.playing = false;
        self.want = None;
    }

    pub fn send(&mut self, msg: Client) {
        self.out.push(msg);
    }

    fn next_seq(&mut self) -> u64 {
        self.seq += 1;
        self.seq
    }

    /// The server's addresses: one, or several that serve the same rooms
    /// (`server` holds them comma-separated).
    pub fn addresses(&self) -> Vec<&str> {
        self.server.split(',').filter(|a| !a.is_empty()).collect()
    }

    /// The address the link uses now: a link cut moves to the next one,
    /// so a server that stopped is replaced by another by itself.
    pub fn address(&self) -> &str {
        let all = self.addresses();
        all.get(self.address % all.len().max(1))
            .copied()
            .unwrap_or_default()
    }

    /// The server's http origin for links (`ws://h:p/ws` → `http://h:p`).
    pub fn origin(&self) -> String {
        let s = self.address();
        let (scheme, rest) = if let Some(r) = s.strip_prefix("wss://") {
            ("https://", r)
        } else if let Some(r) = s.strip_prefix("ws://") {
            ("http://", r)
        } else {
            ("http://", s)
        };
        let host = rest.split('/').next().unwrap_or(rest);
        format!("{scheme}{host}")
    }
}

/// The server address to use when none is set: in the browser the page's
/// own origin (the standalone server serves the page), on the desktop the
/// local server `scripts/serve.sh` starts.
pub fn default_server() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        if let Some(loc) = web_sys::window().map(|w| w.location()) {
            let proto = loc.protocol().unwrap_or_default();
            let host = loc.host().unwrap_or_default();
            let ws = if proto == "https:" { "wss" } else { "ws" };
            if !host.is_empty() {
                return format!("{ws}://{host}/ws");
            }
        }
    }
    "ws://127.0.0.1:8080/ws".into()
}

/// A server address as typed: `host:port`, `http(s)://…` or `ws(s)://…`,
/// made a WebSocket address ending in `/ws`; several servers of one
/// cluster separated by commas, each made so.
pub fn server_url(typed: &str) -> Result<String, String> {
    let all = typed
        .split(',')
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .collect::<Vec<_>>();
    if all.len() > 1 {
        if all.len() > 16 {
            return Err("at most 16 server addresses".into());
        }
        let each: Result<Vec<String>, String> = all.into_iter().map(one_server_url).collect();
        return each.map(|a| a.join(","));
    }
    one_server_url(typed)
}

fn one_server_url(typed: &str) -> Result<String, String> {
    let t = typed.trim();
    if t.is_empty() || t.len() > 200 || t.chars().any(char::is_whitespace) {
        return Err("a server address is like ws://example.org/ws or example.org:8080".into());
    }
    let (scheme, rest) = match t.split_once("://") {
        Some(("ws", r)) | Some(("http", r)) => ("ws", r),
        Some(("wss", r)) | Some(("https", r)) => ("wss", r),
        Some((other, _)) => return Err(format!("\"{other}\" is not a web address")),
        None => ("ws", t),
    };
    let (host, path) = match rest.split_once('/') {
        Some((h, p)) => (h, p),
        None => (rest, ""),
    };
    if host.is_empty() {
        return Err("the address has no host".into());
    }
    let path = if path.is_empty() { "ws" } else { path };
    Ok(format!("{scheme}://{host}/{path}"))
}

pub struct OnlinePlugin;

impl Plugin for OnlinePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Online>()
            .insert_non_send(WireSlot::default())
            .add_systems(Startup, load_kept)
            .add_systems(PreUpdate, pump)
            .add_systems(
                Update,
                (your_turn, online_commands)
                    .after(crate::kit::input::InputSet)
                    .run_if(in_state(Screen::Play)),
            )
            .add_systems(
                bevy_egui::EguiPrimaryContextPass,
                online_bar.run_if(in_state(Screen::Play)),
            )
            .add_systems(OnEnter(Screen::Title), leave_table)
            .add_systems(OnEnter(Screen::GameChoice), leave_table)
            .add_systems(OnEnter(Screen::Setup), leave_table);
    }
}

/// The kept name, server and room (if any) at start.
fn load_kept(
    mut online: ResMut<Online>,
    saves: Option<Res<Saves>>,
    launch: Option<Res<crate::LaunchOptions>>,
) {
    let kept = saves.as_ref().map(|s| read_kept(&s.0)).unwrap_or_default();
    online.name = kept.name;
    online.server = if kept.server.is_empty() {
        default_server()
    } else {
        kept.server
    };
    if let Some(typed) = launch.as_ref().and_then(|l| l.server.clone())
        && let Ok(url) = server_url(&typed)
    {
        online.server = url;
    }
}

/// What is kept of online play (nothing yet: defaults).
pub fn read_kept(store: &Store) -> Kept {
    store
        .read(KEPT_KEY)
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

pub fn write_kept(store: &Store, kept: &Kept) {
    if let Ok(text) = serde_json::to_string(kept)
        && let Err(e) = store.write(KEPT_KEY, &text)
    {
        warn!("could not keep the online seat: {e}");
    }
}

/// Keeps what is needed to come back to this room.
fn keep_room(online: &Online, saves: Option<&Saves>) {
    let Some(saves) = saves else { return };
    let room = online.room.as_ref();
    write_kept(
        &saves.0,
        &Kept {
            server: online.server.clone(),
            name: online.name.clone(),
            room: room.map(|r| r.code.clone()),
            token: room.and_then(|r| r.token.clone()),
            game: room.map(|r| r.game.clone()),
            host: room.is_some_and(|r| r.host),
        },
    );
}

/// Forgets the kept room (it is over or gone); the name and server stay.
pub fn forget_room(online: &Online, saves: Option<&Saves>) {
    let Some(saves) = saves else { return };
    write_kept(
        &saves.0,
        &Kept {
            server: online.server.clone(),
            name: online.name.clone(),
            ..Kept::default()
        },
    );
}

/// Leaving the table online (for a menu: the results and the review are
/// still the room's) leaves the link; the seat is kept, and the title
/// offers to come back.
fn leave_table(mut online: ResMut<Online>, mut wire: NonSendMut<WireSlot>) {
    if online.playing {
        online.stop();
        wire.0 = None;
    }
}

/// How long to wait before the `tries`th try to reconnect.
fn retry_wait(tries: u32) -> f32 {
    (0.5 * 2f32.powi(tries.min(5) as i32)).min(MAX_RETRY_WAIT)
}

/// Opens, keeps and reads the link: the protocol's hello, the want, the
/// room's frames, and a new link when the old one is cut.
pub fn pump(
    mut online: ResMut<Online>,
    mut wire: NonSendMut<WireSlot>,
    time: Res<Time>,
    saves: Option<Res<Saves>>,
) {
    let saves = saves.as_deref();
    if std::mem::take(&mut online.new_link) {
        // A connection belongs to one room: another room, another link.
        wire.0 = None;
    }
    if std::mem::take(&mut online.remake) {
        wire.0 = None;
        cut(&mut online, 0, "a frame that did not fit");
    }
    match online.link.clone() {
        Link::Off | Link::Lost(_) => {
            wire.0 = None;
            return;
        }
        // Waiting before the next try (with a wire: the try under way).
        Link::Reconnecting { tries, wait } if wire.0.is_none() => {
            let left = wait - time.delta_secs();
            if left > 0.0 {
                online.link = Link::Reconnecting { tries, wait: left };
                return;
            }
        }
        _ => {}
    }
    if wire.0.is_none() {
        let tries = match online.link {
            Link::Reconnecting { tries, .. } => tries,
            _ => 0,
        };
        let address = online.address().to_owned();
        match connect(&address) {
            Ok(w) => {
                wire.0 = Some(w);
                if tries == 0 {
                    online.link = Link::Connecting;
                } else {
                    // Still "reconnecting" on screen until it is open.
                    online.link = Link::Reconnecting { tries, wait: 0.0 };
                }
            }
            Err(e) => {
                cut(&mut online, tries, &e);
                return;
            }
        }
    }
    let mut events = Vec::new();
    if let Some(w) = wire.0.as_mut() {
        while let Some(e) = w.poll() {
            events.push(e);
            // A burst is taken a bounded number at a time (the next frame
            // takes the rest).
            if events.len() >= 256 {
                break;
            }
        }
    }
    for event in events {
        match event {
            WireEvent::Opened => {
                let hello = Client::Hello { protocol: PROTOCOL };
                let first = ask_for(&mut online);
                if let Some(w) = wire.0.as_mut() {
                    w.send(hello.to_text());
                    if let Some(first) = first {
                        w.send(first.to_text());
                    }
                }
            }
            WireEvent::Text(text) => match Server::from_text(&text) {
                Ok(msg) => take(&mut online, msg, saves),
                Err(e) => {
                    // A server that says what this app cannot read: say so,
                    // and start again from a full picture.
                    online.notice = Some(format!(
                        "The server sent something this app cannot read ({e}); connecting again."
                    ));
                    online.faults += 1;
                    wire.0 = None;
                    cut(&mut online, 0, "unreadable frame");
                    return;
                }
            },
            WireEvent::Closed(why) => {
                wire.0 = None;
                let tries = match online.link {
                    Link::Reconnecting { tries, .. } => tries,
                    _ => 0,
                };
                cut(&mut online, tries, &why);
                return;
            }
        }
    }
    if matches!(online.link, Link::Open) {
        let out = std::mem::take(&mut online.out);
        if let Some(w) = wire.0.as_mut() {
            for msg in out {
                w.send(msg.to_text());
            }
        }
    }
    if matches!(online.link, Link::Off | Link::Lost(_)) {
        wire.0 = None;
    }
}

/// The link was cut: try again later, or give up.
fn cut(online: &mut Online, tries: u32, why: &str) {
    if online.link == Link::Off || matches!(online.link, Link::Lost(_)) {
        return;
    }
    // Before any room: another address of the same rooms, else nothing to
    // come back to.
    if online.room.is_none() && (tries as usize) + 1 < online.addresses().len() {
        online.address = online.address.wrapping_add(1);
        online.link = Link::Reconnecting {
            tries: tries + 1,
            wait: 0.0,
        };
        return;
    }
    if online.room.is_none() {
        online.link = Link::Lost(format!(
            "Could not reach the server at {} ({why}).",
            online.server
        ));
        return;
    }
    if tries >= MAX_TRIES {
        online.link = Link::Lost(format!(
            "The connection to {} is lost ({why}).",
            online.server
        ));
        return;
    }
    online.want = Some(Want::Resume);
    // The next try goes to the next address (a server that stopped is
    // replaced by another of the same rooms).
    online.address = online.address.wrapping_add(1);
    online.link = Link::Reconnecting {
        tries: tries + 1,
        wait: retry_wait(tries),
    };
}

/// The first request on a new link: the want, or coming back to the room.
fn ask_for(online: &mut Online) -> Option<Client> {
    let name = if online.name.trim().is_empty() {
        "Player".to_owned()
    } else {
        online.name.trim().chars().take(24).collect()
    };
    match online.want.clone()? {
        Want::Create {
            game,
            options,
            seats,
            settings,
        } => Some(Client::Create {
            game,
            options: Some(options),
            seats,
            name,
            settings: Some(settings),
        }),
        Want::Join { room, seat } => Some(Client::Join { room, name, seat }),
        Want::Watch { room } => Some(Client::Watch { room }),
        Want::Resume => {
            let room = online.room.as_ref()?;
            match (&room.token, room.seat) {
                (Some(token), _) => Some(Client::Resume {
                    room: room.code.clone(),
                    token: token.clone(),
                    last_version: online.seen,
                }),
                (None, None) => Some(Client::Watch {
                    room: room.code.clone(),
                }),
                _ => None,
            }
        }
    }
}

/// Takes in one frame from the server.
fn take(online: &mut Online, msg: Server, saves: Option<&Saves>) {
    match msg {
        Server::Hello { protocol, .. } => {
            if protocol != PROTOCOL {
                online.link = Link::Lost(format!(
                    "The server speaks protocol {protocol}; this app speaks {PROTOCOL}: one of them needs updating."
                ));
            }
        }
        Server::Welcome(w) => {
            let host = matches!(online.want, Some(Want::Create { .. }))
                || online.room.as_ref().is_some_and(|r| r.host);
            let token = w
                .token
                .clone()
                .or_else(|| online.room.as_ref().and_then(|r| r.token.clone()));
            online.room = Some(Room {
                code: w.room,
                link_path: w.link_path,
                seat: w.seat,
                token,
                game: w.game,
                options: w.options,
                settings: w.settings,
                host,
            });
            online.seats = w.seats;
            online.started = w.started;
            online.seen = w.version;
            online.seq = online.seq.max(w.last_seq);
            online.want = Some(Want::Resume);
            online.link = Link::Open;
            online.missed = 0;
            keep_room(online, saves);
        }
        Server::Snapshot(s) => {
            online.seen = s.v;
            if online.to_act != s.to_act {
                online.to_act.clone_from(&s.to_act);
                online.turn_for = 0.0;
            }
            online.snapshot = Some(s.clone());
            online.frames.push_back(Server::Snapshot(s));
        }
        Server::Update(u) => {
            online.seen = online.seen.max(u.v);
            if online.to_act != u.to_act || u.ack.is_some() || !u.lines.is_empty() {
                online.to_act.clone_from(&u.to_act);
                online.turn_for = 0.0;
            }
            online.frames.push_back(Server::Update(u));
        }
        Server::Seats { seats, started } => {
            online.seats = seats;
            online.started = started;
        }
        Server::Takeback { by, state } => {
            online.takeback = Some((by, state));
            online.frames.push_back(Server::Takeback { by, state });
        }
        Server::Record { record } => {
            online.frames.push_back(Server::Record { record });
        }
        Server::Error { code, message, seq } => {
            let gone = matches!(code.as_str(), codes::NO_ROOM | codes::BAD_TOKEN);
            if online.room.is_none() && !gone {
                // What was asked for was refused (no free seat, a room the
                // server would not make): nothing else to do.
                online.link = Link::Lost(message);
                return;
            }
            match code.as_str() {
                // Another server of the same rooms may hold it: try them all
                // before calling the room gone.
                codes::NO_ROOM if online.missed + 1 < online.addresses().len() => {
                    online.missed += 1;
                    online.address = online.address.wrapping_add(1);
                    online.new_link = true;
                    if online.room.is_some() {
                        online.want = Some(Want::Resume);
                    }
                    online.link = Link::Reconnecting {
                        tries: 1,
                        wait: 0.0,
                    };
                }
                _ if gone => {
                    online.link = Link::Lost(if online.room.is_some() {
                        "That room is gone: the game ended or the room was closed.".into()
                    } else {
                        format!("No room with that code ({message}).")
                    });
                    online.room = None;
                    forget_room(online, saves);
                }
                codes::REPLACED => {
                    online.link = Link::Lost("This seat was taken up on another screen.".into());
                }
                codes::RESUME => {
                    // The room was rebuilt on the server: come back to it.
                    online.want = Some(Want::Resume);
                    if let Some(msg) = ask_for(online) {
                        online.out.push(msg);
                    }
                }
                codes::PROTOCOL => online.link = Link::Lost(message),
                _ => {
                    online.notice = Some(message.clone());
                    online
                        .frames
                        .push_back(Server::Error { code, message, seq });
                }
            }
        }
        Server::Rematch { by, room } => {
            online.rematch = Some((by, room));
        }
        Server::Said { by, phrase } => {
            if usize::from(phrase) < veil_net::PHRASES.len() {
                online.said.push_back((by, phrase, 0.0));
                while online.said.len() > 4 {
                    online.said.pop_front();
                }
            }
        }
        Server::Pong => {}
    }
}

/// The protocol's seat list as a game's seats: seat numbers that may act.
fn seats_of(list: &[u8]) -> Vec<Seat> {
    list.iter().map(|s| Seat(*s)).collect()
}

fn writers_of(list: &[Option<u8>]) -> Vec<Option<Seat>> {
    list.iter().map(|w| w.map(Seat)).collect()
}

fn over_of(over: Option<veil_net::Over>) -> Option<Outcome> {
    over.map(|o| Outcome {
        scores: o.scores,
        ranks: o.ranks,
        reason: o.reason,
    })
}

/// The mirror of `G` a snapshot draws, for the table.
pub fn mirror_of<G: GameView>(online: &Online) -> Result<Match<G>, String> {
    let room = online.room.as_ref().ok_or("not in a room")?;
    let snap = online
        .snapshot
        .as_ref()
        .ok_or("no picture of the room yet")?;
    let options: G::Options = serde_json::from_value(room.options.clone())
        .map_err(|e| format!("the room's options: {e}"))?;
    let view: G::Observation =
        serde_json::from_value(snap.view.clone()).map_err(|e| format!("the room's view: {e}"))?;
    veil_match::Match::mirror(
        options,
        online.seats.len(),
        room.seat.map(Seat),
        view,
        snap.lines.clone(),
        writers_of(&snap.writers),
        seats_of(&snap.to_act),
        over_of(snap.over.clone()),
        snap.v,
    )
    .map(Match)
}

/// Feeds the table's mirror of `G` from the server's frames, and sends
/// what its seat asked for.
pub fn sync<G: GameView>(
    mut online: ResMut<Online>,
    mut m: ResMut<Match<G>>,
    mut changed: MessageWriter<GameChanged>,
    mut refused: MessageWriter<ActionRefused>,
    saves: Option<Res<Saves>>,
) {
    if !online.playing {
        return;
    }
    while let Some(frame) = online.frames.pop_front() {
        let before = m.to_act();
        let done = match frame {
            Server::Snapshot(_) if m.is_mirror() => mirror_of::<G>(&online).map(|fresh| {
                *m = fresh;
                None
            }),
            Server::Update(u) if m.is_mirror() => {
                let view = match u.view.map(serde_json::from_value::<G::Observation>) {
                    Some(Ok(v)) => Ok(Some(v)),
                    Some(Err(e)) => Err(format!("the server's view: {e}")),
                    None => Ok(None),
                };
                view.and_then(|view| {
                    m.mirror_update(
                        view,
                        u.log_len,
                        u.lines,
                        writers_of(&u.writers),
                        seats_of(&u.to_act),
                        over_of(u.over),
                        u.v,
                    )
                })
                .map(|()| before)
            }
            Server::Record { record } if m.is_mirror() => {
                match serde_json::from_value::<veil_match::MatchSnapshot<G>>(record)
                    .map_err(|e| e.to_string())
                    .and_then(veil_match::Match::restore)
                {
                    Ok(full) if full.turn() == veil_core::Turn::Over => {
                        // Every secret may be told now: the record is the
                        // table's for the results and the review.
                        m.0 = full;
                        forget_room(&online, saves.as_deref());
                        Ok(None)
                    }
                    Ok(_) => Err("the server sent the record of a game not over".into()),
                    Err(e) => Err(format!("the game's record: {e}")),
                }
            }
            Server::Error { .. } => {
                m.mirror_answered();
                if let Some(seat) = m.mirror_seat() {
                    refused.write(ActionRefused { seat });
                }
                continue;
            }
            _ => continue,
        };
        match done {
            Ok(by) => {
                changed.write(GameChanged { by, undo: false });
            }
            Err(e) => {
                // Out of order or unreadable: say so and start again from a
                // full picture (a new link resumes with a snapshot).
                online.notice = Some(format!("{e}; connecting again."));
                online.faults += 1;
                online.frames.clear();
                online.remake = true;
                return;
            }
        }
    }
    let seen = online.seen;
    for asked in m.take_asked() {
        let msg = match asked {
            veil_match::Asked::Act(action) => {
                let Ok(action) = serde_json::to_value(action) else {
                    continue;
                };
                Client::Act {
                    seq: online.next_seq(),
                    seen,
                    action,
                }
            }
            veil_match::Asked::Takeback => Client::Takeback {
                seq: online.next_seq(),
            },
            veil_match::Asked::Resign => Client::Resign {
                seq: online.next_seq(),
            },
        };
        online.send(msg);
    }
}

/// When it becomes this seat's turn while the window is in the
/// background: a sound, and the window's (the tab's) title says so.
fn your_turn(
    mut online: ResMut<Online>,
    time: Res<Time>,
    mut windows: Query<&mut Window>,
    mut cues: MessageWriter<crate::kit::sound::Cue>,
    mut was: Local<bool>,
) {
    online.turn_for += time.delta_secs();
    let dt = time.delta_secs();
    for said in online.said.iter_mut() {
        said.2 += dt;
    }
    online.said.retain(|s| s.2 < SAID_SHOWN);
    let mine = online.playing
        && online
            .room
            .as_ref()
            .and_then(|r| r.seat)
            .is_some_and(|s| online.to_act.contains(&s));
    for mut window in &mut windows {
        let title = if mine && !window.focused {
            "Your turn — Veil".to_owned()
        } else {
            "Veil".to_owned()
        };
        if window.title != title {
            window.title = title;
        }
        if mine && !*was && !window.focused {
            cues.write(crate::kit::sound::Cue::Check);
        }
    }
    *was = mine;
}

/// The online strip over the table: the room, the link's state, each
/// seat's person and presence, whose turn with the time left, and a
/// takeback to answer.
fn online_bar(
    mut contexts: bevy_egui::EguiContexts,
    online: Res<Online>,
    mut commands: MessageWriter<crate::kit::input::Command>,
) -> Result {
    use bevy_egui::egui;
    if !online.playing {
        return Ok(());
    }
    let Some(room) = online.room.clone() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let info = veil_games::entry(&room.game);
    let mut answer = None;
    let mut retry = false;
    let mut out: Vec<crate::kit::input::Command> = Vec::new();
    egui::Area::new(egui::Id::new("online-bar"))
        .anchor(
            egui::Align2::LEFT_TOP,
            [8.0, crate::kit::widgets::TOP_BAR + 4.0],
        )
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                let state = match &online.link {
                    Link::Open => "connected".to_owned(),
                    Link::Connecting => "connecting…".to_owned(),
                    Link::Reconnecting { .. } => "reconnecting…".to_owned(),
                    Link::Lost(why) => why.clone(),
                    Link::Off => "offline".to_owned(),
                };
                ui.label(
                    egui::RichText::new(format!("Online · room {} · {state}", room.code)).strong(),
                );
                if matches!(online.link, Link::Lost(_)) && ui.button("Retry").clicked() {
                    retry = true;
                }
                for (i, seat) in online.seats.iter().enumerate() {
                    let name = info.map_or("Seat", |g| g.seat_name(i));
                    let who = if seat.name.is_empty() {
                        seat.kind.clone()
                    } else {
                        seat.name.clone()
                    };
                    let presence = match (seat.kind.as_str(), seat.connected, seat.away) {
                        ("person", _, true) => " · away (the computer plays)",
                        ("person", false, _) => " · not connected",
                        ("person", true, _) => " · here",
                        _ => " · computer",
                    };
                    let you = if room.seat == Some(i as u8) {
                        " (you)"
                    } else {
                        ""
                    };
                    let turn = online.to_act.contains(&(i as u8));
                    let clock = match (turn, room.settings.move_secs) {
                        (true, Some(secs)) => {
                            let left = (secs as f32 - online.turn_for).max(0.0).ceil();
                            format!(" · {left:.0} s left")
                        }
                        _ => String::new(),
                    };
                    let mark = if turn { "▶ " } else { "   " };
                    ui.label(format!("{mark}{name}: {who}{you}{presence}{clock}"));
                }
                if let Some((by, TakebackState::Asked)) = online.takeback
                    && room.seat.is_some_and(|s| s != by)
                {
                    let name = info.map_or("A player", |g| g.seat_name(usize::from(by)));
                    ui.label(format!("{name} asks to take back their last move."));
                    ui.horizontal(|ui| {
                        if ui.button("Accept").clicked() {
                            answer = Some(true);
                        }
                        if ui.button("Refuse").clicked() {
                            answer = Some(false);
                        }
                    });
                }
                for (by, phrase, _) in &online.said {
                    let name = info.map_or("A player", |g| g.seat_name(usize::from(*by)));
                    let who = online
                        .seats
                        .get(usize::from(*by))
                        .map_or(name.to_owned(), |s| format!("{name} ({})", s.name));
                    ui.label(format!(
                        "{who}: “{}”",
                        veil_net::PHRASES[usize::from(*phrase)]
                    ));
                }
                if room.seat.is_some() {
                    ui.horizontal_wrapped(|ui| {
                        for (i, phrase) in veil_net::PHRASES.iter().enumerate() {
                            if ui.small_button(*phrase).clicked() {
                                out.push(crate::kit::input::Command::Say(i as u8));
                            }
                        }
                    });
                }
                if let Some(notice) = &online.notice {
                    ui.small(notice);
                }
            });
        });
    if let Some(accept) = answer {
        out.push(crate::kit::input::Command::AnswerTakeback(accept));
    }
    if retry {
        out.push(crate::kit::input::Command::RetryOnline);
    }
    commands.write_batch(out);
    Ok(())
}

/// The table's online commands: a takeback answered, the link retried.
fn online_commands(
    mut reader: MessageReader<crate::kit::input::Command>,
    mut online: ResMut<Online>,
) {
    use crate::kit::input::Command;
    for c in reader.read() {
        match *c {
            Command::AnswerTakeback(accept) if online.playing => {
                let Some((by, TakebackState::Asked)) = online.takeback else {
                    continue;
                };
                online.send(Client::AnswerTakeback { accept });
                online.takeback = Some((
                    by,
                    if accept {
                        TakebackState::Accepted
                    } else {
                        TakebackState::Refused
                    },
                ));
            }
            Command::Say(phrase) if online.playing => {
                let seated = online.room.as_ref().is_some_and(|r| r.seat.is_some());
                if seated && usize::from(phrase) < veil_net::PHRASES.len() {
                    online.send(Client::Say { phrase });
                }
            }
            Command::RetryOnline if online.playing && matches!(online.link, Link::Lost(_)) => {
                online.link = Link::Reconnecting {
                    tries: 0,
                    wait: 0.0,
                };
            }
            _ => {}
        }
    }
}
