//! Tunes the playout policy by self-play: a policy with changed knobs
//! (`Style`) against two of the policy as it is, by duplicate deals (each
//! deal in all three seatings), counting the pairs ranked apart.
//!
//! `cargo run --release -p veil-tysiac --example tune -- 3000 bid_margin=10 raise_margin=20`
use veil_ai::Level;
use veil_core::{Actor, Game, GameRng, SeedableRng, Turn};
use veil_tysiac::{Options, Phase, Style, Tysiac, playout_action_styled};

/// A seat: the policy with its knobs, or the search at a level in trick
/// play (`play`) or in everything else (`call`).
#[derive(Clone, Copy, Debug)]
struct Player {
    style: Style,
    play: Option<Level>,
    call: Option<Level>,
}

fn decide(
    game: &Tysiac,
    seat: veil_core::Seat,
    legal: &[veil_tysiac::Action],
    rng: &mut GameRng,
    p: &Player,
    seed: u64,
) -> veil_tysiac::Action {
    let level = if game.phase() == Phase::Play {
        p.play
    } else {
        p.call
    };
    match level {
        Some(level) if legal.len() > 1 => {
            veil_ai::choose::<Tysiac>(&game.observe(seat), level, None, seed)
        }
        _ => playout_action_styled(game, seat, legal, rng, &p.style),
    }
}

fn play(deal: u64, styles: [&Player; 3]) -> Vec<u8> {
    let mut chance = GameRng::seed_from_u64(deal.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut rngs: Vec<GameRng> = (0..3)
        .map(|s| GameRng::seed_from_u64(deal * 7 + s))
        .collect();
    let mut game = Tysiac::new(&Options::default(), 3).expect("the default options");
    let mut legal = Vec::new();
    let mut moves = 0u64;
    loop {
        moves += 1;
        if let Some(outcome) = game.outcome() {
            return outcome.ranks;
        }
        match game.turn() {
            Turn::Chance => {
                let a = game.sample_chance(&mut chance);
                game.apply(Actor::Chance, a).expect("a sampled deal");
            }
            Turn::Simultaneous(set) => {
                let seat = set.first().expect("a seat to choose");
                game.legal_actions(Actor::Seat(seat), &mut legal);
                let i = seat.index();
                let a = decide(&game, seat, &legal, &mut rngs[i], styles[i], deal ^ moves);
                game.apply(Actor::Seat(seat), a).expect("a legal action");
            }
            Turn::Seat(seat) => {
                game.legal_actions(Actor::Seat(seat), &mut legal);
                let i = seat.index();
                let a = decide(&game, seat, &legal, &mut rngs[i], styles[i], deal ^ moves);
                game.apply(Actor::Seat(seat), a).expect("a legal action");
            }
            other => panic!("unexpected turn {other:?}"),
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let deals: u64 = args
        .next()
        .map_or(1000, |s| s.parse().expect("a deal count"));
    let mut style = Player {
        style: Style::DEFAULT,
        play: None,
        call: None,
    };
    let mut base = style;
    for kv in args {
        let (k, v) = kv.split_once('=').expect("key=value");
        let (base_knob, k) = match k.strip_prefix("base.") {
            Some(k) => (true, k),
            None => (false, k),
        };
        let p = if base_knob { &mut base } else { &mut style };
        if k == "play" || k == "call" {
            let level: Level = v.parse().expect("a level");
            if k == "play" {
                p.play = Some(level)
            } else {
                p.call = Some(level)
            }
            continue;
        }
        let style = &mut p.style;
        let v: f64 = v.parse().expect("a number");
        match k {
            "bid_margin" => style.bid_margin = v,
            "bid_noise" => style.bid_noise = v as u16,
            "raise_margin" => style.raise_margin = v,
            "rospisat_short" => style.rospisat_short = v,
            "lead_margin" => style.lead_margin = v,
            "play_noise" => style.play_noise = v,
            other => panic!("no knob {other}"),
        }
    }
    let half = deals / 2;
    let run = |from: u64, to: u64| {
        let (mut ahead, mut behind, mut level, mut wins) = (0u32, 0u32, 0u32, 0u32);
        for deal in from..to {
            for r in 0..3 {
                // The variant sits at seat r.
                let styles: [&Player; 3] =
                    std::array::from_fn(|s| if s == r { &style } else { &base });
                let ranks = play(deal + 1_000_000, styles);
                wins += u32::from(ranks[r] == 0 && ranks.iter().filter(|x| **x == 0).count() == 1);
                for o in (0..3).filter(|o| *o != r) {
                    match ranks[r].cmp(&ranks[o]) {
                        std::cmp::Ordering::Less => ahead += 1,
                        std::cmp::Ordering::Equal => level += 1,
                        std::cmp::Ordering::Greater => behind += 1,
                    }
                }
            }
        }
        (ahead, behind, level, wins)
    };
    let (a, b) = std::thread::scope(|s| {
        let h = s.spawn(|| run(0, half));
        let b = run(half, deals);
        (h.join().expect("a thread"), b)
    });
    let (ahead, behind, level, wins) = (a.0 + b.0, a.1 + b.1, a.2 + b.2, a.3 + b.3);
    let n = f64::from(ahead + behind);
    let share = f64::from(ahead) / n;
    let se = (share * (1.0 - share) / n).sqrt();
    println!(
        "{style:?}: ahead {ahead}, behind {behind}, level {level}: {:.1} % ± {:.1}; won {wins} of {}",
        share * 100.0,
        se * 100.0,
        deals * 3
    );
}
