//! The leak sweep: every one of the eight games played out at random by
//! WebSocket clients, one a seat, plus a spectator; every view any client
//! held, at every version, must be exactly what the rules give its seat
//! (`observe(seat)`; the spectator's `observe(None)`), the move list the
//! public one, and no other frame may carry another seat's secrets: no
//! part of any frame but its view (lines, errors, seats, results) may name,
//! in the game's own words, a fact hidden from its seat at that version
//! (`Game::hidden_facts`: a card in another Tysiąc hand, where an Intrigue
//! King hides, the Secret King, a Hide and Guess secret, a captured Jieqi
//! piece its owner was not shown, a Reality Check piece's under-face).
//! Servers that leak
//! on purpose — a view, a secret written into one seat's move list — must
//! be caught.

mod common;
mod one;

use std::time::Duration;

use common::sweep::{Truth, Words, check, check_facts, hidden_words};
use common::{Pick, Player, rules, server, truth};
use veil_core::Seat;
use veil_net::SeatSpec;
use veil_server::Running;

/// The games whose hidden facts have words of their own
/// ([`veil_match::MatchGame::fact_text`]).
const WORDED: [&str; 6] = [
    "tysiac",
    "hide-and-guess",
    "intrigue",
    "secret-king",
    "jieqi",
    "reality-check",
];

/// Plays one room of `game` at random for up to `max` actions; the
/// clients (seats first, the spectator last) and the truth.
async fn play(
    server: &Running,
    game: &str,
    seed: u64,
    max: usize,
) -> (Vec<Player>, Truth, Words, Result<(), String>) {
    let entry = veil_games::entry(game).unwrap();
    let n = entry.seats.default;
    let mut seats = vec![SeatSpec::Me];
    seats.extend(std::iter::repeat_n(SeatSpec::Person, n - 1));
    let mut clients = vec![Player::connect(server.addr).await];
    let code = clients[0].create(game, seats, None).await;
    for i in 1..n {
        let mut p = Player::connect(server.addr).await;
        p.join(&code, &format!("p{i}")).await;
        clients.push(p);
    }
    let mut watcher = Player::connect(server.addr).await;
    watcher.watch(&code).await;
    clients.push(watcher);
    let w = n;
    let rules = rules(game, n);
    let mut pick = Pick(seed);
    let mut outcome = Ok(());
    let mut acted = 0;
    while acted < max {
        if clients[w].over {
            break;
        }
        if clients[w].to_act.is_empty() {
            // Chance held back by a pause: the next update brings it.
            if clients[w].next().await.is_none() {
                outcome = Err("nothing came while no seat could act".into());
                break;
            }
            continue;
        }
        let s = clients[w].to_act[pick.below(clients[w].to_act.len())];
        let target = clients[w].v;
        let p = &mut clients[usize::from(s)];
        p.reach(target).await;
        let legal = match rules.legal_from_view(&p.view, Seat(s)) {
            Ok(l) if !l.is_empty() => l,
            other => {
                outcome = Err(format!("{game}: no legal action for seat {s}: {other:?}"));
                break;
            }
        };
        let action = legal[pick.below(legal.len())].clone();
        let seq = p.act(action).await;
        if let Err(code) = p.answer(seq).await {
            outcome = Err(format!("{game}: seat {s}'s action refused: {code}"));
            break;
        }
        acted += 1;
        let v = p.v;
        clients[w].reach(v).await;
    }
    let last = server.inspect(&code).await.unwrap().version;
    for c in &mut clients {
        if c.v < last {
            c.reach(last).await;
        }
        c.drain(Duration::from_millis(20)).await;
    }
    let stored = server.stored(&code).await.unwrap();
    let steps: Vec<_> = stored.steps.iter().map(|s| s.2.clone()).collect();
    let words = hidden_words(&stored.opening, &steps);
    (clients, truth(&stored.opening, &steps), words, outcome)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_frame_carries_what_its_seat_may_not_know_in_any_game() {
    let _one = one::at_a_time().await;
    let server = server().await;
    // The same chance every run: with the OS's, a Jieqi game of 60 random
    // moves now and then takes no face-down piece, and its secrets would
    // go unlooked-for.
    server.shared.faults.set_seed(Some(11));
    let mut hidden_somewhere = 0;
    let mut worded = 0;
    for (k, entry) in veil_games::GAMES.iter().enumerate() {
        let (clients, truth, words, played) = play(&server, entry.id, 11 + k as u64, 60).await;
        played.unwrap();
        check(entry.id, &clients, &truth).unwrap();
        let looked = check_facts(entry.id, &clients, &words).unwrap();
        eprintln!(
            "{}: {looked} (frame, hidden fact) pairs looked at",
            entry.id
        );
        // Where the game has words for its secrets, they were looked for.
        if WORDED.contains(&entry.id) {
            assert!(looked > 0, "{}: no hidden fact was looked for", entry.id);
            worded += 1;
        }
        // The sweep means something: some seat had secrets from another.
        let differs = truth
            .values()
            .any(|(views, _, _)| views.iter().any(|v| *v != views[0]));
        hidden_somewhere += usize::from(differs);
        assert!(clients.iter().all(|c| c.history.len() > 1), "{}", entry.id);
    }
    assert!(
        hidden_somewhere >= 6,
        "only {hidden_somewhere} games hid anything"
    );
    assert_eq!(
        worded,
        WORDED.len(),
        "a game id changed: the games with words for their secrets"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_leaks_is_caught() {
    let _one = one::at_a_time().await;
    let server = server().await;
    for game in ["jieqi", "tysiac"] {
        // Seat 1 is sent seat 0's view.
        server.shared.faults.set_leak(Some((1, 0)));
        let (clients, truth, _, _) = play(&server, game, 5, 12).await;
        server.shared.faults.set_leak(None);
        let caught = check(game, &clients, &truth);
        let Err(why) = caught else {
            panic!("{game}: the leak was not caught")
        };
        assert!(why.contains("seat 1"), "{why}");
        // And the same play without the fault passes.
        let (clients, truth, _, played) = play(&server, game, 5, 12).await;
        played.unwrap();
        check(game, &clients, &truth).unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_secret_written_into_a_move_list_is_caught() {
    let _one = one::at_a_time().await;
    let server = server().await;
    // The same chance every run: the secrets below are there every time.
    server.shared.faults.set_seed(Some(7));
    for game in WORDED {
        // Long enough for seat 1 to have a secret kept from it: Jieqi's
        // first face-down piece of Black's taken, Reality Check's setup
        // over and a piece not shown.
        let max = match game {
            "jieqi" | "reality-check" => 40,
            _ => 16,
        };
        // Seat 1's move list carries a fact hidden from it.
        server.shared.faults.set_leak_line(Some(1));
        let (clients, _, words, _) = play(&server, game, 7, max).await;
        server.shared.faults.set_leak_line(None);
        let caught = check_facts(game, &clients, &words);
        let Err(why) = caught else {
            panic!("{game}: the secret in the move list was not caught")
        };
        assert!(why.contains("seat 1 was sent"), "{why}");
        eprintln!("caught: {}", why.chars().take(140).collect::<String>());
        // And the same play without the fault passes.
        let (clients, truth, words, played) = play(&server, game, 7, max).await;
        played.unwrap();
        check(game, &clients, &truth).unwrap();
        check_facts(game, &clients, &words).unwrap();
    }
}
