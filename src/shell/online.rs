//! Online play's screens: the menu (host, join by code, watch, come back,
//! the server's address) and a room's waiting room (its code in large
//! letters, its link to copy, the seats as they fill, the host's start).
//! The link itself and the table fed from it are the table's
//! (`table::online`).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::kit::input::Command;
use crate::kit::widgets::root_ui;
use crate::table::online::{
    HostSetup, Kept, Link, Online, Room, Want, read_kept, server_url, write_kept,
};
use crate::table::save::Saves;
use crate::table::setup::game_info;
use crate::table::view::GameViews;
use crate::table::{ActiveGame, Screen};

pub struct OnlineScreensPlugin;

impl Plugin for OnlineScreensPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<OnlineForm>()
            .add_systems(Startup, open_link)
            .add_systems(OnEnter(Screen::Online), fill_form)
            .add_systems(
                EguiPrimaryContextPass,
                (
                    online_ui.run_if(in_state(Screen::Online)),
                    lobby_ui.run_if(in_state(Screen::Lobby)),
                ),
            )
            .add_systems(
                Update,
                (online_commands, lobby_commands, to_the_table).after(crate::kit::input::InputSet),
            );
    }
}

/// What the menu's fields hold while typed.
#[derive(Resource, Default, Debug)]
pub struct OnlineForm {
    pub name: String,
    pub code: String,
    pub server: String,
    /// A line under the fields (a bad address, a missing name).
    pub line: Option<String>,
    /// The room kept from last time, to come back to.
    pub kept: Option<Kept>,
    /// Join as soon as the screen opens (a link was opened).
    pub join_now: bool,
}

/// A room's code as typed: letters and digits, upper case.
pub fn clean_code(typed: &str) -> String {
    typed
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .take(12)
        .collect()
}

/// Opened with a room's link (`?room=K7QM2X`): straight to joining it;
/// with the name known already, straight into its waiting room.
fn open_link(
    launch: Option<Res<crate::LaunchOptions>>,
    mut form: ResMut<OnlineForm>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(room) = launch.and_then(|l| l.room.clone()) else {
        return;
    };
    form.code = clean_code(&room);
    form.join_now = !form.code.is_empty();
    next.set(Screen::Online);
}

fn fill_form(mut form: ResMut<OnlineForm>, online: Res<Online>, saves: Option<Res<Saves>>) {
    form.name.clone_from(&online.name);
    form.server.clone_from(&online.server);
    form.kept = saves
        .map(|s| read_kept(&s.0))
        .filter(|k| k.room.is_some() && k.token.is_some());
    form.line = match &online.link {
        Link::Lost(why) => Some(why.clone()),
        _ => online.notice.clone(),
    };
}

/// Checks the name and server typed, keeps them, and goes online for
/// `want` (to the waiting room).
fn go(
    form: &mut OnlineForm,
    online: &mut Online,
    saves: Option<&Saves>,
    want: Want,
    next: &mut NextState<Screen>,
) {
    let name = form.name.trim();
    if name.is_empty() {
        form.line = Some("Your name first: the others see it at the table.".into());
        return;
    }
    let server = match server_url(&form.server) {
        Ok(url) => url,
        Err(e) => {
            form.line = Some(e);
            return;
        }
    };
    online.name = name.chars().take(24).collect();
    online.server = server;
    if let Some(saves) = saves {
        let mut kept = read_kept(&saves.0);
        kept.name.clone_from(&online.name);
        kept.server.clone_from(&online.server);
        write_kept(&saves.0, &kept);
    }
    online.start(want);
    next.set(Screen::Lobby);
}

/// Comes back to the room kept from last time.
pub fn come_back(online: &mut Online, kept: &Kept) -> bool {
    let (Some(code), Some(token)) = (&kept.room, &kept.token) else {
        return false;
    };
    online.start(Want::Resume);
    if !kept.server.is_empty() {
        online.server.clone_from(&kept.server);
    }
    online.room = Some(Room {
        code: code.clone(),
        link_path: format!("/?room={code}"),
        seat: None,
        token: Some(token.clone()),
        game: kept.game.clone().unwrap_or_default(),
        options: serde_json::Value::Null,
        settings: Default::default(),
        host: kept.host,
    });
    true
}

fn online_ui(
    mut contexts: EguiContexts,
    mut form: ResMut<OnlineForm>,
    mut out: MessageWriter<Command>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::CentralPanel::default().show(&mut root_ui(ctx, "screen", false), |ui| {
        ui.heading("Play online with friends");
        ui.label("Each on their own screen: one hosts a room, the others join it by its code or link.");
        ui.add_space(12.0);
        ui.horizontal(|ui| {
            ui.label("Your name:");
            ui.add(
                egui::TextEdit::singleline(&mut form.name)
                    .char_limit(24)
                    .desired_width(220.0)
                    .id(egui::Id::new("online-name")),
            );
        });
        ui.add_space(12.0);
        if let Some(kept) = form.kept.clone() {
            let game = kept
                .game
                .as_deref()
                .and_then(game_info)
                .map_or("game", |g| g.name);
            if ui
                .add_sized(
                    [300.0, 36.0],
                    egui::Button::new(
                        egui::RichText::new(format!("Continue the online {game}")).size(18.0),
                    ),
                )
                .on_hover_text(format!("Room {}", kept.room.clone().unwrap_or_default()))
                .clicked()
            {
                out.write(Command::Button);
                out.write(Command::ContinueOnline);
            }
            ui.add_space(8.0);
        }
        ui.group(|ui| {
            ui.label(egui::RichText::new("Host").strong());
            ui.label("Choose the game and who plays each seat; the room's code and link are then yours to send.");
            if ui.button("Host a game…").clicked() {
                out.write(Command::Button);
                out.write(Command::HostOnline);
            }
        });
        ui.add_space(8.0);
        ui.group(|ui| {
            ui.label(egui::RichText::new("Join").strong());
            ui.horizontal(|ui| {
                ui.label("Room code:");
                let mut code = form.code.clone();
                let edit = ui.add(
                    egui::TextEdit::singleline(&mut code)
                        .char_limit(12)
                        .desired_width(140.0)
                        .font(egui::TextStyle::Monospace)
                        .id(egui::Id::new("online-code")),
                );
                form.code = clean_code(&code);
                let ready = !form.code.is_empty();
                let join = ui.add_enabled(ready, egui::Button::new("Join")).clicked()
                    || (ready && edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)));
                if join {
                    out.write(Command::Button);
                    out.write(Command::JoinOnline);
                }
                if ui
                    .add_enabled(ready, egui::Button::new("Watch"))
                    .on_hover_text("Watch the game: you see what everybody at the table sees, no one's secrets.")
                    .clicked()
                {
                    out.write(Command::Button);
                    out.write(Command::WatchOnline);
                }
            });
        });
        ui.add_space(8.0);
        ui.collapsing("Server", |ui| {
            ui.horizontal(|ui| {
                ui.label("Address:");
                ui.add(
                    egui::TextEdit::singleline(&mut form.server)
                        .desired_width(320.0)
                        .id(egui::Id::new("online-server")),
                );
            });
            ui.small("A Veil server: `scripts/serve.sh` starts one (ws://127.0.0.1:8080/ws). Several servers of the same rooms: their addresses separated by commas; a lost connection tries the next.");
        });
        if let Some(line) = &form.line {
            ui.add_space(8.0);
            ui.label(egui::RichText::new(line).strong());
        }
        ui.add_space(12.0);
        if ui.button("back (Esc)").clicked() {
            out.write(Command::Back);
        }
    });
    Ok(())
}

fn online_commands(
    mut reader: MessageReader<Command>,
    screen: Res<State<Screen>>,
    mut form: ResMut<OnlineForm>,
    mut online: ResMut<Online>,
    saves: Option<Res<Saves>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let saves = saves.as_deref();
    if *screen.get() != Screen::Online {
        reader.clear();
        return;
    }
    // Opened with a room's link: back to this app's seat if it has one
    // there (a reloaded page), else join at once when the name is known.
    if std::mem::take(&mut form.join_now) {
        let kept = form
            .kept
            .clone()
            .filter(|k| k.room.as_deref() == Some(form.code.as_str()));
        if let Some(kept) = kept {
            if come_back(&mut online, &kept) {
                next.set(Screen::Lobby);
            }
            return;
        }
        if !form.name.trim().is_empty() {
            let room = form.code.clone();
            go(
                &mut form,
                &mut online,
                saves,
                Want::Join { room, seat: None },
                &mut next,
            );
            return;
        }
    }
    for c in reader.read() {
        match c {
            Command::Back => {
                online.hosting = None;
                next.set(Screen::Title);
            }
            Command::HostOnline => {
                if form.name.trim().is_empty() {
                    form.line = Some("Your name first: the others see it at the table.".into());
                    continue;
                }
                match server_url(&form.server) {
                    Ok(url) => {
                        online.name = form.name.trim().chars().take(24).collect();
                        online.server = url;
                        online.hosting = Some(HostSetup::default());
                        next.set(Screen::GameChoice);
                    }
                    Err(e) => form.line = Some(e),
                }
            }
            Command::JoinOnline | Command::WatchOnline if form.code.is_empty() => {
                form.line = Some("Type the room's code first (six letters and digits).".into());
            }
            Command::JoinOnline => {
                let room = form.code.clone();
                go(
                    &mut form,
                    &mut online,
                    saves,
                    Want::Join { room, seat: None },
                    &mut next,
                );
            }
            Command::WatchOnline => {
                let room = form.code.clone();
                go(
                    &mut form,
                    &mut online,
                    saves,
                    Want::Watch { room },
                    &mut next,
                );
            }
            Command::ContinueOnline => {
                if let Some(kept) = form.kept.clone()
                    && come_back(&mut online, &kept)
                {
                    next.set(Screen::Lobby);
                }
            }
            _ => {}
        }
    }
}

/// A seat's line in the waiting room and at the table: who, and whether
/// they are here.
pub fn seat_line(info: &veil_net::SeatInfo) -> String {
    match info.kind.as_str() {
        "free" => "free — waiting for a friend".into(),
        "person" if info.away => format!("{} (away: the computer plays for them)", info.name),
        "person" if !info.connected => format!("{} (not connected)", info.name),
        "person" => info.name.clone(),
        level => match level.parse::<veil_ai::Level>() {
            Ok(l) => format!("computer ({})", crate::table::setup::level_name(l)),
            Err(_) => level.to_owned(),
        },
    }
}

/// The link's state in words, for the waiting room and the table.
pub fn link_line(link: &Link) -> Option<String> {
    match link {
        Link::Off | Link::Open => None,
        Link::Connecting => Some("Connecting…".into()),
        Link::Reconnecting { tries, .. } => Some(format!("Reconnecting… (try {tries})")),
        Link::Lost(why) => Some(why.clone()),
    }
}

fn lobby_ui(
    mut contexts: EguiContexts,
    online: Res<Online>,
    mut out: MessageWriter<Command>,
    mut copied: Local<Option<String>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::CentralPanel::default().show(&mut root_ui(ctx, "screen", false), |ui| {
        ui.vertical_centered(|ui| {
            let game = online
                .room
                .as_ref()
                .and_then(|r| game_info(&r.game))
                .map_or("Online", |g| g.name);
            ui.heading(format!("{game} — waiting room"));
            ui.add_space(12.0);
            if let Some(line) = link_line(&online.link) {
                ui.label(egui::RichText::new(line).size(18.0));
                if matches!(online.link, Link::Lost(_)) && ui.button("Retry").clicked() {
                    out.write(Command::Button);
                    out.write(Command::RetryOnline);
                }
            }
            let Some(room) = online.room.clone() else {
                return;
            };
            ui.label("The room's code:");
            ui.label(
                egui::RichText::new(&room.code)
                    .size(64.0)
                    .monospace()
                    .strong(),
            );
            let link = online.link_on(&online.origin()).unwrap_or_default();
            ui.horizontal(|ui| {
                ui.add_space((ui.available_width() - 520.0).max(0.0) / 2.0);
                ui.label(egui::RichText::new(&link).monospace());
                if ui.button("Copy").clicked() {
                    out.write(Command::Button);
                    *copied = Some(match crate::kit::clipboard::copy(&link) {
                        Ok(()) => "The link is on the clipboard: send it to your friends.".into(),
                        Err(e) => format!("Could not copy ({e}): send the code instead."),
                    });
                }
            });
            if let Some(line) = copied.as_ref() {
                ui.small(line);
            }
            ui.add_space(16.0);
            let info = game_info(&room.game);
            for (i, seat) in online.seats.iter().enumerate() {
                let name = info.map_or("Seat", |g| g.seat_name(i));
                let you = if room.seat == Some(i as u8) {
                    " — you"
                } else {
                    ""
                };
                ui.label(
                    egui::RichText::new(format!("{name}: {}{you}", seat_line(seat))).size(18.0),
                );
            }
            ui.add_space(16.0);
            let free = online.seats.iter().filter(|s| s.kind == "free").count();
            if room.host && !online.started && online.link == Link::Open {
                let text = if free == 0 {
                    "Start".to_owned()
                } else {
                    format!(
                        "Start now (the computer takes the {free} free seat{})",
                        if free == 1 { "" } else { "s" }
                    )
                };
                if ui
                    .add_sized(
                        [360.0, 40.0],
                        egui::Button::new(egui::RichText::new(text).size(18.0)),
                    )
                    .clicked()
                {
                    out.write(Command::Button);
                    out.write(Command::StartRoom);
                }
                ui.small("The game starts by itself once every seat is taken.");
            } else if !online.started && online.link == Link::Open {
                ui.label("Waiting for the host to start…");
            }
            ui.add_space(16.0);
            if ui.button("Leave (Esc)").clicked() {
                out.write(Command::Back);
            }
        });
    });
    Ok(())
}

fn lobby_commands(
    mut reader: MessageReader<Command>,
    screen: Res<State<Screen>>,
    mut online: ResMut<Online>,
    mut next: ResMut<NextState<Screen>>,
) {
    if *screen.get() != Screen::Lobby {
        reader.clear();
        return;
    }
    for c in reader.read() {
        match c {
            Command::Back => {
                online.stop();
                online.hosting = None;
                next.set(Screen::Online);
            }
            Command::StartRoom if online.room.as_ref().is_some_and(|r| r.host) => {
                online.send(veil_net::Client::Start);
            }
            Command::RetryOnline => {
                let want = online.want.clone().unwrap_or(Want::Resume);
                let room = online.room.clone();
                online.start(want);
                online.room = room;
            }
            _ => {}
        }
    }
}

/// The room started and its first picture came: to the table.
fn to_the_table(
    screen: Res<State<Screen>>,
    mut online: ResMut<Online>,
    views: Res<GameViews>,
    mut active: ResMut<NextState<ActiveGame>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if *screen.get() != Screen::Lobby || !online.started || online.snapshot.is_none() {
        return;
    }
    let Some(room) = online.room.clone() else {
        return;
    };
    let Some((id, _)) = views.0.get_key_value(room.game.as_str()) else {
        online.link = Link::Lost(format!("This app cannot show the game \"{}\".", room.game));
        return;
    };
    // The table starts from the newest picture; older frames are in it.
    online.frames.clear();
    online.playing = true;
    online.hosting = None;
    active.set(ActiveGame(id));
    next.set(Screen::Play);
}
