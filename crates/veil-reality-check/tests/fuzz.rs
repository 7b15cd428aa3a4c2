//! Random and mutated text fed to both parsers (and to the state's
//! deserialiser): they may refuse, never panic; what they accept writes
//! back to text that reads the same.
mod common;
use veil_core::{GameRng, RngExt, SeedableRng};
use veil_reality_check::*;

const ALPHABET: &[u8] = b"abcdefghPNBRpnbr0123456789()/ -x!^@~?+,wWdie\t";

fn mutate(seed: &str, rng: &mut GameRng) -> String {
    let mut b: Vec<u8> = seed.bytes().collect();
    for _ in 0..rng.random_range(1..4) {
        let op = rng.random_range(0..5);
        let pos = if b.is_empty() {
            0
        } else {
            rng.random_range(0..b.len())
        };
        let c = ALPHABET[rng.random_range(0..ALPHABET.len())];
        match op {
            0 if !b.is_empty() => b[pos] = c,
            1 => b.insert(pos, c),
            2 if !b.is_empty() => {
                b.remove(pos);
            }
            3 => b.truncate(pos),
            _ => {
                let n = rng.random_range(0..3);
                let tail: Vec<u8> = b[pos..].iter().take(n).copied().collect();
                b.splice(pos..pos, tail);
            }
        }
    }
    // Non-UTF-8 now and then, read lossily.
    if rng.random_range(0..20) == 0 {
        b.push(0xC3);
    }
    String::from_utf8_lossy(&b).into_owned()
}

fn garbage(rng: &mut GameRng) -> String {
    let n = rng.random_range(0..40);
    (0..n)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

fn seeds() -> (Vec<String>, Vec<String>) {
    let mut fens = vec![STANDARD_FIXED.to_string()];
    let mut moves = Vec::new();
    let mut rng = GameRng::seed_from_u64(11);
    for _ in 0..20 {
        let mut game = RealityCheck::standard_fixed();
        for _ in 0..60 {
            let legal = game.legal();
            if legal.is_empty() {
                break;
            }
            let a = legal[rng.random_range(0..legal.len())];
            moves.push(a.to_string());
            common::play(&mut game, &a.to_string());
            if game.phase() == Phase::Play {
                fens.push(game.to_fen());
            }
        }
    }
    for a in [
        "take", "refuse", "-?", "-RR", "-d4", "?c6,e6", "die4", "+N/P@c2", "d3xe4!", "d3^e2",
    ] {
        moves.push(a.into());
    }
    (fens, moves)
}

#[test]
fn the_position_parser_never_panics() {
    let (fens, _) = seeds();
    let mut rng = GameRng::seed_from_u64(1);
    let mut accepted = 0;
    for i in 0..12_000 {
        let text = if i % 5 == 0 {
            garbage(&mut rng)
        } else {
            mutate(&fens[rng.random_range(0..fens.len())], &mut rng)
        };
        for options in [
            Options::default(),
            Options {
                board: Layout::Advanced,
                ..Default::default()
            },
        ] {
            if let Ok(game) = RealityCheck::from_fen(&options, &text) {
                accepted += 1;
                let again = RealityCheck::from_fen(&options, &game.to_fen()).unwrap();
                assert_eq!(again.to_fen(), game.to_fen());
                let _ = game.legal();
            } else if let Err(e) = RealityCheck::from_fen(&options, &text) {
                assert_eq!(e.input, text, "the error hands back the text");
                assert!(!e.to_string().is_empty());
            }
        }
    }
    assert!(accepted > 0, "some mutations stay valid");
}

#[test]
fn the_move_parser_never_panics() {
    let (_, moves) = seeds();
    let mut rng = GameRng::seed_from_u64(2);
    let mut accepted = 0;
    for i in 0..12_000 {
        let text = if i % 5 == 0 {
            garbage(&mut rng)
        } else {
            mutate(&moves[rng.random_range(0..moves.len())], &mut rng)
        };
        match text.parse::<Action>() {
            Ok(a) => {
                accepted += 1;
                assert_eq!(a.to_string().parse::<Action>().unwrap(), a, "{text}");
            }
            // Past the bound, only the start is handed back (tests/bounds.rs).
            Err(e) if text.len() > veil_core::limits::MAX_MOVE_BYTES => {
                assert!(text.starts_with(e.input.trim_end_matches('…')), "{e}")
            }
            Err(e) => assert_eq!(e.input, text),
        }
    }
    assert!(accepted > 100);
    for m in &moves {
        assert_eq!(m.parse::<Action>().unwrap().to_string(), *m);
    }
}

#[test]
fn the_state_deserialiser_refuses_bad_states() {
    let game = RealityCheck::standard_fixed();
    let json = serde_json::to_string(&game).unwrap();
    let mut rng = GameRng::seed_from_u64(3);
    let digits = b"0123456789";
    for _ in 0..3000 {
        let mut b: Vec<u8> = json.bytes().collect();
        let idxs: Vec<usize> = b
            .iter()
            .enumerate()
            .filter(|(_, c)| c.is_ascii_digit())
            .map(|(i, _)| i)
            .collect();
        for _ in 0..rng.random_range(1..4) {
            let i = idxs[rng.random_range(0..idxs.len())];
            b[i] = digits[rng.random_range(0..10)];
        }
        let text = String::from_utf8(b).unwrap();
        if let Ok(g) = serde_json::from_str::<RealityCheck>(&text) {
            // Whatever reads is playable.
            let _ = g.legal();
            let _ = g.to_fen();
        }
    }
}
