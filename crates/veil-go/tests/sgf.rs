//! SGF records: round trips, reading others' files, refusing bad ones.
use rand::{RngExt, SeedableRng};
use veil_core::{Actor, Game, GameRng, Seat, Turn};
use veil_go::{Color, Move, Point, Rengo, RengoAction, RengoOptions, Rules, sgf};

fn random_game(options: &RengoOptions, seats: usize, seed: u64, max: usize) -> Rengo {
    let mut game = Rengo::new(options, seats).unwrap();
    let mut rng = GameRng::seed_from_u64(seed);
    let mut legal = Vec::new();
    for _ in 0..max {
        let Turn::Seat(s) = game.turn() else { break };
        game.legal_actions(Actor::Seat(s), &mut legal);
        let action = if rng.random_bool(0.9) {
            game.playout_action(s, &legal, &mut rng)
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        game.apply(Actor::Seat(s), action).unwrap();
    }
    game
}

#[test]
fn games_round_trip() {
    for seed in 0..40 {
        let options = RengoOptions {
            size: [9, 13, 19][seed as usize % 3],
            rules: if seed % 2 == 0 {
                Rules::Territory
            } else {
                Rules::Area
            },
            handicap: if seed % 5 == 0 { 3 } else { 0 },
            table_mode: seed % 4 == 1,
            ..Default::default()
        };
        let seats = if seed % 2 == 0 { 4 } else { 2 };
        let game = random_game(&options, seats, seed, 150);
        let text = sgf::write(&game, &[]);
        assert!(text.starts_with("(;FF[4]GM[1]"), "{text}");
        let back = sgf::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.position().board(), game.position().board(), "{text}");
        assert_eq!(back.position().moves(), game.position().moves());
        assert_eq!(back.seats(), game.seats());
        assert_eq!(back.options().size, options.size);
        assert_eq!(back.options().rules, options.rules);
        assert_eq!(back.bonus(), game.bonus());
        // Everything but the count (not stored) replays alike.
        let said = |g: &Rengo| {
            g.log()
                .iter()
                .filter(|e| !matches!(e.action, RengoAction::ToggleDead(_) | RengoAction::Accept))
                .count()
        };
        assert_eq!(said(&back), said(&game), "{text}");
    }
}

#[test]
fn team_members_and_messages_are_written() {
    let mut game = Rengo::new(&RengoOptions::default(), 4).unwrap();
    game.apply(
        Actor::Seat(Seat(0)),
        RengoAction::Say(veil_go::Message::IsItMyTurn),
    )
    .unwrap();
    game.apply(
        Actor::Seat(Seat(0)),
        RengoAction::Play(Point::parse("E5", 9).unwrap()),
    )
    .unwrap();
    let text = sgf::write(&game, &["Ann", "Bo", "Cy", "Di"]);
    assert!(text.contains("PB[Ann & Cy]"), "{text}");
    assert!(text.contains("PW[Bo & Di]"), "{text}");
    assert!(text.contains("B[ee]"), "{text}");
    // The crate escapes colons in text, as SGF allows.
    assert!(text.contains("B1\\: Is it my turn?"), "{text}");
    assert!(text.contains("KM[6.5]") && text.contains("RU[Japanese]") && text.contains("SZ[9]"));
}

#[test]
fn others_files_read() {
    let text =
        "(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese]PB[gnugo]PW[veil];B[ee];W[gc](;B[cg];W[tt];B[])(;B[aa]))";
    let game = sgf::read(text).unwrap();
    assert_eq!(game.options().rules, Rules::Area);
    assert_eq!(game.komi(), 7.0);
    let moves = game.position().moves();
    assert_eq!(moves.len(), 5);
    assert_eq!(
        moves[2],
        (Color::Black, Move::Play(Point::parse("C3", 9).unwrap()))
    );
    assert_eq!(moves[3].1, Move::Pass);
    // Two passes: the game is being counted.
    assert!(matches!(game.phase(), veil_go::Phase::Counting { .. }));
}

#[test]
fn bad_files_are_refused_with_a_reason() {
    for (text, why) in [
        ("", "not SGF"),
        ("(;GM[2]SZ[9])", "not SGF of Go"),
        ("(;FF[4]GM[1]SZ[10])", "SZ"),
        ("(;FF[4]GM[1]SZ[9:13])", "SZ"),
        ("(;FF[4]GM[1]SZ[9]AW[aa])", "set-up"),
        ("(;FF[4]GM[1]SZ[9];B[ee];B[ff])", "out of turn"),
        ("(;FF[4]GM[1]SZ[9];B[ee];W[ee])", "occupied"),
        ("(;FF[4]GM[1]SZ[9];B[zz])", "off the board"),
        ("(;FF[4]GM[1]SZ[9]KM[abc])", "invalid"),
        ("(;FF[4]GM[1]SZ[9]HA[4]AB[cc])", "handicap"),
        ("(;FF[4]GM[1]SZ[9];B[ee]", "not SGF"),
    ] {
        let e = sgf::read(text).expect_err(text);
        assert!(e.to_string().contains(why), "{text}: {e}");
    }
}

/// Issue 33, defect 3: 60,000 empty nodes in a row (60 KB) overflowed the
/// stack when sgf-parse dropped the tree it had built — an abort, not an
/// error. Texts beyond the bounds are refused before they are parsed, with
/// a line saying which bound; texts at the bounds read.
#[test]
fn texts_beyond_the_bounds_are_refused_before_parsing() {
    let head = "(;GM[1]FF[4]SZ[9]";
    let chain = |n: usize| format!("{head}{})", ";".repeat(n));
    let e = sgf::read(&chain(60_000)).unwrap_err();
    assert!(e.to_string().contains("nodes"), "{e}");
    assert!(
        e.input.len() <= 80 * 4,
        "the rejected text is handed back short"
    );
    assert!(!e.to_string().contains('\n'), "one line: {e}");

    // Depth: the root is one node, so MAX_DEPTH - 1 more reach the bound.
    let at = sgf::read(&chain(sgf::MAX_DEPTH - 1)).unwrap();
    let back = sgf::read(&sgf::write(&at, &[])).unwrap();
    assert_eq!(back.position().moves(), at.position().moves());
    let e = sgf::read(&chain(sgf::MAX_DEPTH)).unwrap_err();
    assert!(e.reason.contains("deep"), "{e}");
    // Variations nested in variations are as deep as their nodes.
    let nested = |n: usize| format!("{head}{}{}", "(;".repeat(n), ")".repeat(n + 1));
    assert!(sgf::read(&nested(sgf::MAX_DEPTH - 1)).is_ok());
    let e = sgf::read(&nested(sgf::MAX_DEPTH)).unwrap_err();
    assert!(e.reason.contains("deep"), "{e}");
    // Many short variations side by side: wide, not deep, until the count.
    let wide = |n: usize| format!("{head}{})", "(;B[ee])".repeat(n));
    let game = sgf::read(&wide(sgf::MAX_NODES - 1)).unwrap();
    assert_eq!(game.position().moves().len(), 1, "the main line only");
    let e = sgf::read(&wide(sgf::MAX_NODES)).unwrap_err();
    assert!(e.reason.contains("nodes"), "{e}");
    // `;`, `(` and `]` inside a property value (escaped or not) are text.
    let comment = format!("{head}C[{} \\] (;;;]{})", ";(".repeat(sgf::MAX_NODES), "");
    assert!(
        sgf::read(&comment).is_ok(),
        "{:?}",
        sgf::read(&comment).err()
    );
    // Size: a comment that takes the text past a megabyte.
    let pad = |n: usize| format!("{head}C[{}])", "x".repeat(n));
    let fits = sgf::MAX_BYTES - pad(0).len();
    assert!(sgf::read(&pad(fits)).is_ok());
    let e = sgf::read(&pad(fits + 1)).unwrap_err();
    assert!(e.reason.contains("bytes"), "{e}");
    // Several game trees count together.
    let trees = chain(sgf::MAX_NODES / 2).repeat(2);
    assert!(sgf::read(&trees).unwrap_err().reason.contains("nodes"));
}

/// Ten thousand random and mutated inputs: each reads or is refused, and
/// none panics.
#[test]
fn random_and_mutated_input_never_panics() {
    let mut rng = GameRng::seed_from_u64(99);
    let seeds: Vec<String> = (0..8)
        .map(|s| {
            sgf::write(
                &random_game(&RengoOptions::default(), 2 + 2 * (s % 2), s as u64, 40),
                &[],
            )
        })
        .collect();
    let alphabet = b"();[]\\:BWCSZKMGFAEHtaiz0123456789 \n.+-&";
    let mut read = 0;
    for k in 0..10_000 {
        let mut bytes: Vec<u8> = if k % 50 == 5 {
            // At the bounds: a seed padded with empty nodes or a comment to
            // within a few of the depth, node count or size.
            let seed = &seeds[k % seeds.len()];
            let body = &seed[..seed.len() - 1];
            let nodes = seed.bytes().filter(|b| *b == b';').count();
            let near = |limit: usize, rng: &mut GameRng| {
                (limit + rng.random_range(0..6)).saturating_sub(nodes + 3)
            };
            match k % 3 {
                0 => format!("{body}{})", ";".repeat(near(sgf::MAX_DEPTH, &mut rng))),
                1 => format!("{body}{})", "(;)".repeat(near(sgf::MAX_NODES, &mut rng))),
                _ => {
                    let n =
                        (sgf::MAX_BYTES + rng.random_range(0..6)).saturating_sub(seed.len() + 6);
                    format!("{body};C[{}])", "y".repeat(n))
                }
            }
            .into_bytes()
        } else if k % 10 == 0 {
            (0..rng.random_range(0..60))
                .map(|_| alphabet[rng.random_range(0..alphabet.len())])
                .collect()
        } else {
            seeds[k % seeds.len()].clone().into_bytes()
        };
        for _ in 0..rng.random_range(1..6) {
            if bytes.is_empty() {
                break;
            }
            let at = rng.random_range(0..bytes.len());
            match rng.random_range(0..3) {
                0 => bytes[at] = alphabet[rng.random_range(0..alphabet.len())],
                1 => {
                    bytes.remove(at);
                }
                _ => bytes.insert(at, alphabet[rng.random_range(0..alphabet.len())]),
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        if sgf::read(&text).is_ok() {
            read += 1;
        }
    }
    assert!(read > 100, "some mutations still read ({read})");
}
