//! How the collection looks and is set up: pieces marked as players know
//! them, two sides told apart by lightness and drawing, the last setup of
//! each game remembered, and Tysiąc's bids on a stepper worked by the keys.

use veil::kit::figures::luminance;
use veil::kit::store::Store;
use veil::kit::world_text::WorldText;
use veil::table::setup::LEVELS;
use veil_intrigue::{Intrigue, Queens};
use veil_tysiac::{Action, Options, Phase, Tysiac};

use super::*;

/// WCAG's contrast ratio of two colours (1 for equal lightness).
fn contrast(a: Color, b: Color) -> f32 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// Each drawn piece's owner, the colour of its disc and the colour its mark
/// is written in (the fill of a figure, else its ink).
fn pieces(app: &mut App) -> Vec<(u8, Color, Option<Color>)> {
    let world = app.world_mut();
    let marks: Vec<(Entity, Color)> = world
        .query_filtered::<(&ChildOf, &WorldText), With<Glyph>>()
        .iter(world)
        .map(|(c, t)| (c.parent(), t.fill.as_ref().map_or(t.color, |f| f.1)))
        .collect();
    world
        .query::<(Entity, &Owner, &Sprite)>()
        .iter(world)
        .map(|(e, o, s)| {
            let mark = marks.iter().find(|m| m.0 == e).map(|m| m.1);
            (o.0, s.color, mark)
        })
        .collect()
}

/// The two sides' pieces differ in lightness, in the disc or in the mark
/// on it, for every pair of pieces of the two sides (a colour-blind player
/// tells them apart without their hue).
fn assert_sides_differ(game: &str, drawn: &[(u8, Color, Option<Color>)]) {
    let first: Vec<_> = drawn.iter().filter(|p| p.0 == 0).collect();
    let second: Vec<_> = drawn.iter().filter(|p| p.0 == 1).collect();
    assert!(
        first.len() >= 4 && second.len() >= 4,
        "{game}: pieces of both sides are drawn ({} and {})",
        first.len(),
        second.len()
    );
    for a in &first {
        for b in &second {
            let disc = contrast(a.1, b.1);
            let mark = match (a.2, b.2) {
                (Some(x), Some(y)) => contrast(x, y),
                _ => 1.0,
            };
            assert!(
                disc.max(mark) >= 1.8,
                "{game}: a piece of each side differs too little in lightness \
                 (disc {disc:.2}, mark {mark:.2}): {a:?} / {b:?}"
            );
        }
    }
}

#[test]
fn the_two_sides_differ_in_lightness_not_hue_alone() {
    // The control: Jieqi's former backs, dark red and dark green-grey, are
    // what a red-green colour-blind player confuses, and the check says so.
    let old_red = Color::srgb(0.55, 0.16, 0.12);
    let old_black = Color::srgb(0.18, 0.22, 0.2);
    assert!(contrast(old_red, old_black) < 1.8);
    let result = std::panic::catch_unwind(|| {
        assert_sides_differ(
            "control",
            &[(0, old_red, None); 4]
                .into_iter()
                .chain([(1, old_black, None); 4])
                .collect::<Vec<_>>(),
        )
    });
    assert!(
        result.is_err(),
        "the check catches two sides alike in lightness"
    );

    for game in ["jieqi", "intrigue", "secret-king", "reality-check"] {
        let mut app = app(AnimationSpeed::Off);
        start_game(&mut app, game, |setup| {
            setup.seats = vec![SeatKind::Human, SeatKind::Computer(Level::Easy)];
            setup.seed = Some(5);
            setup.think_limit_ms = 50;
        });
        // Reality Check begins with a secret setup: the computer makes its
        // own and ours is played at random until both sides stand drawn.
        let mut rng = GameRng::seed_from_u64(3);
        for _ in 0..3000 {
            app.update();
            let drawn = pieces(&mut app);
            if (0..2).all(|o| drawn.iter().filter(|p| p.0 == o).count() >= 4) {
                break;
            }
            if game != "reality-check" {
                continue;
            }
            let m = app
                .world()
                .resource::<Match<veil_reality_check::RealityCheck>>();
            let phase = *app.world().resource::<State<PlayPhase>>().get();
            if phase == PlayPhase::HumanTurn && m.to_act() == Some(Seat(0)) {
                let legal = m.observe(Seat(0)).legal_actions();
                let action = legal[rng.random_range(0..legal.len())];
                app.world_mut()
                    .write_message(veil::table::view::ActionRequest::<
                        veil_reality_check::RealityCheck,
                    > {
                        seat: Seat(0),
                        action,
                    });
            }
        }
        app.update();
        let drawn = pieces(&mut app);
        eprintln!("{game}: {} pieces", drawn.len());
        assert_sides_differ(game, &drawn);
    }
}

/// The marks written on the face-up Jieqi pieces.
fn jieqi_marks(app: &mut App) -> Vec<(u8, String)> {
    let world = app.world_mut();
    let owners: Vec<(Entity, u8)> = world
        .query_filtered::<(Entity, &Owner), With<Piece>>()
        .iter(world)
        .map(|(e, o)| (e, o.0))
        .collect();
    world
        .query_filtered::<(&ChildOf, &WorldText), With<Glyph>>()
        .iter(world)
        .filter_map(|(c, t)| {
            let owner = owners.iter().find(|o| o.0 == c.parent())?.1;
            Some((owner, t.text.clone()))
        })
        .collect()
}

#[test]
fn xiangqi_pieces_wear_their_characters_or_letters_as_set() {
    let mut app = app(AnimationSpeed::Off);
    start_game(&mut app, "jieqi", |setup| {
        setup.seats = vec![SeatKind::Human, SeatKind::Human];
        setup.seed = Some(8);
    });
    app.update();
    // At the start only the Generals are face up: 帥 for Red, 將 for Black.
    let mut marks = jieqi_marks(&mut app);
    marks.sort();
    assert_eq!(marks, vec![(0, "帥".to_owned()), (1, "將".to_owned())]);
    app.world_mut().resource_mut::<Settings>().xiangqi_letters = true;
    app.update();
    app.update();
    let mut marks = jieqi_marks(&mut app);
    marks.sort();
    assert_eq!(
        marks,
        vec![(0, "G".to_owned()), (1, "G".to_owned())],
        "the setting redraws the pieces with letters"
    );
}

#[test]
fn the_last_setup_of_each_game_is_remembered() {
    let store = Store::memory();
    let make = super::resume::app_with;
    let mut app = make(&store);
    let fresh = app.world().resource::<MatchSetup>().clone();
    start_game(&mut app, "intrigue", |setup| {
        setup.seats = vec![SeatKind::Computer(Level::Hard), SeatKind::Human];
        setup.edit_options::<Intrigue>(|o| {
            o.queens = Queens::Two;
            o.atomic_king = true;
        });
    });
    drop(app);

    // The next run: the game chosen last, and its seats and options.
    let mut app = make(&store);
    let setup = app.world().resource::<MatchSetup>().clone();
    assert_ne!(setup, fresh);
    assert_eq!(setup.game, "intrigue");
    let expected_seats = vec![SeatKind::Computer(Level::Hard), SeatKind::Human];
    assert_eq!(setup.seats, expected_seats);
    let o = setup.options::<Intrigue>();
    assert_eq!((o.queens, o.atomic_king), (Queens::Two, true));
    // Another game keeps its own; coming back finds Intrigue's again.
    key(&mut app, KeyCode::Enter, Key::Enter);
    send(&mut app, Command::ChooseGame("jieqi"));
    app.update();
    app.world_mut().resource_mut::<MatchSetup>().seats = vec![SeatKind::Human, SeatKind::Human];
    send(&mut app, Command::Back);
    send(&mut app, Command::ChooseGame("intrigue"));
    app.update();
    assert_eq!(app.world().resource::<MatchSetup>().seats, expected_seats);

    // A damaged or foreign memory is ignored, never fatal.
    for text in [
        "{not json",
        r#"{"game":"no-such-game","games":{"intrigue":{"seats":["human","wizard"],"options":{"queens":17}}}}"#,
    ] {
        store
            .write(veil::table::remember::SETUP_KEY, text)
            .expect("kept");
        let app = make(&store);
        let setup = app.world().resource::<MatchSetup>();
        assert_eq!(setup.game, fresh.game, "{text}");
        assert_eq!(setup.options::<Intrigue>(), Default::default(), "{text}");
    }
    // The setup screen names the levels for players.
    assert_eq!(
        LEVELS.map(|l| l.1),
        ["Beginner", "Casual", "Strong"],
        "levels named for players"
    );
}

/// True when a person may act (nothing moving); else one frame passes.
fn persons_turn(app: &mut App) -> bool {
    let phase = *app.world().resource::<State<PlayPhase>>().get();
    let animating = app.world().resource::<veil::table::referee::Animating>().0;
    if phase != PlayPhase::HumanTurn || animating {
        app.update();
        return false;
    }
    true
}

/// Tysiąc's bids: the stepper climbs the legal calls with the arrow keys
/// and Enter calls the one it shows; a whole one-hand game is played with
/// the keyboard alone (arrows and Enter for cards, digits for the other
/// choices).
#[test]
fn a_whole_game_of_tysiac_with_the_keyboard_alone() {
    let mut app = app(AnimationSpeed::Off);
    start_game(&mut app, "tysiac", |setup| {
        setup.seats = vec![
            SeatKind::Human,
            SeatKind::Computer(Level::Easy),
            SeatKind::Computer(Level::Easy),
        ];
        setup.set_options::<Tysiac>(&Options {
            hand_limit: 1,
            ..Options::default()
        });
        setup.seed = Some(12);
        setup.think_limit_ms = 40;
    });
    let (mut stepped, mut cards, mut keys) = (false, 0, 0);
    for _ in 0..20_000 {
        if screen(&app) == Screen::Results {
            break;
        }
        if !persons_turn(&mut app) {
            continue;
        }
        let ui = app
            .world()
            .resource::<veil::games::tysiac::TysiacUi>()
            .clone();
        let m = app.world().resource::<Match<Tysiac>>();
        let version = m.version;
        let table_phase = m.observe(Seat(0)).table.phase;
        let ladder = ui.ladder();
        keys += 1;
        if !ladder.is_empty() {
            let at = ui.rung(&ladder);
            if !stepped && at + 2 < ladder.len() {
                // Two steps up and one down: the call is one above the
                // lowest, and nothing is called on the way.
                key(&mut app, KeyCode::ArrowUp, Key::ArrowUp);
                key(&mut app, KeyCode::ArrowUp, Key::ArrowUp);
                key(&mut app, KeyCode::ArrowDown, Key::ArrowDown);
                assert_eq!(app.world().resource::<Match<Tysiac>>().version, version);
                let ui = app.world().resource::<veil::games::tysiac::TysiacUi>();
                let wanted = ladder[at + 1].1;
                assert_eq!(ui.call, Some(wanted), "the stepper shows the call");
                key(&mut app, KeyCode::Enter, Key::Enter);
                let m = app.world().resource::<Match<Tysiac>>();
                let obs = m.observe(Seat(0));
                let last = obs.table.calls.last().copied();
                let called = last.filter(|c| c.seat == Seat(0)).and_then(|c| c.bid);
                match wanted {
                    Action::Bid(b) => assert_eq!(called, Some(b), "Enter called the bid shown"),
                    _ => assert_ne!(m.version, version, "Enter called the raise shown"),
                }
                stepped = true;
            } else {
                // Down to the pass where there is one, else the lowest.
                for _ in 0..ladder.len() {
                    key(&mut app, KeyCode::ArrowDown, Key::ArrowDown);
                }
                key(&mut app, KeyCode::Enter, Key::Enter);
            }
        } else if ui.selected.is_some() && !ui.choices.is_empty() && ladder.is_empty() {
            // A card picked with more than one use (a marriage or not;
            // whom to give it to): the first, by its digit.
            key(&mut app, KeyCode::Digit1, Key::Character("1".into()));
        } else if !ui.usable.is_empty() {
            // A card: → picks the first usable one, Enter plays (or picks
            // it to give away, when a digit then says to whom).
            key(&mut app, KeyCode::ArrowRight, Key::ArrowRight);
            key(&mut app, KeyCode::Enter, Key::Enter);
            if table_phase == Phase::Play {
                cards += 1;
            }
        } else if !ui.choices.is_empty() {
            key(&mut app, KeyCode::Digit1, Key::Character("1".into()));
        } else {
            key(&mut app, KeyCode::Enter, Key::Enter);
        }
        if app.world().resource::<Match<Tysiac>>().version == version {
            app.update();
        }
    }
    if screen(&app) != Screen::Results {
        let m = app.world().resource::<Match<Tysiac>>();
        let ui = app.world().resource::<veil::games::tysiac::TysiacUi>();
        panic!(
            "the game did not end: phase {:?}, turn {:?}, to act {:?}, ui {ui:?}, plies {}",
            app.world().resource::<State<PlayPhase>>().get(),
            m.turn(),
            m.to_act(),
            m.plies
        );
    }
    assert!(stepped, "a bid was set on the stepper");
    assert!(cards >= 7, "cards played with the keys ({cards})");
    eprintln!("Tysiąc by keyboard: {keys} turns, {cards} cards");
}

/// Every table is shown whole beside the side panel and below the top
/// strip, at the sizes players use: a small laptop, a common desktop, 4K
/// and a portrait browser window (where the panel starts folded).
#[test]
fn every_table_fits_the_window() {
    use bevy::camera::ScalingMode;
    use bevy_egui::EguiContext;
    use veil::kit::widgets::{sheet_mode, side_panel_width, table_free_area};
    let sizes = [
        (800.0, 600.0),
        (1280.0, 800.0),
        (3840.0, 2160.0),
        (600.0, 1000.0),
        // Phones upright and sideways, tablets upright and sideways.
        (390.0, 844.0),
        (844.0, 390.0),
        (768.0, 1024.0),
        (1024.0, 768.0),
    ];
    let mut checked = 0;
    let mut outside = Vec::new();
    for (w, h) in sizes {
        for game in veil_games::GAMES.iter().filter(|g| g.app) {
            let mut app = app_sized(w, h);
            start_game(&mut app, game.id, |setup| {
                setup.seed = Some(4);
                setup.think_limit_ms = 30;
            });
            for _ in 0..40 {
                app.update();
            }
            let world = app.world_mut();
            let (beside, sheet, free) = {
                let mut q = world.query::<&mut EguiContext>();
                let mut ctx = q.single_mut(world).unwrap();
                let ctx = ctx.get_mut();
                (
                    side_panel_width(ctx),
                    sheet_mode(ctx),
                    table_free_area(ctx, Vec2::new(w, h)),
                )
            };
            assert_eq!(
                beside > 0.0,
                w >= 1000.0,
                "{}: the panel folds on narrow windows",
                game.id
            );
            assert_eq!(
                sheet,
                w < 1000.0 && h > w,
                "{}: upright and narrow, the panel is a sheet under the table",
                game.id
            );
            if sheet {
                assert!(
                    free.max.y < h * 0.75 && free.height() > h * 0.25,
                    "{}: the sheet leaves the table its part ({free:?})",
                    game.id
                );
            }
            let (projection, camera) = world
                .query_filtered::<(&Projection, &Transform), With<Camera2d>>()
                .single(world)
                .unwrap();
            let Projection::Orthographic(o) = projection else {
                panic!("a 2D camera")
            };
            let ScalingMode::Fixed { width, .. } = o.scaling_mode else {
                panic!("{}: the table sets the camera's scale", game.id)
            };
            let scale = w / width;
            let camera = camera.translation.truncate();
            let mut sprites = 0;
            for (entity, sprite, at, visibility) in world
                .query::<(Entity, &Sprite, &GlobalTransform, Option<&Visibility>)>()
                .iter(world)
            {
                let Some(size) = sprite.custom_size else {
                    continue;
                };
                // (Headless apps work out no inherited visibility.)
                if visibility == Some(&Visibility::Hidden) || sprite.color.alpha() < 0.01 {
                    continue;
                }
                let (s, _, p) = at.to_scale_rotation_translation();
                // The box around the turned sprite.
                let half = size * s.truncate().abs() / 2.0;
                let angle = at.rotation().to_euler(EulerRot::XYZ).2;
                let (sin, cos) = (angle.sin().abs(), angle.cos().abs());
                let half = Vec2::new(cos * half.x + sin * half.y, sin * half.x + cos * half.y);
                let x = (p.x - camera.x) * scale + w / 2.0;
                let y = h / 2.0 - (p.y - camera.y) * scale;
                let (hx, hy) = (half.x * scale, half.y * scale);
                if !(x - hx >= free.min.x - 1.0
                    && x + hx <= free.max.x + 1.0
                    && y - hy >= free.min.y - 1.0
                    && y + hy <= free.max.y + 1.0)
                {
                    outside.push(format!(
                        "{} at {w}×{h}: {entity} size {size} angle {:.2} (world {:.0}..{:.0}, {:.0}..{:.0}) leaves the free area",
                        game.id,
                        at.rotation().to_euler(EulerRot::XYZ).2,
                        p.x - half.x,
                        p.x + half.x,
                        p.y - half.y,
                        p.y + half.y,
                    ));
                }
                sprites += 1;
            }
            assert!(
                sprites > 20,
                "{} at {w}×{h}: the table is drawn ({sprites})",
                game.id
            );
            checked += 1;
        }
    }
    assert_eq!(
        checked,
        sizes.len() * veil_games::GAMES.iter().filter(|g| g.app).count()
    );
    assert!(
        outside.is_empty(),
        "{} sprites cut off:\n{}",
        outside.len(),
        outside.join("\n")
    );
}

#[test]
fn each_suit_pip_has_its_own_shape() {
    use veil::kit::cards::Pip;
    let shapes: Vec<Vec<bool>> = Pip::ALL
        .iter()
        .map(|p| {
            (0..400)
                .map(|i| p.inside((i % 20) as f32 / 10.0 - 1.0, (i / 20) as f32 / 10.0 - 1.0))
                .collect()
        })
        .collect();
    for (i, a) in shapes.iter().enumerate() {
        let area = a.iter().filter(|b| **b).count();
        assert!((60..340).contains(&area), "{:?}: area {area}", Pip::ALL[i]);
        for b in &shapes[i + 1..] {
            let differ = a.iter().zip(b).filter(|(x, y)| x != y).count();
            assert!(differ > 20, "two pips alike");
        }
    }
}

/// Moves the board cursor to `target` with the arrow keys (Red at the
/// bottom: up is a rank up, right a file right).
fn cursor_to(app: &mut App, target: Cell) {
    for _ in 0..40 {
        let at = app
            .world()
            .resource::<BoardUi>()
            .cursor
            .unwrap_or(Cell::new(4, 0));
        let (code, logical) = if at.rank < target.rank {
            (KeyCode::ArrowUp, Key::ArrowUp)
        } else if at.rank > target.rank {
            (KeyCode::ArrowDown, Key::ArrowDown)
        } else if at.file < target.file {
            (KeyCode::ArrowRight, Key::ArrowRight)
        } else if at.file > target.file {
            (KeyCode::ArrowLeft, Key::ArrowLeft)
        } else {
            return;
        };
        key(app, code, logical);
    }
    panic!("the cursor did not reach {target:?}");
}

/// A whole game of Jieqi against the computer with the keyboard alone:
/// the arrows move the cursor, Enter picks the piece and its square; after
/// sixty moves the person resigns with R, R.
#[test]
fn a_whole_game_of_jieqi_with_the_keyboard_alone() {
    let mut app = app(AnimationSpeed::Off);
    start_game(&mut app, "jieqi", |setup| {
        setup.seats = vec![SeatKind::Human, SeatKind::Computer(Level::Easy)];
        setup.seed = Some(31);
        setup.think_limit_ms = 30;
    });
    let mut rng = GameRng::seed_from_u64(9);
    let mut moves = 0;
    for _ in 0..20_000 {
        if screen(&app) == Screen::Results {
            break;
        }
        if !persons_turn(&mut app) {
            continue;
        }
        if moves == 60 {
            key(&mut app, KeyCode::KeyR, Key::Character("r".into()));
            key(&mut app, KeyCode::KeyR, Key::Character("r".into()));
            continue;
        }
        let obs = observation(&app).expect("a Jieqi match");
        let legal = obs.legal_moves();
        let pick = legal[rng.random_range(0..legal.len())];
        let version = app.world().resource::<Match<Jieqi>>().version;
        cursor_to(&mut app, Cell::new(pick.from.file(), pick.from.rank()));
        key(&mut app, KeyCode::Enter, Key::Enter);
        assert_eq!(
            app.world().resource::<BoardUi>().selected,
            Some(Cell::new(pick.from.file(), pick.from.rank())),
            "Enter picked the piece under the cursor"
        );
        cursor_to(&mut app, Cell::new(pick.to.file(), pick.to.rank()));
        key(&mut app, KeyCode::Enter, Key::Enter);
        assert_ne!(
            app.world().resource::<Match<Jieqi>>().version,
            version,
            "Enter played the move"
        );
        moves += 1;
    }
    assert_eq!(screen(&app), Screen::Results, "the game reached its end");
    assert!(moves >= 10, "moves made with the keys ({moves})");
    eprintln!("Jieqi by keyboard: {moves} moves");
}

/// The game choice shows a picture of every game's table, read from the
/// registry (a picture that could not be read would leave its card bare).
#[test]
fn every_game_has_a_picture_on_the_choice_screen() {
    use veil::table::pictures::Pictures;
    let mut app = app(AnimationSpeed::Off);
    key(&mut app, KeyCode::Enter, Key::Enter);
    assert_eq!(screen(&app), Screen::GameChoice);
    let pictures = app.world().resource::<Pictures>().0.clone();
    assert_eq!(pictures.len(), veil_games::GAMES.len());
    let images = app.world().resource::<Assets<Image>>();
    for (g, p) in veil_games::GAMES.iter().zip(&pictures) {
        let handle = p
            .as_ref()
            .unwrap_or_else(|| panic!("{}: no picture", g.name));
        let image = images.get(handle).expect("the picture is an image");
        assert_eq!(image.size(), UVec2::new(240, 192), "{}", g.name);
    }
    // Choosing still leads to the setup.
    send(&mut app, Command::ChooseGame("rengo"));
    app.update();
    assert_eq!(screen(&app), Screen::Setup);
}

/// The first game of each kind opens its rules window on a "how to play"
/// of three to six steps, each ring inside the picture; once only (kept
/// between runs), and not when the app says the first minutes are over
/// (demos, screenshots). The rules key brings it back on its first step.
#[test]
fn the_first_game_of_each_kind_opens_how_to_play() {
    use veil::table::howto::{FirstMinutes, HowToStep};
    use veil::table::referee::RulesOpen;
    let store = Store::memory();
    let rules_open = |app: &App| app.world().resource::<RulesOpen>().0;
    let mut app = super::resume::app_with(&store);
    let views: Vec<(&'static str, usize)> = app
        .world()
        .resource::<veil::table::view::GameViews>()
        .0
        .iter()
        .map(|(id, e)| (*id, e.how_to.len()))
        .collect();
    assert_eq!(views.len(), 8);
    for (id, entry) in &app.world().resource::<veil::table::view::GameViews>().0 {
        assert!((3..=6).contains(&entry.how_to.len()), "{id}: 3 to 6 steps");
        for s in entry.how_to {
            assert!(!s.text.is_empty());
            if let Some((x, y, r)) = s.ring {
                assert!(
                    r > 0.0 && x - r > -0.05 && x + r < 1.05 && y > 0.0 && y < 1.0,
                    "{id}: {s:?}"
                );
            }
        }
    }
    // Off (as in every other test): the table alone.
    start_game(&mut app, "jieqi", |_| {});
    app.update();
    assert!(
        !rules_open(&app),
        "no how-to when the first minutes are off"
    );
    app.insert_resource(FirstMinutes::On);
    for (id, _) in &views {
        send(&mut app, Command::Back);
        app.update();
        start_game(&mut app, id, |_| {});
        app.update();
        assert!(rules_open(&app), "{id}: the first game opens its how-to");
        assert_eq!(app.world().resource::<HowToStep>().0, 0);
        app.world_mut().resource_mut::<HowToStep>().0 = 2;
        send(&mut app, Command::ToggleRules);
        app.update();
        assert!(!rules_open(&app), "{id}: dismissed");
    }
    // A game taken up again from a save was begun before: no how-to, even
    // if this device never introduced it; a new one of that kind then has.
    let fresh = Store::memory();
    let mut first = super::resume::app_with(&fresh);
    start_game(&mut first, "jieqi", |_| {});
    first.update();
    drop(first);
    let mut again = super::resume::app_with(&fresh);
    again.insert_resource(FirstMinutes::On);
    send(&mut again, Command::Continue("jieqi"));
    again.update();
    again.update();
    assert_eq!(screen(&again), Screen::Play, "the save is continued");
    assert!(!rules_open(&again), "no how-to on a continued game");
    send(&mut again, Command::Back);
    again.update();
    start_game(&mut again, "jieqi", |_| {});
    again.update();
    assert!(rules_open(&again), "a new game of that kind has it");
    // Again, and in an app built anew on the same store: not again.
    let mut app = super::resume::app_with(&store);
    app.insert_resource(FirstMinutes::On);
    for (id, _) in &views {
        start_game(&mut app, id, |_| {});
        app.update();
        assert!(!rules_open(&app), "{id}: the how-to opened once only");
        assert_eq!(
            app.world().resource::<HowToStep>().0,
            0,
            "{id}: from step 1"
        );
        send(&mut app, Command::ToggleRules);
        app.update();
        assert!(rules_open(&app), "{id}: the rules key brings it back");
        send(&mut app, Command::ToggleRules);
        app.update();
        send(&mut app, Command::Back);
        app.update();
    }
}

/// Issue 34, 4: the desktop window fits the screen it opens on, and the
/// size it was left at is taken up again only when it reads.
#[test]
fn the_window_fits_the_screen_and_keeps_its_size() {
    use veil::shell::window::{WINDOW_KEY, fit_size, kept_size};
    // 1200 × 860 on a 1280 × 800 screen: as high as the screen leaves room for.
    assert_eq!(
        fit_size(Vec2::new(1200.0, 860.0), Vec2::new(1280.0, 800.0)),
        Vec2::new(1200.0, 700.0)
    );
    assert_eq!(
        fit_size(Vec2::new(1200.0, 860.0), Vec2::new(1920.0, 1080.0)),
        Vec2::new(1200.0, 860.0)
    );
    // Never below what the tables are laid out for, even on a tiny screen.
    assert_eq!(
        fit_size(Vec2::new(1200.0, 860.0), Vec2::new(600.0, 400.0)),
        Vec2::new(640.0, 480.0)
    );
    let store = Store::memory();
    assert_eq!(kept_size(&store), None);
    for (text, kept) in [
        ("1280x800", Some((1280, 800))),
        (" 1024x768\n", Some((1024, 768))),
        ("10x10", None),
        ("99999x800", None),
        ("wide", None),
        ("", None),
    ] {
        store.write(WINDOW_KEY, text).expect("kept");
        assert_eq!(kept_size(&store), kept, "{text:?}");
    }
}

/// A headless app, animations off, whose window is `w` × `h`.
pub(super) fn app_sized(w: f32, h: f32) -> App {
    let mut app = app(AnimationSpeed::Off);
    let world = app.world_mut();
    let mut window = world
        .query_filtered::<&mut Window, With<PrimaryWindow>>()
        .single_mut(world)
        .unwrap();
    window.resolution.set(w, h);
    app.update();
    app
}

/// The words painted on the table (every `WorldText`, measured in egui's
/// font at its world height) that reach past the table's area, where a
/// narrow window's edge or the side panel would cut them.
pub(super) fn words_past_the_table(app: &mut App) -> Vec<String> {
    use bevy_egui::{EguiContext, egui};
    use veil::kit::world_text::WorldText;
    use veil::table::fit::TABLE_AREA;
    let world = app.world_mut();
    let texts: Vec<(WorldText, Vec3)> = world
        .query::<(&WorldText, &GlobalTransform)>()
        .iter(world)
        .map(|(t, at)| (t.clone(), at.translation()))
        .collect();
    let mut q = world.query::<&mut EguiContext>();
    let mut ctx = q.single_mut(world).expect("an egui context");
    let ctx = ctx.get_mut();
    let mut out = Vec::new();
    for (text, at) in texts {
        if text.text.is_empty() {
            continue;
        }
        let font = if text.mono {
            egui::FontId::monospace(text.size)
        } else {
            egui::FontId::proportional(text.size)
        };
        let size = ctx.fonts_mut(|f| {
            f.layout_no_wrap(text.text.clone(), font, egui::Color32::WHITE)
                .size()
        });
        let half = Vec2::new(size.x, size.y) / 2.0;
        let (lo, hi) = (at.truncate() - half, at.truncate() + half);
        if lo.x < TABLE_AREA.min.x - 0.5
            || hi.x > TABLE_AREA.max.x + 0.5
            || lo.y < TABLE_AREA.min.y - 0.5
            || hi.y > TABLE_AREA.max.y + 0.5
        {
            out.push(format!("{:?} from {lo} to {hi}", text.text));
        }
    }
    out
}

/// Labels of the review's strip in the last frame that egui wrapped into a
/// narrow column (taller than two lines, narrower than 160 pixels): "King /
/// hides / 2%".
pub(super) fn words_in_a_column(app: &mut App) -> Vec<String> {
    use bevy_egui::EguiContext;
    let world = app.world_mut();
    let mut q = world.query::<&mut EguiContext>();
    let mut ctx = q.single_mut(world).expect("an egui context");
    let ctx = ctx.get_mut();
    let screen = ctx.viewport_rect();
    // The review's strip: along the bottom, left of the side panel.
    let top = screen.max.y - veil::kit::widgets::REVIEW_BAR_GUESSES;
    let right = screen.max.x - veil::kit::widgets::SIDE_PANEL;
    let widgets = ctx.viewport(|v| v.prev_pass.widgets.clone());
    let mut out = Vec::new();
    for (_, rects) in widgets.layers() {
        for w in rects {
            let in_strip = w.rect.min.y >= top - 0.5 && w.rect.max.x <= right + 0.5;
            if in_strip && w.rect.height() > 40.0 && w.rect.width() < 160.0 && w.rect.width() > 12.0
            {
                out.push(format!("{:?}", w.rect));
            }
        }
    }
    out
}

/// The egui widgets of the last frame that reach past the side panel's
/// edges (the panel open): each with its rect. (Headless, egui lays out on
/// a screen of its own width; the panel is as wide on every screen.)
pub(super) fn spilling_widgets(app: &mut App) -> Vec<String> {
    use bevy_egui::EguiContext;
    use veil::kit::widgets::{SIDE_PANEL, TOP_BAR};
    let world = app.world_mut();
    let mut q = world.query::<&mut EguiContext>();
    let mut ctx = q.single_mut(world).expect("an egui context");
    let ctx = ctx.get_mut();
    let width = ctx.viewport_rect().width();
    let widgets = ctx.viewport(|v| v.prev_pass.widgets.clone());
    // A phone held upright: the panel is the sheet, the window's width.
    let left = if veil::kit::widgets::sheet_mode(ctx) {
        0.0
    } else {
        width - SIDE_PANEL
    };
    let mut out = Vec::new();
    let mut inside = 0;
    for (layer, rects) in widgets.layers() {
        if layer.order != bevy_egui::egui::Order::Background {
            continue;
        }
        // The panel's content: right of its edge, below the top strip (the
        // panel's edge line itself is no content).
        let content = |w: &&bevy_egui::egui::WidgetRect| {
            w.rect.center().x >= left
                && w.rect.min.y >= TOP_BAR
                && w.rect.width() >= 8.0
                && w.rect.height() >= 1.0
        };
        for w in rects.iter().filter(content) {
            inside += 1;
            if w.rect.min.x < left - 0.5 || w.rect.max.x > width + 0.5 {
                out.push(format!("{:?}", w.rect));
            }
        }
    }
    assert!(inside > 3, "the panel's widgets are found ({inside})");
    out
}

/// Issue 34, 2 and 3: at 1280 × 800, 1024 × 768 and a window 800 high, no
/// widget of any game's side panel reaches past the panel; and the review,
/// with the computer's guesses on, lies below the table's area at every
/// size, 800 × 600 included.
#[test]
fn nothing_spills_past_the_panel_or_over_the_table() {
    use veil::kit::widgets::{REVIEW_BAR, REVIEW_BAR_GUESSES};
    use veil::table::fit::TABLE_AREA;
    let mut spills = Vec::new();
    for (w, h) in [(1280.0, 800.0), (1024.0, 768.0), (1100.0, 800.0)] {
        for game in veil_games::GAMES.iter().filter(|g| g.app) {
            let mut app = app_sized(w, h);
            start_game(&mut app, game.id, |setup| {
                setup.seed = Some(4);
                setup.think_limit_ms = 30;
            });
            for _ in 0..40 {
                app.update();
            }
            for s in spilling_widgets(&mut app) {
                spills.push(format!("{} at {w}×{h}: {s}", game.id));
            }
            // Words on the table are sized in the world: one size tells.
            if w == 1280.0 {
                for s in words_past_the_table(&mut app) {
                    spills.push(format!("{}: painted past the table: {s}", game.id));
                }
            }
        }
    }
    assert!(
        spills.is_empty(),
        "past the side panel:\n{}",
        spills.join("\n")
    );

    // The review with the computer's guesses: a strip of fixed height
    // below the table's area, whatever the position's note.
    let table_bottom = |app: &mut App| super::window_point(app, TABLE_AREA.min).y;
    for (w, h) in [
        (1280.0, 800.0),
        (1024.0, 768.0),
        (800.0, 600.0),
        (1100.0, 800.0),
    ] {
        let mut app = app_sized(w, h);
        super::review::finish_a_game::<veil_secret_king::SecretKing>(&mut app, 7, |setup| {
            setup.seats = vec![SeatKind::Human, SeatKind::Computer(Level::Easy)];
        });
        send(&mut app, Command::Review);
        app.update();
        assert_eq!(screen(&app), Screen::Play);
        for (guesses, strip) in [(false, REVIEW_BAR), (true, REVIEW_BAR_GUESSES)] {
            send(&mut app, Command::ReviewGuesses(guesses));
            for by in [-100_000, 3, 5, 100_000] {
                send(&mut app, Command::ReviewStep(by));
                app.update();
                let bottom = table_bottom(&mut app);
                assert!(
                    bottom <= h - strip + 0.5,
                    "{w}×{h}, guesses {guesses}: the table reaches {bottom}, the review starts at {}",
                    h - strip
                );
                if w >= 1000.0 {
                    let spill = spilling_widgets(&mut app);
                    assert!(spill.is_empty(), "{w}×{h}: {spill:?}");
                }
                if guesses {
                    let column = words_in_a_column(&mut app);
                    assert!(
                        column.is_empty(),
                        "{w}×{h}: guesses wrapped a word a line: {column:?}"
                    );
                }
            }
        }
    }
}

/// Issue 34, 14: a click while the computer is to move is answered with a
/// line, and the selection goes, rather than dropped without a word.
#[test]
fn a_click_while_the_computer_moves_says_wait() {
    use veil::kit::board::BoardUi;
    use veil::table::referee::WaitNotice;
    use veil::table::view::ActionRequest;
    use veil_core::{Actor, Game};
    let mut app = app(AnimationSpeed::Off);
    start_game(&mut app, "jieqi", |setup| {
        setup.seats = vec![SeatKind::Human, SeatKind::Computer(Level::Easy)];
        setup.seed = Some(5);
    });
    // The person's click on their own turn: no wait line.
    send(&mut app, Command::Square(veil::kit::board::Cell::new(0, 0)));
    assert!(app.world().resource::<WaitNotice>().0.is_none());
    let m = app.world().resource::<Match<Jieqi>>();
    let mut legal = Vec::new();
    m.full_state_for_tests()
        .legal_actions(Actor::Seat(Seat(0)), &mut legal);
    let action = legal[0];
    app.world_mut().write_message(ActionRequest::<Jieqi> {
        seat: Seat(0),
        action,
    });
    app.update();
    assert_eq!(
        app.world().resource::<Match<Jieqi>>().to_act(),
        Some(Seat(1)),
        "the computer is to move"
    );
    app.world_mut().resource_mut::<BoardUi>().selected = Some(veil::kit::board::Cell::new(0, 0));
    send(&mut app, Command::Square(veil::kit::board::Cell::new(0, 3)));
    let notice = app.world().resource::<WaitNotice>().0.clone();
    assert!(
        notice
            .as_ref()
            .is_some_and(|(t, _)| t.contains("the computer")),
        "{notice:?}"
    );
    assert_eq!(app.world().resource::<BoardUi>().selected, None);
    // It goes after a while.
    for _ in 0..400 {
        app.update();
    }
    assert!(app.world().resource::<WaitNotice>().0.is_none());
}
