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
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use veil_core::{Seat, Turn};
use veil_hide_and_guess::{Action, HideAndGuess, HideAndGuessView, Kind, Pieces, Table};

use crate::kit::anim::{Flip, PieceColors, Slide};
use crate::kit::board::{BoardImages, Glyph};
use crate::kit::input::Command;
use crate::kit::settings::Settings;
use crate::kit::sound::Cue;
use crate::kit::world_text::WorldText;
use crate::table::PlaySet;
use crate::table::Screen;
use crate::table::panel;
use crate::table::referee::{
    Animating, Match, MatchResult, PlayPhase, PrivacyPending, ResignAsked, Viewer,
};
use crate::table::view::{
    ActionRequest, Finishing, GameView, Redraw, TablePlugin, active, on_table_enter,
};

impl GameView for HideAndGuess {
    fn seat_name(seat: Seat) -> &'static str {
        if seat.0 == 0 { "Player 1" } else { "Player 2" }
    }

    fn needs_privacy(previous: &HideAndGuessView, next: &HideAndGuessView) -> bool {
        // Each knows their own secret and, during a vote, their own thumb.
        previous.seat != next.seat
            && [previous, next]
                .iter()
                .any(|v| v.my_secret.is_some() || v.my_vote.is_some())
    }

    fn move_text(after: &HideAndGuessView) -> Option<String> {
        // Without the action: the newest triangle, as everyone sees it.
        let t = after.table.triangles.last()?;
        Some(triangle_line(after.table.triangles.len() - 1, t))
    }

    fn action_text(seat: Seat, action: &Action, after: &HideAndGuessView) -> Option<String> {
        let name = Self::seat_name(seat);
        let table = &after.table;
        Some(match action {
            // What was hidden, and how a thumb went before the reveal, stay private.
            Action::ChooseSecret(_) => {
                let mut text = format!("{name} hid a secret");
                if let (Some(first), true) = (table.first_player, table.triangles.is_empty()) {
                    text += &format!("; {} starts", Self::seat_name(first));
                }
                text
            }
            Action::Vote(_) => match table.triangles.last() {
                Some(t) if t.votes.is_some() => {
                    format!("thumbs on {}: {}", t.pieces, thumbs_text(t))
                }
                _ => format!("{name} voted"),
            },
            Action::Build(p) => format!("{name} built {p} ({p:#})"),
            Action::EndByBuild => format!("{name} chose to build: nothing new can be built"),
            Action::Guess(p) => {
                let right = table.guesses.last().is_some_and(|g| g.correct);
                format!(
                    "{name} guessed {p}: {}",
                    if right { "right!" } else { "wrong" }
                )
            }
            Action::FirstPlayer(s) => format!("{} starts", Self::seat_name(*s)),
        })
    }

    const RULES_TITLE: &'static str = "Hide and Guess rules";
    const RULES: &'static [&'static str] = RULES;
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

/// "Player 1 UP, Player 2 DOWN" for a triangle whose thumbs are revealed.
fn thumbs_text(t: &veil_hide_and_guess::Triangle) -> String {
    match t.votes {
        Some(v) => format!(
            "{} {}, {} {}",
            HideAndGuess::seat_name(Seat(0)),
            up_down(v[0]),
            HideAndGuess::seat_name(Seat(1)),
            up_down(v[1])
        ),
        None => "vote open".into(),
    }
}

fn up_down(up: bool) -> &'static str {
    if up { "UP" } else { "DOWN" }
}

fn triangle_line(index: usize, t: &veil_hide_and_guess::Triangle) -> String {
    format!(
        "▲{} {} by {}: {}",
        index + 1,
        t.pieces,
        HideAndGuess::seat_name(t.builder),
        thumbs_text(t)
    )
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

const WHITE_FACE: Color = Color::srgb(0.96, 0.93, 0.86);
const WHITE_INK: Color = Color::srgb(0.25, 0.2, 0.15);
const BLACK_FACE: Color = Color::srgb(0.12, 0.12, 0.14);
const BLACK_INK: Color = Color::srgb(0.92, 0.9, 0.85);
const SCREEN_WOOD: Color = Color::srgb(0.42, 0.26, 0.14);
const FELT: Color = Color::srgb(0.14, 0.32, 0.22);
const SCORE_INK: Color = Color::srgb(1.0, 0.85, 0.35);
const FIST: Color = Color::srgb(0.85, 0.7, 0.5);
const THUMB_UP: Color = Color::srgb(0.55, 0.8, 0.45);
const THUMB_DOWN: Color = Color::srgb(0.85, 0.45, 0.35);

/// +1 on the viewer's side (bottom), -1 on the other's (top), in y.
fn side(viewer: Seat, seat: Seat) -> f32 {
    if seat == viewer { -1.0 } else { 1.0 }
}

fn secret_pos(mine: bool, slot: usize) -> Vec2 {
    let y = if mine { -SECRET_Y } else { SECRET_Y };
    Vec2::new(TABLE_X - 120.0 + slot as f32 * 60.0, y)
}

fn screen_pos(mine: bool) -> Vec2 {
    Vec2::new(TABLE_X, if mine { -SCREEN_Y } else { SCREEN_Y })
}

/// The tray: a row per kind (pawns in two rows of eight).
fn supply_pos(kind: Kind, i: usize) -> Vec2 {
    let row = kind.index() + if kind == Kind::Pawn { i / 8 } else { 0 };
    let col = if kind == Kind::Pawn { i % 8 } else { i };
    Vec2::new(-600.0 + col as f32 * 32.0, 130.0 - row as f32 * 40.0)
}

const TRAY_CENTER: Vec2 = Vec2::new(-488.0, 10.0);

fn triangle_center(index: usize) -> Vec2 {
    let col = (index % 5) as f32;
    let row = (index / 5) as f32;
    Vec2::new(-305.0 + col * 122.0, 100.0 - row * 200.0)
}

/// Corner 0 is the tip, pointing at the player who did not build.
fn corner_pos(index: usize, corner: usize, dir: f32) -> Vec2 {
    let c = triangle_center(index);
    match corner {
        0 => c + Vec2::new(0.0, 28.0 * dir),
        1 => c + Vec2::new(-26.0, -18.0 * dir),
        _ => c + Vec2::new(26.0, -18.0 * dir),
    }
}

fn stone_pos(index: usize, tip: bool, dir: f32) -> Vec2 {
    let c = triangle_center(index);
    if tip {
        c + Vec2::new(0.0, 62.0 * dir)
    } else {
        c + Vec2::new(0.0, -50.0 * dir)
    }
}

fn hand_pos(mine: bool, slot: usize) -> Vec2 {
    let y = if mine { -SECRET_Y } else { SECRET_Y };
    let row = (slot / 8) as f32;
    Vec2::new(
        TABLE_X + 190.0 + (slot % 8) as f32 * 24.0,
        y + if mine { -row * 24.0 } else { row * 24.0 },
    )
}

fn thumb_pos(mine: bool) -> Vec2 {
    Vec2::new(TABLE_X + 290.0, if mine { -SCREEN_Y } else { SCREEN_Y })
}

fn spawn_piece(
    commands: &mut Commands,
    images: &BoardImages,
    kind: Kind,
    white: bool,
    spot: Spot,
    at: Vec2,
    size: f32,
) -> Entity {
    let (face, ink) = if white {
        (WHITE_FACE, WHITE_INK)
    } else {
        (BLACK_FACE, BLACK_INK)
    };
    let id = commands
        .spawn((
            HagPiece { kind, white, spot },
            TableThing,
            Sprite {
                image: images.disc.clone(),
                color: face,
                custom_size: Some(Vec2::splat(size)),
                ..default()
            },
            Transform::from_xyz(at.x, at.y, 1.0),
            PieceColors {
                face,
                back: SCREEN_WOOD,
                face_up: true,
            },
            DespawnOnExit(Screen::Play),
        ))
        .id();
    let ring = commands
        .spawn((
            Sprite {
                image: images.ring.clone(),
                color: ink.with_alpha(0.6),
                custom_size: Some(Vec2::splat(size * 0.86)),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, 0.1),
        ))
        .id();
    let letter = commands
        .spawn((
            Glyph,
            WorldText::new(kind.letter().to_string(), size * 0.5, ink).mono(),
            Transform::from_xyz(0.0, 0.0, 0.2),
        ))
        .id();
    commands.entity(id).add_children(&[ring, letter]);
    id
}

fn spawn_stone(
    commands: &mut Commands,
    images: &BoardImages,
    white: bool,
    spot: StoneSpot,
    at: Vec2,
) -> Entity {
    commands
        .spawn((
            Stone { white, spot },
            TableThing,
            Sprite {
                image: images.disc.clone(),
                color: if white {
                    Color::srgb(0.98, 0.98, 0.96)
                } else {
                    Color::srgb(0.05, 0.05, 0.06)
                },
                custom_size: Some(Vec2::splat(STONE)),
                ..default()
            },
            Transform::from_xyz(at.x, at.y, 2.0),
            DespawnOnExit(Screen::Play),
        ))
        .id()
}

fn label(commands: &mut Commands, text: impl Into<String>, at: Vec2, size: f32, color: Color) {
    commands.spawn((
        TableThing,
        WorldText::new(text, size, color),
        Transform::from_xyz(at.x, at.y, 3.0),
        DespawnOnExit(Screen::Play),
    ));
}

// ------------------------------------------------------------ plugin

pub struct HagViewPlugin;

impl Plugin for HagViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(TablePlugin::<HideAndGuess>::default())
            .init_resource::<HagViewState>()
            .init_resource::<Picker>()
            .add_systems(
                Update,
                (
                    human_acts.in_set(PlaySet::Input),
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

/// The viewer's picks and buttons become actions when it is their turn.
fn human_acts(
    mut commands: MessageReader<Command>,
    m: Res<Match<HideAndGuess>>,
    mut picker: ResMut<Picker>,
    viewer: Res<Viewer>,
    privacy: Res<PrivacyPending>,
    phase: Res<State<PlayPhase>>,
    animating: Res<Animating>,
    mut finishing: ResMut<Finishing>,
    mut requests: MessageWriter<ActionRequest<HideAndGuess>>,
) {
    for c in commands.read() {
        if *c == Command::Confirm && m.turn() == Turn::Over {
            finishing.asked = true;
            continue;
        }
        let seat = viewer.0;
        let may_act = *phase.get() == PlayPhase::HumanTurn
            && privacy.0.is_none()
            && !animating.0
            && m.to_act() == Some(seat)
            && m.seat_kind(seat).is_human();
        if !may_act {
            continue;
        }
        let obs = m.observe(seat);
        let task = task(&obs, m.turn());
        let kind_of = |l: &char| Kind::from_letter(*l);
        let add = |picker: &mut Picker, kind: Kind| {
            if may_add(task, picker.guessing, &obs.table, picker.pieces, kind) {
                picker.pieces = picker.pieces.with(kind).unwrap_or(picker.pieces);
                picker.repeat_warning = false;
            }
        };
        let action = match c {
            Command::AddPiece(l) => {
                if let Some(kind) = kind_of(l) {
                    add(&mut *picker, kind);
                }
                None
            }
            // Keys 1 and 2 are the thumbs in a vote; 1 to 6 add a king … a
            // pawn in a dialog.
            Command::Choose(i) if task == Task::Vote => match i {
                0 => Some(Action::Vote(true)),
                1 => Some(Action::Vote(false)),
                _ => None,
            },
            Command::Choose(i) => {
                if let Some(kind) = Kind::ALL.get(*i) {
                    add(&mut *picker, *kind);
                }
                None
            }
            // Escape empties the dialog.
            Command::Cancel => {
                picker.pieces = Pieces::EMPTY;
                picker.repeat_warning = false;
                None
            }
            Command::RemovePiece(l) => {
                if let Some(one) = kind_of(l).and_then(|k| Pieces::EMPTY.with(k)) {
                    if let Some(rest) = picker.pieces.minus(one) {
                        picker.pieces = rest;
                        picker.repeat_warning = false;
                    }
                }
                None
            }
            Command::Guessing(on) => {
                if task == Task::BuildOrGuess && picker.guessing != *on {
                    *picker = Picker {
                        guessing: *on,
                        ..Picker::default()
                    };
                }
                None
            }
            Command::Thumb(up) => (task == Task::Vote).then_some(Action::Vote(*up)),
            Command::Confirm => match picked_action(task, &picker, &obs.table) {
                Some(Action::Guess(p)) if obs.is_repeated_guess(p) && !picker.repeat_warning => {
                    // Legal, but worth a second thought.
                    picker.repeat_warning = true;
                    None
                }
                other => other,
            },
            _ => None,
        };
        if let Some(action) = action {
            // Offered only when legal; the referee checks it again.
            *picker = Picker::default();
            requests.write(ActionRequest { seat, action });
        }
    }
}

/// Rebuilds the table whenever the game, the viewer or the privacy screen
/// changed, animating what is new since the last scene of the same viewer.
fn refresh_view(
    mut commands: Commands,
    m: Res<Match<HideAndGuess>>,
    viewer: Res<Viewer>,
    settings: Res<Settings>,
    images: Res<BoardImages>,
    mut view: ResMut<HagViewState>,
    mut picker: ResMut<Picker>,
    redraw: Res<Redraw>,
    old: Query<Entity, With<TableThing>>,
    mut cues: MessageWriter<Cue>,
) {
    if !redraw.needed {
        return;
    }
    let hidden = redraw.hidden;
    if !redraw.first && (redraw.new_version || !redraw.same_viewer) {
        *picker = Picker::default();
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let s = scene(&m.observe(viewer.0), hidden);
    let previous = view.scene.take().filter(|_| redraw.animate());
    let duration = settings.animation.seconds();
    let me = s.seat;
    let them = s.opponent();
    let name = HideAndGuess::seat_name;
    let light = Color::srgb(0.95, 0.9, 0.78);

    // The screens: the viewer's own (they see behind it), the other closed
    // until the secrets are revealed.
    for (seat, mine) in [(me, true), (them, false)] {
        let open = mine || s.opponent_secret.is_some();
        let at = screen_pos(mine);
        commands.spawn((
            PlayerScreen { seat: seat.0, open },
            TableThing,
            Sprite::from_color(
                if open {
                    SCREEN_WOOD.with_alpha(0.55)
                } else {
                    SCREEN_WOOD
                },
                Vec2::new(460.0, 40.0),
            ),
            Transform::from_xyz(at.x, at.y, 0.0),
            DespawnOnExit(Screen::Play),
        ));
        let words = if mine {
            format!("{}'s screen (you)", name(seat))
        } else if open {
            format!("{}'s screen, lifted", name(seat))
        } else if s.opponent_has_chosen {
            format!("{}'s screen: 5 pieces hidden", name(seat))
        } else {
            format!("{}'s screen", name(seat))
        };
        label(&mut commands, words, at, 17.0, light);
    }
    if let Some(secret) = s.my_secret {
        for (i, kind) in secret.iter().enumerate() {
            spawn_piece(
                &mut commands,
                &images,
                kind,
                false,
                Spot::MySecret(i as u8),
                secret_pos(true, i),
                PIECE,
            );
        }
    }
    if let Some(secret) = s.opponent_secret {
        let newly = previous
            .as_ref()
            .is_some_and(|p| p.opponent_secret.is_none());
        for (i, kind) in secret.iter().enumerate() {
            let e = spawn_piece(
                &mut commands,
                &images,
                kind,
                false,
                Spot::TheirSecret(i as u8),
                secret_pos(false, i),
                PIECE,
            );
            if let (true, Some(d)) = (newly, duration) {
                // The reveal: the pieces turn over one after the other.
                commands.entity(e).insert(Flip {
                    delay: d * 0.3 * i as f32,
                    duration: d * 1.5,
                    elapsed: 0.0,
                });
            }
        }
        if newly {
            cues.write(Cue::Flip);
        }
    }
    // The supply tray.
    let mut slot = 0u8;
    for kind in Kind::ALL {
        for i in 0..s.table.supply.count(kind) as usize {
            spawn_piece(
                &mut commands,
                &images,
                kind,
                true,
                Spot::Supply(slot),
                supply_pos(kind, i),
                SMALL,
            );
            slot += 1;
        }
    }
    // The triangles, their stones and the open vote's thumbs.
    for (index, t) in s.table.triangles.iter().enumerate() {
        let dir = -side(me, t.builder);
        let new_triangle = previous
            .as_ref()
            .is_some_and(|p| p.table.triangles.len() <= index);
        for (corner, kind) in t.pieces.iter().enumerate() {
            let at = corner_pos(index, corner, dir);
            let e = spawn_piece(
                &mut commands,
                &images,
                kind,
                true,
                Spot::Triangle {
                    index: index as u8,
                    corner: corner as u8,
                },
                at,
                TRI,
            );
            if let (true, Some(d)) = (new_triangle, duration) {
                commands
                    .entity(e)
                    .insert(Slide::new(TRAY_CENTER, at, d, corner as f32 * d * 0.3));
            }
        }
        let revealed_now = previous.as_ref().is_some_and(|p| {
            p.table
                .triangles
                .get(index)
                .is_none_or(|old| old.votes.is_none())
        }) && t.votes.is_some();
        for (tip, up) in [(true, t.tip_stone()), (false, t.base_stone())] {
            if !up {
                continue;
            }
            let at = stone_pos(index, tip, dir);
            let e = spawn_stone(
                &mut commands,
                &images,
                true,
                StoneSpot::Triangle {
                    index: index as u8,
                    tip,
                },
                at,
            );
            if let (true, Some(d)) = (revealed_now, duration) {
                // Both thumbs are shown together: the stones drop at once.
                let from = at + Vec2::new(0.0, 90.0 * if tip { dir } else { -dir });
                commands.entity(e).insert(Slide::new(from, at, d, 0.0));
            }
        }
        if revealed_now {
            cues.write(Cue::Flip);
        }
        if new_triangle {
            cues.write(Cue::Move);
        }
        if let (Some(mine), Some(theirs), Some(_)) = (s.my_secret, s.opponent_secret, s.table.end) {
            // The final scoring, triangle by triangle, beyond its tip.
            let stones = t.stones();
            let points = (stones > 0)
                .then(|| [mine, theirs].map(|secret| (stones * t.pieces.overlap(secret)) as u32));
            let text = match points {
                Some([a, b]) => format!("+{a} / +{b}"),
                None => "removed".to_owned(),
            };
            let at = triangle_center(index) + Vec2::new(0.0, 86.0 * dir);
            commands.spawn((
                TriangleScore {
                    index: index as u8,
                    points,
                },
                TableThing,
                WorldText::new(text, 14.0, SCORE_INK),
                Transform::from_xyz(at.x, at.y, 3.0),
                DespawnOnExit(Screen::Play),
            ));
        }
    }
    if s.table.end.is_some() && s.my_secret.is_some() && s.opponent_secret.is_some() {
        label(
            &mut commands,
            format!("Final scoring by triangle: yours / {}'s", name(them)),
            Vec2::new(-65.0, 222.0),
            16.0,
            SCORE_INK,
        );
    }
    // The thumbs. During a vote the viewer's own shows which way it went and
    // the other's only that it was cast (a closed fist); once both are in,
    // both open together and stay shown until the next build.
    let thumbs: Vec<(Seat, bool, Option<bool>)> = if s.table.open_vote().is_some() {
        let mut cast = Vec::new();
        if let Some(up) = s.my_vote {
            cast.push((me, true, Some(up)));
        }
        if s.opponent_has_voted {
            cast.push((them, false, None));
        }
        cast
    } else if let Some(t) = s.table.triangles.last() {
        vec![
            (me, true, Some(t.voted_up(me))),
            (them, false, Some(t.voted_up(them))),
        ]
    } else {
        Vec::new()
    };
    let opened_now = s.table.open_vote().is_none()
        && previous
            .as_ref()
            .is_some_and(|p| p.table.open_vote().is_some());
    for (seat, mine, up) in thumbs {
        let at = thumb_pos(mine);
        let (face, text) = match up {
            Some(true) => (THUMB_UP, "thumb UP"),
            Some(false) => (THUMB_DOWN, "thumb DOWN"),
            None => (FIST, "thumb cast"),
        };
        let e = commands
            .spawn((
                Thumb { seat: seat.0, up },
                TableThing,
                Sprite {
                    image: images.disc.clone(),
                    color: face,
                    custom_size: Some(Vec2::splat(44.0)),
                    ..default()
                },
                Transform::from_xyz(at.x, at.y, 1.0),
                PieceColors {
                    face,
                    back: FIST,
                    face_up: true,
                },
                DespawnOnExit(Screen::Play),
            ))
            .id();
        let words = commands
            .spawn((
                Glyph,
                WorldText::new(text, 15.0, light),
                Transform::from_xyz(0.0, -34.0, 0.2),
            ))
            .id();
        commands.entity(e).add_children(&[words]);
        if let (true, Some(d)) = (opened_now, duration) {
            // The reveal: both fists open at the same moment.
            commands.entity(e).insert(Flip {
                delay: 0.0,
                duration: d * 1.2,
                elapsed: 0.0,
            });
        }
    }
    // Stones in hand: white from the other's wrong guesses (or a right
    // guess), black for one's own wrong guesses.
    for (seat, mine) in [(me, true), (them, false)] {
        let white = s.table.white[seat.index()] as usize;
        let black = s.table.black[seat.index()] as usize;
        let before = previous
            .as_ref()
            .map(|p| (p.table.white[seat.index()] + p.table.black[seat.index()]) as usize);
        for slot in 0..white + black {
            let at = hand_pos(mine, slot);
            let e = spawn_stone(
                &mut commands,
                &images,
                slot < white,
                StoneSpot::Hand {
                    seat: seat.0,
                    slot: slot as u8,
                },
                at,
            );
            if let (Some(before), Some(d)) = (before, duration) {
                if slot >= before {
                    commands
                        .entity(e)
                        .insert(Slide::new(Vec2::new(TABLE_X, 0.0), at, d, 0.0));
                }
            }
        }
    }
    if previous
        .as_ref()
        .is_some_and(|p| p.table.guesses.len() < s.table.guesses.len())
    {
        cues.write(Cue::Capture);
    }
    view.scene = Some(s);
}

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

fn action_words(action: &Action) -> String {
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
fn piece_picker(
    ui: &mut egui::Ui,
    task: Task,
    picker: &Picker,
    table: &Table,
    limit: Pieces,
    out: &mut MessageWriter<Command>,
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
                out.write(Command::RemovePiece(kind.letter()));
            }
            ui.label(format!("{n} / {}", limit.count(kind)));
            let ok = may_add(task, picker.guessing, table, picker.pieces, kind);
            if ui.add_enabled(ok, egui::Button::new("+")).clicked() {
                out.write(Command::AddPiece(kind.letter()));
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

fn hud(
    mut contexts: EguiContexts,
    m: Res<Match<HideAndGuess>>,
    view: Res<HagViewState>,
    picker: Res<Picker>,
    viewer: Res<Viewer>,
    privacy: Res<PrivacyPending>,
    resign: Res<ResignAsked>,
    mut out: MessageWriter<Command>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = crate::shell::screens::root_ui(ctx, "hag-hud-root", false);
    let name = HideAndGuess::seat_name;
    egui::Panel::right("hag-hud")
        .exact_size(340.0)
        .show(&mut root, |ui| {
            let Some(s) = &view.scene else {
                ui.label("…");
                return;
            };
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.heading(format!("You are {}", name(viewer.0)));
                let task = if privacy.0.is_some() {
                    Task::Wait
                } else {
                    task(s, m.turn())
                };
                let human = m.seat_kind(viewer.0).is_human();
                let acting = human && m.to_act() == Some(viewer.0) && privacy.0.is_none();
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
                            piece_picker(ui, task, &picker, &s.table, Pieces::BLACK_SET, &mut out);
                            let ok = picker.pieces.is_secret();
                            if ui
                                .add_enabled(ok, egui::Button::new("Hide behind my screen (Enter)"))
                                .clicked()
                            {
                                out.write(Command::Confirm);
                            }
                        }
                        (Task::BuildOrGuess, true) => {
                            ui.horizontal(|ui| {
                                if ui
                                    .selectable_label(!picker.guessing, "Build a triangle")
                                    .clicked()
                                {
                                    out.write(Command::Guessing(false));
                                }
                                if ui.selectable_label(picker.guessing, "Guess").clicked() {
                                    out.write(Command::Guessing(true));
                                }
                            });
                            if picker.guessing {
                                ui.label("Name the 5 pieces the other player hides.");
                                piece_picker(
                                    ui,
                                    task,
                                    &picker,
                                    &s.table,
                                    Pieces::BLACK_SET,
                                    &mut out,
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
                                    out.write(Command::Confirm);
                                }
                            } else if s.table.buildable().next().is_none() {
                                ui.label("No new triangle can be built from the supply.");
                                if ui.button("Build — this ends the game (Enter)").clicked() {
                                    out.write(Command::Confirm);
                                }
                            } else {
                                ui.label("3 white pieces from the supply, unlike every triangle on the table.");
                                piece_picker(ui, task, &picker, &s.table, s.table.supply, &mut out);
                                let ok = s.table.can_build(picker.pieces);
                                if ui.add_enabled(ok, egui::Button::new("Build (Enter)")).clicked() {
                                    out.write(Command::Confirm);
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
                            ui.horizontal(|ui| {
                                if ui.button(egui::RichText::new("▲ Thumb up (1)").size(22.0)).clicked() {
                                    out.write(Command::Thumb(true));
                                }
                                if ui.button(egui::RichText::new("▼ Thumb down (2)").size(22.0)).clicked() {
                                    out.write(Command::Thumb(false));
                                }
                            });
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
                                out.write(Command::Confirm);
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
                panel::controls(ui, &m, acting, None, resign.0, &mut out, |_| {});
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
        });
    Ok(())
}

/// The rulings of §1, in plain words.
pub const RULES: &[&str] = &[
    "Each player hides a secret: 5 pieces taken from one black chess set (K, Q, R R, B B, N N, 8 pawns), so at most one king and one queen. Order does not matter. Both choose at the same time; then chance decides who starts.",
    "The supply is two white sets: 2 kings, 2 queens, 4 rooks, 4 bishops, 4 knights, 16 pawns. On your turn you either build a triangle or guess.",
    "Build: take 3 white pieces from the supply and lay them as a triangle, its base toward you, its tip toward the other player. No two triangles may hold the same pieces. Triangles stay until the end; at most 10 can ever exist.",
    "After each build both players vote at the same time, thumb UP or DOWN, without seeing the other's thumb; both are shown together. Each thumb UP puts a white stone on its side of the triangle, so everyone sees who voted UP.",
    "Build is always offered. If no new triangle can be built (fewer than 3 pieces left, or every possible one is already on the table), choosing Build ends the game.",
    "Guess: name 5 pieces one black set could hold. Right: you take one white stone per triangle on the table and the game ends. Wrong: the other player takes 1 white stone, you take 1 black stone, and play goes on. Guessing the same wrong pieces again is allowed (you are warned).",
    "Scoring: triangles without stones are removed. For every other triangle with s stones, each player gains s white stones per piece of the triangle they can match with their secret (each piece matched separately). Score = white stones − 2 × black stones.",
    "The higher score wins. Equal scores: whoever has more black stones wins; still equal: a draw.",
    "On the table: letters K Q R B N P are king, queen, rook, bishop, knight, pawn; white discs are white pieces, dark discs black ones; small white and black discs are stones.",
];
