//! Times xiangqi perft: `cargo run --release -p veil-jieqi --example perft -- [depth] [fen] [--jieqi-forced]`.
use std::time::Instant;

use veil_jieqi::{Position, jieqi_perft_forced, perft};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let forced = args.iter().any(|a| a == "--jieqi-forced");
    let rest: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let depth: u32 = rest
        .first()
        .map_or(5, |d| d.parse().expect("depth is a number"));
    let fen = rest.get(1).map(|s| s.as_str());
    let pos = match fen {
        Some(fen) => Position::from_fen(fen).unwrap_or_else(|e| panic!("{e}")),
        None if forced => Position::jieqi_start(),
        None => Position::xiangqi_start(),
    };
    for _ in 0..3 {
        let start = Instant::now();
        let nodes = if forced {
            jieqi_perft_forced(&pos, depth)
        } else {
            perft(&pos, depth)
        };
        let secs = start.elapsed().as_secs_f64();
        println!(
            "depth {depth}: {nodes} nodes in {secs:.3} s = {:.1} M nodes/s",
            nodes as f64 / secs / 1e6
        );
    }
}
