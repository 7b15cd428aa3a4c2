//! Hostile input: over ten thousand malformed or hostile frames against a
//! live server, while honest players play in the same room. Nothing
//! panics, the rooms are unchanged by it, the honest clients unaffected.

mod common;
mod one;

use std::time::Duration;

use common::{Pick, Player, rules, server};
use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;
use veil_core::Seat;
use veil_net::{Client, PROTOCOL, SeatSpec, Server};

/// One hostile frame.
fn hostile(pick: &mut Pick, room: &str) -> Message {
    let valid = [
        Client::Act {
            seq: 1,
            seen: 0,
            action: serde_json::json!({"Move": [1, 2]}),
        }
        .to_text(),
        Client::Join {
            room: room.into(),
            name: "x".into(),
            seat: Some(0),
        }
        .to_text(),
        Client::Resume {
            room: room.into(),
            token: "ab".repeat(16),
            last_version: 0,
        }
        .to_text(),
        Client::Takeback { seq: 1 }.to_text(),
        Client::Start.to_text(),
    ];
    let text = match pick.below(12) {
        0 => (0..pick.below(200))
            .map(|_| char::from(32 + pick.below(95) as u8))
            .collect(),
        1 => {
            let t = &valid[pick.below(valid.len())];
            t[..pick.below(t.len())].to_string()
        }
        2 => format!(
            r#"{{"t":"Act","seq":{},"seen":{},"action":{}}}"#,
            [
                "1e400",
                "18446744073709551616",
                "-1",
                "0.5",
                "99999999999999999999999"
            ][pick.below(5)],
            ["1e400", "-7", "null", "3"][pick.below(4)],
            ["1e400", "[]", "{}", "\"\"", "null"][pick.below(5)]
        ),
        3 => r#"{"t":"Act","seq":"x","seen":[],"action":{}}"#.into(),
        4 => format!(
            r#"{{"t":"Act","seq":{},"seen":{},"action":{}}}"#,
            pick.below(1 << 20),
            pick.below(1 << 20),
            [
                "{\"Move\":[300,-4]}",
                "{\"Flip\":1}",
                "[1,2,3]",
                "\"Pass\"",
                "{\"Reveal\":{\"x\":[]}}"
            ][pick.below(5)]
        ),
        5 => "[".repeat(pick.below(5000) + 1),
        6 => format!(
            r#"{{"t":"Create","game":"{}","seats":["me","me"],"name":"{}"}}"#,
            ["chess", "", "jieqi\u{0}", "tysiac"][pick.below(4)],
            "é".repeat(pick.below(50))
        ),
        7 => format!(
            r#"{{"t":"Join","room":"{}","name":"x"}}"#,
            "Z".repeat(pick.below(40))
        ),
        8 => format!(
            r#"{{"t":"Resume","room":"{room}","token":"{}","last_version":{}}}"#,
            "f".repeat(pick.below(64)),
            pick.below(9)
        ),
        9 => format!(
            r#"{{"t":"{}"}}"#,
            ["Nope", "act", "", "Welcome", "Update", "Hello"][pick.below(6)]
        ),
        10 => {
            return Message::binary(
                (0..pick.below(300))
                    .map(|_| pick.below(256) as u8)
                    .collect::<Vec<u8>>(),
            );
        }
        _ => valid[pick.below(valid.len())].clone(),
    };
    Message::text(text)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_thousand_hostile_frames_change_nothing() {
    let _one = one::at_a_time().await;
    let server = server().await;
    // An honest table, and a quiet room nobody plays in.
    let mut a = Player::connect(server.addr).await;
    let code = a
        .create("jieqi", vec![SeatSpec::Me, SeatSpec::Person], None)
        .await;
    let mut b = Player::connect(server.addr).await;
    b.join(&code, "b").await;
    let mut q = Player::connect(server.addr).await;
    let quiet = q
        .create(
            "tysiac",
            vec![SeatSpec::Me, SeatSpec::Person, SeatSpec::Person],
            None,
        )
        .await;
    let quiet_before = server.inspect(&quiet).await.unwrap();
    let rules = rules("jieqi", 2);
    let mut honest = Pick(8);
    let mut sent = 0usize;
    let mut pick = Pick(77);
    for round in 0..10 {
        // Four hostile connections: one watching each room, two in none.
        let mut tasks = Vec::new();
        for k in 0..4 {
            let (ws, _) = tokio_tungstenite::connect_async(common::url(server.addr))
                .await
                .unwrap();
            let (mut tx, mut rx) = ws.split();
            let room = [code.clone(), quiet.clone(), String::new(), "K7QM2X".into()][k].clone();
            let mut frames = vec![Message::text(
                Client::Hello { protocol: PROTOCOL }.to_text(),
            )];
            if k < 2 {
                frames.push(Message::text(
                    Client::Watch { room: room.clone() }.to_text(),
                ));
            }
            for _ in 0..260 {
                frames.push(hostile(&mut pick, &room));
            }
            sent += frames.len();
            tasks.push(tokio::spawn(async move {
                let reader = tokio::spawn(async move {
                    let mut got = 0;
                    while let Ok(Some(Ok(m))) =
                        tokio::time::timeout(Duration::from_secs(2), rx.next()).await
                    {
                        if let Message::Text(t) = m {
                            // Every frame the server sends is one of its messages.
                            Server::from_text(&t).unwrap();
                            got += 1;
                        }
                    }
                    got
                });
                for f in frames {
                    if tx.send(f).await.is_err() {
                        break;
                    }
                }
                let _ = tx.close().await;
                reader.await.unwrap()
            }));
        }
        // Oversized frames and a wrong protocol, on their own connections.
        let (mut big, _) = tokio_tungstenite::connect_async(common::url(server.addr))
            .await
            .unwrap();
        let _ = big
            .send(Message::text(
                Client::Hello { protocol: PROTOCOL }.to_text(),
            ))
            .await;
        let _ = big.send(Message::text("x".repeat(70_000 + round))).await;
        let mut said_too_big = false;
        while let Ok(Some(Ok(m))) = tokio::time::timeout(Duration::from_secs(2), big.next()).await {
            if let Message::Text(t) = m {
                said_too_big |= t.contains("too_big");
            }
        }
        assert!(said_too_big, "an oversized frame is answered with too_big");
        sent += 2;
        // Meanwhile the honest players play a move.
        let p = if round % 2 == 0 { &mut a } else { &mut b };
        let s = p.seat.unwrap();
        let legal = rules.legal_from_view(&p.view, Seat(s)).unwrap();
        let seq = p.act(legal[honest.below(legal.len())].clone()).await;
        p.answer(seq).await.unwrap();
        let v = p.v;
        let other = if round % 2 == 0 { &mut b } else { &mut a };
        other.reach(v).await;
        // A flooder that reads slower than it is answered may be dropped
        // (its queue is bounded); what any of them read was well-formed.
        let mut got = 0;
        for t in tasks {
            got += t.await.unwrap();
        }
        assert!(got > 0);
    }
    assert!(sent >= 10_000, "{sent} frames");
    // The honest room went exactly as its players played it.
    let i = server.inspect(&code).await.unwrap();
    assert_eq!(i.version, 10);
    a.reach(10).await;
    b.reach(10).await;
    assert_eq!(a.view, i.views[0]);
    assert_eq!(b.view, i.views[1]);
    let after = server.inspect(&quiet).await.unwrap();
    assert_eq!(after.version, quiet_before.version);
    assert_eq!(after.views, quiet_before.views);
    // And the server still takes new players.
    let mut c = Player::connect(server.addr).await;
    c.send(&Client::Ping).await;
    c.until(|f| matches!(f, Server::Pong)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_protocol_or_no_hello_is_told_and_closed() {
    let _one = one::at_a_time().await;
    let server = server().await;
    for first in [
        Client::Hello {
            protocol: PROTOCOL + 1,
        }
        .to_text(),
        Client::Ping.to_text(),
        "{".into(),
    ] {
        let (mut ws, _) = tokio_tungstenite::connect_async(common::url(server.addr))
            .await
            .unwrap();
        let _ = ws.send(Message::text(first)).await;
        let mut said = false;
        while let Ok(Some(Ok(m))) = tokio::time::timeout(Duration::from_secs(2), ws.next()).await {
            if let Message::Text(t) = m {
                said |= t.contains("\"protocol\"") && t.contains("Error");
            }
        }
        assert!(said);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_slowed_down() {
    let _one = one::at_a_time().await;
    let mut config = common::config();
    config.rate_per_sec = 20.0;
    config.rate_burst = 40.0;
    let server = veil_server::start(config).await.unwrap();
    let mut p = Player::connect(server.addr).await;
    for _ in 0..100 {
        p.send(&Client::Ping).await;
    }
    p.drain(Duration::from_millis(200)).await;
    let pongs = p
        .frames
        .iter()
        .filter(|f| matches!(f, Server::Pong))
        .count();
    let rate = p
        .errors
        .iter()
        .filter(|e| e.0 == veil_net::codes::RATE)
        .count();
    assert!((39..=45).contains(&pongs), "{pongs} pongs");
    assert!(rate >= 50, "{rate}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panic_in_a_game_reloads_only_that_room() {
    let _one = one::at_a_time().await;
    let server = server().await;
    let mut a = Player::connect(server.addr).await;
    let code = a
        .create("jieqi", vec![SeatSpec::Me, SeatSpec::Person], None)
        .await;
    let mut b = Player::connect(server.addr).await;
    b.join(&code, "b").await;
    let rules = rules("jieqi", 2);
    let legal = rules.legal_from_view(&a.view, Seat(0)).unwrap();
    server.shared.faults.panic_next_action();
    let seq = a.act(legal[0].clone()).await;
    // The room comes back from the store: a fresh snapshot, nothing applied.
    a.until(|f| matches!(f, Server::Snapshot(_))).await;
    assert_eq!(a.v, 0);
    let seq2 = a.act(legal[0].clone()).await;
    assert!(seq2 > seq);
    a.answer(seq2).await.unwrap();
    b.reach(1).await;
    let i = server.inspect(&code).await.unwrap();
    assert_eq!(b.view, i.views[1]);
}

/// Opens a WebSocket as a client behind a proxy would, the proxy having
/// written `forwarded` in X-Forwarded-For; the HTTP status if refused.
async fn open_as(addr: std::net::SocketAddr, forwarded: Option<&str>) -> Result<impl Sized, u16> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    use tokio_tungstenite::tungstenite::http::HeaderValue;
    let mut request = common::url(addr).into_client_request().unwrap();
    if let Some(f) = forwarded {
        request
            .headers_mut()
            .insert("x-forwarded-for", HeaderValue::from_str(f).unwrap());
    }
    match tokio_tungstenite::connect_async(request).await {
        Ok((ws, _)) => Ok(ws),
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => Err(r.status().as_u16()),
        Err(e) => panic!("{e}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forwarded_address_counts_only_from_a_trusted_proxy() {
    let _one = one::at_a_time().await;
    // 127.0.0.1 is the proxy: each client it forwards has two connections.
    let mut config = common::config();
    config.conns_per_ip = 2;
    config.trusted_proxies = vec![[127, 0, 0, 1].into()];
    let server = veil_server::start(config).await.unwrap();
    let mut held = Vec::new();
    for _ in 0..2 {
        held.push(open_as(server.addr, Some("198.51.100.1")).await.unwrap());
    }
    assert_eq!(
        open_as(server.addr, Some("198.51.100.1")).await.err(),
        Some(429)
    );
    // A first hop the client wrote itself gets it no further.
    let spoof = open_as(server.addr, Some("203.0.113.9, 198.51.100.1")).await;
    assert_eq!(spoof.err(), Some(429));
    // Another client behind the same proxy has places of its own, and so
    // has the proxy itself.
    held.push(open_as(server.addr, Some("198.51.100.2")).await.unwrap());
    held.push(open_as(server.addr, None).await.unwrap());

    // Not trusted: the header is only the client's word, and 127.0.0.1 is
    // one address whatever it claims.
    let mut config = common::config();
    config.conns_per_ip = 2;
    let server = veil_server::start(config).await.unwrap();
    held.push(open_as(server.addr, Some("198.51.100.1")).await.unwrap());
    held.push(open_as(server.addr, Some("198.51.100.2")).await.unwrap());
    assert_eq!(
        open_as(server.addr, Some("198.51.100.3")).await.err(),
        Some(429)
    );
    assert_eq!(open_as(server.addr, None).await.err(), Some(429));
}
