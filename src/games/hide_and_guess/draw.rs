//! The Hide and Guess table drawn from the viewer's observation: the screens, the secret, the triangles and their stones, the thumbs.

use super::*;

/// +1 on the viewer's side (bottom), -1 on the other's (top), in y.
pub(super) fn side(viewer: Seat, seat: Seat) -> f32 {
    if seat == viewer { -1.0 } else { 1.0 }
}

pub(super) fn secret_pos(mine: bool, slot: usize) -> Vec2 {
    let y = if mine { -SECRET_Y } else { SECRET_Y };
    Vec2::new(TABLE_X - 120.0 + slot as f32 * 60.0, y)
}

pub(super) fn screen_pos(mine: bool) -> Vec2 {
    Vec2::new(TABLE_X, if mine { -SCREEN_Y } else { SCREEN_Y })
}

/// The tray: a row per kind (pawns in two rows of eight).
pub(super) fn supply_pos(kind: Kind, i: usize) -> Vec2 {
    let row = kind.index() + if kind == Kind::Pawn { i / 8 } else { 0 };
    let col = if kind == Kind::Pawn { i % 8 } else { i };
    Vec2::new(-600.0 + col as f32 * 32.0, 130.0 - row as f32 * 40.0)
}

pub(super) fn triangle_center(index: usize) -> Vec2 {
    let col = (index % 5) as f32;
    let row = (index / 5) as f32;
    Vec2::new(-305.0 + col * 122.0, 100.0 - row * 200.0)
}

/// Corner 0 is the tip, pointing at the player who did not build.
pub(super) fn corner_pos(index: usize, corner: usize, dir: f32) -> Vec2 {
    let c = triangle_center(index);
    match corner {
        0 => c + Vec2::new(0.0, 28.0 * dir),
        1 => c + Vec2::new(-26.0, -18.0 * dir),
        _ => c + Vec2::new(26.0, -18.0 * dir),
    }
}

pub(super) fn stone_pos(index: usize, tip: bool, dir: f32) -> Vec2 {
    let c = triangle_center(index);
    if tip {
        c + Vec2::new(0.0, 62.0 * dir)
    } else {
        c + Vec2::new(0.0, -50.0 * dir)
    }
}

pub(super) fn hand_pos(mine: bool, slot: usize) -> Vec2 {
    let y = if mine { -SECRET_Y } else { SECRET_Y };
    let row = (slot / 8) as f32;
    Vec2::new(
        TABLE_X + 190.0 + (slot % 8) as f32 * 24.0,
        y + if mine { -row * 24.0 } else { row * 24.0 },
    )
}

pub(super) fn thumb_pos(mine: bool) -> Vec2 {
    Vec2::new(TABLE_X + 290.0, if mine { -SCREEN_Y } else { SCREEN_Y })
}

pub(super) fn spawn_piece(
    commands: &mut Commands,
    images: &BoardImages,
    kind: Kind,
    white: bool,
    spot: Spot,
    at: Vec2,
    size: f32,
) -> Entity {
    let (face, ink) = if white {
        (IVORY, IVORY_INK)
    } else {
        (EBONY, EBONY_INK)
    };
    let id = commands
        .spawn((
            HagPiece { kind, white, spot },
            TableThing,
            images.disc_sprite(face, size),
            Transform::from_xyz(at.x, at.y, 1.0),
            PieceColors {
                face,
                back: SCREEN_WOOD,
                face_up: true,
            },
            DespawnOnExit(Screen::Play),
        ))
        .id();
    commands.entity(id).with_children(|piece| {
        let rim = images.ring_sprite(ink.with_alpha(0.6), size * 0.86);
        piece.spawn((rim, Transform::from_xyz(0.0, 0.0, 0.1)));
        let letter = WorldText::new(kind.letter().to_string(), size * 0.5, ink).mono();
        piece.spawn((Glyph, letter, Transform::from_xyz(0.0, 0.0, 0.2)));
    });
    id
}

pub(super) fn spawn_stone(
    commands: &mut Commands,
    images: &BoardImages,
    white: bool,
    spot: StoneSpot,
    at: Vec2,
) -> Entity {
    commands
        .spawn((
            Stone { white, spot },
            TableThing,
            Sprite {
                image: images.disc.clone(),
                color: if white {
                    Color::srgb(0.98, 0.98, 0.96)
                } else {
                    Color::srgb(0.05, 0.05, 0.06)
                },
                custom_size: Some(Vec2::splat(STONE)),
                ..default()
            },
            Transform::from_xyz(at.x, at.y, 2.0),
            DespawnOnExit(Screen::Play),
        ))
        .id()
}

pub(super) fn label(
    commands: &mut Commands,
    text: impl Into<String>,
    at: Vec2,
    size: f32,
    color: Color,
) {
    commands.spawn((
        TableThing,
        WorldText::new(text, size, color),
        Transform::from_xyz(at.x, at.y, 3.0),
        DespawnOnExit(Screen::Play),
    ));
}

/// Rebuilds the table whenever the game, the viewer or the privacy screen
/// changed, animating what is new since the last scene of the same viewer.
pub(super) fn refresh_view(
    mut table: Redrawing<With<TableThing>>,
    m: Res<Match<HideAndGuess>>,
    mut view: ResMut<HagViewState>,
    mut picker: ResMut<Picker>,
) {
    if !table.redraw.needed {
        return;
    }
    table.clear();
    let hidden = table.redraw.hidden;
    if !table.redraw.first && (table.redraw.new_version || !table.redraw.same_viewer) {
        *picker = Picker::default();
    }
    let s = scene(&m.observe(table.viewer.0), hidden);
    let previous = view.scene.take().filter(|_| table.redraw.animate());
    let duration = table.settings.animation.seconds();
    let me = s.seat;
    let them = s.opponent();
    let name = HideAndGuess::seat_name;
    let light = Color::srgb(0.95, 0.9, 0.78);

    // The screens: the viewer's own (they see behind it), the other closed
    // until the secrets are revealed.
    for (seat, mine) in [(me, true), (them, false)] {
        let open = mine || s.opponent_secret.is_some();
        let at = screen_pos(mine);
        table.commands.spawn((
            PlayerScreen { seat: seat.0, open },
            TableThing,
            Sprite::from_color(
                if open {
                    SCREEN_WOOD.with_alpha(0.55)
                } else {
                    SCREEN_WOOD
                },
                Vec2::new(460.0, 40.0),
            ),
            Transform::from_xyz(at.x, at.y, 0.0),
            DespawnOnExit(Screen::Play),
        ));
        let words = if mine {
            format!("{}'s screen (you)", name(seat))
        } else if open {
            format!("{}'s screen, lifted", name(seat))
        } else if s.opponent_has_chosen {
            format!("{}'s screen: 5 pieces hidden", name(seat))
        } else {
            format!("{}'s screen", name(seat))
        };
        label(&mut table.commands, words, at, 17.0, light);
    }
    if let Some(secret) = s.my_secret {
        for (i, kind) in secret.iter().enumerate() {
            spawn_piece(
                &mut table.commands,
                &table.images,
                kind,
                false,
                Spot::MySecret(i as u8),
                secret_pos(true, i),
                PIECE,
            );
        }
    }
    if let Some(secret) = s.opponent_secret {
        let newly = previous
            .as_ref()
            .is_some_and(|p| p.opponent_secret.is_none());
        for (i, kind) in secret.iter().enumerate() {
            let e = spawn_piece(
                &mut table.commands,
                &table.images,
                kind,
                false,
                Spot::TheirSecret(i as u8),
                secret_pos(false, i),
                PIECE,
            );
            if let (true, Some(d)) = (newly, duration) {
                // The reveal: the pieces turn over one after the other.
                table.commands.entity(e).insert(Flip {
                    delay: d * 0.3 * i as f32,
                    duration: d * 1.5,
                    elapsed: 0.0,
                });
            }
        }
        if newly {
            table.cues.write(Cue::Flip);
        }
    }
    // The supply tray.
    let mut slot = 0u8;
    for kind in Kind::ALL {
        for i in 0..s.table.supply.count(kind) as usize {
            spawn_piece(
                &mut table.commands,
                &table.images,
                kind,
                true,
                Spot::Supply(slot),
                supply_pos(kind, i),
                SMALL,
            );
            slot += 1;
        }
    }
    // The triangles, their stones and the open vote's thumbs.
    for (index, t) in s.table.triangles.iter().enumerate() {
        let dir = -side(me, t.builder);
        let new_triangle = previous
            .as_ref()
            .is_some_and(|p| p.table.triangles.len() <= index);
        for (corner, kind) in t.pieces.iter().enumerate() {
            let at = corner_pos(index, corner, dir);
            let e = spawn_piece(
                &mut table.commands,
                &table.images,
                kind,
                true,
                Spot::Triangle {
                    index: index as u8,
                    corner: corner as u8,
                },
                at,
                TRI,
            );
            if let (true, Some(d)) = (new_triangle, duration) {
                table.commands.entity(e).insert(Slide::new(
                    TRAY_CENTER,
                    at,
                    d,
                    corner as f32 * d * 0.3,
                ));
            }
        }
        let revealed_now = previous.as_ref().is_some_and(|p| {
            p.table
                .triangles
                .get(index)
                .is_none_or(|old| old.votes.is_none())
        }) && t.votes.is_some();
        for (tip, up) in [(true, t.tip_stone()), (false, t.base_stone())] {
            if !up {
                continue;
            }
            let at = stone_pos(index, tip, dir);
            let e = spawn_stone(
                &mut table.commands,
                &table.images,
                true,
                StoneSpot::Triangle {
                    index: index as u8,
                    tip,
                },
                at,
            );
            if let (true, Some(d)) = (revealed_now, duration) {
                // Both thumbs are shown together: the stones drop at once.
                let from = at + Vec2::new(0.0, 90.0 * if tip { dir } else { -dir });
                table
                    .commands
                    .entity(e)
                    .insert(Slide::new(from, at, d, 0.0));
            }
        }
        if revealed_now {
            table.cues.write(Cue::Flip);
        }
        if new_triangle {
            table.cues.write(Cue::Move);
        }
        if let (Some(mine), Some(theirs), Some(_)) = (s.my_secret, s.opponent_secret, s.table.end) {
            // The final scoring, triangle by triangle, beyond its tip.
            let stones = t.stones();
            let points = (stones > 0)
                .then(|| [mine, theirs].map(|secret| (stones * t.pieces.overlap(secret)) as u32));
            let text = match points {
                Some([a, b]) => format!("+{a} / +{b}"),
                None => "removed".to_owned(),
            };
            let at = triangle_center(index) + Vec2::new(0.0, 86.0 * dir);
            table.commands.spawn((
                TriangleScore {
                    index: index as u8,
                    points,
                },
                TableThing,
                WorldText::new(text, 14.0, SCORE_INK),
                Transform::from_xyz(at.x, at.y, 3.0),
                DespawnOnExit(Screen::Play),
            ));
        }
    }
    if s.table.end.is_some() && s.my_secret.is_some() && s.opponent_secret.is_some() {
        label(
            &mut table.commands,
            format!("Final scoring by triangle: yours / {}'s", name(them)),
            Vec2::new(-65.0, 222.0),
            16.0,
            SCORE_INK,
        );
    }
    // The thumbs. During a vote the viewer's own shows which way it went and
    // the other's only that it was cast (a closed fist); once both are in,
    // both open together and stay shown until the next build.
    let thumbs: Vec<(Seat, bool, Option<bool>)> = if s.table.open_vote().is_some() {
        let mut cast = Vec::new();
        if let Some(up) = s.my_vote {
            cast.push((me, true, Some(up)));
        }
        if s.opponent_has_voted {
            cast.push((them, false, None));
        }
        cast
    } else if let Some(t) = s.table.triangles.last() {
        vec![
            (me, true, Some(t.voted_up(me))),
            (them, false, Some(t.voted_up(them))),
        ]
    } else {
        Vec::new()
    };
    let opened_now = s.table.open_vote().is_none()
        && previous
            .as_ref()
            .is_some_and(|p| p.table.open_vote().is_some());
    for (seat, mine, up) in thumbs {
        let at = thumb_pos(mine);
        let (face, text) = match up {
            Some(true) => (THUMB_UP, "thumb UP"),
            Some(false) => (THUMB_DOWN, "thumb DOWN"),
            None => (FIST, "thumb cast"),
        };
        let e = table
            .commands
            .spawn((
                Thumb { seat: seat.0, up },
                TableThing,
                table.images.disc_sprite(face, 44.0),
                Transform::from_xyz(at.x, at.y, 1.0),
                PieceColors {
                    face,
                    back: FIST,
                    face_up: true,
                },
                DespawnOnExit(Screen::Play),
            ))
            .id();
        let words = table
            .commands
            .spawn((
                Glyph,
                WorldText::new(text, 15.0, light),
                Transform::from_xyz(0.0, -34.0, 0.2),
            ))
            .id();
        table.commands.entity(e).add_children(&[words]);
        if let (true, Some(d)) = (opened_now, duration) {
            // The reveal: both fists open at the same moment.
            table.commands.entity(e).insert(Flip {
                delay: 0.0,
                duration: d * 1.2,
                elapsed: 0.0,
            });
        }
    }
    // Stones in hand: white from the other's wrong guesses (or a right
    // guess), black for one's own wrong guesses.
    for (seat, mine) in [(me, true), (them, false)] {
        let white = s.table.white[seat.index()] as usize;
        let black = s.table.black[seat.index()] as usize;
        let before = previous
            .as_ref()
            .map(|p| (p.table.white[seat.index()] + p.table.black[seat.index()]) as usize);
        for slot in 0..white + black {
            let at = hand_pos(mine, slot);
            let e = spawn_stone(
                &mut table.commands,
                &table.images,
                slot < white,
                StoneSpot::Hand {
                    seat: seat.0,
                    slot: slot as u8,
                },
                at,
            );
            if let (Some(before), Some(d)) = (before, duration) {
                if slot >= before {
                    table.commands.entity(e).insert(Slide::new(
                        Vec2::new(TABLE_X, 0.0),
                        at,
                        d,
                        0.0,
                    ));
                }
            }
        }
    }
    if previous
        .as_ref()
        .is_some_and(|p| p.table.guesses.len() < s.table.guesses.len())
    {
        table.cues.write(Cue::Capture);
    }
    view.scene = Some(s);
}
