//! Secret King on the chess table: its scene, move text, secrets and privacy.

use super::*;

impl GameView for SecretKing {
    fn fact_words(fact: veil_core::Fact) -> (String, String) {
        let place = Self::fact_cell(fact.place).map_or_else(|| "?".into(), cell_name);
        (place, "Secret King".into())
    }

    fn fact_cell(place: u16) -> Option<Cell> {
        let square = u8::try_from(place).ok().filter(|p| *p < 100)?;
        Some(cell_of(Square(square), 10))
    }

    fn needs_privacy(previous: &SecretKingView, next: &SecretKingView) -> bool {
        SecretKing::scene(previous).private_knowledge()
            || SecretKing::scene(next).private_knowledge()
    }

    const RULES_TITLE: &'static str = "Secret King rules";
    const RULES: &'static [&'static str] = SECRET_KING_RULES;
    const HOW_TO: &'static [crate::kit::widgets::HowToStep] = super::rules::SECRET_KING_HOW_TO;
    const PRIVACY: (&'static str, &'static str) =
        ("Each side has a secret the other must not see.", "board");

    fn options_ui(ui: &mut egui::Ui, _: &mut veil_secret_king::SecretKingOptions) {
        ui.label("Secret King has no options: its rules are under Rules (F1) in the game.");
    }

    fn finish(
        result: &mut MatchResult,
        views: &[SecretKingView],
        _: Seat,
        commands: &mut Commands,
    ) {
        finish_record::<SecretKing>(result, views, commands);
    }
}

impl ChessGame for SecretKing {
    const NAME: &'static str = "Secret King";
    const FILES: u8 = 10;
    const HIDES: bool = false;

    fn scene(v: &SecretKingView) -> Scene {
        let me = v.color();
        let over = v.outcome.is_some();
        let board = seen_board(v.position.board().pieces(), 10);
        let mut secrets = Vec::new();
        let mut own = Vec::new();
        let mut notes = Vec::new();
        for color in Side::ALL {
            let c = color.index();
            let name = side_name(c as u8);
            // `kings` holds the own Secret King, the enemy's only once it
            // was revealed (both once the game is over).
            if let Some(k) = v.kings[c] {
                let at = cell_of(k, 10);
                if !v.revealed[c] {
                    secrets.push((c as u8, SecretMark::SecretKing(at)));
                    if color == me && !over {
                        own.push(format!(
                            "Your Secret King is the Knight on {}.",
                            cell_name(at)
                        ));
                    } else {
                        own.push(format!(
                            "{name}'s Secret King was the Knight on {}.",
                            cell_name(at)
                        ));
                    }
                }
            }
            if v.revealed[c] {
                notes.push(format!("{name}'s Secret King is revealed: a King."));
            } else if v.chosen[c] {
                notes.push(format!(
                    "{name}'s Secret King hides among {} Knights.",
                    v.candidates[c].len()
                ));
            } else {
                notes.push(format!("{name} is choosing a Secret King."));
            }
        }
        let last_move = v
            .history
            .last()
            .map(|p| (cell_of(p.mv.from(), 10), cell_of(p.mv.to(), 10)));
        let check = if !over && v.position.is_check() {
            v.position
                .board()
                .king_of(v.position.turn())
                .map(|k| cell_of(k, 10))
        } else {
            None
        };
        let setup = matches!(v.turn, Turn::Simultaneous(_));
        Scene {
            viewer: v.seat.0,
            files: 10,
            ranks: 10,
            board,
            secrets,
            last_move,
            castle_rook: None,
            check,
            to_act: match v.turn {
                Turn::Seat(s) => Some(s.0),
                _ => None,
            },
            setup,
            setting_up: matches!(v.turn, Turn::Simultaneous(set) if set.contains(v.seat)),
            over,
            history: v
                .history
                .iter()
                .map(veil_match::games::chess::secret_king_move_text)
                .collect(),
            notes,
            own,
        }
    }

    fn actions(v: &SecretKingView) -> Actions<veil_secret_king::Action> {
        let mut out = Actions::default();
        for m in v.legal_moves() {
            let label = match m.promotion_role() {
                Some(r) => format!("Promote to {}", r.name()),
                None => "Stay a pawn".to_owned(),
            };
            out.board.push((
                cell_of(m.from(), 10),
                cell_of(m.to(), 10),
                label,
                veil_secret_king::Action::Move(m),
            ));
        }
        sort_promotions(&mut out.board);
        out
    }

    fn setup_piece(v: &SecretKingView, cell: Cell) -> bool {
        v.choices().contains(&square_of(cell, 10))
    }

    fn setup_action(
        v: &SecretKingView,
        _hiding: Option<Cell>,
        piece: Option<Cell>,
    ) -> Option<veil_secret_king::Action> {
        let sq = square_of(piece?, 10);
        v.choices()
            .contains(&sq)
            .then_some(veil_secret_king::Action::ChooseKing(sq))
    }

    fn action_cells(a: veil_secret_king::Action) -> Option<(Cell, Cell)> {
        match a {
            veil_secret_king::Action::Move(m) => Some((cell_of(m.from(), 10), cell_of(m.to(), 10))),
            _ => None,
        }
    }

    fn action_text(a: veil_secret_king::Action) -> String {
        a.to_string()
    }

    fn rules() -> &'static [&'static str] {
        SECRET_KING_RULES
    }

    fn setup_prompt(_hiding: Option<Cell>, piece: Option<Cell>) -> String {
        match piece {
            None => "Click one of your Knights: it will secretly be your King.".into(),
            Some(c) => format!(
                "Your Secret King is the Knight on {}. Confirm, or click another Knight.",
                cell_name(c)
            ),
        }
    }

    fn start_fen(_: &SecretKingView) -> String {
        SecretKing::new(&Default::default(), 2)
            .map(|g| g.observe(Seat(0)).position.to_fen())
            .unwrap_or_default()
    }

    fn record(views: &[SecretKingView; 2]) -> (Vec<(String, String)>, String, Vec<String>) {
        let mut secrets = Vec::new();
        for color in Side::ALL {
            let c = color.index();
            let v = &views[c];
            // Where the Secret King stands at the end, followed back through
            // the moves to the Knight chosen before the first one: the last
            // move onto its square was its own (an enemy capture there
            // revealed it and left it standing).
            // Taken by the enemy Secret King (which won at once): it stood
            // where that capture landed.
            let taken = v
                .history
                .iter()
                .rev()
                .find(|p| p.color != color && p.reveal.is_some_and(|r| r.secret_king))
                .map(|p| p.mv.to());
            let text = match v.kings[c].or(taken) {
                Some(mut sq) => {
                    let end = sq;
                    for p in v.history.iter().rev() {
                        if p.mv.to() == sq && p.color == color {
                            sq = p.mv.from();
                        }
                    }
                    let mut t = format!("the Knight on {}", cell_name(cell_of(sq, 10)));
                    if end != sq {
                        t.push_str(&format!(" (at the end on {})", cell_name(cell_of(end, 10))));
                    }
                    if v.kings[c].is_none() {
                        t.push_str(", taken by the enemy Secret King");
                    } else if v.revealed[c] {
                        t.push_str(", revealed during the game");
                    }
                    t
                }
                None => "a Knight the record cannot tell".to_owned(),
            };
            secrets.push(format!("{} chose {text}", side_name(c as u8)));
        }
        (
            Vec::new(),
            secrets.join("; "),
            views[0]
                .history
                .iter()
                .map(veil_match::games::chess::secret_king_move_text)
                .collect(),
        )
    }
}
