//! The games Veil offers, and the setup of the next match.

use bevy::prelude::*;
use veil_ai::Level;

/// One game of the collection.
#[derive(Clone, Copy, Debug)]
pub struct GameInfo {
    pub id: &'static str,
    pub name: &'static str,
    pub blurb: &'static str,
    /// False while the game is still being built ("coming").
    pub playable: bool,
    /// The seats' names, in seat order (their number is the game's).
    pub seats: &'static [&'static str],
}

pub const GAMES: [GameInfo; 8] = [
    GameInfo {
        id: "hide-and-guess",
        seats: &["Player 1", "Player 2"],
        name: "Hide and Guess",
        blurb: "Build triangles of chess pieces and guess your opponent's secret five.",
        playable: true,
    },
    GameInfo {
        id: "intrigue",
        seats: &["White", "Black"],
        name: "Intrigue",
        blurb: "Chess with hidden kings and a secret informant.",
        playable: true,
    },
    GameInfo {
        id: "reality-check",
        seats: &["White", "Black"],
        name: "Reality Check",
        blurb: "Two-faced pieces on a diamond board; flip, bluff and check.",
        playable: false,
    },
    GameInfo {
        id: "jieqi",
        seats: &["Red (moves first)", "Black"],
        name: "Jieqi",
        blurb: "Hidden xiangqi: every piece but the general starts face down.",
        playable: true,
    },
    GameInfo {
        id: "skelly",
        seats: &["First player", "Second player"],
        name: "Skelly",
        blurb: "Flick bottle caps through thirteen boxes; become a killer.",
        playable: false,
    },
    GameInfo {
        id: "tysiac",
        seats: &["South", "West", "East"],
        name: "Tysiąc",
        blurb: "The Polish card game of bidding to a thousand.",
        playable: true,
    },
    GameInfo {
        id: "rengo",
        seats: &["Black 1", "White 1", "Black 2", "White 2"],
        name: "Rengo",
        blurb: "Go for two teams of two who may not talk.",
        playable: false,
    },
    GameInfo {
        id: "secret-king",
        seats: &["White", "Black"],
        name: "Secret King",
        blurb: "One of your knights is secretly your king.",
        playable: true,
    },
];

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeatKind {
    Human,
    Computer(Level),
}

impl SeatKind {
    pub fn label(self) -> String {
        match self {
            SeatKind::Human => "human".into(),
            SeatKind::Computer(level) => format!("computer ({level})"),
        }
    }

    pub fn is_human(self) -> bool {
        self == SeatKind::Human
    }
}

/// The next match as set up on the setup screen.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct MatchSetup {
    pub game: &'static str,
    pub seats: Vec<SeatKind>,
    pub jieqi: veil_jieqi::JieqiOptions,
    pub intrigue: veil_intrigue::IntrigueOptions,
    pub secret_king: veil_secret_king::SecretKingOptions,
    pub tysiac: veil_tysiac::Options,
    /// Seed of chance (reveals) and of the computer players; a fresh one
    /// per match unless fixed (tests, demo).
    pub seed: Option<u64>,
    /// The most thinking time per computer move, on top of the level's
    /// iteration budget (keeps slow machines and the browser responsive).
    pub think_limit_ms: u64,
}

impl Default for MatchSetup {
    fn default() -> Self {
        MatchSetup {
            game: "jieqi",
            seats: vec![SeatKind::Human, SeatKind::Computer(Level::Easy)],
            jieqi: Default::default(),
            intrigue: Default::default(),
            secret_king: Default::default(),
            tysiac: Default::default(),
            seed: None,
            think_limit_ms: 4000,
        }
    }
}

/// The game with this id.
pub fn game_info(id: &str) -> Option<&'static GameInfo> {
    GAMES.iter().find(|g| g.id == id)
}

impl MatchSetup {
    /// Chooses the game, keeping the seats' kinds where the seat count
    /// allows (the first seat human, the others computers when new).
    pub fn choose_game(&mut self, id: &'static str) {
        self.game = id;
        let n = game_info(id).map_or(2, |g| g.seats.len());
        let fill = self
            .seats
            .get(1)
            .copied()
            .unwrap_or(SeatKind::Computer(Level::Easy));
        self.seats.resize(n, fill);
    }
}
