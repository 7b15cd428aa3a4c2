//! Playing a match of any [`veil_core::Game`]: the referee resource holding
//! the full state, chance, computer players thinking in per-frame slices,
//! hints, undo, resignation, the hot-seat privacy screen, and the phases of
//! play as a Bevy state derived from the engine's [`Game::turn`].
//!
//! Views never read the full state: [`Match`] keeps it private and hands out
//! only [`Match::observe`] for one seat.

use std::marker::PhantomData;

use bevy::prelude::*;
use veil_ai::{Duration, Level, Search};
use veil_core::{Actor, Game, GameRng, Outcome, Record, Seat, SeedableRng, Turn};

use crate::Screen;
use crate::catalog::{MatchSetup, SeatKind};
use crate::input::Command;

/// What the app needs of a game beyond the rules.
pub trait GameUi: Game {
    /// The seat's name ("Red").
    fn seat_name(seat: Seat) -> &'static str;
    /// True when showing `next`'s view on a screen `previous` may still be
    /// looking at (or the other way round) could show one of them something
    /// only the other may know: hot-seat play then puts a privacy screen
    /// between the two.
    fn needs_privacy(previous: &Self::Observation, next: &Self::Observation) -> bool;
    /// The move just made, for the move list, from an observation taken
    /// right after it (chance included); public knowledge only.
    fn move_text(after: &Self::Observation) -> Option<String>;
    /// The action `seat` just played, for the move list, from `seat`'s
    /// observation right after it (chance included). Public knowledge only:
    /// games with secret actions (a hidden choice, a simultaneous vote) must
    /// not write what was chosen. By default [`GameUi::move_text`].
    fn action_text(seat: Seat, action: &Self::Action, after: &Self::Observation) -> Option<String> {
        let _ = (seat, action);
        Self::move_text(after)
    }
    /// How long the table stays as `after` shows it before the chance that
    /// follows is drawn, in animation steps (Tysiąc: the last trick of a
    /// hand stays in view before the next deal). 0 by default: chance
    /// follows at once. With animations off there is no pause.
    fn chance_pause(after: &Self::Observation) -> f32 {
        let _ = after;
        0.0
    }
}

/// The phase of play, derived every frame from the engine's turn and the
/// seats' kinds by [`derive_phase`]; never set by hand elsewhere.
#[derive(SubStates, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[source(Screen = Screen::Play)]
pub enum PlayPhase {
    /// Before the first derivation.
    #[default]
    Starting,
    /// A human seat is to act (the viewer).
    HumanTurn,
    /// A computer seat is thinking.
    ComputerTurn,
    /// Chance acts (resolved at once by the referee).
    Chance,
    /// Hot-seat: the device is to be passed to the next human.
    PassDevice,
    /// The game has ended; results follow.
    Over,
}

/// The referee: the full game state and everything needed to run it.
#[derive(Resource)]
pub struct Match<G: GameUi> {
    game: G,
    record: Record<G>,
    seats: Vec<SeatKind>,
    rng: GameRng,
    seed: u64,
    resigned: Option<Seat>,
    computer: Option<Search<G>>,
    hint_search: Option<Search<G>>,
    think_limit: Duration,
    /// The hint found for the viewer, until the next action.
    pub hint: Option<G::Action>,
    /// Bumped on every change of the game (actions, undo).
    pub version: u64,
    /// Seat actions applied so far, chance excluded.
    pub plies: u32,
    log: Vec<String>,
}

impl<G: GameUi> Match<G> {
    pub fn new(
        options: G::Options,
        seats: Vec<SeatKind>,
        seed: u64,
        think_limit: Duration,
    ) -> Self {
        let game =
            G::new(&options, seats.len()).expect("the setup screen only offers valid options");
        let mut m = Match {
            game,
            record: Record::new(options, seats.len()),
            seats,
            rng: GameRng::seed_from_u64(seed),
            seed,
            resigned: None,
            computer: None,
            hint_search: None,
            think_limit,
            hint: None,
            version: 0,
            plies: 0,
            log: Vec::new(),
        };
        m.resolve_chance();
        m
    }

    /// What `seat` may know now: the only way a view sees the game.
    pub fn observe(&self, seat: Seat) -> G::Observation {
        self.game.observe(seat)
    }

    pub fn turn(&self) -> Turn {
        if self.resigned.is_some() {
            Turn::Over
        } else {
            self.game.turn()
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
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

    /// The seat to act, if one seat is.
    pub fn to_act(&self) -> Option<Seat> {
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
        if self.turn() == Turn::Over {
            return Err(veil_core::ActionError::GameOver { action });
        }
        self.game.apply(Actor::Seat(seat), action)?;
        self.record.actions.push((Actor::Seat(seat), action));
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
        self.version += 1;
        Ok(())
    }

    /// Draws the chance a pause ([`GameUi::chance_pause`]) held back.
    /// True if there was any.
    pub fn draw_chance(&mut self) -> bool {
        if self.turn() != Turn::Chance {
            return false;
        }
        self.resolve_chance();
        self.version += 1;
        true
    }

    /// The pause, in animation steps, before the pending chance is drawn.
    pub fn chance_pause(&self) -> f32 {
        G::chance_pause(&self.game.observe(Seat(0)))
    }

    /// The moves so far as the move list shows them (public knowledge).
    pub fn log(&self) -> &[String] {
        &self.log
    }

    fn resolve_chance(&mut self) {
        while self.game.turn() == Turn::Chance {
            let action = self.game.sample_chance(&mut self.rng);
            self.game
                .apply(Actor::Chance, action)
                .expect("a sampled chance outcome applies");
            self.record.actions.push((Actor::Chance, action));
        }
    }

    pub fn resign(&mut self, seat: Seat) {
        if self.turn() != Turn::Over {
            self.resigned = Some(seat);
            self.computer = None;
            self.hint_search = None;
            self.version += 1;
        }
    }

    /// Takes back `seat`'s last action and everything after it, so `seat`
    /// is to act again. False when `seat` has not acted yet.
    pub fn undo(&mut self, seat: Seat) -> bool {
        let Some(pos) = self
            .record
            .actions
            .iter()
            .rposition(|(a, _)| *a == Actor::Seat(seat))
        else {
            return false;
        };
        let mut record = self.record.clone();
        record.actions.truncate(pos);
        let Ok(game) = record.replay() else {
            return false;
        };
        // The move list again, observed after each seat action and its chance.
        let mut log = Vec::new();
        let Ok(mut replay) = G::new(&record.options, record.seats) else {
            return false;
        };
        let mut mover: Option<(Seat, G::Action)> = None;
        for (actor, action) in &record.actions {
            if let (Actor::Seat(_), Some((prev, done))) = (actor, &mover) {
                log.extend(G::action_text(*prev, done, &replay.observe(*prev)));
            }
            if let Actor::Seat(s) = actor {
                mover = Some((*s, *action));
            }
            if replay.apply(*actor, *action).is_err() {
                return false;
            }
        }
        if let Some((prev, done)) = &mover {
            log.extend(G::action_text(*prev, done, &replay.observe(*prev)));
        }
        self.log = log;
        self.plies = record
            .actions
            .iter()
            .filter(|(a, _)| *a != Actor::Chance)
            .count() as u32;
        self.game = game;
        self.record = record;
        self.resigned = None;
        self.computer = None;
        self.hint_search = None;
        self.hint = None;
        // Chance after the undone move will be drawn afresh.
        self.rng = GameRng::seed_from_u64(
            self.seed ^ (self.version + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        );
        self.version += 1;
        true
    }

    /// Thinks for the computer seat to act for at most `budget` of this
    /// frame; plays its move once the search is done. True if it moved.
    pub fn think(&mut self, budget: Duration) -> bool {
        let Some(seat) = self.to_act() else {
            return false;
        };
        let SeatKind::Computer(level) = self.seat_kind(seat) else {
            return false;
        };
        if self.computer.as_ref().is_none_or(|s| s.observer() != seat) {
            let mut config = level.config();
            config.max_time = Some(
                config
                    .max_time
                    .map_or(self.think_limit, |t| t.min(self.think_limit)),
            );
            let seed = self
                .seed
                .wrapping_add(self.version.wrapping_mul(0x2545_F491_4F6C_DD1D));
            self.computer = Some(Search::new(&self.game.observe(seat), config, seed));
        }
        let search = self.computer.as_mut().expect("just made");
        if !search.is_finished() {
            search.run_for(budget);
        }
        if search.is_finished() {
            let action = search.best_action();
            self.computer = None;
            if let Some(action) = action {
                return self.play(seat, action).is_ok();
            }
        }
        false
    }

    /// Starts looking for a hint for `seat` (which must be to act).
    pub fn start_hint(&mut self, seat: Seat) {
        if self.to_act() != Some(seat) || self.hint_search.is_some() {
            return;
        }
        let mut config = Level::Normal.config();
        config.iterations = config.iterations.min(1500);
        config.max_time = Some(self.think_limit.min(Duration::from_millis(1500)));
        let seed = self.seed.wrapping_add(0xA5A5).wrapping_add(self.version);
        self.hint_search = Some(Search::new(&self.game.observe(seat), config, seed));
    }

    /// Advances a running hint search; true when a hint was just found.
    pub fn think_hint(&mut self, budget: Duration) -> bool {
        let Some(search) = self.hint_search.as_mut() else {
            return false;
        };
        if !search.is_finished() {
            search.run_for(budget);
        }
        if search.is_finished() {
            self.hint = search.best_action();
            self.hint_search = None;
            return true;
        }
        false
    }
}

/// Whose observation the board shows.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Viewer(pub Seat);

/// Hot-seat: the seat the device must be passed to before the board shows
/// its view. While set, the board shows nobody's pieces.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrivacyPending(pub Option<Seat>);

/// The per-frame thinking budget of computer players and hints.
#[derive(Resource, Clone, Copy, Debug)]
pub struct ThinkBudget(pub Duration);

impl Default for ThinkBudget {
    fn default() -> Self {
        ThinkBudget(Duration::from_millis(8))
    }
}

/// How long the computer's search took in this frame (`None`: it did not
/// run), for the frame-time benchmark.
#[derive(Resource, Default, Debug)]
pub struct LastThinkSlice(pub Option<Duration>);

/// Resignation asked, awaiting confirmation.
#[derive(Resource, Default, Debug)]
pub struct ResignAsked(pub bool);

/// Whether the rules window is shown.
#[derive(Resource, Default, Debug)]
pub struct RulesOpen(pub bool);

/// How the last match ended, for the results screen.
#[derive(Resource, Clone, Debug)]
pub struct MatchResult {
    pub headline: String,
    pub reason: String,
    /// Per seat: name, kind, and whether it won.
    pub seats: Vec<(String, SeatKind, bool)>,
    pub draw: bool,
}

/// Sent whenever the game changed (an action, an undo): views rebuild.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameChanged {
    /// The seat whose action caused it, if an action did.
    pub by: Option<Seat>,
    pub undo: bool,
}

/// True while piece animations are running: the referee waits for them
/// before the next computer move, so every move can be seen.
#[derive(Resource, Default, Debug)]
pub struct Animating(pub bool);

/// Plugin-side: the driver systems for game `G`.
pub struct MatchPlugin<G: GameUi>(PhantomData<G>);

impl<G: GameUi> Default for MatchPlugin<G> {
    fn default() -> Self {
        MatchPlugin(PhantomData)
    }
}

impl<G: GameUi> Plugin for MatchPlugin<G> {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (
                match_commands::<G>,
                drive::<G>,
                update_viewer::<G>,
                derive_phase::<G>,
            )
                .chain()
                .after(crate::input::InputSet)
                .run_if(in_state(Screen::Play).and_then(resource_exists::<Match<G>>)),
        );
    }
}

pub struct PlayPlugin;

impl Plugin for PlayPlugin {
    fn build(&self, app: &mut App) {
        app.add_sub_state::<PlayPhase>()
            .init_resource::<PrivacyPending>()
            .init_resource::<ThinkBudget>()
            .init_resource::<LastThinkSlice>()
            .init_resource::<ResignAsked>()
            .init_resource::<RulesOpen>()
            .init_resource::<Animating>()
            .insert_resource(Viewer(Seat(0)))
            .add_message::<GameChanged>();
    }
}

fn match_commands<G: GameUi>(
    mut commands: MessageReader<Command>,
    mut m: ResMut<Match<G>>,
    viewer: Res<Viewer>,
    mut privacy: ResMut<PrivacyPending>,
    mut resign: ResMut<ResignAsked>,
    mut rules: ResMut<RulesOpen>,
    mut changed: MessageWriter<GameChanged>,
    mut next: ResMut<NextState<Screen>>,
) {
    for c in commands.read() {
        match c {
            Command::ContinueAfterPrivacy => {
                if privacy.0.is_some() {
                    // update_viewer performs the switch.
                    privacy.set_changed();
                }
            }
            Command::Undo => {
                // Undo is for play against the computer: one human seat.
                let humans = m.humans();
                if humans.len() == 1 {
                    let seat = humans[0];
                    if m.undo(seat) {
                        changed.write(GameChanged {
                            by: None,
                            undo: true,
                        });
                    }
                }
            }
            Command::Hint => {
                if m.seat_kind(viewer.0).is_human() && privacy.0.is_none() {
                    m.start_hint(viewer.0);
                }
            }
            Command::Resign => {
                if resign.0 {
                    resign.0 = false;
                    let seat = m
                        .to_act()
                        .filter(|s| m.seat_kind(*s).is_human())
                        .unwrap_or(viewer.0);
                    if m.seat_kind(seat).is_human() {
                        m.resign(seat);
                        changed.write(GameChanged {
                            by: Some(seat),
                            undo: false,
                        });
                    }
                } else if m.turn() != Turn::Over && !m.humans().is_empty() {
                    resign.0 = true;
                }
            }
            Command::Cancel => {
                resign.0 = false;
                rules.0 = false;
            }
            Command::ToggleRules => rules.0 = !rules.0,
            Command::Back => {
                next.set(Screen::Title);
            }
            _ => {}
        }
    }
    let _ = &mut privacy;
}

#[allow(clippy::too_many_arguments)]
fn drive<G: GameUi>(
    mut m: ResMut<Match<G>>,
    budget: Res<ThinkBudget>,
    animating: Res<Animating>,
    privacy: Res<PrivacyPending>,
    settings: Res<crate::settings::Settings>,
    time: Res<Time>,
    mut held: Local<f32>,
    mut slice: ResMut<LastThinkSlice>,
    mut changed: MessageWriter<GameChanged>,
) {
    slice.0 = None;
    if m.is_hinting() {
        let start = web_time::Instant::now();
        m.think_hint(budget.0);
        slice.0 = Some(start.elapsed());
    }
    if animating.0 || privacy.0.is_some() || m.turn() == Turn::Over {
        return;
    }
    if m.turn() == Turn::Chance {
        // A pause the game asked for: the table stays, then chance.
        let step = settings.animation.seconds().unwrap_or(0.0);
        *held += time.delta_secs();
        if *held >= m.chance_pause() * step && m.draw_chance() {
            *held = 0.0;
            changed.write(GameChanged {
                by: None,
                undo: false,
            });
        }
        return;
    }
    *held = 0.0;
    if let Some(seat) = m.to_act() {
        if m.seat_kind(seat).is_human() {
            return;
        }
        let start = web_time::Instant::now();
        let done = m.think(budget.0);
        slice.0 = Some(slice.0.unwrap_or_default() + start.elapsed());
        if done {
            changed.write(GameChanged {
                by: Some(seat),
                undo: false,
            });
        }
    }
}

/// Chooses whose view the board shows. One human: always theirs. No human:
/// the first seat's. Hot-seat: the seat to act, behind a privacy screen when
/// the game says the two views must not be seen by the wrong person.
fn update_viewer<G: GameUi>(
    m: Res<Match<G>>,
    mut viewer: ResMut<Viewer>,
    mut privacy: ResMut<PrivacyPending>,
    mut commands: MessageReader<Command>,
) {
    let confirmed = commands.read().any(|c| *c == Command::ContinueAfterPrivacy);
    if let Some(next) = privacy.0 {
        if confirmed {
            viewer.0 = next;
            privacy.0 = None;
        }
        return;
    }
    let humans = m.humans();
    let wanted = match humans.len() {
        0 => Seat(0),
        1 => humans[0],
        _ => match m.to_act() {
            Some(s) if m.seat_kind(s).is_human() => s,
            _ => viewer.0,
        },
    };
    if wanted == viewer.0 {
        return;
    }
    if humans.len() > 1 && G::needs_privacy(&m.observe(viewer.0), &m.observe(wanted)) {
        privacy.0 = Some(wanted);
    } else {
        viewer.0 = wanted;
    }
}

/// Sets [`PlayPhase`] from the engine's turn, the seats and the privacy
/// screen: the only writer of the phase.
pub fn derive_phase<G: GameUi>(
    m: Res<Match<G>>,
    privacy: Res<PrivacyPending>,
    mut next: ResMut<NextState<PlayPhase>>,
) {
    let phase = match m.turn() {
        Turn::Over => PlayPhase::Over,
        _ if privacy.0.is_some() => PlayPhase::PassDevice,
        Turn::Chance => PlayPhase::Chance,
        Turn::Seat(_) | Turn::Simultaneous(_) => match m.to_act().map(|s| m.seat_kind(s)) {
            Some(SeatKind::Human) => PlayPhase::HumanTurn,
            _ => PlayPhase::ComputerTurn,
        },
    };
    (*next).set_if_neq(phase);
}

/// Builds the result summary of a finished match.
pub fn summarize<G: GameUi>(m: &Match<G>) -> MatchResult {
    let outcome = m
        .outcome()
        .unwrap_or_else(|| Outcome::draw(m.seats().len(), "abandoned"));
    let draw = outcome.is_draw();
    let winners: Vec<Seat> = outcome.winners().collect();
    let headline = if draw {
        "Draw".to_owned()
    } else {
        let names: Vec<&str> = winners.iter().map(|s| G::seat_name(*s)).collect();
        format!("{} wins", names.join(" and "))
    };
    let reason = match m.resigned() {
        Some(seat) => format!("{} resigned", G::seat_name(seat)),
        None => outcome.reason.clone(),
    };
    let seats = Seat::all(m.seats().len())
        .map(|s| {
            (
                G::seat_name(s).to_owned(),
                m.seat_kind(s),
                !draw && winners.contains(&s),
            )
        })
        .collect();
    MatchResult {
        headline,
        reason,
        seats,
        draw,
    }
}

/// A fresh match from the setup (a new seed unless the setup fixes one).
pub fn new_match<G: GameUi>(setup: &MatchSetup, options: G::Options) -> Match<G> {
    let seed = setup.seed.unwrap_or_else(clock_seed);
    Match::new(
        options,
        setup.seats.clone(),
        seed,
        Duration::from_millis(setup.think_limit_ms),
    )
}

/// A seed from the clock, for a match the setup did not seed.
fn clock_seed() -> u64 {
    let t = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    (t as u64) ^ 0x5DEE_CE66_D1CE_4E5B
}

/// The sound of the end: a win for the viewer, a draw, or a game among
/// computers sounds as a win; a loss of the viewer's as a loss.
pub fn end_cue<G: GameUi>(m: &Match<G>, result: &MatchResult, viewer: Seat) -> crate::sound::Cue {
    let viewer_won = result.seats.get(viewer.index()).is_some_and(|s| s.2);
    if result.draw || m.humans().is_empty() || viewer_won {
        crate::sound::Cue::Win
    } else {
        crate::sound::Cue::Lose
    }
}
