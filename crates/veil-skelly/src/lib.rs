//! Skelly (skully, skelsies): the New York street game of bottle caps
//! flicked round a chalk court, for 2 to 6 players.
//!
//! This crate holds the rules, the court and the physics (no graphics): a
//! [`Skelly`] is the full state of a game and implements
//! [`veil_core::Game`].
//!
//! ```
//! use veil_core::{Actor, Game, Seat, Turn};
//! use veil_skelly::{Options, Shot, Skelly, court};
//!
//! let mut game = Skelly::new(&Options::default(), 3).unwrap();
//! assert_eq!(game.turn(), Turn::Seat(Seat(0)));
//! // Seat 0 flicks its cap from the start line into box 1.
//! let from = game.cap(Seat(0)).at.unwrap();
//! let shot = Shot::to_stop_at(from, court::BOXES[0]);
//! let trajectory = game.shoot(shot).unwrap();
//! assert!(trajectory.frames() > 10);
//! // It made the box, so it shoots again, now for box 2.
//! assert_eq!(game.turn(), Turn::Seat(Seat(0)));
//! assert_eq!(game.cap(Seat(0)).leg, 1);
//! // A miss passes the turn.
//! game.apply(Actor::Seat(Seat(0)), Shot::new(0, 100)).unwrap();
//! assert_eq!(game.turn(), Turn::Seat(Seat(1)));
//! ```
//!
//! # How Veil plays it
//!
//! RULINGS §5 settles what the seed text leaves open; where both are silent
//! this crate decides:
//!
//! - **The court** ([`court`]): Veil's own layout, in court units with the
//!   origin at the centre, `x` right and `y` up (away from the start line).
//!   The court is 60 × 60; caps are discs of radius 1; every box is a 6 × 6
//!   square; the dead box is 18 × 18 around box 13 and its quadrants are
//!   taken bottom left, bottom right, top right, top left. Caps start on a
//!   start line below the bottom boxes, seat 0 leftmost.
//! - **Seat 0 shoots first** (the match runner rotates the seats).
//! - **Made the box**: the centre strictly inside the box's lines *(option:
//!   the whole cap inside, touching no line)*. A quadrant is made outside
//!   box 13 only.
//! - **A hit** is the shooter's own cap touching another; caps moved by
//!   those caps are not hit. After a hit the shooter is placed in its target
//!   box (on the free spot nearest its centre) and advances one leg, or two
//!   *(option: one)* if a cap it hit was trapped; every trapped cap it hit is
//!   free, wherever it lies. It shoots again.
//! - **A killer** that hits caps eliminates every cap it touched and shoots
//!   again; a killer's miss passes the turn. A non-killer that touches a
//!   killer becomes a killer and shoots again *(option: is eliminated
//!   instead)*; that takes precedence over any other cap it touched.
//! - **Trapped**: a cap not on its killer run that comes to rest in the
//!   dead box outside box 13 (shot there, or knocked there by caps the
//!   shooter set moving) is trapped and skips its turns until a shooter's
//!   cap hits it (or knocks it out of the dead box through another cap,
//!   which frees it without the bonus). A cap the shooter's cap hits is
//!   never trapped by that shot, wherever it stops. Caps on the killer run
//!   and killers are never trapped. If every cap in play is trapped, all
//!   are set free.
//! - **The killer run**: after the course (1 → 13 → 1) the cap shoots for
//!   13 and then the quadrants in order; any miss on it puts the cap back
//!   in box 1 to start the killer run again (at 13), and the turn passes.
//! - **Leaving the court**: a cap whose centre crosses the court's edge
//!   stops there and goes back to where it lay before the shot (the free
//!   spot nearest). If it was the shooter's, the shot earns nothing (caps
//!   it hit on the way are still set free) and the turn passes.
//! - **The end**: the last cap in play wins. So that every game ends, a
//!   game stops after 150 shots per seat on average *(option)*; the caps are
//!   then ranked by progress (killers first, then by the leg they shoot
//!   for, equal progress sharing a place), eliminated caps below them, the
//!   later eliminated higher.
//! - **Shots**: a [`Shot`] is a direction in 65536ths of a turn and a
//!   strength from 1 to 10000 (a full flick slides 90 units, a little more
//!   than the court's diagonal). [`Game::legal_actions`](veil_core::Game)
//!   lists a coarse menu ([`Skelly::menu`]) for the generic search;
//!   [`Game::apply`](veil_core::Game) takes any shot of valid strength.
//!
//! # Physics, animation and the computer
//!
//! The physics ([`physics`]) is a small dedicated simulation, the same bits
//! on every target; the module's documentation says why and how.
//! [`Skelly::shoot`] plays a shot and returns its [`Trajectory`]: every
//! cap's position after every 1/120 s step, every collision (with its
//! closing speed, for the click) and the caps' energy per frame (for the
//! scrape). The app animates exactly that; then the rules may move caps
//! the animation does not show (a shooter placed in its box after a hit,
//! a cap back from off the court, a killer run restarted from box 1,
//! eliminated caps removed): [`Skelly::last_shot`]'s [`Event`]s say which,
//! and [`Skelly::caps`] says where everything lies now.
//!
//! The computer player ([`ai`]) picks shots by simulating candidates under
//! its level's execution noise; [`ai::choose`] is the chooser `veil-cli
//! match` uses. The generic search (`veil_ai::choose`) also plays, from
//! the coarse menu. [`testing::Novice`] models a person new to the game,
//! to measure the levels against (`veil-cli novice`): Easy ("Beginner")
//! should win about half its games against it.
//!
//! `scripts/skelly-determinism.sh` checks that the simulation gives the
//! same bits compiled to wasm32 (under Node) as natively.

pub mod ai;
pub mod court;
mod game;
pub mod physics;
pub mod testing;

pub use court::{MadeBy, Point, Target};
pub use game::{Cap, End, Event, KillerHit, Options, ShotReport, Skelly, SkellyParts, SkellyView};
pub use physics::{Collision, Shot, Trajectory};
