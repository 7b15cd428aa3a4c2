//! Issue 33: Reality Check's position strings and moves are refused past
//! their size bounds before they are read, with an error that says so and
//! hands back only their start; at the bound they read. A fuzz run at and
//! around the bounds: never a panic, and what reads plays on and writes
//! back.
use veil_core::fuzz;
use veil_core::limits::{MAX_MOVE_BYTES, MAX_POSITION_BYTES};
use veil_core::{Actor, Game, GameRng, ParseError, RngExt, SeedableRng, Turn};
use veil_reality_check::*;

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

/// Random games of every board and setup, played to random points; their
/// position strings in play (the longest Veil writes carry a free setup's
/// drop squares).
fn positions(rng: &mut GameRng) -> Vec<(Options, String)> {
    let mut out = Vec::new();
    let mut legal = Vec::new();
    for board in [Layout::Basic, Layout::Advanced] {
        for setup in [SetupRule::Standard, SetupRule::Free] {
            let options = Options {
                board,
                setup,
                ..Default::default()
            };
            for _ in 0..15 {
                let mut game = RealityCheck::new(&options, 2).unwrap();
                for _ in 0..rng.random_range(20..80) {
                    let actor = match game.turn() {
                        Turn::Over => break,
                        Turn::Chance => Actor::Chance,
                        Turn::Seat(s) => Actor::Seat(s),
                        Turn::Simultaneous(set) => Actor::Seat(set.first().unwrap()),
                    };
                    game.legal_actions(actor, &mut legal);
                    game.apply(actor, legal[rng.random_range(0..legal.len())])
                        .unwrap();
                    if game.phase() == Phase::Play && game.turn() != Turn::Chance {
                        out.push((options, game.to_fen()));
                    }
                }
            }
        }
    }
    out
}

#[test]
fn positions_past_their_bound_are_refused_and_at_it_read() {
    let options = Options::default();
    let at = format!("{STANDARD_FIXED:<width$}", width = MAX_POSITION_BYTES);
    assert_eq!(at.len(), MAX_POSITION_BYTES);
    let game = RealityCheck::from_fen(&options, &at).unwrap();
    assert_eq!(game.to_fen(), STANDARD_FIXED);
    let past = format!("{at} ");
    let e = RealityCheck::from_fen(&options, &past).unwrap_err();
    too_long(&e, 513, MAX_POSITION_BYTES);
    assert_eq!(
        e.to_string(),
        "invalid Reality Check position \"3r(r)3/2n(n)b(b)n(b)2/1p(p)p(n)b…\": \
         too long: 513 bytes (at most 512)"
    );
    // 10 000 digits or brackets: refused by the bound; within it, by the
    // field.
    let many = |c: &str| c.repeat(10_000);
    for text in [
        STANDARD_FIXED.replace(" 0", &format!(" {}", many("9"))),
        STANDARD_FIXED.replace("3r(r)3", &format!("{}r(r)3", many("1"))),
        STANDARD_FIXED.replace("r(r)", &format!("r{}", many("("))),
        STANDARD_FIXED.replace(" NR ", &format!(" {} ", many("NR"))),
    ] {
        too_long(
            &RealityCheck::from_fen(&options, &text).unwrap_err(),
            text.len(),
            MAX_POSITION_BYTES,
        );
    }
    let ply = STANDARD_FIXED.replace(" 0", &format!(" {}", "9".repeat(300)));
    let e = RealityCheck::from_fen(&options, &ply).unwrap_err();
    assert!(e.reason.contains("not a number below 10000"), "{e}");
    let rank = STANDARD_FIXED.replace("3r(r)3", &format!("{}r(r)3", "1".repeat(300)));
    let e = RealityCheck::from_fen(&options, &rank).unwrap_err();
    assert!(e.reason.contains("more than 7 files"), "{e}");

    // What Veil writes is well within the bound.
    let mut rng = GameRng::seed_from_u64(7);
    let longest = positions(&mut rng)
        .into_iter()
        .map(|(_, fen)| fen.len())
        .max()
        .unwrap();
    println!("the longest position written: {longest} bytes");
    assert!(longest < 300, "{longest}");
}

#[test]
fn moves_past_their_bound_are_refused_and_at_it_read() {
    for m in ["d3xe4!", "+N/P@c2", "?c7,e7", "die3", "take"] {
        // Spaces around a move are read; up to the bound, it reads.
        let at = format!("{m:^width$}", width = MAX_MOVE_BYTES);
        assert_eq!(at.len(), MAX_MOVE_BYTES);
        assert_eq!(at.parse::<Action>().unwrap().to_string(), m);
        let past = format!("{at} ");
        too_long(
            &past.parse::<Action>().unwrap_err(),
            past.len(),
            MAX_MOVE_BYTES,
        );
    }
    let e = format!("die{}", "9".repeat(10_000))
        .parse::<Action>()
        .unwrap_err();
    too_long(&e, 10_003, MAX_MOVE_BYTES);
    assert_eq!(
        e.to_string(),
        "invalid Reality Check move \"die99999999999999999999999999999…\": \
         too long: 10 003 bytes (at most 32)"
    );
    let e = format!("die{}", "9".repeat(25))
        .parse::<Action>()
        .unwrap_err();
    assert!(e.reason.contains("die1"), "{e}");
    let e = "d4".repeat(20).parse::<Square>().unwrap_err();
    too_long(&e, 40, MAX_MOVE_BYTES);
}

/// 12 000 inputs at and around the bounds and mutations of good texts:
/// never a panic; a text past its bound is refused for its length; a
/// position that reads writes back the same, within the bound, and plays
/// on; a move that reads writes back the same.
#[test]
fn fuzz_at_the_bounds() {
    fuzz::watchdog(|| {
        let mut rng = GameRng::seed_from_u64(33);
        let alphabet: Vec<char> = "abcdefgPNBRpnbr0123456789()/ -x!^@~?+,wd".chars().collect();
        let fens = positions(&mut rng);
        let moves = [
            "d3-d4", "d3xe4!", "d3^e2", "N/P@c2", "+N/P@c2", "~c2", "?c7,e7", "take", "refuse",
            "-d4", "-RR", "-?", "die3",
        ];
        let (mut fens_read, mut moves_read) = (0, 0);
        for i in 0..12_000 {
            let (options, fen) = &fens[rng.random_range(0..fens.len())];
            let m = moves[i % moves.len()];
            let text = match i % 4 {
                0 => fuzz::around_bound(&mut rng, fen, MAX_POSITION_BYTES, &alphabet),
                1 => fuzz::around_bound(&mut rng, m, MAX_MOVE_BYTES, &alphabet),
                2 => fuzz::mutate(&mut rng, fen, &alphabet),
                _ => fuzz::mutate(&mut rng, m, &alphabet),
            };
            match RealityCheck::from_fen(options, &text) {
                Ok(game) => {
                    fens_read += 1;
                    let written = game.to_fen();
                    assert!(written.len() <= MAX_POSITION_BYTES, "{written}");
                    let again = RealityCheck::from_fen(options, &written).unwrap();
                    assert_eq!(again.to_fen(), written, "{text}");
                    fuzz::exercise(&game, &mut rng, 6, RealityCheck::arbitrary_action);
                }
                Err(e) if text.len() > MAX_POSITION_BYTES => {
                    too_long(&e, text.len(), MAX_POSITION_BYTES)
                }
                Err(_) => {}
            }
            match text.parse::<Action>() {
                Ok(a) => {
                    moves_read += 1;
                    assert_eq!(a.to_string().parse::<Action>().unwrap(), a, "{text}");
                }
                Err(e) if text.len() > MAX_MOVE_BYTES => too_long(&e, text.len(), MAX_MOVE_BYTES),
                Err(_) => {}
            }
            if let Err(e) = text.parse::<Square>()
                && text.len() > MAX_MOVE_BYTES
            {
                too_long(&e, text.len(), MAX_MOVE_BYTES);
            }
        }
        assert!(fens_read > 300, "{fens_read}");
        assert!(moves_read > 300, "{moves_read}");
    });
}
