//! The Reality Check as a moment of its own: stand-ins of both pieces rise
//! above the square and turn over in public, the verdict shows, then the
//! capturer (turning back if it is not true) goes down to the square while
//! the captured piece leaves play or goes to its owner's hand.

use bevy::prelude::*;
use veil_reality_check::{Color as Side, Face, Phase, Square};

use super::draw::{Drawn, SHOWN, face_color, hand_position, ink, spawn_ring, spawn_text};
use super::{Scene, cell, side_name};
use crate::kit::anim::Slide;
use crate::kit::board::{BoardImages, BoardLayout};
use crate::kit::figures::figure_text;
use crate::kit::sound::Cue;
use crate::kit::world_text::WorldText;
use crate::table::Screen;

/// The part of a Reality Check a stand-in disc plays (see [`moment`]).
#[derive(Component, Clone, Copy, Debug)]
pub struct Moment {
    pub start: Vec2,
    pub top: Vec2,
    /// Where it goes at the end; `None`: it fades out (removed for good).
    pub end: Option<Vec2>,
    /// It turns back to its first face before going down.
    pub turn_back: bool,
    /// One step of the animation, in seconds.
    pub step: f32,
    pub elapsed: f32,
}

/// The first or the second face of a stand-in.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Side2(pub bool);

/// Hidden until the moment is over (the pieces the stand-ins play).
#[derive(Component, Clone, Copy, Debug)]
pub struct HiddenFor(pub f32);

/// A word shown on the table for a while (the verdict).
#[derive(Component, Clone, Copy, Debug)]
pub struct Shown {
    pub from: f32,
    pub until: f32,
    pub elapsed: f32,
}

/// A sound of the moment, played when its part comes (seconds from now).
#[derive(Component, Clone, Copy, Debug)]
pub struct LaterCue(pub Cue, pub f32);

/// Steps of a Reality Check: rise, turn over, hold, verdict.
pub const MOMENT_STEPS: f32 = 4.4;

fn ease(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Runs the stand-ins of a Reality Check: they rise (0–1), turn over in
/// public (1–2), hold while the verdict shows (2–3), then the capturer
/// turns back if it is not true and goes down to its square, and the
/// captured piece leaves play or goes to its owner's hand (3–4.4).
pub fn moment(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Moment, &mut Transform, &mut Sprite, &Children)>,
    mut faces: Query<(&Side2, &mut Visibility)>,
    mut hidden: Query<(Entity, &mut HiddenFor, &mut Visibility), Without<Side2>>,
    mut shown: Query<(Entity, &mut Shown, &mut Visibility), (Without<Side2>, Without<HiddenFor>)>,
    mut later: Query<(Entity, &mut LaterCue)>,
    mut cues: MessageWriter<Cue>,
) {
    let dt = time.delta_secs();
    for (e, mut c) in &mut later {
        c.1 -= dt;
        if c.1 <= 0.0 {
            cues.write(c.0);
            commands.entity(e).despawn();
        }
    }
    for (e, mut m, mut tf, mut sprite, children) in &mut q {
        m.elapsed += dt;
        let t = m.elapsed / m.step.max(1e-3);
        let mut second = false;
        let mut scale_x = 1.0;
        let pos;
        let mut lift = 1.0 + 0.25 * ease(t);
        if t < 1.0 {
            pos = m.start.lerp(m.top, ease(t));
        } else if t < 2.0 {
            pos = m.top;
            let u = t - 1.0;
            scale_x = (u * std::f32::consts::PI).cos().abs().max(0.02);
            second = u >= 0.5;
        } else if t < 3.0 {
            pos = m.top;
            second = true;
        } else {
            let u = ((t - 3.0) / (MOMENT_STEPS - 3.0)).clamp(0.0, 1.0);
            match m.end {
                Some(end) => {
                    if m.turn_back {
                        let v = (u * 2.0).min(1.0);
                        scale_x = (v * std::f32::consts::PI).cos().abs().max(0.02);
                        second = v < 0.5;
                    } else {
                        second = true;
                    }
                    pos = m.top.lerp(end, ease(u));
                    lift = 1.25 - 0.25 * ease(u);
                }
                None => {
                    second = true;
                    pos = m.top;
                    lift = 1.25 + 0.5 * ease(u);
                    sprite.color = sprite.color.with_alpha(1.0 - ease(u));
                }
            }
        }
        tf.translation = Vec3::new(pos.x, pos.y, 30.0);
        tf.scale = Vec3::new(scale_x * lift, lift, 1.0);
        for child in children.iter() {
            if let Ok((side, mut v)) = faces.get_mut(child) {
                let want = if side.0 == second {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                };
                if *v != want {
                    *v = want;
                }
            }
        }
        if t >= MOMENT_STEPS {
            commands.entity(e).despawn();
        }
    }
    for (e, mut h, mut v) in &mut hidden {
        h.0 -= dt;
        if h.0 <= 0.0 {
            *v = Visibility::Inherited;
            commands.entity(e).remove::<HiddenFor>();
        }
    }
    for (e, mut s, mut v) in &mut shown {
        s.elapsed += dt;
        let want = if s.elapsed >= s.from {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *v != want {
            *v = want;
        }
        if s.elapsed >= s.until {
            commands.entity(e).despawn();
        }
    }
}

/// A stand-in disc for the moment, showing `first` then `second` (the
/// face underneath; `None` when the viewer cannot know it).
#[allow(clippy::too_many_arguments)]
fn spawn_stand_in(
    commands: &mut Commands,
    images: &BoardImages,
    color: Side,
    first: Face,
    second: Option<Face>,
    size: f32,
    moment: Moment,
) {
    let id = commands
        .spawn((
            images.disc_sprite(face_color(color), size),
            Transform::from_xyz(moment.start.x, moment.start.y, 30.0),
            moment,
            Drawn,
            DespawnOnExit(Screen::Play),
        ))
        .id();
    let white = color == Side::White;
    let second_text = match second {
        Some(f) => figure_text(&f.letter().to_string(), white, size * 0.62),
        None => WorldText::new("?", size * 0.5, ink(color)).mono(),
    };
    let ring = spawn_ring(commands, images, SHOWN, size * 0.92);
    let a = commands
        .spawn((
            Side2(false),
            figure_text(&first.letter().to_string(), white, size * 0.62),
            Transform::from_xyz(0.0, 0.0, 0.3),
            Visibility::Inherited,
        ))
        .id();
    let b = commands
        .spawn((
            Side2(true),
            second_text,
            Transform::from_xyz(0.0, 0.0, 0.3),
            Visibility::Hidden,
        ))
        .id();
    commands.entity(id).add_children(&[ring, a, b]);
}

/// The verdict of a Reality Check, from the scenes before and after it.
pub fn verdict(prev: &Scene, scene: &Scene, from: Square, to: Square) -> Option<String> {
    let capturer = prev.piece(from)?;
    let victim = prev.piece(to)?;
    let removed =
        scene.removed[victim.color.index()].len() > prev.removed[victim.color.index()].len();
    let capturer_kind = scene.piece(to).and_then(|p| p.kind);
    let what = if removed {
        "both true: the captured piece leaves play for good".to_owned()
    } else if matches!(scene.phase, Phase::Claim { .. }) && scene.to_move == victim.color {
        format!(
            "the captured piece goes back to {}'s hand, which is full: take it or refuse it",
            side_name(victim.color)
        )
    } else {
        format!(
            "the captured piece goes back to {}'s hand",
            side_name(victim.color)
        )
    };
    let back = match capturer_kind {
        Some(k) if !k.is_true() => "; the capturer turns back",
        _ => "",
    };
    let _ = capturer;
    Some(format!("Reality Check: {what}{back}."))
}

/// The verdict in a few words, for the table (the panel has it in full).
fn short_verdict(full: &str) -> String {
    let what = if full.contains("for good") {
        "Both true: removed for good"
    } else if full.contains("take it or refuse") {
        "Back to hand: take or refuse"
    } else {
        "Back to hand"
    };
    if full.contains("turns back") {
        format!("{what}; the capturer turns back")
    } else {
        what.to_owned()
    }
}

/// The Reality Check as a moment of its own: stand-ins of both pieces rise
/// above the square, turn over in public, and after the verdict the
/// capturer (turning back if it is not true) goes down to the square while
/// the captured piece leaves play or goes to its owner's hand.
#[allow(clippy::too_many_arguments)]
pub(super) fn reality_check_moment(
    commands: &mut Commands,
    images: &BoardImages,
    layout: &BoardLayout,
    prev: &Scene,
    scene: &Scene,
    (from, to): (Square, Square),
    d: f32,
    capturer_entity: Option<Entity>,
    hands: &[Vec<Entity>; 2],
    verdict: Option<String>,
) {
    let (Some(capturer), Some(victim)) = (prev.piece(from), prev.piece(to)) else {
        return;
    };
    let s = layout.spacing;
    let size = s * 0.86;
    let step = d * 1.2;
    let total = step * MOMENT_STEPS;
    let square_at = layout.cell_to_world(cell(to));
    let above = square_at + Vec2::new(0.0, s * 0.75);
    let after = scene.piece(to);
    let capturer_kind = after.and_then(|p| p.kind).or(capturer.kind);
    let removed =
        scene.removed[victim.color.index()].len() > prev.removed[victim.color.index()].len();
    // Both saw it turned over, also when it goes back to a hand.
    let victim_kind = victim.kind.or(scene.checked).or_else(|| {
        removed
            .then(|| scene.removed[victim.color.index()].last().copied())
            .flatten()
    });
    let hand = &hands[victim.color.index()];
    let grew = scene.hand_counts[victim.color.index()] > prev.hand_counts[victim.color.index()];
    let victim_end = if removed {
        None
    } else if grew {
        Some(hand_position(
            layout,
            victim.color,
            hand.len().saturating_sub(1),
        ))
    } else {
        // Waiting for take or refuse: it stays beside its hand.
        Some(hand_position(layout, victim.color, hand.len()))
    };
    spawn_stand_in(
        commands,
        images,
        capturer.color,
        capturer.up,
        capturer_kind.map(|k| k.other(capturer.up)),
        size,
        Moment {
            start: layout.cell_to_world(cell(from)),
            top: above - Vec2::new(s * 0.5, 0.0),
            end: Some(square_at),
            turn_back: capturer_kind.is_none_or(|k| !k.is_true()),
            step,
            elapsed: 0.0,
        },
    );
    spawn_stand_in(
        commands,
        images,
        victim.color,
        victim.up,
        victim_kind.map(|k| k.other(victim.up)),
        size,
        Moment {
            start: square_at,
            top: above + Vec2::new(s * 0.5, 0.0),
            end: victim_end,
            turn_back: false,
            step,
            elapsed: 0.0,
        },
    );
    // The real pieces show once the moment is over.
    if let Some(e) = capturer_entity {
        commands
            .entity(e)
            .insert((HiddenFor(total), Visibility::Hidden));
    }
    if grew && let Some(e) = hand.last() {
        commands
            .entity(*e)
            .insert((HiddenFor(total), Visibility::Hidden));
    }
    if let Some(words) = verdict.map(|v| short_verdict(&v)) {
        // Above the pieces, kept on the table.
        let y = (above.y + s * 0.75).min(layout.center.y + s * 3.6);
        let at = Vec2::new(layout.center.x, y);
        let e = spawn_text(commands, words, 26.0, Color::srgb(0.75, 0.05, 0.05), at);
        commands.entity(e).insert((
            Shown {
                from: step * 2.0,
                until: total + step,
                elapsed: 0.0,
            },
            Visibility::Hidden,
            Transform::from_xyz(at.x, at.y, 40.0),
        ));
    }
    // The turn-over and the verdict are heard when they come.
    for (cue, at) in [(Cue::Flip, step * 1.5), (Cue::Verdict, step * 2.0)] {
        commands.spawn((LaterCue(cue, at), Drawn, DespawnOnExit(Screen::Play)));
    }
    // The referee waits for the whole moment (the kit counts slides).
    commands.spawn((
        Slide::new(Vec2::ZERO, Vec2::ZERO, total + step, 0.0),
        Transform::default(),
        Drawn,
        DespawnOnExit(Screen::Play),
    ));
}
