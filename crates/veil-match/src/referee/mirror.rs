//! A match played at another table: online, the server holds the state and
//! sends each seat only its observation. A mirror [`Match`] holds that
//! observation, the move list and whose turn it is, and answers the same
//! questions a local referee does, so a table draws it with the same code.
//! What its seat asks for (an action, a takeback, resigning) is not applied
//! here: it waits in [`Match::take_asked`] for the client to send.
//!
//! ```
//! use veil_core::{Game, Seat, Turn};
//! use veil_jieqi::Jieqi;
//! use veil_match::{Asked, Match, SeatKind, Seeds};
//! use veil_ai::{Duration, Level};
//!
//! // The server's side: a real match. The client sees Red's observation.
//! let server = Match::<Jieqi>::new(Default::default(), vec![SeatKind::Human; 2], Seeds::fixed(3, 2), Duration::from_secs(1));
//! let view = server.observe(Seat(0));
//! let mut mirror = Match::<Jieqi>::mirror(Default::default(), 2, Some(Seat(0)), view.clone(), vec![], vec![], vec![Seat(0)], None, 0).unwrap();
//! assert_eq!(mirror.observe(Seat(0)), view);
//! assert_eq!(mirror.turn(), Turn::Seat(Seat(0)));
//! // Playing asks; nothing changes until the server says so.
//! let mut legal = Vec::new();
//! Jieqi::determinize(&view, &mut veil_core::SeedableRng::seed_from_u64(1))
//!     .legal_actions(veil_core::Actor::Seat(Seat(0)), &mut legal);
//! mirror.play(Seat(0), legal[0]).unwrap();
//! assert!(mirror.awaiting());
//! assert_eq!(mirror.take_asked(), vec![Asked::Act(legal[0])]);
//! assert_eq!(mirror.observe(Seat(0)), view);
//! ```

use veil_ai::Duration;
use veil_core::{Actor, GameRng, Outcome, Seat, SeatSet, SeedableRng, Turn};

use super::{Match, Moment};
use crate::game::MatchGame;
use crate::seats::{SeatKind, Seeds};

/// What a mirror's seat asked for, to be sent to the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Asked<A> {
    Act(A),
    /// Take back the seat's last action (the others must agree).
    Takeback,
    Resign,
}

/// The part of a match the server told this side.
pub(super) struct Mirror<G: MatchGame> {
    /// The seat this side plays; `None`: a spectator.
    seat: Option<Seat>,
    view: G::Observation,
    to_act: Vec<Seat>,
    over: Option<Outcome>,
    asked: Vec<Asked<G::Action>>,
    /// An action was sent and the server has not answered yet.
    awaiting: bool,
    /// The seat whose action wrote each line of the move list, as the
    /// server said (or, from a server that does not say, the seat that was
    /// to act when it came); `None`: written at the start or by chance.
    line_seats: Vec<Option<Seat>>,
}

impl<G: MatchGame> Mirror<G> {
    pub(super) fn writers(&self, n: usize) -> Vec<Option<Seat>> {
        let mut out = self.line_seats.clone();
        out.resize(n, None);
        out
    }
}

fn turn_of(to_act: &[Seat], over: bool) -> Turn {
    match to_act {
        _ if over => Turn::Over,
        [] => Turn::Chance,
        [one] => Turn::Seat(*one),
        many => Turn::Simultaneous(many.iter().copied().collect::<SeatSet>()),
    }
}

impl<G: MatchGame> Match<G> {
    /// A mirror of a match the server holds, seen by `seat` (`None`: a
    /// spectator, `view` being what everybody sees): its observation, the
    /// move list, the seats to act and, once over, how it ended. Refused
    /// when the observation is not `seat`'s or not of a game with these
    /// options (a frame from a faulty server).
    #[allow(clippy::too_many_arguments)]
    pub fn mirror(
        options: G::Options,
        n: usize,
        seat: Option<Seat>,
        view: G::Observation,
        lines: Vec<String>,
        writers: Vec<Option<Seat>>,
        to_act: Vec<Seat>,
        over: Option<Outcome>,
        version: u64,
    ) -> Result<Self, String> {
        let observer = G::observer(&view);
        if observer != seat.unwrap_or(Seat(0)) {
            return Err(format!("the server sent {observer}'s view to another seat"));
        }
        let seats = (0..n)
            .map(|i| {
                if seat.is_some_and(|s| s.index() == i) {
                    SeatKind::Human
                } else {
                    SeatKind::Online
                }
            })
            .collect::<Vec<_>>();
        if to_act.iter().any(|s| s.index() >= n) {
            return Err(format!("a seat to act past the game's {n}"));
        }
        let mut m = Match::try_new(
            options,
            seats,
            Seeds::fixed(0, n),
            Duration::from_millis(2000),
        )
        .map_err(|e| e.to_string())?;
        if seat.is_some_and(|s| s.index() >= n) {
            return Err(format!("seat {} of a game of {n}", seat.unwrap_or(Seat(0))));
        }
        if seat.is_some() {
            // Legal actions depend on the observation alone: a state drawn
            // from it answers them (and its secrets are guesses, never the
            // server's).
            m.game = G::determinize(&view, &mut GameRng::seed_from_u64(0));
        }
        m.timeline = vec![Moment::Start {
            state: m.game.clone(),
            log: 0,
        }];
        m.record.actions.clear();
        m.log = lines;
        m.version = version;
        let line_seats = if writers.len() == m.log.len() {
            writers
        } else {
            vec![Some(Seat(0)); m.log.len()]
        };
        if line_seats.iter().flatten().any(|s| s.index() >= n) {
            return Err(format!("a line written by a seat past the game's {n}"));
        }
        m.mirror = Some(Box::new(Mirror {
            seat,
            view,
            to_act,
            over,
            asked: Vec::new(),
            awaiting: false,
            line_seats,
        }));
        Ok(m)
    }

    /// True for a mirror of a match held elsewhere.
    pub fn is_mirror(&self) -> bool {
        self.mirror.is_some()
    }

    /// A mirror's own seat (`None` for a spectator, or a local match).
    pub fn mirror_seat(&self) -> Option<Seat> {
        self.mirror.as_ref().and_then(|m| m.seat)
    }

    /// What the server said changed: the seat's new observation (`None`:
    /// unchanged), the move list's length and its new last lines, the
    /// seats to act, the end. Refused (nothing changed) if the observation
    /// is another seat's or the lines do not fit the list.
    pub fn mirror_update(
        &mut self,
        view: Option<G::Observation>,
        log_len: usize,
        lines: Vec<String>,
        writers: Vec<Option<Seat>>,
        to_act: Vec<Seat>,
        over: Option<Outcome>,
        version: u64,
    ) -> Result<(), String> {
        let n = self.seats.len();
        let Some(mirror) = self.mirror.as_mut() else {
            return Err("not a mirror".into());
        };
        if let Some(v) = &view
            && G::observer(v) != mirror.seat.unwrap_or(Seat(0))
        {
            return Err("the server sent another seat's view".into());
        }
        if lines.len() > log_len || log_len - lines.len() > self.log.len() {
            return Err(format!(
                "{} new lines for a list of {log_len}, {} known",
                lines.len(),
                self.log.len()
            ));
        }
        if to_act.iter().any(|s| s.index() >= n) {
            return Err(format!("a seat to act past the game's {n}"));
        }
        if writers.iter().flatten().any(|s| s.index() >= n) {
            return Err(format!("a line written by a seat past the game's {n}"));
        }
        let keep = log_len - lines.len();
        self.log.truncate(keep);
        mirror.line_seats.truncate(keep);
        if writers.len() == lines.len() {
            mirror.line_seats.extend(writers);
        } else {
            // A server that does not say: whoever was to act (alone) before.
            let writer = match mirror.to_act.as_slice() {
                [one] => *one,
                _ => mirror.seat.unwrap_or(Seat(0)),
            };
            mirror
                .line_seats
                .extend(std::iter::repeat_n(Some(writer), lines.len()));
        }
        self.log.extend(lines);
        if let Some(v) = view {
            if mirror.seat.is_some() {
                self.game = G::determinize(&v, &mut GameRng::seed_from_u64(version));
            }
            mirror.view = v;
        }
        mirror.to_act = to_act;
        mirror.over = over;
        mirror.awaiting = false;
        self.version = version;
        self.hint = None;
        self.hint_search = None;
        Ok(())
    }

    /// The server answered (or refused) what was sent: the seat may ask
    /// again.
    pub fn mirror_answered(&mut self) {
        if let Some(m) = self.mirror.as_mut() {
            m.awaiting = false;
        }
    }

    /// What the seat asked for since the last call, to send.
    pub fn take_asked(&mut self) -> Vec<Asked<G::Action>> {
        self.mirror
            .as_mut()
            .map(|m| std::mem::take(&mut m.asked))
            .unwrap_or_default()
    }

    /// An action was asked for and not yet answered: the seat waits.
    pub fn awaiting(&self) -> bool {
        self.mirror
            .as_ref()
            .is_some_and(|m| m.awaiting || !m.asked.is_empty())
    }

    pub(super) fn mirror_view(&self) -> Option<&G::Observation> {
        self.mirror.as_ref().map(|m| &m.view)
    }

    pub(super) fn mirror_turn(&self) -> Option<Turn> {
        let m = self.mirror.as_ref()?;
        Some(turn_of(&m.to_act, m.over.is_some()))
    }

    pub(super) fn mirror_outcome(&self) -> Option<Option<Outcome>> {
        self.mirror.as_ref().map(|m| m.over.clone())
    }

    /// The seat to act as a mirror sees it: its own seat first among
    /// several choosing at once.
    pub(super) fn mirror_to_act(&self) -> Option<Option<Seat>> {
        let m = self.mirror.as_ref()?;
        if m.over.is_some() {
            return Some(None);
        }
        Some(match m.seat {
            Some(me) if m.to_act.contains(&me) => Some(me),
            _ => m.to_act.first().copied(),
        })
    }

    /// A mirror's play: checked against what the seat sees, then asked for.
    pub(super) fn mirror_play(
        &mut self,
        seat: Seat,
        action: G::Action,
    ) -> Option<Result<(), veil_core::ActionError<G::Action>>> {
        let mirror = self.mirror.as_ref()?;
        if mirror.over.is_some() {
            return Some(Err(veil_core::ActionError::GameOver { action }));
        }
        let mut legal = Vec::new();
        if mirror.seat == Some(seat) && mirror.to_act.contains(&seat) && !self.awaiting() {
            self.game.legal_actions(Actor::Seat(seat), &mut legal);
        }
        if !legal.contains(&action) {
            return Some(Err(veil_core::ActionError::Illegal {
                actor: Actor::Seat(seat),
                action,
                reason: "not this seat's to play now".into(),
            }));
        }
        if let Some(m) = self.mirror.as_mut() {
            m.asked.push(Asked::Act(action));
            m.awaiting = true;
        }
        Some(Ok(()))
    }

    /// Asks the server for a takeback or to resign (a mirror): true if it
    /// is a mirror.
    pub(super) fn mirror_ask(&mut self, asked: Asked<G::Action>) -> bool {
        match self.mirror.as_mut() {
            Some(m) if m.seat.is_some() && m.over.is_none() => {
                m.asked.push(asked);
                true
            }
            Some(_) => true,
            None => false,
        }
    }

    /// The move list by turns, each line with the seat it was written for.
    pub(super) fn mirror_turns(&self) -> Option<Vec<(Seat, String)>> {
        let m = self.mirror.as_ref()?;
        let mut out: Vec<(Seat, String)> = Vec::new();
        for (line, seat) in self.log.iter().zip(&m.line_seats) {
            let Some(seat) = seat else {
                continue;
            };
            match out.last_mut() {
                Some((last, text)) if last == seat => {
                    text.push(' ');
                    text.push_str(line);
                }
                _ => out.push((*seat, line.clone())),
            }
        }
        Some(out)
    }
}
