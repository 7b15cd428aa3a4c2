//! The Hide and Guess view: the table seen from the viewer's side. Their
//! screen with their secret behind it at the bottom, the other screen closed
//! at the top, the supply tray of white pieces on the left, the triangles in
//! between (tip toward the player who did not build them) with their white
//! stones, and the stones in hand beside each screen.
//!
//! Everything drawn comes from one observation, `Match::observe(viewer)`
//! (the [`HideAndGuessView`] of the seat shown), through [`scene`]; while the
//! device changes hands the scene drops the viewer's secret and thumb too.
//! The other player's secret exists in the world only once the game has
//! ended and the observation reveals it.

use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};
use veil_core::{Seat, Turn};
use veil_hide_and_guess::{Action, HideAndGuess, HideAndGuessView, Kind, Pieces, Table};
use veil_match::MatchGame;

use crate::kit::anim::{Flip, PieceColors, Slide};
use crate::kit::board::{BoardImages, Glyph};
use crate::kit::input::Command;
use crate::kit::sound::Cue;
use crate::kit::world_text::WorldText;
use crate::table::PlaySet;
use crate::table::Screen;
use crate::table::panel;
use crate::table::referee::{Match, MatchResult, PrivacyPending};
use crate::table::view::{
    Asking, Finishing, GameView, Redrawing, TablePlugin, active, on_table_enter,
};

mod draw;
mod hud;
mod input;
mod rules;
use crate::kit::theme::{EBONY, EBONY_INK, FELT, IVORY, IVORY_INK};
use draw::*;
pub use hud::*;
use input::*;
pub use rules::*;

impl GameView for HideAndGuess {
    /// The other player's secret five, as the computer suspected it.
    fn fact_words(fact: veil_core::Fact) -> (String, String) {
        let secret = veil_hide_and_guess::Pieces::secrets()
            .get(usize::from(fact.what))
            .map_or_else(|| "?".into(), |p| p.to_string());
        ("Secret".to_owned(), secret)
    }

    fn needs_privacy(previous: &HideAndGuessView, next: &HideAndGuessView) -> bool {
        // Each knows their own secret and, during a vote, their own thumb.
        previous.seat != next.seat
            && [previous, next]
                .iter()
                .any(|v| v.my_secret.is_some() || v.my_vote.is_some())
    }

    const RULES_TITLE: &'static str = "Hide and Guess rules";
    const RULES: &'static [&'static str] = RULES;
    const HOW_TO: &'static [crate::kit::widgets::HowToStep] = rules::HOW_TO;
    const PRIVACY: (&'static str, &'static str) = (
        "Each player's secret and thumb are for their eyes only.",
        "table",
    );

    fn options_ui(ui: &mut egui::Ui, _options: &mut ()) {
        ui.label("Hide and Guess has no options: two players, the first one chosen at random.");
    }

    fn end_wait(viewer_sees: &HideAndGuessView) -> f32 {
        // Time to watch the final scoring, triangle by triangle.
        if viewer_sees.table.end.is_some() {
            12.0
        } else {
            0.8
        }
    }

    fn finish(
        result: &mut MatchResult,
        views: &[HideAndGuessView],
        viewer: Seat,
        _: &mut Commands,
    ) {
        let lines = scoring_lines(&views[viewer.index()]);
        if !lines.is_empty() {
            result.reason = format!("{}\n\n{}", result.reason, lines.join("\n"));
        }
    }
}

/// What the table shows: the viewer's observation, without the viewer's own
/// secret and thumb while the device changes hands (`hidden`).
pub fn scene(view: &HideAndGuessView, hidden: bool) -> HideAndGuessView {
    let mut s = view.clone();
    if hidden {
        s.my_secret = None;
        s.my_vote = None;
        s.opponent_secret = None;
    }
    s
}

/// What the viewer is asked to do now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// Pick 5 black pieces and hide them (the simultaneous setup).
    HideSecret,
    /// Build a triangle or guess.
    BuildOrGuess,
    /// Thumb UP or DOWN on the new triangle.
    Vote,
    /// The other player (or chance) is to act.
    Wait,
    Over,
}

/// The viewer's task from the public turn and their own observation.
pub fn task(view: &HideAndGuessView, turn: Turn) -> Task {
    match turn {
        Turn::Over => Task::Over,
        Turn::Simultaneous(set) if set.contains(view.seat) => {
            if view.my_secret.is_none() {
                Task::HideSecret
            } else {
                Task::Vote
            }
        }
        Turn::Seat(s) if s == view.seat => Task::BuildOrGuess,
        _ => Task::Wait,
    }
}

/// The pieces being picked in the open dialog.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct Picker {
    pub pieces: Pieces,
    /// In a build-or-guess turn: the guess dialog is open.
    pub guessing: bool,
    /// The picked guess was already guessed wrongly: a second Confirm plays it.
    pub repeat_warning: bool,
}

/// Whether a piece of `kind` may be added to `picked` in this task: a
/// secret or a guess is what one black set can hold (5 pieces at most); a
/// triangle must still be able to become a new triangle from the supply.
pub fn may_add(task: Task, guessing: bool, table: &Table, picked: Pieces, kind: Kind) -> bool {
    let Some(next) = picked.with(kind) else {
        return false;
    };
    match task {
        Task::HideSecret => next.len() <= Pieces::SECRET_SIZE && next.is_subset(Pieces::BLACK_SET),
        Task::BuildOrGuess if guessing => {
            next.len() <= Pieces::SECRET_SIZE && next.is_subset(Pieces::BLACK_SET)
        }
        Task::BuildOrGuess => table.buildable().any(|t| next.is_subset(t)),
        _ => false,
    }
}

/// The action the picked pieces make in this task, if they make one.
pub fn picked_action(task: Task, picker: &Picker, table: &Table) -> Option<Action> {
    let p = picker.pieces;
    match task {
        Task::HideSecret => p.is_secret().then_some(Action::ChooseSecret(p)),
        Task::BuildOrGuess if picker.guessing => p.is_secret().then_some(Action::Guess(p)),
        // "Build" is always offered; with nothing new to build it ends the game.
        Task::BuildOrGuess if table.buildable().next().is_none() => Some(Action::EndByBuild),
        Task::BuildOrGuess => table.can_build(p).then_some(Action::Build(p)),
        _ => None,
    }
}

// ------------------------------------------------------------ the world

/// Where a piece lies, as the viewer sees the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spot {
    /// Behind the viewer's own screen.
    MySecret(u8),
    /// Behind the other screen: only once the game has ended.
    TheirSecret(u8),
    /// In the supply tray.
    Supply(u8),
    /// In triangle `index` (in the order built); corner 0 is the tip.
    Triangle { index: u8, corner: u8 },
}

/// A chess piece on the table; its kind is shown by its letter.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HagPiece {
    pub kind: Kind,
    /// White (supply, triangles) or black (secrets).
    pub white: bool,
    pub spot: Spot,
}

/// Where a stone lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StoneSpot {
    /// On triangle `index`, at its tip (the other player's thumb UP) or at
    /// its base (the builder's thumb UP).
    Triangle { index: u8, tip: bool },
    /// In a player's hand, from guesses.
    Hand { seat: u8, slot: u8 },
}

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stone {
    pub white: bool,
    pub spot: StoneSpot,
}

/// A player's screen: the viewer's own at the bottom, the other at the top,
/// closed until the end.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerScreen {
    pub seat: u8,
    pub open: bool,
}

/// A thumb beside a screen. On the open vote the viewer's own shows which
/// way it went and the other's only that it was cast (`up` is `None`); once
/// both are in, both show the last vote until the next build.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thumb {
    pub seat: u8,
    pub up: Option<bool>,
}

/// At the end, once both secrets are shown: what a triangle pays, written
/// beside it: `points` for the viewer and for the other player (its stones
/// times the pieces it shares with each secret), `None` for a triangle
/// without a stone, which is removed.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TriangleScore {
    pub index: u8,
    pub points: Option<[u32; 2]>,
}

/// Everything [`refresh_view`] draws (rebuilt on every change).
#[derive(Component)]
pub struct TableThing;

/// The felt and the tray, drawn once per match.
#[derive(Component)]
pub struct TableArt;

/// The view's memory.
#[derive(Resource, Default)]
pub struct HagViewState {
    /// The scene on screen (what the HUD writes, too).
    pub scene: Option<HideAndGuessView>,
}

const TABLE_X: f32 = -150.0;
const SCREEN_Y: f32 = 262.0;
const SECRET_Y: f32 = 340.0;
const PIECE: f32 = 50.0;
const SMALL: f32 = 30.0;
const TRI: f32 = 40.0;
const STONE: f32 = 20.0;

const SCREEN_WOOD: Color = Color::srgb(0.42, 0.26, 0.14);
const SCORE_INK: Color = Color::srgb(1.0, 0.85, 0.35);
const FIST: Color = Color::srgb(0.85, 0.7, 0.5);
const THUMB_UP: Color = Color::srgb(0.55, 0.8, 0.45);
const THUMB_DOWN: Color = Color::srgb(0.85, 0.45, 0.35);

const TRAY_CENTER: Vec2 = Vec2::new(-488.0, 10.0);

// ------------------------------------------------------------ plugin

/// What the player asks of the Hide and Guess table beyond the commands
/// every table shares (the panel's buttons send these).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum HagCommand {
    /// Add a piece of this kind (letter K Q R B N P) to the pieces being
    /// picked (a secret, a triangle, a guess).
    AddPiece(char),
    /// Take a piece of this kind back out of the picked ones.
    RemovePiece(char),
    /// Switch between building a triangle and guessing.
    Guessing(bool),
    /// The thumb vote, `true` for thumb UP.
    Thumb(bool),
}

pub struct HagViewPlugin;

impl Plugin for HagViewPlugin {
    fn build(&self, app: &mut App) {
        // `VEIL_DEMO=hide-and-guess`: a game under way.
        app.add_plugins(TablePlugin::<HideAndGuess>::with_demo(|setup| {
            crate::table::view::demo_match(setup, 2024, 8, |_| false)
        }))
        .add_message::<HagCommand>()
        .init_resource::<HagViewState>()
        .init_resource::<Picker>()
        .add_systems(
            Update,
            (
                (click_supply, human_acts).chain().in_set(PlaySet::Input),
                refresh_view.in_set(PlaySet::Draw),
            )
                .run_if(active::<HideAndGuess>()),
        )
        .add_systems(EguiPrimaryContextPass, hud.run_if(active::<HideAndGuess>()));
        on_table_enter::<HideAndGuess, _>(app, enter_play);
    }
}

fn enter_play(mut commands: Commands, mut view: ResMut<HagViewState>, mut picker: ResMut<Picker>) {
    *view = HagViewState::default();
    *picker = Picker::default();
    // The felt, and the tray the supply lies in.
    commands.spawn((
        TableArt,
        Sprite::from_color(FELT, Vec2::new(1000.0, 860.0)),
        Transform::from_xyz(-130.0, 0.0, -10.0),
        DespawnOnExit(Screen::Play),
    ));
    commands.spawn((
        TableArt,
        Sprite::from_color(Color::srgb(0.3, 0.22, 0.14), Vec2::new(276.0, 310.0)),
        Transform::from_xyz(TRAY_CENTER.x, TRAY_CENTER.y, -9.0),
        DespawnOnExit(Screen::Play),
    ));
    commands.spawn((
        TableArt,
        WorldText::new("supply", 18.0, Color::srgb(0.9, 0.85, 0.7)),
        Transform::from_xyz(TRAY_CENTER.x, TRAY_CENTER.y + 172.0, 3.0),
        DespawnOnExit(Screen::Play),
    ));
}
