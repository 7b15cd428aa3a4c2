//! Headless app tests of the Skelly view: games from the title to the
//! results driven through the app's real input (the mouse dragged back
//! from the cap, or the arrows and a held Space), the court checked
//! against the viewer's observation after every shot, and shots made
//! through the app compared with the rules crate's own `Skelly::shoot`.

use super::*;
use bevy::input::mouse::MouseButtonInput;
use veil::games::skelly::draw::{
    CapBody, CapState, Flight, KillerBadge, Plate, TrappedMark, court_to_world,
};
use veil::games::skelly::input::{Aim, FULL_DRAG, charge_strength};
use veil::games::skelly::{Scene, ViewState, plate_label};
use veil::kit::world_text::WorldText;
use veil::table::referee::Animating;
use veil_skelly::court::START_SPOTS;
use veil_skelly::{Options, Point, Shot, Skelly, SkellyView};

fn start_skelly(app: &mut App, seats: Vec<SeatKind>, options: Options, seed: u64) {
    start_game(app, "skelly", |setup| {
        assert_eq!(setup.seats.len(), 3, "three caps by default");
        setup.seats = seats;
        setup.set_options::<Skelly>(&options);
        setup.seed = Some(seed);
        setup.think_limit_ms = 60;
    });
    assert!(app.world().get_resource::<Match<Skelly>>().is_some());
}

fn short_game(shots_per_seat: u16) -> Options {
    Options {
        shots_per_seat,
        ..Options::default()
    }
}

fn observation(app: &App) -> Option<SkellyView> {
    let m = app.world().get_resource::<Match<Skelly>>()?;
    let viewer = app.world().resource::<Viewer>().0;
    Some(m.observe(viewer))
}

fn version(app: &App) -> Option<u64> {
    app.world()
        .get_resource::<Match<Skelly>>()
        .map(|m| m.version)
}

fn flying(app: &mut App) -> bool {
    let world = app.world_mut();
    world.query::<&Flight>().iter(world).count() > 0 || world.resource::<Animating>().0
}

/// Runs frames until nothing moves.
fn settle(app: &mut App) {
    for _ in 0..3000 {
        if !flying(app) {
            // The frame that draws the plates as they now are.
            app.update();
            return;
        }
        app.update();
    }
    panic!("the caps never stopped");
}

fn cap_positions(app: &mut App) -> Vec<(u8, Vec2)> {
    let world = app.world_mut();
    let mut v: Vec<(u8, Vec2)> = world
        .query::<(&CapBody, &Transform)>()
        .iter(world)
        .map(|(b, t)| (b.seat, t.translation.truncate()))
        .collect();
    v.sort_by_key(|c| c.0);
    v
}

/// The court shows exactly the viewer's observation: one cap entity per
/// cap in play, where the observation has it (once nothing moves), with
/// its target on its plate, the killer's badge and the trapped mark
/// exactly where the observation says; and no privacy screen ever.
fn check_court(app: &mut App) {
    if app.world().get_resource::<Match<Skelly>>().is_none() {
        return;
    }
    assert!(
        app.world().resource::<PrivacyPending>().0.is_none(),
        "Skelly hides nothing: no privacy screen"
    );
    let still = !flying(app);
    let obs = observation(app).unwrap();
    let scene = Scene::from_view(&obs);
    let world = app.world_mut();
    assert_eq!(
        world.resource::<ViewState>().scene.as_ref(),
        Some(&scene),
        "the panel's scene is the viewer's observation"
    );
    let caps: Vec<(Entity, CapState, Vec2, Vec<Entity>)> = world
        .query::<(Entity, &CapState, &Transform, Option<&Children>)>()
        .iter(world)
        .map(|(e, s, t, c)| {
            (
                e,
                s.clone(),
                t.translation.truncate(),
                c.map(|c| c.iter().collect()).unwrap_or_default(),
            )
        })
        .collect();
    let in_play: Vec<_> = scene.caps.iter().filter(|c| c.at.is_some()).collect();
    assert_eq!(caps.len(), in_play.len(), "one cap entity per cap in play");
    let plates: Vec<(Entity, String)> = world
        .query_filtered::<(Entity, &WorldText), With<Plate>>()
        .iter(world)
        .map(|(e, t)| (e, t.text.clone()))
        .collect();
    let badges: Vec<Entity> = world
        .query_filtered::<Entity, With<KillerBadge>>()
        .iter(world)
        .collect();
    let marks: Vec<Entity> = world
        .query_filtered::<Entity, With<TrappedMark>>()
        .iter(world)
        .collect();
    for cap in in_play {
        let (_, state, at, children) = caps
            .iter()
            .find(|c| c.1.0.seat == cap.seat)
            .unwrap_or_else(|| panic!("cap {} is drawn", cap.seat));
        assert_eq!(&state.0, cap, "cap {} as observed", cap.seat);
        if still {
            let want = court_to_world(cap.at.unwrap());
            assert!(
                at.distance(want) < 0.01,
                "cap {} lies at {at}, observed at {want}",
                cap.seat
            );
        }
        let plate = plates
            .iter()
            .find(|p| children.contains(&p.0))
            .expect("a plate");
        assert_eq!(plate.1, plate_label(cap.target), "cap {}'s plate", cap.seat);
        assert_eq!(
            children.iter().any(|c| badges.contains(c)),
            cap.killer,
            "cap {}'s killer badge",
            cap.seat
        );
        assert_eq!(
            children.iter().filter(|c| marks.contains(c)).count(),
            if cap.trapped { 2 } else { 0 },
            "cap {}'s trapped mark",
            cap.seat
        );
    }
}

/// The words on seat `seat`'s plate.
fn plate_of(app: &mut App, seat: u8) -> String {
    let world = app.world_mut();
    let caps: Vec<(CapBody, Vec<Entity>)> = world
        .query_filtered::<(&CapBody, &Children), With<CapState>>()
        .iter(world)
        .map(|(b, c)| (*b, c.iter().collect()))
        .collect();
    let children = &caps.iter().find(|c| c.0.seat == seat).expect("the cap").1;
    world
        .query_filtered::<(Entity, &WorldText), With<Plate>>()
        .iter(world)
        .find(|(e, _)| children.contains(e))
        .map(|(_, t)| t.text.clone())
        .expect("a plate")
}

fn primary_window(app: &mut App) -> Entity {
    app.world_mut()
        .query_filtered::<Entity, With<PrimaryWindow>>()
        .single(app.world())
        .expect("a primary window")
}

/// The window point showing court point `p`, for the camera the table's
/// fit set.
fn court_to_window(app: &mut App, p: Point) -> Vec2 {
    super::window_point(app, court_to_world(p))
}

fn window_size(app: &mut App) -> Vec2 {
    let w = primary_window(app);
    app.world().get::<Window>(w).unwrap().size()
}

/// Puts the mouse pointer over court point `p`.
fn point_at(app: &mut App, p: Point) {
    let size = window_size(app);
    let pos = court_to_window(app, p);
    assert!(
        pos.x >= 0.0 && pos.y >= 0.0 && pos.x < size.x && pos.y < size.y,
        "{p:?} is in the window ({pos})"
    );
    let w = primary_window(app);
    app.world_mut()
        .get_mut::<Window>(w)
        .unwrap()
        .set_cursor_position(Some(pos));
}

fn mouse(app: &mut App, state: ButtonState) {
    let window = primary_window(app);
    app.world_mut().write_message(MouseButtonInput {
        button: MouseButton::Left,
        state,
        window,
    });
    app.update();
}

/// Presses on the cap at `from`, drags back to `to` in a few moves, lets go.
fn drag(app: &mut App, from: Point, to: Point) {
    if super::touch::finger().is_some() {
        let start = court_to_window(app, Point::new(from.x + 0.3, from.y - 0.2));
        let end = court_to_window(app, to);
        super::touch::drag(app, start, end, 4);
        return;
    }
    point_at(app, Point::new(from.x + 0.3, from.y - 0.2));
    mouse(app, ButtonState::Pressed);
    for k in 1..=4 {
        let t = f64::from(k) / 4.0;
        point_at(
            app,
            Point::new(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t),
        );
        app.update();
    }
    mouse(app, ButtonState::Released);
}

fn press(app: &mut App, code: KeyCode, logical: Key, state: ButtonState) {
    let window = primary_window(app);
    app.world_mut().write_message(KeyboardInput {
        key_code: code,
        logical_key: logical,
        state,
        text: None,
        repeat: false,
        window,
    });
    app.update();
}

/// Holds a key down for `frames` frames.
fn hold(app: &mut App, code: KeyCode, logical: Key, frames: usize) {
    press(app, code, logical.clone(), ButtonState::Pressed);
    for _ in 0..frames {
        app.update();
    }
    press(app, code, logical, ButtonState::Released);
}

/// Where to drag to flick the cap at `from` for a shot that would stop at
/// `goal`, shortened so the pointer stays in the window.
fn drag_point_for(app: &mut App, from: Point, goal: Point) -> Point {
    let shot = Shot::to_stop_at(from, goal);
    let d = veil_skelly::physics::direction(shot.angle);
    let size = window_size(app);
    let mut length = f64::from(shot.strength) / f64::from(Shot::MAX_STRENGTH) * FULL_DRAG;
    loop {
        let p = Point::new(from.x - d.x * length, from.y - d.y * length);
        let w = court_to_window(app, p);
        if (w.x > 2.0 && w.y > 2.0 && w.x < size.x - 2.0 && w.y < size.y - 2.0) || length < 1.0 {
            return p;
        }
        length *= 0.8;
    }
}

/// The viewer's flick with the mouse, aimed at its target (or a cap, for
/// a killer) with a little wobble.
fn flick_by_mouse(app: &mut App, rng: &mut GameRng) -> bool {
    let Some(obs) = observation(app) else {
        return false;
    };
    let me = obs.seat;
    let Some(from) = obs.game.cap(me).at else {
        return false;
    };
    let goal = match obs.game.cap(me).target() {
        Some(t) => t.spot(),
        None => obs
            .game
            .caps()
            .iter()
            .enumerate()
            .filter(|(i, c)| *i != me.index() && c.in_play())
            .filter_map(|(_, c)| c.at)
            .next()
            .unwrap_or(Point::new(0.0, 0.0)),
    };
    let goal = Point::new(
        goal.x + rng.random_range(-2.0..2.0),
        goal.y + rng.random_range(-2.0..2.0),
    );
    let to = drag_point_for(app, from, goal);
    let before = version(app);
    drag(app, from, to);
    assert_ne!(version(app), before, "the drag played a shot");
    true
}

/// The viewer's flick with the keyboard: a few taps of the arrows, Space
/// held for a while.
fn flick_by_keys(app: &mut App, rng: &mut GameRng) -> bool {
    let before = version(app);
    let taps = rng.random_range(0..4);
    let (code, logical) = if rng.random_bool(0.5) {
        (KeyCode::ArrowLeft, Key::ArrowLeft)
    } else {
        (KeyCode::ArrowRight, Key::ArrowRight)
    };
    for _ in 0..taps {
        key(app, code, logical.clone());
    }
    key(app, KeyCode::ArrowUp, Key::ArrowUp);
    let frames = rng.random_range(8..60);
    hold(app, KeyCode::Space, Key::Space, frames);
    assert_ne!(version(app), before, "Space let go played a shot");
    true
}

/// Frames until the results, checking the court after every shot once the
/// caps are still; `human` plays the persons' turns.
fn play_to_results(
    app: &mut App,
    max_frames: usize,
    mut human: impl FnMut(&mut App) -> bool,
) -> usize {
    let mut last = None;
    let mut checks = 0;
    for _ in 0..max_frames {
        if screen(app) == Screen::Results {
            return checks;
        }
        let v = version(app);
        if v.is_some() && v != last && !flying(app) {
            app.update();
            check_court(app);
            checks += 1;
            last = v;
        }
        let phase = app
            .world()
            .get_resource::<State<PlayPhase>>()
            .map(|s| *s.get());
        if phase == Some(PlayPhase::HumanTurn) && !flying(app) && human(app) {
            continue;
        }
        app.update();
    }
    panic!("no result after {max_frames} frames");
}

#[test]
pub(super) fn skelly_a_person_against_computers_from_title_to_results() {
    let mut app = app(AnimationSpeed::Fast);
    start_skelly(
        &mut app,
        vec![
            SeatKind::Human,
            SeatKind::Computer(Level::Easy),
            SeatKind::Computer(Level::Random),
        ],
        short_game(6),
        7,
    );
    check_court(&mut app);
    let mut rng = GameRng::seed_from_u64(4);
    let mut flicks = 0;
    let mut flights_seen = 0;
    let checks = play_to_results(&mut app, 30_000, |app| {
        assert_eq!(app.world().resource::<Viewer>().0, Seat(0));
        flicks += 1;
        let done = flick_by_mouse(app, &mut rng);
        app.update();
        let world = app.world_mut();
        if world.query::<&Flight>().iter(world).count() > 0 {
            flights_seen += 1;
        }
        done
    });
    let result = app.world().resource::<MatchResult>().clone();
    eprintln!(
        "skelly against computers: {flicks} flicks, {checks} checks; {} ({}) {:?}",
        result.headline, result.reason, result.seats
    );
    assert!(
        flicks >= 2 && checks >= 10,
        "{flicks} flicks, {checks} checks"
    );
    assert_eq!(flights_seen, flicks, "every shot flies");
    assert!(
        result.seats.iter().all(|s| s.0.contains("place")),
        "the results table ranks every cap"
    );
    let cues = &app.world().resource::<CueLog>().0;
    assert!(cues.contains(&Cue::Move), "caps scrape");
    // Play again.
    key(&mut app, KeyCode::Enter, Key::Enter);
    app.update();
    assert_eq!(screen(&app), Screen::Play);
    check_court(&mut app);
}

#[test]
fn skelly_hot_seat_with_the_keyboard() {
    let mut app = app(AnimationSpeed::Off);
    start_skelly(
        &mut app,
        vec![SeatKind::Human, SeatKind::Human, SeatKind::Human],
        short_game(3),
        9,
    );
    let mut rng = GameRng::seed_from_u64(8);
    let mut viewers = std::collections::BTreeSet::new();
    let mut flicks = 0;
    let checks = play_to_results(&mut app, 20_000, |app| {
        let m = app.world().resource::<Match<Skelly>>();
        let to_act = m.to_act();
        let viewer = app.world().resource::<Viewer>().0;
        assert_eq!(to_act, Some(viewer), "hot-seat shows the seat to shoot");
        viewers.insert(viewer);
        flicks += 1;
        flick_by_keys(app, &mut rng)
    });
    eprintln!("skelly hot-seat: {flicks} flicks, {checks} checks, viewers {viewers:?}");
    assert!(viewers.len() >= 2, "the device went round");
    assert!(checks >= 9);
}

/// A shot made through the app's input lands exactly where the rules
/// crate puts it: the same shot played by `Skelly::shoot` on a copy of the
/// game before gives the same positions as the referee's game and the
/// caps on the screen, and the caps fly through the trajectory's frames.
#[test]
pub(super) fn skelly_a_flick_through_the_app_lands_where_the_rules_crate_says() {
    let mut app = app(AnimationSpeed::Normal);
    start_skelly(
        &mut app,
        vec![SeatKind::Human, SeatKind::Human],
        Options::default(),
        1,
    );
    // Red at the start drags back from its cap towards the left: a hard
    // flick to the right, into Blue's cap beside it.
    let before = observation(&app).unwrap();
    assert_eq!(before.seat, Seat(0));
    let from = START_SPOTS[0];
    assert_eq!(before.game.cap(Seat(0)).at, Some(from));
    // A press beside the cap, or a drag too short, shoots nothing.
    let v = version(&app);
    drag(
        &mut app,
        Point::new(from.x + 4.0, from.y + 4.0),
        Point::new(from.x - 5.0, from.y),
    );
    drag(&mut app, from, Point::new(from.x - 0.2, from.y));
    assert_eq!(version(&app), v, "no shot");
    assert!(app.world().resource::<Aim>().last_sent.is_none());
    drag(&mut app, from, Point::new(from.x - 9.0, from.y + 0.1));
    let sent = app
        .world()
        .resource::<Aim>()
        .last_sent
        .expect("a shot sent");
    let intended = Shot::from_vector(9.0, -0.1, FULL_DRAG);
    assert!(
        sent.angle.abs_diff(intended.angle) <= 2 && sent.strength.abs_diff(intended.strength) <= 2,
        "the drag's shot {sent:?} is the one meant {intended:?}"
    );
    let mut expected = before.game.clone();
    let trajectory = expected.shoot(sent).unwrap();
    assert!(!trajectory.collisions.is_empty(), "Red's cap hits Blue's");
    // The caps fly through the trajectory's frames, exactly.
    let mut matched = 0;
    for _ in 0..20 {
        app.update();
        if !flying(&mut app) {
            break;
        }
        let caps = cap_positions(&mut app);
        let on_a_frame = (0..trajectory.frames()).any(|i| {
            let f = trajectory.frame(i);
            caps.iter()
                .all(|(s, at)| at.distance(court_to_world(f[*s as usize])) < 1e-3)
        });
        assert!(
            on_a_frame,
            "the caps lie as in one of the trajectory's frames"
        );
        assert_eq!(
            plate_of(&mut app, 0),
            "1",
            "Red's plate waits for the caps to stop"
        );
        matched += 1;
    }
    assert!(matched > 5, "the flight was seen ({matched} frames)");
    settle(&mut app);
    let m = app.world().resource::<Match<Skelly>>();
    let played = m.observe(Seat(0));
    assert_eq!(played.game.last_shot().unwrap().shot, sent);
    assert_eq!(played.game, expected, "the referee's game is the crate's");
    let cues = app.world().resource::<CueLog>().0.clone();
    assert!(cues.contains(&Cue::Capture), "the collision clicks");
    assert_eq!(
        plate_of(&mut app, 0),
        "2",
        "the hit put Red in box 1: now for 2"
    );
    let world = app.world_mut();
    let words: Vec<String> = world
        .query::<&WorldText>()
        .iter(world)
        .map(|t| t.text.clone())
        .collect();
    assert!(
        words.iter().any(|w| w.starts_with("Red hit a cap")),
        "the banner tells the hit: {words:?}"
    );
    check_court(&mut app);
    let caps = cap_positions(&mut app);
    for (seat, at) in &caps {
        let want = court_to_world(expected.cap(Seat(*seat)).at.unwrap());
        assert!(
            at.distance(want) < 1e-3,
            "cap {seat} ends where the crate says"
        );
    }
    // A hit: Red shoots again; now with the keyboard.
    let before = observation(&app).unwrap();
    assert_eq!(before.game.shooter(), Seat(0), "a hit shoots again");
    for _ in 0..3 {
        key(&mut app, KeyCode::ArrowLeft, Key::ArrowLeft);
    }
    key(&mut app, KeyCode::ArrowDown, Key::ArrowDown);
    let aimed = app.world().resource::<Aim>().angle.expect("aiming");
    let frames = 40;
    hold(&mut app, KeyCode::Space, Key::Space, frames);
    let sent = app.world().resource::<Aim>().last_sent.unwrap();
    assert_eq!(sent.angle, aimed, "the arrows' aim");
    let held = frames as f32 * 0.016;
    assert!(
        sent.strength.abs_diff(charge_strength(held)) <= 200,
        "Space held {held} s gives {} (meter {})",
        sent.strength,
        charge_strength(held)
    );
    let mut expected = before.game.clone();
    expected.shoot(sent).unwrap();
    settle(&mut app);
    let played = app.world().resource::<Match<Skelly>>().observe(Seat(0));
    assert_eq!(played.game.last_shot().unwrap().shot, sent);
    assert_eq!(
        played.game, expected,
        "the keyboard's flick, as the crate plays it"
    );
    check_court(&mut app);
    // The last shot can be watched again.
    key(&mut app, KeyCode::KeyL, Key::Character("l".into()));
    assert!(flying(&mut app), "the replay flies");
    settle(&mut app);
    check_court(&mut app);
}

#[test]
fn skelly_setup_offers_two_to_six_caps() {
    let mut app = app(AnimationSpeed::Off);
    super::fair::paint_probe(&mut app);
    key(&mut app, KeyCode::Enter, Key::Enter);
    send(&mut app, Command::ChooseGame("skelly"));
    app.update();
    assert_eq!(screen(&app), Screen::Setup);
    app.update();
    let painted = app.world().resource::<super::fair::Painted>().0.clone();
    assert!(painted.iter().any(|t| t == "Players:"), "{painted:?}");
    for n in 2..=6 {
        assert!(
            painted.iter().any(|t| *t == n.to_string()),
            "{n} players can be chosen"
        );
    }
    for name in ["Red", "Blue", "Green"] {
        assert!(painted.iter().any(|t| t == name), "{name}'s seat");
    }
    {
        let mut setup = app.world_mut().resource_mut::<MatchSetup>();
        for (asked, got) in [(1, 2), (2, 2), (4, 4), (6, 6), (7, 6)] {
            setup.set_seat_count(asked);
            assert_eq!(setup.seats.len(), got);
        }
        setup.seats = vec![SeatKind::Computer(Level::Random); 6];
        setup.seats[0] = SeatKind::Human;
        setup.seed = Some(3);
    }
    key(&mut app, KeyCode::Enter, Key::Enter);
    app.update();
    assert_eq!(screen(&app), Screen::Play);
    app.update();
    check_court(&mut app);
    assert_eq!(
        cap_positions(&mut app).len(),
        6,
        "six caps on the start line"
    );
    // The rules screen opens over the court.
    key(&mut app, KeyCode::F1, Key::F1);
    app.update();
    let painted = app.world().resource::<super::fair::Painted>().0.join("\n");
    assert!(painted.contains("Skelly rules") && painted.contains("dead box"));
    assert!(painted.contains("Turn order"), "the panel's turn order");
}

#[test]
fn skelly_demo_starts_in_a_game_in_progress() {
    let mut app = build_app(
        AppMode::Headless,
        LaunchOptions {
            demo: Some("skelly".into()),
            ..LaunchOptions::default()
        },
    );
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        16,
    )));
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Play);
    let m = app.world().resource::<Match<Skelly>>();
    assert_eq!(m.seats().len(), 4);
    let obs = m.observe(Seat(0));
    assert!(obs.game.shots() >= 12, "{} shots in", obs.game.shots());
    eprintln!("the demo: {:?}", obs.game.caps());
    assert_eq!(m.to_act(), Some(Seat(0)), "the person's turn");
    check_court(&mut app);
}

/// The computer seats are Skelly's own shot search (`ai::Player`), run in
/// the referee's slices: the same shot `ai::choose` finds for the same
/// view, level and seed; and the hint is its aimed shot.
#[test]
fn skelly_computers_are_the_crates_own_player() {
    use veil_core::Game;
    let game = Skelly::new(&Options::default(), 4).unwrap();
    let view = game.observe(Seat(0));
    for level in [Level::Easy, Level::Normal] {
        let mut thinker = <Skelly as veil_match::MatchGame>::computer(&view, level, 99);
        while !thinker.is_finished() {
            thinker.run_for(Duration::from_millis(2));
        }
        let shot = thinker.best_action().expect("a shot");
        assert_eq!(
            shot,
            veil_skelly::ai::choose(&view, level, None, 99),
            "{level:?}"
        );
    }
    let mut hint = <Skelly as veil_match::MatchGame>::hint(&view, 5);
    while !hint.is_finished() {
        hint.run_for(Duration::from_millis(2));
    }
    let mut player = veil_skelly::ai::Player::new(&view, Level::Normal, 5);
    while !player.is_finished() {
        player.run(100);
    }
    assert_eq!(hint.best_action(), player.best_shot());
}

/// Pulling back from a cap on the start line goes past the window's
/// bottom edge: the drag follows the pointer's moves out there (the
/// window itself then has no pointer) and flicks as hard as pulled.
#[test]
fn skelly_a_drag_may_leave_the_window() {
    use bevy::window::CursorMoved;
    let mut app = app(AnimationSpeed::Off);
    start_skelly(
        &mut app,
        vec![SeatKind::Human, SeatKind::Human],
        Options::default(),
        2,
    );
    let from = START_SPOTS[0];
    let size = window_size(&mut app);
    point_at(&mut app, from);
    mouse(&mut app, ButtonState::Pressed);
    // 12 units straight down: far below the window.
    let below = Point::new(from.x, from.y - 12.0);
    let pos = court_to_window(&mut app, below);
    assert!(pos.y > size.y, "the pull leaves the window ({pos})");
    let window = primary_window(&mut app);
    app.world_mut()
        .get_mut::<Window>(window)
        .unwrap()
        .set_cursor_position(Some(pos));
    assert!(
        app.world()
            .get::<Window>(window)
            .unwrap()
            .cursor_position()
            .is_none()
    );
    app.world_mut().write_message(CursorMoved {
        window,
        position: pos,
        delta: None,
    });
    app.update();
    mouse(&mut app, ButtonState::Released);
    let sent = app.world().resource::<Aim>().last_sent.expect("a shot");
    let intended = Shot::from_vector(0.0, 12.0, FULL_DRAG);
    assert!(
        sent.angle.abs_diff(intended.angle) <= 2 && sent.strength.abs_diff(intended.strength) <= 2,
        "{sent:?} is the pull {intended:?}"
    );
    assert_eq!(
        app.world()
            .resource::<Match<Skelly>>()
            .observe(Seat(0))
            .game
            .shots(),
        1
    );
}
