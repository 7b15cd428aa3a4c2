//! Clicks and keys on the Jieqi board, turned into action requests.

use super::*;

/// Clicks and keys on the board become moves for the viewer, when it is the
/// viewer's turn.
pub(super) fn human_moves(
    mut commands: MessageReader<Command>,
    mut ui: ResMut<BoardUi>,
    m: Res<Match<Jieqi>>,
    viewer: Res<Viewer>,
    privacy: Res<PrivacyPending>,
    phase: Res<State<PlayPhase>>,
    animating: Res<Animating>,
    mut moved: MessageWriter<BoardMove>,
    mut requests: MessageWriter<ActionRequest<Jieqi>>,
) {
    for c in commands.read() {
        match c {
            Command::Square(cell) => {
                if *phase.get() != PlayPhase::HumanTurn || privacy.0.is_some() || animating.0 {
                    continue;
                }
                if m.to_act() != Some(viewer.0) {
                    continue;
                }
                if let Some(mv) = ui.click(*cell) {
                    moved.write(mv);
                    let (Some(from), Some(to)) = (square(mv.from), square(mv.to)) else {
                        continue;
                    };
                    requests.write(ActionRequest {
                        seat: viewer.0,
                        action: Action::Move(Move::new(from, to)),
                    });
                }
            }
            Command::Cancel => ui.selected = None,
            _ => {}
        }
    }
}
