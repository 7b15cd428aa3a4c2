//! Servers and NATS nodes going away while bots play: three `veil-server`
//! processes, each room's seats spread over them (forwarded to the room's
//! server), the bots playing one-hand Tysiąc to the end and reconnecting
//! by themselves (to the next server) when told `resume` or cut off.
//!
//! - A rolling restart: each server in turn gets SIGTERM (it hands its
//!   rooms over) and is started again, while the rooms play.
//! - A NATS node killed: in a cluster of three, one node is killed with
//!   SIGKILL mid-game and started again later; play goes on, and the node
//!   catches up with the others.
//!
//! Then every game is over, in its log, every view any bot held at every
//! version is what the referee gives its seat, every acknowledged request
//! is in its room's log once and no request twice.

mod common;
mod nats;
mod one;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use common::{Pick, Player, Proc, rules, truth};
use nats::{NatsCluster, NatsServer, free_port};
use serde_json::json;
use veil_core::{Seat, Turn};
use veil_net::{Client, SeatSpec, Server, codes};
use veil_server::store::{JetStreamOptions, JetStreamStore, Store};

const GAME: &str = "tysiac";
const SEATS: usize = 3;

/// One room's bots, once its game is over.
struct Played {
    code: String,
    clients: Vec<Player>,
    /// (seat, seq) of every acknowledged request.
    acked: Vec<(u8, u64)>,
    reconnects: usize,
    /// When its game was over.
    ended: Instant,
}

/// Seat client `c` back in its room (it was told `resume`, or its server
/// went): Resume on the first of `addrs` that runs or forwards the room,
/// trying for `within`. Its history so far is kept.
async fn reconnect(addrs: &[SocketAddr], c: &mut Player, within: Duration) -> Result<(), String> {
    let deadline = Instant::now() + within;
    let mut said = String::new();
    loop {
        for addr in addrs {
            let Some(mut back) = Player::try_connect(*addr).await else {
                said = format!("{addr} did not answer");
                continue;
            };
            back.seq = c.seq;
            back.token = c.token.clone();
            back.send(&Client::Resume {
                room: c.room.clone(),
                token: c.token.clone().unwrap_or_default(),
                last_version: c.v,
            })
            .await;
            loop {
                match back.next().await {
                    Some(Server::Snapshot(_)) => {
                        back.history.splice(0..0, c.history.drain(..));
                        *c = back;
                        return Ok(());
                    }
                    Some(Server::Error { code, message, .. }) => {
                        said = format!("{addr}: {code}: {message}");
                        break;
                    }
                    None => break,
                    Some(_) => {}
                }
            }
        }
        if Instant::now() > deadline {
            return Err(format!(
                "room {}: seat {:?} not back in time (last: {said})",
                c.room, c.seat
            ));
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Reads `c` until it holds version `v` at least; false if it was told
/// to resume, cut off, or nothing came for 5 s.
async fn catch_up(c: &mut Player, v: u64) -> bool {
    while c.v < v {
        match c.next_within(Duration::from_secs(5)).await {
            Some(Server::Error { code, .. }) if code == codes::RESUME => return false,
            Some(_) => {}
            None => return false,
        }
    }
    true
}

/// Room `k`: made on `addrs[k % 3]`, seat `i` on `addrs[(k + i) % 3]`;
/// its bots play one hand of Tysiąc at random, `think` between actions,
/// until it is over.
async fn bot_room(addrs: Vec<SocketAddr>, k: usize, think: Duration) -> Result<Played, String> {
    let mut seats = vec![SeatSpec::Me];
    seats.extend(std::iter::repeat_n(SeatSpec::Person, SEATS - 1));
    let at = |i: usize| addrs[(k + i) % addrs.len()];
    let mut host = Player::connect(at(0)).await;
    host.send(&Client::Create {
        game: GAME.into(),
        options: Some(json!({"hand_limit": 1})),
        seats,
        name: "host".into(),
        settings: None,
    })
    .await;
    host.until(|f| matches!(f, Server::Snapshot(_))).await;
    let code = host.room.clone();
    let mut clients = vec![host];
    for i in 1..SEATS {
        let mut p = Player::connect(at(i)).await;
        p.join(&code, &format!("p{i}")).await;
        clients.push(p);
    }
    let rules = rules(GAME, SEATS);
    let mut pick = Pick(1000 + k as u64);
    let mut acked = Vec::new();
    let mut lost = [false; SEATS];
    let mut reconnects = 0;
    let deadline = Instant::now() + Duration::from_secs(150);
    loop {
        if Instant::now() > deadline {
            return Err(format!("room {code}: not over in time"));
        }
        for (i, c) in clients.iter_mut().enumerate() {
            if lost[i] || c.closed {
                // Its own server first, then the others.
                let mut order: Vec<SocketAddr> = (0..3).map(|j| at(i + j)).collect();
                order.dedup();
                reconnect(&order, c, Duration::from_secs(30)).await?;
                lost[i] = false;
                reconnects += 1;
            }
        }
        let r = (0..SEATS).max_by_key(|&i| clients[i].v).unwrap();
        let top = clients[r].v;
        if clients[r].over {
            break;
        }
        let acting = clients[r].to_act.clone();
        if acting.is_empty() {
            // Chance after a pause: the next update brings it.
            if !catch_up(&mut clients[r], top + 1).await {
                lost[r] = true;
            }
            continue;
        }
        let s = usize::from(acting[pick.below(acting.len())]);
        let p = &mut clients[s];
        if !catch_up(p, top).await {
            lost[s] = true;
            continue;
        }
        let Ok(legal) = rules.legal_from_view(&p.view, Seat(s as u8)) else {
            return Err(format!("room {code}: seat {s}'s view has no legal actions"));
        };
        if legal.is_empty() || !p.to_act.contains(&(s as u8)) {
            continue;
        }
        let seq = p.act(legal[pick.below(legal.len())].clone()).await;
        loop {
            match p.next_within(Duration::from_secs(5)).await {
                Some(Server::Update(u)) if u.ack == Some(seq) => {
                    acked.push((s as u8, seq));
                    break;
                }
                Some(Server::Error { code, .. }) if code == codes::RESUME => {
                    lost[s] = true;
                    break;
                }
                // Stale, not its turn any more, not stored: try again.
                Some(Server::Error { seq: Some(q), .. }) if q == seq => break,
                Some(_) => {}
                None => {
                    lost[s] = true;
                    break;
                }
            }
        }
        tokio::time::sleep(think).await;
    }
    // Everyone sees the end.
    let top = clients.iter().map(|c| c.v).max().unwrap_or(0);
    for (i, c) in clients.iter_mut().enumerate() {
        for _ in 0..3 {
            // Caught up to the end, or else back in the room and again.
            if !c.over {
                catch_up(c, top).await;
            }
            if c.over {
                break;
            }
            let mut order: Vec<SocketAddr> = (0..3).map(|j| at(i + j)).collect();
            order.dedup();
            reconnect(&order, c, Duration::from_secs(30)).await?;
        }
    }
    Ok(Played {
        code,
        clients,
        acked,
        reconnects,
        ended: Instant::now(),
    })
}

/// Every room over in its log; every view what the referee gives; every
/// acknowledged request once, no request twice.
async fn check_rooms(reader: &JetStreamStore, played: &[Played]) {
    for room in played {
        // The whole log, every step from its first.
        let log = reader.history(&room.code).await.unwrap().expect("stored");
        let steps: Vec<_> = log.steps.iter().map(|s| s.2.clone()).collect();
        let m = veil_match::rebuild(&log.opening, &steps).unwrap();
        assert_eq!(m.turn(), Turn::Over, "room {}: over in its log", room.code);
        let truth = truth(&log.opening, &steps);
        for (s, c) in room.clients.iter().enumerate() {
            assert!(c.over, "room {} seat {s} saw the end", room.code);
            for (v, view, lines) in &c.history {
                let (views, _, moves) = &truth[v];
                assert_eq!(view, &views[s], "room {} seat {s} at {v}", room.code);
                assert_eq!(lines, moves, "room {} at {v}", room.code);
            }
        }
        for (seat, seq) in &room.acked {
            let times = log
                .steps
                .iter()
                .filter(|(by, q, _)| by == &Some(*seat) && q == seq)
                .count();
            assert_eq!(times, 1, "room {}: seat {seat}'s request {seq}", room.code);
        }
        let mut requests: Vec<(u8, u64)> = log
            .steps
            .iter()
            .filter_map(|(by, q, _)| by.map(|b| (b, *q)))
            .collect();
        let all = requests.len();
        requests.sort();
        requests.dedup();
        assert_eq!(
            requests.len(),
            all,
            "room {}: a request applied twice",
            room.code
        );
    }
}

async fn reader(urls: &str) -> JetStreamStore {
    let mut options = JetStreamOptions::new(urls);
    options.owner = "reader".into();
    JetStreamStore::connect(options).await.unwrap()
}

fn rooms_from_env(default: usize) -> usize {
    std::env::var("VEIL_TEST_ROOMS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Each server in turn: SIGTERM, then started again (same name and port),
/// while bots play; every game finishes, none lost, none doubled.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rolling_restart_loses_no_game() {
    let _one = one::at_a_time().await;
    let rooms = rooms_from_env(100);
    tokio::time::timeout(Duration::from_secs(170), async {
        let nats = NatsServer::start();
        let mut procs: Vec<Proc> = ["one", "two", "three"]
            .iter()
            .map(|name| Proc::spawn(&nats.url(), 1, name, 3, free_port()))
            .collect();
        let addrs: Vec<SocketAddr> = procs.iter().map(|p| p.addr).collect();
        let started = Instant::now();
        let bots: Vec<_> = (0..rooms)
            .map(|k| tokio::spawn(bot_room(addrs.clone(), k, Duration::from_millis(600))))
            .collect();
        tokio::time::sleep(Duration::from_secs(3)).await;
        for p in &mut procs {
            let stopped = tokio::task::block_in_place(|| p.stop());
            assert!(stopped, "a server stopped cleanly on SIGTERM");
            tokio::task::block_in_place(|| p.restart());
            tokio::time::sleep(Duration::from_secs(2)).await;
        }
        let restarted = Instant::now();
        let mut played = Vec::new();
        for bot in bots {
            played.push(bot.await.unwrap().unwrap());
        }
        let reconnects: usize = played.iter().map(|p| p.reconnects).sum();
        let actions: usize = played.iter().map(|p| p.acked.len()).sum();
        let after = played.iter().filter(|p| p.ended > restarted).count();
        eprintln!(
            "{rooms} rooms, {actions} acknowledged actions, {reconnects} reconnections; \
             restarts done at {:?}, all over at {:?}; {after} rooms ended after the last restart",
            restarted - started,
            started.elapsed()
        );
        // The games were going on across the restarts, not over before.
        assert!(reconnects >= rooms, "only {reconnects} reconnections");
        assert!(
            after * 3 >= rooms,
            "only {after} rooms played past the last restart"
        );
        check_rooms(&reader(&nats.url()).await, &played).await;
    })
    .await
    .expect("the test ends in time");
}

/// One NATS node of three killed mid-game (SIGKILL), started again a few
/// seconds later: play goes on, every game finishes, nothing lost or
/// doubled, and the node restarted holds every room's log again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_nats_node_killed_mid_game_loses_nothing() {
    let _one = one::at_a_time().await;
    let rooms = rooms_from_env(12);
    tokio::time::timeout(Duration::from_secs(170), async {
        let mut cluster = NatsCluster::start();
        let urls = cluster.urls();
        let procs: Vec<Proc> = ["one", "two", "three"]
            .iter()
            .map(|name| Proc::spawn(&urls, 3, name, 5, 0))
            .collect();
        let addrs: Vec<SocketAddr> = procs.iter().map(|p| p.addr).collect();
        let bots: Vec<_> = (0..rooms)
            .map(|k| tokio::spawn(bot_room(addrs.clone(), k, Duration::from_millis(500))))
            .collect();
        tokio::time::sleep(Duration::from_millis(1500)).await;
        cluster.nodes[0].kill();
        let killed = Instant::now();
        tokio::time::sleep(Duration::from_secs(4)).await;
        tokio::task::block_in_place(|| cluster.nodes[0].restart());
        let mut played = Vec::new();
        for bot in bots {
            played.push(bot.await.unwrap().unwrap());
        }
        let actions: usize = played.iter().map(|p| p.acked.len()).sum();
        let reconnects: usize = played.iter().map(|p| p.reconnects).sum();
        let after = played.iter().filter(|p| p.ended > killed).count();
        eprintln!(
            "{rooms} rooms, {actions} acknowledged actions, {reconnects} reconnections; \
             {after} rooms ended after the kill"
        );
        // Mid-game: the rooms were playing when the node went.
        assert!(
            after * 3 >= rooms,
            "only {after} rooms played past the kill"
        );
        check_rooms(&reader(&urls).await, &played).await;
        // The restarted node caught up: it holds what the others hold.
        let until = Instant::now() + Duration::from_secs(20);
        loop {
            let counts: Vec<Option<u64>> = cluster
                .nodes
                .iter()
                .map(|n| n.stream_messages("VEIL_ROOMS"))
                .collect();
            if counts[0].is_some() && counts.iter().all(|c| *c == counts[0]) {
                break;
            }
            assert!(
                Instant::now() < until,
                "the node never caught up: {counts:?}"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    })
    .await
    .expect("the test ends in time");
}
