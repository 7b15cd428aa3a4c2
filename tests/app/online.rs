//! Online play in the app, against a real `veil-server` started in the
//! test on 127.0.0.1: two apps, each with its own connection, host and join
//! a room through the app's own commands and play it through the board's
//! clicks to the results. After every change each app's observation is the
//! server's observation for its seat, its world is exactly that observation
//! (the same check as the local games), and nothing it paints names a fact
//! hidden from its seat. A line leaked on purpose by the server's fault
//! switch is caught by the same scan.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use veil::shell::online::OnlineForm;
use veil::table::online::Link;
use veil::table::view::GameView;
use veil_server::{Config, Running};

use super::fair::{Painted, paint_probe};
use super::*;

/// A server on 127.0.0.1 on a port of its own, with a fresh database, on
/// a runtime of its own; stopped when dropped.
struct TestServer {
    rt: tokio::runtime::Runtime,
    running: Arc<Running>,
    dir: PathBuf,
}

impl TestServer {
    fn start() -> Self {
        let dir = std::env::temp_dir().join(format!(
            "veil-online-app-{}-{}",
            std::process::id(),
            entropy_word()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let config = Config {
            bind: SocketAddr::from(([127, 0, 0, 1], 0)),
            db: dir.join("veil.db"),
            web: None,
            rooms_per_ip: 1000,
            conns_per_ip: 1000,
            rate_per_sec: 100_000.0,
            rate_burst: 100_000.0,
            keep_secs: 3600,
            animation_step_ms: 5,
            full_sync: true,
            ..Config::default()
        };
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let running = Arc::new(rt.block_on(veil_server::start(config)).unwrap());
        TestServer { rt, running, dir }
    }

    fn url(&self) -> String {
        format!("ws://{}/ws", self.running.addr)
    }

    fn inspect(&self, code: &str) -> veil_server::Inspection {
        self.rt
            .block_on(self.running.inspect(code))
            .expect("the room")
    }

    /// The room as stored, rebuilt up to `version`: the truth, secrets and
    /// all.
    fn truth_at(&self, code: &str, version: u64) -> Option<Box<dyn veil_match::AnyMatch>> {
        let stored = self.rt.block_on(self.running.stored(code))?;
        let mut m = veil_match::open(&stored.opening).ok()?;
        for (_, _, step) in &stored.steps {
            if m.version() >= version {
                break;
            }
            m.step(step).ok()?;
        }
        (m.version() == version).then_some(m)
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.running.abort();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn entropy_word() -> u64 {
    veil::table::referee::entropy()
}

/// An app that talks to `server` as `name`, with its painted words probed.
fn online_app(name: &str, server: &str) -> App {
    let mut app = app(AnimationSpeed::Off);
    paint_probe(&mut app);
    let mut online = app
        .world_mut()
        .resource_mut::<veil::table::online::Online>();
    online.server = server.to_owned();
    online.name = name.to_owned();
    app
}

/// Frames for every app, a moment apart so that the network keeps up.
fn frame(apps: &mut [&mut App]) {
    for app in apps.iter_mut() {
        app.update();
    }
    std::thread::sleep(Duration::from_millis(2));
}

/// Runs frames until `done` holds for the apps, failing after `max`.
fn until(apps: &mut [&mut App], max: usize, what: &str, done: impl Fn(&[&mut App]) -> bool) {
    for _ in 0..max {
        if done(apps) {
            return;
        }
        frame(apps);
    }
    let links: Vec<String> = apps
        .iter()
        .map(|a| {
            let o = a.world().resource::<veil::table::online::Online>();
            format!("{:?} {:?} {:?}", screen(a), o.link, o.notice)
        })
        .collect();
    panic!("{what}: not after {max} frames ({links:?})");
}

fn online(app: &App) -> &veil::table::online::Online {
    app.world().resource::<veil::table::online::Online>()
}

/// The host creates a room of Jieqi for itself and a friend; the guest
/// joins it by its code. Returns the code once both are at the table.
fn host_and_join(host: &mut App, guest: &mut App) -> String {
    room_of_two(host, guest, "jieqi", |setup| {
        setup.seats = vec![SeatKind::Human, SeatKind::Human];
    })
}

/// The host creates a room of `game` as `configure` sets it up, with one
/// seat for a friend; the guest joins it by its code (typed in lower
/// case). Returns the code once both are at the table.
fn room_of_two(
    host: &mut App,
    guest: &mut App,
    game: &'static str,
    configure: impl FnOnce(&mut MatchSetup),
) -> String {
    host_room(host, game, configure);
    let code = online(host).room.as_ref().unwrap().code.clone();
    assert!(!online(host).started, "a seat is still free");
    join_room(guest, &code.to_lowercase());
    until(&mut [host, guest], 1000, "both at the table", |a| {
        a.iter().all(|a| screen(a) == Screen::Play)
    });
    code
}

/// Through the app's commands: Play online, Host, the game choice, the
/// setup as `configure` leaves it (the first seat "Me"), Create; until the
/// room is made. The computer thinks briefly (tests wait in real time).
fn host_room(host: &mut App, game: &'static str, configure: impl FnOnce(&mut MatchSetup)) {
    send(host, Command::PlayOnline);
    host.update();
    assert_eq!(screen(host), Screen::Online);
    send(host, Command::HostOnline);
    host.update();
    assert_eq!(
        screen(host),
        Screen::GameChoice,
        "hosting goes to the game choice"
    );
    send(host, Command::ChooseGame(game));
    host.update();
    assert_eq!(screen(host), Screen::Setup);
    configure(&mut host.world_mut().resource_mut::<MatchSetup>());
    if let Some(h) = host
        .world_mut()
        .resource_mut::<veil::table::online::Online>()
        .hosting
        .as_mut()
    {
        h.settings.think_limit_ms = 50;
    }
    send(host, Command::StartMatch);
    host.update();
    assert_eq!(
        screen(host),
        Screen::Lobby,
        "creating the room opens its waiting room"
    );
    until(&mut [host], 500, "the room is made", |a| {
        online(a[0]).room.is_some() && online(a[0]).link == Link::Open
    });
}

/// Through the app's commands: Play online, the code typed, Join.
fn join_room(guest: &mut App, typed: &str) {
    send(guest, Command::PlayOnline);
    guest.update();
    assert_eq!(screen(guest), Screen::Online);
    // The form keeps the code as the field cleans it.
    guest.world_mut().resource_mut::<OnlineForm>().code = veil::shell::online::clean_code(typed);
    send(guest, Command::JoinOnline);
    guest.update();
    assert_eq!(screen(guest), Screen::Lobby);
}

/// The words of the facts hidden from `seat` in the truth that are not
/// also known to it: a painted string holding one is a leak.
fn hidden_words(truth: &dyn veil_match::AnyMatch, seat: Seat, known: &[String]) -> Vec<String> {
    let mut words: Vec<String> = truth
        .hidden_facts_for_tests(seat)
        .into_iter()
        .filter_map(|f| truth.fact_words_for_tests(f))
        .filter(|w| !known.contains(w))
        .collect();
    words.sort();
    words.dedup();
    words
}

/// What a Jieqi seat knows of the captured pieces, in the facts' words
/// ("Red Chariot").
fn known_words(view: &JieqiView) -> Vec<String> {
    let scene = Scene::from_view(view);
    let mut out = Vec::new();
    for (owner, tray) in scene.captured.iter().enumerate() {
        let name = if owner == 0 { "Red" } else { "Black" };
        for piece in tray {
            if let Some(kind) = piece.kind {
                out.push(format!("{name} {kind}"));
            }
        }
    }
    out
}

/// How a game is played and checked online by the harness: its world
/// check (the local tests' own), what a seat knows in the facts' words,
/// and one action through the app's input.
struct OnlineGame<G: GameView> {
    world: fn(&mut App),
    known: fn(&G::Observation) -> Vec<String>,
    act: fn(&mut App, &mut GameRng),
}

/// One app's check after a change: its observation is the server's for
/// its seat (when both are at the same version), its world is exactly that
/// observation, and no painted string names a fact hidden from its seat.
/// Returns whether it was compared with the server, or the leak found.
fn check_online<G: GameView>(
    app: &mut App,
    server: &TestServer,
    code: &str,
    game: &OnlineGame<G>,
) -> Result<bool, String> {
    // One frame first, so what is painted and the match read below are of
    // the same version: a frame read during this update (a card given, a
    // computer's move) would otherwise be painted but checked against the
    // version before it, and its new secret called a leak.
    app.update();
    let Some(m) = app.world().get_resource::<Match<G>>() else {
        return Ok(false);
    };
    // A spectator's mirror has no seat: it sees what everybody sees.
    let watcher = m.mirror_seat().is_none();
    let seat = m.mirror_seat().unwrap_or(Seat(0));
    let version = m.version;
    let view = m.observe(seat);
    let mirror = m.is_mirror();
    (game.world)(app);
    let mut compared = false;
    if mirror {
        let inspection = server.inspect(code);
        if inspection.version == version {
            let expected = if watcher {
                &inspection.public
            } else {
                &inspection.views[seat.index()]
            };
            assert_eq!(
                &serde_json::to_value(&view).unwrap(),
                expected,
                "the app's observation is the server's for its seat at v{version}"
            );
            compared = true;
        }
        if let Some(truth) = server.truth_at(code, version) {
            let known = (game.known)(&view);
            let mut hidden = hidden_words(&*truth, seat, &known);
            if watcher {
                // Hidden from any seat is hidden from a spectator.
                for s in Seat::all(truth.seats()) {
                    hidden.extend(hidden_words(&*truth, s, &known));
                }
            }
            let painted = &app.world().resource::<Painted>().0;
            for word in &hidden {
                if let Some(text) = painted.iter().find(|t| t.contains(word.as_str())) {
                    return Err(format!("{seat} sees \"{word}\" in \"{text}\""));
                }
            }
        }
    }
    Ok(compared)
}

/// Clicks a legal move for the app's seat (from its own observation).
fn click_online_move(app: &mut App, rng: &mut GameRng) {
    let Some(obs) = observation(app) else {
        return;
    };
    let moves = obs.legal_moves();
    if moves.is_empty() {
        return;
    }
    let captures: Vec<_> = moves
        .iter()
        .filter(|m| obs.piece_at(m.to).is_some())
        .copied()
        .collect();
    let pick = if !captures.is_empty() && rng.random_range(0..3) > 0 {
        captures[rng.random_range(0..captures.len())]
    } else {
        moves[rng.random_range(0..moves.len())]
    };
    send(
        app,
        Command::Square(Cell::new(pick.from.file(), pick.from.rank())),
    );
    send(
        app,
        Command::Square(Cell::new(pick.to.file(), pick.to.rank())),
    );
}

const JIEQI: OnlineGame<Jieqi> = OnlineGame {
    world: check_world,
    known: known_words,
    act: click_online_move,
};

fn may_move<G: GameView>(app: &App) -> bool {
    let phase = app
        .world()
        .get_resource::<State<PlayPhase>>()
        .map(|s| *s.get());
    let Some(m) = app.world().get_resource::<Match<G>>() else {
        return false;
    };
    phase == Some(PlayPhase::HumanTurn)
        && !app.world().resource::<veil::table::referee::Animating>().0
        && !m.awaiting()
        && m.is_mirror()
}

/// Plays the room through the apps' own input until all show the results,
/// checking after every change. Returns the checks compared with the
/// server, and the first leak seen (when `stop_at_leak`; else a leak
/// fails the test).
fn play_room<G: GameView>(
    apps: &mut [&mut App],
    server: &TestServer,
    code: &str,
    game: &OnlineGame<G>,
    seed: u64,
    max_frames: usize,
    stop_at_leak: bool,
) -> (usize, Option<String>) {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut seen = vec![None; apps.len()];
    let mut compared = 0;
    for _ in 0..max_frames {
        if apps.iter().all(|a| screen(a) == Screen::Results) {
            return (compared, None);
        }
        for (i, app) in apps.iter_mut().enumerate() {
            let version = app.world().get_resource::<Match<G>>().map(|m| m.version);
            if version.is_some() && version != seen[i] {
                seen[i] = version;
                match check_online(app, server, code, game) {
                    Ok(true) => compared += 1,
                    Ok(false) => {}
                    Err(leak) if stop_at_leak => return (compared, Some(leak)),
                    Err(leak) => panic!("a secret reached the app: {leak}"),
                }
            }
            if may_move::<G>(app) {
                (game.act)(app, &mut rng);
            }
        }
        frame(apps);
    }
    panic!("no result after {max_frames} frames");
}

fn play_online(
    host: &mut App,
    guest: &mut App,
    server: &TestServer,
    code: &str,
    seed: u64,
    max_frames: usize,
    stop_at_leak: bool,
) -> (usize, Option<String>) {
    play_room(
        &mut [host, guest],
        server,
        code,
        &JIEQI,
        seed,
        max_frames,
        stop_at_leak,
    )
}

#[test]
fn two_apps_host_join_and_play_jieqi_through_a_real_server() {
    let server = TestServer::start();
    let mut host = online_app("Ann", &server.url());
    let mut guest = online_app("Bo", &server.url());
    let code = host_and_join(&mut host, &mut guest);
    assert_eq!(online(&host).room.as_ref().unwrap().seat, Some(0));
    assert_eq!(online(&guest).room.as_ref().unwrap().seat, Some(1));
    let names: Vec<String> = online(&guest)
        .seats
        .iter()
        .map(|s| s.name.clone())
        .collect();
    assert_eq!(names, ["Ann", "Bo"], "each seat under its person's name");
    // A third app watches by the code.
    let mut watcher = online_app("Cy", &server.url());
    send(&mut watcher, Command::PlayOnline);
    watcher.update();
    watcher.world_mut().resource_mut::<OnlineForm>().code = code.clone();
    send(&mut watcher, Command::WatchOnline);
    until(
        &mut [&mut watcher],
        1000,
        "the spectator at the table",
        |a| screen(a[0]) == Screen::Play,
    );
    assert_eq!(
        online(&watcher).room.as_ref().unwrap().seat,
        None,
        "no seat"
    );
    let (compared, _) = play_room(
        &mut [&mut host, &mut guest, &mut watcher],
        &server,
        &code,
        &JIEQI,
        7,
        40_000,
        false,
    );
    assert!(
        compared >= 20,
        "the apps were compared with the server {compared} times"
    );
    // The end: the record with every secret took the mirror's place in
    // both, and both show the same result.
    eprintln!("compared with the server {compared} times");
    for app in [&host, &guest, &watcher] {
        let m = &app
            .world()
            .resource::<veil::table::view::Finished<Jieqi>>()
            .0;
        assert!(!m.is_mirror(), "the finished game is the server's record");
        assert_eq!(m.turn(), veil_core::Turn::Over);
    }
    let results: Vec<String> = [&host, &guest]
        .iter()
        .map(|a| a.world().resource::<MatchResult>().headline.clone())
        .collect();
    assert_eq!(results[0], results[1]);
    assert_eq!(
        server.inspect(&code).log,
        host.world()
            .resource::<veil::table::view::Finished<Jieqi>>()
            .0
            .log()
            .to_vec(),
        "the move list is the server's"
    );
    // The room is over: nothing kept to come back to.
    for app in [&host, &guest] {
        let saves = app.world().resource::<veil::table::save::Saves>();
        let kept = veil::table::online::read_kept(&saves.0);
        assert_eq!(kept.token, None, "a finished room's token is forgotten");
    }
    // Play again: the guest asks, the host sees the offer and takes it;
    // both sit at a new room's table, a fresh game of the same kind.
    for app in [&host, &guest] {
        assert_eq!(screen(app), Screen::Results);
    }
    send(&mut guest, Command::PlayAgain);
    until(
        &mut [&mut host, &mut guest],
        1000,
        "the offer reaches the host",
        |a| online(a[0]).rematch.is_some(),
    );
    assert_eq!(screen(&host), Screen::Results, "an offer, not a move");
    send(&mut host, Command::PlayAgain);
    until(
        &mut [&mut host, &mut guest],
        3000,
        "both at the new room's table",
        |a| {
            a.iter().all(|a| {
                screen(a) == Screen::Play
                    && online(a).room.as_ref().is_some_and(|r| r.code != code)
                    && online(a).started
            })
        },
    );
    let rooms: Vec<_> = [&host, &guest]
        .iter()
        .map(|a| online(a).room.clone().unwrap())
        .collect();
    assert_eq!(rooms[0].code, rooms[1].code, "the same new room");
    assert_ne!(rooms[0].seat, rooms[1].seat, "each a seat of it");
    let fresh = server.inspect(&rooms[0].code);
    assert!(fresh.log.is_empty(), "a new game: {:?}", fresh.log);
    for app in [&host, &guest] {
        let m = &app.world().resource::<Match<Jieqi>>().0;
        assert!(m.is_mirror() && m.log().is_empty());
    }
}

/// The scan finds a secret when the server is made to leak one: the
/// fault switch writes a fact hidden from the guest into the guest's move
/// list, and the painted words give it away.
#[test]
fn a_secret_leaked_into_the_move_list_is_caught() {
    let server = TestServer::start();
    server.running.shared.faults.set_leak_line(Some(1));
    let mut host = online_app("Ann", &server.url());
    let mut guest = online_app("Bo", &server.url());
    let code = host_and_join(&mut host, &mut guest);
    let (_, leak) = play_online(&mut host, &mut guest, &server, &code, 11, 40_000, true);
    let leak = leak.expect("the leaked line is caught before the game ends");
    assert!(leak.starts_with("seat 1 sees"), "{leak}");
}

/// A wire that reports the link cut, as a dropped network would.
struct CutWire(bool);

impl veil::table::online::Wire for CutWire {
    fn send(&mut self, _text: String) {}
    fn poll(&mut self) -> Option<veil::table::online::WireEvent> {
        let first = !self.0;
        self.0 = true;
        first.then(|| veil::table::online::WireEvent::Closed("cut by the test".into()))
    }
}

/// The guest's link is cut mid-game; the host plays on meanwhile; the
/// guest comes back by itself (its token) to the same seat and shows the
/// table the server has for it, then the game goes on to its end.
#[test]
fn an_app_whose_link_is_cut_comes_back_by_itself_to_the_same_table() {
    let server = TestServer::start();
    let mut host = online_app("Ann", &server.url());
    let mut guest = online_app("Bo", &server.url());
    let code = host_and_join(&mut host, &mut guest);
    let mut rng = GameRng::seed_from_u64(5);
    // A few moves, until the host is to move again.
    for _ in 0..5_000 {
        let v = host.world().resource::<Match<Jieqi>>().version;
        if v >= 6 && may_move::<Jieqi>(&host) {
            break;
        }
        for app in [&mut host, &mut guest] {
            if may_move::<Jieqi>(app) {
                click_online_move(app, &mut rng);
            }
        }
        frame(&mut [&mut host, &mut guest]);
    }
    assert!(may_move::<Jieqi>(&host), "the host is to move");
    let before = guest.world().resource::<Match<Jieqi>>().version;
    guest
        .world_mut()
        .non_send_mut::<veil::table::online::WireSlot>()
        .0 = Some(Box::new(CutWire(false)));
    guest.update();
    assert!(
        matches!(online(&guest).link, Link::Reconnecting { .. }),
        "the cut is seen: {:?}",
        online(&guest).link
    );
    // The host plays while the guest is away.
    click_online_move(&mut host, &mut rng);
    until(&mut [&mut host], 500, "the host's move is taken", |a| {
        a[0].world().resource::<Match<Jieqi>>().version > before
    });
    // The guest comes back by itself and shows what the server has for it.
    until(
        &mut [&mut host, &mut guest],
        2_000,
        "the guest is back",
        |a| {
            online(a[1]).link == Link::Open
                && a[1].world().resource::<Match<Jieqi>>().version
                    == a[0].world().resource::<Match<Jieqi>>().version
        },
    );
    assert_eq!(
        online(&guest).room.as_ref().unwrap().seat,
        Some(1),
        "the same seat"
    );
    assert_eq!(screen(&guest), Screen::Play, "the same table");
    let inspection = server.inspect(&code);
    let view = guest.world().resource::<Match<Jieqi>>().observe(Seat(1));
    assert_eq!(serde_json::to_value(&view).unwrap(), inspection.views[1]);
    check_world(&mut guest);
    assert_eq!(
        guest.world().resource::<Match<Jieqi>>().log().to_vec(),
        inspection.log,
        "the move list as the server has it"
    );
    let (_, leak) = play_online(&mut host, &mut guest, &server, &code, 6, 40_000, false);
    assert_eq!(leak, None);
}

/// Several servers of the same rooms, their addresses comma-separated:
/// one that does not have the room is passed over for the next, when
/// joining and when coming back after a cut, and the game goes on. (Here
/// the other server is not of the same rooms; with JetStream it would
/// forward.)
#[test]
fn with_several_server_addresses_the_next_is_tried() {
    let server = TestServer::start();
    let other = TestServer::start();
    let mut host = online_app("Ann", &server.url());
    let both = format!("{},{}", other.url(), server.url());
    let mut guest = online_app("Bo", &both);
    host_room(&mut host, "jieqi", |setup| {
        setup.seats = vec![SeatKind::Human, SeatKind::Human];
    });
    let code = online(&host).room.as_ref().unwrap().code.clone();
    join_room(&mut guest, &code);
    until(
        &mut [&mut host, &mut guest],
        1000,
        "both at the table",
        |a| a.iter().all(|a| screen(a) == Screen::Play),
    );
    assert_eq!(
        online(&guest).address(),
        server.url(),
        "on the room's server"
    );
    assert_eq!(online(&guest).room.as_ref().unwrap().seat, Some(1));
    let mut rng = GameRng::seed_from_u64(5);
    until(&mut [&mut host], 500, "Red to move", |a| {
        may_move::<Jieqi>(a[0])
    });
    click_online_move(&mut host, &mut rng);
    until(&mut [&mut host, &mut guest], 500, "Black to move", |a| {
        may_move::<Jieqi>(a[1])
    });
    // The guest's link is cut: the next try goes to the other address,
    // which does not have the room, and then back to the room's server.
    guest
        .world_mut()
        .non_send_mut::<veil::table::online::WireSlot>()
        .0 = Some(Box::new(CutWire(false)));
    guest.update();
    until(
        &mut [&mut host, &mut guest],
        2_000,
        "the guest is back",
        |a| online(a[1]).link == Link::Open && may_move::<Jieqi>(a[1]),
    );
    assert_eq!(online(&guest).address(), server.url());
    assert_eq!(online(&guest).room.as_ref().unwrap().seat, Some(1));
    assert_eq!(screen(&guest), Screen::Play, "the same table");
    let (_, leak) = play_online(&mut host, &mut guest, &server, &code, 4, 40_000, false);
    assert_eq!(leak, None);
}

/// A server that sends what the app cannot read: one clear line, the link
/// made again, no panic; the table is the server's again afterwards.
#[test]
fn a_frame_the_app_cannot_read_is_said_and_the_link_made_again() {
    let server = TestServer::start();
    let mut host = online_app("Ann", &server.url());
    let mut guest = online_app("Bo", &server.url());
    let code = host_and_join(&mut host, &mut guest);
    // A garbled frame, then an update out of order (its lines do not fit
    // the move list), as a faulty server or a middlebox might send.
    struct Garbled(u8);
    impl veil::table::online::Wire for Garbled {
        fn send(&mut self, _text: String) {}
        fn poll(&mut self) -> Option<veil::table::online::WireEvent> {
            self.0 += 1;
            match self.0 {
                1 => Some(veil::table::online::WireEvent::Text(
                    "{\"t\":\"Update\",\"v\":".into(),
                )),
                _ => None,
            }
        }
    }
    guest
        .world_mut()
        .non_send_mut::<veil::table::online::WireSlot>()
        .0 = Some(Box::new(Garbled(0)));
    guest.update();
    let notice = online(&guest).notice.clone().unwrap_or_default();
    assert!(notice.contains("cannot read"), "{notice}");
    until(
        &mut [&mut host, &mut guest],
        2_000,
        "the guest is back",
        |a| online(a[1]).link == Link::Open,
    );
    // An update whose lines do not fit the list the app has.
    online_frame(
        &mut guest,
        r#"{"t":"Update","v":99,"lines":["a","b","c"],"log_len":1,"to_act":[0]}"#,
    );
    let notice = online(&guest).notice.clone().unwrap_or_default();
    assert!(notice.contains("new lines"), "{notice}");
    until(
        &mut [&mut host, &mut guest],
        2_000,
        "the guest is back again",
        |a| {
            online(a[1]).link == Link::Open
                && a[1].world().resource::<Match<Jieqi>>().version == server.inspect(&code).version
        },
    );
    let inspection = server.inspect(&code);
    let m = guest.world().resource::<Match<Jieqi>>();
    assert_eq!(m.version, inspection.version);
    assert_eq!(
        serde_json::to_value(m.observe(Seat(1))).unwrap(),
        inspection.views[1]
    );
    assert_eq!(online(&guest).faults, 2);
}

/// Hands the app one frame as if the server had sent it.
fn online_frame(app: &mut App, text: &'static str) {
    struct One(Option<&'static str>);
    impl veil::table::online::Wire for One {
        fn send(&mut self, _text: String) {}
        fn poll(&mut self) -> Option<veil::table::online::WireEvent> {
            self.0
                .take()
                .map(|t| veil::table::online::WireEvent::Text(t.into()))
        }
    }
    app.world_mut()
        .non_send_mut::<veil::table::online::WireSlot>()
        .0 = Some(Box::new(One(Some(text))));
    app.update();
    app.update();
}

// ---------------------------------------------------------------- Tysiąc

fn tysiac_view(app: &App) -> Option<veil_tysiac::TysiacView> {
    let m = app.world().get_resource::<Match<veil_tysiac::Tysiac>>()?;
    Some(m.observe(app.world().resource::<Viewer>().0))
}

/// The viewer acts through the app's input: a click on a card, a choice
/// of the panel (bid the least up to 120, take the prikup, keep the bid,
/// play on after the four nines).
fn tysiac_act(app: &mut App, rng: &mut GameRng) {
    use veil::games::tysiac::TysiacUi;
    use veil_tysiac::{Action, Phase};
    let Some(obs) = tysiac_view(app) else { return };
    let ui = app.world().resource::<TysiacUi>().clone();
    let t = &obs.table;
    match t.phase {
        Phase::Play | Phase::PassCards => {
            if ui.usable.is_empty() {
                return;
            }
            let card = ui.usable[rng.random_range(0..ui.usable.len())];
            send(app, Command::Card(card.index() as u8));
            app.update();
            let waiting = app
                .world()
                .resource::<Match<veil_tysiac::Tysiac>>()
                .awaiting();
            let ui = app.world().resource::<TysiacUi>().clone();
            if !waiting && !ui.choices.is_empty() {
                send(app, Command::Choose(rng.random_range(0..ui.choices.len())));
            }
        }
        _ => {
            let choices = ui.choices;
            if choices.is_empty() {
                return;
            }
            let at = |wanted: Action| choices.iter().position(|a| *a == wanted);
            let i = match t.phase {
                Phase::Bidding if t.bid + t.options.bid_step <= 120 => {
                    at(Action::Bid(t.bid + t.options.bid_step)).unwrap_or(0)
                }
                Phase::Prikup => at(Action::TakePrikup).unwrap_or(0),
                Phase::FourNines => at(Action::PlayOn).unwrap_or(0),
                _ => 0,
            };
            send(app, Command::Choose(i));
        }
    }
}

/// The cards a Tysiąc seat has seen: its hand, the cards it gave or was given,
/// the prikup once shown to all, and every card played.
fn tysiac_known(view: &veil_tysiac::TysiacView) -> Vec<String> {
    let t = &view.table;
    let mut cards = super::tysiac::faces_seen(view);
    cards.extend(t.prikup.iter().flat_map(|p| p.iter()));
    cards.extend(view.received);
    cards.extend(view.gave.iter().flatten());
    cards.extend(t.tricks.iter().flat_map(|p| p.cards));
    cards.extend(t.trick.iter().copied());
    cards.iter().map(|c| c.to_string()).collect()
}

const TYSIAC: OnlineGame<veil_tysiac::Tysiac> = OnlineGame {
    world: super::tysiac::check_table,
    known: tysiac_known,
    act: tysiac_act,
};

/// Tysiąc online, three seats: two apps and the server's computer, one
/// hand played through the apps' clicks to the results.
#[test]
fn two_apps_and_a_computer_play_a_hand_of_tysiac() {
    let server = TestServer::start();
    let mut host = online_app("Ann", &server.url());
    let mut guest = online_app("Bo", &server.url());
    let code = room_of_two(&mut host, &mut guest, "tysiac", |setup| {
        setup.seats = vec![
            SeatKind::Human,
            SeatKind::Human,
            SeatKind::Computer(Level::Easy),
        ];
        setup.set_options::<veil_tysiac::Tysiac>(&veil_tysiac::Options {
            hand_limit: 1,
            ..Default::default()
        });
    });
    let kinds: Vec<String> = online(&host).seats.iter().map(|s| s.kind.clone()).collect();
    assert_eq!(kinds, ["person", "person", "easy"]);
    let (compared, leak) = play_room(
        &mut [&mut host, &mut guest],
        &server,
        &code,
        &TYSIAC,
        3,
        60_000,
        false,
    );
    assert_eq!(leak, None);
    assert!(compared >= 10, "compared with the server {compared} times");
    let results: Vec<String> = [&host, &guest]
        .iter()
        .map(|a| a.world().resource::<MatchResult>().headline.clone())
        .collect();
    assert_eq!(results[0], results[1]);
}

// ---------------------------------------------------------------- Rengo

fn rengo_act(app: &mut App, rng: &mut GameRng) {
    use veil_go::{Phase, RengoAction};
    let Some(m) = app.world().get_resource::<Match<veil_go::Rengo>>() else {
        return;
    };
    let seat = app.world().resource::<Viewer>().0;
    let obs = m.observe(seat);
    let moves = m.log().len();
    let request = |app: &mut App, action| {
        app.world_mut()
            .write_message(veil::table::view::ActionRequest::<veil_go::Rengo> { seat, action });
    };
    match obs.game.phase() {
        // A few stones each through the board's clicks, then passes.
        Phase::Play if moves < 24 => {
            super::rengo::click_random_point(app, rng);
        }
        Phase::Play => request(app, RengoAction::Pass),
        Phase::ResignQuestion { .. } => request(app, RengoAction::AnswerResign(false)),
        Phase::Counting { .. } => request(app, RengoAction::Accept),
        Phase::Over(_) => {}
    }
}

const RENGO: OnlineGame<veil_go::Rengo> = OnlineGame {
    world: super::rengo::check_rengo_world,
    known: |_| Vec::new(),
    act: rengo_act,
};

/// Rengo online, four seats: two apps (partners across the table: B1 and
/// W1) and two of the server's computers, to the count and the results.
#[test]
fn two_apps_and_two_computers_play_rengo() {
    let server = TestServer::start();
    let mut host = online_app("Ann", &server.url());
    let mut guest = online_app("Bo", &server.url());
    let code = room_of_two(&mut host, &mut guest, "rengo", |setup| {
        setup.seats = vec![
            SeatKind::Human,
            SeatKind::Human,
            SeatKind::Computer(Level::Easy),
            SeatKind::Computer(Level::Easy),
        ];
        setup.set_options::<veil_go::Rengo>(&veil_go::RengoOptions {
            size: 9,
            ..Default::default()
        });
    });
    assert_eq!(online(&guest).room.as_ref().unwrap().seat, Some(1));
    let (compared, leak) = play_room(
        &mut [&mut host, &mut guest],
        &server,
        &code,
        &RENGO,
        4,
        60_000,
        false,
    );
    assert_eq!(leak, None);
    assert!(compared >= 10, "compared with the server {compared} times");
    let result = host.world().resource::<MatchResult>().clone();
    assert_eq!(result.seats.len(), 4);
    assert_eq!(
        result.seats[0].2, result.seats[2].2,
        "partners share the result"
    );
}

/// A takeback online: the host moves its general (nothing hidden comes to
/// light), asks with U to take it back, the guest accepts through its
/// command, and the host is back where it was, to move again. Then a
/// quick message from the guest shows on the host's screen.
#[test]
fn a_takeback_asked_with_u_and_accepted_and_a_quick_message() {
    let server = TestServer::start();
    let mut host = online_app("Ann", &server.url());
    let mut guest = online_app("Bo", &server.url());
    let _code = host_and_join(&mut host, &mut guest);
    until(&mut [&mut host, &mut guest], 500, "the host to move", |a| {
        may_move::<Jieqi>(a[0])
    });
    let start = observation(&host).unwrap();
    let quiet = start
        .legal_moves()
        .into_iter()
        .find(|m| start.piece_at(m.from).is_some_and(|p| p.kind.is_some()))
        .expect("the general may step inside its palace");
    send(
        &mut host,
        Command::Square(Cell::new(quiet.from.file(), quiet.from.rank())),
    );
    send(
        &mut host,
        Command::Square(Cell::new(quiet.to.file(), quiet.to.rank())),
    );
    until(
        &mut [&mut host, &mut guest],
        500,
        "the move reaches both",
        |a| observation(a[0]) != Some(start.clone()) && may_move::<Jieqi>(a[1]),
    );
    send(&mut host, Command::Undo);
    until(
        &mut [&mut host, &mut guest],
        500,
        "the guest is asked",
        |a| online(a[1]).takeback == Some((0, veil_net::TakebackState::Asked)),
    );
    send(&mut guest, Command::AnswerTakeback(true));
    until(
        &mut [&mut host, &mut guest],
        500,
        "the move is taken back",
        |a| observation(a[0]) == Some(start.clone()) && may_move::<Jieqi>(a[0]),
    );
    assert_eq!(
        online(&host).takeback,
        Some((0, veil_net::TakebackState::Accepted))
    );
    assert!(
        !may_move::<Jieqi>(&guest),
        "the guest waits for the host again"
    );
    // A quick message from the guest's strip reaches the host's screen.
    send(&mut guest, Command::Say(1));
    until(
        &mut [&mut host, &mut guest],
        500,
        "the host hears it",
        |a| online(a[0]).said.iter().any(|s| (s.0, s.1) == (1, 1)),
    );
    host.update();
    let painted = &host.world().resource::<Painted>().0;
    assert!(
        painted
            .iter()
            .any(|t| t.contains("Bo") && t.contains("Thanks")),
        "the message is shown with who said it: {painted:?}"
    );
}

/// An app keeping its store in `store`, started as a page opened with
/// `launch` (a room's link: `?room=CODE`).
fn online_app_with(store: &veil::kit::store::Store, launch: LaunchOptions) -> App {
    let mut app = build_app(AppMode::Headless, launch);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        16,
    )));
    app.insert_resource(Settings {
        animation: AnimationSpeed::Off,
        ..Settings::default()
    });
    app.insert_resource(veil::table::save::Saves(store.clone()));
    paint_probe(&mut app);
    app.update();
    app
}

/// The guest's page is reloaded mid-game (its link `?room=CODE` still in
/// the address): it comes back to its own seat with its kept token, not to
/// a new one, and shows the server's table for that seat.
#[test]
fn a_page_reloaded_with_the_room_s_link_comes_back_to_its_seat() {
    let server = TestServer::start();
    let store = veil::kit::store::Store::memory();
    let mut host = online_app("Ann", &server.url());
    let mut guest = online_app_with(&store, LaunchOptions::default());
    {
        let mut online = guest
            .world_mut()
            .resource_mut::<veil::table::online::Online>();
        online.server = server.url();
        online.name = "Bo".into();
    }
    let code = host_and_join(&mut host, &mut guest);
    let mut rng = GameRng::seed_from_u64(3);
    until(&mut [&mut host, &mut guest], 500, "the host to move", |a| {
        may_move::<Jieqi>(a[0])
    });
    click_online_move(&mut host, &mut rng);
    until(
        &mut [&mut host, &mut guest],
        500,
        "the guest to move",
        |a| may_move::<Jieqi>(a[1]),
    );
    drop(guest);
    let mut page = online_app_with(
        &store,
        LaunchOptions {
            room: Some(code.clone()),
            ..LaunchOptions::default()
        },
    );
    until(
        &mut [&mut host, &mut page],
        1_000,
        "the page back at the table",
        |a| screen(a[1]) == Screen::Play && online(a[1]).link == Link::Open,
    );
    assert_eq!(
        online(&page).room.as_ref().unwrap().seat,
        Some(1),
        "its own seat"
    );
    let inspection = server.inspect(&code);
    until(
        &mut [&mut host, &mut page],
        500,
        "the page shows the server's table",
        |a| {
            a[1].world()
                .get_resource::<Match<Jieqi>>()
                .is_some_and(|m| m.version == inspection.version)
        },
    );
    let view = page.world().resource::<Match<Jieqi>>().observe(Seat(1));
    assert_eq!(serde_json::to_value(&view).unwrap(), inspection.views[1]);
    check_world(&mut page);
    until(
        &mut [&mut page],
        100,
        "its move, once the table settles",
        |a| may_move::<Jieqi>(a[0]),
    );
}
