//! Xiangqi perft speed, to compare with Fairy-Stockfish's `go perft`.
use criterion::{Criterion, criterion_group, criterion_main};
use veil_jieqi::{Position, jieqi_perft_forced, perft};

fn bench(c: &mut Criterion) {
    let start = Position::xiangqi_start();
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.bench_function("xiangqi start depth 4", |b| b.iter(|| perft(&start, 4)));
    let jieqi = Position::jieqi_start();
    group.bench_function("jieqi forced start depth 4", |b| {
        b.iter(|| jieqi_perft_forced(&jieqi, 4))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
