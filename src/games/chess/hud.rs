//! The chess side panel: whose turn, the player's own secret lines, the move list and the table's controls.

use super::*;
use crate::table::panel::SidePanel;

pub(super) fn hud<G: ChessGame>(
    mut panel: SidePanel<G>,
    view: Res<ChessViewState>,
    input: Res<ChessInput<G>>,
) -> Result {
    panel.show(view.scene.as_ref(), |ui, scene, t| {
        let (m, me) = (t.m, t.viewer);
        ui.heading(format!("{} — you see: {}", G::NAME, G::seat_name(me)));
        let turn_text = if m.turn() == Turn::Over {
            "Game over".to_owned()
        } else if scene.setup {
            if input.setting_up {
                "Choose your secret".to_owned()
            } else if m.is_thinking() || m.to_act().is_some_and(|s| !m.seat_kind(s).is_human()) {
                "The computer is choosing its secret…".to_owned()
            } else {
                "Waiting for the other secret choice…".to_owned()
            }
        } else {
            match scene.to_act {
                Some(s) if m.is_thinking() || !m.seat_kind(Seat(s)).is_human() => {
                    format!("{} is thinking…", side_name(s))
                }
                Some(s) => format!("{} to move", side_name(s)),
                None => String::new(),
            }
        };
        ui.label(egui::RichText::new(turn_text).size(20.0));
        if m.is_thinking() {
            ui.add(egui::Spinner::new());
        }
        if let Some(b) = &view.banner {
            ui.label(
                egui::RichText::new(b)
                    .size(22.0)
                    .strong()
                    .color(egui::Color32::from_rgb(230, 170, 20)),
            );
        }
        if scene.check.is_some() {
            crate::kit::widgets::alarm(ui, "CHECK!");
        }
        if let Some(p) = &input.prompt {
            ui.label(egui::RichText::new(crate::kit::touch::words(ui.ctx(), p)).strong());
        }
        for (i, (label, _)) in input.choices.iter().enumerate() {
            if ui
                .button(egui::RichText::new(format!("{} {label}", i + 1)).size(17.0))
                .clicked()
            {
                t.out.write(Command::Choose(i));
            }
        }
        if m.is_hinting() {
            ui.label("Looking for a hint…");
        } else if let Some(a) = m.hint {
            ui.label(format!("Hint: {}", <G as ChessGame>::action_text(a)));
        }
        ui.separator();
        let hint = m.seat_kind(me).is_human();
        t.controls(ui, hint, Some(view.before.is_some()), |_| {});
        ui.separator();
        for line in &scene.own {
            ui.label(egui::RichText::new(line).color(egui::Color32::from_rgb(230, 170, 20)));
        }
        for line in &scene.notes {
            ui.small(line);
        }
        ui.separator();
        panel::move_list(ui, &scene.history, Some(10), 260.0);
        ui.separator();
        ui.small("K king · Q queen · R rook · B bishop · N knight · P pawn. Gold rings: your secret, seen only by you.");
    })
}
