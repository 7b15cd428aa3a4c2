//! The app, headless: whole Jieqi games driven through the app's own input
//! (keys through leafwing, and the `Command` messages buttons and clicks
//! send), from the title screen to the results, with the world checked
//! against the viewer's observation after every move.

use std::time::Duration;

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy::window::PrimaryWindow;
use veil::games::jieqi::{Scene, ViewState, kind_name};
use veil::kit::board::{
    BoardLayout, BoardUi, Cell, FaceDown, Glyph, Highlight, Identity, InTray, Owner, Piece,
};
use veil::kit::input::Command;
use veil::kit::settings::{AnimationSpeed, Settings};
use veil::kit::sound::{Cue, CueLog};
use veil::shell::screens::ReplaceAsked;
use veil::table::referee::{
    LastThinkSlice, Match, MatchResult, PlayPhase, PrivacyPending, ThinkBudget, Viewer,
};
use veil::table::setup::{MatchSetup, SeatKind};
use veil::{AppMode, LaunchOptions, Screen, build_app};
use veil_ai::Level;
use veil_core::{GameRng, RngExt, Seat, SeedableRng};
use veil_jieqi::{CapturedReveal, Jieqi, JieqiView, Square};

fn app(animation: AnimationSpeed) -> App {
    let mut app = build_app(AppMode::Headless, LaunchOptions::default());
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        16,
    )));
    app.insert_resource(Settings {
        animation,
        ..Settings::default()
    });
    app.update();
    if let Some((w, h)) = touch::finger() {
        touch::install(&mut app, w, h);
    }
    app
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn send(app: &mut App, c: Command) {
    // Finger mode: a tap on the table or the panel's button, where there is one.
    if touch::finger().is_some() && screen(app) == Screen::Play && touch::send_by_touch(app, &c) {
        return;
    }
    app.world_mut().write_message(c);
    app.update();
}

/// Presses and releases a key through Bevy's input, as a keyboard would.
fn key(app: &mut App, code: KeyCode, logical: Key) {
    if touch::finger().is_some() && touch::key_by_touch(app, code) {
        return;
    }
    let window = app
        .world_mut()
        .query_filtered::<Entity, With<PrimaryWindow>>()
        .single(app.world())
        .expect("a primary window");
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: code,
            logical_key: logical.clone(),
            state,
            text: None,
            repeat: false,
            window,
        });
        app.update();
    }
    app.update();
}

/// Puts the pointer on the point `at` of the table (world coordinates)
/// and clicks there with the left button, as a mouse would.
/// Where world point `at` shows in the window, through the camera the
/// table's fit set.
fn window_point(app: &mut App, at: Vec2) -> Vec2 {
    let world = app.world_mut();
    let (camera, projection) = world
        .query_filtered::<(&Transform, &Projection), With<Camera2d>>()
        .single(world)
        .map(|(t, p)| (*t, p.clone()))
        .expect("one camera");
    let size = world
        .query_filtered::<&Window, With<PrimaryWindow>>()
        .single(world)
        .expect("a window")
        .size();
    veil::table::fit::world_to_window(size, at, &camera, &projection)
}

fn click_at(app: &mut App, at: Vec2) {
    use bevy::input::mouse::MouseButtonInput;
    let pos = window_point(app, at);
    let world = app.world_mut();
    let mut windows = world.query_filtered::<(Entity, &mut Window), With<PrimaryWindow>>();
    let (window, mut w) = windows.single_mut(world).expect("a window");
    let size = w.size();
    assert!(
        pos.x >= 0.0 && pos.y >= 0.0 && pos.x < size.x && pos.y < size.y,
        "the point is in the window ({pos})"
    );
    if touch::finger().is_some() {
        touch::tap(app, pos);
        return;
    }
    w.set_cursor_position(Some(pos));
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(MouseButtonInput {
            button: MouseButton::Left,
            state,
            window,
        });
        app.update();
    }
}

/// Title → game choice → setup with the keyboard and the choice's button.
fn to_setup(app: &mut App) {
    assert_eq!(screen(app), Screen::Title);
    let world = app.world_mut();
    assert_eq!(
        world
            .query::<&veil::shell::screens::TitleArt>()
            .iter(world)
            .count(),
        12,
        "the title's art is drawn"
    );
    key(app, KeyCode::Enter, Key::Enter);
    assert_eq!(screen(app), Screen::GameChoice);
    let world = app.world_mut();
    assert_eq!(
        world
            .query::<&veil::shell::screens::TitleArt>()
            .iter(world)
            .count(),
        0,
        "and goes with the title"
    );
    if let Some(coming) = veil_games::GAMES.iter().find(|g| !g.app) {
        send(app, Command::ChooseGame(coming.id));
        app.update();
        assert_eq!(
            screen(app),
            Screen::GameChoice,
            "games still coming cannot be chosen"
        );
    }
    send(app, Command::ChooseGame("jieqi"));
    app.update();
    assert_eq!(screen(app), Screen::Setup);
}

/// From the title screen through the game choice and the setup into play;
/// `configure` sets seats and options on the setup screen.
fn start_game(app: &mut App, game: &'static str, configure: impl FnOnce(&mut MatchSetup)) {
    assert_eq!(screen(app), Screen::Title);
    key(app, KeyCode::Enter, Key::Enter);
    assert_eq!(screen(app), Screen::GameChoice);
    send(app, Command::ChooseGame(game));
    app.update();
    assert_eq!(screen(app), Screen::Setup, "{game} can be chosen");
    {
        let mut setup = app.world_mut().resource_mut::<MatchSetup>();
        assert_eq!(setup.game, game);
        configure(&mut setup);
    }
    key(app, KeyCode::Enter, Key::Enter);
    app.update();
    // A match of this game in progress: the setup asks, and the player
    // says to start anew (resume.rs tests the question itself).
    if app.world().resource::<ReplaceAsked>().0 {
        send(app, Command::StartAnew);
        app.update();
    }
    assert_eq!(screen(app), Screen::Play);
}

fn start(app: &mut App, seats: Vec<SeatKind>, reveal: CapturedReveal, seed: u64) {
    to_setup(app);
    {
        let mut setup = app.world_mut().resource_mut::<MatchSetup>();
        setup.seats = seats;
        setup.edit_options::<Jieqi>(|o| o.captured_reveal = reveal);
        setup.seed = Some(seed);
        setup.think_limit_ms = 200;
    }
    key(app, KeyCode::Enter, Key::Enter);
    app.update();
    assert_eq!(screen(app), Screen::Play);
}

fn observation(app: &App) -> Option<JieqiView> {
    let m = app.world().get_resource::<Match<Jieqi>>()?;
    let viewer = app.world().resource::<Viewer>().0;
    Some(m.observe(viewer))
}

fn all_squares() -> impl Iterator<Item = Square> {
    Square::all()
}

/// The world shows exactly the viewer's observation: every piece where the
/// observation has one, with its side, face and — only when the viewer may
/// know it — its identity; captured trays likewise; and nothing more.
fn check_world(app: &mut App) {
    if app.world().get_resource::<Match<Jieqi>>().is_none() {
        return;
    }
    let privacy = app.world().resource::<PrivacyPending>().0;
    let world = app.world_mut();
    let mut pieces = world.query::<(
        Entity,
        &Piece,
        &Owner,
        Option<&Identity>,
        Option<&FaceDown>,
        Option<&InTray>,
    )>();
    let drawn: Vec<_> = pieces
        .iter(world)
        .map(|(e, p, o, i, f, t)| (e, *p, *o, i.cloned(), f.is_some(), t.copied()))
        .collect();
    if privacy.is_some() {
        assert!(
            drawn.is_empty(),
            "no pieces are shown while the device changes hands"
        );
        return;
    }
    let m = world.resource::<Match<Jieqi>>();
    let viewer = world.resource::<Viewer>().0;
    let obs = m.observe(viewer);
    let other = m.observe(Seat(1 - viewer.0));
    // Board.
    let mut on_board = 0;
    for sq in all_squares() {
        let c = Cell::new(sq.file(), sq.rank());
        let here: Vec<_> = drawn.iter().filter(|d| d.1.cell == Some(c)).collect();
        match obs.piece_at(sq) {
            None => assert!(here.is_empty(), "{sq}: drawn but empty in the observation"),
            Some(p) => {
                on_board += 1;
                assert_eq!(here.len(), 1, "{sq}: one piece expected");
                let (_, _, owner, identity, face_down, _) = here[0];
                assert_eq!(owner.0 as usize, p.color.index(), "{sq}: owner");
                match p.kind {
                    Some(kind) => {
                        assert!(!face_down, "{sq}: face up");
                        assert_eq!(
                            identity.as_ref().map(|i| i.0.as_str()),
                            Some(kind_name(kind)),
                            "{sq}"
                        );
                    }
                    None => {
                        assert!(face_down, "{sq}: face down");
                        assert!(
                            identity.is_none(),
                            "{sq}: a face-down piece carries no identity"
                        );
                    }
                }
            }
        }
    }
    assert_eq!(
        drawn.iter().filter(|d| d.1.cell.is_some()).count(),
        on_board
    );
    // Trays.
    let scene = Scene::from_view(&obs);
    let other_scene = Scene::from_view(&other);
    let trays: Vec<_> = drawn.iter().filter(|d| d.1.cell.is_none()).collect();
    assert_eq!(
        trays.len(),
        scene.captured[0].len() + scene.captured[1].len()
    );
    for (_, _, owner, identity, face_down, tray) in &trays {
        let tray = tray.expect("a tray piece says where it lies");
        assert_eq!(tray.owner, owner.0);
        let seen = scene.captured[tray.owner as usize][tray.slot as usize];
        assert_eq!(
            identity.as_ref().map(|i| i.0.clone()),
            seen.kind.map(|k| kind_name(k).to_owned())
        );
        assert_eq!(*face_down, seen.kind.is_none());
    }
    // Identities the other side knows and the viewer does not are nowhere.
    for owner in 0..2 {
        for (slot, theirs) in other_scene.captured[owner].iter().enumerate() {
            let mine = scene.captured[owner][slot];
            if mine.kind.is_none() && theirs.kind.is_some() {
                let e = trays
                    .iter()
                    .find(|t| {
                        t.5.is_some_and(|t| t.owner as usize == owner && t.slot as usize == slot)
                    })
                    .expect("the unknown capture is drawn");
                assert!(
                    e.3.is_none(),
                    "an identity the viewer may not know is on an entity"
                );
            }
        }
    }
    // Face-down pieces have no letter anywhere below them.
    let mut glyphs = world.query_filtered::<&ChildOf, With<Glyph>>();
    let with_glyph: Vec<Entity> = glyphs.iter(world).map(|c| c.parent()).collect();
    for (e, _, _, _, face_down, _) in &drawn {
        assert_eq!(
            *face_down,
            !with_glyph.contains(e),
            "a letter is drawn exactly on face-up pieces"
        );
    }
    // Every text the HUD writes comes from this scene.
    let view = world.resource::<ViewState>();
    assert_eq!(
        view.scene.as_ref(),
        Some(&scene),
        "the HUD's scene is the viewer's observation"
    );
}

/// Runs frames until the screen is `target`, checking the world after every
/// change of the game; `human` chooses for human seats.
fn play_until_results(
    app: &mut App,
    max_frames: usize,
    mut human: impl FnMut(&mut App) -> bool,
) -> usize {
    let mut last_version = None;
    let mut checks = 0;
    for _ in 0..max_frames {
        if screen(app) == Screen::Results {
            return checks;
        }
        let version = app
            .world()
            .get_resource::<Match<Jieqi>>()
            .map(|m| m.version);
        if version.is_some() && version != last_version {
            app.update();
            check_world(app);
            checks += 1;
            last_version = version;
        }
        let phase = app
            .world()
            .get_resource::<State<PlayPhase>>()
            .map(|s| *s.get());
        if phase == Some(PlayPhase::HumanTurn)
            && !app.world().resource::<veil::table::referee::Animating>().0
        {
            if human(app) {
                continue;
            }
        }
        app.update();
    }
    panic!("no result after {max_frames} frames");
}

/// Plays one legal move for the viewer by clicking its two points, checking
/// the selection and target highlights on the way.
fn click_a_move(app: &mut App, rng: &mut GameRng, prefer_captures: bool) -> bool {
    let Some(obs) = observation(app) else {
        return false;
    };
    let moves = obs.legal_moves();
    if moves.is_empty() {
        return false;
    }
    let captures: Vec<_> = moves
        .iter()
        .filter(|m| obs.piece_at(m.to).is_some())
        .copied()
        .collect();
    let pick = if prefer_captures && !captures.is_empty() {
        captures[rng.random_range(0..captures.len())]
    } else {
        moves[rng.random_range(0..moves.len())]
    };
    let from = Cell::new(pick.from.file(), pick.from.rank());
    let to = Cell::new(pick.to.file(), pick.to.rank());
    send(app, Command::Square(from));
    app.update();
    let ui = app.world().resource::<BoardUi>().clone();
    assert_eq!(ui.selected, Some(from));
    let mut expected: Vec<Cell> = moves
        .iter()
        .filter(|m| m.from == pick.from)
        .map(|m| Cell::new(m.to.file(), m.to.rank()))
        .collect();
    let mut targets = ui.targets();
    expected.sort_by_key(|c| (c.file, c.rank));
    targets.sort_by_key(|c| (c.file, c.rank));
    assert_eq!(
        targets, expected,
        "the highlighted targets are the legal moves"
    );
    let world = app.world_mut();
    let highlighted = world
        .query::<&Highlight>()
        .iter(world)
        .filter(|h| **h == Highlight::Target)
        .count();
    assert_eq!(highlighted, expected.len());
    let version = app.world().resource::<Match<Jieqi>>().version;
    send(app, Command::Square(to));
    assert_ne!(
        app.world().resource::<Match<Jieqi>>().version,
        version,
        "the click played the move"
    );
    true
}

#[test]
fn computer_against_computer_from_title_to_results() {
    let mut app = app(AnimationSpeed::Off);
    start(
        &mut app,
        vec![
            SeatKind::Computer(Level::Greedy),
            SeatKind::Computer(Level::Random),
        ],
        CapturedReveal::CapturerOnly,
        11,
    );
    let checks = play_until_results(&mut app, 20_000, |_| false);
    assert!(checks > 10, "the game had moves ({checks})");
    let result = app.world().resource::<MatchResult>().clone();
    eprintln!(
        "computer against computer: {checks} positions checked; {} ({})",
        result.headline, result.reason
    );
    assert!(!result.reason.is_empty());
    assert!(result.draw || result.seats.iter().any(|s| s.2));
    // The results offer Veil's record and the game in FEN + ICCS: a token
    // a move played.
    let files = &app
        .world()
        .resource::<veil::table::recent::FinishedRecords>()
        .files;
    let labels: Vec<&str> = files.iter().map(|f| f.label).collect();
    assert_eq!(labels, ["Veil record", "PGN (FEN + ICCS)"]);
    let pgn = &files[1].text;
    assert!(files[1].name.ends_with(".pgn"));
    assert!(
        pgn.starts_with("[Variant \"Jieqi\"]\n[FEN \"xxxxkxxxx/"),
        "{pgn}"
    );
    let plies = app
        .world()
        .resource::<veil::table::view::Finished<Jieqi>>()
        .0
        .plies;
    let body = pgn.split("\n\n").nth(1).expect("the moves");
    let moves = body
        .split_whitespace()
        .filter(|t| veil_jieqi::parse_record_move(t).is_ok())
        .count();
    assert_eq!(moves as u32, plies, "{pgn}");
    let cues = &app.world().resource::<CueLog>().0;
    assert!(
        cues.contains(&Cue::Move) && cues.contains(&Cue::Flip),
        "moves and flips are heard"
    );
    // Back to the setup, and again.
    key(&mut app, KeyCode::Escape, Key::Escape);
    assert_eq!(screen(&app), Screen::Setup);
}

#[test]
fn human_against_computer_with_animations_undo_and_hint() {
    let mut app = app(AnimationSpeed::Fast);
    start(
        &mut app,
        vec![SeatKind::Human, SeatKind::Computer(Level::Easy)],
        CapturedReveal::CapturerOnly,
        5,
    );
    let mut rng = GameRng::seed_from_u64(99);
    let mut moves = 0;
    let mut undone = false;
    let mut hinted = false;
    let checks = play_until_results(&mut app, 60_000, |app| {
        if moves == 3 && !undone {
            undone = true;
            let v = app.world().resource::<Match<Jieqi>>().plies;
            send(app, Command::Undo);
            app.update();
            let after = app.world().resource::<Match<Jieqi>>().plies;
            assert!(after < v, "undo took back the last move ({v} → {after})");
            check_world(app);
            return true;
        }
        if moves == 5 && !hinted {
            hinted = true;
            key(app, KeyCode::KeyH, Key::Character("h".into()));
            for _ in 0..400 {
                app.update();
                if app.world().resource::<Match<Jieqi>>().hint.is_some() {
                    break;
                }
            }
            assert!(
                app.world().resource::<BoardUi>().hint.is_some(),
                "a hint is shown"
            );
            // The last move (the computer's) can be watched again.
            key(app, KeyCode::KeyL, Key::Character("l".into()));
            let world = app.world_mut();
            assert!(
                world.query::<&veil::kit::anim::Slide>().iter(world).count() > 0,
                "the last move slides again"
            );
            for _ in 0..200 {
                if !app.world().resource::<veil::table::referee::Animating>().0 {
                    break;
                }
                app.update();
            }
            check_world(app);
        }
        moves += 1;
        // Play quickly to an end: resign after forty moves.
        if moves > 40 {
            send(app, Command::Resign);
            send(app, Command::Resign);
            return true;
        }
        click_a_move(app, &mut rng, true)
    });
    assert!(checks > 5);
    let result = app.world().resource::<MatchResult>().clone();
    eprintln!(
        "human against computer: {moves} moves, {checks} positions checked; {} ({})",
        result.headline, result.reason
    );
    if moves > 40 {
        assert!(result.reason.contains("resigned"), "{}", result.reason);
        assert!(result.seats[1].2, "Black wins when Red resigns");
    }
    // Play again starts a fresh game.
    key(&mut app, KeyCode::Enter, Key::Enter);
    app.update();
    assert_eq!(screen(&app), Screen::Play);
    check_world(&mut app);
}

#[test]
fn hot_seat_shows_the_privacy_screen_once_identities_are_private() {
    for reveal in [CapturedReveal::CapturerOnly, CapturedReveal::Both] {
        let mut app = app(AnimationSpeed::Off);
        start(&mut app, vec![SeatKind::Human, SeatKind::Human], reveal, 3);
        let mut rng = GameRng::seed_from_u64(1);
        let mut private_seen = false;
        let mut privacy_screens = 0;
        for _ in 0..400 {
            if screen(&app) != Screen::Play {
                break;
            }
            let pending = app.world().resource::<PrivacyPending>().0;
            if let Some(next) = pending {
                privacy_screens += 1;
                // The phase follows the referee at the next state transition.
                app.update();
                assert_eq!(
                    app.world().resource::<PrivacyPending>().0,
                    Some(next),
                    "the screen waits"
                );
                assert_eq!(
                    *app.world().resource::<State<PlayPhase>>().get(),
                    PlayPhase::PassDevice
                );
                check_world(&mut app);
                let world = app.world_mut();
                assert_eq!(
                    world.query::<&Piece>().iter(world).count(),
                    0,
                    "the board is empty meanwhile"
                );
                key(&mut app, KeyCode::Enter, Key::Enter);
                assert_eq!(app.world().resource::<Viewer>().0, next);
                assert!(app.world().resource::<PrivacyPending>().0.is_none());
                check_world(&mut app);
                continue;
            }
            let m = app.world().resource::<Match<Jieqi>>();
            let to_act = m.to_act();
            let viewer = app.world().resource::<Viewer>().0;
            if let Some(seat) = to_act {
                assert_eq!(seat, viewer, "hot-seat shows the seat to act");
            }
            let knows = (0..2).any(|s| {
                Scene::from_view(&m.observe(Seat(s)))
                    .captured
                    .iter()
                    .flatten()
                    .any(|p| p.kind.is_some())
                    && Scene::from_view(&m.observe(Seat(1 - s))).unknown_to_viewer > 0
            });
            private_seen |= knows;
            if private_seen && reveal == CapturedReveal::CapturerOnly && privacy_screens >= 2 {
                break;
            }
            if !click_a_move(&mut app, &mut rng, true) {
                app.update();
            }
            app.update();
            check_world(&mut app);
        }
        eprintln!("hot-seat {reveal:?}: {privacy_screens} privacy screens");
        match reveal {
            CapturedReveal::CapturerOnly => {
                assert!(private_seen, "a face-down capture happened");
                assert!(
                    privacy_screens >= 2,
                    "the privacy screen came after it ({privacy_screens})"
                );
            }
            CapturedReveal::Both => assert_eq!(
                privacy_screens, 0,
                "nothing is private when both see captures"
            ),
        }
    }
}

#[test]
fn settings_and_board_geometry() {
    use veil::kit::board::BoardLayout as L;
    use veil::kit::settings::{Orientation, SettingsStore};
    let dir = std::env::temp_dir().join(format!("veil-settings-{}", std::process::id()));
    let store = SettingsStore::File(dir.join("settings.json"));
    assert_eq!(store.load(), Settings::default());
    let s = Settings {
        volume: 0.25,
        animation: AnimationSpeed::Off,
        orientation: Orientation::SecondSeatAtBottom,
        xiangqi_letters: true,
    };
    store.save(&s);
    assert_eq!(store.load(), s);
    std::fs::write(dir.join("settings.json"), "{not json").unwrap();
    assert_eq!(
        store.load(),
        Settings::default(),
        "a corrupt file falls back to the defaults"
    );
    let _ = std::fs::remove_dir_all(dir);

    for flipped in [false, true] {
        let mut layout = L::new(veil::games::jieqi::geometry(), 50.0);
        layout.flipped = flipped;
        layout.center = Vec2::new(-30.0, 12.0);
        for cell in layout.geometry.cells().collect::<Vec<_>>() {
            let at = layout.cell_to_world(cell) + Vec2::new(12.0, -20.0);
            assert_eq!(layout.world_to_cell(at), Some(cell));
        }
        assert_eq!(layout.world_to_cell(Vec2::new(1000.0, 0.0)), None);
    }
    let _: Option<&BoardLayout> = None;
}

#[test]
fn the_demo_is_read_from_a_url_query() {
    assert_eq!(
        LaunchOptions::demo_from_query("?demo=jieqi"),
        Some("jieqi".to_owned())
    );
    assert_eq!(
        LaunchOptions::demo_from_query("?lang=pl&demo=jieqi&x"),
        Some("jieqi".to_owned())
    );
    assert_eq!(LaunchOptions::demo_from_query(""), None);
    assert_eq!(LaunchOptions::demo_from_query("?demo="), None);
    assert_eq!(LaunchOptions::demo_from_query("?demonstration=1"), None);
}

/// Frame time while two computers play Jieqi at the default level and think
/// limit: the search runs in slices of the per-frame budget (8 ms), so no
/// frame should take much longer. A benchmark, not a timed test:
/// `cargo test --release -p veil --test app frame_time -- --ignored --nocapture`.
#[test]
#[ignore]
fn frame_time_during_computer_vs_computer() {
    use std::time::Instant;
    let mut app = app(AnimationSpeed::Normal);
    to_setup(&mut app);
    {
        let mut setup = app.world_mut().resource_mut::<MatchSetup>();
        setup.seats = vec![
            SeatKind::Computer(Level::Normal),
            SeatKind::Computer(Level::Normal),
        ];
        setup.seed = Some(7);
    }
    key(&mut app, KeyCode::Enter, Key::Enter);
    app.update();
    let mut all = Vec::new();
    let mut thinking = Vec::new();
    let mut slices = Vec::new();
    let mut plies = 0;
    for _ in 0..6000 {
        if screen(&app) == Screen::Results {
            break;
        }
        if let Some(m) = app.world().get_resource::<Match<Jieqi>>() {
            plies = m.plies;
        }
        let busy = app
            .world()
            .get_resource::<State<PlayPhase>>()
            .is_some_and(|s| *s.get() == PlayPhase::ComputerTurn);
        let t = Instant::now();
        app.update();
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        all.push(ms);
        if busy {
            thinking.push(ms);
        }
        if let Some(d) = app.world().resource::<LastThinkSlice>().0 {
            slices.push(d.as_secs_f64() * 1000.0);
        }
    }
    let stats = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        let at = |q: f64| v[((v.len() - 1) as f64 * q) as usize];
        (v.len(), at(0.5), at(0.99), *v.last().unwrap())
    };
    let (n, med, p99, worst) = stats(&mut all);
    println!(
        "frames {n} (plies {plies}): median {med:.2} ms, p99 {p99:.2} ms, worst {worst:.2} ms"
    );
    let (n, med, p99, worst) = stats(&mut thinking);
    println!(
        "while a computer thinks, frames {n}: median {med:.2} ms, p99 {p99:.2} ms, worst {worst:.2} ms"
    );
    assert!(n > 0, "the computers thought");
    let (n, med, p99, worst) = stats(&mut slices);
    println!(
        "the search's own slice, {n} frames: median {med:.2} ms, p99 {p99:.2} ms, worst {worst:.2} ms (budget {:.0} ms)",
        app.world().resource::<ThinkBudget>().0.as_secs_f64() * 1000.0
    );
}

/// `?watch` (`VEIL_WATCH`): the demo's every seat is a computer at
/// `?level=`, and each computer's move is told as it was thought — the
/// work done of the level's budget, the time waited and searched — in the
/// line the measuring scripts read (`web/check/thought.mjs`).
#[test]
fn a_watched_demo_is_computers_only_and_tells_how_each_move_was_thought() {
    use veil::table::referee::{Thoughts, thought_line};
    let mut app = build_app(
        AppMode::Headless,
        LaunchOptions {
            demo: Some("jieqi".into()),
            level: Some("easy".into()),
            watch: true,
            ..LaunchOptions::default()
        },
    );
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        16,
    )));
    let mut report = None;
    for _ in 0..3000 {
        app.update();
        if let Some(m) = app.world().get_resource::<Match<Jieqi>>()
            && let Some(r) = m.last_think()
        {
            report = Some(r);
            break;
        }
    }
    let report = report.expect("a computer moved");
    let m = app.world().resource::<Match<Jieqi>>();
    for seat in Seat::all(2) {
        assert_eq!(
            m.seat_kind(seat),
            veil_match::SeatKind::Computer(Level::Easy)
        );
    }
    assert_eq!(report.level, Level::Easy);
    let (done, budget) = report.progress.expect("the search says");
    assert_eq!(budget, Level::Easy.config().iterations);
    assert!(done > 0 && done <= budget, "{done} of {budget}");
    assert!(report.waited >= veil_match::think_time(Level::Easy));
    assert!(report.slices >= 1 && report.searching > Duration::ZERO);
    let line = thought_line("jieqi", &report);
    assert!(
        line.starts_with(&format!(
            "thought: jieqi easy seat {}: {done} of {budget} (",
            report.seat.0
        )),
        "{line}"
    );
    app.update();
    assert_eq!(app.world().resource::<Thoughts>().0.front(), Some(&line));
    // Without `?watch` nothing is told: a person's opponent's thinking is
    // not logged where its speed could say something.
    let mut plain = build_app(
        AppMode::Headless,
        LaunchOptions {
            demo: Some("jieqi".into()),
            level: Some("easy".into()),
            ..LaunchOptions::default()
        },
    );
    plain.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        16,
    )));
    for _ in 0..200 {
        plain.update();
    }
    assert!(plain.world().resource::<Thoughts>().0.is_empty());
}

/// The computer's wait is fitted to this device once per game, options and
/// level, on a fixed position (`veil_match::Calibration`): a second match
/// with another deal uses the same wait without measuring again, and the
/// computer's move waits it out in full.
#[test]
fn the_computers_wait_is_fitted_once_on_a_fixed_position() {
    use veil::table::referee::FittedWaits;
    let mut app = app(AnimationSpeed::Off);
    let mut waits = Vec::new();
    for seed in [3, 4] {
        if screen(&app) == Screen::Play {
            send(&mut app, Command::Back);
            app.update();
        }
        start_game(&mut app, "jieqi", |setup| {
            setup.seats = vec![SeatKind::Computer(Level::Normal), SeatKind::Human];
            setup.seed = Some(seed);
            setup.think_limit_ms = 4000;
        });
        let mut frames = 0;
        while app.world().resource::<Match<Jieqi>>().plies == 0 {
            app.update();
            frames += 1;
            assert!(frames < 3000, "the computer moved");
        }
        let m = app.world().resource::<Match<Jieqi>>();
        let fitted = app.world().resource::<FittedWaits>();
        assert_eq!(fitted.measured, 1, "measured once, in the first match");
        assert_eq!(fitted.waits.len(), 1, "{:?}", fitted.waits);
        let wait = m.wait(Level::Normal);
        let base = veil_match::think_time(Level::Normal);
        assert!(
            wait >= base && wait <= base.mul_f64(veil_match::MOST_STRETCH),
            "{wait:?}"
        );
        let report = m.last_think().expect("a computer's move");
        assert!(
            report.waited >= wait,
            "{report:?} waited the fitted {wait:?}"
        );
        waits.push(wait);
    }
    assert_eq!(waits[0], waits[1], "the deal does not change the wait");
}

/// What the computer's search does in the time the table waits, natively:
/// every game's watched demo (`?watch`) at Normal and at Hard, headless in
/// real time at 60 frames a second (a desktop whose drawing costs
/// nothing), printing the `thought: …` lines; `web/check/thought.mjs`
/// sums them up as `web/check/think.mjs` does the browser's:
/// `cargo test -p veil --test app think_figures -- --ignored --nocapture | node web/check/thought.mjs`.
/// `THINK_SECONDS` a game and level (40 by default); `THINK_FRAME_MS`
/// frames of another length (166: Chromium drawing through SwiftShader);
/// `THINK_DRAW_MS` drawing that long after each frame's work instead (a
/// frame then lasts its work and the drawing, as where drawing is slow);
/// `GAMES` and `LEVELS` (space-separated) to measure fewer.
#[test]
#[ignore]
fn think_figures() {
    use std::time::Instant;
    use veil::table::referee::Thoughts;
    let var = |name: &str| std::env::var(name).ok().filter(|s| !s.is_empty());
    let seconds: u64 = var("THINK_SECONDS")
        .and_then(|s| s.parse().ok())
        .unwrap_or(40);
    let frame_ms: f64 = var("THINK_FRAME_MS")
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000.0 / 60.0);
    let draw = var("THINK_DRAW_MS")
        .and_then(|s| s.parse::<f64>().ok())
        .map(|ms| Duration::from_secs_f64(ms / 1000.0));
    let all = [
        "jieqi",
        "hide-and-guess",
        "intrigue",
        "secret-king",
        "tysiac",
        "reality-check",
        "rengo",
        "skelly",
    ];
    let games = var("GAMES").unwrap_or_else(|| all.join(" "));
    let levels = var("LEVELS").unwrap_or_else(|| "normal hard".into());
    for game in games.split_whitespace() {
        for level in levels.split_whitespace() {
            let mut app = build_app(
                AppMode::Headless,
                LaunchOptions {
                    demo: Some(game.into()),
                    level: Some(level.into()),
                    watch: true,
                    ..LaunchOptions::default()
                },
            );
            app.insert_resource(TimeUpdateStrategy::Automatic);
            let frame = Duration::from_secs_f64(frame_ms / 1000.0);
            let end = Instant::now() + Duration::from_secs(seconds);
            while Instant::now() < end {
                let start = Instant::now();
                app.update();
                if let Some(draw) = draw {
                    std::thread::sleep(draw);
                } else if let Some(rest) = frame.checked_sub(start.elapsed()) {
                    std::thread::sleep(rest);
                }
            }
            for line in &app.world().resource::<Thoughts>().0 {
                println!("{line}");
            }
        }
    }
}

/// Every character the app's source writes (outside comments) is drawn by
/// the app's own fonts, which replaced egui's larger default set: a symbol
/// they lack would show as a box.
#[test]
fn every_character_the_app_writes_has_a_glyph() {
    use bevy_egui::{EguiContext, egui};
    let mut app = app(AnimationSpeed::Off);
    for _ in 0..3 {
        app.update();
    }
    let mut used = std::collections::BTreeMap::<char, String>::new();
    let mut dirs = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    let mut files = Vec::new();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                files.push(path);
            }
        }
    }
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or("");
            for c in code.chars().filter(|c| !c.is_ascii()) {
                used.entry(c).or_insert_with(|| path.display().to_string());
            }
        }
    }
    assert!(used.contains_key(&'…'), "the scan sees the source");
    let mut contexts = app.world_mut().query::<&mut EguiContext>();
    let mut ctx = contexts.single_mut(app.world_mut()).unwrap();
    let ctx = ctx.get_mut();
    // (egui's `has_glyph` answers false for any character of the first
    // face, so ask each family for the characters it covers.)
    let covered = |family: egui::FontFamily| -> std::collections::BTreeSet<char> {
        ctx.fonts_mut(|fonts| {
            fonts
                .fonts
                .font(&family)
                .characters()
                .keys()
                .copied()
                .collect()
        })
    };
    let sans = covered(egui::FontFamily::Proportional);
    let mono = covered(egui::FontFamily::Monospace);
    assert!(
        sans.contains(&'ą') && !sans.contains(&'👍'),
        "the app's fonts are installed"
    );
    let missing: Vec<String> = used
        .iter()
        .filter(|(c, _)| !sans.contains(c) || !mono.contains(c))
        .map(|(c, file)| format!("{c} (U+{:04X}) in {file}", *c as u32))
        .collect();
    assert!(missing.is_empty(), "no glyph for {missing:?}");
}

// Each game's view has its own file of tests, compiled into this one binary.
#[path = "app/chess.rs"]
mod chess;
#[path = "app/fair.rs"]
mod fair;
#[path = "app/hag.rs"]
mod hag;
#[path = "app/look.rs"]
mod look;
#[path = "app/online.rs"]
mod online;
#[path = "app/reality_check.rs"]
mod reality_check;
#[path = "app/rengo.rs"]
mod rengo;
#[path = "app/resume.rs"]
mod resume;
#[path = "app/review.rs"]
mod review;
#[path = "app/skelly.rs"]
mod skelly;
#[path = "app/touch.rs"]
mod touch;
#[path = "app/tysiac.rs"]
mod tysiac;
