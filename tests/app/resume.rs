//! Resume: a match in progress survives the app being dropped and built
//! again, for every game on the table; a save that cannot be used is set
//! aside with a message and the app starts as usual.

use veil::kit::store::Store;
use veil::table::save::{OLD_SAVE_KEY, ResumeOffer, SAVE_FORMAT, Saves, save_key};
use veil::table::view::{ActionRequest, GameView, GameViews};
use veil_core::{Actor, Game, Turn};
use veil_go::Rengo;
use veil_hide_and_guess::HideAndGuess;
use veil_intrigue::Intrigue;
use veil_reality_check::RealityCheck;
use veil_secret_king::SecretKing;
use veil_skelly::Skelly;
use veil_tysiac::Tysiac;

use veil::shell::screens::ReplaceAsked;

use super::*;

/// A headless app keeping its saves in `store`, on the title screen.
pub(super) fn app_with(store: &Store) -> App {
    let mut app = build_app(AppMode::Headless, LaunchOptions::default());
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        16,
    )));
    app.insert_resource(Settings {
        animation: AnimationSpeed::Off,
        ..Settings::default()
    });
    app.insert_resource(Saves(store.clone()));
    app.update();
    app
}

/// What two runs must agree on: the full state, the move list and the
/// referee's count of changes.
fn fingerprint<G: GameView>(app: &App) -> (String, Vec<String>, u64, u32) {
    let m = app.world().resource::<Match<G>>();
    (
        serde_json::to_string(m.full_state_for_tests()).expect("a state serialises"),
        m.log().to_vec(),
        m.version,
        m.plies,
    )
}

/// Plays `actions` actions of the people (fewer if the game ends), each
/// chosen by `rng` among the legal ones, while the computers play theirs,
/// passing the device whenever the privacy screen asks; with `undo_at`,
/// takes back the person's action of that number once.
fn drive<G: GameView>(app: &mut App, rng: &mut GameRng, actions: usize, undo_at: Option<usize>) {
    let mut done = 0;
    for _ in 0..20_000 {
        if done == actions || screen(app) != Screen::Play {
            return;
        }
        if app.world().resource::<PrivacyPending>().0.is_some() {
            send(app, Command::ContinueAfterPrivacy);
            continue;
        }
        let Some(m) = app.world().get_resource::<Match<G>>() else {
            return;
        };
        if m.turn() == Turn::Over {
            return;
        }
        let Some(seat) = m
            .to_act()
            .filter(|s| m.turn() != Turn::Chance && m.seat_kind(*s).is_human())
        else {
            app.update();
            continue;
        };
        let mut legal = Vec::new();
        m.full_state_for_tests()
            .legal_actions(Actor::Seat(seat), &mut legal);
        let action = legal[rng.random_range(0..legal.len())];
        let version = m.version;
        app.world_mut()
            .write_message(ActionRequest::<G> { seat, action });
        app.update();
        let m = app.world().resource::<Match<G>>();
        assert!(m.version > version, "{}: the action was refused", G::ID);
        done += 1;
        if undo_at == Some(done) {
            let version = app.world().resource::<Match<G>>().version;
            send(app, Command::Undo);
            let m = app.world().resource::<Match<G>>();
            assert!(m.version > version, "{}: the undo took", G::ID);
        }
    }
}

/// One game of `G`, played to `total` actions of the people twice from the
/// same seeds and inputs: once straight through, once with the app dropped
/// after `cut` actions and a new one continuing from the save. In hot-seat
/// (`hot_seat`) every seat is a person; otherwise one person plays Random
/// computers (whose choices depend on their seeds only) and takes back an
/// action before the cut.
fn interrupted_game_goes_on<G: GameView>(seats: usize, hot_seat: bool, cut: usize, total: usize) {
    let configure = |setup: &mut MatchSetup| {
        setup.seats = match hot_seat {
            true => vec![SeatKind::Human; seats],
            false => std::iter::once(SeatKind::Human)
                .chain(std::iter::repeat_n(
                    SeatKind::Computer(Level::Random),
                    seats - 1,
                ))
                .collect(),
        };
        setup.seed = Some(41);
    };
    let undo_at = (!hot_seat).then_some(3);
    // Straight through.
    let store = Store::memory();
    let mut app = app_with(&store);
    start_game(&mut app, G::ID, configure);
    let mut rng = GameRng::seed_from_u64(5);
    drive::<G>(&mut app, &mut rng, total, undo_at);
    let straight = fingerprint::<G>(&app);

    // Interrupted.
    let store = Store::memory();
    let mut app = app_with(&store);
    start_game(&mut app, G::ID, configure);
    let mut rng = GameRng::seed_from_u64(5);
    drive::<G>(&mut app, &mut rng, cut, undo_at);
    let before = fingerprint::<G>(&app);
    assert_ne!(
        app.world().resource::<Match<G>>().turn(),
        Turn::Over,
        "{}: still in progress when the app goes",
        G::ID
    );
    assert!(store.read(&save_key(G::ID)).is_some(), "{}: kept", G::ID);
    drop(app);

    let mut app = app_with(&store);
    assert_eq!(
        offered(&app),
        vec![G::ID],
        "{}: the title offers to continue",
        G::ID
    );
    send(&mut app, Command::Continue(G::ID));
    app.update();
    assert_eq!(screen(&app), Screen::Play, "{}: continued", G::ID);
    assert_eq!(fingerprint::<G>(&app), before, "{}: as it was left", G::ID);
    let m = app.world().resource::<Match<G>>();
    let humans = m.humans();
    let knowledge_differs = humans.iter().any(|a| {
        humans
            .iter()
            .any(|b| a != b && G::needs_privacy(&m.observe(*a), &m.observe(*b)))
    });
    assert_eq!(
        app.world().resource::<PrivacyPending>().0.is_some(),
        knowledge_differs,
        "{}: hot-seat is taken up again behind the privacy screen when the seats' knowledge differs",
        G::ID
    );
    drive::<G>(&mut app, &mut rng, total - cut, None);
    assert_eq!(
        fingerprint::<G>(&app),
        straight,
        "{}: the continued game went on exactly as the straight one",
        G::ID
    );
}

#[test]
fn every_game_goes_on_after_the_app_is_closed() {
    let ids: Vec<&'static str> = {
        let app = app_with(&Store::Nowhere);
        app.world()
            .resource::<GameViews>()
            .0
            .keys()
            .copied()
            .collect()
    };
    for id in ids {
        for hot_seat in [true, false] {
            match id {
                x if x == Jieqi::ID => interrupted_game_goes_on::<Jieqi>(2, hot_seat, 8, 20),
                x if x == HideAndGuess::ID => {
                    interrupted_game_goes_on::<HideAndGuess>(2, hot_seat, 5, 12)
                }
                x if x == Intrigue::ID => interrupted_game_goes_on::<Intrigue>(2, hot_seat, 8, 20),
                x if x == SecretKing::ID => {
                    interrupted_game_goes_on::<SecretKing>(2, hot_seat, 8, 20)
                }
                x if x == Tysiac::ID => interrupted_game_goes_on::<Tysiac>(3, hot_seat, 10, 30),
                x if x == Rengo::ID => interrupted_game_goes_on::<Rengo>(4, hot_seat, 8, 20),
                x if x == RealityCheck::ID => {
                    interrupted_game_goes_on::<RealityCheck>(2, hot_seat, 12, 30)
                }
                x if x == Skelly::ID => interrupted_game_goes_on::<Skelly>(3, hot_seat, 6, 15),
                other => panic!("the resume test does not cover {other} yet: add it here"),
            }
        }
    }
}

#[test]
fn a_finished_game_is_not_offered_again() {
    let store = Store::memory();
    let mut app = app_with(&store);
    start_game(&mut app, Jieqi::ID, |setup| {
        setup.seats = vec![SeatKind::Human, SeatKind::Human];
        setup.seed = Some(3);
    });
    let mut rng = GameRng::seed_from_u64(1);
    drive::<Jieqi>(&mut app, &mut rng, 2, None);
    assert!(
        store.read(&save_key(Jieqi::ID)).is_some(),
        "kept while in progress"
    );
    send(&mut app, Command::Resign);
    send(&mut app, Command::Resign);
    for _ in 0..200 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Results);
    assert!(
        store.read(&save_key(Jieqi::ID)).is_none(),
        "forgotten once over"
    );
    let app = app_with(&store);
    assert_eq!(offered(&app), Vec::<&str>::new());
}

/// Every kind of unusable save is set aside (kept under another name) with
/// one line for the player, and the app starts as usual.
#[test]
fn an_unusable_save_is_set_aside_with_a_message() {
    // A real save to damage.
    let store = Store::memory();
    let mut app = app_with(&store);
    start_game(&mut app, Jieqi::ID, |setup| {
        setup.seats = vec![SeatKind::Human, SeatKind::Computer(Level::Random)];
        setup.seed = Some(9);
    });
    let mut rng = GameRng::seed_from_u64(2);
    drive::<Jieqi>(&mut app, &mut rng, 3, None);
    let good = store.read(&save_key(Jieqi::ID)).expect("kept");
    drop(app);
    let mut value: serde_json::Value = serde_json::from_str(&good).expect("json");
    value["match"]["seats"] = serde_json::json!(["human", "human", "human"]);
    let wrong_seats = value.to_string();
    let mut value: serde_json::Value = serde_json::from_str(&good).expect("json");
    // The checkpoint may predate every undo point (they follow in the log):
    // then the resigned seat is the one out of range.
    match value["match"]["undo_points"].get_mut(0) {
        Some(point) => point["seat"] = serde_json::json!(7),
        None => value["match"]["resigned"] = serde_json::json!(7),
    }
    let wrong_seat = value.to_string();

    let cases: Vec<(&str, String, &str)> = vec![
        ("not json", "{ this is not".into(), "could not be read"),
        (
            "cut short",
            good[..good.len() / 2].into(),
            "could not be read",
        ),
        (
            "newer",
            r#"{"format": 9, "game": "jieqi", "match": {}}"#.into(),
            "newer Veil",
        ),
        (
            "unknown game",
            format!(r#"{{"format": {SAVE_FORMAT}, "game": "go-moku", "match": {{}}}}"#),
            "no game",
        ),
        (
            "older",
            r#"{"format": 1, "game": "jieqi", "match": {}}"#.into(),
            "too old",
        ),
        ("seats", wrong_seats, "damaged"),
        ("seat out of range", wrong_seat, "damaged"),
    ];
    // Under the game's own key, and under the one key older builds kept
    // their one match in progress under.
    let keys = [save_key(Jieqi::ID), OLD_SAVE_KEY.to_owned()];
    for ((what, text, says), key_name) in cases
        .into_iter()
        .flat_map(|c| keys.iter().map(move |k| (c.clone(), k)))
    {
        let store = Store::memory();
        store.write(key_name, &text).expect("kept");
        let mut app = app_with(&store);
        let offer = app.world().resource::<ResumeOffer>().clone();
        assert!(offer.games.is_empty(), "{what} ({key_name}): not offered");
        let message = offer.message.unwrap_or_default();
        assert!(
            message.contains("set aside") && message.contains(says),
            "{what} ({key_name}): {message}"
        );
        assert!(store.read(key_name).is_none(), "{what}: moved away");
        assert_eq!(
            store.read(&format!("{key_name}.set-aside-1")).as_deref(),
            Some(text.as_str()),
            "{what}: kept as it was"
        );
        // The app goes on as usual.
        key(&mut app, KeyCode::Enter, Key::Enter);
        assert_eq!(screen(&app), Screen::GameChoice, "{what}");
    }

    // The undamaged save is offered and continues, from either key (the
    // old one moves to the game's own).
    for key_name in keys {
        let store = Store::memory();
        store.write(&key_name, &good).expect("kept");
        let mut app = app_with(&store);
        assert_eq!(
            offered(&app),
            vec![Jieqi::ID],
            "the control: the good save is offered ({key_name})"
        );
        assert_eq!(
            store.read(&save_key(Jieqi::ID)).as_deref(),
            Some(good.as_str())
        );
        assert!(store.read(OLD_SAVE_KEY).is_none(), "moved, not copied");
        send(&mut app, Command::Continue(Jieqi::ID));
        app.update();
        assert_eq!(screen(&app), Screen::Play);
        assert_eq!(
            app.world().resource::<PrivacyPending>().0,
            None,
            "one person against the computer: no privacy screen"
        );
    }
}

/// The ids of the games the title offers to continue, in its order.
fn offered(app: &App) -> Vec<&'static str> {
    app.world()
        .resource::<ResumeOffer>()
        .games
        .iter()
        .map(|g| g.game)
        .collect()
}

/// Issue 34, 1: starting another game never loses the one in progress;
/// each is kept and offered, the last played first, and a new match of a
/// kind with one in progress starts only once the player says so.
#[test]
fn starting_another_game_keeps_the_one_in_progress() {
    let store = Store::memory();
    let mut app = app_with(&store);
    let against_random = |setup: &mut MatchSetup| {
        setup.seats = vec![SeatKind::Human, SeatKind::Computer(Level::Random)];
        setup.seed = Some(17);
    };
    start_game(&mut app, HideAndGuess::ID, against_random);
    let mut rng = GameRng::seed_from_u64(3);
    drive::<HideAndGuess>(&mut app, &mut rng, 3, None);
    let hide = fingerprint::<HideAndGuess>(&app);
    send(&mut app, Command::Back);
    app.update();
    assert_eq!(screen(&app), Screen::Title);
    assert_eq!(offered(&app), vec![HideAndGuess::ID]);
    let line = &app.world().resource::<ResumeOffer>().games[0].line;
    assert!(line.contains("against the computer"), "{line}");

    // Another game: the first stays kept, both are offered, the last first.
    start_game(&mut app, Intrigue::ID, against_random);
    drive::<Intrigue>(&mut app, &mut rng, 2, None);
    let intrigue = fingerprint::<Intrigue>(&app);
    send(&mut app, Command::Back);
    app.update();
    assert_eq!(offered(&app), vec![Intrigue::ID, HideAndGuess::ID]);

    // A new match of a kind in progress: the setup asks, Esc takes the
    // question back, and nothing is lost until "Start anew".
    key(&mut app, KeyCode::Enter, Key::Enter);
    send(&mut app, Command::ChooseGame(HideAndGuess::ID));
    app.update();
    assert_eq!(screen(&app), Screen::Setup);
    key(&mut app, KeyCode::Enter, Key::Enter);
    assert_eq!(screen(&app), Screen::Setup, "asked, not started");
    assert!(app.world().resource::<ReplaceAsked>().0);
    key(&mut app, KeyCode::Escape, Key::Escape);
    assert_eq!(screen(&app), Screen::Setup, "Esc takes the question back");
    assert!(!app.world().resource::<ReplaceAsked>().0);
    // "Continue the game in progress" from the setup.
    send(&mut app, Command::Continue(HideAndGuess::ID));
    app.update();
    assert_eq!(screen(&app), Screen::Play);
    assert_eq!(fingerprint::<HideAndGuess>(&app), hide, "as it was left");
    drop(app);

    // Both survive the app being closed, and each continues as it was.
    let mut app = app_with(&store);
    assert_eq!(offered(&app), vec![HideAndGuess::ID, Intrigue::ID]);
    send(&mut app, Command::Continue(Intrigue::ID));
    app.update();
    assert_eq!(fingerprint::<Intrigue>(&app), intrigue);
    send(&mut app, Command::Back);
    app.update();
    send(&mut app, Command::Continue(HideAndGuess::ID));
    app.update();
    assert_eq!(fingerprint::<HideAndGuess>(&app), hide);

    // Saying "Start anew" replaces that kind's match, and only that one.
    send(&mut app, Command::Back);
    app.update();
    key(&mut app, KeyCode::Enter, Key::Enter);
    send(&mut app, Command::ChooseGame(HideAndGuess::ID));
    app.update();
    app.world_mut().resource_mut::<MatchSetup>().seed = Some(99);
    key(&mut app, KeyCode::Enter, Key::Enter);
    assert_eq!(screen(&app), Screen::Setup);
    send(&mut app, Command::StartAnew);
    app.update();
    assert_eq!(screen(&app), Screen::Play);
    assert_ne!(fingerprint::<HideAndGuess>(&app), hide, "a new match");
    send(&mut app, Command::Back);
    app.update();
    assert_eq!(offered(&app), vec![HideAndGuess::ID, Intrigue::ID]);
}

/// Issue 34, 7: a game never played starts as one person against the
/// computer, whatever the last game's seats were.
#[test]
fn a_game_never_played_starts_against_the_computer() {
    let mut app = app_with(&Store::memory());
    start_game(&mut app, HideAndGuess::ID, |setup| {
        setup.seats = vec![SeatKind::Human, SeatKind::Human];
    });
    send(&mut app, Command::Back);
    app.update();
    key(&mut app, KeyCode::Enter, Key::Enter);
    for (id, n) in [(Intrigue::ID, 2), (Tysiac::ID, 3), (HideAndGuess::ID, 2)] {
        send(&mut app, Command::ChooseGame(id));
        app.update();
        let seats = app.world().resource::<MatchSetup>().seats.clone();
        if id == HideAndGuess::ID {
            // Played before: its own last seats.
            assert_eq!(seats, vec![SeatKind::Human; 2], "{id}");
        } else {
            assert_eq!(seats.len(), n, "{id}");
            assert_eq!(seats[0], SeatKind::Human, "{id}");
            assert!(
                seats[1..].iter().all(|s| !s.is_human()),
                "{id}: the others are computers: {seats:?}"
            );
        }
        key(&mut app, KeyCode::Escape, Key::Escape);
        assert_eq!(screen(&app), Screen::GameChoice);
    }
}

#[test]
fn the_chance_generator_is_kept_exactly() {
    use veil::table::referee::{rng_from_words, rng_words};
    use veil_core::Rng;
    for seed in [0u64, 1, 42, u64::MAX] {
        let mut a = GameRng::seed_from_u64(seed);
        for _ in 0..seed % 7 {
            a.next_u64();
        }
        let mut b = rng_from_words(rng_words(&a));
        let xs: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..8).map(|_| b.next_u64()).collect();
        assert_eq!(xs, ys, "seed {seed}");
    }
}
