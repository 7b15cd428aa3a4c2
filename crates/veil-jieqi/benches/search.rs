//! The computer player's speed on Jieqi, in search iterations per second.
//!
//! `cargo bench -p veil-jieqi --bench search`: each benchmark runs a fresh
//! search of `ITERATIONS` iterations at the Normal level's settings; the
//! throughput line ("elem/s") is iterations per second.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use veil_ai::{Level, Search, SearchConfig};
use veil_core::{Game, GameRng, RngExt, SeedableRng, Turn};
use veil_jieqi::Jieqi;

const ITERATIONS: u32 = 500;

fn bench_search(c: &mut Criterion) {
    let start = Jieqi::new(&Default::default(), 2).expect("two seats");
    // A middlegame: thirty seeded random actions in, reveals and captures done.
    let mut middle = start.clone();
    let mut rng = GameRng::seed_from_u64(5);
    veil_core::play_out(&mut middle, &mut rng, 30, |_, _, legal, rng| {
        legal[rng.random_range(0..legal.len())]
    });
    let mut group = c.benchmark_group("jieqi search");
    group.throughput(Throughput::Elements(u64::from(ITERATIONS)));
    group.sample_size(10);
    for (name, game) in [("start", &start), ("middlegame", &middle)] {
        let Turn::Seat(seat) = game.turn() else {
            panic!("a seat is to move")
        };
        let view = game.observe(seat);
        let config = SearchConfig {
            iterations: ITERATIONS,
            ..Level::Normal.config()
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut search = Search::<Jieqi>::new(black_box(&view), config.clone(), 1);
                search.run(ITERATIONS);
                black_box(search.best_action())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
