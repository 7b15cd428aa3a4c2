//! Clicks and keys on the chess board, turned into action requests.

use super::*;

/// Clicks, keys and menu choices become the viewer's actions, when it is
/// the viewer's turn: secret picks in the setup, moves on the board, and
/// the numbered choices (confirm, promotion, reveal, retire).
pub(super) fn human_input<G: ChessGame>(
    mut commands: MessageReader<Command>,
    mut ui: ResMut<BoardUi>,
    mut input: ResMut<ChessInput<G>>,
    mut asking: Asking<G>,
    mut cues: MessageWriter<Cue>,
) {
    let seat = asking.seat();
    for c in commands.read() {
        let may_act = asking.may_act();
        let m = &asking.m;
        let mut play: Option<G::Action> = None;
        match c {
            Command::Square(cell) => {
                // A click off the board (or a stray command) is no square.
                if !may_act || cell.file >= G::FILES || cell.rank >= G::FILES {
                    continue;
                }
                let view = m.observe(seat);
                if input.setting_up {
                    if G::HIDES && input.hiding.is_none() {
                        input.hiding = Some(*cell);
                    } else if G::setup_piece(&view, *cell) {
                        input.piece = Some(*cell);
                    } else if G::HIDES {
                        input.hiding = Some(*cell);
                    }
                    cues.write(Cue::Button);
                    input.refresh(Some(&view));
                    continue;
                }
                input.promotion.clear();
                if let Some(mv) = ui.click(*cell) {
                    let options: Vec<(String, G::Action)> = input
                        .actions
                        .board
                        .iter()
                        .filter(|(f, t, _, _)| *f == mv.from && *t == mv.to)
                        .map(|(_, _, l, a)| (l.clone(), *a))
                        .collect();
                    match options.len() {
                        0 => {}
                        1 => play = Some(options[0].1),
                        // A promotion: the menu asks which piece.
                        _ => input.promotion = options,
                    }
                }
                input.refresh(Some(&view));
            }
            Command::Choose(i) => {
                if !may_act {
                    continue;
                }
                let Some((_, choice)) = input.choices.get(*i).cloned() else {
                    continue;
                };
                match choice {
                    Choice::Play(a) => play = Some(a),
                    Choice::StartOver => {
                        input.hiding = None;
                        input.piece = None;
                        let view = m.observe(seat);
                        input.refresh(Some(&view));
                    }
                }
            }
            Command::Cancel => {
                ui.selected = None;
                if !input.promotion.is_empty() {
                    input.promotion.clear();
                    let view = m.observe(seat);
                    input.refresh(Some(&view));
                }
            }
            _ => {}
        }
        if let Some(action) = play {
            // Offered only when legal; the referee checks again.
            input.hiding = None;
            input.piece = None;
            input.promotion.clear();
            asking.ask(action);
        }
    }
}
