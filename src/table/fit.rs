//! The table fitted to the window: every game lays out its table in the
//! same area of the world ([`TABLE_AREA`]), shown whole in what the window
//! leaves free beside the side panel and below the top strip, from 800 × 600
//! to 4K and in a portrait browser window.

use bevy::camera::ScalingMode;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;

use crate::kit::widgets::{TOP_BAR, note_window, review_space, sheet_space, side_panel_width};
use crate::table::Screen;

/// The world area every table is laid out in. (Left of the origin: the
/// tables were drawn when the panel covered the window's right side.)
pub const TABLE_AREA: Rect = Rect {
    min: Vec2::new(-680.0, -470.0),
    max: Vec2::new(380.0, 440.0),
};

pub struct FitPlugin;

impl Plugin for FitPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(PostUpdate, fit_camera.run_if(in_state(Screen::Play)))
            .add_systems(OnExit(Screen::Play), plain_camera);
    }
}

/// For a window of `window` logical pixels with `panel` pixels of it taken
/// by the side panel and `bottom` by the review's strip: the size of the
/// world the camera shows, and where it looks, so that [`TABLE_AREA`]
/// fills as much of the free part as it can without being cut.
pub fn fit(window: Vec2, panel: f32, bottom: f32) -> (Vec2, Vec2) {
    let free = Vec2::new(
        (window.x - panel).max(1.0),
        (window.y - TOP_BAR - bottom).max(1.0),
    );
    let area = TABLE_AREA.size();
    // Pixels per world unit.
    let scale = (free.x / area.x).min(free.y / area.y);
    let shown = window.max(Vec2::ONE) / scale;
    // The free part's middle is left of and below the window's: the camera
    // looks that much right of and above the area's centre.
    let at = TABLE_AREA.center() + Vec2::new(panel / 2.0, (TOP_BAR - bottom) / 2.0) / scale;
    (shown, at)
}

fn fit_camera(
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut contexts: EguiContexts,
    mut camera: Query<(&mut Projection, &mut Transform), With<Camera2d>>,
) {
    let Some(window) = window else { return };
    let size = Vec2::new(window.width(), window.height());
    // A folded panel leaves the whole width to the table; the bottom sheet
    // of a phone held upright takes the bottom instead.
    let (panel, bottom) = contexts.ctx_mut().map_or((0.0, 0.0), |ctx| {
        note_window(ctx, size);
        let zoom = ctx.zoom_factor().max(0.01);
        (
            side_panel_width(ctx) * zoom,
            (review_space(ctx) + sheet_space(ctx)) * zoom,
        )
    });
    let (shown, at) = fit(size, panel, bottom);
    for (mut projection, mut transform) in &mut camera {
        let wanted = ScalingMode::Fixed {
            width: shown.x,
            height: shown.y,
        };
        let same = matches!(&*projection, Projection::Orthographic(o)
            if matches!(o.scaling_mode, ScalingMode::Fixed { width, height }
                if width == shown.x && height == shown.y));
        if !same {
            *projection = Projection::Orthographic(OrthographicProjection {
                scaling_mode: wanted,
                ..OrthographicProjection::default_2d()
            });
        }
        if transform.translation.truncate() != at {
            transform.translation.x = at.x;
            transform.translation.y = at.y;
        }
    }
}

/// Off the table, the other screens draw around the origin at one pixel a
/// unit.
fn plain_camera(mut camera: Query<(&mut Projection, &mut Transform), With<Camera2d>>) {
    for (mut projection, mut transform) in &mut camera {
        *projection = Projection::Orthographic(OrthographicProjection::default_2d());
        transform.translation.x = 0.0;
        transform.translation.y = 0.0;
    }
}

/// The world point under window point `pos` (the pointer's, a tap's).
pub fn point_in_world(
    window: &Window,
    camera: &Query<(&Transform, &Projection), With<Camera2d>>,
    pos: Vec2,
) -> Option<Vec2> {
    let (camera, projection) = camera.single().ok()?;
    Some(window_to_world(window.size(), pos, camera, projection))
}

pub use crate::kit::input::{window_to_world, world_to_window};
