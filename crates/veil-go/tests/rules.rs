//! Go's rules on hand-made positions: captures, suicide, ko, superko and
//! counting.
use veil_core::{GameRng, SeedableRng};
use veil_go::{Board, Color, Illegal, Move, Point, Position, Rules, propose_dead, score};

fn p(text: &str, size: u8) -> Point {
    Point::parse(text, size).unwrap()
}

#[test]
fn a_surrounded_stone_is_captured() {
    let board = Board::from_rows(&[
        ".....", //
        ".X...", //
        "XOX..", //
        ".....", //
        ".....",
    ])
    .unwrap();
    let mut pos = Position::from_board(board, Color::Black);
    let played = pos.play(Color::Black, Move::Play(p("B2", 5))).unwrap();
    assert_eq!(played.captured, 1);
    assert_eq!(pos.board().get(p("B3", 5)), None);
    assert_eq!(pos.board().captures(), [1, 0]);
    // The point is empty again: Black may fill it, White may not (suicide).
    assert!(pos.board().is_legal(Color::Black, p("B3", 5)));
    assert!(!pos.board().is_legal(Color::White, p("B3", 5)));
}

#[test]
fn a_chain_is_captured_whole_and_its_neighbours_regain_liberties() {
    let board = Board::from_rows(&[
        ".....", //
        "XX...", //
        "OO...", //
        "XX...", //
        ".....",
    ])
    .unwrap();
    assert_eq!(board.liberties(p("A3", 5)), 1);
    assert_eq!(board.liberties(p("A4", 5)), 3);
    let mut pos = Position::from_board(board, Color::Black);
    assert_eq!(
        pos.play(Color::Black, Move::Play(p("C3", 5)))
            .unwrap()
            .captured,
        2
    );
    assert_eq!(pos.board().liberties(p("A4", 5)), 5);
    assert_eq!(pos.board().liberties(p("A2", 5)), 5);
    assert_eq!(
        pos.check(Color::White, Move::Play(p("C3", 5))),
        Err(Illegal::Occupied)
    );
    assert_eq!(
        pos.check(Color::White, Move::Play(Point::new(5, 0))),
        Err(Illegal::OffBoard)
    );
}

#[test]
fn suicide_is_illegal_but_a_capturing_fill_is_not() {
    let board = Board::from_rows(&[
        ".XO..", //
        "XO...", //
        ".....", //
        ".....", //
        ".....",
    ])
    .unwrap();
    let pos = Position::from_board(board, Color::White);
    // White A5 captures B5 (its last liberty): legal.
    assert_eq!(pos.check(Color::White, Move::Play(p("A5", 5))), Ok(()));
    let board = Board::from_rows(&[
        ".X...", //
        "X....", //
        ".....", //
        ".....", //
        ".....",
    ])
    .unwrap();
    let pos = Position::from_board(board, Color::White);
    assert_eq!(
        pos.check(Color::White, Move::Play(p("A5", 5))),
        Err(Illegal::Suicide)
    );
    // Black may fill its own eye.
    assert_eq!(pos.check(Color::Black, Move::Play(p("A5", 5))), Ok(()));
    // A multi-stone suicide.
    let board = Board::from_rows(&[
        "O.X..", //
        "XX...", //
        ".....", //
        ".....", //
        ".....",
    ])
    .unwrap();
    let pos = Position::from_board(board, Color::White);
    assert_eq!(
        pos.check(Color::White, Move::Play(p("B5", 5))),
        Err(Illegal::Suicide)
    );
}

#[test]
fn a_ko_cannot_be_retaken_at_once() {
    let board = Board::from_rows(&[
        ".XO..", //
        "XO.O.", //
        ".XO..", //
        ".....", //
        ".....",
    ])
    .unwrap();
    let mut pos = Position::from_board(board, Color::Black);
    assert_eq!(
        pos.play(Color::Black, Move::Play(p("C4", 5)))
            .unwrap()
            .captured,
        1
    );
    assert_eq!(pos.board().ko_point(), Some(p("B4", 5)));
    assert_eq!(
        pos.check(Color::White, Move::Play(p("B4", 5))),
        Err(Illegal::Ko)
    );
    pos.play(Color::White, Move::Play(p("E1", 5))).unwrap();
    pos.play(Color::Black, Move::Play(p("E2", 5))).unwrap();
    assert_eq!(pos.check(Color::White, Move::Play(p("B4", 5))), Ok(()));
    // Undo takes the moves back one by one.
    assert!(pos.undo());
    assert!(pos.undo());
    assert!(pos.undo());
    assert_eq!(pos.board().get(p("B4", 5)), Some(Color::White));
    assert!(!pos.undo());
}

#[test]
fn a_triple_ko_cycle_is_stopped_by_superko() {
    let board = Board::from_rows(&[
        ".XO...OX.", //
        "XO.O.OX.X", //
        ".XO...OX.", //
        ".........", //
        ".XO......", //
        "XO.O.....", //
        ".XO......", //
        ".........", //
        ".........",
    ])
    .unwrap();
    let mut pos = Position::from_board(board, Color::Black);
    let start = pos.board().hash();
    for (color, at) in [
        (Color::Black, "C8"), // takes ko 1
        (Color::White, "H8"), // takes ko 2
        (Color::Black, "C4"), // takes ko 3
        (Color::White, "B8"), // retakes ko 1
        (Color::Black, "G8"), // retakes ko 2
    ] {
        let played = pos.play(color, Move::Play(p(at, 9))).unwrap();
        assert_eq!(played.captured, 1, "{at} takes a ko");
    }
    // Retaking ko 3 would bring back the starting position: the simple ko
    // rule allows it, positional superko does not.
    let retake = p("B4", 9);
    assert!(pos.board().is_legal(Color::White, retake));
    assert_eq!(pos.board().hash_after(Color::White, retake), start);
    assert_eq!(
        pos.check(Color::White, Move::Play(retake)),
        Err(Illegal::Superko)
    );
    assert!(!pos.legal_points(Color::White).contains(&retake));
}

#[test]
fn sending_two_returning_one_is_stopped_by_superko() {
    let board = Board::from_rows(&[
        ".X.O.", //
        "XOO..", //
        ".....", //
        ".....", //
        ".....",
    ])
    .unwrap();
    let mut pos = Position::from_board(board, Color::Black);
    // Black sends two: C5 puts B5-C5 in atari.
    assert_eq!(
        pos.play(Color::Black, Move::Play(p("C5", 5)))
            .unwrap()
            .captured,
        0
    );
    // White takes two at A5.
    assert_eq!(
        pos.play(Color::White, Move::Play(p("A5", 5)))
            .unwrap()
            .captured,
        2
    );
    assert_eq!(pos.board().ko_point(), None);
    // Black would return one at B5, recreating the position of the start.
    assert!(pos.board().is_legal(Color::Black, p("B5", 5)));
    assert_eq!(
        pos.check(Color::Black, Move::Play(p("B5", 5))),
        Err(Illegal::Superko)
    );
}

#[test]
fn counting_with_a_dead_stone() {
    let board = Board::from_rows(&[
        "..XO.", //
        ".OXO.", //
        "..XO.", //
        "..XO.", //
        "..XO.",
    ])
    .unwrap();
    let dead = vec![p("B4", 5)];
    let japanese = score(&board, &dead, Rules::Territory, 6.5, [0, 0]);
    assert_eq!(japanese.territory, [10, 5]);
    assert_eq!(japanese.prisoners, [1, 0]);
    assert_eq!(japanese.black, 11.0);
    assert_eq!(japanese.white, 11.5);
    assert_eq!(japanese.to_string(), "W+0.5");
    let chinese = score(&board, &dead, Rules::Area, 7.5, [0, 0]);
    assert_eq!((chinese.black, chinese.white), (15.0, 17.5));
    // Not marked dead, the stone spoils Black's territory.
    let alive = score(&board, &[], Rules::Territory, 6.5, [0, 0]);
    assert_eq!(alive.territory, [0, 5]);
    // The penalty of Rengo: three prisoners.
    let penalty = score(&board, &dead, Rules::Territory, 6.5, [3, 0]);
    assert_eq!(penalty.to_string(), "B+2.5");
    // The engine's proposal finds the dead stone and nothing else.
    let mut rng = GameRng::seed_from_u64(1);
    assert_eq!(propose_dead(&board, Color::Black, 200, &mut rng), dead);
}

#[test]
fn counting_a_seki() {
    let board = Board::from_rows(&[
        ".X.O.", //
        "XXOOO", //
        "OOXXX", //
        ".OX.X", //
        "OOXXX",
    ])
    .unwrap();
    // Territory scoring: the eyes of the chains in seki are no one's.
    let japanese = score(&board, &[], Rules::Territory, 0.0, [0, 0]);
    assert_eq!(japanese.territory, [1, 1]);
    assert_eq!(japanese.owner[4 * 5], None, "A5 is a seki eye");
    assert_eq!(japanese.to_string(), "0");
    // Area scoring: every stone and eye counts; the shared liberty does not.
    let chinese = score(&board, &[], Rules::Area, 0.0, [0, 0]);
    assert_eq!(chinese.stones, [11, 9]);
    assert_eq!((chinese.black, chinese.white), (13.0, 11.0));
}

#[test]
fn handicap_points_are_the_usual_ones() {
    let pos = Position::new(9, 2).unwrap();
    assert_eq!(pos.to_move(), Color::White);
    assert_eq!(pos.board().get(p("G7", 9)), Some(Color::Black));
    assert_eq!(pos.board().get(p("C3", 9)), Some(Color::Black));
    assert_eq!(Position::new(19, 9).unwrap().handicap().len(), 9);
    assert!(Position::new(9, 1).is_err());
    assert!(Position::new(9, 10).is_err());
}
