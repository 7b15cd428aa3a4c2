//! Clicks and keys on the Jieqi board, turned into action requests.

use super::*;

/// Clicks and keys on the board become moves for the viewer, when it is the
/// viewer's turn.
pub(super) fn human_moves(
    mut commands: MessageReader<Command>,
    mut ui: ResMut<BoardUi>,
    mut asking: Asking<Jieqi>,
) {
    for c in commands.read() {
        match c {
            Command::Square(cell) => {
                if !asking.may_act() {
                    continue;
                }
                if let Some(mv) = ui.click(*cell) {
                    let (Some(from), Some(to)) = (square(mv.from), square(mv.to)) else {
                        continue;
                    };
                    asking.ask(Action::Move(Move::new(from, to)));
                }
            }
            Command::Cancel => ui.selected = None,
            _ => {}
        }
    }
}
