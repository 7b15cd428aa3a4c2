//! The desktop window: it opens at the size it was last left at, and never
//! larger than the screen it is on (a fixed 1200 × 860 window put its
//! bottom, the review's help included, off an 800-pixel-high screen).

use bevy::prelude::*;
use bevy::window::{Monitor, PrimaryMonitor, PrimaryWindow, WindowResized};

use crate::kit::store::Store;

/// The store's key for the window's last size ("1280x800").
pub const WINDOW_KEY: &str = "window";

/// The size a window opens at before anything is known of the screen.
pub const DEFAULT_SIZE: (u32, u32) = (1200, 860);

/// The smallest window the tables are laid out for.
const SMALLEST: Vec2 = Vec2::new(640.0, 480.0);

pub struct WindowSizePlugin {
    pub store: Store,
}

impl Plugin for WindowSizePlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(KeptSize {
            store: self.store.clone(),
            fitted: false,
            settling: None,
        })
        .add_systems(Update, (fit_to_screen, keep_size));
    }
}

#[derive(Resource)]
struct KeptSize {
    store: Store,
    /// Fitted to the screen once, as soon as the screen is known.
    fitted: bool,
    /// The last size seen while the player resizes, and when.
    settling: Option<(Vec2, f32)>,
}

/// The size the window was last left at, if one was kept and reads.
pub fn kept_size(store: &Store) -> Option<(u32, u32)> {
    let text = store.read(WINDOW_KEY)?;
    let (w, h) = text.trim().split_once('x')?;
    let (w, h) = (w.parse::<u32>().ok()?, h.parse::<u32>().ok()?);
    // A size from a bad file is not taken up.
    ((SMALLEST.x as u32..=16_384).contains(&w) && (SMALLEST.y as u32..=16_384).contains(&h))
        .then_some((w, h))
}

/// A window of `size` made to fit a screen of `screen` (logical pixels),
/// leaving room for the title bar and a task bar; never below the
/// smallest size the tables are laid out for.
pub fn fit_size(size: Vec2, screen: Vec2) -> Vec2 {
    let room = screen - Vec2::new(40.0, 100.0);
    size.min(room).max(SMALLEST).round()
}

fn fit_to_screen(
    mut kept: ResMut<KeptSize>,
    monitors: Query<&Monitor, With<PrimaryMonitor>>,
    window: Option<Single<&mut Window, With<PrimaryWindow>>>,
) {
    if kept.fitted {
        return;
    }
    // The screen is known a frame or two after start.
    let (Ok(monitor), Some(mut window)) = (monitors.single(), window) else {
        return;
    };
    kept.fitted = true;
    let scale = (monitor.scale_factor as f32).max(0.5);
    let screen = Vec2::new(
        monitor.physical_width as f32,
        monitor.physical_height as f32,
    ) / scale;
    let size = window.resolution.size();
    let fitted = fit_size(size, screen);
    if fitted != size {
        info!("the window is made {fitted} to fit a screen of {screen}");
        window.resolution.set(fitted.x, fitted.y);
    }
}

fn keep_size(
    mut resized: MessageReader<WindowResized>,
    time: Res<Time<Real>>,
    mut kept: ResMut<KeptSize>,
) {
    let now = time.elapsed_secs();
    for r in resized.read() {
        kept.settling = Some((Vec2::new(r.width, r.height), now));
    }
    // Written once the size has settled: a drag sends many.
    if let Some((size, at)) = kept.settling
        && now - at > 0.5
    {
        kept.settling = None;
        let text = format!("{}x{}", size.x.round() as u32, size.y.round() as u32);
        if let Err(e) = kept.store.write(WINDOW_KEY, &text) {
            warn!("could not keep the window's size: {e}");
        }
    }
}
