//! The Jieqi side panel: whose turn, captures, the move list and the table's controls.

use super::*;
use crate::table::panel::SidePanel;

pub(super) fn side_name(side: Side) -> &'static str {
    if side == Side::Red { "Red" } else { "Black" }
}

pub(super) fn hud(
    mut panel: SidePanel<Jieqi>,
    view: Res<ViewState>,
    settings: Res<Settings>,
) -> Result {
    panel.show(view.scene.as_ref(), |ui, scene, t| {
        let m = t.m;
        ui.heading(format!("You see: {}", Jieqi::seat_name(t.viewer)));
        let turn_text = match (m.turn(), scene.to_move) {
            (Turn::Over, _) => "Game over".to_owned(),
            (_, Some(side)) => {
                let seat = Seat(side.index() as u8);
                if m.is_thinking() || !m.seat_kind(seat).is_human() {
                    format!("{} is thinking…", side_name(side))
                } else {
                    format!("{} to move", side_name(side))
                }
            }
            _ => String::new(),
        };
        ui.label(egui::RichText::new(turn_text).size(20.0));
        if m.is_thinking() {
            ui.add(egui::Spinner::new());
        }
        if scene.check.is_some() {
            crate::kit::widgets::alarm(ui, "CHECK!");
        }
        if m.is_hinting() {
            ui.label("Looking for a hint…");
        } else if let Some(Action::Move(mv)) = m.hint {
            ui.label(format!("Hint: {mv}"));
        }
        ui.separator();
        let hint = m.seat_kind(t.viewer).is_human();
        t.controls(ui, hint, Some(scene.last_move.is_some()), |_| {});
        ui.separator();
        ui.label(egui::RichText::new("Captured").strong());
        for owner in [Side::Red, Side::Black] {
            let list: Vec<String> = scene.captured[owner.index()]
                .iter()
                .map(|p| {
                    p.kind.map_or("?".to_owned(), |k| {
                        glyph(k, owner, settings.xiangqi_letters).to_owned()
                    })
                })
                .collect();
            let lost = crate::kit::widgets::listed(&list);
            ui.label(format!("{} lost: {lost}", side_name(owner)));
        }
        ui.label(egui::RichText::new("Not yet seen by you").strong());
        for side in [Side::Red, Side::Black] {
            let pool: Vec<String> = scene.pool[side.index()]
                .iter()
                .map(|(k, n)| format!("{}×{n}", glyph(*k, side, settings.xiangqi_letters)))
                .collect();
            ui.label(format!("{}: {}", side_name(side), pool.join(" ")));
        }
        ui.separator();
        panel::turn_list(ui, &m.turns(), 8, 260.0);
        ui.small("A letter after a move names the piece it revealed: k general, a advisor, b elephant, n horse, r chariot, c cannon, p soldier.");
        ui.separator();
        ui.small(if settings.xiangqi_letters {
            "G general · A advisor · E elephant · H horse · R chariot · C cannon · S soldier; dark discs are face down."
        } else {
            "帥將 general · 仕士 advisor · 相象 elephant · 傌馬 horse · 俥車 chariot · 炮砲 cannon · 兵卒 soldier; dark discs are face down. (Letters instead: Settings.)"
        });
    })
}
