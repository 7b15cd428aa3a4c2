//! Every reading of RULINGS §5, and every option.

use veil_core::{Actor, Game, Seat, Turn};
use veil_skelly::court::{BOXES, KILLER, KILLER_RUN, LEGS, START_SPOTS};
use veil_skelly::{
    Cap, End, Event, KillerHit, MadeBy, Options, Point, Shot, Skelly, SkellyParts, Target,
};

fn cap(x: f64, y: f64, leg: u8) -> Cap {
    Cap {
        at: Some(Point::new(x, y)),
        leg,
        trapped: false,
    }
}

fn game(options: Options, caps: Vec<Cap>, shooter: u8) -> Skelly {
    let eliminated = (0..caps.len())
        .filter(|i| caps[*i].at.is_none())
        .map(|i| Seat(i as u8))
        .collect();
    Skelly::from_parts(SkellyParts {
        options,
        caps,
        shooter: Seat(shooter),
        shots: 0,
        eliminated,
        last: None,
    })
    .expect("a valid position")
}

fn at(g: &Skelly, seat: u8) -> Point {
    g.cap(Seat(seat)).at.expect("in play")
}

fn shoot_to(g: &mut Skelly, to: Point) -> Vec<Event> {
    let from = at(g, g.shooter().0);
    g.shoot(Shot::to_stop_at(from, to)).expect("a valid shot");
    g.last_shot().unwrap().events.clone()
}

/// A shot that makes a cap slide `d` units along +x.
fn along_x(d: f64) -> Shot {
    Shot::new(0, Shot::strength_for(d))
}

#[test]
fn the_course_runs_up_to_13_down_to_1_then_the_killer_run() {
    let boxes: Vec<Target> = (1..=13).chain((1..=12).rev()).map(Target::Box).collect();
    assert_eq!(&LEGS[..25], &boxes[..]);
    assert_eq!(LEGS[KILLER_RUN as usize], Target::Box(13));
    assert_eq!(&LEGS[26..], &[1, 2, 3, 4].map(Target::Quadrant)[..]);
    assert_eq!(KILLER as usize, LEGS.len());
}

#[test]
fn making_the_box_shoots_again_and_a_miss_passes() {
    let mut g = Skelly::new(&Options::default(), 3).unwrap();
    for (leg, b) in [BOXES[0], BOXES[1], BOXES[2]].iter().enumerate() {
        let events = shoot_to(&mut g, *b);
        assert_eq!(
            events,
            vec![Event::Made {
                seat: Seat(0),
                leg: leg as u8
            }]
        );
        assert_eq!(g.turn(), Turn::Seat(Seat(0)));
    }
    assert_eq!(g.cap(Seat(0)).leg, 3);
    // Box 4 is the target; stopping short of it misses.
    let events = shoot_to(&mut g, Point::new(0.0, -15.0));
    assert_eq!(events, vec![Event::Missed { seat: Seat(0) }]);
    assert_eq!(g.turn(), Turn::Seat(Seat(1)));
    assert_eq!(g.cap(Seat(0)).leg, 3);
    assert!(
        at(&g, 0).distance(Point::new(0.0, -15.0)) < 0.1,
        "the cap stays where it stopped"
    );
}

#[test]
fn made_by_centre_or_the_whole_cap() {
    // Box 1 spans [-25, -19]; a cap stopping at x = -19.5 has its centre in
    // but its rim over the line.
    let spot = Point::new(-19.5, -22.0);
    for (made_by, made) in [(MadeBy::Centre, true), (MadeBy::WholeCap, false)] {
        let options = Options {
            made_by,
            ..Options::default()
        };
        let mut g = game(options, vec![cap(-19.5, -10.0, 0), cap(10.0, -28.0, 0)], 0);
        shoot_to(&mut g, spot);
        assert!(at(&g, 0).distance(spot) < 0.1);
        assert_eq!(g.cap(Seat(0)).leg == 1, made, "{made_by:?}");
    }
}

#[test]
fn a_hit_places_the_shooter_in_its_target_box_and_it_shoots_again() {
    // Seat 0 (for box 5) hits seat 1 lying in its way.
    let mut g = game(
        Options::default(),
        vec![cap(-10.0, 0.0, 4), cap(0.0, 15.0, 3), cap(-5.0, 0.0, 7)],
        0,
    );
    g.shoot(along_x(20.0)).unwrap();
    let events = g.last_shot().unwrap().events.clone();
    assert_eq!(
        events,
        vec![Event::Hit {
            seat: Seat(0),
            legs: 1
        }]
    );
    assert_eq!(g.cap(Seat(0)).leg, 5);
    assert_eq!(at(&g, 0), BOXES[4], "placed in box 5");
    assert_eq!(g.turn(), Turn::Seat(Seat(0)));
    assert!(at(&g, 2).x > 5.0, "the struck cap slid on");
}

#[test]
fn a_placed_cap_never_lands_on_another() {
    // Box 5's centre is taken: the shooter goes on the nearest free spot.
    let mut g = game(
        Options::default(),
        vec![cap(-10.0, 0.0, 4), cap(-22.0, -8.0, 3), cap(-5.0, 0.0, 7)],
        0,
    );
    g.shoot(along_x(20.0)).unwrap();
    assert_eq!(g.cap(Seat(0)).leg, 5);
    let p = at(&g, 0);
    assert!(p.distance(at(&g, 1)) >= 2.0);
    assert!(Target::Box(5).made(p, MadeBy::WholeCap), "{p:?}");
}

#[test]
fn the_dead_box_traps_until_a_hit_frees_for_two_boxes() {
    for (bonus, expected_leg) in [(2u8, 6u8), (1, 5)] {
        let options = Options {
            freeing_bonus: bonus,
            ..Options::default()
        };
        let mut g = game(
            options,
            vec![cap(-20.0, 0.0, 4), cap(-20.0, 15.0, 10), cap(20.0, 15.0, 2)],
            1,
        );
        // Seat 1 (for box 11) stops in the dead box: trapped.
        let events = shoot_to(&mut g, Point::new(-5.0, 5.0));
        assert!(
            events.contains(&Event::Trapped { seat: Seat(1) }),
            "{events:?}"
        );
        assert!(g.cap(Seat(1)).trapped);
        assert_eq!(g.turn(), Turn::Seat(Seat(2)));
        // Seat 2 misses: seat 1 is skipped.
        shoot_to(&mut g, Point::new(20.0, 20.0));
        assert_eq!(g.turn(), Turn::Seat(Seat(0)));
        // Seat 0 hits seat 1 free and advances `bonus` legs.
        let from = at(&g, 0);
        let to = at(&g, 1);
        g.shoot(Shot::new(
            Shot::angle_towards(from, to),
            Shot::strength_for(from.distance(to) + 3.0),
        ))
        .unwrap();
        let events = g.last_shot().unwrap().events.clone();
        assert!(
            events.contains(&Event::Freed {
                seat: Seat(1),
                by: Seat(0)
            }),
            "{events:?}"
        );
        assert!(events.contains(&Event::Hit {
            seat: Seat(0),
            legs: bonus
        }));
        assert_eq!(g.cap(Seat(0)).leg, expected_leg);
        assert_eq!(at(&g, 0), LEGS[expected_leg as usize - 1].spot());
        assert!(!g.cap(Seat(1)).trapped);
        assert_eq!(g.turn(), Turn::Seat(Seat(0)));
    }
}

#[test]
fn box_13_is_no_trap_and_killers_rest_in_the_dead_box() {
    let mut g = game(
        Options::default(),
        vec![
            cap(-20.0, 0.0, 12),
            cap(-20.0, 15.0, KILLER),
            cap(20.0, 15.0, 2),
        ],
        0,
    );
    let events = shoot_to(&mut g, Point::new(0.0, 0.0));
    assert_eq!(
        events,
        vec![Event::Made {
            seat: Seat(0),
            leg: 12
        }]
    );
    assert!(!g.cap(Seat(0)).trapped);
    // A miss from 13 towards 12 that stops in the dead box traps.
    let events = shoot_to(&mut g, Point::new(4.0, 6.0));
    assert!(events.contains(&Event::Trapped { seat: Seat(0) }));
    // The killer shoots into the dead box and is not trapped.
    shoot_to(&mut g, Point::new(-5.0, 6.0));
    assert!(!g.cap(Seat(1)).trapped);
    assert_eq!(g.turn(), Turn::Seat(Seat(2)));
}

#[test]
fn when_every_cap_in_play_is_trapped_all_go_free() {
    let mut trapped = cap(5.0, 5.0, 3);
    trapped.trapped = true;
    let mut g = game(Options::default(), vec![trapped, cap(-20.0, -10.0, 4)], 1);
    let events = shoot_to(&mut g, Point::new(-5.0, -5.0));
    assert!(events.contains(&Event::Trapped { seat: Seat(1) }));
    assert!(events.contains(&Event::AllFreed));
    assert!(!g.cap(Seat(0)).trapped && !g.cap(Seat(1)).trapped);
    assert_eq!(g.turn(), Turn::Seat(Seat(0)));
}

#[test]
fn the_killer_run_takes_13_then_the_quadrants_in_order() {
    let mut g = game(
        Options::default(),
        vec![cap(-22.0, -22.0, KILLER_RUN), cap(20.0, 25.0, 3)],
        0,
    );
    shoot_to(&mut g, Point::new(0.0, 0.0));
    assert_eq!(g.cap(Seat(0)).leg, KILLER_RUN + 1);
    for (i, q) in [(-5.0, -5.0), (5.0, -5.0), (5.0, 5.0)].iter().enumerate() {
        let events = shoot_to(&mut g, Point::new(q.0, q.1));
        assert_eq!(
            events,
            vec![Event::Made {
                seat: Seat(0),
                leg: KILLER_RUN + 1 + i as u8
            }]
        );
        assert!(!g.cap(Seat(0)).trapped);
    }
    let events = shoot_to(&mut g, Point::new(-5.0, 5.0));
    assert!(events.contains(&Event::BecameKiller { seat: Seat(0) }));
    assert!(g.cap(Seat(0)).is_killer());
    assert_eq!(g.turn(), Turn::Seat(Seat(0)));
}

#[test]
fn a_miss_on_the_killer_run_restarts_it_from_box_1() {
    let mut g = game(
        Options::default(),
        vec![cap(-8.0, -3.0, KILLER_RUN + 2), cap(20.0, 25.0, 3)],
        0,
    );
    // For quadrant 2 (bottom right) but into quadrant 3.
    let events = shoot_to(&mut g, Point::new(5.0, 5.0));
    assert_eq!(
        events,
        vec![
            Event::Missed { seat: Seat(0) },
            Event::KillerRunRestarts { seat: Seat(0) }
        ]
    );
    assert_eq!(g.cap(Seat(0)).leg, KILLER_RUN);
    assert_eq!(at(&g, 0), BOXES[0]);
    assert_eq!(g.turn(), Turn::Seat(Seat(1)));
}

#[test]
fn a_killer_eliminates_what_it_hits_and_the_last_cap_wins() {
    let mut g = game(
        Options::default(),
        vec![
            cap(-10.0, 0.0, KILLER),
            cap(-5.0, 0.0, 20),
            cap(20.0, 20.0, 2),
        ],
        0,
    );
    g.shoot(along_x(12.0)).unwrap();
    let events = g.last_shot().unwrap().events.clone();
    assert_eq!(
        events,
        vec![Event::Eliminated {
            seat: Seat(1),
            by: Seat(0)
        }]
    );
    assert!(g.cap(Seat(1)).at.is_none());
    assert_eq!(g.turn(), Turn::Seat(Seat(0)), "a killer's hit shoots again");
    let from = at(&g, 0);
    let to = at(&g, 2);
    g.shoot(Shot::new(
        Shot::angle_towards(from, to),
        Shot::strength_for(from.distance(to) + 2.0),
    ))
    .unwrap();
    assert_eq!(g.end(), Some(End::LastCap(Seat(0))));
    assert_eq!(g.turn(), Turn::Over);
    let outcome = g.outcome().unwrap();
    assert_eq!(
        outcome.ranks,
        vec![0, 2, 1],
        "the later eliminated ranks higher"
    );
    assert_eq!(outcome.reason, "last cap in play");
    assert!(g.apply(Actor::Seat(Seat(0)), Shot::new(0, 100)).is_err());
}

#[test]
fn a_non_killer_that_hits_a_killer_becomes_one_or_is_eliminated() {
    for (rule, killer, out) in [
        (KillerHit::BecomesKiller, true, false),
        (KillerHit::Eliminated, false, true),
    ] {
        let options = Options {
            killer_hit: rule,
            ..Options::default()
        };
        let mut g = game(
            options,
            vec![
                cap(-10.0, 0.0, 4),
                cap(-5.0, 0.0, KILLER),
                cap(20.0, 20.0, 2),
            ],
            0,
        );
        g.shoot(along_x(12.0)).unwrap();
        assert_eq!(g.cap(Seat(0)).is_killer(), killer, "{rule:?}");
        assert_eq!(g.cap(Seat(0)).at.is_none(), out, "{rule:?}");
        assert!(g.cap(Seat(1)).at.is_some(), "the killer stays");
        let next = if killer { Seat(0) } else { Seat(1) };
        assert_eq!(g.turn(), Turn::Seat(next));
    }
}

#[test]
fn a_cap_that_leaves_the_court_returns_and_the_turn_passes() {
    let mut g = game(
        Options::default(),
        vec![cap(20.0, 0.0, 4), cap(26.0, 0.3, 5), cap(-20.0, 20.0, 2)],
        0,
    );
    // Seat 0 knocks seat 1 off the court: seat 1 comes back, the hit counts.
    g.shoot(along_x(80.0)).unwrap();
    let events = g.last_shot().unwrap().events.clone();
    assert_eq!(
        events,
        vec![
            Event::LeftCourt { seat: Seat(1) },
            Event::Hit {
                seat: Seat(0),
                legs: 1
            }
        ]
    );
    assert_eq!(at(&g, 1), Point::new(26.0, 0.3));
    // Seat 0 (in box 5 now) flies off the court by itself.
    g.shoot(Shot::new(32768, Shot::MAX_STRENGTH)).unwrap();
    let events = g.last_shot().unwrap().events.clone();
    assert_eq!(events, vec![Event::LeftCourt { seat: Seat(0) }]);
    assert_eq!(at(&g, 0), BOXES[4]);
    assert_eq!(g.cap(Seat(0)).leg, 5, "the shot earns nothing");
    assert_eq!(g.turn(), Turn::Seat(Seat(1)));
}

#[test]
fn the_shot_limit_ranks_by_progress() {
    let options = Options {
        shots_per_seat: 1,
        ..Options::default()
    };
    let mut g = game(options, vec![cap(-20.0, 0.0, 4), cap(-20.0, 15.0, 9)], 0);
    g.apply(Actor::Seat(Seat(0)), Shot::new(16384, 50)).unwrap();
    g.apply(Actor::Seat(Seat(1)), Shot::new(16384, 50)).unwrap();
    assert_eq!(g.end(), Some(End::ShotLimit));
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.ranks, vec![1, 0]);
    assert_eq!(outcome.reason, "shot limit reached");
}

#[test]
fn bad_shots_and_bad_states_are_refused() {
    let mut g = Skelly::new(&Options::default(), 2).unwrap();
    let before = g.clone();
    for bad in [Shot::new(0, 0), Shot::new(5, Shot::MAX_STRENGTH + 1)] {
        assert!(g.apply(Actor::Seat(Seat(0)), bad).is_err());
    }
    assert!(g.apply(Actor::Seat(Seat(1)), Shot::new(0, 10)).is_err());
    assert_eq!(g, before);
    assert!(Skelly::new(&Options::default(), 1).is_err());
    assert!(Skelly::new(&Options::default(), 7).is_err());
    assert!(
        Skelly::new(
            &Options {
                freeing_bonus: 3,
                ..Options::default()
            },
            3
        )
        .is_err()
    );
    // Saves are checked.
    let text = serde_json::to_string(&g).unwrap();
    assert_eq!(serde_json::from_str::<Skelly>(&text).unwrap(), g);
    for (from, to) in [
        ("\"leg\":0", "\"leg\":31"),
        ("\"shooter\":0", "\"shooter\":5"),
        ("-28.0", "1e999"),
        ("-28.0", "-31.0"),
        ("\"eliminated\":[]", "\"eliminated\":[1]"),
    ] {
        let bad = text.replacen(from, to, 1);
        assert_ne!(bad, text, "{from}");
        assert!(serde_json::from_str::<Skelly>(&bad).is_err(), "{bad}");
    }
    let mut played = g.clone();
    played
        .apply(Actor::Seat(Seat(0)), Shot::new(0, 300))
        .unwrap();
    let text = serde_json::to_string(&played).unwrap();
    assert!(text.contains("\"seat\":0"));
    let bad = text.replace("\"seat\":0", "\"seat\":9");
    assert!(serde_json::from_str::<Skelly>(&bad).is_err(), "{bad}");
    // Options read with defaults for what is missing.
    let o: Options = serde_json::from_str("{\"freeing_bonus\":1}").unwrap();
    assert_eq!(
        o,
        Options {
            freeing_bonus: 1,
            ..Options::default()
        }
    );
}

#[test]
fn the_trajectory_ends_where_the_rules_put_the_caps() {
    let mut g = Skelly::new(&Options::default(), 4).unwrap();
    assert_eq!(
        START_SPOTS[..4],
        g.positions().iter().map(|p| p.unwrap()).collect::<Vec<_>>()[..]
    );
    let shot = Shot::new(Shot::angle_towards(START_SPOTS[0], START_SPOTS[3]), 3000);
    let (next, t) = g.preview(shot).unwrap();
    let last = t.frame(t.frames() - 1);
    assert_eq!(t.frame(0), &START_SPOTS[..4]);
    assert!(!t.collisions.is_empty());
    g.apply(Actor::Seat(Seat(0)), shot).unwrap();
    assert_eq!(g, next);
    // The shooter hit a cap, so the rules placed it in box 1 after the
    // animation; every other cap lies where the animation ends.
    assert!(g.last_shot().unwrap().events.contains(&Event::Hit {
        seat: Seat(0),
        legs: 1
    }));
    assert_eq!(g.positions()[0], Some(BOXES[0]));
    for (i, p) in g.positions().iter().enumerate().skip(1) {
        assert_eq!(p.unwrap(), last[i], "cap {i}");
    }
}

#[test]
fn the_menu_is_coarse_but_apply_takes_any_shot() {
    let g = Skelly::new(&Options::default(), 3).unwrap();
    let mut menu = Vec::new();
    g.legal_actions(Actor::Seat(Seat(0)), &mut menu);
    assert!(menu.len() >= 72);
    assert_eq!(menu[0], Shot::to_stop_at(START_SPOTS[0], BOXES[0]));
    let odd = Shot::new(12_345, 6_789);
    assert!(!menu.contains(&odd));
    let mut g2 = g.clone();
    g2.apply(Actor::Seat(Seat(0)), odd).unwrap();
    g.legal_actions(Actor::Seat(Seat(1)), &mut menu);
    assert!(menu.is_empty());
}

#[test]
fn a_trapped_cap_knocked_out_through_another_is_free_without_the_bonus() {
    let mut trapped = cap(-6.0, -5.0, 3);
    trapped.trapped = true;
    let mut g = game(
        Options::default(),
        vec![cap(-20.0, -5.0, 4), cap(-12.0, -5.0, 6), trapped],
        0,
    );
    g.shoot(along_x(45.0)).unwrap();
    let events = g.last_shot().unwrap().events.clone();
    let t = at(&g, 2);
    assert!(t.x > 9.0 && t.x < 30.0, "{t:?}");
    assert_eq!(
        events,
        vec![
            Event::Freed {
                seat: Seat(2),
                by: Seat(0)
            },
            Event::Hit {
                seat: Seat(0),
                legs: 1
            }
        ]
    );
    assert!(!g.cap(Seat(2)).trapped);
}
