//! Game knowledge for the computer player: what the other secret probably
//! is, how good a position looks, and a playout policy better than chance.

use veil_core::{GameRng, RngExt, Seat};

use crate::game::other;
use crate::{Action, HideAndGuess, HideAndGuessView, Pieces, Table};

/// How likely a player is to vote UP on a triangle sharing `overlap` pieces
/// with their secret. UP adds a stone that pays each player per shared
/// piece, so a player votes UP mostly when the triangle pays them.
pub fn up_likelihood(overlap: usize) -> f64 {
    [0.2, 0.5, 0.8, 0.9][overlap.min(3)]
}

/// Unnormalised weights of every secret (in [`Pieces::secrets`] order) that
/// `about` could hide, as the other seat sees the table.
fn weights(table: &Table, about: Seat) -> Vec<f64> {
    let secrets = Pieces::secrets();
    let mut weights: Vec<f64> = secrets
        .iter()
        .map(|s| {
            // A wrong guess at `about` rules that secret out.
            if table
                .guesses
                .iter()
                .any(|g| g.by != about && !g.correct && g.pieces == *s)
            {
                return 0.0;
            }
            table
                .triangles
                .iter()
                .filter_map(|t| t.votes.map(|v| (t, v[about.index().min(1)])))
                .map(|(t, up)| {
                    let p = up_likelihood(t.pieces.overlap(*s));
                    if up { p } else { 1.0 - p }
                })
                .product()
        })
        .collect();
    if weights.iter().all(|w| *w <= 0.0) {
        // Only a hand-made, impossible view gets here: fall back to anything.
        weights.iter_mut().for_each(|w| *w = 1.0);
    }
    weights
}

/// The viewer's belief about the other player's secret: every secret they
/// could hide with its probability (summing to 1), in [`Pieces::secrets`]
/// order. Wrong guesses at them are excluded; each of their thumbs makes
/// secrets sharing many pieces with a triangle they voted UP (or few with
/// one they voted DOWN) likelier. Once revealed, the secret alone.
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
    let weights = weights(&view.table, view.opponent());
    let total: f64 = weights.iter().sum();
    Pieces::secrets()
        .iter()
        .copied()
        .zip(weights.into_iter().map(|w| w / total))
        .collect()
}

/// Draws the secret of `about` from the other seat's belief.
pub(crate) fn sample_secret(table: &Table, about: Seat, rng: &mut GameRng) -> Pieces {
    let weights = weights(table, about);
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

/// What `seat` could expect from guessing now: the likeliest secret of the
/// other player and the expected change of the score difference.
fn best_guess(table: &Table, seat: Seat) -> (Pieces, f64) {
    let weights = weights(table, other(seat));
    let total: f64 = weights.iter().sum();
    let (best, w) =
        weights.iter().enumerate().fold(
            (0, 0.0),
            |(bi, bw), (i, w)| if *w > bw { (i, *w) } else { (bi, bw) },
        );
    let p = w / total;
    // Right: one white stone per triangle. Wrong: +1 white for them, a black
    // stone (−2) for us.
    let value = p * table.triangles.len() as f64 - (1.0 - p) * 3.0;
    (Pieces::secrets()[best], value)
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
/// triangles that give away little about our secret; guess only when the
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
            let weights = weights(&game.table, other(seat));
            let total: f64 = weights.iter().sum();
            let theirs: f64 = Pieces::secrets()
                .iter()
                .zip(&weights)
                .map(|(s, w)| w * open.pieces.overlap(*s) as f64)
                .sum::<f64>()
                / total;
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
            // The least revealing of a few random candidates.
            (0..4)
                .map(|_| builds[rng.random_range(0..builds.len())])
                .min_by_key(|t| t.overlap(secret))
                .map(Action::Build)
                .expect("four candidates")
        }
        _ => random(rng),
    }
}
