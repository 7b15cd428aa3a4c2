//! Prints the engine's root statistics after the given moves.
//! `cargo run -p veil-go --example think -- 20000 F6 G7 E7 G6`
//! (`SIZE=13` for another board than 9×9)
use veil_go::engine::{Engine, EngineConfig};
use veil_go::{Move, Point, Position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let playouts: u32 = args[0].parse().unwrap();
    let size: u8 = std::env::var("SIZE").map_or(9, |s| s.parse().unwrap());
    let mut position = Position::new(size, 0).unwrap();
    for m in &args[1..] {
        let mv = if m == "pass" {
            Move::Pass
        } else {
            Move::Play(Point::parse(m, size).unwrap())
        };
        position.play(position.to_move(), mv).unwrap();
    }
    println!("{:?}", position.board());
    let started = std::time::Instant::now();
    let mut engine = Engine::new(&position, 7.5, EngineConfig::playouts(playouts), 1);
    engine.run(u32::MAX);
    println!(
        "{} playouts in {:?}, {} nodes",
        engine.playouts(),
        started.elapsed(),
        engine.tree_size()
    );
    for s in engine.root_stats().iter().take(8) {
        println!("{s:?}");
    }
    println!("best {}", engine.best_move());
}
