//! Game knowledge for the computer player: what the other secret probably
//! is, how good a position looks, and a playout policy better than chance.

use veil_core::{GameRng, RngExt, Seat};

use crate::game::other;
use crate::{Action, HideAndGuess, HideAndGuessView, Pieces, Table};

/// How the belief reads a player's choices: the model of a player who
/// thumbs UP when a triangle pays them more than it pays the typical
/// secret, and builds triangles that share pieces with their own secret.
#[doc(hidden)]
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Model {
    /// How sharply the thumb follows (overlap − the typical secret's overlap).
    pub thumb_slope: f64,
    /// The share of thumbs that follow nothing (half of them UP).
    pub thumb_noise: f64,
    /// A builder who builds by their secret picks a triangle with odds
    /// `build_taste^overlap` against the other buildable ones…
    pub build_taste: f64,
    /// …and this share of builds is anything buildable.
    pub build_noise: f64,
}

/// The model the computer player reasons with.
/// Fitted to games between the computer's own levels (the likelihood of
/// the true secrets at the end of self-play games, `examples/calib.rs`):
/// builds say far more than thumbs.
pub(crate) const MODEL: Model = Model {
    thumb_slope: 1.0,
    thumb_noise: 0.3,
    build_taste: 6.0,
    build_noise: 0.1,
};

/// Every triangle shape's overlap with every secret (rows in
/// [`Pieces::triangle_shapes`] order, columns in [`Pieces::secrets`]
/// order), and each shape's mean overlap over all secrets.
struct Overlaps {
    of: Vec<Vec<u8>>,
    mean: Vec<f64>,
    /// [`up_likelihood`] by shape and overlap.
    up: Vec<[f64; 4]>,
}

fn overlaps() -> &'static Overlaps {
    static TABLE: std::sync::OnceLock<Overlaps> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let secrets = Pieces::secrets();
        let of: Vec<Vec<u8>> = Pieces::triangle_shapes()
            .iter()
            .map(|t| secrets.iter().map(|s| t.overlap(*s) as u8).collect())
            .collect();
        let mean = of
            .iter()
            .map(|row| row.iter().map(|o| f64::from(*o)).sum::<f64>() / secrets.len() as f64)
            .collect::<Vec<f64>>();
        let up = mean
            .iter()
            .map(|m| std::array::from_fn(|o| thumb_up(&MODEL, o, *m)))
            .collect();
        Overlaps { of, mean, up }
    })
}

fn shape_index(triangle: Pieces) -> Option<usize> {
    Pieces::triangle_shapes()
        .iter()
        .position(|s| *s == triangle)
}

fn thumb_up(model: &Model, overlap: usize, typical: f64) -> f64 {
    let follows = 1.0 / (1.0 + (-model.thumb_slope * (overlap as f64 - typical)).exp());
    0.5 * model.thumb_noise + (1.0 - model.thumb_noise) * follows
}

/// How likely a player hiding `secret` is to thumb UP on `triangle`. UP
/// adds a stone that pays each player per shared piece, so a player votes
/// UP mostly when the triangle shares more pieces with their secret than
/// with the typical secret.
pub fn up_likelihood(triangle: Pieces, secret: Pieces) -> f64 {
    let overlap = triangle.overlap(secret);
    match shape_index(triangle) {
        Some(k) => overlaps().up[k][overlap],
        None => thumb_up(&MODEL, overlap, 1.0),
    }
}

/// What the belief about a secret is drawn from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Evidence {
    /// Wrong guesses and thumbs: cheap, for playouts.
    Thumbs,
    /// Also which triangles the player chose to build, among those they
    /// could have built then.
    ThumbsAndBuilds,
}

/// Unnormalised weights of every secret (in [`Pieces::secrets`] order) that
/// `about` could hide, as the other seat sees the table.
fn weights(table: &Table, about: Seat, evidence: Evidence) -> Vec<f64> {
    match evidence {
        Evidence::Thumbs => model_weights(table, about, &MODEL, false),
        Evidence::ThumbsAndBuilds => cached_weights(table, about),
    }
}

/// A wrong guess at `about` rules that secret out.
fn ruled_out(table: &Table, about: Seat, secret: Pieces) -> bool {
    table
        .guesses
        .iter()
        .any(|g| g.by != about && !g.correct && g.pieces == secret)
}

/// The weights under `model`, with or without the builds.
fn model_weights(table: &Table, about: Seat, model: &Model, builds: bool) -> Vec<f64> {
    let secrets = Pieces::secrets();
    let shapes = Pieces::triangle_shapes();
    let overlaps = overlaps();
    let me = about.index().min(1);
    let taste = [
        1.0,
        model.build_taste,
        model.build_taste.powi(2),
        model.build_taste.powi(3),
    ];
    let other_model: Vec<[f64; 4]>;
    let up: &[[f64; 4]] = if *model == MODEL {
        &overlaps.up
    } else {
        other_model = overlaps
            .mean
            .iter()
            .map(|m| std::array::from_fn(|o| thumb_up(model, o, *m)))
            .collect();
        &other_model
    };
    let mut weights: Vec<f64> = secrets
        .iter()
        .map(|s| {
            if ruled_out(table, about, *s) {
                0.0
            } else {
                1.0
            }
        })
        .collect();
    let mut supply = Pieces::SUPPLY;
    let mut built: Vec<usize> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    for t in &table.triangles {
        let Some(shape) = shape_index(t.pieces) else {
            continue;
        };
        let row = &overlaps.of[shape];
        if let Some(votes) = t.votes {
            for (w, o) in weights.iter_mut().zip(row) {
                let p = up[shape][*o as usize];
                *w *= if votes[me] { p } else { 1.0 - p };
            }
        }
        if builds && t.builder == about {
            // Which shapes could have been built instead.
            open.clear();
            open.extend(
                (0..shapes.len()).filter(|k| shapes[*k].is_subset(supply) && !built.contains(k)),
            );
            let n = open.len().max(1) as f64;
            for (i, w) in weights.iter_mut().enumerate() {
                if *w > 0.0 {
                    let z: f64 = open
                        .iter()
                        .map(|k| taste[overlaps.of[*k][i] as usize])
                        .sum();
                    let chosen = taste[row[i] as usize];
                    *w *= model.build_noise / n + (1.0 - model.build_noise) * chosen / z.max(1.0);
                }
            }
        }
        built.push(shape);
        supply = supply.minus(t.pieces).unwrap_or(supply);
    }
    if weights.iter().all(|w| *w <= 0.0) {
        // Only a hand-made, impossible view gets here: fall back to anything.
        weights.iter_mut().for_each(|w| *w = 1.0);
    }
    weights
}

/// [`weights`] with every piece of evidence, remembered per table: the
/// search asks again and again about the same few tables (the root's, the
/// tree's), and the builds make this the dearer belief.
fn cached_weights(table: &Table, about: Seat) -> Vec<f64> {
    use std::cell::RefCell;
    use std::collections::HashMap;
    type Key = (Seat, Vec<crate::Triangle>, Vec<crate::GuessMade>);
    thread_local! {
        static CACHE: RefCell<HashMap<Key, Vec<f64>>> = RefCell::new(HashMap::new());
    }
    let key = (about, table.triangles.clone(), table.guesses.clone());
    if let Some(hit) = CACHE.with(|c| c.borrow().get(&key).cloned()) {
        return hit;
    }
    let weights = model_weights(table, about, &MODEL, true);
    CACHE.with(|c| {
        let mut cache = c.borrow_mut();
        // About a kilobyte an entry: keep it to a few megabytes.
        if cache.len() >= 8_192 {
            cache.clear();
        }
        cache.insert(key, weights.clone());
    });
    weights
}

/// The viewer's belief about the other player's secret: every secret they
/// could hide with its probability (summing to 1), in [`Pieces::secrets`]
/// order. Wrong guesses at them are excluded; each of their thumbs makes
/// secrets sharing many pieces with a triangle they voted UP (or few with
/// one they voted DOWN) likelier, and so does each triangle they built
/// rather than another they could have built then (players build what pays
/// them). Once revealed, the secret alone.
///
/// ```
/// use veil_core::{Actor, Game, Seat};
/// use veil_hide_and_guess::{belief, Action, HideAndGuess, Pieces};
///
/// let mut game = HideAndGuess::new(&(), 2).unwrap();
/// let p = |s: &str| s.parse::<Pieces>().unwrap();
/// game.apply(Actor::Seat(Seat(0)), Action::ChooseSecret(p("KQPPP"))).unwrap();
/// game.apply(Actor::Seat(Seat(1)), Action::ChooseSecret(p("RRBBN"))).unwrap();
/// game.apply(Actor::Chance, Action::FirstPlayer(Seat(0))).unwrap();
/// game.apply(Actor::Seat(Seat(0)), Action::Guess(p("PPPPP"))).unwrap();
/// game.apply(Actor::Seat(Seat(1)), Action::Build(p("RRB"))).unwrap();
/// game.apply(Actor::Seat(Seat(0)), Action::Vote(false)).unwrap();
/// game.apply(Actor::Seat(Seat(1)), Action::Vote(true)).unwrap();
///
/// let belief = belief(&game.observe(Seat(0)));
/// let weight = |s: &str| belief.iter().find(|(x, _)| *x == p(s)).unwrap().1;
/// assert_eq!(weight("PPPPP"), 0.0); // guessed wrongly
/// assert!(weight("RRBBN") > weight("KQNPP")); // seat 1 liked RRB
/// ```
pub fn belief(view: &HideAndGuessView) -> Vec<(Pieces, f64)> {
    if let Some(revealed) = view.opponent_secret {
        return Pieces::secrets()
            .iter()
            .map(|s| (*s, if *s == revealed { 1.0 } else { 0.0 }))
            .collect();
    }
    let weights = weights(&view.table, view.opponent(), Evidence::ThumbsAndBuilds);
    let total: f64 = weights.iter().sum();
    Pieces::secrets()
        .iter()
        .copied()
        .zip(weights.into_iter().map(|w| w / total))
        .collect()
}

/// Draws the secret of `about` from the other seat's belief.
pub(crate) fn sample_secret(table: &Table, about: Seat, rng: &mut GameRng) -> Pieces {
    let weights = weights(table, about, Evidence::ThumbsAndBuilds);
    let total: f64 = weights.iter().sum();
    let mut pick = rng.random_range(0.0..total);
    for (secret, w) in Pieces::secrets().iter().zip(&weights) {
        if pick < *w {
            return *secret;
        }
        pick -= w;
    }
    // Rounding left a sliver at the end: the last possible secret.
    let last = weights
        .iter()
        .rposition(|w| *w > 0.0)
        .expect("weights are never all zero");
    Pieces::secrets()[last]
}

/// The probabilities of [`belief`] from the table alone: what the other
/// seat believes `about` hides, in [`Pieces::secrets`] order.
fn probabilities(table: &Table, about: Seat, evidence: Evidence) -> Vec<f64> {
    let mut p = weights(table, about, evidence);
    let total: f64 = p.iter().sum();
    p.iter_mut().for_each(|w| *w /= total);
    p
}

/// The expected change of the guesser's score lead from guessing a secret
/// the guesser believes with probability `p`, with `triangles` on the table.
/// Right: one white stone per triangle. Wrong: a white stone for the other
/// player and a black one (−2) for the guesser.
fn guess_value(p: f64, triangles: usize) -> f64 {
    p * triangles as f64 - (1.0 - p) * 3.0
}

/// What `seat` could expect from guessing now: the likeliest secret of the
/// other player (never one it already guessed wrongly: the belief rules
/// those out) and the expected change of the score difference.
fn best_guess(table: &Table, seat: Seat) -> (Pieces, f64) {
    let p = probabilities(table, other(seat), Evidence::Thumbs);
    let (best, top) = p.iter().enumerate().fold(
        (0, 0.0),
        |(bi, bp), (i, p)| if *p > bp { (i, *p) } else { (bi, bp) },
    );
    (
        Pieces::secrets()[best],
        guess_value(top, table.triangles.len()),
    )
}

/// The other player's expected overlap with `triangle` under the belief
/// `p` about their secret.
fn expected_overlap(triangle: Pieces, p: &[f64]) -> f64 {
    let Some(k) = shape_index(triangle) else {
        return 0.0;
    };
    overlaps().of[k]
        .iter()
        .zip(p)
        .map(|(o, p)| p * f64::from(*o))
        .sum()
}

/// What building `triangle` is worth to a builder hiding `mine`, in points
/// of score lead, if the builder then thumbs UP exactly when the triangle
/// pays them more than it likely pays the other (belief `p`), and the other
/// thumbs UP as [`up_likelihood`] says. Each stone pays both players, so a
/// stone is worth the difference of their overlaps.
fn build_value(triangle: Pieces, mine: Pieces, p: &[f64]) -> f64 {
    let Some(k) = shape_index(triangle) else {
        return 0.0;
    };
    let table = overlaps();
    let up = &table.up[k];
    let m = triangle.overlap(mine) as f64;
    let mut theirs = 0.0;
    let mut their_stone = 0.0;
    for (o, p) in table.of[k].iter().zip(p) {
        let o = *o as usize;
        theirs += p * o as f64;
        their_stone += p * up[o] * (m - o as f64);
    }
    (m - theirs).max(0.0) + their_stone
}

/// How many builds and guesses the search looks at on a build-or-guess turn.
const SEARCHED_BUILDS: usize = 6;
const SEARCHED_GUESSES: usize = 3;

/// The search's prior (see [`veil_core::Game::action_prior`]): which of
/// `seat`'s legal `actions` are worth searching, and in what order.
///
/// - Hiding a secret: no prior, every secret alike (a fixed order would make
///   the computer's secret predictable).
/// - A thumb: both, the one that pays more first.
/// - Build or guess: the few builds worth most (see [`build_value`]), and the
///   few likeliest secrets of the other player, but only those believed at
///   least half as much as a guess needs to break even, so an empty table,
///   where no guess can pay, is never guessed at, and never a secret already
///   guessed wrongly (the belief has ruled it out). When nothing can be built
///   any more, the likeliest guesses are searched beside ending the game.
pub(crate) fn action_prior(
    game: &HideAndGuess,
    seat: Seat,
    actions: &[Action],
    out: &mut Vec<f64>,
) {
    out.clear();
    let Some(mine) = game.secret(seat) else {
        return;
    };
    let table = &game.table;
    match actions.first() {
        Some(Action::Vote(_)) => {
            let Some(open) = table.open_vote() else {
                return;
            };
            let p = probabilities(table, other(seat), Evidence::ThumbsAndBuilds);
            let margin = open.pieces.overlap(mine) as f64 - expected_overlap(open.pieces, &p);
            let up = (1.0 / (1.0 + (-2.0 * margin).exp())).clamp(0.05, 0.95);
            out.extend(actions.iter().map(|a| match a {
                Action::Vote(true) => up,
                _ => 1.0 - up,
            }));
        }
        Some(Action::Build(_) | Action::EndByBuild | Action::Guess(_)) => {
            let p = probabilities(table, other(seat), Evidence::ThumbsAndBuilds);
            let triangles = table.triangles.len();
            let can_build = actions.iter().any(|a| matches!(a, Action::Build(_)));
            // The value of each action in points of lead; NaN: not searched.
            let mut values: Vec<f64> = actions
                .iter()
                .map(|a| match a {
                    Action::Build(t) => build_value(*t, mine, &p),
                    Action::EndByBuild => 0.0,
                    _ => f64::NAN,
                })
                .collect();
            keep_best(
                &mut values,
                |a| matches!(a, Action::Build(_)),
                actions,
                SEARCHED_BUILDS,
            );
            // Guesses, likeliest first.
            let secrets = Pieces::secrets();
            let mut guesses: Vec<(usize, f64)> = actions
                .iter()
                .enumerate()
                .filter_map(|(i, a)| match a {
                    Action::Guess(g) => {
                        let at = secrets.iter().position(|s| s == g)?;
                        Some((i, p[at]))
                    }
                    _ => None,
                })
                .filter(|(_, p)| *p > 0.0)
                .collect();
            guesses.sort_by(|a, b| b.1.total_cmp(&a.1));
            let needed = if can_build {
                // Half of what breaks even: p·T = (1 − p)·3.
                0.5 * 3.0 / (triangles as f64 + 3.0)
            } else {
                0.0
            };
            for (i, p) in guesses.into_iter().take(SEARCHED_GUESSES) {
                if p >= needed && (triangles > 0 || !can_build) {
                    values[i] = guess_value(p, triangles);
                }
            }
            out.extend(values.iter().map(|v| {
                if v.is_nan() {
                    0.0
                } else {
                    v.clamp(-30.0, 30.0).exp()
                }
            }));
        }
        _ => {}
    }
}

/// Keeps the `keep` highest values among the actions `pick` selects and
/// sets the others' to NaN (ties: the earlier action).
fn keep_best(values: &mut [f64], pick: impl Fn(&Action) -> bool, actions: &[Action], keep: usize) {
    let mut order: Vec<usize> = (0..actions.len()).filter(|i| pick(&actions[*i])).collect();
    order.sort_by(|a, b| values[*b].total_cmp(&values[*a]));
    for i in order.into_iter().skip(keep) {
        values[i] = f64::NAN;
    }
}

/// `seat`'s prospects in [0, 1]: the score difference if the game ended now
/// with the secrets of this (determinised) state, plus what each side could
/// expect from its best guess under its belief about the other, squashed.
pub(crate) fn evaluate(game: &HideAndGuess, seat: Seat) -> f64 {
    use veil_core::Game;
    if let Some(outcome) = game.outcome() {
        return outcome.reward(seat);
    }
    let me = seat.index().min(1);
    let scores = game.scores();
    let mut diff = (scores[me] - scores[1 - me]) as f64;
    if game.table.first_player.is_some() {
        diff += best_guess(&game.table, seat).1.max(0.0);
        diff -= best_guess(&game.table, other(seat)).1.max(0.0);
    }
    // Gentle enough that a big lead still prefers a bigger one.
    1.0 / (1.0 + (-diff / 6.0).exp())
}

/// A playout policy that knows the game a little: hide any secret; thumb UP
/// when the triangle pays us more than it likely pays the other; build
/// triangles that pay us (see [`build_value`]); guess only when the
/// likeliest secret is worth the risk.
pub(crate) fn playout_action(
    game: &HideAndGuess,
    seat: Seat,
    legal: &[Action],
    rng: &mut GameRng,
) -> Action {
    let chosen = policy(game, seat, legal, rng);
    // The search may offer fewer actions than the rules allow.
    if legal.contains(&chosen) {
        chosen
    } else {
        legal[rng.random_range(0..legal.len())]
    }
}

fn policy(game: &HideAndGuess, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
    let random = |rng: &mut GameRng| legal[rng.random_range(0..legal.len())];
    let Some(secret) = game.secret(seat) else {
        return random(rng);
    };
    match legal[0] {
        Action::Vote(_) => {
            let Some(open) = game.table.open_vote() else {
                return random(rng);
            };
            let theirs = expected_overlap(
                open.pieces,
                &probabilities(&game.table, other(seat), Evidence::Thumbs),
            );
            let mine = open.pieces.overlap(secret) as f64;
            let up = if (mine - theirs).abs() < 0.3 {
                rng.random_bool(0.5)
            } else {
                mine > theirs
            };
            Action::Vote(up)
        }
        Action::Build(_) | Action::EndByBuild | Action::Guess(_) => {
            let (guess, value) = best_guess(&game.table, seat);
            if value > 0.0 {
                return Action::Guess(guess);
            }
            let builds: Vec<Pieces> = legal
                .iter()
                .filter_map(|a| {
                    if let Action::Build(p) = a {
                        Some(*p)
                    } else {
                        None
                    }
                })
                .collect();
            if builds.is_empty() {
                return Action::EndByBuild;
            }
            // The best paying of a few random candidates.
            let p = probabilities(&game.table, other(seat), Evidence::Thumbs);
            (0..4)
                .map(|_| builds[rng.random_range(0..builds.len())])
                .map(|t| (t, build_value(t, secret, &p)))
                .max_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(t, _)| Action::Build(t))
                .expect("four candidates")
        }
        _ => random(rng),
    }
}

#[doc(hidden)]
pub fn belief_with(view: &HideAndGuessView, model: &Model, builds: bool) -> Vec<(Pieces, f64)> {
    let mut p = model_weights(&view.table, view.opponent(), model, builds);
    let total: f64 = p.iter().sum();
    p.iter_mut().for_each(|w| *w /= total);
    Pieces::secrets().iter().copied().zip(p).collect()
}
