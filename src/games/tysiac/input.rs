//! Card clicks, keys and the panel's choices, turned into action requests.

use super::*;

/// How far up (logical pixels) a finger drags a card to play it.
const DRAG_TO_PLAY: f32 = 40.0;

/// A click on a card of the viewer's hand (the topmost under the pointer)
/// uses it. A finger's first tap raises the card (a finger hides what it
/// touches, and has no hover to show which card it is on); a second tap on
/// the raised card, or a drag of a card upward, uses it.
pub(super) fn click_card(
    pointer: Res<Pointer>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Query<(&Transform, &Projection), With<Camera2d>>,
    cards: Query<(&TableCard, &CardFace, &GlobalTransform)>,
    viewer: Res<Viewer>,
    mut ui: ResMut<TysiacUi>,
    mut out: MessageWriter<Command>,
) {
    let Some(window) = window else {
        return;
    };
    let hit = |pos: Vec2| {
        let world = crate::table::fit::point_in_world(&window, &camera, pos)?;
        cards
            .iter()
            .filter_map(|(tc, face, at)| match tc.place {
                CardPlace::Hand { seat, slot } if seat == viewer.0.0 => {
                    let d = (world - at.translation().truncate()).abs();
                    (d.x <= CARD.x / 2.0 && d.y <= CARD.y / 2.0).then_some((slot, face.0))
                }
                _ => None,
            })
            .max_by_key(|(slot, _)| *slot)
            .map(|(_, card)| card)
    };
    let use_card = |out: &mut MessageWriter<Command>, card: Card| {
        out.write(Command::Card(card.index() as u8));
    };
    if !pointer.finger {
        if let Some(card) = pointer.tap.and_then(hit) {
            use_card(&mut out, card);
        }
        return;
    }
    if pointer.ended && pointer.dragged() {
        let (Some(start), Some(end)) = (pointer.start, pointer.at) else {
            return;
        };
        let up = start.y - end.y;
        if up >= DRAG_TO_PLAY
            && up > (end.x - start.x).abs()
            && let Some(card) = hit(start)
        {
            use_card(&mut out, card);
        }
        return;
    }
    let Some(card) = pointer.tap.and_then(hit) else {
        return;
    };
    if ui.selected == Some(card) || !ui.usable.contains(&card) {
        use_card(&mut out, card);
    } else {
        ui.selected = Some(card);
    }
}

/// The keyboard on the hand: left/right pick a card, Enter uses it.
pub(super) fn keyboard_pick(
    actions: &ActionState<UiAction>,
    ui: &mut TysiacUi,
    scene: &Scene,
) -> Option<Card> {
    let usable = &ui.usable;
    if usable.is_empty() {
        return None;
    }
    let pos = ui
        .selected
        .and_then(|s| usable.iter().position(|c| *c == s));
    let step = |d: isize| {
        let n = usable.len() as isize;
        let i = pos.map_or(if d > 0 { 0 } else { n - 1 }, |p| {
            (p as isize + d).rem_euclid(n)
        });
        usable[i as usize]
    };
    if actions.just_pressed(&UiAction::CursorRight) {
        ui.selected = Some(step(1));
    } else if actions.just_pressed(&UiAction::CursorLeft) {
        ui.selected = Some(step(-1));
    } else if actions.just_pressed(&UiAction::Select) {
        return ui.selected.filter(|c| scene.hand.contains(c));
    }
    None
}

/// The viewer's clicks, keys and panel choices become its actions, when it
/// is the viewer's turn.
pub(super) fn human_actions(
    mut commands: MessageReader<Command>,
    actions: Single<&ActionState<UiAction>, With<Player>>,
    mut ui: ResMut<TysiacUi>,
    view: Res<ViewState>,
    mut asking: Asking<Tysiac>,
    mut cues: MessageWriter<Cue>,
    time: Res<Time>,
) {
    let may_act = asking.may_act();
    let mut wanted: Vec<Command> = commands.read().cloned().collect();
    // The four nines: the hand plays on by itself after the same wait for
    // every person asked (see `NINES_WAIT`).
    let asked_nines = asking.viewer_to_act()
        && view
            .scene
            .as_ref()
            .is_some_and(|s| s.phase == Phase::FourNines);
    if !asked_nines {
        if ui.nines_wait != 0.0 {
            ui.nines_wait = 0.0;
        }
    } else {
        ui.nines_wait += time.delta_secs();
        if ui.nines_wait >= NINES_WAIT && may_act && wanted.is_empty() {
            if let Some(i) = ui.choices.iter().position(|a| *a == Action::PlayOn) {
                wanted.push(Command::Choose(i));
            }
        }
    }
    if may_act {
        // The bid stepper: up and down climb it (left and right too when
        // no card can be used); Enter calls what it shows once it was
        // touched, or when there is no card to use.
        let cards = !ui.usable.is_empty();
        let up = actions.just_pressed(&UiAction::CursorUp)
            || (!cards && actions.just_pressed(&UiAction::CursorRight));
        let down = actions.just_pressed(&UiAction::CursorDown)
            || (!cards && actions.just_pressed(&UiAction::CursorLeft));
        let enter = actions.just_pressed(&UiAction::Select);
        // The ladder only when a key may use it, not every frame.
        let ladder = if up || down || enter {
            ui.ladder()
        } else {
            Vec::new()
        };
        let calling = !ladder.is_empty() && (!cards || ui.call.is_some());
        if !ladder.is_empty() && (up || down) {
            ui.step_call(if up { 1 } else { -1 });
        } else if calling && enter {
            wanted.push(Command::Choose(ladder[ui.rung(&ladder)].0));
        } else if let Some(scene) = &view.scene {
            if cards
                && (actions.just_pressed(&UiAction::CursorLeft)
                    || actions.just_pressed(&UiAction::CursorRight))
            {
                // Picking a card again: Enter is for the card.
                ui.call = None;
            }
            if let Some(card) = keyboard_pick(*actions, &mut ui, scene) {
                wanted.push(Command::Card(card.index() as u8));
            }
        }
    }
    for c in wanted {
        if c == Command::Cancel {
            ui.selected = None;
        }
        if !may_act {
            continue;
        }
        let obs = asking.m.observe(asking.seat());
        let legal = legal_for(&obs);
        let action = match c {
            Command::Card(index) => {
                let Some(card) = Card::from_index(index as usize) else {
                    continue;
                };
                if !obs.hand.contains(card) {
                    continue;
                }
                let uses = offered(&legal, obs.table.phase, Some(card));
                match (obs.table.phase, uses.len()) {
                    (Phase::Play, 1) => Some(uses[0]),
                    (Phase::Play | Phase::PassCards, n) if n > 0 => {
                        ui.selected = Some(card);
                        None
                    }
                    _ => None,
                }
            }
            Command::Choose(i) => offered(&legal, obs.table.phase, ui.selected)
                .get(i)
                .copied(),
            _ => None,
        };
        ui.choices = offered(&legal, obs.table.phase, ui.selected);
        let Some(action) = action else { continue };
        // Only legal actions are offered; the referee checks again.
        if legal.contains(&action) {
            ui.selected = None;
            if matches!(action, Action::Play { .. }) {
                cues.write(Cue::Move);
            } else {
                cues.write(Cue::Button);
            }
            asking.ask(action);
            break;
        }
    }
}
