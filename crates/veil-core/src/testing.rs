//! Two tiny games that exercise every part of the core — chance, hidden
//! information, simultaneous secret choices — for examples and for the tests
//! of the core and the computer player. They are not Veil's games.

use rand::RngExt;
use serde::{Deserialize, Serialize};

use crate::{ActionError, Actor, Game, GameRng, OptionsError, Outcome, Seat, SeatSet, Turn};

/// Pig: on your turn roll a die as often as you like, adding to a running
/// total; a 1 loses the total and ends the turn; hold to bank it. First to
/// the goal wins. Everything is public; chance is the die.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "PigUnchecked")]
pub struct Pig {
    options: PigOptions,
    banked: Vec<u32>,
    running: u32,
    to_move: Seat,
    rolling: bool,
    /// Turns so far; a game that reaches the limit is a draw, so it ends.
    turns: u32,
}

/// [`Pig`] as read, before it is checked: like every game, Pig refuses
/// outside data it could not play on.
#[derive(Deserialize)]
struct PigUnchecked {
    options: PigOptions,
    banked: Vec<u32>,
    running: u32,
    to_move: Seat,
    rolling: bool,
    turns: u32,
}

/// The largest goal, running total and bank of [`Pig`]: totals stop there,
/// so whatever is read plays on and reads back.
pub const PIG_MAX: u32 = 1_000_000;

impl TryFrom<PigUnchecked> for Pig {
    type Error = String;
    fn try_from(raw: PigUnchecked) -> Result<Pig, String> {
        if !(2..=6).contains(&raw.banked.len()) || raw.to_move.index() >= raw.banked.len() {
            return Err("pig has 2 to 6 seats, one of them to move".into());
        }
        if raw.options.goal == 0
            || raw.options.goal > PIG_MAX
            || raw.running > PIG_MAX
            || raw.banked.iter().any(|b| *b > PIG_MAX)
        {
            return Err("a goal or total out of range".into());
        }
        Ok(Pig {
            options: raw.options,
            banked: raw.banked,
            running: raw.running,
            to_move: raw.to_move,
            rolling: raw.rolling,
            turns: raw.turns,
        })
    }
}

/// Pig hides nothing: every seat sees the whole game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "PigViewUnchecked")]
pub struct PigView {
    pub seat: Seat,
    pub game: Pig,
}

#[derive(Deserialize)]
struct PigViewUnchecked {
    seat: Seat,
    game: Pig,
}

impl TryFrom<PigViewUnchecked> for PigView {
    type Error = String;
    fn try_from(raw: PigViewUnchecked) -> Result<PigView, String> {
        if raw.seat.index() >= raw.game.seats() {
            return Err(format!("no {} in this game", raw.seat));
        }
        Ok(PigView {
            seat: raw.seat,
            game: raw.game,
        })
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PigOptions {
    pub goal: u32,
    pub turn_limit: u32,
}

impl Default for PigOptions {
    fn default() -> Self {
        PigOptions {
            goal: 30,
            turn_limit: 200,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum PigAction {
    Roll,
    Hold,
    Die(u8),
}

impl Pig {
    /// Any action value, legal or not, for the conformance check.
    pub fn arbitrary_action(rng: &mut GameRng) -> PigAction {
        match rng.random_range(0..3) {
            0 => PigAction::Roll,
            1 => PigAction::Hold,
            _ => PigAction::Die(rng.random_range(0..9)),
        }
    }

    fn winner(&self) -> Option<Seat> {
        self.banked
            .iter()
            .position(|b| *b >= self.options.goal)
            .map(|i| Seat(i as u8))
    }

    fn pass(&mut self) {
        self.running = 0;
        self.to_move = self.to_move.next(self.banked.len());
        self.turns += 1;
    }
}

impl Game for Pig {
    const ID: &'static str = "pig";
    type Options = PigOptions;
    type Action = PigAction;
    type Observation = PigView;

    fn new(options: &PigOptions, seats: usize) -> Result<Self, OptionsError> {
        if !(2..=6).contains(&seats) {
            return Err(OptionsError::new(format!(
                "pig needs 2 to 6 seats, not {seats}"
            )));
        }
        if options.goal == 0 || options.goal > PIG_MAX {
            return Err(OptionsError::new(format!(
                "the goal must be 1 to {PIG_MAX}, not {}",
                options.goal
            )));
        }
        Ok(Pig {
            options: options.clone(),
            banked: vec![0; seats],
            running: 0,
            to_move: Seat(0),
            rolling: false,
            turns: 0,
        })
    }

    fn options(&self) -> &PigOptions {
        &self.options
    }

    fn seats(&self) -> usize {
        self.banked.len()
    }

    fn turn(&self) -> Turn {
        if self.winner().is_some() || self.turns >= self.options.turn_limit {
            Turn::Over
        } else if self.rolling {
            Turn::Chance
        } else {
            Turn::Seat(self.to_move)
        }
    }

    fn legal_actions(&self, actor: Actor, out: &mut Vec<PigAction>) {
        out.clear();
        match (self.turn(), actor) {
            (Turn::Chance, Actor::Chance) => out.extend((1..=6).map(PigAction::Die)),
            (Turn::Seat(s), Actor::Seat(a)) if s == a => {
                out.push(PigAction::Roll);
                if self.running > 0 {
                    out.push(PigAction::Hold);
                }
            }
            _ => {}
        }
    }

    fn sample_chance(&self, rng: &mut GameRng) -> PigAction {
        PigAction::Die(rng.random_range(1..=6))
    }

    fn apply(&mut self, actor: Actor, action: PigAction) -> Result<(), ActionError<PigAction>> {
        let mut legal = Vec::new();
        self.legal_actions(actor, &mut legal);
        if self.turn() == Turn::Over {
            return Err(ActionError::GameOver { action });
        }
        if legal.is_empty() {
            return Err(ActionError::NotYourTurn { actor, action });
        }
        if !legal.contains(&action) {
            let reason = "not one of roll, hold (with a running total) or a die from 1 to 6";
            return Err(ActionError::Illegal {
                actor,
                action,
                reason: reason.into(),
            });
        }
        match action {
            PigAction::Roll => self.rolling = true,
            PigAction::Hold => {
                let banked = &mut self.banked[self.to_move.index()];
                *banked = (*banked + self.running).min(PIG_MAX);
                if self.winner().is_none() {
                    self.pass();
                }
            }
            PigAction::Die(1) => {
                self.rolling = false;
                self.pass();
            }
            PigAction::Die(n) => {
                self.rolling = false;
                self.running = (self.running + u32::from(n)).min(PIG_MAX);
            }
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.winner() {
            Some(w) => Some(Outcome::win(w, self.seats(), "goal reached")),
            None if self.turns >= self.options.turn_limit => {
                Some(Outcome::draw(self.seats(), "turn limit"))
            }
            None => None,
        }
    }

    fn observe(&self, seat: Seat) -> PigView {
        PigView {
            seat,
            game: self.clone(),
        }
    }

    fn observe_public(&self) -> PigView {
        self.observe(Seat(0))
    }

    fn observer(observation: &PigView) -> Seat {
        observation.seat
    }

    fn determinize(observation: &PigView, _rng: &mut GameRng) -> Self {
        // Everything is public: there is only one consistent state.
        observation.game.clone()
    }

    fn evaluate(&self, seat: Seat) -> Option<f64> {
        let goal = f64::from(self.options.goal);
        let mine = f64::from(self.banked[seat.index()]) / goal;
        let best_other = Seat::all(self.seats())
            .filter(|s| *s != seat)
            .map(|s| f64::from(self.banked[s.index()]) / goal)
            .fold(0.0, f64::max);
        Some((0.5 + (mine - best_other) / 2.0).clamp(0.0, 1.0))
    }
}

/// High-Low: chance deals each of two seats a secret card from 0 to 9; then
/// both choose at once, in secret, to stay or fold. A lone stayer wins; if
/// both stay the higher card wins; otherwise a draw. Exercises hidden
/// information and simultaneous choices.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "HighLowUnchecked")]
pub struct HighLow {
    cards: Vec<u8>,
    choices: [Option<bool>; 2],
}

#[derive(Deserialize)]
struct HighLowUnchecked {
    cards: Vec<u8>,
    choices: [Option<bool>; 2],
}

impl TryFrom<HighLowUnchecked> for HighLow {
    type Error = String;
    fn try_from(raw: HighLowUnchecked) -> Result<HighLow, String> {
        if raw.cards.len() > 2 || raw.cards.iter().any(|c| *c >= 10) {
            return Err("two cards from 0 to 9".into());
        }
        if raw.cards.len() < 2 && raw.choices.iter().any(Option::is_some) {
            return Err("a choice before the deal".into());
        }
        Ok(HighLow {
            cards: raw.cards,
            choices: raw.choices,
        })
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum HighLowAction {
    Deal(u8),
    Stay,
    Fold,
}

/// What a seat sees: its own card, whether the other has chosen yet, and
/// everything once both choices are revealed. The public view (a spectator's)
/// is seat 0's without its card and its choice: `my_card` and `my_choice`
/// are `None` though seat 0 was dealt and may have chosen.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "HighLowViewUnchecked")]
pub struct HighLowView {
    pub seat: Seat,
    pub dealt: usize,
    pub my_card: Option<u8>,
    pub my_choice: Option<bool>,
    pub other_has_chosen: bool,
    /// Both choices and, if both stayed, both cards; present once revealed.
    pub revealed: Option<([bool; 2], Option<[u8; 2]>)>,
}

#[derive(Deserialize)]
struct HighLowViewUnchecked {
    seat: Seat,
    dealt: usize,
    my_card: Option<u8>,
    my_choice: Option<bool>,
    other_has_chosen: bool,
    revealed: Option<([bool; 2], Option<[u8; 2]>)>,
}

impl TryFrom<HighLowViewUnchecked> for HighLowView {
    type Error = String;
    fn try_from(raw: HighLowViewUnchecked) -> Result<HighLowView, String> {
        let me = raw.seat.index();
        let cards_ok = raw.my_card.is_none_or(|c| c < 10)
            && (raw.my_card.is_none() || raw.dealt > me)
            && raw
                .revealed
                .is_none_or(|(_, shown)| shown.is_none_or(|s| s.iter().all(|c| *c < 10)));
        let chosen = raw.my_choice.is_some() || raw.other_has_chosen || raw.revealed.is_some();
        if me >= 2 || raw.dealt > 2 || !cards_ok || (chosen && raw.dealt < 2) {
            return Err("not a view of high-low".into());
        }
        Ok(HighLowView {
            seat: raw.seat,
            dealt: raw.dealt,
            my_card: raw.my_card,
            my_choice: raw.my_choice,
            other_has_chosen: raw.other_has_chosen,
            revealed: raw.revealed,
        })
    }
}

impl HighLow {
    /// Any action value, legal or not, for the conformance check.
    pub fn arbitrary_action(rng: &mut GameRng) -> HighLowAction {
        match rng.random_range(0..3) {
            0 => HighLowAction::Stay,
            1 => HighLowAction::Fold,
            _ => HighLowAction::Deal(rng.random_range(0..12)),
        }
    }

    fn both_chosen(&self) -> Option<[bool; 2]> {
        Some([self.choices[0]?, self.choices[1]?])
    }
}

impl Game for HighLow {
    const ID: &'static str = "high-low";
    type Options = ();
    type Action = HighLowAction;
    type Observation = HighLowView;

    fn new(_options: &(), seats: usize) -> Result<Self, OptionsError> {
        if seats != 2 {
            return Err(OptionsError::new("high-low is for two seats"));
        }
        Ok(HighLow {
            cards: Vec::new(),
            choices: [None, None],
        })
    }

    fn options(&self) -> &() {
        &()
    }

    fn seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.cards.len() < 2 {
            return Turn::Chance;
        }
        let waiting: SeatSet = Seat::all(2)
            .filter(|s| self.choices[s.index()].is_none())
            .collect();
        if waiting.is_empty() {
            Turn::Over
        } else {
            Turn::Simultaneous(waiting)
        }
    }

    fn legal_actions(&self, actor: Actor, out: &mut Vec<HighLowAction>) {
        out.clear();
        match (self.turn(), actor) {
            (Turn::Chance, Actor::Chance) => out.extend((0..10).map(HighLowAction::Deal)),
            (Turn::Simultaneous(set), Actor::Seat(s)) if set.contains(s) => {
                out.extend([HighLowAction::Stay, HighLowAction::Fold])
            }
            _ => {}
        }
    }

    fn sample_chance(&self, rng: &mut GameRng) -> HighLowAction {
        HighLowAction::Deal(rng.random_range(0..10))
    }

    fn apply(
        &mut self,
        actor: Actor,
        action: HighLowAction,
    ) -> Result<(), ActionError<HighLowAction>> {
        if self.turn() == Turn::Over {
            return Err(ActionError::GameOver { action });
        }
        let mut legal = Vec::new();
        self.legal_actions(actor, &mut legal);
        if legal.is_empty() {
            return Err(ActionError::NotYourTurn { actor, action });
        }
        match (actor, action) {
            (Actor::Chance, HighLowAction::Deal(c)) if c < 10 => self.cards.push(c),
            (Actor::Seat(s), HighLowAction::Stay | HighLowAction::Fold) => {
                self.choices[s.index()] = Some(action == HighLowAction::Stay)
            }
            _ => {
                let reason = "deal a card from 0 to 9, or stay or fold".into();
                return Err(ActionError::Illegal {
                    actor,
                    action,
                    reason,
                });
            }
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        let [a, b] = self.both_chosen()?;
        let winner = match (a, b) {
            (true, false) => Some(Seat(0)),
            (false, true) => Some(Seat(1)),
            (true, true) if self.cards[0] != self.cards[1] => {
                Some(if self.cards[0] > self.cards[1] {
                    Seat(0)
                } else {
                    Seat(1)
                })
            }
            _ => None,
        };
        Some(match winner {
            Some(w) => Outcome::win(w, 2, "showdown"),
            None => Outcome::draw(2, "showdown"),
        })
    }

    fn observe(&self, seat: Seat) -> HighLowView {
        let revealed = self.both_chosen().map(|choices| {
            let cards = (choices == [true, true]).then(|| [self.cards[0], self.cards[1]]);
            (choices, cards)
        });
        HighLowView {
            seat,
            dealt: self.cards.len(),
            my_card: self.cards.get(seat.index()).copied(),
            my_choice: self.choices[seat.index()],
            other_has_chosen: self.choices[1 - seat.index()].is_some(),
            revealed,
        }
    }

    fn observe_public(&self) -> HighLowView {
        HighLowView {
            my_card: None,
            my_choice: None,
            ..self.observe(Seat(0))
        }
    }

    fn observer(observation: &HighLowView) -> Seat {
        observation.seat
    }

    fn determinize(obs: &HighLowView, rng: &mut GameRng) -> Self {
        let me = obs.seat.index();
        let mut cards: Vec<u8> = (0..obs.dealt).map(|_| rng.random_range(0..10)).collect();
        if let Some(c) = obs.my_card {
            cards[me] = c;
        }
        let mut choices = [None, None];
        choices[me] = obs.my_choice;
        if obs.other_has_chosen {
            choices[1 - me] = Some(rng.random_bool(0.5));
        }
        if let Some((revealed, shown)) = obs.revealed {
            choices = [Some(revealed[0]), Some(revealed[1])];
            if let Some(shown) = shown {
                cards = shown.to_vec();
            }
        }
        HighLow { cards, choices }
    }

    /// The other seat's card, place = its seat, what = the card.
    fn hidden_facts(&self, seat: Seat, out: &mut Vec<crate::Fact>) {
        out.clear();
        let other = 1 - seat.index();
        let shown = self.both_chosen() == Some([true, true]);
        if let Some(&card) = self.cards.get(other)
            && !shown
        {
            out.push(crate::Fact {
                place: other as u16,
                what: u16::from(card),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conformance::{self, Config};

    #[test]
    fn pig_keeps_the_laws() {
        let config = Config {
            games: 300,
            seat_counts: vec![2, 3, 6],
            ..Default::default()
        };
        let report =
            conformance::check::<Pig>(&Default::default(), &config, Pig::arbitrary_action).unwrap();
        assert_eq!(report.games, 300);
        assert!(report.refused_illegal > 0);
        assert_eq!(report.endings.values().sum::<usize>(), 300);
        assert!(report.endings.contains_key("goal reached"));
    }

    #[test]
    fn high_low_keeps_the_laws() {
        let config = Config {
            games: 300,
            ..Default::default()
        };
        let report =
            conformance::check::<HighLow>(&(), &config, HighLow::arbitrary_action).unwrap();
        assert!(report.determinizations > 0);
        assert!(report.draws > 0 && report.sole_wins.iter().all(|w| *w > 0));
    }

    #[test]
    fn high_low_hides_the_other_card_and_choice() {
        let mut game = HighLow::new(&(), 2).unwrap();
        game.apply(Actor::Chance, HighLowAction::Deal(3)).unwrap();
        game.apply(Actor::Chance, HighLowAction::Deal(8)).unwrap();
        game.apply(Actor::Seat(Seat(1)), HighLowAction::Fold)
            .unwrap();
        let view = game.observe(Seat(0));
        assert_eq!(view.my_card, Some(3));
        assert!(view.other_has_chosen && view.revealed.is_none());
        assert!(!serde_json::to_string(&view).unwrap().contains('8'));
        // A second choice by the same seat is out of turn and changes nothing.
        let before = game.clone();
        assert!(matches!(
            game.apply(Actor::Seat(Seat(1)), HighLowAction::Stay),
            Err(ActionError::NotYourTurn { .. })
        ));
        assert_eq!(game, before);
    }

    /// High-Low with one law broken on purpose: `FLAW` 0 makes the
    /// determinisation forget the observer's own card, 1 makes the view show
    /// the other seat's secret choice before the reveal, 2 makes the public
    /// view show seat 0's card.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    struct Flawed<const FLAW: u8>(HighLow);

    impl<const FLAW: u8> Game for Flawed<FLAW> {
        const ID: &'static str = "flawed";
        type Options = ();
        type Action = HighLowAction;
        type Observation = HighLowView;
        fn new(o: &(), s: usize) -> Result<Self, OptionsError> {
            HighLow::new(o, s).map(Flawed)
        }
        fn options(&self) -> &() {
            &()
        }
        fn seats(&self) -> usize {
            2
        }
        fn turn(&self) -> Turn {
            self.0.turn()
        }
        fn legal_actions(&self, a: Actor, out: &mut Vec<HighLowAction>) {
            self.0.legal_actions(a, out)
        }
        fn sample_chance(&self, rng: &mut GameRng) -> HighLowAction {
            self.0.sample_chance(rng)
        }
        fn apply(&mut self, a: Actor, x: HighLowAction) -> Result<(), ActionError<HighLowAction>> {
            self.0.apply(a, x)
        }
        fn outcome(&self) -> Option<Outcome> {
            self.0.outcome()
        }
        fn observe(&self, s: Seat) -> HighLowView {
            let mut view = self.0.observe(s);
            if FLAW == 1
                && view.revealed.is_none()
                && let Some(theirs) = self.0.choices[s.other().index()]
            {
                view.revealed = Some(([theirs, theirs], None));
            }
            view
        }
        fn observe_public(&self) -> HighLowView {
            let mut view = self.0.observe_public();
            if FLAW == 2 {
                view.my_card = self.0.cards.first().copied();
            }
            view
        }
        fn observer(o: &HighLowView) -> Seat {
            o.seat
        }
        fn determinize(o: &HighLowView, rng: &mut GameRng) -> Self {
            let mut o = o.clone();
            if FLAW == 0 {
                o.my_card = o.my_card.map(|c| (c + 1) % 10);
            }
            Flawed(HighLow::determinize(&o, rng))
        }
    }

    #[test]
    fn the_checker_catches_a_forgetful_determinisation() {
        let err =
            conformance::check::<Flawed<0>>(&(), &Config::default(), HighLow::arbitrary_action)
                .unwrap_err();
        assert!(err.law.contains("disagrees"), "{err}");
    }

    #[test]
    fn the_checker_catches_a_view_that_shows_a_secret_choice() {
        let err =
            conformance::check::<Flawed<1>>(&(), &Config::default(), HighLow::arbitrary_action)
                .unwrap_err();
        assert!(err.law.contains("before the reveal"), "{err}");
    }

    #[test]
    fn the_checker_catches_a_public_view_that_shows_a_card() {
        let err =
            conformance::check::<Flawed<2>>(&(), &Config::default(), HighLow::arbitrary_action)
                .unwrap_err();
        assert!(err.law.contains("not public"), "{err}");
    }

    #[test]
    fn high_low_shows_a_spectator_no_card_before_the_showdown() {
        let mut game = HighLow::new(&(), 2).unwrap();
        game.apply(Actor::Chance, HighLowAction::Deal(3)).unwrap();
        game.apply(Actor::Chance, HighLowAction::Deal(8)).unwrap();
        game.apply(Actor::Seat(Seat(0)), HighLowAction::Stay)
            .unwrap();
        let view = game.observe_public();
        assert_eq!(HighLow::observer(&view), Seat(0));
        assert_eq!((view.dealt, view.my_card, view.my_choice), (2, None, None));
        let text = serde_json::to_string(&view).unwrap();
        assert!(!text.contains('3') && !text.contains('8'), "{text}");
        assert_eq!(serde_json::from_str::<HighLowView>(&text).unwrap(), view);
        game.apply(Actor::Seat(Seat(1)), HighLowAction::Stay)
            .unwrap();
        let shown = Some(([true, true], Some([3, 8])));
        assert_eq!(game.observe_public().revealed, shown);
    }
}
