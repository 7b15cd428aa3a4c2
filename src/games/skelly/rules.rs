//! The rules screen: RULINGS.md §5 and every reading the rules crate
//! (`veil-skelly`) makes, in plain words, and the court drawn beside them.

use crate::kit::widgets::{HowToStep, step};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use veil_skelly::court::{self, BOXES, QUADRANTS};

use crate::table::referee::RulesOpen;

/// While the rules are open, the court drawn from the crate's own chalk
/// lines, with every box and quadrant numbered.
pub fn court_window(mut contexts: EguiContexts, rules: Res<RulesOpen>) -> Result {
    if !rules.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("The Skelly court")
        .default_pos(egui::pos2(40.0, 80.0))
        .resizable(false)
        .show(ctx, |ui| {
            let side = 340.0;
            let (response, painter) =
                ui.allocate_painter(egui::vec2(side, side), egui::Sense::hover());
            let rect = response.rect;
            painter.rect_filled(rect, 4.0, egui::Color32::from_rgb(48, 48, 52));
            let half = court::HALF as f32 + 1.5;
            let at = |p: veil_skelly::Point| {
                egui::pos2(
                    rect.center().x + p.x as f32 / half * side / 2.0,
                    rect.center().y - p.y as f32 / half * side / 2.0,
                )
            };
            let chalk = egui::Color32::from_rgb(235, 235, 225);
            let stroke = egui::Stroke::new(1.5, chalk);
            let dead = court::DEAD_BOX;
            painter.rect_filled(
                egui::Rect::from_two_pos(at(dead.min), at(dead.max)),
                0.0,
                egui::Color32::from_rgb(70, 56, 56),
            );
            for (a, b) in court::chalk_lines() {
                painter.line_segment([at(a), at(b)], stroke);
            }
            let font = egui::FontId::proportional(13.0);
            for (i, c) in BOXES.iter().enumerate() {
                painter.text(at(*c), egui::Align2::CENTER_CENTER, (i + 1).to_string(), font.clone(), chalk);
            }
            for (q, r) in QUADRANTS.iter().enumerate() {
                let c = r.centre();
                let p = veil_skelly::Point::new(c.x * 1.5, c.y * 1.5);
                painter.text(at(p), egui::Align2::CENTER_CENTER, format!("Q{}", q + 1), font.clone(), chalk);
            }
            for (i, s) in court::START_SPOTS.iter().enumerate() {
                let colour = super::egui_color(i as u8);
                painter.circle_filled(at(*s), side / 2.0 / half, colour);
            }
            ui.small("Boxes 1 to 13, the dead box (shaded) and its quadrants Q1 to Q4; the caps on the start line, Red leftmost.");
        });
    Ok(())
}

/// One paragraph an entry.
pub const RULES: &[&str] = &[
    "Skelly (skully, skelsies) is the New York street game of bottle caps flicked round a chalk court, for 2 to 6 players (Veil's rulings, §5). Everything is in the open: there is nothing to hide.",
    "The court (Veil's own layout, 60 × 60 court units; a cap is a disc of radius 1): boxes 1 to 4 near the corners (1 bottom left, 2 top right, 3 bottom right, 4 top left), 5 to 12 in facing pairs along the sides (5 and 6 low on the left and right, 7 and 8 high on the right and left, 9 and 10 left of the middle at the top and bottom, 11 and 12 right of the middle at the bottom and top), and 13 in the centre. Every box is a 6 × 6 square. Around box 13 lies the dead box, 18 × 18, split by its two axes into four quadrants: Q1 bottom left, Q2 bottom right, Q3 top right, Q4 top left. The caps start on the start line below the bottom boxes, Red leftmost.",
    "The court is drawn in the window beside these rules, as it lies on the table: the start line at the bottom, the dead box and its quadrants in the middle.",
    "Red shoots first. A shot is a flick: a direction and a strength. A full flick slides 90 units on open asphalt, a little more than the court's diagonal; caps slow down evenly, bounce off each other (a little energy lost in every knock) and never off lines.",
    "The course: box 1, 2, 3 … up to 13, then back down 12, 11 … to 1. Then the killer run: box 13 again, then the quadrants Q1, Q2, Q3, Q4 in order. Completing it makes the cap a killer. Each cap's plate shows the box it shoots for (Q1–Q4 for a quadrant, K for a killer).",
    "Made the box: the cap's centre comes to rest strictly inside the box's lines (option: the whole cap inside, touching no line). A quadrant is made outside box 13 only. Making the box moves the cap on to its next box, and the same player shoots again. Otherwise the cap stays where it stopped and the turn passes.",
    "A hit: the shooter's own cap touches another cap (caps knocked on by those caps are not hit). The shooter's cap is then placed in its target box (on the free spot nearest its centre), moves on one box — two if a cap it hit was trapped (option: one) — every trapped cap it hit is set free wherever it lies, and it shoots again.",
    "Trapped: a cap that is not a killer and not on its killer run, coming to rest in the dead box outside box 13 (shot there, or knocked there by caps the shooter set moving), is trapped: it skips its turns until a shooter's cap hits it (knocked out of the dead box by another cap, it is freed without the bonus). A cap the shooter's cap hits is never trapped by that shot, wherever it stops. Killers and caps on the killer run are never trapped. If every cap in play is trapped, all are set free. A trapped cap is marked with a cross.",
    "The killer run: any miss on it puts the cap back in box 1 to start the killer run again (at box 13), and the turn passes.",
    "Killers (the black badge): a killer that hits caps eliminates every cap it touched and shoots again; a killer's miss passes the turn. A cap that is not a killer and touches a killer becomes a killer itself and shoots again (option: it is eliminated instead); that counts before any other cap it touched.",
    "Leaving the court: a cap whose centre crosses the court's edge stops there and goes back to where it lay before the shot (the free spot nearest). If it was the shooter's, the shot earns nothing (caps it hit on the way are still set free) and the turn passes.",
    "The end: the last cap in play wins. So that every game ends, a game stops after 150 shots per player on average (an option); the caps are then ranked by progress — killers first, then by the box they shoot for, equal progress sharing a place — and eliminated caps below them, the later eliminated higher.",
    "Flicking: press on your cap, drag back like a slingshot and let go; the further you pull, the harder the flick. The white line shows where the cap would stop on open asphalt, the meter on the right its strength. With the keyboard: ← and → turn the aim (hold to keep turning), ↑ and ↓ turn it finely, and holding Space (or Enter) fills the meter, which rises and falls until you let go — letting go shoots. Escape lets go of the aim.",
    "The computer players simulate candidate flicks and judge where the caps would end, and then flick with their level's unsteady hand: Easy shakes the most, Hard the least. A hint (H) shows the computer's aimed shot as a yellow line. L shows the last shot again.",
    "The physics is a small deterministic simulation (the same on every computer and in the browser): what you see slide is exactly what the rules computed, frame by frame. After the caps stop, the rules may move caps the slide does not show: a shooter placed in its box after a hit, a cap back from off the court, a killer run restarted from box 1, eliminated caps removed.",
];

/// The short "how to play" over the picture of the table.
pub const HOW_TO: &[HowToStep] = &[
    step(
        "Flick your bottle cap from the start line: drag back from it and let go (or aim with the arrows and hold Space).",
        0.58,
        0.92,
        0.1,
    ),
    step(
        "Make the boxes in order, 1 up to 13 and back down to 1. Each box you make lets you shoot again.",
        0.22,
        0.82,
        0.08,
    ),
    step(
        "Then the killer run: box 13 and its four quadrants. Stop in the dead box on your way and you are trapped until someone hits you.",
        0.49,
        0.5,
        0.14,
    ),
    step(
        "Hit another cap to jump to your next box. A killer eliminates the caps it hits: the last cap in play wins.",
        0.84,
        0.06,
        0.06,
    ),
];
