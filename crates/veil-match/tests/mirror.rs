//! A mirror of a match held elsewhere (online): it answers from what the
//! server told it, asks instead of playing, and refuses what does not fit.

use veil_ai::Duration;
use veil_core::{Actor, Game, Seat, SeedableRng, Turn};
use veil_jieqi::Jieqi;
use veil_match::{Asked, Match, SeatKind, Seeds};

fn server() -> Match<Jieqi> {
    Match::new(
        Default::default(),
        vec![SeatKind::Human; 2],
        Seeds::fixed(11, 2),
        Duration::from_secs(1),
    )
}

fn legal(view: &<Jieqi as Game>::Observation, seat: Seat) -> Vec<<Jieqi as Game>::Action> {
    let mut out = Vec::new();
    Jieqi::determinize(view, &mut SeedableRng::seed_from_u64(2))
        .legal_actions(Actor::Seat(seat), &mut out);
    out
}

#[test]
fn a_mirror_follows_the_server_and_asks_instead_of_playing() {
    let mut truth = server();
    let red = Seat(0);
    let mut mirror = Match::<Jieqi>::mirror(
        Default::default(),
        2,
        Some(red),
        truth.observe(red),
        vec![],
        vec![],
        vec![red],
        None,
        truth.version,
    )
    .unwrap();
    assert_eq!(mirror.seat_kind(Seat(1)), SeatKind::Online);
    assert_eq!(mirror.humans(), vec![red]);
    // An action of the seat is asked for, not played; an illegal one or one
    // for the other seat is refused.
    let action = legal(&truth.observe(red), red)[0];
    assert!(mirror.play(Seat(1), action).is_err());
    mirror.play(red, action).unwrap();
    assert!(mirror.awaiting());
    assert!(mirror.play(red, action).is_err(), "one at a time");
    assert_eq!(mirror.take_asked(), vec![Asked::Act(action)]);
    assert_eq!(
        mirror.observe(red),
        truth.observe(red),
        "nothing changed here"
    );
    // The server plays it; the mirror takes the update.
    truth.play(red, action).unwrap();
    let lines = truth.log().to_vec();
    mirror
        .mirror_update(
            Some(truth.observe(red)),
            lines.len(),
            lines.clone(),
            vec![],
            vec![Seat(1)],
            None,
            truth.version,
        )
        .unwrap();
    assert!(!mirror.awaiting());
    assert_eq!(mirror.observe(red), truth.observe(red));
    assert_eq!(mirror.turn(), Turn::Seat(Seat(1)));
    assert_eq!(mirror.log(), &lines[..]);
    assert_eq!(
        mirror.turns(),
        vec![(red, lines.join(" "))],
        "the line is Red's"
    );
    // Undo and resign are asked for too.
    assert!(!mirror.undo(red));
    mirror.resign(red);
    assert_eq!(mirror.take_asked(), vec![Asked::Takeback, Asked::Resign]);
    assert_eq!(
        mirror.turn(),
        Turn::Seat(Seat(1)),
        "resigning waits for the server"
    );
}

#[test]
fn a_mirror_refuses_what_does_not_fit() {
    let truth = server();
    // Another seat's view.
    assert!(
        Match::<Jieqi>::mirror(
            Default::default(),
            2,
            Some(Seat(1)),
            truth.observe(Seat(0)),
            vec![],
            vec![],
            vec![Seat(0)],
            None,
            0
        )
        .is_err()
    );
    // A seat past the game's.
    assert!(
        Match::<Jieqi>::mirror(
            Default::default(),
            2,
            Some(Seat(0)),
            truth.observe(Seat(0)),
            vec![],
            vec![],
            vec![Seat(5)],
            None,
            0
        )
        .is_err()
    );
    let mut mirror = Match::<Jieqi>::mirror(
        Default::default(),
        2,
        Some(Seat(0)),
        truth.observe(Seat(0)),
        vec![],
        vec![],
        vec![Seat(0)],
        None,
        0,
    )
    .unwrap();
    // Lines that do not fit the list, another seat's view: refused, nothing changed.
    assert!(
        mirror
            .mirror_update(
                None,
                1,
                vec!["a".into(), "b".into()],
                vec![],
                vec![Seat(1)],
                None,
                1
            )
            .is_err()
    );
    assert!(
        mirror
            .mirror_update(None, 5, vec!["a".into()], vec![], vec![Seat(1)], None, 1)
            .is_err()
    );
    assert!(
        mirror
            .mirror_update(
                Some(truth.observe(Seat(1))),
                0,
                vec![],
                vec![],
                vec![Seat(1)],
                None,
                1
            )
            .is_err()
    );
    assert_eq!(mirror.turn(), Turn::Seat(Seat(0)));
    assert_eq!(mirror.version, 0);
    // A spectator's mirror asks for nothing.
    let mut watcher = Match::<Jieqi>::mirror(
        Default::default(),
        2,
        None,
        truth.observe_public(),
        vec![],
        vec![],
        vec![Seat(0)],
        None,
        0,
    )
    .unwrap();
    assert!(watcher.humans().is_empty());
    watcher.resign(Seat(0));
    assert!(watcher.take_asked().is_empty());
}

/// A table that comes in mid-game (a reconnect, a spectator) gets each
/// line's writer from the server, so its move list has the same columns as
/// the server's; lines after it keep theirs too.
#[test]
fn a_mirror_joined_mid_game_keeps_the_columns_of_the_move_list() {
    let mut truth = server();
    for ply in 0..6 {
        let seat = Seat(ply % 2);
        let action = legal(&truth.observe(seat), seat)[0];
        truth.play(seat, action).unwrap();
    }
    let writers = truth.writers();
    assert_eq!(writers.len(), truth.log().len());
    assert!(writers.contains(&Some(Seat(1))), "{writers:?}");
    let black = Seat(1);
    let mut mirror = Match::<Jieqi>::mirror(
        Default::default(),
        2,
        Some(black),
        truth.observe(black),
        truth.log().to_vec(),
        writers,
        vec![Seat(0)],
        None,
        truth.version,
    )
    .unwrap();
    assert_eq!(mirror.turns(), truth.turns());
    assert_eq!(mirror.writers(), truth.writers());
    // Without the writers every line would be Red's: one column.
    let guessed = Match::<Jieqi>::mirror(
        Default::default(),
        2,
        Some(black),
        truth.observe(black),
        truth.log().to_vec(),
        vec![],
        vec![Seat(0)],
        None,
        truth.version,
    )
    .unwrap();
    assert_eq!(guessed.turns().len(), 1);
    // The next move's line comes with its writer.
    let from = truth.log().len();
    let action = legal(&truth.observe(Seat(0)), Seat(0))[0];
    truth.play(Seat(0), action).unwrap();
    let lines = truth.log()[from..].to_vec();
    mirror
        .mirror_update(
            Some(truth.observe(black)),
            truth.log().len(),
            lines,
            truth.writers()[from..].to_vec(),
            vec![black],
            None,
            truth.version,
        )
        .unwrap();
    assert_eq!(mirror.turns(), truth.turns());
    // A writer past the game's seats is refused.
    assert!(
        Match::<Jieqi>::mirror(
            Default::default(),
            2,
            Some(black),
            truth.observe(black),
            vec!["a".into()],
            vec![Some(Seat(4))],
            vec![Seat(0)],
            None,
            0,
        )
        .is_err()
    );
}
