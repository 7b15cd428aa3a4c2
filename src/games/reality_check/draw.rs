//! The table: the diamond (or advanced) board as a board, the two-faced
//! discs, the hands beside the board with their limits, the markers of
//! what may be clicked, the dice; and the animations of each change — a
//! slide, a flip (the disc turns over), a drop from hand, and the Reality
//! Check as a moment of its own (both pieces rise and turn over in public,
//! then the verdict).

use bevy::prelude::*;
use veil_reality_check::{Action, Color as Side, Face, Kind, Layout, Phase, RealityCheck, Square};

use super::input::RcUi;
use super::{Scene, Written, cell, parse_line, side_name};
use crate::kit::anim::{Flip, PieceColors, Slide};
use crate::kit::board::{
    BoardGeometry, BoardImages, BoardLayout, BoardUi, Cell, Glyph, GridKind, Identity, Owner, Piece,
};
use crate::kit::figures::figure_text;
use crate::kit::settings::Settings;
use crate::kit::sound::Cue;
use crate::kit::theme::{EBONY, EBONY_INK, IVORY, IVORY_INK};
use crate::kit::world_text::WorldText;
use crate::table::Screen;
use crate::table::referee::{Match, Viewer};
use crate::table::view::{BoardParts, Redrawing};

/// Root of the board's art (placed, so its squares are drawn in place).
#[derive(Component)]
#[require(Transform, Visibility)]
pub struct RcBoard;

/// A disc on the board as the viewer sees it: its side, the face up, and
/// the face underneath when the viewer knows it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Disc {
    pub color: Side,
    pub up: Face,
    pub under: Option<Face>,
    /// Both faces were shown to both players.
    pub public: bool,
}

/// A disc in a hand beside the board; `kind` only for the viewer's own.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandDisc {
    pub owner: u8,
    pub slot: u8,
    pub kind: Option<Kind>,
}

/// Everything redrawn with the pieces (hands, labels, dice, stand-ins).
#[derive(Component)]
pub struct Drawn;

/// The markers of what the viewer may click now.
#[derive(Component)]
pub struct Marker;

/// The die shown on the table, with the number it shows.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Die(pub u8);

/// The view's memory: the last scene drawn and the move list's length then.
#[derive(Resource, Default)]
pub struct ViewState {
    pub scene: Option<Scene>,
    pub log_len: usize,
    /// The last Reality Check's verdict, in words, until the next action.
    pub verdict: Option<String>,
}

const TRUE_RING: Color = Color::srgb(0.9, 0.68, 0.12);
pub(super) const SHOWN: Color = Color::srgb(0.93, 0.45, 0.1);
const FRAME: Color = Color::srgb(0.3, 0.17, 0.08);
const LIGHT: Color = Color::srgb(0.92, 0.82, 0.63);
const DARK: Color = Color::srgb(0.66, 0.47, 0.3);

pub(super) fn face_color(side: Side) -> Color {
    match side {
        Side::White => IVORY,
        Side::Black => EBONY,
    }
}

pub(super) fn ink(side: Side) -> Color {
    match side {
        Side::White => IVORY_INK,
        Side::Black => EBONY_INK,
    }
}

pub fn geometry(layout: Layout) -> BoardGeometry {
    let ranks = layout.ranks();
    BoardGeometry {
        files: 7,
        ranks,
        kind: GridKind::Squares,
        river: None,
        palaces: Vec::new(),
        marks: Vec::new(),
        file_labels: (0..7).map(|f| ((b'a' + f) as char).to_string()).collect(),
        rank_labels: (1..=ranks).map(|r| r.to_string()).collect(),
    }
}

pub fn board_layout(layout: Layout, flipped: bool) -> BoardLayout {
    let spacing = match layout {
        Layout::Basic => 82.0,
        Layout::Advanced => 96.0,
    };
    let mut l = BoardLayout::new(geometry(layout), spacing);
    l.center = Vec2::new(-70.0, -5.0);
    l.flipped = flipped;
    l
}

/// The board: only its 39 squares, each in a dark frame, so the diamond
/// (or the advanced board's shape with its holes) shows as it is; home
/// squares tinted by their side; coordinates along the grid.
pub fn spawn_art(commands: &mut Commands, layout: &BoardLayout, shape: Layout) -> Entity {
    let s = layout.spacing;
    let root = commands.spawn((RcBoard, DespawnOnExit(Screen::Play))).id();
    let mut children = Vec::new();
    for sq in veil_reality_check::squares(shape.squares()) {
        let at = layout.cell_to_world(cell(sq));
        children.push(
            commands
                .spawn((
                    Sprite::from_color(FRAME, Vec2::splat(s * 1.16)),
                    Transform::from_xyz(at.x, at.y, -11.0),
                ))
                .id(),
        );
        let mut color = if (sq.file() + sq.rank()) % 2 == 0 {
            DARK
        } else {
            LIGHT
        };
        if shape.home(Side::White) & sq.bit() != 0 {
            color = color.mix(&Color::srgb(1.0, 1.0, 1.0), 0.25);
        } else if shape.home(Side::Black) & sq.bit() != 0 {
            color = color.mix(&Color::srgb(0.2, 0.15, 0.1), 0.25);
        }
        children.push(
            commands
                .spawn((
                    Sprite::from_color(color, Vec2::splat(s * 0.985)),
                    Transform::from_xyz(at.x, at.y, -10.0),
                ))
                .id(),
        );
    }
    let g = &layout.geometry;
    let label = |commands: &mut Commands, text: String, at: Vec2| {
        commands
            .spawn((
                WorldText::new(text, 17.0, Color::srgb(0.88, 0.8, 0.64).with_alpha(0.8)),
                Transform::from_xyz(at.x, at.y, -8.0),
            ))
            .id()
    };
    for f in 0..g.files {
        // Below the lowest square of the file, whichever way up.
        let lowest = (0..g.ranks)
            .filter_map(|r| Square::new(f, r).filter(|sq| shape.contains(*sq)))
            .map(|sq| layout.cell_to_world(cell(sq)))
            .min_by(|a, b| a.y.total_cmp(&b.y));
        if let Some(at) = lowest {
            children.push(label(
                commands,
                ((b'a' + f) as char).to_string(),
                at - Vec2::new(0.0, s * 0.72),
            ));
        }
    }
    for r in 0..g.ranks {
        let leftmost = (0..g.files)
            .filter_map(|f| Square::new(f, r).filter(|sq| shape.contains(*sq)))
            .map(|sq| layout.cell_to_world(cell(sq)))
            .min_by(|a, b| a.x.total_cmp(&b.x));
        if let Some(at) = leftmost {
            children.push(label(
                commands,
                (r + 1).to_string(),
                at - Vec2::new(s * 0.72, 0.0),
            ));
        }
    }
    commands.entity(root).add_children(&children);
    root
}

pub fn enter_play(
    mut commands: Commands,
    m: Option<Res<Match<RealityCheck>>>,
    setup: Res<crate::table::setup::MatchSetup>,
    settings: Res<Settings>,
    viewer: Res<Viewer>,
    mut view: ResMut<ViewState>,
    mut ui: ResMut<BoardUi>,
    mut rc: ResMut<RcUi>,
) {
    *view = ViewState::default();
    *ui = BoardUi::default();
    *rc = RcUi::default();
    // The prepared match (the demo) may arrive a moment later: its options
    // are the setup's.
    let shape = match m {
        Some(m) => m.observe(viewer.0).options.board,
        None => setup.options::<RealityCheck>().board,
    };
    let layout = board_layout(shape, settings.orientation.flipped(viewer.0.0));
    spawn_art(&mut commands, &layout, shape);
    commands.insert_resource(layout);
}

/// Where a hand's slot lies: beside the board, each hand on its owner's
/// side (the viewer's at the bottom unless the board is turned).
pub fn hand_position(layout: &BoardLayout, owner: Side, slot: usize) -> Vec2 {
    let s = layout.spacing;
    let g = &layout.geometry;
    let left = layout.center.x - (g.files as f32 / 2.0 + 0.9) * s;
    let own_rank = if owner == Side::White { 0 } else { g.ranks - 1 };
    let edge = layout.cell_to_world(Cell::new(3, own_rank)).y;
    let toward = if edge < layout.center.y { 1.0 } else { -1.0 };
    let col = (slot / 4) as f32;
    let row = (slot % 4) as f32;
    Vec2::new(
        left - col * s * 0.85,
        edge + toward * (row * s * 0.85 + s * 0.1),
    )
}

/// Spawns a two-faced disc: the face up in large letters, the face
/// underneath small beneath it when the viewer knows it, on an orange chip
/// when both players know it; a gold ring on a piece known to be true.
pub fn spawn_disc(
    commands: &mut Commands,
    images: &BoardImages,
    color: Side,
    up: Face,
    kind: Option<Kind>,
    public: bool,
    at: Vec2,
    size: f32,
) -> Entity {
    let under = kind.map(|k| k.other(up));
    let id = commands
        .spawn((
            images.disc_sprite(face_color(color), size),
            Transform::from_xyz(at.x, at.y, 1.0),
            Owner(color.index() as u8),
            PieceColors {
                face: face_color(color),
                back: face_color(color),
                face_up: true,
            },
            Disc {
                color,
                up,
                under,
                public,
            },
            DespawnOnExit(Screen::Play),
        ))
        .id();
    let ring_color = mark_known_kind(commands, id, kind, color);
    let mut children = vec![
        spawn_ring(commands, images, ring_color, size * 0.9),
        commands
            .spawn((
                Glyph,
                figure_text(&up.letter().to_string(), color == Side::White, size * 0.56),
                Transform::from_xyz(0.0, size * 0.12, 0.3),
            ))
            .id(),
    ];
    if let Some(under) = under {
        if public {
            children.push(
                commands
                    .spawn((
                        Glyph,
                        images.disc_sprite(SHOWN, size * 0.38),
                        Transform::from_xyz(0.0, -size * 0.3, 0.2),
                    ))
                    .id(),
            );
        }
        children.push(
            commands
                .spawn((
                    Glyph,
                    figure_text(
                        &under.letter().to_string(),
                        color == Side::White,
                        // A third of the disc: readable at 800 × 600
                        // (it was about 8 pixels there).
                        size * 0.34,
                    ),
                    Transform::from_xyz(0.0, -size * 0.3, 0.3),
                ))
                .id(),
        );
    }
    commands.entity(id).add_children(&children);
    id
}

fn spawn_hand_disc(
    commands: &mut Commands,
    images: &BoardImages,
    owner: Side,
    slot: usize,
    kind: Option<Kind>,
    at: Vec2,
    size: f32,
) -> Entity {
    let text = match kind {
        Some(k) => figure_text(&super::kind_text(k, None), owner == Side::White, size * 0.4),
        None => WorldText::new("?", size * 0.34, ink(owner)).mono(),
    };
    let id = commands
        .spawn((
            images.disc_sprite(face_color(owner), size),
            Transform::from_xyz(at.x, at.y, 1.0),
            Owner(owner.index() as u8),
            HandDisc {
                owner: owner.index() as u8,
                slot: slot as u8,
                kind,
            },
            Drawn,
            DespawnOnExit(Screen::Play),
        ))
        .id();
    let ring_color = mark_known_kind(commands, id, kind, owner);
    let ring = spawn_ring(commands, images, ring_color, size * 0.9);
    let letters = commands
        .spawn((text, Transform::from_xyz(0.0, 0.0, 0.3)))
        .id();
    commands.entity(id).add_children(&[ring, letters]);
    id
}

pub(super) fn spawn_text(
    commands: &mut Commands,
    text: String,
    size: f32,
    color: Color,
    at: Vec2,
) -> Entity {
    commands
        .spawn((
            WorldText::new(text, size, color),
            Transform::from_xyz(at.x, at.y, 5.0),
            Drawn,
            DespawnOnExit(Screen::Play),
        ))
        .id()
}

/// What the move list's newest line says happened, with the squares the
/// board shows for it.
fn last_pair(line: Option<&String>) -> Option<(Cell, Cell)> {
    match parse_line(line?)? {
        Written::Act(
            Action::Move { from, to }
            | Action::Capture { from, to }
            | Action::Check { from, to }
            | Action::Retreat { from, to },
        ) => Some((cell(from), cell(to))),
        Written::Drop { to, .. } => Some((cell(to), cell(to))),
        Written::Act(Action::Flip(sq)) => Some((cell(sq), cell(sq))),
        _ => None,
    }
}

/// Redraws the pieces, hands and labels whenever the game, the viewer, the
/// orientation or the privacy screen changed, animating the difference.
pub fn refresh_view(
    mut table: Redrawing<Or<(With<Disc>, With<Drawn>)>>,
    mut board: BoardParts<RcBoard>,
    m: Res<Match<RealityCheck>>,
    mut view: ResMut<ViewState>,
    mut rc: ResMut<RcUi>,
) {
    let hint = m.hint.and_then(|a| match a {
        Action::Move { from, to }
        | Action::Capture { from, to }
        | Action::Check { from, to }
        | Action::Retreat { from, to } => Some((cell(from), cell(to))),
        Action::Drop { to, .. } | Action::Place { to, .. } => Some((cell(to), cell(to))),
        Action::Flip(sq) | Action::RemoveFromBoard(sq) => Some((cell(sq), cell(sq))),
        _ => None,
    });
    if !board.open(&mut table, hint) {
        return;
    }
    let obs = m.observe(table.viewer.0);
    if table.redraw.flip_changed || board.layout.flipped != table.redraw.flipped {
        board.clear_art(&mut table.commands);
        *board.layout = board_layout(obs.options.board, table.redraw.flipped);
        spawn_art(&mut table.commands, &board.layout, obs.options.board);
    }
    if table.redraw.hidden {
        // Nobody's pieces while the device changes hands.
        *board.ui = BoardUi::default();
        rc.clear();
        view.scene = None;
        view.verdict = None;
        return;
    }
    let scene = Scene::from_view(&obs);
    let log = m.log();
    let previous = view.scene.take().filter(|_| table.redraw.animate());
    let new_line = (log.len() > view.log_len).then(|| log.last()).flatten();
    let last = new_line.and_then(|l| parse_line(l));
    view.log_len = log.len();
    if table.redraw.new_version {
        rc.clear();
        view.verdict = None;
    }
    let step = table.settings.animation.seconds();
    let s = board.layout.spacing;
    let size = s * 0.86;
    let animate = previous.is_some() && last.is_some();
    let mut spawned = Vec::new();
    for (sq, seen) in &scene.board {
        let at = board.layout.cell_to_world(cell(*sq));
        let e = spawn_disc(
            &mut table.commands,
            &table.images,
            seen.color,
            seen.up,
            seen.kind,
            seen.public,
            at,
            size,
        );
        table.commands.entity(e).insert(Piece {
            cell: Some(cell(*sq)),
        });
        spawned.push((*sq, e));
    }
    let entity_at = |sq: Square| spawned.iter().find(|(s, _)| *s == sq).map(|(_, e)| *e);
    // Hands beside the board, with their limits.
    let mut hand_entities: [Vec<Entity>; 2] = [Vec::new(), Vec::new()];
    for side in Side::BOTH {
        let n = scene.hand_counts[side.index()] as usize;
        for slot in 0..n {
            let kind = if side == scene.viewer_side() {
                scene.hand.get(slot).copied()
            } else {
                None
            };
            let at = hand_position(&board.layout, side, slot);
            let e = spawn_hand_disc(
                &mut table.commands,
                &table.images,
                side,
                slot,
                kind,
                at,
                s * 0.72,
            );
            hand_entities[side.index()].push(e);
        }
        if !scene.setup() {
            let limit = scene.hand_limits[side.index()];
            let over = n > limit;
            let base = hand_position(&board.layout, side, 0);
            let toward = if base.y < board.layout.center.y {
                -1.0
            } else {
                1.0
            };
            let at = base + Vec2::new(0.0, toward * s * 0.62);
            let words = format!("{} hand {n}/{limit}", side_name(side));
            // Light ink: the hands lie on the dark table, off the board.
            let color = if over {
                Color::srgb(1.0, 0.35, 0.25)
            } else {
                Color::srgb(0.88, 0.8, 0.64)
            };
            spawn_text(&mut table.commands, words, 17.0, color, at);
            if scene.must_drop(side) {
                spawn_text(
                    &mut table.commands,
                    "Obligatory drop!".into(),
                    19.0,
                    Color::srgb(0.85, 0.1, 0.05),
                    at + Vec2::new(0.0, toward * s * 0.3),
                );
            }
        }
    }
    // The dice rolled on the table.
    if let Phase::Flip { die: Some(d), .. } = scene.phase {
        // Between the two hands, left of the board.
        let at = Vec2::new(
            hand_position(&board.layout, Side::White, 0).x,
            board.layout.center.y,
        );
        let die = table
            .commands
            .spawn((
                Die(d),
                Sprite::from_color(Color::srgb(0.97, 0.97, 0.95), Vec2::splat(s * 0.7)),
                Transform::from_xyz(at.x, at.y, 5.0),
                Drawn,
                DespawnOnExit(Screen::Play),
            ))
            .id();
        let num = table
            .commands
            .spawn((
                WorldText::new(d.to_string(), s * 0.45, Color::srgb(0.1, 0.1, 0.1)).mono(),
                Transform::from_xyz(0.0, 0.0, 0.1),
            ))
            .id();
        table.commands.entity(die).add_child(num);
        let meaning = match d {
            1..=4 => format!("a piece with {} up", ["P", "N", "B", "R"][d as usize - 1]),
            5 => format!("a {} piece", side_name(scene.to_move)),
            _ => format!("a {} piece", side_name(scene.to_move.other())),
        };
        spawn_text(
            &mut table.commands,
            meaning,
            16.0,
            FRAME,
            at - Vec2::new(0.0, s * 0.6),
        );
        let rolled = previous.as_ref().is_some_and(|p| p.phase != scene.phase);
        if let (true, Some(d)) = (rolled, step) {
            table.commands.entity(die).insert(crate::kit::anim::Appear {
                delay: 0.0,
                duration: d,
                elapsed: 0.0,
            });
        }
    }
    // Animate the newest action and say it.
    if let (true, Some(prev), Some(last)) = (animate, previous.as_ref(), last) {
        match last {
            Written::Act(
                Action::Move { from, to }
                | Action::Capture { from, to }
                | Action::Retreat { from, to },
            ) => {
                if let (Some(e), Some(d)) = (entity_at(to), step) {
                    let a = board.layout.cell_to_world(cell(from));
                    let b = board.layout.cell_to_world(cell(to));
                    table.commands.entity(e).insert(Slide::new(a, b, d, 0.0));
                }
                let captured = !matches!(last, Written::Act(Action::Move { .. }));
                if captured {
                    if let Some(victim) = prev.piece(to) {
                        let hand = &hand_entities[victim.color.index()];
                        let grew = scene.hand_counts[victim.color.index()]
                            > prev.hand_counts[victim.color.index()];
                        if let (true, Some(e), Some(d)) = (grew, hand.last(), step) {
                            let at = hand_position(&board.layout, victim.color, hand.len() - 1);
                            let from = board.layout.cell_to_world(cell(to));
                            table
                                .commands
                                .entity(*e)
                                .insert(Slide::new(from, at, d, d * 0.5));
                        }
                    }
                }
                table
                    .cues
                    .write(if captured { Cue::Capture } else { Cue::Move });
            }
            Written::Act(Action::Check { from, to }) => {
                // The declaration now; with animations, the turn-over and
                // the verdict when the moment shows them.
                table.cues.write(Cue::Check);
                if step.is_none() {
                    table.cues.write(Cue::Flip);
                    table.cues.write(Cue::Verdict);
                }
                view.verdict = super::moment::verdict(prev, &scene, from, to);
                if let Some(d) = step {
                    super::moment::reality_check_moment(
                        &mut table.commands,
                        &table.images,
                        &board.layout,
                        prev,
                        &scene,
                        (from, to),
                        d,
                        entity_at(to),
                        &hand_entities,
                        view.verdict.clone(),
                    );
                }
            }
            Written::Act(Action::Flip(sq)) => {
                table.cues.write(Cue::Flip);
                if let (Some(e), Some(d)) = (entity_at(sq), step) {
                    table.commands.entity(e).insert(Flip {
                        delay: 0.0,
                        duration: d * 1.4,
                        elapsed: 0.0,
                    });
                }
            }
            Written::Act(Action::Memory(a, b)) => {
                table.cues.write(Cue::Flip);
                for sq in [a, b] {
                    if let (Some(e), Some(d)) = (entity_at(sq), step) {
                        table.commands.entity(e).insert(Flip {
                            delay: 0.0,
                            duration: d * 1.4,
                            elapsed: 0.0,
                        });
                    }
                }
            }
            Written::Drop { to, .. } => {
                table.cues.write(Cue::Move);
                if let (Some(e), Some(d), Some(p)) = (entity_at(to), step, scene.piece(to)) {
                    let n = prev.hand_counts[p.color.index()] as usize;
                    let a = hand_position(&board.layout, p.color, n.saturating_sub(1));
                    let b = board.layout.cell_to_world(cell(to));
                    table.commands.entity(e).insert(Slide::new(a, b, d, 0.0));
                }
            }
            Written::Act(Action::Take | Action::Refuse) => {
                table.cues.write(Cue::Move);
            }
            Written::Act(
                Action::RemoveFromBoard(_) | Action::RemoveFromHand(_) | Action::RemoveUnseen,
            ) => {
                table.cues.write(Cue::Capture);
            }
            _ => {}
        }
    }
    if table.redraw.replay {
        table.cues.write(Cue::Move);
    }
    let moves: Vec<(Cell, Cell)> = scene
        .legal
        .iter()
        .filter_map(|a| match *a {
            Action::Move { from, to }
            | Action::Capture { from, to }
            | Action::Check { from, to }
            | Action::Retreat { from, to } => Some((cell(from), cell(to))),
            _ => None,
        })
        .fold(Vec::new(), |mut v, p| {
            if !v.contains(&p) {
                v.push(p);
            }
            v
        });
    let mine = m.seat_kind(table.viewer.0).is_human() && m.to_act() == Some(table.viewer.0);
    let keep = board
        .ui
        .selected
        .filter(|c| moves.iter().any(|(f, _)| f == c) && mine);
    *board.ui = BoardUi {
        hover: board.ui.hover,
        cursor: board.ui.cursor,
        selected: if table.redraw.new_version { None } else { keep },
        moves: if mine { moves } else { Vec::new() },
        last_move: last_pair(log.last()),
        check: None,
        hint,
    };
    view.scene = Some(scene);
}

/// Marks what the viewer may click now: pieces that may be flipped, empty
/// drop or setup squares (the drop targets), the square or capture being
/// decided, the pieces picked for a Memory action, the locked pieces.
pub fn markers(
    mut commands: Commands,
    view: Res<ViewState>,
    rc: Res<RcUi>,
    layout: Option<Res<BoardLayout>>,
    images: Res<BoardImages>,
    old: Query<Entity, With<Marker>>,
    hands: Query<(&HandDisc, &Transform, &Sprite)>,
) {
    let Some(layout) = layout else { return };
    if !view.is_changed() && !rc.is_changed() && !layout.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(scene) = &view.scene else { return };
    let s = layout.spacing;
    let mut mark = |sq: Square, color: Color, size: f32, ring: bool| {
        let at = layout.cell_to_world(cell(sq));
        commands.spawn((
            Marker,
            Sprite {
                image: if ring {
                    images.ring.clone()
                } else {
                    images.disc.clone()
                },
                color,
                custom_size: Some(Vec2::splat(s * size)),
                ..default()
            },
            Transform::from_xyz(at.x, at.y, if ring { 6.5 } else { -5.0 }),
            DespawnOnExit(Screen::Play),
        ));
    };
    let mut drop_targets = Vec::new();
    let mut flips = Vec::new();
    for a in &scene.legal {
        match *a {
            Action::Drop { kind, .. } if rc.held.is_some_and(|h| h != kind) => {}
            Action::Place { to, .. } | Action::Drop { to, .. } => {
                if !drop_targets.contains(&to) {
                    drop_targets.push(to);
                }
            }
            Action::Flip(sq) | Action::RemoveFromBoard(sq) => flips.push(sq),
            _ => {}
        }
    }
    let obligatory = scene.must_drop(scene.viewer_side());
    for sq in drop_targets {
        let color = if obligatory {
            Color::srgba(0.9, 0.15, 0.05, 0.55)
        } else {
            Color::srgba(0.1, 0.55, 0.85, 0.45)
        };
        mark(sq, color, 0.5, false);
    }
    for sq in flips {
        mark(sq, Color::srgba(0.95, 0.75, 0.05, 0.95), 1.02, true);
    }
    for sq in &scene.locked {
        if scene.piece(*sq).is_some() && !scene.setup() {
            mark(*sq, Color::srgba(0.4, 0.4, 0.45, 0.9), 1.05, true);
        }
    }
    if let Some(sq) = rc.picked {
        mark(sq, Color::srgba(0.1, 0.4, 1.0, 0.95), 1.02, true);
    }
    if let Some((from, to)) = rc.capture {
        mark(from, Color::srgba(0.1, 0.75, 0.2, 0.95), 1.0, true);
        mark(to, Color::srgba(0.9, 0.1, 0.05, 0.95), 1.04, true);
    }
    if let Some(Some(sq)) = rc.memory {
        mark(sq, Color::srgba(0.6, 0.2, 0.9, 0.95), 1.04, true);
    }
    // The piece held from the hand.
    let mine = scene.viewer_side().index() as u8;
    let held = hands
        .iter()
        .find(|(d, _, _)| d.owner == mine && d.kind.is_some() && d.kind == rc.held);
    if let Some((_, at, sprite)) = held {
        let size = sprite.custom_size.map_or(s, |v| v.x) * 1.12;
        commands.spawn((
            Marker,
            images.ring_sprite(Color::srgba(0.1, 0.4, 1.0, 0.95), size),
            Transform::from_xyz(at.translation.x, at.translation.y, 6.5),
            DespawnOnExit(Screen::Play),
        ));
    }
}

/// Tags a disc whose kind the viewer knows with its identity; the colour of
/// its ring (gold for a true piece).
fn mark_known_kind(
    commands: &mut Commands,
    disc: Entity,
    kind: Option<Kind>,
    color: Side,
) -> Color {
    if let Some(k) = kind {
        commands.entity(disc).insert(Identity(k.to_string()));
    }
    if kind.is_some_and(|k| k.is_true()) {
        TRUE_RING
    } else {
        ink(color).with_alpha(0.55)
    }
}

/// The ring around a disc, `diameter` across, a child to add to it.
pub(super) fn spawn_ring(
    commands: &mut Commands,
    images: &BoardImages,
    color: Color,
    diameter: f32,
) -> Entity {
    commands
        .spawn((
            Sprite {
                image: images.ring.clone(),
                color,
                custom_size: Some(Vec2::splat(diameter)),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, 0.1),
        ))
        .id()
}
