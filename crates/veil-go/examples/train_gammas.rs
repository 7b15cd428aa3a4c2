//! Fits the engine's move weights (`veil_go::gamma`) to game records by
//! minorisation-maximisation (Coulom 2007), and says how well they predict
//! moves of games held out.
//!
//! cargo run --release -p veil-go --example train_gammas -- OUT GAMES... [--iterations 20] [--holdout 10] [--min 8]
//!
//! GAMES are files of one game a line, `19 B Q16 W D4 …`, as
//! `crates/veil-go/train/selfplay_gnugo.py` writes them. Every `--holdout`-th
//! game is kept out of the fit and predicted: the share of its moves that
//! are the model's first choice, and among its first five. Patterns seen
//! fewer than `--min` times as a candidate are not written (their weight
//! is 1, as for a pattern never seen).

use std::collections::HashMap;

use veil_go::gamma::{self, Features, GROUPS};
use veil_go::{Board, Color, Point};

struct Position {
    start: usize,
    len: usize,
    winner: usize,
}

#[derive(Default)]
struct Data {
    /// Per candidate, five indices into the weights.
    features: Vec<[u32; 5]>,
    positions: Vec<Position>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut files = Vec::new();
    let mut opts: HashMap<&str, usize> =
        HashMap::from([("iterations", 20), ("holdout", 10), ("min", 8)]);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if let Some(key) = a.strip_prefix("--") {
            let v = it
                .next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("--{key} needs a number"));
            let slot = opts
                .get_mut(key)
                .unwrap_or_else(|| panic!("unknown option --{key}"));
            *slot = v;
        } else {
            files.push(a.clone());
        }
    }
    let Some((out, inputs)) = files.split_first() else {
        eprintln!("usage: train_gammas OUT GAMES... [--iterations N] [--holdout K] [--min M]");
        std::process::exit(2);
    };
    let mut games = Vec::new();
    for f in inputs {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        games.extend(
            text.lines()
                .filter(|l| !l.trim().is_empty())
                .map(str::to_string),
        );
    }
    // Dense ids for the pattern codes; the other groups follow them.
    let mut pattern_ids: HashMap<u32, u32> = HashMap::new();
    let mut codes: Vec<u32> = Vec::new();
    let (mut train, mut test) = (Data::default(), Data::default());
    let holdout = opts["holdout"].max(2);
    let mut raw_test: Vec<Vec<Features>> = Vec::new();
    let mut raw_test_winner = Vec::new();
    for (g, line) in games.iter().enumerate() {
        let held = g % holdout == holdout - 1;
        let mut parts = line.split_whitespace();
        let size: u8 = parts
            .next()
            .and_then(|s| s.parse().ok())
            .expect("a size first");
        let mut board = Board::new(size).expect("a board size");
        let rest: Vec<&str> = parts.collect();
        for pair in rest.chunks(2) {
            let [c, v] = pair else { break };
            let color = if *c == "B" {
                Color::Black
            } else {
                Color::White
            };
            if v.eq_ignore_ascii_case("pass") {
                board.pass();
                continue;
            }
            let Ok(p) = Point::parse(v, size) else { break };
            let cands = gamma::candidate_points(&board, color);
            if let Some(w) = cands.iter().position(|c| *c == p) {
                let feats: Vec<Features> = cands
                    .iter()
                    .map(|c| gamma::features_at(&board, color, *c))
                    .collect();
                if held {
                    raw_test.push(feats);
                    raw_test_winner.push(w);
                } else {
                    let start = train.features.len();
                    for f in &feats {
                        let id = *pattern_ids.entry(f.0[0]).or_insert_with(|| {
                            codes.push(f.0[0]);
                            codes.len() as u32 - 1
                        });
                        train.features.push([id, f.0[1], f.0[2], f.0[3], f.0[4]]);
                    }
                    train.positions.push(Position {
                        start,
                        len: feats.len(),
                        winner: start + w,
                    });
                }
            }
            if board.play(color, p).is_err() {
                break;
            }
        }
    }
    let offsets = {
        let mut o = [0u32; 5];
        o[1] = codes.len() as u32;
        for g in 2..5 {
            o[g] = o[g - 1] + GROUPS[g - 1].1 as u32;
        }
        o
    };
    let total = offsets[4] as usize + GROUPS[4].1;
    for f in train.features.iter_mut() {
        for g in 0..5 {
            f[g] += offsets[g];
        }
    }
    for (feats, w) in raw_test.iter().zip(&raw_test_winner) {
        let start = test.features.len();
        for f in feats {
            // A pattern unseen in training gets the weight 1 (index `total`).
            let id = pattern_ids
                .get(&f.0[0])
                .copied()
                .map_or(total as u32, |i| i + offsets[0]);
            test.features.push([
                id,
                f.0[1] + offsets[1],
                f.0[2] + offsets[2],
                f.0[3] + offsets[3],
                f.0[4] + offsets[4],
            ]);
        }
        test.positions.push(Position {
            start,
            len: feats.len(),
            winner: start + w,
        });
    }
    eprintln!(
        "{} games: {} positions to fit, {} held out; {} patterns; {} candidates",
        games.len(),
        train.positions.len(),
        test.positions.len(),
        codes.len(),
        train.features.len()
    );
    // Wins and appearances of each feature.
    let mut wins = vec![0f64; total + 1];
    let mut seen = vec![0u32; total + 1];
    for p in &train.positions {
        for f in train.features[p.winner] {
            wins[f as usize] += 1.0;
        }
        for c in &train.features[p.start..p.start + p.len] {
            for f in c {
                seen[*f as usize] += 1;
            }
        }
    }
    let mut gammas = vec![1f64; total + 1];
    let report = |gammas: &[f64], label: &str| {
        let (top1, top5, ll) = evaluate(&test, gammas);
        eprintln!(
            "{label}: held-out first choice {top1:.3}, in first five {top5:.3}, log-likelihood {ll:.3} a move"
        );
        (top1, top5, ll)
    };
    report(&gammas, "uniform");
    for iteration in 0..opts["iterations"] {
        for g in 0..5 {
            let range = offsets[g] as usize..if g == 4 {
                total
            } else {
                offsets[g + 1] as usize
            };
            let mut c = vec![0f64; total + 1];
            for p in &train.positions {
                let cands = &train.features[p.start..p.start + p.len];
                let e: f64 = cands.iter().map(|f| strength(f, &gammas)).sum();
                for f in cands {
                    let i = f[g] as usize;
                    c[i] += strength(f, &gammas) / gammas[i] / e;
                }
            }
            for i in range {
                // One virtual win and one virtual loss against a weight of 1.
                gammas[i] = (wins[i] + 1.0) / (c[i] + 2.0 / (gammas[i] + 1.0));
            }
        }
        report(&gammas, &format!("iteration {}", iteration + 1));
    }
    let (top1, top5, ll) = report(&gammas, "fitted");
    let min = opts["min"] as u32;
    let mut text = format!(
        "# Veil's Go move weights (veil_go::gamma), fitted by\n# cargo run --release -p veil-go --example train_gammas -- {}\n# to {} games ({} positions); on {} positions held out: first choice {:.3}, first five {:.3}, log-likelihood {:.3} a move.\n",
        args.join(" "),
        games.len(),
        train.positions.len(),
        test.positions.len(),
        top1,
        top5,
        ll
    );
    let mut written = 0;
    for (k, code) in codes.iter().enumerate() {
        let i = offsets[0] as usize + k;
        if seen[i] >= min {
            text.push_str(&format!("pattern {code:05x} {:.4}\n", gammas[i]));
            written += 1;
        }
    }
    for g in 1..5 {
        for v in 0..GROUPS[g].1 {
            let i = offsets[g] as usize + v;
            text.push_str(&format!("{} {v} {:.4}\n", GROUPS[g].0, gammas[i]));
        }
    }
    std::fs::write(out, text).unwrap_or_else(|e| panic!("{out}: {e}"));
    eprintln!("wrote {out}: {written} patterns of {}", codes.len());
}

fn strength(f: &[u32; 5], gammas: &[f64]) -> f64 {
    f.iter().map(|i| gammas[*i as usize]).product()
}

/// The share of positions whose move the model ranks first, and among its
/// first five, and the mean log-likelihood of the moves played.
fn evaluate(data: &Data, gammas: &[f64]) -> (f64, f64, f64) {
    let (mut top1, mut top5, mut ll) = (0f64, 0f64, 0f64);
    for p in &data.positions {
        let cands = &data.features[p.start..p.start + p.len];
        let s: Vec<f64> = cands.iter().map(|f| strength(f, gammas)).collect();
        let w = s[p.winner - p.start];
        let better = s.iter().filter(|x| **x > w).count();
        // Ties share the place: among k equals the move is first 1/k of the time.
        let equal = s.iter().filter(|x| **x == w).count();
        if better == 0 {
            top1 += 1.0 / equal as f64;
        }
        top5 += (5usize.saturating_sub(better) as f64 / equal as f64).min(1.0);
        ll += (w / s.iter().sum::<f64>()).ln();
    }
    let n = data.positions.len().max(1) as f64;
    (top1 / n, top5 / n, ll / n)
}
