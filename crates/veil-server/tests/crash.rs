//! The server process killed with SIGKILL right after an action was
//! acknowledged, and started again on the same database: every room goes
//! on at the same version, and what chance deals next is what the server
//! would have dealt had it never stopped.

mod common;
mod one;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use common::{Pick, Player, rules, truth};
use veil_core::Seat;
use veil_net::{Client, SeatSpec, Server};

/// Starts the binary on `db`, port 0, a snapshot every `snapshot_every`
/// steps; its address from its first line.
fn spawn(db: &std::path::Path, snapshot_every: u64) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_veil-server"))
        .args([
            "--port",
            "0",
            "--bind",
            "127.0.0.1",
            "--animation-step-ms",
            "5",
            "--snapshot-every",
            &snapshot_every.to_string(),
            "--db",
        ])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx
        .recv_timeout(Duration::from_secs(10))
        .expect("the server starts");
    let addr = line
        .trim()
        .trim_start_matches("listening on ")
        .parse()
        .unwrap();
    (child, addr)
}

/// Reads a room's opening and steps from the database itself.
fn stored(db: &std::path::Path, code: &str) -> (veil_match::Opening, Vec<veil_match::Step>) {
    let c = rusqlite::Connection::open(db).unwrap();
    let opening: String = c
        .query_row("SELECT opening FROM rooms WHERE code = ?1", [code], |r| {
            r.get(0)
        })
        .unwrap();
    let mut q = c
        .prepare("SELECT step FROM steps WHERE room = ?1 ORDER BY n")
        .unwrap();
    let steps = q
        .query_map([code], |r| r.get::<_, String>(0))
        .unwrap()
        .map(|s| serde_json::from_str(&s.unwrap()).unwrap())
        .collect();
    (serde_json::from_str(&opening).unwrap(), steps)
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

/// One random legal action by a seat that may act; its acknowledged
/// version. `None` when the game is over.
async fn one_action(clients: &mut [Player], game: &str, pick: &mut Pick) -> Option<u64> {
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
        p.answer(seq).await.unwrap();
        return Some(p.v);
    }
    None
}

/// The step of room `code`'s snapshot in the database, if it has one.
fn snapshot_at(db: &std::path::Path, code: &str) -> Option<u64> {
    let c = rusqlite::Connection::open(db).unwrap();
    c.query_row("SELECT n FROM snapshots WHERE room = ?1", [code], |r| {
        r.get::<_, i64>(0)
    })
    .ok()
    .map(|n| n as u64)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_comes_back_with_every_room_as_it_was() {
    let _one = one::at_a_time().await;
    comes_back(64).await;
}

/// The same with a snapshot every 4 steps: every room is rebuilt from its
/// latest snapshot and the few steps after it, and is the same room — the
/// same views, the same chance to come, each seat's requests counted on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_comes_back_from_its_snapshots() {
    let _one = one::at_a_time().await;
    comes_back(4).await;
}

async fn comes_back(snapshot_every: u64) {
    let db = common::temp_dir().join("veil.db");
    let (mut child, addr) = spawn(&db, snapshot_every);
    let games = [("tysiac", 3usize), ("jieqi", 2), ("hide-and-guess", 2)];
    let mut tables = Vec::new();
    let mut pick = Pick(21);
    for (game, n) in games {
        let mut clients = table(addr, game, n).await;
        for _ in 0..15 {
            one_action(&mut clients, game, &mut pick).await;
        }
        tables.push(clients);
    }
    // One more action, and the kill the moment it is acknowledged.
    let acked = one_action(&mut tables[0], "tysiac", &mut pick)
        .await
        .unwrap();
    child.kill().unwrap(); // SIGKILL
    let _ = child.wait();
    let (mut child, addr) = spawn(&db, snapshot_every);
    for ((game, n), clients) in games.iter().zip(&mut tables) {
        let code = clients[0].room.clone();
        let (opening, steps) = stored(&db, &code);
        // 16 actions and more steps (chance, computers): past a snapshot
        // when they are taken every 4 steps, before any at 64.
        let snapshot = snapshot_at(&db, &code);
        if snapshot_every < 16 {
            let n = snapshot.expect("a snapshot was written");
            let len = steps.len() as u64;
            assert!(
                n <= len && n + 2 * snapshot_every > len,
                "{game}: {n} of {len}"
            );
        } else {
            assert_eq!(snapshot, None, "{game}");
        }
        let before = veil_match::rebuild(&opening, &steps).unwrap();
        if *game == "tysiac" {
            assert!(
                before.version() >= acked,
                "the acknowledged action was kept"
            );
        }
        // Everyone resumes with their token.
        for (s, c) in clients.iter_mut().enumerate() {
            let mut back = Player::connect(addr).await;
            back.seq = c.seq;
            back.send(&Client::Resume {
                room: code.clone(),
                token: c.token.clone().unwrap(),
                last_version: c.v,
            })
            .await;
            back.until(|f| matches!(f, Server::Snapshot(_))).await;
            assert!(back.v >= c.v, "{game}: went back in time");
            assert_eq!(back.v, before.version(), "{game}");
            assert_eq!(
                back.view,
                before.observe(Some(Seat(s as u8))),
                "{game} seat {s}"
            );
            *c = back;
        }
        // Play on: every deal and draw is what the uninterrupted referee
        // (the same opening and steps, never stopped) makes.
        for _ in 0..25 {
            if one_action(clients, game, &mut pick).await.is_none() {
                break;
            }
        }
        let (opening, steps) = stored(&db, &code);
        let truth = truth(&opening, &steps);
        for (s, c) in clients.iter().enumerate() {
            for (v, view, lines) in &c.history {
                let (views, _, log) = &truth[v];
                assert_eq!(view, &views[s], "{game} seat {s} at {v}");
                assert_eq!(lines, log);
            }
        }
        let _ = n;
    }
    child.kill().unwrap();
    let _ = child.wait();
}
