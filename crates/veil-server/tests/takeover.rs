//! Several servers on one JetStream (a real `nats-server -js` on
//! 127.0.0.1): the server that owns two rooms is killed with SIGKILL in
//! the middle of their games; within its lease another server runs them,
//! every client reconnects to a surviving server and goes on from the
//! version it was acknowledged, with every deal and draw what the
//! never-stopped referee makes; no acknowledged action is lost and none is
//! applied twice. A room of another server never notices.

mod common;
mod nats;
mod one;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::process::Command;
use std::time::{Duration, Instant};

use common::{Pick, Player, Proc, rules, truth};
use nats::NatsServer;
use veil_core::Seat;
use veil_match::Step;
use veil_net::{Client, SeatSpec, Server};
use veil_server::store::{JetStreamOptions, JetStreamStore, Store, StoredRoom};

const LEASE_SECS: u64 = 2;

fn spawn(nats: &NatsServer, owner: &str) -> Proc {
    spawn_leased(nats, owner, LEASE_SECS)
}

/// A snapshot every 5 steps: the rooms taken over are rebuilt from one.
fn spawn_leased(nats: &NatsServer, owner: &str, lease_secs: u64) -> Proc {
    Proc::spawn_with(
        &nats.url(),
        1,
        owner,
        lease_secs,
        0,
        &["--snapshot-every", "5"],
    )
}

async fn table(addr: SocketAddr, game: &str, n: usize) -> Vec<Player> {
    let mut seats = vec![SeatSpec::Me];
    seats.extend(std::iter::repeat_n(SeatSpec::Person, n - 1));
    let mut clients = vec![Player::connect(addr).await];
    let code = clients[0].create(game, seats, None).await;
    for i in 1..n {
        let mut p = Player::connect(addr).await;
        p.join(&code, &format!("p{i}")).await;
        clients.push(p);
    }
    clients
}

/// One random legal action by a seat that may act, acknowledged: (seat,
/// seq). `None` when the game is over.
async fn one_action(clients: &mut [Player], game: &str, pick: &mut Pick) -> Option<(u8, u64)> {
    let rules = rules(game, clients.len());
    for _ in 0..50 {
        let top = clients.iter().map(|c| c.v).max().unwrap_or(0);
        for c in clients.iter_mut() {
            c.reach(top).await;
        }
        if clients[0].over {
            return None;
        }
        let acting = clients[0].to_act.clone();
        if acting.is_empty() {
            clients[0].next().await;
            continue;
        }
        let s = acting[pick.below(acting.len())];
        let p = &mut clients[usize::from(s)];
        let legal = rules.legal_from_view(&p.view, Seat(s)).unwrap();
        let seq = p.act(legal[pick.below(legal.len())].clone()).await;
        p.reply(seq)
            .await
            .unwrap_or_else(|e| panic!("{game}: {e:?}"));
        return Some((s, seq));
    }
    None
}

/// Resumes seat `c` on whichever of `addrs` runs its room, trying each in
/// turn until one does (within 20 s): the room is someone's again once the
/// dead owner's lease lapsed.
async fn resume_somewhere(addrs: &[SocketAddr], c: &Player) -> Player {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        for addr in addrs {
            let mut back = Player::connect(*addr).await;
            back.seq = c.seq;
            back.send(&Client::Resume {
                room: c.room.clone(),
                token: c.token.clone().unwrap(),
                last_version: c.v,
            })
            .await;
            loop {
                match back.next().await {
                    Some(Server::Snapshot(_)) => return back,
                    Some(Server::Error { .. }) | None => break,
                    Some(_) => {}
                }
            }
        }
        assert!(
            Instant::now() < deadline,
            "room {} not resumed on a surviving server",
            c.room
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The room's whole log, every step from its first (snapshots passed over).
async fn stored(reader: &JetStreamStore, code: &str) -> StoredRoom {
    reader
        .history(code)
        .await
        .unwrap()
        .expect("the room is stored")
}

fn steps(room: &StoredRoom) -> Vec<Step> {
    room.steps.iter().map(|s| s.2.clone()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_owners_rooms_go_on_on_another_server() {
    let _one = one::at_a_time().await;
    tokio::time::timeout(Duration::from_secs(120), run())
        .await
        .expect("the test ends in time");
}

async fn run() {
    let nats = NatsServer::start();
    let mut one = spawn(&nats, "one");
    let two = spawn(&nats, "two");
    let three = spawn(&nats, "three");
    let mut reader = JetStreamOptions::new(&nats.url());
    reader.owner = "reader".into();
    let reader = JetStreamStore::connect(reader).await.unwrap();

    // Two rooms on server one, one on server two; play a while.
    let games = [
        ("tysiac", 3usize, one.addr),
        ("jieqi", 2, one.addr),
        ("hide-and-guess", 2, two.addr),
    ];
    let mut pick = Pick(32);
    let mut tables = Vec::new();
    let mut acked: Vec<HashMap<(u8, u64), u64>> = Vec::new();
    for (game, n, addr) in games {
        let mut clients = table(addr, game, n).await;
        let mut mine = HashMap::new();
        for _ in 0..12 {
            if let Some(a) = one_action(&mut clients, game, &mut pick).await {
                mine.insert(a, clients.iter().map(|c| c.v).max().unwrap());
            }
        }
        tables.push(clients);
        acked.push(mine);
    }
    // One more on each of server one's rooms, and the kill the moment the
    // last is acknowledged.
    for (k, (game, _, _)) in games.iter().enumerate().take(2) {
        if let Some(a) = one_action(&mut tables[k], game, &mut pick).await {
            acked[k].insert(a, tables[k].iter().map(|c| c.v).max().unwrap());
        }
    }
    let before: Vec<u64> = tables
        .iter()
        .map(|t| t.iter().map(|c| c.v).max().unwrap())
        .collect();
    one.child.kill().unwrap(); // SIGKILL
    let _ = one.child.wait();
    let killed = Instant::now();

    let survivors = [two.addr, three.addr];
    for (k, (game, _, _)) in games.iter().enumerate() {
        let code = tables[k][0].room.clone();
        // Everyone back, on whichever survivor runs the room now.
        let log = stored(&reader, &code).await;
        let at_kill = veil_match::rebuild(&log.opening, &steps(&log)).unwrap();
        // What a survivor loads: the latest snapshot and the steps after it.
        let from = reader.room(&code).await.unwrap().unwrap();
        let n = from.snapshot.as_ref().map(|s| s.n);
        assert!(n.is_some_and(|n| n >= 5), "{game}: snapshot at {n:?}");
        from.rebuild().unwrap();
        assert!(
            at_kill.version() >= before[k],
            "{game}: an acknowledged action was lost"
        );
        for (s, c) in tables[k].iter_mut().enumerate() {
            let mut back = resume_somewhere(&survivors, c).await;
            // Never back in time; the new owner may have gone on meanwhile
            // (a chance drawn after its pause): the history check below
            // holds its snapshot to the log.
            assert!(back.v >= c.v, "{game} seat {s}: back in time");
            assert!(back.v >= at_kill.version(), "{game} seat {s}");
            back.history.splice(0..0, c.history.drain(..));
            *c = back;
        }
        if k < 2 {
            let waited = killed.elapsed();
            eprintln!("{game}: back {waited:?} after the kill");
            assert!(
                waited < Duration::from_secs(LEASE_SECS * 4),
                "{game}: taken over only after {waited:?}"
            );
        }
        // Play on.
        for _ in 0..15 {
            match one_action(&mut tables[k], game, &mut pick).await {
                Some(a) => {
                    acked[k].insert(a, tables[k].iter().map(|c| c.v).max().unwrap());
                }
                None => break,
            }
        }
        // Every client saw what the never-stopped referee (the same
        // opening and steps) shows, at every version.
        let log = stored(&reader, &code).await;
        let truth = truth(&log.opening, &steps(&log));
        for (s, c) in tables[k].iter().enumerate() {
            for (v, view, lines) in &c.history {
                let (views, _, moves) = &truth[v];
                assert_eq!(view, &views[s], "{game} seat {s} at {v}");
                assert_eq!(lines, moves, "{game} at {v}");
            }
        }
        // Every acknowledged action is in the log exactly once.
        for (seat, seq) in acked[k].keys() {
            let times = log
                .steps
                .iter()
                .filter(|(by, q, _)| *by == Some(*seat) && q == seq)
                .count();
            assert_eq!(times, 1, "{game}: seat {seat}'s request {seq}");
        }
    }
}

/// A server whose lease on a room was taken (here by a test writing the
/// bucket, as a server that thought this one dead would) stops the room
/// once a renewal's check finds it and tells its clients to resume: it
/// never plays on a room another may be running.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_whose_lease_was_taken_stops_and_sends_its_clients_on() {
    let _one = one::at_a_time().await;
    tokio::time::timeout(Duration::from_secs(60), async {
        let nats = NatsServer::start();
        let mut options = JetStreamOptions::new(&nats.url());
        options.lease = Duration::from_secs(1);
        let mut config = common::config();
        config.nats = Some(options);
        let server = veil_server::start(config).await.unwrap();
        let mut clients = table(server.addr, "jieqi", 2).await;
        let code = clients[0].room.clone();
        let mut pick = Pick(5);
        one_action(&mut clients, "jieqi", &mut pick).await.unwrap();

        // A live process "thief" (its process lease) that owns the room.
        let js = async_nats::jetstream::new(async_nats::connect(nats.url()).await.unwrap());
        let procs = js.get_key_value("veil_procs").await.unwrap();
        let alive = serde_json::json!({"owner": "thief", "until_ms": u64::MAX / 2});
        procs
            .put("thief", serde_json::to_vec(&alive).unwrap().into())
            .await
            .unwrap();
        let leases = js.get_key_value("veil_leases").await.unwrap();
        let thief = serde_json::json!({"owner": "thief"});
        leases
            .put(&code, serde_json::to_vec(&thief).unwrap().into())
            .await
            .unwrap();

        for c in &mut clients {
            let told = c.until(|f| matches!(f, Server::Error { .. })).await;
            let Server::Error { code: why, .. } = told else {
                unreachable!()
            };
            assert_eq!(why, veil_net::codes::RESUME);
            assert!(c.next().await.is_none(), "and the connection closed");
        }
        // Its task ends just after its connections are told.
        let until = Instant::now() + Duration::from_secs(2);
        while !server.rooms().is_empty() && Instant::now() < until {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert!(server.rooms().is_empty(), "the room no longer runs here");
        // Back here, it is refused: the thief holds it.
        let mut back = Player::connect(server.addr).await;
        back.send(&Client::Resume {
            room: code.clone(),
            token: clients[0].token.clone().unwrap(),
            last_version: clients[0].v,
        })
        .await;
        let Server::Error { code: why, .. } =
            back.until(|f| matches!(f, Server::Error { .. })).await
        else {
            unreachable!()
        };
        assert_eq!(why, veil_net::codes::NO_ROOM);
    })
    .await
    .expect("the test ends in time");
}

/// A deploy: SIGTERM to the server that runs a room. It stops the room,
/// tells its clients to resume and gives the lease up, so another server
/// takes the room at once — well before the lease (60 s here) would have
/// lapsed — and the game goes on, nothing lost or doubled.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_stopped_with_sigterm_hands_its_rooms_over() {
    let _one = one::at_a_time().await;
    tokio::time::timeout(Duration::from_secs(60), async {
        let nats = NatsServer::start();
        let mut one = spawn_leased(&nats, "one", 60);
        let two = spawn_leased(&nats, "two", 60);
        let mut reader = JetStreamOptions::new(&nats.url());
        reader.owner = "reader".into();
        let reader = JetStreamStore::connect(reader).await.unwrap();
        let mut clients = table(one.addr, "jieqi", 2).await;
        let code = clients[0].room.clone();
        let mut pick = Pick(77);
        let mut acked = Vec::new();
        for _ in 0..8 {
            acked.extend(one_action(&mut clients, "jieqi", &mut pick).await);
        }
        let status = Command::new("kill")
            .args(["-TERM", &one.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let stopped = Instant::now();
        for c in &mut clients {
            let Server::Error { code: why, .. } =
                c.until(|f| matches!(f, Server::Error { .. })).await
            else {
                unreachable!()
            };
            assert_eq!(why, veil_net::codes::RESUME);
        }
        let exit = tokio::task::spawn_blocking(move || {
            let status = one.child.wait().unwrap();
            (one, status)
        });
        let (one, status) = exit.await.unwrap();
        assert!(status.success(), "it stopped cleanly: {status:?}");
        drop(one);
        for c in &mut clients {
            let mut back = resume_somewhere(&[two.addr], c).await;
            assert!(back.v >= c.v, "back in time");
            back.history.splice(0..0, c.history.drain(..));
            *c = back;
        }
        let waited = stopped.elapsed();
        assert!(
            waited < Duration::from_secs(10),
            "taken over only after {waited:?}"
        );
        for _ in 0..10 {
            match one_action(&mut clients, "jieqi", &mut pick).await {
                Some(a) => acked.push(a),
                None => break,
            }
        }
        let log = stored(&reader, &code).await;
        let truth = truth(&log.opening, &steps(&log));
        for (s, c) in clients.iter().enumerate() {
            for (v, view, lines) in &c.history {
                let (views, _, moves) = &truth[v];
                assert_eq!(view, &views[s], "seat {s} at {v}");
                assert_eq!(lines, moves, "at {v}");
            }
        }
        for (seat, seq) in &acked {
            let times = log
                .steps
                .iter()
                .filter(|(by, q, _)| *by == Some(*seat) && q == seq)
                .count();
            assert_eq!(times, 1, "seat {seat}'s request {seq}");
        }
    })
    .await
    .expect("the test ends in time");
}

/// A room's seats on three servers, created on `addrs[0]`: seat `i` on
/// `addrs[i % 3]`.
async fn spread_table(addrs: &[SocketAddr], game: &str, n: usize) -> Vec<Player> {
    let mut seats = vec![SeatSpec::Me];
    seats.extend(std::iter::repeat_n(SeatSpec::Person, n - 1));
    let mut clients = vec![Player::connect(addrs[0]).await];
    let code = clients[0].create(game, seats, None).await;
    for i in 1..n {
        let mut p = Player::connect(addrs[i % addrs.len()]).await;
        p.join(&code, &format!("p{i}")).await;
        clients.push(p);
    }
    clients
}

/// Clients on any server: the owner of a Tysiąc, a Jieqi and a Rengo room
/// whose seats are spread over three servers is killed. The clients whose
/// server forwarded them to it are told `resume` by that server (it asks
/// the owner every third of the lease), resume there, and are forwarded
/// to — or served by — whichever server took the room; play goes on, every
/// view what the referee gives, nothing lost or doubled.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_spread_over_servers_follow_a_killed_owner_s_rooms() {
    let _one = one::at_a_time().await;
    tokio::time::timeout(Duration::from_secs(150), async {
        let nats = NatsServer::start();
        let mut one = spawn(&nats, "one");
        let two = spawn(&nats, "two");
        let three = spawn(&nats, "three");
        let mut reader = JetStreamOptions::new(&nats.url());
        reader.owner = "reader".into();
        let reader = JetStreamStore::connect(reader).await.unwrap();
        let addrs = [one.addr, two.addr, three.addr];
        let games = [("tysiac", 3usize), ("jieqi", 2), ("rengo", 4)];
        let mut pick = Pick(61);
        let mut tables = Vec::new();
        let mut acked: Vec<Vec<(u8, u64)>> = Vec::new();
        for (game, n) in games {
            let mut clients = spread_table(&addrs, game, n).await;
            let mut mine = Vec::new();
            for _ in 0..10 {
                mine.extend(one_action(&mut clients, game, &mut pick).await);
            }
            tables.push(clients);
            acked.push(mine);
        }
        one.child.kill().unwrap(); // SIGKILL
        let _ = one.child.wait();
        let killed = Instant::now();
        for (k, (game, _)) in games.iter().enumerate() {
            for (s, c) in tables[k].iter_mut().enumerate() {
                let home = addrs[s % 3];
                if home == one.addr {
                    continue;
                }
                // Its own server says so: the room's server is gone.
                let told = c
                    .until(|f| matches!(f, Server::Error { code, .. } if code == veil_net::codes::RESUME))
                    .await;
                assert!(matches!(told, Server::Error { .. }));
                eprintln!("{game} seat {s}: told to resume {:?} after the kill", killed.elapsed());
            }
            for (s, c) in tables[k].iter_mut().enumerate() {
                // Back on its own server if it survived, else on another.
                let home = addrs[s % 3];
                let order: Vec<SocketAddr> = [home, two.addr, three.addr]
                    .into_iter()
                    .filter(|a| *a != one.addr)
                    .collect();
                let mut back = resume_somewhere(&order, c).await;
                assert!(back.v >= c.v, "{game} seat {s}: back in time");
                back.history.splice(0..0, c.history.drain(..));
                *c = back;
            }
            let waited = killed.elapsed();
            assert!(
                waited < Duration::from_secs(LEASE_SECS * 6),
                "{game}: everyone back only after {waited:?}"
            );
            for _ in 0..12 {
                match one_action(&mut tables[k], game, &mut pick).await {
                    Some(a) => acked[k].push(a),
                    None => break,
                }
            }
            let code = tables[k][0].room.clone();
            let log = stored(&reader, &code).await;
            let truth = truth(&log.opening, &steps(&log));
            for (s, c) in tables[k].iter().enumerate() {
                for (v, view, lines) in &c.history {
                    let (views, _, moves) = &truth[v];
                    assert_eq!(view, &views[s], "{game} seat {s} at {v}");
                    assert_eq!(lines, moves, "{game} at {v}");
                }
            }
            for (seat, seq) in &acked[k] {
                let times = log
                    .steps
                    .iter()
                    .filter(|(by, q, _)| *by == Some(*seat) && q == seq)
                    .count();
                assert_eq!(times, 1, "{game}: seat {seat}'s request {seq}");
            }
        }
    })
    .await
    .expect("the test ends in time");
}

/// A room parked by one server (nobody in it) is taken by another when
/// someone comes for it there — at once, not after a lease — and runs
/// there as it was, whatever becomes of the first server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_parked_room_comes_back_on_another_server() {
    let _one = one::at_a_time().await;
    tokio::time::timeout(Duration::from_secs(60), async {
        let nats = NatsServer::start();
        // Leases far longer than the test: only the park frees the room.
        let parking = ["--park-secs", "1"];
        let a = Proc::spawn_with(&nats.url(), 1, "a", 60, 0, &parking);
        let b = Proc::spawn_with(&nats.url(), 1, "b", 60, 0, &parking);
        let mut reader = JetStreamOptions::new(&nats.url());
        reader.owner = "reader".into();
        let reader = JetStreamStore::connect(reader).await.unwrap();

        let mut host = Player::connect(a.addr).await;
        let code = host
            .create("jieqi", vec![SeatSpec::Me, SeatSpec::Person], None)
            .await;
        let token = host.token.clone().unwrap();
        drop(host);
        let deadline = Instant::now() + Duration::from_secs(10);
        while stored(&reader, &code).await.parked.is_none() {
            assert!(Instant::now() < deadline, "room {code} not parked");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }

        // Back on server b: its seat, and a second player joining there.
        let mut clients = vec![Player::connect(b.addr).await];
        clients[0]
            .send(&Client::Resume {
                room: code.clone(),
                token,
                last_version: 0,
            })
            .await;
        clients[0].until(|f| matches!(f, Server::Snapshot(_))).await;
        assert_eq!(clients[0].seat, Some(0));
        let mut joiner = Player::connect(b.addr).await;
        joiner.join(&code, "p1").await;
        clients.push(joiner);
        // Server a gone for good: the room runs on b, so play goes on.
        drop(a);
        let mut pick = Pick(21);
        for _ in 0..6 {
            one_action(&mut clients, "jieqi", &mut pick)
                .await
                .expect("the game goes on");
        }
        let room = stored(&reader, &code).await;
        assert_eq!(room.parked, None);
        assert!(room.started && room.steps.len() >= 6, "{:?}", room.steps);
    })
    .await
    .expect("the test ends in time");
}
