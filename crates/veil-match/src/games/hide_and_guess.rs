//! Hide and Guess: triangles as everyone sees them; what was hidden, and how
//! a thumb went before the reveal, stay private.

use veil_core::Seat;
use veil_hide_and_guess::{Action, HideAndGuess, HideAndGuessView, Triangle};

use crate::MatchGame;

fn name(seat: Seat) -> &'static str {
    HideAndGuess::seat_name(seat)
}

impl MatchGame for HideAndGuess {
    fn move_text(after: &HideAndGuessView) -> Option<String> {
        // Without the action: the newest triangle, as everyone sees it.
        let t = after.table.triangles.last()?;
        Some(triangle_line(after.table.triangles.len() - 1, t))
    }

    fn action_text(seat: Seat, action: &Action, after: &HideAndGuessView) -> Option<String> {
        let name = name(seat);
        let table = &after.table;
        Some(match action {
            // What was hidden, and how a thumb went before the reveal, stay private.
            Action::ChooseSecret(_) => {
                let mut text = format!("{name} hid a secret");
                if let (Some(first), true) = (table.first_player, table.triangles.is_empty()) {
                    text += &format!("; {} starts", self::name(first));
                }
                text
            }
            Action::Vote(_) => match table.triangles.last() {
                Some(t) if t.votes.is_some() => {
                    format!("thumbs on {}: {}", t.pieces, thumbs_text(t))
                }
                _ => format!("{name} voted"),
            },
            Action::Build(p) => format!("{name} built {p} ({p:#})"),
            Action::EndByBuild => format!("{name} chose to build: nothing new can be built"),
            Action::Guess(p) => {
                let right = table.guesses.last().is_some_and(|g| g.correct);
                format!(
                    "{name} guessed {p}: {}",
                    if right { "right!" } else { "wrong" }
                )
            }
            Action::FirstPlayer(s) => format!("{} starts", self::name(*s)),
        })
    }

    fn revealed(state: &Self, seat: Seat) -> Option<HideAndGuessView> {
        Some(HideAndGuess::revealed(state, seat))
    }
    /// The hidden secret's pieces, as a guess names them ("QBBNP").
    fn fact_text(_: &Self, fact: veil_core::Fact) -> Option<String> {
        veil_hide_and_guess::Pieces::secrets()
            .get(usize::from(fact.what))
            .map(|p| p.to_string())
    }
}

/// "Player 1 UP, Player 2 DOWN" for a triangle whose thumbs are revealed.
pub fn thumbs_text(t: &Triangle) -> String {
    match t.votes {
        Some(v) => format!(
            "{} {}, {} {}",
            name(Seat(0)),
            up_down(v[0]),
            name(Seat(1)),
            up_down(v[1])
        ),
        None => "vote open".into(),
    }
}

pub fn up_down(up: bool) -> &'static str {
    if up { "UP" } else { "DOWN" }
}

/// "▲2 ♘♗♙ by Player 1: Player 1 UP, Player 2 DOWN".
pub fn triangle_line(index: usize, t: &Triangle) -> String {
    format!(
        "▲{} {} by {}: {}",
        index + 1,
        t.pieces,
        name(t.builder),
        thumbs_text(t)
    )
}
