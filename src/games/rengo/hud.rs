//! The side panel: whose turn on which team, the buttons of the seat to act
//! (pass, the three messages or resign, the out-of-sequence report, the
//! answer to "Shall we resign?", accepting the count), the count, the
//! shared buttons and the move list.

use bevy::prelude::*;
use bevy_egui::egui;
use veil_core::Seat;
use veil_go::{Message, Phase, Rengo, RengoAction, Rules};

use crate::kit::widgets::{self, GameButtons};
use crate::table::panel::{self, SidePanel};
use crate::table::referee::PrivacyPending;
use crate::table::view::ActionRequest;

use super::record::{ImportRecord, ImportText, RecordNote, SaveRecord, newest_saved};
use super::{Scene, ViewState, seat_label, team_name};
use crate::kit::settings::SettingsStore;

fn gold() -> egui::Color32 {
    egui::Color32::from_rgb(230, 170, 20)
}

#[allow(clippy::too_many_arguments)]
pub fn hud(
    mut panel: SidePanel<Rengo>,
    view: Res<ViewState>,
    privacy: Res<PrivacyPending>,
    mut requests: MessageWriter<ActionRequest<Rengo>>,
    mut save: MessageWriter<SaveRecord>,
    note: Option<Res<RecordNote>>,
    mut import: ResMut<ImportText>,
    mut imports: MessageWriter<ImportRecord>,
    store: Res<SettingsStore>,
) -> Result {
    panel.show(view.scene.as_ref().zip(view.obs.as_ref()), |ui, (scene, obs), t| {
        let (m, viewer) = (t.m, t.viewer);
        let game = &obs.game;
        let name = |s: Seat| seat_label(game, s);
        let title = if scene.seats == 4 { "Rengo" } else { "Go" };
        ui.heading(format!("{title} {}×{}", scene.size, scene.size));
        ui.small(format!(
            "{} scoring · komi {}{}{}",
            match scene.rules {
                Rules::Territory => "territory",
                Rules::Area => "area",
            },
            scene.komi,
            match game.position().handicap().len() {
                0 => String::new(),
                n => format!(" · {n} handicap stones"),
            },
            if scene.table_mode {
                " · table mode"
            } else {
                ""
            }
        ));
        ui.separator();
        let acting = scene.to_act;
        let turn = match (&scene.phase, acting) {
            (Phase::Over(_), _) | (_, None) => "The game is over".to_owned(),
            (Phase::Play, Some(s)) => {
                if m.is_thinking() {
                    format!("{} ({}) is thinking…", name(s), team_name(s))
                } else {
                    format!("{} ({}) to play", name(s), team_name(s))
                }
            }
            (Phase::ResignQuestion { asker }, Some(s)) => {
                format!("{} answers {}: “Shall we resign?”", name(s), name(*asker))
            }
            (Phase::Counting { .. }, Some(s)) => {
                format!(
                    "Counting: {} ({}) checks the dead stones",
                    name(s),
                    team_name(s)
                )
            }
        };
        ui.label(egui::RichText::new(turn).size(19.0).strong().color(gold()));
        if acting == Some(viewer) && m.seat_kind(viewer).is_human() {
            ui.label(egui::RichText::new(format!("You are {}.", name(viewer))).strong());
        }
        panel::thinking(ui, m, "The computer is thinking…");
        for (seat, words) in &scene.last_said {
            ui.label(
                egui::RichText::new(format!("{} says: “{words}”", name(*seat)))
                    .size(16.0)
                    .color(egui::Color32::from_rgb(120, 190, 255)),
            );
        }
        let mine = acting == Some(viewer)
            && m.seat_kind(viewer).is_human()
            && privacy.0.is_none()
            && !m.is_thinking();
        if mine {
            ui.add_space(4.0);
            actions(ui, &view.legal, scene, viewer, &mut requests);
        }
        if let Some(score) = &scene.score {
            ui.separator();
            ui.label(egui::RichText::new("The count").strong());
            for (c, label) in [(0, "Black"), (1, "White")] {
                let area = matches!(score.rules, Rules::Area);
                let detail = if area {
                    format!(
                        "{} stones + {} territory",
                        score.stones[c], score.territory[c]
                    )
                } else {
                    format!(
                        "{} territory + {} prisoners",
                        score.territory[c], score.prisoners[c]
                    )
                };
                let total = if c == 0 { score.black } else { score.white };
                let komi = if c == 1 {
                    format!(" + komi {}", score.komi)
                } else {
                    String::new()
                };
                ui.label(format!("{label}: {total} ({detail}{komi})"));
            }
            if let Phase::Counting { accepted, toggles } = &scene.phase {
                ui.small(format!(
                    "Accepted: Black {}, White {} · {} of {} changes used",
                    if accepted[0] { "yes" } else { "not yet" },
                    if accepted[1] { "yes" } else { "not yet" },
                    toggles,
                    veil_go::rengo::MAX_TOGGLES
                ));
            }
        }
        ui.separator();
        if m.is_hinting() {
            ui.label("Looking for a hint…");
        } else if let Some(hint) = m.hint {
            let words = match hint {
                RengoAction::Play(p) => format!("Hint: play {p}"),
                RengoAction::Pass => "Hint: pass".to_owned(),
                other => format!(
                    "Hint: {}",
                    super::entry_text(
                        game,
                        &veil_go::Entry {
                            seat: viewer,
                            action: other
                        }
                    )
                ),
            };
            ui.label(egui::RichText::new(words).color(egui::Color32::from_rgb(170, 90, 230)));
        }
        ui.horizontal_wrapped(|ui| {
            let buttons = GameButtons {
                undo: m.humans().len() == 1,
                hint: Some(m.seat_kind(viewer).is_human() && matches!(scene.phase, Phase::Play)),
                replay: Some(scene.last.is_some()),
                // In Rengo a team resigns only through "Shall we resign?";
                // in plain Go, Resign (with its confirmation) as anywhere.
                resign: scene.seats == 2 && m.humans().contains(&viewer),
            };
            widgets::game_buttons(ui, buttons, t.out);
            let label = if cfg!(target_arch = "wasm32") {
                "Download SGF"
            } else {
                "Save SGF"
            };
            if ui.button(label).clicked() {
                save.write(SaveRecord);
            }
        });
        widgets::resign_confirmation(ui, t.resign_asked, t.out);
        egui::CollapsingHeader::new("Continue from an SGF record")
                .id_salt("import")
                .show(ui, |ui| {
                    ui.small("Paste a record of Go or Rengo (9, 13 or 19 lines): play goes on from its last position.");
                    egui::ScrollArea::vertical()
                        .id_salt("import-text")
                        .max_height(80.0)
                        .show(ui, |ui| {
                            ui.add(
                                egui::TextEdit::multiline(&mut import.0)
                                    .desired_rows(3)
                                    .desired_width(f32::INFINITY),
                            );
                        });
                    ui.horizontal_wrapped(|ui| {
                        if ui.button("Load the pasted record").clicked() {
                            imports.write(ImportRecord(import.0.clone()));
                        }
                        if !matches!(*store, SettingsStore::Nowhere)
                            && ui.button("Load the newest saved record").clicked()
                        {
                            imports.write(ImportRecord(newest_saved(&store).unwrap_or_default()));
                        }
                    });
                });
        if let Some(note) = &note {
            ui.small(&note.0);
        }
        ui.separator();
        ui.label(egui::RichText::new("Seats").strong());
        for s in Seat::all(scene.seats) {
            let marker = if acting == Some(s) { "▶ " } else { "" };
            ui.label(format!(
                "{marker}{} — {} team — {}",
                name(s),
                team_name(s),
                m.seat_kind(s).label()
            ));
        }
        ui.separator();
        panel::move_list(ui, m.log(), None, 220.0);
    })
}

/// The buttons of the seat to act.
fn actions(
    ui: &mut egui::Ui,
    legal: &[RengoAction],
    scene: &Scene,
    seat: Seat,
    requests: &mut MessageWriter<ActionRequest<Rengo>>,
) {
    let mut send = |action: RengoAction| {
        requests.write(ActionRequest { seat, action });
    };
    let big = |text: &str| egui::Button::new(egui::RichText::new(text).size(17.0));
    match &scene.phase {
        Phase::Play => {
            ui.label(crate::kit::touch::words(
                ui.ctx(),
                "Click a point to play there.",
            ));
            ui.horizontal_wrapped(|ui| {
                if ui.add(big("Pass")).clicked() {
                    send(RengoAction::Pass);
                }
            });
            if scene.seats == 4 {
                ui.label("Say to your partner:");
                ui.horizontal_wrapped(|ui| {
                    for msg in Message::ALL {
                        let ok = legal.contains(&RengoAction::Say(msg));
                        if ui
                            .add_enabled(ok, egui::Button::new(format!("“{}”", msg.text())))
                            .clicked()
                        {
                            send(RengoAction::Say(msg));
                        }
                    }
                });
            }
            let report = RengoAction::ReportOutOfSequence { intentional: false };
            if legal.contains(&report) {
                ui.label("The last stone was played by the wrong partner:");
                ui.horizontal_wrapped(|ui| {
                    if ui.button("Report: unintentional (3 prisoners)").clicked() {
                        send(report);
                    }
                    if ui.button("Report: intentional (forfeit)").clicked() {
                        send(RengoAction::ReportOutOfSequence { intentional: true });
                    }
                });
            }
        }
        Phase::ResignQuestion { .. } => {
            ui.label("Your partner asks: “Shall we resign?”");
            ui.horizontal(|ui| {
                if ui.add(big("Yes, resign")).clicked() {
                    send(RengoAction::AnswerResign(true));
                }
                if ui.add(big("No, play on")).clicked() {
                    send(RengoAction::AnswerResign(false));
                }
            });
        }
        Phase::Counting { .. } => {
            ui.label(crate::kit::touch::words(
                ui.ctx(),
                "Click a group to mark it dead (or alive again); accept when the marking is right.",
            ));
            if ui.add(big("Accept the count")).clicked() {
                send(RengoAction::Accept);
            }
        }
        Phase::Over(_) => {}
    }
}
