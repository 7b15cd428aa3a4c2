//! Drawing Skelly: the chalk court on asphalt, the caps from the viewer's
//! observation, the shot's flight frame by frame, the aim line and the
//! strength meter.

use bevy::prelude::*;
use veil_core::Turn;
use veil_skelly::court::{self, BOXES, CAP_RADIUS, QUADRANTS};
use veil_skelly::physics::DT;
use veil_skelly::{Point, Shot, Skelly, SkellyView, Target, Trajectory};

use super::input::{Aim, aim_shot};
use super::{CAP_COLORS, Scene, SeenCap, ViewState, plate_label};
use crate::kit::anim::{Slide, Vanish};
use crate::kit::board::BoardImages;
use crate::kit::settings::Settings;
use crate::kit::sound::Cue;
use crate::kit::world_text::WorldText;
use crate::table::Screen;
use crate::table::referee::{Match, Viewer};
use crate::table::view::{Drawn, Redrawing};

/// World pixels per court unit.
pub const SCALE: f32 = 14.0;
/// Where the court's centre lies in the world (left of the side panel).
pub const CENTER: Vec2 = Vec2::new(-160.0, -18.0);
/// The table area every view is laid out for (see `start_match`).
pub const TABLE: Vec2 = Vec2::new(1240.0, 900.0);

/// A court point in the world.
pub fn court_to_world(p: Point) -> Vec2 {
    CENTER + Vec2::new(p.x as f32, p.y as f32) * SCALE
}

/// A world point on the court.
pub fn world_to_court(v: Vec2) -> Point {
    let c = (v - CENTER) / SCALE;
    Point::new(f64::from(c.x), f64::from(c.y))
}

/// World units per window pixel with the table's projection (at least the
/// table area in view, whatever the window's shape).
fn units_per_pixel(window: Vec2) -> f32 {
    (TABLE.x / window.x.max(1.0)).max(TABLE.y / window.y.max(1.0))
}

/// A window position (logical pixels from the top left) in the world, for
/// a camera at the origin with the table's projection.
pub fn window_to_world(pos: Vec2, window: Vec2) -> Vec2 {
    let s = units_per_pixel(window);
    Vec2::new((pos.x - window.x / 2.0) * s, (window.y / 2.0 - pos.y) * s)
}

/// The window position of a court point (the inverse of
/// [`window_to_world`] after [`court_to_world`]).
pub fn court_to_window(p: Point, window: Vec2) -> Vec2 {
    let w = court_to_world(p);
    let s = units_per_pixel(window);
    Vec2::new(w.x / s + window.x / 2.0, window.y / 2.0 - w.y / s)
}

const ASPHALT: Color = Color::srgb(0.19, 0.19, 0.2);
const CHALK: Color = Color::srgba(0.93, 0.93, 0.88, 0.85);
const CHALK_HAZE: Color = Color::srgba(0.93, 0.93, 0.88, 0.18);

/// The court's art (asphalt, chalk, numbers).
#[derive(Component)]
#[require(Transform, Visibility)]
pub struct CourtArt;

/// A cap on the court: its seat.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CapBody {
    pub seat: u8,
}

/// A cap in play as the observation has it (what tests compare).
#[derive(Component, Clone, Debug, PartialEq)]
pub struct CapState(pub SeenCap);

/// A cap eliminated by the shot being shown: drawn until its flight ends.
#[derive(Component)]
pub struct GhostCap;

/// The plate's words (child of a cap).
#[derive(Component)]
pub struct Plate;

/// The killer's badge (child of a cap).
#[derive(Component)]
pub struct KillerBadge;

/// The trapped mark (child of a cap).
#[derive(Component)]
pub struct TrappedMark;

/// The ring round the cap to shoot.
#[derive(Component)]
pub struct ShooterHalo;

/// The glow over the shooter's target.
#[derive(Component)]
pub struct TargetGlow;

/// The aim: the line the cap would slide along and where it would stop.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub enum AimPart {
    /// Cap to pointer, the slingshot's band.
    Band,
    /// The line of the shot, as long as a free slide.
    Line,
    /// Where a free slide stops.
    Stop,
    /// The hint's line.
    HintLine,
    /// The strength meter's fill and its frame.
    MeterFill,
    MeterFrame,
}

/// What the last shot did, shown over the court for a while once the caps
/// have stopped.
#[derive(Component)]
pub struct Banner {
    /// Seconds before it shows (the flight).
    pub delay: f32,
    /// Seconds it stays.
    pub left: f32,
}

/// A shot's animation in the making.
#[derive(Clone, Debug, PartialEq)]
pub struct FlightPlan {
    pub trajectory: Trajectory,
    /// Where each seat's cap lies once the rules are done (`None`: out).
    pub rest: Vec<Option<Point>>,
}

/// The shot being shown: the trajectory's frames one after another at
/// their own pace (1/120 s each at normal speed), then the caps the rules
/// moved slide to their places. A kit `Slide` on the same entity keeps
/// `Animating` true meanwhile.
#[derive(Component)]
pub struct Flight {
    pub plan: FlightPlan,
    /// Seconds of the trajectory's own time shown so far.
    pub elapsed: f32,
    /// Trajectory seconds per real second.
    pub speed: f32,
    pub clicks: usize,
    pub next_scrape: f32,
}

/// Seconds (of trajectory time) the caps the rules moved take to slide.
const SETTLE: f32 = 0.35;

impl Flight {
    fn traj_seconds(&self) -> f32 {
        (self.plan.trajectory.frames().saturating_sub(1)) as f32 * DT as f32
    }
}

pub fn enter_play(
    mut commands: Commands,
    images: Res<BoardImages>,
    mut view: ResMut<ViewState>,
    mut aim: ResMut<Aim>,
) {
    *view = ViewState::default();
    *aim = Aim::default();
    spawn_court(&mut commands, &images);
    let hidden = |commands: &mut Commands, part: AimPart, sprite: Sprite, z: f32| {
        commands.spawn((
            part,
            sprite,
            Transform::from_xyz(0.0, 0.0, z),
            Visibility::Hidden,
            DespawnOnExit(Screen::Play),
        ));
    };
    hidden(
        &mut commands,
        AimPart::Band,
        Sprite::from_color(Color::WHITE, Vec2::ONE),
        5.0,
    );
    hidden(
        &mut commands,
        AimPart::Line,
        Sprite::from_color(Color::srgba(1.0, 1.0, 1.0, 0.75), Vec2::ONE),
        -4.0,
    );
    hidden(
        &mut commands,
        AimPart::HintLine,
        Sprite::from_color(Color::srgba(1.0, 0.85, 0.2, 0.7), Vec2::ONE),
        -4.5,
    );
    hidden(
        &mut commands,
        AimPart::Stop,
        images.ring_sprite(Color::srgba(1.0, 1.0, 1.0, 0.8), 2.0 * SCALE),
        -4.0,
    );
    let meter_x = CENTER.x + (court::HALF as f32 + 2.6) * SCALE;
    hidden(
        &mut commands,
        AimPart::MeterFrame,
        Sprite::from_color(Color::srgba(0.0, 0.0, 0.0, 0.6), Vec2::new(22.0, 404.0)),
        -3.0,
    );
    hidden(
        &mut commands,
        AimPart::MeterFill,
        Sprite::from_color(Color::WHITE, Vec2::new(16.0, 1.0)),
        -2.9,
    );
    commands.spawn((
        ShooterHalo,
        images.ring_sprite(Color::srgba(1.0, 1.0, 1.0, 0.9), 3.0 * SCALE),
        Transform::from_xyz(meter_x, 0.0, 0.5),
        Visibility::Hidden,
        DespawnOnExit(Screen::Play),
    ));
    commands.spawn((
        TargetGlow,
        Sprite::from_color(Color::srgba(1.0, 1.0, 1.0, 0.0), Vec2::ONE),
        Transform::from_xyz(0.0, 0.0, -15.0),
        Visibility::Hidden,
        DespawnOnExit(Screen::Play),
    ));
}

/// A tiny deterministic noise for the asphalt's grit and the chalk's wear.
fn noise(i: u32) -> f32 {
    let mut x = i.wrapping_mul(0x9E37_79B9).wrapping_add(0x7F4A_7C15);
    x ^= x >> 15;
    x = x.wrapping_mul(0x2C1B_3C6D);
    x ^= x >> 12;
    (x & 0xFFFF) as f32 / 65535.0
}

/// The court: asphalt with grit, chalk lines (each a few strokes of
/// slightly varying strength over a haze), box numbers, quadrant names.
fn spawn_court(commands: &mut Commands, images: &BoardImages) {
    let root = commands.spawn((CourtArt, DespawnOnExit(Screen::Play))).id();
    let mut children = Vec::new();
    let side = (2.0 * court::HALF as f32 + 4.0) * SCALE;
    children.push(
        commands
            .spawn((
                Sprite::from_color(ASPHALT, Vec2::splat(side)),
                Transform::from_xyz(CENTER.x, CENTER.y, -20.0),
            ))
            .id(),
    );
    // Grit: light and dark flecks.
    for i in 0..420u32 {
        let x = (noise(i * 3) - 0.5) * side;
        let y = (noise(i * 3 + 1) - 0.5) * side;
        let v = noise(i * 3 + 2);
        let shade = if v > 0.5 {
            0.34 + v * 0.12
        } else {
            0.1 + v * 0.1
        };
        children.push(
            commands
                .spawn((
                    images.disc_sprite(Color::srgba(shade, shade, shade, 0.7), 2.0 + v * 3.0),
                    Transform::from_xyz(CENTER.x + x, CENTER.y + y, -19.5),
                ))
                .id(),
        );
    }
    // The dead box round box 13, worn darker by the caps that stopped there.
    let (d, b) = (court::DEAD_BOX_HALF, court::BOX_HALF);
    for (min, max) in [
        ((-d, -d), (d, -b)),
        ((-d, b), (d, d)),
        ((-d, -b), (-b, b)),
        ((b, -b), (d, b)),
    ] {
        let lo = court_to_world(Point::new(min.0, min.1));
        let hi = court_to_world(Point::new(max.0, max.1));
        let c = (lo + hi) / 2.0;
        children.push(
            commands
                .spawn((
                    Sprite::from_color(Color::srgba(0.4, 0.07, 0.07, 0.25), hi - lo),
                    Transform::from_xyz(c.x, c.y, -19.0),
                ))
                .id(),
        );
    }
    let mut k = 0u32;
    let mut line = |commands: &mut Commands, a: Point, b: Point, out: &mut Vec<Entity>| {
        let (a, b) = (court_to_world(a), court_to_world(b));
        let d = b - a;
        let angle = d.y.atan2(d.x);
        let len = d.length();
        // The haze, then strokes of a few units each, a little uneven.
        let mid = (a + b) / 2.0;
        out.push(
            commands
                .spawn((
                    Sprite::from_color(CHALK_HAZE, Vec2::new(len + 6.0, 7.0)),
                    Transform::from_xyz(mid.x, mid.y, -18.5)
                        .with_rotation(Quat::from_rotation_z(angle)),
                ))
                .id(),
        );
        let pieces = (len / 40.0).ceil().max(1.0) as usize;
        for p in 0..pieces {
            k += 1;
            let t0 = p as f32 / pieces as f32;
            let t1 = (p + 1) as f32 / pieces as f32;
            let c = a + d * ((t0 + t1) / 2.0);
            let wobble = (noise(k) - 0.5) * 1.2;
            let normal = Vec2::new(-d.y, d.x).normalize_or_zero() * wobble;
            let alpha = 0.62 + 0.3 * noise(k + 9000);
            out.push(
                commands
                    .spawn((
                        Sprite::from_color(
                            CHALK.with_alpha(alpha),
                            Vec2::new(len / pieces as f32 + 1.5, 3.0 + noise(k + 500)),
                        ),
                        Transform::from_xyz(c.x + normal.x, c.y + normal.y, -18.0)
                            .with_rotation(Quat::from_rotation_z(angle)),
                    ))
                    .id(),
            );
        }
    };
    for (a, b) in court::chalk_lines() {
        line(commands, a, b, &mut children);
    }
    // Box numbers in each box's top left corner (words are painted above
    // the caps, so they keep out of the middle where caps rest).
    for (i, c) in BOXES.iter().enumerate() {
        let at = court_to_world(Point::new(c.x - 1.9, c.y + 1.9));
        children.push(
            commands
                .spawn((
                    WorldText::new((i + 1).to_string(), 17.0, CHALK),
                    Transform::from_xyz(at.x, at.y, -17.0),
                ))
                .id(),
        );
    }
    for (q, r) in QUADRANTS.iter().enumerate() {
        let c = r.centre();
        let at = court_to_world(Point::new(c.x * 1.78, c.y * 1.78));
        children.push(
            commands
                .spawn((
                    WorldText::new(format!("Q{}", q + 1), 15.0, CHALK.with_alpha(0.7)),
                    Transform::from_xyz(at.x, at.y, -17.0),
                ))
                .id(),
        );
    }
    let dead = court_to_world(Point::new(0.0, court::DEAD_BOX_HALF + 0.9));
    children.push(
        commands
            .spawn((
                WorldText::new("DEAD BOX", 13.0, CHALK.with_alpha(0.75)),
                Transform::from_xyz(dead.x, dead.y, -17.0),
            ))
            .id(),
    );
    let start = court_to_world(Point::new(
        court::START_SPOTS[5].x + 5.5,
        court::START_SPOTS[0].y,
    ));
    children.push(
        commands
            .spawn((
                WorldText::new("START", 13.0, CHALK.with_alpha(0.75)),
                Transform::from_xyz(start.x, start.y, -17.0),
            ))
            .id(),
    );
    commands.entity(root).add_children(&children);
}

fn darker(c: Color, by: f32) -> Color {
    let s = c.to_srgba();
    Color::srgb(s.red * by, s.green * by, s.blue * by)
}

/// A bottle cap: a shadow, a crimped rim, the cap in its seat's colour, a
/// pale plate with its target, the killer's badge, the trapped mark.
fn spawn_cap(
    commands: &mut Commands,
    images: &BoardImages,
    cap: &SeenCap,
    at: Vec2,
    ghost: bool,
) -> Entity {
    let r = CAP_RADIUS as f32 * SCALE;
    let colour = CAP_COLORS[cap.seat as usize % 6];
    let mut e = commands.spawn((
        CapBody { seat: cap.seat },
        images.disc_sprite(colour, 2.0 * r * 0.9),
        Transform::from_xyz(at.x, at.y, 2.0),
        Visibility::default(),
        DespawnOnExit(Screen::Play),
    ));
    if ghost {
        e.insert(GhostCap);
    } else {
        e.insert(CapState(cap.clone()));
    }
    let id = e.id();
    let mut parts = Vec::new();
    let mut part = |commands: &mut Commands, sprite: Sprite, x: f32, y: f32, z: f32| {
        let p = commands.spawn((sprite, Transform::from_xyz(x, y, z))).id();
        parts.push(p);
        p
    };
    let disc = |c: Color, size: f32| images.disc_sprite(c, size);
    part(
        commands,
        disc(Color::srgba(0.0, 0.0, 0.0, 0.45), 2.2 * r),
        2.5,
        -2.5,
        -0.3,
    );
    // The crimped rim: a darker ring with teeth.
    part(commands, disc(darker(colour, 0.6), 2.0 * r), 0.0, 0.0, -0.2);
    for t in 0..18 {
        let a = t as f32 / 18.0 * std::f32::consts::TAU;
        part(
            commands,
            disc(darker(colour, 0.75), 0.42 * r),
            a.cos() * r * 0.9,
            a.sin() * r * 0.9,
            -0.1,
        );
    }
    part(
        commands,
        disc(Color::srgba(0.97, 0.95, 0.88, 1.0), 1.25 * r),
        0.0,
        0.0,
        0.1,
    );
    part(
        commands,
        disc(Color::srgba(1.0, 1.0, 1.0, 0.35), 0.5 * r),
        -0.35 * r,
        0.35 * r,
        0.15,
    );
    if cap.killer {
        let badge = part(
            commands,
            disc(Color::srgb(0.05, 0.05, 0.05), 0.95 * r),
            0.85 * r,
            0.85 * r,
            0.4,
        );
        let ring = commands
            .spawn((
                images.ring_sprite(Color::srgb(0.9, 0.1, 0.1), 0.95 * r),
                Transform::from_xyz(0.0, 0.0, 0.05),
            ))
            .id();
        let skull = commands
            .spawn((
                WorldText::new("☠", 0.8 * r, Color::WHITE),
                Transform::from_xyz(0.0, 0.0, 0.1),
            ))
            .id();
        commands
            .entity(badge)
            .insert(KillerBadge)
            .add_children(&[ring, skull]);
    }
    if cap.trapped {
        for angle in [0.785_f32, -0.785] {
            let bar = commands
                .spawn((
                    TrappedMark,
                    Sprite::from_color(
                        Color::srgba(0.1, 0.1, 0.1, 0.85),
                        Vec2::new(2.3 * r, 0.28 * r),
                    ),
                    Transform::from_xyz(0.0, 0.0, 0.3).with_rotation(Quat::from_rotation_z(angle)),
                ))
                .id();
            parts.push(bar);
        }
    }
    let ink = if cap.killer {
        Color::srgb(0.8, 0.05, 0.05)
    } else {
        darker(colour, 0.7)
    };
    let text = commands
        .spawn((
            Plate,
            WorldText::new(plate_label(cap.target), 0.95 * r, ink).mono(),
            Transform::from_xyz(0.0, 0.0, 0.2),
        ))
        .id();
    parts.push(text);
    commands.entity(id).add_children(&parts);
    id
}

fn speed_factor(settings: &Settings, replay: bool) -> Option<f32> {
    match settings.animation.seconds() {
        Some(s) => Some(0.3 / s),
        None if replay => Some(1.0),
        None => None,
    }
}

/// The flight from `prev` to `next`: the new observation's last shot
/// replayed on the previous observation's game, used only when it lands
/// exactly where the referee's game now is.
pub fn plan_flight(prev: &SkellyView, next: &SkellyView) -> Option<FlightPlan> {
    let report = next.game.last_shot()?;
    if prev.game.shots() + 1 != next.game.shots() {
        return None;
    }
    let mut game: Skelly = prev.game.clone();
    let trajectory = game.shoot(report.shot).ok()?;
    (game == next.game).then(|| FlightPlan {
        trajectory,
        rest: next.game.positions(),
    })
}

/// Redraws the caps whenever the game, the viewer or the privacy screen
/// changed; a new shot (or a replay) flies.
pub fn refresh_view(
    mut table: Redrawing<Or<(With<CapBody>, With<Flight>)>>,
    m: Option<Res<Match<Skelly>>>,
    mut view: ResMut<ViewState>,
    mut glow: Query<(&mut Sprite, &mut Transform, &mut Visibility), With<TargetGlow>>,
    banners: Query<Entity, With<Banner>>,
) {
    let Some(m) = m else {
        return;
    };
    if !table.redraw.needed {
        return;
    }
    table.clear();
    if table.redraw.hidden {
        view.scene = None;
        view.obs = None;
        return;
    }
    let obs = m.observe(table.viewer.0);
    let scene = Scene::from_view(&obs);
    let fresh = table.redraw.new_version && !table.redraw.undo && !table.redraw.first;
    let plan = if table.redraw.replay {
        view.last_flight.clone()
    } else if fresh {
        view.obs.as_ref().and_then(|prev| plan_flight(prev, &obs))
    } else {
        None
    };
    if fresh || table.redraw.undo {
        view.last_flight = plan.clone();
    }
    let flying = plan
        .as_ref()
        .and_then(|p| speed_factor(&table.settings, table.redraw.replay).map(|s| (p, s)));
    if let (true, Some(report)) = (fresh && plan.is_some(), scene.last.as_ref()) {
        for e in &banners {
            table.commands.entity(e).despawn();
        }
        let words: Vec<String> = report.events.iter().map(super::event_text).collect();
        let text = words.join("; ");
        let delay = flying.map_or(0.0, |(p, speed)| {
            (p.trajectory.frames() as f32 * DT as f32 + SETTLE) / speed
        });
        let at = court_to_world(Point::new(0.0, 15.0));
        let width = text.chars().count() as f32 * 9.5 + 24.0;
        let back = table
            .commands
            .spawn((
                Banner { delay, left: 2.5 },
                Sprite::from_color(Color::srgba(0.0, 0.0, 0.0, 0.72), Vec2::new(width, 30.0)),
                Transform::from_xyz(at.x, at.y, 30.0),
                Visibility::Hidden,
                DespawnOnExit(Screen::Play),
            ))
            .id();
        let words = table
            .commands
            .spawn((
                WorldText::new(text, 18.0, Color::WHITE),
                Transform::from_xyz(0.0, 0.0, 0.1),
            ))
            .id();
        table.commands.entity(back).add_child(words);
    }
    // While the shot flies the caps keep the looks they had before it (the
    // plates change when the caps have stopped: `fly` asks for a redraw).
    let before = view.obs.as_ref().map(Scene::from_view);
    for cap in &scene.caps {
        let Some(at) = cap.at else { continue };
        let (start, look) = match flying {
            Some((p, _)) if (cap.seat as usize) < p.trajectory.caps => {
                let old = before
                    .as_ref()
                    .and_then(|b| b.caps.get(cap.seat as usize))
                    .filter(|c| c.at.is_some() && !table.redraw.replay);
                (p.trajectory.frame(0)[cap.seat as usize], old.unwrap_or(cap))
            }
            _ => (at, cap),
        };
        spawn_cap(
            &mut table.commands,
            &table.images,
            look,
            court_to_world(start),
            false,
        );
    }
    if let Some((plan, speed)) = flying {
        // Caps the shot eliminates are shown until it is over.
        for cap in before.iter().flat_map(|p| p.caps.iter()) {
            let out_now = plan
                .rest
                .get(cap.seat as usize)
                .is_some_and(Option::is_none);
            if cap.at.is_some() && out_now && (cap.seat as usize) < plan.trajectory.caps {
                let start = plan.trajectory.frame(0)[cap.seat as usize];
                spawn_cap(
                    &mut table.commands,
                    &table.images,
                    cap,
                    court_to_world(start),
                    true,
                );
            }
        }
        let total = (plan.trajectory.frames() as f32 * DT as f32 + SETTLE) / speed;
        table.commands.spawn((
            Flight {
                plan: plan.clone(),
                elapsed: 0.0,
                speed,
                clicks: 0,
                next_scrape: 0.0,
            },
            Transform::default(),
            // Keeps `Animating` true; the flight itself ends it.
            Slide::new(Vec2::ZERO, Vec2::ZERO, total * 4.0 + 10.0, 0.0),
            DespawnOnExit(Screen::Play),
        ));
        table.cues.write(Cue::Move);
    } else if let Some(plan) = &plan {
        // Animations off: the flick and its clicks, at once.
        table.cues.write(Cue::Move);
        if !plan.trajectory.collisions.is_empty() {
            table.cues.write(Cue::Capture);
        }
    }
    // The shooter's target glows in its colour (once the caps are still).
    if let Ok((mut sprite, mut tf, mut vis)) = glow.single_mut() {
        let target = scene
            .shooter
            .filter(|_| flying.is_none())
            .and_then(|s| scene.caps[s as usize].target.map(|t| (s, t)));
        match target {
            Some((s, t)) => {
                let r = match t {
                    Target::Box(n) => court::numbered_box(n),
                    Target::Quadrant(q) => QUADRANTS[q as usize - 1],
                };
                let (a, b) = (court_to_world(r.min), court_to_world(r.max));
                sprite.color = CAP_COLORS[s as usize % 6].with_alpha(0.28);
                sprite.custom_size = Some(b - a);
                let c = (a + b) / 2.0;
                tf.translation = Vec3::new(c.x, c.y, -15.0);
                *vis = Visibility::Visible;
            }
            None => *vis = Visibility::Hidden,
        }
    }
    view.scene = Some(scene);
    view.obs = Some(obs);
}

/// Plays the flight: each frame of the trajectory in turn, a click on each
/// collision (louder ones only once per frame), a scrape now and then
/// while the caps slide; then the rules' moves; then done.
pub fn fly(
    mut commands: Commands,
    time: Res<Time>,
    mut drawn: ResMut<Drawn>,
    mut flights: Query<(Entity, &mut Flight)>,
    mut caps: Query<(&CapBody, &mut Transform, Has<GhostCap>, Entity)>,
    mut cues: MessageWriter<Cue>,
) {
    for (e, mut f) in &mut flights {
        f.elapsed += time.delta_secs() * f.speed;
        let t = f.traj_seconds();
        let traj = &f.plan.trajectory;
        let frames = traj.frames();
        if frames == 0 {
            commands.entity(e).despawn();
            continue;
        }
        let last = traj.frame(frames - 1).to_vec();
        let (positions, done): (Vec<Point>, bool) = if f.elapsed <= t {
            let i = ((f.elapsed / DT as f32) as usize).min(frames - 1);
            (traj.frame(i).to_vec(), false)
        } else {
            let s = ((f.elapsed - t) / SETTLE).clamp(0.0, 1.0);
            let s = s * s * (3.0 - 2.0 * s);
            let pos = last
                .iter()
                .enumerate()
                .map(|(i, p)| match f.plan.rest.get(i).copied().flatten() {
                    Some(r) => Point::new(
                        p.x + (r.x - p.x) * f64::from(s),
                        p.y + (r.y - p.y) * f64::from(s),
                    ),
                    None => *p,
                })
                .collect();
            (pos, s >= 1.0)
        };
        let step = (f.elapsed / DT as f32) as u32;
        let clicks = traj.collisions.iter().filter(|c| c.step < step).count();
        let i = (step as usize).min(frames - 1);
        let energy = traj.energy.get(i).copied().unwrap_or(0.0);
        if clicks > f.clicks {
            f.clicks = clicks;
            cues.write(Cue::Capture);
        }
        if f.elapsed <= t && energy > 2.0 && f.elapsed >= f.next_scrape {
            f.next_scrape = f.elapsed + 0.3;
            cues.write(Cue::Move);
        }
        for (body, mut tf, ghost, entity) in &mut caps {
            if let Some(p) = positions.get(body.seat as usize) {
                let w = court_to_world(*p);
                tf.translation.x = w.x;
                tf.translation.y = w.y;
            }
            if done && ghost {
                commands.entity(entity).insert(Vanish {
                    delay: 0.0,
                    duration: 0.3,
                    elapsed: 0.0,
                });
            }
        }
        if done {
            // The caps lie where the observation has them.
            for (body, mut tf, ghost, _) in &mut caps {
                if let (false, Some(Some(p))) = (ghost, f.plan.rest.get(body.seat as usize)) {
                    let w = court_to_world(*p);
                    tf.translation.x = w.x;
                    tf.translation.y = w.y;
                }
            }
            commands.entity(e).despawn();
            // Draw the table again as it now is: plates, badges, marks.
            drawn.0 = None;
        }
    }
}

/// The ring round the cap to shoot, breathing; hidden during a flight.
pub fn pulse_shooter(
    time: Res<Time>,
    m: Option<Res<Match<Skelly>>>,
    view: Res<ViewState>,
    flights: Query<(), With<Flight>>,
    caps: Query<(&CapBody, &Transform), (With<CapState>, Without<ShooterHalo>)>,
    mut halo: Query<(&mut Transform, &mut Visibility, &mut Sprite), With<ShooterHalo>>,
) {
    let Some(m) = m else {
        return;
    };
    let Ok((mut tf, mut vis, mut sprite)) = halo.single_mut() else {
        return;
    };
    let shooter = view.scene.as_ref().and_then(|s| s.shooter);
    let cap = shooter.and_then(|s| caps.iter().find(|(b, _)| b.seat == s));
    match cap {
        Some((body, at)) if flights.is_empty() && m.turn() != Turn::Over => {
            tf.translation = Vec3::new(at.translation.x, at.translation.y, 0.5);
            let s = 1.0 + 0.12 * (time.elapsed_secs() * 4.0).sin();
            tf.scale = Vec3::new(s, s, 1.0);
            sprite.color = CAP_COLORS[body.seat as usize % 6].mix(&Color::WHITE, 0.5);
            *vis = Visibility::Visible;
        }
        _ => *vis = Visibility::Hidden,
    }
}

/// The aim line, the band and the meter while the viewer aims; the hint's
/// line when one was asked for.
#[allow(clippy::too_many_arguments)]
pub fn show_aim(
    aim: Res<Aim>,
    m: Option<Res<Match<Skelly>>>,
    viewer: Res<Viewer>,
    view: Res<ViewState>,
    flights: Query<(), With<Flight>>,
    mut parts: Query<(&AimPart, &mut Transform, &mut Sprite, &mut Visibility)>,
) {
    let Some(m) = m else {
        return;
    };
    let scene = view.scene.as_ref();
    let mine = scene
        .filter(|s| s.shooter == Some(viewer.0.0) && flights.is_empty())
        .and_then(|s| s.caps[viewer.0.index()].at);
    let shot = mine.and_then(|from| aim_shot(&aim, from).map(|s| (from, s)));
    let hint = mine.and_then(|from| m.hint.map(|h| (from, h)));
    let colour = CAP_COLORS[viewer.0.index() % 6];
    let line = |tf: &mut Transform, sprite: &mut Sprite, a: Vec2, b: Vec2, width: f32, z: f32| {
        let d = b - a;
        let mid = (a + b) / 2.0;
        sprite.custom_size = Some(Vec2::new(d.length().max(1.0), width));
        *tf = Transform::from_xyz(mid.x, mid.y, z)
            .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x)));
    };
    // The line is at least a few units long, so the keyboard's aim shows
    // its direction before the meter fills.
    let line_end = |from: Point, s: Shot| {
        let d = veil_skelly::physics::direction(s.angle);
        let l = s.free_distance().max(5.0);
        Point::new(from.x + d.x * l, from.y + d.y * l)
    };
    let stop_of = |from: Point, s: Shot| {
        let d = veil_skelly::physics::direction(s.angle);
        let l = s.free_distance();
        Point::new(from.x + d.x * l, from.y + d.y * l)
    };
    let meter_x = CENTER.x + (court::HALF as f32 + 2.6) * SCALE;
    for (part, mut tf, mut sprite, mut vis) in &mut parts {
        let show = match (*part, shot, hint) {
            (AimPart::Band, Some((from, _)), _) => match aim.drag {
                Some(p) => {
                    line(
                        &mut tf,
                        &mut sprite,
                        court_to_world(from),
                        court_to_world(p),
                        4.0,
                        5.0,
                    );
                    sprite.color = colour.with_alpha(0.85);
                    true
                }
                None => false,
            },
            (AimPart::Line, Some((from, s)), _) => {
                line(
                    &mut tf,
                    &mut sprite,
                    court_to_world(from),
                    court_to_world(line_end(from, s)),
                    2.5,
                    -4.0,
                );
                true
            }
            (AimPart::Stop, Some((from, s)), _) => {
                let w = court_to_world(stop_of(from, s));
                tf.translation = Vec3::new(w.x, w.y, -4.0);
                true
            }
            (AimPart::HintLine, _, Some((from, s))) => {
                line(
                    &mut tf,
                    &mut sprite,
                    court_to_world(from),
                    court_to_world(stop_of(from, s)),
                    3.0,
                    -4.5,
                );
                true
            }
            (AimPart::MeterFrame, Some(_), _) => {
                tf.translation = Vec3::new(meter_x, CENTER.y, -3.0);
                true
            }
            (AimPart::MeterFill, Some((_, s)), _) => {
                let share = f32::from(s.strength) / f32::from(Shot::MAX_STRENGTH);
                let h = 400.0 * share;
                sprite.custom_size = Some(Vec2::new(16.0, h.max(1.0)));
                sprite.color = Color::srgb(0.2 + 0.8 * share, 0.85 - 0.6 * share, 0.2);
                tf.translation = Vec3::new(meter_x, CENTER.y - 200.0 + h / 2.0, -2.9);
                true
            }
            _ => false,
        };
        let want = if show {
            Visibility::Visible
        } else {
            Visibility::Hidden
        };
        if *vis != want {
            *vis = want;
        }
    }
}

/// Shows the last shot's banner once its flight is over, then takes it away.
pub fn banner(
    mut commands: Commands,
    time: Res<Time>,
    mut banners: Query<(Entity, &mut Banner, &mut Visibility)>,
) {
    for (e, mut b, mut vis) in &mut banners {
        let dt = time.delta_secs();
        if b.delay > 0.0 {
            b.delay -= dt;
            continue;
        }
        if *vis != Visibility::Visible {
            *vis = Visibility::Visible;
        }
        b.left -= dt;
        if b.left <= 0.0 {
            commands.entity(e).despawn();
        }
    }
}
