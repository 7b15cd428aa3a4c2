//! Rooms as players meet them: reconnecting, choosing at the same time,
//! impostors, computer seats and players who went away, takebacks, the
//! time per move and rooms nobody plays in.

mod common;
mod one;

use std::time::{Duration, Instant};

use common::{Pick, Player, WAIT, rules, server};
use serde_json::Value;
use veil_core::Seat;
use veil_net::{Client, RoomSettings, SeatSpec, Server, codes};

/// Plays random legal actions from the spectator's `to_act` until `stop`
/// says so or `max` actions were made. Seats are `clients[..n]`, the
/// spectator `clients[n]`.
async fn play_until(
    clients: &mut [Player],
    game: &str,
    pick: &mut Pick,
    max: usize,
    mut stop: impl FnMut(&Player) -> bool,
) {
    let n = clients.len() - 1;
    let rules = rules(game, n);
    for _ in 0..max {
        if clients[n].over || stop(&clients[n]) {
            return;
        }
        if clients[n].to_act.is_empty() {
            clients[n].next().await.expect("chance comes");
            continue;
        }
        let s = clients[n].to_act[pick.below(clients[n].to_act.len())];
        let target = clients[n].v;
        let p = &mut clients[usize::from(s)];
        p.reach(target).await;
        let legal = rules.legal_from_view(&p.view, Seat(s)).unwrap();
        let seq = p.act(legal[pick.below(legal.len())].clone()).await;
        p.answer(seq).await.unwrap();
        let v = p.v;
        clients[n].reach(v).await;
    }
}

async fn table(server: &veil_server::Running, game: &str, n: usize) -> (String, Vec<Player>) {
    let mut seats = vec![SeatSpec::Me];
    seats.extend(std::iter::repeat_n(SeatSpec::Person, n - 1));
    let mut clients = vec![Player::connect(server.addr).await];
    let code = clients[0].create(game, seats, None).await;
    for i in 1..n {
        let mut p = Player::connect(server.addr).await;
        p.join(&code, &format!("p{i}")).await;
        clients.push(p);
    }
    let mut w = Player::connect(server.addr).await;
    w.watch(&code).await;
    clients.push(w);
    (code, clients)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_player_comes_back_to_what_the_others_see() {
    let _one = one::at_a_time().await;
    let server = server().await;
    let (code, mut clients) = table(&server, "tysiac", 3).await;
    let mut pick = Pick(3);
    play_until(&mut clients, "tysiac", &mut pick, 8, |_| false).await;
    // Seat 1 drops; the others play on without it.
    let dropped = clients.remove(1);
    let (token, last) = (dropped.token.clone().unwrap(), dropped.v);
    drop(dropped);
    let mut back = Player::connect(server.addr).await;
    back.send(&Client::Resume {
        room: code.clone(),
        token: token.clone(),
        last_version: last,
    })
    .await;
    let Server::Snapshot(snap) = back.until(|f| matches!(f, Server::Snapshot(_))).await else {
        unreachable!()
    };
    // Each line comes with the seat that wrote it, so the table coming back
    // draws the move list in the same columns.
    assert_eq!(snap.writers.len(), snap.lines.len(), "{snap:?}");
    let writers: std::collections::BTreeSet<_> = snap.writers.iter().flatten().collect();
    assert!(
        writers.len() >= 2,
        "lines of several seats: {:?}",
        snap.writers
    );
    // A second connection for the seat replaces the first, which is told
    // and closed.
    let mut again = Player::connect(server.addr).await;
    again
        .send(&Client::Resume {
            room: code.clone(),
            token,
            last_version: last,
        })
        .await;
    again.until(|f| matches!(f, Server::Snapshot(_))).await;
    back.until(|f| matches!(f, Server::Error { code, .. } if code == codes::REPLACED))
        .await;
    assert!(
        back.next().await.is_none() && back.closed,
        "the old connection is closed"
    );
    clients.insert(1, again);
    play_until(&mut clients, "tysiac", &mut pick, 10, |_| false).await;
    let truth = server.inspect(&code).await.unwrap();
    for (s, c) in clients.iter_mut().take(3).enumerate() {
        c.reach(truth.version).await;
        assert_eq!(c.view, truth.views[s], "seat {s}");
        assert_eq!(c.lines, truth.log);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_sent_at_the_same_instant_each_apply_once() {
    let _one = one::at_a_time().await;
    let server = server().await;
    let mut rounds = 0;
    for (game, n, seed) in [
        ("hide-and-guess", 2, 1u64),
        ("tysiac", 3, 2),
        ("tysiac", 3, 3),
    ] {
        let (code, mut clients) = table(&server, game, n).await;
        let rules = rules(game, n);
        let mut pick = Pick(seed);
        for _ in 0..6 {
            // Play on to the next time several seats choose at once.
            play_until(&mut clients, game, &mut pick, 200, |w| w.to_act.len() >= 2).await;
            let w = clients[n].to_act.clone();
            if w.len() < 2 || clients[n].over {
                break;
            }
            let v = clients[n].v;
            let mut sends = Vec::new();
            for &s in &w {
                let p = &mut clients[usize::from(s)];
                p.reach(v).await;
                let legal = rules.legal_from_view(&p.view, Seat(s)).unwrap();
                let action = legal[pick.below(legal.len())].clone();
                p.seq += 1;
                sends.push((
                    s,
                    p.seq,
                    Client::Act {
                        seq: p.seq,
                        seen: v,
                        action,
                    },
                ));
            }
            // All at once, from the same version, each twice (a doubled send).
            let mut futs = Vec::new();
            for (p, (s, _, msg)) in clients.iter_mut().zip(0..).filter_map(|(p, i)| {
                sends
                    .iter()
                    .find(|x| usize::from(x.0) == i)
                    .map(|x| (p, x.clone()))
            }) {
                let _ = s;
                futs.push(async move {
                    let text = msg.to_text();
                    p.send_raw(&text).await;
                    p.send_raw(&text).await;
                });
            }
            futures_util::future::join_all(futs).await;
            // A Tysiąc redeal ends the four-nines question for every seat:
            // an answer arriving after it is told so, never applied to the
            // new deal.
            let redeal = sends
                .iter()
                .any(|(_, _, m)| matches!(m, Client::Act { action, .. } if action == "Redeal"));
            let mut applied = 0u64;
            for (s, seq, _) in &sends {
                let p = &mut clients[usize::from(*s)];
                match p.reply(*seq).await {
                    Ok(()) => {
                        applied += 1;
                        assert_eq!(p.answer(*seq).await, Err(codes::DUPLICATE.to_string()));
                    }
                    Err((code, _))
                        if redeal && (code == codes::STALE || code == codes::NOT_YOUR_TURN) =>
                    {
                        // Never taken, so its double is refused alike.
                        assert_eq!(p.answer(*seq).await, Err(code));
                    }
                    Err((code, why)) => {
                        panic!("{game}: seat {s}'s answer (seq {seq}) was refused: {code}: {why}")
                    }
                }
            }
            assert!(
                applied == w.len() as u64 || redeal && applied >= 1,
                "{game}"
            );
            let truth = server.inspect(&code).await.unwrap();
            // Each applied answer moved the version once (plus any chance after).
            assert!(truth.version >= v + applied, "{game}");
            clients[n].reach(v + applied).await;
            rounds += 1;
        }
    }
    assert!(rounds >= 6, "only {rounds} simultaneous rounds were tried");
}

/// A redeal ends Tysiąc's four-nines question (a simultaneous turn) for
/// every seat at once, and the new deal's bidding begins in the same step.
/// An answer to the question arriving after it is for a turn that is over:
/// the seat is told `stale` (its turn in the new deal began after what it
/// saw) or `not_your_turn`, never has it tried as a bid (`refused`). Seed
/// 187 with every seat's first legal action deals seat 2 the four nines,
/// and seat 1 bids first in the new deal; every order of arrival is
/// tried, each in a room of its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_redeal_ends_the_four_nines_question_for_every_seat() {
    let _one = one::at_a_time().await;
    let server = server().await;
    server.shared.faults.set_seed(Some(187));
    let rules = rules("tysiac", 3);
    let mut stale = 0;
    for order in [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ] {
        let (_, mut clients) = table(&server, "tysiac", 3).await;
        // Every seat's first legal action, up to the question.
        while clients[3].to_act.len() < 2 {
            if clients[3].to_act.is_empty() {
                clients[3].next().await.expect("chance comes");
                continue;
            }
            let (s, target) = (clients[3].to_act[0], clients[3].v);
            let p = &mut clients[usize::from(s)];
            p.reach(target).await;
            let legal = rules.legal_from_view(&p.view, Seat(s)).unwrap();
            let seq = p.act(legal[0].clone()).await;
            p.answer(seq).await.unwrap();
            let v = p.v;
            clients[3].reach(v).await;
        }
        let v = clients[3].v;
        assert_eq!(clients[3].to_act, [0, 1, 2]);
        let mut answers = Vec::new();
        for (s, p) in clients.iter_mut().take(3).enumerate() {
            p.reach(v).await;
            let legal = rules.legal_from_view(&p.view, Seat(s as u8)).unwrap();
            answers.push(legal[0].clone());
        }
        assert_eq!(answers, ["PlayOn", "PlayOn", "Redeal"], "the seed's deal");
        let mut redealt = false;
        for s in order {
            let p = &mut clients[s];
            p.seq += 1;
            let seq = p.seq;
            p.send(&Client::Act {
                seq,
                seen: v,
                action: answers[s].clone(),
            })
            .await;
            let got = p.reply(seq).await;
            if !redealt {
                assert_eq!(got, Ok(()), "order {order:?}: seat {s}");
            } else {
                // Its updates came before the refusal: who bids now.
                let want = if p.to_act.contains(&(s as u8)) {
                    stale += 1;
                    codes::STALE
                } else {
                    codes::NOT_YOUR_TURN
                };
                assert_eq!(
                    got.as_ref().map_err(|e| &e.0[..]),
                    Err(want),
                    "order {order:?}: seat {s}: {got:?}"
                );
            }
            redealt |= s == 2;
        }
    }
    assert!(stale > 0, "a seat to bid in the new deal answered late");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn impostors_see_nothing_and_cannot_act() {
    let _one = one::at_a_time().await;
    let server = server().await;
    let (code, mut clients) = table(&server, "jieqi", 2).await;
    let (other, _others) = table(&server, "jieqi", 2).await;
    let before = server.inspect(&code).await.unwrap();
    let real = clients[1].token.clone().unwrap();
    let other_token = _others[1].token.clone().unwrap();
    let mut wrong = real.clone();
    wrong.replace_range(0..2, if &real[0..2] == "00" { "11" } else { "00" });
    for token in [wrong, other_token, String::new(), "x".repeat(5000)] {
        let mut imp = Player::connect(server.addr).await;
        // The real player reconnects at the same moment.
        let mut me = Player::connect(server.addr).await;
        let resume = |t: String| Client::Resume {
            room: code.clone(),
            token: t,
            last_version: 0,
        };
        let (a, b) = (resume(token), resume(real.clone()));
        tokio::join!(imp.send(&a), me.send(&b));
        me.until(|f| matches!(f, Server::Snapshot(_))).await;
        imp.until(|f| matches!(f, Server::Error { code, .. } if code == codes::BAD_TOKEN))
            .await;
        imp.send(&Client::Act {
            seq: 1,
            seen: 0,
            action: serde_json::json!(1),
        })
        .await;
        imp.drain(Duration::from_millis(50)).await;
        for f in &imp.frames {
            assert!(
                matches!(f, Server::Error { .. } | Server::Hello { .. }),
                "an impostor received {f:?}"
            );
        }
        assert!(imp.frames.len() >= 3);
        clients[1] = me;
    }
    let _ = other;
    let after = server.inspect(&code).await.unwrap();
    assert_eq!(before.version, after.version);
    assert_eq!(before.views, after.views);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_acts_only_for_itself_in_turn_and_up_to_date() {
    let _one = one::at_a_time().await;
    let server = server().await;
    let (code, mut clients) = table(&server, "jieqi", 2).await;
    let rules = rules("jieqi", 2);
    let to_act = clients[2].to_act[0];
    let idle = 1 - to_act;
    // Out of turn.
    let legal = rules
        .legal_from_view(&clients[usize::from(idle)].view, Seat(idle))
        .unwrap();
    let p = &mut clients[usize::from(idle)];
    let action = legal.first().cloned().unwrap_or(serde_json::json!(null));
    let seq = p.act(action).await;
    assert_eq!(p.answer(seq).await, Err(codes::NOT_YOUR_TURN.into()));
    // Nonsense for the game.
    let p = &mut clients[usize::from(to_act)];
    let seq = p.act(serde_json::json!({"Fly": 7})).await;
    assert_eq!(p.answer(seq).await, Err(codes::REFUSED.into()));
    // A spectator cannot act.
    clients[2]
        .send(&Client::Act {
            seq: 1,
            seen: 0,
            action: serde_json::json!(1),
        })
        .await;
    clients[2]
        .until(|f| matches!(f, Server::Error { code, .. } if code == codes::NO_SEAT_HERE))
        .await;
    // A good move, then a stale one from the other seat's old version.
    let p = &mut clients[usize::from(to_act)];
    let legal = rules.legal_from_view(&p.view, Seat(to_act)).unwrap();
    let seq = p.act(legal[0].clone()).await;
    p.answer(seq).await.unwrap();
    let q = &mut clients[usize::from(idle)];
    let legal_now = {
        let mut q2 = Vec::new();
        q.reach(1).await;
        q2.extend(rules.legal_from_view(&q.view, Seat(idle)).unwrap());
        q2
    };
    q.seq += 1;
    let seq = q.seq;
    q.send(&Client::Act {
        seq,
        seen: 0,
        action: legal_now[0].clone(),
    })
    .await;
    assert_eq!(q.answer(seq).await, Err(codes::STALE.into()));
    let v = server.inspect(&code).await.unwrap().version;
    assert_eq!(v, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_seats_decide_the_same_from_the_same_view() {
    let _one = one::at_a_time().await;
    // Two servers, two rooms with the same seeds cannot be made through the
    // protocol (seeds come from the OS): the rooms are compared through
    // the referee, which the server runs as is.
    use veil_match::{Opening, SeatKind, Seeds, Step};
    let kinds = [SeatKind::Human, SeatKind::Computer(veil_ai::Level::Easy)];
    let opening = Opening::with_seeds(
        "jieqi",
        veil_match::default_options("jieqi").unwrap(),
        &kinds,
        100,
        Seeds::fixed(9, 2),
    );
    let mut decisions = Vec::new();
    for _ in 0..2 {
        let mut m = veil_match::open(&opening).unwrap();
        let view = m.observe(Some(Seat(0)));
        let legal = m.legal_from_view(&view, Seat(0)).unwrap();
        m.step(&Step::Act {
            seat: 0,
            action: legal[0].clone(),
            belief: None,
        })
        .unwrap();
        let mut step = None;
        for _ in 0..500 {
            // Slices long enough for the level's whole search: the decision
            // then depends on the view and the seeds only, not the clock.
            step = m.think(Duration::from_secs(2), Duration::from_millis(50));
            if step.is_some() {
                break;
            }
        }
        decisions.push(step.unwrap());
    }
    assert_eq!(decisions[0], decisions[1]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_seats_play_in_a_room() {
    let _one = one::at_a_time().await;
    let server = server().await;
    let mut host = Player::connect(server.addr).await;
    let settings = RoomSettings {
        think_limit_ms: 100,
        level: "random".into(),
        ..RoomSettings::default()
    };
    let code = host
        .create(
            "jieqi",
            vec![SeatSpec::Computer("random".into()), SeatSpec::Me],
            Some(settings),
        )
        .await;
    // The computer (Red) moves first, by itself.
    host.reach(1).await;
    let i = server.inspect(&code).await.unwrap();
    assert_eq!(i.seat_kinds, vec!["random", "human"]);
    assert_eq!(host.view, i.views[1]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_away_player_is_played_by_the_computer_and_handed_back() {
    let _one = one::at_a_time().await;
    let server = server().await;
    let settings = RoomSettings {
        grace_secs: 1,
        level: "random".into(),
        think_limit_ms: 100,
        ..RoomSettings::default()
    };
    let mut host = Player::connect(server.addr).await;
    let code = host
        .create(
            "jieqi",
            vec![SeatSpec::Me, SeatSpec::Person],
            Some(settings),
        )
        .await;
    let mut guest = Player::connect(server.addr).await;
    guest.join(&code, "guest").await;
    let token = guest.token.clone().unwrap();
    let rules = rules("jieqi", 2);
    drop(guest);
    // Red (the host) moves; Black is away: after the grace time the
    // computer answers for it.
    host.until(|f| matches!(f, Server::Seats { seats, .. } if !seats[1].connected))
        .await;
    let legal = rules.legal_from_view(&host.view, Seat(0)).unwrap();
    let seq = host.act(legal[0].clone()).await;
    host.answer(seq).await.unwrap();
    host.until(|f| matches!(f, Server::Seats { seats, .. } if seats[1].away))
        .await;
    host.reach(2).await;
    assert_eq!(server.inspect(&code).await.unwrap().seat_kinds[1], "random");
    // Black comes back: the seat is the person's again.
    let mut back = Player::connect(server.addr).await;
    back.send(&Client::Resume {
        room: code.clone(),
        token,
        last_version: 1,
    })
    .await;
    back.until(|f| matches!(f, Server::Snapshot(_))).await;
    host.until(
        |f| matches!(f, Server::Seats { seats, .. } if !seats[1].away && seats[1].connected),
    )
    .await;
    let i = server.inspect(&code).await.unwrap();
    assert_eq!(i.seat_kinds[1], "human");
    assert_eq!(back.view, i.views[1]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_needs_the_other_persons_yes_and_no_reveal() {
    let _one = one::at_a_time().await;
    let server = server().await;
    let (code, mut clients) = table(&server, "hide-and-guess", 2).await;
    let mut pick = Pick(4);
    // Past the secret choices (a simultaneous turn) to an ordinary move.
    play_until(&mut clients, "hide-and-guess", &mut pick, 40, |w| {
        w.to_act.len() == 1 && w.v > 2
    })
    .await;
    let s = usize::from(clients[2].to_act[0]);
    let rules = rules("hide-and-guess", 2);
    let top = clients[2].v;
    let p = &mut clients[s];
    p.reach(top).await;
    let legal = rules.legal_from_view(&p.view, Seat(s as u8)).unwrap();
    let seq = p.act(legal[0].clone()).await;
    p.answer(seq).await.unwrap();
    let v = p.v;
    p.seq += 1;
    let tseq = p.seq;
    p.send(&Client::Takeback { seq: tseq }).await;
    let asked_or_refused = p
        .until(|f| matches!(f, Server::Takeback { .. }) || matches!(f, Server::Error { .. }))
        .await;
    match asked_or_refused {
        Server::Takeback { .. } => {
            let o = &mut clients[1 - s];
            o.until(|f| matches!(f, Server::Takeback { .. })).await;
            o.send(&Client::AnswerTakeback { accept: true }).await;
            clients[s]
                .until(|f| {
                    matches!(
                        f,
                        Server::Takeback {
                            state: veil_net::TakebackState::Accepted,
                            ..
                        }
                    )
                })
                .await;
            clients[s].reach(v + 1).await;
            let i = server.inspect(&code).await.unwrap();
            assert_eq!(i.version, v + 1);
            assert_eq!(clients[s].view, i.views[s]);
        }
        Server::Error { code, .. } => assert_eq!(code, codes::TAKEBACK),
        _ => unreachable!(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_not_made_in_time_is_made_once_by_the_computer() {
    let _one = one::at_a_time().await;
    let server = server().await;
    let settings = RoomSettings {
        move_secs: Some(1),
        level: "random".into(),
        think_limit_ms: 100,
        ..RoomSettings::default()
    };
    let mut host = Player::connect(server.addr).await;
    let code = host
        .create(
            "jieqi",
            vec![SeatSpec::Me, SeatSpec::Person],
            Some(settings),
        )
        .await;
    let rules = rules("jieqi", 2);
    let mut guest = Player::connect(server.addr).await;
    // The guest's seat starts the game, and Red's (the host's) clock.
    let before_start = Instant::now();
    guest.join(&code, "guest").await;
    // Red lets its time run out: the computer moves for it.
    host.until(|f| matches!(f, Server::Update(u) if !u.lines.is_empty()))
        .await;
    let waited = before_start.elapsed();
    assert!(
        waited >= Duration::from_secs(1),
        "moved for Red after {waited:?}, before its time ran out"
    );
    assert_eq!((host.lines.len(), host.to_act.clone()), (1, vec![1]));
    // One move only: the seat is the person's again, and nobody is
    // announced away.
    let i = server.inspect(&code).await.unwrap();
    assert_eq!(i.seat_kinds, vec!["human", "human"]);
    assert_eq!(i.away, vec![false, false]);
    let stored = server.stored(&code).await.unwrap();
    let steps: Vec<String> = stored
        .steps
        .iter()
        .map(|(_, _, s)| match s {
            veil_match::Step::Seat { seat, kind } => format!("seat {seat} {kind}"),
            veil_match::Step::Act { seat, .. } => format!("act {seat}"),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(steps, ["seat 0 random", "act 0", "seat 0 human"]);
    // Black answers in time, and Red then moves by itself.
    guest.reach(host.v).await;
    let legal = rules.legal_from_view(&guest.view, Seat(1)).unwrap();
    let seq = guest.act(legal[0].clone()).await;
    guest.answer(seq).await.unwrap();
    host.reach(guest.v).await;
    let legal = rules.legal_from_view(&host.view, Seat(0)).unwrap();
    let seq = host.act(legal[0].clone()).await;
    host.answer(seq).await.unwrap();
    let stored = server.stored(&code).await.unwrap();
    assert_eq!(stored.steps.len(), 5, "no other move was made for anyone");
    assert_eq!(
        stored.steps[4].0,
        Some(0),
        "Red's own move, by its connection"
    );
}

/// A Jieqi room of the host's seat and one free person's, closing after
/// `idle_close_secs` with nobody in it: its host and code.
async fn lobby(server: &veil_server::Running, idle_close_secs: u64) -> (Player, String) {
    let settings = RoomSettings {
        idle_close_secs,
        ..RoomSettings::default()
    };
    let mut host = Player::connect(server.addr).await;
    let seats = vec![SeatSpec::Me, SeatSpec::Person];
    let code = host.create("jieqi", seats, Some(settings)).await;
    (host, code)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_nobody_plays_in_is_closed_and_those_still_there_told() {
    let _one = one::at_a_time().await;
    let config = common::config();
    let db = config.db.clone();
    let server = veil_server::start(config).await.unwrap();
    let (host, code) = lobby(&server, 1).await;
    let mut watcher = Player::connect(server.addr).await;
    watcher.watch(&code).await;
    // A person is connected: past the idle time the room stays open.
    watcher.drain(Duration::from_millis(1500)).await;
    assert!(server.rooms().contains(&code));
    assert!(watcher.errors.is_empty(), "{:?}", watcher.errors);
    // The last person leaves (a spectator does not keep a room open).
    let left = Instant::now();
    drop(host);
    watcher
        .until(|f| matches!(f, Server::Error { code, .. } if code == codes::NO_ROOM))
        .await;
    let waited = left.elapsed();
    assert!(
        waited >= Duration::from_secs(1),
        "closed {waited:?} after the last person left"
    );
    assert!(watcher.next().await.is_none() && watcher.closed);
    let deadline = Instant::now() + WAIT;
    while server.rooms().contains(&code) {
        assert!(Instant::now() < deadline, "the closed room is still listed");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let mut late = Player::connect(server.addr).await;
    late.send(&Client::Join {
        room: code.clone(),
        name: "late".into(),
        seat: None,
    })
    .await;
    late.until(|f| matches!(f, Server::Error { code, .. } if code == codes::NO_ROOM))
        .await;
    // Closed in the store too: a server started on the same database does
    // not bring it back.
    let again = veil_server::start(veil_server::Config {
        db,
        ..common::config()
    })
    .await
    .unwrap();
    assert!(!again.rooms().contains(&code));
    assert!(again.stored(&code).await.is_some(), "its steps are kept");
}

/// Quick messages: a seat's phrase reaches everyone in the room; a phrase
/// past the list, a second one within the second, and a spectator's are
/// refused with their line, to that connection only.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_messages_reach_the_room_and_bad_ones_are_refused() {
    let _one = one::at_a_time().await;
    let server = common::server().await;
    let (_code, mut clients) = table(&server, "jieqi", 2).await;
    clients[1].send(&Client::Say { phrase: 0 }).await;
    for c in clients.iter_mut() {
        let said = c.until(|f| matches!(f, Server::Said { .. })).await;
        assert_eq!(said, Server::Said { by: 1, phrase: 0 });
    }
    clients[1].send(&Client::Say { phrase: 1 }).await;
    let refused = clients[1]
        .until(|f| matches!(f, Server::Error { .. }))
        .await;
    assert!(matches!(refused, Server::Error { ref code, .. } if code == codes::RATE));
    clients[0]
        .send(&Client::Say {
            phrase: veil_net::PHRASES.len() as u8,
        })
        .await;
    let refused = clients[0]
        .until(|f| matches!(f, Server::Error { .. }))
        .await;
    assert!(matches!(refused, Server::Error { ref code, .. } if code == codes::BAD_MESSAGE));
    let watcher = clients.len() - 1;
    clients[watcher].send(&Client::Say { phrase: 2 }).await;
    let refused = clients[watcher]
        .until(|f| matches!(f, Server::Error { .. }))
        .await;
    assert!(matches!(refused, Server::Error { ref code, .. } if code == codes::NO_SEAT_HERE));
}

/// "Play again": once the game is over a seat asks for another; one new
/// room like this one is made (the same game, options and computer seat,
/// the people's seats open) and named to everyone in the room; a second
/// asking names the same room; the people who join it play at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_again_makes_one_room_like_this_one_for_the_same_people() {
    let _one = one::at_a_time().await;
    let server = common::server().await;
    let seats = vec![
        SeatSpec::Me,
        SeatSpec::Person,
        SeatSpec::Computer("easy".into()),
    ];
    let mut host = Player::connect(server.addr).await;
    let code = host.create("tysiac", seats, None).await;
    let mut guest = Player::connect(server.addr).await;
    guest.join(&code, "guest").await;
    let mut watcher = Player::connect(server.addr).await;
    watcher.watch(&code).await;
    // Not before the end.
    guest.send(&Client::Rematch).await;
    let refused = guest.until(|f| matches!(f, Server::Error { .. })).await;
    assert!(matches!(refused, Server::Error { ref code, .. } if code == codes::NOT_OVER));
    host.seq += 1;
    host.send(&Client::Resign { seq: host.seq }).await;
    for p in [&mut host, &mut guest, &mut watcher] {
        while !p.over {
            p.next().await.expect("the end in time");
        }
    }
    guest.send(&Client::Rematch).await;
    let mut offered = Vec::new();
    for p in [&mut host, &mut guest, &mut watcher] {
        let Server::Rematch { by, room } = p.until(|f| matches!(f, Server::Rematch { .. })).await
        else {
            unreachable!()
        };
        assert_eq!(by, 1);
        offered.push(room);
    }
    assert!(offered.iter().all(|r| *r == offered[0] && *r != code));
    host.send(&Client::Rematch).await;
    let again = host.until(|f| matches!(f, Server::Rematch { .. })).await;
    assert_eq!(
        again,
        Server::Rematch {
            by: 0,
            room: offered[0].clone()
        },
        "asked again: the same room"
    );
    // The people join the new room: it is the same game with the computer
    // seat kept, and it starts once both are in.
    let mut a = Player::connect(server.addr).await;
    a.send(&Client::Join {
        room: offered[0].clone(),
        name: "guest".into(),
        seat: None,
    })
    .await;
    let Server::Welcome(w) = a.until(|f| matches!(f, Server::Welcome(_))).await else {
        unreachable!()
    };
    assert_eq!(w.game, "tysiac");
    assert_eq!(
        w.seats.iter().map(|s| s.kind.as_str()).collect::<Vec<_>>(),
        ["person", "free", "easy"]
    );
    assert!(!w.started);
    let mut b = Player::connect(server.addr).await;
    b.join(&offered[0], "host").await;
    let started = a
        .until(|f| matches!(f, Server::Seats { started: true, .. }))
        .await;
    assert!(matches!(started, Server::Seats { started: true, .. }));
}

fn now_secs() -> i64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    since.unwrap().as_secs() as i64
}

/// Waits until room `code` is no longer held by `server` (parked or
/// closed); fails past `WAIT`.
async fn until_gone(server: &veil_server::Running, code: &str) {
    let deadline = Instant::now() + WAIT;
    while server.rooms().iter().any(|c| c == code) {
        assert!(Instant::now() < deadline, "room {code} is still held");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A room nobody is in, with nothing to wait for, is parked: no longer
/// held in memory, kept in the store; whoever comes back — with a seat's
/// token or as a spectator, on this server or one started anew on the same
/// database — finds it as it was. A spectator keeps a room from parking,
/// and so does an absent player's grace time in a game under way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_nobody_is_in_is_parked_and_comes_back_as_it_was() {
    let _one = one::at_a_time().await;
    let park = Duration::from_millis(300);
    let config = veil_server::Config {
        park_after: park,
        ..common::config()
    };
    let db = config.db.clone();
    let server = veil_server::start(config).await.unwrap();

    // A lobby: the host leaves, a spectator stays, so it is held.
    let (host, waiting) = lobby(&server, RoomSettings::default().idle_close_secs).await;
    let host_token = host.token.clone().unwrap();
    let mut watcher = Player::connect(server.addr).await;
    watcher.watch(&waiting).await;
    drop(host);
    watcher.drain(park * 4).await;
    assert!(
        server.rooms().contains(&waiting),
        "parked with a spectator in it"
    );
    drop(watcher);
    until_gone(&server, &waiting).await;
    let stored = server.stored(&waiting).await.expect("kept in the store");
    assert!(stored.parked.is_some(), "{stored:?}");
    // The host comes back to their seat: the room runs again, and the
    // store hears of it.
    let mut host = Player::connect(server.addr).await;
    host.send(&Client::Resume {
        room: waiting.clone(),
        token: host_token,
        last_version: 0,
    })
    .await;
    host.until(|f| matches!(f, Server::Snapshot(_))).await;
    assert_eq!(host.seat, Some(0));
    assert!(server.rooms().contains(&waiting));
    let deadline = Instant::now() + WAIT;
    while server.stored(&waiting).await.unwrap().parked.is_some() {
        assert!(Instant::now() < deadline, "still parked in the store");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    drop(host);

    // A game under way, everyone gone: the grace time runs, so it is held.
    let (busy, mut clients) = table(&server, "jieqi", 2).await;
    let mut pick = Pick(11);
    play_until(&mut clients, "jieqi", &mut pick, 2, |_| false).await;
    drop(clients);
    tokio::time::sleep(park * 4).await;
    assert!(
        server.rooms().contains(&busy),
        "parked while its grace time ran"
    );

    // A finished game, everyone gone: parked, and found as it was.
    let (done, mut clients) = table(&server, "hide-and-guess", 2).await;
    let mut pick = Pick(5);
    play_until(&mut clients, "hide-and-guess", &mut pick, 400, |_| false).await;
    assert!(clients[2].over, "the game ends");
    let last = clients[2].v;
    for c in &mut clients {
        c.reach(last).await;
    }
    let seen: Vec<(u64, Value, Vec<String>)> = clients
        .iter()
        .map(|c| (c.v, c.view.clone(), c.lines.clone()))
        .collect();
    let token = clients[1].token.clone().unwrap();
    drop(clients);
    until_gone(&server, &done).await;
    assert!(server.rooms().contains(&busy));
    assert!(!server.rooms().contains(&waiting), "the lobby parked again");

    // A server started anew on the same database runs the room in play,
    // and not the parked ones until someone comes for them.
    server.hand_over().await.unwrap();
    let again = veil_server::start(veil_server::Config {
        db: db.clone(),
        park_after: park,
        ..common::config()
    })
    .await
    .unwrap();
    assert!(again.rooms().contains(&busy));
    assert!(!again.rooms().contains(&done) && !again.rooms().contains(&waiting));
    let mut back = Player::connect(again.addr).await;
    back.send(&Client::Resume {
        room: done.clone(),
        token,
        last_version: 0,
    })
    .await;
    back.until(|f| matches!(f, Server::Snapshot(_))).await;
    assert_eq!(
        (back.v, &back.view, &back.lines),
        (seen[1].0, &seen[1].1, &seen[1].2)
    );
    let mut spectator = Player::connect(again.addr).await;
    spectator.watch(&done).await;
    assert_eq!(
        (spectator.v, &spectator.view, &spectator.lines),
        (seen[2].0, &seen[2].1, &seen[2].2)
    );

    // Stopped while it ran again, it is loaded by the next start — and,
    // at rest there, parked again without anything else happening.
    again.hand_over().await.unwrap();
    let third = veil_server::start(veil_server::Config {
        db,
        park_after: park,
        ..common::config()
    })
    .await
    .unwrap();
    assert!(third.rooms().contains(&done));
    until_gone(&third, &done).await;
}

/// A parked room closes when it would have had it stayed: past its idle
/// time nobody gets it back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_parked_room_past_its_idle_time_is_closed() {
    let _one = one::at_a_time().await;
    let server = veil_server::start(veil_server::Config {
        park_after: Duration::from_millis(200),
        ..common::config()
    })
    .await
    .unwrap();
    let (host, code) = lobby(&server, 3).await;
    drop(host);
    until_gone(&server, &code).await;
    let close_at = server.stored(&code).await.unwrap().parked.expect("parked");
    let now = now_secs();
    assert!(
        (now + 2..=now + 4).contains(&close_at),
        "closes at {close_at}, now {now}"
    );
    // Before its time it comes back; after it, it is closed.
    let mut early = Player::connect(server.addr).await;
    early.watch(&code).await;
    drop(early);
    until_gone(&server, &code).await;
    while now_secs() <= close_at {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let mut late = Player::connect(server.addr).await;
    late.send(&Client::Watch { room: code.clone() }).await;
    late.until(|f| matches!(f, Server::Error { code, .. } if code == codes::NO_ROOM))
        .await;
    assert!(!server.rooms().contains(&code));
}
