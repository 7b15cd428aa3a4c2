//! Perft counts from `tests/perft.txt`.

use veil_chess::{Grid8, Position, perft, perft_divide};

struct Case {
    name: String,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    parse(include_str!("perft.txt"))
}

fn parse(text: &str) -> Vec<Case> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(';').map(str::trim);
            let name = parts.next().expect("name").to_string();
            let fen = parts.next().expect("fen").to_string();
            let counts = parts
                .map(|p| {
                    let (d, n) = p.split_once(' ').expect("depth nodes");
                    (d.parse().expect("depth"), n.trim().parse().expect("nodes"))
                })
                .collect();
            Case { name, fen, counts }
        })
        .collect()
}

#[test]
fn perft_file_has_the_standard_positions() {
    let names: Vec<String> = cases().into_iter().map(|c| c.name).collect();
    for n in [
        "start",
        "kiwipete",
        "position3",
        "position4",
        "position5",
        "position6",
    ] {
        assert!(names.iter().any(|x| x == n), "{n} missing");
    }
}

#[test]
fn perft_counts() {
    for case in cases() {
        let pos: Position<Grid8> =
            Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        // Written FEN keeps en passant only when legal: reading it back gives the same position.
        let again: Position<Grid8> = Position::from_fen(&pos.to_fen()).unwrap();
        assert_eq!(again, pos, "{}: FEN round trip", case.name);
        for &(depth, nodes) in &case.counts {
            assert_eq!(perft(&pos, depth), nodes, "{} depth {depth}", case.name);
        }
    }
}

/// Divide at depth 2 must add up, and each child's count must equal its own perft.
#[test]
fn divide_adds_up() {
    for case in cases() {
        let pos: Position<Grid8> = Position::from_fen(&case.fen).unwrap();
        let Some(&(_, n3)) = case.counts.iter().find(|(d, _)| *d == 3) else {
            continue;
        };
        let mut total = 0;
        for mv in pos.legal_moves() {
            let mut child = pos.clone();
            child.play(mv).unwrap();
            total += perft(&child, 2);
        }
        assert_eq!(total, n3, "{}", case.name);
        let divide = perft_divide(&pos, 3);
        assert_eq!(divide.len() as u64, perft(&pos, 1));
        assert_eq!(
            divide.iter().map(|(_, n)| n).sum::<u64>(),
            n3,
            "{}",
            case.name
        );
    }
}

#[test]
#[ignore = "about 800 million leaves: run with --ignored"]
fn perft_deep_counts() {
    for case in parse(include_str!("perft_deep.txt")) {
        let pos: Position<Grid8> = Position::from_fen(&case.fen).unwrap();
        for &(depth, nodes) in &case.counts {
            assert_eq!(perft(&pos, depth), nodes, "{} depth {depth}", case.name);
        }
    }
}
