//! A new player, as a model to measure the computer against: not a level
//! anyone plays at, but a yardstick for "Beginner should lose to a
//! beginner about half the time" (issue 34).
//!
//! The model is what a person does on their first flicks with the mouse
//! (drag back from the cap and release; a drag of a set length is full
//! strength, `src/games/skelly/input.rs`): look at the box it shoots for,
//! pull straight away from it about as hard as seems right, and let go.
//! It never plays for another cap (only a killer, which can win no other
//! way, aims at the nearest cap).
//!
//! [`duel`] plays whole two-cap games between two [`Flicker`]s with fixed
//! seeds; `veil-cli novice` prints its figures, and
//! `tests/beginner.rs` keeps Beginner's share in its band.

use veil_ai::Level;
use veil_core::{Actor, Game, GameRng, Seat, SeedableRng, Turn};

use crate::ai::{self, Hand, Player, execution_error, perturb};
use crate::game::{End, Options, Skelly};
use crate::physics::Shot;

use super::Mix;

/// A new player's hand: it means [`Novice::aim`] and flicks it with a
/// person's error.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Novice {
    /// Standard deviation of the direction error, in degrees.
    pub angle_sd_degrees: f64,
    /// Standard deviation of the strength error, as a share of the
    /// strength (the drag's length).
    pub strength_sd: f64,
}

impl Novice {
    /// A person's first games with the mouse.
    ///
    /// Direction, 7°: the drag that aims is short (box 1 from the start
    /// line wants a pull of about 6 court units, some 85 pixels at the
    /// table's drawing scale), so a few pixels off at the release, the hand
    /// drifting as it lets go and the eye judging "straight away from the
    /// box" give several degrees, which a first-timer does not correct.
    ///
    /// Strength, 22 %: a pull's length is reproduced by hand to some
    /// 10–15 %, and a new player does not yet know how far a pull sends
    /// the cap (the slide grows with the square of the pull), which adds
    /// as much again; together some 20–25 % of the pull. As a distance
    /// that is about ±44 %: from the start line it makes box 1 about two
    /// shots in five (the rest mostly fall short or long, seldom wide).
    pub const NEW_PLAYER: Novice = Novice {
        angle_sd_degrees: 7.0,
        strength_sd: 0.22,
    };

    /// The shot it means for the seat to shoot: straight at the middle of
    /// its target (the spot the computer aims for, [`crate::Target::spot`])
    /// at the strength that stops a freely sliding cap there; a killer, at
    /// the nearest cap, hard enough to slide 6 units past it. `None` once
    /// the game is over.
    pub fn aim(game: &Skelly) -> Option<Shot> {
        if game.end().is_some() {
            return None;
        }
        let cap = game.cap(game.shooter());
        let from = cap.at?;
        if let Some(target) = cap.target() {
            return Some(Shot::to_stop_at(from, target.spot()));
        }
        let nearest = game
            .caps()
            .iter()
            .enumerate()
            .filter(|(i, c)| *i != game.shooter().index() && c.in_play())
            .filter_map(|(_, c)| c.at)
            .min_by(|a, b| from.distance(*a).total_cmp(&from.distance(*b)))?;
        Some(Shot::new(
            Shot::angle_towards(from, nearest),
            Shot::strength_for(from.distance(nearest) + 6.0),
        ))
    }

    /// The shot its hand flicks: [`Novice::aim`] with one error drawn from
    /// `seed`.
    pub fn flick(&self, game: &Skelly, seed: u64) -> Option<Shot> {
        let mut rng = GameRng::seed_from_u64(seed);
        let e = execution_error(&mut rng, self.angle_sd_degrees, self.strength_sd);
        Self::aim(game).map(|s| perturb(s, e))
    }
}

/// Who flicks for a seat in a [`duel`].
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Flicker {
    /// The computer player ([`ai::choose`]) at a level, thinking to its
    /// budget.
    Computer(Level),
    /// The computer player at a level with another hand than the level's
    /// ([`Player::with_hand`]), for tuning.
    WithHand(Level, Hand),
    Novice(Novice),
}

impl Flicker {
    fn flick(&self, game: &Skelly, seed: u64) -> Shot {
        let view = game.observe(game.shooter());
        match self {
            Flicker::Computer(level) => ai::choose(&view, *level, None, seed),
            Flicker::WithHand(level, hand) => {
                let mut player = Player::with_hand(&view, *level, *hand, seed);
                while !player.is_finished() {
                    player.run(u32::MAX);
                }
                player.shot().expect("the seat is to shoot")
            }
            Flicker::Novice(novice) => novice.flick(game, seed).expect("the game is on"),
        }
    }
}

/// The figures of a [`duel`], for its first flicker.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct DuelFigures {
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Shots played in all the games, both seats.
    pub shots: u64,
    /// Games that ran to the shot limit (ranked by progress).
    pub at_limit: u32,
}

impl DuelFigures {
    /// Points per game in [0, 1], a draw counting half.
    pub fn share(&self) -> f64 {
        if self.games == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(self.games)
    }

    /// The Wilson score interval of [`DuelFigures::share`] at 95 %.
    pub fn interval95(&self) -> (f64, f64) {
        let n = f64::from(self.games.max(1));
        let p = self.share();
        let z = 1.96f64;
        let z2 = z * z;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        (centre - half, centre + half)
    }

    /// Mean shots per game, both seats.
    pub fn mean_shots(&self) -> f64 {
        self.shots as f64 / f64::from(self.games.max(1))
    }
}

/// The seed of game `index` of a duel from `seed` (one game's shots are
/// seeded from it and the shot's number).
fn mixed(seed: u64, n: u64) -> u64 {
    Mix(seed ^ n.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15)).next()
}

/// Plays `games` two-cap games (default options) of `first` against
/// `second`, `first` shooting first in the even games and second in the
/// odd ones, game `i` seeded from `seed + i`. The figures are `first`'s.
/// Without a time limit anywhere, the same arguments give the same
/// figures.
pub fn duel(first: Flicker, second: Flicker, games: u32, seed: u64) -> DuelFigures {
    let mut figures = DuelFigures::default();
    for i in 0..games {
        let mine = Seat((i % 2) as u8);
        let game_seed = seed.wrapping_add(u64::from(i));
        let mut game = Skelly::new(&Options::default(), 2).expect("two caps play");
        while let Turn::Seat(seat) = game.turn() {
            let who = if seat == mine { first } else { second };
            let shot = who.flick(&game, mixed(game_seed, u64::from(game.shots())));
            game.apply(Actor::Seat(seat), shot)
                .expect("a shot of valid strength is legal");
        }
        let outcome = game.outcome().expect("the game is over");
        let (me, them) = (outcome.ranks[mine.index()], outcome.ranks[1 - mine.index()]);
        match me.cmp(&them) {
            std::cmp::Ordering::Less => figures.wins += 1,
            std::cmp::Ordering::Equal => figures.draws += 1,
            std::cmp::Ordering::Greater => figures.losses += 1,
        }
        figures.games += 1;
        figures.shots += u64::from(game.shots());
        if game.end() == Some(End::ShotLimit) {
            figures.at_limit += 1;
        }
    }
    figures
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::court::{BOXES, START_SPOTS};

    #[test]
    fn a_novice_aims_at_its_box_and_its_error_is_its_own() {
        let game = Skelly::new(&Options::default(), 2).unwrap();
        let aim = Novice::aim(&game).unwrap();
        assert_eq!(aim, Shot::to_stop_at(START_SPOTS[0], BOXES[0]));
        let steady = Novice {
            angle_sd_degrees: 0.0,
            strength_sd: 0.0,
        };
        assert_eq!(steady.flick(&game, 1), Some(aim));
        let flicks: Vec<Shot> = (0..20)
            .filter_map(|s| Novice::NEW_PLAYER.flick(&game, s))
            .collect();
        assert!(flicks.iter().any(|s| *s != aim));
        assert_eq!(Novice::NEW_PLAYER.flick(&game, 3), Some(flicks[3]));
    }

    /// The doc's "about two shots in five" from the start line.
    #[test]
    fn a_novice_makes_box_1_from_the_start_line_about_two_times_in_five() {
        let game = Skelly::new(&Options::default(), 2).unwrap();
        let tries = 400;
        let made = (0..tries)
            .filter(|seed| {
                let mut g = game.clone();
                let shot = Novice::NEW_PLAYER.flick(&g, *seed).unwrap();
                g.apply(Actor::Seat(Seat(0)), shot).unwrap();
                g.cap(Seat(0)).leg == 1
            })
            .count();
        eprintln!("the novice made box 1 {made} times in {tries}");
        assert!((120..=200).contains(&made), "{made} of {tries}");
    }

    #[test]
    fn the_interval_holds_the_share() {
        let f = DuelFigures {
            games: 100,
            wins: 40,
            draws: 2,
            losses: 58,
            ..Default::default()
        };
        let (lo, hi) = f.interval95();
        assert!(lo < 0.41 && 0.41 < hi, "{lo}..{hi}");
        assert!((hi - lo - 0.19).abs() < 0.01, "{lo}..{hi}");
    }
}
