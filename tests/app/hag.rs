//! Headless app tests of the Hide and Guess view: whole games driven through
//! the app's input (piece picks, thumbs and confirms as `Command`s, keys
//! through leafwing), never by playing the engine for a human. After every
//! change the table is checked against the viewer's observation (screens,
//! secret pieces, supply, triangles and their tips, stones on the voters'
//! sides, thumbs), and the world and the move list are scanned for the other
//! player's secret and thumb, which must be nowhere until the game shows them.

use super::*;
use veil::games::hide_and_guess::HagCommand;

/// Sends one of the game's own commands (the panel's buttons) and runs a
/// frame.
fn send_hag(app: &mut App, c: HagCommand) {
    if super::touch::finger().is_some() {
        super::touch::send_hag_by_touch(app, &c);
        return;
    }
    app.world_mut().write_message(c);
    app.update();
}
use veil::games::hide_and_guess::{
    HagPiece, HagViewState, Picker, PlayerScreen, RULES, Spot, Stone, StoneSpot, Task, Thumb,
    TriangleScore, may_add, scene, scoring_lines, task,
};
use veil::kit::world_text::WorldText;
use veil::table::referee::RulesOpen;
use veil_core::Turn;
use veil_hide_and_guess::{HideAndGuess, HideAndGuessView, Kind, Pieces};

fn start_hag(app: &mut App, seats: Vec<SeatKind>, seed: u64) {
    start_game(app, "hide-and-guess", |setup| {
        assert_eq!(setup.seats.len(), 2, "two seats for Hide and Guess");
        setup.seats = seats;
        setup.seed = Some(seed);
        setup.think_limit_ms = 100;
    });
    assert!(app.world().get_resource::<Match<HideAndGuess>>().is_some());
}

fn version(app: &App) -> Option<u64> {
    app.world()
        .get_resource::<Match<HideAndGuess>>()
        .map(|m| m.version)
}

fn observation(app: &App) -> Option<HideAndGuessView> {
    let m = app.world().get_resource::<Match<HideAndGuess>>()?;
    Some(m.observe(app.world().resource::<Viewer>().0))
}

fn multiset(kinds: impl IntoIterator<Item = Kind>) -> Pieces {
    kinds
        .into_iter()
        .fold(Pieces::EMPTY, |p, k| p.with(k).expect("few pieces"))
}

/// True when `text` names `secret` (in letters as a word, or in words)
/// other than as a guess everyone has seen.
fn names_secret(text: &str, secret: Pieces, public_guesses: &[Pieces]) -> bool {
    if public_guesses.contains(&secret) {
        return false;
    }
    let letters = secret.to_string();
    text.split(|c: char| !c.is_alphanumeric())
        .any(|w| w == letters)
        || text.contains(&format!("{secret:#}"))
}

/// What a check saw of the other player's hidden things.
#[derive(Default, Debug)]
struct Seen {
    checks: usize,
    /// Checks while the other seat had hidden a secret the viewer may not know.
    hidden_secret: usize,
    /// Checks while the other seat had cast a thumb not yet revealed.
    hidden_thumb: usize,
    privacy: usize,
}

/// The table shows exactly the viewer's observation (without their own
/// secret and thumb while the device changes hands), and nothing the other
/// seat alone knows.
fn check_table(app: &mut App, seen: &mut Seen) {
    let Some(m) = app.world().get_resource::<Match<HideAndGuess>>() else {
        return;
    };
    seen.checks += 1;
    let viewer = app.world().resource::<Viewer>().0;
    let privacy = app.world().resource::<PrivacyPending>().0;
    let obs = m.observe(viewer);
    let me = obs.seat;
    let them = obs.opponent();
    // The referee's knowledge, used only to look for leaks.
    let other = m.observe(them);
    let log: Vec<String> = m.log().to_vec();
    let expected = scene(&obs, privacy.is_some());
    let world = app.world_mut();
    let pieces: Vec<(HagPiece, Vec2)> = world
        .query::<(&HagPiece, &Transform)>()
        .iter(world)
        .map(|(p, t)| (*p, t.translation.truncate()))
        .collect();
    let stones: Vec<(Stone, Vec2)> = world
        .query::<(&Stone, &Transform)>()
        .iter(world)
        .map(|(s, t)| (*s, t.translation.truncate()))
        .collect();
    let screens: Vec<(PlayerScreen, Vec2)> = world
        .query::<(&PlayerScreen, &Transform)>()
        .iter(world)
        .map(|(s, t)| (*s, t.translation.truncate()))
        .collect();
    let mut thumbs: Vec<Thumb> = world.query::<&Thumb>().iter(world).copied().collect();
    let texts: Vec<String> = world
        .query::<&WorldText>()
        .iter(world)
        .map(|t| t.text.clone())
        .collect();
    let scores: Vec<TriangleScore> = world
        .query::<&TriangleScore>()
        .iter(world)
        .copied()
        .collect();
    let shown = world.resource::<HagViewState>().scene.clone();
    let picker = world.resource::<Picker>().clone();

    // The HUD and the table are drawn from this scene.
    assert_eq!(
        shown.as_ref(),
        Some(&expected),
        "the scene is the viewer's observation"
    );

    // Secrets: the viewer's own behind their screen; the other's only once revealed.
    let black = |which: fn(Spot) -> bool| {
        multiset(
            pieces
                .iter()
                .filter(|(p, _)| !p.white && which(p.spot))
                .map(|(p, _)| p.kind),
        )
    };
    assert_eq!(
        black(|s| matches!(s, Spot::MySecret(_))),
        expected.my_secret.unwrap_or_default(),
        "the viewer's secret behind their screen"
    );
    assert_eq!(
        black(|s| matches!(s, Spot::TheirSecret(_))),
        expected.opponent_secret.unwrap_or_default(),
        "the other secret, only once revealed"
    );
    assert!(
        pieces
            .iter()
            .all(|(p, _)| p.white != matches!(p.spot, Spot::MySecret(_) | Spot::TheirSecret(_))),
        "secrets are black, the rest white"
    );
    // Screens: the viewer's at the bottom, open to them; the other's at
    // the top, closed until the end.
    assert_eq!(screens.len(), 2);
    let mine = screens
        .iter()
        .find(|s| s.0.seat == me.0)
        .expect("my screen");
    let theirs = screens
        .iter()
        .find(|s| s.0.seat == them.0)
        .expect("their screen");
    assert!(mine.0.open);
    assert_eq!(theirs.0.open, expected.opponent_secret.is_some());
    assert!(
        mine.1.y < theirs.1.y,
        "the viewer's screen is on their side"
    );

    // The supply tray.
    let table = &obs.table;
    assert_eq!(
        multiset(
            pieces
                .iter()
                .filter(|(p, _)| matches!(p.spot, Spot::Supply(_)))
                .map(|(p, _)| p.kind)
        ),
        table.supply,
        "the supply tray"
    );
    // The triangles, tip toward the player who did not build, and their
    // stones on the side of the seat that voted UP.
    let corners = pieces
        .iter()
        .filter(|(p, _)| matches!(p.spot, Spot::Triangle { .. }))
        .count();
    assert_eq!(corners, 3 * table.triangles.len());
    for (index, t) in table.triangles.iter().enumerate() {
        let mut at = [Vec2::ZERO; 3];
        let kinds = pieces.iter().filter_map(|(p, pos)| match p.spot {
            Spot::Triangle { index: i, corner } if i as usize == index => {
                at[corner as usize] = *pos;
                Some(p.kind)
            }
            _ => None,
        });
        assert_eq!(multiset(kinds), t.pieces, "triangle {index}");
        let base_y = (at[1].y + at[2].y) / 2.0;
        let centre_y = (at[0].y + at[1].y + at[2].y) / 3.0;
        assert_eq!(
            at[0].y > base_y,
            t.builder == me,
            "triangle {index}: the tip points at the player who did not build"
        );
        let mut on_it: Vec<(bool, f32)> = stones
            .iter()
            .filter_map(|(s, pos)| match s.spot {
                StoneSpot::Triangle { index: i, tip } if i as usize == index => {
                    assert!(s.white, "stones on triangles are white");
                    Some((tip, pos.y))
                }
                _ => None,
            })
            .collect();
        on_it.sort_by(|a, b| a.0.cmp(&b.0));
        let mut want = Vec::new();
        if t.base_stone() {
            want.push(false);
        }
        if t.tip_stone() {
            want.push(true);
        }
        assert_eq!(
            on_it.iter().map(|s| s.0).collect::<Vec<_>>(),
            want,
            "triangle {index}: a stone per thumb UP"
        );
        for (tip, y) in on_it {
            let voter = if tip {
                Seat(1 - t.builder.0)
            } else {
                t.builder
            };
            assert_eq!(
                y < centre_y,
                voter == me,
                "triangle {index}: the stone lies on its voter's side"
            );
        }
    }
    // The final scoring beside each triangle, once both secrets are shown.
    match (expected.my_secret, expected.opponent_secret, table.end) {
        (Some(mine), Some(theirs), Some(_)) => {
            assert_eq!(scores.len(), table.triangles.len(), "a score per triangle");
            let mut total = [0; 2];
            for sc in &scores {
                let t = &table.triangles[sc.index as usize];
                let stones = t.stones();
                let want = (stones > 0).then(|| {
                    [mine, theirs].map(|secret| (stones * t.pieces.overlap(secret)) as u32)
                });
                assert_eq!(sc.points, want, "triangle {}", sc.index);
                let [a, b] = sc.points.unwrap_or_default();
                total = [total[0] + a, total[1] + b];
            }
            assert_eq!(
                total,
                [table.triangle_points(mine), table.triangle_points(theirs)]
            );
        }
        _ => assert!(
            scores.is_empty(),
            "no scoring before both secrets are shown"
        ),
    }
    // Stones in hand, from guesses.
    for seat in [me, them] {
        let hand: Vec<bool> = stones
            .iter()
            .filter_map(|(s, _)| match s.spot {
                StoneSpot::Hand { seat: owner, .. } if owner == seat.0 => Some(s.white),
                _ => None,
            })
            .collect();
        assert_eq!(
            hand.iter().filter(|w| **w).count(),
            table.white[seat.index()] as usize,
            "{seat}'s white stones"
        );
        assert_eq!(
            hand.iter().filter(|w| !**w).count(),
            table.black[seat.index()] as usize,
            "{seat}'s black stones"
        );
    }
    // Thumbs: on the open vote the viewer's own and a closed fist for the
    // other; after it, both as revealed.
    let mut want: Vec<Thumb> = Vec::new();
    if table.open_vote().is_some() {
        if let Some(up) = expected.my_vote {
            want.push(Thumb {
                seat: me.0,
                up: Some(up),
            });
        }
        if expected.opponent_has_voted {
            want.push(Thumb {
                seat: them.0,
                up: None,
            });
        }
    } else if let Some(t) = table.triangles.last() {
        for seat in [me, them] {
            want.push(Thumb {
                seat: seat.0,
                up: Some(t.voted_up(seat)),
            });
        }
    }
    thumbs.sort_by_key(|t| t.seat);
    want.sort_by_key(|t| t.seat);
    assert_eq!(thumbs, want, "the thumbs on the table");

    // Nothing the other seat alone knows. Their secret, until revealed:
    let public_guesses: Vec<Pieces> = table.guesses.iter().map(|g| g.pieces).collect();
    if let (Some(secret), None) = (other.my_secret, obs.opponent_secret) {
        seen.hidden_secret += 1;
        for text in texts.iter().chain(&log) {
            assert!(
                !names_secret(text, secret, &public_guesses),
                "the other secret {secret} is written: {text:?}"
            );
        }
    }
    // Their thumb, until both are in: which way it went is nowhere.
    if other.my_vote.is_some() && table.open_vote().is_some() {
        seen.hidden_thumb += 1;
        assert!(thumbs.iter().all(|t| t.seat != them.0 || t.up.is_none()));
    }
    let revealed = table.triangles.iter().filter(|t| t.votes.is_some()).count();
    let thumb_lines: Vec<&String> = log
        .iter()
        .filter(|l| l.contains("UP") || l.contains("DOWN"))
        .collect();
    assert_eq!(
        thumb_lines.len(),
        revealed,
        "the move list tells a thumb only once both are revealed: {log:?}"
    );
    assert!(thumb_lines.iter().all(|l| l.starts_with("thumbs on")));
    // While the device changes hands: neither seat's secret nor thumb.
    if privacy.is_some() {
        seen.privacy += 1;
        assert!(
            pieces.iter().all(|(p, _)| p.white),
            "no secret piece while the device changes hands"
        );
        assert!(
            thumbs
                .iter()
                .all(|t| t.up.is_none() || table.open_vote().is_none()),
            "no cast thumb shows its way while the device changes hands"
        );
        assert_eq!(
            picker,
            Picker::default(),
            "no picks while the device changes hands"
        );
        for seat in [me, them] {
            if let Some(secret) = m_secret(&obs, &other, seat) {
                for text in texts.iter().chain(&log) {
                    assert!(!names_secret(text, secret, &public_guesses));
                }
            }
        }
    }
}

/// A seat's secret from the two observations (the referee's knowledge).
fn m_secret(obs: &HideAndGuessView, other: &HideAndGuessView, seat: Seat) -> Option<Pieces> {
    if seat == obs.seat {
        obs.my_secret
    } else {
        other.my_secret
    }
}

#[derive(Default, Debug)]
struct Acted {
    secrets: usize,
    builds: usize,
    guesses: usize,
    repeat_warnings: usize,
    votes: usize,
    refused: usize,
    ended_by_build: bool,
}

/// Picks `target` piece by piece with `AddPiece`, first trying a kind the
/// dialog must refuse (if there is one), and checks after each pick that
/// the picker holds what was picked and that its + buttons (`may_add`) are
/// offered exactly where `allowed` says.
fn pick(app: &mut App, target: Pieces, allowed: &dyn Fn(Pieces) -> bool, acted: &mut Acted) {
    let obs = observation(app).expect("a match");
    let turn = app.world().resource::<Match<HideAndGuess>>().turn();
    let t = task(&obs, turn);
    let mut picked = Pieces::EMPTY;
    assert_eq!(
        app.world().resource::<Picker>().pieces,
        picked,
        "the dialog starts empty"
    );
    for kind in target.iter() {
        let guessing = app.world().resource::<Picker>().guessing;
        for k in Kind::ALL {
            let ok = picked.with(k).is_some_and(allowed);
            assert_eq!(
                may_add(t, guessing, &obs.table, picked, k),
                ok,
                "{k} offered after {picked} in {t:?}"
            );
        }
        if let Some(k) = Kind::ALL
            .into_iter()
            .find(|k| !picked.with(*k).is_some_and(allowed))
        {
            send_hag(app, HagCommand::AddPiece(k.letter()));
            assert_eq!(
                app.world().resource::<Picker>().pieces,
                picked,
                "{k} is refused after {picked}"
            );
            acted.refused += 1;
        }
        send_hag(app, HagCommand::AddPiece(kind.letter()));
        picked = picked.with(kind).expect("few pieces");
        assert_eq!(
            app.world().resource::<Picker>().pieces,
            picked,
            "{kind} picked"
        );
    }
}

const DIGITS: [KeyCode; 6] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
];

fn secret_allowed(p: Pieces) -> bool {
    p.len() <= Pieces::SECRET_SIZE && p.is_subset(Pieces::BLACK_SET)
}

/// The viewer (a human, to act) acts through the app's input.
fn act(app: &mut App, rng: &mut GameRng, acted: &mut Acted) {
    let obs = observation(app).expect("a match");
    let turn = app.world().resource::<Match<HideAndGuess>>().turn();
    let before = version(app);
    match task(&obs, turn) {
        Task::HideSecret => {
            let secrets = Pieces::secrets();
            let secret = secrets[rng.random_range(0..secrets.len())];
            if acted.secrets == 0 {
                // The keys 1 to 6 pick a king … a pawn; Escape empties the dialog.
                let mut picked = Pieces::EMPTY;
                for kind in secret.iter() {
                    let digit = kind.index() + 1;
                    key(
                        app,
                        DIGITS[kind.index()],
                        Key::Character(digit.to_string().into()),
                    );
                    picked = picked.with(kind).expect("few pieces");
                    assert_eq!(
                        app.world().resource::<Picker>().pieces,
                        picked,
                        "key {digit}"
                    );
                }
                key(app, KeyCode::Escape, Key::Escape);
                assert_eq!(
                    app.world().resource::<Picker>().pieces,
                    Pieces::EMPTY,
                    "Escape clears"
                );
                assert_eq!(version(app), before);
            }
            pick(app, secret, &secret_allowed, acted);
            if acted.secrets == 0 {
                // Four pieces are not a secret: Confirm waits.
                let last = secret.iter().last().expect("five pieces");
                send_hag(app, HagCommand::RemovePiece(last.letter()));
                send(app, Command::Confirm);
                assert_eq!(version(app), before, "four pieces are not a secret");
                send_hag(app, HagCommand::AddPiece(last.letter()));
                assert_eq!(app.world().resource::<Picker>().pieces, secret);
            }
            key(app, KeyCode::Enter, Key::Enter);
            acted.secrets += 1;
        }
        Task::Vote => {
            assert!(obs.my_vote.is_none());
            let up = rng.random_bool(0.5);
            if acted.votes % 2 == 0 {
                // Key 1 is thumb UP, key 2 thumb DOWN.
                let (code, digit) = if up {
                    (KeyCode::Digit1, "1")
                } else {
                    (KeyCode::Digit2, "2")
                };
                key(app, code, Key::Character(digit.into()));
            } else {
                send_hag(app, HagCommand::Thumb(up));
            }
            let m = app.world().resource::<Match<HideAndGuess>>();
            let mine = m.observe(obs.seat);
            // The triangle voted on: revealed by now, or still waiting for the other thumb.
            let voted = mine.table.triangles.get(obs.table.triangles.len() - 1);
            let thumb = match voted.and_then(|t| t.votes) {
                Some(v) => Some(v[obs.seat.index()]),
                None => mine.my_vote,
            };
            assert_eq!(thumb, Some(up), "the thumb went the way chosen");
            acted.votes += 1;
        }
        Task::BuildOrGuess => {
            let buildable: Vec<Pieces> = obs.table.buildable().collect();
            let my_wrong = obs
                .table
                .guesses
                .iter()
                .find(|g| g.by == obs.seat && !g.correct)
                .map(|g| g.pieces);
            let repeat = my_wrong.filter(|_| acted.repeat_warnings == 0);
            let guess = repeat.is_some() || rng.random_range(0..5) == 0;
            if guess {
                send_hag(app, HagCommand::Guessing(true));
                assert!(
                    app.world().resource::<Picker>().guessing,
                    "the guess dialog is open"
                );
                let secrets = Pieces::secrets();
                let g = repeat.unwrap_or_else(|| secrets[rng.random_range(0..secrets.len())]);
                pick(app, g, &secret_allowed, acted);
                send(app, Command::Confirm);
                if obs.is_repeated_guess(g) {
                    assert_eq!(version(app), before, "a repeated wrong guess asks again");
                    assert!(app.world().resource::<Picker>().repeat_warning, "and warns");
                    acted.repeat_warnings += 1;
                    send(app, Command::Confirm);
                }
                acted.guesses += 1;
            } else if buildable.is_empty() {
                // Build is always offered; with nothing new to build it ends the game.
                send(app, Command::Confirm);
                acted.ended_by_build = true;
            } else {
                let p = buildable[rng.random_range(0..buildable.len())];
                let table = obs.table.clone();
                let allowed = move |next: Pieces| table.buildable().any(|t| next.is_subset(t));
                pick(app, p, &allowed, acted);
                send(app, Command::Confirm);
                acted.builds += 1;
            }
        }
        other => panic!("the viewer is to act, not {other:?}"),
    }
    assert_ne!(version(app), before, "the viewer's input acted");
}

/// At the end both secrets are revealed and scored triangle by triangle;
/// Enter goes to the results, which carry the scoring.
fn finish(app: &mut App, seen: &mut Seen) {
    check_table(app, seen);
    let obs = observation(app).expect("a match");
    let secret = obs.opponent_secret.expect("the other secret is revealed");
    let world = app.world_mut();
    let theirs = multiset(
        world
            .query::<&HagPiece>()
            .iter(world)
            .filter(|p| matches!(p.spot, Spot::TheirSecret(_)))
            .map(|p| p.kind),
    );
    assert_eq!(theirs, secret, "the other secret lies on the table");
    let world = app.world_mut();
    assert_eq!(
        world.query::<&TriangleScore>().iter(world).count(),
        obs.table.triangles.len(),
        "the table shows the scoring triangle by triangle"
    );
    let lines = scoring_lines(&obs);
    assert_eq!(lines.len(), 1 + obs.table.triangles.len() + 2, "{lines:?}");
    for (i, t) in obs.table.triangles.iter().enumerate() {
        assert!(
            lines[1 + i].starts_with(&format!("▲{} {}", i + 1, t.pieces)),
            "{lines:?}"
        );
    }
    key(app, KeyCode::Enter, Key::Enter);
    for _ in 0..10 {
        if screen(app) == Screen::Results {
            break;
        }
        app.update();
    }
    assert_eq!(screen(app), Screen::Results);
    let result = app.world().resource::<MatchResult>().clone();
    eprintln!("{} ({})", result.headline, result.reason);
    assert!(
        result.reason.contains(&lines[0]),
        "the results show the secrets"
    );
    assert!(result.draw || result.seats.iter().any(|s| s.2));
}

#[test]
pub(super) fn hag_human_against_computer_from_title_to_results() {
    let mut app = app(AnimationSpeed::Off);
    // The human sits second: the computer hides and votes first, so its
    // cast thumb is on the table before the human's.
    start_hag(
        &mut app,
        vec![SeatKind::Computer(Level::Easy), SeatKind::Human],
        7,
    );
    assert_eq!(app.world().resource::<Viewer>().0, Seat(1));
    // The rules screen, with the rulings.
    key(&mut app, KeyCode::F1, Key::F1);
    assert!(app.world().resource::<RulesOpen>().0, "F1 opens the rules");
    key(&mut app, KeyCode::F1, Key::F1);
    assert!(!app.world().resource::<RulesOpen>().0);
    let rules = RULES.join(" ");
    for words in [
        "one black set",
        "two white sets",
        "same time",
        "ends the game",
        "black stones wins",
    ] {
        assert!(rules.contains(words), "the rules say {words:?}");
    }
    let mut rng = GameRng::seed_from_u64(3);
    let mut acted = Acted::default();
    let mut seen = Seen::default();
    let mut last = None;
    for _ in 0..40_000 {
        if screen(&app) != Screen::Play {
            break;
        }
        if version(&app) != last {
            app.update();
            check_table(&mut app, &mut seen);
            last = version(&app);
        }
        let Some(m) = app.world().get_resource::<Match<HideAndGuess>>() else {
            app.update();
            continue;
        };
        if m.turn() == Turn::Over {
            finish(&mut app, &mut seen);
            break;
        }
        let phase = *app.world().resource::<State<PlayPhase>>().get();
        let animating = app.world().resource::<veil::table::referee::Animating>().0;
        if phase == PlayPhase::HumanTurn && m.to_act() == Some(Seat(1)) && !animating {
            act(&mut app, &mut rng, &mut acted);
            check_table(&mut app, &mut seen);
            last = version(&app);
            continue;
        }
        app.update();
    }
    eprintln!("hide and guess against the computer: {acted:?}, {seen:?}");
    assert_eq!(screen(&app), Screen::Results, "the game ended");
    assert_eq!(acted.secrets, 1, "the human hid a secret");
    assert!(acted.votes >= 1, "the human voted");
    assert!(
        acted.builds >= 1 || acted.guesses >= 1,
        "the human built or guessed"
    );
    assert!(acted.refused > 0, "the dialogs refused pieces");
    assert!(
        seen.hidden_secret > 5,
        "the other secret stayed hidden ({seen:?})"
    );
    assert!(
        seen.hidden_thumb > 0,
        "a cast thumb stayed hidden ({seen:?})"
    );
    assert_eq!(seen.privacy, 0, "no privacy screen against the computer");
}

#[test]
fn hag_hot_seat_keeps_each_secret_and_thumb_behind_the_privacy_screen() {
    let mut app = app(AnimationSpeed::Off);
    start_hag(&mut app, vec![SeatKind::Human, SeatKind::Human], 21);
    let mut rng = GameRng::seed_from_u64(8);
    let mut acted = Acted::default();
    let mut seen = Seen::default();
    let mut privacy_screens = 0;
    let mut seat_changes = 0;
    // Checks while seat 1's secret is hidden and seat 0 is looking.
    let mut first_seat_checks = 0;
    for _ in 0..6000 {
        if screen(&app) != Screen::Play {
            break;
        }
        if let Some(next) = app.world().resource::<PrivacyPending>().0 {
            privacy_screens += 1;
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
            check_table(&mut app, &mut seen);
            // Input for either seat does nothing meanwhile.
            let v = version(&app);
            send_hag(&mut app, HagCommand::Thumb(true));
            send_hag(&mut app, HagCommand::AddPiece('P'));
            send(&mut app, Command::Confirm);
            assert_eq!(
                version(&app),
                v,
                "nothing is played behind the privacy screen"
            );
            check_table(&mut app, &mut seen);
            key(&mut app, KeyCode::Enter, Key::Enter);
            assert_eq!(app.world().resource::<Viewer>().0, next);
            assert!(app.world().resource::<PrivacyPending>().0.is_none());
            check_table(&mut app, &mut seen);
            continue;
        }
        let Some(m) = app.world().get_resource::<Match<HideAndGuess>>() else {
            app.update();
            continue;
        };
        if m.turn() == Turn::Over {
            finish(&mut app, &mut seen);
            break;
        }
        let viewer = app.world().resource::<Viewer>().0;
        let Some(seat) = m.to_act() else {
            app.update();
            continue;
        };
        assert_eq!(seat, viewer, "hot-seat shows the seat to act");
        if *app.world().resource::<State<PlayPhase>>().get() != PlayPhase::HumanTurn {
            app.update();
            continue;
        }
        if viewer == Seat(0) && m.observe(Seat(1)).my_secret.is_some() {
            first_seat_checks += 1;
        }
        act(&mut app, &mut rng, &mut acted);
        check_table(&mut app, &mut seen);
        app.update();
        check_table(&mut app, &mut seen);
        let Some(m) = app.world().get_resource::<Match<HideAndGuess>>() else {
            continue;
        };
        if let Some(next) = m.to_act() {
            if next != viewer {
                seat_changes += 1;
                assert_eq!(
                    app.world().resource::<PrivacyPending>().0,
                    Some(next),
                    "a privacy screen before {next}'s turn"
                );
            }
        }
    }
    eprintln!(
        "hide and guess hot-seat: {acted:?}, {seen:?}, {privacy_screens} privacy screens, {seat_changes} changes of seat"
    );
    assert_eq!(screen(&app), Screen::Results, "the game ended");
    assert_eq!(acted.secrets, 2, "both seats hid a secret");
    assert!(acted.votes >= 4, "both seats voted, twice at least");
    assert!(seat_changes >= 3, "the seats took turns ({seat_changes})");
    assert_eq!(
        privacy_screens, seat_changes,
        "one privacy screen per change of seat"
    );
    assert!(
        seen.privacy >= 2 * privacy_screens,
        "the table was checked behind each screen"
    );
    assert!(
        first_seat_checks > 0,
        "seat 0 played while seat 1's secret was hidden"
    );
    assert!(
        seen.hidden_thumb > 0,
        "a cast thumb stayed hidden from the other seat"
    );
}

#[test]
fn hag_reveal_animation_undo_and_hint_against_the_computer() {
    use veil::kit::anim::{Flip, Slide};
    use veil::table::referee::Animating;
    use veil_hide_and_guess::Action;
    let mut app = app(AnimationSpeed::Normal);
    start_hag(
        &mut app,
        vec![SeatKind::Computer(Level::Easy), SeatKind::Human],
        5,
    );
    let mut rng = GameRng::seed_from_u64(4);
    let mut acted = Acted::default();
    let mut seen = Seen::default();
    let (mut reveals, mut undone, mut hinted, mut secret_flipped) = (0, false, false, false);
    let mut last = None;
    let animating = |app: &App| app.world().resource::<Animating>().0;
    for _ in 0..40_000 {
        if screen(&app) != Screen::Play {
            break;
        }
        let Some(m) = app.world().get_resource::<Match<HideAndGuess>>() else {
            app.update();
            continue;
        };
        if m.turn() == Turn::Over {
            // The other secret turns over, piece after piece.
            let world = app.world_mut();
            secret_flipped = world
                .query_filtered::<&HagPiece, With<Flip>>()
                .iter(world)
                .any(|p| matches!(p.spot, Spot::TheirSecret(_)));
            for _ in 0..300 {
                if !animating(&app) {
                    break;
                }
                app.update();
            }
            finish(&mut app, &mut seen);
            break;
        }
        let phase = *app.world().resource::<State<PlayPhase>>().get();
        let to_act = m.to_act();
        if animating(&app) {
            app.update();
            continue;
        }
        if version(&app) != last {
            check_table(&mut app, &mut seen);
            last = version(&app);
        }
        if phase != PlayPhase::HumanTurn || to_act != Some(Seat(1)) {
            app.update();
            continue;
        }
        let obs = observation(&app).expect("a match");
        let turn = app.world().resource::<Match<HideAndGuess>>().turn();
        let t = task(&obs, turn);
        if t == Task::BuildOrGuess && !hinted {
            key(&mut app, KeyCode::KeyH, Key::Character("h".into()));
            for _ in 0..600 {
                if app.world().resource::<Match<HideAndGuess>>().hint.is_some() {
                    break;
                }
                app.update();
            }
            let hint = app.world().resource::<Match<HideAndGuess>>().hint;
            assert!(
                matches!(
                    hint,
                    Some(Action::Build(_) | Action::Guess(_) | Action::EndByBuild)
                ),
                "a hint for a build-or-guess turn: {hint:?}"
            );
            hinted = true;
        }
        act(&mut app, &mut rng, &mut acted);
        let n = obs.table.triangles.len();
        let revealed = t == Task::Vote
            && observation(&app).is_some_and(|a| a.table.triangles[n - 1].votes.is_some());
        if revealed {
            // Both thumbs open at the same moment, and the stones drop together.
            let world = app.world_mut();
            let flips: Vec<f32> = world
                .query_filtered::<&Flip, With<Thumb>>()
                .iter(world)
                .map(|f| f.elapsed)
                .collect();
            assert_eq!(flips.len(), 2, "both thumbs turn over");
            assert_eq!(flips[0], flips[1], "at the same time");
            let stones: Vec<bool> = world
                .query::<(&Stone, Option<&Slide>)>()
                .iter(world)
                .filter(|(s, _)| {
                    matches!(s.spot, StoneSpot::Triangle { index, .. } if index as usize == n - 1)
                })
                .map(|(_, slide)| slide.is_some())
                .collect();
            assert!(stones.iter().all(|s| *s), "the new stones land");
            reveals += 1;
            if !undone {
                // Take the thumb back: the vote is open again, the other
                // thumb cast but still hidden.
                while animating(&app) {
                    app.update();
                }
                let plies = app.world().resource::<Match<HideAndGuess>>().plies;
                key(&mut app, KeyCode::KeyU, Key::Character("u".into()));
                let m = app.world().resource::<Match<HideAndGuess>>();
                assert!(m.plies < plies, "undo took the thumb back");
                let again = m.observe(Seat(1));
                assert!(again.table.open_vote().is_some() && again.my_vote.is_none());
                assert!(again.opponent_has_voted, "the computer's thumb stays cast");
                let hidden = seen.hidden_thumb;
                check_table(&mut app, &mut seen);
                assert_eq!(seen.hidden_thumb, hidden + 1, "and hidden");
                last = version(&app);
                undone = true;
            }
        }
    }
    eprintln!("hide and guess, animated: {acted:?}, {seen:?}, {reveals} reveals");
    assert_eq!(screen(&app), Screen::Results, "the game ended");
    assert!(reveals >= 2 && undone && hinted);
    assert!(
        secret_flipped,
        "the other secret was turned over at the end"
    );
}

/// The person's view and task when it is theirs to act and nothing moves;
/// else one frame passes and None. (None too once the match is gone.)
fn player_to_act(app: &mut App) -> Option<(HideAndGuessView, Task)> {
    let obs = observation(app)?;
    let m = app.world().resource::<Match<HideAndGuess>>();
    let t = task(&obs, m.turn());
    let phase = *app.world().resource::<State<PlayPhase>>().get();
    let animating = app.world().resource::<veil::table::referee::Animating>().0;
    if phase != PlayPhase::HumanTurn || m.to_act() != Some(Seat(0)) || animating {
        app.update();
        return None;
    }
    Some((obs, t))
}

/// Issue 34, 8: the supply's pieces are clicked to pick them, and a
/// triangle is built by clicks alone (and Enter).
#[test]
pub(super) fn hag_a_triangle_built_by_clicking_the_supply() {
    let mut app = app(AnimationSpeed::Off);
    start_hag(
        &mut app,
        vec![SeatKind::Human, SeatKind::Computer(Level::Random)],
        12,
    );
    let mut rng = GameRng::seed_from_u64(6);
    let mut acted = Acted::default();
    for _ in 0..4000 {
        if screen(&app) != Screen::Play {
            break;
        }
        let Some((obs, t)) = player_to_act(&mut app) else {
            continue;
        };
        if t != Task::BuildOrGuess {
            act(&mut app, &mut rng, &mut acted);
            continue;
        }
        let triangles = obs.table.triangles.len();
        let target = obs.table.buildable().next().expect("a triangle to build");
        let mut picked = Pieces::EMPTY;
        for kind in target.iter() {
            // The first supply piece of that kind, wherever it lies.
            let world = app.world_mut();
            let at = world
                .query::<(&HagPiece, &GlobalTransform)>()
                .iter(world)
                .find(|(p, _)| matches!(p.spot, Spot::Supply(_)) && p.kind == kind)
                .map(|(_, t)| t.translation().truncate())
                .expect("the supply has the piece");
            click_at(&mut app, at);
            picked = picked.with(kind).expect("three pieces");
            assert_eq!(
                app.world().resource::<Picker>().pieces,
                picked,
                "a click on the supply's {kind} picks it"
            );
        }
        key(&mut app, KeyCode::Enter, Key::Enter);
        let after = observation(&app).expect("a match");
        assert_eq!(
            after.table.triangles.len(),
            triangles + 1,
            "the triangle is built"
        );
        assert_eq!(after.table.triangles[triangles].pieces, target);
        // Issue 34, 2: the vote on it asks for a thumb in a panel nothing
        // spills out of.
        for _ in 0..200 {
            let obs = observation(&app).expect("a match");
            let turn = app.world().resource::<Match<HideAndGuess>>().turn();
            if task(&obs, turn) == Task::Vote {
                for _ in 0..3 {
                    app.update();
                }
                let spill = super::look::spilling_widgets(&mut app);
                assert!(spill.is_empty(), "past the panel in the vote: {spill:?}");
                return;
            }
            app.update();
        }
        panic!("no vote on the new triangle");
    }
    panic!("the viewer never had a triangle to build");
}

/// Issue 34, 8: a click on a triangle on your turn starts a guess with its
/// three pieces (a guess is most often made of what triangles showed).
#[test]
pub(super) fn hag_a_click_on_a_triangle_starts_a_guess_with_its_pieces() {
    let mut app = app(AnimationSpeed::Off);
    start_hag(
        &mut app,
        vec![SeatKind::Human, SeatKind::Computer(Level::Random)],
        12,
    );
    let mut rng = GameRng::seed_from_u64(6);
    let mut acted = Acted::default();
    for _ in 0..6000 {
        if screen(&app) != Screen::Play {
            break;
        }
        let Some((obs, t)) = player_to_act(&mut app) else {
            continue;
        };
        // A triangle whose pieces a black set could hold.
        let fits = obs
            .table
            .triangles
            .iter()
            .position(|tri| Pieces::BLACK_SET.minus(tri.pieces).is_some());
        let (Task::BuildOrGuess, Some(index)) = (t, fits) else {
            act(&mut app, &mut rng, &mut acted);
            continue;
        };
        assert!(!app.world().resource::<Picker>().guessing);
        let world = app.world_mut();
        let at = world
            .query::<(&HagPiece, &GlobalTransform)>()
            .iter(world)
            .find(|(p, _)| matches!(p.spot, Spot::Triangle { index: i, .. } if i as usize == index))
            .map(|(_, t)| t.translation().truncate())
            .expect("the triangle's pieces are on the table");
        click_at(&mut app, at);
        let picker = app.world().resource::<Picker>();
        assert!(picker.guessing, "the click starts a guess");
        assert_eq!(
            picker.pieces, obs.table.triangles[index].pieces,
            "with the triangle's three pieces"
        );
        return;
    }
    panic!("the viewer never had a triangle to click");
}
