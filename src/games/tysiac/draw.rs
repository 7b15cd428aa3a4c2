//! The Tysiąc table drawn from the viewer's observation: the hands, the prikup, the trick, the piles, dealt and played with animations.

use super::*;

/// Where a seat sits for this viewer: 0 bottom, 1 left, 2 right (play
/// goes round clockwise: bottom, left, right).
pub(super) fn rel(seat: Seat, viewer: Seat) -> usize {
    (seat.index() + 3 - viewer.index() % 3) % 3
}

pub(super) fn hand_pos(r: usize, slot: usize, n: usize) -> Vec2 {
    let mid = (n.max(1) - 1) as f32 / 2.0;
    let i = slot as f32 - mid;
    match r {
        // A fan: the middle cards a little higher.
        0 => TABLE + Vec2::new(i * 52.0, -320.0 - i * i * 1.6),
        1 => TABLE + Vec2::new(-420.0, 40.0 - i * 26.0),
        _ => TABLE + Vec2::new(420.0, 40.0 - i * 26.0),
    }
}

pub(super) fn trick_pos(r: usize) -> Vec2 {
    TABLE
        + match r {
            0 => Vec2::new(0.0, -80.0),
            1 => Vec2::new(-90.0, 0.0),
            _ => Vec2::new(90.0, 0.0),
        }
}

pub(super) fn prikup_pos(i: usize) -> Vec2 {
    TABLE + Vec2::new((i as f32 - 1.0) * 74.0, 200.0)
}

pub(super) fn pile_pos(r: usize, slot: usize) -> Vec2 {
    let base = match r {
        0 => TABLE + Vec2::new(330.0, -320.0),
        1 => TABLE + Vec2::new(-420.0, 290.0),
        _ => TABLE + Vec2::new(420.0, 290.0),
    };
    base + Vec2::new(slot as f32 * 0.8, slot as f32 * 1.2)
}

pub(super) fn label_pos(r: usize) -> Vec2 {
    match r {
        0 => TABLE + Vec2::new(-330.0, -250.0),
        1 => TABLE + Vec2::new(-420.0, -140.0),
        _ => TABLE + Vec2::new(420.0, -140.0),
    }
}

/// The tilt of a card in the viewer's fan, outer cards most.
pub(super) fn fan_angle(slot: usize, n: usize) -> f32 {
    let mid = (n.max(1) - 1) as f32 / 2.0;
    -(slot as f32 - mid) * 0.045
}

/// When (in slide durations) the deal reaches the `slot`-th card of `seat`:
/// the order of [`veil_tysiac::deal_target`], three rounds of "left of the
/// dealer, next, dealer, prikup", then four rounds of the three seats.
pub(super) fn deal_delay(slot: usize, seat: Seat, dealer: Seat) -> f32 {
    let offset = (seat.index() + 2 - dealer.index() % 3) % 3;
    let k = if slot < 3 {
        slot * 4 + offset
    } else {
        12 + (slot - 3) * 3 + offset
    };
    k as f32 * DEAL_STEP
}

/// When the deal reaches the `i`-th card of the prikup.
pub(super) fn prikup_delay(i: usize) -> f32 {
    (i * 4 + 3) as f32 * DEAL_STEP
}

pub(super) fn suit_word(suit: Suit) -> &'static str {
    match suit {
        Suit::Hearts => "hearts",
        Suit::Diamonds => "diamonds",
        Suit::Clubs => "clubs",
        Suit::Spades => "spades",
    }
}

pub(super) fn ink(card: Card) -> Color {
    match card.suit() {
        Suit::Hearts | Suit::Diamonds => RED_INK,
        Suit::Clubs | Suit::Spades => BLACK_INK,
    }
}

/// Where the pips of a nine and a ten stand, below the corner index (card
/// units, y up), and their size; an ace has one large pip, a face card a
/// frame around one.
fn pips(rank: Rank) -> Vec<(Vec2, f32)> {
    match rank {
        Rank::Nine => (0..9)
            .map(|i| {
                (
                    Vec2::new((i % 3) as f32 * 15.0 - 15.0, -32.0 + (i / 3) as f32 * 17.0),
                    13.0,
                )
            })
            .collect(),
        Rank::Ten => (0..10)
            .map(|i| {
                (
                    Vec2::new((i % 2) as f32 * 22.0 - 11.0, -35.0 + (i / 2) as f32 * 11.5),
                    11.0,
                )
            })
            .collect(),
        Rank::Ace => vec![(Vec2::new(0.0, -8.0), 34.0)],
        Rank::Jack | Rank::Queen | Rank::King => vec![(Vec2::new(0.0, -10.0), 24.0)],
    }
}

/// The sprites of a card's face: its pips in the suit's colour, and for a
/// Jack, Queen or King a frame in a pale tint of it with a bar per rank
/// (one, two, three) standing for the figure.
fn face_marks(commands: &mut Commands, art: &CardImages, card: Card, z: f32) -> Vec<Entity> {
    let pip = match card.suit() {
        Suit::Hearts => Pip::Heart,
        Suit::Diamonds => Pip::Diamond,
        Suit::Clubs => Pip::Club,
        Suit::Spades => Pip::Spade,
    };
    let ink = ink(card);
    let mut marks = Vec::new();
    let figure = match card.rank() {
        Rank::Jack => Some(1),
        Rank::Queen => Some(2),
        Rank::King => Some(3),
        _ => None,
    };
    if let Some(bars) = figure {
        marks.push(
            commands
                .spawn((
                    CardMark,
                    Sprite {
                        color: ink.with_alpha(0.14),
                        custom_size: Some(Vec2::new(46.0, 58.0)),
                        ..default()
                    },
                    Visibility::Inherited,
                    Transform::from_xyz(0.0, -10.0, z),
                ))
                .id(),
        );
        for b in 0..bars {
            marks.push(
                commands
                    .spawn((
                        CardMark,
                        Sprite {
                            color: ink.with_alpha(0.8),
                            custom_size: Some(Vec2::new(30.0, 3.0)),
                            ..default()
                        },
                        Visibility::Inherited,
                        Transform::from_xyz(0.0, 12.0 - b as f32 * 6.0, z + 0.0001),
                    ))
                    .id(),
            );
        }
    }
    for (at, size) in pips(card.rank()) {
        marks.push(
            commands
                .spawn((
                    CardMark,
                    Sprite {
                        image: art.pip(pip),
                        color: ink,
                        custom_size: Some(Vec2::splat(size)),
                        ..default()
                    },
                    Visibility::Inherited,
                    Transform::from_xyz(at.x, at.y, z + 0.0002),
                ))
                .id(),
        );
    }
    marks
}

/// Spawns one card: a parent that moves (and carries the identity when
/// known), its edge, its face or back and its words as children, so the
/// children keep the fan's order whatever the slide does with the parent.
pub(super) fn spawn_card(
    commands: &mut Commands,
    art: &CardImages,
    seen: Seen,
    place: CardPlace,
    at: Vec2,
    z: f32,
    dim: bool,
) -> Entity {
    let mut e = commands.spawn((
        TableCard { place },
        Transform::from_xyz(at.x, at.y, 1.0),
        Visibility::default(),
        DespawnOnExit(Screen::Play),
    ));
    match seen {
        Some(card) => e.insert(CardFace(card)),
        None => e.insert(CardBack),
    };
    let id = e.id();
    let edge = commands
        .spawn((
            CardEdge,
            Sprite {
                color: BLACK_INK,
                custom_size: Some(CARD + Vec2::splat(3.0)),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, z),
        ))
        .id();
    let body = commands
        .spawn((
            CardBody,
            Sprite {
                color: match seen {
                    Some(_) if dim => UNUSABLE,
                    Some(_) => IVORY,
                    None => BACK,
                },
                custom_size: Some(CARD),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, z + 0.001),
        ))
        .id();
    commands.entity(id).add_children(&[edge, body]);
    match seen {
        Some(card) => {
            let marks = face_marks(commands, art, card, z + 0.0015);
            commands.entity(id).add_children(&marks);
        }
        None => {
            let lattice = commands
                .spawn((
                    BackMark,
                    Sprite {
                        image: art.back.clone(),
                        color: BACK_LATTICE,
                        custom_size: Some(CARD),
                        ..default()
                    },
                    Visibility::Inherited,
                    Transform::from_xyz(0.0, 0.0, z + 0.0015),
                ))
                .id();
            commands.entity(id).add_child(lattice);
        }
    }
    if let Some(card) = seen {
        // Words are painted above every sprite: only the corner of a card
        // in a fan shows, so the index goes there, as on real cards.
        let (offset, size) = (Vec2::new(-CARD.x / 2.0 + 15.0, CARD.y / 2.0 - 14.0), 17.0);
        let label = commands
            .spawn((
                WorldText::new(card.to_string(), size, ink(card)),
                Visibility::Inherited,
                Transform::from_xyz(offset.x, offset.y, z + 0.002),
            ))
            .id();
        commands.entity(id).add_child(label);
    }
    id
}

/// Redraws the cards whenever the game, the viewer or the privacy screen
/// changed, animating the difference with the previous scene.
pub(super) fn refresh_view(
    mut table: Redrawing<Or<(With<TableCard>, With<TableLabel>)>>,
    m: Res<Match<Tysiac>>,
    mut view: ResMut<ViewState>,
    mut ui: ResMut<TysiacUi>,
    art: Res<CardImages>,
) {
    let (hidden, seat) = (table.redraw.hidden, table.viewer.0);
    if !table.redraw.needed {
        // The choices follow the card picked.
        if !hidden {
            if let Some(obs) = &view.obs {
                let choices = offered(&view.legal, obs.table.phase, ui.selected);
                if ui.choices != choices {
                    ui.choices = choices;
                }
            }
        }
        return;
    }
    table.clear();
    if hidden {
        // Nobody's cards while the device changes hands.
        view.scene = None;
        view.obs = None;
        view.legal.clear();
        ui.selected = None;
        ui.choices.clear();
        ui.usable.clear();
        return;
    }
    let obs = m.observe(seat);
    let scene = Scene::from_view(&obs);
    let previous = view.scene.take().filter(|_| table.redraw.animate());
    let duration = table.settings.animation.seconds();

    // What the viewer may do with its cards now.
    let mine = m.seat_kind(seat).is_human() && m.to_act() == Some(seat);
    let legal = if mine { legal_for(&obs) } else { Vec::new() };
    ui.usable = scene
        .hand
        .iter()
        .copied()
        .filter(|c| !offered(&legal, scene.phase, Some(*c)).is_empty())
        .collect();
    if ui.selected.is_some_and(|c| !ui.usable.contains(&c)) {
        ui.selected = None;
    }
    ui.choices = offered(&legal, scene.phase, ui.selected);
    view.legal = legal.clone();
    let picking = matches!(scene.phase, Phase::Play | Phase::PassCards) && mine;

    let new_deal = scene.phase == Phase::Bidding
        && view.deals_watched[seat.index() % 3] != Some(scene.deal)
        && !table.redraw.undo;
    if scene.phase == Phase::Bidding {
        view.deals_watched[seat.index() % 3] = Some(scene.deal);
    }
    // Cards changing hands since the last scene: the prikup taken by the
    // declarer, a card given face down to an opponent.
    let declarer = obs.table.declarer;
    let taken = previous
        .as_ref()
        .is_some_and(|p| p.phase == Phase::Prikup && scene.phase == Phase::PassCards);
    let arrival = |s: Seat, slot: usize, n: usize, seen: Seen| -> Option<Vec2> {
        let p = previous.as_ref()?;
        let d = declarer?;
        let r = rel(s, seat);
        if taken && s == d {
            // Face up for the declarer (it knows the prikup), backs else.
            let i = match seen {
                Some(card) => p.prikup.iter().position(|c| *c == Some(card))?,
                None => (slot + 3).checked_sub(n)?,
            };
            return Some(prikup_pos(i));
        }
        let given = s != d
            && p.hand_sizes[s.index()] < scene.hand_sizes[s.index()]
            && matches!(p.phase, Phase::PassCards);
        let this_card = match seen {
            Some(card) => obs.received == Some(card),
            None => slot + 1 == n,
        };
        (given && this_card && r < 3).then(|| {
            let dn = scene.hand_sizes[d.index()] as usize;
            hand_pos(rel(d, seat), dn / 2, dn.max(1))
        })
    };
    let dealer = obs.table.dealer;
    let from_dealer = if rel(dealer, seat) == 0 {
        TABLE + Vec2::new(0.0, -200.0)
    } else {
        hand_pos(rel(dealer, seat), 0, 1)
    };
    let slide = |commands: &mut Commands, e: Entity, from: Vec2, to: Vec2, delay: f32| {
        slide_in(commands, duration, e, from, to, delay);
    };

    // The hands.
    for s in Seat::all(3) {
        let r = rel(s, seat);
        let n = scene.hand_sizes[s.index()] as usize;
        for slot in 0..n {
            let seen = if r == 0 {
                scene.hand.get(slot).copied()
            } else {
                scene.open[s.index()].get(slot).copied()
            };
            let mut at = hand_pos(r, slot, n);
            let dim = picking && seen.is_some_and(|c| !ui.usable.contains(&c));
            if r == 0 && seen.is_some() && seen == ui.selected {
                at.y += LIFT;
            }
            let from = arrival(s, slot, n, seen);
            let e = spawn_card(
                &mut table.commands,
                &art,
                seen,
                CardPlace::Hand {
                    seat: s.0,
                    slot: slot as u8,
                },
                at,
                slot as f32 * 0.01,
                dim,
            );
            if r == 0 {
                // The viewer's hand is fanned.
                table.commands.entity(e).insert(
                    Transform::from_xyz(at.x, at.y, 1.0)
                        .with_rotation(Quat::from_rotation_z(fan_angle(slot, n))),
                );
            }
            if new_deal {
                let delay = deal_delay(slot, s, dealer) * duration.unwrap_or(0.0);
                slide(&mut table.commands, e, from_dealer, at, delay);
            } else if let Some(from) = from {
                slide(&mut table.commands, e, from, at, 0.0);
            }
        }
        // The seat's name, kind and tricks.
        let kind = if m.seat_kind(s).is_human() {
            "".to_owned()
        } else {
            " (computer)".to_owned()
        };
        // The contract on a line of its own: beside the name it ran past
        // the table's edge on a narrow window.
        let mut text = format!("{}{kind}", name(s));
        if obs.table.declarer == Some(s) {
            text.push_str(&format!("\nplays for {}", obs.table.bid));
        }
        if m.to_act() == Some(s) {
            text = format!("▶ {text}");
        }
        let at = label_pos(r);
        table.commands.spawn((
            TableLabel,
            WorldText::new(text, 18.0, Color::srgb(0.95, 0.95, 0.85)),
            Transform::from_xyz(at.x, at.y, 5.0),
            DespawnOnExit(Screen::Play),
        ));
    }

    // The contract and the trump, always in view on the table (in words:
    // suit signs on the table are card faces only).
    let t = &obs.table;
    let trump = match t.trump {
        Some(suit) => format!("Trump: {}", suit_word(suit)),
        None => "No trump yet".to_owned(),
    };
    let contract = match t.declarer {
        Some(d) => format!("{} plays for {}", name(d), t.bid),
        None if t.phase == Phase::Bidding => format!("Bid {} by {}", t.bid, name(t.bidder)),
        None => String::new(),
    };
    let at = TABLE + Vec2::new(0.0, 110.0);
    table.commands.spawn((
        TableLabel,
        WorldText::new(
            format!("{trump}   {contract}"),
            22.0,
            Color::srgb(1.0, 0.92, 0.55),
        ),
        Transform::from_xyz(at.x, at.y, 5.0),
        DespawnOnExit(Screen::Play),
    ));

    // The prikup: face down, or turned over for all.
    for (i, seen) in scene.prikup.iter().enumerate() {
        let at = prikup_pos(i);
        let e = spawn_card(
            &mut table.commands,
            &art,
            *seen,
            CardPlace::Prikup(i as u8),
            at,
            i as f32 * 0.01,
            false,
        );
        if new_deal {
            let delay = prikup_delay(i) * duration.unwrap_or(0.0);
            slide(&mut table.commands, e, from_dealer, at, delay);
        }
        let shown_now =
            seen.is_some() && previous.as_ref().is_some_and(|p| p.phase != Phase::Prikup);
        if let (true, Some(d)) = (shown_now, duration) {
            // Turned over for all, one after the other.
            let (delay, turn) = (i as f32 * d * 0.5, d * 1.5);
            // A slide that stays put holds the game (`Animating`) until the
            // prikup has been turned over and can be read.
            table.commands.entity(e).insert((
                TurnOver {
                    delay,
                    duration: turn,
                    elapsed: 0.0,
                },
                Slide::new(at, at, d * 4.0 + turn, 0.0),
            ));
        }
    }

    // The trick in the middle; a card just played comes from its hand.
    for (i, (s, card)) in scene.trick.iter().enumerate() {
        let r = rel(*s, seat);
        let at = trick_pos(r);
        let e = spawn_card(
            &mut table.commands,
            &art,
            Some(*card),
            CardPlace::Trick(s.0),
            at,
            i as f32 * 0.01,
            false,
        );
        let new = previous
            .as_ref()
            .is_some_and(|p| !p.trick.contains(&(*s, *card)));
        if new {
            let from = match previous.as_ref().and_then(|p| {
                (r == 0)
                    .then(|| p.hand.iter().position(|c| c == card))
                    .flatten()
            }) {
                Some(slot) => hand_pos(0, slot, previous.as_ref().map_or(1, |p| p.hand.len())),
                None => hand_pos(r, 0, 1),
            };
            slide(&mut table.commands, e, from, at, 0.0);
        }
    }

    // The piles; a trick just gathered slides from the middle.
    for s in Seat::all(3) {
        let r = rel(s, seat);
        let n = scene.piles[s.index()] as usize * 3;
        let before = previous
            .as_ref()
            .map_or(n, |p| p.piles[s.index()] as usize * 3);
        for slot in 0..n {
            let at = pile_pos(r, slot);
            let e = spawn_card(
                &mut table.commands,
                &art,
                None,
                CardPlace::Pile {
                    seat: s.0,
                    slot: slot as u8,
                },
                at,
                slot as f32 * 0.01,
                false,
            );
            if slot >= before {
                let from_seat = previous
                    .as_ref()
                    .and_then(|p| p.trick.get(slot - before).map(|(s, _)| rel(*s, seat)))
                    .unwrap_or(r);
                slide(&mut table.commands, e, trick_pos(from_seat), at, 0.0);
            }
        }
    }

    if let Some(prev) = &previous {
        if prev.trick != scene.trick && !scene.trick.is_empty() {
            table.cues.write(Cue::Move);
        }
        if new_deal || (prev.phase != Phase::Prikup && scene.phase == Phase::Prikup) {
            table.cues.write(Cue::Flip);
        }
    }
    view.scene = Some(scene);
    view.obs = Some(obs);
}

/// The card picked (to give away, or to play with a choice) stands out of
/// the fan, edged in gold, until it is used or dropped. Picking redraws
/// nothing, and after a give the fan closes up, so a place in it no longer
/// names a card: the lift shows which one is picked.
pub(super) fn lift_chosen(
    ui: Res<TysiacUi>,
    viewer: Res<Viewer>,
    mut cards: Query<(&TableCard, Option<&CardFace>, &mut Transform, &Children), Without<Slide>>,
    mut edges: Query<&mut Sprite, With<CardEdge>>,
) {
    let mine = |place: CardPlace| match place {
        CardPlace::Hand { seat, slot } if seat == viewer.0.0 => Some(slot as usize),
        _ => None,
    };
    let n = cards.iter().filter(|c| mine(c.0.place).is_some()).count();
    for (card, face, mut at, children) in &mut cards {
        let Some(slot) = mine(card.place) else {
            continue;
        };
        let chosen = face.is_some_and(|f| Some(f.0) == ui.selected);
        let y = hand_pos(0, slot, n).y + if chosen { LIFT } else { 0.0 };
        if at.translation.y != y {
            at.translation.y = y;
        }
        for child in children.iter() {
            if let Ok(mut edge) = edges.get_mut(child) {
                let (color, size) = if chosen {
                    (GOLD, CARD + Vec2::splat(9.0))
                } else {
                    (BLACK_INK, CARD + Vec2::splat(3.0))
                };
                if edge.color != color {
                    edge.color = color;
                    edge.custom_size = Some(size);
                }
            }
        }
    }
}

/// Turns cards over: the back narrows, the face widens; the words show
/// with the face only.
pub(super) fn turn_over(
    mut commands: Commands,
    time: Res<Time>,
    mut cards: Query<(Entity, &mut TurnOver, &mut Transform, &Children)>,
    mut bodies: Query<&mut Sprite, With<CardBody>>,
    mut words: Query<&mut Visibility, Or<(With<WorldText>, With<CardMark>)>>,
    mut backs: Query<&mut Visibility, (With<BackMark>, Without<WorldText>, Without<CardMark>)>,
) {
    for (e, mut turn, mut tf, children) in &mut cards {
        turn.elapsed += time.delta_secs();
        let t = ((turn.elapsed - turn.delay) / turn.duration.max(1e-3)).clamp(0.0, 1.0);
        let face = t >= 0.5;
        tf.scale.x = (if face { t * 2.0 - 1.0 } else { 1.0 - t * 2.0 }).max(0.02);
        for child in children.iter() {
            if let Ok(mut sprite) = bodies.get_mut(child) {
                sprite.color = if face { IVORY } else { BACK };
            }
            if let Ok(mut v) = words.get_mut(child) {
                *v = if face {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                };
            }
            if let Ok(mut v) = backs.get_mut(child) {
                *v = if face {
                    Visibility::Hidden
                } else {
                    Visibility::Inherited
                };
            }
        }
        if t >= 1.0 {
            tf.scale.x = 1.0;
            commands.entity(e).remove::<TurnOver>();
        }
    }
}

/// A card arriving where it now lies (with animations on).
pub(super) fn slide_in(
    commands: &mut Commands,
    duration: Option<f32>,
    e: Entity,
    from: Vec2,
    to: Vec2,
    delay: f32,
) {
    if let Some(d) = duration {
        commands.entity(e).insert(Slide::new(from, to, d, delay));
    }
}
