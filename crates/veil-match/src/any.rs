//! A match of any of Veil's games behind one object, JSON in and out: what
//! a server (or any driver that names games by id) runs. Every change is a
//! [`Step`]; a match rebuilt from its [`Opening`] and its steps in order is
//! the same match — same secrets, same chance to come, same version — which
//! is how a server's store brings a room back after a crash.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use veil_ai::Duration;
use veil_core::{Belief, Fact, Game, Outcome, Seat, Turn};

use crate::{Change, Match, MatchGame, SeatKind, Seeds, ThinkPacing};

/// How a match began: everything needed, with its [`Step`]s, to rebuild it.
/// Holds the seeds, so it is the referee's alone (never sent to a seat).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Opening {
    /// The game's id in the registry.
    pub game: String,
    /// The game's own options, as JSON.
    pub options: Value,
    /// "human" or a computer level, a seat each ([`SeatKind::label_id`]).
    pub seats: Vec<String>,
    pub chance_seed: u64,
    pub computer_seeds: Vec<u64>,
    pub hint_seed: u64,
    pub think_limit_ms: u64,
}

impl Opening {
    /// A new opening with seeds from the operating system's entropy.
    pub fn new(game: &str, options: Value, seats: &[SeatKind], think_limit_ms: u64) -> Self {
        Self::with_seeds(
            game,
            options,
            seats,
            think_limit_ms,
            Seeds::from_entropy(seats.len()),
        )
    }

    /// An opening with the given seeds (tests and demos).
    pub fn with_seeds(
        game: &str,
        options: Value,
        seats: &[SeatKind],
        think_limit_ms: u64,
        seeds: Seeds,
    ) -> Self {
        Opening {
            game: game.to_owned(),
            options,
            seats: seats.iter().map(|k| k.label_id()).collect(),
            chance_seed: seeds.chance,
            computer_seeds: seeds.computers,
            hint_seed: seeds.hint,
            think_limit_ms,
        }
    }
}

/// One change of a match, as a referee logs it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// `seat` plays `action` (the game's own action, as JSON); a computer's
    /// move carries what it believed.
    Act {
        seat: u8,
        action: Value,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        belief: Option<Belief>,
    },
    /// `seat` takes back its last action; the unseen is dealt anew from
    /// `seed`.
    Undo {
        seat: u8,
        seed: u64,
    },
    Resign {
        seat: u8,
    },
    /// The chance a pause held back is drawn ([`MatchGame::chance_pause`]).
    Chance,
    /// Who plays `seat` from now on ("human" or a level).
    Seat {
        seat: u8,
        kind: String,
    },
}

/// Why a step was refused. The match is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepError {
    /// Not one of the match's seats.
    NoSuchSeat(u8),
    /// The action is not the game's action at all.
    Unreadable(String),
    /// The rules refuse it now (not this seat's turn, illegal, over).
    Refused(String),
    /// Nothing to take back, or the game is over.
    NothingToUndo,
    /// The seat kind is not "human" or a level.
    UnknownKind(String),
}

impl std::fmt::Display for StepError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StepError::NoSuchSeat(s) => write!(f, "the game has no seat {s}"),
            StepError::Unreadable(e) => write!(f, "not an action of this game: {e}"),
            StepError::Refused(e) => write!(f, "refused: {e}"),
            StepError::NothingToUndo => f.write_str("nothing to take back"),
            StepError::UnknownKind(k) => write!(f, "no such player kind: {k}"),
        }
    }
}

impl std::error::Error for StepError {}

/// A match of any game, behind one object.
pub trait AnyMatch: Send + Sync {
    /// The game's id.
    fn game(&self) -> &'static str;
    fn seats(&self) -> usize;
    /// Bumped on every change.
    fn version(&self) -> u64;
    /// What `seat` may know now, as JSON; `None`: what everybody sees (a
    /// spectator).
    fn observe(&self, seat: Option<Seat>) -> Value;
    /// The move list: public lines, the same for every seat.
    fn log(&self) -> &[String];
    /// The seat whose action wrote each line of the move list
    /// ([`Match::writers`]).
    fn writers(&self) -> Vec<Option<Seat>>;
    fn turn(&self) -> Turn;
    fn outcome(&self) -> Option<Outcome>;
    fn seat_kinds(&self) -> Vec<SeatKind>;
    /// Applies one step (from a person, or from the log on a rebuild).
    fn step(&mut self, step: &Step) -> Result<(), StepError>;
    /// Runs the computer seat to act for `budget`, `elapsed` being the time
    /// since the last call; its move, once its think time has passed, as
    /// the step it was (already applied).
    fn think(&mut self, budget: Duration, elapsed: Duration) -> Option<Step>;
    /// The pause before the chance now due, in animation steps (0: none due
    /// or none to wait for).
    fn chance_pause(&self) -> f32;
    /// How many hidden facts each seat cannot see now
    /// ([`Game::hidden_facts`]): a takeback is refused once one of these
    /// went down (something hidden was revealed).
    fn hidden_counts(&self) -> Vec<usize>;
    /// How many chance actions (deals, reveals, dice) the game as played
    /// holds so far: a takeback is refused once this grew since the action
    /// taken back.
    fn chance_count(&self) -> usize;
    /// The hidden facts of `seat` in the full state. For leak tests only.
    #[doc(hidden)]
    fn hidden_facts_for_tests(&self, seat: Seat) -> Vec<Fact>;
    /// A hidden fact in the game's own words ([`MatchGame::fact_text`]).
    /// For leak tests only.
    #[doc(hidden)]
    fn fact_words_for_tests(&self, fact: Fact) -> Option<String> {
        let _ = fact;
        None
    }
    /// The whole match with every secret (a save's snapshot): only once the
    /// game is over, for its record.
    fn record(&self) -> Option<Value>;
    /// The whole match now, every secret and the chance generator's state
    /// included (a save's checkpoint, [`crate::save::checkpoint_text`]):
    /// what a server's store keeps every so many steps, so a rebuild
    /// ([`resume`]) replays only the steps after it. The referee's alone,
    /// never a seat's.
    fn snapshot(&self) -> Result<String, String>;
    /// Legal actions of `seat` worked out from its observation alone (a
    /// seat's legal actions depend only on what it sees): for bots and
    /// tests.
    fn legal_from_view(&self, view: &Value, seat: Seat) -> Result<Vec<Value>, StepError>;
}

/// A new match as `opening` says, with nothing played.
pub fn open(opening: &Opening) -> Result<Box<dyn AnyMatch>, String> {
    with_game(&opening.game, Open(opening))?
}

/// The games by id: one arm per game of the registry (a test checks every
/// id is here).
fn with_game<V: VisitMatch>(id: &str, v: V) -> Result<V::Output, String> {
    use veil_go::Rengo;
    Ok(match id {
        veil_jieqi::Jieqi::ID => v.visit::<veil_jieqi::Jieqi>(),
        veil_hide_and_guess::HideAndGuess::ID => v.visit::<veil_hide_and_guess::HideAndGuess>(),
        veil_intrigue::Intrigue::ID => v.visit::<veil_intrigue::Intrigue>(),
        veil_secret_king::SecretKing::ID => v.visit::<veil_secret_king::SecretKing>(),
        veil_tysiac::Tysiac::ID => v.visit::<veil_tysiac::Tysiac>(),
        veil_reality_check::RealityCheck::ID => v.visit::<veil_reality_check::RealityCheck>(),
        veil_skelly::Skelly::ID => v.visit::<veil_skelly::Skelly>(),
        Rengo::ID => v.visit::<Rengo>(),
        other => {
            let known: Vec<&str> = veil_games::GAMES.iter().map(|e| e.id).collect();
            return Err(format!("no game '{other}' (known: {})", known.join(", ")));
        }
    })
}

trait VisitMatch {
    type Output;
    fn visit<G: MatchGame>(self) -> Self::Output;
}

struct Open<'a>(&'a Opening);

impl VisitMatch for Open<'_> {
    type Output = Result<Box<dyn AnyMatch>, String>;
    fn visit<G: MatchGame>(self) -> Self::Output {
        fn make<G: MatchGame>(o: &Opening) -> Result<Box<dyn AnyMatch>, String> {
            let options: G::Options = serde_json::from_value(o.options.clone())
                .map_err(|e| format!("the options are not {}'s: {e}", G::ID))?;
            let seats = o
                .seats
                .iter()
                .map(|k| SeatKind::from_label_id(k))
                .collect::<Result<Vec<_>, _>>()?;
            let seeds = Seeds {
                chance: o.chance_seed,
                computers: o.computer_seeds.clone(),
                hint: o.hint_seed,
                fixed_origin: None,
            };
            let limit = Duration::from_millis(o.think_limit_ms.clamp(100, 60_000));
            let m = Match::<G>::try_new(options, seats, seeds, limit).map_err(|e| e.to_string())?;
            Ok(Box::new(Erased(m)))
        }
        make::<G>(self.0)
    }
}

/// The game's default options, as JSON (for a room created without any).
pub fn default_options(game: &str) -> Result<Value, String> {
    struct Defaults;
    impl VisitMatch for Defaults {
        type Output = Value;
        fn visit<G: MatchGame>(self) -> Value {
            serde_json::to_value(G::Options::default()).unwrap_or(Value::Null)
        }
    }
    with_game(game, Defaults)
}

/// Rebuilds a match: `opening`, then every step in order.
pub fn rebuild<'a>(
    opening: &Opening,
    steps: impl IntoIterator<Item = &'a Step>,
) -> Result<Box<dyn AnyMatch>, String> {
    let mut m = open(opening)?;
    for (i, step) in steps.into_iter().enumerate() {
        m.step(step)
            .map_err(|e| format!("step {} of the log does not replay: {e}", i + 1))?;
    }
    Ok(m)
}

/// Rebuilds a match from a [`AnyMatch::snapshot`] of it, then every step
/// taken since in order: the same match as [`rebuild`] from the start
/// gives. A snapshot that does not read, is of another game, or was not
/// taken of a match of this `opening` (its seeds, options and seats) is
/// refused: the caller replays from the start instead.
pub fn resume<'a>(
    opening: &Opening,
    snapshot: &str,
    steps: impl IntoIterator<Item = &'a Step>,
) -> Result<Box<dyn AnyMatch>, String> {
    let mut m = with_game(&opening.game, Resume(opening, snapshot))??;
    for (i, step) in steps.into_iter().enumerate() {
        m.step(step)
            .map_err(|e| format!("step {} after the snapshot does not replay: {e}", i + 1))?;
    }
    Ok(m)
}

struct Resume<'a>(&'a Opening, &'a str);

impl VisitMatch for Resume<'_> {
    type Output = Result<Box<dyn AnyMatch>, String>;
    fn visit<G: MatchGame>(self) -> Self::Output {
        let (opening, text) = (self.0, self.1);
        let m = crate::save::read::<G>(text, None)
            .map_err(|e| format!("the snapshot does not read: {e}"))?;
        let options: G::Options = serde_json::from_value(opening.options.clone())
            .map_err(|e| format!("the options are not {}'s: {e}", G::ID))?;
        let seeds = m.seeds();
        // Seeds differ between any two rooms: a snapshot of another room's
        // match is caught here, not after it has been played on.
        if m.options() != options
            || m.seats().len() != opening.seats.len()
            || seeds.chance != opening.chance_seed
            || seeds.computers != opening.computer_seeds
            || seeds.hint != opening.hint_seed
        {
            return Err("the snapshot is not of this match".into());
        }
        Ok(Box::new(Erased(m)))
    }
}

struct Erased<G: MatchGame>(Match<G>);

/// Applies one step to a match of `G`.
fn apply_step<G: MatchGame>(m: &mut Match<G>, step: &Step) -> Result<(), StepError> {
    match step {
        Step::Act {
            seat,
            action,
            belief,
        } => {
            let seat = seat_of(m, *seat)?;
            let action: G::Action = serde_json::from_value(action.clone())
                .map_err(|e| StepError::Unreadable(e.to_string()))?;
            m.play_believing(seat, action, belief.clone().filter(|b| b.is_valid()))
                .map_err(|e| StepError::Refused(e.to_string()))
        }
        Step::Undo { seat, seed } => {
            let seat = seat_of(m, *seat)?;
            if m.undo_seeded(seat, *seed) {
                Ok(())
            } else {
                Err(StepError::NothingToUndo)
            }
        }
        Step::Resign { seat } => {
            let seat = seat_of(m, *seat)?;
            if m.turn() == Turn::Over {
                return Err(StepError::Refused("the game is over".into()));
            }
            m.resign(seat);
            Ok(())
        }
        Step::Chance => {
            if m.draw_chance() {
                Ok(())
            } else {
                Err(StepError::Refused("no chance is due".into()))
            }
        }
        Step::Seat { seat, kind } => {
            let seat = seat_of(m, *seat)?;
            let kind =
                SeatKind::from_label_id(kind).map_err(|_| StepError::UnknownKind(kind.clone()))?;
            m.set_seat_kind(seat, kind);
            Ok(())
        }
    }
}

fn seat_of<G: MatchGame>(m: &Match<G>, seat: u8) -> Result<Seat, StepError> {
    if usize::from(seat) < m.seats().len() {
        Ok(Seat(seat))
    } else {
        Err(StepError::NoSuchSeat(seat))
    }
}

impl<G: MatchGame> AnyMatch for Erased<G> {
    fn game(&self) -> &'static str {
        G::ID
    }
    fn seats(&self) -> usize {
        self.0.seats().len()
    }
    fn version(&self) -> u64 {
        self.0.version
    }
    fn observe(&self, seat: Option<Seat>) -> Value {
        let view = match seat {
            Some(seat) => self.0.observe(seat),
            None => self.0.observe_public(),
        };
        serde_json::to_value(view).unwrap_or(Value::Null)
    }
    fn log(&self) -> &[String] {
        self.0.log()
    }
    fn writers(&self) -> Vec<Option<Seat>> {
        self.0.writers()
    }
    fn turn(&self) -> Turn {
        self.0.turn()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn seat_kinds(&self) -> Vec<SeatKind> {
        self.0.seats().to_vec()
    }
    fn step(&mut self, step: &Step) -> Result<(), StepError> {
        let done = apply_step(&mut self.0, step);
        // The driver keeps its own log of steps: the match's list of
        // changes (a save's) is emptied, else it would grow with the game.
        self.0.take_changes();
        done
    }
    fn think(&mut self, budget: Duration, elapsed: Duration) -> Option<Step> {
        let m = &mut self.0;
        if !m.think(budget, elapsed, ThinkPacing::Fixed) {
            return None;
        }
        // The computer's move is the one change its thinking made.
        m.take_changes()
            .into_iter()
            .find_map(|change| match change {
                Change::Act {
                    seat,
                    action,
                    belief,
                } => Some(Step::Act {
                    seat: seat.0,
                    action: serde_json::to_value(action).ok()?,
                    belief,
                }),
                _ => None,
            })
    }
    fn chance_pause(&self) -> f32 {
        if self.0.turn() == Turn::Chance {
            self.0.chance_pause()
        } else {
            0.0
        }
    }
    fn hidden_counts(&self) -> Vec<usize> {
        let state = self.0.full_state_for_tests();
        let mut out = Vec::new();
        Seat::all(self.seats())
            .map(|s| {
                state.hidden_facts(s, &mut out);
                out.len()
            })
            .collect()
    }
    fn chance_count(&self) -> usize {
        self.0
            .timeline()
            .iter()
            .filter(|m| {
                matches!(
                    m,
                    crate::Moment::Act {
                        actor: veil_core::Actor::Chance,
                        ..
                    }
                )
            })
            .count()
    }
    fn hidden_facts_for_tests(&self, seat: Seat) -> Vec<Fact> {
        let mut out = Vec::new();
        self.0.full_state_for_tests().hidden_facts(seat, &mut out);
        out
    }
    fn fact_words_for_tests(&self, fact: Fact) -> Option<String> {
        G::fact_text(self.0.full_state_for_tests(), fact)
    }
    fn record(&self) -> Option<Value> {
        if self.0.turn() != Turn::Over {
            return None;
        }
        serde_json::to_value(self.0.snapshot()).ok()
    }
    fn snapshot(&self) -> Result<String, String> {
        crate::save::checkpoint_text(&self.0)
    }
    fn legal_from_view(&self, view: &Value, seat: Seat) -> Result<Vec<Value>, StepError> {
        let view: G::Observation = serde_json::from_value(view.clone())
            .map_err(|e| StepError::Unreadable(e.to_string()))?;
        let mut rng = <veil_core::GameRng as veil_core::SeedableRng>::seed_from_u64(0);
        let state = G::determinize(&view, &mut rng);
        let mut legal = Vec::new();
        state.legal_actions(veil_core::Actor::Seat(seat), &mut legal);
        Ok(legal
            .iter()
            .filter_map(|a| serde_json::to_value(a).ok())
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registry_game_opens_by_its_id() {
        for entry in veil_games::GAMES {
            let options = default_options(entry.id).unwrap();
            let n = entry.seats.counts().next().unwrap();
            let seats = vec![SeatKind::Human; n];
            let m = open(&Opening::with_seeds(
                entry.id,
                options,
                &seats,
                1000,
                Seeds::fixed(3, n),
            ))
            .unwrap_or_else(|e| panic!("{}: {e}", entry.id));
            assert_eq!(m.game(), entry.id);
        }
        let Err(e) = open(&Opening::with_seeds(
            "nope",
            Value::Null,
            &[],
            1000,
            Seeds::fixed(1, 0),
        )) else {
            panic!("an unknown game opened")
        };
        assert!(e.contains("known: "), "{e}");
    }
}
