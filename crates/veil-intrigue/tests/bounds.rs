//! Issue 33: Intrigue's FENs and actions are refused past their size bounds
//! before they are read, with an error that says so and hands back only
//! their start; at the bound they read. A fuzz run at and around the
//! bounds: never a panic, and what reads plays on and writes back.
use veil_chess::Square;
use veil_core::fuzz;
use veil_core::limits::{MAX_MOVE_BYTES, MAX_POSITION_BYTES};
use veil_core::{Actor, Game, GameRng, ParseError, Seat, SeedableRng};
use veil_intrigue::{Action, Intrigue, IntrigueOptions};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const HIDDEN: &str = "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1";

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

/// A game after both secret setups.
fn after_setup() -> Intrigue {
    let mut g = Intrigue::new(&IntrigueOptions::default(), 2).unwrap();
    for (seat, hiding) in [(0, 28), (1, 40)] {
        let setup = Action::Setup {
            hiding: Square(hiding),
            informant: 2,
        };
        g.apply(Actor::Seat(Seat(seat)), setup).unwrap();
    }
    g
}

#[test]
fn fens_past_their_bound_are_refused_and_at_it_read() {
    let options = IntrigueOptions::default();
    let at = format!("{START:<width$}", width = MAX_POSITION_BYTES);
    assert_eq!(at.len(), MAX_POSITION_BYTES);
    let game = Intrigue::from_fen(&at, options).unwrap();
    assert_eq!(game.position().to_fen(), START);
    let past = format!("{at} ");
    let e = Intrigue::from_fen(&past, options).unwrap_err();
    too_long(&e, 513, MAX_POSITION_BYTES);
    assert_eq!(
        e.to_string(),
        "invalid Intrigue FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPP…\": too long: 513 bytes (at most 512)"
    );
    let hidden = [Some((Square(4), None)), Some((Square(60), None))];
    let digits = "9".repeat(10_000);
    for fen in [
        format!("{START} {digits}"),
        HIDDEN.replace(" 0 1", &format!(" {digits} 1")),
        HIDDEN.replace("/8/", &format!("/{digits}/")),
    ] {
        too_long(
            &Intrigue::from_fen_hidden(&fen, options, hidden).unwrap_err(),
            fen.len(),
            MAX_POSITION_BYTES,
        );
    }
    let counter = HIDDEN.replace(" 0 1", &format!(" {} 1", "9".repeat(400)));
    let e = Intrigue::from_fen_hidden(&counter, options, hidden).unwrap_err();
    assert!(e.reason.contains("halfmove"), "{e}");
}

#[test]
fn actions_past_their_bound_are_refused_and_at_it_read() {
    let game = after_setup();
    let e4 = game.parse_action("e4").unwrap();
    for at in [
        format!("e4{}", "!".repeat(MAX_MOVE_BYTES - 2)),
        format!("{:^width$}", "e2e4", width = MAX_MOVE_BYTES),
    ] {
        assert_eq!(at.len(), MAX_MOVE_BYTES);
        assert_eq!(game.parse_action(&at).unwrap(), e4);
        let past = format!("{at}!");
        too_long(
            &game.parse_action(&past).unwrap_err(),
            past.len(),
            MAX_MOVE_BYTES,
        );
    }
    let at = format!("{:^width$}", "reveal", width = MAX_MOVE_BYTES);
    assert_eq!(game.parse_action(&at).unwrap(), Action::Reveal);
    // `K@` followed by a megabyte was read as a reveal: it is refused now.
    let huge = format!("K@{}", "e4".repeat(1 << 19));
    let e = game.parse_action(&huge).unwrap_err();
    too_long(&e, huge.len(), MAX_MOVE_BYTES);
    assert_eq!(
        e.to_string(),
        "invalid Intrigue action \"K@e4e4e4e4e4e4e4e4e4e4e4e4e4e4e4…\": \
         too long: 1 048 578 bytes (at most 32)"
    );
}

/// 12 000 inputs at and around the bounds and mutations of good texts:
/// never a panic; a text past its bound is refused for its length; a FEN
/// that reads plays on and its position writes back and reads back the
/// same; an action that reads is legal or refused by the game.
#[test]
fn fuzz_at_the_bounds() {
    fuzz::watchdog(|| {
        let mut rng = GameRng::seed_from_u64(33);
        let alphabet: Vec<char> = "KQRBNPkqrbnpabcdefgh12345678x+#=O-@/ 0w".chars().collect();
        let fens = [
            START,
            HIDDEN,
            "8/8/8/3p4/1P2P3/8/8/8 w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        ];
        let actions = [
            "e4", "exd5", "Nf3", "O-O", "e2e4", "e7e8q", "K@", "reveal", "retire",
        ];
        let options = IntrigueOptions::default();
        let game = after_setup();
        let (mut fens_read, mut actions_read) = (0, 0);
        for i in 0..12_000 {
            let text = match i % 4 {
                0 => fuzz::around_bound(
                    &mut rng,
                    fens[i % fens.len()],
                    MAX_POSITION_BYTES,
                    &alphabet,
                ),
                1 => fuzz::around_bound(
                    &mut rng,
                    actions[i % actions.len()],
                    MAX_MOVE_BYTES,
                    &alphabet,
                ),
                2 => fuzz::mutate(&mut rng, fens[i % fens.len()], &alphabet),
                _ => fuzz::mutate(&mut rng, actions[i % actions.len()], &alphabet),
            };
            let hidden = [
                [None, None],
                [
                    Some((Square(4), Some(Square(11)))),
                    Some((Square(60), None)),
                ],
            ][i % 2];
            match Intrigue::from_fen_hidden(&text, options, hidden) {
                Ok(g) => {
                    fens_read += 1;
                    let fen = g.position().to_fen();
                    assert!(fen.len() <= MAX_POSITION_BYTES, "{fen}");
                    let back = Intrigue::from_fen_hidden(&fen, options, hidden)
                        .unwrap_or_else(|e| panic!("{text}: {e}"));
                    assert_eq!(back.position(), g.position(), "{text}");
                    fuzz::exercise(&g, &mut rng, 6, Intrigue::arbitrary_action);
                }
                Err(e) if text.len() > MAX_POSITION_BYTES => {
                    too_long(&e, text.len(), MAX_POSITION_BYTES)
                }
                Err(_) => {}
            }
            match game.parse_action(&text) {
                Ok(action) => {
                    actions_read += 1;
                    let mut g = game.clone();
                    if g.apply(Actor::Seat(Seat(0)), action).is_ok() {
                        fuzz::exercise(&g, &mut rng, 4, Intrigue::arbitrary_action);
                    } else {
                        assert_eq!(g, game, "{text}: refused but played");
                    }
                }
                Err(e) if text.len() > MAX_MOVE_BYTES => too_long(&e, text.len(), MAX_MOVE_BYTES),
                Err(_) => {}
            }
        }
        assert!(fens_read > 300, "{fens_read}");
        assert!(actions_read > 300, "{actions_read}");
    });
}
