//! Veil's online protocol: what a client and `veil-server` say to each
//! other, as JSON text frames over one WebSocket (`GET /ws`).
//!
//! Every frame is one JSON object whose `"t"` names the message. The server
//! speaks first with [`Server::Hello`], carrying [`PROTOCOL`]; the client's
//! first frame must be [`Client::Hello`] with the same number, or it gets
//! an [`Server::Error`] with code `protocol` and the connection is closed.
//! A connection then creates, joins, watches or resumes **one** room.
//!
//! ```
//! use veil_net::{Client, PROTOCOL, SeatSpec, Server};
//!
//! // What a client sends to start a game of Jieqi against a friend.
//! let hello = Client::Hello { protocol: PROTOCOL };
//! let create = Client::Create {
//!     game: "jieqi".into(),
//!     options: None,
//!     seats: vec![SeatSpec::Me, SeatSpec::Person],
//!     name: "Ann".into(),
//!     settings: None,
//! };
//! assert_eq!(hello.to_text(), r#"{"t":"Hello","protocol":1}"#);
//! assert!(create.to_text().starts_with(r#"{"t":"Create","game":"jieqi""#));
//! // And reads what the server says.
//! let frame = r#"{"t":"Update","v":7,"log_len":6,"to_act":[1]}"#;
//! let Server::Update(u) = Server::from_text(frame).unwrap() else { panic!() };
//! assert_eq!((u.v, u.view), (7, None)); // nothing changed in what this seat sees
//! ```
//!
//! # The rule behind every message
//!
//! The server holds the full state. A seat's frames carry only what that
//! seat may know (`observe(seat)`), a spectator's only what everybody sees;
//! the move list's lines are public words written by each game's rules.
//! The full record with every secret ([`Server::Record`]) is sent only once
//! the game is over.
//!
//! # Client → server
//!
//! | message | example frame | what it does |
//! |---|---|---|
//! | [`Client::Hello`] | `{"t":"Hello","protocol":1}` | first frame: the protocol the client speaks |
//! | [`Client::Create`] | `{"t":"Create","game":"tysiac","seats":["me","person",{"computer":"easy"}],"name":"Ann"}` | a new room; `options` (the game's own, JSON) and `settings` ([`RoomSettings`]) may be left out. The creator sits at the `me` seat (at most one; none: the creator watches) |
//! | [`Client::Join`] | `{"t":"Join","room":"K7QM2X","name":"Bo","seat":1}` | takes a free person seat (`seat` left out: the first free one) |
//! | [`Client::Watch`] | `{"t":"Watch","room":"K7QM2X"}` | watches as a spectator |
//! | [`Client::Resume`] | `{"t":"Resume","room":"K7QM2X","token":"9f…","last_version":41}` | comes back to a seat with its token (a new connection replaces the old one) |
//! | [`Client::Start`] | `{"t":"Start"}` | the creator starts at once: person seats still free are played by the computer at the room's level |
//! | [`Client::Act`] | `{"t":"Act","seq":3,"seen":41,"action":{"Move":[12,21]}}` | plays the game's action (its JSON form) for this connection's seat |
//! | [`Client::Takeback`] | `{"t":"Takeback","seq":4}` | asks to take back this seat's last action |
//! | [`Client::AnswerTakeback`] | `{"t":"AnswerTakeback","accept":true}` | answers another seat's takeback request |
//! | [`Client::Resign`] | `{"t":"Resign","seq":5}` | resigns |
//! | [`Client::Say`] | `{"t":"Say","phrase":0}` | a quick message to the table, one of [`PHRASES`] (no free chat); at most one a second |
//! | [`Client::Ping`] | `{"t":"Ping"}` | answered by `Pong` |
//!
//! **`seq` and `seen`.** `seq` numbers a seat's requests, increasing; a
//! request whose `seq` is not above the last one taken is refused as
//! `duplicate` and never applied twice (a doubled send). `seen` is the room
//! version the client last saw; the action is refused as `stale` only if the
//! seat's current turn began after `seen` — so seats choosing at the same
//! time (both thumbs of a Hide and Guess vote, Tysiąc's answers to four
//! nines) can all answer from the same version, each applied exactly once.
//! A step that ends such a turn for everyone (a Tysiąc redeal) begins a new
//! turn for whoever acts next: an answer sent before it is `stale`.
//!
//! # Server → client
//!
//! | message | example frame | when |
//! |---|---|---|
//! | [`Server::Hello`] | `{"t":"Hello","protocol":1,"server":"veil-server 0.1.0"}` | first frame of every connection |
//! | [`Server::Welcome`] | `{"t":"Welcome","room":"K7QM2X","link_path":"/?room=K7QM2X","seat":0,"token":"9f…","game":"jieqi","options":{…},"seats":[…],"started":false,"version":0,"last_seq":0,"settings":{…}}` | after Create, Join, Watch or Resume; `token` only to the seat it belongs to, once |
//! | [`Server::Snapshot`] | `{"t":"Snapshot","v":41,"view":{…},"lines":["1. …"],"to_act":[0],"over":null}` | right after Welcome, and whenever a client must start again from a full picture (a room reloaded after a fault) |
//! | [`Server::Update`] | `{"t":"Update","v":42,"view":{…},"lines":["c3+"],"log_len":7,"to_act":[1],"ack":3}` | every change of the room, to every connection; `view` left out when this seat's observation did not change (`{"t":"Update","v":42,…}` still says nothing was missed); `lines`: the last lines of a move list now `log_len` long (an undo shortens it); `ack`: the `seq` of this seat's request just applied |
//! | [`Server::Seats`] | `{"t":"Seats","seats":[{"name":"Ann","kind":"person","connected":true,"away":false}],"started":true}` | someone joined, left, went away (the computer plays for them) or came back |
//! | [`Server::Takeback`] | `{"t":"Takeback","by":0,"state":"asked"}` | a takeback asked for, refused or accepted (then an `Update` follows) |
//! | [`Server::Said`] | `{"t":"Said","by":1,"phrase":0}` | a seat's quick message, to everyone in the room |
//! | [`Server::Record`] | `{"t":"Record","record":{…}}` | once, when the game is over: the whole match with every secret |
//! | [`Server::Error`] | `{"t":"Error","code":"stale","message":"…","seq":3}` | to this connection only; nothing changed. Codes: [`codes`] |
//! | [`Server::Pong`] | `{"t":"Pong"}` | answers `Ping` |
//!
//! # Takeback online
//!
//! A seat may ask to take back its own last action. Every other seat
//! played by a person must accept. It is refused at once, whatever they
//! would say, if since that action anything hidden was revealed — some
//! seat can now see something it could not — or chance was drawn (a deal,
//! a reveal, a die); and after any takeback, until the seat acts again.
//! What the seat could not see before its action is then dealt anew, so a
//! takeback never hands back a secret.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The takeback rule in players' words, for every game's rules screen
/// (the app shows it under each game's rules).
pub const TAKEBACK_RULE: &str = "Taking a move back. Online, a player may ask to take back \
their last move, and every other person at the table must agree. It cannot be asked once \
anything hidden has come to light since that move, or chance has been drawn (a card dealt, a \
piece turned over, a die rolled), nor again before the player has moved. Whatever the player \
could not see before that move is dealt anew, so taking back never hands back a secret. At \
one screen (against the computer, or passing the device) U takes back at once, dealing anew \
the same way.";

/// The quick messages a seat may send the table ([`Client::Say`]): a
/// short fixed list, as on other game sites, rather than free chat.
pub const PHRASES: [&str; 6] = [
    "Good game",
    "Thanks",
    "Oops",
    "Well played",
    "Hello",
    "One moment, please",
];

/// The protocol's version, in the first frame each side sends.
pub const PROTOCOL: u32 = 1;

/// The largest frame either side accepts, in bytes.
pub const MAX_FRAME: usize = 64 * 1024;

/// What a client says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", deny_unknown_fields)]
pub enum Client {
    Hello {
        protocol: u32,
    },
    Create {
        game: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        options: Option<Value>,
        seats: Vec<SeatSpec>,
        name: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        settings: Option<RoomSettings>,
    },
    Join {
        room: String,
        name: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<u8>,
    },
    Watch {
        room: String,
    },
    Resume {
        room: String,
        token: String,
        #[serde(default)]
        last_version: u64,
    },
    Start,
    Act {
        seq: u64,
        seen: u64,
        action: Value,
    },
    Takeback {
        seq: u64,
    },
    AnswerTakeback {
        accept: bool,
    },
    Resign {
        seq: u64,
    },
    Say {
        phrase: u8,
    },
    /// After the game: another room like this one, for the same people
    /// ([`Server::Rematch`]). Asked again, the same room is named.
    Rematch,
    Ping,
}

/// Who a seat is for, when a room is created.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatSpec {
    /// Open for a person who joins.
    Person,
    /// The creator's own seat.
    Me,
    /// The computer, at a level ("easy", "normal", "hard", or the
    /// baselines "random", "greedy").
    Computer(String),
}

/// A room's settings; every field has a default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RoomSettings {
    /// How long a person may be disconnected before the computer plays
    /// their seat, in seconds.
    pub grace_secs: u64,
    /// The computer's level for away players and free seats at the start.
    pub level: String,
    /// Time per move in seconds; when it runs out the computer moves for
    /// the seat. `None` (the default): no clock.
    pub move_secs: Option<u64>,
    /// A room with no person connected for this long is closed (its
    /// record kept), in seconds.
    pub idle_close_secs: u64,
    /// The longest the computer thinks for a move, in milliseconds.
    pub think_limit_ms: u64,
}

impl Default for RoomSettings {
    fn default() -> Self {
        RoomSettings {
            grace_secs: 60,
            level: "easy".into(),
            move_secs: None,
            idle_close_secs: 24 * 3600,
            think_limit_ms: 2000,
        }
    }
}

/// What a server says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t")]
pub enum Server {
    Hello {
        protocol: u32,
        server: String,
    },
    Welcome(Welcome),
    Snapshot(Snapshot),
    Update(Update),
    Seats {
        seats: Vec<SeatInfo>,
        started: bool,
    },
    Takeback {
        by: u8,
        state: TakebackState,
    },
    Record {
        record: Value,
    },
    Said {
        by: u8,
        phrase: u8,
    },
    /// Seat `by` asked for another game: a new room like this one (the
    /// same game, options, settings and computers; every person's seat
    /// open), told to everyone in this room, who may join it by its code.
    Rematch {
        by: u8,
        room: String,
    },
    Error {
        code: String,
        message: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seq: Option<u64>,
    },
    Pong,
}

/// The answer to Create, Join, Watch and Resume.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Welcome {
    /// The room's code ("K7QM2X").
    pub room: String,
    /// The path of the room's link on this server ("/?room=K7QM2X").
    pub link_path: String,
    /// This connection's seat; `None` for a spectator.
    pub seat: Option<u8>,
    /// The seat's token, for Resume; sent only on taking the seat. Keep it:
    /// the server stores only its hash.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    pub game: String,
    pub options: Value,
    pub seats: Vec<SeatInfo>,
    pub started: bool,
    pub version: u64,
    /// The last `seq` the server took from this seat (continue above it).
    pub last_seq: u64,
    pub settings: RoomSettings,
}

/// Everything a connection needs to draw the table from scratch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    pub v: u64,
    /// `observe(seat)`, or for a spectator what everybody sees.
    pub view: Value,
    /// The whole move list.
    pub lines: Vec<String>,
    /// The seat whose action wrote each line (`None`: the start, or chance),
    /// so a table joined mid-game draws the list in its columns. Left out
    /// by older servers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub writers: Vec<Option<u8>>,
    pub to_act: Vec<u8>,
    #[serde(default)]
    pub over: Option<Over>,
}

/// One change of the room.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Update {
    /// The room's version after the change.
    pub v: u64,
    /// This connection's new observation; left out when it did not change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub view: Option<Value>,
    /// The move list's new last lines (keep the first `log_len -
    /// lines.len()` lines you have, then these).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<String>,
    /// The seat whose action wrote each of `lines`, as in [`Snapshot`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub writers: Vec<Option<u8>>,
    pub log_len: usize,
    /// The seats that may act now.
    pub to_act: Vec<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub over: Option<Over>,
    /// The `seq` of this seat's request that made the change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ack: Option<u64>,
}

/// How the game ended (public).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Over {
    pub scores: Vec<i64>,
    /// Each seat's place, 0 for first.
    pub ranks: Vec<u8>,
    pub reason: String,
}

/// A seat as everybody sees it in the lobby and during the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// The person's display name (empty while the seat is free).
    pub name: String,
    /// "person", "free" (open for a person), or the computer's level.
    pub kind: String,
    pub connected: bool,
    /// The person is away and the computer plays for them.
    pub away: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TakebackState {
    Asked,
    Refused,
    Accepted,
}

/// The codes of [`Server::Error`].
pub mod codes {
    /// The first frame was not `Hello`, or spoke another protocol version
    /// (the connection is closed).
    pub const PROTOCOL: &str = "protocol";
    /// Not JSON, not one of the messages, or a field of the wrong type.
    pub const BAD_MESSAGE: &str = "bad_message";
    /// A frame over [`crate::MAX_FRAME`] bytes.
    pub const TOO_BIG: &str = "too_big";
    /// Too many messages too fast (the message was dropped).
    pub const RATE: &str = "rate";
    /// Too many rooms or connections from this address.
    pub const LIMIT: &str = "limit";
    /// No such room (or it was closed).
    pub const NO_ROOM: &str = "no_room";
    /// The game id or options or seats of a Create are not valid.
    pub const BAD_ROOM: &str = "bad_room";
    /// No free seat (or not that one).
    pub const NO_SEAT: &str = "no_seat";
    /// The token is not this room's token for any seat.
    pub const BAD_TOKEN: &str = "bad_token";
    /// This connection is already in a room.
    pub const IN_ROOM: &str = "in_room";
    /// This connection is in no room, or watches (it has no seat).
    pub const NO_SEAT_HERE: &str = "not_seated";
    /// The game has not started (waiting for players).
    pub const NOT_STARTED: &str = "not_started";
    /// Not this seat's turn.
    pub const NOT_YOUR_TURN: &str = "not_your_turn";
    /// The seat's turn began after the version the client saw.
    pub const STALE: &str = "stale";
    /// A `seq` not above the last one taken: a doubled send.
    pub const DUPLICATE: &str = "duplicate";
    /// The rules refuse the action (illegal, or not this game's action).
    pub const REFUSED: &str = "refused";
    /// The game is over.
    pub const OVER: &str = "over";
    /// A new game was asked for before this one ended.
    pub const NOT_OVER: &str = "not_over";
    /// A takeback the rule does not allow, or nothing to answer.
    pub const TAKEBACK: &str = "takeback";
    /// Only the room's creator may do this.
    pub const NOT_HOST: &str = "not_host";
    /// Another connection took this seat (this one is closed).
    pub const REPLACED: &str = "replaced";
    /// The room was reloaded after a fault: send Resume (or Watch) again.
    pub const RESUME: &str = "resume";
    /// The server could not store the step; nothing changed.
    pub const STORE: &str = "store";
}

impl Client {
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
    pub fn from_text(text: &str) -> Result<Self, serde_json::Error> {
        serde_json::from_str(text)
    }
}

impl Server {
    pub fn to_text(&self) -> String {
        // Every field is a string, a number or JSON already: this cannot
        // fail, and an empty frame would be refused by any client anyway.
        serde_json::to_string(self).unwrap_or_default()
    }
    pub fn from_text(text: &str) -> Result<Self, serde_json::Error> {
        serde_json::from_str(text)
    }
    pub fn error(code: &str, message: impl Into<String>, seq: Option<u64>) -> Self {
        Server::Error {
            code: code.into(),
            message: message.into(),
            seq,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_round_trips() {
        let clients = [
            Client::Hello { protocol: 1 },
            Client::Create {
                game: "tysiac".into(),
                options: None,
                seats: vec![
                    SeatSpec::Me,
                    SeatSpec::Person,
                    SeatSpec::Computer("easy".into()),
                ],
                name: "Ann".into(),
                settings: Some(RoomSettings::default()),
            },
            Client::Join {
                room: "K7QM2X".into(),
                name: "Bo".into(),
                seat: Some(1),
            },
            Client::Watch { room: "K".into() },
            Client::Resume {
                room: "K".into(),
                token: "00".into(),
                last_version: 3,
            },
            Client::Start,
            Client::Act {
                seq: 1,
                seen: 0,
                action: serde_json::json!({"Move": [1, 2]}),
            },
            Client::Takeback { seq: 2 },
            Client::AnswerTakeback { accept: false },
            Client::Resign { seq: 3 },
            Client::Say { phrase: 2 },
            Client::Ping,
        ];
        for c in clients {
            assert_eq!(Client::from_text(&c.to_text()).unwrap(), c);
        }
        let text = r#"{"t":"Create","game":"jieqi","seats":["me",{"computer":"hard"}],"name":"A"}"#;
        let Client::Create { seats, .. } = Client::from_text(text).unwrap() else {
            panic!()
        };
        assert_eq!(seats[1], SeatSpec::Computer("hard".into()));
    }

    #[test]
    fn unknown_and_mistyped_messages_are_refused() {
        for bad in [
            r#"{"t":"Nope"}"#,
            r#"{"t":"Act","seq":"1","seen":0,"action":1}"#,
            r#"{"t":"Act","seq":-1,"seen":0,"action":1}"#,
            r#"{"t":"Act","seq":1,"seen":0,"action":1,"extra":1}"#,
            r#"{"seq":1}"#,
            "[]",
            "",
        ] {
            assert!(Client::from_text(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn an_update_without_change_is_just_the_version() {
        let u = Server::Update(Update {
            v: 9,
            view: None,
            lines: vec![],
            writers: vec![],
            log_len: 4,
            to_act: vec![0],
            over: None,
            ack: None,
        });
        assert_eq!(
            u.to_text(),
            r#"{"t":"Update","v":9,"log_len":4,"to_act":[0]}"#
        );
    }
}
