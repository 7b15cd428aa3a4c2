//! Words on the table (piece letters, coordinates, labels), painted by egui
//! at the place an entity stands in the world.
//!
//! Why not `Text2d`: bevy_text brings a whole shaping stack (parley,
//! fontique, swash, icu) that costs the web build megabytes, while egui,
//! which the menus need anyway, already carries a font and a painter.
//!
//! An entity with [`WorldText`] and a `GlobalTransform` gets its text drawn
//! centred on it, behind egui's windows, scaled with the camera, and hidden
//! whenever the entity or one of its ancestors is hidden or is turned edge-on
//! in a flip (so a flip animation shows no letter while it is narrow).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// A text drawn at this entity's place in the world.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct WorldText {
    pub text: String,
    /// Height in world units.
    pub size: f32,
    pub color: Color,
    /// Monospace (piece letters read better at a fixed width).
    pub mono: bool,
    /// Painted first, under `text`: a filled figure under its outline
    /// makes a White chess figure (white inside, dark edge).
    pub fill: Option<(String, Color)>,
}

impl WorldText {
    pub fn new(text: impl Into<String>, size: f32, color: Color) -> Self {
        WorldText {
            text: text.into(),
            size,
            color,
            mono: false,
            fill: None,
        }
    }

    pub fn with_fill(mut self, text: impl Into<String>, color: Color) -> Self {
        self.fill = Some((text.into(), color));
        self
    }

    pub fn mono(mut self) -> Self {
        self.mono = true;
        self
    }
}

pub struct WorldTextPlugin;

impl Plugin for WorldTextPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(EguiPrimaryContextPass, paint_world_text);
    }
}

/// Under this horizontal scale a flipping piece is too narrow to show words.
const EDGE_ON: f32 = 0.35;

fn shown(mut entity: Entity, visibility: &Query<(Option<&Visibility>, Option<&ChildOf>)>) -> bool {
    // Walk up the hierarchy: any `Visibility::Hidden` hides the words.
    for _ in 0..32 {
        let Ok((vis, parent)) = visibility.get(entity) else {
            return true;
        };
        if vis == Some(&Visibility::Hidden) {
            return false;
        }
        match parent {
            Some(p) => entity = p.parent(),
            None => return true,
        }
    }
    true
}

fn paint_world_text(
    mut contexts: EguiContexts,
    cameras: Query<(&Camera, &GlobalTransform)>,
    texts: Query<(Entity, &WorldText, &GlobalTransform)>,
    visibility: Query<(Option<&Visibility>, Option<&ChildOf>)>,
) -> Result {
    let Some((camera, camera_at)) = cameras.iter().find(|(c, _)| c.is_active) else {
        return Ok(());
    };
    let Ok(ctx) = contexts.ctx_mut() else {
        return Ok(());
    };
    let painter = ctx.layer_painter(egui::LayerId::background());
    let zoom = ctx.zoom_factor().max(0.01);
    for (entity, text, at) in &texts {
        if text.text.is_empty() {
            continue;
        }
        let (scale, _, _) = at.to_scale_rotation_translation();
        if scale.x.abs() < EDGE_ON || !shown(entity, &visibility) {
            continue;
        }
        let centre = at.translation();
        let Ok(p) = camera.world_to_viewport(camera_at, centre) else {
            continue;
        };
        // World height to screen height: project a point one unit above.
        let Ok(q) = camera.world_to_viewport(camera_at, centre + Vec3::Y * text.size) else {
            continue;
        };
        let px = ((q - p).length() * scale.y.abs() / zoom).max(1.0);
        let font = if text.mono {
            egui::FontId::monospace(px)
        } else {
            egui::FontId::proportional(px)
        };
        let color32 = |c: Color| {
            let [r, g, b, a] = c.to_srgba().to_u8_array();
            egui::Color32::from_rgba_unmultiplied(r, g, b, a)
        };
        let at = egui::pos2(p.x / zoom, p.y / zoom);
        if let Some((fill, color)) = &text.fill {
            painter.text(
                at,
                egui::Align2::CENTER_CENTER,
                fill,
                font.clone(),
                color32(*color),
            );
        }
        painter.text(
            at,
            egui::Align2::CENTER_CENTER,
            &text.text,
            font,
            color32(text.color),
        );
    }
    Ok(())
}
