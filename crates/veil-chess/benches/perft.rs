//! Perft speed: `cargo bench -p veil-chess --bench perft`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use veil_chess::{Grid8, Grid10, Position, Rules, fen, perft};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    let start = Position::<Grid8>::default();
    g.bench_function("start depth 5 (4,865,609 nodes)", |b| {
        b.iter(|| perft(black_box(&start), 5))
    });
    let kiwi = Position::<Grid8>::from_fen(KIWIPETE).unwrap();
    g.bench_function("kiwipete depth 4 (4,085,603 nodes)", |b| {
        b.iter(|| perft(black_box(&kiwi), 4))
    });
    let sk =
        Position::<Grid10>::from_fen_with(fen::SECRET_KING_START, Rules::secret_king()).unwrap();
    g.bench_function("secret king start depth 3", |b| {
        b.iter(|| perft(black_box(&sk), 3))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
