//! Times perft: `cargo run --release -p veil-chess --example perft -- [FEN] [DEPTH] [REPEATS]`.
//! A FEN with 10 ranks is read on the 10×10 board under Secret King rules.

use std::time::Instant;
use veil_chess::{Geometry, Grid8, Grid10, Position, Rules, fen, perft};

fn time<G: Geometry>(pos: &Position<G>, depth: u32, repeats: u32) {
    let mut best = f64::MAX;
    for _ in 0..repeats {
        let t = Instant::now();
        let n = perft(pos, depth);
        let s = t.elapsed().as_secs_f64();
        best = best.min(s);
        println!(
            "veil-chess perft({depth}) = {n} in {s:.3}s = {:.1} Mnps",
            n as f64 / s / 1e6
        );
    }
    println!("best {best:.3}s");
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let fen = args
        .get(1)
        .filter(|f| !f.is_empty())
        .cloned()
        .unwrap_or(fen::STANDARD_START.to_string());
    let depth = args.get(2).map_or(6, |d| d.parse().expect("depth"));
    let repeats = args.get(3).map_or(3, |d| d.parse().expect("repeats"));
    match fen::board_size(&fen) {
        Some((10, 10)) => time(
            &Position::<Grid10>::from_fen_with(&fen, Rules::secret_king()).expect("FEN"),
            depth,
            repeats,
        ),
        _ => time(
            &Position::<Grid8>::from_fen(&fen).expect("FEN"),
            depth,
            repeats,
        ),
    }
}
