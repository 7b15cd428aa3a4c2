//! One WebSocket connection: reads frames, checks them, and hands what
//! belongs to a room to that room's task; a writer task sends whatever the
//! room (or the connection itself) queued for it.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{Notify, mpsc, oneshot};
use veil_net::{Client, MAX_FRAME, PROTOCOL, Server, codes};

use crate::Shared;
use crate::bus::{Link, Refused};
use crate::limits::{ConnGuard, TokenBucket};
use crate::room::Input;

/// Frames waiting for a slow client; past this it is dropped rather than
/// holding up its room.
const OUT_QUEUE: usize = 256;

/// A connection as a room holds it: where its frames go, and how to end
/// it.
#[derive(Clone)]
pub(crate) struct Conn {
    pub id: u64,
    /// The client's address (as the proxy said, if trusted): a room made
    /// for it counts against its rooms.
    pub ip: IpAddr,
    tx: mpsc::Sender<Utf8Bytes>,
    kill: Arc<Notify>,
}

impl Conn {
    /// A connection with its queue (`OUT_QUEUE` frames) and kill switch,
    /// for a writer to take from: a socket's, or the bus's for a client
    /// connected to another server.
    pub fn queue(id: u64, ip: IpAddr) -> (Conn, mpsc::Receiver<Utf8Bytes>, Arc<Notify>) {
        let (tx, rx) = mpsc::channel(OUT_QUEUE);
        let kill = Arc::new(Notify::new());
        let conn = Conn {
            id,
            ip,
            tx,
            kill: kill.clone(),
        };
        (conn, rx, kill)
    }

    /// Its writer has ended (the connection is gone).
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }

    /// Queues a frame; false (and the connection is ended) if the client
    /// is too slow to take it.
    pub fn send(&self, msg: &Server) -> bool {
        self.send_text(&msg.to_text())
    }

    pub fn send_text(&self, text: &str) -> bool {
        match self.tx.try_send(Utf8Bytes::from(text)) {
            Ok(()) => true,
            Err(_) => {
                self.kill();
                false
            }
        }
    }

    pub fn kill(&self) {
        self.kill.notify_one();
    }
}

pub(crate) async fn ws_handler(
    ws: WebSocketUpgrade,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
) -> Response {
    // Behind a trusted reverse proxy, the client it forwards.
    let ip = crate::proxy::client_ip(
        addr.ip(),
        &headers,
        &shared.config.trusted_proxies,
        shared.config.proxy_header,
    );
    let Some(guard) = shared.limits.connect(ip) else {
        return (
            StatusCode::TOO_MANY_REQUESTS,
            "too many connections from this address",
        )
            .into_response();
    };
    // Small buffers: thousands of connections each keep theirs (the
    // default 128 KB apiece would be most of a room's memory); a frame up
    // to the limit still fits, the buffer grows for it.
    ws.max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .on_upgrade(move |socket| connection(socket, shared, ip, guard))
}

/// Where a connection stands.
struct Here {
    hello: bool,
    room: Option<In>,
}

/// The room a connection is in: run here, or by another server (its
/// inputs and frames over the bus).
enum In {
    Here(mpsc::Sender<Input>),
    There(Link),
}

async fn connection(socket: WebSocket, shared: Arc<Shared>, ip: IpAddr, _guard: ConnGuard) {
    let (mut sink, mut stream) = socket.split();
    let (conn, mut rx, kill) = Conn::queue(shared.next_conn(), ip);
    let writer = tokio::spawn(async move {
        loop {
            tokio::select! {
                biased;
                out = rx.recv() => match out {
                    Some(text) => {
                        if sink.send(Message::Text(text)).await.is_err() {
                            break;
                        }
                    }
                    None => break,
                },
                _ = kill.notified() => {
                    // Whatever was queued (the reason, say) goes first.
                    while let Ok(text) = rx.try_recv() {
                        if sink.send(Message::Text(text)).await.is_err() {
                            break;
                        }
                    }
                    break;
                }
            }
        }
        let _ = sink.send(Message::Close(None)).await;
        // Linger a moment before the socket closes: closing with unread
        // input (the rest of an oversized frame) resets the connection,
        // and the client would lose the error that says why.
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    });
    conn.send(&Server::Hello {
        protocol: PROTOCOL,
        server: format!("veil-server {}", env!("CARGO_PKG_VERSION")),
    });
    let mut here = Here {
        hello: false,
        room: None,
    };
    let mut bucket = TokenBucket::new(shared.config.rate_per_sec, shared.config.rate_burst);
    loop {
        let frame = tokio::select! {
            frame = stream.next() => frame,
            // The writer ended (a slow client, a replaced seat): stop reading.
            _ = conn.tx.closed() => break,
        };
        let Some(frame) = frame else { break };
        let text = match frame {
            Ok(Message::Text(text)) => text,
            Ok(Message::Binary(_)) => {
                conn.send(&Server::error(
                    codes::BAD_MESSAGE,
                    "text frames only (JSON)",
                    None,
                ));
                continue;
            }
            Ok(Message::Close(_)) => break,
            Ok(_) => continue,
            Err(e) => {
                // tungstenite refuses what is over the limit and ends the
                // stream; say why before closing.
                let text = e.to_string();
                if text.contains("too long")
                    || text.contains("too big")
                    || text.contains("Space limit")
                {
                    conn.send(&Server::error(
                        codes::TOO_BIG,
                        format!("frames are limited to {MAX_FRAME} bytes"),
                        None,
                    ));
                }
                conn.kill();
                break;
            }
        };
        if !bucket.take(Instant::now()) {
            conn.send(&Server::error(
                codes::RATE,
                "too many messages; slow down",
                None,
            ));
            continue;
        }
        if !handle(&shared, &conn, ip, &mut here, text.as_str()).await {
            conn.kill();
            break;
        }
    }
    match here.room.take() {
        Some(In::Here(room)) => {
            let _ = room.send(Input::Gone { conn: conn.id }).await;
        }
        Some(In::There(link)) => link.gone().await,
        None => {}
    }
    conn.kill();
    let _ = writer.await;
}

/// One frame. False: close the connection.
async fn handle(
    shared: &Arc<Shared>,
    conn: &Conn,
    ip: IpAddr,
    here: &mut Here,
    text: &str,
) -> bool {
    let msg = match Client::from_text(text) {
        Ok(msg) => msg,
        Err(e) => {
            let code = if here.hello {
                codes::BAD_MESSAGE
            } else {
                codes::PROTOCOL
            };
            conn.send(&Server::error(code, format!("not a message: {e}"), None));
            // Before Hello nothing else is listened to.
            return here.hello;
        }
    };
    if !here.hello {
        return match msg {
            Client::Hello { protocol } if protocol == PROTOCOL => {
                here.hello = true;
                true
            }
            Client::Hello { protocol } => {
                conn.send(&Server::error(
                    codes::PROTOCOL,
                    format!(
                        "this server speaks protocol {PROTOCOL}, not {protocol}: update the app"
                    ),
                    None,
                ));
                false
            }
            _ => {
                conn.send(&Server::error(
                    codes::PROTOCOL,
                    format!("say Hello first, with protocol {PROTOCOL}"),
                    None,
                ));
                false
            }
        };
    }
    match msg {
        Client::Ping => {
            conn.send(&Server::Pong);
        }
        Client::Hello { .. } => {
            conn.send(&Server::error(
                codes::BAD_MESSAGE,
                "Hello was said already",
                None,
            ));
        }
        Client::Create {
            game,
            options,
            seats,
            name,
            settings,
        } => {
            if here.room.is_some() {
                conn.send(&Server::error(
                    codes::IN_ROOM,
                    "this connection is in a room already",
                    None,
                ));
                return true;
            }
            match crate::create_room(
                shared,
                ip,
                &game,
                options,
                &seats,
                settings.unwrap_or_default(),
            )
            .await
            {
                Ok((_, room)) => {
                    let (reply, ok) = oneshot::channel();
                    let input = Input::Host {
                        conn: conn.clone(),
                        name,
                        reply,
                    };
                    if enter(here, room, input, ok).await.is_none() {
                        conn.send(&Server::error(codes::NO_ROOM, "the room is closed", None));
                    }
                }
                Err((code, message)) => {
                    conn.send(&Server::error(code, message, None));
                }
            }
        }
        Client::Join { ref room, .. }
        | Client::Watch { ref room }
        | Client::Resume { ref room, .. } => {
            let code = room.clone();
            join(shared, conn, here, &code, msg).await;
        }
        msg @ (Client::Start
        | Client::Act { .. }
        | Client::Takeback { .. }
        | Client::AnswerTakeback { .. }
        | Client::Resign { .. }
        | Client::Say { .. }
        | Client::Rematch) => {
            let sent = match &here.room {
                Some(In::Here(room)) => room.send(Input::Msg { conn: conn.id, msg }).await.is_ok(),
                Some(In::There(link)) => link.send(msg).await,
                None => {
                    conn.send(&Server::error(
                        codes::NO_SEAT_HERE,
                        "join a room first (Create, Join or Resume)",
                        None,
                    ));
                    return true;
                }
            };
            if !sent {
                here.room = None;
                conn.send(&Server::error(
                    codes::RESUME,
                    "the room was reloaded: send Resume (or Watch) again",
                    None,
                ));
            }
        }
    }
    true
}

/// A Join, Watch or Resume (`msg`) for room `code`: to the room if it
/// runs here (or its owner died and it is taken here), else forwarded to
/// the server that runs it.
async fn join(shared: &Arc<Shared>, conn: &Conn, here: &mut Here, code: &str, msg: Client) {
    if here.room.is_some() {
        conn.send(&Server::error(
            codes::IN_ROOM,
            "this connection is in a room already",
            None,
        ));
        return;
    }
    let code = code.trim().to_ascii_uppercase();
    // A room that stops just as it is found (parked, closed, moved) drops
    // what it was sent: it is looked for again, a bounded number of times.
    for _ in 0..20 {
        // Not run here: parked, or with a shared store its owner may have died.
        let room = match shared.room(&code) {
            Some(room) => Some(room),
            None => crate::take_room(shared, &code).await,
        };
        let Some(room) = room else {
            // Run by another server, if any: forwarded there.
            if let Some(bus) = &shared.bus
                && !shared.stopping.load(Ordering::Relaxed)
            {
                match bus.open(shared, conn, &code, msg).await {
                    Ok(link) => here.room = Some(In::There(link)),
                    Err(Refused::Said) => {}
                    Err(Refused::NoRoom) => no_room(conn, &code),
                }
                return;
            }
            no_room(conn, &code);
            return;
        };
        let (reply, ok) = oneshot::channel();
        let input = match msg.clone() {
            Client::Join { name, seat, .. } => Input::Join {
                conn: conn.clone(),
                name,
                seat,
                reply,
            },
            Client::Resume { token, .. } => Input::Resume {
                conn: conn.clone(),
                token,
                reply,
            },
            _ => Input::Watch {
                conn: conn.clone(),
                reply,
            },
        };
        if enter(here, room, input, ok).await.is_some() {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    conn.send(&Server::error(codes::NO_ROOM, "the room is closed", None));
}

fn no_room(conn: &Conn, code: &str) {
    conn.send(&Server::error(
        codes::NO_ROOM,
        format!("no room {code:?}"),
        None,
    ));
}

/// Sends `input` to `room` and, if the room lets the connection in, puts
/// it there. `None`: the room stopped before it answered (a Join, Watch or
/// Resume then looks for it again); `Some(false)`: refused, and told why.
async fn enter(
    here: &mut Here,
    room: mpsc::Sender<Input>,
    input: Input,
    ok: oneshot::Receiver<bool>,
) -> Option<bool> {
    room.send(input).await.ok()?;
    let entered = ok.await.ok()?;
    if entered {
        here.room = Some(In::Here(room));
    }
    Some(entered)
}
