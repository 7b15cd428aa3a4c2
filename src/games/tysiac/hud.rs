//! The Tysiąc side panel: the phase, the bids, the choices, the score sheet and the hand's summary.

use super::*;
use crate::table::panel::SidePanel;
pub use veil_match::games::tysiac::hand_text;

/// The words of a choice on the panel.
pub fn choice_text(action: &Action, bid: u16) -> String {
    match *action {
        Action::Pass => "Pass".into(),
        Action::Bid(b) => format!("{b}"),
        Action::TakePrikup => "Take the prikup".into(),
        Action::Rospisat => "Rospisat': give up the hand (each opponent scores 60, you get a P; every third P costs 120)".into(),
        Action::Give { card, to } => format!("Give {card} to {}", name(to)),
        Action::Redeal => "Four nines: deal again".into(),
        Action::PlayOn => "Four nines: play on".into(),
        Action::Raise(b) if b == bid => format!("Play for {b}"),
        Action::Raise(b) => format!("{b}"),
        Action::Play {
            card,
            marriage: true,
        } => format!(
            "Play {card} and announce the marriage (+{}, {} trump)",
            card.suit().marriage(),
            card.suit()
        ),
        Action::Play {
            card,
            marriage: false,
        } => format!("Play {card} without announcing"),
        other => other.to_string(),
    }
}

pub(super) fn phase_text(obs: &TysiacView, m: &Match<Tysiac>) -> String {
    let t = &obs.table;
    let Some(seat) = m.to_act() else {
        return match m.turn() {
            Turn::Over => "The match is over".into(),
            _ => "…".into(),
        };
    };
    let who = if seat == obs.seat {
        "You".to_owned()
    } else {
        name(seat).to_owned()
    };
    let thinking = !m.seat_kind(seat).is_human();
    let doing = match t.phase {
        Phase::Bidding => format!("bid above {} or pass", t.bid),
        Phase::Prikup => "take the prikup".into(),
        Phase::PassCards => "give a card to each opponent".into(),
        Phase::FourNines if seat == obs.seat => "the four nines".into(),
        Phase::FourNines => "decide on the four nines".into(),
        Phase::Raise => format!("keep the bid of {} or raise it", t.bid),
        Phase::Play => "play a card".into(),
        _ => "wait".into(),
    };
    if thinking {
        format!("{who} is thinking ({doing})…")
    } else if seat == obs.seat {
        format!("Your turn: {doing}")
    } else {
        format!("{who}: {doing}")
    }
}

pub(super) fn hud(
    mut panel: SidePanel<Tysiac>,
    view: Res<ViewState>,
    mut tui: ResMut<TysiacUi>,
) -> Result {
    panel.show(view.obs.as_ref(), |ui, obs, section| {
        let (m, viewer) = (section.m, section.viewer);
        let t = &obs.table;
        ui.heading(format!("You are {}", name(viewer)));
        ui.label(egui::RichText::new(phase_text(obs, m)).size(18.0));
        if m.is_thinking() {
            ui.add(egui::Spinner::new());
        }
        ui.separator();
        // The contract and the trump, always in view.
        let trump = t.trump.map_or("none yet".to_owned(), |s| format!("{s}"));
        ui.label(
            egui::RichText::new(format!("Trump: {trump}"))
                .size(20.0)
                .strong(),
        );
        match t.declarer {
            Some(d) => ui.label(format!("{} plays for {}", name(d), t.bid)),
            None => ui.label(format!("Highest bid: {} ({})", t.bid, name(t.bidder))),
        };
        for (s, suit) in &t.marriages {
            ui.label(format!(
                "{} announced the {suit} marriage (+{})",
                name(*s),
                suit.marriage()
            ));
        }
        if let (Some(p), true) = (t.prikup, t.phase != Phase::Prikup) {
            ui.label(format!("The prikup was {p}"));
        }
        if let Some(card) = obs.received {
            ui.label(format!(
                "{} gave you {card}",
                name(t.declarer.unwrap_or(t.bidder))
            ));
        }
        for (i, g) in obs.gave.iter().enumerate() {
            if let Some(card) = g {
                ui.label(format!("You gave {card} to {}", name(Seat(i as u8))));
            }
        }
        if matches!(t.phase, Phase::Play | Phase::Over) {
            ui.label(format!(
                "Points this hand: {}",
                Seat::all(3)
                    .map(|s| format!("{} {}", name(s), t.points[s.index()]))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        // The viewer's choices: only the engine's legal actions.
        if !tui.choices.is_empty() {
            ui.separator();
            ui.label(egui::RichText::new("Your call").strong());
            calls(ui, &mut tui, obs, section.out, true);
        } else if !tui.usable.is_empty() {
            ui.separator();
            ui.label(crate::kit::touch::words(
                ui.ctx(),
                match t.phase {
                    Phase::PassCards => "Click a card to give away.",
                    _ => "Click a card to play it (or the arrow keys and Enter).",
                },
            ));
        }
        if m.is_hinting() {
            ui.label("Looking for a hint…");
        } else if let Some(hint) = m.hint {
            ui.label(format!("Hint: {}", choice_text(&hint, t.bid)));
        }
        ui.separator();
        ui.label(egui::RichText::new("Bidding").strong());
        ui.label(
            t.calls
                .iter()
                .map(|c| match c.bid {
                    Some(b) => format!("{} {b}", name(c.seat)),
                    None => format!("{} pass", name(c.seat)),
                })
                .collect::<Vec<_>>()
                .join(" · "),
        );
        ui.separator();
        ui.label(format!(
            "Scores: {}",
            Seat::all(3)
                .map(|s| format!("{} {}", name(s), t.standings[s.index()].score))
                .collect::<Vec<_>>()
                .join(", ")
        ));
        let hint = m.seat_kind(viewer).is_human() && m.to_act() == Some(viewer);
        section.controls(ui, hint, None, |ui| {
            if ui.button("Score sheet").clicked() {
                tui.score_sheet = !tui.score_sheet;
            }
        });
        ui.separator();
        panel::move_list(ui, m.log(), None, 200.0);
    })
}

/// The viewer's calls: the bid stepper over the legal bids or raises, the
/// pass, and a button for every other choice (the prikup, Rospisat', a
/// give, the four nines with its wait). `wide`: the side panel, where
/// Rospisat' is explained in full; on the table, a short word and a hover.
fn calls(
    ui: &mut egui::Ui,
    tui: &mut TysiacUi,
    obs: &TysiacView,
    out: &mut MessageWriter<Command>,
    wide: bool,
) {
    let t = &obs.table;
    if t.phase == Phase::FourNines {
        let holder = tui.choices.contains(&Action::Redeal);
        ui.label(if holder {
            "You hold all four nines: you may show them and have the hand dealt again."
        } else {
            "A player holding all four nines may now have the hand dealt again. You need not answer."
        });
        let left = (NINES_WAIT - tui.nines_wait).max(0.0).ceil();
        ui.label(format!("Playing on in {left} s."));
    }
    // Bids and raises on a stepper over the legal range, not a button for
    // every number.
    let ladder = tui.ladder();
    if !ladder.is_empty() {
        let rung = tui.rung(&ladder);
        let (index, call) = ladder[rung];
        // Wrapped: with a finger's larger buttons the row is wider than a
        // phone's panel, and "Call it" goes to the next line.
        ui.horizontal_wrapped(|ui| {
            if ui.add_enabled(rung > 0, egui::Button::new(" − ")).clicked() {
                tui.step_call(-1);
            }
            let text = choice_text(&call, t.bid);
            ui.label(egui::RichText::new(text).size(22.0).strong());
            if ui
                .add_enabled(rung + 1 < ladder.len(), egui::Button::new(" + "))
                .clicked()
            {
                tui.step_call(1);
            }
            if ui.button("Call it (Enter)").clicked() {
                out.write(Command::Choose(index));
            }
        });
        let numbers: Vec<u16> = ladder
            .iter()
            .filter_map(|(_, a)| match a {
                Action::Bid(b) | Action::Raise(b) => Some(*b),
                _ => None,
            })
            .collect();
        let pass = ladder.iter().find(|(_, a)| *a == Action::Pass);
        if let (Some(lo), Some(hi)) = (numbers.first(), numbers.last()) {
            ui.small(format!(
                "From {lo} to {hi}{}; ↑ ↓ step, Enter calls.",
                if pass.is_some() { ", or pass" } else { "" }
            ));
        }
        if let Some((i, _)) = pass {
            if ui.button("Pass").clicked() {
                out.write(Command::Choose(*i));
            }
        }
    }
    ui.horizontal_wrapped(|ui| {
        for (i, a) in tui.choices.iter().enumerate() {
            if ladder.iter().any(|(j, _)| *j == i) {
                continue;
            }
            let button = if *a == Action::Rospisat && !wide {
                ui.button("Rospisat'").on_hover_text(choice_text(a, t.bid))
            } else {
                ui.button(choice_text(a, t.bid))
            };
            if button.clicked() {
                out.write(Command::Choose(i));
            }
        }
    });
}

/// With the side panel folded (a narrow window starts so), the viewer's
/// turn is still on the table: what to do, and the calls, in a box between
/// the trick and the hand.
pub(super) fn folded_calls(
    mut contexts: EguiContexts,
    view: Res<ViewState>,
    mut tui: ResMut<TysiacUi>,
    asking: Asking<Tysiac>,
    mut out: MessageWriter<Command>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Query<(&Transform, &Projection), With<Camera2d>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (Some(obs), Some(window)) = (&view.obs, window) else {
        return Ok(());
    };
    if crate::kit::widgets::side_panel_open(ctx) || !asking.viewer_to_act() {
        return Ok(());
    }
    let Ok((camera, projection)) = camera.single() else {
        return Ok(());
    };
    let at = crate::table::fit::world_to_window(
        window.size(),
        TABLE + Vec2::new(0.0, -190.0),
        camera,
        projection,
    );
    egui::Area::new(egui::Id::new("tysiac-folded-calls"))
        .pivot(egui::Align2::CENTER_CENTER)
        .fixed_pos(egui::pos2(at.x, at.y))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(420.0);
                ui.label(egui::RichText::new(phase_text(obs, &asking.m)).strong());
                if !tui.choices.is_empty() {
                    calls(ui, &mut tui, obs, &mut out, false);
                }
            });
        });
    Ok(())
}

pub(super) fn standing_text(st: &veil_tysiac::Standing) -> String {
    let mut out = format!("{}", st.score);
    if let Some(h) = st.barrel {
        out.push_str(&format!(" · on the barrel ({}/3)", h + 1));
    }
    if st.lines > 0 {
        out.push_str(&format!(" · {}", "—".repeat(st.lines as usize)));
    }
    if st.p_marks > 0 {
        out.push_str(&format!(" · {}", "P".repeat(st.p_marks as usize)));
    }
    out
}

/// The score sheet: every hand of the match, the barrel, lines and P marks.
pub(super) fn score_sheet(
    mut contexts: EguiContexts,
    view: Res<ViewState>,
    mut tui: ResMut<TysiacUi>,
) -> Result {
    let Some(obs) = &view.obs else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let mut open = tui.score_sheet;
    let t = &obs.table;
    egui::Window::new("Score sheet")
        .open(&mut open)
        .default_width(560.0)
        .default_pos([40.0, 80.0])
        .show(ctx, |ui| {
            egui::Grid::new("sheet").striped(true).show(ui, |ui| {
                ui.strong("#");
                ui.strong("hand");
                for s in Seat::all(3) {
                    ui.strong(name(s));
                }
                ui.end_row();
                for (i, h) in t.history.iter().enumerate() {
                    ui.label(format!("{}", i + 1));
                    ui.label(hand_text(h));
                    for s in 0..3 {
                        ui.label(format!("{:+} = {}", h.changes[s], h.scores[s]));
                    }
                    ui.end_row();
                }
                ui.label("");
                ui.strong("now");
                for s in 0..3 {
                    ui.strong(standing_text(&t.standings[s]));
                }
                ui.end_row();
            });
            ui.small("— a horizontal line (an opponent who took nothing; every third costs 120) · P a Rospisat' (every third costs 120) · the barrel: 880, three hands to make a bid.");
        });
    if tui.score_sheet != open {
        tui.score_sheet = open;
    }
    Ok(())
}

/// After each hand, what happened in it.
pub(super) fn hand_summary(
    mut contexts: EguiContexts,
    view: Res<ViewState>,
    mut tui: ResMut<TysiacUi>,
) -> Result {
    let Some(obs) = &view.obs else { return Ok(()) };
    let t = &obs.table;
    if t.history.len() <= tui.summaries_seen {
        return Ok(());
    }
    let Some(h) = t.history.last() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut close = false;
    egui::Window::new(format!("Hand {}", t.history.len()))
        .default_pos([60.0, 120.0])
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(hand_text(h)).size(18.0));
            for s in Seat::all(3) {
                ui.label(format!(
                    "{}: took {}, {:+} = {}",
                    name(s),
                    h.points[s.index()],
                    h.changes[s.index()],
                    h.scores[s.index()]
                ));
            }
            if ui.button("Continue").clicked() {
                close = true;
            }
        });
    if close {
        tui.summaries_seen = t.history.len();
    }
    Ok(())
}
