//! The Jieqi table drawn from the viewer's observation: pieces, trays, the check pulse, and the animated difference with the last scene.

use super::*;

pub(super) fn tray_position(layout: &BoardLayout, owner: u8, slot: usize) -> Vec2 {
    // Each side's lost pieces lie beside the board on that side's half.
    let bottom_owner = if layout.flipped { 1 } else { 0 };
    let s = layout.spacing;
    let left = layout.center.x - layout.extent().x / 2.0 - s * 0.55;
    let col = (slot / 8) as f32;
    let row = (slot % 8) as f32;
    let x = left - col * s * 0.62;
    let y0 = layout.center.y - layout.extent().y / 2.0 + s * 0.6;
    let y1 = layout.center.y + layout.extent().y / 2.0 - s * 0.6;
    if owner == bottom_owner {
        Vec2::new(x, y0 + row * s * 0.62)
    } else {
        Vec2::new(x, y1 - row * s * 0.62)
    }
}

pub(super) fn spawn_piece(
    commands: &mut Commands,
    images: &BoardImages,
    piece: SeenPiece,
    at: Vec2,
    size: f32,
    cell_or_tray: Result<Cell, InTray>,
    letters: bool,
) -> Entity {
    let face_up = piece.kind.is_some();
    let colors = PieceColors {
        face: FACE,
        back: back(piece.side),
        face_up,
    };
    let mut e = commands.spawn((
        images.disc_sprite(if face_up { FACE } else { colors.back }, size),
        Transform::from_xyz(at.x, at.y, 1.0),
        Owner(piece.side.index() as u8),
        colors,
        DespawnOnExit(Screen::Play),
    ));
    match cell_or_tray {
        Ok(c) => e.insert(Piece { cell: Some(c) }),
        Err(tray) => e.insert((Piece { cell: None }, tray)),
    };
    if let Some(kind) = piece.kind {
        e.insert(Identity(kind_name(kind).to_owned()));
    } else {
        e.insert(FaceDown);
    }
    let id = e.id();
    // The ring in the side's colour, and the letter when face up.
    let ring = commands
        .spawn((
            images.ring_sprite(ink(piece.side), size * 0.86),
            Transform::from_xyz(0.0, 0.0, 0.1),
        ))
        .id();
    commands.entity(id).add_child(ring);
    if !face_up {
        // The back of a piece: a second, lighter ring inside the first.
        let inner = commands
            .spawn((
                images.ring_sprite(FACE.with_alpha(0.35), size * 0.5),
                Transform::from_xyz(0.0, 0.0, 0.1),
            ))
            .id();
        commands.entity(id).add_child(inner);
    }
    if let Some(kind) = piece.kind {
        let g = commands
            .spawn((
                Glyph,
                WorldText::new(
                    glyph(kind, piece.side, letters),
                    size * 0.56,
                    ink(piece.side),
                ),
                Transform::from_xyz(0.0, 0.0, 0.2),
            ))
            .id();
        commands.entity(id).add_child(g);
    }
    id
}

/// Redraws the pieces whenever the game, the viewer, the orientation or the
/// privacy screen changed, animating the difference.
pub(super) fn refresh_view(
    mut table: Redrawing<With<Piece>>,
    mut board: BoardParts<JieqiBoard>,
    m: Res<Match<Jieqi>>,
    mut view: ResMut<ViewState>,
) {
    let hint = m.hint.and_then(|a| match a {
        Action::Move(mv) => Some((cell(mv.from), cell(mv.to))),
        _ => None,
    });
    if !board.begin(&mut table, hint, (JieqiBoard, DespawnOnExit(Screen::Play))) {
        return;
    }
    let Redraw { hidden, replay, .. } = *table.redraw;
    if hidden {
        // Nobody's pieces while the device changes hands.
        *board.ui = BoardUi::default();
        view.scene = None;
        return;
    }
    let scene = Scene::from_view(&m.observe(table.viewer.0));
    let previous = view.scene.take().filter(|_| table.redraw.animate());
    // A replay is animated even with animations off.
    let duration = table.settings.animation.seconds().or(replay.then_some(0.4));
    let size = board.layout.spacing * 0.88;
    let letters = table.settings.xiangqi_letters;
    let moved = replay
        || previous
            .as_ref()
            .is_some_and(|p| p.last_move != scene.last_move);
    for (c, piece) in &scene.board {
        let at = board.layout.cell_to_world(*c);
        let e = spawn_piece(
            &mut table.commands,
            &table.images,
            *piece,
            at,
            size,
            Ok(*c),
            letters,
        );
        let Some((from, to)) = scene.last_move else {
            continue;
        };
        if !moved || *c != to {
            continue;
        }
        let revealed = match &previous {
            Some(prev) if !replay => prev.piece_at(from).is_some_and(|b| b.kind.is_none()),
            _ => scene.last_reveal,
        };
        if let Some(d) = duration {
            table.commands.entity(e).insert(Slide::new(
                board.layout.cell_to_world(from),
                at,
                d,
                0.0,
            ));
            if revealed && piece.kind.is_some() {
                table.commands.entity(e).insert(Flip {
                    delay: d,
                    duration: d,
                    elapsed: 0.0,
                });
            }
        }
    }
    if replay {
        table.cues.write(Cue::Move);
    }
    for owner in 0..2u8 {
        for (slot, piece) in scene.captured[owner as usize].iter().enumerate() {
            let at = tray_position(&board.layout, owner, slot);
            let e = spawn_piece(
                &mut table.commands,
                &table.images,
                *piece,
                at,
                size * 0.6,
                Err(InTray {
                    owner,
                    slot: slot as u8,
                }),
                letters,
            );
            let newly = previous
                .as_ref()
                .is_some_and(|p| slot >= p.captured[owner as usize].len());
            if let (true, Some(d), Some((_, to))) = (newly, duration, scene.last_move) {
                table.commands.entity(e).insert(Slide::new(
                    board.layout.cell_to_world(to),
                    at,
                    d,
                    d * 0.5,
                ));
            }
        }
    }
    // Sounds and the check pulse for a move just made.
    if let Some(prev) = &previous {
        if prev.last_move != scene.last_move {
            let captured = scene.captured.iter().map(Vec::len).sum::<usize>()
                > prev.captured.iter().map(Vec::len).sum::<usize>();
            table
                .cues
                .write(if captured { Cue::Capture } else { Cue::Move });
            if let Some((from, to)) = scene.last_move {
                let flipped_now = prev.piece_at(from).is_some_and(|p| p.kind.is_none())
                    && scene.piece_at(to).is_some_and(|p| p.kind.is_some());
                if flipped_now {
                    table.cues.write(Cue::Flip);
                }
            }
            if scene.check.is_some() {
                table.cues.write(Cue::Check);
            }
        }
    }
    let keep_selected = board
        .ui
        .selected
        .filter(|s| scene.moves.iter().any(|(f, _)| f == s));
    *board.ui = BoardUi {
        hover: board.ui.hover,
        cursor: board.ui.cursor,
        selected: keep_selected,
        moves: if m.seat_kind(table.viewer.0).is_human() && m.to_act() == Some(table.viewer.0) {
            scene.moves.clone()
        } else {
            Vec::new()
        },
        last_move: scene.last_move,
        check: scene.check,
        hint,
    };
    view.scene = Some(scene);
}

/// Adds the check pulse to the general in check once it is drawn.
pub(super) fn pulse_check(
    mut commands: Commands,
    ui: Res<BoardUi>,
    pieces: Query<(Entity, &Piece), Added<Piece>>,
) {
    let Some(check) = ui.check else { return };
    for (e, p) in &pieces {
        if p.cell == Some(check) {
            commands.entity(e).insert(Pulse {
                duration: 0.9,
                elapsed: 0.0,
            });
        }
    }
}
