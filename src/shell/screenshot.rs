//! `--screenshot path.png` (or `VEIL_SCREENSHOT`): once the demo game (or,
//! with the demo `choice`, the game choice) is on screen and settled, select a piece so its moves show, save a screenshot
//! with Bevy's screenshot API, and quit.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

use crate::LaunchOptions;
use crate::kit::board::BoardUi;
use crate::kit::input::Command;
use crate::table::Screen;

pub struct ScreenshotPlugin;

impl Plugin for ScreenshotPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, take_screenshot);
    }
}

fn take_screenshot(
    mut commands: Commands,
    launch: Res<LaunchOptions>,
    screen: Res<State<Screen>>,
    mut board: ResMut<BoardUi>,
    mut frames: Local<u32>,
    mut exit: MessageWriter<AppExit>,
    mut out: MessageWriter<Command>,
    guesses: Query<(), With<crate::table::guesses::GuessMark>>,
) {
    let Some(path) = &launch.screenshot else {
        return;
    };
    let choice = launch.demo.as_deref() == Some("choice");
    if *screen.get()
        != if choice {
            Screen::GameChoice
        } else {
            Screen::Play
        }
    {
        return;
    }
    *frames += 1;
    let review = launch
        .demo
        .as_deref()
        .is_some_and(|d| d.ends_with("-review"));
    match *frames {
        // A review demo: the computer's guesses shown, a few moves back
        // from the end, then back a move at a time to one the computer
        // chose (where its guesses are drawn).
        60 if review => {
            out.write(Command::ReviewGuesses(true));
            out.write(Command::ReviewStep(-4));
        }
        f @ 70..150 if review && f % 10 == 0 && guesses.is_empty() => {
            out.write(Command::ReviewStep(-1));
        }
        // Show a selected piece with its legal targets.
        150 => {
            let from = board
                .moves
                .iter()
                .map(|(f, _)| *f)
                .max_by_key(|f| board.moves.iter().filter(|(g, _)| g == f).count());
            board.selected = from;
        }
        180 => {
            info!("saving screenshot to {path}");
            commands
                .spawn(Screenshot::primary_window())
                .observe(save_to_disk(path.clone()));
        }
        240 => {
            exit.write(AppExit::Success);
        }
        _ => {}
    }
}
