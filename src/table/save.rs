//! Resume: the match in progress is kept after every change (desktop: a
//! file in the platform's data folder; browser: local storage) and offered
//! as "Continue" on the title screen.
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

/// The key the match in progress is kept under (its checkpoint).
pub const SAVE_KEY: &str = "game";
/// The key of the log of changes since the checkpoint.
pub const LOG_KEY: &str = "game.log";
pub use veil_match::save::{Header, OLDEST_FORMAT, SAVE_FORMAT};

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
) {
    // The finished match moves to the results in the frame it ends.
    let Some(mut m) = m else { return };
    // A review changes what is shown, not the game (whose save is gone).
    if kept.version == Some(m.version) || m.review().is_some() {
        return;
    }
    // Taking the changes is bookkeeping, not a change of the game.
    let m = &mut m.bypass_change_detection().0;
    kept.version = Some(m.version);
    if m.turn() == Turn::Over {
        saves.0.remove(SAVE_KEY);
        saves.0.remove(LOG_KEY);
        return;
    }
    let done = match kept.writer.next(m) {
        Ok(None) => Ok(()),
        Ok(Some(write)) => write_out(&saves.0, write),
        Err(e) => Err(e),
    };
    if let Err(e) = done {
        warn!("could not keep the game: {e}; writing it whole");
        kept.writer = SaveWriter::default();
        let again = kept
            .writer
            .checkpoint(m)
            .and_then(|w| write_out(&saves.0, w));
        if let Err(e) = again {
            warn!("could not keep the game: {e}");
            kept.writer = SaveWriter::default();
        }
    }
}

fn write_out(store: &Store, write: Write) -> Result<(), String> {
    match write {
        // The checkpoint first: a log left from before names the old
        // checkpoint and is passed over when read.
        Write::Checkpoint { checkpoint, log } => {
            store.write(SAVE_KEY, &checkpoint)?;
            store.write(LOG_KEY, &log)
        }
        Write::Append(lines) => store.append(LOG_KEY, &lines),
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

/// Checks a save of `G` without using it.
pub fn check_save<G: GameView>(text: &str, log: Option<&str>) -> Result<(), String> {
    read_save::<G>(text, log).map(|_| ())
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

/// On the title screen: is there a match to continue? A save that cannot
/// be used is set aside with a message.
fn offer_resume(saves: Res<Saves>, views: Res<GameViews>, mut offer: ResMut<ResumeOffer>) {
    offer.game = None;
    offer.message = None;
    let Some(text) = saves.0.read(SAVE_KEY) else {
        return;
    };
    let log = saves.0.read(LOG_KEY);
    let verdict = match serde_json::from_str::<Header>(&text) {
        Err(e) => Err(format!("it could not be read ({e})")),
        Ok(h) if h.format > SAVE_FORMAT => Err(format!(
            "it was made by a newer Veil (save format {}, this one reads {SAVE_FORMAT})",
            h.format
        )),
        Ok(h) if h.format < OLDEST_FORMAT => Err(format!("its format {} is too old", h.format)),
        Ok(h) => match views.0.get_key_value(h.game.as_str()) {
            None => Err(format!("this build has no game \"{}\"", h.game)),
            Some((id, entry)) => (entry.check_save)(&text, log.as_deref())
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
            // Its log goes with it (it belongs to that checkpoint only).
            saves.0.set_aside(LOG_KEY);
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
    let log = world.resource::<Saves>().0.read(LOG_KEY);
    let Some(resume) = world.resource::<GameViews>().0.get(id).map(|e| e.resume) else {
        return;
    };
    if let Err(e) = resume(&text, log.as_deref(), world) {
        // Checked on the title screen, so only a file changed since then.
        world.resource_mut::<ResumeOffer>().message = Some(format!("Could not continue: {e}"));
        world.resource_mut::<ResumeOffer>().game = None;
    }
}
