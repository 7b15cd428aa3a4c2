//! Whole shots simulated per second.
//!
//! `cargo bench -p veil-skelly --bench shots` reports, per batch of
//! `SHOTS` shots from varied positions (2 to 6 caps, half of the shots
//! aimed at another cap), the time and, through the throughput setting,
//! shots per second ("elem/s"): the bare simulation, and a shot played
//! through the rules on a copy of the game as the computer player does.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use veil_core::{Game, GameRng, RngExt, Seat, SeedableRng};
use veil_skelly::court::Point;
use veil_skelly::physics::simulate;
use veil_skelly::{Options, Shot, Skelly, SkellyParts};

const SHOTS: usize = 256;

struct Case {
    caps: Vec<Option<Point>>,
    shooter: usize,
    shot: Shot,
}

fn cases() -> Vec<Case> {
    let mut rng = GameRng::seed_from_u64(2026);
    (0..SHOTS)
        .map(|i| {
            let n = rng.random_range(2..=6);
            let mut caps: Vec<Option<Point>> = Vec::new();
            while caps.len() < n {
                let p = Point::new(rng.random_range(-26.0..26.0), rng.random_range(-26.0..26.0));
                if caps.iter().all(|q| q.unwrap().distance(p) >= 2.0) {
                    caps.push(Some(p));
                }
            }
            let shooter = rng.random_range(0..n);
            let angle = if i % 2 == 0 {
                let other = (shooter + 1) % n;
                Shot::angle_towards(caps[shooter].unwrap(), caps[other].unwrap())
            } else {
                rng.random()
            };
            let shot = Shot::new(angle, rng.random_range(1..=Shot::MAX_STRENGTH));
            Case {
                caps,
                shooter,
                shot,
            }
        })
        .collect()
}

fn bench_shots(c: &mut Criterion) {
    let cases = cases();
    let games: Vec<Skelly> = cases
        .iter()
        .map(|case| {
            let mut game = Skelly::new(&Options::default(), case.caps.len()).unwrap();
            let mut parts: SkellyParts =
                serde_json::from_value(serde_json::to_value(&game).unwrap()).unwrap();
            for (cap, p) in parts.caps.iter_mut().zip(&case.caps) {
                cap.at = *p;
                cap.leg = 3;
            }
            parts.shooter = Seat(case.shooter as u8);
            game = Skelly::from_parts(parts).unwrap();
            game
        })
        .collect();
    let mut group = c.benchmark_group("skelly");
    group.throughput(Throughput::Elements(SHOTS as u64));
    group.bench_function("simulate", |b| {
        b.iter(|| {
            for case in &cases {
                black_box(simulate(
                    black_box(&case.caps),
                    case.shooter,
                    case.shot,
                    None,
                ));
            }
        })
    });
    group.bench_function("shot through the rules", |b| {
        b.iter(|| {
            for (game, case) in games.iter().zip(&cases) {
                let mut g = game.clone();
                g.apply(veil_core::Actor::Seat(g.shooter()), case.shot)
                    .unwrap();
                black_box(&g);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench_shots);
criterion_main!(benches);
