//! Playouts per second: light (uniform, no own-eye filling) and heavy, on
//! 9×9 and 19×19 from the empty board.
//! `cargo bench -p veil-go --bench playouts`
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use veil_core::{GameRng, SeedableRng};
use veil_go::Board;
use veil_go::Color;
use veil_go::playout::{Policy, play_out};

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playouts");
    group.throughput(Throughput::Elements(1));
    for size in [9u8, 19] {
        for (name, policy) in [("light", Policy::Light), ("heavy", Policy::Heavy)] {
            let empty = Board::new(size).unwrap();
            let mut rng = GameRng::seed_from_u64(1);
            group.bench_function(format!("{name} {size}x{size}"), |b| {
                b.iter(|| {
                    let mut board = empty.clone();
                    play_out(&mut board, Color::Black, policy, &mut rng, |_, _| {})
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
