//! The computer player (veil-ai's information-set search) on Tysiąc: with
//! what the rules crate tells it, it must beat chance.

use veil_ai::{Level, arena::play_match};
use veil_core::{Game, Seat};
use veil_tysiac::{Options, Tysiac};

#[test]
fn a_small_search_beats_random_play_over_single_hands() {
    let hands = 60u64;
    let (mut search_reward, mut random_reward) = (0.0, 0.0);
    for seed in 0..hands {
        // Rotate the seat so no place at the table is favoured.
        let search = Seat((seed % 3) as u8);
        let mut levels = [Level::Random; 3];
        levels[search.index()] = Level::Easy;
        let result = play_match::<Tysiac>(&Options::one_hand(), &levels, seed, None).unwrap();
        search_reward += result.outcome.reward(search);
        random_reward += Seat::all(3)
            .filter(|s| *s != search)
            .map(|s| result.outcome.reward(s))
            .sum::<f64>()
            / 2.0;
        // The record replays to the same end.
        assert_eq!(
            result.record.replay().unwrap().outcome(),
            Some(result.outcome)
        );
    }
    let (search, random) = (search_reward / hands as f64, random_reward / hands as f64);
    eprintln!("search {search:.2}, random {random:.2}");
    assert!(
        search > 0.65 && search > random + 0.2,
        "search {search:.2}, random {random:.2}"
    );
}

#[test]
fn a_search_seat_plays_a_whole_match() {
    let levels = [Level::Easy, Level::Random, Level::Random];
    let result = play_match::<Tysiac>(&Options::default(), &levels, 3, None).unwrap();
    let game = result.record.replay().unwrap();
    eprintln!(
        "{:?} after {} hands",
        result.outcome,
        game.table().history.len()
    );
    assert_eq!(game.outcome(), Some(result.outcome));
}

/// Hard searches a budget of its own (twice the level's), and its
/// opponents act on their own cards, so its answer is a search of its own
/// choices; Normal keeps the level's budget.
#[test]
fn hard_searches_a_budget_of_its_own() {
    use veil_core::{Actor, GameRng, SeedableRng, Turn};
    let mut game = Tysiac::new(&Options::default(), 3).unwrap();
    let mut rng = GameRng::seed_from_u64(5);
    let seat = loop {
        match game.turn() {
            Turn::Chance => {
                let deal = game.sample_chance(&mut rng);
                game.apply(Actor::Chance, deal).unwrap();
            }
            Turn::Seat(seat) => break seat,
            other => panic!("{other:?}"),
        }
    };
    let view = game.observe(seat);
    let hard = veil_ai::Search::<Tysiac>::new(&view, Level::Hard.config(), 1);
    assert_eq!(hard.config().iterations, 24_000);
    let normal = veil_ai::Search::<Tysiac>::new(&view, Level::Normal.config(), 1);
    assert_eq!(normal.config().iterations, 3_000);
    assert!(game.opponents_by_policy());
}
