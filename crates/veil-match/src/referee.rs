//! The referee: one match of a [`MatchGame`], holding the full state,
//! chance, computer seats thinking in slices and paced by public facts
//! only, hints, undo, resignation, the move list, the timeline and the
//! review of a finished game.
//!
//! Nothing outside reads the full state: [`Match`] keeps it private and
//! hands out only [`Match::observe`] for one seat, or
//! [`Match::observe_public`] for a spectator.

use veil_ai::{Duration, Level};
use veil_core::{Actor, Belief, Fact, GameRng, Outcome, Record, Seat, SeedableRng, Turn};

use crate::game::{MatchGame, Thinker};
use crate::seats::{SeatKind, Seeds, ThinkPacing, entropy, think_time};

mod mirror;
pub use mirror::Asked;

/// The referee: the full game state and everything needed to run it.
pub struct Match<G: MatchGame> {
    game: G,
    /// Options, seats and the actions since the game began (or since the
    /// last undo, which deals the unseen anew: see [`Match::undo`]).
    record: Record<G>,
    seats: Vec<SeatKind>,
    rng: GameRng,
    seeds: Seeds,
    resigned: Option<Seat>,
    computer: Option<Thinking<G>>,
    /// The last computer's move, as it was thought ([`Match::last_think`]).
    last_think: Option<ThinkReport>,
    hint_search: Option<Thinking<G>>,
    think_limit: Duration,
    /// The waits this device was fitted with ([`Match::fit_wait`]), by
    /// level: the app's, never saved (another device fits its own).
    fitted_waits: Vec<(Level, Duration)>,
    /// Before each action of a person: what that person knew, the move
    /// list's length and the plies, for undo.
    undo_points: Vec<UndoPoint<G>>,
    /// The game as it was played, for the review: every action, and the
    /// state each undo dealt anew.
    timeline: Vec<Moment<G>>,
    /// The finished game under review: what the table shows instead of
    /// the end.
    review: Option<Review<G>>,
    /// The hint found for the viewer, until the next action.
    pub hint: Option<G::Action>,
    /// Bumped on every change of the game (actions, undo).
    pub version: u64,
    /// Seat actions applied so far, chance excluded.
    pub plies: u32,
    log: Vec<String>,
    /// The changes since [`Match::take_changes`] was last called: what a
    /// save's log appends.
    changes: Vec<Change<G>>,
    /// Online: the state is the server's, this is what it told us
    /// ([`Match::mirror`]).
    mirror: Option<Box<mirror::Mirror<G>>>,
}

/// The undo points a match keeps: a person can take back this many of
/// the table's last human actions. Bounded, so a long game's save does not
/// grow with the square of its length (each point holds an observation).
pub const MAX_UNDO_POINTS: usize = 8;

/// One change of a match's game, as a save's log appends it; applied in
/// order to the match it followed ([`Match::apply_change`]) it gives the
/// same match again.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[serde(bound = "", rename_all = "snake_case")]
pub enum Change<G: MatchGame> {
    /// `seat` played `action` (a computer, believing `belief`).
    Act {
        seat: Seat,
        action: G::Action,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        belief: Option<Belief>,
    },
    /// `seat` took back its last action; the unseen was dealt anew from
    /// `seed`.
    Undo {
        seat: Seat,
        seed: u64,
    },
    Resign {
        seat: Seat,
    },
    /// The chance a pause held back was drawn.
    Chance,
    /// Who plays `seat` from now on.
    Seat {
        seat: Seat,
        kind: SeatKind,
    },
}

/// A place to undo to: before an action of `seat`.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
#[serde(bound = "")]
pub struct UndoPoint<G: MatchGame> {
    pub seat: Seat,
    /// What `seat` knew then (the unseen is dealt anew from it).
    pub knew: G::Observation,
    /// The move list's length, the plies and the timeline's length then.
    pub log: usize,
    pub plies: u32,
    pub timeline: usize,
}

/// One entry of a match's timeline: where play (re)started, or an action.
/// Written with one-letter names (a long game's timeline is most of its
/// record); the long names of format 2 still read.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
#[serde(bound = "")]
pub enum Moment<G: MatchGame> {
    /// The state play starts from: the deal, or what an undo dealt anew;
    /// `log`: the move list's length then.
    #[serde(rename = "S", alias = "Start")]
    Start {
        #[serde(rename = "s", alias = "state")]
        state: G,
        #[serde(rename = "l", alias = "log")]
        log: usize,
    },
    /// An action, and the move list's length once it was written.
    #[serde(rename = "A", alias = "Act")]
    Act {
        #[serde(rename = "a", alias = "actor")]
        actor: Actor,
        #[serde(rename = "x", alias = "action")]
        action: G::Action,
        #[serde(rename = "l", alias = "log")]
        log: usize,
        /// A computer's move: what it believed of what it could not see
        /// while it chose ([`veil_ai::Search::belief`]).
        #[serde(
            rename = "b",
            alias = "belief",
            default,
            skip_serializing_if = "Option::is_none"
        )]
        belief: Option<Belief>,
    },
}

/// The review of a finished game: the table as it was after each seat's
/// action (and the chance that followed), seen by one seat or by all.
struct Review<G: MatchGame> {
    positions: Vec<Position<G>>,
    step: usize,
    revealed: bool,
    /// The computer's beliefs are shown beside the table.
    guesses: bool,
    /// The game has secrets to reveal ([`MatchGame::revealed`]), found once.
    can_reveal: bool,
    /// A computer kept its beliefs at some position, found once.
    has_guesses: bool,
}

/// A position of the game as played (see [`Match::positions`]).
#[derive(Clone)]
pub struct Position<G: MatchGame> {
    pub state: G,
    /// An undo dealt anew here all that its player had not seen.
    pub dealt_anew: bool,
    /// The move list's length at this position.
    pub log: usize,
    /// The computer to move here, and what it believed while it chose.
    pub belief: Option<(Seat, Belief)>,
}

/// Where a review stands, for its controls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewAt {
    pub step: usize,
    /// The number of positions (steps run from 0 to `len - 1`).
    pub len: usize,
    pub revealed: bool,
    /// An undo dealt the unseen anew at this step.
    pub dealt_anew: bool,
    /// The computer's beliefs are shown.
    pub guesses: bool,
    /// The game kept a computer's beliefs at some step.
    pub has_guesses: bool,
}

/// A match as a save keeps it: the full state and the referee's own
/// bookkeeping (see [`Match::snapshot`]).
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(bound = "")]
pub struct MatchSnapshot<G: MatchGame> {
    pub state: G,
    pub record: Record<G>,
    /// "human" or a computer level's name, a seat each.
    pub seats: Vec<String>,
    /// The chance generator's four words, so chance goes on exactly as it
    /// would have.
    pub rng: [u64; 4],
    pub chance_seed: u64,
    pub computer_seeds: Vec<u64>,
    pub hint_seed: u64,
    pub fixed_origin: Option<u64>,
    pub resigned: Option<Seat>,
    pub think_limit_ms: u64,
    pub undo_points: Vec<UndoPoint<G>>,
    pub timeline: Vec<Moment<G>>,
    pub version: u64,
    pub plies: u32,
    pub log: Vec<String>,
}

/// The generator's state. `rand` offers it only through serde, whose
/// feature would rebuild all of Bevy's maths; its `Debug` form
/// (`Xoshiro256PlusPlus { s: [a, b, c, d] }`) carries the same four words,
/// and a test checks the round trip.
pub fn rng_words(rng: &GameRng) -> [u64; 4] {
    let text = format!("{rng:?}");
    let mut words = [0u64; 4];
    let digits = text
        .split(|c: char| !c.is_ascii_digit())
        .filter(|t| !t.is_empty())
        .filter_map(|t| t.parse::<u64>().ok());
    // The type's name holds a number too (256): the state is the last four.
    let all: Vec<u64> = digits.collect();
    if all.len() >= 4 {
        words.copy_from_slice(&all[all.len() - 4..]);
    }
    words
}

/// The generator with state `words` (see [`rng_words`]).
pub fn rng_from_words(words: [u64; 4]) -> GameRng {
    let mut seed = [0u8; 32];
    for (chunk, w) in seed.chunks_exact_mut(8).zip(words) {
        chunk.copy_from_slice(&w.to_le_bytes());
    }
    GameRng::from_seed(seed)
}

/// A search under way for a seat, and how long it has been shown thinking.
struct Thinking<G: MatchGame> {
    seat: Seat,
    search: Box<dyn Thinker<G>>,
    /// Seconds of game time since it started.
    shown: Duration,
    /// When the move may appear.
    pace: Duration,
    /// Wall-clock time spent in its slices, and how many.
    searching: Duration,
    slices: u32,
}

/// How a computer's move was thought, for measuring the search where it
/// runs (the browser's single thread against a desktop): what it did of
/// its level's budget in the time the table waited. Not shown to players.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ThinkReport {
    pub seat: Seat,
    pub level: Level,
    /// Work done and the level's budget, in the search's own units
    /// (`None`: the search does not say).
    pub progress: Option<(u32, u32)>,
    /// The search had finished (its budget spent, or nothing left to try)
    /// when the move was played.
    pub finished: bool,
    /// The game time the table waited, the wall-clock time in the
    /// search's slices, and their number (frames).
    pub waited: Duration,
    pub searching: Duration,
    pub slices: u32,
}

impl<G: MatchGame> Match<G> {
    /// A new match of a game whose options were checked already (the setup
    /// screen offers only valid ones); [`Match::try_new`] for options from
    /// outside.
    pub fn new(
        options: G::Options,
        seats: Vec<SeatKind>,
        seeds: Seeds,
        think_limit: Duration,
    ) -> Self {
        Self::try_new(options, seats, seeds, think_limit)
            .expect("the setup screen only offers valid options")
    }

    /// A new match: the deal and any chance before the first move are
    /// drawn. Refused when the game does not take these options for this
    /// many seats, or the seeds are not one per seat.
    pub fn try_new(
        options: G::Options,
        seats: Vec<SeatKind>,
        seeds: Seeds,
        think_limit: Duration,
    ) -> Result<Self, veil_core::OptionsError> {
        if seeds.computers.len() != seats.len() {
            return Err(veil_core::OptionsError::new(format!(
                "{} computer seeds for {} seats",
                seeds.computers.len(),
                seats.len()
            )));
        }
        let game = G::new(&options, seats.len())?;
        let mut m = Match {
            game,
            record: Record::new(options, seats.len()),
            seats,
            rng: GameRng::seed_from_u64(seeds.chance),
            seeds,
            resigned: None,
            computer: None,
            last_think: None,
            hint_search: None,
            think_limit,
            fitted_waits: Vec::new(),
            undo_points: Vec::new(),
            timeline: Vec::new(),
            review: None,
            hint: None,
            version: 0,
            plies: 0,
            log: Vec::new(),
            changes: Vec::new(),
            mirror: None,
        };
        m.timeline.push(Moment::Start {
            state: m.game.clone(),
            log: 0,
        });
        m.resolve_chance();
        Ok(m)
    }

    /// Everything needed to go on with this match later (secrets included:
    /// a save is the referee's, never the view's).
    pub fn snapshot(&self) -> MatchSnapshot<G> {
        MatchSnapshot {
            timeline: self.timeline.clone(),
            log: self.log.clone(),
            ..self.snapshot_head()
        }
    }

    /// [`Match::snapshot`] without the two parts that grow with the game,
    /// the timeline and the move list (left empty): a save writes those
    /// from [`Match::timeline`] and [`Match::log`], most of them copied
    /// from its last checkpoint (`save::SaveWriter`).
    pub fn snapshot_head(&self) -> MatchSnapshot<G> {
        MatchSnapshot {
            state: self.game.clone(),
            // The actions since the last start are the timeline's: kept
            // once (a record of a long game was a third duplicates).
            record: Record::new(self.record.options.clone(), self.record.seats),
            seats: self.seats.iter().map(|k| k.label_id()).collect(),
            rng: rng_words(&self.rng),
            chance_seed: self.seeds.chance,
            computer_seeds: self.seeds.computers.clone(),
            hint_seed: self.seeds.hint,
            fixed_origin: self.seeds.fixed_origin,
            resigned: self.resigned,
            think_limit_ms: self.think_limit.as_millis() as u64,
            undo_points: self.undo_points.clone(),
            timeline: Vec::new(),
            version: self.version,
            plies: self.plies,
            log: Vec::new(),
        }
    }

    /// The match a [`Match::snapshot`] was taken of, checked for
    /// consistency (a save comes from outside: it may be damaged).
    pub fn restore(s: MatchSnapshot<G>) -> Result<Self, String> {
        let n = s.state.seats();
        let seats = s
            .seats
            .iter()
            .map(|k| SeatKind::from_label_id(k))
            .collect::<Result<Vec<_>, _>>()?;
        if seats.len() != n || s.computer_seeds.len() != n || s.record.seats != n {
            return Err(format!(
                "the save names {} seats for a game of {n}",
                seats.len()
            ));
        }
        if s.record.game != G::ID || s.record.options != *s.state.options() {
            return Err("the save's record is not of its game".into());
        }
        let seat_ok = |seat: Seat| seat.index() < n;
        if !s.resigned.is_none_or(seat_ok)
            || !s.undo_points.iter().all(|p| {
                seat_ok(p.seat)
                    && p.log <= s.log.len()
                    && p.plies <= s.plies
                    && p.timeline <= s.timeline.len()
            })
        {
            return Err("the save names a seat or a move the game does not have".into());
        }
        if !matches!(s.timeline.first(), Some(Moment::Start { .. })) {
            return Err("the save's timeline does not start with a deal".into());
        }
        let beliefs_ok = s.timeline.iter().all(|m| match m {
            Moment::Act {
                belief: Some(b), ..
            } => b.is_valid(),
            _ => true,
        });
        if !beliefs_ok {
            return Err("the save holds a computer's belief that does not add up".into());
        }
        if s.rng.iter().all(|w| *w == 0) {
            return Err("the save's chance generator is blank".into());
        }
        let actions = check_timeline(&s, n)?;
        let mut record = s.record;
        record.actions = actions;
        Ok(Match {
            game: s.state,
            record,
            seats,
            rng: rng_from_words(s.rng),
            seeds: Seeds {
                chance: s.chance_seed,
                computers: s.computer_seeds,
                hint: s.hint_seed,
                fixed_origin: s.fixed_origin,
            },
            resigned: s.resigned,
            computer: None,
            last_think: None,
            hint_search: None,
            think_limit: Duration::from_millis(s.think_limit_ms.clamp(100, 60_000)),
            fitted_waits: Vec::new(),
            undo_points: s.undo_points,
            timeline: s.timeline,
            review: None,
            hint: None,
            // Counters from outside: room to count on.
            version: s.version.min(u64::MAX / 2),
            plies: s.plies.min(u32::MAX / 2),
            log: s.log,
            changes: Vec::new(),
            mirror: None,
        })
    }

    /// The game as recorded: the state play (re)started from — the deal, or
    /// what the last undo dealt anew — and the actions since. Every secret
    /// is in it: for a finished game's notation.
    pub fn played(&self) -> Option<(&G, &[(Actor, G::Action)])> {
        let start = self.timeline.iter().rev().find_map(|m| match m {
            Moment::Start { state, .. } => Some(state),
            Moment::Act { .. } => None,
        })?;
        Some((start, &self.record.actions))
    }

    /// The full state, secrets and all. Only for tests that check what the
    /// referee hides (the fair-play suite); never read by the app.
    #[doc(hidden)]
    pub fn full_state_for_tests(&self) -> &G {
        &self.game
    }

    /// The seeds the match was opened with.
    pub fn seeds(&self) -> &Seeds {
        &self.seeds
    }

    /// The game's options (public).
    pub fn options(&self) -> G::Options {
        self.game.options().clone()
    }

    /// What `seat` may know now: the only way a view sees the game. Under
    /// review: what it knew at the step shown, or everything (the game is
    /// over, nothing is secret any more).
    pub fn observe(&self, seat: Seat) -> G::Observation {
        if let Some(view) = self.mirror_view() {
            // The only view a mirror has (its seat is the only one a table
            // online shows).
            let _ = seat;
            return view.clone();
        }
        if let Some(r) = &self.review {
            let state = &r.positions[r.step].state;
            if r.revealed
                && let Some(all) = G::revealed(state, seat)
            {
                return all;
            }
            return state.observe(seat);
        }
        self.game.observe(seat)
    }

    /// What everybody at the table sees (a spectator): no seat's secrets.
    /// Under review, the position shown (everything, if revealed: the game
    /// is over).
    pub fn observe_public(&self) -> G::Observation {
        if let Some(view) = self.mirror_view() {
            return view.clone();
        }
        if let Some(r) = &self.review {
            let state = &r.positions[r.step].state;
            if r.revealed
                && let Some(all) = G::revealed(state, Seat(0))
            {
                return all;
            }
            return state.observe_public();
        }
        self.game.observe_public()
    }

    pub fn turn(&self) -> Turn {
        if let Some(turn) = self.mirror_turn() {
            return turn;
        }
        if self.resigned.is_some() {
            Turn::Over
        } else {
            self.game.turn()
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(over) = self.mirror_outcome() {
            return over;
        }
        match self.resigned {
            Some(seat) => {
                let winner = Seat::all(self.seats.len())
                    .find(|s| *s != seat)
                    .unwrap_or(seat);
                Some(Outcome::win(
                    winner,
                    self.seats.len(),
                    format!("{} resigned", seat),
                ))
            }
            None => self.game.outcome(),
        }
    }

    pub fn resigned(&self) -> Option<Seat> {
        self.resigned
    }

    pub fn seats(&self) -> &[SeatKind] {
        &self.seats
    }

    pub fn seat_kind(&self, seat: Seat) -> SeatKind {
        self.seats[seat.index()]
    }

    /// Who plays `seat` from now on: a person who went away is replaced by
    /// the computer, and takes the seat back on return. A search under way
    /// for the seat is dropped. False for a seat the game does not have.
    pub fn set_seat_kind(&mut self, seat: Seat, kind: SeatKind) -> bool {
        let Some(slot) = self.seats.get_mut(seat.index()) else {
            return false;
        };
        if *slot != kind {
            *slot = kind;
            self.changes.push(Change::Seat { seat, kind });
            if self.computer.as_ref().is_some_and(|t| t.seat == seat) {
                self.computer = None;
            }
        }
        true
    }

    /// Options, seats and every action since the game began (or since the
    /// last undo dealt anew): secrets and all, for a finished game's
    /// notation and tests.
    pub fn record(&self) -> &Record<G> {
        &self.record
    }

    /// The changes of the game since this was last called (a save's log
    /// appends them).
    pub fn take_changes(&mut self) -> Vec<Change<G>> {
        std::mem::take(&mut self.changes)
    }

    /// Applies a change a save's log kept, as it was made. Refused (the
    /// match unchanged) when it does not apply here: the log is not this
    /// match's.
    pub fn apply_change(&mut self, change: &Change<G>) -> Result<(), String> {
        let seat_ok = |seat: Seat| seat.index() < self.seats.len();
        match change {
            Change::Act {
                seat,
                action,
                belief,
            } if seat_ok(*seat) => {
                let belief = belief.clone().filter(Belief::is_valid);
                self.play_believing(*seat, *action, belief)
                    .map_err(|e| e.to_string())
            }
            Change::Undo { seat, seed } if seat_ok(*seat) => self
                .undo_seeded(*seat, *seed)
                .then_some(())
                .ok_or_else(|| "nothing to take back".to_owned()),
            Change::Resign { seat } if seat_ok(*seat) && self.turn() != Turn::Over => {
                self.resign(*seat);
                Ok(())
            }
            Change::Chance => self
                .draw_chance()
                .then_some(())
                .ok_or_else(|| "no chance is due".to_owned()),
            Change::Seat { seat, kind } if seat_ok(*seat) => {
                self.set_seat_kind(*seat, *kind);
                Ok(())
            }
            _ => Err("the change names a seat the game does not have".to_owned()),
        }
    }

    /// The game as played: every action (with a computer's belief) and
    /// every state an undo dealt anew. Secrets and all: for a referee's own
    /// log and a finished game's record, never for a seat.
    pub fn timeline(&self) -> &[Moment<G>] {
        &self.timeline
    }

    /// The seat to act, if one seat is.
    pub fn to_act(&self) -> Option<Seat> {
        if let Some(seat) = self.mirror_to_act() {
            return seat;
        }
        match self.turn() {
            Turn::Seat(s) => Some(s),
            Turn::Simultaneous(set) => set.first(),
            _ => None,
        }
    }

    pub fn humans(&self) -> Vec<Seat> {
        Seat::all(self.seats.len())
            .filter(|s| self.seat_kind(*s).is_human())
            .collect()
    }

    /// True while a computer search (for a move or a hint) is running.
    pub fn is_thinking(&self) -> bool {
        // True for the whole think time, searching or waiting.
        self.computer.is_some()
    }

    pub fn is_hinting(&self) -> bool {
        self.hint_search.is_some()
    }

    /// Plays `action` for `seat`, then any chance that follows.
    pub fn play(
        &mut self,
        seat: Seat,
        action: G::Action,
    ) -> Result<(), veil_core::ActionError<G::Action>> {
        self.play_believing(seat, action, None)
    }

    /// [`Match::play`], keeping what a computer believed as it chose (a
    /// referee replaying its log plays a computer's move back this way).
    pub fn play_believing(
        &mut self,
        seat: Seat,
        action: G::Action,
        belief: Option<Belief>,
    ) -> Result<(), veil_core::ActionError<G::Action>> {
        if let Some(asked) = self.mirror_play(seat, action) {
            return asked;
        }
        if self.turn() == Turn::Over {
            return Err(veil_core::ActionError::GameOver { action });
        }
        let before = self
            .seat_kind(seat)
            .is_human()
            .then(|| self.game.observe(seat));
        self.game.apply(Actor::Seat(seat), action)?;
        self.changes.push(Change::Act {
            seat,
            action,
            belief: belief.clone(),
        });
        if let Some(knew) = before {
            if self.undo_points.len() >= MAX_UNDO_POINTS {
                self.undo_points.remove(0);
            }
            self.undo_points.push(UndoPoint {
                seat,
                knew,
                log: self.log.len(),
                plies: self.plies,
                timeline: self.timeline.len(),
            });
        }
        self.record.actions.push((Actor::Seat(seat), action));
        let moment = self.timeline.len();
        self.timeline.push(Moment::Act {
            actor: Actor::Seat(seat),
            action,
            log: self.log.len(),
            belief,
        });
        self.plies += 1;
        self.hint = None;
        self.hint_search = None;
        self.computer = None;
        let mut after = self.game.observe(seat);
        if self.game.turn() == Turn::Chance && G::chance_pause(&after) <= 0.0 {
            self.resolve_chance();
            after = self.game.observe(seat);
        }
        if let Some(text) = G::action_text(seat, &action, &after) {
            self.log.push(text);
        }
        // The action's line is written after the chance that followed it:
        // that chance's moments show the list with it too.
        for later in &mut self.timeline[moment..] {
            if let Moment::Act { log, .. } = later {
                *log = self.log.len();
            }
        }
        self.version += 1;
        Ok(())
    }

    /// Draws the chance a pause ([`MatchGame::chance_pause`]) held back.
    /// True if there was any.
    pub fn draw_chance(&mut self) -> bool {
        if self.turn() != Turn::Chance || self.is_mirror() {
            return false;
        }
        self.resolve_chance();
        self.changes.push(Change::Chance);
        self.version += 1;
        true
    }

    /// The pause, in animation steps, before the pending chance is drawn.
    pub fn chance_pause(&self) -> f32 {
        if self.is_mirror() {
            return 0.0;
        }
        G::chance_pause(&self.game.observe(Seat(0)))
    }

    /// The move list by turns, for a list in two columns: each line with
    /// the seat whose action wrote it, and a seat's consecutive lines
    /// joined into one turn (Reality Check's quiet move and the flip after
    /// it are one turn, as its notation numbers them). Public knowledge
    /// only, as [`Match::log`]; under review, up to the position shown.
    pub fn turns(&self) -> Vec<(Seat, String)> {
        if let Some(turns) = self.mirror_turns() {
            return turns;
        }
        let shown = self.log().len();
        let mut out: Vec<(Seat, String)> = Vec::new();
        let mut written = 0;
        for moment in &self.timeline {
            let (actor, log) = match moment {
                Moment::Start { log, .. } => {
                    written = *log;
                    continue;
                }
                Moment::Act { actor, log, .. } => (actor, *log),
            };
            let lines = self
                .log
                .get(written.min(shown)..log.min(shown))
                .unwrap_or_default();
            written = written.max(log);
            let Actor::Seat(seat) = *actor else {
                // Chance writes no line of its own (it joins the action's).
                continue;
            };
            for line in lines {
                match out.last_mut() {
                    Some((last, text)) if *last == seat => {
                        text.push(' ');
                        text.push_str(line);
                    }
                    _ => out.push((seat, line.clone())),
                }
            }
        }
        out
    }

    /// For each line of the whole move list ([`Match::log`] outside
    /// review), the seat whose action wrote it (`None`: written at the
    /// start, or by chance alone). Public: the server sends it so a table
    /// joined mid-game draws the list in the same columns.
    pub fn writers(&self) -> Vec<Option<Seat>> {
        if let Some(m) = &self.mirror {
            return m.writers(self.log.len());
        }
        let mut out = vec![None; self.log.len()];
        let mut written = 0;
        for moment in &self.timeline {
            let (actor, log) = match moment {
                Moment::Start { log, .. } => {
                    written = *log;
                    continue;
                }
                Moment::Act { actor, log, .. } => (actor, *log),
            };
            let end = log.min(out.len());
            if let Actor::Seat(seat) = *actor {
                for w in out.iter_mut().take(end).skip(written) {
                    *w = Some(seat);
                }
            }
            written = written.max(log);
        }
        out
    }

    /// The moves so far as the move list shows them (public knowledge);
    /// under review, those up to the position shown.
    pub fn log(&self) -> &[String] {
        if let Some(r) = &self.review {
            return &self.log[..r.positions[r.step].log.min(self.log.len())];
        }
        &self.log
    }

    fn resolve_chance(&mut self) {
        while self.game.turn() == Turn::Chance {
            let action = self.game.sample_chance(&mut self.rng);
            self.game
                .apply(Actor::Chance, action)
                .expect("a sampled chance outcome applies");
            self.record.actions.push((Actor::Chance, action));
            self.timeline.push(Moment::Act {
                actor: Actor::Chance,
                action,
                log: self.log.len(),
                belief: None,
            });
        }
    }

    pub fn resign(&mut self, seat: Seat) {
        if self.mirror_ask(Asked::Resign) {
            let _ = seat;
            return;
        }
        if self.turn() != Turn::Over {
            self.resigned = Some(seat);
            self.changes.push(Change::Resign { seat });
            self.computer = None;
            self.hint_search = None;
            self.version += 1;
        }
    }

    /// Takes back `seat`'s last action and everything after it, so `seat`
    /// is to act again. False when `seat` has not acted yet or the game is
    /// over.
    ///
    /// What `seat` knew before that action stays as it was; everything it
    /// could not see then — hidden cards, face-down pieces, the other
    /// seats' secrets, chance still to come — is dealt anew from its
    /// observation ([`Game::determinize`]), so undoing never hands back a
    /// secret the player has seen since. The same holds for hints, which
    /// are searched from the observation alone.
    pub fn undo(&mut self, seat: Seat) -> bool {
        let seed = self.fresh_seed();
        self.undo_seeded(seat, seed)
    }

    /// [`Match::undo`], dealing anew from `seed`: a referee that logs its
    /// steps (the server's store) keeps the seed so a replay deals the same.
    pub fn undo_seeded(&mut self, seat: Seat, seed: u64) -> bool {
        // Online a takeback is asked for; it comes back as an update.
        if self.mirror_ask(Asked::Takeback) || self.turn() == Turn::Over {
            return false;
        }
        let Some(index) = self.undo_points.iter().rposition(|p| p.seat == seat) else {
            return false;
        };
        let point = self.undo_points[index].clone();
        self.changes.push(Change::Undo { seat, seed });
        let (log_len, plies) = (point.log, point.plies);
        self.undo_points.truncate(index);
        let mut redraw = GameRng::seed_from_u64(seed);
        self.game = G::determinize(&point.knew, &mut redraw);
        self.timeline.truncate(point.timeline);
        self.timeline.push(Moment::Start {
            state: self.game.clone(),
            log: log_len,
        });
        // The record starts again here: the state is not the replay of
        // what was played before (that would bring the secrets back).
        self.record = Record::new(self.game.options().clone(), self.seats.len());
        self.log.truncate(log_len);
        self.plies = plies;
        self.resigned = None;
        self.computer = None;
        self.hint_search = None;
        self.hint = None;
        // Chance after the undone move is drawn afresh too.
        self.rng = GameRng::seed_from_u64(seed);
        self.version += 1;
        true
    }

    /// The positions of the game as played: after the deal, then after
    /// each seat's action and the chance that followed. An undo replaces
    /// the position it went back to by what it dealt anew.
    pub fn positions(&self) -> Vec<Position<G>> {
        let mut out: Vec<Position<G>> = Vec::new();
        for moment in &self.timeline {
            match moment {
                Moment::Start { state, log } => {
                    let position = Position {
                        state: state.clone(),
                        dealt_anew: !out.is_empty(),
                        log: *log,
                        belief: None,
                    };
                    match out.last_mut() {
                        Some(last) => *last = position,
                        None => out.push(position),
                    }
                }
                Moment::Act {
                    actor,
                    action,
                    log,
                    belief,
                } => {
                    if let (Actor::Seat(seat), Some(belief), Some(last)) =
                        (actor, belief, out.last_mut())
                    {
                        last.belief = Some((*seat, belief.clone()));
                    }
                    let Some(last) = out.last() else { break };
                    let mut state = last.state.clone();
                    if state.apply(*actor, *action).is_err() {
                        break;
                    }
                    let next = Position {
                        state,
                        dealt_anew: *actor == Actor::Chance && last.dealt_anew,
                        log: *log,
                        belief: None,
                    };
                    match actor {
                        // Chance belongs to the step it follows.
                        Actor::Chance => *out.last_mut().expect("just read") = next,
                        Actor::Seat(_) => out.push(next),
                    }
                }
            }
        }
        out
    }

    /// Opens the review of the finished game at its last position, seen as
    /// the seats saw it. False if the game is not over.
    pub fn start_review(&mut self) -> bool {
        if self.turn() != Turn::Over {
            return false;
        }
        let positions = self.positions();
        if positions.is_empty() {
            return false;
        }
        let has_guesses = positions.iter().any(|p| p.belief.is_some());
        let can_reveal = G::revealed(&positions[0].state, Seat(0)).is_some();
        self.review = Some(Review {
            step: positions.len() - 1,
            positions,
            revealed: false,
            guesses: false,
            can_reveal,
            has_guesses,
        });
        self.version += 1;
        true
    }

    /// Where the review stands (`None`: not under review).
    pub fn review(&self) -> Option<ReviewAt> {
        self.review.as_ref().map(|r| ReviewAt {
            step: r.step,
            len: r.positions.len(),
            revealed: r.revealed,
            dealt_anew: r.positions[r.step].dealt_anew,
            guesses: r.guesses,
            has_guesses: r.has_guesses,
        })
    }

    /// Shows what the computer believed, or not. (The game is over: what
    /// a computer knew is no secret any more, and its beliefs are drawn
    /// from that knowledge.)
    pub fn review_guesses(&mut self, on: bool) {
        if let Some(r) = &mut self.review
            && r.guesses != on
        {
            r.guesses = on;
            self.version += 1;
        }
    }

    /// The belief the review shows at this step, with the truth: the
    /// computer to move, what it believed, and the hidden facts as they
    /// were. `None` unless guesses are on and a computer chose here.
    pub fn review_belief(&self) -> Option<(Seat, &Belief, Vec<Fact>)> {
        let r = self.review.as_ref().filter(|r| r.guesses)?;
        let position = &r.positions[r.step];
        let (seat, belief) = position.belief.as_ref()?;
        let mut truth = Vec::new();
        position.state.hidden_facts(*seat, &mut truth);
        Some((*seat, belief, truth))
    }

    /// Shows position `step` (clamped) of the review.
    pub fn review_to(&mut self, step: usize) {
        if let Some(r) = &mut self.review {
            let step = step.min(r.positions.len() - 1);
            if step != r.step {
                r.step = step;
                self.version += 1;
            }
        }
    }

    /// Whether the review shows everything or the viewer's knowledge.
    pub fn review_reveal(&mut self, revealed: bool) {
        if let Some(r) = &mut self.review
            && r.revealed != revealed
        {
            r.revealed = revealed;
            self.version += 1;
        }
    }

    /// Whether the game has secrets the review can reveal (the review
    /// bar asks every frame: worked out once, when the review opens).
    pub fn can_reveal(&self) -> bool {
        self.review.as_ref().is_some_and(|r| r.can_reveal)
    }

    /// Ends the review (back to the finished game).
    pub fn end_review(&mut self) {
        if self.review.take().is_some() {
            self.version += 1;
        }
    }

    /// A seed for what is dealt anew: from the match's fixed seeds in tests
    /// (so a test replays), from the system's entropy otherwise.
    pub fn fresh_seed(&self) -> u64 {
        match self.seeds.fixed_origin {
            Some(seed) => {
                Seeds::fixed(seed ^ self.version.wrapping_mul(0x9E37_79B9_7F4A_7C15), 0).chance
            }
            None => entropy(),
        }
    }

    /// Thinks for the computer seat to act for at most `budget` of this
    /// frame, `elapsed` being the game time since the last frame; plays its
    /// move once the level's think time ([`think_time`], or the match's
    /// think limit if shorter) has passed — never earlier, whatever the
    /// search found. True if it moved.
    pub fn think(&mut self, budget: Duration, elapsed: Duration, pacing: ThinkPacing) -> bool {
        let Some(seat) = self.to_act() else {
            return false;
        };
        let SeatKind::Computer(level) = self.seat_kind(seat) else {
            return false;
        };
        if self.computer.as_ref().is_none_or(|t| t.seat != seat) {
            let seed = self.seeds.computers[seat.index()]
                .wrapping_add(self.version.wrapping_mul(0x2545_F491_4F6C_DD1D));
            self.computer = Some(Thinking {
                seat,
                search: G::computer(&self.game.observe(seat), level, seed),
                shown: Duration::ZERO,
                pace: self.wait(level),
                searching: Duration::ZERO,
                slices: 0,
            });
        } else if let Some(t) = self.computer.as_mut() {
            t.shown += elapsed;
        }
        let t = self.computer.as_mut().expect("just made");
        if !t.search.is_finished() {
            let start = web_time::Instant::now();
            t.search.run_for(budget);
            t.searching += start.elapsed();
            t.slices += 1;
        }
        let leaky_done = pacing == ThinkPacing::AsSoonAsFound && t.search.is_finished();
        if t.shown >= t.pace || leaky_done {
            let action = t.search.best_action();
            let belief = t.search.belief();
            self.last_think = Some(ThinkReport {
                seat,
                level,
                progress: t.search.progress(),
                finished: t.search.is_finished(),
                waited: t.shown,
                searching: t.searching,
                slices: t.slices,
            });
            self.computer = None;
            if let Some(action) = action {
                return self.play_believing(seat, action, belief).is_ok();
            }
        }
        false
    }

    /// How long the table shows a computer of `level` thinking: the
    /// level's [`think_time`], or the wait fitted to this device
    /// ([`Match::fit_wait`]), never more than the match's think limit.
    pub fn wait(&self, level: Level) -> Duration {
        self.fitted_waits
            .iter()
            .find(|(l, _)| *l == level)
            .map_or(think_time(level), |(_, w)| *w)
            .min(self.think_limit)
    }

    /// Sets the wait of `level` to one fitted to this device's speed
    /// ([`crate::Calibration`]): measured on a fixed position, never this
    /// match's, so it tells nothing of the game. Not kept in snapshots.
    pub fn fit_wait(&mut self, level: Level, wait: Duration) {
        self.fitted_waits.retain(|(l, _)| *l != level);
        self.fitted_waits.push((level, wait));
    }

    /// Whether `level` still waits for a wait fitted to this device: none
    /// yet, and the think limit leaves room for one longer than the
    /// level's own (tests set it short, and never fit one).
    pub fn needs_fitted_wait(&self, level: Level) -> bool {
        self.think_limit > think_time(level) && self.fitted_waits.iter().all(|(l, _)| *l != level)
    }

    /// How the last computer's move was thought (`None` before one).
    pub fn last_think(&self) -> Option<ThinkReport> {
        self.last_think
    }

    /// Starts looking for a hint for `seat` (which must be to act).
    pub fn start_hint(&mut self, seat: Seat) {
        if self.to_act() != Some(seat) || self.hint_search.is_some() {
            return;
        }
        let seed = self.seeds.hint.wrapping_add(self.version);
        self.hint_search = Some(Thinking {
            seat,
            search: G::hint(&self.game.observe(seat), seed),
            shown: Duration::ZERO,
            pace: think_time(Level::Easy).min(self.think_limit),
            searching: Duration::ZERO,
            slices: 0,
        });
    }

    /// Advances a running hint search by `budget` of this frame, `elapsed`
    /// being the game time since the last frame; true when a hint was just
    /// found (after a fixed time, like the computer's moves).
    pub fn think_hint(&mut self, budget: Duration, elapsed: Duration) -> bool {
        let Some(t) = self.hint_search.as_mut() else {
            return false;
        };
        t.shown += elapsed;
        if !t.search.is_finished() {
            t.search.run_for(budget);
        }
        if t.shown >= t.pace {
            self.hint = t.search.best_action();
            self.hint_search = None;
            return true;
        }
        false
    }
}

/// Every part of a snapshot from outside must agree with the rest, or the
/// whole is refused: each state the timeline (re)starts from is a game of
/// these seats and options, each of its actions replays, it leads to the
/// saved state with the record's actions since the last start, the move
/// list's marks fall within the list, and each undo point is what its
/// seat knew just before an action of its own.
fn check_timeline<G: MatchGame>(
    s: &MatchSnapshot<G>,
    n: usize,
) -> Result<Vec<(Actor, G::Action)>, String> {
    let options = s.state.options();
    let mut replay: Option<G> = None;
    let mut since_start: Vec<(Actor, G::Action)> = Vec::new();
    for (i, moment) in s.timeline.iter().enumerate() {
        let at = i + 1;
        match moment {
            Moment::Start { state, log } => {
                if state.seats() != n || state.options() != options {
                    return Err(format!(
                        "the save's timeline starts again at step {at} from another game ({} seats)",
                        state.seats()
                    ));
                }
                if *log > s.log.len() {
                    return Err(format!(
                        "the save's timeline marks a move list longer than its own at step {at}"
                    ));
                }
                replay = Some(state.clone());
                since_start.clear();
            }
            Moment::Act {
                actor,
                action,
                log,
                belief,
            } => {
                let seat_ok = match actor {
                    Actor::Seat(seat) => seat.index() < n,
                    Actor::Chance => belief.is_none(),
                };
                if !seat_ok || *log > s.log.len() {
                    return Err(format!(
                        "step {at} of the save's timeline names a seat or a move the game does not have"
                    ));
                }
                let Some(state) = replay.as_mut() else {
                    return Err("the save's timeline does not start with a deal".into());
                };
                if state.apply(*actor, *action).is_err() {
                    return Err(format!("step {at} of the save's timeline does not replay"));
                }
                since_start.push((*actor, *action));
            }
        }
    }
    let leads_to = |state: &G| serde_json::to_string(state).ok();
    // A snapshot keeps the record's actions in its timeline only (older
    // saves kept both: then they must agree).
    let actions_agree = s.record.actions.is_empty() || since_start == s.record.actions;
    if replay.as_ref().and_then(leads_to) != leads_to(&s.state) || !actions_agree {
        return Err("the save's game is not where its timeline leads".into());
    }
    for p in &s.undo_points {
        let before_own_action = matches!(
            s.timeline.get(p.timeline),
            Some(Moment::Act { actor: Actor::Seat(seat), .. }) if *seat == p.seat
        );
        if G::observer(&p.knew) != p.seat || !before_own_action {
            return Err("the save holds an undo point that is not its seat's".into());
        }
    }
    Ok(since_start)
}
