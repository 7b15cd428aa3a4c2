//! Skelly: shots and what they did, Skelly's own shot search as the
//! computer.

use veil_ai::{Duration, Level};
use veil_core::Seat;
use veil_skelly::ai::Player;
use veil_skelly::court::LEGS;
use veil_skelly::{Event, Shot, ShotReport, Skelly, SkellyView, Target};

use crate::{MatchGame, Thinker};

impl MatchGame for Skelly {
    fn move_text(after: &SkellyView) -> Option<String> {
        after.game.last_shot().map(shot_text)
    }
    fn computer(view: &SkellyView, level: Level, seed: u64) -> Box<dyn Thinker<Skelly>> {
        Box::new(CapThinker {
            player: Player::new(view, level, seed),
            hint: false,
        })
    }
    fn hint(view: &SkellyView, seed: u64) -> Box<dyn Thinker<Skelly>> {
        Box::new(CapThinker {
            player: Player::new(view, Level::Normal, seed),
            hint: true,
        })
    }
}

/// The computer behind a seat or the hint: Skelly's own shot search, run in
/// slices. A seat's shot carries its level's execution error
/// ([`Player::shot`]); a hint is the aimed shot ([`Player::best_shot`]).
struct CapThinker {
    player: Player,
    hint: bool,
}

impl Thinker<Skelly> for CapThinker {
    fn run_for(&mut self, budget: Duration) {
        self.player.run_for(budget);
    }
    fn is_finished(&self) -> bool {
        self.player.is_finished()
    }
    fn best_action(&self) -> Option<Shot> {
        if self.hint {
            self.player.best_shot()
        } else {
            self.player.shot()
        }
    }
    fn progress(&self) -> Option<(u32, u32)> {
        Some((self.player.simulated(), self.player.budget()))
    }
}

fn name(seat: Seat) -> &'static str {
    Skelly::seat_name(seat)
}

/// "box 7", "quadrant 2", "caps (a killer)".
pub fn target_name(target: Option<Target>) -> String {
    match target {
        Some(Target::Box(n)) => format!("box {n}"),
        Some(Target::Quadrant(q)) => format!("quadrant {q}"),
        None => "caps (a killer)".to_owned(),
    }
}

/// A shot's direction in degrees, counter-clockwise from the right.
pub fn degrees(shot: Shot) -> f64 {
    f64::from(shot.angle) * 360.0 / 65536.0
}

/// A shot's strength in percent.
pub fn percent(shot: Shot) -> f64 {
    f64::from(shot.strength) * 100.0 / f64::from(Shot::MAX_STRENGTH)
}

/// One event in words.
pub fn event_text(e: &Event) -> String {
    match *e {
        Event::Made { seat, leg } => format!(
            "{} made {}",
            name(seat),
            target_name(LEGS.get(leg as usize).copied())
        ),
        Event::Missed { seat } => format!("{} missed", name(seat)),
        Event::KillerRunRestarts { seat } => {
            format!("{} starts the killer run again from box 1", name(seat))
        }
        Event::Trapped { seat } => format!("{} is trapped in the dead box", name(seat)),
        Event::Freed { seat, by } => format!("{} was set free by {}", name(seat), name(by)),
        Event::Hit { seat, legs } => format!(
            "{} hit a cap: placed in its box, {legs} box{} on",
            name(seat),
            if legs == 1 { "" } else { "es" }
        ),
        Event::BecameKiller { seat } => format!("{} is a KILLER", name(seat)),
        Event::Eliminated { seat, by } => format!("{} was eliminated by {}", name(seat), name(by)),
        Event::LeftCourt { seat } => format!("{} left the court and goes back", name(seat)),
        Event::AllFreed => "every cap was trapped: all are free".to_owned(),
    }
}

/// A shot for the move list: who, which way, how hard, and what it did.
pub fn shot_text(report: &ShotReport) -> String {
    let what: Vec<String> = report.events.iter().map(event_text).collect();
    format!(
        "{}: {:.0}° at {:.0}% — {}",
        name(report.seat),
        degrees(report.shot),
        percent(report.shot),
        what.join("; ")
    )
}
