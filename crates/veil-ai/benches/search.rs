//! Search speed in iterations per second.
//!
//! `cargo bench -p veil-ai --bench search` reports each benchmark's time per
//! batch of `ITERATIONS` iterations and, through the throughput setting,
//! iterations per second ("elem/s").

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use veil_ai::{Level, Search, SearchConfig};
use veil_core::testing::{Pig, PigAction};
use veil_core::{Actor, Game, Seat};

const ITERATIONS: u32 = 1_000;

/// A Pig position with a real choice: seat 0 has rolled a 5 and may hold.
fn pig_position() -> Pig {
    let mut game = Pig::new(&Default::default(), 2).unwrap();
    game.apply(Actor::Seat(Seat(0)), PigAction::Roll).unwrap();
    game.apply(Actor::Chance, PigAction::Die(5)).unwrap();
    game
}

fn bench_pig(c: &mut Criterion) {
    let view = pig_position().observe(Seat(0));
    let mut group = c.benchmark_group("pig");
    group.throughput(Throughput::Elements(u64::from(ITERATIONS)));
    for (name, config) in [
        ("ismcts (normal settings)", Level::Normal.config()),
        (
            "ismcts (full playouts)",
            SearchConfig {
                playout_depth: u32::MAX,
                ..Level::Normal.config()
            },
        ),
    ] {
        let config = SearchConfig {
            iterations: ITERATIONS,
            ..config
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut search = Search::<Pig>::new(black_box(&view), config.clone(), 1);
                search.run(ITERATIONS);
                black_box(search.best_action())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_pig);
criterion_main!(benches);
