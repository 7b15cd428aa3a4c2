//! The setup of the next match: the game, who plays each seat, the game's
//! options, and the seeds. The games themselves are listed in the registry
//! (`veil_games::GAMES`), never here.

use std::collections::BTreeMap;

use bevy::prelude::*;
use veil_ai::Level;
use veil_core::Game;
pub use veil_games::Entry as GameInfo;

pub use veil_match::{LEVELS, SeatKind, level_name};

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
    /// Who played each seat of each game when it was last started: the
    /// setup screen offers it again (kept between runs, see [`Remembered`]).
    seats_by_game: BTreeMap<&'static str, Vec<SeatKind>>,
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
            seats_by_game: BTreeMap::new(),
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
    /// Chooses the game with the seats it was last started with; a game
    /// never started begins as one person against the computer (at the
    /// level last chosen for a computer seat), never as the last game's
    /// hot-seat.
    pub fn choose_game(&mut self, id: &'static str) {
        self.game = id;
        if let Some(seats) = self.seats_by_game.get(id) {
            // The seats as they were when this game was last started.
            self.seats = seats.clone();
            let n = seats.len();
            self.set_seat_count(n);
            return;
        }
        let level = self
            .seats
            .iter()
            .find_map(|s| match s {
                // A baseline (random, greedy) is not carried to another game.
                SeatKind::Computer(level) if LEVELS.iter().any(|l| l.0 == *level) => Some(*level),
                _ => None,
            })
            .unwrap_or(Level::Easy);
        self.seats = vec![SeatKind::Human, SeatKind::Computer(level)];
        let n = game_info(id).map_or(2, |g| g.seats.default);
        self.set_seat_count(n);
    }

    /// The game's options as set, as JSON (the game's defaults if never
    /// set): what a room online is created with.
    pub fn options_value(&self) -> serde_json::Value {
        self.options
            .get(self.game)
            .cloned()
            .or_else(|| veil_match::default_options(self.game).ok())
            .unwrap_or(serde_json::Value::Null)
    }

    /// Notes this setup as its game's last (called when a match starts).
    pub fn remember(&mut self) {
        self.seats_by_game.insert(self.game, self.seats.clone());
    }

    /// The last setups as kept between runs.
    pub fn remembered(&self) -> Remembered {
        let mut games = BTreeMap::new();
        for g in veil_games::GAMES {
            let seats = self.seats_by_game.get(g.id);
            let options = self.options.get(g.id);
            if seats.is_none() && options.is_none() {
                continue;
            }
            games.insert(
                g.id.to_owned(),
                RememberedGame {
                    seats: seats
                        .map_or_else(Vec::new, |s| s.iter().map(|k| k.label_id()).collect()),
                    options: options.cloned(),
                },
            );
        }
        Remembered {
            game: self.game.to_owned(),
            games,
        }
    }

    /// Takes up the last setups kept between runs. What is unknown or
    /// unreadable (a game no longer listed, a level renamed, options of an
    /// older build) is left out: the defaults stand in for it.
    pub fn recall(&mut self, r: &Remembered) {
        for (id, g) in &r.games {
            let Some(info) = game_info(id) else { continue };
            let seats: Result<Vec<SeatKind>, String> =
                g.seats.iter().map(|s| SeatKind::from_label_id(s)).collect();
            if let Ok(seats) = seats
                && info.seats.counts().any(|n| n == seats.len())
            {
                self.seats_by_game.insert(info.id, seats);
            }
            if let Some(o) = &g.options {
                self.options.insert(info.id, o.clone());
            }
        }
        if let Some(info) = game_info(&r.game).filter(|g| g.app) {
            self.choose_game(info.id);
        }
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

    /// The options of game `G` as set (its defaults until set, or when
    /// what was kept no longer reads as its options).
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

/// The last setup of each game, kept between runs under the store's key
/// `setup`: who played each seat ("human" or a level) and the options.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Remembered {
    /// The game chosen last.
    pub game: String,
    pub games: BTreeMap<String, RememberedGame>,
}

#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct RememberedGame {
    pub seats: Vec<String>,
    pub options: Option<serde_json::Value>,
}
