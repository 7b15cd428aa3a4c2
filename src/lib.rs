//! Veil, the app: a title screen, the choice of game, a game's setup, play
//! and results, each a Bevy state with its own plugin; settings, sound and
//! input shared by all.
//!
//! [`build_app`] builds the whole app, windowed or headless (for tests and
//! CI: no window, no GPU, no audio device, same systems otherwise).

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

pub mod games;
pub mod kit;
pub mod shell;
pub mod table;

pub use table::Screen;

/// How the app runs.
#[derive(Clone, Debug, PartialEq)]
pub enum AppMode {
    /// A window, rendering and sound.
    Windowed,
    /// No window surface, no rendering, no sound device: tests.
    Headless,
}

/// Options given on the command line or in the environment.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct LaunchOptions {
    /// `VEIL_DEMO=jieqi` / `--demo jieqi` / `?demo=jieqi`: start straight
    /// into a game in progress (`jieqi-new`: at its first action,
    /// `jieqi-review`: played out and reviewed).
    pub demo: Option<String>,
    /// `VEIL_SCREENSHOT=path.png` / `--screenshot path.png`: save a screenshot
    /// of the demo once it has settled, then quit.
    pub screenshot: Option<String>,
    /// `?room=K7QM2X` / `VEIL_ROOM` / `--room`: open straight into joining
    /// that room online.
    pub room: Option<String>,
    /// `?server=wss://…` / `VEIL_SERVER` / `--server`: the server to play
    /// online on.
    pub server: Option<String>,
    /// `?level=normal` / `VEIL_LEVEL`: the demo's computers think at this
    /// level (the browser check times frames with the computer at Normal).
    pub level: Option<String>,
    /// `?widgets`: the page publishes egui's buttons for the browser checks
    /// (`kit::page_widgets`).
    pub widgets: bool,
    /// `?watch` / `VEIL_WATCH=1`: the demo's every seat is a computer (at
    /// `level`), and each computer's move logs how it was thought
    /// (`thought: …`): the search measured where it runs, nobody's
    /// secret at stake.
    pub watch: bool,
}

impl LaunchOptions {
    /// The demo named by a page address's query: `?demo=jieqi` (the browser
    /// build's equivalent of `VEIL_DEMO`). Other parameters are ignored.
    pub fn demo_from_query(query: &str) -> Option<String> {
        Self::query_value(query, "demo")
    }

    /// One parameter of a page address's query (`?room=K7QM2X&…`), its
    /// percent escapes undone.
    pub fn query_value(query: &str, key: &str) -> Option<String> {
        query
            .trim_start_matches('?')
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .find(|(k, _)| *k == key)
            .map(|(_, v)| percent_decode(v))
            .filter(|v| !v.is_empty())
    }

    /// Whether a page address's query names `key`, with a value or bare
    /// (`?widgets`).
    pub fn query_flag(query: &str, key: &str) -> bool {
        query
            .trim_start_matches('?')
            .split('&')
            .any(|pair| pair.split('=').next() == Some(key))
    }

    /// In the browser: options from the page's address.
    #[cfg(target_arch = "wasm32")]
    pub fn from_env_and_args() -> Self {
        let query = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        LaunchOptions {
            demo: Self::demo_from_query(&query),
            screenshot: None,
            room: Self::query_value(&query, "room"),
            server: Self::query_value(&query, "server"),
            level: Self::query_value(&query, "level"),
            widgets: Self::query_flag(&query, "widgets"),
            watch: Self::query_flag(&query, "watch"),
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    pub fn from_env_and_args() -> Self {
        let mut o = LaunchOptions {
            demo: std::env::var("VEIL_DEMO").ok().filter(|s| !s.is_empty()),
            screenshot: std::env::var("VEIL_SCREENSHOT")
                .ok()
                .filter(|s| !s.is_empty()),
            room: std::env::var("VEIL_ROOM").ok().filter(|s| !s.is_empty()),
            server: std::env::var("VEIL_SERVER").ok().filter(|s| !s.is_empty()),
            level: std::env::var("VEIL_LEVEL").ok().filter(|s| !s.is_empty()),
            widgets: false,
            watch: std::env::var("VEIL_WATCH").is_ok_and(|s| !s.is_empty() && s != "0"),
        };
        let args: Vec<String> = std::env::args().collect();
        let mut i = 1;
        while i < args.len() {
            match args[i].as_str() {
                "--demo" if i + 1 < args.len() => {
                    o.demo = Some(args[i + 1].clone());
                    i += 1;
                }
                "--screenshot" if i + 1 < args.len() => {
                    o.screenshot = Some(args[i + 1].clone());
                    i += 1;
                }
                "--room" if i + 1 < args.len() => {
                    o.room = Some(args[i + 1].clone());
                    i += 1;
                }
                "--server" if i + 1 < args.len() => {
                    o.server = Some(args[i + 1].clone());
                    i += 1;
                }
                _ => {}
            }
            i += 1;
        }
        o
    }
}

/// `%2F` → `/` (a query's escapes; a broken one is kept as written).
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(a), Some(b)) => {
                    out.push((a * 16 + b) as u8);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b'+' => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Builds the app. Headless apps keep settings nowhere and make no sound.
pub fn build_app(mode: AppMode, launch: LaunchOptions) -> App {
    let mut app = App::new();
    match mode {
        AppMode::Windowed => {
            add_default_plugins(
                &mut app,
                WindowPlugin {
                    primary_window: Some(Window {
                        title: "Veil".into(),
                        resolution: window_size().into(),
                        position: WindowPosition::Centered(MonitorSelection::Primary),
                        canvas: Some("#veil-canvas".into()),
                        fit_canvas_to_parent: true,
                        prevent_default_event_handling: true,
                        ..default()
                    }),
                    ..default()
                },
                // itch.io and plain static hosts answer .meta requests
                // with errors or HTML; never ask for them.
                AssetPlugin {
                    meta_check: bevy::asset::AssetMetaCheck::Never,
                    ..default()
                },
            );
            app.add_plugins(kit::sound::SoundPlugin { device: true });
            // A size set for screenshots is kept as set; the browser's
            // canvas follows its page.
            #[cfg(not(target_arch = "wasm32"))]
            if std::env::var_os("VEIL_WINDOW").is_none() {
                app.add_plugins(shell::window::WindowSizePlugin {
                    store: kit::store::Store::platform(),
                });
            }
            if launch.screenshot.is_some() {
                app.add_plugins(shell::screenshot::ScreenshotPlugin);
            }
            app.add_plugins(kit::settings::SettingsPlugin {
                store: kit::settings::SettingsStore::platform(),
            });
            app.add_plugins(table::save::SavePlugin {
                store: kit::store::Store::platform(),
            });
        }
        AppMode::Headless => {
            app.add_plugins((
                MinimalPlugins,
                StatesPlugin,
                AssetPlugin::default(),
                bevy::input::InputPlugin,
                WindowPlugin {
                    primary_window: Some(Window::default()),
                    exit_condition: bevy::window::ExitCondition::DontExit,
                    ..default()
                },
                TransformPlugin,
            ));
            app.init_asset::<bevy::shader::Shader>()
                .init_asset::<Image>();
            app.add_plugins(kit::sound::SoundPlugin { device: false });
            app.add_plugins(kit::settings::SettingsPlugin {
                store: kit::settings::SettingsStore::Nowhere,
            });
            // Tests that resume replace it with a store in memory.
            app.add_plugins(table::save::SavePlugin {
                store: kit::store::Store::Nowhere,
            });
        }
    }
    app.add_plugins(bevy_egui::EguiPlugin::default());
    app.insert_resource(ClearColor(Color::srgb(0.16, 0.13, 0.12)));
    // A player's first game of each kind opens its "how to play"; demos and
    // screenshots show the table alone (`VEIL_HOW_TO=1`: over them too, for
    // its picture), and tests ask for it themselves.
    let first_minutes = match mode {
        AppMode::Headless => table::howto::FirstMinutes::Off,
        _ if std::env::var_os("VEIL_HOW_TO").is_some() => table::howto::FirstMinutes::Always,
        _ if launch.demo.is_none() && launch.screenshot.is_none() => table::howto::FirstMinutes::On,
        _ => table::howto::FirstMinutes::Off,
    };
    #[cfg(target_arch = "wasm32")]
    if launch.widgets {
        app.add_plugins(kit::page_widgets::PageWidgetsPlugin);
    }
    app.insert_resource(launch);
    app.add_systems(Startup, spawn_camera);
    // Layer by layer, bottom up: kit, table, shell, games.
    app.add_plugins((
        kit::KitPlugin,
        table::TablePlugin,
        shell::screens::ScreensPlugin,
        shell::keys::MenuKeysPlugin,
        games::GamesPlugin,
    ));
    app.insert_resource(first_minutes);
    app
}

/// Bevy's default plugins, with the given window and asset settings.
#[cfg(not(target_arch = "wasm32"))]
fn add_default_plugins(app: &mut App, window: WindowPlugin, assets: AssetPlugin) {
    app.add_plugins(DefaultPlugins.set(window).set(assets));
}

/// The browser build names Bevy's default plugins one by one, leaving out
/// the log plugin: merely disabling it in `DefaultPlugins` still links its
/// filter (tracing-subscriber and regex), which cost the wasm hundreds of
/// kilobytes. Keep this list in step with `DefaultPlugins` for the enabled
/// features (`cargo tree -e features -i bevy_internal --target wasm32-unknown-unknown`).
#[cfg(target_arch = "wasm32")]
fn add_default_plugins(app: &mut App, window: WindowPlugin, assets: AssetPlugin) {
    use bevy::{
        a11y, app as bapp, camera, core_pipeline, diagnostic, image, input, mesh, render, sprite,
        sprite_render, state, time, transform, winit,
    };
    app.add_plugins((
        bapp::PanicHandlerPlugin,
        bapp::TaskPoolPlugin::default(),
        diagnostic::FrameCountPlugin,
        time::TimePlugin,
        transform::TransformPlugin,
        diagnostic::DiagnosticsPlugin,
        input::InputPlugin,
        window,
        a11y::AccessibilityPlugin,
        assets,
        winit::WinitPlugin::default(),
    ));
    app.add_plugins((
        render::RenderPlugin::default(),
        image::ImagePlugin::default(),
        mesh::MeshPlugin,
        camera::CameraPlugin,
        core_pipeline::CorePipelinePlugin,
        sprite::SpritePlugin,
        sprite_render::SpriteRenderPlugin,
        state::app::StatesPlugin,
    ));
}

/// The window's size: `VEIL_WINDOW=1280x800` (screenshots at set sizes),
/// else the size it was last left at, else 1200 × 860 (then made to fit
/// the screen, see [`shell::window`]).
fn window_size() -> (u32, u32) {
    #[cfg(not(target_arch = "wasm32"))]
    if let Some((w, h)) = std::env::var("VEIL_WINDOW")
        .ok()
        .and_then(|v| {
            v.split_once('x')
                .map(|(w, h)| (w.parse().ok(), h.parse().ok()))
        })
        .and_then(|(w, h)| Some((w?, h?)))
    {
        return (w, h);
    }
    shell::window::kept_size(&kit::store::Store::platform()).unwrap_or(shell::window::DEFAULT_SIZE)
}

/// Runs the windowed app with options from the environment and command line.
pub fn run() {
    build_app(AppMode::Windowed, LaunchOptions::from_env_and_args()).run();
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
}
