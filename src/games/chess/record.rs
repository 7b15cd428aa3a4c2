//! The finished game's PGN: written, saved to the records folder, shown.

use super::*;

/// Keeps the finished game's PGN for the results screen. The match is
/// over: each seat's secret may now be told.
pub(super) fn finish_record<G: ChessGame>(
    result: &MatchResult,
    views: &[G::Observation],
    commands: &mut Commands,
) {
    let [a, b] = views else { return };
    let pgn = pgn::<G>(&[a.clone(), b.clone()], result);
    commands.insert_resource(ChessRecord { game: G::ID, pgn });
}

/// The game as PGN: the standard tags, `[Variant]`, the start position,
/// the options, notes on moves as comments and — after the last move, where
/// the game revealed them — both secret choices as the closing comment.
pub fn pgn<G: ChessGame>(views: &[G::Observation; 2], result: &MatchResult) -> String {
    use veil_chess::pgn::{Pgn, PgnResult};
    let (tags, secrets, moves) = G::record(views);
    let outcome = if result.draw {
        PgnResult::Draw
    } else if result.seats.first().is_some_and(|s| s.2) {
        PgnResult::WhiteWins
    } else if result.seats.get(1).is_some_and(|s| s.2) {
        PgnResult::BlackWins
    } else {
        PgnResult::Unknown
    };
    let seat = |i: usize| result.seats.get(i).map_or("?".to_owned(), |s| s.1.label());
    let now = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut all_tags: Vec<(String, String)> = [
        ("Event", format!("Veil: {}", G::NAME)),
        ("Site", "Veil".to_owned()),
        ("Date", veil_chess::pgn::date(now)),
        ("Round", "-".to_owned()),
        ("White", seat(0)),
        ("Black", seat(1)),
        ("Result", outcome.token().to_owned()),
        ("Variant", G::NAME.to_owned()),
        ("SetUp", "1".to_owned()),
        ("FEN", G::start_fen(&views[0])),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect();
    all_tags.extend(tags);
    all_tags.push(("Termination".to_owned(), result.reason.clone()));
    // Notes in parentheses in the move list become comments.
    let moves = moves
        .iter()
        .map(|m| match m.split_once(" (") {
            Some((san, note)) => (
                san.to_owned(),
                Some(note.replace(" (", "; ").replace(['(', ')'], "")),
            ),
            None => (m.clone(), None),
        })
        .collect();
    // The secrets were kept until the end: the record tells them there.
    let mut closing_comments = vec![format!("Secret choices, revealed at the end: {secrets}.")];
    if outcome == PgnResult::Unknown {
        closing_comments.push(result.reason.clone());
    }
    Pgn {
        tags: all_tags,
        moves,
        closing_comments,
        result: outcome,
    }
    .write()
}

/// Writes the record as a new `<game>-<seconds since 1970>.pgn` in `dir`
/// and tells where.
#[cfg(not(target_arch = "wasm32"))]
pub fn save_record(
    dir: &std::path::Path,
    record: &ChessRecord,
) -> std::io::Result<std::path::PathBuf> {
    let name = crate::kit::files::record_name(record.game, "pgn");
    crate::kit::files::write_new(dir, &name, &record.pgn)
}

pub(super) fn record_window(
    mut contexts: EguiContexts,
    record: Res<ChessRecord>,
    store: Option<Res<crate::kit::settings::SettingsStore>>,
    mut saved: Local<Option<String>>,
) -> Result {
    if record.is_changed() {
        *saved = None;
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Game record (PGN)")
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -20.0])
        .default_width(640.0)
        .collapsible(true)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                if ui.button("Copy PGN").clicked() {
                    ui.ctx().copy_text(record.pgn.clone());
                    *saved = Some("Copied to the clipboard.".into());
                }
                // A file in the records folder; in the browser a download.
                let save = if cfg!(target_arch = "wasm32") {
                    "Download PGN"
                } else {
                    "Save PGN"
                };
                let keeps = store
                    .as_deref()
                    .is_some_and(|s| !matches!(s, crate::kit::settings::SettingsStore::Nowhere));
                if ui.add_enabled(keeps, egui::Button::new(save)).clicked()
                    && let Some(store) = store.as_deref()
                {
                    let name = crate::kit::files::record_name(record.game, "pgn");
                    let mime = "application/x-chess-pgn";
                    *saved = Some(
                        match crate::kit::files::keep_text(store, &name, mime, &record.pgn) {
                            Ok(place) => format!("The record was {place}."),
                            Err(e) => format!("Could not save: {e}"),
                        },
                    );
                }
                ui.label(format!(
                    "{} — the secret choices are in the last comment",
                    record.game
                ));
            });
            if let Some(s) = saved.as_ref() {
                ui.small(s);
            }
            egui::ScrollArea::vertical()
                .max_height(220.0)
                .show(ui, |ui| {
                    let mut text = record.pgn.as_str();
                    ui.add(
                        egui::TextEdit::multiline(&mut text)
                            .font(egui::TextStyle::Monospace)
                            .desired_width(f32::INFINITY),
                    );
                });
        });
    Ok(())
}
