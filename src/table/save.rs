//! Resume: the match in progress is kept after every change (desktop: a
//! file in the platform's data folder; browser: local storage) and offered
//! as "Continue" on the title screen.
//!
//! A save is the referee's [`MatchSnapshot`]: the full state with every
//! secret, the seeds and the chance generator, the undo points and the move
//! list. It goes back into a [`Match`] only; the table is then drawn from
//! the viewer's observation like any other. A save that cannot be read — damaged,
//! cut short, of a newer version, of a game this build lacks — is set aside
//! (renamed, never deleted) with one line saying so, and the app starts as
//! usual.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use veil_core::Turn;

use crate::kit::store::Store;
use crate::table::referee::{Match, MatchSnapshot};
use crate::table::setup::MatchSetup;
use crate::table::view::{Finished, GameView, GameViews, PreparedMatch, ReviewWanted};
use crate::table::{ActiveGame, Screen};

/// The key the match in progress is kept under.
pub const SAVE_KEY: &str = "game";
/// The save format this build writes and reads.
pub const SAVE_FORMAT: u32 = 2;

/// Where saves go (the app decides: the platform's place, or memory in
/// tests).
#[derive(Resource, Clone, Debug, Default)]
pub struct Saves(pub Store);

/// What the title screen offers to continue, and why a save was set aside.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct ResumeOffer {
    /// The id of the game that can be continued.
    pub game: Option<&'static str>,
    /// One line for the player when a save could not be used.
    pub message: Option<String>,
}

/// The version of the match last kept, so it is written once per change.
#[derive(Resource, Default)]
pub struct Kept(Option<u64>);

#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
struct SaveFile<G: GameView> {
    format: u32,
    game: String,
    #[serde(rename = "match")]
    snapshot: MatchSnapshot<G>,
}

/// What is read first, to know how to read the rest.
#[derive(Deserialize)]
pub struct Header {
    pub format: u32,
    pub game: String,
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
            .add_systems(OnEnter(Screen::Play), |mut kept: ResMut<Kept>| {
                kept.0 = None
            });
    }
}

/// Keeps the match of `G` after every change, and forgets it once the game
/// is over (a finished game is not continued).
pub fn keep_match<G: GameView>(m: Res<Match<G>>, saves: Res<Saves>, mut kept: ResMut<Kept>) {
    // A review changes what is shown, not the game (whose save is gone).
    if kept.0 == Some(m.version) || m.review().is_some() {
        return;
    }
    kept.0 = Some(m.version);
    if m.turn() == Turn::Over {
        saves.0.remove(SAVE_KEY);
        return;
    }
    let file = SaveFile {
        format: SAVE_FORMAT,
        game: G::ID.to_owned(),
        snapshot: m.snapshot(),
    };
    match serde_json::to_string(&file) {
        Ok(text) => saves.0.write(SAVE_KEY, &text),
        Err(e) => warn!("could not write the save: {e}"),
    }
}

/// The record of a match (in practice a finished one): the save file's text.
pub fn record_text<G: GameView>(m: &Match<G>) -> Result<String, String> {
    let mut snapshot = m.snapshot();
    // A finished game is not taken back: without its undo points (an
    // observation for each of a person's actions, most of a save's size —
    // 719 of 767 KB in a Hide and Guess game) a record is a tenth as long.
    if m.turn() == Turn::Over {
        snapshot.undo_points.clear();
    }
    let file = SaveFile {
        format: SAVE_FORMAT,
        game: G::ID.to_owned(),
        snapshot,
    };
    serde_json::to_string(&file).map_err(|e| e.to_string())
}

/// Opens the record of a finished match of `G` for review: the results of
/// that game, then its first position, as the results' "Review the game"
/// does. A match not yet over is refused (it is a save, to be continued).
pub fn open_review<G: GameView>(text: &str, world: &mut World) -> Result<(), String> {
    let m = read_save::<G>(text)?;
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

/// Reads a save of `G` into a match, checking everything.
pub fn read_save<G: GameView>(text: &str) -> Result<Match<G>, String> {
    let file: SaveFile<G> = serde_json::from_str(text).map_err(|e| e.to_string())?;
    Match::restore(file.snapshot)
}

/// Checks a save of `G` without using it.
pub fn check_save<G: GameView>(text: &str) -> Result<(), String> {
    read_save::<G>(text).map(|_| ())
}

/// Puts the saved match of `G` on the table: the setup takes its seats and
/// options, and play begins with it.
pub fn resume<G: GameView>(text: &str, world: &mut World) -> Result<(), String> {
    let m = read_save::<G>(text)?;
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

/// On the title screen: is there a match to continue? A save that cannot
/// be used is set aside with a message.
fn offer_resume(saves: Res<Saves>, views: Res<GameViews>, mut offer: ResMut<ResumeOffer>) {
    offer.game = None;
    offer.message = None;
    let Some(text) = saves.0.read(SAVE_KEY) else {
        return;
    };
    let verdict = match serde_json::from_str::<Header>(&text) {
        Err(e) => Err(format!("it could not be read ({e})")),
        Ok(h) if h.format > SAVE_FORMAT => Err(format!(
            "it was made by a newer Veil (save format {}, this one reads {SAVE_FORMAT})",
            h.format
        )),
        Ok(h) if h.format < SAVE_FORMAT => Err(format!("its format {} is too old", h.format)),
        Ok(h) => match views.0.get_key_value(h.game.as_str()) {
            None => Err(format!("this build has no game \"{}\"", h.game)),
            Some((id, entry)) => (entry.check_save)(&text)
                .map(|()| *id)
                .map_err(|e| format!("it is damaged ({e})")),
        },
    };
    match verdict {
        Ok(id) => offer.game = Some(id),
        Err(why) => {
            let aside = saves
                .0
                .set_aside(SAVE_KEY)
                .unwrap_or_else(|| "nowhere".into());
            let line = format!("The saved game was set aside: {why}. It is kept as {aside}.");
            warn!("{line}");
            offer.message = Some(line);
        }
    }
}

/// Continues the offered match (the title's "Continue").
pub fn continue_offered(world: &mut World) {
    let Some(id) = world.resource::<ResumeOffer>().game else {
        return;
    };
    let Some(text) = world.resource::<Saves>().0.read(SAVE_KEY) else {
        return;
    };
    let Some(resume) = world.resource::<GameViews>().0.get(id).map(|e| e.resume) else {
        return;
    };
    if let Err(e) = resume(&text, world) {
        // Checked on the title screen, so only a file changed since then.
        world.resource_mut::<ResumeOffer>().message = Some(format!("Could not continue: {e}"));
        world.resource_mut::<ResumeOffer>().game = None;
    }
}
