//! One test per ruling of RULINGS §4 (Jieqi), plus xiangqi movement.
use veil_core::{Actor, Game, GameRng, Seat, SeatSet, SeedableRng, Turn};
use veil_jieqi::{
    Action, CapturedReveal, Color, Jieqi, JieqiOptions, Kind, Move, Position, Rules, Square,
};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

fn moves_from(pos: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == sq(from))
        .map(|m| m.to.to_string())
        .collect();
    v.sort();
    v
}

const RED: Actor = Actor::Seat(Seat(0));
const BLACK: Actor = Actor::Seat(Seat(1));

fn json<T: serde::Serialize>(t: &T) -> String {
    serde_json::to_string(t).unwrap()
}

#[test]
fn face_down_advisor_stays_in_the_palace() {
    let pos = Position::jieqi_start();
    // d0 is an advisor point: only e1, never c1 (outside the palace).
    assert_eq!(moves_from(&pos, "d0"), vec!["e1"]);
}

#[test]
fn face_down_elephant_moves_as_an_elephant_on_its_side() {
    let pos = Position::jieqi_start();
    assert_eq!(moves_from(&pos, "c0"), vec!["a2", "e2"]);
    // Its eye blocked (a revealed chariot on h1), g0 cannot jump to i2.
    let eye = Position::from_fen(
        "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/7R1/XXXXKXXX1 w R1A2C2P5N2B2r2a2c2p5n2b2 0 1",
    )
    .unwrap();
    assert_eq!(moves_from(&eye, "g0"), vec!["e2"]);
}

#[test]
fn revealed_elephant_crosses_the_river_but_not_in_xiangqi() {
    let fen = "4k4/9/9/2B6/9/9/9/9/9/3K5 w - 0 1";
    let jieqi = Position::from_fen_with_rules(fen, Rules::Jieqi).unwrap();
    assert_eq!(moves_from(&jieqi, "c6"), vec!["a4", "a8", "e4", "e8"]);
    let fen = "4k4/9/9/9/9/2B6/9/9/9/3K5 w - 0 1";
    let jieqi = Position::from_fen_with_rules(fen, Rules::Jieqi).unwrap();
    assert_eq!(moves_from(&jieqi, "c4"), vec!["a2", "a6", "e2", "e6"]);
    let xiangqi = Position::from_fen_with_rules(fen, Rules::Xiangqi).unwrap();
    assert_eq!(moves_from(&xiangqi, "c4"), vec!["a2", "e2"]);
    // Elephant eyes still block face-up elephants.
    let eye =
        Position::from_fen_with_rules("4k4/9/9/9/9/2B6/3p5/9/9/3K5 w - 0 1", Rules::Jieqi).unwrap();
    assert_eq!(moves_from(&eye, "c4"), vec!["a2", "a6", "e6"]);
}

#[test]
fn revealed_advisor_leaves_the_palace() {
    let fen = "3k5/9/9/9/9/9/9/3A5/9/4K4 w - 0 1";
    let jieqi = Position::from_fen_with_rules(fen, Rules::Jieqi).unwrap();
    assert_eq!(moves_from(&jieqi, "d2"), vec!["c1", "c3", "e1", "e3"]);
    let fen = "4k4/9/9/9/9/9/9/9/4A4/3K5 w - 0 1";
    let jieqi = Position::from_fen_with_rules(fen, Rules::Jieqi).unwrap();
    let xiangqi = Position::from_fen_with_rules(fen, Rules::Xiangqi).unwrap();
    assert_eq!(moves_from(&jieqi, "e1"), vec!["d2", "f0", "f2"]);
    assert_eq!(moves_from(&xiangqi, "e1"), vec!["d2", "f0", "f2"]);
    // Far from home a revealed advisor still steps one point diagonally.
    let far =
        Position::from_fen_with_rules("4k4/9/9/4A4/9/9/9/9/9/3K5 w - 0 1", Rules::Jieqi).unwrap();
    assert_eq!(moves_from(&far, "e6"), vec!["d5", "d7", "f5", "f7"]);
}

#[test]
fn face_down_horse_is_blocked_by_its_leg() {
    let pos = Position::jieqi_start();
    // b0 moves as a horse: c0 blocks the jump to d1, b1 is free.
    assert_eq!(moves_from(&pos, "b0"), vec!["a2", "c2"]);
    let legs = Position::from_fen(
        "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/1R7/XXXXKXXX1 w R1A2C2P5N2B2r2a2c2p5n2b2 0 1",
    )
    .unwrap();
    assert!(
        moves_from(&legs, "b0").is_empty(),
        "b1 is the leg of two jumps, c0 of the third"
    );
}

#[test]
fn cannon_screens() {
    let pos = Position::jieqi_start();
    let cannon = moves_from(&pos, "b2");
    assert!(
        cannon.contains(&"b9".to_string()),
        "captures over the b7 screen: {cannon:?}"
    );
    assert!(
        !cannon.contains(&"b7".to_string()),
        "no capture without a screen"
    );
    assert!(
        !cannon.contains(&"b8".to_string()),
        "cannot move past a piece without capturing"
    );
    assert!(cannon.contains(&"b6".to_string()));
    // Two screens: no capture.
    let xq = Position::from_fen("4k4/4a4/9/9/4p4/9/9/4C4/9/3K5 w - 0 1").unwrap();
    assert!(!moves_from(&xq, "e2").contains(&"e9".to_string()));
    assert!(moves_from(&xq, "e2").contains(&"e8".to_string()));
}

#[test]
fn flying_general() {
    // The generals may not face each other on an open file.
    let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - 0 1").unwrap();
    assert_eq!(moves_from(&pos, "d0"), vec!["d1"]);
    // The horse between the generals is pinned: every jump leaves the file.
    let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4N4/4K4 w - 0 1").unwrap();
    assert!(moves_from(&pos, "e1").is_empty());
    let free = Position::from_fen("3k5/9/9/9/9/9/9/9/4N4/4K4 w - 0 1").unwrap();
    assert_eq!(
        moves_from(&free, "e1"),
        vec!["c0", "c2", "d3", "f3", "g0", "g2"]
    );
    // A position where the side not to move faces the general is refused.
    assert!(Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w - 0 1").is_err());
}

#[test]
fn soldiers_move_forward_then_sideways_after_the_river() {
    let pos =
        Position::from_fen_with_rules("4k4/9/9/9/4P4/P8/9/9/9/3K5 w - 0 1", Rules::Jieqi).unwrap();
    assert_eq!(moves_from(&pos, "a4"), vec!["a5"]);
    assert_eq!(moves_from(&pos, "e5"), vec!["d5", "e6", "f5"]);
    // A soldier revealed on a back point still only moves forward.
    let back =
        Position::from_fen_with_rules("4k4/9/9/9/9/9/9/9/9/P2K5 w - 0 1", Rules::Jieqi).unwrap();
    assert_eq!(moves_from(&back, "a0"), vec!["a1"]);
    let black = Position::from_fen("4k4/9/9/9/9/4p4/9/9/9/3K5 b - 0 1").unwrap();
    assert_eq!(moves_from(&black, "e4"), vec!["d4", "e3", "f4"]);
}

#[test]
fn moving_a_face_down_piece_reveals_it_from_the_pool() {
    let mut game = Jieqi::new(&JieqiOptions::default(), 2).unwrap();
    game.apply(RED, Action::Move(mv("b0c2"))).unwrap();
    assert_eq!(game.turn(), Turn::Chance);
    let mut chance = Vec::new();
    game.legal_actions(Actor::Chance, &mut chance);
    let kinds: Vec<Kind> = chance
        .iter()
        .map(|a| match a {
            Action::Reveal(k) => *k,
            _ => panic!(),
        })
        .collect();
    assert_eq!(
        kinds,
        vec![
            Kind::Advisor,
            Kind::Elephant,
            Kind::Horse,
            Kind::Chariot,
            Kind::Cannon,
            Kind::Soldier
        ]
    );
    // Chance draws in proportion to the pool: 5 of 15 are soldiers.
    let mut rng = GameRng::seed_from_u64(3);
    let soldiers = (0..3000)
        .filter(|_| game.sample_chance(&mut rng) == Action::Reveal(Kind::Soldier))
        .count();
    assert!(
        (850..1150).contains(&soldiers),
        "{soldiers} soldiers in 3000 draws"
    );
    game.apply(Actor::Chance, Action::Reveal(Kind::Chariot))
        .unwrap();
    assert_eq!(
        game.position().piece_at(sq("c2")).unwrap().kind,
        Some(Kind::Chariot)
    );
    assert_eq!(game.position().pool_count(Color::Red, Kind::Chariot), 1);
    assert_eq!(game.turn(), Turn::Seat(Seat(1)));
    // The revealed chariot moves as a chariot.
    game.apply(BLACK, Action::Move(mv("e9e8"))).unwrap();
    assert!(game.position().legal_moves().contains(&mv("c2c1")));
    // Once both chariots are out, chance cannot draw another.
    game.apply(RED, Action::Move(mv("h0g2"))).unwrap();
    game.apply(Actor::Chance, Action::Reveal(Kind::Chariot))
        .unwrap();
    game.apply(BLACK, Action::Move(mv("e8e9"))).unwrap();
    game.apply(RED, Action::Move(mv("a0a1"))).unwrap();
    let before = json(&game);
    assert!(
        game.apply(Actor::Chance, Action::Reveal(Kind::Chariot))
            .is_err()
    );
    assert!(
        game.apply(Actor::Chance, Action::Reveal(Kind::General))
            .is_err()
    );
    assert_eq!(json(&game), before);
    game.legal_actions(Actor::Chance, &mut chance);
    assert!(!chance.contains(&Action::Reveal(Kind::Chariot)));
}

/// Red's b2 cannon captures the face-down piece on b9; chance names the
/// cannon, then the captured piece as `victim`.
fn capture_game(options: JieqiOptions, victim: Kind) -> Jieqi {
    let mut game = Jieqi::new(&options, 2).unwrap();
    game.apply(RED, Action::Move(mv("b2b9"))).unwrap();
    assert_eq!(game.turn(), Turn::Chance);
    game.apply(Actor::Chance, Action::Reveal(Kind::Cannon))
        .unwrap();
    assert_eq!(
        game.turn(),
        Turn::Chance,
        "a second draw for the captured piece"
    );
    game.apply(Actor::Chance, Action::Reveal(victim)).unwrap();
    assert_eq!(game.turn(), Turn::Seat(Seat(1)));
    game
}

#[test]
fn captured_face_down_piece_is_known_to_the_capturer_only() {
    let options = JieqiOptions::default();
    let a = capture_game(options, Kind::Chariot);
    let b = capture_game(options, Kind::Soldier);
    // The owner's view is the same whatever the piece was.
    assert_eq!(json(&a.observe(Seat(1))), json(&b.observe(Seat(1))));
    assert_eq!(a.observe(Seat(1)).captured[0].kind, None);
    assert_eq!(
        a.observe(Seat(1)).unseen_count(Color::Black, Kind::Chariot),
        2
    );
    // The capturer sees it.
    assert_eq!(a.observe(Seat(0)).captured[0].kind, Some(Kind::Chariot));
    assert_ne!(json(&a.observe(Seat(0))), json(&b.observe(Seat(0))));
    assert_eq!(
        a.observe(Seat(0)).unseen_count(Color::Black, Kind::Chariot),
        1
    );
    // Black's own pool really lost the chariot.
    assert_eq!(a.position().pool_count(Color::Black, Kind::Chariot), 1);
    // A determinisation for Black never knows more than Black.
    let mut rng = GameRng::seed_from_u64(9);
    let mut chariots_left = 0;
    for _ in 0..200 {
        let det = Jieqi::determinize(&a.observe(Seat(1)), &mut rng);
        assert_eq!(det.observe(Seat(1)), a.observe(Seat(1)));
        chariots_left += det.position().pool_count(Color::Black, Kind::Chariot) as u32;
    }
    assert!(
        chariots_left > 200 && chariots_left < 400,
        "the lost piece is guessed: {chariots_left}"
    );
}

#[test]
fn captured_face_down_piece_is_shown_to_both_with_the_option() {
    let options = JieqiOptions {
        captured_reveal: CapturedReveal::Both,
    };
    let a = capture_game(options, Kind::Chariot);
    let b = capture_game(options, Kind::Soldier);
    assert_ne!(json(&a.observe(Seat(1))), json(&b.observe(Seat(1))));
    assert_eq!(a.observe(Seat(1)).captured[0].kind, Some(Kind::Chariot));
}

#[test]
fn a_spectator_sees_a_captured_face_down_piece_only_when_both_sides_do() {
    let a = capture_game(JieqiOptions::default(), Kind::Chariot);
    let b = capture_game(JieqiOptions::default(), Kind::Soldier);
    // Red captured it, but the spectator sits in Red's chair as Black sees it.
    let public = a.observe_public();
    assert_eq!(Jieqi::observer(&public), Seat(0));
    assert_eq!(public.captured[0].kind, None);
    assert_eq!(json(&public), json(&b.observe_public()));
    assert_eq!(public.unseen, a.observe(Seat(1)).unseen);
    let options = JieqiOptions {
        captured_reveal: CapturedReveal::Both,
    };
    let shown = capture_game(options, Kind::Chariot).observe_public();
    assert_eq!(shown.captured[0].kind, Some(Kind::Chariot));
}

#[test]
fn a_side_without_a_legal_move_loses() {
    // Black's general on d9: e9 faces Red's general, d8 is on the chariot's rank.
    let game = Jieqi::from_fen("3k5/R8/9/9/9/9/9/9/9/4K4 b - 0 1").unwrap();
    assert!(!game.is_check());
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winners().collect::<Vec<_>>(), vec![Seat(0)]);
    assert!(outcome.reason.contains("stalemate"), "{}", outcome.reason);
    // The same reached by a move.
    let mut game = Jieqi::from_fen("3k5/9/R8/9/9/9/9/9/9/4K4 w - 0 1").unwrap();
    assert_eq!(game.turn(), Turn::Seat(Seat(0)));
    game.apply(RED, Action::Move(mv("a7a8"))).unwrap();
    assert_eq!(game.turn(), Turn::Over);
    assert_eq!(
        game.outcome().unwrap().winners().collect::<Vec<_>>(),
        vec![Seat(0)]
    );
    // Checkmate too.
    let mut mate = Jieqi::from_fen("3k5/R8/9/9/9/9/9/9/9/1R2K4 w - 0 1").unwrap();
    mate.apply(RED, Action::Move(mv("b0b9"))).unwrap();
    assert_eq!(mate.outcome().unwrap().reason, "checkmate");
}

fn play_all(game: &mut Jieqi, moves: &[&str]) {
    for m in moves {
        let actor = match game.turn() {
            Turn::Seat(s) => Actor::Seat(s),
            t => panic!("{t:?} before {m}"),
        };
        game.apply(actor, Action::Move(mv(m)))
            .unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn perpetual_check_loses() {
    let mut game = Jieqi::from_fen("3k5/7R1/9/9/9/9/9/9/9/5K3 w - 0 1").unwrap();
    let cycle = ["h8h9", "d9d8", "h9h8", "d8d9"];
    play_all(&mut game, &cycle);
    play_all(&mut game, &cycle[..3]);
    assert_eq!(
        game.turn(),
        Turn::Seat(Seat(1)),
        "twice is not yet threefold"
    );
    play_all(&mut game, &cycle[3..]);
    let outcome = game.outcome().expect("third repetition");
    assert_eq!(
        outcome.winners().collect::<Vec<_>>(),
        vec![Seat(1)],
        "{}",
        outcome.reason
    );
    assert!(outcome.reason.contains("perpetual"));
}

#[test]
fn threefold_repetition_without_perpetual_check_draws() {
    let mut game = Jieqi::from_fen("3k5/9/7R1/9/9/9/9/9/9/5K3 w - 0 1").unwrap();
    let cycle = ["h7h6", "d9d8", "h6h7", "d8d9"];
    play_all(&mut game, &cycle);
    play_all(&mut game, &cycle);
    let outcome = game.outcome().expect("third repetition");
    assert!(outcome.is_draw());
    assert_eq!(outcome.reason, "threefold repetition");
    // Checks by one side only in part of the cycle: still a draw.
    let mut game = Jieqi::from_fen("3k5/9/7R1/9/9/9/9/9/9/5K3 w - 0 1").unwrap();
    let cycle = ["h7h9", "d9d8", "h9h7", "d8d9"];
    play_all(&mut game, &cycle);
    play_all(&mut game, &cycle);
    assert!(game.outcome().unwrap().is_draw());
}

#[test]
fn one_hundred_twenty_quiet_plies_draw() {
    let mut game = Jieqi::from_fen("3k5/9/7R1/9/9/9/9/9/9/5K3 w - 118 70").unwrap();
    play_all(&mut game, &["h7h6"]);
    assert_eq!(game.turn(), Turn::Seat(Seat(1)));
    play_all(&mut game, &["d9d8"]);
    let outcome = game.outcome().unwrap();
    assert!(outcome.is_draw());
    assert!(outcome.reason.contains("120"));
    // A capture resets the count.
    let mut game = Jieqi::from_fen("3k5/9/7R1/9/9/9/9/9/7p1/5K3 w - 119 70").unwrap();
    play_all(&mut game, &["h7h1"]);
    assert_eq!(game.turn(), Turn::Seat(Seat(1)));
    assert_eq!(game.position().halfmoves(), 0);
    // So does a reveal: play 120 quiet plies from the start with generals only.
    let mut game = Jieqi::new(&JieqiOptions::default(), 2).unwrap();
    play_all(&mut game, &["b0c2"]);
    game.apply(Actor::Chance, Action::Reveal(Kind::Horse))
        .unwrap();
    assert_eq!(game.position().halfmoves(), 0);
}

#[test]
fn illegal_actions_are_refused_without_change() {
    let mut game = Jieqi::new(&JieqiOptions::default(), 2).unwrap();
    let before = json(&game);
    let attempts = [
        (RED, Action::Move(mv("a0a5"))),
        (RED, Action::Move(mv("d0c1"))),
        (RED, Action::Move(mv("e9e8"))),
        (RED, Action::Move(mv("e5e6"))),
        (RED, Action::Reveal(Kind::Chariot)),
        (BLACK, Action::Move(mv("e9e8"))),
        (Actor::Chance, Action::Reveal(Kind::Horse)),
        (Actor::Chance, Action::Move(mv("e0e1"))),
        (Actor::Seat(Seat(5)), Action::Move(mv("e0e1"))),
    ];
    for (actor, action) in attempts {
        let err = game.apply(actor, action).expect_err("refused");
        assert_eq!(*err.action(), action);
        assert_eq!(json(&game), before);
    }
    game.apply(RED, Action::Move(mv("e0e1"))).unwrap();
    let mut actions = Vec::new();
    game.legal_actions(RED, &mut actions);
    assert!(actions.is_empty());
    assert_eq!(SeatSet::all(2).len(), 2);
}

#[test]
fn views_list_the_legal_moves_of_their_seat() {
    let mut game = Jieqi::new(&JieqiOptions::default(), 2).unwrap();
    let view = game.observe(Seat(0));
    assert_eq!(
        view.legal_moves().len(),
        game.position().legal_moves().len()
    );
    assert_eq!(view.legal_moves_from(sq("b0")).len(), 2);
    assert!(game.observe(Seat(1)).legal_moves().is_empty());
    assert_eq!(view.piece_at(sq("e0")).unwrap().kind, Some(Kind::General));
    assert_eq!(view.piece_at(sq("a0")).unwrap().kind, None);
    assert!(view.piece_at(sq("e4")).is_none());
    game.apply(RED, Action::Move(mv("b2e2"))).unwrap();
    game.apply(Actor::Chance, Action::Reveal(Kind::Cannon))
        .unwrap();
    let view = game.observe(Seat(1));
    assert_eq!(view.last_move, Some(mv("b2e2")));
    assert_eq!(view.last_reveal, Some(Kind::Cannon));
    assert!(!view.is_check());
    let mut g2 = Jieqi::from_fen("3k5/9/9/9/9/9/9/9/9/4RK3 w - 0 1").unwrap();
    g2.apply(RED, Action::Move(mv("e0d0"))).unwrap();
    assert!(g2.is_check());
    assert!(g2.observe(Seat(1)).is_check());
}
