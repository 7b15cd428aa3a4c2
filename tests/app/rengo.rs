//! Rengo in the app, headless: from the title to the results with one
//! person and three computers, and with four people at one screen in table
//! mode (messages, the out-of-sequence report, the resign question, the
//! count with a group marked dead). After every frame the table is compared
//! with the viewer's observation: one stone entity per stone, of its
//! colour, marked dead as the count says, and one plate per seat with the
//! seat to act lit.

use super::*;
use veil::games::rengo::cell;
use veil::games::rengo::draw::{Bowl, HoverStone, SeatPlate, StoneMark, TerritoryMark};
use veil::games::rengo::record::FinishedRecord;
use veil::table::referee::Animating;
use veil::table::view::ActionRequest;
use veil_core::{Actor, Game, Turn};
use veil_go::{Message, Phase, Point, Rengo, RengoAction, RengoOptions, RengoView};

fn start_rengo(app: &mut App, seats: Vec<SeatKind>, options: RengoOptions, seed: u64) {
    start_game(app, "rengo", |setup| {
        assert_eq!(setup.seats.len(), 4, "four seats for Rengo by default");
        setup.seats = seats;
        setup.set_options::<Rengo>(&options);
        setup.seed = Some(seed);
        setup.think_limit_ms = 30;
    });
    assert!(app.world().get_resource::<Match<Rengo>>().is_some());
}

fn observation(app: &App) -> Option<RengoView> {
    let m = app.world().get_resource::<Match<Rengo>>()?;
    let viewer = app.world().resource::<Viewer>().0;
    Some(m.observe(viewer))
}

/// The table shows exactly the viewer's observation.
pub(super) fn check_rengo_world(app: &mut App) {
    let Some(obs) = observation(app) else { return };
    let world = app.world_mut();
    let stones: Vec<StoneMark> = world.query::<&StoneMark>().iter(world).copied().collect();
    let board = obs.game.position().board();
    let expected: Vec<Point> = board.points().filter(|p| board.get(*p).is_some()).collect();
    assert_eq!(stones.len(), expected.len(), "one stone entity per stone");
    for p in expected {
        let here: Vec<_> = stones.iter().filter(|s| s.point == p).collect();
        assert_eq!(here.len(), 1, "{p}: one stone");
        assert_eq!(Some(here[0].color), board.get(p), "{p}: colour");
        assert_eq!(
            here[0].dead,
            obs.game.dead().contains(&p),
            "{p}: marked dead as the count says"
        );
    }
    let plates: Vec<SeatPlate> = world.query::<&SeatPlate>().iter(world).copied().collect();
    assert_eq!(plates.len(), obs.game.seats(), "a plate per seat");
    let lit: Vec<Seat> = plates.iter().filter(|p| p.to_act).map(|p| p.seat).collect();
    match obs.game.turn() {
        Turn::Seat(s) => assert_eq!(lit, vec![s], "the plate of the seat to act is lit"),
        _ => assert!(lit.is_empty()),
    }
    let bowls: Vec<Bowl> = world.query::<&Bowl>().iter(world).copied().collect();
    assert_eq!(bowls.len(), 2);
    for b in bowls {
        assert_eq!(
            b.count,
            board.captures()[b.owner.index()],
            "bowl of {}",
            b.owner
        );
    }
    let territory = world.query::<&TerritoryMark>().iter(world).count();
    let counting = matches!(obs.game.phase(), Phase::Counting { .. } | Phase::Over(_));
    let expected = if counting {
        let score = obs.game.score();
        board
            .points()
            .filter(|p| {
                let i = p.row as usize * board.size() as usize + p.col as usize;
                score.owner[i].is_some() && (board.get(*p).is_none() || obs.game.dead().contains(p))
            })
            .count()
    } else {
        0
    };
    assert_eq!(territory, expected, "the territory overlay is the count's");
}

fn phase(app: &App) -> PlayPhase {
    *app.world().resource::<State<PlayPhase>>().get()
}

fn legal(obs: &RengoView) -> Vec<RengoAction> {
    let mut out = Vec::new();
    obs.game.legal_actions(Actor::Seat(obs.seat), &mut out);
    out
}

fn request(app: &mut App, seat: Seat, action: RengoAction) {
    app.world_mut()
        .write_message(ActionRequest::<Rengo> { seat, action });
    app.update();
}

/// Clicks a random legal point (through the board's click command) and
/// says which.
pub(super) fn click_random_point(app: &mut App, rng: &mut GameRng) -> Option<Point> {
    let obs = observation(app)?;
    let points: Vec<Point> = legal(&obs)
        .into_iter()
        .filter_map(|a| match a {
            RengoAction::Play(p) => Some(p),
            _ => None,
        })
        .collect();
    if points.is_empty() {
        return None;
    }
    let p = points[rng.random_range(0..points.len())];
    send(app, Command::Square(cell(p)));
    Some(p)
}

/// Clicks the first stone of a group of `color` in counting.
fn click_a_group(app: &mut App) -> Option<Point> {
    let obs = observation(app)?;
    let board = obs.game.position().board();
    let p = board.points().find(|p| board.get(*p).is_some())?;
    send(app, Command::Square(cell(p)));
    Some(p)
}

#[test]
pub(super) fn one_person_and_three_computers_from_title_to_results() {
    let mut app = app(AnimationSpeed::Fast);
    let seats = vec![
        SeatKind::Human,
        SeatKind::Computer(Level::Random),
        SeatKind::Computer(Level::Random),
        SeatKind::Computer(Level::Random),
    ];
    start_rengo(&mut app, seats, RengoOptions::default(), 5);
    assert_eq!(
        app.world().resource::<Viewer>().0,
        Seat(0),
        "the person is B1"
    );
    let mut rng = GameRng::seed_from_u64(9);
    let (mut stones, mut hinted, mut undone, mut marked, mut hover_seen) =
        (0, false, false, false, false);
    let mut dropped = false;
    for _ in 0..30_000 {
        if screen(&app) != Screen::Play {
            break;
        }
        app.update();
        check_rengo_world(&mut app);
        if app.world().resource::<Animating>().0 {
            dropped = true;
            continue;
        }
        let Some(obs) = observation(&app) else {
            continue;
        };
        if phase(&app) != PlayPhase::HumanTurn || obs.game.turn() != Turn::Seat(Seat(0)) {
            continue;
        }
        match obs.game.phase() {
            Phase::Play => {
                if !hinted && stones == 2 {
                    send(&mut app, Command::Hint);
                    for _ in 0..200 {
                        app.update();
                        let m = app.world().resource::<Match<Rengo>>();
                        if m.hint.is_some() {
                            break;
                        }
                    }
                    assert!(
                        app.world().resource::<Match<Rengo>>().hint.is_some(),
                        "a hint is found"
                    );
                    hinted = true;
                }
                if !hover_seen {
                    // The hover stone shows where a click would play.
                    let p = legal(&obs)
                        .into_iter()
                        .find_map(|a| match a {
                            RengoAction::Play(p) => Some(p),
                            _ => None,
                        })
                        .unwrap();
                    app.world_mut().resource_mut::<BoardUi>().cursor = Some(cell(p));
                    app.update();
                    let world = app.world_mut();
                    let hovers: Vec<HoverStone> =
                        world.query::<&HoverStone>().iter(world).copied().collect();
                    assert_eq!(hovers, vec![HoverStone(p)]);
                    app.world_mut().resource_mut::<BoardUi>().cursor = None;
                    hover_seen = true;
                }
                if stones < 8 {
                    let p = click_random_point(&mut app, &mut rng).expect("a legal point");
                    let after = observation(&app).unwrap();
                    assert_eq!(
                        after.game.position().board().get(p),
                        Some(veil_go::Color::Black)
                    );
                    stones += 1;
                    if stones == 5 && !undone {
                        // Take it back once the computers have answered.
                        for _ in 0..400 {
                            app.update();
                            if phase(&app) == PlayPhase::HumanTurn {
                                break;
                            }
                        }
                        send(&mut app, Command::Undo);
                        let back = observation(&app).unwrap();
                        assert_eq!(back.game.position().board().get(p), None, "undone");
                        undone = true;
                    }
                } else {
                    request(&mut app, Seat(0), RengoAction::Pass);
                }
            }
            Phase::ResignQuestion { .. } => {
                request(&mut app, Seat(0), RengoAction::AnswerResign(false));
            }
            Phase::Counting { .. } => {
                if !marked {
                    let before = obs.game.dead().to_vec();
                    click_a_group(&mut app).expect("stones on the board");
                    let after = observation(&app).unwrap();
                    assert_ne!(after.game.dead(), &before[..], "the click marked a group");
                    marked = true;
                } else {
                    request(&mut app, Seat(0), RengoAction::Accept);
                }
            }
            Phase::Over(_) => {}
        }
    }
    assert!(hinted && undone && hover_seen, "hint, undo and hover tried");
    assert!(dropped, "stones were animated");
    assert_eq!(
        screen(&app),
        Screen::Results,
        "the game reached the results"
    );
    let result = app.world().resource::<MatchResult>().clone();
    eprintln!("{result:?}");
    assert!(
        result.headline.contains("wins") || result.headline.contains("draw"),
        "{result:?}"
    );
    assert_eq!(result.seats.len(), 4);
    // Partners share the result.
    assert_eq!(result.seats[0].2, result.seats[2].2);
    assert_eq!(result.seats[1].2, result.seats[3].2);
    let record = app.world().resource::<FinishedRecord>().sgf.clone();
    let read = veil_go::sgf::read(&record).expect("the record reads back");
    assert_eq!(read.seats(), 4);
    // The results offer Veil's record and the SGF (saved, or downloaded in
    // the browser).
    let files = &app
        .world()
        .resource::<veil::table::recent::FinishedRecords>()
        .files;
    let labels: Vec<&str> = files.iter().map(|f| f.label).collect();
    assert_eq!(labels, ["Veil record", "SGF"]);
    assert_eq!(files[1].text, record);
    assert!(files[1].name.ends_with(".sgf"));
}

#[test]
fn four_people_in_table_mode_from_title_to_results() {
    let mut app = app(AnimationSpeed::Off);
    let options = RengoOptions {
        table_mode: true,
        ..RengoOptions::default()
    };
    start_rengo(&mut app, vec![SeatKind::Human; 4], options, 8);
    let mut rng = GameRng::seed_from_u64(2);
    let (mut said, mut reported, mut asked, mut marked) = (false, false, false, false);
    let mut last_obs: Option<RengoView> = None;
    for _ in 0..4000 {
        if screen(&app) != Screen::Play {
            break;
        }
        app.update();
        check_rengo_world(&mut app);
        assert!(
            app.world().resource::<PrivacyPending>().0.is_none(),
            "Go hides nothing: no privacy screen"
        );
        let Some(obs) = observation(&app) else {
            continue;
        };
        let Turn::Seat(seat) = obs.game.turn() else {
            continue;
        };
        assert_eq!(obs.seat, seat, "the board shows the seat to act");
        last_obs = Some(obs.clone());
        let moves = obs.game.position().moves().len();
        match obs.game.phase() {
            Phase::Play => {
                let actions = legal(&obs);
                if !said && moves == 3 {
                    request(&mut app, seat, RengoAction::Say(Message::IsItMyTurn));
                    let after = observation(&app).unwrap();
                    assert_eq!(
                        after.game.turn(),
                        Turn::Seat(seat),
                        "a message keeps the turn"
                    );
                    said = true;
                } else if !reported && moves == 6 {
                    let report = RengoAction::ReportOutOfSequence { intentional: false };
                    assert!(
                        actions.contains(&report),
                        "table mode: the stone can be reported"
                    );
                    request(&mut app, seat, report);
                    let after = observation(&app).unwrap();
                    let partner = after.game.partner(seat);
                    assert_eq!(
                        after.game.turn(),
                        Turn::Seat(partner),
                        "the reporter's partner plays"
                    );
                    assert_eq!(after.game.bonus().iter().sum::<u32>(), 3, "3 prisoners");
                    reported = true;
                } else if !asked && moves == 9 {
                    request(&mut app, seat, RengoAction::Say(Message::ShallWeResign));
                    let after = observation(&app).unwrap();
                    let partner = after.game.partner(seat);
                    assert_eq!(after.game.turn(), Turn::Seat(partner));
                    assert_eq!(
                        app.world().resource::<Viewer>().0,
                        partner,
                        "the partner answers"
                    );
                    request(&mut app, partner, RengoAction::AnswerResign(false));
                    assert_eq!(observation(&app).unwrap().game.turn(), Turn::Seat(seat));
                    asked = true;
                } else if moves < 16 {
                    click_random_point(&mut app, &mut rng).expect("a legal point");
                } else {
                    request(&mut app, seat, RengoAction::Pass);
                }
            }
            Phase::ResignQuestion { .. } => {
                request(&mut app, seat, RengoAction::AnswerResign(false));
            }
            Phase::Counting { .. } => {
                if !marked {
                    // Pointing at a group rings its stones.
                    let board = obs.game.position().board();
                    let p = board.points().find(|p| board.get(*p).is_some()).unwrap();
                    app.world_mut().resource_mut::<BoardUi>().cursor = Some(cell(p));
                    app.update();
                    let world = app.world_mut();
                    let ringed = world
                        .query::<&veil::games::rengo::draw::HoverGroup>()
                        .iter(world)
                        .count();
                    assert_eq!(ringed, board.chain_at(p).len(), "the group is ringed");
                    app.world_mut().resource_mut::<BoardUi>().cursor = None;
                    click_a_group(&mut app).expect("stones");
                    let after = observation(&app).unwrap();
                    assert!(!after.game.dead().is_empty() || !obs.game.dead().is_empty());
                    assert_ne!(after.game.dead(), obs.game.dead(), "toggled");
                    marked = true;
                } else {
                    request(&mut app, seat, RengoAction::Accept);
                }
            }
            Phase::Over(_) => {}
        }
    }
    assert!(said && reported && asked && marked);
    assert_eq!(screen(&app), Screen::Results);
    let result = app.world().resource::<MatchResult>().clone();
    eprintln!("{result:?}");
    assert_eq!(result.seats[0].2, result.seats[2].2, "{result:?}");
    let last = last_obs.unwrap();
    let record = app.world().resource::<FinishedRecord>().sgf.clone();
    assert!(
        record.contains("Is it my turn?"),
        "messages are in the record"
    );
    let read = veil_go::sgf::read(&record).expect("the record reads back");
    assert_eq!(
        read.position().board().rows(),
        last.game.position().board().rows(),
        "the record replays to the final board"
    );
}

#[test]
fn a_record_is_imported_and_play_goes_on_from_it() {
    let mut app = app(AnimationSpeed::Off);
    start_rengo(
        &mut app,
        vec![SeatKind::Human; 4],
        RengoOptions::default(),
        3,
    );
    // A 13×13 record made by the rules crate.
    let mut game = Rengo::new(
        &RengoOptions {
            size: 13,
            ..RengoOptions::default()
        },
        4,
    )
    .unwrap();
    for (k, v) in ["D4", "K10", "C11", "K4", "G7"].iter().enumerate() {
        let p = Point::parse(v, 13).unwrap();
        game.apply(Actor::Seat(Seat((k % 4) as u8)), RengoAction::Play(p))
            .unwrap();
    }
    game.apply(Actor::Seat(Seat(1)), RengoAction::Say(Message::IsItMyTurn))
        .unwrap();
    let sgf = veil_go::sgf::write(&game, &[]);
    app.world_mut()
        .write_message(veil::games::rengo::record::ImportRecord(sgf));
    app.update();
    app.update();
    let obs = observation(&app).expect("a match");
    assert_eq!(obs.game.position().size(), 13);
    assert_eq!(
        obs.game.position().board().rows(),
        game.position().board().rows()
    );
    assert_eq!(obs.game.turn(), Turn::Seat(Seat(1)), "W1 to play");
    assert_eq!(app.world().resource::<Viewer>().0, Seat(1));
    assert_eq!(app.world().resource::<BoardLayout>().geometry.files, 13);
    check_rengo_world(&mut app);
    // Play goes on: W1 clicks a point.
    let mut rng = GameRng::seed_from_u64(1);
    let p = click_random_point(&mut app, &mut rng).unwrap();
    let after = observation(&app).unwrap();
    assert_eq!(
        after.game.position().board().get(p),
        Some(veil_go::Color::White)
    );
    // A broken record is refused and the game stays.
    app.world_mut()
        .write_message(veil::games::rengo::record::ImportRecord("(;GM[3])".into()));
    app.update();
    assert_eq!(observation(&app).unwrap().game, after.game);
}

#[test]
fn the_demo_starts_a_rengo_game_in_progress() {
    let mut app = build_app(
        AppMode::Headless,
        LaunchOptions {
            demo: Some("rengo".into()),
            ..LaunchOptions::default()
        },
    );
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        16,
    )));
    for _ in 0..6 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Play);
    let obs = observation(&app).expect("the demo's match");
    assert_eq!(obs.game.seats(), 4);
    assert_eq!(obs.game.position().size(), 13);
    assert!(
        obs.game.position().moves().len() >= 20,
        "a game in progress"
    );
    check_rengo_world(&mut app);
}

#[test]
fn plain_go_is_two_seats_and_only_plain_go_resigns_alone() {
    // Rengo: R twice does not resign for the team.
    let mut app = app(AnimationSpeed::Off);
    start_rengo(
        &mut app,
        vec![SeatKind::Human; 4],
        RengoOptions::default(),
        4,
    );
    for _ in 0..2 {
        key(&mut app, KeyCode::KeyR, Key::Character("r".into()));
    }
    assert_eq!(screen(&app), Screen::Play);
    assert_eq!(
        app.world().resource::<Match<Rengo>>().turn(),
        Turn::Seat(Seat(0))
    );
    send(&mut app, Command::Back);
    app.update();
    assert_eq!(screen(&app), Screen::Title);
    // Plain Go: two seats from the setup's player count.
    start_game(&mut app, "rengo", |setup| {
        setup.set_seat_count(3);
        assert_eq!(setup.seats.len(), 2, "2 or 4 players, never 3");
        setup.seats = vec![SeatKind::Human, SeatKind::Computer(Level::Random)];
        setup.seed = Some(6);
        setup.think_limit_ms = 30;
    });
    let obs = observation(&app).unwrap();
    assert_eq!(obs.game.seats(), 2);
    assert_eq!(obs.game.seat_name(Seat(0)), "Black");
    check_rengo_world(&mut app);
    let mut rng = GameRng::seed_from_u64(4);
    click_random_point(&mut app, &mut rng).unwrap();
    for _ in 0..60 {
        app.update();
    }
    for _ in 0..2 {
        key(&mut app, KeyCode::KeyR, Key::Character("r".into()));
    }
    for _ in 0..200 {
        if screen(&app) == Screen::Results {
            break;
        }
        app.update();
    }
    assert_eq!(screen(&app), Screen::Results);
    let result = app.world().resource::<MatchResult>().clone();
    assert_eq!(result.headline, "White wins", "{result:?}");
    assert!(result.reason.contains("Black resigned"), "{result:?}");
    assert!(!result.seats[0].2 && result.seats[1].2);
}

#[test]
fn a_capture_drops_the_stone_and_lifts_the_prisoner_into_the_bowl() {
    use veil::games::rengo::draw::{Dropping, LastMark, Lifted};
    let mut app = app(AnimationSpeed::Fast);
    start_rengo(
        &mut app,
        vec![SeatKind::Human; 4],
        RengoOptions::default(),
        3,
    );
    let mut game = Rengo::new(&RengoOptions::default(), 4).unwrap();
    for (k, v) in ["A1", "A2", "J9", "J1", "E5"].iter().enumerate() {
        let p = Point::parse(v, 9).unwrap();
        game.apply(Actor::Seat(Seat((k % 4) as u8)), RengoAction::Play(p))
            .unwrap();
    }
    app.world_mut()
        .write_message(veil::games::rengo::record::ImportRecord(
            veil_go::sgf::write(&game, &[]),
        ));
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(app.world().resource::<Viewer>().0, Seat(1), "W1 to play");
    let b1 = Point::parse("B1", 9).unwrap();
    send(&mut app, Command::Square(cell(b1)));
    let obs = observation(&app).unwrap();
    assert_eq!(
        obs.game
            .position()
            .board()
            .get(Point::parse("A1", 9).unwrap()),
        None
    );
    assert!(app.world().resource::<CueLog>().0.contains(&Cue::Capture));
    app.update();
    let world = app.world_mut();
    assert_eq!(
        world.query::<&Lifted>().iter(world).count(),
        1,
        "the prisoner is lifted"
    );
    assert_eq!(
        world.query::<&Dropping>().iter(world).count(),
        1,
        "the stone drops"
    );
    let marks: Vec<LastMark> = world.query::<&LastMark>().iter(world).copied().collect();
    assert_eq!(marks, vec![LastMark(b1)], "the last move is marked");
    assert!(app.world().resource::<Animating>().0);
    for _ in 0..200 {
        app.update();
        if !app.world().resource::<Animating>().0 {
            break;
        }
    }
    let world = app.world_mut();
    assert_eq!(
        world.query::<&Lifted>().iter(world).count(),
        0,
        "gone into the bowl"
    );
    check_rengo_world(&mut app);
}

/// Issue 33, 4: importing a two-player record while a seat the new match
/// does not have is on screen (W2 of a four-seat hot-seat game) moves the
/// screen to a seat it has, and the table draws on (it panicked in
/// `hover_stone`: "len is 2 but the index is 3").
#[test]
fn an_import_with_fewer_seats_moves_the_screen_to_a_seat_it_has() {
    let mut app = app(AnimationSpeed::Off);
    start_rengo(
        &mut app,
        vec![
            SeatKind::Human,
            SeatKind::Human,
            SeatKind::Computer(Level::Easy),
            SeatKind::Human,
        ],
        RengoOptions::default(),
        5,
    );
    // B1 and W1 play, B2 (the computer) answers: W2's turn, on screen
    // once the device has passed to it.
    for (seat, v) in [(Seat(0), "D4"), (Seat(1), "F6")] {
        for _ in 0..200 {
            if app.world().resource::<Match<Rengo>>().to_act() == Some(seat) {
                break;
            }
            app.update();
        }
        request(
            &mut app,
            seat,
            RengoAction::Play(Point::parse(v, 9).unwrap()),
        );
    }
    for _ in 0..600 {
        if app.world().resource::<PrivacyPending>().0.is_some() {
            key(&mut app, KeyCode::Enter, Key::Enter);
        }
        if app.world().resource::<Viewer>().0 == Seat(3) {
            break;
        }
        app.update();
    }
    assert_eq!(app.world().resource::<Viewer>().0, Seat(3), "W2 on screen");
    // A finished plain-Go record: a few stones, then two passes.
    let mut game = Rengo::new(&RengoOptions::default(), 2).unwrap();
    for (k, v) in ["D4", "F6", "C7"].iter().enumerate() {
        let p = Point::parse(v, 9).unwrap();
        game.apply(Actor::Seat(Seat((k % 2) as u8)), RengoAction::Play(p))
            .unwrap();
    }
    game.apply(Actor::Seat(Seat(1)), RengoAction::Pass).unwrap();
    game.apply(Actor::Seat(Seat(0)), RengoAction::Pass).unwrap();
    let sgf = veil_go::sgf::write(&game, &[]);
    app.world_mut()
        .write_message(veil::games::rengo::record::ImportRecord(sgf));
    for _ in 0..30 {
        app.update();
    }
    let m = app.world().resource::<Match<Rengo>>();
    assert_eq!(m.seats().len(), 2, "the record's two seats");
    let viewer = app.world().resource::<Viewer>().0;
    assert!(
        viewer.index() < 2,
        "the screen is on a seat of the match ({viewer})"
    );
    assert_eq!(
        observation(&app)
            .expect("a match")
            .game
            .position()
            .board()
            .rows(),
        game.position().board().rows()
    );
    check_rengo_world(&mut app);
}
