//! The flick. With the mouse (or a finger): press on your cap, drag back
//! like a slingshot, release to shoot the other way, harder the further
//! you pulled. With the keyboard, for players who cannot drag precisely:
//! the arrows turn the aim (←/→ coarse and repeating, ↑/↓ fine), and Space
//! (or Enter) held fills the strength meter, which rises and falls until
//! released; the release shoots. Either way the view sends one
//! `ActionRequest` and the referee plays it.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use leafwing_input_manager::prelude::ActionState;
use veil_skelly::court::CAP_RADIUS;
use veil_skelly::{Point, Shot, Skelly};

use super::ViewState;
use super::draw::{window_to_world, world_to_court};
use crate::kit::input::{Command, Player, Pointer, UiAction};
use crate::table::view::Asking;
use veil_core::Seat;

/// A drag this long (court units) is a full-strength flick.
pub const FULL_DRAG: f64 = 16.0;
/// A shorter drag is let go without shooting.
pub const MIN_DRAG: f64 = 0.6;
/// Seconds for the keyboard's meter to fill (then it empties again).
pub const CHARGE_SECONDS: f32 = 1.6;
/// The keyboard's aim steps, in 65536ths of a turn: a press of ←/→, a
/// press of ↑/↓, and the turn per second while ←/→ is held.
pub const COARSE_STEP: u16 = 256;
pub const FINE_STEP: u16 = 16;
pub const TURN_RATE: f32 = 8192.0;

/// The viewer's flick in the making.
#[derive(Resource, Default, Debug, Clone)]
pub struct Aim {
    /// Dragging from the cap: the pointer, in court units.
    pub drag: Option<Point>,
    /// The keyboard's aim, once an arrow was pressed or Space held.
    pub angle: Option<u16>,
    /// Seconds Space has been held.
    pub charge: Option<f32>,
    /// Seconds ←/→ has been held.
    held: f32,
    /// The match version the keyboard's aim was set for.
    version: u64,
    /// The last shot the view asked for (tests compare it).
    pub last_sent: Option<Shot>,
}

/// The strength of a keyboard flick after holding Space for `secs`: the
/// meter rises to full in [`CHARGE_SECONDS`] and falls back, again and
/// again.
pub fn charge_strength(secs: f32) -> u16 {
    let x = (secs / CHARGE_SECONDS).max(0.0) % 2.0;
    let share = if x <= 1.0 { x } else { 2.0 - x };
    let s = (f64::from(share) * f64::from(Shot::MAX_STRENGTH)).round();
    s.clamp(1.0, f64::from(Shot::MAX_STRENGTH)) as u16
}

/// The drag's shot: from the pointer back through the cap.
pub fn drag_shot(from: Point, pointer: Point) -> Shot {
    Shot::from_vector(from.x - pointer.x, from.y - pointer.y, FULL_DRAG)
}

/// The shot the aim shows now, if the viewer is aiming.
pub fn aim_shot(aim: &Aim, from: Point) -> Option<Shot> {
    if let Some(p) = aim.drag {
        return Some(drag_shot(from, p));
    }
    let angle = aim.angle?;
    let strength = aim.charge.map_or(1, charge_strength);
    Some(Shot::new(angle, strength))
}

/// The viewer's cap, from the scene drawn.
fn my_cap(view: &ViewState, viewer: Seat) -> Option<Point> {
    let scene = view.scene.as_ref()?;
    scene.caps.get(viewer.index())?.at
}

/// The court point at window point `pos`, for the camera the table's fit
/// set (or, before it has, one at the origin).
fn court_at(window: &Window, camera: Option<(&Transform, &Projection)>, pos: Vec2) -> Point {
    let world = camera
        .map(|(t, p)| crate::table::fit::window_to_world(window.size(), pos, t, p))
        .unwrap_or_else(|| window_to_world(pos, window.size()));
    world_to_court(world)
}

/// Press on your cap, drag back, release; with the mouse or a finger
/// alike (the [`Pointer`] follows either, past the window's edge too).
pub fn drag_flick(
    pointer: Res<Pointer>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Query<(&Transform, &Projection), With<Camera2d>>,
    mut asking: Asking<Skelly>,
    view: Res<ViewState>,
    mut aim: ResMut<Aim>,
) {
    let (Some(window), Some(from)) = (window, my_cap(&view, asking.seat())) else {
        aim.drag = None;
        return;
    };
    if !asking.may_act() {
        aim.drag = None;
        return;
    }
    let at = pointer
        .at
        .map(|pos| court_at(&window, camera.single().ok(), pos));
    // A press on a window or panel (the rules over the court) is theirs:
    // the pointer does not report it as begun.
    if pointer.began {
        let start = pointer
            .start
            .map(|pos| court_at(&window, camera.single().ok(), pos));
        // A finger is wider than the pointer: it may touch down a little
        // further from the cap.
        let reach = CAP_RADIUS * if pointer.finger { 2.4 } else { 1.6 };
        if let Some(p) = start.filter(|p| p.distance(from) <= reach) {
            aim.drag = Some(p);
            aim.charge = None;
        }
        if !pointer.ended {
            return;
        }
    }
    if aim.drag.is_none() {
        return;
    }
    if pointer.pressed {
        if let Some(p) = at {
            aim.drag = Some(p);
        }
        return;
    }
    let last = aim.drag.take();
    if let (true, Some(p)) = (pointer.ended, at.or(last))
        && p.distance(from) >= MIN_DRAG
    {
        let shot = drag_shot(from, p);
        aim.last_sent = Some(shot);
        aim.angle = None;
        asking.ask(shot);
    }
}

/// Arrows aim; Space (or Enter) held charges; released, shoots.
#[allow(clippy::too_many_arguments)]
pub fn keyboard_flick(
    actions: Single<&ActionState<UiAction>, With<Player>>,
    time: Res<Time>,
    mut asking: Asking<Skelly>,
    view: Res<ViewState>,
    mut aim: ResMut<Aim>,
) {
    let a = *actions;
    let me = asking.seat();
    let (true, Some(from)) = (asking.may_act(), my_cap(&view, me)) else {
        aim.angle = None;
        aim.charge = None;
        return;
    };
    if aim.drag.is_some() {
        return;
    }
    if aim.version != asking.m.version {
        aim.version = asking.m.version;
        aim.angle = None;
        aim.charge = None;
    }
    // The first touch of a key aims at the cap's target (or, for a
    // killer, at the nearest cap).
    let aimed = || {
        let scene = view.scene.as_ref();
        let mine = scene.and_then(|s| s.caps.get(me.index()));
        let goal = match mine.and_then(|c| c.target) {
            Some(t) => Some(t.spot()),
            None => scene.and_then(|s| {
                s.caps
                    .iter()
                    .filter(|c| c.seat != me.0)
                    .filter_map(|c| c.at)
                    .min_by(|p, q| p.distance(from).total_cmp(&q.distance(from)))
            }),
        };
        goal.map_or(16384, |g| Shot::angle_towards(from, g))
    };
    let dt = time.delta_secs();
    let turn = |aim: &mut Aim, by: i32| {
        let angle = aim.angle.unwrap_or_else(aimed);
        aim.angle = Some((i32::from(angle) + by).rem_euclid(65536) as u16);
    };
    let left = a.pressed(&UiAction::CursorLeft);
    let right = a.pressed(&UiAction::CursorRight);
    if left || right {
        let sign = if left { 1 } else { -1 };
        if a.just_pressed(&UiAction::CursorLeft) || a.just_pressed(&UiAction::CursorRight) {
            aim.held = 0.0;
            turn(&mut aim, sign * i32::from(COARSE_STEP));
        } else {
            aim.held += dt;
            if aim.held > 0.3 {
                turn(&mut aim, sign * (TURN_RATE * dt) as i32);
            }
        }
    }
    if a.just_pressed(&UiAction::CursorUp) {
        turn(&mut aim, i32::from(FINE_STEP));
    }
    if a.just_pressed(&UiAction::CursorDown) {
        turn(&mut aim, -i32::from(FINE_STEP));
    }
    if a.just_pressed(&UiAction::Select) {
        if aim.angle.is_none() {
            turn(&mut aim, 0);
        }
        aim.charge = Some(0.0);
    } else if a.pressed(&UiAction::Select) {
        if let Some(c) = aim.charge.as_mut() {
            *c += dt;
        }
    } else if a.just_released(&UiAction::Select) {
        if let (Some(angle), Some(c)) = (aim.angle, aim.charge.take()) {
            let shot = Shot::new(angle, charge_strength(c));
            aim.last_sent = Some(shot);
            aim.angle = None;
            asking.ask(shot);
        }
    }
}

/// Escape or the right button lets go of the aim.
pub fn cancel(mut commands: MessageReader<Command>, mut aim: ResMut<Aim>) {
    for c in commands.read() {
        if *c == Command::Cancel {
            aim.drag = None;
            aim.charge = None;
            aim.angle = None;
        }
    }
}
