//! The computer player: it makes its boxes as often as its hand allows,
//! takes an elimination when one is there, and the levels rank.

use veil_ai::Level;
use veil_core::{Actor, Game, Seat, Turn};
use veil_skelly::ai::{Player, choose};
use veil_skelly::court::{KILLER, START_SPOTS};
use veil_skelly::{Cap, Event, Options, Point, Skelly, SkellyParts};

fn made_first_box(level: Level, tries: u64) -> u64 {
    let game = Skelly::new(&Options::default(), 3).unwrap();
    let view = game.observe(Seat(0));
    (0..tries)
        .filter(|seed| {
            let mut g = game.clone();
            g.apply(Actor::Seat(Seat(0)), choose(&view, level, None, *seed))
                .unwrap();
            g.cap(Seat(0)).leg == 1
        })
        .count() as u64
}

#[test]
fn a_steadier_hand_makes_more_boxes() {
    let hard = made_first_box(Level::Hard, 40);
    let easy = made_first_box(Level::Easy, 40);
    eprintln!("box 1 from the start line, of 40: hard {hard}, easy {easy}");
    assert!(hard >= 36, "hard made box 1 {hard} times in 40");
    assert!(easy < hard, "easy {easy}, hard {hard}");
    assert!(easy >= 10, "easy made box 1 only {easy} times in 40");
}

#[test]
fn a_killer_takes_the_elimination_in_reach() {
    let cap = |x, y, leg| Cap {
        at: Some(Point::new(x, y)),
        leg,
        trapped: false,
    };
    let game = Skelly::from_parts(SkellyParts {
        options: Options::default(),
        caps: vec![
            cap(-5.0, -15.0, KILLER),
            cap(3.0, -14.0, 6),
            cap(20.0, 25.0, 9),
        ],
        shooter: Seat(0),
        shots: 0,
        eliminated: vec![],
        last: None,
    })
    .unwrap();
    let mut hits = 0;
    for seed in 0..10 {
        let mut g = game.clone();
        g.apply(
            Actor::Seat(Seat(0)),
            choose(&g.observe(Seat(0)), Level::Normal, None, seed),
        )
        .unwrap();
        let events = &g.last_shot().unwrap().events;
        hits += events
            .iter()
            .filter(|e| matches!(e, Event::Eliminated { seat: Seat(1), .. }))
            .count();
    }
    assert!(
        hits >= 8,
        "eliminated the cap 8 units away only {hits} times in 10"
    );
}

#[test]
fn it_thinks_in_slices_within_its_budget() {
    let game = Skelly::new(&Options::default(), 6).unwrap();
    let view = game.observe(Seat(0));
    let mut player = Player::new(&view, Level::Hard, 1);
    assert_eq!(player.best_shot(), None);
    let mut slices = 0;
    while !player.is_finished() {
        let ran = player.run(100);
        assert!(ran <= 100 + 6, "a slice ran {ran}");
        slices += 1;
    }
    assert!(slices > 5);
    assert!(player.simulated() <= veil_skelly::ai::Hand::of(Level::Hard).budget + 6);
    assert!(player.best_shot().is_some());
    // Not its turn: nothing to think about.
    let other = Player::new(&game.observe(Seat(1)), Level::Hard, 1);
    assert!(other.is_finished() && other.best_shot().is_none());
}

#[test]
fn normal_beats_random_and_hard_beats_easy() {
    for (strong, weak, games) in [
        (Level::Normal, Level::Random, 6u32),
        (Level::Hard, Level::Easy, 6),
    ] {
        let mut wins = 0;
        for i in 0..games {
            let levels = if i % 2 == 0 {
                [strong, weak]
            } else {
                [weak, strong]
            };
            let result = veil_ai::arena::play_match_with::<Skelly>(
                &Options::default(),
                &levels,
                u64::from(i),
                None,
                choose,
            )
            .unwrap();
            let mine = (i % 2) as usize;
            if result.outcome.ranks[mine] == 0 && result.outcome.ranks[1 - mine] == 1 {
                wins += 1;
            }
        }
        assert!(
            wins >= games - 1,
            "{strong} won {wins} of {games} against {weak}"
        );
    }
}

#[test]
fn the_generic_search_plays_from_the_menu() {
    let mut game = Skelly::new(&Options::default(), 2).unwrap();
    let mut menu = Vec::new();
    for seed in 0..4 {
        if game.turn() == Turn::Over {
            break;
        }
        let Turn::Seat(seat) = game.turn() else {
            unreachable!()
        };
        game.legal_actions(Actor::Seat(seat), &mut menu);
        let shot = veil_ai::choose::<Skelly>(&game.observe(seat), Level::Easy, None, seed);
        assert!(menu.contains(&shot));
        game.apply(Actor::Seat(seat), shot).unwrap();
    }
    assert!(game.cap(Seat(0)).at.unwrap() != START_SPOTS[0]);
}
