//! Clicks and choices become the viewer's actions. A click on a square
//! selects a piece, moves it, flips it, or picks an empty square for a
//! setup placement or a drop; what cannot be told by a square alone (which
//! piece and face to place or drop, a plain capture or a Reality Check,
//! take or refuse) is a numbered choice in the side panel (digits 1–6).
//! A click on a piece of the viewer's hand holds it: its drop targets are
//! marked, and a click on one drops it (the face is chosen in the panel).

use bevy::prelude::*;
use veil_reality_check::{Action, Kind, Phase, RealityCheck, Square};

use super::{Scene, ViewState, cell, kind_text, square};
use crate::kit::board::BoardUi;
use crate::kit::input::Command;
use crate::table::view::Asking;

/// One numbered choice of the side panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Act(Action),
    /// Start a Memory action: two enemy pieces are clicked next.
    Memory,
}

/// The viewer's choices in the making.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct RcUi {
    /// An empty square picked for a setup placement or a drop.
    pub picked: Option<Square>,
    /// A capture picked (from, to): plain or a Reality Check?
    pub capture: Option<(Square, Square)>,
    /// A Memory action being picked, with its first square once chosen.
    pub memory: Option<Option<Square>>,
    /// Strategic Retreat: the selected piece may capture this own piece
    /// (offered as a choice, since the click also selects that piece).
    pub retreat: Option<(Square, Square)>,
    /// A piece of the viewer's hand held to be dropped.
    pub held: Option<Kind>,
    /// The choices the panel offers now, numbered from 0.
    pub choices: Vec<(String, Choice)>,
}

impl RcUi {
    pub fn clear(&mut self) {
        self.picked = None;
        self.capture = None;
        self.memory = None;
        self.retreat = None;
        self.held = None;
    }
}

/// The choices for the viewer now, from the scene and what is picked.
pub fn choices_for(scene: &Scene, ui: &RcUi) -> Vec<(String, Choice)> {
    let legal = &scene.legal;
    let mut out = Vec::new();
    if legal.is_empty() {
        return out;
    }
    let mut add = |text: String, a: Action| {
        if legal.contains(&a) {
            out.push((text, Choice::Act(a)));
        }
    };
    if let Some((from, to)) = ui.capture {
        add(
            format!("Capture {from}x{to}: the piece goes to its owner's hand"),
            Action::Capture { from, to },
        );
        add(
            format!("Reality Check {from}x{to}!: both pieces are shown"),
            Action::Check { from, to },
        );
        return out;
    }
    if let Some(sq) = ui.picked {
        for a in legal {
            match *a {
                Action::Place { kind, to, up } if to == sq => add(
                    format!(
                        "Place {} on {sq}, {} up",
                        kind_text(kind, Some(up)),
                        up.letter()
                    ),
                    *a,
                ),
                Action::Drop { kind, to, up } if to == sq && ui.held.is_none_or(|h| h == kind) => {
                    add(
                        format!(
                            "Drop {} on {sq}, {} up",
                            kind_text(kind, Some(up)),
                            up.letter()
                        ),
                        *a,
                    )
                }
                _ => {}
            }
        }
        return out;
    }
    if let Some((from, to)) = ui.retreat {
        add(
            format!("Strategic Retreat {from}^{to}: your piece on {to} goes to hand"),
            Action::Retreat { from, to },
        );
    }
    match scene.phase {
        Phase::Claim { .. } => {
            add("Take the piece (and drop next turn)".into(), Action::Take);
            add("Refuse it: it leaves play".into(), Action::Refuse);
        }
        Phase::Penalty => {
            for a in legal {
                match *a {
                    Action::RemoveFromHand(k) => {
                        add(format!("Remove {} from your hand", kind_text(k, None)), *a)
                    }
                    Action::RemoveUnseen => {
                        add("Remove your first true piece (you know none)".into(), *a)
                    }
                    Action::RemoveFromBoard(sq) => add(format!("Remove the piece on {sq}"), *a),
                    _ => {}
                }
            }
        }
        Phase::Play => {
            if ui.memory.is_none() && legal.iter().any(|a| matches!(a, Action::Memory(..))) {
                out.push((
                    "Memory action: turn over two enemy pieces".into(),
                    Choice::Memory,
                ));
            }
        }
        _ => {}
    }
    out
}

/// Keeps the panel's choices in step with the scene.
pub fn sync_choices(view: Res<ViewState>, mut ui: ResMut<RcUi>) {
    let choices = match &view.scene {
        Some(scene) => choices_for(scene, &ui),
        None => Vec::new(),
    };
    if ui.choices != choices {
        ui.choices = choices;
    }
}

#[allow(clippy::too_many_arguments)]
pub fn human_input(
    mut commands: MessageReader<Command>,
    mut board: ResMut<BoardUi>,
    mut ui: ResMut<RcUi>,
    view: Res<ViewState>,
    mut asking: Asking<RealityCheck>,
) {
    for c in commands.read() {
        if *c == Command::Cancel {
            ui.clear();
            board.selected = None;
            continue;
        }
        let Some(scene) = view.scene.as_ref().filter(|_| asking.may_act()) else {
            continue;
        };
        let mut request = |a: Action, ui: &mut RcUi, board: &mut BoardUi| {
            ui.clear();
            board.selected = None;
            asking.ask(a);
        };
        match c {
            Command::Choose(i) => match ui.choices.get(*i).map(|c| c.1) {
                Some(Choice::Act(a)) => request(a, &mut ui, &mut board),
                Some(Choice::Memory) => {
                    ui.clear();
                    board.selected = None;
                    ui.memory = Some(None);
                }
                None => {}
            },
            Command::Square(c) => {
                let Some(sq) = square(*c).filter(|s| scene.layout.contains(*s)) else {
                    continue;
                };
                on_square(scene, sq, &mut ui, &mut board, &mut request);
            }
            _ => {}
        }
    }
}

fn on_square(
    scene: &Scene,
    sq: Square,
    ui: &mut RcUi,
    board: &mut BoardUi,
    request: &mut impl FnMut(Action, &mut RcUi, &mut BoardUi),
) {
    let legal = &scene.legal;
    let has = |a: Action| legal.contains(&a);
    match scene.phase {
        Phase::Setup => {
            let placeable = legal
                .iter()
                .any(|a| matches!(a, Action::Place { to, .. } if *to == sq));
            ui.clear();
            ui.picked = placeable.then_some(sq);
        }
        Phase::Flip { .. } => {
            if has(Action::Flip(sq)) {
                request(Action::Flip(sq), ui, board);
            }
        }
        Phase::Penalty => {
            if has(Action::RemoveFromBoard(sq)) {
                request(Action::RemoveFromBoard(sq), ui, board);
            }
        }
        Phase::Play => {
            if let Some(kind) = ui.held {
                let drops: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, Action::Drop { kind: k, to, .. } if *k == kind && *to == sq))
                    .collect();
                match drops.as_slice() {
                    // Not a target: let go, and take the click as any other.
                    [] => ui.clear(),
                    [only] => return request(*only, ui, board),
                    _ => {
                        // Which face up: the panel asks.
                        board.selected = None;
                        ui.picked = Some(sq);
                        return;
                    }
                }
            }
            if let Some(first) = ui.memory {
                let enemy = scene
                    .piece(sq)
                    .is_some_and(|p| p.color != scene.viewer_side());
                match first {
                    _ if !enemy => ui.clear(),
                    None => ui.memory = Some(Some(sq)),
                    Some(a) if a == sq => ui.memory = Some(None),
                    Some(a) => {
                        if has(Action::Memory(a, sq)) {
                            request(Action::Memory(a, sq), ui, board);
                        } else if has(Action::Memory(sq, a)) {
                            request(Action::Memory(sq, a), ui, board);
                        }
                    }
                }
                return;
            }
            if let Some(from) = board.selected.and_then(square) {
                let to = sq;
                if has(Action::Move { from, to }) {
                    request(Action::Move { from, to }, ui, board);
                    return;
                }
                if has(Action::Retreat { from, to }) {
                    ui.clear();
                    ui.retreat = Some((from, to));
                    let c = cell(sq);
                    board.selected = board.moves.iter().any(|(f, _)| *f == c).then_some(c);
                    return;
                }
                if has(Action::Capture { from, to }) || has(Action::Check { from, to }) {
                    ui.clear();
                    board.selected = None;
                    ui.capture = Some((from, to));
                    return;
                }
            }
            ui.clear();
            let c = cell(sq);
            if board.selected != Some(c) && board.moves.iter().any(|(f, _)| *f == c) {
                board.selected = Some(c);
                return;
            }
            board.selected = None;
            let droppable = legal
                .iter()
                .any(|a| matches!(a, Action::Drop { to, .. } if *to == sq));
            ui.picked = droppable.then_some(sq);
        }
        _ => {}
    }
}

/// A click on a piece of the viewer's own hand holds it (a second click on
/// it lets go): its drop targets are marked, a click on one drops it.
#[allow(clippy::too_many_arguments)]
pub fn click_hand(
    pointer: Res<crate::kit::input::Pointer>,
    window: Option<Single<&Window, With<bevy::window::PrimaryWindow>>>,
    camera: Query<(&Transform, &Projection), With<Camera2d>>,
    discs: Query<(&super::draw::HandDisc, &GlobalTransform, &Sprite)>,
    view: Res<ViewState>,
    asking: Asking<RealityCheck>,
    mut board: ResMut<BoardUi>,
    mut ui: ResMut<RcUi>,
) {
    let Some(tap) = pointer.tap else {
        return;
    };
    // Picking up from the hand needs no stillness: it asks nothing yet.
    let may = asking.viewer_to_act();
    let Some(scene) = view
        .scene
        .as_ref()
        .filter(|s| may && s.phase == Phase::Play)
    else {
        return;
    };
    let Some(world) = window.and_then(|w| crate::table::fit::point_in_world(&w, &camera, tap))
    else {
        return;
    };
    let mine = scene.viewer_side().index() as u8;
    let hit = discs.iter().find_map(|(disc, at, sprite)| {
        let r = sprite.custom_size.map_or(20.0, |s| s.x / 2.0);
        (disc.owner == mine && world.distance(at.translation().truncate()) <= r)
            .then_some(disc.kind)
            .flatten()
    });
    let Some(kind) = hit else { return };
    let droppable = scene
        .legal
        .iter()
        .any(|a| matches!(a, Action::Drop { kind: k, .. } if *k == kind));
    let again = ui.held == Some(kind);
    ui.clear();
    board.selected = None;
    if droppable && !again {
        ui.held = Some(kind);
    }
}
