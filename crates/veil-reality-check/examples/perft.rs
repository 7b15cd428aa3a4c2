//! Prints perft counts: `cargo run --release -p veil-reality-check --example
//! perft -- DEPTH [FEN]` (default: the standard fixed setup).
use veil_reality_check::{Options, RealityCheck, perft};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(4);
    let game = match args.get(2) {
        Some(fen) => {
            RealityCheck::from_fen(&Options::default(), fen).unwrap_or_else(|e| panic!("{e}"))
        }
        None => RealityCheck::standard_fixed(),
    };
    for d in 1..=depth {
        let t = std::time::Instant::now();
        println!(
            "{} ; {d} {}  ({:.2?})",
            game.to_fen(),
            perft(&game, d),
            t.elapsed()
        );
    }
}
