//! Input: leafwing actions bound to keys, and the [`Pointer`] (the mouse or
//! a finger, alike), turned into the app's [`Command`] messages. Menus'
//! buttons write the same messages, and so do the tests: everything the
//! player can do goes through [`Command`].

use bevy::camera::ScalingMode;
use bevy::input::touch::Touches;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;
use bevy_egui::input::EguiWantsInput;
use leafwing_input_manager::prelude::*;

use crate::kit::board::{BoardLayout, BoardUi, Cell};

/// What the player can do with keys and buttons.
#[derive(Actionlike, PartialEq, Eq, Clone, Copy, Hash, Debug, Reflect)]
pub enum UiAction {
    /// Enter / Space: confirm, or pick the square under the keyboard cursor.
    Select,
    /// Mouse left button (what the [`Pointer`] reads; kept so the action
    /// map names it).
    Click,
    /// Escape / right button: drop the selection, or go back.
    Cancel,
    Undo,
    Hint,
    Resign,
    /// The settings panel.
    Menu,
    ToggleRules,
    /// Show the last move again.
    ReplayLast,
    CursorUp,
    CursorDown,
    CursorLeft,
    CursorRight,
    /// Home / End: the first and last position of a review.
    First,
    Last,
    /// Digits 1–6: the numbered choices of a menu (promotion, reveal…).
    Choose1,
    Choose2,
    Choose3,
    Choose4,
    Choose5,
    Choose6,
}

impl UiAction {
    /// The numbered choices, in order.
    pub const CHOICES: [UiAction; 6] = [
        UiAction::Choose1,
        UiAction::Choose2,
        UiAction::Choose3,
        UiAction::Choose4,
        UiAction::Choose5,
        UiAction::Choose6,
    ];
}

impl UiAction {
    pub fn default_map() -> InputMap<UiAction> {
        let mut map = InputMap::default();
        map.insert(UiAction::Select, KeyCode::Enter)
            .insert(UiAction::Select, KeyCode::Space)
            .insert(UiAction::Select, KeyCode::NumpadEnter)
            .insert(UiAction::Click, MouseButton::Left)
            .insert(UiAction::Cancel, KeyCode::Escape)
            .insert(UiAction::Cancel, MouseButton::Right)
            .insert(UiAction::Undo, KeyCode::KeyU)
            .insert(UiAction::Undo, KeyCode::Backspace)
            .insert(UiAction::Hint, KeyCode::KeyH)
            .insert(UiAction::Resign, KeyCode::KeyR)
            .insert(UiAction::Menu, KeyCode::KeyM)
            .insert(UiAction::Menu, KeyCode::F10)
            .insert(UiAction::ToggleRules, KeyCode::F1)
            .insert(UiAction::ToggleRules, KeyCode::KeyI)
            .insert(UiAction::ReplayLast, KeyCode::KeyL)
            .insert(UiAction::CursorUp, KeyCode::ArrowUp)
            .insert(UiAction::CursorDown, KeyCode::ArrowDown)
            .insert(UiAction::CursorLeft, KeyCode::ArrowLeft)
            .insert(UiAction::CursorRight, KeyCode::ArrowRight)
            .insert(UiAction::First, KeyCode::Home)
            .insert(UiAction::Last, KeyCode::End);
        let digits = [
            KeyCode::Digit1,
            KeyCode::Digit2,
            KeyCode::Digit3,
            KeyCode::Digit4,
            KeyCode::Digit5,
            KeyCode::Digit6,
        ];
        for (action, key) in UiAction::CHOICES.into_iter().zip(digits) {
            map.insert(action, key);
        }
        map
    }
}

/// Everything the player can ask for, from keys, the mouse or buttons.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum Command {
    /// Title: go to the game choice.
    Start,
    /// Title: take up the match of this game (by id) that was in progress.
    Continue(&'static str),
    /// Title: online play's menu.
    PlayOnline,
    /// Title: back to the seat of the online game kept.
    ContinueOnline,
    /// Online: host a room (to the game choice and setup).
    HostOnline,
    /// Online: join the room whose code was typed.
    JoinOnline,
    /// Online: watch the room whose code was typed.
    WatchOnline,
    /// Waiting room: the host starts (the computer takes free seats).
    StartRoom,
    /// Waiting room: try the lost link again.
    RetryOnline,
    /// Online: accept (true) or refuse another player's takeback.
    AnswerTakeback(bool),
    /// Online: send the table a quick message (`veil_net::PHRASES`).
    Say(u8),
    /// Game choice: this game (by id).
    ChooseGame(&'static str),
    /// Setup: begin the game as set up (asks first when a match of that
    /// game is in progress).
    StartMatch,
    /// Setup: begin the game as set up in place of the one in progress.
    StartAnew,
    /// Results: the same setup again.
    PlayAgain,
    /// Back one screen; from a game, to the title.
    Back,
    /// A board point was picked (click or keyboard).
    Square(Cell),
    /// Drop the selection / close a dialog.
    Cancel,
    Undo,
    Hint,
    /// Resign asks first; a second `Resign` (or the dialog's button) confirms.
    Resign,
    ToggleRules,
    /// Animate the last move again (the opponent's, usually).
    ReplayLast,
    ToggleSettings,
    /// The next seat took the device (hot-seat privacy screen).
    ContinueAfterPrivacy,
    /// A card of the viewer's hand was picked, by its index in the game's
    /// deck (card games: play it, or select it to give away).
    Card(u8),
    /// The numbered choice (from 0) of the menu the game shows now: a bid,
    /// a pass, a promotion, a reveal, a decision, a confirmation.
    Choose(usize),
    /// Play sound (button feedback); not a game action.
    Button,
    /// Hand in what is picked (or confirm a warning, or go on to the
    /// results); Enter on screens without a board.
    Confirm,
    /// Results: look back through the game that ended.
    Review,
    /// Review: this many positions on (back if negative; a large number
    /// goes to the end or the start).
    ReviewStep(i32),
    /// Review: the table as this seat saw it (`None`: everything revealed).
    ReviewAs(Option<u8>),
    /// Review, everything revealed: show the computer's beliefs or not.
    ReviewGuesses(bool),
}

/// The entity holding the player's input map and action state.
#[derive(Component)]
pub struct Player;

pub struct InputPlugin;

impl Plugin for InputPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(InputManagerPlugin::<UiAction>::default())
            .add_message::<Command>()
            .init_resource::<Pointer>()
            .add_systems(Startup, spawn_player)
            .add_systems(PreUpdate, read_pointer.after(bevy::input::InputSystems))
            .add_systems(
                Update,
                (menu_key, hover_square, click_square).in_set(InputSet),
            );
    }
}

/// Systems that turn raw input into [`Command`]s; game logic runs after.
#[derive(SystemSet, Clone, PartialEq, Eq, Hash, Debug)]
pub struct InputSet;

fn spawn_player(mut commands: Commands) {
    commands.spawn((
        Player,
        UiAction::default_map(),
        ActionState::<UiAction>::default(),
    ));
}

/// M / F10: the settings panel, on every screen.
fn menu_key(
    actions: Single<&ActionState<UiAction>, With<Player>>,
    mut out: MessageWriter<Command>,
) {
    if actions.just_pressed(&UiAction::Menu) {
        out.write(Command::ToggleSettings);
    }
}

/// How far (logical pixels) a finger may slide and still tap.
pub const TAP_SLOP: f32 = 14.0;

/// The pointer this frame, the mouse or a finger alike, so that a view
/// does not care which: where it is, whether it is down, and whether it
/// tapped. A mouse picks on the press (as desktop players expect); a finger
/// picks on the lift, since a touch may begin a scroll or a drag and a quick
/// tap can begin and end within one frame. A press that began on one of
/// egui's panels or windows belongs to them, and never reaches the table.
#[derive(Resource, Default, Debug, Clone)]
pub struct Pointer {
    /// The window point (logical pixels from the top left) the pointer is
    /// at: the mouse over the window, or the finger down (or lifted this
    /// frame). Past the window's edge while a press lasts, too.
    pub at: Option<Vec2>,
    /// The button or finger is down.
    pub pressed: bool,
    /// A press began this frame (on the table, not a panel).
    pub began: bool,
    /// The press ended this frame (begun on the table).
    pub ended: bool,
    /// A pick this frame, and where: the mouse's press, or a finger lifted
    /// near where it touched down.
    pub tap: Option<Vec2>,
    /// The last press was a finger's.
    pub finger: bool,
    /// Where the present (or just ended) press began.
    pub start: Option<Vec2>,
    /// The present press began on a panel or a window.
    pub on_panel: bool,
    /// The pointer is over a panel or a window now (a finger: its press
    /// began there).
    pub over_panel: bool,
    /// The finger followed, while it is down.
    finger_id: Option<u64>,
}

impl Pointer {
    /// The press moved further than a tap may.
    pub fn dragged(&self) -> bool {
        match (self.start, self.at) {
            (Some(s), Some(a)) => s.distance(a) > TAP_SLOP,
            _ => false,
        }
    }

    /// Where the pointer points at the table: the mouse anywhere over the
    /// window but a panel, a finger only while it is down.
    pub fn over_table(&self) -> Option<Vec2> {
        if self.over_panel || (self.finger && !self.pressed && !self.ended) {
            return None;
        }
        self.at
    }
}

/// Whether window point `pos` lies on the egui of this frame: the top
/// strip, the side panel or the bottom sheet, the review's strip, or a
/// window or menu above them. Worked out from the layout rather than from
/// egui's hover, which a finger never gives before it touches.
pub fn on_panels(ctx: &bevy_egui::egui::Context, window: Vec2, pos: Vec2) -> bool {
    use crate::kit::widgets::{TOP_BAR, table_free_area};
    if pos.y < TOP_BAR {
        return true;
    }
    if !table_free_area(ctx, window).contains(pos) {
        return true;
    }
    let zoom = ctx.zoom_factor().max(0.01);
    let at = bevy_egui::egui::pos2(pos.x / zoom, pos.y / zoom);
    ctx.layer_id_at(at)
        .is_some_and(|l| l.order != bevy_egui::egui::Order::Background)
}

#[allow(clippy::too_many_arguments)]
fn read_pointer(
    mut pointer: ResMut<Pointer>,
    mouse: Res<ButtonInput<MouseButton>>,
    touches: Option<Res<Touches>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    moves: MessageReader<CursorMoved>,
    outside: Local<Option<Vec2>>,
    events: MessageReader<bevy::window::WindowEvent>,
    cursor_before: Local<Option<Vec2>>,
    egui_wants: Option<Res<EguiWantsInput>>,
    mut contexts: EguiContexts,
) {
    let ctx = contexts.ctx_mut().ok().cloned();
    let size = window.as_ref().map(|w| w.size());
    let wants = egui_wants.is_some_and(|w| w.wants_any_pointer_input());
    let pressed_at = press_position(events, cursor_before, window.as_deref().map(|w| &**w));
    follow_pointer(
        &mut pointer,
        &mouse,
        touches.as_deref(),
        window.as_deref().map(|w| &**w),
        moves,
        outside,
        pressed_at,
        wants,
        ctx.as_ref(),
    );
    let p = &mut *pointer;
    p.over_panel = if p.finger {
        p.on_panel
    } else {
        wants
            || match (p.at, &ctx, size) {
                (Some(at), Some(ctx), Some(size)) => on_panels(ctx, size, at),
                _ => false,
            }
    };
}

/// Where the cursor was when the left button went down this frame, from
/// the window's events in their order: a slow frame may hold a press and
/// then a move elsewhere, and the window's cursor is then already past the
/// press. `None` when this frame's events hold no press (the tests write the
/// button's messages alone, and the cursor is where they set it).
fn press_position(
    mut events: MessageReader<bevy::window::WindowEvent>,
    mut cursor_before: Local<Option<Vec2>>,
    window: Option<&Window>,
) -> Option<Option<Vec2>> {
    use bevy::window::WindowEvent;
    let mut at = *cursor_before;
    let mut pressed = None;
    for e in events.read() {
        match e {
            WindowEvent::CursorMoved(m) => at = Some(m.position),
            WindowEvent::CursorLeft(_) => at = None,
            WindowEvent::MouseButtonInput(b)
                if b.button == MouseButton::Left && b.state.is_pressed() && pressed.is_none() =>
            {
                pressed = Some(at);
            }
            _ => {}
        }
    }
    *cursor_before = window.and_then(|w| w.cursor_position());
    pressed
}

#[allow(clippy::too_many_arguments)]
fn follow_pointer(
    p: &mut Pointer,
    mouse: &ButtonInput<MouseButton>,
    touches: Option<&Touches>,
    window: Option<&Window>,
    mut moves: MessageReader<CursorMoved>,
    mut outside: Local<Option<Vec2>>,
    pressed_at: Option<Option<Vec2>>,
    egui_wants: bool,
    ctx: Option<&bevy_egui::egui::Context>,
) {
    let Some(window) = window else {
        *p = Pointer::default();
        return;
    };
    let size = window.size();
    let panel = |pos: Vec2| ctx.is_some_and(|c| on_panels(c, size, pos));
    p.began = false;
    p.ended = false;
    p.tap = None;
    // The mouse. Past the window's edge the window has no pointer, but the
    // moves still arrive while the button is held.
    for m in moves.read() {
        *outside = Some(m.position);
    }
    let cursor = window.cursor_position();
    if cursor.is_some() {
        *outside = None;
    }
    let mouse_down = mouse.just_pressed(MouseButton::Left);
    let mouse_up = mouse.just_released(MouseButton::Left);
    if mouse_down || mouse_up || mouse.pressed(MouseButton::Left) || cursor.is_some() {
        if p.finger_id.is_none() {
            p.finger = false;
            p.at = cursor.or(if mouse.pressed(MouseButton::Left) || mouse_up {
                *outside
            } else {
                None
            });
        }
    } else if !p.finger {
        p.at = None;
    }
    if mouse_down && p.finger_id.is_none() {
        let at = pressed_at.flatten().or(cursor).or(*outside);
        // egui's own flag knows the mouse (it hovered first).
        let on = egui_wants || at.is_none_or(panel);
        p.finger = false;
        p.start = at;
        p.on_panel = on;
        p.pressed = true;
        if !on {
            p.began = true;
            p.tap = at;
        }
    }
    if !p.finger && p.finger_id.is_none() {
        if mouse_up && p.pressed {
            p.pressed = false;
            p.ended = !p.on_panel;
        } else if !mouse.pressed(MouseButton::Left) && !mouse_down {
            p.pressed = false;
        }
    }
    // The first finger down is the pointer; others are ignored (no pinch).
    let Some(touches) = touches else { return };
    if p.finger_id.is_none() {
        if let Some(t) = touches.iter_just_pressed().next() {
            p.finger_id = Some(t.id());
            p.finger = true;
            p.start = Some(t.start_position());
            p.on_panel = panel(t.start_position());
            p.pressed = true;
            p.began = !p.on_panel;
            p.at = Some(t.position());
        } else if let Some(t) = touches.iter_just_released().next() {
            // Touched and lifted within one frame: both are this frame's.
            p.finger = true;
            p.start = Some(t.start_position());
            p.on_panel = panel(t.start_position());
            p.at = Some(t.position());
            p.pressed = false;
            if !p.on_panel {
                p.began = true;
                p.ended = true;
                if !p.dragged() {
                    p.tap = p.start;
                }
            }
            return;
        }
    }
    let Some(id) = p.finger_id else { return };
    if let Some(t) = touches.get_pressed(id) {
        p.at = Some(t.position());
    } else if let Some(t) = touches.get_released(id) {
        p.at = Some(t.position());
        p.pressed = false;
        p.finger_id = None;
        if !p.on_panel {
            p.ended = true;
            if !p.dragged() {
                p.tap = p.start;
            }
        }
    } else {
        // Canceled (the browser took the gesture): nothing picked.
        p.pressed = false;
        p.finger_id = None;
        p.at = None;
    }
}

/// The board point at window point `pos`, if any.
fn cell_at(
    window: Vec2,
    pos: Vec2,
    camera: (&Transform, &Projection),
    layout: &BoardLayout,
) -> Option<Cell> {
    let world = window_to_world(window, pos, camera.0, camera.1);
    let cell = layout.world_to_cell(world)?;
    // Only when close enough to the point itself.
    (layout.cell_to_world(cell).distance(world) < layout.spacing * 0.48).then_some(cell)
}

fn hover_square(
    pointer: Res<Pointer>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Query<(&Transform, &Projection), With<Camera2d>>,
    layout: Option<Res<BoardLayout>>,
    mut board: ResMut<BoardUi>,
) {
    let (Some(window), Some(layout), Ok(camera)) = (window, layout, camera.single()) else {
        return;
    };
    // A finger hovers only while it is down (the point it would pick).
    let at = if pointer.finger && !pointer.pressed {
        None
    } else {
        pointer.over_table()
    };
    let cell = at.and_then(|pos| cell_at(window.size(), pos, camera, &layout));
    if board.hover != cell {
        board.hover = cell;
    }
}

fn click_square(
    pointer: Res<Pointer>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Query<(&Transform, &Projection), With<Camera2d>>,
    layout: Option<Res<BoardLayout>>,
    mut out: MessageWriter<Command>,
) {
    // A board layout exists only while a board is on screen.
    let (Some(pos), Some(window), Some(layout), Ok(camera)) =
        (pointer.tap, window, layout, camera.single())
    else {
        return;
    };
    if let Some(cell) = cell_at(window.size(), pos, camera, &layout) {
        out.write(Command::Square(cell));
    }
}

/// The world point under window point `pos` (logical pixels from the top
/// left) for the camera as the table's fit sets it. Worked out from the
/// projection rather than asked of the camera, which knows its viewport
/// only once something has rendered (never in a headless app).
pub fn window_to_world(
    window: Vec2,
    pos: Vec2,
    camera: &Transform,
    projection: &Projection,
) -> Vec2 {
    let per_pixel = match projection {
        Projection::Orthographic(o) => {
            let shown = match o.scaling_mode {
                ScalingMode::Fixed { width, height } => Vec2::new(width, height),
                _ => window,
            };
            shown / window.max(Vec2::ONE) * o.scale
        }
        _ => Vec2::ONE,
    };
    let from_middle = (pos - window / 2.0) * Vec2::new(1.0, -1.0);
    camera.translation.truncate() + from_middle * per_pixel
}

/// The window point (logical pixels from the top left) showing world point
/// `at`: the inverse of [`window_to_world`].
pub fn world_to_window(
    window: Vec2,
    at: Vec2,
    camera: &Transform,
    projection: &Projection,
) -> Vec2 {
    let origin = window_to_world(window, window / 2.0, camera, projection);
    let unit = window_to_world(window, window / 2.0 + Vec2::ONE, camera, projection) - origin;
    window / 2.0 + (at - origin) / unit
}
