//! The Hide and Guess side panel: the task, the piece picker, the scoring, the move list and the table's controls.

use super::*;
use crate::table::panel::SidePanel;
pub use veil_match::games::hide_and_guess::{thumbs_text, triangle_line, up_down};

/// The final scoring, triangle by triangle, once both secrets are revealed
/// (empty before).
pub fn scoring_lines(view: &HideAndGuessView) -> Vec<String> {
    let (Some(mine), Some(theirs), Some(_)) =
        (view.my_secret, view.opponent_secret, view.table.end)
    else {
        return Vec::new();
    };
    let mut secrets = [mine, mine];
    secrets[view.opponent().index()] = theirs;
    let name = HideAndGuess::seat_name;
    let table = &view.table;
    let mut lines = vec![format!(
        "Secrets: {} hid {}, {} hid {}.",
        name(Seat(0)),
        secrets[0],
        name(Seat(1)),
        secrets[1]
    )];
    for (i, t) in table.triangles.iter().enumerate() {
        let stones = t.stones();
        if stones == 0 {
            lines.push(format!("▲{} {}: no stone, removed.", i + 1, t.pieces));
            continue;
        }
        let gain = |s: usize| stones * t.pieces.overlap(secrets[s]);
        lines.push(format!(
            "▲{} {}: {} stone{} × pieces shared: {} {}×{} = +{}, {} {}×{} = +{}.",
            i + 1,
            t.pieces,
            stones,
            if stones == 1 { "" } else { "s" },
            name(Seat(0)),
            stones,
            t.pieces.overlap(secrets[0]),
            gain(0),
            name(Seat(1)),
            stones,
            t.pieces.overlap(secrets[1]),
            gain(1),
        ));
    }
    for s in [Seat(0), Seat(1)] {
        let i = s.index();
        lines.push(format!(
            "{}: {} from triangles + {} white from guesses − 2 × {} black = {}.",
            name(s),
            table.triangle_points(secrets[i]),
            table.white[i],
            table.black[i],
            table.score(s, secrets[i])
        ));
    }
    lines
}

pub(super) fn action_words(action: &Action) -> String {
    match action {
        Action::ChooseSecret(p) => format!("hide {p} ({p:#})"),
        Action::Build(p) => format!("build {p} ({p:#})"),
        Action::EndByBuild => "build: it ends the game".into(),
        Action::Guess(p) => format!("guess {p} ({p:#})"),
        Action::Vote(up) => format!("thumb {}", up_down(*up)),
        Action::FirstPlayer(s) => format!("{} starts", HideAndGuess::seat_name(*s)),
    }
}

/// One row per kind: − count + buttons, the + only where allowed.
pub(super) fn piece_picker(
    ui: &mut egui::Ui,
    task: Task,
    picker: &Picker,
    table: &Table,
    limit: Pieces,
    out: &mut MessageWriter<HagCommand>,
) {
    egui::Grid::new("picker").num_columns(4).show(ui, |ui| {
        for kind in Kind::ALL {
            let n = picker.pieces.count(kind);
            ui.label(format!(
                "[{}] {} {}",
                kind.index() + 1,
                kind.letter(),
                kind.name()
            ));
            if ui.add_enabled(n > 0, egui::Button::new("−")).clicked() {
                out.write(HagCommand::RemovePiece(kind.letter()));
            }
            ui.label(format!("{n} / {}", limit.count(kind)));
            let ok = may_add(task, picker.guessing, table, picker.pieces, kind);
            if ui.add_enabled(ok, egui::Button::new("+")).clicked() {
                out.write(HagCommand::AddPiece(kind.letter()));
            }
            ui.end_row();
        }
    });
    ui.label(format!(
        "Picked: {}",
        if picker.pieces.is_empty() {
            "—".to_owned()
        } else {
            format!("{} ({:#})", picker.pieces, picker.pieces)
        }
    ));
    ui.small("Keys 1–6 add a piece, Esc clears.");
}

pub(super) fn hud(
    mut panel: SidePanel<HideAndGuess>,
    view: Res<HagViewState>,
    picker: Res<Picker>,
    privacy: Res<PrivacyPending>,
    mut hag: MessageWriter<HagCommand>,
) -> Result {
    let name = HideAndGuess::seat_name;
    panel.show(view.scene.as_ref(), |ui, s, section| {
        let (m, viewer) = (section.m, section.viewer);
        egui::ScrollArea::vertical().show(ui, |ui| {
                ui.heading(format!("You are {}", name(viewer)));
                let task = if privacy.0.is_some() {
                    Task::Wait
                } else {
                    task(s, m.turn())
                };
                let human = m.seat_kind(viewer).is_human();
                let acting = human && m.to_act() == Some(viewer) && privacy.0.is_none();
                let turn_text = match m.turn() {
                    Turn::Over => "Game over".to_owned(),
                    Turn::Simultaneous(_) if s.table.first_player.is_none() => {
                        "Both players hide a secret".to_owned()
                    }
                    Turn::Simultaneous(_) => "Thumb vote on the new triangle".to_owned(),
                    Turn::Seat(seat) => format!("{} builds or guesses", name(seat)),
                    Turn::Chance => String::new(),
                };
                ui.label(egui::RichText::new(turn_text).size(20.0));
                if m.is_thinking() {
                    ui.horizontal(|ui| {
                        ui.add(egui::Spinner::new());
                        ui.label("The computer is thinking…");
                    });
                }
                ui.separator();
                if privacy.0.is_none() {
                    match (task, acting) {
                        (Task::HideSecret, true) => {
                            ui.label(egui::RichText::new("Choose your secret").strong());
                            ui.label("5 pieces one black set can hold.");
                            piece_picker(ui, task, &picker, &s.table, Pieces::BLACK_SET, &mut hag);
                            let ok = picker.pieces.is_secret();
                            if ui
                                .add_enabled(ok, egui::Button::new("Hide behind my screen (Enter)"))
                                .clicked()
                            {
                                section.out.write(Command::Confirm);
                            }
                        }
                        (Task::BuildOrGuess, true) => {
                            ui.horizontal(|ui| {
                                if ui
                                    .selectable_label(!picker.guessing, "Build a triangle")
                                    .clicked()
                                {
                                    hag.write(HagCommand::Guessing(false));
                                }
                                if ui.selectable_label(picker.guessing, "Guess").clicked() {
                                    hag.write(HagCommand::Guessing(true));
                                }
                            });
                            if picker.guessing {
                                ui.label("Name the 5 pieces the other player hides (a click on a triangle adds its three).");
                                piece_picker(
                                    ui,
                                    task,
                                    &picker,
                                    &s.table,
                                    Pieces::BLACK_SET,
                                    &mut hag,
                                );
                                let wrong: Vec<String> = s
                                    .table
                                    .guesses
                                    .iter()
                                    .filter(|g| g.by == s.seat && !g.correct)
                                    .map(|g| g.pieces.to_string())
                                    .collect();
                                if !wrong.is_empty() {
                                    ui.label(format!("Your wrong guesses: {}", wrong.join(", ")));
                                }
                                let amber = egui::Color32::from_rgb(230, 160, 40);
                                if picker.repeat_warning {
                                    ui.colored_label(
                                        amber,
                                        "You already guessed this wrongly. Guess it again anyway? (Enter)",
                                    );
                                } else if s.is_repeated_guess(picker.pieces) {
                                    // Warned before the guess is made, too.
                                    ui.colored_label(amber, "You already guessed this wrongly.");
                                }
                                let ok = picker.pieces.is_secret();
                                let button = if picker.repeat_warning {
                                    "Guess again (Enter)"
                                } else {
                                    "Guess (Enter)"
                                };
                                if ui.add_enabled(ok, egui::Button::new(button)).clicked() {
                                    section.out.write(Command::Confirm);
                                }
                            } else if s.table.buildable().next().is_none() {
                                ui.label("No new triangle can be built from the supply.");
                                if ui.button("Build — this ends the game (Enter)").clicked() {
                                    section.out.write(Command::Confirm);
                                }
                            } else {
                                ui.label("3 white pieces from the supply, unlike every triangle on the table.");
                                piece_picker(ui, task, &picker, &s.table, s.table.supply, &mut hag);
                                let ok = s.table.can_build(picker.pieces);
                                if ui.add_enabled(ok, egui::Button::new("Build (Enter)")).clicked() {
                                    section.out.write(Command::Confirm);
                                }
                            }
                        }
                        (Task::Vote, true) => {
                            if let Some(t) = s.table.open_vote() {
                                ui.label(
                                    egui::RichText::new(format!(
                                        "Thumb on {} ({:#})?",
                                        t.pieces, t.pieces
                                    ))
                                    .strong(),
                                );
                            }
                            // One above the other: side by side they are
                            // wider than the panel.
                            let thumb = |ui: &mut egui::Ui, text: &str| {
                                let button = egui::Button::new(egui::RichText::new(text).size(22.0));
                                ui.add_sized([ui.available_width(), 36.0], button).clicked()
                            };
                            if thumb(ui, "▲ Thumb up (1)") {
                                hag.write(HagCommand::Thumb(true));
                            }
                            if thumb(ui, "▼ Thumb down (2)") {
                                hag.write(HagCommand::Thumb(false));
                            }
                        }
                        (Task::Over, _) => {
                            ui.label(egui::RichText::new("Final scoring").strong());
                            let lines = scoring_lines(s);
                            if lines.is_empty() {
                                ui.label("The secrets stay hidden.");
                            }
                            for l in lines {
                                ui.label(l);
                            }
                            if ui.button("Results (Enter)").clicked() {
                                section.out.write(Command::Confirm);
                            }
                        }
                        _ => {}
                    }
                    if let (Some(up), Some(_)) = (s.my_vote, s.table.open_vote()) {
                        ui.label(format!(
                            "Your thumb: {}. Waiting for the other thumb…",
                            up_down(up)
                        ));
                    }
                    if let Some(secret) = s.my_secret {
                        ui.label(format!("Your secret: {secret} ({secret:#})"));
                    }
                }
                if m.is_hinting() {
                    ui.label("Looking for a hint…");
                } else if let (Some(hint), None) = (m.hint, privacy.0) {
                    ui.label(format!("Hint: {}", action_words(&hint)));
                }
                ui.separator();
                section.controls(ui, acting, None, |_| {});
                ui.separator();
                let t = &s.table;
                ui.label(format!(
                    "Supply: {}",
                    Kind::ALL
                        .iter()
                        .map(|k| format!("{}×{}", k.letter(), t.supply.count(*k)))
                        .collect::<Vec<_>>()
                        .join(" ")
                ));
                for seat in [Seat(0), Seat(1)] {
                    ui.label(format!(
                        "{}: {} white, {} black stones in hand",
                        name(seat),
                        t.white[seat.index()],
                        t.black[seat.index()]
                    ));
                }
                ui.label(egui::RichText::new("Triangles").strong());
                for (i, tri) in t.triangles.iter().enumerate() {
                    ui.label(triangle_line(i, tri));
                }
                if !t.guesses.is_empty() {
                    ui.label(egui::RichText::new("Guesses").strong());
                    for g in &t.guesses {
                        ui.label(format!(
                            "{} guessed {}: {}",
                            name(g.by),
                            g.pieces,
                            if g.correct { "right" } else { "wrong" }
                        ));
                    }
                }
                ui.separator();
                panel::move_list(ui, m.log(), None, 400.0);
            });
    })
}
