//! One test (or more) per ruling of RULINGS §1, through the public API.

use veil_core::{ActionError, Actor, Game, GameRng, Seat, SeedableRng, Turn};
use veil_hide_and_guess::{Action, End, HideAndGuess, Pieces, belief};

const A: Seat = Seat(0);
const B: Seat = Seat(1);

fn p(text: &str) -> Pieces {
    text.parse().unwrap()
}

fn play(game: &mut HideAndGuess, seat: Seat, action: Action) {
    game.apply(Actor::Seat(seat), action)
        .unwrap_or_else(|e| panic!("{e}"));
}

/// Secrets hidden, `first` to move.
fn started(secret_a: &str, secret_b: &str, first: Seat) -> HideAndGuess {
    let mut game = HideAndGuess::new(&(), 2).unwrap();
    assert_eq!(game.turn(), Turn::Simultaneous(veil_core::SeatSet::all(2)));
    play(&mut game, B, Action::ChooseSecret(p(secret_b)));
    play(&mut game, A, Action::ChooseSecret(p(secret_a)));
    assert_eq!(game.turn(), Turn::Chance);
    game.apply(Actor::Chance, Action::FirstPlayer(first))
        .unwrap();
    assert_eq!(game.turn(), Turn::Seat(first));
    game
}

/// `builder` builds `pieces`; the thumbs are `[seat 0, seat 1]`.
fn build(game: &mut HideAndGuess, builder: Seat, pieces: &str, thumbs: [bool; 2]) {
    play(game, builder, Action::Build(p(pieces)));
    play(game, A, Action::Vote(thumbs[0]));
    play(game, B, Action::Vote(thumbs[1]));
}

/// Asserts the action is refused and changes nothing; returns the error.
fn refused(game: &mut HideAndGuess, actor: Actor, action: Action) -> ActionError<Action> {
    let before = game.clone();
    let err = game.apply(actor, action).expect_err("must be refused");
    assert_eq!(*err.action(), action);
    assert_eq!(*game, before, "a refused action changed the state");
    err
}

#[test]
fn seed_example_triangle_pays_per_shared_piece() {
    // "pawn pawn king" with one white stone: "pawn queen rook rook bishop"
    // gains 1, "pawn pawn pawn rook rook" gains 2.
    let mut game = started("pawn queen rook rook bishop", "pawn pawn pawn rook rook", A);
    build(&mut game, A, "pawn pawn king", [false, true]);
    let t = game.table().triangles[0];
    assert_eq!(
        (t.stones(), t.base_stone(), t.tip_stone()),
        (1, false, true)
    );
    assert_eq!(game.table().triangle_points(p("QRRBP")), 1);
    assert_eq!(game.table().triangle_points(p("PPPRR")), 2);
    // Two stones pay twice.
    let mut both = started("QRRBP", "PPPRR", A);
    build(&mut both, A, "KPP", [true, true]);
    assert_eq!(both.scores(), [2, 4]);
}

#[test]
fn triangles_without_stones_score_nothing() {
    let mut game = started("PPPPP", "PPPPP", A);
    build(&mut game, A, "PPP", [false, false]);
    assert_eq!(game.table().triangles[0].stones(), 0);
    assert_eq!(game.scores(), [0, 0]);
    build(&mut game, B, "KPP", [true, false]);
    assert_eq!(
        game.scores(),
        [2, 2],
        "a stone pays both players, not only the voter"
    );
}

#[test]
fn turns_alternate_and_the_vote_is_not_a_turn() {
    let mut game = started("KQPPP", "RRBBN", B);
    play(&mut game, B, Action::Build(p("NNN")));
    assert!(matches!(game.turn(), Turn::Simultaneous(set) if set.len() == 2));
    play(&mut game, B, Action::Vote(true));
    assert_eq!(
        game.turn(),
        Turn::Simultaneous(veil_core::SeatSet::EMPTY.with(A))
    );
    play(&mut game, A, Action::Vote(false));
    assert_eq!(game.turn(), Turn::Seat(A));
    play(&mut game, A, Action::Guess(p("PPPPP")));
    assert_eq!(game.turn(), Turn::Seat(B));
}

/// Ten triangles using 30 of the 32 white pieces, leaving two pawns.
const TEN: [&str; 10] = [
    "PPP", "KPP", "QPP", "RPP", "BPP", "NPP", "KQR", "RRB", "BBN", "NNP",
];

#[test]
fn at_most_ten_triangles_then_build_ends_the_game() {
    let mut game = started("KQPPP", "RRBBN", A);
    let mut builder = A;
    let mut legal = Vec::new();
    for (i, t) in TEN.iter().enumerate() {
        game.legal_actions(Actor::Seat(builder), &mut legal);
        assert!(
            !legal.contains(&Action::EndByBuild),
            "something is still buildable"
        );
        refused(&mut game, Actor::Seat(builder), Action::EndByBuild);
        build(&mut game, builder, t, [i % 2 == 0, i % 3 == 0]);
        builder = Seat(1 - builder.0);
    }
    assert_eq!(game.table().triangles.len(), 10);
    assert_eq!(game.table().supply, p("PP"));
    game.legal_actions(Actor::Seat(builder), &mut legal);
    assert!(legal.contains(&Action::EndByBuild));
    assert!(!legal.iter().any(|a| matches!(a, Action::Build(_))));
    assert_eq!(
        legal.len(),
        1 + Pieces::secrets().len(),
        "build (to end) or any guess"
    );
    refused(&mut game, Actor::Seat(builder), Action::Build(p("PPK")));
    play(&mut game, builder, Action::EndByBuild);
    assert_eq!(game.turn(), Turn::Over);
    assert_eq!(game.table().end, Some(End::NothingToBuild { by: builder }));
    assert!(game.outcome().unwrap().reason.contains("no new triangle"));
}

#[test]
fn random_games_never_exceed_ten_triangles() {
    let mut rng = GameRng::seed_from_u64(1);
    let mut most = 0;
    for _ in 0..300 {
        let mut game = HideAndGuess::new(&(), 2).unwrap();
        // Builds only, to exhaust the supply.
        veil_core::play_out(&mut game, &mut rng, 10_000, |_, _, legal, rng| {
            let builds: Vec<_> = legal
                .iter()
                .filter(|a| !matches!(a, Action::Guess(_)))
                .collect();
            *builds[veil_core::RngExt::random_range(rng, 0..builds.len())]
        });
        assert!(game.outcome().is_some());
        let t = &game.table().triangles;
        most = most.max(t.len());
        assert!(t.len() <= 10);
        let distinct: std::collections::HashSet<_> = t.iter().map(|t| t.pieces).collect();
        assert_eq!(distinct.len(), t.len(), "two triangles of the same pieces");
        let used = t.iter().fold(game.table().supply, |acc, t| {
            Pieces::from_counts(std::array::from_fn(|i| {
                acc.counts()[i] + t.pieces.counts()[i]
            }))
        });
        assert_eq!(used, Pieces::SUPPLY, "pieces in triangles left the supply");
    }
    assert!(
        most >= 9,
        "random building should come close to the limit, got {most}"
    );
}

#[test]
fn build_ends_the_game_when_every_buildable_triangle_exists() {
    // Nine triangles leave five pawns, but PPP is already on the table.
    let nine = [
        "PPP", "KKP", "QQP", "RRP", "BBP", "NNP", "RBP", "RNP", "BNP",
    ];
    let mut game = started("KQPPP", "RRBBN", A);
    let mut builder = A;
    for t in nine {
        build(&mut game, builder, t, [true, false]);
        builder = Seat(1 - builder.0);
    }
    assert_eq!(game.table().supply, p("PPPPP"));
    refused(&mut game, Actor::Seat(builder), Action::Build(p("PPP")));
    play(&mut game, builder, Action::EndByBuild);
    assert_eq!(game.turn(), Turn::Over);
}

#[test]
fn a_triangle_is_a_new_multiset_of_three_from_the_supply() {
    let mut game = started("KQPPP", "RRBBN", A);
    build(&mut game, A, "pawn pawn king", [true, true]);
    // The seed's example: no second "two pawns and a king", in any order.
    let err = refused(&mut game, Actor::Seat(B), Action::Build(p("KPP")));
    assert!(matches!(err, ActionError::Illegal { .. }));
    refused(&mut game, Actor::Seat(B), Action::Build(p("PKP")));
    refused(&mut game, Actor::Seat(B), Action::Build(p("PP")));
    refused(&mut game, Actor::Seat(B), Action::Build(p("PPPP")));
    build(&mut game, B, "KQN", [false, false]);
    // Both kings are gone now.
    refused(&mut game, Actor::Seat(A), Action::Build(p("KNP")));
    assert_eq!(
        game.table().supply.count(veil_hide_and_guess::Kind::King),
        0
    );
    let mut legal = Vec::new();
    game.legal_actions(Actor::Seat(A), &mut legal);
    assert!(legal.contains(&Action::Build(p("QPP"))));
    assert!(!legal.contains(&Action::Build(p("KPP"))));
}

#[test]
fn correct_guess_takes_a_stone_per_triangle_and_ends() {
    let mut game = started("KQPPP", "RRBBN", A);
    build(&mut game, A, "PPP", [false, false]);
    build(&mut game, B, "NNN", [false, true]);
    play(
        &mut game,
        A,
        Action::Guess(p("two rooks, two bishops and a knight")),
    );
    assert_eq!(game.turn(), Turn::Over);
    let guess = *game.table().guesses.last().unwrap();
    assert!(guess.correct && guess.by == A);
    // Two triangles (one without stones): two white stones. NNN's one stone
    // pays B for its one knight.
    assert_eq!(game.table().white, [2, 0]);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.scores, vec![2, 1]);
    assert!(outcome.reason.contains("correct guess"));
    refused(&mut game, Actor::Seat(B), Action::Guess(p("KQPPP")));
    assert!(matches!(
        game.apply(Actor::Seat(B), Action::Guess(p("KQPPP"))),
        Err(ActionError::GameOver { .. })
    ));
}

#[test]
fn wrong_guess_costs_a_black_stone_and_play_goes_on() {
    let mut game = started("KQPPP", "RRBBN", A);
    play(&mut game, A, Action::Guess(p("RRBBP")));
    assert_eq!(game.table().white, [0, 1]);
    assert_eq!(game.table().black, [1, 0]);
    assert_eq!(game.turn(), Turn::Seat(B));
    assert_eq!(game.scores(), [-2, 1]);
    assert!(game.is_repeated_guess(A, p("RRBBP")));
    assert!(!game.is_repeated_guess(B, p("RRBBP")));
    assert!(game.observe(A).is_repeated_guess(p("PBBRR")));
    play(&mut game, B, Action::Guess(p("KQPPN")));
    // Repeating a wrong guess is legal.
    play(&mut game, A, Action::Guess(p("RRBBP")));
    assert_eq!(game.table().black, [2, 1]);
    assert_eq!(game.table().white, [1, 2]);
    assert_eq!(game.table().guesses.len(), 3);
    assert!(game.table().guesses.iter().all(|g| !g.correct));
}

#[test]
fn a_guess_names_five_a_black_set_could_hold() {
    let mut game = started("KQPPP", "RRBBN", A);
    for bad in ["KKPPP", "RRRBN", "PPPP", "PPPPPP", "QQNNB"] {
        refused(&mut game, Actor::Seat(A), Action::Guess(p(bad)));
    }
    let mut legal = Vec::new();
    game.legal_actions(Actor::Seat(A), &mut legal);
    let guesses = legal
        .iter()
        .filter(|a| matches!(a, Action::Guess(_)))
        .count();
    assert_eq!(guesses, Pieces::secrets().len());
}

#[test]
fn equal_scores_more_black_stones_wins() {
    // A: 6 from PPP (2 stones) − 2 for a wrong guess = 4.
    // B: 1 from KNN (1 stone) + 1 from A's wrong guess + 2 for guessing
    // right with two triangles out = 4.
    let mut game = started("PPPPP", "KQRBB", A);
    build(&mut game, A, "PPP", [true, true]);
    build(&mut game, B, "KNN", [false, true]);
    play(&mut game, A, Action::Guess(p("KQRBN")));
    play(&mut game, B, Action::Guess(p("PPPPP")));
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.scores, vec![4, 4]);
    assert_eq!(game.table().black, [1, 0]);
    assert_eq!(outcome.winners().collect::<Vec<_>>(), vec![A]);
    assert_eq!(outcome.ranks, vec![0, 1]);
    assert!(outcome.reason.contains("more black stones"));
}

#[test]
fn equal_scores_and_black_stones_is_a_draw() {
    // The seed's triangle with one stone: A (PPPRR) 2, B (QRRBP) 1; one wrong
    // guess each; B's correct guess brings one stone for one triangle.
    let mut game = started("PPPRR", "QRRBP", A);
    build(&mut game, A, "KPP", [false, true]);
    play(&mut game, B, Action::Guess(p("PPPPP")));
    play(&mut game, A, Action::Guess(p("QRRBN")));
    play(&mut game, B, Action::Guess(p("RRPPP")));
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.scores, vec![1, 1]);
    assert!(outcome.is_draw());
}

#[test]
fn higher_score_wins_whatever_the_black_stones() {
    let mut game = started("PPPRR", "QRRBP", A);
    play(&mut game, A, Action::Guess(p("PPPPP")));
    play(&mut game, B, Action::Guess(p("PPPRR")));
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.scores, vec![-2, 1]);
    assert_eq!(outcome.winners().collect::<Vec<_>>(), vec![B]);
}

#[test]
fn the_vote_is_simultaneous_and_secrets_stay_hidden() {
    let mut game = started("KQRBN", "PPPPP", A);
    play(&mut game, A, Action::Build(p("RRB")));
    play(&mut game, B, Action::Vote(true));
    let view = game.observe(A);
    assert!(view.opponent_has_voted && view.my_vote.is_none());
    assert!(
        game.table().triangles[0].votes.is_none(),
        "nothing revealed before both voted"
    );
    // A's view is the same whatever B hid and however B voted.
    let mut other = started("KQRBN", "RRBBN", A);
    play(&mut other, A, Action::Build(p("RRB")));
    play(&mut other, B, Action::Vote(false));
    assert_eq!(other.observe(A), view);
    let text = serde_json::to_string(&view).unwrap();
    assert_eq!(serde_json::to_string(&other.observe(A)).unwrap(), text);
    assert!(!text.contains("\"PPPPP\""), "{text}");
    // B still has to vote no more; A votes and both thumbs show together.
    refused(&mut game, Actor::Seat(B), Action::Vote(false));
    play(&mut game, A, Action::Vote(false));
    assert_eq!(game.table().triangles[0].votes, Some([false, true]));
    assert!(game.table().triangles[0].tip_stone());
}

#[test]
fn secret_choice_is_hidden_and_revealed_at_the_end() {
    let mut game = HideAndGuess::new(&(), 2).unwrap();
    play(&mut game, B, Action::ChooseSecret(p("PPPPP")));
    let view = game.observe(A);
    assert!(view.opponent_has_chosen && view.my_secret.is_none());
    assert!(!serde_json::to_string(&view).unwrap().contains("\"PPPPP\""));
    refused(&mut game, Actor::Seat(B), Action::ChooseSecret(p("KQRBN")));
    refused(&mut game, Actor::Seat(A), Action::ChooseSecret(p("KKRBN")));
    refused(&mut game, Actor::Chance, Action::FirstPlayer(A));
    play(&mut game, A, Action::ChooseSecret(p("KQRBN")));
    refused(&mut game, Actor::Chance, Action::FirstPlayer(Seat(2)));
    refused(&mut game, Actor::Seat(A), Action::FirstPlayer(A));
    game.apply(Actor::Chance, Action::FirstPlayer(B)).unwrap();
    play(&mut game, B, Action::Guess(p("KQRBN")));
    assert_eq!(game.observe(A).opponent_secret, Some(p("PPPPP")));
    assert_eq!(game.observe(B).opponent_secret, Some(p("KQRBN")));
}

#[test]
fn actions_out_of_turn_or_phase_are_refused_unchanged() {
    let mut game = started("KQPPP", "RRBBN", A);
    assert!(matches!(
        refused(&mut game, Actor::Seat(B), Action::Build(p("PPP"))),
        ActionError::NotYourTurn { .. }
    ));
    refused(&mut game, Actor::Seat(A), Action::Vote(true));
    refused(&mut game, Actor::Seat(A), Action::ChooseSecret(p("PPPPP")));
    refused(&mut game, Actor::Chance, Action::FirstPlayer(A));
    play(&mut game, A, Action::Build(p("PPP")));
    refused(&mut game, Actor::Seat(A), Action::Build(p("KPP")));
    refused(&mut game, Actor::Seat(B), Action::Guess(p("KQPPP")));
    assert!(HideAndGuess::new(&(), 3).is_err());
}

#[test]
fn actions_and_states_serialise_readably() {
    let action = Action::Build(p("pawn pawn king"));
    let text = serde_json::to_string(&action).unwrap();
    assert_eq!(text, r#"{"Build":"KPP"}"#);
    assert_eq!(serde_json::from_str::<Action>(&text).unwrap(), action);
    assert!(serde_json::from_str::<Action>(r#"{"Build":"KXP"}"#).is_err());
    let mut game = started("KQPPP", "RRBBN", A);
    build(&mut game, A, "PPP", [true, false]);
    let back: HideAndGuess = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
    assert_eq!(back, game);
}

#[test]
fn belief_follows_votes_and_excludes_wrong_guesses() {
    let mut game = started("KQPPP", "RRBBN", A);
    play(&mut game, A, Action::Guess(p("RRBBP")));
    build(&mut game, B, "RRB", [false, true]);
    build(&mut game, A, "PPP", [true, false]);
    let view = game.observe(A);
    let belief = belief(&view);
    assert_eq!(belief.len(), Pieces::secrets().len());
    let total: f64 = belief.iter().map(|(_, w)| w).sum();
    assert!((total - 1.0).abs() < 1e-9);
    let weight = |s: &str| belief.iter().find(|(x, _)| *x == p(s)).unwrap().1;
    assert_eq!(weight("RRBBP"), 0.0);
    assert!(weight("RRBBN") > weight("KQPPP"));
    assert!(weight("RRBNN") > weight("RPPPP"));
    // Determinisations never hold the excluded secret, and lean to the votes.
    let mut rng = GameRng::seed_from_u64(3);
    let mut rooks = 0;
    for _ in 0..2000 {
        let det = HideAndGuess::determinize(&view, &mut rng);
        let secret = det.secret(B).unwrap();
        assert_ne!(secret, p("RRBBP"));
        assert_eq!(det.secret(A), Some(p("KQPPP")));
        assert_eq!(det.observe(A), view);
        rooks += secret.overlap(p("RRB"));
    }
    // Uniform over the 89 secrets, the mean overlap with RRB is below 1.
    let uniform: usize = Pieces::secrets().iter().map(|s| s.overlap(p("RRB"))).sum();
    assert!(rooks as f64 / 2000.0 > uniform as f64 / 89.0 + 0.2);
    // After the end, the belief is the revealed secret.
    play(&mut game, B, Action::Guess(p("KQPPP")));
    let revealed = veil_hide_and_guess::belief(&game.observe(A));
    assert_eq!(
        revealed.iter().find(|(_, w)| *w == 1.0).unwrap().0,
        p("RRBBN")
    );
}

#[test]
fn determinize_samples_a_hidden_thumb() {
    let mut game = started("KQPPP", "RRBBN", A);
    play(&mut game, A, Action::Build(p("RRB")));
    play(&mut game, B, Action::Vote(true));
    let view = game.observe(A);
    let mut rng = GameRng::seed_from_u64(9);
    let mut seen = [false; 2];
    for _ in 0..200 {
        let mut det = HideAndGuess::determinize(&view, &mut rng);
        assert_eq!(det.observe(A), view);
        assert_eq!(det.turn(), game.turn());
        det.apply(Actor::Seat(A), Action::Vote(true)).unwrap();
        seen[usize::from(det.table().triangles[0].voted_up(B))] = true;
    }
    assert_eq!(seen, [true, true], "the hidden thumb is drawn, not known");
}

#[test]
fn evaluate_favours_the_leader() {
    let mut game = started("PPPPP", "KQRBN", A);
    build(&mut game, A, "PPP", [true, true]);
    let a = game.evaluate(A).unwrap();
    let b = game.evaluate(B).unwrap();
    assert!(a > 0.5 && b < 0.5 && (0.0..=1.0).contains(&a), "{a} {b}");
    assert!((a + b - 1.0).abs() < 1e-9);
}

#[test]
fn playouts_beat_random_play() {
    let mut rng = GameRng::seed_from_u64(5);
    let (mut wins, mut losses) = (0, 0);
    for i in 0..400u32 {
        let smart = Seat((i % 2) as u8);
        let mut game = HideAndGuess::new(&(), 2).unwrap();
        veil_core::play_out(&mut game, &mut rng, 100_000, |g, seat, legal, rng| {
            if seat == smart {
                g.playout_action(seat, legal, rng)
            } else {
                // Random, but building and guessing equally often, so the
                // game is not all guesses.
                let guess = veil_core::RngExt::random_bool(rng, 0.3);
                let pick: Vec<_> = legal
                    .iter()
                    .filter(|a| matches!(a, Action::Guess(_)) == guess)
                    .copied()
                    .collect();
                let pick = if pick.is_empty() {
                    legal.to_vec()
                } else {
                    pick
                };
                pick[veil_core::RngExt::random_range(rng, 0..pick.len())]
            }
        });
        let outcome = game.outcome().unwrap();
        if outcome.winners().collect::<Vec<_>>() == vec![smart] {
            wins += 1;
        } else if !outcome.is_draw() {
            losses += 1;
        }
    }
    assert!(
        wins > 2 * losses,
        "playout policy won {wins}, lost {losses}"
    );
}

/// Rewrites what only the referee knows of `seat`: its secret and its thumb
/// on the open vote, through the saved form of the state.
fn with_other_hidden(game: &HideAndGuess, seat: Seat, secret: Pieces, thumb: bool) -> HideAndGuess {
    let mut value = serde_json::to_value(game).unwrap();
    let i = seat.index();
    if !value["secrets"][i].is_null() {
        value["secrets"][i] = serde_json::to_value(secret).unwrap();
    }
    if !value["votes"][i].is_null() {
        value["votes"][i] = serde_json::Value::Bool(thumb);
    }
    serde_json::from_value(value).unwrap()
}

#[test]
fn views_do_not_depend_on_the_other_secret_or_thumb() {
    let mut rng = GameRng::seed_from_u64(11);
    let mut compared = 0;
    for _ in 0..200 {
        let mut game = HideAndGuess::new(&(), 2).unwrap();
        let mut legal = Vec::new();
        while game.turn() != Turn::Over {
            for viewer in [A, B] {
                let hidden = Seat(1 - viewer.0);
                // Any secret the viewer has not ruled out by a wrong guess.
                let candidates: Vec<Pieces> = Pieces::secrets()
                    .iter()
                    .copied()
                    .filter(|s| !game.is_repeated_guess(viewer, *s))
                    .collect();
                let secret =
                    candidates[veil_core::RngExt::random_range(&mut rng, 0..candidates.len())];
                let thumb = veil_core::RngExt::random_bool(&mut rng, 0.5);
                let other = with_other_hidden(&game, hidden, secret, thumb);
                assert_eq!(other.observe(viewer), game.observe(viewer));
                let mine = game.turn() == Turn::Seat(viewer)
                    || matches!(game.turn(), Turn::Simultaneous(set) if set.contains(viewer));
                if mine {
                    let mut theirs = Vec::new();
                    game.legal_actions(Actor::Seat(viewer), &mut legal);
                    other.legal_actions(Actor::Seat(viewer), &mut theirs);
                    assert_eq!(legal, theirs);
                }
                compared += 1;
            }
            let actor = match game.turn() {
                Turn::Chance => Actor::Chance,
                Turn::Seat(s) => Actor::Seat(s),
                Turn::Simultaneous(set) => Actor::Seat(set.first().unwrap()),
                Turn::Over => unreachable!(),
            };
            let action = match actor {
                Actor::Chance => game.sample_chance(&mut rng),
                Actor::Seat(s) => {
                    game.legal_actions(actor, &mut legal);
                    game.playout_action(s, &legal, &mut rng)
                }
            };
            game.apply(actor, action).unwrap();
        }
        // At the end both secrets are shown.
        let view = game.observe(A);
        assert_eq!(view.opponent_secret, game.secret(B));
        assert!(view.opponent_secret.is_some());
    }
    assert!(compared > 1000);
}
