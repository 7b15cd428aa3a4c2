//! The side panel: whose turn and what to do now (setup, flip, obligatory
//! drop, take or refuse), the numbered choices, the hands and their limits,
//! the pieces out of play, the controls and the move list.

use bevy::prelude::*;
use bevy_egui::egui;
use veil_core::{Seat, Turn};
use veil_reality_check::{Action, Color as Side, Phase, RealityCheck};

use super::input::{Choice, RcUi};
use super::{Scene, ViewState, kind_text, side_name};
use crate::kit::input::Command;
use crate::table::panel::{self, SidePanel};
use veil_match::MatchGame;

/// What the viewer is asked to do now, in plain words.
pub fn instruction(scene: &Scene, ui: &RcUi) -> String {
    if scene.legal.is_empty() {
        return String::new();
    }
    if ui.capture.is_some() {
        return "A capture: plain, or declared as a Reality Check?".into();
    }
    if let Some(sq) = ui.picked {
        return format!("Choose the piece and the face up for {sq}.");
    }
    match scene.phase {
        Phase::Setup => {
            let placed = scene
                .board
                .iter()
                .filter(|(_, p)| p.color == scene.viewer_side())
                .count();
            format!(
                "Secret setup ({placed}/9 placed): click a marked square, then choose the piece and its face up. The tenth piece starts in hand."
            )
        }
        Phase::Flip { die, .. } => match die {
            Some(d) => format!(
                "The die shows {d}: flip {} (marked).",
                RealityCheck::die_meaning(d)
            ),
            None => "Flip a piece (marked): any but the one your opponent just flipped or dropped."
                .into(),
        },
        Phase::Claim { kind, .. } => format!(
            "Your {} was captured and your hand is full: take it (and drop next turn) or refuse it.",
            kind.map_or("piece".to_owned(), |k| kind_text(k, None))
        ),
        Phase::Penalty => "Your Memory action failed: remove one of your true pieces.".into(),
        Phase::Play if ui.memory.is_some() => "Memory action: click two enemy pieces.".into(),
        Phase::Play if scene.must_drop(scene.viewer_side()) => format!(
            "Obligatory drop: your hand holds {} and its limit is {}. Click a marked home square.",
            scene.hand_counts[scene.viewer_side().index()],
            scene.hand_limits[scene.viewer_side().index()]
        ),
        Phase::Play
            if scene.ply == 0
                && scene.to_move == Side::White
                && scene.legal.iter().all(|a| matches!(a, Action::Move { .. })) =>
        {
            "Move a piece (White's first move: no capture, no drop).".into()
        }
        Phase::Play => "Move or capture with a piece, or drop from hand on a marked square.".into(),
        _ => String::new(),
    }
}

pub fn hud(mut panel: SidePanel<RealityCheck>, view: Res<ViewState>, rc: Res<RcUi>) -> Result {
    panel.show(view.scene.as_ref(), |ui, scene, t| {
        let m = t.m;
        ui.heading(format!("You see: {}", RealityCheck::seat_name(t.viewer)));
        let turn = match m.turn() {
            Turn::Over => "Game over".to_owned(),
            _ if scene.setup() => {
                let waiting: Vec<&str> = Side::BOTH
                    .into_iter()
                    .filter(|c| !scene.setup_done[c.index()])
                    .map(side_name)
                    .collect();
                format!("Secret setup: {}", waiting.join(" and "))
            }
            _ => {
                let side = scene.to_move;
                if !m.seat_kind(Seat(side.index() as u8)).is_human() {
                    format!("{} is thinking…", side_name(side))
                } else {
                    format!("{} to move", side_name(side))
                }
            }
        };
        ui.label(egui::RichText::new(turn).size(20.0));
        panel::thinking(ui, &m, "The computer is thinking…");
        let words = instruction(scene, &rc);
        let words = crate::kit::touch::words(ui.ctx(), &words).into_owned();
        if !words.is_empty() {
            let color = if scene.must_drop(scene.viewer_side()) {
                egui::Color32::from_rgb(220, 40, 20)
            } else {
                egui::Color32::from_rgb(230, 200, 120)
            };
            ui.label(egui::RichText::new(words).color(color));
        }
        for (i, (text, choice)) in rc.choices.iter().enumerate() {
            let label = format!("{} {text}", i + 1);
            let strong = matches!(choice, Choice::Act(Action::Check { .. }));
            let mut rich = egui::RichText::new(label);
            if strong {
                rich = rich.strong().color(egui::Color32::from_rgb(240, 90, 60));
            }
            if ui.button(rich).clicked() {
                t.out.write(Command::Choose(i));
            }
        }
        if rc.picked.is_some()
            || rc.capture.is_some()
            || rc.memory.is_some()
            || rc.retreat.is_some()
        {
            if ui.button("Cancel (Esc)").clicked() {
                t.out.write(Command::Cancel);
            }
        }
        if let Some(v) = &view.verdict {
            ui.label(egui::RichText::new(v).color(egui::Color32::from_rgb(240, 120, 90)));
        }
        if m.is_hinting() {
            ui.label("Looking for a hint…");
        } else if let Some(a) = m.hint {
            ui.label(format!("Hint: {a}"));
        }
        ui.separator();
        let hint = m.seat_kind(t.viewer).is_human();
        t.controls(ui, hint, None, |_| {});
        ui.separator();
        if !scene.setup() {
            for side in Side::BOTH {
                let n = scene.hand_counts[side.index()] as usize;
                let limit = scene.hand_limits[side.index()];
                let mut line = format!("{} hand: {n} (limit {limit})", side_name(side));
                if side == scene.viewer_side() && !scene.hand.is_empty() {
                    let kinds: Vec<String> =
                        scene.hand.iter().map(|k| kind_text(*k, None)).collect();
                    line.push_str(&format!(": {}", kinds.join(" ")));
                }
                if n > limit {
                    line.push_str(" — over the limit");
                }
                ui.label(line);
            }
            for side in Side::BOTH {
                let out_of_play: Vec<String> = scene.removed[side.index()]
                    .iter()
                    .map(|k| kind_text(*k, None))
                    .collect();
                let trues = 4 - scene.removed[side.index()]
                    .iter()
                    .filter(|k| k.is_true())
                    .count();
                let out = crate::kit::widgets::listed(&out_of_play);
                let side = side_name(side);
                ui.label(format!("{side} out of play: {out} ({trues} true in play)"));
            }
            ui.separator();
        }
        if scene.memory_mode {
            ui.label("Memory mode: no move list.");
        } else {
            panel::turn_list(ui, &m.turns(), 14, 230.0);
        }
        ui.separator();
        ui.small("Large letter: the face up. Small letter: the face underneath, if you know it; on an orange chip when both players know it. Gold ring: a true piece. Grey ring: may not be flipped this turn.");
    })
}
