//! Prints random xiangqi positions with their perft counts, to compare with
//! another engine: `cargo run --release -p veil-jieqi --example random_fens -- [count] [depth] [seed]`.
use veil_jieqi::{Position, perft};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers"))
        .collect();
    let count = args.first().copied().unwrap_or(20);
    let depth = args.get(1).copied().unwrap_or(3) as u32;
    let mut state = args.get(2).copied().unwrap_or(1);
    let mut next = move || {
        // splitmix64: a tiny deterministic generator is enough here.
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut printed = 0;
    while printed < count {
        let mut pos = Position::xiangqi_start();
        let plies = 10 + next() % 120;
        let mut ok = true;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                ok = false;
                break;
            }
            // Prefer captures half of the time so positions open up.
            let caps: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| pos.captured_by(*m).is_some())
                .collect();
            let m = if !caps.is_empty() && next() % 2 == 0 {
                caps[(next() % caps.len() as u64) as usize]
            } else {
                moves[(next() % moves.len() as u64) as usize]
            };
            pos.play(m).expect("legal");
        }
        if !ok || pos.legal_moves().is_empty() {
            continue;
        }
        println!("{} ; {} ; {}", pos.to_fen(), depth, perft(&pos, depth));
        printed += 1;
    }
}
