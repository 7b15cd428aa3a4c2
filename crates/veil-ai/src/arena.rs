//! Whole games between computer players, for the command line, tests and
//! tuning.

use veil_core::{Actor, Game, GameRng, OptionsError, Outcome, Record, Seat, SeedableRng, Turn};
use web_time::{Duration, Instant};

use crate::{Level, choose};

/// How long a seat thought over a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThinkTime {
    /// Decisions the seat made.
    pub moves: u32,
    pub total: Duration,
}

impl ThinkTime {
    /// Mean thinking time per decision; zero when the seat never moved.
    pub fn mean(&self) -> Duration {
        if self.moves == 0 {
            Duration::ZERO
        } else {
            self.total / self.moves
        }
    }
}

/// A finished game between computer players.
#[derive(Clone, Debug)]
pub struct MatchResult<G: Game> {
    pub outcome: Outcome,
    /// Options, seats and every action, chance included: replays the game.
    pub record: Record<G>,
    /// Per seat.
    pub think: Vec<ThinkTime>,
}

/// Plays one game with `seats.len()` seats, seat `i` played at `seats[i]`.
///
/// Chance is drawn from a [`GameRng`] seeded with `seed`; each decision gets
/// its own seed derived from `seed` and the move number, and sees only
/// `game.observe(seat)`. Simultaneous turns are asked seat by seat in seat
/// order; no seat sees another's choice, since observations hide it. With
/// no `think_limit` the whole game depends only on the options, levels and
/// seed.
pub fn play_match<G: Game>(
    options: &G::Options,
    seats: &[Level],
    seed: u64,
    think_limit: Option<Duration>,
) -> Result<MatchResult<G>, OptionsError> {
    play_match_with(options, seats, seed, think_limit, choose::<G>)
}

/// How a seat decides: its observation, level, think limit and seed to an
/// action. [`choose`] (the generic search) is one.
pub trait Chooser<G: Game>:
    FnMut(&G::Observation, Level, Option<Duration>, u64) -> G::Action
{
}

impl<G: Game, F> Chooser<G> for F where
    F: FnMut(&G::Observation, Level, Option<Duration>, u64) -> G::Action
{
}

/// [`play_match`] with another chooser than the generic search, for a game
/// that has its own computer player (Skelly's flicks under execution noise).
pub fn play_match_with<G: Game>(
    options: &G::Options,
    seats: &[Level],
    seed: u64,
    think_limit: Option<Duration>,
    mut chooser: impl Chooser<G>,
) -> Result<MatchResult<G>, OptionsError> {
    let mut game = G::new(options, seats.len())?;
    let mut record = Record::<G>::new(options.clone(), seats.len());
    let mut chance = GameRng::seed_from_u64(seed);
    let mut think = vec![ThinkTime::default(); seats.len()];
    loop {
        let (actor, action) = match game.turn() {
            Turn::Over => break,
            Turn::Chance => (Actor::Chance, game.sample_chance(&mut chance)),
            Turn::Seat(seat) => (
                Actor::Seat(seat),
                decide(
                    &game,
                    seats,
                    seat,
                    seed,
                    &record,
                    &mut think,
                    think_limit,
                    &mut chooser,
                ),
            ),
            Turn::Simultaneous(waiting) => match waiting.first() {
                Some(seat) => (
                    Actor::Seat(seat),
                    decide(
                        &game,
                        seats,
                        seat,
                        seed,
                        &record,
                        &mut think,
                        think_limit,
                        &mut chooser,
                    ),
                ),
                None => break,
            },
        };
        game.apply(actor, action).unwrap_or_else(|e| {
            panic!(
                "{}: the computer chose an action the game refuses: {e}",
                G::ID
            )
        });
        record.actions.push((actor, action));
    }
    let outcome = game
        .outcome()
        .expect("a game whose turn is over has an outcome");
    Ok(MatchResult {
        outcome,
        record,
        think,
    })
}

#[allow(clippy::too_many_arguments)]
fn decide<G: Game>(
    game: &G,
    seats: &[Level],
    seat: Seat,
    seed: u64,
    record: &Record<G>,
    think: &mut [ThinkTime],
    think_limit: Option<Duration>,
    chooser: &mut impl Chooser<G>,
) -> G::Action {
    let view = game.observe(seat);
    let start = Instant::now();
    let action = chooser(
        &view,
        seats[seat.index()],
        think_limit,
        mix(seed, record.actions.len() as u64),
    );
    let t = &mut think[seat.index()];
    t.moves += 1;
    t.total += start.elapsed();
    action
}

/// A well-spread seed from a base seed and a counter (SplitMix64 finaliser).
pub(crate) fn mix(seed: u64, n: u64) -> u64 {
    let mut z = seed ^ n.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Wins, losses and draws of one level against another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Score {
    /// Points per game in [0, 1], a draw counting half.
    pub fn rate(&self) -> f64 {
        let games = self.wins + self.losses + self.draws;
        if games == 0 {
            0.5
        } else {
            (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(games)
        }
    }
}

/// Plays `games` two-seat games of `level` against `other`, alternating who
/// sits first, game `i` with seed `seed + i`; the score is `level`'s.
pub fn head_to_head<G: Game>(
    options: &G::Options,
    level: Level,
    other: Level,
    games: u32,
    seed: u64,
    think_limit: Option<Duration>,
) -> Result<Score, OptionsError> {
    let mut score = Score::default();
    for i in 0..games {
        let mine = (i % 2) as usize;
        let mut seats = [other; 2];
        seats[mine] = level;
        let result = play_match::<G>(
            options,
            &seats,
            seed.wrapping_add(u64::from(i)),
            think_limit,
        )?;
        let ranks = &result.outcome.ranks;
        match ranks[mine].cmp(&ranks[1 - mine]) {
            std::cmp::Ordering::Less => score.wins += 1,
            std::cmp::Ordering::Greater => score.losses += 1,
            std::cmp::Ordering::Equal => score.draws += 1,
        }
    }
    Ok(score)
}
