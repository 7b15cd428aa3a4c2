//! Input: leafwing actions bound to keys and mouse buttons, turned into the
//! app's [`Command`] messages. Menus' buttons write the same messages, and so
//! do the tests: everything the player can do goes through [`Command`].

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::egui_wants_any_pointer_input;
use leafwing_input_manager::prelude::*;

use crate::kit::board::{BoardLayout, BoardUi, Cell};

/// What the player can do with keys and buttons.
#[derive(Actionlike, PartialEq, Eq, Clone, Copy, Hash, Debug, Reflect)]
pub enum UiAction {
    /// Enter / Space: confirm, or pick the square under the keyboard cursor.
    Select,
    /// Mouse left button: pick the square under the pointer.
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
            .add_systems(Startup, spawn_player)
            .add_systems(
                Update,
                (
                    menu_key,
                    (hover_square, click_square).run_if(not(egui_wants_any_pointer_input)),
                )
                    .in_set(InputSet),
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

/// The board point under the mouse pointer, if any.
fn pointer_cell(
    window: &Window,
    camera: (&Camera, &GlobalTransform),
    layout: &BoardLayout,
) -> Option<Cell> {
    let pos = window.cursor_position()?;
    let world = camera.0.viewport_to_world_2d(camera.1, pos).ok()?;
    let cell = layout.world_to_cell(world)?;
    // Only when close enough to the point itself.
    (layout.cell_to_world(cell).distance(world) < layout.spacing * 0.48).then_some(cell)
}

fn hover_square(
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    layout: Option<Res<BoardLayout>>,
    mut board: ResMut<BoardUi>,
) {
    let (Some(window), Some(layout), Ok(camera)) = (window, layout, camera.single()) else {
        return;
    };
    let cell = pointer_cell(&window, camera, &layout);
    if board.hover != cell {
        board.hover = cell;
    }
}

fn click_square(
    actions: Single<&ActionState<UiAction>, With<Player>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    layout: Option<Res<BoardLayout>>,
    mut out: MessageWriter<Command>,
) {
    // A board layout exists only while a board is on screen.
    if !actions.just_pressed(&UiAction::Click) {
        return;
    }
    let (Some(window), Some(layout), Ok(camera)) = (window, layout, camera.single()) else {
        return;
    };
    if let Some(cell) = pointer_cell(&window, camera, &layout) {
        out.write(Command::Square(cell));
    }
}
