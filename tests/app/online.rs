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
use veil::table::online::{Link, Online};
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
    let mut online = app.world_mut().resource_mut::<Online>();
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
            let o = a.world().resource::<Online>();
            format!("{:?} {:?} {:?}", screen(a), o.link, o.notice)
        })
        .collect();
    panic!("{what}: not after {max} frames ({links:?})");
}

fn online(app: &App) -> &Online {
    app.world().resource::<Online>()
}

/// The host creates a room of Jieqi for itself and a friend; the guest
/// joins it by its code. Returns the code once both are at the table.
fn host_and_join(host: &mut App, guest: &mut App) -> String {
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
    send(host, Command::ChooseGame("jieqi"));
    host.update();
    assert_eq!(screen(host), Screen::Setup);
    host.world_mut().resource_mut::<MatchSetup>().seats = vec![SeatKind::Human, SeatKind::Human];
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
    let code = online(host).room.as_ref().unwrap().code.clone();
    assert!(!online(host).started, "a seat is still free");
    send(guest, Command::PlayOnline);
    guest.update();
    assert_eq!(screen(guest), Screen::Online);
    guest.world_mut().resource_mut::<OnlineForm>().code = code.to_lowercase();
    // The form takes the code as typed; the command reads it cleaned.
    let typed = veil::shell::online::clean_code(&guest.world().resource::<OnlineForm>().code);
    guest.world_mut().resource_mut::<OnlineForm>().code = typed;
    send(guest, Command::JoinOnline);
    guest.update();
    assert_eq!(screen(guest), Screen::Lobby);
    until(&mut [host, guest], 1000, "both at the table", |a| {
        a.iter().all(|a| screen(a) == Screen::Play)
    });
    code
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

/// One app's check after a change: its observation is the server's for
/// its seat (when both are at the same version), its world is exactly that
/// observation, and no painted string names a hidden fact. Returns a leak
/// found, if any (the leak test wants to see it found).
fn check_online(app: &mut App, server: &TestServer, code: &str) -> Result<bool, String> {
    let Some(m) = app.world().get_resource::<Match<Jieqi>>() else {
        return Ok(false);
    };
    let seat = m.mirror_seat().unwrap_or(Seat(0));
    let version = m.version;
    let view = m.observe(seat);
    let mirror = m.is_mirror();
    app.update();
    check_world(app);
    let mut compared = false;
    if mirror {
        let inspection = server.inspect(code);
        if inspection.version == version {
            assert_eq!(
                serde_json::to_value(&view).unwrap(),
                inspection.views[seat.index()],
                "the app's observation is the server's for its seat at v{version}"
            );
            compared = true;
        }
        if let Some(truth) = server.truth_at(code, version) {
            let hidden = hidden_words(&*truth, seat, &known_words(&view));
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
fn click_online_move(app: &mut App, rng: &mut GameRng) -> bool {
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
    true
}

fn may_move(app: &App) -> bool {
    let phase = app
        .world()
        .get_resource::<State<PlayPhase>>()
        .map(|s| *s.get());
    let Some(m) = app.world().get_resource::<Match<Jieqi>>() else {
        return false;
    };
    phase == Some(PlayPhase::HumanTurn)
        && !app.world().resource::<veil::table::referee::Animating>().0
        && !m.awaiting()
        && m.is_mirror()
}

/// Plays the room through both apps' clicks until both show the results
/// (or `stop` says so), checking after every change. Returns the checks
/// compared with the server, and the first leak seen.
fn play_online(
    host: &mut App,
    guest: &mut App,
    server: &TestServer,
    code: &str,
    seed: u64,
    max_frames: usize,
    stop_at_leak: bool,
) -> (usize, Option<String>) {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut seen = [None, None];
    let mut compared = 0;
    for _ in 0..max_frames {
        if screen(host) == Screen::Results && screen(guest) == Screen::Results {
            return (compared, None);
        }
        for (i, app) in [&mut *host, &mut *guest].into_iter().enumerate() {
            let version = app
                .world()
                .get_resource::<Match<Jieqi>>()
                .map(|m| m.version);
            if version.is_some() && version != seen[i] {
                seen[i] = version;
                match check_online(app, server, code) {
                    Ok(true) => compared += 1,
                    Ok(false) => {}
                    Err(leak) if stop_at_leak => return (compared, Some(leak)),
                    Err(leak) => panic!("a secret reached the app: {leak}"),
                }
            }
            if may_move(app) {
                click_online_move(app, &mut rng);
            }
        }
        frame(&mut [host, guest]);
    }
    panic!("no result after {max_frames} frames");
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
    let (compared, _) = play_online(&mut host, &mut guest, &server, &code, 7, 40_000, false);
    assert!(
        compared >= 20,
        "the apps were compared with the server {compared} times"
    );
    // The end: the record with every secret took the mirror's place in
    // both, and both show the same result.
    eprintln!("compared with the server {compared} times");
    for app in [&host, &guest] {
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
        if v >= 6 && may_move(&host) {
            break;
        }
        for app in [&mut host, &mut guest] {
            if may_move(app) {
                click_online_move(app, &mut rng);
            }
        }
        frame(&mut [&mut host, &mut guest]);
    }
    assert!(may_move(&host), "the host is to move");
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
