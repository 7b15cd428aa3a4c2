//! The Skelly view: bottle caps flicked round a chalk court on asphalt.
//!
//! Everything drawn comes from one observation, `Match::observe(viewer)`,
//! turned into a [`Scene`] (Skelly hides nothing, but the view still reads
//! nothing else). After a shot the view replays the shot on the previous
//! observation's game with [`Skelly::shoot`] — the same deterministic
//! simulation the referee ran — and, when that lands exactly on the new
//! observation, animates the [`veil_skelly::Trajectory`]'s frames one by
//! one ([`draw::Flight`]), with a click on every collision and a scrape while
//! caps slide; then the caps the rules moved (a shooter placed in its box,
//! a cap back from off the court) slide to where they now lie.
//!
//! - `draw.rs`: the court, the caps, the aim line and the flight;
//! - `input.rs`: the flick, by dragging back from one's cap like a
//!   slingshot or with the keyboard (arrows aim, hold Space for strength);
//! - `hud.rs`: turn order, targets, the last shot, controls, moves;
//! - `rules.rs`: the rules screen's text;
//! - `demo.rs`: `VEIL_DEMO=skelly`.

use crate::kit::widgets::explain;
use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};
use veil_core::Seat;
pub use veil_match::games::skelly::{degrees, event_text, percent, shot_text, target_name};
use veil_skelly::court::KILLER;
use veil_skelly::{KillerHit, MadeBy, Options, Point, ShotReport, Skelly, SkellyView, Target};

use crate::table::PlaySet;
use crate::table::referee::MatchResult;
use crate::table::view::{GameView, TablePlugin, active, on_table_enter};

pub mod demo;
pub mod draw;
pub mod hud;
pub mod input;
pub mod rules;

/// The seats' names, as the registry gives them.
pub const SEAT_NAMES: [&str; 6] = ["Red", "Blue", "Green", "Yellow", "Purple", "Orange"];

/// Each seat's cap colour.
pub const CAP_COLORS: [Color; 6] = [
    Color::srgb(0.86, 0.16, 0.14),
    Color::srgb(0.17, 0.40, 0.86),
    Color::srgb(0.15, 0.64, 0.27),
    Color::srgb(0.95, 0.80, 0.12),
    Color::srgb(0.56, 0.27, 0.78),
    Color::srgb(0.96, 0.50, 0.10),
];

/// The same colours for egui.
pub fn egui_color(seat: u8) -> egui::Color32 {
    let c = CAP_COLORS[seat as usize % 6].to_srgba();
    egui::Color32::from_rgb(
        (c.red * 255.0) as u8,
        (c.green * 255.0) as u8,
        (c.blue * 255.0) as u8,
    )
}

impl GameView for Skelly {
    fn needs_privacy(_: &SkellyView, _: &SkellyView) -> bool {
        // Everything is in the open: hot-seat passes the mouse without a
        // privacy screen.
        false
    }

    const RULES_TITLE: &'static str = "Skelly rules";
    const RULES: &'static [&'static str] = rules::RULES;
    const HOW_TO: &'static [crate::kit::widgets::HowToStep] = rules::HOW_TO;
    const PRIVACY: (&'static str, &'static str) = ("Skelly hides nothing.", "court");

    fn options_ui(ui: &mut egui::Ui, options: &mut Options) {
        ui.label("A cap has made its box when:");
        ui.radio_value(&mut options.made_by, MadeBy::Centre, "its centre is inside");
        ui.radio_value(
            &mut options.made_by,
            MadeBy::WholeCap,
            "the whole cap is inside, touching no line",
        );
        explain(ui, "The stricter rule makes every box harder to make.");
        ui.label("Hitting a trapped cap free advances the hitter:");
        ui.horizontal(|ui| {
            ui.radio_value(&mut options.freeing_bonus, 2, "two boxes");
            ui.radio_value(&mut options.freeing_bonus, 1, "one box");
        });
        explain(ui, "The reward for hitting a friend out of the dead box.");
        ui.label("A cap that is not a killer and hits a killer:");
        ui.horizontal(|ui| {
            ui.radio_value(
                &mut options.killer_hit,
                KillerHit::BecomesKiller,
                "becomes a killer",
            );
            ui.radio_value(
                &mut options.killer_hit,
                KillerHit::Eliminated,
                "is eliminated",
            );
        });
        explain(
            ui,
            "Whether touching a killer makes you one, or knocks you out.",
        );
        ui.horizontal(|ui| {
            ui.label("The game stops after, per player, shots:");
            ui.add(egui::Slider::new(&mut options.shots_per_seat, 1..=300));
        });
        explain(
            ui,
            "A cap on the length of the game; the furthest cap then wins.",
        );
    }

    fn end_wait(_: &SkellyView) -> f32 {
        1.2
    }

    fn finish(result: &mut MatchResult, views: &[SkellyView], viewer: Seat, _: &mut Commands) {
        let game = &views[viewer.index()].game;
        let ranking = ranking(game);
        for (i, seat) in result.seats.iter_mut().enumerate() {
            let (place, words) = &ranking[i];
            seat.0 = format!("{} — {} place, {words}", seat.0, ordinal(*place));
        }
        result.reason = format!("{} after {} shots", result.reason, game.shots());
    }
}

/// "1st", "2nd"…
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, x) if x != 11 => "st",
        (2, x) if x != 12 => "nd",
        (3, x) if x != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Each seat's place (equal progress sharing a place) and how far it got,
/// in seat order: the results table.
pub fn ranking(game: &Skelly) -> Vec<(usize, String)> {
    let n = game.caps().len();
    let score = |i: usize| match game.end() {
        Some(veil_skelly::End::LastCap(w)) if w.index() == i => 1000,
        _ => game.progress_score(Seat(i as u8)),
    };
    (0..n)
        .map(|i| {
            let place = 1 + (0..n).filter(|j| score(*j) > score(i)).count();
            let cap = &game.caps()[i];
            let words = if !cap.in_play() {
                "eliminated".to_owned()
            } else if cap.is_killer() {
                "a killer".to_owned()
            } else {
                format!("shooting for {}", target_name(cap.target()))
            };
            (place, words)
        })
        .collect()
}

/// What a cap's plate shows: the box it aims for ("7"), the quadrant
/// ("Q2"), or "K" for a killer.
pub fn plate_label(target: Option<Target>) -> String {
    match target {
        Some(Target::Box(n)) => n.to_string(),
        Some(Target::Quadrant(q)) => format!("Q{q}"),
        None => "K".to_owned(),
    }
}

/// A cap as the viewer sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct SeenCap {
    pub seat: u8,
    /// `None` once eliminated.
    pub at: Option<Point>,
    pub leg: u8,
    pub target: Option<Target>,
    pub trapped: bool,
    pub killer: bool,
}

/// Everything the view draws, from one observation.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Scene {
    pub viewer: u8,
    pub caps: Vec<SeenCap>,
    /// The seat to shoot (`None` once the game is over).
    pub shooter: Option<u8>,
    pub shots: u32,
    pub limit: u32,
    pub last: Option<ShotReport>,
    /// Seats in the order they were eliminated.
    pub eliminated: Vec<u8>,
}

impl Scene {
    pub fn from_view(view: &SkellyView) -> Scene {
        let g = &view.game;
        Scene {
            viewer: view.seat.0,
            caps: g
                .caps()
                .iter()
                .enumerate()
                .map(|(i, c)| SeenCap {
                    seat: i as u8,
                    at: c.at,
                    leg: c.leg,
                    target: c.target(),
                    trapped: c.trapped,
                    killer: c.leg == KILLER,
                })
                .collect(),
            shooter: g.end().is_none().then(|| g.shooter().0),
            shots: g.shots(),
            limit: g.shot_limit(),
            last: g.last_shot().cloned(),
            eliminated: g.eliminated().iter().map(|s| s.0).collect(),
        }
    }

    /// The seats in the order they shoot from now: the shooter first, then
    /// round the table (trapped caps included: they wait).
    pub fn turn_order(&self) -> Vec<u8> {
        let n = self.caps.len() as u8;
        let first = self.shooter.unwrap_or(0);
        (0..n)
            .map(|k| (first + k) % n)
            .filter(|s| self.caps[*s as usize].at.is_some())
            .collect()
    }
}

/// The view's memory: the observation and scene last drawn, and the last
/// shot's flight (for the replay).
#[derive(Resource, Default)]
pub struct ViewState {
    pub scene: Option<Scene>,
    pub obs: Option<SkellyView>,
    /// The last shot as animated: the trajectory and where the caps lay
    /// once the rules had moved them.
    pub last_flight: Option<draw::FlightPlan>,
}

pub struct SkellyViewPlugin;

impl Plugin for SkellyViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(TablePlugin::<Skelly>::with_demo(demo::demo_match))
            .init_resource::<ViewState>()
            .init_resource::<input::Aim>()
            .add_systems(
                Update,
                (
                    (input::drag_flick, input::keyboard_flick, input::cancel)
                        .in_set(PlaySet::Input),
                    draw::refresh_view.in_set(PlaySet::Draw),
                    (draw::fly, draw::show_aim, draw::pulse_shooter, draw::banner)
                        .after(PlaySet::Draw)
                        .chain(),
                )
                    .run_if(active::<Skelly>()),
            )
            .add_systems(
                EguiPrimaryContextPass,
                (hud::hud, rules::court_window).run_if(active::<Skelly>()),
            );
        on_table_enter::<Skelly, _>(app, draw::enter_play);
    }
}
