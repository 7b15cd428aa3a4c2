//! Piece animations: slides, flips (narrow, change face, widen) and the
//! pulse that signals check. Their speed follows the settings; with
//! animations off none are made.

use bevy::prelude::*;

use crate::kit::board::Glyph;

/// True while piece animations are running: the referee waits for them
/// before the next computer move, so every move can be seen.
#[derive(Resource, Default, Debug)]
pub struct Animating(pub bool);

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

/// A piece that comes out of nowhere (a hidden King appearing): it grows
/// from nothing past its size and settles, turning a little on the way.
#[derive(Component, Clone, Copy, Debug)]
pub struct Appear {
    pub delay: f32,
    pub duration: f32,
    pub elapsed: f32,
}

/// A stand-in for a piece that leaves the board (removed by an appearing
/// King, or captured): it swells, fades and is despawned at the end.
#[derive(Component, Clone, Copy, Debug)]
pub struct Vanish {
    pub delay: f32,
    pub duration: f32,
    pub elapsed: f32,
}

/// A ring spreading out from a point and fading (the shock of a King
/// appearing); despawned at the end.
#[derive(Component, Clone, Copy, Debug)]
pub struct Burst {
    pub delay: f32,
    pub duration: f32,
    pub elapsed: f32,
    /// The ring's size at the end, in world units.
    pub reach: f32,
}

pub struct AnimPlugin;

impl Plugin for AnimPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (slide, flip, pulse, appear, vanish, burst, animating).chain(),
        );
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

fn appear(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Appear, &mut Transform)>,
) {
    for (e, mut a, mut tf) in &mut q {
        a.elapsed += time.delta_secs();
        let t = ((a.elapsed - a.delay) / a.duration.max(1e-3)).clamp(0.0, 1.0);
        // Overshoot to 1.35, then settle at 1.
        let s = if t < 0.6 {
            1.35 * ease(t / 0.6)
        } else {
            1.35 - 0.35 * ease((t - 0.6) / 0.4)
        };
        let s = s.max(0.01);
        tf.scale = Vec3::new(s, s, 1.0);
        tf.rotation = Quat::from_rotation_z((1.0 - t) * 0.6 * (t * 12.0).sin());
        tf.translation.z = if t < 1.0 { 25.0 } else { 1.0 };
        if t >= 1.0 {
            tf.scale = Vec3::ONE;
            tf.rotation = Quat::IDENTITY;
            commands.entity(e).remove::<Appear>();
        }
    }
}

fn vanish(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Vanish, &mut Transform, Option<&mut Sprite>)>,
) {
    for (e, mut v, mut tf, sprite) in &mut q {
        v.elapsed += time.delta_secs();
        let t = ((v.elapsed - v.delay) / v.duration.max(1e-3)).clamp(0.0, 1.0);
        let s = 1.0 + 0.6 * ease(t);
        tf.scale = Vec3::new(s, s, 1.0);
        if let Some(mut sprite) = sprite {
            sprite.color = sprite.color.with_alpha(1.0 - ease(t));
        }
        if t >= 1.0 {
            commands.entity(e).despawn();
        }
    }
}

fn burst(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Burst, &mut Transform, &mut Sprite)>,
) {
    for (e, mut b, mut tf, mut sprite) in &mut q {
        b.elapsed += time.delta_secs();
        let t = ((b.elapsed - b.delay) / b.duration.max(1e-3)).clamp(0.0, 1.0);
        let size = b.reach * ease(t).max(0.02);
        sprite.custom_size = Some(Vec2::splat(size));
        sprite.color = sprite
            .color
            .with_alpha(if t <= 0.0 { 0.0 } else { 1.0 - t });
        tf.translation.z = 24.0;
        if t >= 1.0 {
            commands.entity(e).despawn();
        }
    }
}

fn animating(
    slides: Query<(), With<Slide>>,
    flips: Query<(), With<Flip>>,
    appears: Query<(), With<Appear>>,
    vanishes: Query<(), With<Vanish>>,
    bursts: Query<(), With<Burst>>,
    mut a: ResMut<Animating>,
) {
    let now = !slides.is_empty()
        || !flips.is_empty()
        || !appears.is_empty()
        || !vanishes.is_empty()
        || !bursts.is_empty();
    if a.0 != now {
        a.0 = now;
    }
}
