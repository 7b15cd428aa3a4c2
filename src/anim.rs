//! Piece animations: slides, flips (narrow, change face, widen) and the
//! pulse that signals check. Their speed follows the settings; with
//! animations off none are made.

use bevy::prelude::*;

use crate::board::Glyph;
use crate::play::Animating;

/// Moves an entity from `from` to `to` (world xy) after `delay` seconds.
#[derive(Component, Clone, Copy, Debug)]
pub struct Slide {
    pub from: Vec2,
    pub to: Vec2,
    pub delay: f32,
    pub duration: f32,
    pub elapsed: f32,
}

impl Slide {
    pub fn new(from: Vec2, to: Vec2, duration: f32, delay: f32) -> Self {
        Slide {
            from,
            to,
            delay,
            duration,
            elapsed: 0.0,
        }
    }
}

/// Turns a piece over: it narrows showing its back, changes face, widens.
#[derive(Component, Clone, Copy, Debug)]
pub struct Flip {
    pub delay: f32,
    pub duration: f32,
    pub elapsed: f32,
}

/// The colours of a piece's face and back, for flips.
#[derive(Component, Clone, Copy, Debug)]
pub struct PieceColors {
    pub face: Color,
    pub back: Color,
    /// Whether the piece is (now) face up.
    pub face_up: bool,
}

/// A short growing-and-shrinking pulse (check).
#[derive(Component, Clone, Copy, Debug)]
pub struct Pulse {
    pub duration: f32,
    pub elapsed: f32,
}

pub struct AnimPlugin;

impl Plugin for AnimPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, (slide, flip, pulse, animating).chain());
    }
}

fn ease(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

fn slide(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Slide, &mut Transform)>,
) {
    for (e, mut s, mut tf) in &mut q {
        s.elapsed += time.delta_secs();
        let t = ((s.elapsed - s.delay) / s.duration.max(1e-3)).clamp(0.0, 1.0);
        let at = s.from.lerp(s.to, ease(t));
        tf.translation.x = at.x;
        tf.translation.y = at.y;
        // Lift the moving piece above the others.
        tf.translation.z = if t >= 1.0 {
            1.0
        } else if s.elapsed > s.delay {
            20.0
        } else {
            0.5
        };
        if t >= 1.0 {
            commands.entity(e).remove::<Slide>();
        }
    }
}

fn flip(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(
        Entity,
        &mut Flip,
        &mut Transform,
        &mut Sprite,
        &PieceColors,
        &Children,
    )>,
    mut glyphs: Query<&mut Visibility, With<Glyph>>,
) {
    for (e, mut f, mut tf, mut sprite, colors, children) in &mut q {
        f.elapsed += time.delta_secs();
        let t = ((f.elapsed - f.delay) / f.duration.max(1e-3)).clamp(0.0, 1.0);
        let first_half = t < 0.5;
        tf.scale.x = if first_half {
            1.0 - ease(t * 2.0)
        } else {
            ease(t * 2.0 - 1.0)
        }
        .max(0.02);
        let show_face = colors.face_up && !first_half;
        sprite.color = if show_face { colors.face } else { colors.back };
        for child in children.iter() {
            if let Ok(mut v) = glyphs.get_mut(child) {
                *v = if show_face || !colors.face_up {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                };
            }
        }
        if t >= 1.0 {
            tf.scale.x = 1.0;
            commands.entity(e).remove::<Flip>();
        }
    }
}

fn pulse(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Pulse, &mut Transform)>,
) {
    for (e, mut p, mut tf) in &mut q {
        p.elapsed += time.delta_secs();
        let t = (p.elapsed / p.duration.max(1e-3)).clamp(0.0, 1.0);
        let s = 1.0 + 0.25 * (t * std::f32::consts::PI * 3.0).sin().abs() * (1.0 - t);
        tf.scale = Vec3::new(s, s, 1.0);
        if t >= 1.0 {
            tf.scale = Vec3::ONE;
            commands.entity(e).remove::<Pulse>();
        }
    }
}

fn animating(
    slides: Query<(), With<Slide>>,
    flips: Query<(), With<Flip>>,
    mut a: ResMut<Animating>,
) {
    let now = !slides.is_empty() || !flips.is_empty();
    if a.0 != now {
        a.0 = now;
    }
}
