//! The parts of the side panel every game shows alike: the game's buttons
//! (with the resign confirmation), the computer's thinking line, and the
//! move list. A view's panel puts its own section between them.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::kit::input::Command;
use crate::kit::widgets::{self, GameButtons};
use crate::table::referee::Match;
use crate::table::view::GameView;

/// Undo (for one person against the computer), Hint (when `hint` says
/// the viewer may ask), Replay (`None`: the game has none), Rules, Resign
/// and Menu, with `extra` buttons first; then the resign confirmation.
pub fn controls<G: GameView>(
    ui: &mut egui::Ui,
    m: &Match<G>,
    hint: bool,
    replay: Option<bool>,
    resign_asked: bool,
    out: &mut MessageWriter<Command>,
    extra: impl FnOnce(&mut egui::Ui),
) {
    ui.horizontal_wrapped(|ui| {
        extra(ui);
        let buttons = GameButtons {
            undo: m.humans().len() == 1,
            hint: Some(hint),
            replay,
            resign: !m.humans().is_empty(),
        };
        widgets::game_buttons(ui, buttons, out);
    });
    widgets::resign_confirmation(ui, resign_asked, out);
}

/// A spinner and a line while a computer seat thinks (for its whole think
/// time, the same whatever it holds).
pub fn thinking<G: GameView>(ui: &mut egui::Ui, m: &Match<G>, text: &str) {
    if m.is_thinking() {
        ui.horizontal(|ui| {
            ui.add(egui::Spinner::new());
            ui.label(text);
        });
    }
}

/// The move list, newest at the bottom: numbered pairs for games of two
/// seats taking turns (`pair_width` the first column's width), one line
/// each otherwise.
pub fn move_list(ui: &mut egui::Ui, lines: &[String], pair_width: Option<usize>, height: f32) {
    ui.label(egui::RichText::new("Moves").strong());
    egui::ScrollArea::vertical()
        .id_salt("moves")
        .stick_to_bottom(true)
        .max_height(height)
        .show(ui, |ui| match pair_width {
            Some(w) => {
                for (i, pair) in lines.chunks(2).enumerate() {
                    let second = pair.get(1).map_or("", |s| s.as_str());
                    ui.monospace(format!("{:>3}. {:<w$} {second}", i + 1, pair[0]));
                }
            }
            None => {
                for line in lines {
                    ui.label(line);
                }
            }
        });
}
