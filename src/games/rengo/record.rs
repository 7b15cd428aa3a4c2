//! SGF export: the "Save SGF" button writes the game so far, and a finished
//! game's record is written when the results show. On the desktop the files
//! go to `records/` next to the settings file (`~/.config/veil/records/`
//! unless `$VEIL_SETTINGS` or `$XDG_CONFIG_HOME` say otherwise); in the
//! browser "Save SGF" downloads it (`kit::files`). Tests keep no settings
//! file, so nothing is written.

use bevy::prelude::*;
use veil_go::Rengo;

use crate::kit::settings::SettingsStore;
use crate::table::referee::{Match, MatchResult, Viewer};

/// The player asked to save the game so far.
#[derive(Message, Clone, Copy, Debug)]
pub struct SaveRecord;

/// The record of the game just finished (SGF), for the results.
#[derive(Resource, Clone, Debug)]
pub struct FinishedRecord {
    pub sgf: String,
    /// Written already: the results show again after a review.
    pub saved: bool,
}

/// What the last save did, for the panel.
#[derive(Resource, Clone, Debug, Default)]
pub struct RecordNote(pub String);

/// Hands `sgf` to the player: a file in the records folder on the
/// desktop, a download in the browser. Says where, or why not.
pub fn save_sgf(store: &SettingsStore, sgf: &str) -> Result<String, String> {
    let name = crate::kit::files::record_name(<Rengo as veil_core::Game>::ID, "sgf");
    crate::kit::files::keep_text(store, &name, "application/x-go-sgf", sgf)
}

/// The "Save SGF" button.
pub fn save_requested(
    mut asks: MessageReader<SaveRecord>,
    m: Option<Res<Match<Rengo>>>,
    viewer: Res<Viewer>,
    store: Res<SettingsStore>,
    mut commands: Commands,
) {
    let Some(m) = m else { return };
    if asks.read().count() == 0 {
        return;
    }
    let sgf = veil_go::sgf::write(&m.observe(viewer.0).game, &[]);
    let note = match save_sgf(&store, &sgf) {
        Ok(place) => format!("The record (SGF) was {place}."),
        Err(why) => format!("The record was not saved: {why}."),
    };
    info!("{note}");
    commands.insert_resource(RecordNote(note));
}

/// When the results show: the finished game's record is saved, and the
/// results say where.
pub fn save_finished(
    record: Option<ResMut<FinishedRecord>>,
    result: Option<ResMut<MatchResult>>,
    store: Res<SettingsStore>,
) {
    let (Some(mut record), Some(mut result)) = (record, result) else {
        return;
    };
    // Once: the results show again after each look at the review.
    if std::mem::replace(&mut record.saved, true) {
        return;
    }
    // The browser asks before a download: there the results offer it
    // instead (the record's button), not at every game's end.
    if cfg!(not(target_arch = "wasm32"))
        && let Ok(place) = save_sgf(&store, &record.sgf)
    {
        result.reason = format!("{} — the record (SGF) was {place}", result.reason);
    }
}

/// The player asked to continue from a record (SGF text).
#[derive(Message, Clone, Debug)]
pub struct ImportRecord(pub String);

/// The import box's text.
#[derive(Resource, Clone, Debug, Default)]
pub struct ImportText(pub String);

/// The newest record in the records folder (desktop only).
pub fn newest_saved(store: &SettingsStore) -> Option<String> {
    crate::kit::files::newest_kept(store, "sgf")
}

/// Import: the record is read (and so checked), and a new match continues
/// from its last position with the same people and computers at the seats
/// (seats the table did not have are computers). Every action is replayed
/// through the referee.
#[allow(clippy::too_many_arguments)]
pub fn import_requested(
    mut asks: MessageReader<ImportRecord>,
    m: Option<Res<Match<Rengo>>>,
    setup: Res<crate::table::setup::MatchSetup>,
    mut drawn: ResMut<crate::table::view::Drawn>,
    mut changed: MessageWriter<crate::table::referee::GameChanged>,
    mut viewer: ResMut<crate::table::referee::Viewer>,
    mut commands: Commands,
) {
    let Some(text) = asks.read().last().map(|a| a.0.clone()) else {
        return;
    };
    let Some(m) = m else { return };
    let note = match veil_go::sgf::read(&text) {
        Err(e) => format!("Could not read the record: {e}"),
        Ok(game) => {
            use veil_core::Game;
            let n = game.seats();
            let mut seats = m.seats().to_vec();
            seats.resize(
                n,
                crate::table::setup::SeatKind::Computer(veil_ai::Level::Easy),
            );
            let seeds = match setup.seed {
                Some(seed) => crate::table::referee::Seeds::fixed(seed, n),
                None => crate::table::referee::Seeds::from_entropy(n),
            };
            let mut next = Match::<Rengo>::new(
                game.options().clone(),
                seats,
                seeds,
                veil_ai::Duration::from_millis(setup.think_limit_ms),
            );
            let replayed = game
                .log()
                .iter()
                .all(|e| next.play(e.seat, e.action).is_ok());
            if replayed {
                // The record may have fewer seats than the table had: the
                // screen moves to a seat the new match has.
                if viewer.0.index() >= n {
                    viewer.0 = crate::table::referee::first_viewer(&next);
                }
                commands.insert_resource(next);
                drawn.0 = None;
                changed.write(crate::table::referee::GameChanged {
                    by: None,
                    undo: true,
                });
                format!(
                    "Loaded a record of {} moves.",
                    game.position().moves().len()
                )
            } else {
                "The record does not replay.".to_owned()
            }
        }
    };
    commands.insert_resource(RecordNote(note));
}
