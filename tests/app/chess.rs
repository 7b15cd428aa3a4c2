//! Headless app tests of the Intrigue and Secret King view: whole games from
//! the title screen to the results through the app's own input (keys and
//! `Command` messages), the world checked against the viewer's observation
//! after every change, and the opponent's secret looked for everywhere the
//! view could leak it.

use super::*;
use veil::games::chess::{
    ChessGame, ChessInput, ChessRecord, ChessViewState, PickMark, SecretMark, cell_name,
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
    start_game(app, game, |setup| {
        setup.seats = seats;
        setup.set_options::<Intrigue>(&intrigue);
        setup.seed = Some(seed);
        setup.think_limit_ms = 150;
    });
}

/// The pieces of an observation as (cell, owner, role name), read straight
/// from the observation's board, not through the view's scene.
trait BoardOf: ChessGame {
    fn board_of(obs: &Self::Observation) -> Vec<(Cell, u8, String)>;
    /// The seat's own secret as the words and marks that must not leak to
    /// the other seat: (phrases, cells).
    fn secret_of(obs: &Self::Observation) -> (Vec<String>, Vec<Cell>);
    fn over(obs: &Self::Observation) -> bool;
    /// The seat's secret choice as the game record must tell it at the
    /// end, while it can still be read from its observation alone.
    fn chosen(obs: &Self::Observation) -> Option<String>;
}

fn side(seat: u8) -> &'static str {
    if seat == 0 { "White" } else { "Black" }
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
                    p.role.name().to_owned(),
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

    fn chosen(obs: &veil_intrigue::IntrigueView) -> Option<String> {
        let s = obs.my_secret()?;
        Some(format!(
            "{} hid the King on {} with the {}-pawn as Informant",
            side(obs.seat.0),
            cell_name(cell10(s.hiding, 8)),
            (b'a' + s.informant) as char
        ))
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
                    p.role.name().to_owned(),
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

    fn chosen(obs: &veil_secret_king::SecretKingView) -> Option<String> {
        // Only before the seat's first move is the Knight surely where it
        // was chosen.
        let me = obs.color();
        if obs.history.iter().any(|p| p.color == me) {
            return None;
        }
        let k = obs.kings[me.index()]?;
        Some(format!(
            "{} chose the Knight on {}",
            side(obs.seat.0),
            cell_name(cell10(k, 10))
        ))
    }
}

/// Every text the view shows the viewer during play: the scene's lines, the
/// menu, the prompt, the banner and every word painted on the table.
fn view_texts<G: ChessGame>(app: &mut App) -> Vec<String> {
    let world = app.world_mut();
    let table: Vec<String> = world
        .query::<&veil::kit::world_text::WorldText>()
        .iter(world)
        .map(|t| t.text.clone())
        .collect();
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
    texts.extend(table);
    texts
}

/// The world shows exactly the viewer's observation: every piece where the
/// observation has one, with its owner and role; the viewer's own secret in
/// gold and nothing of the opponent's before the game is over — no mark, no
/// pick, no word. True when the opponent had a secret to keep and it was
/// looked for (so a test can tell the check was not vacuous).
fn check_chess_world<G: BoardOf>(app: &mut App) -> bool {
    if app.world().get_resource::<Match<G>>().is_none() {
        return false;
    }
    assert!(
        app.world().get_resource::<ChessRecord>().is_none(),
        "no game record (with both secrets) while the game is on"
    );
    let privacy = app.world().resource::<PrivacyPending>().0;
    let world = app.world_mut();
    let drawn: Vec<(Cell, u8, Option<String>)> = world
        .query::<(&Piece, &Owner, Option<&Identity>)>()
        .iter(world)
        .map(|(p, o, i)| {
            (
                p.cell.expect("chess pieces stand on the board"),
                o.0,
                i.map(|i| i.0.clone()),
            )
        })
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
        assert!(
            marks.is_empty(),
            "no secrets while the device changes hands"
        );
        assert!(picks.is_empty(), "no picks while the device changes hands");
        assert!(world.resource::<ChessViewState>().scene.is_none());
        return false;
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
            // The piece standing there is drawn as everyone sees it: a
            // hidden Secret King as a Knight, the Informant as a pawn.
            if let Some((_, _, identity)) = drawn.iter().find(|(at, _, _)| at == c) {
                assert_ne!(
                    identity.as_deref(),
                    Some("king"),
                    "the opponent's hidden King at {c:?} is drawn as what it seems"
                );
            }
        }
        // The words the opponent's own screen uses for its secret: the
        // phrases looked for below must be among them, or the search for a
        // leak could not find one.
        let their_scene = G::scene(&other);
        if !their_phrases.is_empty() {
            assert!(
                their_phrases
                    .iter()
                    .any(|p| their_scene.own.iter().any(|l| l.contains(p.as_str()))),
                "the phrases {their_phrases:?} are the words of {:?}",
                their_scene.own
            );
            assert!(
                !their_scene.secrets.is_empty(),
                "the opponent's own screen marks its secret"
            );
        }
        let texts = view_texts::<G>(app);
        for line in &scene.own {
            assert!(
                line.starts_with("Your"),
                "only the viewer's secret is told: {line}"
            );
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
    assert_eq!(
        view.scene.as_ref(),
        Some(&scene),
        "the HUD shows the viewer's scene"
    );
    !over && !their_phrases.is_empty()
}

/// What a run of [`play_chess`] saw.
#[derive(Default, Debug)]
struct Seen {
    /// Positions checked against the viewer's observation.
    checks: usize,
    /// Of those, the ones where the opponent had a secret to keep.
    guarded: usize,
    /// Changes in which a King appeared (the HUD's banner).
    kings_appeared: usize,
    /// Of those, the ones drawn with the growing King and the shock rings.
    dramatic: usize,
    /// Pieces fading away as a King appeared.
    blown_away: usize,
    /// Each seat's secret choice, as the record must tell it.
    secrets: [Option<String>; 2],
}

impl Seen {
    fn secrets(&self) -> Vec<String> {
        self.secrets.iter().flatten().cloned().collect()
    }
}

/// Runs frames until the results, checking the world after every change;
/// `human` acts for human seats.
fn play_chess<G: BoardOf>(
    app: &mut App,
    max_frames: usize,
    mut human: impl FnMut(&mut App) -> bool,
) -> Seen {
    let mut last_version = None;
    let mut seen = Seen::default();
    for _ in 0..max_frames {
        if screen(app) == Screen::Results {
            return seen;
        }
        let version = app.world().get_resource::<Match<G>>().map(|m| m.version);
        if version.is_some() && version != last_version {
            app.update();
            if check_chess_world::<G>(app) {
                seen.guarded += 1;
            }
            seen.checks += 1;
            last_version = version;
            if let Some(m) = app.world().get_resource::<Match<G>>() {
                for seat in 0..2u8 {
                    if seen.secrets[seat as usize].is_none() {
                        seen.secrets[seat as usize] = G::chosen(&m.observe(Seat(seat)));
                    }
                }
            }
            if app.world().resource::<ChessViewState>().banner.is_some() {
                seen.kings_appeared += 1;
                let world = app.world_mut();
                let growing = world
                    .query::<&veil::kit::anim::Appear>()
                    .iter(world)
                    .count();
                let rings = world.query::<&veil::kit::anim::Burst>().iter(world).count();
                if growing > 0 && rings > 0 {
                    seen.dramatic += 1;
                }
                seen.blown_away += world
                    .query_filtered::<(), (
                        With<veil::games::chess::Ghost>,
                        With<veil::kit::anim::Vanish>,
                    )>()
                    .iter(world)
                    .count();
            }
        }
        let phase = app
            .world()
            .get_resource::<State<PlayPhase>>()
            .map(|s| *s.get());
        if phase == Some(PlayPhase::HumanTurn)
            && !app.world().resource::<veil::table::referee::Animating>().0
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
    assert!(
        input.choices[0].0.starts_with("Confirm"),
        "{:?}",
        input.choices
    );
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
        assert_ne!(
            version::<G>(app),
            before,
            "the choice {:?} was played",
            choices[i].0
        );
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
    assert_eq!(
        targets, expected,
        "the highlighted targets are the legal moves"
    );
    send(app, Command::Square(to));
    if version::<G>(app) == before {
        // Several moves share the squares: the menu asks for the piece.
        let input = app.world().resource::<ChessInput<G>>();
        assert!(
            input.choices.len() >= 2 && input.choices[0].0.starts_with("Promote"),
            "a promotion menu: {:?}",
            input.choices
        );
        send(
            app,
            Command::Choose(rng.random_range(0..input.choices.len())),
        );
        assert_ne!(version::<G>(app), before, "the promotion was played");
    }
    true
}

/// The PGN's movetext as tokens: `{comments}` whole, the rest split at
/// white space.
fn pgn_tokens(movetext: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut rest = movetext.trim();
    while !rest.is_empty() {
        if rest.starts_with('{') {
            let end = rest.find('}').expect("a comment is closed") + 1;
            tokens.push(rest[..end].replace('\n', " "));
            rest = rest[end..].trim_start();
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            tokens.push(rest[..end].to_owned());
            rest = rest[end..].trim_start();
        }
    }
    tokens
}

/// The record of the finished game: standard tags with the variant and the
/// start position, the moves as the move list showed them (SAN), and both
/// secret choices in one comment after the last move — nowhere earlier.
/// `secrets` are phrases of the two secrets that must be in that comment.
fn finish_checks(app: &App, variant: &str, secrets: &[String]) -> ChessRecord {
    let result = app.world().resource::<MatchResult>().clone();
    assert!(!result.reason.is_empty());
    let record = app.world().resource::<ChessRecord>().clone();
    let pgn = &record.pgn;
    eprintln!("{variant}: {} ({})\n{pgn}", result.headline, result.reason);
    let (head, movetext) = pgn
        .split_once("\n\n")
        .expect("tags, a blank line, the moves");
    for tag in ["Event", "Site", "Date", "Round", "White", "Black", "Result"] {
        assert!(head.contains(&format!("[{tag} \"")), "the {tag} tag: {pgn}");
    }
    assert!(head.contains(&format!("[Variant \"{variant}\"]")), "{pgn}");
    let date = head
        .split("[Date \"")
        .nth(1)
        .and_then(|d| d.split('"').next())
        .unwrap();
    let parts: Vec<u32> = date.split('.').filter_map(|p| p.parse().ok()).collect();
    assert!(
        parts.len() == 3
            && parts[0] >= 2024
            && (1..=12).contains(&parts[1])
            && (1..=31).contains(&parts[2]),
        "the date the game was played: {date}"
    );
    assert!(
        head.contains("[SetUp \"1\"]") && head.contains("[FEN \""),
        "{pgn}"
    );
    let tokens = pgn_tokens(movetext);
    let result_token = tokens.last().expect("a result").clone();
    assert!(
        ["1-0", "0-1", "1/2-1/2", "*"].contains(&result_token.as_str()),
        "{result_token}"
    );
    assert!(
        head.contains(&format!("[Result \"{result_token}\"]")),
        "{pgn}"
    );
    let secret_at: Vec<usize> = tokens
        .iter()
        .enumerate()
        .filter(|(_, t)| t.starts_with("{Secret choices"))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(secret_at.len(), 1, "one comment tells the secrets: {pgn}");
    let at = secret_at[0];
    assert!(
        tokens[at + 1..]
            .iter()
            .all(|t| t.starts_with('{') || *t == result_token),
        "the secrets come after the last move: {pgn}"
    );
    for phrase in secrets {
        assert!(
            tokens[at].contains(phrase.as_str()),
            "{phrase} in {}",
            tokens[at]
        );
        assert!(
            !head.contains(phrase.as_str()),
            "{phrase} not among the tags"
        );
        for t in &tokens[..at] {
            assert!(
                !t.contains(phrase.as_str()),
                "{phrase} not before the end: {t}"
            );
        }
    }
    // The moves are the move list's, in SAN, notes as comments.
    let sans: Vec<&String> = tokens[..at]
        .iter()
        .filter(|t| !t.starts_with('{') && !t.ends_with('.'))
        .collect();
    let scene = app
        .world()
        .resource::<ChessViewState>()
        .scene
        .clone()
        .expect("the last position drawn");
    let listed: Vec<String> = scene
        .history
        .iter()
        .map(|m| m.split(" (").next().unwrap().to_owned())
        .collect();
    assert_eq!(sans.len(), listed.len(), "{pgn}");
    for (a, b) in sans.iter().zip(&listed) {
        assert_eq!(*a, b);
    }
    let numbers: Vec<&String> = tokens[..at].iter().filter(|t| t.ends_with('.')).collect();
    assert_eq!(
        numbers.len(),
        listed.len().div_ceil(2),
        "move numbers: {pgn}"
    );
    record
}

/// The human (seat 0) plays random legal moves through the app's input
/// against the computer, checked after every change, and resigns after
/// `actions` of its turns if the game has not ended by then.
fn human_plays_the_computer<G: BoardOf>(
    app: &mut App,
    variant: &str,
    seed: u64,
    frames: usize,
    actions: usize,
) {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut done = 0;
    let seen = play_chess::<G>(app, frames, |app| {
        done += 1;
        if done > actions {
            send(app, Command::Resign);
            send(app, Command::Resign);
            return true;
        }
        act::<G>(app, &mut rng)
    });
    assert!(seen.checks > 5, "{seen:?}");
    assert!(
        seen.guarded > 0,
        "the computer's secret was looked for: {seen:?}"
    );
    assert_eq!(seen.secrets().len(), 2, "{seen:?}");
    finish_checks(app, variant, &seen.secrets());
}

#[test]
pub(super) fn intrigue_human_against_computer_from_title_to_results() {
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
    human_plays_the_computer::<Intrigue>(&mut app, "Intrigue", 17, 40_000, 120);
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
    let seen = play_chess::<Intrigue>(&mut app, 200_000, |_| false);
    eprintln!("{seen:?}");
    assert!(seen.checks > 5);
    assert!(seen.guarded > 0, "{seen:?}");
    // Kings appeared, each with the dramatic entrance: the King grows out
    // of its square, gold rings spread, the pieces it blew away fade.
    assert!(seen.kings_appeared > 0, "{seen:?}");
    assert_eq!(seen.dramatic, seen.kings_appeared, "{seen:?}");
    assert!(
        seen.blown_away > 0,
        "the Atomic King removed pieces: {seen:?}"
    );
    finish_checks(&app, "Intrigue", &seen.secrets());
    assert!(
        app.world()
            .resource::<ChessRecord>()
            .pgn
            .contains("[Queens \"Two Queens\"]")
    );
}

#[test]
pub(super) fn secret_king_human_against_computer_from_title_to_results() {
    let mut app = app(AnimationSpeed::Off);
    chess_start(
        &mut app,
        "secret-king",
        vec![SeatKind::Human, SeatKind::Computer(Level::Random)],
        IntrigueOptions::default(),
        5,
    );
    human_plays_the_computer::<SecretKing>(&mut app, "Secret King", 23, 60_000, 150);
}

#[test]
fn secret_king_computers_with_animations_to_the_end() {
    let mut app = app(AnimationSpeed::Fast);
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
    let seen = play_chess::<SecretKing>(&mut app, 200_000, |_| false);
    eprintln!("{seen:?}");
    assert!(seen.checks > 5);
    assert!(seen.guarded > 0, "{seen:?}");
    // A Secret King was taken and became a King: it grows out of its
    // square with the rings, and the piece that took it fades away.
    assert!(seen.kings_appeared > 0, "{seen:?}");
    assert_eq!(seen.dramatic, seen.kings_appeared, "{seen:?}");
    assert!(seen.blown_away > 0, "the capturer is removed: {seen:?}");
    finish_checks(&app, "Secret King", &seen.secrets());
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
    let mut guarded = 0;
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
                view_texts::<G>(&mut app)
                    .iter()
                    .all(|t| t.len() <= 2 && t.chars().all(|c| c.is_ascii_alphanumeric())),
                "no words of either seat while the device changes hands"
            );
            key(&mut app, KeyCode::Enter, Key::Enter);
            assert_eq!(app.world().resource::<Viewer>().0, next);
            if check_chess_world::<G>(&mut app) {
                guarded += 1;
            }
            continue;
        }
        let m = app.world().resource::<Match<G>>();
        if let Some(seat) = m.to_act() {
            assert_eq!(
                seat,
                app.world().resource::<Viewer>().0,
                "hot-seat shows the seat to act"
            );
        }
        if *app.world().resource::<State<PlayPhase>>().get() == PlayPhase::HumanTurn {
            if act::<G>(&mut app, &mut rng) {
                acted += 1;
            }
        }
        app.update();
        if check_chess_world::<G>(&mut app) {
            guarded += 1;
        }
    }
    eprintln!("{game} hot-seat: {screens} privacy screens, {acted} actions");
    assert!(acted >= 6, "both seats acted ({acted})");
    assert!(guarded > 0, "the other seat's secret was looked for");
    // Between the two secret choices, and after every move while both
    // secrets are kept.
    assert!(
        screens >= acted - 1,
        "{screens} privacy screens for {acted} actions"
    );
}

#[test]
fn intrigue_hot_seat_privacy() {
    hot_seat::<Intrigue>("intrigue");
}

#[test]
fn secret_king_hot_seat_privacy() {
    hot_seat::<SecretKing>("secret-king");
}

/// Runs frames until the viewer (a human) is to act.
fn until_human_turn<G: ChessGame>(app: &mut App) {
    for _ in 0..5_000 {
        let phase = *app.world().resource::<State<PlayPhase>>().get();
        if phase == PlayPhase::HumanTurn
            && !app.world().resource::<veil::table::referee::Animating>().0
        {
            return;
        }
        app.update();
    }
    panic!("the human never got the turn");
}

/// Commands that make no sense now: menu numbers beyond the menu, squares
/// off the board, commands of other games. None may panic or play.
fn nonsense<G: BoardOf>(app: &mut App) {
    let before = app.world().get_resource::<Match<G>>().map(|m| m.version);
    for c in [
        Command::Choose(usize::MAX),
        Command::Choose(99),
        Command::Square(Cell::new(255, 255)),
        Command::Square(Cell::new(G::FILES, 0)),
        Command::Square(Cell::new(0, G::FILES)),
        Command::Card(200),
        Command::Confirm,
        Command::ContinueAfterPrivacy,
        Command::ReplayLast,
        Command::Cancel,
    ] {
        send(app, c);
    }
    let after = app.world().get_resource::<Match<G>>().map(|m| m.version);
    assert_eq!(before, after, "nonsense plays nothing");
    check_chess_world::<G>(app);
}

/// Bad input never panics: in the secret setup, on the viewer's move, in a
/// promotion-free position with an empty menu, while the computer thinks,
/// after an undo and on the results screen.
fn bad_input<G: BoardOf>(game: &'static str) {
    let mut app = app(AnimationSpeed::Off);
    chess_start(
        &mut app,
        game,
        vec![SeatKind::Human, SeatKind::Computer(Level::Random)],
        IntrigueOptions::default(),
        11,
    );
    let mut rng = GameRng::seed_from_u64(5);
    until_human_turn::<G>(&mut app);
    assert!(app.world().resource::<ChessInput<G>>().setting_up);
    nonsense::<G>(&mut app);
    {
        let input = app.world().resource::<ChessInput<G>>();
        assert_eq!(
            (input.hiding, input.piece),
            (None, None),
            "no pick off the board"
        );
        assert!(input.choices.is_empty(), "nothing to confirm yet");
    }
    // Half a secret, then nonsense, then start over by the menu.
    if G::HIDES {
        send(&mut app, Command::Square(Cell::new(3, 3)));
        nonsense::<G>(&mut app);
        assert_eq!(
            app.world().resource::<ChessInput<G>>().hiding,
            Some(Cell::new(3, 3))
        );
        let input = app.world().resource::<ChessInput<G>>();
        assert_eq!(
            input.choices.len(),
            1,
            "only Start over: {:?}",
            input.choices
        );
        send(&mut app, Command::Choose(0));
        assert_eq!(app.world().resource::<ChessInput<G>>().hiding, None);
    }
    // A hint for the secret choice: looked for over a few frames, never
    // about the other seat.
    send(&mut app, Command::Hint);
    for _ in 0..60 {
        app.update();
    }
    check_chess_world::<G>(&mut app);
    make_secret::<G>(&mut app, &mut rng);
    // Taking the secret choice back: asked again (undo may refuse if the
    // computer has not chosen yet; either way nothing breaks).
    send(&mut app, Command::Undo);
    app.update();
    check_chess_world::<G>(&mut app);
    for round in 0..4 {
        until_human_turn::<G>(&mut app);
        if app.world().resource::<ChessInput<G>>().setting_up {
            make_secret::<G>(&mut app, &mut rng);
            until_human_turn::<G>(&mut app);
        }
        nonsense::<G>(&mut app);
        if round == 1 {
            send(&mut app, Command::Hint);
            for _ in 0..60 {
                app.update();
            }
            check_chess_world::<G>(&mut app);
        }
        // An enemy piece and an empty square select nothing.
        let viewer = app.world().resource::<Viewer>().0;
        let obs = app.world().resource::<Match<G>>().observe(viewer);
        let board = G::board_of(&obs);
        let enemy = board.iter().find(|(_, o, _)| *o != viewer.0).unwrap().0;
        let empty = (0..G::FILES)
            .flat_map(|f| (0..G::FILES).map(move |r| Cell::new(f, r)))
            .find(|c| board.iter().all(|(at, _, _)| at != c))
            .unwrap();
        let v = version::<G>(&app);
        send(&mut app, Command::Square(enemy));
        send(&mut app, Command::Square(empty));
        assert_eq!(app.world().resource::<BoardUi>().selected, None);
        assert_eq!(version::<G>(&app), v);
        // The replay asked for among the nonsense plays out first.
        until_human_turn::<G>(&mut app);
        assert!(act::<G>(&mut app, &mut rng));
        // The computer's turn: the human's clicks and choices do nothing.
        if app.world().resource::<Match<G>>().to_act() == Some(Seat(1)) {
            let v = version::<G>(&app);
            let humans_move = app
                .world()
                .resource::<ChessInput<G>>()
                .actions
                .board
                .clone();
            assert!(
                humans_move.is_empty(),
                "no moves offered on the computer's turn"
            );
            send(&mut app, Command::Choose(0));
            assert!(
                version::<G>(&app) == v
                    || app.world().resource::<Match<G>>().to_act() != Some(Seat(1))
            );
        }
    }
    // Undo back to the viewer's move, then nonsense again.
    until_human_turn::<G>(&mut app);
    send(&mut app, Command::Undo);
    app.update();
    check_chess_world::<G>(&mut app);
    until_human_turn::<G>(&mut app);
    nonsense::<G>(&mut app);
    send(&mut app, Command::Resign);
    send(&mut app, Command::Resign);
    for _ in 0..200 {
        if screen(&app) == Screen::Results {
            break;
        }
        app.update();
    }
    assert_eq!(screen(&app), Screen::Results);
    for c in [
        Command::Choose(3),
        Command::Square(Cell::new(255, 0)),
        Command::Undo,
        Command::Resign,
    ] {
        send(&mut app, c);
    }
    assert!(app.world().get_resource::<ChessRecord>().is_some());
}

#[test]
fn intrigue_bad_input_never_panics() {
    bad_input::<Intrigue>("intrigue");
}

#[test]
fn secret_king_bad_input_never_panics() {
    bad_input::<SecretKing>("secret-king");
}

/// The record of a short game the human ends by resigning: the human's
/// secret, picked through the board, and the computer's are told in the one
/// comment after the last move, nowhere before; the record is only made
/// once the game is over, and Save writes it as it is.
fn pgn_export<G: BoardOf>(game: &'static str) {
    let mut app = app(AnimationSpeed::Off);
    chess_start(
        &mut app,
        game,
        vec![SeatKind::Human, SeatKind::Computer(Level::Greedy)],
        IntrigueOptions::default(),
        21,
    );
    let mut rng = GameRng::seed_from_u64(8);
    let mut actions = 0;
    let seen = play_chess::<G>(&mut app, 20_000, |app| {
        actions += 1;
        if actions > 6 {
            send(app, Command::Resign);
            send(app, Command::Resign);
            return true;
        }
        act::<G>(app, &mut rng)
    });
    assert_eq!(seen.secrets().len(), 2, "{seen:?}");
    let record = finish_checks(&app, G::NAME, &seen.secrets());
    assert!(
        record.pgn.contains("[Result \"0-1\"]"),
        "White resigned: {}",
        record.pgn
    );
    let dir = std::env::temp_dir().join(format!("veil-chess-pgn-{}-{game}", std::process::id()));
    let path = veil::games::chess::save_record(&dir, &record).expect("saved");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), record.pgn);
    let again = veil::games::chess::save_record(&dir, &record).expect("saved again");
    assert_ne!(path, again, "a second save does not overwrite the first");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn intrigue_pgn_export_tells_the_secrets_only_at_the_end() {
    pgn_export::<Intrigue>("intrigue");
}

#[test]
fn secret_king_pgn_export_tells_the_secrets_only_at_the_end() {
    pgn_export::<SecretKing>("secret-king");
}

/// The rules screens state RULINGS §2 and §8, and the rules key opens them
/// during a game.
#[test]
fn chess_rules_state_the_rulings() {
    use veil::games::chess::{INTRIGUE_RULES, SECRET_KING_RULES};
    let intrigue = INTRIGUE_RULES.join(" ");
    for words in [
        "any one of the 64 squares",
        "Informant",
        "at the same time",
        "removed",
        "reveal your King",
        "nor into check",
        "hidden King is never in check",
        "Stalemate is a draw",
        "threefold repetition",
        "50-move rule",
        "both sides lose",
        "castle",
        "promotes can no longer be inspected",
        "retire",
        "announced to both",
        "Queen on the King's square",
        "Two Queens",
        "Atomic King",
    ] {
        assert!(intrigue.contains(words), "Intrigue rules: {words}");
    }
    let sk = SECRET_KING_RULES.join(" ");
    for words in [
        "10×10",
        "R N B Q N N Q B N R",
        "N R B N N N N B R N",
        "secretly chooses one of their Knights",
        "en passant",
        "no castling",
        "stay a pawn",
        "must become a Queen",
        "capturing piece is removed",
        "its side wins at once",
        "next to the revealed enemy King",
        "Stalemate, threefold repetition",
        "50-move rule",
    ] {
        assert!(sk.contains(words), "Secret King rules: {words}");
    }
    let mut app = app(AnimationSpeed::Off);
    chess_start(
        &mut app,
        "secret-king",
        vec![SeatKind::Human, SeatKind::Computer(Level::Random)],
        IntrigueOptions::default(),
        1,
    );
    send(&mut app, Command::ToggleRules);
    assert!(app.world().resource::<veil::table::referee::RulesOpen>().0);
}

/// The setup screen's Intrigue options reach the board: the Queen on the
/// King's square starts on e1/e8 with d1/d8 empty, and the notes say so.
#[test]
fn intrigue_queen_on_the_kings_square_option() {
    let mut app = app(AnimationSpeed::Off);
    chess_start(
        &mut app,
        "intrigue",
        vec![SeatKind::Human, SeatKind::Computer(Level::Random)],
        IntrigueOptions {
            queens: Queens::KingSquare,
            atomic_king: false,
        },
        2,
    );
    until_human_turn::<Intrigue>(&mut app);
    check_chess_world::<Intrigue>(&mut app);
    let scene = app
        .world()
        .resource::<ChessViewState>()
        .scene
        .clone()
        .unwrap();
    let at = |f: u8, r: u8| scene.piece_at(Cell::new(f, r)).map(|p| p.role.name());
    assert_eq!(at(4, 0), Some("queen"));
    assert_eq!(at(4, 7), Some("queen"));
    assert_eq!(at(3, 0), None);
    assert_eq!(at(3, 7), None);
    assert!(
        scene
            .notes
            .iter()
            .any(|n| n.contains("Queen on the King's square")),
        "{:?}",
        scene.notes
    );
}
