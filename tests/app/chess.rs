//! Headless app tests of the Intrigue and Secret King view: whole games from
//! the title screen to the results through the app's own input (keys and
//! `Command` messages), the world checked against the viewer's observation
//! after every change, and the opponent's secret looked for everywhere the
//! view could leak it.

use super::*;
use veil::chess_view::{
    ChessGame, ChessInput, ChessRecord, ChessViewState, PickMark, Scene, SecretMark, cell_name,
    role_name,
};
use veil_intrigue::{Intrigue, IntrigueOptions, Queens};
use veil_secret_king::SecretKing;

fn chess_start(
    app: &mut App,
    game: &'static str,
    seats: Vec<SeatKind>,
    intrigue: IntrigueOptions,
    seed: u64,
) {
    assert_eq!(screen(app), Screen::Title);
    key(app, KeyCode::Enter, Key::Enter);
    assert_eq!(screen(app), Screen::GameChoice);
    send(app, Command::ChooseGame(game));
    app.update();
    assert_eq!(screen(app), Screen::Setup, "{game} can be chosen");
    {
        let mut setup = app.world_mut().resource_mut::<MatchSetup>();
        assert_eq!(setup.game, game);
        setup.seats = seats;
        setup.intrigue = intrigue;
        setup.seed = Some(seed);
        setup.think_limit_ms = 150;
    }
    key(app, KeyCode::Enter, Key::Enter);
    app.update();
    assert_eq!(screen(app), Screen::Play);
}

/// The pieces of an observation as (cell, owner, role name), read straight
/// from the observation's board, not through the view's scene.
trait BoardOf: ChessGame {
    fn board_of(obs: &Self::Observation) -> Vec<(Cell, u8, String)>;
    /// The seat's own secret as the words and marks that must not leak to
    /// the other seat: (phrases, cells).
    fn secret_of(obs: &Self::Observation) -> (Vec<String>, Vec<Cell>);
    fn over(obs: &Self::Observation) -> bool;
}

fn cell10(sq: veil_chess::Square, files: u8) -> Cell {
    Cell::new(sq.0 % files, sq.0 / files)
}

impl BoardOf for Intrigue {
    fn board_of(obs: &veil_intrigue::IntrigueView) -> Vec<(Cell, u8, String)> {
        obs.public
            .position
            .board()
            .pieces()
            .map(|(sq, p)| {
                (
                    cell10(sq, 8),
                    p.color.index() as u8,
                    role_name(p.role).to_owned(),
                )
            })
            .collect()
    }

    fn secret_of(obs: &veil_intrigue::IntrigueView) -> (Vec<String>, Vec<Cell>) {
        let c = obs.color().index();
        let Some(s) = obs.my_secret() else {
            return (Vec::new(), Vec::new());
        };
        let mut phrases = Vec::new();
        let mut cells = Vec::new();
        if obs.public.kings[c].is_none() {
            let h = cell10(s.hiding, 8);
            phrases.push(format!("hides on {}", cell_name(h)));
            phrases.push(format!("hid on {}", cell_name(h)));
            phrases.push(format!("King on {}", cell_name(h)));
            cells.push(h);
        }
        if let Some(sq) = obs.my_informant() {
            let f = (b'a' + s.informant) as char;
            phrases.push(format!("Informant: the {f}-pawn"));
            phrases.push(format!("{f}-pawn as Informant"));
            cells.push(cell10(sq, 8));
        }
        (phrases, cells)
    }

    fn over(obs: &veil_intrigue::IntrigueView) -> bool {
        obs.public.outcome.is_some()
    }
}

impl BoardOf for SecretKing {
    fn board_of(obs: &veil_secret_king::SecretKingView) -> Vec<(Cell, u8, String)> {
        obs.position
            .board()
            .pieces()
            .map(|(sq, p)| {
                (
                    cell10(sq, 10),
                    p.color.index() as u8,
                    role_name(p.role).to_owned(),
                )
            })
            .collect()
    }

    fn secret_of(obs: &veil_secret_king::SecretKingView) -> (Vec<String>, Vec<Cell>) {
        let c = obs.color().index();
        match obs.kings[c] {
            Some(k) if !obs.revealed[c] => {
                let at = cell10(k, 10);
                (vec![format!("Knight on {}", cell_name(at))], vec![at])
            }
            _ => (Vec::new(), Vec::new()),
        }
    }

    fn over(obs: &veil_secret_king::SecretKingView) -> bool {
        obs.outcome.is_some()
    }
}

/// Every text the view shows the viewer during play: the scene's lines, the
/// menu, the prompt and the banner.
fn view_texts<G: ChessGame>(app: &App) -> Vec<String> {
    let view = app.world().resource::<ChessViewState>();
    let input = app.world().resource::<ChessInput<G>>();
    let mut texts = Vec::new();
    if let Some(s) = &view.scene {
        texts.extend(s.own.iter().cloned());
        texts.extend(s.notes.iter().cloned());
        texts.extend(s.history.iter().cloned());
    }
    texts.extend(input.choices.iter().map(|(l, _)| l.clone()));
    texts.extend(input.prompt.iter().cloned());
    texts.extend(view.banner.iter().cloned());
    texts
}

/// The world shows exactly the viewer's observation: every piece where the
/// observation has one, with its owner and role; the viewer's own secret in
/// gold and nothing of the opponent's before the game is over — no mark, no
/// pick, no word.
fn check_chess_world<G: BoardOf>(app: &mut App) {
    if app.world().get_resource::<Match<G>>().is_none() {
        return;
    }
    let privacy = app.world().resource::<PrivacyPending>().0;
    let world = app.world_mut();
    let drawn: Vec<(Cell, u8, Option<String>)> = world
        .query::<(&Piece, &Owner, Option<&Identity>)>()
        .iter(world)
        .map(|(p, o, i)| (p.cell.expect("chess pieces stand on the board"), o.0, i.map(|i| i.0.clone())))
        .collect();
    let marks: Vec<(SecretMark, u8)> = world
        .query::<(&SecretMark, &Owner)>()
        .iter(world)
        .map(|(m, o)| (*m, o.0))
        .collect();
    let picks: Vec<(Cell, u8)> = world
        .query::<(&PickMark, &Owner)>()
        .iter(world)
        .map(|(m, o)| (m.0, o.0))
        .collect();
    if privacy.is_some() {
        assert!(drawn.is_empty(), "no pieces while the device changes hands");
        assert!(marks.is_empty(), "no secrets while the device changes hands");
        assert!(picks.is_empty(), "no picks while the device changes hands");
        assert!(world.resource::<ChessViewState>().scene.is_none());
        return;
    }
    let m = world.resource::<Match<G>>();
    let viewer = world.resource::<Viewer>().0;
    let obs = m.observe(viewer);
    let other = m.observe(Seat(1 - viewer.0));
    let over = G::over(&obs);
    // The board, from the observation itself.
    let mut expected: Vec<(Cell, u8, Option<String>)> = G::board_of(&obs)
        .into_iter()
        .map(|(c, o, r)| (c, o, Some(r)))
        .collect();
    let mut got = drawn.clone();
    let order = |v: &mut Vec<(Cell, u8, Option<String>)>| {
        v.sort_by(|a, b| (a.0.rank, a.0.file).cmp(&(b.0.rank, b.0.file)))
    };
    order(&mut expected);
    order(&mut got);
    assert_eq!(got, expected, "the pieces drawn are the observation's");
    // Secrets: the viewer's own, marked where its observation puts them.
    let (_, my_cells) = G::secret_of(&obs);
    let (their_phrases, their_cells) = G::secret_of(&other);
    let scene = G::scene(&obs);
    let mut want: Vec<(SecretMark, u8)> = scene.secrets.iter().map(|(o, m)| (*m, *o)).collect();
    let mut have = marks.clone();
    want.sort_by_key(|(m, o)| (format!("{m:?}"), *o));
    have.sort_by_key(|(m, o)| (format!("{m:?}"), *o));
    assert_eq!(have, want, "the gold marks are the scene's");
    if !over {
        let mut mine: Vec<Cell> = marks
            .iter()
            .filter(|(_, o)| *o == viewer.0)
            .map(|(m, _)| m.cell())
            .collect();
        let mut own = my_cells.clone();
        mine.sort_by_key(|c| (c.rank, c.file));
        own.sort_by_key(|c| (c.rank, c.file));
        assert_eq!(mine, own, "the viewer sees its own secret");
        assert!(
            marks.iter().all(|(_, o)| *o == viewer.0),
            "no mark of the opponent's secret: {marks:?}"
        );
        assert!(
            picks.iter().all(|(_, o)| *o == viewer.0),
            "no pick of the opponent"
        );
        for c in &their_cells {
            assert!(
                !marks.iter().any(|(m, o)| m.cell() == *c && *o != viewer.0),
                "the opponent's secret at {c:?} is not marked"
            );
        }
        let texts = view_texts::<G>(app);
        for line in &scene.own {
            assert!(line.starts_with("Your"), "only the viewer's secret is told: {line}");
        }
        for phrase in &their_phrases {
            // The viewer's own secret may read the same; only the
            // opponent's must be absent.
            if G::secret_of(&obs).0.contains(phrase) {
                continue;
            }
            for t in &texts {
                assert!(
                    !t.contains(phrase.as_str()),
                    "the opponent's secret ({phrase}) leaked into the text {t:?}"
                );
            }
        }
    }
    // The HUD's scene is the viewer's observation.
    let view = app.world().resource::<ChessViewState>();
    assert_eq!(view.scene.as_ref(), Some(&scene), "the HUD shows the viewer's scene");
}

/// Runs frames until the results, checking the world after every change;
/// `human` acts for human seats.
fn play_chess<G: BoardOf>(
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
        let version = app.world().get_resource::<Match<G>>().map(|m| m.version);
        if version.is_some() && version != last_version {
            app.update();
            check_chess_world::<G>(app);
            checks += 1;
            last_version = version;
        }
        let phase = app
            .world()
            .get_resource::<State<PlayPhase>>()
            .map(|s| *s.get());
        if phase == Some(PlayPhase::HumanTurn)
            && !app.world().resource::<veil::play::Animating>().0
            && human(app)
        {
            continue;
        }
        app.update();
    }
    panic!("no result after {max_frames} frames");
}

fn version<G: ChessGame>(app: &App) -> u64 {
    app.world().resource::<Match<G>>().version
}

/// The secret setup through clicks and the menu: for Intrigue a hiding
/// square then a pawn, for Secret King a Knight; then confirm with the
/// digit key 1.
fn make_secret<G: BoardOf>(app: &mut App, rng: &mut GameRng) {
    let viewer = app.world().resource::<Viewer>().0;
    let obs = app.world().resource::<Match<G>>().observe(viewer);
    let board = G::board_of(&obs);
    let before = version::<G>(app);
    if G::HIDES {
        let hiding = Cell::new(rng.random_range(0..8), rng.random_range(2..6));
        send(app, Command::Square(hiding));
        assert_eq!(app.world().resource::<ChessInput<G>>().hiding, Some(hiding));
        let pawns: Vec<Cell> = board
            .iter()
            .filter(|(_, o, r)| *o == viewer.0 && r == "pawn")
            .map(|(c, _, _)| *c)
            .collect();
        let pawn = pawns[rng.random_range(0..pawns.len())];
        send(app, Command::Square(pawn));
        assert_eq!(app.world().resource::<ChessInput<G>>().piece, Some(pawn));
    } else {
        let knights: Vec<Cell> = board
            .iter()
            .filter(|(_, o, r)| *o == viewer.0 && r == "knight")
            .map(|(c, _, _)| *c)
            .collect();
        assert_eq!(knights.len(), 10);
        // An enemy piece is no choice.
        let enemy = board.iter().find(|(_, o, _)| *o != viewer.0).unwrap().0;
        send(app, Command::Square(enemy));
        assert_eq!(app.world().resource::<ChessInput<G>>().piece, None);
        let knight = knights[rng.random_range(0..knights.len())];
        send(app, Command::Square(knight));
        assert_eq!(app.world().resource::<ChessInput<G>>().piece, Some(knight));
    }
    app.update();
    let world = app.world_mut();
    let picks = world.query::<&PickMark>().iter(world).count();
    assert_eq!(picks, if G::HIDES { 2 } else { 1 }, "the picks are ringed");
    let input = app.world().resource::<ChessInput<G>>();
    assert!(input.choices[0].0.starts_with("Confirm"), "{:?}", input.choices);
    key(app, KeyCode::Digit1, Key::Character("1".into()));
    assert_ne!(version::<G>(app), before, "the secret choice was played");
    app.update();
    let world = app.world_mut();
    assert_eq!(world.query::<&PickMark>().iter(world).count(), 0);
}

/// One action for the viewer through the board and the menu: a decision
/// when one is asked, now and then a reveal, otherwise a move by two
/// clicks (captures preferred), answering a promotion menu.
fn act<G: BoardOf>(app: &mut App, rng: &mut GameRng) -> bool {
    let input = app.world().resource::<ChessInput<G>>();
    if input.setting_up {
        make_secret::<G>(app, rng);
        return true;
    }
    let board_moves = input.actions.board.clone();
    let choices = input.choices.clone();
    let before = version::<G>(app);
    if board_moves.is_empty() || (!choices.is_empty() && rng.random_bool(0.15)) {
        if choices.is_empty() {
            return false;
        }
        let i = rng.random_range(0..choices.len());
        send(app, Command::Choose(i));
        assert_ne!(version::<G>(app), before, "the choice {:?} was played", choices[i].0);
        return true;
    }
    let viewer = app.world().resource::<Viewer>().0;
    let obs = app.world().resource::<Match<G>>().observe(viewer);
    let occupied: Vec<Cell> = G::board_of(&obs).iter().map(|(c, _, _)| *c).collect();
    let captures: Vec<_> = board_moves
        .iter()
        .filter(|(_, t, _, _)| occupied.contains(t))
        .collect();
    let pick = if !captures.is_empty() && rng.random_bool(0.7) {
        captures[rng.random_range(0..captures.len())]
    } else {
        &board_moves[rng.random_range(0..board_moves.len())]
    };
    let (from, to) = (pick.0, pick.1);
    send(app, Command::Square(from));
    app.update();
    let ui = app.world().resource::<BoardUi>().clone();
    assert_eq!(ui.selected, Some(from));
    let mut expected: Vec<Cell> = board_moves
        .iter()
        .filter(|(f, _, _, _)| *f == from)
        .map(|(_, t, _, _)| *t)
        .collect();
    expected.sort_by_key(|c| (c.file, c.rank));
    expected.dedup();
    let mut targets = ui.targets();
    targets.sort_by_key(|c| (c.file, c.rank));
    targets.dedup();
    assert_eq!(targets, expected, "the highlighted targets are the legal moves");
    send(app, Command::Square(to));
    if version::<G>(app) == before {
        // Several moves share the squares: the menu asks for the piece.
        let input = app.world().resource::<ChessInput<G>>();
        assert!(
            input.choices.len() >= 2 && input.choices[0].0.starts_with("Promote"),
            "a promotion menu: {:?}",
            input.choices
        );
        send(app, Command::Choose(rng.random_range(0..input.choices.len())));
        assert_ne!(version::<G>(app), before, "the promotion was played");
    }
    true
}

fn finish_checks(app: &App, variant: &str) -> ChessRecord {
    let result = app.world().resource::<MatchResult>().clone();
    assert!(!result.reason.is_empty());
    let record = app.world().resource::<ChessRecord>().clone();
    assert!(record.pgn.contains(&format!("[Variant \"{variant}\"]")), "{}", record.pgn);
    assert!(record.pgn.contains("{Secret choices:"), "{}", record.pgn);
    eprintln!("{variant}: {} ({})\n{}", result.headline, result.reason, record.pgn);
    record
}

#[test]
fn intrigue_human_against_computer_from_title_to_results() {
    let mut app = app(AnimationSpeed::Off);
    chess_start(
        &mut app,
        "intrigue",
        vec![SeatKind::Human, SeatKind::Computer(Level::Greedy)],
        IntrigueOptions {
            queens: Queens::Home,
            atomic_king: false,
        },
        7,
    );
    let mut rng = GameRng::seed_from_u64(17);
    let mut actions = 0;
    let checks = play_chess::<Intrigue>(&mut app, 40_000, |app| {
        actions += 1;
        if actions > 120 {
            send(app, Command::Resign);
            send(app, Command::Resign);
            return true;
        }
        act::<Intrigue>(app, &mut rng)
    });
    assert!(checks > 5, "{checks} positions checked");
    let record = finish_checks(&app, "Intrigue");
    assert!(record.pgn.contains("White hid the King on"));
    assert!(record.pgn.contains("Black hid the King on"));
    let cues = &app.world().resource::<CueLog>().0;
    assert!(cues.contains(&Cue::Move));
    // Back to the setup from the results.
    key(&mut app, KeyCode::Escape, Key::Escape);
    assert_eq!(screen(&app), Screen::Setup);
}

#[test]
fn intrigue_computers_atomic_king_with_animations_to_the_end() {
    let mut app = app(AnimationSpeed::Fast);
    chess_start(
        &mut app,
        "intrigue",
        vec![
            SeatKind::Computer(Level::Greedy),
            SeatKind::Computer(Level::Random),
        ],
        IntrigueOptions {
            queens: Queens::Two,
            atomic_king: true,
        },
        3,
    );
    let checks = play_chess::<Intrigue>(&mut app, 200_000, |_| false);
    assert!(checks > 5);
    finish_checks(&app, "Intrigue");
    assert!(app.world().resource::<ChessRecord>().pgn.contains("[Queens \"Two Queens\"]"));
}

#[test]
fn secret_king_human_against_computer_from_title_to_results() {
    let mut app = app(AnimationSpeed::Off);
    chess_start(
        &mut app,
        "secret-king",
        vec![SeatKind::Human, SeatKind::Computer(Level::Random)],
        IntrigueOptions::default(),
        5,
    );
    let mut rng = GameRng::seed_from_u64(23);
    let mut actions = 0;
    let checks = play_chess::<SecretKing>(&mut app, 60_000, |app| {
        actions += 1;
        if actions > 150 {
            send(app, Command::Resign);
            send(app, Command::Resign);
            return true;
        }
        act::<SecretKing>(app, &mut rng)
    });
    assert!(checks > 5, "{checks}");
    let record = finish_checks(&app, "Secret King");
    assert!(record.pgn.contains("White chose"), "{}", record.pgn);
}

#[test]
fn secret_king_computers_to_the_end() {
    let mut app = app(AnimationSpeed::Off);
    chess_start(
        &mut app,
        "secret-king",
        vec![
            SeatKind::Computer(Level::Greedy),
            SeatKind::Computer(Level::Random),
        ],
        IntrigueOptions::default(),
        9,
    );
    let checks = play_chess::<SecretKing>(&mut app, 200_000, |_| false);
    assert!(checks > 5);
    finish_checks(&app, "Secret King");
}

/// Hot-seat: a privacy screen between the two secret choices and between
/// moves while secrets are kept; the board and every secret vanish meanwhile.
fn hot_seat<G: BoardOf>(game: &'static str) {
    let mut app = app(AnimationSpeed::Off);
    chess_start(
        &mut app,
        game,
        vec![SeatKind::Human, SeatKind::Human],
        IntrigueOptions::default(),
        4,
    );
    let mut rng = GameRng::seed_from_u64(2);
    let mut screens = 0;
    let mut acted = 0;
    for _ in 0..300 {
        if screen(&app) != Screen::Play || acted >= 12 {
            break;
        }
        if let Some(next) = app.world().resource::<PrivacyPending>().0 {
            screens += 1;
            app.update();
            assert_eq!(
                *app.world().resource::<State<PlayPhase>>().get(),
                PlayPhase::PassDevice
            );
            check_chess_world::<G>(&mut app);
            assert!(
                view_texts::<G>(&app).is_empty(),
                "no words of either seat while the device changes hands"
            );
            key(&mut app, KeyCode::Enter, Key::Enter);
            assert_eq!(app.world().resource::<Viewer>().0, next);
            check_chess_world::<G>(&mut app);
            continue;
        }
        let m = app.world().resource::<Match<G>>();
        if let Some(seat) = m.to_act() {
            assert_eq!(seat, app.world().resource::<Viewer>().0, "hot-seat shows the seat to act");
        }
        if *app.world().resource::<State<PlayPhase>>().get() == PlayPhase::HumanTurn {
            if act::<G>(&mut app, &mut rng) {
                acted += 1;
            }
        }
        app.update();
        check_chess_world::<G>(&mut app);
    }
    eprintln!("{game} hot-seat: {screens} privacy screens, {acted} actions");
    assert!(acted >= 6, "both seats acted ({acted})");
    // Between the two secret choices, and after every move while both
    // secrets are kept.
    assert!(screens >= acted - 1, "{screens} privacy screens for {acted} actions");
}

#[test]
fn intrigue_hot_seat_privacy() {
    hot_seat::<Intrigue>("intrigue");
}

#[test]
fn secret_king_hot_seat_privacy() {
    hot_seat::<SecretKing>("secret-king");
}
