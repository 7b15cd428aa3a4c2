//! The setup of the next match: the game, who plays each seat, the game's
//! options, and the seeds. The games themselves are listed in the registry
//! (`veil_games::GAMES`), never here.

use std::collections::BTreeMap;

use bevy::prelude::*;
use veil_ai::Level;
use veil_core::Game;
pub use veil_games::Entry as GameInfo;

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

    /// "human" or the level's name, as saves keep it.
    pub fn label_id(self) -> String {
        match self {
            SeatKind::Human => "human".into(),
            SeatKind::Computer(level) => level.to_string(),
        }
    }

    /// Reads [`SeatKind::label_id`] back.
    pub fn from_label_id(text: &str) -> Result<Self, String> {
        match text {
            "human" => Ok(SeatKind::Human),
            other => other
                .parse::<Level>()
                .map(SeatKind::Computer)
                .map_err(|e| e.to_string()),
        }
    }

    pub fn is_human(self) -> bool {
        self == SeatKind::Human
    }
}

/// The next match as set up on the setup screen.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct MatchSetup {
    /// The game's id in the registry.
    pub game: &'static str,
    pub seats: Vec<SeatKind>,
    /// Each game's options as last set, by id (a game's own `Options`
    /// type, kept as JSON so the setup names no game).
    options: BTreeMap<&'static str, serde_json::Value>,
    /// Seed of chance (reveals) and of the computer players; a fresh one
    /// from the system's entropy per match unless fixed (tests, demo).
    pub seed: Option<u64>,
    /// The most thinking time per computer move, on top of the level's
    /// iteration budget (keeps slow machines and the browser responsive).
    pub think_limit_ms: u64,
}

impl Default for MatchSetup {
    fn default() -> Self {
        let first = veil_games::GAMES
            .iter()
            .find(|g| g.app)
            .expect("the registry lists a game the app can show");
        let mut setup = MatchSetup {
            game: first.id,
            seats: vec![SeatKind::Human],
            options: BTreeMap::new(),
            seed: None,
            think_limit_ms: 4000,
        };
        setup.choose_game(first.id);
        setup
    }
}

/// The game with this id.
pub fn game_info(id: &str) -> Option<&'static GameInfo> {
    veil_games::entry(id)
}

impl MatchSetup {
    /// Chooses the game, keeping the seats' kinds where the seat count
    /// allows (the first seat human, the others computers when new).
    pub fn choose_game(&mut self, id: &'static str) {
        self.game = id;
        let n = game_info(id).map_or(2, |g| g.seats.default);
        self.set_seat_count(n);
    }

    /// Sets the number of seats, within the game's range.
    pub fn set_seat_count(&mut self, n: usize) {
        let n = match game_info(self.game) {
            // The nearest count the game allows.
            Some(g) => g
                .seats
                .counts()
                .min_by_key(|c| c.abs_diff(n))
                .unwrap_or(g.seats.default),
            None => n.max(1),
        };
        let fill = self
            .seats
            .get(1)
            .copied()
            .unwrap_or(SeatKind::Computer(Level::Easy));
        self.seats.resize(n, fill);
    }

    /// The options of game `G` as set (its defaults until set).
    pub fn options<G: Game>(&self) -> G::Options {
        self.options
            .get(G::ID)
            .and_then(|v| serde_json::from_value(v.clone()).ok())
            .unwrap_or_default()
    }

    /// Sets the options of game `G`.
    pub fn set_options<G: Game>(&mut self, options: &G::Options) {
        if let Ok(v) = serde_json::to_value(options) {
            self.options.insert(G::ID, v);
        }
    }

    /// Changes the options of game `G` in place.
    pub fn edit_options<G: Game>(&mut self, edit: impl FnOnce(&mut G::Options)) {
        let mut o = self.options::<G>();
        edit(&mut o);
        self.set_options::<G>(&o);
    }
}
