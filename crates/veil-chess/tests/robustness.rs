//! Fuzz tests: every parser (FEN, SAN, UCI) and every `Deserialize`
//! (positions, games, rules, moves) meets random bytes, random notation,
//! mutations of good input and texts at and past the size bounds; an error
//! or a usable value, never a panic.
use veil_chess::fen::{SECRET_KING_START, STANDARD_START};
use veil_chess::{
    Chess, Chess10, FenErrorKind, Game, Geometry, Move, NotationErrorKind, Position, Rules,
};
use veil_core::fuzz;
use veil_core::limits::{MAX_MOVE_BYTES, MAX_POSITION_BYTES};
use veil_core::{GameRng, RngExt, SeedableRng};

const NOTATION: &str = "KQRBNPkqrbnpabcdefghij1234567890x+#=O-/ wW";

/// Uses a position read from outside: its moves, notation and a few moves
/// played.
fn exercise<G: Geometry>(pos: &Position<G>, rng: &mut GameRng) {
    // Its FEN reads back as the same position.
    let fen = pos.to_fen();
    assert!(fen.len() <= MAX_POSITION_BYTES, "{fen}");
    if let Ok(back) = Position::<G>::from_fen_with(&fen, *pos.rules()) {
        assert_eq!(back, *pos, "{fen}");
    }
    let _ = (
        pos.is_check(),
        pos.outcome(),
        pos.is_insufficient_material(),
    );
    let mut pos = pos.clone();
    for _ in 0..4 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        assert_eq!(pos.parse_uci(&pos.uci(mv)).ok(), Some(mv));
        let _ = pos.san(mv);
        pos.play(mv).expect("a legal move plays");
    }
    // What was read and played on is written and reads back.
    let text = serde_json::to_string(&pos).unwrap();
    match serde_json::from_str::<Position<G>>(&text) {
        Ok(back) => assert_eq!(back, pos, "{text}"),
        Err(e) => panic!("{text} does not read back: {e}"),
    }
}

/// Random positions reached by random moves, as FENs.
fn positions<G: Geometry>(start: &str, rules: Rules, rng: &mut GameRng) -> Vec<Position<G>> {
    let mut out = Vec::new();
    for _ in 0..12 {
        let mut pos = Position::<G>::from_fen_with(start, rules).unwrap();
        for _ in 0..rng.random_range(0..60) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        out.push(pos);
    }
    out
}

#[test]
fn fuzz_fen_san_uci() {
    let count = fuzz::watchdog(|| {
        let mut rng = GameRng::seed_from_u64(15);
        let alphabet: Vec<char> = NOTATION.chars().collect();
        let eight = positions::<veil_chess::Grid8>(STANDARD_START, Rules::standard(), &mut rng);
        let ten =
            positions::<veil_chess::Grid10>(SECRET_KING_START, Rules::secret_king(), &mut rng);
        let fens: Vec<String> = eight
            .iter()
            .map(|p| p.to_fen())
            .chain(ten.iter().map(|p| p.to_fen()))
            .collect();
        let moves = [
            "e4", "Nxf3+", "O-O-O", "e8=Q#", "e2e4", "a7a8q", "j9j10", "Kxe1",
        ];
        let mut inputs = 0;
        for i in 0..15_000 {
            let text = match i % 6 {
                0 => fuzz::random_bytes(&mut rng, 80),
                1 => fuzz::random_string(&mut rng, &alphabet, 80),
                2 => fuzz::mutate(&mut rng, &fens[i % fens.len()], &alphabet),
                3 => fuzz::mutate(&mut rng, moves[i % moves.len()], &alphabet),
                // At and past the bounds: a FEN's and a move's.
                4 => fuzz::around_bound(
                    &mut rng,
                    &fens[i % fens.len()],
                    MAX_POSITION_BYTES,
                    &alphabet,
                ),
                _ => {
                    fuzz::around_bound(&mut rng, moves[i % moves.len()], MAX_MOVE_BYTES, &alphabet)
                }
            };
            inputs += 1;
            for rules in [Rules::standard(), Rules::intrigue(), Rules::secret_king()] {
                for read in [
                    Chess::from_fen_with(&text, rules).map(|pos| exercise(&pos, &mut rng)),
                    Chess10::from_fen_with(&text, rules).map(|pos| exercise(&pos, &mut rng)),
                ] {
                    if text.len() > MAX_POSITION_BYTES {
                        let e = read.unwrap_err();
                        assert_eq!(e.kind, FenErrorKind::TooLong { len: text.len() });
                        assert!(e.input.chars().count() <= 33, "{e}");
                    }
                }
            }
            let size = veil_chess::fen::board_size(&text);
            assert!(size.is_none() || text.len() <= MAX_POSITION_BYTES);
            let pos = &eight[i % eight.len()];
            let pos10 = &ten[i % ten.len()];
            let san = pos.parse_san(&text);
            let uci = pos.parse_uci(&text);
            let reads = [san, uci, pos10.parse_san(&text), pos10.parse_uci(&text)];
            for mv in reads[..2].iter().flatten() {
                assert!(pos.is_legal(*mv), "{text} read as an illegal move");
            }
            for mv in reads[2..].iter().flatten() {
                assert!(pos10.is_legal(*mv), "{text} read as an illegal move");
            }
            if text.len() > MAX_MOVE_BYTES {
                for read in reads {
                    let e = read.unwrap_err();
                    assert_eq!(e.kind, NotationErrorKind::TooLong { len: text.len() });
                }
            }
        }
        inputs
    });
    assert!(count >= 10_000);
}

/// Issue 33: a FEN or a move past its bound is refused before it is read,
/// with an error that says so and hands back only the start of it; one at
/// the bound reads.
#[test]
fn fens_and_moves_past_their_bounds_are_refused() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    // Padded to the bound, it reads; one byte more, it is refused.
    let at = format!("{fen:<width$}", width = MAX_POSITION_BYTES);
    assert_eq!(at.len(), MAX_POSITION_BYTES);
    assert_eq!(Chess::from_fen(&at).unwrap(), Chess::default());
    assert_eq!(veil_chess::fen::board_size(&at), Some((8, 8)));
    let past = format!("{at} ");
    let e = Chess::from_fen(&past).unwrap_err();
    assert_eq!(e.kind, FenErrorKind::TooLong { len: 513 });
    assert_eq!(
        e.to_string(),
        "invalid FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPP…\": too long: 513 bytes (at most 512)"
    );
    assert_eq!(veil_chess::fen::board_size(&past), None);
    assert_eq!(
        veil_chess::fen::perft_fen(&past, 1).unwrap_err().kind,
        e.kind
    );
    // A 10 000-digit counter, rank or run of empty squares: refused
    // cleanly, by the bound or (within it) by the field.
    let digits = "9".repeat(10_000);
    for text in [
        format!("{fen} {digits}"),
        format!("8/8/8/8/8/8/8/K6k w - - {digits} 1"),
        format!("{digits}/8/8/8/8/8/8/K6k w - - 0 1"),
        format!("8/8/8/8/8/8/8/K6k w - - 0 1{}", "/".repeat(10_000)),
    ] {
        let e = Chess10::from_fen(&text).unwrap_err();
        assert_eq!(e.kind, FenErrorKind::TooLong { len: text.len() }, "{e}");
        assert!(e.input.len() < 40);
    }
    let long_counter = format!("8/8/8/8/8/8/8/K6k w - - {} 1", "9".repeat(400));
    assert!(long_counter.len() <= MAX_POSITION_BYTES);
    assert_eq!(
        Chess::from_fen(&long_counter).unwrap_err().kind,
        FenErrorKind::Halfmoves
    );
    let long_rank = format!("{}/8/8/8/8/8/8/K6k w - - 0 1", "1".repeat(400));
    assert_eq!(
        Chess::from_fen(&long_rank).unwrap_err().kind,
        FenErrorKind::Board
    );

    // A move: SAN with its annotation marks up to the bound reads.
    let pos = Chess::default();
    let san = format!("e4{}", "!".repeat(MAX_MOVE_BYTES - 2));
    assert_eq!(pos.parse_san(&san).unwrap(), pos.parse_san("e4").unwrap());
    let past = format!("{san}?");
    let e = pos.parse_san(&past).unwrap_err();
    assert_eq!(e.kind, NotationErrorKind::TooLong { len: 33 });
    assert_eq!(
        e.to_string(),
        format!(
            "not a move: \"e4{}…\" is too long: 33 bytes (at most 32)",
            "!".repeat(30)
        )
    );
    let e = pos
        .parse_uci(&format!("e2e4{}", "4".repeat(10_000)))
        .unwrap_err();
    assert_eq!(e.kind, NotationErrorKind::TooLong { len: 10_004 });
}

#[test]
fn fuzz_serde_positions_games_rules_moves() {
    let accepted = fuzz::watchdog(|| {
        let mut rng = GameRng::seed_from_u64(16);
        let eight = positions::<veil_chess::Grid8>(STANDARD_START, Rules::intrigue(), &mut rng);
        let ten =
            positions::<veil_chess::Grid10>(SECRET_KING_START, Rules::secret_king(), &mut rng);
        let mut samples: Vec<String> = Vec::new();
        for pos in &eight {
            samples.push(serde_json::to_string(pos).unwrap());
        }
        for pos in &ten {
            samples.push(serde_json::to_string(pos).unwrap());
        }
        let mut game = Game::new(Chess::default());
        for _ in 0..20 {
            let moves = game.position().legal_moves();
            game.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        samples.push(serde_json::to_string(&game).unwrap());
        samples.push(serde_json::to_string(&Rules::secret_king()).unwrap());
        samples.push(
            serde_json::to_string(&Move::normal(
                veil_chess::Square(12),
                veil_chess::Square(28),
            ))
            .unwrap(),
        );
        let mut accepted = 0;
        for i in 0..12_000 {
            let text = fuzz::mutate_json(&mut rng, &samples[i % samples.len()]);
            if let Ok(pos) = serde_json::from_str::<Chess>(&text) {
                accepted += 1;
                exercise(&pos, &mut rng);
            }
            if let Ok(pos) = serde_json::from_str::<Chess10>(&text) {
                accepted += 1;
                exercise(&pos, &mut rng);
            }
            if let Ok(game) = serde_json::from_str::<Game>(&text) {
                accepted += 1;
                let _ = (game.termination(), game.to_pgn("Standard", &[]));
                exercise(game.position(), &mut rng);
            }
            if let Ok(rules) = serde_json::from_str::<Rules>(&text) {
                accepted += 1;
                // Any rules a position is read with must play.
                for fen in [STANDARD_START, "8/8/8/3p4/1P2P3/8/8/8 w - - 0 1"] {
                    if let Ok(pos) = Chess::from_fen_with(fen, rules) {
                        exercise(&pos, &mut rng);
                    }
                }
                if let Ok(pos) = Chess10::from_fen_with(SECRET_KING_START, rules) {
                    exercise(&pos, &mut rng);
                }
            }
            if let Ok(mv) = serde_json::from_str::<Move>(&text) {
                accepted += 1;
                let pos = &eight[i % eight.len()];
                let mut copy = pos.clone();
                let legal = pos.is_legal(mv);
                assert_eq!(copy.play(mv).is_ok(), legal);
            }
        }
        accepted
    });
    assert!(accepted > 500, "{accepted}");
}

/// Issue 33, defect 6: a FEN with a halfmove clock or fullmove number of
/// 999999 (six digits, the most read) played on to 1000000, whose FEN no
/// longer read. The counters stop at `MAX_COUNTER`: played on, written and
/// read back, they stay there.
#[test]
fn counters_at_their_limit_play_on_and_read_back() {
    let mut rng = GameRng::seed_from_u64(33);
    for (fen, rules) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 999999 999999",
            Rules::standard(),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 999998 999999",
            Rules::intrigue(),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 999999",
            Rules::standard(),
        ),
    ] {
        let start = Chess::from_fen_with(fen, rules).unwrap();
        for _ in 0..20 {
            let mut pos = start.clone();
            for _ in 0..8 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[rng.random_range(0..moves.len())]).unwrap();
                assert!(pos.fullmoves() <= veil_chess::MAX_COUNTER);
                assert!(pos.halfmoves() <= veil_chess::MAX_COUNTER);
                let back = Chess::from_fen_with(&pos.to_fen(), rules)
                    .unwrap_or_else(|e| panic!("{fen} played on to {}: {e}", pos.to_fen()));
                assert_eq!(back, pos);
            }
        }
    }
    // Seven digits are refused, with the field named.
    let e = Chess::from_fen("8/8/8/8/8/8/8/K6k w - - 0 1000000").unwrap_err();
    assert!(e.to_string().contains("fullmove"), "{e}");
}
