//! Issue 33: Secret King's FENs, moves and actions are refused past their
//! size bounds before they are read, with an error that says so and hands
//! back only their start; at the bound they read. A fuzz run at and around
//! the bounds: never a panic, and what reads plays on and writes back.
use veil_chess::fen::SECRET_KING_START;
use veil_core::fuzz;
use veil_core::limits::{MAX_MOVE_BYTES, MAX_POSITION_BYTES};
use veil_core::{Actor, Game, GameRng, ParseError, RngExt, Seat, SeedableRng};
use veil_secret_king::{Action, SecretKing, square};

/// Asserts `reason` and `input` refuse a text of `len` bytes for its
/// length, handing back only its start.
fn too_long(reason: &str, input: &str, len: usize, max: usize) {
    assert_eq!(
        reason,
        veil_core::limits::too_long(len, max),
        "{input} for {len} bytes"
    );
    assert!(input.chars().count() <= 33, "{input}");
}

fn too_long_parse(e: &ParseError, len: usize, max: usize) {
    too_long(&e.reason, &e.input, len, max);
}

/// A game after both secret choices, and some positions played from it.
fn games(rng: &mut GameRng) -> Vec<SecretKing> {
    let mut game = SecretKing::new(&Default::default(), 2).unwrap();
    let mut out = Vec::new();
    for seat in [Seat(0), Seat(1)] {
        game.legal_actions(Actor::Seat(seat), &mut out);
        game.apply(Actor::Seat(seat), out[1]).unwrap();
    }
    let mut games = vec![game.clone()];
    for _ in 0..30 {
        let seat = Seat(game.position().turn() as u8);
        game.legal_actions(Actor::Seat(seat), &mut out);
        if out.is_empty() {
            break;
        }
        game.apply(Actor::Seat(seat), out[rng.random_range(0..out.len())])
            .unwrap();
        games.push(game.clone());
    }
    games
}

#[test]
fn fens_past_their_bound_are_refused_and_at_it_read() {
    let at = format!("{SECRET_KING_START:<width$}", width = MAX_POSITION_BYTES);
    assert_eq!(at.len(), MAX_POSITION_BYTES);
    let game = SecretKing::from_fen(&at, [None, None]).unwrap();
    assert_eq!(game.position().to_fen(), SECRET_KING_START);
    let past = format!("{at} ");
    let e = SecretKing::from_fen(&past, [None, None]).unwrap_err();
    too_long(&e.reason, &e.input, 513, MAX_POSITION_BYTES);
    assert_eq!(
        e.to_string(),
        "cannot start Secret King from \"rnbqnnqbnr/nrbnnnnbrn/pppppppppp…\": \
         too long: 513 bytes (at most 512)"
    );
    let digits = "9".repeat(10_000);
    for fen in [
        format!("{SECRET_KING_START} {digits}"),
        SECRET_KING_START.replace("/10/", &format!("/{digits}/")),
        SECRET_KING_START.replace(" w ", &format!(" {} ", "w".repeat(10_000))),
    ] {
        let e = SecretKing::from_fen(&fen, [Some(square("b1")), None]).unwrap_err();
        too_long(&e.reason, &e.input, fen.len(), MAX_POSITION_BYTES);
    }
    let counter = SECRET_KING_START.replace(" 0 1", &format!(" {} 1", "9".repeat(400)));
    let e = SecretKing::from_fen(&counter, [None, None]).unwrap_err();
    assert!(e.reason.contains("halfmove"), "{e}");
}

#[test]
fn moves_past_their_bound_are_refused_and_at_it_read() {
    let mut rng = GameRng::seed_from_u64(1);
    let game = games(&mut rng).remove(0);
    let e3e5 = game.parse_move("e3e5").unwrap();
    for at in [
        format!("{:^width$}", "e3e5", width = MAX_MOVE_BYTES),
        format!("e5{}", "!".repeat(MAX_MOVE_BYTES - 2)),
    ] {
        assert_eq!(at.len(), MAX_MOVE_BYTES);
        assert_eq!(game.parse_move(&at).unwrap(), e3e5);
        let mut played = game.clone();
        played.play(&at).unwrap();
        let past = format!("{at} ");
        too_long_parse(
            &game.parse_move(&past).unwrap_err(),
            past.len(),
            MAX_MOVE_BYTES,
        );
        let mut refused = game.clone();
        too_long_parse(
            &refused.play(&past).unwrap_err(),
            past.len(),
            MAX_MOVE_BYTES,
        );
        assert_eq!(refused, game);
    }
    let at = format!("king b1{}", " ".repeat(MAX_MOVE_BYTES - 7));
    assert_eq!(
        at.parse::<Action>().unwrap(),
        Action::ChooseKing(square("b1"))
    );
    let past = format!("{at} ");
    let e = past.parse::<Action>().unwrap_err();
    too_long_parse(&e, 33, MAX_MOVE_BYTES);
    assert_eq!(
        e.to_string(),
        "invalid Secret King action \"king b1                         …\": \
         too long: 33 bytes (at most 32)"
    );
}

/// 12 000 inputs at and around the bounds and mutations of good texts:
/// never a panic; a text past its bound is refused for its length; a FEN
/// that reads plays on and its position writes back and reads back the
/// same; a move that reads is legal and plays.
#[test]
fn fuzz_at_the_bounds() {
    fuzz::watchdog(|| {
        let mut rng = GameRng::seed_from_u64(33);
        let alphabet: Vec<char> = "KQRBNPkqrbnpabcdefghij1234567890x+#=/ wking"
            .chars()
            .collect();
        let games = games(&mut rng);
        let fens: Vec<String> = games.iter().map(|g| g.position().to_fen()).collect();
        let texts = [
            "king b1", "e3e5", "e9e10q", "Nxc4", "e10=Q", "Kf6", "b1c3", "e5",
        ];
        let (mut fens_read, mut moves_read) = (0, 0);
        for i in 0..12_000 {
            let fen = &fens[i % fens.len()];
            let m = texts[i % texts.len()];
            let text = match i % 4 {
                0 => fuzz::around_bound(&mut rng, fen, MAX_POSITION_BYTES, &alphabet),
                1 => fuzz::around_bound(&mut rng, m, MAX_MOVE_BYTES, &alphabet),
                2 => fuzz::mutate(&mut rng, fen, &alphabet),
                _ => fuzz::mutate(&mut rng, m, &alphabet),
            };
            match SecretKing::from_fen(&text, [None, None]) {
                Ok(g) => {
                    fens_read += 1;
                    let fen = g.position().to_fen();
                    assert!(fen.len() <= MAX_POSITION_BYTES, "{fen}");
                    let back = SecretKing::from_fen(&fen, [None, None])
                        .unwrap_or_else(|e| panic!("{text}: {e}"));
                    assert_eq!(back.position(), g.position(), "{text}");
                    fuzz::exercise(&g, &mut rng, 6, SecretKing::arbitrary_action);
                }
                Err(e) if text.len() > MAX_POSITION_BYTES => {
                    too_long(&e.reason, &e.input, text.len(), MAX_POSITION_BYTES)
                }
                Err(_) => {}
            }
            match text.parse::<Action>() {
                Err(e) if text.len() > MAX_MOVE_BYTES => {
                    too_long_parse(&e, text.len(), MAX_MOVE_BYTES)
                }
                _ => {}
            }
            let g = &games[i % games.len()];
            match g.parse_move(&text) {
                Ok(mv) => {
                    moves_read += 1;
                    assert!(g.legal_moves().contains(&mv), "{text}");
                    let mut g = g.clone();
                    g.play(&text).unwrap();
                    fuzz::exercise(&g, &mut rng, 4, SecretKing::arbitrary_action);
                }
                Err(e) if text.len() > MAX_MOVE_BYTES => {
                    too_long_parse(&e, text.len(), MAX_MOVE_BYTES)
                }
                Err(_) => {}
            }
        }
        assert!(fens_read > 300, "{fens_read}");
        assert!(moves_read > 100, "{moves_read}");
    });
}
