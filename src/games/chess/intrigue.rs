//! Intrigue on the chess table: its scene, move text, secrets and privacy.

use super::*;
use crate::kit::widgets::explain;

pub(super) fn intrigue_turn(v: &IntrigueView) -> Option<Side> {
    let p = &v.public;
    if p.outcome.is_some() || p.chosen != [true; 2] {
        None
    } else if let Some(pending) = p.pending {
        Some(pending.color)
    } else {
        Some(p.position.turn())
    }
}

impl GameView for Intrigue {
    fn fact_words(fact: veil_core::Fact) -> (String, String) {
        let place = match Self::fact_cell(fact.place) {
            Some(cell) => cell_name(cell),
            None => format!(
                "{}-pawn",
                char::from(b'a' + fact.place.saturating_sub(64).min(7) as u8)
            ),
        };
        let what = if fact.what == Intrigue::INFORMANT {
            "Informant"
        } else {
            "King hides"
        };
        (place, what.into())
    }

    fn fact_cell(place: u16) -> Option<Cell> {
        let square = u8::try_from(place).ok().filter(|p| *p < 64)?;
        Some(cell_of(Square(square), 8))
    }

    fn needs_privacy(previous: &IntrigueView, next: &IntrigueView) -> bool {
        Intrigue::scene(previous).private_knowledge() || Intrigue::scene(next).private_knowledge()
    }

    const RULES_TITLE: &'static str = "Intrigue rules";
    const RULES: &'static [&'static str] = INTRIGUE_RULES;
    const HOW_TO: &'static [crate::kit::widgets::HowToStep] = super::rules::INTRIGUE_HOW_TO;
    const PRIVACY: (&'static str, &'static str) =
        ("Each side has a secret the other must not see.", "board");

    fn options_ui(ui: &mut egui::Ui, o: &mut veil_intrigue::IntrigueOptions) {
        ui.label("Where the Queens start:");
        let q = &mut o.queens;
        ui.radio_value(q, Queens::Home, "as in chess (d1/d8)");
        ui.radio_value(q, Queens::KingSquare, "Queen on the King's square (e1/e8)");
        ui.radio_value(q, Queens::Two, "Two Queens (d and e)");
        explain(
            ui,
            "Changes the starting position: where the Queens stand, or two of them.",
        );
        ui.checkbox(
            &mut o.atomic_king,
            "Atomic King: an appearing King also removes every piece next to it",
        );
        explain(
            ui,
            "When the hidden King is revealed it clears the squares around it.",
        );
    }

    fn finish(result: &mut MatchResult, views: &[IntrigueView], _: Seat, commands: &mut Commands) {
        finish_record::<Intrigue>(result, views, commands);
    }
}

pub(super) fn queens_name(q: Queens) -> &'static str {
    match q {
        Queens::Home => "Queens at home",
        Queens::KingSquare => "Queen on the King's square",
        Queens::Two => "Two Queens",
    }
}

impl ChessGame for Intrigue {
    const NAME: &'static str = "Intrigue";
    const FILES: u8 = 8;
    const HIDES: bool = true;

    fn scene(v: &IntrigueView) -> Scene {
        let p = &v.public;
        let me = v.color();
        let over = p.outcome.is_some();
        let board = seen_board(p.position.board().pieces(), 8);
        let mut secrets = Vec::new();
        let mut own = Vec::new();
        let mut notes = Vec::new();
        for color in Side::ALL {
            let c = color.index();
            let whose = if color == me && !over {
                "Your".to_owned()
            } else {
                format!("{}'s", side_name(c as u8))
            };
            // Only the viewer's own secret, or both once the game is over,
            // is in the observation at all.
            if let Some(s) = v.secrets[c] {
                if p.kings[c].is_none() {
                    let at = cell_of(s.hiding, 8);
                    secrets.push((c as u8, SecretMark::Hiding(at)));
                    let verb = if over { "hid" } else { "hides" };
                    own.push(format!("{whose} King {verb} on {}.", cell_name(at)));
                }
                let file = (b'a' + s.informant.min(7)) as char;
                let state = p.pawns[c]
                    .get(s.informant as usize)
                    .copied()
                    .unwrap_or(PawnState::Captured);
                let informant_text = match state {
                    PawnState::On(sq) if s.active => {
                        let at = cell_of(sq, 8);
                        secrets.push((c as u8, SecretMark::Informant(at)));
                        format!("the {file}-pawn, now on {}", cell_name(at))
                    }
                    _ if p.retired[c] => format!("the {file}-pawn (retired)"),
                    PawnState::Promoted => {
                        format!("the {file}-pawn (promoted: no longer inspected)")
                    }
                    _ => format!("the {file}-pawn (no longer inspected)"),
                };
                own.push(format!("{whose} Informant: {informant_text}."));
            }
            let name = side_name(c as u8);
            match p.kings[c] {
                Some(sq) => notes.push(format!(
                    "{name}'s King appeared on {}.",
                    cell_name(cell_of(sq, 8))
                )),
                None if p.chosen[c] => notes.push(format!("{name}'s King is hidden.")),
                None => notes.push(format!("{name} is choosing a secret.")),
            }
            if p.retired[c] {
                notes.push(format!("{name} retired its Informant."));
            }
            let cleared: Vec<String> = v
                .cleared_files(color)
                .iter()
                .map(|f| ((b'a' + f) as char).to_string())
                .collect();
            if !cleared.is_empty() && p.kings[c].is_none() && !p.retired[c] {
                notes.push(format!(
                    "{name}'s pawns known not to be its Informant: {}.",
                    cleared.join(", ")
                ));
            }
        }
        if v.options.atomic_king {
            notes.push("Atomic King: an appearing King also clears the squares around it.".into());
        }
        if v.options.queens != Queens::Home {
            notes.push(format!("{}.", queens_name(v.options.queens)));
        }
        let last_move = p
            .last_move
            .map(|m| (cell_of(m.from(), 8), cell_of(m.to(), 8)));
        let castle_rook = p.last_move.and_then(|m| {
            let rook = m.castle_rook()?;
            let crossed = Square((m.from().0 + m.to().0) / 2);
            Some((cell_of(rook, 8), cell_of(crossed, 8)))
        });
        let check = if !over && p.position.is_check() {
            p.position
                .board()
                .king_of(p.position.turn())
                .map(|k| cell_of(k, 8))
        } else {
            None
        };
        Scene {
            viewer: v.seat.0,
            files: 8,
            ranks: 8,
            board,
            secrets,
            last_move,
            castle_rook,
            check,
            to_act: intrigue_turn(v).map(|c| c.index() as u8),
            setup: !over && p.chosen != [true; 2],
            setting_up: !over && !p.chosen[me.index()],
            over,
            history: p.history.clone(),
            notes,
            own,
        }
    }

    fn actions(v: &IntrigueView) -> Actions<veil_intrigue::Action> {
        use veil_intrigue::Action;
        let mut out = Actions::default();
        if intrigue_turn(v) != Some(v.color()) {
            return out;
        }
        for a in v.legal_actions() {
            match a {
                Action::Move(m) => {
                    let label = match m.promotion_role() {
                        Some(r) => format!("Promote to {}", r.name()),
                        None => "Move".to_owned(),
                    };
                    out.board
                        .push((cell_of(m.from(), 8), cell_of(m.to(), 8), label, a));
                }
                Action::Reveal => {
                    let at = v
                        .my_secret()
                        .map(|s| cell_name(cell_of(s.hiding, 8)))
                        .unwrap_or_default();
                    out.buttons
                        .push((format!("Reveal your King on {at} (a move)"), a));
                }
                Action::Retire(true) => out
                    .buttons
                    .push(("Retire your Informant (announced to both)".into(), a)),
                Action::Retire(false) => out.buttons.push(("Keep your Informant".into(), a)),
                Action::Setup { .. } => {}
            }
        }
        // Retiring first, keeping second: the order of the question.
        out.buttons.sort_by_key(|(_, a)| *a != Action::Retire(true));
        sort_promotions(&mut out.board);
        out
    }

    fn setup_piece(v: &IntrigueView, cell: Cell) -> bool {
        v.public.pawns[v.color().index()].contains(&PawnState::On(square_of(cell, 8)))
    }

    fn setup_action(
        v: &IntrigueView,
        hiding: Option<Cell>,
        piece: Option<Cell>,
    ) -> Option<veil_intrigue::Action> {
        let hiding = square_of(hiding?, 8);
        let pawn = square_of(piece?, 8);
        let informant = v.public.pawns[v.color().index()]
            .iter()
            .position(|p| *p == PawnState::On(pawn))? as u8;
        Some(veil_intrigue::Action::Setup { hiding, informant })
    }

    fn action_cells(a: veil_intrigue::Action) -> Option<(Cell, Cell)> {
        match a {
            veil_intrigue::Action::Move(m) => Some((cell_of(m.from(), 8), cell_of(m.to(), 8))),
            _ => None,
        }
    }

    fn action_text(a: veil_intrigue::Action) -> String {
        a.to_string()
    }

    fn rules() -> &'static [&'static str] {
        INTRIGUE_RULES
    }

    fn setup_prompt(hiding: Option<Cell>, piece: Option<Cell>) -> String {
        match (hiding, piece) {
            (None, _) => "Click the square where your King will hide (any of the 64).".into(),
            (Some(_), None) => {
                "Now click one of your pawns: your Informant. (Another square moves the hiding place.)"
                    .into()
            }
            (Some(h), Some(p)) => format!(
                "Your King hides on {}, your Informant is the pawn on {}. Confirm, or click to change.",
                cell_name(h),
                cell_name(p)
            ),
        }
    }

    fn start_fen(v: &IntrigueView) -> String {
        Intrigue::new(&v.options, 2)
            .map(|g| g.observe(Seat(0)).public.position.to_fen())
            .unwrap_or_default()
    }

    fn record(views: &[IntrigueView; 2]) -> (Vec<(String, String)>, String, Vec<String>) {
        let o = views[0].options;
        let tags = vec![
            ("Queens".to_owned(), queens_name(o.queens).to_owned()),
            (
                "AtomicKing".to_owned(),
                if o.atomic_king { "yes" } else { "no" }.to_owned(),
            ),
        ];
        let mut secrets = Vec::new();
        for color in Side::ALL {
            let c = color.index();
            // Each seat's own observation holds its own secret.
            if let Some(s) = views[c].secrets[c] {
                secrets.push(format!(
                    "{} hid the King on {} with the {}-pawn as Informant",
                    side_name(c as u8),
                    cell_name(cell_of(s.hiding, 8)),
                    (b'a' + s.informant.min(7)) as char
                ));
            }
        }
        (tags, secrets.join("; "), views[0].public.history.clone())
    }
}
