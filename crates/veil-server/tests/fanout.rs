//! Fan-out across servers: three servers on one JetStream, a room's seats
//! and its spectator connected to different ones. The room runs on the
//! server it was created on; the others forward their clients' inputs to
//! it and pass on what it sends each — on a subject of that connection's
//! own. The leak sweep of `leak.rs`, across servers: every view any client
//! held, at every version, is exactly the referee's `observe(seat)`
//! (`observe(None)` for the spectator), and no other frame names a fact
//! hidden from its seat; a view or frame misrouted on purpose is caught.

mod common;
mod nats;
mod one;

use std::time::Duration;

use common::sweep::{check, check_facts, hidden_words};
use common::{Pick, Player, rules, truth};
use nats::NatsServer;
use serde_json::{Value, json};
use veil_core::Seat;
use veil_net::{Client, SeatSpec, Server, codes};
use veil_server::Running;
use veil_server::store::JetStreamOptions;

/// Three servers, in this process, on the JetStream of `nats`.
async fn servers(nats: &NatsServer) -> Vec<Running> {
    let mut out = Vec::new();
    for name in ["one", "two", "three"] {
        let mut options = JetStreamOptions::new(&nats.url());
        options.owner = name.into();
        options.lease = Duration::from_secs(3);
        let mut config = common::config();
        config.nats = Some(options);
        out.push(veil_server::start(config).await.unwrap());
    }
    out
}

/// A room of `game` (`options`) created on server 0; seat `i` joins on
/// server `i % 3`, the spectator on server 1 (beside seat 1: one server
/// forwarding two connections of one room). The clients, seats first and
/// the spectator last.
async fn spread(servers: &[Running], game: &str, n: usize, options: Option<Value>) -> Vec<Player> {
    let mut seats = vec![SeatSpec::Me];
    seats.extend(std::iter::repeat_n(SeatSpec::Person, n - 1));
    let mut host = Player::connect(servers[0].addr).await;
    host.send(&Client::Create {
        game: game.into(),
        options,
        seats,
        name: "host".into(),
        settings: None,
    })
    .await;
    host.until(|f| matches!(f, Server::Snapshot(_))).await;
    let code = host.room.clone();
    let mut clients = vec![host];
    for i in 1..n {
        let mut p = Player::connect(servers[i % 3].addr).await;
        p.join(&code, &format!("p{i}")).await;
        assert_eq!(
            p.seat,
            Some(i as u8),
            "{game}: seat {i} on server {}",
            i % 3
        );
        clients.push(p);
    }
    let mut watcher = Player::connect(servers[1].addr).await;
    watcher.watch(&code).await;
    clients.push(watcher);
    clients
}

/// Plays the room at random until the game is over or `max` actions; the
/// number played. Rengo's bots pass after a while and accept the count,
/// so its game ends.
async fn play(clients: &mut [Player], game: &str, seed: u64, max: usize) -> Result<usize, String> {
    let w = clients.len() - 1;
    let rules = rules(game, w);
    let mut pick = Pick(seed);
    let mut acted = 0;
    while acted < max && !clients[w].over {
        if clients[w].to_act.is_empty() {
            // Chance held back by a pause: the next update brings it.
            if clients[w].next().await.is_none() {
                return Err(format!("{game}: nothing came while no seat could act"));
            }
            continue;
        }
        let s = clients[w].to_act[pick.below(clients[w].to_act.len())];
        let target = clients[w].v;
        let p = &mut clients[usize::from(s)];
        p.reach(target).await;
        let legal = match rules.legal_from_view(&p.view, Seat(s)) {
            Ok(l) if !l.is_empty() => l,
            other => return Err(format!("{game}: no legal action for seat {s}: {other:?}")),
        };
        let wanted = |a: &Value| {
            game == "rengo" && (*a == json!("Accept") || (acted > 40 && *a == json!("Pass")))
        };
        // Rengo's bots neither resign nor ask to before 40 actions: the
        // game is played, not given up.
        let fair: Vec<Value> = legal
            .iter()
            .filter(|a| acted >= 40 || !a.to_string().contains("Resign"))
            .cloned()
            .collect();
        let legal = if fair.is_empty() { legal } else { fair };
        let action = match legal.iter().find(|a| wanted(a)) {
            Some(a) => a.clone(),
            None => legal[pick.below(legal.len())].clone(),
        };
        let seq = p.act(action).await;
        if let Err(e) = p.reply(seq).await {
            return Err(format!("{game}: seat {s}'s action refused: {e:?}"));
        }
        acted += 1;
        let v = p.v;
        clients[w].reach(v).await;
    }
    Ok(acted)
}

/// Every client reaches the room's last version and takes what else came.
async fn settle(owner: &Running, code: &str, clients: &mut [Player]) -> u64 {
    let last = owner.inspect(code).await.unwrap().version;
    for c in clients.iter_mut() {
        if c.v < last {
            c.reach(last).await;
        }
        c.drain(Duration::from_millis(50)).await;
    }
    last
}

/// Tysiąc of one hand, to its end.
fn options(game: &str) -> Option<Value> {
    (game == "tysiac").then(|| json!({"hand_limit": 1}))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_view_across_three_servers_is_the_referee_s() {
    let _one = one::at_a_time().await;
    tokio::time::timeout(Duration::from_secs(240), async {
        let nats = NatsServer::start();
        let servers = servers(&nats).await;
        servers[0].shared.faults.set_seed(Some(21));
        // Every frame longer than this goes to the other servers in
        // pieces (a record past NATS's 1 MB would, at full size).
        servers[0].shared.faults.set_link_piece(Some(701));
        for (k, (game, n)) in [("jieqi", 2), ("tysiac", 3), ("rengo", 4)]
            .into_iter()
            .enumerate()
        {
            let mut clients = spread(&servers, game, n, options(game)).await;
            let code = clients[0].room.clone();
            // The room runs on server 0 only; the others forward.
            assert!(servers[0].rooms().contains(&code));
            assert!(servers[1..].iter().all(|s| !s.rooms().contains(&code)));
            let acted = play(&mut clients, game, 40 + k as u64, 3000).await.unwrap();
            settle(&servers[0], &code, &mut clients).await;
            assert!(
                clients.iter().all(|c| c.over),
                "{game}: not over after {acted} actions"
            );
            let stored = servers[0].stored(&code).await.unwrap();
            let steps: Vec<_> = stored.steps.iter().map(|s| s.2.clone()).collect();
            check(game, &clients, &truth(&stored.opening, &steps)).unwrap();
            let looked =
                check_facts(game, &clients, &hidden_words(&stored.opening, &steps)).unwrap();
            let seen: usize = clients.iter().map(|c| c.history.len()).sum();
            eprintln!(
                "{game}: {acted} actions to the end, {seen} views checked, \
                 {looked} (frame, hidden fact) pairs looked at"
            );
            // Each remote client saw the game through: every version.
            for (i, c) in clients.iter().enumerate() {
                assert!(
                    c.history.len() > acted / n,
                    "{game}: client {i} saw {} views",
                    c.history.len()
                );
                assert!(c.record.is_some(), "{game}: client {i} has the record");
            }
            if game != "rengo" {
                assert!(looked > 0, "{game}: no hidden fact was looked for");
            }
        }
    })
    .await
    .expect("the test ends in time");
}

/// The check catches a leak across servers: a remote seat sent another
/// seat's view by the owner, and a forwarding server delivering one
/// connection's frames to another connection it forwards.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_view_or_frame_misrouted_across_servers_is_caught() {
    let _one = one::at_a_time().await;
    tokio::time::timeout(Duration::from_secs(120), async {
        let nats = NatsServer::start();
        let servers = servers(&nats).await;
        // Tysiąc: seat 1 and the spectator are both on server 1.
        for fault in ["view", "frame"] {
            let mut clients = spread(&servers, "tysiac", 3, options("tysiac")).await;
            let code = clients[0].room.clone();
            match fault {
                "view" => servers[0].shared.faults.set_leak(Some((1, 0))),
                _ => servers[1].shared.faults.set_cross_link(true),
            }
            let played = play(&mut clients, "tysiac", 9, 12).await;
            servers[0].shared.faults.set_leak(None);
            servers[1].shared.faults.set_cross_link(false);
            let _ = played;
            for c in clients.iter_mut() {
                c.drain(Duration::from_millis(50)).await;
            }
            let stored = servers[0].stored(&code).await.unwrap();
            let steps: Vec<_> = stored.steps.iter().map(|s| s.2.clone()).collect();
            let truth = truth(&stored.opening, &steps);
            let words = hidden_words(&stored.opening, &steps);
            let caught = check("tysiac", &clients, &truth)
                .and_then(|()| check_facts("tysiac", &clients, &words).map(|_| ()));
            let Err(why) = caught else {
                panic!("the misrouted {fault} was not caught")
            };
            eprintln!(
                "{fault}: caught: {}",
                why.chars().take(120).collect::<String>()
            );
        }
        // And without a fault the same play passes.
        let mut clients = spread(&servers, "tysiac", 3, options("tysiac")).await;
        let code = clients[0].room.clone();
        play(&mut clients, "tysiac", 9, 12).await.unwrap();
        settle(&servers[0], &code, &mut clients).await;
        let stored = servers[0].stored(&code).await.unwrap();
        let steps: Vec<_> = stored.steps.iter().map(|s| s.2.clone()).collect();
        check("tysiac", &clients, &truth(&stored.opening, &steps)).unwrap();
        check_facts("tysiac", &clients, &hidden_words(&stored.opening, &steps)).unwrap();
    })
    .await
    .expect("the test ends in time");
}

/// A forwarded Resume is checked by the owner (a wrong token is refused
/// there), a forwarded seat that leaves is seen gone by the owner and comes
/// back on yet another server, and garbage on the room's input subject
/// changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forwarded_seats_are_the_owner_s_to_check() {
    let _one = one::at_a_time().await;
    tokio::time::timeout(Duration::from_secs(60), async {
        let nats = NatsServer::start();
        let servers = servers(&nats).await;
        let mut clients = spread(&servers, "jieqi", 2, None).await;
        let code = clients[0].room.clone();
        play(&mut clients, "jieqi", 3, 4).await.unwrap();

        // Garbage on the room's inputs, from anyone on the bus.
        let raw = async_nats::connect(nats.url()).await.unwrap();
        let subject = format!("veil.in.{code}");
        for junk in [
            "".to_string(),
            "not json".into(),
            r#"{"k":"open","link":"x.y","msg":{"t":"Watch","room":"A"}}"#.into(),
            r#"{"k":"msg","link":"00000000000000000000000000000000","msg":{"t":"Resign","seq":99}}"#.into(),
            format!(r#"{{"k":"alive","link":"{}"}}"#, "a".repeat(5000)),
            "x".repeat(200_000),
        ] {
            raw.publish(subject.clone(), junk.into()).await.unwrap();
        }
        raw.flush().await.unwrap();

        // A wrong token, forwarded from server 2: refused by the owner.
        let mut thief = Player::connect(servers[2].addr).await;
        thief
            .send(&Client::Resume {
                room: code.clone(),
                token: "0".repeat(32),
                last_version: 0,
            })
            .await;
        let Server::Error { code: why, .. } = thief.until(|f| matches!(f, Server::Error { .. })).await
        else {
            unreachable!()
        };
        assert_eq!(why, codes::BAD_TOKEN);

        // Seat 1 (on server 1) leaves: the owner sees it gone.
        let token = clients[1].token.clone().unwrap();
        let v = clients[1].v;
        let seq = clients[1].seq;
        let gone = clients.remove(1);
        drop(gone);
        let until = std::time::Instant::now() + Duration::from_secs(5);
        while servers[0].inspect(&code).await.unwrap().connected[1] {
            assert!(std::time::Instant::now() < until, "the owner never saw seat 1 go");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // And back on server 2, with its token.
        let mut back = Player::connect(servers[2].addr).await;
        back.seq = seq;
        back.send(&Client::Resume {
            room: code.clone(),
            token,
            last_version: v,
        })
        .await;
        back.until(|f| matches!(f, Server::Snapshot(_))).await;
        assert_eq!(back.seat, Some(1));
        assert!(servers[0].inspect(&code).await.unwrap().connected[1]);
        clients.insert(1, back);
        let acted = play(&mut clients, "jieqi", 4, 6).await.unwrap();
        assert!(acted > 0);
        settle(&servers[0], &code, &mut clients).await;
        let stored = servers[0].stored(&code).await.unwrap();
        let steps: Vec<_> = stored.steps.iter().map(|s| s.2.clone()).collect();
        check("jieqi", &clients, &truth(&stored.opening, &steps)).unwrap();
    })
    .await
    .expect("the test ends in time");
}

/// Liveness costs one request per pair of servers and round, not one per
/// forwarded connection: server 1 forwards eight connections into four
/// rooms run by server 0 and asks about all of them at once every second
/// (a third of the 3 s lease); they stay attached and play on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn liveness_is_asked_once_per_server_not_per_connection() {
    let _one = one::at_a_time().await;
    tokio::time::timeout(Duration::from_secs(60), async {
        let nats = NatsServer::start();
        let servers = servers(&nats).await;
        let mut rooms = Vec::new();
        for _ in 0..4 {
            rooms.push(spread(&servers, "tysiac", 3, options("tysiac")).await);
        }
        // Seat 1 and the spectator of each room are on server 1.
        let before = servers[1].shared.alive_requests();
        let waited = Duration::from_millis(3500);
        tokio::time::sleep(waited).await;
        let asked = servers[1].shared.alive_requests() - before;
        assert!(
            (1..=5).contains(&asked),
            "8 connections forwarded for 3.5 s: {asked} requests"
        );
        for (k, clients) in rooms.iter_mut().enumerate() {
            // Every action acknowledged (or the game over sooner).
            let acted = play(clients, "tysiac", 90 + k as u64, 6).await.unwrap();
            assert!(acted > 0, "room {k} plays on");
        }
    })
    .await
    .expect("the test ends in time");
}
