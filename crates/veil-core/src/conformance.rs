//! The laws every game keeps, checked over many seeded random games.
//!
//! Every rules crate runs [`check`] in its tests:
//!
//! ```
//! use veil_core::{conformance, testing::HighLow};
//!
//! let report = conformance::check::<HighLow>(
//!     &Default::default(),
//!     &conformance::Config { games: 200, ..Default::default() },
//!     |rng| HighLow::arbitrary_action(rng),
//! )
//! .unwrap();
//! assert_eq!(report.games, 200);
//! ```

use std::collections::HashSet;

use rand::{RngExt, SeedableRng};

use crate::{Actor, Game, GameRng, Record, Seat, Turn};

/// How much to check.
#[derive(Clone, Debug)]
pub struct Config {
    /// How many random games.
    pub games: usize,
    /// Seed of the first game; game `i` uses `seed + i`.
    pub seed: u64,
    /// Seat counts to play, cycled over the games.
    pub seat_counts: Vec<usize>,
    /// A game that has not ended after this many actions is a violation.
    pub max_steps: usize,
    /// The costly checks (every legal action applied, serialisation,
    /// determinisation for every seat) run on every `deep_every`-th step.
    pub deep_every: usize,
    /// Arbitrary actions tried (and expected to be refused unless legal) per
    /// deep check.
    pub arbitrary_tries: usize,
    /// The share of seat actions taken by [`Game::playout_action`]; the rest
    /// are uniform among the legal ones. Long games (a match to 1000) reach
    /// their natural end only when play is not too wild.
    pub policy_share: f64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            games: 100,
            seed: 0,
            seat_counts: vec![2],
            max_steps: 100_000,
            deep_every: 1,
            arbitrary_tries: 8,
            policy_share: 0.5,
        }
    }
}

/// What was checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub games: usize,
    pub steps: usize,
    pub deep_checks: usize,
    pub determinizations: usize,
    pub refused_illegal: usize,
    /// How many games each seat won outright (first place alone).
    pub sole_wins: Vec<usize>,
    pub draws: usize,
    /// How many games ended for each [`crate::Outcome::reason`].
    pub endings: std::collections::BTreeMap<String, usize>,
}

/// A law that was broken, with the seed that reproduces it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub seed: u64,
    pub step: usize,
    pub law: String,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "game seed {} step {}: {}",
            self.seed, self.step, self.law
        )
    }
}

impl std::error::Error for Violation {}

/// How many states determinised from each seat's observation must show the
/// public observation alike, per deep check.
const PUBLIC_DETERMINIZATIONS: usize = 3;

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("game types serialise")
}

/// Plays `config.games` random games of `G` and checks the laws of [`Game`]
/// at every step. `arbitrary_action` makes any value of the action type,
/// legal or not, to check that illegal ones are refused without change.
pub fn check<G: Game>(
    options: &G::Options,
    config: &Config,
    arbitrary_action: impl Fn(&mut GameRng) -> G::Action,
) -> Result<Report, Violation> {
    let mut report = Report::default();
    for index in 0..config.games {
        let seed = config.seed + index as u64;
        let seats = config.seat_counts[index % config.seat_counts.len().max(1)];
        check_game::<G>(options, seats, seed, config, &arbitrary_action, &mut report)?;
    }
    Ok(report)
}

fn check_game<G: Game>(
    options: &G::Options,
    seats: usize,
    seed: u64,
    config: &Config,
    arbitrary_action: &impl Fn(&mut GameRng) -> G::Action,
    report: &mut Report,
) -> Result<(), Violation> {
    let mut step = 0;
    let fail = |step: usize, law: String| Violation { seed, step, law };
    let mut rng = GameRng::seed_from_u64(seed);
    let mut game = G::new(options, seats).map_err(|e| fail(0, format!("new failed: {e}")))?;
    if game.seats() != seats {
        return Err(fail(
            0,
            format!("asked for {seats} seats, got {}", game.seats()),
        ));
    }
    let mut record = Record::<G>::new(options.clone(), seats);
    let mut legal = Vec::new();
    let mut other = Vec::new();
    report
        .sole_wins
        .resize(report.sole_wins.len().max(seats), 0);

    loop {
        let turn = game.turn();
        if (turn == Turn::Over) != game.outcome().is_some() {
            return Err(fail(
                step,
                format!("turn is {turn:?} but outcome is {:?}", game.outcome()),
            ));
        }
        if turn == Turn::Over {
            break;
        }
        if step >= config.max_steps {
            return Err(fail(
                step,
                format!("no end after {} actions", config.max_steps),
            ));
        }
        let deep = step % config.deep_every.max(1) == 0;
        let actor = match turn {
            Turn::Chance => Actor::Chance,
            Turn::Seat(seat) => Actor::Seat(seat),
            Turn::Simultaneous(set) => {
                if set.is_empty() || set.iter().any(|s| s.index() >= seats) {
                    return Err(fail(step, format!("bad simultaneous set {set:?}")));
                }
                let members: Vec<Seat> = set.iter().collect();
                Actor::Seat(members[rng.random_range(0..members.len())])
            }
            Turn::Over => unreachable!(),
        };
        game.legal_actions(actor, &mut legal);
        if legal.is_empty() {
            return Err(fail(
                step,
                format!("{actor} is to act but has no legal action"),
            ));
        }
        let distinct: HashSet<_> = legal.iter().collect();
        if distinct.len() != legal.len() {
            return Err(fail(step, "legal actions listed twice".into()));
        }

        if deep {
            report.deep_checks += 1;
            deep_check(
                &game,
                actor,
                &legal,
                &mut rng,
                config,
                arbitrary_action,
                report,
            )
            .map_err(|law| fail(step, law))?;
        }

        // Seats who may not act now list nothing and are refused.
        for seat in Seat::all(seats) {
            let may_act = match turn {
                Turn::Seat(s) => s == seat,
                Turn::Simultaneous(set) => set.contains(seat),
                _ => false,
            };
            if !may_act {
                game.legal_actions(Actor::Seat(seat), &mut other);
                if !other.is_empty() {
                    return Err(fail(step, format!("{seat} lists actions out of turn")));
                }
                if deep {
                    let before = json(&game);
                    let mut probe = game.clone();
                    if probe.apply(Actor::Seat(seat), legal[0]).is_ok() {
                        return Err(fail(step, format!("{seat} acted out of turn")));
                    }
                    if json(&probe) != before {
                        return Err(fail(step, "a refused action changed the state".into()));
                    }
                }
            }
        }

        let action = match actor {
            Actor::Chance => {
                let drawn = game.sample_chance(&mut rng);
                if !legal.contains(&drawn) {
                    return Err(fail(
                        step,
                        format!("sampled chance {drawn:?} is not listed"),
                    ));
                }
                drawn
            }
            Actor::Seat(seat) => {
                if rng.random_bool(config.policy_share.clamp(0.0, 1.0)) {
                    game.playout_action(seat, &legal, &mut rng)
                } else {
                    legal[rng.random_range(0..legal.len())]
                }
            }
        };
        game.apply(actor, action)
            .map_err(|e| fail(step, format!("legal action refused: {e}")))?;
        record.actions.push((actor, action));
        report.steps += 1;
        step += 1;
    }

    let outcome = game.outcome().expect("checked above");
    if outcome.ranks.len() != seats || outcome.scores.len() != seats {
        return Err(fail(step, "outcome does not rank every seat".into()));
    }
    for seat in Seat::all(seats) {
        let reward = outcome.reward(seat);
        if !(0.0..=1.0).contains(&reward) {
            return Err(fail(step, format!("reward {reward} out of range")));
        }
        let obs = game.observe(seat);
        let det = G::determinize(&obs, &mut rng);
        if det.observe(seat) != obs || det.outcome() != Some(outcome.clone()) {
            return Err(fail(
                step,
                format!("determinisation after the end differs for {seat}"),
            ));
        }
        if det.observe_public() != game.observe_public() {
            return Err(fail(
                step,
                format!(
                    "the public observation is not public after the end: {seat} could imagine another"
                ),
            ));
        }
    }
    *report.endings.entry(outcome.reason.clone()).or_default() += 1;
    if outcome.is_draw() {
        report.draws += 1;
    } else if outcome.ranks.iter().filter(|r| **r == 0).count() == 1 {
        let winner = outcome.winners().next().expect("one winner");
        report.sole_wins[winner.index()] += 1;
    }

    let text = record.to_json();
    let replayed = Record::<G>::from_json(&text)
        .map_err(|e| fail(step, format!("record does not read back: {e}")))?
        .replay()
        .map_err(|e| fail(step, format!("record does not replay: {e}")))?;
    if json(&replayed) != json(&game) {
        return Err(fail(
            step,
            "replaying the record gives another state".into(),
        ));
    }
    report.games += 1;
    Ok(())
}

fn deep_check<G: Game>(
    game: &G,
    actor: Actor,
    legal: &[G::Action],
    rng: &mut GameRng,
    config: &Config,
    arbitrary_action: &impl Fn(&mut GameRng) -> G::Action,
    report: &mut Report,
) -> Result<(), String> {
    let before = json(game);

    // Serialisation round-trips.
    let back: G =
        serde_json::from_str(&before).map_err(|e| format!("state does not read back: {e}"))?;
    if json(&back) != before {
        return Err("state changes in a serialisation round trip".into());
    }
    for action in legal {
        let text = json(action);
        let back: G::Action =
            serde_json::from_str(&text).map_err(|e| format!("action does not read back: {e}"))?;
        if back != *action {
            return Err(format!("action {action:?} changes in a round trip"));
        }
    }

    // Every legal action applies.
    for action in legal {
        let mut probe = game.clone();
        probe
            .apply(actor, *action)
            .map_err(|e| format!("listed action refused: {e}"))?;
    }

    // Anything else is refused and changes nothing.
    for _ in 0..config.arbitrary_tries {
        let action = arbitrary_action(rng);
        if legal.contains(&action) {
            continue;
        }
        let mut probe = game.clone();
        match probe.apply(actor, action) {
            Ok(()) => {
                return Err(format!(
                    "unlisted action {action:?} was accepted for {actor}"
                ));
            }
            Err(e) if *e.action() != action => {
                return Err(format!("error hands back {:?}, not {action:?}", e.action()));
            }
            Err(_) => report.refused_illegal += 1,
        }
        if json(&probe) != before {
            return Err(format!("refused action {action:?} changed the state"));
        }
    }

    // A secret choice in a simultaneous turn shows nothing to the other
    // seats until the game reveals the choices together: while the turn is
    // still open, their views must not tell two different choices apart.
    if let (Turn::Simultaneous(_), Actor::Seat(chooser), [first, second, ..]) =
        (game.turn(), actor, legal)
    {
        let mut a = game.clone();
        let mut b = game.clone();
        a.apply(actor, *first)
            .map_err(|e| format!("listed action refused: {e}"))?;
        b.apply(actor, *second)
            .map_err(|e| format!("listed action refused: {e}"))?;
        if matches!(a.turn(), Turn::Simultaneous(_)) && matches!(b.turn(), Turn::Simultaneous(_)) {
            for seat in Seat::all(game.seats()).filter(|s| *s != chooser) {
                if a.observe(seat) != b.observe(seat) {
                    return Err(format!(
                        "{seat} can tell {chooser}'s secret choice {first:?} from {second:?} before the reveal"
                    ));
                }
            }
        }
    }

    // The public observation is seat 0's chair with nothing private, and
    // it reads back.
    let public = game.observe_public();
    if G::observer(&public) != Seat(0) {
        return Err(format!(
            "the public observation names {} as its observer, not seat 0",
            G::observer(&public)
        ));
    }
    let public_text = json(&public);
    let back: G::Observation = serde_json::from_str(&public_text)
        .map_err(|e| format!("public observation does not read back: {e}"))?;
    if back != public {
        return Err("public observation changes in a serialisation round trip".into());
    }

    // Observations read back, determinisations agree with them, and the
    // acting seat's choices do not depend on what it cannot see.
    let mut det_legal = Vec::new();
    for seat in Seat::all(game.seats()) {
        let obs = game.observe(seat);
        if G::observer(&obs) != seat {
            return Err(format!("observation of {seat} names another observer"));
        }
        let text = json(&obs);
        let back: G::Observation = serde_json::from_str(&text)
            .map_err(|e| format!("observation does not read back: {e}"))?;
        if back != obs {
            return Err("observation changes in a serialisation round trip".into());
        }
        let det = G::determinize(&obs, rng);
        report.determinizations += 1;
        if det.observe(seat) != obs {
            return Err(format!(
                "determinisation for {seat} disagrees with its observation:\n  {}\nvs\n  {}",
                json(&det.observe(seat)),
                text
            ));
        }
        if det.turn() != game.turn() {
            return Err(format!(
                "determinisation for {seat} changes whose turn it is"
            ));
        }
        // Every seat can work out the public observation from its own: it
        // is the same in every state the seat could imagine.
        for extra in 0..PUBLIC_DETERMINIZATIONS {
            let imagined = if extra == 0 {
                det.observe_public()
            } else {
                report.determinizations += 1;
                G::determinize(&obs, rng).observe_public()
            };
            if imagined != public {
                return Err(format!(
                    "the public observation is not public: {seat} could imagine\n  {}\nvs\n  {}",
                    json(&imagined),
                    public_text
                ));
            }
        }
        // What a seat cannot see has the same shape in every state it
        // could imagine (how many cards in a hand, which captures), so its
        // hidden facts count alike; a fact it can see is none of them.
        let (mut real, mut imagined) = (Vec::new(), Vec::new());
        game.hidden_facts(seat, &mut real);
        det.hidden_facts(seat, &mut imagined);
        if real.len() != imagined.len() {
            return Err(format!(
                "{seat} has {} hidden facts, but {} in a state it could imagine",
                real.len(),
                imagined.len()
            ));
        }
        if actor == Actor::Seat(seat) {
            det.legal_actions(actor, &mut det_legal);
            let mine: HashSet<_> = legal.iter().collect();
            let theirs: HashSet<_> = det_legal.iter().collect();
            if mine != theirs {
                return Err(format!(
                    "{seat}'s legal actions depend on what it cannot see"
                ));
            }
        }
    }
    if json(game) != before {
        return Err("observing or determinising changed the state".into());
    }
    Ok(())
}
