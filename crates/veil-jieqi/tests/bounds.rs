//! Issue 33: every text Jieqi reads (FEN, ICCS and record moves, actions,
//! squares, kinds) is refused past its size bound before it is read, with
//! an error that says so and hands back only its start; one at the bound
//! reads. A fuzz run at and around the bounds: never a panic, and what
//! reads plays on and writes back.
use veil_core::fuzz;
use veil_core::limits::{MAX_MOVE_BYTES, MAX_POSITION_BYTES};
use veil_core::{Actor, Game, GameRng, ParseError, SeedableRng, Turn};
use veil_jieqi::{Action, Jieqi, JieqiOptions, Kind, Move, Position, Square, parse_record_move};

const SAMPLE: &str =
    "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2 0 1";
const XIANGQI: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Asserts `e` refuses a text of `len` bytes for its length, handing back
/// only its start.
fn too_long(e: &ParseError, len: usize, max: usize) {
    assert_eq!(
        e.reason,
        veil_core::limits::too_long(len, max),
        "{e} for {len} bytes"
    );
    assert!(e.input.chars().count() <= 33, "{e}");
}

#[test]
fn fens_past_their_bound_are_refused_and_at_it_read() {
    let at = format!("{SAMPLE:<width$}", width = MAX_POSITION_BYTES);
    assert_eq!(at.len(), MAX_POSITION_BYTES);
    assert_eq!(Position::from_fen(&at).unwrap(), Position::jieqi_start());
    assert_eq!(Jieqi::from_fen(&at).unwrap().to_fen(), SAMPLE);
    let past = format!("{at} ");
    let e = Position::from_fen(&past).unwrap_err();
    too_long(&e, 513, MAX_POSITION_BYTES);
    assert_eq!(
        e.to_string(),
        "invalid FEN \"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/…\": too long: 513 bytes (at most 512)"
    );
    assert_eq!(Jieqi::from_fen(&past).unwrap_err(), e);
    assert_eq!(past.parse::<Position>().unwrap_err(), e);
    // In a save too: the Deserialize of a Position reads the same way.
    let json = format!(r#"{{"fen":"{past}","rules":"Jieqi"}}"#);
    let e = serde_json::from_str::<Position>(&json).unwrap_err();
    assert!(e.to_string().contains("too long: 513 bytes"), "{e}");

    // 10 000 digits in a counter, a pool count or a rank: refused by the
    // bound; within it, by the field.
    let board = SAMPLE.split(' ').next().unwrap();
    let digits = "9".repeat(10_000);
    for fen in [
        format!("{board} w R2A2C2P5N2B2r2a2c2p5n2b2 {digits} 1"),
        format!("{board} w R{digits} 0 1"),
        format!("{digits}/9/9/9/9/9/9/9/9/4K4 w"),
        format!("{board} w {}", "-".repeat(10_000)),
    ] {
        too_long(
            &Position::from_fen(&fen).unwrap_err(),
            fen.len(),
            MAX_POSITION_BYTES,
        );
    }
    let counter = format!("{board} w R2A2C2P5N2B2r2a2c2p5n2b2 {} 1", "9".repeat(300));
    assert!(counter.len() <= MAX_POSITION_BYTES);
    let e = Position::from_fen(&counter).unwrap_err();
    assert!(e.reason.contains("too large"), "{e}");
    let pool = format!("{board} w R{} 0 1", "9".repeat(300));
    let e = Position::from_fen(&pool).unwrap_err();
    assert!(e.reason.contains("only"), "{e}");
    let rank = format!("{}/9/9/9/9/9/9/9/9/4K4 w", "1".repeat(300));
    let e = Position::from_fen(&rank).unwrap_err();
    assert!(e.reason.contains("longer than 9 points"), "{e}");
}

#[test]
fn moves_past_their_bound_are_refused_and_at_it_read() {
    // Dashes are read between squares: `h2` and `e2` with 28 between.
    let at = format!("h2{}e2", "-".repeat(MAX_MOVE_BYTES - 4));
    assert_eq!(at.len(), MAX_MOVE_BYTES);
    let m: Move = "h2e2".parse().unwrap();
    assert_eq!(at.parse::<Move>().unwrap(), m);
    assert_eq!(parse_record_move(&at).unwrap(), (m, None));
    assert_eq!(at.parse::<Action>().unwrap(), Action::Move(m));
    let past = format!("h2-{at}");
    for e in [
        past.parse::<Move>().unwrap_err(),
        parse_record_move(&past).unwrap_err(),
        past.parse::<Action>().unwrap_err(),
        past.parse::<Square>().unwrap_err(),
        past.parse::<Kind>().unwrap_err(),
    ] {
        too_long(&e, past.len(), MAX_MOVE_BYTES);
    }
    assert_eq!(
        parse_record_move(&past).unwrap_err().to_string(),
        "invalid ICCS move \"h2-h2---------------------------…\": too long: 35 bytes (at most 32)"
    );
    // A record move on a game: refused, the game unchanged.
    let mut rng = GameRng::seed_from_u64(1);
    let mut game = Jieqi::new(&JieqiOptions::default(), 2).unwrap();
    let before = game.clone();
    let huge = format!("b0c2{}", "n".repeat(1 << 20));
    too_long(
        &game.apply_record(&huge, &mut rng).unwrap_err(),
        huge.len(),
        MAX_MOVE_BYTES,
    );
    assert_eq!(game, before);
    let long = format!("b0{}c2n", "-".repeat(MAX_MOVE_BYTES - 5));
    game.apply_record(&long, &mut rng).unwrap();
    assert_eq!(game.last_reveal(), Some(Kind::Horse));
}

/// 12 000 inputs at and around the bounds, and mutations of good ones:
/// never a panic; a text past its bound is refused for its length; a FEN
/// that reads plays on, writes back within the bound and reads back the
/// same; a record move that reads either plays or is refused with the game
/// unchanged.
#[test]
fn fuzz_at_the_bounds() {
    fuzz::watchdog(|| {
        let mut rng = GameRng::seed_from_u64(33);
        let alphabet: Vec<char> = "kabnrcpxKABNRCPXhe0123456789/ -wbr(".chars().collect();
        let fens = [
            SAMPLE,
            XIANGQI,
            "3k5/R8/9/9/9/9/9/9/9/4K4 b - 0 1",
            "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w",
        ];
        let moves = ["h2e2", "H2-E2", "b0c2n", "h7h0", "n", "chariot", "e0"];
        let start = Jieqi::new(&JieqiOptions::default(), 2).unwrap();
        let (mut fens_read, mut moves_read) = (0, 0);
        for i in 0..12_000 {
            let fen_seed = fens[i % fens.len()];
            let move_seed = moves[i % moves.len()];
            let text = match i % 4 {
                0 => fuzz::around_bound(&mut rng, fen_seed, MAX_POSITION_BYTES, &alphabet),
                1 => fuzz::around_bound(&mut rng, move_seed, MAX_MOVE_BYTES, &alphabet),
                2 => fuzz::mutate(&mut rng, fen_seed, &alphabet),
                _ => fuzz::mutate(&mut rng, move_seed, &alphabet),
            };
            match Position::from_fen(&text) {
                Ok(pos) => {
                    fens_read += 1;
                    let fen = pos.to_fen();
                    assert!(fen.len() <= MAX_POSITION_BYTES, "{fen}");
                    let back = Position::from_fen_with_rules(&fen, pos.rules()).unwrap();
                    assert_eq!(back, pos, "{text}");
                    let _ = pos.legal_moves();
                }
                Err(e) if text.len() > MAX_POSITION_BYTES => {
                    too_long(&e, text.len(), MAX_POSITION_BYTES)
                }
                Err(_) => {}
            }
            if let Ok(game) = Jieqi::from_fen(&text) {
                // Played on, written and read back.
                fuzz::exercise(&game, &mut rng, 6, Jieqi::arbitrary_action);
            }
            let reads = [
                text.parse::<Move>().map(|_| ()),
                text.parse::<Action>().map(|_| ()),
                text.parse::<Square>().map(|_| ()),
                text.parse::<Kind>().map(|_| ()),
                parse_record_move(&text).map(|_| ()),
            ];
            if text.len() > MAX_MOVE_BYTES {
                for read in reads {
                    too_long(&read.unwrap_err(), text.len(), MAX_MOVE_BYTES);
                }
            }
            let mut game = start.clone();
            match game.apply_record(&text, &mut rng) {
                Ok(()) => {
                    moves_read += 1;
                    assert_ne!(game.turn(), Turn::Chance, "{text}: chance left to act");
                    fuzz::exercise(&game, &mut rng, 6, Jieqi::arbitrary_action);
                }
                Err(e) => {
                    assert_eq!(game, start, "{text}: refused but played");
                    if text.len() > MAX_MOVE_BYTES {
                        too_long(&e, text.len(), MAX_MOVE_BYTES);
                    }
                }
            }
        }
        assert!(fens_read > 300, "{fens_read}");
        assert!(moves_read > 100, "{moves_read}");
        // The game a legal record move leads to has moves of its own.
        let mut game = start.clone();
        game.apply_record("h2e2", &mut rng).unwrap();
        let mut legal = Vec::new();
        game.legal_actions(Actor::Seat(veil_core::Seat(1)), &mut legal);
        assert!(!legal.is_empty());
    });
}
