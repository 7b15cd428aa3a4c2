use serde::{Deserialize, Serialize};
use veil_core::testing::{HighLow, HighLowAction, Pig, PigAction, PigOptions};
use veil_core::{
    ActionError, Actor, Game, GameRng, OptionsError, Outcome, Seat, SeatSet, SeedableRng, Turn,
};

use crate::arena::play_match;
use crate::{Level, Method, Search, SearchConfig, choose};

fn high_low(cards: [u8; 2]) -> HighLow {
    let mut game = HighLow::new(&(), 2).unwrap();
    for card in cards {
        game.apply(Actor::Chance, HighLowAction::Deal(card))
            .unwrap();
    }
    game
}

/// Pig after seat 0 rolled `rolls`: a position with a real choice.
fn pig_after(rolls: &[u8]) -> Pig {
    let mut game = Pig::new(&PigOptions::default(), 2).unwrap();
    for &die in rolls {
        game.apply(Actor::Seat(Seat(0)), PigAction::Roll).unwrap();
        game.apply(Actor::Chance, PigAction::Die(die)).unwrap();
    }
    game
}

fn mean_of<G: Game>(search: &Search<G>, action: G::Action) -> f64 {
    search
        .root_stats()
        .iter()
        .find(|s| s.action == action)
        .unwrap()
        .mean_reward
}

#[test]
fn high_low_stays_with_a_high_card_whichever_seat_it_is() {
    for seat in Seat::all(2) {
        for seed in 0..5 {
            let mut cards = [3, 3];
            cards[seat.index()] = 9;
            let view = high_low(cards).observe(seat);
            assert_eq!(
                choose::<HighLow>(&view, Level::Normal, None, seed),
                HighLowAction::Stay
            );
        }
    }
}

#[test]
fn high_low_values_a_low_card_below_a_high_one() {
    // Staying never does worse than folding in High-Low (a lone stayer wins,
    // a folder at best draws), so even a zero should not fold; but the
    // search must see that staying with a zero is worth far less than with
    // a nine, and that with a nine it wins nearly always.
    let search_with = |card: u8| {
        let view = high_low([card, 5]).observe(Seat(0));
        let mut search = Search::<HighLow>::new(&view, Level::Normal.config(), 3);
        search.run(u32::MAX);
        search
    };
    let (nine, zero) = (search_with(9), search_with(0));
    let (stay_nine, stay_zero) = (
        mean_of(&nine, HighLowAction::Stay),
        mean_of(&zero, HighLowAction::Stay),
    );
    assert!(stay_nine > 0.85, "staying with a nine is worth {stay_nine}");
    assert!(stay_zero < 0.6, "staying with a zero is worth {stay_zero}");
    assert!(mean_of(&nine, HighLowAction::Fold) < stay_nine);
}

#[test]
fn pig_normal_beats_random() {
    let games = 24u64;
    let mut wins = 0;
    for g in 0..games {
        // Alternate who starts.
        let normal = (g % 2) as usize;
        let mut seats = [Level::Random; 2];
        seats[normal] = Level::Normal;
        let result = play_match::<Pig>(&PigOptions::default(), &seats, 1000 + g, None).unwrap();
        if result.outcome.ranks[normal] == 0 && !result.outcome.is_draw() {
            wins += 1;
        }
    }
    assert!(
        wins * 4 >= games * 3,
        "normal won only {wins} of {games} against random"
    );
}

#[test]
fn slices_give_the_same_answer_as_one_run() {
    let view = pig_after(&[4, 6]).observe(Seat(0));
    let config = SearchConfig {
        iterations: 2_000,
        ..Level::Normal.config()
    };
    let mut whole = Search::<Pig>::new(&view, config.clone(), 11);
    assert_eq!(whole.run(5_000), 2_000);
    let mut sliced = Search::<Pig>::new(&view, config, 11);
    let mut ran = 0;
    while !sliced.is_finished() {
        ran += sliced.run(7);
    }
    assert_eq!(ran, 2_000);
    assert_eq!(sliced.iterations(), 2_000);
    assert_eq!(whole.best_action(), sliced.best_action());
    assert_eq!(whole.root_stats(), sliced.root_stats());
    assert_eq!(whole.tree_size(), sliced.tree_size());
}

#[test]
fn results_depend_only_on_the_seed() {
    let view = high_low([6, 2]).observe(Seat(1));
    for level in [Level::Random, Level::Greedy, Level::Easy] {
        let a = Search::<HighLow>::new(&view, level.config(), 5);
        let mut b = a.clone();
        let mut a = a;
        a.run(u32::MAX);
        b.run(u32::MAX);
        assert_eq!(a.root_stats(), b.root_stats(), "{level}");
    }
    let first = play_match::<Pig>(
        &PigOptions::default(),
        &[Level::Easy, Level::Greedy],
        9,
        None,
    )
    .unwrap();
    let again = play_match::<Pig>(
        &PigOptions::default(),
        &[Level::Easy, Level::Greedy],
        9,
        None,
    )
    .unwrap();
    assert_eq!(first.record, again.record);
    assert_eq!(first.outcome, again.outcome);
    // A different seed plays a different game (Pig has dice, so this is all
    // but certain).
    let other = play_match::<Pig>(
        &PigOptions::default(),
        &[Level::Easy, Level::Greedy],
        10,
        None,
    )
    .unwrap();
    assert_ne!(first.record.actions, other.record.actions);
}

#[test]
fn every_level_plays_only_legal_actions() {
    // play_match panics on a refused action; the record must replay.
    for (i, level) in Level::ALL.into_iter().take(4).enumerate() {
        for seed in 0..3 {
            let pig = play_match::<Pig>(
                &PigOptions {
                    goal: 20,
                    turn_limit: 60,
                },
                &[level, Level::Random, level],
                seed,
                None,
            )
            .unwrap();
            assert_eq!(
                pig.record.replay().unwrap().outcome(),
                Some(pig.outcome.clone())
            );
            // Seat 0 always moves; a quick win may leave later seats unasked.
            assert!(pig.think[0].moves > 0);
            let hl =
                play_match::<HighLow>(&(), &[level, Level::ALL[(i + 1) % 4]], seed, None).unwrap();
            assert_eq!(hl.record.replay().unwrap().outcome(), Some(hl.outcome));
        }
    }
    // And the searched answer is legal in positions met along random games.
    let mut rng = GameRng::seed_from_u64(4);
    let mut game = Pig::new(&PigOptions::default(), 3).unwrap();
    let mut legal = Vec::new();
    let mut checked = 0;
    while let Turn::Seat(_) | Turn::Chance = game.turn() {
        let (actor, action) = match game.turn() {
            Turn::Chance => (Actor::Chance, game.sample_chance(&mut rng)),
            Turn::Seat(seat) => {
                game.legal_actions(Actor::Seat(seat), &mut legal);
                let config = SearchConfig {
                    iterations: 200,
                    ..Level::Easy.config()
                };
                let mut search = Search::<Pig>::new(&game.observe(seat), config, checked);
                search.run(u32::MAX);
                let action = search.best_action().unwrap();
                assert!(legal.contains(&action));
                checked += 1;
                (Actor::Seat(seat), action)
            }
            _ => unreachable!(),
        };
        game.apply(actor, action).unwrap();
    }
    assert!(checked > 5);
}

#[test]
fn a_forced_move_needs_no_thought() {
    // At the start of a turn Pig allows only a roll.
    let view = Pig::new(&PigOptions::default(), 2)
        .unwrap()
        .observe(Seat(0));
    let search = Search::<Pig>::new(&view, Level::Hard.config(), 0);
    assert!(search.is_finished());
    assert_eq!(search.legal_actions(), &[PigAction::Roll]);
    assert_eq!(search.best_action(), Some(PigAction::Roll));
    let start = web_time::Instant::now();
    assert_eq!(choose::<Pig>(&view, Level::Hard, None, 0), PigAction::Roll);
    assert!(start.elapsed() < web_time::Duration::from_millis(50));
}

#[test]
fn always_search_spends_the_budget_on_a_forced_move_too() {
    // A forced roll and a real choice take the same number of iterations,
    // so the thinking time does not tell them apart.
    let forced = Pig::new(&PigOptions::default(), 2)
        .unwrap()
        .observe(Seat(0));
    let choice = pig_after(&[3]).observe(Seat(0));
    for level in [Level::Greedy, Level::Easy, Level::Normal] {
        let config = SearchConfig {
            always_search: true,
            ..level.config()
        };
        let mut search = Search::<Pig>::new(&forced, config.clone(), 3);
        assert!(!search.is_finished(), "{level}");
        let ran = search.run(u32::MAX);
        assert!(search.is_finished());
        assert_eq!(search.best_action(), Some(PigAction::Roll));
        let mut other = Search::<Pig>::new(&choice, config.clone(), 3);
        assert_eq!(other.run(u32::MAX), ran, "{level}");
        assert_eq!(search.iterations(), config.iterations);
        // Without it, the forced move is answered at once.
        let search = Search::<Pig>::new(&forced, level.config(), 3);
        assert!(search.is_finished());
    }
    // A time limit is spent too.
    let config = SearchConfig {
        always_search: true,
        iterations: u32::MAX,
        max_time: Some(web_time::Duration::from_millis(60)),
        ..Level::Normal.config()
    };
    let start = web_time::Instant::now();
    let mut search = Search::<Pig>::new(&forced, config, 3);
    while !search.is_finished() {
        search.run_for(web_time::Duration::from_millis(5));
    }
    assert!(start.elapsed() >= web_time::Duration::from_millis(60));
    assert_eq!(search.best_action(), Some(PigAction::Roll));
    // Nothing to decide stays nothing to decide.
    let view = pig_after(&[3]).observe(Seat(1));
    let config = SearchConfig {
        always_search: true,
        ..Level::Normal.config()
    };
    assert!(Search::<Pig>::new(&view, config, 0).is_finished());
}

#[test]
fn nothing_to_decide_when_it_is_not_your_turn() {
    let view = pig_after(&[3]).observe(Seat(1));
    let mut search = Search::<Pig>::new(&view, Level::Normal.config(), 0);
    assert!(search.is_finished());
    assert_eq!(search.run(100), 0);
    assert_eq!(search.best_action(), None);
    assert!(search.root_stats().is_empty());
}

#[test]
fn a_time_limit_stops_the_search() {
    let view = pig_after(&[5]).observe(Seat(0));
    let config = SearchConfig {
        iterations: u32::MAX,
        max_time: Some(web_time::Duration::from_millis(30)),
        ..Level::Normal.config()
    };
    let mut search = Search::<Pig>::new(&view, config, 0);
    let mut slices = 0;
    while !search.is_finished() {
        search.run_for(web_time::Duration::from_millis(5));
        slices += 1;
        assert!(slices < 1_000, "the search does not stop");
    }
    // Slices may overrun on a busy machine, so only the stop is certain.
    assert!(search.iterations() > 0);
}

#[test]
fn pig_search_holds_a_winning_total_and_rolls_a_small_one() {
    // With 30 running and a goal of 30, holding wins at once.
    let view = pig_after(&[6, 6, 6, 6, 6]).observe(Seat(0));
    assert_eq!(choose::<Pig>(&view, Level::Easy, None, 1), PigAction::Hold);
    // With 2 running at the start of the game, holding gives almost nothing.
    let view = pig_after(&[2]).observe(Seat(0));
    assert_eq!(
        choose::<Pig>(&view, Level::Normal, None, 1),
        PigAction::Roll
    );
}

#[test]
fn levels_read_and_print_their_names() {
    for level in Level::ALL {
        assert_eq!(level.to_string().parse::<Level>().unwrap(), level);
    }
    assert_eq!(" Hard".parse::<Level>().unwrap(), Level::Hard);
    let err = "grandmaster".parse::<Level>().unwrap_err();
    assert_eq!(err.input, "grandmaster");
    // Issue 33: up to 32 bytes a name is read, past them refused unread.
    let at = format!("{:^32}", "hard");
    assert_eq!(at.parse::<Level>().unwrap(), Level::Hard);
    let err = format!("{at} ").parse::<Level>().unwrap_err();
    assert_eq!(err.reason, "too long: 33 bytes (at most 32)");
    assert!(err.input.ends_with('…'));
    assert_eq!(Level::Random.config().method, Method::Random);
    assert_eq!(Level::Greedy.config().method, Method::Greedy);
    let budgets: Vec<u32> = [Level::Easy, Level::Normal, Level::Hard]
        .map(|l| l.config().iterations)
        .to_vec();
    assert!(budgets.windows(2).all(|w| w[0] < w[1]));
}

/// Matching pennies: both seats pick heads or tails in secret; seat 0 wins
/// on a match, seat 1 otherwise. Its value is one half and any pure choice
/// is beaten by a reply that knows it, so it shows whether a seat of a
/// simultaneous turn can exploit the hidden choice of a seat before it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Pennies {
    picks: [Option<bool>; 2],
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct PenniesView {
    seat: Seat,
    mine: Option<bool>,
    other_picked: bool,
    revealed: Option<[bool; 2]>,
}

impl Game for Pennies {
    const ID: &'static str = "pennies";
    type Options = ();
    type Action = bool;
    type Observation = PenniesView;

    fn new(_: &(), seats: usize) -> Result<Self, OptionsError> {
        if seats == 2 {
            Ok(Pennies { picks: [None; 2] })
        } else {
            Err(OptionsError::new("two seats"))
        }
    }
    fn options(&self) -> &() {
        &()
    }
    fn seats(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        let waiting: SeatSet = Seat::all(2)
            .filter(|s| self.picks[s.index()].is_none())
            .collect();
        if waiting.is_empty() {
            Turn::Over
        } else {
            Turn::Simultaneous(waiting)
        }
    }
    fn legal_actions(&self, actor: Actor, out: &mut Vec<bool>) {
        out.clear();
        if let (Actor::Seat(s), Turn::Simultaneous(set)) = (actor, self.turn())
            && set.contains(s)
        {
            out.extend([true, false]);
        }
    }
    fn sample_chance(&self, _: &mut GameRng) -> bool {
        unreachable!("no chance")
    }
    fn apply(&mut self, actor: Actor, action: bool) -> Result<(), ActionError<bool>> {
        match actor {
            Actor::Seat(s) if s.index() < 2 && self.picks[s.index()].is_none() => {
                self.picks[s.index()] = Some(action);
                Ok(())
            }
            _ => Err(ActionError::NotYourTurn { actor, action }),
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        let [Some(a), Some(b)] = self.picks else {
            return None;
        };
        Some(Outcome::win(
            if a == b { Seat(0) } else { Seat(1) },
            2,
            "pennies",
        ))
    }
    fn observe(&self, seat: Seat) -> PenniesView {
        let revealed = match self.picks {
            [Some(a), Some(b)] => Some([a, b]),
            _ => None,
        };
        PenniesView {
            seat,
            mine: self.picks[seat.index()],
            other_picked: self.picks[1 - seat.index()].is_some(),
            revealed,
        }
    }
    fn observe_public(&self) -> PenniesView {
        PenniesView {
            mine: None,
            ..self.observe(Seat(0))
        }
    }
    fn observer(view: &PenniesView) -> Seat {
        view.seat
    }
    fn determinize(view: &PenniesView, rng: &mut GameRng) -> Self {
        use veil_core::RngExt;
        let me = view.seat.index();
        let mut picks = [None; 2];
        picks[me] = view.mine;
        if view.other_picked {
            picks[1 - me] = Some(rng.random_bool(0.5));
        }
        if let Some([a, b]) = view.revealed {
            picks = [Some(a), Some(b)];
        }
        Pennies { picks }
    }
}

#[test]
fn a_later_seat_of_a_simultaneous_turn_cannot_see_the_earlier_choice() {
    // Seat 0 searches with both seats still to pick. Were seat 1's node
    // keyed by seat 0's pick it would learn to mismatch each one, and both
    // of seat 0's picks would look lost (worth near 0). Sharing seat 1's
    // statistics keeps each pick near the game's value of one half.
    let view = Pennies::new(&(), 2).unwrap().observe(Seat(0));
    let config = SearchConfig {
        iterations: 20_000,
        ..Level::Normal.config()
    };
    let mut search = Search::<Pennies>::new(&view, config, 8);
    search.run(u32::MAX);
    for stats in search.root_stats() {
        assert!(
            (0.3..=0.7).contains(&stats.mean_reward),
            "{stats:?}: the later seat exploited the earlier pick"
        );
    }
    // The same from seat 1's side, which searches first although it is
    // second in seat order.
    let view = Pennies::new(&(), 2).unwrap().observe(Seat(1));
    let mut search = Search::<Pennies>::new(
        &view,
        SearchConfig {
            iterations: 20_000,
            ..Level::Normal.config()
        },
        8,
    );
    search.run(u32::MAX);
    for stats in search.root_stats() {
        assert!((0.3..=0.7).contains(&stats.mean_reward), "{stats:?}");
    }
}

#[test]
fn pennies_keeps_the_laws() {
    // The test game itself must be a lawful game for the test above to mean anything.
    let config = veil_core::conformance::Config {
        games: 50,
        ..Default::default()
    };
    veil_core::conformance::check::<Pennies>(&(), &config, |rng| {
        use veil_core::RngExt;
        rng.random_bool(0.5)
    })
    .unwrap();
}

/// Seat 0 can win now, or wait: after `left` waits (seat 1 passing between
/// them) it wins anyway. Every line wins, so only a search that prefers a
/// sooner win finishes the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Countdown {
    left: u8,
    to_move: Seat,
    won: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
enum CountdownAction {
    WinNow,
    Wait,
    Pass,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct CountdownView(Seat, Countdown);

impl Game for Countdown {
    const ID: &'static str = "countdown";
    type Options = ();
    type Action = CountdownAction;
    type Observation = CountdownView;

    fn new(_: &(), seats: usize) -> Result<Self, OptionsError> {
        if seats != 2 {
            return Err(OptionsError::new("two seats"));
        }
        Ok(Countdown {
            left: 6,
            to_move: Seat(0),
            won: false,
        })
    }
    fn options(&self) -> &() {
        &()
    }
    fn seats(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        if self.won {
            Turn::Over
        } else {
            Turn::Seat(self.to_move)
        }
    }
    fn legal_actions(&self, actor: Actor, out: &mut Vec<CountdownAction>) {
        out.clear();
        match (self.turn(), actor) {
            (Turn::Seat(Seat(0)), Actor::Seat(Seat(0))) => {
                out.extend([CountdownAction::Wait, CountdownAction::WinNow])
            }
            (Turn::Seat(Seat(1)), Actor::Seat(Seat(1))) => out.push(CountdownAction::Pass),
            _ => {}
        }
    }
    fn sample_chance(&self, _: &mut GameRng) -> CountdownAction {
        unreachable!("no chance")
    }
    fn apply(
        &mut self,
        actor: Actor,
        action: CountdownAction,
    ) -> Result<(), ActionError<CountdownAction>> {
        let mut legal = Vec::new();
        self.legal_actions(actor, &mut legal);
        if !legal.contains(&action) {
            return Err(ActionError::NotYourTurn { actor, action });
        }
        match action {
            CountdownAction::WinNow => self.won = true,
            CountdownAction::Wait => {
                self.left -= 1;
                self.won = self.left == 0;
            }
            CountdownAction::Pass => {}
        }
        self.to_move = self.to_move.other();
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        self.won
            .then(|| Outcome::win(Seat(0), 2, "seat 0 finished"))
    }
    fn observe(&self, seat: Seat) -> CountdownView {
        CountdownView(seat, self.clone())
    }
    fn observe_public(&self) -> CountdownView {
        self.observe(Seat(0))
    }
    fn observer(view: &CountdownView) -> Seat {
        view.0
    }
    fn determinize(view: &CountdownView, _: &mut GameRng) -> Self {
        view.1.clone()
    }
}

#[test]
fn a_won_game_is_won_now_rather_than_later() {
    let game = Countdown::new(&(), 2).unwrap();
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        for seed in 0..5 {
            let action = choose::<Countdown>(&game.observe(Seat(0)), level, None, seed);
            assert_eq!(action, CountdownAction::WinNow, "{level} with seed {seed}");
        }
    }
}

/// Seat 0 picks one of 100 numbers; only 37 wins. With `prior` on, the game
/// tells the search to look at 5 (weight 2) and 37 (weight 1) only.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Needle {
    prior: bool,
    picked: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct NeedleView(Seat, Needle);

impl Game for Needle {
    const ID: &'static str = "needle";
    type Options = bool;
    type Action = u8;
    type Observation = NeedleView;

    fn new(prior: &bool, _: usize) -> Result<Self, OptionsError> {
        Ok(Needle {
            prior: *prior,
            picked: None,
        })
    }
    fn options(&self) -> &bool {
        &self.prior
    }
    fn seats(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        match self.picked {
            Some(_) => Turn::Over,
            None => Turn::Seat(Seat(0)),
        }
    }
    fn legal_actions(&self, actor: Actor, out: &mut Vec<u8>) {
        out.clear();
        if self.picked.is_none() && actor == Actor::Seat(Seat(0)) {
            out.extend(0..100);
        }
    }
    fn sample_chance(&self, _: &mut GameRng) -> u8 {
        unreachable!("no chance")
    }
    fn apply(&mut self, actor: Actor, action: u8) -> Result<(), ActionError<u8>> {
        if self.picked.is_some() || actor != Actor::Seat(Seat(0)) || action >= 100 {
            return Err(ActionError::NotYourTurn { actor, action });
        }
        self.picked = Some(action);
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        let winner = if self.picked? == 37 { Seat(0) } else { Seat(1) };
        Some(Outcome::win(winner, 2, "picked"))
    }
    fn observe(&self, seat: Seat) -> NeedleView {
        NeedleView(seat, self.clone())
    }
    fn observe_public(&self) -> NeedleView {
        self.observe(Seat(0))
    }
    fn observer(view: &NeedleView) -> Seat {
        view.0
    }
    fn determinize(view: &NeedleView, _: &mut GameRng) -> Self {
        view.1.clone()
    }
    fn action_prior(&self, _: Seat, actions: &[u8], out: &mut Vec<f64>) {
        out.clear();
        if self.prior {
            out.extend(actions.iter().map(|a| match a {
                5 => 2.0,
                37 => 1.0,
                _ => 0.0,
            }));
        }
    }
}

#[test]
fn an_action_prior_limits_and_orders_the_search() {
    let view = Needle::new(&true, 2).unwrap().observe(Seat(0));
    let mut search = Search::<Needle>::new(&view, Level::Normal.config(), 3);
    // Before any iteration the likeliest action stands; the first iteration
    // tries it.
    assert_eq!(search.best_action(), Some(5));
    search.run(1);
    let visited: Vec<u8> = search
        .root_stats()
        .iter()
        .filter(|s| s.visits > 0)
        .map(|s| s.action)
        .collect();
    assert_eq!(visited, [5]);
    while !search.is_finished() {
        search.run(100);
    }
    assert_eq!(search.best_action(), Some(37));
    for stats in search.root_stats() {
        let searched = matches!(stats.action, 5 | 37);
        assert_eq!(stats.visits > 0, searched, "{stats:?}");
    }
    // Every action is still listed as legal.
    assert_eq!(search.legal_actions().len(), 100);
}

#[test]
fn without_a_prior_every_action_is_searched() {
    let view = Needle::new(&false, 2).unwrap().observe(Seat(0));
    let mut search = Search::<Needle>::new(&view, Level::Easy.config(), 3);
    search.run(100);
    assert!(search.root_stats().iter().all(|s| s.visits == 1));
}

/// A shell game: chance hides a pea under one of three shells, which only
/// seat 0 sees. Seat 0 then settles for a draw, or dares seat 1 to find the
/// pea: seat 1 wins if it lifts the right shell, else seat 0 wins. Against
/// a seat 1 that knows no more than it should, daring wins two times in
/// three; against one that knew where the pea is, it always loses. The
/// option turns on [`Game::hide_secrets_from_opponents`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Shells {
    hide: bool,
    pea: Option<u8>,
    dared: Option<bool>,
    lifted: Option<u8>,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
enum ShellsAction {
    Pea(u8),
    Draw,
    Dare,
    Lift(u8),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct ShellsView {
    seat: Seat,
    /// The game with the pea hidden unless the seat may know it.
    game: Shells,
    pea_placed: bool,
}

impl Game for Shells {
    const ID: &'static str = "shells";
    type Options = bool;
    type Action = ShellsAction;
    type Observation = ShellsView;

    fn new(hide: &bool, seats: usize) -> Result<Self, OptionsError> {
        if seats != 2 {
            return Err(OptionsError::new("two seats"));
        }
        Ok(Shells {
            hide: *hide,
            pea: None,
            dared: None,
            lifted: None,
        })
    }
    fn options(&self) -> &bool {
        &self.hide
    }
    fn seats(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        match (self.pea, self.dared, self.lifted) {
            (None, _, _) => Turn::Chance,
            (Some(_), None, _) => Turn::Seat(Seat(0)),
            (Some(_), Some(true), None) => Turn::Seat(Seat(1)),
            _ => Turn::Over,
        }
    }
    fn legal_actions(&self, actor: Actor, out: &mut Vec<ShellsAction>) {
        out.clear();
        match (self.turn(), actor) {
            (Turn::Chance, Actor::Chance) => out.extend((0..3).map(ShellsAction::Pea)),
            (Turn::Seat(Seat(0)), Actor::Seat(Seat(0))) => {
                out.extend([ShellsAction::Draw, ShellsAction::Dare])
            }
            (Turn::Seat(Seat(1)), Actor::Seat(Seat(1))) => {
                out.extend((0..3).map(ShellsAction::Lift))
            }
            _ => {}
        }
    }
    fn sample_chance(&self, rng: &mut GameRng) -> ShellsAction {
        use veil_core::RngExt;
        ShellsAction::Pea(rng.random_range(0..3))
    }
    fn apply(
        &mut self,
        actor: Actor,
        action: ShellsAction,
    ) -> Result<(), ActionError<ShellsAction>> {
        let mut legal = Vec::new();
        self.legal_actions(actor, &mut legal);
        if !legal.contains(&action) {
            return Err(ActionError::NotYourTurn { actor, action });
        }
        match action {
            ShellsAction::Pea(p) => self.pea = Some(p),
            ShellsAction::Draw => self.dared = Some(false),
            ShellsAction::Dare => self.dared = Some(true),
            ShellsAction::Lift(l) => self.lifted = Some(l),
        }
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        match (self.dared?, self.lifted) {
            (false, _) => Some(Outcome::draw(2, "settled")),
            (true, Some(l)) if Some(l) == self.pea => Some(Outcome::win(Seat(1), 2, "found")),
            (true, Some(_)) => Some(Outcome::win(Seat(0), 2, "missed")),
            (true, None) => None,
        }
    }
    fn observe(&self, seat: Seat) -> ShellsView {
        let mut game = self.clone();
        if seat != Seat(0) && self.turn() != Turn::Over {
            game.pea = None;
        }
        ShellsView {
            seat,
            game,
            pea_placed: self.pea.is_some(),
        }
    }
    /// Seat 1's view from seat 0's chair: the pea hidden until the end.
    fn observe_public(&self) -> ShellsView {
        ShellsView {
            seat: Seat(0),
            ..self.observe(Seat(1))
        }
    }
    fn observer(view: &ShellsView) -> Seat {
        view.seat
    }
    fn determinize(view: &ShellsView, rng: &mut GameRng) -> Self {
        use veil_core::RngExt;
        let mut game = view.game.clone();
        if view.pea_placed && game.pea.is_none() {
            game.pea = Some(rng.random_range(0..3));
        }
        game
    }
    fn hide_secrets_from_opponents(&self) -> bool {
        self.hide
    }
}

#[test]
fn shells_keeps_the_laws() {
    for hide in [false, true] {
        veil_core::conformance::check::<Shells>(
            &hide,
            &veil_core::conformance::Config {
                games: 30,
                ..Default::default()
            },
            |rng| {
                use veil_core::RngExt;
                let n = rng.random_range(0..4);
                match rng.random_range(0..4) {
                    0 => ShellsAction::Pea(n),
                    1 => ShellsAction::Draw,
                    2 => ShellsAction::Dare,
                    _ => ShellsAction::Lift(n),
                }
            },
        )
        .unwrap();
    }
}

#[test]
fn an_opponent_modelled_from_its_own_view_cannot_find_the_pea() {
    let dare_value = |hide: bool, seed: u64| {
        let mut game = Shells::new(&hide, 2).unwrap();
        game.apply(Actor::Chance, ShellsAction::Pea(1)).unwrap();
        let mut search = Search::<Shells>::new(&game.observe(Seat(0)), Level::Hard.config(), seed);
        search.run(u32::MAX);
        let dare = search
            .root_stats()
            .into_iter()
            .find(|s| s.action == ShellsAction::Dare)
            .unwrap();
        (search.best_action().unwrap(), dare.mean_reward)
    };
    for seed in 0..3 {
        // Searched as usual, seat 1 always lifts the shell the pea is under
        // in the sampled states, which hold seat 0's secret: daring looks lost.
        let (best, dare) = dare_value(false, seed);
        assert_eq!(best, ShellsAction::Draw, "seed {seed}");
        assert!(dare < 0.3, "seed {seed}: {dare}");
        // Modelled from its own view, seat 1 finds the pea one time in three.
        let (best, dare) = dare_value(true, seed);
        assert_eq!(best, ShellsAction::Dare, "seed {seed}");
        assert!((0.55..=0.8).contains(&dare), "seed {seed}: {dare}");
    }
}

#[test]
fn several_trees_share_the_budget_and_sum_their_root_statistics() {
    let game = high_low([9, 4]);
    let config = SearchConfig {
        iterations: 2_000,
        trees: 4,
        ..Level::Normal.config()
    };
    let mut search = Search::<HighLow>::new(&game.observe(Seat(0)), config, 5);
    search.run(u32::MAX);
    assert_eq!(search.iterations(), 2_000);
    let visits: u32 = search.root_stats().iter().map(|s| s.visits).sum();
    assert_eq!(visits, 2_000);
    // Each tree is fresh: the last one holds only its own quarter.
    assert!(search.tree_size() < 1_000);
    assert_eq!(search.best_action(), Some(HighLowAction::Stay));
}

/// The search counts the hidden facts of the states it imagines: seat 0 of
/// High-Low, holding a nine, imagines seat 1's card drawn from 0 to 9, and
/// nothing of its own card.
#[test]
fn a_search_keeps_what_it_believed() {
    let game = high_low([9, 2]);
    for method in [Method::Ismcts, Method::Greedy] {
        let config = SearchConfig {
            method,
            iterations: 2000,
            ..Level::Normal.config()
        };
        let mut search = Search::<HighLow>::new(&game.observe(Seat(0)), config, 5);
        assert_eq!(search.belief().samples, 0, "nothing imagined yet");
        while !search.is_finished() {
            search.run(500);
        }
        let belief = search.belief();
        assert_eq!(belief.samples, crate::BELIEF_SAMPLES, "{method:?}");
        assert!(belief.is_valid());
        assert_eq!(belief.places(), vec![1], "only the other card is hidden");
        let at = belief.at(1);
        assert_eq!(at.len(), 10, "every card imagined: {at:?}");
        let total: f64 = at.iter().map(|(_, share)| share).sum();
        assert!((total - 1.0).abs() < 1e-9);
        assert!(
            at.iter().all(|(_, share)| (0.03..0.2).contains(share)),
            "{at:?}"
        );
    }
    // The same seed, the same belief: counting draws nothing.
    let run = |seed| {
        let mut s = Search::<HighLow>::new(&game.observe(Seat(1)), Level::Normal.config(), seed);
        s.run(400);
        (s.belief().clone(), s.best_action())
    };
    assert_eq!(run(3), run(3));
}

/// Seat 0 takes a draw, or gambles on a roll won 45 times in 100; seat 1
/// has nothing to decide. Contempt 0.1 values the draw at 0.4.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Gamble {
    picked: Option<u8>,
    roll: Option<u8>,
}

impl Game for Gamble {
    const ID: &'static str = "gamble";
    type Options = ();
    type Action = u8;
    type Observation = Gamble;

    fn new(_: &(), _: usize) -> Result<Self, OptionsError> {
        Ok(Gamble {
            picked: None,
            roll: None,
        })
    }
    fn options(&self) -> &() {
        &()
    }
    fn seats(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        match (self.picked, self.roll) {
            (None, _) => Turn::Seat(Seat(0)),
            (Some(1), None) => Turn::Chance,
            _ => Turn::Over,
        }
    }
    fn legal_actions(&self, actor: Actor, out: &mut Vec<u8>) {
        out.clear();
        match (self.turn(), actor) {
            (Turn::Seat(_), Actor::Seat(Seat(0))) => out.extend([0, 1]),
            (Turn::Chance, Actor::Chance) => out.extend(0..100),
            _ => {}
        }
    }
    fn sample_chance(&self, rng: &mut GameRng) -> u8 {
        use rand::RngExt;
        rng.random_range(0..100)
    }
    fn apply(&mut self, actor: Actor, action: u8) -> Result<(), ActionError<u8>> {
        let mut legal = Vec::new();
        self.legal_actions(actor, &mut legal);
        if !legal.contains(&action) {
            return Err(ActionError::NotYourTurn { actor, action });
        }
        match actor {
            Actor::Chance => self.roll = Some(action),
            Actor::Seat(_) => self.picked = Some(action),
        }
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        match (self.picked, self.roll) {
            (Some(0), _) => Some(Outcome::draw(2, "drawn")),
            (Some(_), Some(r)) if r < 45 => Some(Outcome::win(Seat(0), 2, "won")),
            (Some(_), Some(_)) => Some(Outcome::win(Seat(1), 2, "lost")),
            _ => None,
        }
    }
    fn observe(&self, _: Seat) -> Gamble {
        self.clone()
    }
    fn observe_public(&self) -> Gamble {
        self.clone()
    }
    fn observer(_: &Gamble) -> Seat {
        Seat(0)
    }
    fn determinize(view: &Gamble, _: &mut GameRng) -> Self {
        view.clone()
    }
    fn draw_contempt(&self) -> f64 {
        0.1
    }
    fn strongest_budget(&self) -> veil_core::StrongestBudget {
        veil_core::StrongestBudget {
            iterations: Some(6_000),
            tree_iterations: Some(1_500),
            playout_depth: Some(3),
        }
    }
    fn max_tree_iterations(&self) -> Option<u32> {
        Some(500)
    }
    fn max_playout_depth(&self) -> Option<u32> {
        Some(1)
    }
}

#[test]
fn a_game_asks_its_own_budget_at_hard_only() {
    let view = Gamble::new(&(), 2).unwrap();
    let hard = Search::<Gamble>::new(&view, Level::Hard.config(), 1);
    assert_eq!(hard.config().iterations, 6_000);
    assert_eq!(hard.config().playout_depth, 3);
    assert_eq!(hard.tree_budget(), 1_500, "four trees, not twelve");
    let normal = Search::<Gamble>::new(&view, Level::Normal.config(), 1);
    assert_eq!(
        normal.config().iterations,
        Level::Normal.config().iterations
    );
    assert_eq!(normal.config().playout_depth, 1, "the game's cap");
    assert_eq!(normal.tree_budget(), 500);
    // A game that asks nothing keeps the level's budget at Hard.
    let pig = pig_after(&[3]).observe(Seat(0));
    let hard = Search::<Pig>::new(&pig, Level::Hard.config(), 1);
    assert_eq!(hard.config(), &Level::Hard.config());
}

#[test]
fn contempt_at_hard_only_turns_down_a_draw() {
    let view = Gamble::new(&(), 2).unwrap();
    for (strongest, best) in [(false, 0), (true, 1)] {
        let config = SearchConfig {
            iterations: 4_000,
            strongest,
            ..Level::Normal.config()
        };
        let mut search = Search::<Gamble>::new(&view, config, 3);
        search.run(u32::MAX);
        assert_eq!(search.best_action(), Some(best), "{strongest}");
    }
    assert!(Level::Hard.config().strongest && !Level::Normal.config().strongest);
}

/// Rounds: one seat, a long match of short rounds. Each round the seat
/// plays safe (won 9 times in 10) or risky (won 1 in 10); chance settles
/// it, then chance starts the next round. The evaluation, as in Tysiąc,
/// judges the last round played, and only between rounds or as a round
/// starts — so a playout that runs past the round it was asked about
/// judges another round, played at random.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Rounds {
    round: u32,
    phase: u8,
    picked_safe: bool,
    last_won: Option<bool>,
    won: u32,
    /// Whether the game asks for the evaluation at a round's end.
    due_at_end: bool,
}

const ROUNDS: u32 = 100;
const PICK: u8 = 0;
const SETTLE: u8 = 1;
const BETWEEN: u8 = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
enum RoundsAction {
    Safe,
    Risky,
    Settle(bool),
    Next,
}

impl Rounds {
    fn start(due_at_end: bool) -> Rounds {
        Rounds {
            round: 0,
            phase: PICK,
            picked_safe: false,
            last_won: None,
            won: 0,
            due_at_end,
        }
    }
}

impl Game for Rounds {
    const ID: &'static str = "rounds";
    type Options = ();
    type Action = RoundsAction;
    type Observation = Rounds;

    fn new(_: &(), _seats: usize) -> Result<Self, OptionsError> {
        Ok(Rounds::start(true))
    }
    fn options(&self) -> &() {
        &()
    }
    fn seats(&self) -> usize {
        1
    }
    fn turn(&self) -> Turn {
        match self.phase {
            _ if self.round == ROUNDS => Turn::Over,
            PICK => Turn::Seat(Seat(0)),
            _ => Turn::Chance,
        }
    }
    fn legal_actions(&self, actor: Actor, out: &mut Vec<RoundsAction>) {
        out.clear();
        if actor == Actor::Seat(Seat(0)) && self.turn() == Turn::Seat(Seat(0)) {
            out.extend([RoundsAction::Safe, RoundsAction::Risky]);
        }
    }
    fn sample_chance(&self, rng: &mut GameRng) -> RoundsAction {
        use veil_core::RngExt;
        match self.phase {
            SETTLE => {
                RoundsAction::Settle(rng.random_bool(if self.picked_safe { 0.9 } else { 0.1 }))
            }
            _ => RoundsAction::Next,
        }
    }
    fn apply(
        &mut self,
        actor: Actor,
        action: RoundsAction,
    ) -> Result<(), ActionError<RoundsAction>> {
        match (self.turn(), actor, action) {
            (Turn::Seat(_), Actor::Seat(_), RoundsAction::Safe | RoundsAction::Risky) => {
                self.picked_safe = action == RoundsAction::Safe;
                self.phase = SETTLE;
            }
            (Turn::Chance, Actor::Chance, RoundsAction::Settle(won)) if self.phase == SETTLE => {
                self.last_won = Some(won);
                self.won += u32::from(won);
                self.phase = BETWEEN;
            }
            (Turn::Chance, Actor::Chance, RoundsAction::Next) if self.phase == BETWEEN => {
                self.round += 1;
                self.phase = PICK;
            }
            _ => return Err(ActionError::NotYourTurn { actor, action }),
        }
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.round == ROUNDS).then(|| {
            if self.won * 2 > ROUNDS {
                Outcome::win(Seat(0), 1, "rounds")
            } else {
                Outcome::draw(1, "rounds")
            }
        })
    }
    fn observe(&self, _seat: Seat) -> Rounds {
        self.clone()
    }
    fn observe_public(&self) -> Rounds {
        self.clone()
    }
    fn observer(_: &Rounds) -> Seat {
        Seat(0)
    }
    fn determinize(view: &Rounds, _rng: &mut GameRng) -> Self {
        view.clone()
    }
    fn evaluate(&self, _seat: Seat) -> Option<f64> {
        let due = self.phase == BETWEEN || self.phase == PICK;
        (due && self.last_won.is_some()).then(|| {
            if self.last_won == Some(true) {
                0.9
            } else {
                0.1
            }
        })
    }
    fn evaluate_now(&self) -> bool {
        self.due_at_end && self.phase == BETWEEN
    }
}

#[test]
fn a_playout_is_judged_where_the_game_says_not_a_round_later() {
    let gap = |due_at_end: bool| {
        let view = Rounds::start(due_at_end);
        let mut search = Search::<Rounds>::new(&view, Level::Normal.config(), 5);
        search.run(u32::MAX);
        mean_of(&search, RoundsAction::Safe) - mean_of(&search, RoundsAction::Risky)
    };
    // Judged at the round's end, safe is worth far more than risky
    // (0.82 against 0.18 in expectation).
    let judged_here = gap(true);
    assert!(judged_here > 0.4, "{judged_here}");
    // Judged a dozen rounds later, the choice is lost in the noise: the
    // fault Tysiąc's playouts had before `evaluate_now`.
    let judged_later = gap(false);
    assert!(judged_later.abs() < 0.15, "{judged_later}");
}

/// Call: seat 1 is dealt a card it alone sees, high two times in five.
/// Seat 0 then settles (a coin that wins it two times in five) or calls.
/// Called, seat 1 folds (a draw) or fights: a high card wins the fight, a
/// low one loses it. A seat 1 that reads its card fights high and folds
/// low, so calling is worth 0.3 to seat 0 and settling 0.4. Searched in one
/// tree, seat 1's choice after a call is learnt over both its cards, and a
/// fight won two times in five does worse than the fold's draw: it folds
/// whatever it holds, and calling looks worth 0.5. The option turns on
/// [`Game::opponents_by_policy`], whose policy reads the card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Call {
    by_policy: bool,
    high: Option<bool>,
    called: Option<bool>,
    fought: Option<bool>,
    coin: Option<bool>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
enum CallAction {
    /// Chance: seat 1's card (high or not), then the coin of a settle.
    Deal(bool),
    Coin(bool),
    Settle,
    Call,
    Fold,
    Fight,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct CallView {
    seat: Seat,
    /// The game with seat 1's card hidden unless the seat may know it.
    game: Call,
    dealt: bool,
}

impl Game for Call {
    const ID: &'static str = "call";
    type Options = bool;
    type Action = CallAction;
    type Observation = CallView;

    fn new(by_policy: &bool, seats: usize) -> Result<Self, OptionsError> {
        if seats != 2 {
            return Err(OptionsError::new("two seats"));
        }
        Ok(Call {
            by_policy: *by_policy,
            high: None,
            called: None,
            fought: None,
            coin: None,
        })
    }
    fn options(&self) -> &bool {
        &self.by_policy
    }
    fn seats(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        match (self.high, self.called, self.fought, self.coin) {
            (None, ..) => Turn::Chance,
            (Some(_), None, ..) => Turn::Seat(Seat(0)),
            (Some(_), Some(true), None, _) => Turn::Seat(Seat(1)),
            (Some(_), Some(false), _, None) => Turn::Chance,
            _ => Turn::Over,
        }
    }
    fn legal_actions(&self, actor: Actor, out: &mut Vec<CallAction>) {
        out.clear();
        match (self.turn(), actor) {
            (Turn::Chance, Actor::Chance) if self.high.is_none() => {
                out.extend([CallAction::Deal(true), CallAction::Deal(false)])
            }
            (Turn::Chance, Actor::Chance) => {
                out.extend([CallAction::Coin(true), CallAction::Coin(false)])
            }
            (Turn::Seat(Seat(0)), Actor::Seat(Seat(0))) => {
                out.extend([CallAction::Settle, CallAction::Call])
            }
            (Turn::Seat(Seat(1)), Actor::Seat(Seat(1))) => {
                out.extend([CallAction::Fold, CallAction::Fight])
            }
            _ => {}
        }
    }
    fn sample_chance(&self, rng: &mut GameRng) -> CallAction {
        use veil_core::RngExt;
        // Either way, true two times in five.
        let yes = rng.random_range(0..5) < 2;
        if self.high.is_none() {
            CallAction::Deal(yes)
        } else {
            CallAction::Coin(yes)
        }
    }
    fn apply(&mut self, actor: Actor, action: CallAction) -> Result<(), ActionError<CallAction>> {
        let mut legal = Vec::new();
        self.legal_actions(actor, &mut legal);
        if !legal.contains(&action) {
            return Err(ActionError::NotYourTurn { actor, action });
        }
        match action {
            CallAction::Deal(high) => self.high = Some(high),
            CallAction::Coin(won) => self.coin = Some(won),
            CallAction::Settle => self.called = Some(false),
            CallAction::Call => self.called = Some(true),
            CallAction::Fold => self.fought = Some(false),
            CallAction::Fight => self.fought = Some(true),
        }
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        match (self.called?, self.fought, self.coin) {
            (false, _, Some(true)) => Some(Outcome::win(Seat(0), 2, "the coin")),
            (false, _, Some(false)) => Some(Outcome::win(Seat(1), 2, "the coin")),
            (true, Some(false), _) => Some(Outcome::draw(2, "folded")),
            (true, Some(true), _) if self.high == Some(true) => {
                Some(Outcome::win(Seat(1), 2, "a high card"))
            }
            (true, Some(true), _) => Some(Outcome::win(Seat(0), 2, "a low card")),
            _ => None,
        }
    }
    fn observe(&self, seat: Seat) -> CallView {
        let mut game = self.clone();
        if seat != Seat(1) && self.turn() != Turn::Over {
            game.high = None;
        }
        CallView {
            seat,
            game,
            dealt: self.high.is_some(),
        }
    }
    fn observe_public(&self) -> CallView {
        self.observe(Seat(0))
    }
    fn observer(view: &CallView) -> Seat {
        view.seat
    }
    fn determinize(view: &CallView, rng: &mut GameRng) -> Self {
        use veil_core::RngExt;
        let mut game = view.game.clone();
        if view.dealt && game.high.is_none() {
            game.high = Some(rng.random_range(0..5) < 2);
        }
        game
    }
    /// Seat 1 reads its own card: it fights high and folds low.
    fn playout_action(&self, seat: Seat, legal: &[CallAction], rng: &mut GameRng) -> CallAction {
        use veil_core::RngExt;
        if seat == Seat(1) {
            let fight = self.high == Some(true);
            let pick = if fight {
                CallAction::Fight
            } else {
                CallAction::Fold
            };
            if legal.contains(&pick) {
                return pick;
            }
        }
        legal[rng.random_range(0..legal.len())]
    }
    fn opponents_by_policy(&self) -> bool {
        self.by_policy
    }
}

#[test]
fn call_keeps_the_laws() {
    for by_policy in [false, true] {
        veil_core::conformance::check::<Call>(
            &by_policy,
            &veil_core::conformance::Config {
                games: 30,
                ..Default::default()
            },
            |rng| {
                use veil_core::RngExt;
                let yes = rng.random_bool(0.5);
                match rng.random_range(0..6) {
                    0 => CallAction::Deal(yes),
                    1 => CallAction::Coin(yes),
                    2 => CallAction::Settle,
                    3 => CallAction::Call,
                    4 => CallAction::Fold,
                    _ => CallAction::Fight,
                }
            },
        )
        .unwrap();
    }
}

#[test]
fn opponents_acting_on_their_own_cards_at_hard_only() {
    let search = |by_policy: bool, level: Level, seed: u64| {
        let mut game = Call::new(&by_policy, 2).unwrap();
        game.apply(Actor::Chance, CallAction::Deal(false)).unwrap();
        let mut search = Search::<Call>::new(&game.observe(Seat(0)), level.config(), seed);
        search.run(u32::MAX);
        search
    };
    for seed in 0..3 {
        // One tree for seat 1's choice over both its cards: it folds, and a
        // call looks like a sure draw, better than the coin.
        let fused = search(false, Level::Hard, seed);
        assert_eq!(fused.best_action(), Some(CallAction::Call), "seed {seed}");
        let call = mean_of(&fused, CallAction::Call);
        assert!((0.45..=0.6).contains(&call), "seed {seed}: {call}");
        // Acting on its card, seat 1 fights high: a call is worth 0.3.
        let read = search(true, Level::Hard, seed);
        assert_eq!(read.best_action(), Some(CallAction::Settle), "seed {seed}");
        let call = mean_of(&read, CallAction::Call);
        assert!((0.22..=0.38).contains(&call), "seed {seed}: {call}");
        // Knowledge for the strongest level only.
        let normal = search(true, Level::Normal, seed);
        assert_eq!(normal.best_action(), Some(CallAction::Call), "seed {seed}");
    }
}
