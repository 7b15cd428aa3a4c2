//! The leak sweep's checks, shared by `leak.rs` (one server) and
//! `fanout.rs` (the seats of a room on different servers): every view a
//! client held at every version against the referee's, and every other
//! frame against the facts hidden from its seat.

use std::collections::HashMap;

use serde_json::Value;
use veil_core::Seat;
use veil_net::Server;

use super::Player;

pub type Truth = HashMap<u64, (Vec<Value>, Value, Vec<String>)>;
/// At every version, for each seat, the words of the facts hidden from it
/// ([`veil_match::AnyMatch::fact_words_for_tests`]); and what everybody
/// may read (the public view and the move list, as text).
pub type Words = HashMap<u64, (Vec<Vec<String>>, String)>;

/// The words of every fact hidden from each seat, at every version of a
/// stored room.
pub fn hidden_words(opening: &veil_match::Opening, steps: &[veil_match::Step]) -> Words {
    let mut m = veil_match::open(opening).unwrap();
    let mut out = HashMap::new();
    let snap = |m: &dyn veil_match::AnyMatch| {
        let words = Seat::all(m.seats())
            .map(|s| {
                let mut w: Vec<String> = m
                    .hidden_facts_for_tests(s)
                    .into_iter()
                    .filter_map(|f| m.fact_words_for_tests(f))
                    .collect();
                w.sort();
                w.dedup();
                w
            })
            .collect();
        let public = format!("{} {}", m.observe(None), m.log().join("\n"));
        (words, public)
    };
    out.insert(m.version(), snap(&*m));
    for step in steps {
        m.step(step).unwrap();
        out.insert(m.version(), snap(&*m));
    }
    out
}

/// Every frame but its view, against the facts hidden from the client's
/// seat at the version it was sent at (the spectator: from any seat). A
/// word that everybody may read at that version (a card played in an
/// earlier hand and dealt again, a triangle built that happens to be a
/// secret) proves nothing and is passed over. How many (frame, hidden
/// word) pairs were looked at, or the leak.
pub fn check_facts(game: &str, clients: &[Player], words: &Words) -> Result<usize, String> {
    let seats = clients.len() - 1;
    let mut looked = 0;
    for (i, c) in clients.iter().enumerate() {
        let who = if i < seats {
            format!("seat {i}")
        } else {
            "the spectator".into()
        };
        let mut v = 0;
        for frame in &c.frames {
            let rest = match frame {
                Server::Update(u) => {
                    v = u.v;
                    let mut u = u.clone();
                    u.view = None;
                    Server::Update(u).to_text()
                }
                Server::Snapshot(s) => {
                    v = s.v;
                    let mut s = s.clone();
                    s.view = Value::Null;
                    Server::Snapshot(s).to_text()
                }
                // The record with every secret comes once the game is over.
                Server::Record { .. } => {
                    if !c.over {
                        return Err(format!("{game}: {who} was sent the record before the end"));
                    }
                    continue;
                }
                other => other.to_text(),
            };
            let (hidden, public) = words
                .get(&v)
                .ok_or_else(|| format!("{game}: a frame at version {v}, which never was"))?;
            let mine: Vec<&String> = if i < seats {
                hidden[i].iter().collect()
            } else {
                hidden.iter().flatten().collect()
            };
            for w in mine {
                if public.contains(w.as_str()) {
                    continue;
                }
                looked += 1;
                if rest.contains(w.as_str()) {
                    return Err(format!(
                        "{game}: {who} was sent {w:?}, hidden from it at version {v}, in {rest}"
                    ));
                }
            }
        }
    }
    Ok(looked)
}

/// The parts of `theirs` that `mine` does not have, as JSON text (long
/// enough not to match by chance).
pub fn secrets(theirs: &Value, mine: &Value, out: &mut Vec<String>) {
    match (theirs, mine) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in a {
                match b.get(k) {
                    Some(w) => secrets(v, w, out),
                    None => out.push(v.to_string()),
                }
            }
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            for (v, w) in a.iter().zip(b) {
                secrets(v, w, out);
            }
        }
        (a, b) if a != b => out.push(a.to_string()),
        _ => {}
    }
}

/// Every client's views against the truth; every other frame against
/// the other seats' secrets.
pub fn check(game: &str, clients: &[Player], truth: &Truth) -> Result<(), String> {
    let seats = clients.len() - 1;
    for (i, c) in clients.iter().enumerate() {
        let seat = (i < seats).then_some(i);
        for (v, view, lines) in &c.history {
            let (views, public, log) = truth
                .get(v)
                .ok_or_else(|| format!("{game}: a frame at version {v}, which never was"))?;
            let expected = seat.map_or(public, |s| &views[s]);
            if view != expected {
                return Err(format!(
                    "{game}: the view of {} at version {v} is not what it may know",
                    seat.map_or("the spectator".to_string(), |s| format!("seat {s}"))
                ));
            }
            if lines != log {
                return Err(format!(
                    "{game}: move list of client {i} at version {v} differs"
                ));
            }
        }
        // Frames other than views: nothing another seat keeps to itself.
        let Some(s) = seat else { continue };
        for (text, frame) in c.texts.iter().zip(&c.frames) {
            if matches!(
                frame,
                Server::Update(_) | Server::Snapshot(_) | Server::Record { .. }
            ) {
                continue;
            }
            for (views, _, _) in truth.values() {
                for (o, theirs) in views.iter().enumerate() {
                    if o == s {
                        continue;
                    }
                    let mut hidden = Vec::new();
                    secrets(theirs, &views[s], &mut hidden);
                    if let Some(h) = hidden
                        .iter()
                        .find(|h| h.len() >= 12 && text.contains(h.as_str()))
                    {
                        return Err(format!(
                            "{game}: seat {s} was sent seat {o}'s {h} in {text}"
                        ));
                    }
                }
            }
        }
    }
    Ok(())
}
