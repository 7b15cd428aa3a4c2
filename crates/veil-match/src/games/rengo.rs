//! Rengo and plain Go: the log's entries in words, the Go engine as the
//! computer.

use veil_ai::{Duration, Level};
use veil_core::Seat;
use veil_go::player::RengoPlayer;
use veil_go::{Entry, Rengo, RengoAction, RengoView};

use crate::{MatchGame, Thinker};

impl MatchGame for Rengo {
    fn seat_name(seat: Seat) -> &'static str {
        match seat.0 {
            0 => "B1",
            1 => "W1",
            2 => "B2",
            _ => "W2",
        }
    }
    fn move_text(after: &RengoView) -> Option<String> {
        let entry = after.game.log().last()?;
        Some(entry_text(&after.game, entry))
    }
    fn computer(view: &RengoView, level: Level, seed: u64) -> Box<dyn Thinker<Rengo>> {
        Box::new(GoThinker(RengoPlayer::new(view, level, None, seed)))
    }
    fn hint(view: &RengoView, seed: u64) -> Box<dyn Thinker<Rengo>> {
        Box::new(GoThinker(RengoPlayer::new(view, Level::Normal, None, seed)))
    }
}

/// The Go engine's decision in the making, as the referee runs it.
pub struct GoThinker(pub RengoPlayer);

impl Thinker<Rengo> for GoThinker {
    fn run_for(&mut self, budget: Duration) {
        self.0.run_for(budget);
    }
    fn is_finished(&self) -> bool {
        self.0.is_finished()
    }
    fn best_action(&self) -> Option<RengoAction> {
        Some(self.0.best_action())
    }
    fn progress(&self) -> Option<(u32, u32)> {
        self.0.progress()
    }
}

/// The seed's name of a seat in this game (B1 … W2; Black and White in
/// plain Go).
pub fn seat_label(game: &Rengo, seat: Seat) -> String {
    game.seat_name(seat)
}

/// One entry of the game's log in words, for the move list.
pub fn entry_text(game: &Rengo, entry: &Entry) -> String {
    let who = seat_label(game, entry.seat);
    match entry.action {
        RengoAction::Play(p) => format!("{who} {p}"),
        RengoAction::Pass => format!("{who} passes"),
        RengoAction::Say(m) => format!("{who}: “{}”", m.text()),
        RengoAction::AnswerResign(true) => format!("{who}: “Yes, let us resign.”"),
        RengoAction::AnswerResign(false) => format!("{who}: “No, play on.”"),
        RengoAction::Resign => format!("{who} resigns"),
        RengoAction::ReportOutOfSequence { intentional } => format!(
            "{who} reports the last stone out of sequence ({})",
            if intentional {
                "intentional: forfeit"
            } else {
                "unintentional: 3 prisoners"
            }
        ),
        RengoAction::ToggleDead(p) => format!("{who} marks the group at {p}"),
        RengoAction::Accept => format!("{who} accepts the count"),
    }
}
