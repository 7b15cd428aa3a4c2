//! The keys of the menu screens: Enter goes on, Escape goes back.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use crate::kit::input::{Command, InputSet, Player, UiAction};
use crate::table::Screen;
use crate::table::setup::MatchSetup;

pub struct MenuKeysPlugin;

impl Plugin for MenuKeysPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, menu_keys.in_set(InputSet));
    }
}

fn menu_keys(
    actions: Single<&ActionState<UiAction>, With<Player>>,
    screen: Res<State<Screen>>,
    setup: Res<MatchSetup>,
    mut out: MessageWriter<Command>,
) {
    let a = *actions;
    let (select, back) = match screen.get() {
        Screen::Title => (Command::Start, None),
        // Enter takes the game chosen last (the first one at first).
        Screen::GameChoice => (Command::ChooseGame(setup.game), Some(Command::Back)),
        Screen::Setup => (Command::StartMatch, Some(Command::Back)),
        Screen::Results => (Command::PlayAgain, Some(Command::Back)),
        Screen::Play => return,
        // Enter belongs to the fields there (a name, a code).
        Screen::Online | Screen::Lobby => {
            if a.just_pressed(&UiAction::Cancel) {
                out.write(Command::Back);
            }
            return;
        }
    };
    if a.just_pressed(&UiAction::Select) {
        out.write(select);
    }
    if let Some(back) = back.filter(|_| a.just_pressed(&UiAction::Cancel)) {
        out.write(back);
    }
}
