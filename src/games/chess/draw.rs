//! The chess table drawn from the viewer's observation: pieces, secret marks, the picks, and the animated difference with the last scene.

use super::*;

pub(super) fn face(owner: u8) -> Color {
    if owner == 0 { IVORY } else { EBONY }
}

pub(super) fn ink(owner: u8) -> Color {
    if owner == 0 { IVORY_INK } else { EBONY_INK }
}

/// A disc with a ring and the piece's figure; `piece` adds the components
/// of a board piece (a ghost gets none: it is only a picture).
pub(super) fn spawn_piece(
    commands: &mut Commands,
    images: &BoardImages,
    p: SeenPiece,
    at: Vec2,
    size: f32,
    cell: Option<Cell>,
) -> Entity {
    let mut e = commands.spawn((
        images.disc_sprite(face(p.owner), size),
        Transform::from_xyz(at.x, at.y, 1.0),
        DespawnOnExit(Screen::Play),
    ));
    match cell {
        Some(c) => {
            e.insert((
                Piece { cell: Some(c) },
                Owner(p.owner),
                Identity(p.role.name().to_owned()),
            ));
        }
        None => {
            e.insert(Ghost);
        }
    }
    let figure = figures::figure_text(&p.role.upper_char().to_string(), p.owner == 0, size * 0.72);
    e.with_children(|piece| {
        let rim = images.ring_sprite(ink(p.owner).with_alpha(0.8), size * 0.86);
        piece.spawn((rim, Transform::from_xyz(0.0, 0.0, 0.1)));
        piece.spawn((Glyph, figure, Transform::from_xyz(0.0, 0.0, 0.2)));
    });
    e.id()
}

/// A gold ring with a small tag on a cell: a secret the viewer may know, or
/// its pick in the making.
pub(super) fn spawn_mark(
    commands: &mut Commands,
    images: &BoardImages,
    layout: &BoardLayout,
    cell: Cell,
    tag: &str,
    strong: bool,
) -> Entity {
    let at = layout.cell_to_world(cell);
    let s = layout.spacing;
    let alpha = if strong { 1.0 } else { 0.6 };
    let id = commands
        .spawn((
            images.ring_sprite(GOLD.with_alpha(alpha), s * 1.02),
            Transform::from_xyz(at.x, at.y, 7.0),
            DespawnOnExit(Screen::Play),
        ))
        .id();
    // On a dark strip across the square's top, large enough to read at
    // 800 × 600 (gold on the pieces alone was nearly invisible).
    let strip = commands
        .spawn((
            Sprite::from_color(
                Color::srgba(0.05, 0.04, 0.02, 0.78 * alpha),
                Vec2::new(s * 1.16, s * 0.3),
            ),
            Transform::from_xyz(0.0, s * 0.36, 0.05),
        ))
        .id();
    let label = commands
        .spawn((
            WorldText::new(tag, s * 0.22, GOLD.with_alpha(alpha)),
            Transform::from_xyz(0.0, s * 0.36, 0.1),
        ))
        .id();
    commands.entity(id).add_children(&[strip, label]);
    id
}

/// Redraws the pieces and the viewer's secrets whenever the game, the
/// viewer, the orientation or the privacy screen changed, animating the
/// difference: slides, captures fading, and a King appearing with a shock
/// ring while the pieces it removes vanish.
/// What a chess table's drawing leaves, cleared before the next.
type ChessDrawn = Or<(With<Piece>, With<Ghost>, With<SecretMark>)>;

pub(super) fn refresh_view<G: ChessGame>(
    mut table: Redrawing<ChessDrawn>,
    mut board: BoardParts<ChessBoard>,
    m: Res<Match<G>>,
    mut view: ResMut<ChessViewState>,
    mut input: ResMut<ChessInput<G>>,
) {
    let hint = m.hint.and_then(G::action_cells);
    if !board.begin(&mut table, hint, (ChessBoard, DespawnOnExit(Screen::Play))) {
        return;
    }
    let Redraw {
        hidden,
        replay,
        undo,
        same_viewer,
        new_version,
        ..
    } = *table.redraw;
    if hidden || !same_viewer || undo {
        // Another person may be looking: no picks of the last one survive.
        input.clear();
    }
    if hidden {
        // Nobody's pieces or secrets while the device changes hands.
        *board.ui = BoardUi::default();
        view.scene = None;
        view.before = None;
        view.banner = None;
        return;
    }
    let obs = m.observe(table.viewer.0);
    let scene = G::scene(&obs);
    let previous = if replay {
        view.before.clone()
    } else {
        view.scene.take().filter(|_| table.redraw.animate())
    };
    if !replay {
        view.before = previous.clone();
    }
    // A replay is animated even with animations off.
    let duration = table.settings.animation.seconds().or(replay.then_some(0.4));
    let size = board.layout.spacing * 0.84;
    let mut entities = Vec::new();
    for (c, piece) in &scene.board {
        let at = board.layout.cell_to_world(*c);
        entities.push((
            *c,
            spawn_piece(
                &mut table.commands,
                &table.images,
                *piece,
                at,
                size,
                Some(*c),
            ),
        ));
    }
    for (owner, mark) in &scene.secrets {
        let e = spawn_mark(
            &mut table.commands,
            &table.images,
            &board.layout,
            mark.cell(),
            mark.tag(),
            true,
        );
        table.commands.entity(e).insert((*mark, Owner(*owner)));
    }
    let changed_move = previous
        .as_ref()
        .is_some_and(|p| p.history.len() != scene.history.len() || replay);
    let mut appeared = Vec::new();
    if let Some(prev) = previous.as_ref().filter(|_| changed_move) {
        for owner in 0..2u8 {
            if let Some(k) = scene.king_of(owner)
                && prev.king_of(owner).is_none()
            {
                appeared.push((owner, k));
            }
        }
        let mover = scene
            .last_move
            .and_then(|(from, _)| prev.piece_at(from))
            .map(|p| p.owner);
        let moved_to = scene
            .last_move
            .filter(|_| prev.last_move != scene.last_move || replay);
        if let Some(d) = duration {
            // The moving piece slides; if it did not survive (it took a
            // Secret King), a stand-in slides and fades.
            if let Some((from, to)) = moved_to {
                let survivor = scene.piece_at(to).filter(|p| Some(p.owner) == mover);
                match (survivor, entities.iter().find(|(c, _)| *c == to)) {
                    (Some(_), Some((_, e))) => {
                        table.commands.entity(*e).insert(Slide::new(
                            board.layout.cell_to_world(from),
                            board.layout.cell_to_world(to),
                            d,
                            0.0,
                        ));
                    }
                    _ => {
                        if let Some(p) = prev.piece_at(from) {
                            let g = spawn_piece(
                                &mut table.commands,
                                &table.images,
                                p,
                                board.layout.cell_to_world(from),
                                size,
                                None,
                            );
                            table.commands.entity(g).insert((
                                Slide::new(
                                    board.layout.cell_to_world(from),
                                    board.layout.cell_to_world(to),
                                    d,
                                    0.0,
                                ),
                                Vanish {
                                    delay: d * 1.5,
                                    duration: d * 2.0,
                                    elapsed: 0.0,
                                },
                            ));
                        }
                    }
                }
                if let Some((rf, rt)) = scene.castle_rook
                    && let Some((_, e)) = entities.iter().find(|(c, _)| *c == rt)
                {
                    table.commands.entity(*e).insert(Slide::new(
                        board.layout.cell_to_world(rf),
                        board.layout.cell_to_world(rt),
                        d,
                        0.0,
                    ));
                }
            }
            // Pieces that left the board fade where they stood: captures,
            // and everything an appearing King removed.
            let blast_delay = if appeared.is_empty() {
                d * 0.8
            } else {
                d * 1.2
            };
            for (c, p) in &prev.board {
                let slid_away = moved_to.is_some_and(|(from, _)| from == *c)
                    || scene.castle_rook.is_some_and(|(rf, _)| rf == *c);
                if slid_away || scene.piece_at(*c) == Some(*p) {
                    continue;
                }
                let g = spawn_piece(
                    &mut table.commands,
                    &table.images,
                    *p,
                    board.layout.cell_to_world(*c),
                    size,
                    None,
                );
                table.commands.entity(g).insert((
                    Transform::from_xyz(
                        board.layout.cell_to_world(*c).x,
                        board.layout.cell_to_world(*c).y,
                        0.8,
                    ),
                    Vanish {
                        delay: blast_delay,
                        duration: d * 2.5,
                        elapsed: 0.0,
                    },
                ));
            }
            // The dramatic part: the King grows out of its square with a
            // gold shock ring spreading from it.
            for (_, k) in &appeared {
                if let Some((_, e)) = entities.iter().find(|(c, _)| c == k) {
                    table.commands.entity(*e).insert(Appear {
                        delay: d,
                        duration: d * 4.0,
                        elapsed: 0.0,
                    });
                }
                let at = board.layout.cell_to_world(*k);
                let reach = board.layout.spacing * if obs_atomic(&scene) { 4.0 } else { 2.6 };
                for (i, color) in [GOLD, Color::srgb(1.0, 0.35, 0.1)].into_iter().enumerate() {
                    table.commands.spawn((
                        table.images.ring_sprite(color.with_alpha(0.0), 1.0),
                        Transform::from_xyz(at.x, at.y, 24.0),
                        Burst {
                            delay: d + i as f32 * d * 0.6,
                            duration: d * 3.5,
                            elapsed: 0.0,
                            reach,
                        },
                        DespawnOnExit(Screen::Play),
                    ));
                }
            }
        }
        // Sounds for the change just made.
        if prev.board.len() > scene.board.len() {
            table.cues.write(Cue::Capture);
        } else {
            table.cues.write(Cue::Move);
        }
        if !appeared.is_empty() {
            table.cues.write(Cue::Flip);
        }
        if scene.check.is_some() {
            table.cues.write(Cue::Check);
        }
    }
    if new_version || replay {
        view.banner = appeared.first().map(|(owner, k)| {
            format!("{}'s King appears on {}!", side_name(*owner), cell_name(*k))
        });
    }
    // The viewer's actions and menu.
    let acting = m.seat_kind(table.viewer.0).is_human() && m.to_act() == Some(table.viewer.0);
    input.actions = if acting {
        G::actions(&obs)
    } else {
        Actions::default()
    };
    input.setting_up = acting && scene.setting_up;
    if new_version {
        input.promotion.clear();
    }
    input.refresh(Some(&obs));
    let moves: Vec<(Cell, Cell)> = {
        let mut v: Vec<(Cell, Cell)> = input
            .actions
            .board
            .iter()
            .map(|(f, t, _, _)| (*f, *t))
            .collect();
        v.dedup();
        v
    };
    let keep_selected = board
        .ui
        .selected
        .filter(|s| moves.iter().any(|(f, _)| f == s));
    *board.ui = BoardUi {
        hover: board.ui.hover,
        cursor: board.ui.cursor,
        selected: keep_selected,
        moves,
        last_move: scene.last_move,
        check: scene.check,
        hint,
    };
    view.scene = Some(scene);
}

/// Atomic King blasts reach further: the scene says so among its notes.
pub(super) fn obs_atomic(scene: &Scene) -> bool {
    scene.notes.iter().any(|n| n.starts_with("Atomic King"))
}

/// Draws the viewer's secret picks in the making (before confirming).
pub(super) fn pick_marks<G: ChessGame>(
    mut commands: Commands,
    input: Res<ChessInput<G>>,
    layout: Option<Res<BoardLayout>>,
    images: Res<BoardImages>,
    viewer: Res<Viewer>,
    old: Query<Entity, With<PickMark>>,
) {
    let Some(layout) = layout else { return };
    if !input.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let picks = [
        (input.hiding, "hide here?"),
        (
            input.piece,
            if G::HIDES {
                "Informant?"
            } else {
                "Secret King?"
            },
        ),
    ];
    for (cell, tag) in picks {
        if let Some(c) = cell {
            let e = spawn_mark(&mut commands, &images, &layout, c, tag, false);
            commands.entity(e).insert((PickMark(c), Owner(viewer.0.0)));
        }
    }
}
