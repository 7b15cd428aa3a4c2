//! Perft counts from `tests/perft.txt`.
use veil_jieqi::{Position, jieqi_perft_forced, perft};

fn cases() -> Vec<(bool, String, u32, u64)> {
    include_str!("perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let parts: Vec<&str> = line.split(';').map(str::trim).collect();
            assert_eq!(parts.len(), 3, "bad line {line:?}");
            let (forced, fen) = match parts[0].strip_prefix("jieqi-forced ") {
                Some(fen) => (true, fen.to_string()),
                None => (false, parts[0].to_string()),
            };
            (
                forced,
                fen,
                parts[1].parse().unwrap(),
                parts[2].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn perft_counts_from_data_file() {
    let cases = cases();
    assert!(cases.len() >= 8);
    for (forced, fen, depth, nodes) in cases {
        let pos = Position::from_fen(&fen).unwrap();
        let got = if forced {
            jieqi_perft_forced(&pos, depth)
        } else {
            perft(&pos, depth)
        };
        assert_eq!(got, nodes, "{fen} depth {depth} (forced reveals: {forced})");
    }
}

#[test]
#[ignore = "about ten seconds in the dev profile; run with --ignored"]
fn xiangqi_start_depth_5() {
    assert_eq!(perft(&Position::xiangqi_start(), 5), 133_312_995);
}
