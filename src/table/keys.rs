//! The keys of the play screen: the board cursor, Enter to pick, and the
//! game's commands (undo, hint, resign, rules, replay, numbered choices).

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use crate::kit::board::{BoardLayout, BoardUi, Cell};
use crate::kit::input::{Command, InputSet, Player, UiAction};
use crate::table::Screen;
use crate::table::referee::{PrivacyPending, Reviewing};

pub struct PlayKeysPlugin;

impl Plugin for PlayKeysPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            play_keys.in_set(InputSet).run_if(in_state(Screen::Play)),
        );
    }
}

fn play_keys(
    actions: Single<&ActionState<UiAction>, With<Player>>,
    layout: Option<Res<BoardLayout>>,
    mut board: ResMut<BoardUi>,
    privacy: Res<PrivacyPending>,
    reviewing: Res<Reviewing>,
    mut out: MessageWriter<Command>,
) {
    let a = *actions;
    if reviewing.0 {
        // A finished game under review: the arrows step through it.
        let steps = [
            (UiAction::CursorLeft, -1),
            (UiAction::CursorRight, 1),
            (UiAction::CursorDown, -10),
            (UiAction::CursorUp, 10),
            (UiAction::First, -100_000),
            (UiAction::Last, 100_000),
        ];
        for (action, by) in steps {
            if a.just_pressed(&action) {
                out.write(Command::ReviewStep(by));
            }
        }
        if a.just_pressed(&UiAction::Cancel) {
            out.write(Command::Back);
        }
        if a.just_pressed(&UiAction::ToggleRules) {
            out.write(Command::ToggleRules);
        }
        return;
    }
    if privacy.0.is_some() {
        if a.just_pressed(&UiAction::Select) {
            out.write(Command::ContinueAfterPrivacy);
        }
        return;
    }
    if let Some(layout) = layout {
        let g = &layout.geometry;
        let mut step = |df: i32, dr: i32| {
            let (df, dr) = if layout.flipped { (-df, -dr) } else { (df, dr) };
            let c = board.cursor.unwrap_or(Cell::new(
                g.files / 2,
                if layout.flipped { g.ranks - 1 } else { 0 },
            ));
            let f = (c.file as i32 + df).clamp(0, g.files as i32 - 1) as u8;
            let r = (c.rank as i32 + dr).clamp(0, g.ranks as i32 - 1) as u8;
            board.cursor = Some(Cell::new(f, r));
        };
        if a.just_pressed(&UiAction::CursorUp) {
            step(0, 1);
        }
        if a.just_pressed(&UiAction::CursorDown) {
            step(0, -1);
        }
        if a.just_pressed(&UiAction::CursorLeft) {
            step(-1, 0);
        }
        if a.just_pressed(&UiAction::CursorRight) {
            step(1, 0);
        }
        if a.just_pressed(&UiAction::Select) {
            if let Some(c) = board.cursor {
                out.write(Command::Square(c));
            }
        }
    } else if a.just_pressed(&UiAction::Select) {
        // No board to pick on: Enter confirms the open dialog.
        out.write(Command::Confirm);
    }
    if a.just_pressed(&UiAction::Cancel) {
        out.write(Command::Cancel);
    }
    if a.just_pressed(&UiAction::Undo) {
        out.write(Command::Undo);
    }
    if a.just_pressed(&UiAction::Hint) {
        out.write(Command::Hint);
    }
    if a.just_pressed(&UiAction::Resign) {
        out.write(Command::Resign);
    }
    if a.just_pressed(&UiAction::ToggleRules) {
        out.write(Command::ToggleRules);
    }
    if a.just_pressed(&UiAction::ReplayLast) {
        out.write(Command::ReplayLast);
    }
    for (i, action) in UiAction::CHOICES.iter().enumerate() {
        if a.just_pressed(action) {
            out.write(Command::Choose(i));
        }
    }
}
