//! Playing a match of any [`veil_core::Game`] at the table: the referee
//! ([`veil_match::Match`], shared with `veil-cli` and `veil-server`) as a
//! resource, driven frame by frame — computer players thinking in
//! per-frame slices, hints, the hot-seat privacy screen, and the phases of
//! play as a Bevy state derived from the engine's [`Game::turn`].
//!
//! Views never read the full state: [`Match`] keeps it private and hands out
//! only [`veil_match::Match::observe`] for one seat.

use std::marker::PhantomData;

use bevy::prelude::*;
use veil_ai::Duration;
use veil_core::{Outcome, Seat, Turn};

use crate::kit::input::Command;
use crate::table::Screen;
use crate::table::setup::{MatchSetup, SeatKind};
use crate::table::view::GameView;

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

pub use veil_match::{
    MatchSnapshot, Moment, Position, ReviewAt, Seeds, ThinkPacing, Thinker, UndoPoint, entropy,
    rng_from_words, rng_words, think_time,
};

/// The referee as the table holds it: [`veil_match::Match`], the one
/// referee the app, `veil-cli` and `veil-server` share, as a resource.
#[derive(Resource, Deref, DerefMut)]
pub struct Match<G: GameView>(pub veil_match::Match<G>);

impl<G: GameView> Match<G> {
    pub fn new(
        options: G::Options,
        seats: Vec<SeatKind>,
        seeds: Seeds,
        think_limit: Duration,
    ) -> Self {
        Match(veil_match::Match::new(options, seats, seeds, think_limit))
    }

    /// The match a snapshot was taken of, checked for consistency (a save
    /// comes from outside: it may be damaged).
    pub fn restore(s: MatchSnapshot<G>) -> Result<Self, String> {
        veil_match::Match::restore(s).map(Match)
    }
}

/// When the computer's move appears ([`ThinkPacing`]), as a resource.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pacing(pub ThinkPacing);

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

/// A finished game is under review (see [`Match::start_review`]): the
/// keys step through it instead of moving the board cursor.
#[derive(Resource, Default, Debug, PartialEq, Eq)]
pub struct Reviewing(pub bool);

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

pub use crate::kit::anim::Animating;

/// Plugin-side: the driver systems for game `G`.
pub struct MatchPlugin<G: GameView>(PhantomData<G>);

impl<G: GameView> Default for MatchPlugin<G> {
    fn default() -> Self {
        MatchPlugin(PhantomData)
    }
}

impl<G: GameView> Plugin for MatchPlugin<G> {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (
                crate::table::view::apply_requests::<G>,
                crate::table::online::sync::<G>,
                match_commands::<G>,
                say_wait::<G>,
                review_commands::<G>,
                drive::<G>,
                update_viewer::<G>,
                derive_phase::<G>,
                crate::table::view::redraw_check::<G>,
            )
                .chain()
                .in_set(crate::table::PlaySet::Referee)
                .run_if(crate::table::view::active::<G>()),
        );
    }
}

pub struct PlayPlugin;

impl Plugin for PlayPlugin {
    fn build(&self, app: &mut App) {
        app.add_sub_state::<PlayPhase>()
            .init_resource::<PrivacyPending>()
            .init_resource::<ThinkBudget>()
            .init_resource::<Pacing>()
            .init_resource::<LastThinkSlice>()
            .init_resource::<Thoughts>()
            .init_resource::<FittedWaits>()
            .init_resource::<ResignAsked>()
            .init_resource::<Reviewing>()
            .init_resource::<RulesOpen>()
            .init_resource::<Animating>()
            .init_resource::<WaitNotice>()
            .add_systems(OnEnter(Screen::Play), |mut n: ResMut<WaitNotice>| {
                n.0 = None
            })
            .add_systems(
                bevy_egui::EguiPrimaryContextPass,
                wait_notice_ui.run_if(in_state(Screen::Play)),
            )
            .insert_resource(Viewer(Seat(0)))
            .add_message::<GameChanged>();
    }
}

/// A line for the player whose click came while the computer is to move
/// (it used to be dropped without a word, the piece left selected), and
/// how long it still shows.
#[derive(Resource, Default, Debug)]
pub struct WaitNotice(pub Option<(String, f32)>);

/// How long the wait line shows.
const WAIT_SHOWN: f32 = 2.5;

/// A click on the table while a computer seat is to move: say so, and drop
/// the selection.
fn say_wait<G: GameView>(
    mut commands: MessageReader<Command>,
    m: Res<Match<G>>,
    viewer: Res<Viewer>,
    board: Option<ResMut<crate::kit::board::BoardUi>>,
    mut notice: ResMut<WaitNotice>,
    time: Res<Time>,
) {
    if let Some((_, left)) = &mut notice.0 {
        *left -= time.delta_secs();
        if *left <= 0.0 {
            notice.0 = None;
        }
    }
    let clicked = commands
        .read()
        .any(|c| matches!(c, Command::Square(_) | Command::Card(_)));
    // Not while the viewer is among those to act (a simultaneous choice).
    let viewer_asked = match m.turn() {
        Turn::Seat(s) => s == viewer.0,
        Turn::Simultaneous(set) => set.contains(viewer.0),
        _ => false,
    };
    let computer = m
        .to_act()
        .filter(|s| !viewer_asked && m.turn() != Turn::Over && !m.seat_kind(*s).is_human());
    let (true, Some(seat), None) = (clicked, computer, m.review()) else {
        return;
    };
    let who = match m.seat_kind(seat) {
        SeatKind::Online => "",
        _ => " (the computer)",
    };
    notice.0 = Some((
        format!("Wait: {}{who} is to move.", G::seat_name(seat)),
        WAIT_SHOWN,
    ));
    if let Some(mut board) = board {
        board.selected = None;
    }
}

/// The wait line, at the top of the table.
fn wait_notice_ui(mut contexts: bevy_egui::EguiContexts, notice: Res<WaitNotice>) -> Result {
    let Some((text, _)) = &notice.0 else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    bevy_egui::egui::Area::new(bevy_egui::egui::Id::new("wait-notice"))
        .anchor(
            bevy_egui::egui::Align2::CENTER_TOP,
            [0.0, crate::kit::widgets::TOP_BAR + 8.0],
        )
        .show(ctx, |ui| {
            bevy_egui::egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(bevy_egui::egui::RichText::new(text).size(18.0));
            });
        });
    Ok(())
}

/// The review's commands: step, choose whose eyes, leave for the results.
fn review_commands<G: GameView>(
    mut commands: MessageReader<Command>,
    mut m: ResMut<Match<G>>,
    mut viewer: ResMut<Viewer>,
    mut reviewing: ResMut<Reviewing>,
    mut changed: MessageWriter<GameChanged>,
    mut next: ResMut<NextState<Screen>>,
) {
    reviewing.set_if_neq(Reviewing(m.review().is_some()));
    let Some(at) = m.review() else {
        commands.clear();
        return;
    };
    for c in commands.read() {
        match c {
            Command::ReviewStep(by) => {
                let to = (at.step as i64 + i64::from(*by)).clamp(0, at.len as i64 - 1);
                m.review_to(to as usize);
            }
            Command::ReviewAs(None) => m.review_reveal(true),
            Command::ReviewGuesses(on) => m.review_guesses(*on),
            Command::ReviewAs(Some(seat)) => {
                if usize::from(*seat) < m.seats().len() {
                    m.review_reveal(false);
                    viewer.0 = Seat(*seat);
                }
            }
            // Back to the results; leaving play keeps the game for
            // another look (`view::shelve_review`).
            Command::Back => next.set(Screen::Results),
            _ => {}
        }
    }
    if m.review() != Some(at) {
        changed.write(GameChanged {
            by: None,
            undo: false,
        });
    }
}

fn match_commands<G: GameView>(
    mut commands: MessageReader<Command>,
    mut m: ResMut<Match<G>>,
    viewer: Res<Viewer>,
    mut privacy: ResMut<PrivacyPending>,
    mut resign: ResMut<ResignAsked>,
    mut rules: ResMut<RulesOpen>,
    mut changed: MessageWriter<GameChanged>,
    mut next: ResMut<NextState<Screen>>,
) {
    if m.review().is_some() {
        // Only the review's commands (and the rules) while looking back.
        for c in commands.read() {
            if *c == Command::ToggleRules {
                rules.0 = !rules.0;
            }
        }
        return;
    }
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
fn drive<G: GameView>(
    mut m: ResMut<Match<G>>,
    budget: Res<ThinkBudget>,
    animating: Res<Animating>,
    privacy: Res<PrivacyPending>,
    settings: Res<crate::kit::settings::Settings>,
    time: Res<Time>,
    real: Res<Time<Real>>,
    pacing: Res<Pacing>,
    mut held: Local<f32>,
    mut slice: ResMut<LastThinkSlice>,
    mut changed: MessageWriter<GameChanged>,
    mut fitted: Local<Option<Duration>>,
    launch: Option<Res<crate::LaunchOptions>>,
    mut thoughts: ResMut<Thoughts>,
    (mut waits, mut calibrating): (ResMut<FittedWaits>, Local<Option<Calibrating<G>>>),
) {
    let last_slice = slice.0.take().unwrap_or_default();
    let budget = ThinkBudget(fit_slice(&mut fitted, budget.0, time.delta(), last_slice));
    // The real frame: game time stops at a quarter of a second a frame.
    let computer_budget = think_slice(budget.0, real.delta(), last_slice);
    if m.is_hinting() {
        let start = web_time::Instant::now();
        m.think_hint(budget.0, time.delta());
        slice.0 = Some(start.elapsed());
    }
    let computer_to_act = m
        .to_act()
        .is_some_and(|s| matches!(m.seat_kind(s), SeatKind::Computer(_)));
    let calibration_slice = if computer_to_act {
        computer_budget
    } else {
        budget.0
    };
    let start = web_time::Instant::now();
    if fit_waits(&mut m, &mut waits, &mut calibrating, calibration_slice) {
        slice.0 = Some(slice.0.unwrap_or_default() + start.elapsed());
    }
    if animating.0 || privacy.0.is_some() || m.turn() == Turn::Over {
        return;
    }
    if m.turn() == Turn::Chance {
        // A pause the game asked for: the table stays (for one frame at
        // least, so the views draw it), then chance.
        let step = settings.animation.seconds().unwrap_or(0.0);
        let shown = *held > 0.0;
        *held += time.delta_secs();
        if shown && *held >= m.chance_pause() * step && m.draw_chance() {
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
        // Its wait is still being fitted to this device (a few frames,
        // once per game, options and level): it starts thinking after.
        if let SeatKind::Computer(level) = m.seat_kind(seat)
            && m.needs_fitted_wait(level)
        {
            return;
        }
        let start = web_time::Instant::now();
        let done = m.think(computer_budget, time.delta(), pacing.0);
        slice.0 = Some(slice.0.unwrap_or_default() + start.elapsed());
        // Only where no person plays: a later match of a watched app may
        // seat one, whose opponent's search must then say nothing.
        let watched = launch.is_some_and(|l| l.watch)
            && Seat::all(m.seats().len()).all(|s| !m.seat_kind(s).is_human());
        if done
            && watched
            && let Some(report) = m.last_think()
        {
            let line = thought_line(G::ID, &report);
            // The browser build has no log plugin (its size): the console.
            #[cfg(target_arch = "wasm32")]
            web_sys::console::log_1(&line.as_str().into());
            #[cfg(not(target_arch = "wasm32"))]
            info!("{line}");
            if thoughts.0.len() >= 1000 {
                thoughts.0.pop_front();
            }
            thoughts.0.push_back(line);
        }
        if done {
            changed.write(GameChanged {
                by: Some(seat),
                undo: false,
            });
        }
    }
}

/// The computer's waits fitted to this device ([`veil_match::Calibration`]),
/// by game, seats, options and level, for as long as the app runs: each
/// is measured once, on a fixed position, so no match's secrets shape it.
#[derive(Resource, Default, Debug)]
pub struct FittedWaits {
    pub waits: std::collections::HashMap<String, Duration>,
    /// Calibrations run so far (each key's once).
    pub measured: u32,
}

impl FittedWaits {
    /// The key of a game's level at these options and seats.
    pub fn key<G: GameView>(options: &G::Options, seats: usize, level: veil_ai::Level) -> String {
        let options = serde_json::to_string(options).unwrap_or_default();
        format!(
            "{} {seats} {} {options}",
            G::ID,
            veil_match::level_name(level)
        )
    }
}

/// A calibration under way, and the key its wait is kept under.
pub struct Calibrating<G: GameView> {
    key: String,
    calibration: veil_match::Calibration<G>,
}

/// Gives the match's computer seats the waits measured for this device,
/// measuring the first one missing for about `slice` of this frame. True
/// if it searched.
fn fit_waits<G: GameView>(
    m: &mut Match<G>,
    waits: &mut FittedWaits,
    calibrating: &mut Option<Calibrating<G>>,
    slice: Duration,
) -> bool {
    // A finished game (its review) and a table fed from the wire (whose
    // computers are the server's) have nothing to fit.
    if m.turn() == Turn::Over || m.is_mirror() {
        return false;
    }
    let mut missing = None;
    for seat in Seat::all(m.seats().len()) {
        let SeatKind::Computer(level) = m.seat_kind(seat) else {
            continue;
        };
        if !m.needs_fitted_wait(level) {
            continue;
        }
        let key = FittedWaits::key::<G>(&m.options(), m.seats().len(), level);
        match waits.waits.get(&key) {
            Some(wait) => m.fit_wait(level, *wait),
            None => missing = missing.or(Some((key, level))),
        }
    }
    let Some((key, level)) = missing else {
        return false;
    };
    if calibrating.as_ref().is_none_or(|c| c.key != key) {
        *calibrating = Some(Calibrating {
            calibration: veil_match::Calibration::new(&m.options(), m.seats().len(), level),
            key,
        });
    }
    let c = calibrating.as_mut().expect("just set");
    if c.calibration.run_for(slice) {
        let wait = c.calibration.wait().expect("measured");
        waits.waits.insert(c.key.clone(), wait);
        waits.measured += 1;
        m.fit_wait(level, wait);
        *calibrating = None;
    }
    true
}

/// The `thought: …` lines of a watched demo ([`thought_line`]), the last
/// thousand: for the headless figures (`tests/app.rs`, `think_figures`).
#[derive(Resource, Default)]
pub struct Thoughts(pub std::collections::VecDeque<String>);

/// One computer's move as it was thought, in the line `?watch` logs
/// (the browser's console, a desktop's terminal) and the measuring scripts
/// read: `thought: jieqi normal seat 1: 3000 of 3000 (finished) in 1000 ms
/// waited, 181 ms searching in 62 slices`.
pub fn thought_line(game: &str, r: &veil_match::ThinkReport) -> String {
    let work = match r.progress {
        Some((done, budget)) => format!("{done} of {budget}"),
        None => "?".to_owned(),
    };
    format!(
        "thought: {game} {} seat {}: {work} ({}) in {} ms waited, {} ms searching in {} slices",
        r.level,
        r.seat.0,
        if r.finished { "finished" } else { "cut" },
        r.waited.as_millis(),
        r.searching.as_millis(),
        r.slices
    )
}

/// A frame that took longer than this runs long (under about 50 frames a
/// second): the search's slice shrinks.
pub const LONG_FRAME: Duration = Duration::from_millis(20);
/// The least slice, so the search still moves on a slow phone.
pub const LEAST_SLICE: Duration = Duration::from_millis(2);

/// The search's slice for this frame, from the last frame's length and
/// the last slice: cut by a third after a long frame, grown back by a
/// tenth after a short one, between a least and the budget. (The frame's
/// length, not the app's own work, is what a player sees; a display's
/// vsync keeps short frames at its rate, so they never count as long.)
///
/// The least is [`LEAST_SLICE`], or a tenth of the rest of the frame if
/// that is more: where drawing alone makes frames long (a phone's or a
/// software GPU), cutting the search to 2 ms would shorten them by a few
/// per cent and leave the computer a fraction of its budget in the time
/// the table waits — a weaker opponent on a slower device.
pub fn fit_slice(
    now: &mut Option<Duration>,
    budget: Duration,
    last_frame: Duration,
    last_slice: Duration,
) -> Duration {
    let rest = last_frame.saturating_sub(last_slice);
    let least = LEAST_SLICE.max(rest / 10).min(budget);
    let slice = now.unwrap_or(budget);
    let next = if last_frame > LONG_FRAME {
        slice.mul_f32(2.0 / 3.0)
    } else {
        slice.mul_f32(1.1)
    };
    let next = next.clamp(least, budget);
    *now = Some(next);
    next
}

/// The longest slice of a frame the computer's search takes, however long
/// the frames.
pub const MOST_SLICE: Duration = Duration::from_millis(250);

/// The computer's slice for this frame, from the [`fit_slice`] one: where
/// the rest of the frame (all but the search: the app, the drawing, the
/// wait for the display) is long by itself, over [`LONG_FRAME`], the
/// search takes as long as that rest, up to [`MOST_SLICE`]. So it gets
/// about half the time the table waits, as on a desktop at 60 frames a
/// second (8 ms of 16.7), where drawing is slow too — a phone, a software
/// GPU — instead of a few per cent of it, and the computer is not weaker
/// there. The frame rate may halve: while a computer thinks the table
/// stands still (its move waits for the animations, `drive`). Hints keep
/// the [`fit_slice`] one: they run while the person plays.
pub fn think_slice(fitted: Duration, last_frame: Duration, last_slice: Duration) -> Duration {
    let rest = last_frame.saturating_sub(last_slice);
    if rest > LONG_FRAME {
        fitted.max(rest.min(MOST_SLICE))
    } else {
        fitted
    }
}

/// Chooses whose view the board shows. One human: always theirs. No human:
/// the first seat's. Hot-seat: the seat to act, behind a privacy screen when
/// the game says the two views must not be seen by the wrong person.
fn update_viewer<G: GameView>(
    m: Res<Match<G>>,
    mut viewer: ResMut<Viewer>,
    mut privacy: ResMut<PrivacyPending>,
    mut commands: MessageReader<Command>,
) {
    let confirmed = commands.read().any(|c| *c == Command::ContinueAfterPrivacy);
    // A match replaced under the table (an import with fewer seats) must not
    // leave the screen on a seat it no longer has.
    let seats = m.seats().len();
    if viewer.0.index() >= seats || privacy.0.is_some_and(|s| s.index() >= seats) {
        viewer.0 = first_viewer(&m);
        privacy.0 = None;
    }
    if m.review().is_some() {
        // The review chooses whose eyes; the game is over, nothing is private.
        privacy.0 = None;
        return;
    }
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

/// The seat a table shows first: the first person's, else seat 0.
pub fn first_viewer<G: GameView>(m: &veil_match::Match<G>) -> Seat {
    m.humans().first().copied().unwrap_or(Seat(0))
}

/// Sets [`PlayPhase`] from the engine's turn, the seats and the privacy
/// screen: the only writer of the phase.
pub fn derive_phase<G: GameView>(
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
pub fn summarize<G: GameView>(m: &Match<G>) -> MatchResult {
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

/// A fresh match from the setup: seeds from the system's entropy unless
/// the setup fixes one (tests, the demo).
pub fn new_match<G: GameView>(setup: &MatchSetup, options: G::Options) -> Match<G> {
    let seeds = match setup.seed {
        Some(seed) => Seeds::fixed(seed, setup.seats.len()),
        None => Seeds::from_entropy(setup.seats.len()),
    };
    Match::new(
        options,
        setup.seats.clone(),
        seeds,
        Duration::from_millis(setup.think_limit_ms),
    )
}

/// The sound of the end: a win for the viewer, a draw, or a game among
/// computers sounds as a win; a loss of the viewer's as a loss.
pub fn end_cue<G: GameView>(
    m: &Match<G>,
    result: &MatchResult,
    viewer: Seat,
) -> crate::kit::sound::Cue {
    let viewer_won = result.seats.get(viewer.index()).is_some_and(|s| s.2);
    if result.draw || m.humans().is_empty() || viewer_won {
        crate::kit::sound::Cue::Win
    } else {
        crate::kit::sound::Cue::Lose
    }
}
