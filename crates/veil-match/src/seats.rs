//! Who sits at the table and where the match's randomness comes from.

use veil_ai::{Duration, Level};

/// Who plays a seat: a person, or the computer at a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeatKind {
    Human,
    Computer(Level),
    /// Online, a seat played at another table (a person, or the server's
    /// computer): this side only mirrors it ([`crate::Match::mirror`]).
    Online,
}

/// The computer levels a player chooses from, named for players, with a
/// line on what each is like. (The random and greedy baselines stay in
/// `veil-cli`, for measuring.)
pub const LEVELS: [(Level, &str, &str); 3] = [
    (
        Level::Easy,
        "Beginner",
        "Thinks for a moment and misses things: for learning the game.",
    ),
    (
        Level::Normal,
        "Casual",
        "Ten times the thinking: a fair game for most players.",
    ),
    (
        Level::Hard,
        "Strong",
        "Forty times the thinking, and deeper: punishes mistakes.",
    ),
];

/// A level's name for players ("Beginner"); the baselines by their own.
pub fn level_name(level: Level) -> String {
    LEVELS
        .iter()
        .find(|l| l.0 == level)
        .map_or_else(|| format!("{level} (baseline)"), |l| l.1.to_owned())
}

impl SeatKind {
    pub fn label(self) -> String {
        match self {
            SeatKind::Human => "human".into(),
            SeatKind::Computer(level) => format!("computer ({})", level_name(level)),
            SeatKind::Online => "online".into(),
        }
    }

    /// "human" or the level's name, as saves keep it.
    pub fn label_id(self) -> String {
        match self {
            SeatKind::Human => "human".into(),
            SeatKind::Computer(level) => level.to_string(),
            // Never kept: a mirror is not saved.
            SeatKind::Online => "online".into(),
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

/// Where a match's randomness comes from: chance, each computer seat and
/// the hints each draw from their own seed, so that knowing one (say, by
/// watching the deals) tells nothing of another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seeds {
    pub chance: u64,
    /// One per seat (used when the seat is a computer).
    pub computers: Vec<u64>,
    pub hint: u64,
    /// The one number fixed seeds came from (tests, demo); `None` for
    /// entropy.
    pub fixed_origin: Option<u64>,
}

impl Seeds {
    /// Fresh seeds from the operating system's entropy (in the browser,
    /// `crypto.getRandomValues`): nothing a player can guess.
    pub fn from_entropy(seats: usize) -> Self {
        Seeds {
            chance: entropy(),
            computers: (0..seats).map(|_| entropy()).collect(),
            hint: entropy(),
            fixed_origin: None,
        }
    }

    /// Seeds derived from one number, for tests and the demo only.
    pub fn fixed(seed: u64, seats: usize) -> Self {
        let mut state = seed;
        let mut next = move || {
            // SplitMix64: independent-looking streams from one seed.
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Seeds {
            chance: next(),
            computers: (0..seats).map(|_| next()).collect(),
            hint: next(),
            fixed_origin: Some(seed),
        }
    }
}

/// 64 bits from the operating system's entropy source.
pub fn entropy() -> u64 {
    getrandom::u64().expect("the operating system provides entropy")
}

/// How long the computer seems to think: a fixed time per level, always
/// waited for in full, so that neither the spinner nor the moment the move
/// appears depends on anything but the level (a search that finishes early
/// because only one move is legal would otherwise tell why).
pub fn think_time(level: Level) -> Duration {
    Duration::from_millis(match level {
        Level::Random | Level::Greedy => 300,
        Level::Easy => 600,
        Level::Normal => 1000,
        Level::Hard => 2000,
    })
}

/// When the computer's move appears. `Fixed` (the app's only setting) waits
/// the level's think time in full; `AsSoonAsFound` plays as soon as the
/// search is done — it exists so the fair-play tests can show that their
/// timing probe catches the leak this would be.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ThinkPacing {
    #[default]
    Fixed,
    #[doc(hidden)]
    AsSoonAsFound,
}

/// As saves keep it: "human" or the level's name.
impl serde::Serialize for SeatKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.label_id())
    }
}

impl<'de> serde::Deserialize<'de> for SeatKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        SeatKind::from_label_id(&text).map_err(serde::de::Error::custom)
    }
}
