//! The menu screens: title, game choice, setup and results, one plugin each.
//! They are drawn with egui; their buttons and keys send [`Command`]s.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use veil_ai::Level;
use veil_jieqi::CapturedReveal;

use crate::Screen;
use crate::catalog::{GAMES, MatchSetup, SeatKind};
use crate::input::Command;
use crate::play::MatchResult;

pub struct ScreensPlugin;

impl Plugin for ScreensPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((TitlePlugin, ChoicePlugin, SetupPlugin, ResultsPlugin))
            .init_resource::<MatchSetup>()
            .add_systems(EguiPrimaryContextPass, top_bar);
    }
}

/// Height of the strip at the top of every screen.
pub const TOP_BAR: f32 = 40.0;

/// A root `Ui` over the window (below the top strip unless `whole`), for
/// egui's panels, which show inside a `Ui`.
pub fn root_ui(ctx: &egui::Context, id: &str, whole: bool) -> egui::Ui {
    let mut rect = ctx.viewport_rect();
    if !whole {
        rect.min.y += TOP_BAR;
    }
    egui::Ui::new(
        ctx.clone(),
        egui::Id::new(id),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(rect),
    )
}

/// The strip at the top of every screen: the app's name and the settings.
fn top_bar(mut contexts: EguiContexts, mut out: MessageWriter<Command>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx, "top-root", true);
    egui::Panel::top("top")
        .exact_size(TOP_BAR)
        .show(&mut root, |ui| {
            ui.horizontal(|ui| {
                ui.heading("Veil");
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button("⚙ settings (M)").clicked() {
                        out.write(Command::ToggleSettings);
                    }
                });
            });
        });
    Ok(())
}

fn big_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    ui.add_sized(
        [260.0, 40.0],
        egui::Button::new(egui::RichText::new(text).size(20.0)),
    )
}

// ---------------------------------------------------------------- title

pub struct TitlePlugin;

/// The decorative board art behind the title.
#[derive(Component)]
pub struct TitleArt;

impl Plugin for TitlePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::Title), spawn_title_art)
            .add_systems(
                EguiPrimaryContextPass,
                title_ui.run_if(in_state(Screen::Title)),
            )
            .add_systems(Update, title_commands.run_if(in_state(Screen::Title)));
    }
}

fn spawn_title_art(mut commands: Commands, images: Option<Res<crate::board::BoardImages>>) {
    let Some(images) = images else { return };
    // A ring of face-down discs, the game's theme.
    for i in 0..12 {
        let a = i as f32 / 12.0 * std::f32::consts::TAU;
        let at = Vec2::new(a.cos(), a.sin()) * 300.0;
        let red = i % 2 == 0;
        commands.spawn((
            TitleArt,
            DespawnOnExit(Screen::Title),
            Sprite {
                image: images.disc.clone(),
                color: if red {
                    Color::srgb(0.55, 0.12, 0.1)
                } else {
                    Color::srgb(0.12, 0.12, 0.14)
                },
                custom_size: Some(Vec2::splat(64.0)),
                ..default()
            },
            Transform::from_xyz(at.x, at.y, 0.0),
        ));
    }
}

fn title_ui(mut contexts: EguiContexts, mut out: MessageWriter<Command>) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::CentralPanel::no_frame().show(&mut root_ui(ctx, "title", false), |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(ui.available_height() * 0.3);
            ui.label(egui::RichText::new("VEIL").size(72.0).strong());
            ui.label(egui::RichText::new("games of hidden information").size(22.0));
            ui.add_space(30.0);
            if big_button(ui, "Play (Enter)").clicked() {
                out.write(Command::Button);
                out.write(Command::Start);
            }
        });
    });
    Ok(())
}

fn title_commands(mut commands: MessageReader<Command>, mut next: ResMut<NextState<Screen>>) {
    for c in commands.read() {
        if *c == Command::Start {
            next.set(Screen::GameChoice);
        }
    }
}

// ---------------------------------------------------------------- game choice

pub struct ChoicePlugin;

impl Plugin for ChoicePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            EguiPrimaryContextPass,
            choice_ui.run_if(in_state(Screen::GameChoice)),
        )
        .add_systems(Update, choice_commands.run_if(in_state(Screen::GameChoice)));
    }
}

fn choice_ui(mut contexts: EguiContexts, mut out: MessageWriter<Command>) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::CentralPanel::default().show(&mut root_ui(ctx, "screen", false), |ui| {
        ui.heading("Choose a game");
        ui.add_space(8.0);
        egui::Grid::new("games")
            .num_columns(3)
            .spacing([16.0, 10.0])
            .show(ui, |ui| {
                for g in GAMES {
                    ui.label(egui::RichText::new(g.name).size(20.0).strong());
                    ui.label(g.blurb);
                    if g.playable {
                        if ui.button("play").clicked() {
                            out.write(Command::Button);
                            out.write(Command::ChooseGame(g.id));
                        }
                    } else {
                        ui.add_enabled(false, egui::Button::new("coming"));
                    }
                    ui.end_row();
                }
            });
        ui.add_space(12.0);
        if ui.button("back (Esc)").clicked() {
            out.write(Command::Back);
        }
    });
    Ok(())
}

fn choice_commands(
    mut commands: MessageReader<Command>,
    mut setup: ResMut<MatchSetup>,
    mut next: ResMut<NextState<Screen>>,
) {
    for c in commands.read() {
        match c {
            Command::ChooseGame(id) => {
                if GAMES.iter().any(|g| g.id == *id && g.playable) {
                    setup.choose_game(id);
                    next.set(Screen::Setup);
                }
            }
            Command::Back => next.set(Screen::Title),
            _ => {}
        }
    }
}

// ---------------------------------------------------------------- setup

pub struct SetupPlugin;

impl Plugin for SetupPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            EguiPrimaryContextPass,
            setup_ui.run_if(in_state(Screen::Setup)),
        )
        .add_systems(Update, setup_commands.run_if(in_state(Screen::Setup)));
    }
}

fn setup_ui(
    mut contexts: EguiContexts,
    mut setup: ResMut<MatchSetup>,
    mut out: MessageWriter<Command>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut edited = setup.clone();
    let info = crate::catalog::game_info(setup.game);
    let game_name = info.map_or("Jieqi", |g| g.name);
    let seat_names: &[&str] = info.map_or(&["Red (moves first)", "Black"], |g| g.seats);
    egui::CentralPanel::default().show(&mut root_ui(ctx, "screen", false), |ui| {
        ui.heading(format!("{game_name} — set up the game"));
        ui.add_space(8.0);
        for (i, name) in seat_names.iter().enumerate().take(edited.seats.len()) {
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(*name).size(18.0));
                let seat = &mut edited.seats[i];
                ui.selectable_value(seat, SeatKind::Human, "human");
                for level in Level::ALL {
                    ui.selectable_value(
                        seat,
                        SeatKind::Computer(level),
                        format!("computer: {level}"),
                    );
                }
            });
        }
        ui.add_space(8.0);
        // Each game's options (RULINGS.md) come from its view.
        match edited.game {
            "hide-and-guess" => crate::hag_view::options_ui(ui, &mut edited),
            "intrigue" | "secret-king" => crate::chess_view::options_ui(ui, &mut edited),
            "tysiac" => crate::tysiac_view::options_ui(ui, &mut edited),
            _ => jieqi_options_ui(ui, &mut edited),
        }
        ui.add_space(16.0);
        ui.horizontal(|ui| {
            if big_button(ui, "Start (Enter)").clicked() {
                out.write(Command::Button);
                out.write(Command::StartMatch);
            }
            if ui.button("back (Esc)").clicked() {
                out.write(Command::Back);
            }
        });
    });
    if edited != *setup {
        *setup = edited;
    }
    Ok(())
}

fn jieqi_options_ui(ui: &mut egui::Ui, edited: &mut MatchSetup) {
    ui.label("A captured face-down piece is revealed to:");
    ui.radio_value(
        &mut edited.jieqi.captured_reveal,
        CapturedReveal::CapturerOnly,
        "the capturer only",
    );
    ui.radio_value(
        &mut edited.jieqi.captured_reveal,
        CapturedReveal::Both,
        "both players",
    );
}

fn setup_commands(mut commands: MessageReader<Command>, mut next: ResMut<NextState<Screen>>) {
    for c in commands.read() {
        match c {
            Command::StartMatch => next.set(Screen::Play),
            Command::Back => next.set(Screen::GameChoice),
            _ => {}
        }
    }
}

// ---------------------------------------------------------------- results

pub struct ResultsPlugin;

impl Plugin for ResultsPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            EguiPrimaryContextPass,
            results_ui.run_if(in_state(Screen::Results)),
        )
        .add_systems(Update, results_commands.run_if(in_state(Screen::Results)));
    }
}

fn results_ui(
    mut contexts: EguiContexts,
    result: Option<Res<MatchResult>>,
    mut out: MessageWriter<Command>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::CentralPanel::default().show(&mut root_ui(ctx, "screen", false), |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(60.0);
            if let Some(r) = &result {
                ui.label(egui::RichText::new(&r.headline).size(48.0).strong());
                ui.label(egui::RichText::new(&r.reason).size(22.0));
                ui.add_space(16.0);
                for (name, kind, won) in &r.seats {
                    let mark = if *won { "★ " } else { "" };
                    ui.label(format!("{mark}{name}: {}", kind.label()));
                }
            }
            ui.add_space(24.0);
            if big_button(ui, "Play again (Enter)").clicked() {
                out.write(Command::Button);
                out.write(Command::PlayAgain);
            }
            if big_button(ui, "Back (Esc)").clicked() {
                out.write(Command::Button);
                out.write(Command::Back);
            }
        });
    });
    Ok(())
}

fn results_commands(mut commands: MessageReader<Command>, mut next: ResMut<NextState<Screen>>) {
    for c in commands.read() {
        match c {
            Command::PlayAgain => next.set(Screen::Play),
            Command::Back => next.set(Screen::Setup),
            _ => {}
        }
    }
}
