//! Clicks and keys on the board: in play a stone on a legal point; in
//! counting a click on a group marks it dead (or alive again).

use bevy::prelude::*;
use veil_core::Game;
use veil_go::{Phase, Rengo, RengoAction};

use crate::kit::input::Command;
use crate::table::referee::Match;
use crate::table::view::Asking;

use super::point;

/// What a click on `p` asks for the viewer, if anything.
pub fn click_action(
    game: &Rengo,
    viewer: veil_core::Seat,
    p: veil_go::Point,
) -> Option<RengoAction> {
    if game.turn() != veil_core::Turn::Seat(viewer) {
        return None;
    }
    match game.phase() {
        Phase::Play => {
            let mut legal = Vec::new();
            game.legal_actions(veil_core::Actor::Seat(viewer), &mut legal);
            legal
                .contains(&RengoAction::Play(p))
                .then_some(RengoAction::Play(p))
        }
        Phase::Counting { .. } => {
            // A group is named by its lowest stone.
            let head = game.chain_mark(p)?;
            let mut legal = Vec::new();
            game.legal_actions(veil_core::Actor::Seat(viewer), &mut legal);
            let action = RengoAction::ToggleDead(head);
            legal.contains(&action).then_some(action)
        }
        _ => None,
    }
}

pub fn human_clicks(mut commands: MessageReader<Command>, mut asking: Asking<Rengo>) {
    for c in commands.read() {
        let Command::Square(cell) = c else { continue };
        if !asking.may_act() {
            continue;
        }
        let view = asking.m.observe(asking.seat());
        if let Some(action) = click_action(&view.game, asking.seat(), point(*cell)) {
            asking.ask(action);
        }
    }
}

/// In Rengo no seat resigns alone: the table's Resign key is put back
/// before it can be confirmed (the team asks "Shall we resign?" instead).
/// In plain Go it resigns as in every game.
pub fn no_lone_resignation(
    m: Option<Res<Match<Rengo>>>,
    mut asked: ResMut<crate::table::referee::ResignAsked>,
) {
    if m.is_some_and(|m| m.seats().len() == 4) && asked.0 {
        asked.0 = false;
    }
}
