//! The one list of Veil's games, shared by the app and `veil-cli`.
//!
//! Every other place reaches a game through this list: the CLI's usage text
//! and the app's game-choice screen are written from [`GAMES`], and a caller
//! that needs the game's Rust type (to play a match, to draw its table)
//! gets it from [`visit`], which hands a [`Visit`]or the type behind an id.
//!
//! ```
//! use veil_core::Game;
//! use veil_games::{Visit, Entry, visit};
//!
//! /// Asks a game for the number of seats a new game has.
//! struct SeatsOfNewGame;
//!
//! impl Visit for SeatsOfNewGame {
//!     type Output = usize;
//!     fn visit<G: Game>(self, entry: &'static Entry) -> usize {
//!         let game = G::new(&Default::default(), entry.seats.default).unwrap();
//!         game.seats()
//!     }
//! }
//!
//! assert_eq!(visit("tysiac", SeatsOfNewGame).unwrap(), 3);
//! assert!(visit("no-such-game", SeatsOfNewGame).is_err());
//! ```
//!
//! Adding a game: write its rules crate (a [`veil_core::Game`]), add one
//! [`Entry`] to [`GAMES`] and one arm to [`visit`]; the CLI can then play
//! it, and the app lists it (playable once its view exists, `app: true`).

use std::fmt;

use veil_core::Game;

/// How many seats a game takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatRange {
    pub min: usize,
    pub max: usize,
    /// What the setup screen offers first.
    pub default: usize,
    /// Counts go up in steps of this from `min` (Rengo: 2 or 4, Go or
    /// Rengo; never 3).
    pub step: usize,
}

impl SeatRange {
    const fn exactly(n: usize) -> Self {
        SeatRange {
            min: n,
            max: n,
            default: n,
            step: 1,
        }
    }

    pub fn contains(&self, n: usize) -> bool {
        (self.min..=self.max).contains(&n) && (n - self.min) % self.step.max(1) == 0
    }

    /// Every count allowed, smallest first.
    pub fn counts(&self) -> impl Iterator<Item = usize> {
        (self.min..=self.max).step_by(self.step.max(1))
    }
}

/// One game of the collection.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The id on the command line, in saves and records.
    pub id: &'static str,
    /// The name players know it by.
    pub name: &'static str,
    /// One line saying what it is.
    pub blurb: &'static str,
    /// About how long one game takes, in words.
    pub length: &'static str,
    pub seats: SeatRange,
    /// Seat names in seat order, at least `seats.max` of them.
    pub seat_names: &'static [&'static str],
    /// The team of each seat (Rengo: Black 1 and 2 against White 1 and 2);
    /// empty when every seat plays for itself.
    pub teams: &'static [u8],
    /// The names of the teams, by team number (empty without teams).
    pub team_names: &'static [&'static str],
    /// Whether its rules are written: [`visit`] reaches its type and
    /// `veil-cli match` can play it.
    pub rules: bool,
    /// Whether the app can show its table yet (otherwise "coming").
    pub app: bool,
    /// A small picture of its table for the game choice (PNG, 240 × 192,
    /// made by `scripts/make_thumbs.sh` from the app's own screenshots).
    pub picture: &'static [u8],
}

impl Entry {
    /// The name of seat `index`.
    pub fn seat_name(&self, index: usize) -> &'static str {
        self.seat_names.get(index).copied().unwrap_or("Player")
    }

    /// The team of seat `index`.
    pub fn team(&self, index: usize) -> usize {
        self.teams.get(index).map_or(index, |t| usize::from(*t))
    }
}

const WHITE_BLACK: &[&str] = &["White", "Black"];

/// Every game of the collection, in the order the app lists them.
pub const GAMES: &[Entry] = &[
    Entry {
        id: veil_jieqi::Jieqi::ID,
        name: "Jieqi",
        blurb: "Hidden xiangqi: every piece but the general starts face down.",
        length: "20–40 minutes",
        seats: SeatRange::exactly(2),
        seat_names: &["Red", "Black"],
        teams: &[],
        team_names: &[],
        rules: true,
        app: true,
        picture: include_bytes!("../../../assets/thumbs/jieqi.png"),
    },
    Entry {
        id: veil_hide_and_guess::HideAndGuess::ID,
        name: "Hide and Guess",
        blurb: "Build triangles of chess pieces and guess your opponent's secret five.",
        length: "10–20 minutes",
        seats: SeatRange::exactly(2),
        seat_names: &["Player 1", "Player 2"],
        teams: &[],
        team_names: &[],
        rules: true,
        app: true,
        picture: include_bytes!("../../../assets/thumbs/hide-and-guess.png"),
    },
    Entry {
        id: veil_intrigue::Intrigue::ID,
        name: "Intrigue",
        blurb: "Chess with hidden kings and a secret informant.",
        length: "20–40 minutes",
        seats: SeatRange::exactly(2),
        seat_names: WHITE_BLACK,
        teams: &[],
        team_names: &[],
        rules: true,
        app: true,
        picture: include_bytes!("../../../assets/thumbs/intrigue.png"),
    },
    Entry {
        id: veil_secret_king::SecretKing::ID,
        name: "Secret King",
        blurb: "One of your knights is secretly your king.",
        length: "30–60 minutes",
        seats: SeatRange::exactly(2),
        seat_names: WHITE_BLACK,
        teams: &[],
        team_names: &[],
        rules: true,
        app: true,
        picture: include_bytes!("../../../assets/thumbs/secret-king.png"),
    },
    Entry {
        id: veil_tysiac::Tysiac::ID,
        name: "Tysiąc",
        blurb: "The Polish card game of bidding to a thousand.",
        length: "45–90 minutes",
        seats: SeatRange::exactly(3),
        seat_names: &["South", "West", "East"],
        teams: &[],
        team_names: &[],
        rules: true,
        app: true,
        picture: include_bytes!("../../../assets/thumbs/tysiac.png"),
    },
    Entry {
        id: veil_reality_check::RealityCheck::ID,
        name: "Reality Check",
        blurb: "Two-faced pieces on a diamond board; flip, bluff and check.",
        length: "20–40 minutes",
        seats: SeatRange::exactly(2),
        seat_names: WHITE_BLACK,
        teams: &[],
        team_names: &[],
        rules: true,
        app: true,
        picture: include_bytes!("../../../assets/thumbs/reality-check.png"),
    },
    Entry {
        id: veil_go::Rengo::ID,
        name: "Rengo",
        blurb: "Go for two teams of two who may not talk.",
        length: "30–60 minutes",
        // Plain Go is the same game with two seats (Black, White).
        seats: SeatRange {
            min: 2,
            max: 4,
            default: 4,
            step: 2,
        },
        seat_names: &["Black 1", "White 1", "Black 2", "White 2"],
        teams: &[0, 1, 0, 1],
        team_names: &["Black", "White"],
        rules: true,
        app: true,
        picture: include_bytes!("../../../assets/thumbs/rengo.png"),
    },
    Entry {
        id: veil_skelly::Skelly::ID,
        name: "Skelly",
        blurb: "Flick bottle caps through thirteen boxes; become a killer.",
        length: "10–30 minutes",
        seats: SeatRange {
            min: 2,
            max: 6,
            default: 3,
            step: 1,
        },
        seat_names: &["Red", "Blue", "Green", "Yellow", "Purple", "Orange"],
        teams: &[],
        team_names: &[],
        rules: true,
        app: true,
        picture: include_bytes!("../../../assets/thumbs/skelly.png"),
    },
];

/// The game with this id.
pub fn entry(id: &str) -> Option<&'static Entry> {
    GAMES.iter().find(|g| g.id == id)
}

/// The ids of the games whose rules are written, for usage texts.
pub fn ids_with_rules() -> impl Iterator<Item = &'static str> {
    GAMES.iter().filter(|g| g.rules).map(|g| g.id)
}

/// Something done with a game's type, chosen by id at run time.
pub trait Visit {
    type Output;
    fn visit<G: Game>(self, entry: &'static Entry) -> Self::Output;
}

/// Why [`visit`] could not reach a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegistryError {
    /// No game has this id; the known ids are listed.
    Unknown { id: String },
    /// The game is listed but its rules are not written yet.
    NotWritten { id: &'static str },
}

impl fmt::Display for RegistryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RegistryError::Unknown { id } => {
                let known: Vec<&str> = GAMES.iter().map(|g| g.id).collect();
                write!(f, "unknown game {id:?} (known: {})", known.join(", "))
            }
            RegistryError::NotWritten { id } => {
                write!(f, "{id} is listed but its rules are not written yet")
            }
        }
    }
}

impl std::error::Error for RegistryError {}

/// Hands `visitor` the type of the game with this id.
pub fn visit<V: Visit>(id: &str, visitor: V) -> Result<V::Output, RegistryError> {
    let Some(e) = entry(id) else {
        return Err(RegistryError::Unknown { id: id.to_owned() });
    };
    // The one place that ties an id to a type.
    Ok(match e.id {
        veil_jieqi::Jieqi::ID => visitor.visit::<veil_jieqi::Jieqi>(e),
        veil_hide_and_guess::HideAndGuess::ID => {
            visitor.visit::<veil_hide_and_guess::HideAndGuess>(e)
        }
        veil_intrigue::Intrigue::ID => visitor.visit::<veil_intrigue::Intrigue>(e),
        veil_secret_king::SecretKing::ID => visitor.visit::<veil_secret_king::SecretKing>(e),
        veil_tysiac::Tysiac::ID => visitor.visit::<veil_tysiac::Tysiac>(e),
        veil_skelly::Skelly::ID => visitor.visit::<veil_skelly::Skelly>(e),
        veil_go::Rengo::ID => visitor.visit::<veil_go::Rengo>(e),
        veil_reality_check::RealityCheck::ID => {
            visitor.visit::<veil_reality_check::RealityCheck>(e)
        }
        _ => return Err(RegistryError::NotWritten { id: e.id }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Id;
    impl Visit for Id {
        type Output = (&'static str, &'static str);
        fn visit<G: Game>(self, entry: &'static Entry) -> Self::Output {
            (G::ID, entry.id)
        }
    }

    /// Makes a game with every seat count the entry allows.
    struct SeatCounts;
    impl Visit for SeatCounts {
        type Output = Vec<usize>;
        fn visit<G: Game>(self, entry: &'static Entry) -> Vec<usize> {
            entry
                .seats
                .counts()
                .map(|n| {
                    G::new(&Default::default(), n)
                        .expect("a listed seat count")
                        .seats()
                })
                .collect()
        }
    }

    #[test]
    fn ids_are_unique_and_every_written_game_is_reached_by_its_own_id() {
        for (i, g) in GAMES.iter().enumerate() {
            assert!(
                GAMES[i + 1..].iter().all(|h| h.id != g.id),
                "{} twice",
                g.id
            );
            match visit(g.id, Id) {
                Ok((type_id, entry_id)) => {
                    assert!(g.rules, "{} is reachable but not marked written", g.id);
                    assert_eq!(type_id, g.id);
                    assert_eq!(entry_id, g.id);
                }
                Err(e) => {
                    assert!(!g.rules, "{}: {e}", g.id);
                    assert_eq!(e, RegistryError::NotWritten { id: g.id });
                }
            }
        }
    }

    #[test]
    fn entries_are_consistent() {
        for g in GAMES {
            assert!(g.seats.min >= 1 && g.seats.min <= g.seats.default);
            assert!(g.seats.default <= g.seats.max);
            assert!(g.seat_names.len() >= g.seats.max, "{}: seat names", g.id);
            assert!(g.teams.is_empty() || g.teams.len() >= g.seats.max);
            for t in g.teams {
                assert!((*t as usize) < g.team_names.len(), "{}: team name", g.id);
            }
            assert!(!g.app || g.rules, "{}: a view without rules", g.id);
            if g.rules {
                let counts = visit(g.id, SeatCounts).unwrap();
                let expected: Vec<usize> = g.seats.counts().collect();
                assert_eq!(counts, expected, "{}", g.id);
            }
        }
    }

    #[test]
    fn unknown_ids_are_refused_with_the_known_ones() {
        let e = visit("chess", Id).unwrap_err();
        assert_eq!(e, RegistryError::Unknown { id: "chess".into() });
        let text = e.to_string();
        for g in GAMES {
            assert!(text.contains(g.id));
        }
    }

    #[test]
    fn teams_read_from_the_entry() {
        let rengo = entry("rengo").unwrap();
        assert_eq!(rengo.team(0), rengo.team(2));
        assert_ne!(rengo.team(0), rengo.team(1));
        let jieqi = entry(veil_jieqi::Jieqi::ID).unwrap();
        assert_ne!(jieqi.team(0), jieqi.team(1));
    }
}
