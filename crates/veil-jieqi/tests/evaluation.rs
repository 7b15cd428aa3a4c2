//! The evaluation and playout policy are good enough for a shallow search
//! to beat a random player by checkmate, not by the clock.
use veil_core::{Actor, Game, GameRng, RngExt, Seat, SeedableRng, Turn};
use veil_jieqi::{Action, Jieqi, JieqiOptions};

/// The expected evaluation for `seat`, chance resolved by its odds.
fn expect(game: &Jieqi, seat: Seat) -> f64 {
    if game.turn() != Turn::Chance {
        return game.evaluate(seat).unwrap();
    }
    let mut total = 0.0;
    let mut weight = 0.0;
    for (a, w) in game.chance_odds() {
        let mut child = game.clone();
        child.apply(Actor::Chance, a).unwrap();
        total += w as f64 * expect(&child, seat);
        weight += w as f64;
    }
    total / weight
}

/// One ply of lookahead on the evaluation, chance averaged.
fn greedy(game: &Jieqi, seat: Seat, rng: &mut GameRng) -> Action {
    let mut legal = Vec::new();
    game.legal_actions(Actor::Seat(seat), &mut legal);
    let mut best = (f64::NEG_INFINITY, legal[0]);
    for &a in &legal {
        let mut child = game.clone();
        child.apply(Actor::Seat(seat), a).unwrap();
        let v = expect(&child, seat) + rng.random_range(0.0..1e-6);
        if v > best.0 {
            best = (v, a);
        }
    }
    best.1
}

fn play(seed: u64, searcher: Seat) -> Jieqi {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut game = Jieqi::new(&JieqiOptions::default(), 2).unwrap();
    let mut legal = Vec::new();
    loop {
        match game.turn() {
            Turn::Over => return game,
            Turn::Chance => {
                let a = game.sample_chance(&mut rng);
                game.apply(Actor::Chance, a).unwrap();
            }
            Turn::Seat(s) if s == searcher => {
                let a = greedy(&game, s, &mut rng);
                game.apply(Actor::Seat(s), a).unwrap();
            }
            Turn::Seat(s) => {
                game.legal_actions(Actor::Seat(s), &mut legal);
                let a = legal[rng.random_range(0..legal.len())];
                game.apply(Actor::Seat(s), a).unwrap();
            }
            Turn::Simultaneous(_) => unreachable!(),
        }
    }
}

#[test]
fn one_ply_on_the_evaluation_mates_a_random_player() {
    let games = 40;
    let mut mates = 0;
    for i in 0..games {
        let searcher = Seat((i % 2) as u8);
        let game = play(1000 + i, searcher);
        let outcome = game.outcome().unwrap();
        println!(
            "game {i}: {} after {} moves",
            outcome.reason,
            game.position().fullmoves()
        );
        if outcome.winners().collect::<Vec<_>>() == vec![searcher] {
            mates += 1;
        } else {
            println!("game {i}: {} ({})", outcome.reason, game.to_fen());
        }
    }
    assert!(mates >= games - 1, "{mates} of {games} won");
    println!("{mates} of {games} won");
}

#[test]
fn evaluation_is_a_probability_that_follows_material() {
    let even = Jieqi::new(&JieqiOptions::default(), 2).unwrap();
    let e = even.evaluate(Seat(0)).unwrap();
    assert!((e - 0.5).abs() < 0.05, "{e}");
    assert!((even.evaluate(Seat(0)).unwrap() + even.evaluate(Seat(1)).unwrap() - 1.0).abs() < 0.05);
    let ahead = Jieqi::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - 0 1").unwrap();
    assert!(ahead.evaluate(Seat(0)).unwrap() > 0.7);
    assert!(ahead.evaluate(Seat(1)).unwrap() < 0.3);
    let over = Jieqi::from_fen("3k5/R8/9/9/9/9/9/9/9/4K4 b - 0 1").unwrap();
    assert_eq!(over.evaluate(Seat(0)), Some(1.0));
    // The playout policy takes the chariot rather than the soldier.
    let mut rng = GameRng::seed_from_u64(1);
    let game = Jieqi::from_fen("3k5/9/9/9/9/2r1p4/9/9/9/2R1K4 w - 0 1").unwrap();
    let mut legal = Vec::new();
    game.legal_actions(Actor::Seat(Seat(0)), &mut legal);
    let takes = (0..100)
        .filter(|_| {
            game.playout_action(Seat(0), &legal, &mut rng) == Action::Move("c0c4".parse().unwrap())
        })
        .count();
    assert!(takes > 70, "{takes}");
}
