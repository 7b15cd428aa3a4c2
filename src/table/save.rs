//! Resume: each game's match in progress is kept after every change
//! (desktop: a file in the platform's data folder; browser: local storage)
//! and offered as "Continue" on the title screen, the last played first.
//! Starting another game never loses one: each game kind has its own save,
//! and a new match of a kind with one in progress is started only once the
//! player has said to replace it (the setup screen asks).
//!
//! A save is the referee's (`veil_match::save`): a checkpoint — the
//! [`MatchSnapshot`], the full state with every secret, the seeds and the
//! chance generator, the last undo points and the move list — written now
//! and then, and a log to which each change of the game appends one line,
//! so keeping a change costs what it adds. It goes back into a [`Match`]
//! only; the table is then drawn from the viewer's observation like any
//! other. A save that cannot be read — damaged,
//! cut short, of a newer version, of a game this build lacks — is set aside
//! (renamed, never deleted) with one line saying so, and the app starts as
//! usual.

use bevy::prelude::*;
use veil_core::Turn;

use crate::kit::store::Store;
use veil_match::save::{SaveWriter, Write};

use crate::table::referee::Match;
#[cfg(doc)]
use crate::table::referee::MatchSnapshot;
use crate::table::setup::MatchSetup;
use crate::table::view::{Finished, GameView, GameViews, PreparedMatch, ReviewWanted};
use crate::table::{ActiveGame, Screen};

/// The key a game's match in progress is kept under (its checkpoint).
pub fn save_key(game: &str) -> String {
    format!("game.{game}")
}

/// The key of the log of changes since that checkpoint.
pub fn log_key(game: &str) -> String {
    format!("game.{game}.log")
}

/// Where the one match in progress was kept before each game kind had its
/// own save (taken up and moved to its game's key).
pub const OLD_SAVE_KEY: &str = "game";
const OLD_LOG_KEY: &str = "game.log";
/// The ids of the games last played, the last first: the order of the
/// title's "Continue" buttons.
const ORDER_KEY: &str = "games-played";
pub use veil_match::save::{Header, OLDEST_FORMAT, SAVE_FORMAT};

/// Where saves go (the app decides: the platform's place, or memory in
/// tests).
#[derive(Resource, Clone, Debug, Default)]
pub struct Saves(pub Store);

/// What the title screen offers to continue, and why a save was set aside.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct ResumeOffer {
    /// The games that can be continued, the last played first.
    pub games: Vec<InProgress>,
    /// One line for the player when a save could not be used.
    pub message: Option<String>,
}

impl ResumeOffer {
    /// The match of this game in progress, if one is kept.
    pub fn of(&self, game: &str) -> Option<&InProgress> {
        self.games.iter().find(|g| g.game == game)
    }
}

/// A kept match that can be continued.
#[derive(Clone, Debug, PartialEq)]
pub struct InProgress {
    pub game: &'static str,
    /// Who plays and how far it went ("against the computer · 12 moves").
    pub line: String,
}

/// The version of the match last kept, so it is written once per change,
/// and what decides between a checkpoint and an appended line.
#[derive(Resource, Default)]
pub struct Kept {
    version: Option<u64>,
    writer: SaveWriter,
}

pub struct SavePlugin {
    pub store: Store,
}

impl Plugin for SavePlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(Saves(self.store.clone()))
            .init_resource::<ResumeOffer>()
            .init_resource::<Kept>()
            .add_systems(OnEnter(Screen::Title), offer_resume)
            // The setup asks before a new match replaces one in progress.
            .add_systems(OnEnter(Screen::Setup), offer_resume)
            .add_systems(OnEnter(Screen::Play), |mut kept: ResMut<Kept>| {
                // A new match on the table: its first keeping is a checkpoint.
                *kept = Kept::default();
            });
    }
}

/// Keeps the match of `G` after every change, and forgets it once the game
/// is over (a finished game is not continued). A write that fails is said
/// in the log and the next keeping writes a whole checkpoint, so the log
/// never has a gap.
pub fn keep_match<G: GameView>(
    m: Option<ResMut<Match<G>>>,
    saves: Res<Saves>,
    mut kept: ResMut<Kept>,
    online: Res<crate::table::online::Online>,
) {
    // The finished match moves to the results in the frame it ends.
    let Some(mut m) = m else { return };
    // A game online is kept by its server (this app keeps its seat's
    // token): it must neither write nor end this game kind's own save.
    if online.playing || m.is_mirror() {
        return;
    }
    // A review changes what is shown, not the game (whose save is gone).
    if kept.version == Some(m.version) || m.review().is_some() {
        return;
    }
    // Taking the changes is bookkeeping, not a change of the game.
    let m = &mut m.bypass_change_detection().0;
    let first = kept.version.is_none();
    kept.version = Some(m.version);
    if m.turn() == Turn::Over {
        saves.0.remove(&save_key(G::ID));
        saves.0.remove(&log_key(G::ID));
        return;
    }
    if first {
        played_last(&saves.0, G::ID);
    }
    let done = match kept.writer.next(m) {
        Ok(None) => Ok(()),
        Ok(Some(write)) => write_out(&saves.0, G::ID, write),
        Err(e) => Err(e),
    };
    if let Err(e) = done {
        warn!("could not keep the game: {e}; writing it whole");
        kept.writer = SaveWriter::default();
        let again = kept
            .writer
            .checkpoint(m)
            .and_then(|w| write_out(&saves.0, G::ID, w));
        if let Err(e) = again {
            warn!("could not keep the game: {e}");
            kept.writer = SaveWriter::default();
        }
    }
}

fn write_out(store: &Store, game: &str, write: Write) -> Result<(), String> {
    match write {
        // The checkpoint first: a log left from before names the old
        // checkpoint and is passed over when read.
        Write::Checkpoint { checkpoint, log } => {
            store.write(&save_key(game), &checkpoint)?;
            store.write(&log_key(game), &log)
        }
        Write::Append(lines) => store.append(&log_key(game), &lines),
    }
}

/// Puts `game` first in the order of the games last played.
fn played_last(store: &Store, game: &str) {
    let order = store.read(ORDER_KEY).unwrap_or_default();
    let mut ids: Vec<&str> = order.lines().filter(|id| *id != game).collect();
    ids.insert(0, game);
    // Only the title's order: losing it loses nothing.
    if let Err(e) = store.write(ORDER_KEY, &ids.join("\n")) {
        warn!("could not note the game last played: {e}");
    }
}

/// The record of a match (in practice a finished one): its whole text,
/// without undo points once it is over.
pub fn record_text<G: GameView>(m: &Match<G>) -> Result<String, String> {
    veil_match::save::record_text(m)
}

/// Opens the record of a finished match of `G` for review: the results of
/// that game, then its first position, as the results' "Review the game"
/// does. A match not yet over is refused (it is a save, to be continued).
pub fn open_review<G: GameView>(text: &str, world: &mut World) -> Result<(), String> {
    let m = read_save::<G>(text, None)?;
    if m.turn() != Turn::Over {
        return Err("its game is not finished".into());
    }
    let mut setup = world.resource_mut::<MatchSetup>();
    setup.choose_game(G::ID);
    setup.seats = m.seats().to_vec();
    setup.set_options::<G>(&m.options());
    setup.seed = None;
    world.insert_resource(crate::table::referee::summarize(&m));
    // Its results offer this game's record, not the last one played.
    let mut files = world.resource_mut::<crate::table::recent::FinishedRecords>();
    files.files = vec![crate::table::recent::RecordFile::veil(
        G::ID,
        text.to_owned(),
    )];
    files.note = None;
    world.insert_resource(Finished(m));
    world.resource_mut::<ReviewWanted>().0 = true;
    world
        .resource_mut::<NextState<ActiveGame>>()
        .set(ActiveGame::of::<G>());
    world.resource_mut::<NextState<Screen>>().set(Screen::Play);
    Ok(())
}

/// Reads a save of `G` (its checkpoint, and the log of changes since) or a
/// record (a checkpoint alone) into a match, checking everything.
pub fn read_save<G: GameView>(text: &str, log: Option<&str>) -> Result<Match<G>, String> {
    veil_match::save::read(text, log).map(Match)
}

/// Checks a save of `G` without using it; says who plays it and how far
/// it went.
pub fn check_save<G: GameView>(text: &str, log: Option<&str>) -> Result<String, String> {
    let m = read_save::<G>(text, log)?;
    let people = m.humans().len();
    let who = match (people, m.seats().len() - people) {
        (1, 1) => "against the computer".to_owned(),
        (1, n) => format!("against {n} computers"),
        (p, 0) => format!("{p} people, hot-seat"),
        (p, n) => format!("{p} people and {n} computers"),
    };
    let moves = m.log().len();
    Ok(format!(
        "{who} · {moves} move{}",
        if moves == 1 { "" } else { "s" }
    ))
}

/// Puts the saved match of `G` on the table: the setup takes its seats and
/// options, and play begins with it.
pub fn resume<G: GameView>(text: &str, log: Option<&str>, world: &mut World) -> Result<(), String> {
    let m = read_save::<G>(text, log)?;
    let mut setup = world.resource_mut::<MatchSetup>();
    setup.choose_game(G::ID);
    setup.seats = m.seats().to_vec();
    setup.set_options::<G>(&m.options());
    setup.seed = None;
    world.insert_resource(PreparedMatch(m));
    world
        .resource_mut::<NextState<ActiveGame>>()
        .set(ActiveGame::of::<G>());
    world.resource_mut::<NextState<Screen>>().set(Screen::Play);
    Ok(())
}

/// On the title screen (and the setup's): which matches can be continued?
/// A save that cannot be used is set aside with a message; one kept the
/// old way (a single match under `game`) moves to its game's key.
fn offer_resume(saves: Res<Saves>, views: Res<GameViews>, mut offer: ResMut<ResumeOffer>) {
    let store = &saves.0;
    offer.games.clear();
    let mut messages = Vec::new();
    if let Some(text) = store.read(OLD_SAVE_KEY) {
        let log = store.read(OLD_LOG_KEY);
        match check(&views, None, &text, log.as_deref()) {
            Ok((id, _)) if store.read(&save_key(id)).is_none() => {
                // The checkpoint first, then its log; the old ones go only
                // once both are written.
                let moved = store.write(&save_key(id), &text).and_then(|()| match &log {
                    Some(log) => store.write(&log_key(id), log),
                    None => Ok(()),
                });
                match moved {
                    Ok(()) => {
                        store.remove(OLD_SAVE_KEY);
                        store.remove(OLD_LOG_KEY);
                    }
                    Err(e) => warn!("could not move the old save: {e}"),
                }
            }
            // Its game has a newer save of its own: the old one is kept
            // aside, never lost.
            Ok(_) => messages.push(set_aside(
                store,
                OLD_SAVE_KEY,
                OLD_LOG_KEY,
                "a newer game of its kind is kept",
            )),
            Err(why) => messages.push(set_aside(store, OLD_SAVE_KEY, OLD_LOG_KEY, &why)),
        }
    }
    let order = store.read(ORDER_KEY).unwrap_or_default();
    let mut ids: Vec<&'static str> = views.0.keys().copied().collect();
    // The last played first; those never noted after, in the registry's order.
    ids.sort_by_key(|id| order.lines().position(|o| o == *id).unwrap_or(usize::MAX));
    for id in ids {
        let (key, log_key) = (save_key(id), log_key(id));
        let Some(text) = store.read(&key) else {
            continue;
        };
        let log = store.read(&log_key);
        match check(&views, Some(id), &text, log.as_deref()) {
            Ok((game, line)) => offer.games.push(InProgress { game, line }),
            Err(why) => messages.push(set_aside(store, &key, &log_key, &why)),
        }
    }
    offer.message = (!messages.is_empty()).then(|| messages.join(" "));
}

/// Reads a save's header and checks the whole of it with its game's
/// reader: its game's id and line, or why it cannot be used.
fn check(
    views: &GameViews,
    expected: Option<&str>,
    text: &str,
    log: Option<&str>,
) -> Result<(&'static str, String), String> {
    let h =
        serde_json::from_str::<Header>(text).map_err(|e| format!("it could not be read ({e})"))?;
    if h.format > SAVE_FORMAT {
        return Err(format!(
            "it was made by a newer Veil (save format {}, this one reads {SAVE_FORMAT})",
            h.format
        ));
    }
    if h.format < OLDEST_FORMAT {
        return Err(format!("its format {} is too old", h.format));
    }
    let Some((id, entry)) = views.0.get_key_value(h.game.as_str()) else {
        return Err(format!("this build has no game \"{}\"", h.game));
    };
    if expected.is_some_and(|e| e != *id) {
        return Err(format!(
            "it is a game of {}, kept under another game's name",
            h.game
        ));
    }
    (entry.check_save)(text, log)
        .map(|line| (*id, line))
        .map_err(|e| format!("it is damaged ({e})"))
}

/// Moves a save and its log aside; the line saying so.
fn set_aside(store: &Store, key: &str, log_key: &str, why: &str) -> String {
    let aside = store.set_aside(key).unwrap_or_else(|| "nowhere".into());
    // Its log goes with it (it belongs to that checkpoint only).
    store.set_aside(log_key);
    let line = format!("A saved game was set aside: {why}. It is kept as {aside}.");
    warn!("{line}");
    line
}

/// Continues the kept match of `game` (the title's "Continue").
pub fn continue_game(game: &'static str) -> impl FnOnce(&mut World) {
    move |world: &mut World| {
        let store = world.resource::<Saves>().0.clone();
        let Some(text) = store.read(&save_key(game)) else {
            return;
        };
        let log = store.read(&log_key(game));
        let Some(resume) = world.resource::<GameViews>().0.get(game).map(|e| e.resume) else {
            return;
        };
        if let Err(e) = resume(&text, log.as_deref(), world) {
            // Checked on the title screen, so only a file changed since then.
            let mut offer = world.resource_mut::<ResumeOffer>();
            offer.message = Some(format!("Could not continue: {e}"));
            offer.games.retain(|g| g.game != game);
        }
    }
}
