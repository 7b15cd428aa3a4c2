//! Headless app tests of the Reality Check view: whole games from the title
//! to the results, played through the app's input (square clicks and the
//! panel's numbered choices as `Command`s, keys through leafwing), with the
//! table checked against the viewer's observation after every change: every
//! disc where the observation has a piece, its up-face, and its face
//! underneath exactly when the viewer knows it; the hands beside the board;
//! nothing of the other seat's secrets anywhere — and the privacy screen in
//! hot-seat between the setups and whenever the seats' knowledge differs.

use super::*;
use veil::games::reality_check::{
    Choice, Disc, HandDisc, RcUi, Scene, ViewState, private_knowledge,
};
use veil::table::referee::Animating;
use veil_reality_check::{Action, RealityCheck, View};

fn start_rc(app: &mut App, seats: Vec<SeatKind>, seed: u64) {
    start_game(app, "reality-check", |setup| {
        assert_eq!(setup.seats.len(), 2);
        setup.seats = seats;
        setup.seed = Some(seed);
        setup.think_limit_ms = 80;
    });
    assert!(app.world().get_resource::<Match<RealityCheck>>().is_some());
}

fn rc_observation(app: &App) -> Option<View> {
    let m = app.world().get_resource::<Match<RealityCheck>>()?;
    let viewer = app.world().resource::<Viewer>().0;
    Some(m.observe(viewer))
}

fn rc_version(app: &App) -> Option<u64> {
    app.world()
        .get_resource::<Match<RealityCheck>>()
        .map(|m| m.version)
}

fn at(sq: veil_reality_check::Square) -> Cell {
    Cell::new(sq.file(), sq.rank())
}

/// The table shows exactly the viewer's observation.
fn check_rc(app: &mut App) {
    if app.world().get_resource::<Match<RealityCheck>>().is_none() {
        return;
    }
    let privacy = app.world().resource::<PrivacyPending>().0;
    let world = app.world_mut();
    let discs: Vec<(Option<Cell>, Disc, Option<String>)> = world
        .query::<(&Piece, &Disc, Option<&Identity>)>()
        .iter(world)
        .map(|(p, d, i)| (p.cell, *d, i.map(|i| i.0.clone())))
        .collect();
    let hands: Vec<(HandDisc, Option<String>)> = world
        .query::<(&HandDisc, Option<&Identity>)>()
        .iter(world)
        .map(|(h, i)| (*h, i.map(|i| i.0.clone())))
        .collect();
    if privacy.is_some() {
        assert!(discs.is_empty(), "no discs while the device changes hands");
        assert!(hands.is_empty(), "no hands while the device changes hands");
        assert!(world.resource::<ViewState>().scene.is_none());
        assert!(world.resource::<RcUi>().choices.is_empty());
        return;
    }
    let m = world.resource::<Match<RealityCheck>>();
    let viewer = world.resource::<Viewer>().0;
    let obs = m.observe(viewer);
    let me = obs.color();
    let mut on_board = 0;
    for sq in veil_reality_check::squares(obs.options.board.squares()) {
        let here: Vec<_> = discs.iter().filter(|d| d.0 == Some(at(sq))).collect();
        match obs.piece(sq) {
            None => assert!(here.is_empty(), "{sq}: drawn but empty"),
            Some(p) => {
                on_board += 1;
                assert_eq!(here.len(), 1, "{sq}: one disc");
                let (_, disc, identity) = here[0];
                assert_eq!(disc.color, p.color, "{sq}: side");
                assert_eq!(disc.up, p.up, "{sq}: up-face");
                assert_eq!(
                    disc.under,
                    p.kind.map(|k| k.other(p.up)),
                    "{sq}: the face underneath exactly when known"
                );
                assert_eq!(identity.clone(), p.kind.map(|k| k.to_string()), "{sq}");
                assert_eq!(disc.public, p.public);
            }
        }
    }
    assert_eq!(discs.len(), on_board, "no other discs");
    // Hands: the viewer's kinds, the other's count with nothing more.
    let mut mine: Vec<_> = hands
        .iter()
        .filter(|h| h.0.owner == me.index() as u8)
        .collect();
    mine.sort_by_key(|h| h.0.slot);
    let kinds: Vec<_> = mine.iter().map(|h| h.0.kind).collect();
    assert_eq!(kinds, obs.hand.iter().map(|k| Some(*k)).collect::<Vec<_>>());
    let theirs: Vec<_> = hands
        .iter()
        .filter(|h| h.0.owner != me.index() as u8)
        .collect();
    assert_eq!(
        theirs.len(),
        obs.hand_counts[me.other().index()] as usize,
        "the other hand's count"
    );
    assert!(
        theirs.iter().all(|h| h.0.kind.is_none() && h.1.is_none()),
        "the other hand's pieces are unknown"
    );
    // The move list writes no placement and no drop's face underneath.
    for line in m.log() {
        assert!(
            !line.contains('/') && !line.starts_with('+'),
            "a secret in the move list: {line}"
        );
    }
    let view = world.resource::<ViewState>();
    assert_eq!(
        view.scene.as_ref(),
        Some(&Scene::from_view(&obs)),
        "the panel's scene is the viewer's observation"
    );
}

/// Puts the pointer on the viewer's hand piece `kind` and clicks there.
fn click_hand_piece(app: &mut App, kind: veil_reality_check::Kind) {
    let world = app.world_mut();
    let mut discs = world.query::<(&veil::games::reality_check::HandDisc, &GlobalTransform)>();
    let at = discs
        .iter(world)
        .find(|(d, _)| d.kind == Some(kind))
        .map(|(_, t)| t.translation())
        .expect("the piece is in the viewer's hand");
    click_at(app, at.truncate());
}

/// Plays `action` for the viewer through clicks and the panel's choices.
fn click_rc(app: &mut App, action: Action) {
    let before = rc_version(app);
    let choose = |app: &mut App, want: Choice| {
        app.update();
        let choices = app.world().resource::<RcUi>().choices.clone();
        let i = choices
            .iter()
            .position(|c| c.1 == want)
            .unwrap_or_else(|| panic!("{want:?} is offered: {choices:?}"));
        if i < 6 && i % 2 == 0 {
            // The digits choose too.
            let code = [
                KeyCode::Digit1,
                KeyCode::Digit2,
                KeyCode::Digit3,
                KeyCode::Digit4,
                KeyCode::Digit5,
                KeyCode::Digit6,
            ][i];
            key(app, code, Key::Character((i + 1).to_string().into()));
        } else {
            send(app, Command::Choose(i));
        }
    };
    match action {
        Action::Place { to, .. } => {
            send(app, Command::Square(at(to)));
            choose(app, Choice::Act(action));
        }
        Action::Drop { kind, to, .. } => {
            // Held from the hand: only its targets are marked, and only its
            // faces are offered.
            click_hand_piece(app, kind);
            assert_eq!(
                app.world().resource::<RcUi>().held,
                Some(kind),
                "{kind} is held"
            );
            send(app, Command::Square(at(to)));
            if rc_version(app) == before {
                app.update();
                let choices = app.world().resource::<RcUi>().choices.clone();
                assert!(
                    choices
                        .iter()
                        .all(|c| matches!(c.1, Choice::Act(Action::Drop { kind: k, to: t, .. }) if k == kind && t == to)),
                    "only the held piece's faces: {choices:?}"
                );
                choose(app, Choice::Act(action));
            }
        }
        Action::Retreat { from, to } => {
            send(app, Command::Square(at(from)));
            send(app, Command::Square(at(to)));
            choose(app, Choice::Act(action));
        }
        Action::Move { from, to } => {
            send(app, Command::Square(at(from)));
            assert_eq!(
                app.world().resource::<BoardUi>().selected,
                Some(at(from)),
                "the piece is selected"
            );
            assert!(
                app.world()
                    .resource::<BoardUi>()
                    .targets()
                    .contains(&at(to))
            );
            send(app, Command::Square(at(to)));
        }
        Action::Capture { from, to } | Action::Check { from, to } => {
            send(app, Command::Square(at(from)));
            send(app, Command::Square(at(to)));
            choose(app, Choice::Act(action));
        }
        Action::Flip(sq) | Action::RemoveFromBoard(sq) => send(app, Command::Square(at(sq))),
        Action::Take | Action::Refuse | Action::RemoveFromHand(_) | Action::RemoveUnseen => {
            choose(app, Choice::Act(action))
        }
        Action::Memory(a, b) => {
            choose(app, Choice::Memory);
            send(app, Command::Square(at(a)));
            send(app, Command::Square(at(b)));
        }
        Action::Roll(_) => unreachable!("chance rolls the dice"),
    }
    assert_ne!(rc_version(app), before, "{action} was played by clicking");
}

/// A legal action for the viewer: Reality Checks and captures first, often.
fn pick(app: &App, rng: &mut GameRng) -> Option<Action> {
    let legal = rc_observation(app)?.legal_actions();
    if legal.is_empty() {
        return None;
    }
    let of = |f: fn(&Action) -> bool| legal.iter().copied().filter(f).collect::<Vec<_>>();
    let checks = of(|a| matches!(a, Action::Check { .. }));
    let captures = of(|a| matches!(a, Action::Capture { .. }));
    let drops = of(|a| matches!(a, Action::Drop { .. }));
    let roll = rng.random_range(0..10);
    let from = if !checks.is_empty() && roll < 5 {
        checks
    } else if !captures.is_empty() && roll < 7 {
        captures
    } else if !drops.is_empty() && roll < 8 {
        drops
    } else {
        legal
    };
    Some(from[rng.random_range(0..from.len())])
}

/// Frames until the results, the table checked after every change.
fn play_rc(app: &mut App, max_frames: usize, mut human: impl FnMut(&mut App) -> bool) -> usize {
    let mut last = None;
    let mut checks = 0;
    for _ in 0..max_frames {
        if screen(app) == Screen::Results {
            return checks;
        }
        let version = rc_version(app);
        if version.is_some() && version != last {
            app.update();
            check_rc(app);
            checks += 1;
            last = version;
        }
        let phase = app
            .world()
            .get_resource::<State<PlayPhase>>()
            .map(|s| *s.get());
        if phase == Some(PlayPhase::HumanTurn) && !app.world().resource::<Animating>().0 {
            if human(app) {
                continue;
            }
        }
        app.update();
    }
    panic!("no result after {max_frames} frames");
}

#[test]
pub(super) fn reality_check_against_the_computer_from_title_to_results() {
    let mut app = app(AnimationSpeed::Fast);
    start_rc(
        &mut app,
        vec![SeatKind::Human, SeatKind::Computer(Level::Easy)],
        7,
    );
    let mut rng = GameRng::seed_from_u64(4);
    let mut actions = 0;
    let (mut checks_played, mut moments) = (0, 0);
    let checks = play_rc(&mut app, 40_000, |app| {
        if actions >= 70 {
            // Issue 34, 5: the move list numbers turns: a flip is in the
            // turn of the move before it, each seat in its own column.
            let turns = app.world().resource::<Match<RealityCheck>>().turns();
            assert!(turns.windows(2).all(|p| p[0].0 != p[1].0), "{turns:?}");
            assert!(turns.iter().all(|(_, t)| !t.starts_with('~')), "{turns:?}");
            assert!(
                turns.iter().any(|(_, t)| t.contains(" ~")),
                "a flip joined its move: {turns:?}"
            );
            send(app, Command::Resign);
            send(app, Command::Resign);
            return true;
        }
        let Some(a) = pick(app, &mut rng) else {
            return false;
        };
        click_rc(app, a);
        if matches!(a, Action::Check { .. }) {
            checks_played += 1;
            // The moment: both pieces rise and turn over, then the verdict.
            app.update();
            let world = app.world_mut();
            let stand_ins = world
                .query::<&veil::games::reality_check::moment::Moment>()
                .iter(world)
                .count();
            assert_eq!(stand_ins, 2, "two stand-ins play the Reality Check");
            // Both are turned over in public: both faces underneath are
            // shown, also of a piece going back to a hand.
            let undersides: Vec<String> = world
                .query::<(
                    &veil::games::reality_check::moment::Side2,
                    &veil::kit::world_text::WorldText,
                )>()
                .iter(world)
                .filter(|(side, _)| side.0)
                .map(|(_, t)| t.text.clone())
                .collect();
            assert_eq!(undersides.len(), 2);
            assert!(
                undersides.iter().all(|t| t != "?"),
                "both faces underneath are shown: {undersides:?}"
            );
            assert!(app.world().resource::<Animating>().0);
            let verdict = app.world().resource::<ViewState>().verdict.clone();
            assert!(
                verdict.is_some_and(|v| v.starts_with("Reality Check")),
                "the verdict is said"
            );
            moments += 1;
        }
        actions += 1;
        // The choice's words and the table stay the viewer's.
        check_rc(app);
        true
    });
    let result = app.world().resource::<MatchResult>().clone();
    eprintln!(
        "Reality Check against the computer: {actions} actions, {checks} positions checked, {checks_played} Reality Checks; {} ({})",
        result.headline, result.reason
    );
    assert!(actions >= 9, "the setup was clicked ({actions})");
    assert!(checks > 20);
    let cues = &app.world().resource::<CueLog>().0;
    assert!(cues.contains(&Cue::Move) && cues.contains(&Cue::Flip));
    if checks_played > 0 {
        assert!(cues.contains(&Cue::Check), "a Reality Check is heard");
        assert!(cues.contains(&Cue::Verdict), "and its verdict");
    }
    assert_eq!(moments, checks_played);
    // Play again starts a fresh game.
    key(&mut app, KeyCode::Enter, Key::Enter);
    app.update();
    assert_eq!(screen(&app), Screen::Play);
    check_rc(&mut app);
}

#[test]
fn reality_check_hot_seat_hides_each_setup_and_hand() {
    let mut app = app(AnimationSpeed::Off);
    start_rc(&mut app, vec![SeatKind::Human, SeatKind::Human], 12);
    let mut rng = GameRng::seed_from_u64(8);
    let mut screens = 0;
    let mut actions = 0;
    let mut last_viewer = app.world().resource::<Viewer>().0;
    let mut last_obs: Option<View> = None;
    let mut black_setup_seen_after_screen = false;
    for _ in 0..6000 {
        if screen(&app) != Screen::Play {
            break;
        }
        if let Some(next) = app.world().resource::<PrivacyPending>().0 {
            screens += 1;
            app.update();
            assert_eq!(
                *app.world().resource::<State<PlayPhase>>().get(),
                PlayPhase::PassDevice
            );
            check_rc(&mut app);
            key(&mut app, KeyCode::Enter, Key::Enter);
            assert_eq!(app.world().resource::<Viewer>().0, next);
            check_rc(&mut app);
            last_viewer = next;
            last_obs = rc_observation(&app);
            continue;
        }
        let viewer = app.world().resource::<Viewer>().0;
        let obs = rc_observation(&app).expect("a match");
        if viewer != last_viewer {
            // A change of viewer without the screen: only when neither
            // seat knew anything the other did not.
            let before = last_obs.as_ref().expect("seen before");
            assert!(
                !private_knowledge(before) && !private_knowledge(&obs),
                "{last_viewer:?} → {viewer:?} without the privacy screen"
            );
            last_viewer = viewer;
        }
        if viewer == Seat(1) && obs.phase == veil_reality_check::Phase::Setup {
            black_setup_seen_after_screen |= screens > 0;
        }
        last_obs = Some(obs);
        if actions >= 60 {
            send(&mut app, Command::Resign);
            send(&mut app, Command::Resign);
            for _ in 0..200 {
                app.update();
                if screen(&app) == Screen::Results {
                    break;
                }
            }
            break;
        }
        let phase = *app.world().resource::<State<PlayPhase>>().get();
        if phase == PlayPhase::HumanTurn {
            if let Some(a) = pick(&app, &mut rng) {
                click_rc(&mut app, a);
                actions += 1;
                app.update();
                check_rc(&mut app);
                continue;
            }
        }
        app.update();
    }
    eprintln!("hot-seat Reality Check: {actions} actions, {screens} privacy screens");
    assert!(
        black_setup_seen_after_screen,
        "Black set up after the screen"
    );
    assert!(screens >= 10, "a screen between the turns ({screens})");
    assert_eq!(screen(&app), Screen::Results);
    let result = app.world().resource::<MatchResult>().clone();
    assert!(result.reason.contains("resigned"), "{}", result.reason);
}

/// The options through the view: free setup with two dice, the Memory
/// action and Strategic Retreat; the advanced board with one die and
/// Memory mode (no move list). Every action clicked, animations on.
#[test]
fn reality_check_options_dice_memory_and_the_advanced_board() {
    use veil_reality_check::{Dice, Layout, Options, SetupRule};
    let sets = [
        Options {
            setup: SetupRule::Free,
            dice: Dice::Two,
            memory_action: true,
            strategic_retreat: true,
            ..Options::default()
        },
        Options {
            board: Layout::Advanced,
            dice: Dice::One,
            memory_mode: true,
            ..Options::default()
        },
    ];
    for (n, options) in sets.into_iter().enumerate() {
        let mut app = app(AnimationSpeed::Fast);
        start_game(&mut app, "reality-check", |setup| {
            setup.seats = vec![SeatKind::Human, SeatKind::Computer(Level::Random)];
            setup.set_options::<RealityCheck>(&options);
            setup.seed = Some(30 + n as u64);
            setup.think_limit_ms = 40;
        });
        let mut rng = GameRng::seed_from_u64(n as u64);
        let (mut actions, mut dice, mut memory) = (0, 0, 0);
        let checks = play_rc(&mut app, 40_000, |app| {
            let world = app.world_mut();
            dice += world
                .query::<&veil::games::reality_check::draw::Die>()
                .iter(world)
                .count();
            if actions >= 50 {
                send(app, Command::Resign);
                send(app, Command::Resign);
                return true;
            }
            let Some(obs) = rc_observation(app) else {
                return false;
            };
            let legal = obs.legal_actions();
            let mems: Vec<_> = legal
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Memory(..)))
                .collect();
            let a = if !mems.is_empty() && rng.random_range(0..6) == 0 {
                memory += 1;
                mems[rng.random_range(0..mems.len())]
            } else {
                match pick(app, &mut rng) {
                    Some(a) => a,
                    None => return false,
                }
            };
            click_rc(app, a);
            actions += 1;
            check_rc(app);
            true
        });
        eprintln!(
            "options {n}: {actions} actions, {checks} checks, {dice} frames with a die, {memory} Memory actions"
        );
        assert!(actions >= 10);
        assert!(dice > 0, "the die is on the table");
        if options.memory_action {
            assert!(memory > 0, "a Memory action was clicked");
        }
        assert_eq!(screen(&app), Screen::Results);
    }
}

/// `VEIL_DEMO=reality-check`: straight into a game in progress, setups
/// done and moves played, the table drawn from the viewer's observation.
#[test]
fn reality_check_demo_starts_in_play() {
    let mut app = build_app(
        AppMode::Headless,
        LaunchOptions {
            demo: Some("reality-check".into()),
            ..LaunchOptions::default()
        },
    );
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        16,
    )));
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Play);
    let obs = rc_observation(&app).expect("the demo's match");
    assert!(
        obs.setup_done == [true, true] && obs.ply >= 6,
        "ply {}",
        obs.ply
    );
    check_rc(&mut app);
    let world = app.world_mut();
    assert!(world.query::<&Disc>().iter(world).count() >= 14);
}
