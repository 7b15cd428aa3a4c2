//! The menu screens: title, game choice, setup and results, one plugin each.
//! They are drawn with egui; their buttons and keys send [`Command`]s.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::kit::input::Command;
use crate::kit::widgets::{TOP_BAR, root_ui};
use crate::table::ActiveGame;
use crate::table::Screen;
use crate::table::pictures::Pictures;
use crate::table::recent::{FinishedRecords, KeepRecord, OpenRecord, RecentGames};
use crate::table::referee::MatchResult;
use crate::table::save::{InProgress, ResumeOffer, continue_game};
use crate::table::setup::{LEVELS, MatchSetup, SeatKind, level_name};
use crate::table::view::GameViews;

pub struct ScreensPlugin;

impl Plugin for ScreensPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            TitlePlugin,
            ChoicePlugin,
            SetupPlugin,
            ResultsPlugin,
            crate::shell::online::OnlineScreensPlugin,
        ))
        .init_resource::<MatchSetup>()
        .add_systems(EguiPrimaryContextPass, top_bar);
    }
}

/// `VEIL_DEMO=choice` (`?demo=choice`): open on the game choice, for its
/// screenshot.
fn demo_choice(
    launch: Option<Res<crate::LaunchOptions>>,
    mut next: ResMut<NextState<Screen>>,
    mut done: Local<bool>,
) {
    if !*done && launch.is_some_and(|l| l.demo.as_deref() == Some("choice")) {
        next.set(Screen::GameChoice);
    }
    *done = true;
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

/// A menu screen's two systems: its drawing while it shows, and its
/// commands, read every frame so that no command meant for another screen
/// is still waiting when this one opens.
fn add_screen<M1, M2>(
    app: &mut App,
    screen: Screen,
    ui: impl IntoScheduleConfigs<bevy::ecs::system::ScheduleSystem, M1>,
    commands: impl IntoScheduleConfigs<bevy::ecs::system::ScheduleSystem, M2>,
) {
    app.add_systems(EguiPrimaryContextPass, ui.run_if(in_state(screen)))
        .add_systems(Update, commands.after(crate::kit::input::InputSet));
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
        app.init_resource::<OnlineKept>().add_systems(
            OnEnter(Screen::Title),
            (spawn_title_art, demo_choice, read_online_kept),
        );
        add_screen(app, Screen::Title, title_ui, title_commands);
    }
}

fn spawn_title_art(mut commands: Commands, images: Option<Res<crate::kit::board::BoardImages>>) {
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

#[allow(clippy::too_many_arguments)]
fn title_ui(
    mut contexts: EguiContexts,
    offer: Res<ResumeOffer>,
    online_kept: Res<OnlineKept>,
    recent: Res<RecentGames>,
    mut out: MessageWriter<Command>,
    mut open: MessageWriter<OpenRecord>,
    mut keep: MessageWriter<KeepRecord>,
    mut shown: Local<bool>,
    mut pasted: Local<String>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::CentralPanel::no_frame().show(&mut root_ui(ctx, "title", false), |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(ui.available_height() * 0.3);
            ui.label(egui::RichText::new("VEIL").size(72.0).strong());
            ui.label(egui::RichText::new("games of hidden information").size(22.0));
            ui.add_space(30.0);
            // The last played big; any others in a row beneath.
            if let Some((kept, name)) = offer.games.first().and_then(named) {
                if big_button(ui, &format!("Continue {name}"))
                    .on_hover_text(&kept.line)
                    .clicked()
                {
                    out.write(Command::Button);
                    out.write(Command::Continue(kept.game));
                }
                ui.small(&kept.line);
            }
            if offer.games.len() > 1 {
                ui.horizontal_wrapped(|ui| {
                    ui.label("Also in progress:");
                    for (kept, name) in offer.games.iter().skip(1).filter_map(named) {
                        if ui.button(name).on_hover_text(&kept.line).clicked() {
                            out.write(Command::Button);
                            out.write(Command::Continue(kept.game));
                        }
                    }
                });
            }
            if !offer.games.is_empty() {
                ui.add_space(10.0);
            }
            if let Some(game) = &online_kept.0 {
                if big_button(ui, "Continue online game")
                    .on_hover_text(format!("Back to your seat at the online {game}"))
                    .clicked()
                {
                    out.write(Command::Button);
                    out.write(Command::ContinueOnline);
                }
                ui.add_space(10.0);
            }
            if big_button(ui, "Play (Enter)").clicked() {
                out.write(Command::Button);
                out.write(Command::Start);
            }
            ui.add_space(10.0);
            if big_button(ui, "Play online").clicked() {
                out.write(Command::Button);
                out.write(Command::PlayOnline);
            }
            ui.add_space(10.0);
            if big_button(ui, "Recent games").clicked() {
                out.write(Command::Button);
                *shown = !*shown;
            }
            if let Some(message) = &offer.message {
                ui.add_space(20.0);
                ui.label(egui::RichText::new(message).size(16.0));
            }
        });
    });
    let mut still_shown = *shown;
    egui::Window::new("Recent games")
        .open(&mut still_shown)
        .collapsible(false)
        .default_width(520.0)
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -24.0])
        .show(ctx, |ui| {
            recent_games(ui, &recent, &mut pasted, &mut open, &mut keep);
        });
    *shown = still_shown;
    Ok(())
}

/// A kept match with its game's name (a game this build lacks is not
/// offered).
fn named(kept: &InProgress) -> Option<(&InProgress, &'static str)> {
    veil_games::entry(kept.game).map(|e| (kept, e.name))
}

/// The recent games, each to review or save, and a box to open a record.
fn recent_games(
    ui: &mut egui::Ui,
    recent: &RecentGames,
    pasted: &mut String,
    open: &mut MessageWriter<OpenRecord>,
    keep: &mut MessageWriter<KeepRecord>,
) {
    if recent.games.is_empty() {
        ui.label("No finished game yet: the last ones are kept here for review.");
    }
    let now = crate::table::recent::now_secs();
    let save = if cfg!(target_arch = "wasm32") {
        "Download"
    } else {
        "Save"
    };
    egui::ScrollArea::vertical()
        .max_height(260.0)
        .show(ui, |ui| {
            for (i, g) in recent.games.iter().enumerate() {
                let name = veil_games::entry(&g.game).map_or(g.game.as_str(), |e| e.name);
                ui.horizontal(|ui| {
                    if ui.button("Review").clicked() {
                        open.write(OpenRecord::Recent(i));
                    }
                    if ui
                        .button(save)
                        .on_hover_text("Veil's record of the game, every secret in it")
                        .clicked()
                    {
                        keep.write(KeepRecord::Recent(i));
                    }
                    ui.label(egui::RichText::new(name).strong());
                    ui.label(ago(now.saturating_sub(g.when)));
                });
                ui.small(&g.headline);
            }
        });
    ui.separator();
    ui.label("Open a record (a Veil record's text, pasted):");
    ui.add(
        egui::TextEdit::multiline(pasted)
            .desired_rows(2)
            .desired_width(f32::INFINITY),
    );
    if ui.button("Open for review").clicked() {
        open.write(OpenRecord::Text(std::mem::take(pasted)));
    }
    if let Some(message) = &recent.message {
        ui.small(message);
    }
}

/// "3 minutes ago", "2 days ago".
fn ago(secs: u64) -> String {
    let (n, unit) = match secs {
        0..60 => return "just now".into(),
        60..3600 => (secs / 60, "minute"),
        3600..86_400 => (secs / 3600, "hour"),
        _ => (secs / 86_400, "day"),
    };
    format!("{n} {unit}{} ago", if n == 1 { "" } else { "s" })
}

fn title_commands(
    mut commands: Commands,
    mut reader: MessageReader<Command>,
    mut next: ResMut<NextState<Screen>>,
    screen: Res<State<Screen>>,
    mut online: ResMut<crate::table::online::Online>,
    saves: Option<Res<crate::table::save::Saves>>,
) {
    let here = *screen.get() == Screen::Title;
    for c in reader.read() {
        if !here {
            continue;
        }
        match *c {
            Command::Start => next.set(Screen::GameChoice),
            Command::Continue(game) => commands.queue(continue_game(game)),
            Command::PlayOnline => next.set(Screen::Online),
            Command::ContinueOnline => {
                let kept = saves
                    .as_ref()
                    .map(|s| crate::table::online::read_kept(&s.0))
                    .unwrap_or_default();
                if crate::shell::online::come_back(&mut online, &kept) {
                    next.set(Screen::Lobby);
                }
            }
            _ => {}
        }
    }
}

/// The game online this app has a seat in, by name, for the title's
/// "Continue online game" (read as the title opens).
#[derive(Resource, Default, Debug)]
pub struct OnlineKept(pub Option<String>);

fn read_online_kept(mut shown: ResMut<OnlineKept>, saves: Option<Res<crate::table::save::Saves>>) {
    let kept = saves
        .map(|s| crate::table::online::read_kept(&s.0))
        .unwrap_or_default();
    shown.0 = match (&kept.room, &kept.token) {
        (Some(_), Some(_)) => Some(
            kept.game
                .as_deref()
                .and_then(crate::table::setup::game_info)
                .map_or("game", |g| g.name)
                .to_owned(),
        ),
        _ => None,
    };
}

// ---------------------------------------------------------------- game choice

pub struct ChoicePlugin;

impl Plugin for ChoicePlugin {
    fn build(&self, app: &mut App) {
        add_screen(app, Screen::GameChoice, choice_ui, choice_commands);
    }
}

/// The size of a game's card on the choice screen.
const CARD: egui::Vec2 = egui::vec2(240.0, 300.0);

fn choice_ui(
    mut contexts: EguiContexts,
    views: Res<GameViews>,
    pictures: Res<Pictures>,
    mut out: MessageWriter<Command>,
) -> Result {
    // Each picture as a texture egui can draw (registered once).
    let textures: Vec<Option<egui::TextureId>> = pictures
        .0
        .iter()
        .map(|p| {
            p.as_ref()
                .map(|h| contexts.add_image(bevy_egui::EguiTextureHandle::Strong(h.clone())))
        })
        .collect();
    let ctx = contexts.ctx_mut()?;
    egui::CentralPanel::default().show(&mut root_ui(ctx, "screen", false), |ui| {
        ui.heading("Choose a game");
        ui.add_space(8.0);
        egui::ScrollArea::vertical().show(ui, |ui| {
            // As many cards a row as the width takes, rows aligned at the top.
            let gap = 14.0;
            let columns = ((ui.available_width() + gap) / (CARD.x + gap))
                .floor()
                .max(1.0) as usize;
            let games: Vec<(usize, &veil_games::Entry)> =
                veil_games::GAMES.iter().enumerate().collect();
            for row in games.chunks(columns) {
                ui.horizontal_top(|ui| {
                    ui.spacing_mut().item_spacing = egui::vec2(gap, gap);
                    for &(i, g) in row {
                        let playable = views.0.contains_key(g.id);
                        let card =
                            egui::Frame::group(ui.style())
                                .inner_margin(10.0)
                                .show(ui, |ui| {
                                    ui.set_width(CARD.x - 20.0);
                                    ui.set_height(CARD.y - 20.0);
                                    ui.vertical(|ui| {
                                        if let Some(Some(texture)) = textures.get(i) {
                                            ui.add(egui::Image::new((
                                                *texture,
                                                egui::vec2(220.0, 176.0),
                                            )));
                                        }
                                        ui.label(egui::RichText::new(g.name).size(20.0).strong());
                                        let counts: Vec<usize> = g.seats.counts().collect();
                                        let players = match counts.as_slice() {
                                            [n] => format!("{n} players"),
                                            // Rengo: 2 or 4, never 3.
                                            [a, b] => format!("{a} or {b} players"),
                                            _ => format!("{}–{} players", g.seats.min, g.seats.max),
                                        };
                                        ui.label(
                                            egui::RichText::new(format!(
                                                "{players} · {}",
                                                g.length
                                            ))
                                            .weak(),
                                        );
                                        ui.label(g.blurb);
                                        if playable {
                                            if ui.button("Play").clicked() {
                                                out.write(Command::Button);
                                                out.write(Command::ChooseGame(g.id));
                                            }
                                        } else {
                                            ui.add_enabled(false, egui::Button::new("coming"));
                                        }
                                    });
                                });
                        // The whole card is a button too.
                        let click = ui.interact(
                            card.response.rect,
                            ui.id().with(g.id),
                            egui::Sense::click(),
                        );
                        if playable && click.clicked() {
                            out.write(Command::Button);
                            out.write(Command::ChooseGame(g.id));
                        }
                        if playable && click.hovered() {
                            ui.painter().rect_stroke(
                                card.response.rect,
                                6.0,
                                egui::Stroke::new(2.0, egui::Color32::from_rgb(230, 190, 90)),
                                egui::StrokeKind::Outside,
                            );
                        }
                    }
                });
                ui.add_space(gap);
            }
            ui.add_space(12.0);
            if ui.button("back (Esc)").clicked() {
                out.write(Command::Back);
            }
        });
    });
    Ok(())
}

fn choice_commands(
    mut commands: MessageReader<Command>,
    views: Res<GameViews>,
    mut setup: ResMut<MatchSetup>,
    mut next: ResMut<NextState<Screen>>,
    mut active: ResMut<NextState<ActiveGame>>,
    screen: Res<State<Screen>>,
    online: Res<crate::table::online::Online>,
) {
    let here = *screen.get() == Screen::GameChoice;
    for c in commands.read() {
        if !here {
            continue;
        }
        match c {
            Command::ChooseGame(id) => {
                // Only games whose view is in the app can be played.
                if let Some((id, _)) = views.0.get_key_value(id) {
                    if setup.game != *id {
                        setup.choose_game(id);
                    }
                    active.set(ActiveGame(id));
                    next.set(Screen::Setup);
                }
            }
            Command::Back if online.hosting.is_some() => next.set(Screen::Online),
            Command::Back => next.set(Screen::Title),
            _ => {}
        }
    }
}

// ---------------------------------------------------------------- setup

pub struct SetupPlugin;

impl Plugin for SetupPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ReplaceAsked>().add_systems(
            OnEnter(Screen::Setup),
            |mut asked: ResMut<ReplaceAsked>| {
                asked.0 = false;
            },
        );
        add_screen(app, Screen::Setup, setup_ui, setup_commands);
    }
}

/// The setup asked whether to start a new match in place of the one of
/// that game in progress (it would be lost).
#[derive(Resource, Default, Debug, PartialEq)]
pub struct ReplaceAsked(pub bool);

#[allow(clippy::too_many_arguments)]
fn setup_ui(
    mut contexts: EguiContexts,
    mut online: ResMut<crate::table::online::Online>,
    mut setup: ResMut<MatchSetup>,
    views: Res<GameViews>,
    offer: Res<ResumeOffer>,
    asked: Res<ReplaceAsked>,
    mut out: MessageWriter<Command>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut edited = setup.clone();
    let Some(info) = crate::table::setup::game_info(setup.game) else {
        return Ok(());
    };
    let mut hosting = online.hosting.clone();
    egui::CentralPanel::default().show(&mut root_ui(ctx, "screen", false), |ui| {
        if hosting.is_some() {
            ui.heading(format!("{} — host a room online", info.name));
        } else {
            ui.heading(format!("{} — set up the game", info.name));
        }
        ui.add_space(8.0);
        if info.seats.min < info.seats.max {
            ui.horizontal(|ui| {
                ui.label("Players:");
                for n in info.seats.counts() {
                    if ui
                        .selectable_label(edited.seats.len() == n, n.to_string())
                        .clicked()
                    {
                        edited.set_seat_count(n);
                    }
                }
            });
        }
        let edited_len = edited.seats.len();
        for i in 0..edited_len {
            ui.horizontal(|ui| {
                let name = info.seat_name(i);
                let label = match info.team_names.get(info.team(i)) {
                    Some(team) if !info.teams.is_empty() => format!("{name} (team {team})"),
                    _ => name.to_owned(),
                };
                ui.label(egui::RichText::new(label).size(18.0));
                let seat = &mut edited.seats[i];
                if let Some(host) = hosting.as_mut() {
                    // Online: this app's seat, a friend's, or the computer.
                    if ui.selectable_label(host.me == i, "Me").clicked() {
                        host.me = i;
                        *seat = SeatKind::Human;
                    }
                    if ui
                        .selectable_label(host.me != i && *seat == SeatKind::Human, "A person (invite)")
                        .on_hover_text("Open for a friend who joins with the room's code or link.")
                        .clicked()
                    {
                        *seat = SeatKind::Human;
                        if host.me == i {
                            host.me = (0..edited_len).find(|j| *j != i).unwrap_or(0);
                        }
                    }
                } else {
                    ui.selectable_value(seat, SeatKind::Human, "Person")
                        .on_hover_text("Someone at this device (hot-seat: the table hides the others' secrets between turns).");
                }
                for (level, name, what) in LEVELS {
                    ui.selectable_value(seat, SeatKind::Computer(level), format!("Computer: {name}"))
                        .on_hover_text(what);
                }
                // A baseline kept from an older setup stays choosable.
                if let SeatKind::Computer(level) = *seat
                    && !LEVELS.iter().any(|l| l.0 == level)
                {
                    ui.selectable_value(seat, *seat, format!("Computer: {}", level_name(level)));
                }
            });
            let line = match edited.seats[i] {
                _ if hosting.as_ref().is_some_and(|h| h.me == i) => "You play this seat.",
                SeatKind::Human if hosting.is_some() => {
                    "A friend takes this seat with the room's code or link."
                }
                SeatKind::Human => "A person plays this seat.",
                SeatKind::Online => "Played at another table.",
                SeatKind::Computer(level) => LEVELS
                    .iter()
                    .find(|l| l.0 == level)
                    .map_or("A baseline for measuring, not a real opponent.", |l| l.2),
            };
            ui.small(line);
        }
        ui.add_space(8.0);
        // Each game's options (RULINGS.md) come from its view.
        if let Some(view) = views.0.get(edited.game) {
            (view.options_ui)(ui, &mut edited);
        }
        if let Some(host) = hosting.as_mut() {
            room_options_ui(ui, &mut host.settings);
        }
        ui.add_space(16.0);
        let kept = offer.of(edited.game).filter(|_| hosting.is_none());
        if let Some(kept) = kept {
            ui.label(format!("A game of {} is in progress ({}).", info.name, kept.line));
        }
        if asked.0 {
            ui.label(
                egui::RichText::new("Start a new game in its place? The one in progress will be lost.")
                    .strong(),
            );
        }
        ui.horizontal_wrapped(|ui| {
            if asked.0 {
                if ui.button("Start anew").clicked() {
                    out.write(Command::Button);
                    out.write(Command::StartAnew);
                }
            } else if big_button(
                ui,
                if hosting.is_some() {
                    "Create the room (Enter)"
                } else {
                    "Start (Enter)"
                },
            )
            .clicked()
            {
                out.write(Command::Button);
                out.write(Command::StartMatch);
            }
            if let Some(kept) = kept
                && ui.button("Continue the game in progress").clicked()
            {
                out.write(Command::Button);
                out.write(Command::Continue(kept.game));
            }
            if ui.button("back (Esc)").clicked() {
                out.write(Command::Back);
            }
        });
    });
    if let Some(host) = hosting.as_mut() {
        // "Me" always names a seat the game has.
        host.me = host.me.min(edited.seats.len().saturating_sub(1));
        edited.seats[host.me] = SeatKind::Human;
    }
    if hosting != online.hosting {
        online.hosting = hosting;
    }
    if edited != *setup {
        *setup = edited;
    }
    Ok(())
}

/// A room's own choices: how long an away player's seat waits before the
/// computer plays it, and a time per move.
fn room_options_ui(ui: &mut egui::Ui, settings: &mut veil_net::RoomSettings) {
    ui.add_space(8.0);
    ui.label(egui::RichText::new("The room").strong());
    ui.horizontal(|ui| {
        ui.label("If a player is away, the computer plays for them after");
        for (secs, name) in [(30, "30 s"), (60, "1 min"), (180, "3 min"), (600, "10 min")] {
            ui.selectable_value(&mut settings.grace_secs, secs, name);
        }
    });
    ui.horizontal(|ui| {
        ui.label("Time per move:");
        for (secs, name) in [
            (None, "none"),
            (Some(30), "30 s"),
            (Some(60), "1 min"),
            (Some(180), "3 min"),
        ] {
            ui.selectable_value(&mut settings.move_secs, secs, name)
                .on_hover_text("When it runs out, the computer moves for the player.");
        }
    });
    ui.horizontal(|ui| {
        ui.label("Free and away seats are played at");
        for (level, name, what) in LEVELS {
            ui.selectable_value(&mut settings.level, level.to_string(), name)
                .on_hover_text(what);
        }
    });
}

#[allow(clippy::too_many_arguments)]
fn setup_commands(
    mut commands: Commands,
    mut reader: MessageReader<Command>,
    mut next: ResMut<NextState<Screen>>,
    screen: Res<State<Screen>>,
    mut online: ResMut<crate::table::online::Online>,
    setup: Res<MatchSetup>,
    offer: Res<ResumeOffer>,
    mut asked: ResMut<ReplaceAsked>,
) {
    let here = *screen.get() == Screen::Setup;
    for c in reader.read() {
        if !here {
            continue;
        }
        match *c {
            // Online: the room is created and its waiting room shown.
            Command::StartMatch if online.hosting.is_some() => {
                let host = online.hosting.clone().unwrap_or_default();
                online.start(crate::table::online::Want::Create {
                    game: setup.game.to_owned(),
                    options: setup.options_value(),
                    seats: crate::table::online::seat_specs(&setup.seats, host.me),
                    settings: host.settings.clone(),
                });
                online.hosting = Some(host);
                next.set(Screen::Lobby);
            }
            // Never lose a game in progress without the player saying so.
            Command::StartMatch if offer.of(setup.game).is_some() => asked.0 = true,
            Command::StartMatch | Command::StartAnew => next.set(Screen::Play),
            Command::Continue(game) => commands.queue(continue_game(game)),
            Command::Back if asked.0 => asked.0 = false,
            Command::Back => next.set(Screen::GameChoice),
            _ => {}
        }
    }
}

// ---------------------------------------------------------------- results

pub struct ResultsPlugin;

impl Plugin for ResultsPlugin {
    fn build(&self, app: &mut App) {
        add_screen(app, Screen::Results, results_ui, results_commands);
    }
}

fn results_ui(
    mut contexts: EguiContexts,
    result: Option<Res<MatchResult>>,
    records: Res<FinishedRecords>,
    mut out: MessageWriter<Command>,
    mut keep: MessageWriter<KeepRecord>,
    online: Res<crate::table::online::Online>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let again = online.playing.then(|| play_again_line(&online)).flatten();
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
            if !records.files.is_empty() {
                ui.add_space(12.0);
                let verb = if cfg!(target_arch = "wasm32") {
                    "Download"
                } else {
                    "Save"
                };
                ui.horizontal_wrapped(|ui| {
                    ui.label("The record:");
                    for (i, f) in records.files.iter().enumerate() {
                        if ui.button(format!("{verb} the {}", f.label)).clicked() {
                            out.write(Command::Button);
                            keep.write(KeepRecord::Finished(i));
                        }
                    }
                });
                if let Some(note) = &records.note {
                    ui.small(note);
                }
            }
            ui.add_space(24.0);
            if let Some(line) = &again {
                ui.label(egui::RichText::new(line).size(18.0).strong());
            }
            if big_button(ui, "Play again (Enter)").clicked() {
                out.write(Command::Button);
                out.write(Command::PlayAgain);
            }
            if big_button(ui, "Review the game").clicked() {
                out.write(Command::Button);
                out.write(Command::Review);
            }
            if big_button(ui, "Back (Esc)").clicked() {
                out.write(Command::Button);
                out.write(Command::Back);
            }
        });
    });
    Ok(())
}

/// Online, after the game: who asked for another, or that this app did.
fn play_again_line(online: &crate::table::online::Online) -> Option<String> {
    let me = online.room.as_ref().and_then(|r| r.seat);
    match &online.rematch {
        Some((by, _)) if Some(*by) != me => {
            let name = online
                .seats
                .get(usize::from(*by))
                .map(|s| s.name.clone())
                .filter(|n| !n.is_empty())
                .unwrap_or_else(|| format!("Seat {}", by + 1));
            Some(format!(
                "{name} asks for another game: Play again joins it."
            ))
        }
        _ if online.rematch_asked => Some(
            online
                .notice
                .clone()
                .unwrap_or_else(|| "Asking for another room…".into()),
        ),
        _ => None,
    }
}

/// Online, another game: the room the server named, joined on a new link.
fn join_rematch(
    online: &mut crate::table::online::Online,
    room: String,
    next: &mut NextState<Screen>,
) {
    online.start(crate::table::online::Want::Join { room, seat: None });
    next.set(Screen::Lobby);
}

fn results_commands(
    mut commands: MessageReader<Command>,
    mut review: ResMut<crate::table::view::ReviewWanted>,
    mut next: ResMut<NextState<Screen>>,
    screen: Res<State<Screen>>,
    mut online: ResMut<crate::table::online::Online>,
) {
    let here = *screen.get() == Screen::Results;
    // Asked for another game here: go once the server names its room.
    if here
        && online.playing
        && online.rematch_asked
        && let Some((_, room)) = online.rematch.clone()
    {
        join_rematch(&mut online, room, &mut next);
        commands.clear();
        return;
    }
    for c in commands.read() {
        if !here {
            continue;
        }
        match c {
            // Online: another game with the same people — the one offered,
            // or asked for (a spectator goes back to the online menu).
            Command::PlayAgain if online.playing => {
                if let Some((_, room)) = online.rematch.clone() {
                    join_rematch(&mut online, room, &mut next);
                } else if online.room.as_ref().is_some_and(|r| r.seat.is_some()) {
                    if !online.rematch_asked {
                        online.rematch_asked = true;
                        online.notice = None;
                        online.send(veil_net::Client::Rematch);
                    }
                } else {
                    online.stop();
                    next.set(Screen::Online);
                }
            }
            // Online: the room is over; another is hosted or joined anew.
            Command::Back if online.playing => {
                online.stop();
                next.set(Screen::Online);
            }
            Command::PlayAgain => next.set(Screen::Play),
            Command::Review => {
                review.0 = true;
                next.set(Screen::Play);
            }
            Command::Back => next.set(Screen::Setup),
            _ => {}
        }
    }
}
