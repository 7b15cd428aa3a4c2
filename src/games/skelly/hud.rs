//! The side panel: whose turn, the turn order of every cap with the box it
//! aims for, the aim being made, the last shot, the controls and the moves.

use bevy::prelude::*;
use bevy_egui::egui;
use veil_core::{Seat, Turn};
use veil_skelly::Skelly;

use super::input::{Aim, aim_shot};
use super::{ViewState, degrees, egui_color, event_text, percent, target_name};
use crate::table::panel::{self, SidePanel};
use veil_match::MatchGame;

pub fn hud(mut panel: SidePanel<Skelly>, view: Res<ViewState>, aim: Res<Aim>) -> Result {
    panel.show(view.scene.as_ref(), |ui, scene, t| {
        let (m, me) = (t.m, t.viewer);
        let human = m.seat_kind(me).is_human();
        if human {
            ui.heading(
                egui::RichText::new(format!("You: {}", Skelly::seat_name(me)))
                    .color(egui_color(me.0)),
            );
        } else {
            ui.heading("Skelly");
        }
        let turn_text = match (m.turn(), scene.shooter) {
            (Turn::Over, _) => "Game over".to_owned(),
            (_, Some(s)) => {
                let seat = Seat(s);
                if m.seat_kind(seat).is_human() {
                    format!("{} to shoot", Skelly::seat_name(seat))
                } else {
                    format!("{} is thinking…", Skelly::seat_name(seat))
                }
            }
            _ => String::new(),
        };
        ui.label(egui::RichText::new(turn_text).size(20.0));
        panel::thinking(ui, m, "");
        if scene.shooter.is_some() {
            ui.label(format!(
                "Shot {} of at most {}",
                scene.shots + 1,
                scene.limit
            ));
        } else {
            ui.label(format!("{} shots played", scene.shots));
        }
        let my_turn = human && scene.shooter == Some(me.0) && m.turn() != Turn::Over;
        if my_turn {
            ui.small("Drag back from your cap and let go to flick it; or aim with ← → (↑ ↓ fine) and hold Space for strength.");
            if let Some(from) = scene.caps[me.index()].at {
                if let Some(shot) = aim_shot(&aim, from) {
                    ui.label(format!(
                        "Aim {:.1}°, strength {:.0}% (slides {:.1} free)",
                        degrees(shot),
                        percent(shot),
                        shot.free_distance()
                    ));
                }
            }
        }
        if m.is_hinting() {
            ui.label("Looking for a hint…");
        } else if let Some(h) = m.hint {
            ui.label(
                egui::RichText::new(format!(
                    "Hint (yellow line): {:.1}° at {:.0}%",
                    degrees(h),
                    percent(h)
                ))
                .color(egui::Color32::from_rgb(240, 210, 60)),
            );
        }
        ui.separator();
        t.controls(ui, my_turn, Some(view.last_flight.is_some()), |_| {});
        ui.separator();
        ui.label(egui::RichText::new("Turn order").strong());
        egui::Grid::new("skelly-order")
            .striped(true)
            .show(ui, |ui| {
                for s in scene.turn_order() {
                    let cap = &scene.caps[s as usize];
                    let mut name = egui::RichText::new(format!("● {}", Skelly::seat_name(Seat(s))))
                        .color(egui_color(s));
                    if scene.shooter == Some(s) {
                        name = name.strong();
                    }
                    ui.label(name);
                    ui.label(if m.seat_kind(Seat(s)).is_human() {
                        "person"
                    } else {
                        "computer"
                    });
                    let aim_for = if cap.killer {
                        "KILLER".to_owned()
                    } else {
                        target_name(cap.target)
                    };
                    ui.label(aim_for);
                    ui.label(if cap.trapped { "trapped" } else { "" });
                    ui.end_row();
                }
                for s in &scene.eliminated {
                    ui.label(
                        egui::RichText::new(format!("● {}", Skelly::seat_name(Seat(*s))))
                            .color(egui_color(*s)),
                    );
                    ui.label("");
                    ui.label("out");
                    ui.label("");
                    ui.end_row();
                }
            });
        if let Some(last) = &scene.last {
            ui.separator();
            ui.label(
                egui::RichText::new(format!("Last shot: {}", Skelly::seat_name(last.seat)))
                    .strong(),
            );
            for e in &last.events {
                ui.label(event_text(e));
            }
        }
        ui.separator();
        panel::move_list(ui, m.log(), None, 180.0);
    })
}
