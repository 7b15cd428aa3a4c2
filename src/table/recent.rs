//! Finished games: the last few kept for review (the title's "Recent
//! games"), and records handed out or taken in.
//!
//! A record is Veil's own, versioned: the save file of a match once it is
//! over ([`crate::table::save`]), with every secret (the game is over, and a
//! review opens "as a seat saw it" first). A game may offer its players'
//! notation beside it (PGN, SGF) through [`FinishedRecords`]. A record that
//! cannot be read — damaged, of a newer version, of a game this build lacks,
//! of a game not finished — is refused with one line, and nothing kept is
//! touched.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::kit::settings::SettingsStore;
use crate::table::Screen;
use crate::table::save::{Header, OLDEST_FORMAT, SAVE_FORMAT, Saves};
use crate::table::view::GameViews;

/// The key the recent games are kept under.
pub const RECENT_KEY: &str = "recent";

/// How many finished games are kept. Fewer in the browser, whose local
/// storage (a few megabytes) the game in progress shares.
pub const RECENT_KEPT: usize = if cfg!(target_arch = "wasm32") { 4 } else { 8 };

/// The most the recent games may take together: the newest is always kept
/// (a whole Tysiąc match to 1000 is under 700 KB), older ones leave to make
/// room. The browser's local storage (about 5 MB) also holds the game in
/// progress (under 1 MB).
pub const RECENT_BUDGET: usize = if cfg!(target_arch = "wasm32") {
    2_400_000
} else {
    8_000_000
};

/// One finished game among the recent ones.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct RecentGame {
    /// The game's id.
    pub game: String,
    /// Seconds since 1970 when it ended.
    pub when: u64,
    /// The results' headline and reason, as shown then.
    pub headline: String,
    /// The record (see the module's text).
    pub record: String,
}

/// The recent games, newest first, and one line about the last attempt to
/// open or keep one.
#[derive(Resource, Default, Debug)]
pub struct RecentGames {
    pub games: Vec<RecentGame>,
    pub message: Option<String>,
}

/// A record of the game just finished, offered on the results screen.
#[derive(Clone, Debug)]
pub struct RecordFile {
    /// What it is, for the button ("SGF", "Veil record").
    pub label: &'static str,
    pub name: String,
    pub mime: &'static str,
    pub text: String,
}

impl RecordFile {
    /// Veil's own record of a finished game of `game`.
    pub fn veil(game: &str, text: String) -> Self {
        RecordFile {
            label: "Veil record",
            name: crate::kit::files::record_name(&format!("veil-{game}"), "json"),
            mime: "application/json",
            text,
        }
    }
}

/// The records the results screen offers (Veil's own first).
#[derive(Resource, Default, Debug)]
pub struct FinishedRecords {
    pub files: Vec<RecordFile>,
    /// What the last save did.
    pub note: Option<String>,
}

/// Asks to open a recent game (its index) or a record's text for review.
#[derive(Message, Clone, Debug)]
pub enum OpenRecord {
    Recent(usize),
    Text(String),
}

/// Asks to hand out a record: one of [`FinishedRecords`] (its index), or a
/// recent game's Veil record.
#[derive(Message, Clone, Debug)]
pub enum KeepRecord {
    Finished(usize),
    Recent(usize),
}

pub struct RecentPlugin;

impl Plugin for RecentPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<RecentGames>()
            .init_resource::<FinishedRecords>()
            .add_message::<OpenRecord>()
            .add_message::<KeepRecord>()
            .add_systems(OnEnter(Screen::Title), load_recent)
            .add_systems(OnEnter(Screen::Play), |mut f: ResMut<FinishedRecords>| {
                // A review keeps the records of the game it looks back on.
                f.note = None;
            })
            // Opening a record changes screens (it needs the world), so it
            // runs only when asked, not as a sync point every frame.
            .add_systems(
                Update,
                (
                    open_requested.run_if(on_message::<OpenRecord>),
                    keep_requested.run_if(on_message::<KeepRecord>),
                ),
            );
    }
}

/// Reads the recent games; a list that cannot be read is set aside.
fn load_recent(saves: Res<Saves>, mut recent: ResMut<RecentGames>) {
    recent.games.clear();
    let Some(text) = saves.0.read(RECENT_KEY) else {
        return;
    };
    match serde_json::from_str::<Vec<RecentGame>>(&text) {
        Ok(games) => recent.games = games,
        Err(e) => {
            let aside = saves
                .0
                .set_aside(RECENT_KEY)
                .unwrap_or_else(|| "nowhere".into());
            recent.message = Some(format!(
                "The list of recent games could not be read ({e}); it is kept as {aside}."
            ));
        }
    }
}

/// Seconds since 1970.
pub fn now_secs() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Keeps a game that just ended among the recent ones, and offers its
/// record on the results.
pub fn keep_finished(world: &mut World, game: &'static str, headline: String, record: String) {
    let entry = RecentGame {
        game: game.to_owned(),
        when: now_secs(),
        headline,
        record: record.clone(),
    };
    {
        let mut files = world.resource_mut::<FinishedRecords>();
        files.files.insert(0, RecordFile::veil(game, record));
    }
    let saves = world.resource::<Saves>().0.clone();
    // Read again: another window may have kept one meanwhile.
    let mut games: Vec<RecentGame> = saves
        .read(RECENT_KEY)
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    games.insert(0, entry);
    games.truncate(RECENT_KEPT);
    let mut total = 0;
    let keep = games
        .iter()
        .take_while(|g| {
            total += g.record.len();
            total <= RECENT_BUDGET
        })
        .count();
    games.truncate(keep.max(1));
    match serde_json::to_string(&games) {
        Ok(text) => {
            if let Err(e) = saves.write(RECENT_KEY, &text) {
                warn!("could not keep the recent games: {e}");
            }
        }
        Err(e) => warn!("could not keep the recent games: {e}"),
    }
    world.resource_mut::<RecentGames>().games = games;
}

/// Opens a record's text for review, checking everything first.
pub fn open_record(text: &str, world: &mut World) -> Result<(), String> {
    let header: Header =
        serde_json::from_str(text).map_err(|e| format!("this is not a Veil record ({e})"))?;
    if header.format > SAVE_FORMAT {
        return Err(format!(
            "it was made by a newer Veil (format {}, this one reads {SAVE_FORMAT})",
            header.format
        ));
    }
    if header.format < OLDEST_FORMAT {
        return Err(format!("its format {} is too old", header.format));
    }
    let review = world
        .resource::<GameViews>()
        .0
        .get(header.game.as_str())
        .map(|e| e.review)
        .ok_or_else(|| format!("this build has no game \"{}\"", header.game))?;
    review(text, world)
}

fn open_requested(world: &mut World) {
    let asks: Vec<OpenRecord> = world
        .resource_mut::<Messages<OpenRecord>>()
        .drain()
        .collect();
    for ask in asks {
        let text = match ask {
            OpenRecord::Recent(i) => match world.resource::<RecentGames>().games.get(i) {
                Some(g) => g.record.clone(),
                None => continue,
            },
            OpenRecord::Text(text) => text,
        };
        let message = match open_record(text.trim(), world) {
            Ok(()) => None,
            Err(why) => Some(format!("The record could not be opened: {why}.")),
        };
        world.resource_mut::<RecentGames>().message = message;
    }
}

fn keep_requested(
    mut asks: MessageReader<KeepRecord>,
    store: Res<SettingsStore>,
    mut finished: ResMut<FinishedRecords>,
    mut recent: ResMut<RecentGames>,
) {
    for ask in asks.read() {
        let file = match ask {
            KeepRecord::Finished(i) => finished.files.get(*i).cloned(),
            KeepRecord::Recent(i) => recent
                .games
                .get(*i)
                .map(|g| RecordFile::veil(&g.game, g.record.clone())),
        };
        let Some(file) = file else { continue };
        let line = match crate::kit::files::keep_text(&store, &file.name, file.mime, &file.text) {
            Ok(place) => format!("The {} was {place}.", file.label),
            Err(why) => format!("The {} was not saved: {why}.", file.label),
        };
        match ask {
            KeepRecord::Finished(_) => finished.note = Some(line),
            KeepRecord::Recent(_) => recent.message = Some(line),
        }
    }
}
