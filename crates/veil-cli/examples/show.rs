use veil_ai::{Level, arena};
use veil_core::{Game, Seat};
use veil_intrigue::Intrigue;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let levels: Vec<Level> = a[1].split(',').map(|s| s.parse().unwrap()).collect();
    let seed: u64 = a[2].parse().unwrap();
    let r = arena::play_match::<Intrigue>(&Default::default(), &levels, seed, None).unwrap();
    let mut g = Intrigue::new(&Default::default(), 2).unwrap();
    for (actor, action) in &r.record.actions { g.apply(*actor, *action).unwrap(); }
    println!("{:?}", r.outcome);
    println!("secrets W {:?} B {:?}", g.secret(veil_chess::Color::White), g.secret(veil_chess::Color::Black));
    let h = g.history();
    for (i, m) in h.chunks(2).enumerate() { print!("{}. {} ", i+1, m.join(" ")); }
    println!();
    let _ = Seat(0);
}
