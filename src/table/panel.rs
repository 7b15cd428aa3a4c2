//! The parts of the side panel every game shows alike: the game's buttons
//! (with the resign confirmation), the computer's thinking line, and the
//! move list. A view's panel puts its own section between them.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use veil_core::Seat;

use crate::kit::input::Command;
use crate::kit::widgets::{self, GameButtons};
use crate::table::referee::{Match, ResignAsked, Viewer};
use crate::table::view::GameView;

/// What every game's side panel system reads and writes: egui, the match,
/// the viewer, the resign confirmation and the table's commands. A view's
/// `hud` takes this and its own resources, and draws its section through
/// [`SidePanel::show`].
#[derive(SystemParam)]
pub struct SidePanel<'w, 's, G: GameView> {
    contexts: EguiContexts<'w, 's>,
    m: Option<Res<'w, Match<G>>>,
    viewer: Res<'w, Viewer>,
    resign: Res<'w, ResignAsked>,
    out: MessageWriter<'w, Command>,
}

/// The side panel being drawn, as a game's section sees it.
pub struct Section<'a, 'w, G: GameView> {
    pub m: &'a Match<G>,
    /// Whose eyes the table is drawn for.
    pub viewer: Seat,
    /// Resign was pressed and awaits its confirmation.
    pub resign_asked: bool,
    pub out: &'a mut MessageWriter<'w, Command>,
}

impl<G: GameView> SidePanel<'_, '_, G> {
    /// Opens the side panel and draws `body` in it once the view has its
    /// `scene` (until then, an ellipsis: the first frame of a match).
    pub fn show<S>(
        &mut self,
        scene: Option<S>,
        body: impl FnOnce(&mut egui::Ui, S, &mut Section<G>),
    ) -> Result {
        // The match ends (and goes) during the frame: nothing to show then.
        let Some(m) = self.m.as_deref() else {
            return Ok(());
        };
        let mut root = widgets::root_ui(self.contexts.ctx_mut()?, "hud-root", false);
        let mut section = Section {
            m,
            viewer: self.viewer.0,
            resign_asked: self.resign.0,
            out: &mut self.out,
        };
        widgets::side_panel(&mut root, "hud", |ui| match scene {
            Some(scene) => body(ui, scene, &mut section),
            None => {
                ui.label("…");
            }
        });
        Ok(())
    }
}

impl<G: GameView> Section<'_, '_, G> {
    /// [`controls`] for this panel.
    pub fn controls(
        &mut self,
        ui: &mut egui::Ui,
        hint: bool,
        replay: Option<bool>,
        extra: impl FnOnce(&mut egui::Ui),
    ) {
        controls(ui, self.m, hint, replay, self.resign_asked, self.out, extra);
    }
}

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

/// The move list of a two-seat game by turns ([`veil_match::Match::turns`]),
/// newest at the bottom: numbered rows, the first seat's turn then the
/// second's ("…" where a row has no turn of the first seat).
pub fn turn_list(ui: &mut egui::Ui, turns: &[(Seat, String)], width: usize, height: f32) {
    let mut rows: Vec<(String, String)> = Vec::new();
    for (seat, text) in turns {
        match rows.last_mut() {
            Some((_, second)) if seat.index() == 1 && second.is_empty() => second.clone_from(text),
            _ if seat.index() == 1 => rows.push(("…".into(), text.clone())),
            _ => rows.push((text.clone(), String::new())),
        }
    }
    ui.label(egui::RichText::new("Moves").strong());
    egui::ScrollArea::vertical()
        .id_salt("moves")
        .stick_to_bottom(true)
        .max_height(height)
        .show(ui, |ui| {
            for (i, (first, second)) in rows.iter().enumerate() {
                // A long turn (a move, its flip and its die) puts the
                // second seat's on a line of its own rather than past the
                // panel's edge; each line wraps within the panel.
                let text = match first.chars().count() > width && !second.is_empty() {
                    true => format!("{:>3}. {first}\n     … {second}", i + 1),
                    false => format!("{:>3}. {first:<width$} {second}", i + 1),
                };
                ui.add(egui::Label::new(egui::RichText::new(text).monospace()).wrap());
            }
        });
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
