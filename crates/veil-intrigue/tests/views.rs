//! What a seat sees: never the opponent's hiding square or Informant before
//! they are revealed.
use veil_chess::{Color, Square};
use veil_core::{Actor, Game, GameRng, RngExt, Seat, SeedableRng, Turn};
use veil_intrigue::{Action, Intrigue, IntrigueOptions, PawnState, Secret, color_of};

fn setup(g: &mut Intrigue, white: Action, black: Action) {
    g.apply(Actor::Seat(Seat(0)), white).unwrap();
    g.apply(Actor::Seat(Seat(1)), black).unwrap();
}

#[test]
fn the_view_json_holds_no_enemy_secret() {
    let hide = |h: u8, i: u8| Action::Setup {
        hiding: Square(h),
        informant: i,
    };
    let mut a = Intrigue::new(&IntrigueOptions::default(), 2).unwrap();
    let mut b = a.clone();
    setup(&mut a, hide(21, 4), hide(45, 2));
    setup(&mut b, hide(38, 6), hide(45, 2));
    let view: serde_json::Value = serde_json::to_value(a.observe(Seat(1))).unwrap();
    assert!(
        view["secrets"][0].is_null(),
        "White's secret is not in Black's view"
    );
    assert_eq!(view["secrets"][1]["hiding"], 45);
    assert_eq!(view["secrets"][1]["informant"], 2);
    // Nothing else in the view depends on White's secret.
    assert_eq!(
        serde_json::to_string(&a.observe(Seat(1))).unwrap(),
        serde_json::to_string(&b.observe(Seat(1))).unwrap()
    );
    assert_ne!(a.observe(Seat(0)), b.observe(Seat(0)));
}

/// An arbitrary other secret for `color`, consistent with what is public.
fn other_secret(game: &Intrigue, color: Color, rng: &mut GameRng) -> Secret {
    let public = game.public();
    let on: Vec<u8> = (0..8u8)
        .filter(|i| matches!(public.pawns[color.index()][*i as usize], PawnState::On(_)))
        .collect();
    let hiding = Square(rng.random_range(0..64));
    if public.retired[color.index()] || on.is_empty() || rng.random_bool(0.2) {
        Secret {
            hiding,
            informant: rng.random_range(0..8),
            active: false,
        }
    } else {
        Secret {
            hiding,
            informant: on[rng.random_range(0..on.len())],
            active: true,
        }
    }
}

#[test]
fn swapping_the_opponents_secret_leaves_the_view_unchanged() {
    let mut compared = 0;
    for seed in 0..150u64 {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut g = Intrigue::new(&IntrigueOptions::default(), 2).unwrap();
        let mut legal = Vec::new();
        while g.outcome().is_none() {
            let seat = match g.turn() {
                Turn::Seat(s) => s,
                Turn::Simultaneous(set) => set.first().unwrap(),
                _ => unreachable!(),
            };
            if g.public().chosen == [true; 2] {
                for viewer in [Seat(0), Seat(1)] {
                    let opponent = color_of(viewer.other());
                    if g.is_revealed(opponent) {
                        continue;
                    }
                    let secret = other_secret(&g, opponent, &mut rng);
                    let mut alt = g.clone();
                    alt.set_secret(opponent, secret)
                        .expect("a consistent secret");
                    assert_eq!(alt.observe(viewer), g.observe(viewer), "seed {seed}");
                    if seat == viewer {
                        let (mut x, mut y) = (Vec::new(), Vec::new());
                        g.legal_actions(Actor::Seat(viewer), &mut x);
                        alt.legal_actions(Actor::Seat(viewer), &mut y);
                        assert_eq!(
                            x, y,
                            "the viewer's choices do not depend on the enemy secret"
                        );
                    }
                    compared += 1;
                }
            }
            g.legal_actions(Actor::Seat(seat), &mut legal);
            let action = if rng.random_bool(0.5) {
                legal[rng.random_range(0..legal.len())]
            } else {
                g.playout_action(seat, &legal, &mut rng)
            };
            g.apply(Actor::Seat(seat), action).unwrap();
        }
        // Once the game is over both secrets are shown.
        let view = g.observe(Seat(0));
        assert!(view.secrets.iter().all(Option::is_some));
    }
    assert!(compared > 10_000, "{compared}");
}

#[test]
fn determinisations_keep_the_public_game_and_the_own_secret() {
    let mut g = Intrigue::new(&IntrigueOptions::default(), 2).unwrap();
    setup(
        &mut g,
        Action::Setup {
            hiding: Square(20),
            informant: 3,
        },
        Action::Setup {
            hiding: Square(44),
            informant: 5,
        },
    );
    for san in ["e4", "d5", "exd5"] {
        let a = g.parse_action(san).unwrap();
        let Turn::Seat(s) = g.turn() else {
            unreachable!()
        };
        g.apply(Actor::Seat(s), a).unwrap();
    }
    let view = g.observe(Seat(0));
    let mut rng = GameRng::seed_from_u64(3);
    let mut hidings = std::collections::HashSet::new();
    for _ in 0..200 {
        let d = Intrigue::determinize(&view, &mut rng);
        assert_eq!(d.observe(Seat(0)), view);
        assert_eq!(d.secret(Color::White), g.secret(Color::White));
        let black = d.secret(Color::Black).unwrap();
        hidings.insert(black.hiding);
        // Black's d-pawn was taken without a reveal: never its Informant.
        assert_ne!(black.informant, 3);
    }
    assert!(hidings.len() > 40, "the hidden King may be anywhere");
}

/// A King's absence of reaction: Black could have made its King appear on
/// White's Queen and did not, so determinisations hide it there less often
/// than on an empty square (uniformly, each square gets 1/64).
#[test]
fn determinisations_doubt_a_hiding_square_that_would_have_won_material() {
    let g = Intrigue::from_fen_hidden(
        "rnbq1bnr/pppp1ppp/8/4p3/3Q4/8/PPPPPPPP/RNB1KBNR w KQkq - 0 3",
        IntrigueOptions::default(),
        [None, Some((Square(44), None))],
    )
    .unwrap();
    let mut g = g;
    // A move each, so that Black has had its chance to appear on d4.
    for san in ["Nf3", "Nc6"] {
        let a = g.parse_action(san).unwrap();
        let Turn::Seat(s) = g.turn() else {
            unreachable!()
        };
        g.apply(Actor::Seat(s), a).unwrap();
    }
    let view = g.observe(Seat(0));
    let mut rng = GameRng::seed_from_u64(9);
    let (mut on_queen, mut on_empty) = (0, 0);
    let d4 = veil_intrigue::parse_square("d4").unwrap();
    let h5 = veil_intrigue::parse_square("h5").unwrap();
    let n = 12_800;
    for _ in 0..n {
        let hiding = Intrigue::determinize(&view, &mut rng)
            .secret(Color::Black)
            .unwrap()
            .hiding;
        on_queen += usize::from(hiding == d4);
        on_empty += usize::from(hiding == h5);
    }
    // Uniform would give about 200 each.
    assert!(on_queen < 110, "{on_queen} on the Queen");
    assert!(on_empty > 150, "{on_empty} on an empty square");
}
