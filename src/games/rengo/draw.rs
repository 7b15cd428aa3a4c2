//! The Go table: a wooden board with lines, star points and coordinates;
//! stones with a slight shadow, dropped with a clack; captures lifted into
//! the prisoner bowls; the last move marked; four seat plates showing whose
//! turn it is, on which team; in counting, dead stones and the territory.

use bevy::prelude::*;
use veil_core::Seat;
use veil_go::{Color as Stone, Phase, Point, Rengo, RengoAction};

use crate::kit::anim::{Slide, Vanish};
use crate::kit::board::{BoardGeometry, BoardImages, BoardLayout, BoardUi, Cell, GridKind};
use crate::kit::sound::Cue;
use crate::kit::world_text::WorldText;
use crate::table::Screen;
use crate::table::referee::{Match, Viewer};
use crate::table::setup::SeatKind;
use crate::table::view::{BoardParts, Redraw, Redrawing};

use super::{Scene, ViewState, cell, point};
use crate::kit::theme::GOLD;

/// The board's centre and size in the 1240 × 900 table.
pub const BOARD_CENTER: Vec2 = Vec2::new(-190.0, -10.0);
pub const BOARD_EXTENT: f32 = 600.0;
/// The seat plates' and bowls' columns, left (Black) and right (White).
const COLUMN_X: [f32; 2] = [-560.0, 186.0];
const PLATE: Vec2 = Vec2::new(116.0, 132.0);

const WOOD: Color = Color::srgb(0.87, 0.69, 0.42);
const WOOD_EDGE: Color = Color::srgb(0.62, 0.43, 0.22);
const INK: Color = Color::srgb(0.18, 0.11, 0.05);

pub fn stone_color(c: Stone) -> Color {
    match c {
        Stone::Black => Color::srgb(0.07, 0.07, 0.09),
        Stone::White => Color::srgb(0.96, 0.95, 0.91),
    }
}

/// Root of the board art.
#[derive(Component)]
pub struct GoBoard;

/// Everything rebuilt at each redraw (stones, plates, bowls, marks).
#[derive(Component)]
pub struct Redrawn;

/// A stone on the board as drawn.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoneMark {
    pub point: Point,
    pub color: Stone,
    /// The seat that played it (`None`: a handicap stone).
    pub seat: Option<Seat>,
    /// Marked dead in counting.
    pub dead: bool,
}

/// A seat's plate beside the board.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatPlate {
    pub seat: Seat,
    /// The seat is to act (play, answer or count).
    pub to_act: bool,
}

/// A prisoner bowl: the stones `owner` captured.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bowl {
    pub owner: Stone,
    pub count: u32,
}

/// A point counted for `owner` in counting (the territory overlay).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TerritoryMark {
    pub point: Point,
    pub owner: Stone,
}

/// The mark on the last stone played.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastMark(pub Point);

/// The see-through stone where a click would play.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HoverStone(pub Point);

/// In counting: a ring on each stone of the group a click would mark.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HoverGroup(pub Point);

/// A captured stone on its way to a bowl.
#[derive(Component, Clone, Copy, Debug)]
pub struct Lifted;

/// A stone being set down: it shrinks from above the board to its place.
#[derive(Component, Clone, Copy, Debug)]
pub struct Dropping {
    pub duration: f32,
    pub elapsed: f32,
}

pub fn geometry(size: u8) -> BoardGeometry {
    BoardGeometry {
        files: size,
        ranks: size,
        kind: GridKind::Intersections,
        river: None,
        palaces: Vec::new(),
        marks: Vec::new(),
        file_labels: Vec::new(),
        rank_labels: Vec::new(),
    }
}

/// The star points of a board.
pub fn star_points(size: u8) -> Vec<Point> {
    let lines: Vec<u8> = match size {
        9 => vec![2, 6],
        13 => vec![3, 9],
        _ => vec![3, 9, 15],
    };
    let mut out = Vec::new();
    for &c in &lines {
        for &r in &lines {
            out.push(Point::new(c, r));
        }
    }
    if size == 9 || size == 13 {
        out.push(Point::new(size / 2, size / 2));
    }
    out
}

/// The letters of the columns (no I).
pub fn column_letter(col: u8) -> char {
    (b'A' + col + u8::from(col >= 8)) as char
}

/// Lays out the board for the match's size once play begins.
pub fn enter_play(
    mut commands: Commands,
    m: Res<Match<Rengo>>,
    viewer: Res<Viewer>,
    mut view: ResMut<ViewState>,
    mut ui: ResMut<BoardUi>,
) {
    *view = ViewState::default();
    *ui = BoardUi::default();
    let size = m.observe(viewer.0).game.position().size();
    let spacing = BOARD_EXTENT / (size as f32 + 1.0);
    let mut layout = BoardLayout::new(geometry(size), spacing);
    layout.center = BOARD_CENTER;
    let art = spawn_art(&mut commands, &layout);
    commands
        .entity(art)
        .insert((GoBoard, DespawnOnExit(Screen::Play)));
    commands.insert_resource(layout);
}

fn line(commands: &mut Commands, a: Vec2, b: Vec2, width: f32, z: f32, color: Color) -> Entity {
    let mid = (a + b) / 2.0;
    let d = b - a;
    let len = d.length() + width;
    commands
        .spawn((
            Sprite::from_color(color, Vec2::new(len, width)),
            Transform::from_xyz(mid.x, mid.y, z)
                .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x))),
        ))
        .id()
}

/// The wooden board: grain, lines, star points and coordinates.
fn spawn_art(commands: &mut Commands, layout: &BoardLayout) -> Entity {
    let size = layout.geometry.files;
    let s = layout.spacing;
    let ext = layout.extent().x;
    let c = layout.center;
    let root = commands
        .spawn((Transform::default(), Visibility::default()))
        .id();
    let mut children = vec![
        commands
            .spawn((
                Sprite::from_color(WOOD_EDGE, Vec2::splat(ext + 14.0)),
                Transform::from_xyz(c.x + 4.0, c.y - 5.0, -11.0),
            ))
            .id(),
        commands
            .spawn((
                Sprite::from_color(WOOD, Vec2::splat(ext)),
                Transform::from_xyz(c.x, c.y, -10.0),
            ))
            .id(),
    ];
    // The grain: faint bands across the board.
    for k in 0..23 {
        let y = c.y - ext / 2.0 + (k as f32 + 0.5) * ext / 23.0;
        let shade = ((k * 7919) % 5) as f32 / 5.0;
        let color = Color::srgba(0.55, 0.33, 0.12, 0.03 + 0.05 * shade);
        let h = ext / 23.0 * (0.3 + 0.5 * shade);
        children.push(
            commands
                .spawn((
                    Sprite::from_color(color, Vec2::new(ext, h)),
                    Transform::from_xyz(c.x, y, -9.8),
                ))
                .id(),
        );
    }
    let at = |col: u8, row: u8| layout.cell_to_world(Cell::new(col, row));
    let thin = (s * 0.03).max(1.3);
    for k in 0..size {
        let edge = k == 0 || k == size - 1;
        let w = if edge { thin * 1.8 } else { thin };
        children.push(line(commands, at(0, k), at(size - 1, k), w, -9.0, INK));
        children.push(line(commands, at(k, 0), at(k, size - 1), w, -9.0, INK));
    }
    for p in star_points(size) {
        let w = at(p.col, p.row);
        children.push(
            commands
                .spawn((
                    Sprite::from_color(INK, Vec2::splat(s * 0.14)),
                    Transform::from_xyz(w.x, w.y, -8.9)
                        .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_4)),
                ))
                .id(),
        );
    }
    let font = (s * 0.3).clamp(11.0, 18.0);
    let label_color = INK.with_alpha(0.75);
    for k in 0..size {
        let letter = column_letter(k).to_string();
        for (row, dy) in [(0, -0.62), (size - 1, 0.62)] {
            let w = at(k, row) + Vec2::new(0.0, dy * s);
            children.push(
                commands
                    .spawn((
                        WorldText::new(letter.clone(), font, label_color),
                        Transform::from_xyz(w.x, w.y, -8.0),
                    ))
                    .id(),
            );
        }
        let number = (k + 1).to_string();
        for (col, dx) in [(0, -0.62), (size - 1, 0.62)] {
            let w = at(col, k) + Vec2::new(dx * s, 0.0);
            children.push(
                commands
                    .spawn((
                        WorldText::new(number.clone(), font, label_color),
                        Transform::from_xyz(w.x, w.y, -8.0),
                    ))
                    .id(),
            );
        }
    }
    commands.entity(root).add_children(&children);
    root
}

/// Where a seat's plate stands: Black's team on the left, White's on the
/// right, the first of each team below its partner.
pub fn plate_position(seat: Seat) -> Vec2 {
    let x = COLUMN_X[seat.index() % 2];
    let y = if seat.0 < 2 { -200.0 } else { 190.0 };
    Vec2::new(x, y)
}

/// Where the bowl of the stones `owner` captured stands.
pub fn bowl_position(owner: Stone) -> Vec2 {
    Vec2::new(COLUMN_X[owner.index()], -5.0)
}

/// Spawns one stone (with its shadow and shine) at `at`, `d` across.
fn spawn_stone(
    commands: &mut Commands,
    images: &BoardImages,
    color: Stone,
    at: Vec2,
    d: f32,
    alpha: f32,
    z: f32,
) -> Entity {
    let stone = commands
        .spawn((
            images.disc_sprite(stone_color(color).with_alpha(alpha), d),
            Transform::from_xyz(at.x, at.y, z),
            DespawnOnExit(Screen::Play),
        ))
        .id();
    let shadow = commands
        .spawn((
            images.disc_sprite(Color::srgba(0.0, 0.0, 0.0, 0.32 * alpha), d * 1.02),
            Transform::from_xyz(d * 0.06, -d * 0.08, -0.05),
        ))
        .id();
    let shine_color = match color {
        Stone::Black => Color::srgba(1.0, 1.0, 1.0, 0.13 * alpha),
        Stone::White => Color::srgba(1.0, 1.0, 1.0, 0.7 * alpha),
    };
    let shine = commands
        .spawn((
            images.disc_sprite(shine_color, d * 0.38),
            Transform::from_xyz(-d * 0.17, d * 0.17, 0.02),
        ))
        .id();
    commands.entity(stone).add_children(&[shadow, shine]);
    if color == Stone::White {
        let rim = commands
            .spawn((
                images.ring_sprite(Color::srgba(0.45, 0.45, 0.42, 0.55 * alpha), d),
                Transform::from_xyz(0.0, 0.0, 0.01),
            ))
            .id();
        commands.entity(stone).add_child(rim);
    }
    stone
}

/// The offset of the `k`th prisoner in a bowl.
fn bowl_slot(k: usize) -> Vec2 {
    let angle = k as f32 * 2.399;
    let r = 9.0 + (k % 5) as f32 * 6.5;
    Vec2::new(angle.cos() * r, angle.sin() * r * 0.8)
}

/// The words on a seat's plate.
fn plate_lines(scene: &Scene, seat: Seat, kind: SeatKind, thinking: bool) -> [String; 3] {
    let who = match kind {
        SeatKind::Human if seat == scene.viewer => "you".to_owned(),
        SeatKind::Human => "person".to_owned(),
        // Two short lines' worth fit the plate; "computer · Beginner" on
        // one ran past it onto the board.
        SeatKind::Computer(level) => {
            format!("computer\n{}", crate::table::setup::level_name(level))
        }
        SeatKind::Online => "online".to_owned(),
    };
    let acting = scene.to_act == Some(seat);
    let status = match (&scene.phase, acting) {
        (_, false) => String::new(),
        (Phase::Play, true) if thinking => "thinking…".into(),
        (Phase::Play, true) => "TO PLAY".into(),
        (Phase::ResignQuestion { .. }, true) => "ANSWERS".into(),
        (Phase::Counting { .. }, true) => "COUNTS".into(),
        _ => String::new(),
    };
    let stones = scene.played.get(seat.index()).copied().unwrap_or(0);
    let plural = if stones == 1 { "" } else { "s" };
    [who, status, format!("{stones} stone{plural} played")]
}

/// Redraws stones, plates, bowls and marks whenever the game or the viewer
/// changed, animating the difference: the new stone drops, captured stones
/// are lifted into the capturer's bowl.
pub fn refresh_view(
    mut table: Redrawing<With<Redrawn>>,
    mut board: BoardParts<GoBoard>,
    m: Option<Res<Match<Rengo>>>,
    mut view: ResMut<ViewState>,
) {
    // The match ends (and goes) in this set: nothing more to draw then.
    let Some(m) = m else { return };
    let hint = m.hint.and_then(|a| match a {
        RengoAction::Play(p) => Some((cell(p), cell(p))),
        _ => None,
    });
    if !board.open(&mut table, hint) {
        return;
    }
    let obs = m.observe(table.viewer.0);
    let scene = Scene::from_view(&obs);
    if board.layout.geometry.files != scene.size {
        // A record of another size was loaded: a new board.
        board.clear_art(&mut table.commands);
        let spacing = BOARD_EXTENT / (scene.size as f32 + 1.0);
        let mut fresh = BoardLayout::new(geometry(scene.size), spacing);
        fresh.center = BOARD_CENTER;
        let e = spawn_art(&mut table.commands, &fresh);
        table
            .commands
            .entity(e)
            .insert((GoBoard, DespawnOnExit(Screen::Play)));
        *board.layout = fresh;
    }
    // Go hides nothing: the last scene may be animated into this one even
    // when the viewer changed (hot-seat passes the board at every move).
    let animate = !table.redraw.undo && !table.redraw.first && !table.redraw.hidden;
    let previous = view.scene.take().filter(|_| animate);
    let duration = table
        .settings
        .animation
        .seconds()
        .or(table.redraw.replay.then_some(0.35));
    let s = board.layout.spacing;
    let d = s * 0.94;
    let dead_now = |p: Point| scene.dead.binary_search(&p).is_ok();
    let new_stone = match &previous {
        Some(prev) if prev.last != scene.last => scene.last,
        _ if table.redraw.replay => scene.last,
        _ => None,
    };
    for &(p, color, seat) in &scene.stones {
        let at = board.layout.cell_to_world(cell(p));
        let dead = dead_now(p);
        let e = spawn_stone(
            &mut table.commands,
            &table.images,
            color,
            at,
            d,
            if dead { 0.45 } else { 1.0 },
            1.0,
        );
        table.commands.entity(e).insert((
            Redrawn,
            StoneMark {
                point: p,
                color,
                seat,
                dead,
            },
        ));
        if scene.seats == 4
            && let Some(seat) = seat
        {
            let text_color = match color {
                Stone::Black => Color::srgba(1.0, 1.0, 1.0, 0.45),
                Stone::White => Color::srgba(0.0, 0.0, 0.0, 0.4),
            };
            let numeral = table
                .commands
                .spawn((
                    WorldText::new(format!("{}", seat.0 / 2 + 1), d * 0.34, text_color),
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ))
                .id();
            table.commands.entity(e).add_child(numeral);
        }
        if dead {
            for angle in [0.785_f32, -0.785] {
                let x = table
                    .commands
                    .spawn((
                        Sprite::from_color(
                            Color::srgb(0.85, 0.12, 0.1),
                            Vec2::new(d * 0.7, d * 0.09),
                        ),
                        Transform::from_xyz(0.0, 0.0, 0.2)
                            .with_rotation(Quat::from_rotation_z(angle)),
                    ))
                    .id();
                table.commands.entity(e).add_child(x);
            }
        }
        if new_stone == Some(p)
            && let Some(t) = duration
        {
            table.commands.entity(e).insert((
                Dropping {
                    duration: t,
                    elapsed: 0.0,
                },
                // Keeps the table's `Animating` up while it drops.
                Slide::new(at, at, t, 0.0),
            ));
        }
    }
    // The last stone played.
    if let Some(p) = scene.last
        && scene.stone_at(p).is_some()
    {
        let at = board.layout.cell_to_world(cell(p));
        let color = match scene.stone_at(p) {
            Some(Stone::Black) => Color::srgb(0.95, 0.95, 0.95),
            _ => Color::srgb(0.1, 0.1, 0.1),
        };
        table.commands.spawn((
            Redrawn,
            LastMark(p),
            Sprite {
                image: table.images.ring.clone(),
                color,
                custom_size: Some(Vec2::splat(d * 0.48)),
                ..default()
            },
            Transform::from_xyz(at.x, at.y, 21.0),
            DespawnOnExit(Screen::Play),
        ));
    }
    // The territory overlay, in counting and at the end.
    if let Some(owner) = &scene.owner {
        for p in (0..scene.size).flat_map(|r| (0..scene.size).map(move |c| Point::new(c, r))) {
            let Some(o) = owner[p.row as usize * scene.size as usize + p.col as usize] else {
                continue;
            };
            let on = scene.stone_at(p);
            if on.is_some() && !dead_now(p) {
                continue;
            }
            let at = board.layout.cell_to_world(cell(p));
            table.commands.spawn((
                Redrawn,
                TerritoryMark { point: p, owner: o },
                Sprite::from_color(stone_color(o).with_alpha(0.88), Vec2::splat(s * 0.3)),
                Transform::from_xyz(at.x, at.y, 22.0),
                DespawnOnExit(Screen::Play),
            ));
        }
    }
    // Bowls: the stones each colour captured.
    for owner in [Stone::Black, Stone::White] {
        let count = scene.captures[owner.index()];
        let at = bowl_position(owner);
        let bowl = table
            .commands
            .spawn((
                Redrawn,
                Bowl { owner, count },
                table
                    .images
                    .disc_sprite(Color::srgb(0.42, 0.26, 0.12), 104.0),
                Transform::from_xyz(at.x, at.y, 0.5),
                DespawnOnExit(Screen::Play),
            ))
            .id();
        let inner = table
            .commands
            .spawn((
                table.images.disc_sprite(Color::srgb(0.6, 0.4, 0.2), 88.0),
                Transform::from_xyz(0.0, 0.0, 0.01),
            ))
            .id();
        table.commands.entity(bowl).add_child(inner);
        let prisoner = owner.opponent();
        for k in 0..count.min(24) as usize {
            let o = bowl_slot(k);
            let st = spawn_stone(
                &mut table.commands,
                &table.images,
                prisoner,
                Vec2::ZERO,
                22.0,
                1.0,
                0.0,
            );
            table.commands.entity(st).insert(Transform::from_xyz(
                o.x,
                o.y,
                0.02 + k as f32 * 0.001,
            ));
            table.commands.entity(bowl).add_child(st);
        }
        let bonus = scene.bonus[owner.index()];
        let mut lines = vec![format!("{count} prisoners")];
        if bonus > 0 {
            lines.push(format!("+ {bonus} penalty"));
        }
        for (k, words) in lines.into_iter().enumerate() {
            let label = table
                .commands
                .spawn((
                    WorldText::new(words, 14.0, Color::srgb(0.95, 0.92, 0.85)),
                    Transform::from_xyz(0.0, -66.0 - 17.0 * k as f32, 0.1),
                ))
                .id();
            table.commands.entity(bowl).add_child(label);
        }
    }
    // Captured stones fly from the board into the capturer's bowl.
    if let (Some(prev), Some(t)) = (&previous, duration) {
        for &(p, color, _) in &prev.stones {
            if scene.stone_at(p).is_some() {
                continue;
            }
            let from = board.layout.cell_to_world(cell(p));
            let to = bowl_position(color.opponent());
            let e = spawn_stone(&mut table.commands, &table.images, color, from, d, 1.0, 2.0);
            // Not `Redrawn`: it vanishes by itself once in the bowl.
            table.commands.entity(e).insert((
                Lifted,
                Slide::new(from, to, t * 1.2, t * 0.6),
                Vanish {
                    delay: t * 1.9,
                    duration: t * 0.4,
                    elapsed: 0.0,
                },
            ));
        }
    }
    // The seat plates.
    for seat in Seat::all(scene.seats) {
        let kind = m.seat_kind(seat);
        let to_act = scene.to_act == Some(seat);
        let at = plate_position(seat);
        let team_black = seat.0 % 2 == 0;
        let (bg, fg) = if team_black {
            (Color::srgb(0.13, 0.13, 0.15), Color::srgb(0.96, 0.96, 0.94))
        } else {
            (Color::srgb(0.93, 0.92, 0.88), Color::srgb(0.08, 0.08, 0.1))
        };
        let plate = table
            .commands
            .spawn((
                Redrawn,
                SeatPlate { seat, to_act },
                Sprite::from_color(bg, PLATE),
                Transform::from_xyz(at.x, at.y, 0.5),
                DespawnOnExit(Screen::Play),
            ))
            .id();
        let mut kids = Vec::new();
        // A frame: gold round the seat to act, a quiet one otherwise.
        let (frame, grow) = if to_act {
            (GOLD, 12.0)
        } else {
            (Color::srgb(0.45, 0.38, 0.3), 4.0)
        };
        kids.push(
            table
                .commands
                .spawn((
                    Sprite::from_color(frame, PLATE + Vec2::splat(grow)),
                    Transform::from_xyz(0.0, 0.0, -0.02),
                ))
                .id(),
        );
        let icon = spawn_stone(
            &mut table.commands,
            &table.images,
            if team_black {
                Stone::Black
            } else {
                Stone::White
            },
            Vec2::ZERO,
            26.0,
            1.0,
            0.0,
        );
        table
            .commands
            .entity(icon)
            .insert(Transform::from_xyz(-34.0, 40.0, 0.05));
        kids.push(icon);
        let thinking = to_act && matches!(kind, SeatKind::Computer(_));
        let [who, status, stones] = plate_lines(&scene, seat, kind, thinking);
        let name = super::seat_label(&obs.game, seat);
        let texts = [
            (name, 26.0, Vec2::new(12.0, 40.0), fg),
            (who, 13.0, Vec2::new(0.0, 12.0), fg),
            (
                status,
                17.0,
                Vec2::new(0.0, -14.0),
                if team_black {
                    GOLD
                } else {
                    Color::srgb(0.6, 0.35, 0.0)
                },
            ),
            (stones, 11.0, Vec2::new(0.0, -40.0), fg.with_alpha(0.75)),
        ];
        for (text, size, o, color) in texts {
            if text.is_empty() {
                continue;
            }
            kids.push(
                table
                    .commands
                    .spawn((
                        WorldText::new(text, size, color),
                        Transform::from_xyz(o.x, o.y, 0.1),
                    ))
                    .id(),
            );
        }
        table.commands.entity(plate).add_children(&kids);
    }
    // Sounds: the clack of a stone, the capture, the count.
    if let Some(prev) = &previous {
        if prev.last != scene.last && scene.last.is_some() {
            let captured = scene.captures.iter().sum::<u32>() > prev.captures.iter().sum::<u32>();
            table
                .cues
                .write(if captured { Cue::Capture } else { Cue::Move });
        }
        if prev.dead != scene.dead {
            table.cues.write(Cue::Flip);
        }
        if prev.last_said.len() < scene.last_said.len() {
            table.cues.write(Cue::Check);
        }
    } else if table.redraw.replay {
        table.cues.write(Cue::Move);
    }
    view.scene = Some(scene);
    view.legal.clear();
    veil_core::Game::legal_actions(
        &obs.game,
        veil_core::Actor::Seat(table.viewer.0),
        &mut view.legal,
    );
    view.obs = Some(obs);
}

/// The see-through stone under the pointer (or the keyboard cursor) where
/// the viewer may play.
#[allow(clippy::too_many_arguments)]
pub fn hover_stone(
    mut commands: Commands,
    m: Option<Res<Match<Rengo>>>,
    viewer: Res<Viewer>,
    ui: Res<BoardUi>,
    view: Res<ViewState>,
    layout: Res<BoardLayout>,
    images: Res<BoardImages>,
    redraw: Res<Redraw>,
    hovering: Query<(Entity, &HoverStone)>,
) {
    let Some(m) = m else { return };
    let human = m.seat_kind(viewer.0).is_human() && !m.is_thinking();
    let wanted = view.scene.as_ref().filter(|_| human).and_then(|scene| {
        let p = ui.hover.or(ui.cursor).map(point)?;
        (!redraw.hidden && scene.legal.contains(&p)).then(|| (p, viewer_color(scene)))
    });
    let current = hovering.iter().next();
    if current.map(|(_, h)| h.0) == wanted.map(|w| w.0) {
        return;
    }
    for (e, _) in &hovering {
        commands.entity(e).despawn();
    }
    if let Some((p, color)) = wanted {
        let at = layout.cell_to_world(cell(p));
        let e = spawn_stone(
            &mut commands,
            &images,
            color,
            at,
            layout.spacing * 0.94,
            0.5,
            3.0,
        );
        commands.entity(e).insert(HoverStone(p));
    }
}

/// In counting, the group under the pointer (or cursor) is ringed: the
/// stones a click marks dead or alive.
#[allow(clippy::too_many_arguments)]
pub fn hover_group(
    mut commands: Commands,
    m: Option<Res<Match<Rengo>>>,
    viewer: Res<Viewer>,
    ui: Res<BoardUi>,
    view: Res<ViewState>,
    layout: Res<BoardLayout>,
    images: Res<BoardImages>,
    shown: Query<(Entity, &HoverGroup)>,
    mut last: Local<Option<(Point, usize)>>,
) {
    let Some(m) = m else { return };
    let wanted = view.scene.as_ref().and_then(|scene| {
        let counting = matches!(scene.phase, Phase::Counting { .. });
        let mine = scene.to_act == Some(viewer.0) && m.seat_kind(viewer.0).is_human();
        let p = ui.hover.or(ui.cursor).map(point)?;
        (counting && mine && scene.stone_at(p).is_some()).then_some((p, scene.log_len))
    });
    if *last == wanted && (shown.iter().count() > 0) == wanted.is_some() {
        return;
    }
    *last = wanted;
    for (e, _) in &shown {
        commands.entity(e).despawn();
    }
    let Some((p, _)) = wanted else { return };
    let chain = m.observe(viewer.0).game.position().board().chain_at(p);
    for q in chain {
        let at = layout.cell_to_world(cell(q));
        commands.spawn((
            HoverGroup(q),
            images.ring_sprite(Color::srgba(0.95, 0.2, 0.15, 0.9), layout.spacing * 1.02),
            Transform::from_xyz(at.x, at.y, 23.0),
            DespawnOnExit(Screen::Play),
        ));
    }
}

/// The colour the viewer plays.
pub fn viewer_color(scene: &Scene) -> Stone {
    Rengo::color_of(scene.viewer)
}

/// The drop: a stone set down shrinks from a little above the board to its
/// size, its shadow closing in.
pub fn drop_stones(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Dropping, &mut Transform)>,
) {
    for (e, mut drop, mut tf) in &mut q {
        drop.elapsed += time.delta_secs();
        let t = (drop.elapsed / drop.duration.max(1e-3)).clamp(0.0, 1.0);
        // Falls fast, then a tiny bounce.
        let s = if t < 0.7 {
            1.3 - 0.32 * (t / 0.7) * (t / 0.7)
        } else {
            0.98 + 0.02 * ((t - 0.7) / 0.3)
        };
        tf.scale = Vec3::new(s, s, 1.0);
        if t >= 1.0 {
            tf.scale = Vec3::ONE;
            commands.entity(e).remove::<Dropping>();
        }
    }
}
