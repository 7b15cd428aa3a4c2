//! The player's picks and votes, turned into action requests.

use bevy::window::PrimaryWindow;

use crate::kit::input::Pointer;

use super::*;

/// A click on a piece of the supply picks one of its kind, as the panel's
/// "+" does (for the triangle being built, the guess or the secret); a
/// click on a triangle puts its three pieces in a guess.
pub(super) fn click_supply(
    pointer: Res<Pointer>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Query<(&Transform, &Projection), With<Camera2d>>,
    pieces: Query<(&HagPiece, &GlobalTransform)>,
    mut out: MessageWriter<HagCommand>,
) {
    let (Some(pos), Some(window)) = (pointer.tap, window) else {
        return;
    };
    let Some(world) = crate::table::fit::point_in_world(&window, &camera, pos) else {
        return;
    };
    let hit = pieces.iter().find(|(p, at)| {
        let radius = match p.spot {
            Spot::Supply(_) => SMALL / 2.0,
            Spot::Triangle { .. } => TRI / 2.0,
            _ => return false,
        };
        at.translation().truncate().distance(world) <= radius
    });
    let Some((hit, _)) = hit else { return };
    match hit.spot {
        Spot::Supply(_) => {
            out.write(HagCommand::AddPiece(hit.kind.letter()));
        }
        // A triangle's pieces are what a guess is made of: a click on one
        // starts a guess with its three (on your turn; a vote ignores it).
        Spot::Triangle { index, .. } => {
            out.write(HagCommand::Guessing(true));
            for (p, _) in &pieces {
                if matches!(p.spot, Spot::Triangle { index: i, .. } if i == index) {
                    out.write(HagCommand::AddPiece(p.kind.letter()));
                }
            }
        }
        _ => {}
    }
}

/// The viewer's picks and buttons become actions when it is their turn.
pub(super) fn human_acts(
    mut commands: MessageReader<Command>,
    mut hag: MessageReader<HagCommand>,
    mut picker: ResMut<Picker>,
    mut finishing: ResMut<Finishing>,
    mut asking: Asking<HideAndGuess>,
) {
    // The table's shared commands and the game's own, as one stream.
    let inputs: Vec<Result<Command, HagCommand>> = commands
        .read()
        .cloned()
        .map(Ok)
        .chain(hag.read().copied().map(Err))
        .collect();
    for c in &inputs {
        if *c == Ok(Command::Confirm) && asking.m.turn() == Turn::Over {
            finishing.asked = true;
            continue;
        }
        if !asking.may_act() {
            continue;
        }
        let obs = asking.m.observe(asking.seat());
        let task = task(&obs, asking.m.turn());
        let kind_of = |l: &char| Kind::from_letter(*l);
        let add = |picker: &mut Picker, kind: Kind| {
            if may_add(task, picker.guessing, &obs.table, picker.pieces, kind) {
                picker.pieces = picker.pieces.with(kind).unwrap_or(picker.pieces);
                picker.repeat_warning = false;
            }
        };
        let action = match c {
            Err(HagCommand::AddPiece(l)) => {
                if let Some(kind) = kind_of(l) {
                    add(&mut *picker, kind);
                }
                None
            }
            // Keys 1 and 2 are the thumbs in a vote; 1 to 6 add a king … a
            // pawn in a dialog.
            Ok(Command::Choose(i)) if task == Task::Vote => match i {
                0 => Some(Action::Vote(true)),
                1 => Some(Action::Vote(false)),
                _ => None,
            },
            Ok(Command::Choose(i)) => {
                if let Some(kind) = Kind::ALL.get(*i) {
                    add(&mut *picker, *kind);
                }
                None
            }
            // Escape empties the dialog.
            Ok(Command::Cancel) => {
                picker.pieces = Pieces::EMPTY;
                picker.repeat_warning = false;
                None
            }
            Err(HagCommand::RemovePiece(l)) => {
                if let Some(one) = kind_of(l).and_then(|k| Pieces::EMPTY.with(k)) {
                    if let Some(rest) = picker.pieces.minus(one) {
                        picker.pieces = rest;
                        picker.repeat_warning = false;
                    }
                }
                None
            }
            Err(HagCommand::Guessing(on)) => {
                if task == Task::BuildOrGuess && picker.guessing != *on {
                    *picker = Picker {
                        guessing: *on,
                        ..Picker::default()
                    };
                }
                None
            }
            Err(HagCommand::Thumb(up)) => (task == Task::Vote).then_some(Action::Vote(*up)),
            Ok(Command::Confirm) => match picked_action(task, &picker, &obs.table) {
                Some(Action::Guess(p)) if obs.is_repeated_guess(p) && !picker.repeat_warning => {
                    // Legal, but worth a second thought.
                    picker.repeat_warning = true;
                    None
                }
                other => other,
            },
            _ => None,
        };
        if let Some(action) = action {
            // Offered only when legal; the referee checks it again.
            *picker = Picker::default();
            asking.ask(action);
        }
    }
}
