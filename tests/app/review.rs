//! Review: a finished game, looked back on from the results screen, for
//! every game on the table. Each position is what the seats saw then —
//! checked against a replay of the referee's own record, not against the
//! review's timeline — the keys step through it, "Everything" shows the
//! secrets, and looking through one seat's eyes paints nothing that seat
//! had not seen by then.

use veil::table::view::{ActionRequest, GameView, GameViews};
use veil_core::{Actor, Game, Record, Turn};
use veil_go::Rengo;
use veil_hide_and_guess::HideAndGuess;
use veil_intrigue::Intrigue;
use veil_reality_check::RealityCheck;
use veil_secret_king::SecretKing;
use veil_skelly::Skelly;
use veil_tysiac::Tysiac;

use super::*;

/// Plays a whole game of `G`: seat 0 a person choosing at random among
/// its legal actions, the others Random computers; ends on the results.
/// Returns the move list's length seen live after each ply played alone in
/// its frame, by ply.
pub(super) fn finish_a_game<G: GameView>(
    app: &mut App,
    seed: u64,
    configure: impl FnOnce(&mut MatchSetup),
) -> Vec<(u32, usize)> {
    start_game(app, G::ID, |setup| {
        let n = setup.seats.len();
        setup.seats = std::iter::once(SeatKind::Human)
            .chain(std::iter::repeat_n(
                SeatKind::Computer(Level::Random),
                n - 1,
            ))
            .collect();
        setup.seed = Some(seed);
        configure(setup);
    });
    let mut rng = GameRng::seed_from_u64(seed);
    let mut lists = Vec::new();
    let mut plies = 0;
    for _ in 0..60_000 {
        if screen(app) == Screen::Results {
            return lists;
        }
        let Some(m) = app.world().get_resource::<Match<G>>() else {
            // The game just ended: the results come next frame.
            app.update();
            continue;
        };
        let mine = m
            .to_act()
            .filter(|_| m.turn() != Turn::Chance && m.turn() != Turn::Over)
            .filter(|s| m.seat_kind(*s).is_human());
        if let Some(seat) = mine {
            let mut legal = Vec::new();
            m.full_state_for_tests()
                .legal_actions(Actor::Seat(seat), &mut legal);
            let action = legal[rng.random_range(0..legal.len())];
            app.world_mut()
                .write_message(ActionRequest::<G> { seat, action });
        }
        app.update();
        if let Some(m) = app.world().get_resource::<Match<G>>() {
            if m.plies == plies + 1 {
                lists.push((m.plies, m.log().len()));
            }
            plies = m.plies;
        }
    }
    panic!("{}: no result", G::ID);
}

/// The positions of a game replayed from its record: after the deal, then
/// after each seat's action and the chance that followed it.
fn replayed<G: GameView>(record: &Record<G>) -> Vec<G> {
    let mut g = G::new(&record.options, record.seats).expect("the record's options");
    let mut out = vec![g.clone()];
    for (actor, action) in &record.actions {
        g.apply(*actor, *action).expect("the record replays");
        match actor {
            Actor::Chance => *out.last_mut().expect("a position") = g.clone(),
            Actor::Seat(_) => out.push(g.clone()),
        }
    }
    out
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("serialises")
}

/// Opens the review from the results; it starts at the end of the game.
fn open_review<G: GameView>(app: &mut App) -> veil::table::referee::ReviewAt {
    assert_eq!(screen(app), Screen::Results);
    send(app, Command::Review);
    app.update();
    assert_eq!(screen(app), Screen::Play, "{}: the review opens", G::ID);
    let at = app
        .world()
        .resource::<Match<G>>()
        .review()
        .expect("the finished game is under review");
    assert_eq!(
        at.step,
        at.len - 1,
        "{}: the review opens on the end",
        G::ID
    );
    at
}

/// Steps back from the end to the start, then jumps to each end; at every
/// step the table is what each seat saw then, and with everything revealed
/// what the game says there was to know.
fn review_matches_the_record<G: GameView>(seed: u64, configure: impl FnOnce(&mut MatchSetup)) {
    let mut app = app(AnimationSpeed::Off);
    let lists = finish_a_game::<G>(&mut app, seed, configure);
    let at = open_review::<G>(&mut app);
    let m = app.world().resource::<Match<G>>();
    let seats = m.seats().len();
    let positions = replayed(m.record());
    assert_eq!(
        at.len,
        positions.len(),
        "{}: one step per seat action",
        G::ID
    );
    assert!(at.len > 2, "{}: a game of more than one move", G::ID);
    // At the end the move list is the whole game's; before, never longer.
    let whole = m.snapshot().log;
    assert_eq!(m.log(), whole.as_slice(), "{}: the whole move list", G::ID);
    let mut shorter = whole.len();
    for step in (0..at.len).rev() {
        let viewer = Seat((step % seats) as u8);
        send(&mut app, Command::ReviewAs(Some(viewer.0)));
        let m = app.world().resource::<Match<G>>();
        let now = m.review().expect("still under review");
        assert_eq!(now.step, step, "{}: the step", G::ID);
        assert_eq!(app.world().resource::<Viewer>().0, viewer);
        for s in Seat::all(seats) {
            assert_eq!(
                json(&m.observe(s)),
                json(&positions[step].observe(s)),
                "{}: step {step}, {} saw this",
                G::ID,
                G::seat_name(s)
            );
        }
        if G::ID == Jieqi::ID {
            check_world(&mut app);
        }
        // Everything revealed: what the game says there was to know then.
        if let Some(all) = G::revealed(&positions[step], viewer) {
            send(&mut app, Command::ReviewAs(None));
            let m = app.world().resource::<Match<G>>();
            assert_eq!(
                json(&m.observe(viewer)),
                json(&all),
                "{}: step {step}, everything",
                G::ID
            );
            send(&mut app, Command::ReviewAs(Some(viewer.0)));
        }
        let m = app.world().resource::<Match<G>>();
        assert!(m.log().len() <= shorter, "{}: step {step}: the list", G::ID);
        assert_eq!(m.log(), &whole[..m.log().len()], "{}: step {step}", G::ID);
        shorter = m.log().len();
        // The list as it stood live after this ply.
        if let Some((_, live)) = lists.iter().find(|(p, _)| *p as usize == step) {
            assert_eq!(m.log().len(), *live, "{}: step {step}: the list", G::ID);
        }
        if step > 0 {
            send(&mut app, Command::ReviewStep(-1));
        }
    }
    // The ends, and no further.
    send(&mut app, Command::ReviewStep(-1));
    let m = app.world().resource::<Match<G>>();
    assert_eq!(m.review().unwrap().step, 0);
    send(&mut app, Command::ReviewStep(100_000));
    let m = app.world().resource::<Match<G>>();
    assert_eq!(m.review().unwrap().step, at.len - 1);
    // Nothing is played in a review, and the results wait behind it.
    let (version, plies) = (m.version, m.plies);
    for _ in 0..120 {
        app.update();
    }
    let m = app.world().resource::<Match<G>>();
    assert_eq!(
        (m.version, m.plies),
        (version, plies),
        "{}: nobody plays in a review",
        G::ID
    );
    assert_eq!(screen(&app), Screen::Play, "{}: the review stays", G::ID);
    // Back to the results, and into the review again.
    send(&mut app, Command::Back);
    app.update();
    assert_eq!(screen(&app), Screen::Results);
    let again = open_review::<G>(&mut app);
    assert_eq!(again.len, at.len);
    // A new game drops the finished one.
    send(&mut app, Command::Back);
    app.update();
    send(&mut app, Command::PlayAgain);
    app.update();
    assert_eq!(screen(&app), Screen::Play);
    let m = app.world().resource::<Match<G>>();
    assert!(m.review().is_none(), "{}: a new game is played", G::ID);
}

#[test]
fn every_game_can_be_reviewed_as_each_seat_saw_it() {
    let games: Vec<&str> = {
        let app = app(AnimationSpeed::Off);
        app.world()
            .resource::<GameViews>()
            .0
            .keys()
            .copied()
            .collect()
    };
    for id in games {
        match id {
            x if x == Jieqi::ID => review_matches_the_record::<Jieqi>(3, |_| {}),
            x if x == HideAndGuess::ID => review_matches_the_record::<HideAndGuess>(3, |_| {}),
            x if x == Intrigue::ID => review_matches_the_record::<Intrigue>(3, |_| {}),
            x if x == SecretKing::ID => review_matches_the_record::<SecretKing>(3, |_| {}),
            x if x == Tysiac::ID => review_matches_the_record::<Tysiac>(3, |s| {
                s.set_options::<Tysiac>(&veil_tysiac::Options::one_hand())
            }),
            x if x == RealityCheck::ID => review_matches_the_record::<RealityCheck>(3, |_| {}),
            x if x == Rengo::ID => review_matches_the_record::<Rengo>(3, |_| {}),
            x if x == Skelly::ID => review_matches_the_record::<Skelly>(3, |_| {}),
            other => panic!("the review test does not cover {other} yet: add it here"),
        }
    }
}

/// "Everything" shows what the seats hid; "as a seat saw it" does not.
/// Intrigue: the opponent's secret appears in the review at the first
/// position only when everything is shown.
#[test]
fn everything_shows_the_secrets_and_a_seat_sees_only_its_own() {
    let mut app = app(AnimationSpeed::Off);
    finish_a_game::<Intrigue>(&mut app, 8, |_| {});
    open_review::<Intrigue>(&mut app);
    send(&mut app, Command::ReviewStep(-100_000));
    // Once both secrets are chosen (the first positions are the choices).
    send(&mut app, Command::ReviewStep(4));
    send(&mut app, Command::ReviewAs(Some(0)));
    let m = app.world().resource::<Match<Intrigue>>();
    let white = m.observe(Seat(0));
    assert!(white.secrets[0].is_some(), "White knows its own secret");
    assert!(white.secrets[1].is_none(), "and not Black's");
    assert!(m.can_reveal());
    send(&mut app, Command::ReviewAs(None));
    let m = app.world().resource::<Match<Intrigue>>();
    assert!(m.review().unwrap().revealed);
    let all = m.observe(app.world().resource::<Viewer>().0);
    assert!(
        all.secrets.iter().all(Option::is_some),
        "everything: both secrets"
    );
    let hiding = |s: Option<veil_intrigue::Secret>| s.map(|s| (s.hiding, s.informant));
    assert_eq!(
        hiding(all.secrets[1]),
        hiding(m.full_state_for_tests().revealed(Seat(0)).secrets[1]),
        "Black's true secret"
    );
    // Skelly hides nothing: no "Everything" to switch to.
    let mut app = super::app(AnimationSpeed::Off);
    finish_a_game::<Skelly>(&mut app, 8, |_| {});
    open_review::<Skelly>(&mut app);
    assert!(!app.world().resource::<Match<Skelly>>().can_reveal());
}

/// Tysiąc under review, through each seat's eyes in turn: no card that
/// seat had not seen by the position shown is painted (panel, table words,
/// move list). The control: its own cards are found by the same scan.
#[test]
fn a_seat_s_review_paints_no_card_it_had_not_seen() {
    use super::fair::{Painted, paint_probe};
    use veil_tysiac::Card;
    let mut app = app(AnimationSpeed::Off);
    paint_probe(&mut app);
    finish_a_game::<Tysiac>(&mut app, 5, |s| {
        s.set_options::<Tysiac>(&veil_tysiac::Options::one_hand())
    });
    let at = open_review::<Tysiac>(&mut app);
    let positions = replayed(app.world().resource::<Match<Tysiac>>().record());
    let mut own_found = 0;
    for seat in Seat::all(3) {
        send(&mut app, Command::ReviewAs(Some(seat.0)));
        send(&mut app, Command::ReviewStep(-100_000));
        let mut seen: Vec<String> = Vec::new();
        for step in 0..at.len {
            for card in super::tysiac::faces_seen(&positions[step].observe(seat)) {
                let name = card.to_string();
                if !seen.contains(&name) {
                    seen.push(name);
                }
            }
            app.update();
            let m = app.world().resource::<Match<Tysiac>>();
            let mut painted = app.world().resource::<Painted>().0.join("\n");
            painted.push('\n');
            painted.push_str(&m.log().join("\n"));
            painted.push('\n');
            painted.push_str(&super::fair::world_words(&mut app));
            for card in Card::all() {
                let name = card.to_string();
                if painted.contains(&name) {
                    assert!(
                        seen.contains(&name),
                        "step {step}, {seat}: {name} painted, never seen"
                    );
                    own_found += 1;
                }
            }
            send(&mut app, Command::ReviewStep(1));
        }
    }
    assert!(own_found > 30, "the scan finds the cards a seat saw");
}

/// A finished game is kept among the recent games: an app built again on
/// the same store lists it on the title, and opening it gives the review
/// of the same game (then its results, as after play). Its Veil record,
/// handed back as text, opens the same way. A damaged, unfinished, newer or
/// foreign record is refused with one line, and the list is untouched.
#[test]
fn recent_games_and_records_open_for_review() {
    use veil::kit::store::Store;
    use veil::table::recent::{FinishedRecords, OpenRecord, RecentGames};
    let store = Store::memory();
    let mut first = super::resume::app_with(&store);
    finish_a_game::<HideAndGuess>(&mut first, 31, |_| {});
    let finished = &first
        .world()
        .resource::<veil::table::view::Finished<HideAndGuess>>()
        .0;
    let (log, state) = (
        finished.log().to_vec(),
        json(finished.full_state_for_tests()),
    );
    let records = first.world().resource::<FinishedRecords>();
    assert_eq!(
        records.files[0].label, "Veil record",
        "the results offer it"
    );
    let record = records.files[0].text.clone();
    // "Save the Veil record": a file in the records folder beside the
    // settings (a download in the browser).
    let dir = std::env::temp_dir().join(format!("veil-records-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    first
        .world_mut()
        .insert_resource(veil::kit::settings::SettingsStore::File(
            dir.join("settings.json"),
        ));
    first
        .world_mut()
        .write_message(veil::table::recent::KeepRecord::Finished(0));
    first.update();
    let note = first.world().resource::<FinishedRecords>().note.clone();
    assert!(
        note.as_deref().is_some_and(|n| n.contains("saved as")),
        "{note:?}"
    );
    let kept: Vec<_> = std::fs::read_dir(dir.join("records"))
        .expect("a records folder")
        .collect();
    assert_eq!(kept.len(), 1);
    let path = kept[0].as_ref().expect("an entry").path();
    assert_eq!(std::fs::read_to_string(&path).expect("readable"), record);
    let _ = std::fs::remove_dir_all(&dir);
    drop(first);

    let opens = |app: &mut App, ask: OpenRecord| -> Option<String> {
        app.world_mut().write_message(ask);
        app.update();
        app.update();
        app.world().resource::<RecentGames>().message.clone()
    };
    let reviewed = |app: &App| {
        assert_eq!(screen(app), Screen::Play);
        let m = app.world().resource::<Match<HideAndGuess>>();
        assert!(m.review().is_some(), "the game is under review");
        assert_eq!(m.log(), log.as_slice(), "the same game");
        assert_eq!(json(m.full_state_for_tests()), state);
    };
    let mut app = super::resume::app_with(&store);
    let recent = app.world().resource::<RecentGames>();
    assert_eq!(recent.games.len(), 1, "kept among the recent games");
    assert_eq!(recent.games[0].game, HideAndGuess::ID);
    assert_eq!(opens(&mut app, OpenRecord::Recent(0)), None);
    reviewed(&app);
    send(&mut app, Command::Back);
    app.update();
    assert_eq!(screen(&app), Screen::Results, "then its results");
    assert!(app.world().get_resource::<MatchResult>().is_some());

    let mut app = super::resume::app_with(&store);
    assert_eq!(opens(&mut app, OpenRecord::Text(record.clone())), None);
    reviewed(&app);

    // A game in progress is a save, not a record to review.
    let mut other = super::app(AnimationSpeed::Off);
    start_game(&mut other, HideAndGuess::ID, |_| {});
    let unfinished =
        veil::table::save::record_text(other.world().resource::<Match<HideAndGuess>>())
            .expect("a record");
    let newer = record.replacen(
        &format!("\"format\":{}", veil::table::save::SAVE_FORMAT),
        "\"format\":99",
        1,
    );
    assert_ne!(newer, record);
    let foreign = record.replacen(HideAndGuess::ID, "checkers", 1);
    let cut = record[..record.len() / 2].to_owned();
    let mut app = super::resume::app_with(&store);
    for (text, why) in [
        ("not a record".to_owned(), "not a Veil record"),
        (cut, "could not be opened"),
        (unfinished, "not finished"),
        (newer, "newer Veil"),
        (foreign, "no game \"checkers\""),
    ] {
        let line = opens(&mut app, OpenRecord::Text(text)).expect("a line says why");
        assert!(line.contains(why), "{line:?} should say {why:?}");
        assert_eq!(screen(&app), Screen::Title, "nothing opens");
    }
    assert_eq!(
        app.world().resource::<RecentGames>().games.len(),
        1,
        "the list is untouched"
    );
}

/// A list of recent games that cannot be read (damaged, or an entry of the
/// wrong shape) is set aside with one line on the title, the app starts as
/// usual, and the next finished game starts a new list. A remembered how-to
/// list that cannot be read counts as none.
#[test]
fn an_unreadable_list_of_recent_games_is_set_aside() {
    use veil::kit::store::Store;
    use veil::table::recent::{RECENT_KEY, RecentGames};
    for damaged in ["[{\"game\":", "{\"not\":\"a list\"}", "[{\"game\":3}]"] {
        let store = Store::memory();
        store.write(RECENT_KEY, damaged).expect("kept");
        store
            .write(veil::table::howto::HOW_TO_KEY, "][")
            .expect("kept");
        let mut app = super::resume::app_with(&store);
        assert_eq!(screen(&app), Screen::Title);
        let recent = app.world().resource::<RecentGames>();
        assert!(recent.games.is_empty(), "{damaged}");
        let line = recent.message.clone().expect("a line says so");
        assert!(line.contains("could not be read"), "{line}");
        assert_eq!(store.read(RECENT_KEY), None, "moved aside");
        assert_eq!(store.read("recent.set-aside-1").as_deref(), Some(damaged));
        assert!(
            app.world()
                .resource::<veil::table::howto::Introduced>()
                .0
                .is_empty()
        );
        finish_a_game::<HideAndGuess>(&mut app, 3, |_| {});
        assert_eq!(app.world().resource::<RecentGames>().games.len(), 1);
    }
}

/// For a game against the computer the review can show what the computer
/// believed as it chose each move, from its search's own imagined states:
/// in Secret King a mark on each Knight it thought might be the hidden
/// King, with the share, and the true one framed. Off until asked; kept in
/// the game's record, so a record opened later shows it too.
#[test]
fn the_review_shows_what_the_computer_believed() {
    use veil::table::guesses::GuessMark;
    use veil::table::view::belief_lines;
    let mut app = app(AnimationSpeed::Off);
    finish_a_game::<SecretKing>(&mut app, 7, |setup| {
        setup.seats = vec![SeatKind::Human, SeatKind::Computer(Level::Easy)];
    });
    let at = open_review::<SecretKing>(&mut app);
    assert!(at.has_guesses && !at.guesses, "kept, and off until asked");
    let marks = |app: &mut App| {
        let mut q = app.world_mut().query_filtered::<&Sprite, With<GuessMark>>();
        q.iter(app.world()).count()
    };
    let frames = |app: &mut App| {
        let mut q = app
            .world_mut()
            .query_filtered::<&Children, With<GuessMark>>();
        q.iter(app.world()).filter(|c| c.len() == 4).count()
    };
    send(&mut app, Command::ReviewStep(-100_000));
    let mut believed = 0;
    let mut spread = 0;
    for step in 0..at.len {
        let m = app.world().resource::<Match<SecretKing>>();
        assert_eq!(m.review().unwrap().step, step);
        assert!(m.review_belief().is_none(), "off: nothing shown");
        assert_eq!(marks(&mut app), 0, "step {step}: no marks while off");
        send(&mut app, Command::ReviewGuesses(true));
        let m = app.world().resource::<Match<SecretKing>>();
        if let Some((seat, belief, truth)) = m.review_belief() {
            let (belief, truth) = (belief.clone(), truth.clone());
            believed += 1;
            assert_eq!(seat, Seat(1), "only the computer keeps beliefs");
            assert!(belief.is_valid());
            assert_eq!(belief.samples, veil_ai::BELIEF_SAMPLES);
            // Every place believed is a Knight of White's that could be
            // its King, and the truth (White's Secret King, while hidden)
            // is among them: the computer imagined only what could be.
            assert!(truth.len() <= 1, "{truth:?}");
            for fact in &truth {
                assert!(
                    belief.share(*fact) > 0.0,
                    "step {step}: the truth was believed possible"
                );
            }
            let total: f64 = belief.places().iter().map(|p| belief.at(*p)[0].1).sum();
            assert!((total - 1.0).abs() < 1e-9, "one King, somewhere: {total}");
            if belief.places().len() > 1 {
                spread += 1;
            }
            app.update();
            assert_eq!(
                marks(&mut app),
                belief.places().len(),
                "step {step}: a mark a place"
            );
            assert_eq!(
                frames(&mut app),
                truth.len(),
                "step {step}: the truth framed"
            );
            let lines = belief_lines::<SecretKing>(&belief, &truth);
            assert_eq!(lines.len(), belief.places().len());
            for fact in &truth {
                let name = <SecretKing as GameView>::fact_words(*fact).0;
                let line = lines
                    .iter()
                    .find(|l| l.place == name)
                    .expect("the true square listed");
                assert!(line.guesses.iter().any(|g| g.2), "and ticked");
            }
        } else {
            app.update();
            assert_eq!(marks(&mut app), 0, "step {step}: no belief, no marks");
        }
        send(&mut app, Command::ReviewGuesses(false));
        send(&mut app, Command::ReviewStep(1));
    }
    assert!(
        believed >= 5,
        "the computer's moves kept beliefs: {believed}"
    );
    assert!(
        spread >= 1,
        "and some were unsure between Knights: {spread}"
    );

    // The record keeps them: read back, the same beliefs at the same steps.
    let m = app.world().resource::<Match<SecretKing>>();
    let beliefs =
        |m: &Match<SecretKing>| -> Vec<_> { m.positions().into_iter().map(|p| p.belief).collect() };
    let before = beliefs(m);
    let text = veil::table::save::record_text(m).expect("a record");
    let back = veil::table::save::read_save::<SecretKing>(&text, None).expect("reads back");
    assert_eq!(beliefs(&back), before);
    // A belief that does not add up is refused with a line, not shown.
    let broken = text.replacen("\"samples\":256", "\"samples\":3", 1);
    assert_ne!(broken, text);
    let error = veil::table::save::read_save::<SecretKing>(&broken, None)
        .err()
        .expect("refused");
    assert!(error.contains("belief"), "{error}");
}

/// Tysiąc's "Everything": every hand and the face-down prikup face up, the
/// cards the full state holds there; through a seat's eyes the other hands
/// are backs again.
#[test]
fn tysiac_everything_shows_every_hand() {
    use veil::games::tysiac::{CardFace, CardPlace, TableCard};
    let mut app = app(AnimationSpeed::Off);
    finish_a_game::<Tysiac>(&mut app, 5, |s| {
        s.set_options::<Tysiac>(&veil_tysiac::Options::one_hand())
    });
    open_review::<Tysiac>(&mut app);
    assert!(app.world().resource::<Match<Tysiac>>().can_reveal());
    send(&mut app, Command::ReviewStep(-100_000));
    // A few moves in: the first hand is dealt, the prikup face down.
    send(&mut app, Command::ReviewStep(3));
    let faces_in_hands = |app: &mut App| {
        let mut q = app.world_mut().query::<(&TableCard, Option<&CardFace>)>();
        let mut by_seat = [(0, 0); 3];
        for (card, face) in q.iter(app.world()) {
            if let CardPlace::Hand { seat, .. } = card.place {
                let s = &mut by_seat[usize::from(seat)];
                s.0 += 1;
                s.1 += usize::from(face.is_some());
            }
        }
        by_seat
    };
    send(&mut app, Command::ReviewAs(Some(0)));
    app.update();
    let seen = faces_in_hands(&mut app);
    assert!(
        seen[0].0 > 0 && seen[0].1 == seen[0].0,
        "own hand face up: {seen:?}"
    );
    assert!(
        seen[1].0 > 0 && seen[1].1 == 0,
        "the others are backs: {seen:?}"
    );
    assert_eq!(seen[2].1, 0);
    send(&mut app, Command::ReviewAs(None));
    app.update();
    let all = faces_in_hands(&mut app);
    for s in 0..3 {
        assert!(
            all[s].0 > 0 && all[s].1 == all[s].0,
            "every hand face up: {all:?}"
        );
    }
    let m = app.world().resource::<Match<Tysiac>>();
    let open = m
        .observe(app.world().resource::<Viewer>().0)
        .open
        .expect("open cards");
    let mut q = app.world_mut().query::<(&TableCard, &CardFace)>();
    for (card, face) in q.iter(app.world()) {
        if let CardPlace::Hand { seat, .. } = card.place {
            assert!(
                open.hands[usize::from(seat)].contains(face.0),
                "{:?} in seat {seat}",
                face.0
            );
        }
    }
}

/// Issue 33, defect 8: a belief from a pasted record naming the last place
/// there is overflowed `place + 1` in Jieqi's review (a panic in debug
/// builds, "Capture 0" in release).
#[test]
fn a_belief_at_the_last_place_is_named_without_overflow() {
    let fact = veil_core::Fact {
        place: u16::MAX,
        what: 0,
    };
    let (place, _) = <veil_jieqi::Jieqi as GameView>::fact_words(fact);
    assert_eq!(place, "Capture 65536");
}
