//! Fits the odds between hands that one seat finishes a match ahead of
//! another (`crates/veil-tysiac/src/odds.rs`): plays whole matches with the
//! playout policy at every seat, notes the standings after every hand and
//! who finished ahead of whom, and fits a logistic model by Newton's method.
//! Prints the weights and, on matches held out, the log-loss of the fit
//! against the squashed score difference the evaluation used before.
//!
//! `cargo run --release -p veil-tysiac --example odds -- 200000`
use veil_ai::{Level, arena::play_match};
use veil_core::{Actor, Game, GameRng, Seat, SeedableRng, Turn};
use veil_tysiac::odds::{ODDS_FEATURES, ODDS_WEIGHTS as CRATE, pair_features};
use veil_tysiac::{Options, PENALTY, Phase, SEATS, Table, Tysiac};

type Sample = ([f64; ODDS_FEATURES], f64, f64);

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count = |i: usize| -> u64 { args.get(i).map_or(200_000, |s| s.parse().expect("a count")) };
    match args.first().map(String::as_str) {
        // Matches of a level, each hand's standings written as a JSON line
        // with the match's ranks, to fit from later (the playout policy's
        // matches run longer than the levels' and undervalue a lead).
        Some("level") => {
            let level: Level = args.get(1).expect("a level").parse().expect("a level");
            let (first, n) = (count(2), count(3));
            for seed in first..first + n {
                let result = play_match::<Tysiac>(&Options::default(), &[level; SEATS], seed, None)
                    .expect("the default options");
                let mut game = Tysiac::new(&Options::default(), SEATS).expect("options");
                let mut tables: Vec<Table> = Vec::new();
                for (actor, action) in &result.record.actions {
                    game.apply(*actor, *action).expect("the record replays");
                    note(&game, &mut tables);
                }
                let ranks = &result.outcome.ranks;
                for t in tables {
                    println!("{}", serde_json::json!({ "table": t, "ranks": ranks }));
                }
            }
        }
        // Fits to the lines `level` wrote (the files named after it), each
        // fifth match held out.
        Some("file") => {
            let mut train = Vec::new();
            let mut test = Vec::new();
            // A match starts where the history is no longer than before.
            let (mut matches, mut last) = (0usize, usize::MAX);
            for line in args[1..].iter().flat_map(|f| {
                std::fs::read_to_string(f)
                    .expect("a file")
                    .lines()
                    .map(String::from)
                    .collect::<Vec<_>>()
            }) {
                let v: serde_json::Value = serde_json::from_str(&line).expect("a JSON line");
                let t: Table = serde_json::from_value(v["table"].clone()).expect("a table");
                let ranks: Vec<u8> = serde_json::from_value(v["ranks"].clone()).expect("ranks");
                if t.history.len() <= last {
                    matches += 1;
                }
                last = t.history.len();
                let into = if matches % 5 == 4 {
                    &mut test
                } else {
                    &mut train
                };
                samples(&t, &ranks, into);
            }
            report(&train, &test);
        }
        _ => {
            let matches = count(0);
            let (mut train, mut test) = (Vec::new(), Vec::new());
            let mut legal = Vec::new();
            let mut hands = 0;
            for m in 0..matches {
                let mut rng = GameRng::seed_from_u64(0x0dd5 + m);
                let mut game = Tysiac::new(&Options::default(), SEATS).expect("options");
                let mut tables: Vec<Table> = Vec::new();
                loop {
                    let seat = match game.turn() {
                        Turn::Over => break,
                        Turn::Chance => {
                            let action = game.sample_chance(&mut rng);
                            game.apply(Actor::Chance, action).expect("a chance outcome");
                            note(&game, &mut tables);
                            continue;
                        }
                        Turn::Seat(seat) => seat,
                        Turn::Simultaneous(seats) => seats.first().expect("someone acts"),
                    };
                    game.legal_actions(Actor::Seat(seat), &mut legal);
                    let action = game.playout_action(seat, &legal, &mut rng);
                    game.apply(Actor::Seat(seat), action).expect("legal");
                    note(&game, &mut tables);
                }
                hands += game.table().history.len();
                let outcome = game.outcome().expect("a finished match");
                let into = if m % 5 == 4 { &mut test } else { &mut train };
                for t in &tables {
                    samples(t, &outcome.ranks, into);
                }
            }
            eprintln!("{:.1} hands a match", hands as f64 / matches as f64);
            report(&train, &test);
        }
    }
}

/// Keeps the table once after every hand.
fn note(game: &Tysiac, tables: &mut Vec<Table>) {
    let t = game.table();
    if t.phase == Phase::Score && tables.last().map(|l| l.history.len()) != Some(t.history.len()) {
        tables.push(t.clone());
    }
}

fn samples(t: &Table, ranks: &[u8], into: &mut Vec<Sample>) {
    for (a, b) in [(0u8, 1u8), (0, 2), (1, 2)] {
        let (a, b) = (Seat(a), Seat(b));
        let y = match ranks[a.index()].cmp(&ranks[b.index()]) {
            std::cmp::Ordering::Less => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Greater => 0.0,
        };
        into.push((pair_features(t, a, b), y, old_standing(t, a, b)));
    }
}

fn report(train: &[Sample], test: &[Sample]) {
    eprintln!("{} samples to fit, {} held out", train.len(), test.len());
    let w = fit(train);
    println!("const ODDS_WEIGHTS: [f64; ODDS_FEATURES] = [");
    for x in w {
        println!("    {x:.4},");
    }
    println!("];");
    let loss = |p: f64, y: f64| {
        let p = p.clamp(1e-6, 1.0 - 1e-6);
        -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
    };
    let mean = |f: &dyn Fn(&Sample) -> f64| test.iter().map(f).sum::<f64>() / test.len() as f64;
    println!(
        "held-out log-loss: fitted {:.4}, the crate's {:.4}, the old squashed difference {:.4}, a coin 0.6931",
        mean(&|(x, y, _)| loss(logistic(&w, x), *y)),
        mean(&|(x, y, _)| loss(logistic(&CRATE, x), *y)),
        mean(&|(_, y, old)| loss(*old, *y)),
    );
}

/// What the evaluation weighed before: the score difference less the marks'
/// cost, squashed at a scale of 150 points.
fn old_standing(t: &Table, a: Seat, b: Seat) -> f64 {
    let eff = |s: Seat| {
        let st = t.standings[s.index()];
        f64::from(st.score) - f64::from(st.lines % 3 + st.p_marks % 3) * f64::from(PENALTY) / 3.0
    };
    1.0 / (1.0 + (-(eff(a) - eff(b)) / 150.0).exp())
}

fn logistic(w: &[f64; ODDS_FEATURES], x: &[f64; ODDS_FEATURES]) -> f64 {
    let z: f64 = w.iter().zip(x).map(|(w, x)| w * x).sum();
    1.0 / (1.0 + (-z).exp())
}

/// Newton's method on the log-likelihood, a little ridge to keep the
/// Hessian invertible.
fn fit(data: &[Sample]) -> [f64; ODDS_FEATURES] {
    const N: usize = ODDS_FEATURES;
    let mut w = [0.0; N];
    for round in 0..12 {
        let mut g = [0.0; N];
        let mut h = [[0.0; N]; N];
        for (x, y, _) in data {
            let p = logistic(&w, x);
            let r = p * (1.0 - p);
            for i in 0..N {
                g[i] += (y - p) * x[i];
                for j in 0..N {
                    h[i][j] += r * x[i] * x[j];
                }
            }
        }
        for (i, row) in h.iter_mut().enumerate() {
            row[i] += 1e-3 * data.len() as f64 * 1e-3;
            g[i] -= 1e-6 * data.len() as f64 * w[i];
        }
        let step = solve(h, g);
        for i in 0..N {
            w[i] += step[i];
        }
        let size: f64 = step.iter().map(|s| s * s).sum::<f64>().sqrt();
        eprintln!("round {round}: step {size:.2e}");
        if size < 1e-7 {
            break;
        }
    }
    w
}

/// Gaussian elimination with partial pivoting.
fn solve<const N: usize>(mut a: [[f64; N]; N], mut b: [f64; N]) -> [f64; N] {
    for col in 0..N {
        let pivot = (col..N)
            .max_by(|i, j| a[*i][col].abs().total_cmp(&a[*j][col].abs()))
            .expect("a row");
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..N {
            let f = a[row][col] / a[col][col];
            for k in col..N {
                a[row][k] -= f * a[col][k];
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = [0.0; N];
    for row in (0..N).rev() {
        let s: f64 = (row + 1..N).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    x
}
