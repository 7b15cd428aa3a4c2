//! The player's settings (sound volume, animation speed, board orientation,
//! how xiangqi pieces are marked),
//! kept across runs: a JSON file on desktop, `localStorage` in the browser.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use serde::{Deserialize, Serialize};

use crate::kit::input::Command;

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// 0 (silent) to 1.
    pub volume: f32,
    pub animation: AnimationSpeed,
    pub orientation: Orientation,
    /// Xiangqi pieces marked with Latin letters instead of their characters.
    pub xiangqi_letters: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            volume: 0.7,
            animation: AnimationSpeed::Normal,
            orientation: Orientation::ViewerAtBottom,
            xiangqi_letters: false,
        }
    }
}

impl Settings {
    /// What of the settings changes how pieces are drawn (not the board's
    /// orientation, which the table follows on its own): a table drawn for
    /// another look is drawn again.
    pub fn look(&self) -> u8 {
        u8::from(self.xiangqi_letters)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AnimationSpeed {
    Off,
    Slow,
    Normal,
    Fast,
}

impl AnimationSpeed {
    pub const ALL: [AnimationSpeed; 4] = [
        AnimationSpeed::Off,
        AnimationSpeed::Slow,
        AnimationSpeed::Normal,
        AnimationSpeed::Fast,
    ];

    /// How long a standard animation (a slide) takes, or `None` for no
    /// animation at all.
    pub fn seconds(self) -> Option<f32> {
        match self {
            AnimationSpeed::Off => None,
            AnimationSpeed::Slow => Some(0.6),
            AnimationSpeed::Normal => Some(0.3),
            AnimationSpeed::Fast => Some(0.15),
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            AnimationSpeed::Off => "off",
            AnimationSpeed::Slow => "slow",
            AnimationSpeed::Normal => "normal",
            AnimationSpeed::Fast => "fast",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Orientation {
    /// The viewer's own side at the bottom.
    ViewerAtBottom,
    /// The first seat (Red) always at the bottom.
    FirstSeatAtBottom,
    /// The second seat (Black) always at the bottom.
    SecondSeatAtBottom,
}

impl Orientation {
    pub const ALL: [Orientation; 3] = [
        Orientation::ViewerAtBottom,
        Orientation::FirstSeatAtBottom,
        Orientation::SecondSeatAtBottom,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Orientation::ViewerAtBottom => "my side at the bottom",
            Orientation::FirstSeatAtBottom => "Red at the bottom",
            Orientation::SecondSeatAtBottom => "Black at the bottom",
        }
    }

    /// Whether the board is drawn upside down for `viewer` (seat index).
    pub fn flipped(self, viewer: u8) -> bool {
        match self {
            Orientation::ViewerAtBottom => viewer == 1,
            Orientation::FirstSeatAtBottom => false,
            Orientation::SecondSeatAtBottom => true,
        }
    }
}

/// Where settings live.
#[derive(Resource, Clone, Debug)]
pub enum SettingsStore {
    /// Not kept (tests).
    Nowhere,
    #[cfg(not(target_arch = "wasm32"))]
    File(std::path::PathBuf),
    #[cfg(target_arch = "wasm32")]
    LocalStorage,
}

const STORAGE_KEY: &str = "veil.settings";

impl SettingsStore {
    /// The platform's usual place: `$VEIL_SETTINGS`, else
    /// `$XDG_CONFIG_HOME/veil/settings.json`, else `~/.config/veil/settings.json`.
    pub fn platform() -> Self {
        #[cfg(target_arch = "wasm32")]
        {
            SettingsStore::LocalStorage
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            use std::path::PathBuf;
            if let Some(p) = std::env::var_os("VEIL_SETTINGS") {
                return SettingsStore::File(PathBuf::from(p));
            }
            let base = std::env::var_os("XDG_CONFIG_HOME")
                .map(PathBuf::from)
                .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")));
            match base {
                Some(base) => SettingsStore::File(base.join("veil").join("settings.json")),
                None => SettingsStore::Nowhere,
            }
        }
    }

    /// Reads the settings; anything missing or unreadable falls back to the
    /// defaults (a corrupt file never stops the game).
    pub fn load(&self) -> Settings {
        let text: Option<String> = match self {
            SettingsStore::Nowhere => None,
            #[cfg(not(target_arch = "wasm32"))]
            SettingsStore::File(path) => std::fs::read_to_string(path).ok(),
            #[cfg(target_arch = "wasm32")]
            SettingsStore::LocalStorage => web_sys::window()
                .and_then(|w| w.local_storage().ok().flatten())
                .and_then(|s| s.get_item(STORAGE_KEY).ok().flatten()),
        };
        text.and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default()
    }

    pub fn save(&self, settings: &Settings) {
        let text = serde_json::to_string_pretty(settings).expect("settings serialise");
        match self {
            SettingsStore::Nowhere => {}
            #[cfg(not(target_arch = "wasm32"))]
            SettingsStore::File(path) => {
                if let Some(dir) = path.parent() {
                    let _ = std::fs::create_dir_all(dir);
                }
                if let Err(e) = std::fs::write(path, text) {
                    warn!("could not save settings to {}: {e}", path.display());
                }
            }
            #[cfg(target_arch = "wasm32")]
            SettingsStore::LocalStorage => {
                if let Some(storage) =
                    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
                {
                    let _ = storage.set_item(STORAGE_KEY, &text);
                }
            }
        }
    }
}

// Keep the key referenced on desktop too.
#[allow(dead_code)]
const _KEY: &str = STORAGE_KEY;

/// Whether the settings window is open.
#[derive(Resource, Default, Debug)]
pub struct SettingsOpen(pub bool);

pub struct SettingsPlugin {
    pub store: SettingsStore,
}

impl Plugin for SettingsPlugin {
    fn build(&self, app: &mut App) {
        let settings = self.store.load();
        app.insert_resource(settings)
            .insert_resource(self.store.clone())
            .init_resource::<SettingsOpen>()
            .add_systems(
                Update,
                (
                    toggle_settings,
                    save_settings.run_if(resource_changed::<Settings>),
                ),
            )
            .add_systems(bevy_egui::EguiPrimaryContextPass, settings_window);
    }
}

fn toggle_settings(mut commands: MessageReader<Command>, mut open: ResMut<SettingsOpen>) {
    for c in commands.read() {
        if *c == Command::ToggleSettings {
            open.0 = !open.0;
        }
    }
}

fn save_settings(settings: Res<Settings>, store: Res<SettingsStore>) {
    if settings.is_added() {
        return;
    }
    store.save(&settings);
}

fn settings_window(
    mut contexts: EguiContexts,
    mut open: ResMut<SettingsOpen>,
    mut settings: ResMut<Settings>,
    mut out: MessageWriter<Command>,
) -> Result {
    if !open.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut edited = settings.clone();
    let mut still_open = true;
    egui::Window::new("Settings")
        .open(&mut still_open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::RIGHT_TOP, [-12.0, 48.0])
        .show(ctx, |ui| {
            ui.add(egui::Slider::new(&mut edited.volume, 0.0..=1.0).text("sound volume"));
            ui.horizontal(|ui| {
                ui.label("animations:");
                for speed in AnimationSpeed::ALL {
                    ui.selectable_value(&mut edited.animation, speed, speed.label());
                }
            });
            ui.label("board:");
            for o in Orientation::ALL {
                ui.radio_value(&mut edited.orientation, o, o.label());
            }
            ui.horizontal(|ui| {
                ui.label("xiangqi pieces:");
                ui.selectable_value(&mut edited.xiangqi_letters, false, "帥 characters");
                ui.selectable_value(&mut edited.xiangqi_letters, true, "G letters");
            });
            if ui.button("close").clicked() {
                out.write(Command::ToggleSettings);
            }
        });
    if !still_open {
        open.0 = false;
    }
    if edited != *settings {
        *settings = edited;
    }
    Ok(())
}
