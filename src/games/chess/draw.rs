//! The chess table drawn from the viewer's observation: pieces, secret marks, the picks, and the animated difference with the last scene.

use super::*;

pub(super) fn face(owner: u8) -> Color {
    if owner == 0 { WHITE_FACE } else { BLACK_FACE }
}

pub(super) fn ink(owner: u8) -> Color {
    if owner == 0 { WHITE_INK } else { BLACK_INK }
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
        Sprite {
            image: images.disc.clone(),
            color: face(p.owner),
            custom_size: Some(Vec2::splat(size)),
            ..default()
        },
        Transform::from_xyz(at.x, at.y, 1.0),
        DespawnOnExit(Screen::Play),
    ));
    match cell {
        Some(c) => {
            e.insert((
                Piece { cell: Some(c) },
                Owner(p.owner),
                Identity(role_name(p.role).to_owned()),
            ));
        }
        None => {
            e.insert(Ghost);
        }
    }
    let id = e.id();
    let ring = commands
        .spawn((
            Sprite {
                image: images.ring.clone(),
                color: ink(p.owner).with_alpha(0.8),
                custom_size: Some(Vec2::splat(size * 0.86)),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, 0.1),
        ))
        .id();
    let g = commands
        .spawn((
            Glyph,
            figures::figure_text(&p.role.upper_char().to_string(), p.owner == 0, size * 0.72),
            Transform::from_xyz(0.0, 0.0, 0.2),
        ))
        .id();
    commands.entity(id).add_children(&[ring, g]);
    id
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
            Sprite {
                image: images.ring.clone(),
                color: GOLD.with_alpha(alpha),
                custom_size: Some(Vec2::splat(s * 1.02)),
                ..default()
            },
            Transform::from_xyz(at.x, at.y, 7.0),
            DespawnOnExit(Screen::Play),
        ))
        .id();
    let label = commands
        .spawn((
            WorldText::new(tag, s * 0.17, GOLD.with_alpha(alpha)),
            Transform::from_xyz(0.0, s * 0.38, 0.1),
        ))
        .id();
    commands.entity(id).add_child(label);
    id
}

/// Redraws the pieces and the viewer's secrets whenever the game, the
/// viewer, the orientation or the privacy screen changed, animating the
/// difference: slides, captures fading, and a King appearing with a shock
/// ring while the pieces it removes vanish.
pub(super) fn refresh_view<G: ChessGame>(
    mut commands: Commands,
    m: Res<Match<G>>,
    viewer: Res<Viewer>,
    settings: Res<Settings>,
    images: Res<BoardImages>,
    mut layout: ResMut<BoardLayout>,
    mut view: ResMut<ChessViewState>,
    mut input: ResMut<ChessInput<G>>,
    mut ui: ResMut<BoardUi>,
    redraw: Res<Redraw>,
    old: Query<Entity, Or<(With<Piece>, With<Ghost>, With<SecretMark>)>>,
    arts: Query<Entity, With<ChessBoard>>,
    mut cues: MessageWriter<Cue>,
) {
    let Redraw {
        hidden,
        replay,
        undo,
        same_viewer,
        new_version,
        ..
    } = *redraw;
    let hint = m.hint.and_then(G::action_cells);
    let art_tag = (ChessBoard, DespawnOnExit(Screen::Play));
    if !begin_board_redraw(
        &mut commands,
        &redraw,
        hint,
        &mut ui,
        &mut layout,
        &arts,
        art_tag,
        &old,
    ) {
        return;
    }
    if hidden || !same_viewer || undo {
        // Another person may be looking: no picks of the last one survive.
        input.clear();
    }
    if hidden {
        // Nobody's pieces or secrets while the device changes hands.
        *ui = BoardUi::default();
        view.scene = None;
        view.before = None;
        view.banner = None;
        return;
    }
    let obs = m.observe(viewer.0);
    let scene = G::scene(&obs);
    let previous = if replay {
        view.before.clone()
    } else {
        view.scene.take().filter(|_| redraw.animate())
    };
    if !replay {
        view.before = previous.clone();
    }
    // A replay is animated even with animations off.
    let duration = settings.animation.seconds().or(replay.then_some(0.4));
    let size = layout.spacing * 0.84;
    let mut entities = Vec::new();
    for (c, piece) in &scene.board {
        let at = layout.cell_to_world(*c);
        entities.push((
            *c,
            spawn_piece(&mut commands, &images, *piece, at, size, Some(*c)),
        ));
    }
    for (owner, mark) in &scene.secrets {
        let e = spawn_mark(
            &mut commands,
            &images,
            &layout,
            mark.cell(),
            mark.tag(),
            true,
        );
        commands.entity(e).insert((*mark, Owner(*owner)));
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
                        commands.entity(*e).insert(Slide::new(
                            layout.cell_to_world(from),
                            layout.cell_to_world(to),
                            d,
                            0.0,
                        ));
                    }
                    _ => {
                        if let Some(p) = prev.piece_at(from) {
                            let g = spawn_piece(
                                &mut commands,
                                &images,
                                p,
                                layout.cell_to_world(from),
                                size,
                                None,
                            );
                            commands.entity(g).insert((
                                Slide::new(
                                    layout.cell_to_world(from),
                                    layout.cell_to_world(to),
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
                    commands.entity(*e).insert(Slide::new(
                        layout.cell_to_world(rf),
                        layout.cell_to_world(rt),
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
                    &mut commands,
                    &images,
                    *p,
                    layout.cell_to_world(*c),
                    size,
                    None,
                );
                commands.entity(g).insert((
                    Transform::from_xyz(
                        layout.cell_to_world(*c).x,
                        layout.cell_to_world(*c).y,
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
                    commands.entity(*e).insert(Appear {
                        delay: d,
                        duration: d * 4.0,
                        elapsed: 0.0,
                    });
                }
                let at = layout.cell_to_world(*k);
                let reach = layout.spacing * if obs_atomic(&scene) { 4.0 } else { 2.6 };
                for (i, color) in [GOLD, Color::srgb(1.0, 0.35, 0.1)].into_iter().enumerate() {
                    commands.spawn((
                        Sprite {
                            image: images.ring.clone(),
                            color: color.with_alpha(0.0),
                            custom_size: Some(Vec2::splat(1.0)),
                            ..default()
                        },
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
            cues.write(Cue::Capture);
        } else {
            cues.write(Cue::Move);
        }
        if !appeared.is_empty() {
            cues.write(Cue::Flip);
        }
        if scene.check.is_some() {
            cues.write(Cue::Check);
        }
    }
    if new_version || replay {
        view.banner = appeared.first().map(|(owner, k)| {
            format!("{}'s King appears on {}!", side_name(*owner), cell_name(*k))
        });
    }
    // The viewer's actions and menu.
    let acting = m.seat_kind(viewer.0).is_human() && m.to_act() == Some(viewer.0);
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
    let keep_selected = ui.selected.filter(|s| moves.iter().any(|(f, _)| f == s));
    *ui = BoardUi {
        hover: ui.hover,
        cursor: ui.cursor,
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
