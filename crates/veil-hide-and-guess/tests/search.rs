//! The computer player (veil-ai's information-set search) on Hide and Guess:
//! it must use what the rules crate tells it and beat chance.

use veil_ai::{Level, arena::play_match};
use veil_core::{Game, Seat, Turn};
use veil_hide_and_guess::HideAndGuess;

#[test]
fn a_small_search_beats_random_play() {
    let (mut wins, mut losses) = (0, 0);
    for seed in 0..6u64 {
        // Alternate sides so neither has the first-player advantage.
        let search = Seat((seed % 2) as u8);
        let mut levels = [Level::Random; 2];
        levels[search.index()] = Level::Easy;
        let result = play_match::<HideAndGuess>(&(), &levels, seed, None).unwrap();
        let winners: Vec<Seat> = result.outcome.winners().collect();
        if winners == [search] {
            wins += 1;
        } else if !result.outcome.is_draw() {
            losses += 1;
        }
        // The record replays to the same end.
        assert_eq!(
            result.record.replay().unwrap().outcome(),
            Some(result.outcome)
        );
    }
    assert!(wins >= 5, "search won {wins}, lost {losses} of 6");
}

use veil_core::Actor;
use veil_hide_and_guess::{Action, Pieces, belief};

const A: Seat = Seat(0);
const B: Seat = Seat(1);

fn p(text: &str) -> Pieces {
    text.parse().unwrap()
}

fn play(game: &mut HideAndGuess, seat: Seat, action: Action) {
    game.apply(Actor::Seat(seat), action)
        .unwrap_or_else(|e| panic!("{e}"));
}

/// Secrets hidden, seat A to move first.
fn started(secret_a: &str, secret_b: &str) -> HideAndGuess {
    let mut game = HideAndGuess::new(&(), 2).unwrap();
    play(&mut game, A, Action::ChooseSecret(p(secret_a)));
    play(&mut game, B, Action::ChooseSecret(p(secret_b)));
    game.apply(Actor::Chance, Action::FirstPlayer(A)).unwrap();
    game
}

/// `builder` builds `pieces` and thumbs it UP; the other thumbs DOWN.
fn build(game: &mut HideAndGuess, builder: Seat, pieces: &str) {
    play(game, builder, Action::Build(p(pieces)));
    play(game, A, Action::Vote(builder == A));
    play(game, B, Action::Vote(builder == B));
}

/// The guesses the search would look at for `seat` now.
fn searched_guesses(game: &HideAndGuess, seat: Seat) -> Vec<Pieces> {
    let mut legal = Vec::new();
    game.legal_actions(Actor::Seat(seat), &mut legal);
    let mut prior = Vec::new();
    game.action_prior(seat, &legal, &mut prior);
    assert_eq!(prior.len(), legal.len());
    legal
        .iter()
        .zip(&prior)
        .filter_map(|(a, w)| match a {
            Action::Guess(g) if *w > 0.0 => Some(*g),
            _ => None,
        })
        .collect()
}

fn top_belief(game: &HideAndGuess, seat: Seat) -> (Pieces, f64) {
    belief(&game.observe(seat))
        .into_iter()
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap()
}

#[test]
fn no_guess_at_an_empty_table() {
    let game = started("NNPPP", "KQRRB");
    // Nothing to win by a right guess, and nothing known: no guess is even
    // searched, and the computer builds.
    assert_eq!(searched_guesses(&game, A), []);
    for seed in 0..3 {
        let action = veil_ai::choose::<HideAndGuess>(&game.observe(A), Level::Normal, None, seed);
        assert!(
            matches!(action, Action::Build(_)),
            "seed {seed}: {action:?}"
        );
    }
}

/// B builds only triangles of kings, queens, rooks and bishops and likes
/// them; A builds pawn triangles. Six triangles, A to move.
fn b_shows_its_hand(secret_b: &str) -> HideAndGuess {
    let mut game = started("NNPPP", secret_b);
    build(&mut game, A, "PPP");
    build(&mut game, B, "KQR");
    build(&mut game, A, "NNP");
    build(&mut game, B, "RRB");
    build(&mut game, A, "NPP");
    build(&mut game, B, "QRB");
    game
}

#[test]
fn guesses_the_secret_the_belief_pins() {
    let game = b_shows_its_hand("KQRRB");
    let (top, probability) = top_belief(&game, A);
    assert_eq!(top, p("KQRRB"));
    assert!(probability > 0.5, "belief in KQRRB only {probability}");
    // Scores are level, and a right guess takes six stones.
    assert_eq!(game.scores(), [9, 9]);
    assert!(searched_guesses(&game, A).contains(&p("KQRRB")));
    for seed in 0..3 {
        let action = veil_ai::choose::<HideAndGuess>(&game.observe(A), Level::Normal, None, seed);
        assert_eq!(action, Action::Guess(p("KQRRB")), "seed {seed}");
    }
}

#[test]
fn never_repeats_a_wrong_guess() {
    // The same table, but B hides QRRBB and A already guessed KQRRB wrongly.
    let mut game = started("NNPPP", "QRRBB");
    build(&mut game, A, "PPP");
    build(&mut game, B, "KQR");
    build(&mut game, A, "NNP");
    build(&mut game, B, "RRB");
    play(&mut game, A, Action::Guess(p("KQRRB")));
    build(&mut game, B, "QRB");
    build(&mut game, A, "NPP");
    build(&mut game, B, "KBB");
    assert_eq!(game.turn(), Turn::Seat(A));
    assert!(!searched_guesses(&game, A).contains(&p("KQRRB")));
    assert_ne!(top_belief(&game, A).0, p("KQRRB"));
    for seed in 0..3 {
        let action = veil_ai::choose::<HideAndGuess>(&game.observe(A), Level::Normal, None, seed);
        assert_ne!(action, Action::Guess(p("KQRRB")), "seed {seed}");
    }
}

#[test]
fn whole_games_repeat_no_wrong_guess_and_search_few_guesses() {
    for seed in 0..4u64 {
        let levels = [Level::Easy, Level::Random];
        let result = play_match::<HideAndGuess>(&(), &levels, seed, None).unwrap();
        let game = result.record.replay().unwrap();
        let mine: Vec<Pieces> = game
            .table()
            .guesses
            .iter()
            .filter(|g| g.by == A)
            .map(|g| g.pieces)
            .collect();
        let mut distinct = mine.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), mine.len(), "seed {seed}: {mine:?}");
    }
    // Along a game, the search never looks at more than three guesses.
    let game = b_shows_its_hand("KQRRB");
    assert!(searched_guesses(&game, A).len() <= 3);
}
