//! Rengo's order of play, messages, resignation, penalty and counting.
use veil_core::{Actor, Game, Seat, Turn};
use veil_go::{Color, Message, Phase, Point, Rengo, RengoAction, RengoOptions, Rules};

fn seat(n: u8) -> Actor {
    Actor::Seat(Seat(n))
}

fn play(game: &mut Rengo, n: u8, at: &str) {
    let p = Point::parse(at, game.position().size()).unwrap();
    game.apply(seat(n), RengoAction::Play(p)).unwrap();
}

#[test]
fn four_seats_play_b1_w1_b2_w2() {
    let mut game = Rengo::new(&RengoOptions::default(), 4).unwrap();
    let names: Vec<String> = (0..4).map(|s| game.seat_name(Seat(s))).collect();
    assert_eq!(names, ["B1", "W1", "B2", "W2"]);
    assert_eq!(game.team(Seat(0)), game.team(Seat(2)));
    assert_ne!(game.team(Seat(0)), game.team(Seat(1)));
    for (k, at) in ["E5", "C3", "G7", "C7", "G3"].iter().enumerate() {
        let s = (k % 4) as u8;
        assert_eq!(game.turn(), Turn::Seat(Seat(s)));
        // Nobody else may play now.
        let other = (s + 1) % 4;
        assert!(game.apply(seat(other), RengoAction::Pass).is_err());
        play(&mut game, s, at);
    }
    assert_eq!(game.turn(), Turn::Seat(Seat(1)));
    let stones = game
        .position()
        .board()
        .points()
        .filter(|p| game.position().board().get(*p) == Some(Color::Black))
        .count();
    assert_eq!(stones, 3);
    assert!(Rengo::new(&RengoOptions::default(), 3).is_err());
}

#[test]
fn messages_are_once_a_turn_and_resigning_needs_the_partner() {
    let mut game = Rengo::new(&RengoOptions::default(), 4).unwrap();
    game.apply(seat(0), RengoAction::Say(Message::IsItMyTurn))
        .unwrap();
    assert!(
        game.apply(seat(0), RengoAction::Say(Message::IsItMyTurn))
            .is_err()
    );
    assert!(
        game.apply(seat(0), RengoAction::Resign).is_err(),
        "no lone resignation in Rengo"
    );
    game.apply(seat(0), RengoAction::Say(Message::ShallWeResign))
        .unwrap();
    // The partner B2 answers.
    assert_eq!(game.turn(), Turn::Seat(Seat(2)));
    game.apply(seat(2), RengoAction::AnswerResign(false))
        .unwrap();
    assert_eq!(game.turn(), Turn::Seat(Seat(0)));
    assert!(
        game.apply(seat(0), RengoAction::Say(Message::ShallWeResign))
            .is_err()
    );
    play(&mut game, 0, "E5");
    game.apply(seat(1), RengoAction::Say(Message::ShallWeResign))
        .unwrap();
    game.apply(seat(3), RengoAction::AnswerResign(true))
        .unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.ranks, vec![0, 1, 0, 1]);
    // Plain Go: resign alone; no messages.
    let mut go = Rengo::new(&RengoOptions::default(), 2).unwrap();
    assert!(
        go.apply(seat(0), RengoAction::Say(Message::IsItMyTurn))
            .is_err()
    );
    go.apply(seat(0), RengoAction::Resign).unwrap();
    assert_eq!(go.outcome().unwrap().ranks, vec![1, 0]);
}

#[test]
fn an_unintentional_out_of_sequence_stone_costs_three_and_shifts_the_rotation() {
    let options = RengoOptions {
        table_mode: true,
        ..Default::default()
    };
    let mut game = Rengo::new(&options, 4).unwrap();
    play(&mut game, 0, "E5"); // B1
    // Not reportable without table mode or before a stone: W1 may report now.
    game.apply(
        seat(1),
        RengoAction::ReportOutOfSequence { intentional: false },
    )
    .unwrap();
    // B2 really played: the rotation goes on after B2, with W2.
    assert_eq!(game.turn(), Turn::Seat(Seat(3)));
    assert_eq!(game.bonus(), [0, 3]);
    assert_eq!(
        game.position().board().get(Point::parse("E5", 9).unwrap()),
        Some(Color::Black),
        "nothing is undone"
    );
    assert!(
        game.apply(
            seat(3),
            RengoAction::ReportOutOfSequence { intentional: false }
        )
        .is_err(),
        "reported once"
    );
    play(&mut game, 3, "C3");
    play(&mut game, 0, "G7");
    game.apply(seat(1), RengoAction::Pass).unwrap();
    game.apply(seat(2), RengoAction::Pass).unwrap();
    let score = game.score();
    assert_eq!(score.prisoners, [0, 3]);
    let plain = Rengo::new(&RengoOptions::default(), 4).unwrap();
    let mut plain = plain;
    play(&mut plain, 0, "E5");
    assert!(
        plain
            .apply(
                seat(1),
                RengoAction::ReportOutOfSequence { intentional: false }
            )
            .is_err()
    );
}

#[test]
fn an_intentional_out_of_sequence_stone_forfeits() {
    let options = RengoOptions {
        table_mode: true,
        rules: Rules::Area,
        ..Default::default()
    };
    let mut game = Rengo::new(&options, 4).unwrap();
    play(&mut game, 0, "E5");
    play(&mut game, 1, "C3");
    game.apply(
        seat(2),
        RengoAction::ReportOutOfSequence { intentional: true },
    )
    .unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(
        outcome.ranks,
        vec![0, 1, 0, 1],
        "White's stone: White forfeits"
    );
    assert!(outcome.reason.contains("forfeit"));
}

#[test]
fn two_passes_open_the_count_and_both_teams_accept() {
    let mut game = Rengo::new(&RengoOptions::default(), 2).unwrap();
    // Black walls off the left, White the right; a white stone dies inside.
    for (b, w) in [
        ("D1", "F1"),
        ("D2", "F2"),
        ("D3", "F3"),
        ("D4", "F4"),
        ("D5", "F5"),
        ("D6", "F6"),
        ("D7", "F7"),
        ("D8", "F8"),
        ("D9", "F9"),
        ("A1", "B5"),
    ] {
        play(&mut game, 0, b);
        play(&mut game, 1, w);
    }
    game.apply(seat(0), RengoAction::Pass).unwrap();
    game.apply(seat(1), RengoAction::Pass).unwrap();
    assert!(matches!(game.phase(), Phase::Counting { .. }));
    assert_eq!(game.dead(), [Point::parse("B5", 9).unwrap()]);
    // Black (next in rotation) marks the white stone alive, then dead again.
    let b5 = Point::parse("B5", 9).unwrap();
    game.apply(seat(0), RengoAction::ToggleDead(b5)).unwrap();
    assert_eq!(game.score().territory[0], 0);
    game.apply(seat(0), RengoAction::ToggleDead(b5)).unwrap();
    game.apply(seat(0), RengoAction::Accept).unwrap();
    assert_eq!(game.turn(), Turn::Seat(Seat(1)));
    game.apply(seat(1), RengoAction::Accept).unwrap();
    let outcome = game.outcome().unwrap();
    // Black: 27 + 1 prisoner... territory A–C = 27 points less A1's stone.
    let s = game.score();
    assert_eq!(s.territory, [26, 27]);
    assert_eq!(s.prisoners, [1, 0]);
    assert_eq!(outcome.reason, "counted: W+6.5");
    assert_eq!(outcome.ranks, vec![1, 0]);
}

#[test]
fn a_game_reads_back_from_json_and_bad_records_are_refused() {
    let mut game = Rengo::new(&RengoOptions::default(), 4).unwrap();
    play(&mut game, 0, "E5");
    play(&mut game, 1, "E6");
    let text = serde_json::to_string(&game).unwrap();
    let back: Rengo = serde_json::from_str(&text).unwrap();
    assert_eq!(back, game);
    let bad = text.replace("\"row\":5", "\"row\":4");
    assert!(
        serde_json::from_str::<Rengo>(&bad).is_err(),
        "E6 onto E5 is occupied"
    );
    let options: RengoOptions = serde_json::from_str("{\"size\":13}").unwrap();
    assert_eq!(options.komi(), 6.5);
    assert!(
        Rengo::new(
            &RengoOptions {
                size: 10,
                ..Default::default()
            },
            2
        )
        .is_err()
    );
}

#[test]
fn computers_finish_a_rengo_game_and_agree_the_count() {
    use veil_ai::Level;
    let mut game = Rengo::new(&RengoOptions::default(), 4).unwrap();
    let mut moves = 0;
    while let Turn::Seat(s) = game.turn() {
        let action = veil_go::player::choose(&game.observe(s), Level::Random, None, moves);
        game.apply(Actor::Seat(s), action).unwrap();
        moves += 1;
        assert!(moves < 1000, "the game ends");
    }
    let outcome = game.outcome().unwrap();
    assert!(outcome.reason.starts_with("counted") || outcome.reason.contains("resign"));
}

#[test]
fn the_computer_beats_random_play() {
    use veil_ai::Level;
    let mut wins = 0;
    for g in 0..4u64 {
        let mut game = Rengo::new(
            &RengoOptions {
                rules: Rules::Area,
                ..Default::default()
            },
            2,
        )
        .unwrap();
        let engine_seat = Seat((g % 2) as u8);
        let mut rng = <veil_core::GameRng as veil_core::SeedableRng>::seed_from_u64(g);
        let mut legal = Vec::new();
        let mut k = 0;
        while let Turn::Seat(s) = game.turn() {
            let action = if s == engine_seat {
                veil_go::player::choose(&game.observe(s), Level::Easy, None, g * 1000 + k)
            } else {
                game.legal_actions(Actor::Seat(s), &mut legal);
                legal.retain(|a| !matches!(a, RengoAction::Resign));
                game.playout_action(s, &legal, &mut rng)
            };
            game.apply(Actor::Seat(s), action).unwrap();
            k += 1;
        }
        if game.outcome().unwrap().ranks[engine_seat.index()] == 0 {
            wins += 1;
        }
    }
    assert_eq!(wins, 4);
}

#[test]
fn the_generic_search_plays_rengo_too() {
    use veil_ai::Level;
    let mut game = Rengo::new(&RengoOptions::default(), 4).unwrap();
    for k in 0..3 {
        let Turn::Seat(s) = game.turn() else { panic!() };
        let action = veil_ai::choose::<Rengo>(&game.observe(s), Level::Easy, None, k);
        assert!(
            matches!(action, RengoAction::Play(_) | RengoAction::Pass),
            "{action:?}"
        );
        game.apply(Actor::Seat(s), action).unwrap();
    }
}

#[test]
fn a_computer_asks_to_resign_a_lost_game_and_its_partner_agrees() {
    use veil_ai::Level;
    let mut game = Rengo::new(&RengoOptions::default(), 4).unwrap();
    // Black passes while White takes the board.
    let white = [
        "C3", "G3", "C7", "G7", "E5", "E3", "E7", "C5", "G5", "D4", "F6",
    ];
    for at in white {
        let Turn::Seat(s) = game.turn() else { panic!() };
        game.apply(Actor::Seat(s), RengoAction::Pass).unwrap();
        let Turn::Seat(s) = game.turn() else { panic!() };
        play(&mut game, s.0, at);
    }
    let Turn::Seat(b) = game.turn() else { panic!() };
    let action = veil_go::player::choose(&game.observe(b), Level::Easy, None, 5);
    assert_eq!(action, RengoAction::Say(Message::ShallWeResign));
    game.apply(Actor::Seat(b), action).unwrap();
    let Turn::Seat(partner) = game.turn() else {
        panic!()
    };
    assert_eq!(partner, Seat((b.0 + 2) % 4));
    let answer = veil_go::player::choose(&game.observe(partner), Level::Easy, None, 6);
    assert_eq!(answer, RengoAction::AnswerResign(true));
    // In an even game the partner declines.
    let mut even = Rengo::new(&RengoOptions::default(), 4).unwrap();
    even.apply(
        Actor::Seat(Seat(0)),
        RengoAction::Say(Message::ShallWeResign),
    )
    .unwrap();
    let answer = veil_go::player::choose(&even.observe(Seat(2)), Level::Easy, None, 6);
    assert_eq!(answer, RengoAction::AnswerResign(false));
}

/// Plays `moves` in turn order from a new four-seat game (`"pass"` passes).
fn planted(moves: &[&str]) -> Rengo {
    let mut game = Rengo::new(&RengoOptions::default(), 4).unwrap();
    for at in moves {
        let Turn::Seat(s) = game.turn() else { panic!() };
        if *at == "pass" {
            game.apply(Actor::Seat(s), RengoAction::Pass).unwrap();
        } else {
            play(&mut game, s.0, at);
        }
    }
    game
}

#[test]
fn the_partner_follows_on_only_where_it_costs_little() {
    use veil_go::Move;
    use veil_go::player::{FOLLOW_MARGIN, follow_on};
    let at = |v: &str| Point::parse(v, 9).unwrap();
    let stone = at("C3");
    // The search's best is far from the partner's C3; D5, two lines away,
    // does nearly as well: the computer plays D5.
    let stats = |near_rate: f32, near_visits: u32| {
        vec![
            (Move::Play(at("G7")), 1_000, 0.55, 0.0, 0.0),
            (Move::Play(at("D5")), near_visits, near_rate, 0.0, 0.0),
            (Move::Play(at("H5")), 700, 0.549, 0.0, 0.0),
        ]
    };
    let best = Move::Play(at("G7"));
    assert_eq!(
        follow_on(best, &stats(0.53, 600), stone),
        Move::Play(at("D5"))
    );
    // A clear gain elsewhere wins over the partner's plan.
    let clear = 0.55 - FOLLOW_MARGIN - 0.02;
    assert_eq!(follow_on(best, &stats(clear, 600), stone), best);
    // An estimate from a handful of playouts is not trusted.
    assert_eq!(follow_on(best, &stats(0.56, 20), stone), best);
    // A best move already near the partner's stone, or a pass, stays.
    assert_eq!(
        follow_on(Move::Play(at("D4")), &stats(0.53, 600), stone),
        Move::Play(at("D4"))
    );
    assert_eq!(follow_on(Move::Pass, &stats(0.53, 600), stone), Move::Pass);
}

#[test]
fn a_rengo_computer_plays_on_from_its_partners_stone_when_that_costs_little() {
    use veil_ai::Level;
    use veil_go::Move;
    use veil_go::player::{FOLLOW_REACH, RengoPlayer, partner_stone};
    // B2's move by the search alone, and as the seat's computer plays it.
    let both = |game: &Rengo| {
        let mut engine = veil_go::engine::Engine::new(
            game.position(),
            game.komi(),
            veil_go::engine::EngineConfig::level(Level::Normal),
            11,
        );
        while !engine.is_finished() {
            engine.run(1024);
        }
        let mut player = RengoPlayer::new(&game.observe(Seat(2)), Level::Normal, None, 11);
        player.finish();
        match (engine.best_move(), player.best_action()) {
            (Move::Play(a), RengoAction::Play(b)) => (a, b),
            other => panic!("stones expected: {other:?}"),
        }
    };
    let near =
        |p: Point, q: Point| p.col.abs_diff(q.col).max(p.row.abs_diff(q.row)) <= FOLLOW_REACH;
    // B1 took C4, W1 the centre; B2 to move. The search alone would leave
    // for G7; a move on from C4 does within three points of that, so B2
    // plays it.
    let game = planted(&["C4", "E5"]);
    let b2 = Seat(2);
    let c4 = Point::parse("C4", 9).unwrap();
    assert_eq!(partner_stone(&game, b2), Some(c4));
    let (alone, p) = both(&game);
    assert!(
        !near(alone, c4),
        "the planted case: the search alone plays {alone}"
    );
    assert!(near(p, c4), "B2 plays on from C4, not {p}");
    // In plain Go there is no partner to follow.
    let go = {
        let mut g = Rengo::new(&RengoOptions::default(), 2).unwrap();
        play(&mut g, 0, "C3");
        play(&mut g, 1, "E5");
        g
    };
    assert_eq!(partner_stone(&go, Seat(0)), None);

    // B1 took B3 instead: every move on from it is more than three points
    // worse in the search's estimate than its best, G6, so B2 leaves.
    let game = planted(&["B3", "E5"]);
    let b3 = Point::parse("B3", 9).unwrap();
    let (alone, with_partner) = both(&game);
    assert!(
        !near(alone, b3),
        "the planted case: the search alone plays {alone}"
    );
    assert_eq!(with_partner, alone);
}
