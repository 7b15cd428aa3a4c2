//! Figures particular to one game that `match` reports besides wins and
//! losses.

use serde_json::{Map, Value, json};
use veil_ai::arena::MatchResult;
use veil_hide_and_guess::{End, HideAndGuess};

use std::any::Any;

use veil_ai::Level;
use veil_core::Game;
use web_time::Duration;

use crate::matches::{Extras, NoExtras};

/// How a seat of game `G` decides in a match.
pub type ChooseFn<G> =
    fn(&<G as Game>::Observation, Level, Option<Duration>, u64) -> <G as Game>::Action;

/// The game's own computer player where it has one (Skelly judges its
/// shots under each level's execution noise, which the generic search
/// cannot know; Rengo has Go's own UCT-RAVE engine), else the generic
/// search.
pub fn chooser_for<G: Game>() -> ChooseFn<G> {
    let own: [Box<dyn Any>; 2] = [
        Box::new(veil_skelly::ai::choose as ChooseFn<veil_skelly::Skelly>),
        Box::new(veil_go::player::choose as ChooseFn<veil_go::Rengo>),
    ];
    for chooser in own {
        if let Ok(f) = chooser.downcast::<ChooseFn<G>>() {
            return *f;
        }
    }
    veil_ai::choose::<G>
}

/// The extra figures of game `G`, if it has any (chosen by type, so no
/// game is named by its id outside the registry).
pub fn for_game<G: Game>() -> Box<dyn Extras<G>> {
    let known: [Box<dyn Any>; 2] = [
        Box::new(Box::new(HideAndGuessExtras::default()) as Box<dyn Extras<HideAndGuess>>),
        Box::new(Box::new(TysiacExtras::default()) as Box<dyn Extras<veil_tysiac::Tysiac>>),
    ];
    for extras in known {
        if let Ok(extras) = extras.downcast::<Box<dyn Extras<G>>>() {
            return *extras;
        }
    }
    Box::new(NoExtras)
}

/// Hide and Guess: how many guesses a game takes, and whose guess won.
#[derive(Default)]
pub struct HideAndGuessExtras {
    games: u32,
    guesses: u32,
    /// Per `--seats` entry: games it ended by guessing right. A right guess
    /// takes a stone per triangle but need not win the game.
    winning_guesses: Vec<u32>,
}

impl Extras<HideAndGuess> for HideAndGuessExtras {
    fn record(&mut self, result: &MatchResult<HideAndGuess>, entry_of_seat: &[usize]) {
        let game = result.record.replay().expect("a finished match replays");
        let table = game.table();
        self.winning_guesses.resize(entry_of_seat.len(), 0);
        self.games += 1;
        self.guesses += table.guesses.len() as u32;
        if let Some(End::Guessed { by }) = table.end {
            self.winning_guesses[entry_of_seat[by.index()]] += 1;
        }
    }

    fn report(&self) -> (String, Map<String, Value>) {
        let mean = if self.games == 0 {
            0.0
        } else {
            f64::from(self.guesses) / f64::from(self.games)
        };
        let mean = (mean * 100.0).round() / 100.0;
        let text = format!(
            "mean guesses per game: {mean}; games ended by a right guess, per seat: {:?}\n",
            self.winning_guesses
        );
        let mut map = Map::new();
        map.insert("mean_guesses_per_game".into(), json!(mean));
        map.insert(
            "winning_guesses_by_seat".into(),
            json!(self.winning_guesses),
        );
        (text, map)
    }
}

/// Tysiąc: how often each seat, when it was the declarer, made its bid
/// (a Rospisat' counts as a declared hand not made; redeals are not hands).
#[derive(Default)]
pub struct TysiacExtras {
    declared: Vec<u32>,
    made: Vec<u32>,
}

impl Extras<veil_tysiac::Tysiac> for TysiacExtras {
    fn record(&mut self, result: &MatchResult<veil_tysiac::Tysiac>, entry_of_seat: &[usize]) {
        use veil_tysiac::HandEnd;
        let game = result.record.replay().expect("a finished match replays");
        self.declared.resize(entry_of_seat.len(), 0);
        self.made.resize(entry_of_seat.len(), 0);
        for hand in &game.table().history {
            let entry = entry_of_seat[hand.declarer.index()];
            match hand.end {
                HandEnd::Made => {
                    self.declared[entry] += 1;
                    self.made[entry] += 1;
                }
                HandEnd::Failed | HandEnd::Rospisat => self.declared[entry] += 1,
                HandEnd::Redeal { .. } => {}
            }
        }
    }

    fn report(&self) -> (String, Map<String, Value>) {
        let rates: Vec<f64> = self
            .declared
            .iter()
            .zip(&self.made)
            .map(|(d, m)| {
                if *d == 0 {
                    0.0
                } else {
                    (f64::from(*m) / f64::from(*d) * 1000.0).round() / 1000.0
                }
            })
            .collect();
        let text = format!(
            "declarer success rate per seat: {rates:?} (hands declared: {:?})\n",
            self.declared
        );
        let mut map = Map::new();
        map.insert("declarer_success_rate".into(), json!(rates));
        map.insert("hands_declared".into(), json!(self.declared));
        (text, map)
    }
}
