//! Veil's computer player (veil-ai's information-set search) with
//! Intrigue's evaluation and playout policy: it takes free material, mates
//! in one and reveals its King when that wins material, not for nothing.
use veil_ai::{Level, choose};
use veil_core::{Game, Seat};
use veil_intrigue::{Action, Intrigue, IntrigueOptions, parse_square};

fn game(fen: &str, white: Option<(&str, &str)>, black: Option<(&str, &str)>) -> Intrigue {
    let h = |x: Option<(&str, &str)>| {
        x.map(|(a, b)| (parse_square(a).unwrap(), Some(parse_square(b).unwrap())))
    };
    Intrigue::from_fen_hidden(fen, IntrigueOptions::default(), [h(white), h(black)]).unwrap()
}

fn pick(g: &Intrigue, seat: Seat, seed: u64) -> String {
    let action = choose::<Intrigue>(&g.observe(seat), Level::Normal, None, seed);
    match action {
        Action::Move(m) => g.position().san(m),
        other => other.to_string(),
    }
}

#[test]
fn takes_free_material() {
    let g = game(
        "rnb1kbnr/pppp1ppp/8/3qp3/8/2N5/PPPPPPPP/R1BQ1BNR w KQkq - 0 3",
        Some(("h3", "a2")),
        None,
    );
    for seed in 0..2 {
        assert_eq!(pick(&g, Seat(0), seed), "Nxd5", "seed {seed}");
    }
}

#[test]
fn mates_in_one() {
    let g = game(
        "6k1/5ppp/8/8/8/8/1P6/R7 w - - 0 1",
        Some(("h1", "b2")),
        None,
    );
    for seed in 0..2 {
        assert_eq!(pick(&g, Seat(0), seed), "Ra8#", "seed {seed}");
    }
}

#[test]
fn reveals_to_win_material_but_not_for_nothing() {
    // The King hides under Black's Queen: appearing takes it.
    let g = game(
        "rnb1kbnr/pppppppp/8/7q/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1",
        Some(("h5", "a2")),
        None,
    );
    for seed in 0..2 {
        assert_eq!(pick(&g, Seat(0), seed), "reveal", "seed {seed}");
    }
    // At the start there is nothing to gain.
    let g = game(
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
        Some(("c3", "a2")),
        Some(("f6", "h7")),
    );
    // The search samples, so judge it over several seeds: showing the King
    // for nothing must be the rare exception, not the plan.
    let reveals = (0..12)
        .filter(|seed| pick(&g, Seat(0), *seed) == "reveal")
        .count();
    assert!(
        reveals <= 3,
        "revealed for nothing with {reveals} of 12 seeds"
    );
}

#[test]
fn does_not_show_its_king_early_for_a_pawn() {
    // After 1. Nf3 f5 White's King hides on f5: appearing takes a pawn, and
    // leaves the King among Black's pieces with every piece still on.
    let g = game(
        "rnbq1bnr/ppppp1pp/8/5p2/8/5N2/PPPPPPPP/RNBQ1B1R w KQkq - 0 2",
        Some(("f5", "a2")),
        Some(("f6", "h7")),
    );
    let reveals = (0..6)
        .filter(|seed| pick(&g, Seat(0), *seed) == "reveal")
        .count();
    assert!(
        reveals <= 1,
        "revealed for a pawn with {reveals} of 6 seeds"
    );
}

#[test]
fn hard_sums_trees_of_normal_size_and_playouts_stop_at_twelve_plies() {
    let g = game(
        "rnb1kbnr/pppp1ppp/8/3qp3/8/2N5/PPPPPPPP/R1BQ1BNR w KQkq - 0 3",
        Some(("h3", "a2")),
        None,
    );
    let mut search = veil_ai::Search::<Intrigue>::new(&g.observe(Seat(0)), Level::Hard.config(), 1);
    assert_eq!(search.config().playout_depth, 12);
    search.run(3_200);
    // The first tree of 3 000 iterations is folded into the root
    // statistics; the tree in hand holds only the last 200.
    let visits: u32 = search.root_stats().iter().map(|s| s.visits).sum();
    assert_eq!(visits, 3_200);
    assert!(search.tree_size() <= 201, "{}", search.tree_size());
    assert_eq!(
        search
            .best_action()
            .map(|a| match a {
                Action::Move(m) => g.position().san(m),
                other => other.to_string(),
            })
            .as_deref(),
        Some("Nxd5")
    );
}

/// Hard hides its King on its own back rank, on an empty square or a
/// minor piece's, with any pawn as its Informant; Normal's setup is drawn
/// from all 512 (a dozen plies of playout cannot tell them apart).
#[test]
fn hard_hides_its_king_on_its_own_back_rank() {
    use veil_intrigue::{Queens, square_name};
    let setups = |options: &IntrigueOptions, seat: Seat, level: Level| {
        let g = Intrigue::new(options, 2).unwrap();
        let mut hidings = std::collections::BTreeSet::new();
        let mut pawns = std::collections::BTreeSet::new();
        for seed in 0..6 {
            match choose::<Intrigue>(&g.observe(seat), level, None, seed) {
                Action::Setup { hiding, informant } => {
                    hidings.insert(square_name(hiding));
                    pawns.insert(informant);
                }
                other => panic!("{other} at the setup"),
            }
        }
        (hidings, pawns)
    };
    let fine = ["b1", "c1", "e1", "f1", "g1"];
    let (hidings, pawns) = setups(&IntrigueOptions::default(), Seat(0), Level::Hard);
    assert!(
        hidings.iter().all(|h| fine.contains(&h.as_str())),
        "{hidings:?}"
    );
    assert!(
        hidings.len() >= 2 && pawns.len() >= 2,
        "{hidings:?} {pawns:?}: not one guessable setup"
    );
    let (hidings, _) = setups(&IntrigueOptions::default(), Seat(1), Level::Hard);
    let fine8 = ["b8", "c8", "e8", "f8", "g8"];
    assert!(
        hidings.iter().all(|h| fine8.contains(&h.as_str())),
        "{hidings:?}"
    );
    // With the Queen on e1 its square is no hiding place, d1 is.
    let queen_on_e1 = IntrigueOptions {
        queens: Queens::KingSquare,
        ..IntrigueOptions::default()
    };
    let (hidings, _) = setups(&queen_on_e1, Seat(0), Level::Hard);
    let fine = ["b1", "c1", "d1", "f1", "g1"];
    assert!(
        hidings.iter().all(|h| fine.contains(&h.as_str())),
        "{hidings:?}"
    );
    // Normal's, for comparison: not all of them there.
    let (hidings, _) = setups(&IntrigueOptions::default(), Seat(0), Level::Normal);
    assert!(hidings.iter().any(|h| !h.ends_with('1')), "{hidings:?}");
}
