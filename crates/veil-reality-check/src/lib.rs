//! Reality Check, Andrew Juell's chess variant on 39 squares with two-faced
//! pieces, read as Veil's RULINGS §3.
//!
//! ```
//! use veil_reality_check::{Action, RealityCheck, STANDARD_FIXED};
//! use veil_core::{Actor, Game, Seat, Turn};
//!
//! // The standard setup with a fixed arrangement (the perft position).
//! let mut game = RealityCheck::standard_fixed();
//! assert_eq!(game.to_fen(), STANDARD_FIXED);
//! // White's first move is a quiet move without a flip.
//! game.apply(Actor::Seat(Seat(0)), "c3-c4".parse().unwrap()).unwrap();
//! assert_eq!(game.turn(), Turn::Seat(Seat(1)));
//! // Black moves, then must flip a piece: here White's d1.
//! game.apply(Actor::Seat(Seat(1)), "e7-e6".parse().unwrap()).unwrap();
//! game.apply(Actor::Seat(Seat(1)), "~c4".parse().unwrap()).unwrap();
//! // The flip showed White's c4 to be the P-N piece: both players know it now.
//! let seen = game.observe(Seat(1)).piece("c4".parse().unwrap()).unwrap();
//! assert_eq!(seen.kind.map(|k| k.to_string()), Some("PN".into()));
//! ```
//!
//! # The game
//!
//! Each side owns ten pieces with a chess face on either side (P-P, P-N,
//! P-B, P-R, N-N, N-B, N-R, B-B, B-R, R-R); the four with equal faces are
//! **true**, and removing all four of the enemy's wins. Faces move as chess
//! pieces (no King); a Pawn face steps one square orthogonally and captures
//! one square diagonally, in every direction. A turn is one of: a quiet
//! move followed by a flip of any piece but the one the opponent just
//! flipped or dropped ([`Action::Move`] then [`Action::Flip`]); a drop from
//! hand on an empty home square with either face up ([`Action::Drop`]); a
//! capture sending the piece to its owner's hand ([`Action::Capture`]); or
//! a capture declared as a Reality Check ([`Action::Check`]), which shows
//! both pieces: if both are true the captured piece leaves play for good.
//! A hand holds at most (true pieces in play − 1) pieces; a side over it
//! must drop, and loses if it cannot; a capture that would put a side over
//! it lets that side take the piece ([`Action::Take`]) or remove it from
//! play ([`Action::Refuse`]). No legal action loses; threefold repetition
//! and 300 plies draw. Options ([`Options`]): Memory mode, Strategic
//! Retreat, the Memory action, free setup, the advanced board, one or two
//! dice.
//!
//! # Readings where §3 is silent
//!
//! - **A flip shows the piece**: every flip is public, so after it both
//!   players know both faces of the flipped piece for as long as it stays on
//!   the board. A piece that goes through a hand is anonymous again — even
//!   to a player who knew it (the observation forgets what was known of a
//!   piece once it is in hand; the owner of course knows its own hand).
//! - **Removed pieces are shown**: a piece removed from play (a refused
//!   capture, a Reality Check, a Memory-action penalty) is turned over for
//!   both, so the count of true pieces in play, and so each hand limit, is
//!   public.
//! - **Reality Check**: the capturer always ends on the captured square
//!   showing the face it showed before (a true capturer shows the same face
//!   anyway); both pieces' kinds become public. A captured piece that is not
//!   removed goes to its owner's hand like any capture, take-or-refuse
//!   included.
//! - **Take or refuse** is decided by the captured side at the start of its
//!   turn, before it acts; a taken piece over the limit makes that turn an
//!   obligatory drop. Pieces sent to hand by a Memory action are not
//!   offered the refusal: the obligatory drop covers them.
//! - **Flip lock**: the lock covers the pieces the opponent flipped (after
//!   a quiet move) or dropped on its last turn, following the piece if it
//!   moves; Reality Check and Memory-action turn-overs do not lock. With
//!   no piece to flip, the flip is skipped.
//! - **White's first move** (standard setup) is a quiet move and nothing
//!   else: no drop, no flip. With free setup or the advanced board it is a
//!   quiet move followed by a flip.
//! - **Repetition** compares what both players see: colours and up-faces
//!   on every square, the hand sizes and the side to move.
//! - **Plies** count turns; a flip, a claim or a penalty is part of a turn.
//! - **Memory mode**: a player knows its own pieces while setting up and
//!   while they are in its hand; on the board only the publicly shown ones.
//!   After a failed Memory action it removes a true piece it knows of; if it
//!   knows none, its first true piece goes (hand first, then the board from
//!   a1 rank by rank) — [`Action::RemoveUnseen`].
//! - **Memory action**: the two pieces stay turned over; both become known
//!   to both players. "Match" compares the new up-faces.
//! - **Free setup** (variant 3): any faces; the squares used are the drop
//!   squares. **Advanced board**: setup is free within the ten-square home
//!   zone, which is the drop zone; White's first move is as in variant 3.
//! - **Two dice**: roll, flip, roll, flip; the second flip must be a
//!   different piece; a die with no eligible piece flips nothing.
//!
//! # Setup as actions
//!
//! The secret setup is a [`veil_core::Turn::Simultaneous`] phase in which
//! each seat makes nine small [`Action::Place`] actions (kind, square,
//! up-face), so the action type stays a few bytes and `Copy` rather than an
//! index into the thousands of legal arrangements. Only placements after
//! which the rest can still match the diagram are listed (a matching test
//! between the faces still needed and the kinds left), so a seat can never
//! paint itself into a corner. The other seat sees nothing of them until
//! both are done (checked by the conformance harness); the unplaced tenth
//! piece then goes to hand and the setups are revealed together.
//!
//! # The computer
//!
//! [`evaluate`] counts true pieces in play (the game), the faces showing
//! and the hands, and marks down true pieces the enemy knows of. The
//! action prior (used for playouts too) favours Reality Checks by a piece
//! known to be true, captures over quiet moves, forward moves, flips that
//! show enemy pieces rather than one's own, and taking a claimed piece; a
//! Reality Check by a piece known to be false (it only shows the piece) is
//! never searched. Setup follows plans ([`setup_candidates`]): one true
//! piece (R-R, B-B or N-N) waits in hand, where no Reality Check can reach
//! it, the others stand on the back squares behind the pawns, P-P on an
//! inner pawn square; each plan has its mirror image, and the search picks
//! among the six with its first placement, so the computer does not always
//! set up alike (on the advanced board, one plan: the true pieces deepest
//! in the corner zone). The search hides the searcher's secrets from the
//! opponents it models and votes over trees of at most 3000 iterations.
//! Hard is four such trees where Normal is one, and two things more: it
//! explores at 0.35 rather than 0.7 (the evaluation's values sit close
//! together, and at 0.7 a tree of 3000 iterations spreads itself almost
//! evenly over forty-odd moves and flips), and it values a draw at 0.4, so
//! it plays on rather than repeat.
//!
//! Measured (release build, two matches at a time on a 2-core machine):
//! - `veil-cli match --game reality-check --seats normal,random --games 40`:
//!   Normal 40 wins, 0 draws, 0 losses (a move and its flip are two
//!   decisions; setup placements count too).
//! - `veil-cli match --game reality-check --seats hard,normal --games 40`:
//!   Hard 25 wins, 6 draws, 9 losses; `--seed 1000`: 22, 11, 7;
//!   `--seed 3000`: 26, 9, 5; Hard 0.22–0.26 s a move, Normal 0.06 s.
//!   Without the lower exploration and the contempt the same games of the
//!   first two gave 24, 8, 8 and 11, 13, 16: four trees alone were not
//!   enough. Reality Check is a game of guesses, and the side that guesses
//!   right first often wins, so a good share of the games are still lost
//!   or drawn.
//!
//! # Geometry
//!
//! Both boards are cut from `veil-chess`'s [`veil_chess::GridN`] tables
//! (7×9 and 7×7) with the holes given to the slider functions as blockers
//! and masked out; see [`Layout`].
//!
//! # Notation
//!
//! See [`notation`]: `d3-d4`, `d3xe4`, `d3xe4!`, `N/P@c2`, `~c2`; positions
//! like [`STANDARD_FIXED`]. [`perft`] counts seat actions (a move and its
//! flip are two); `tests/perft.txt` holds the counts from
//! [`RealityCheck::standard_fixed`].

mod ai;
mod board;
mod game;
pub mod notation;
mod perft;
mod types;
mod view;

pub use ai::{evaluate, setup_candidates, setup_choice};
pub use board::{ADVANCED_DIAGRAM, BASIC_HOME, Layout};
pub use game::{
    Action, Dice, MAX_PLIES, Options, Phase, Piece, RealityCheck, SetupRule, hand_limit,
};
pub use notation::STANDARD_FIXED;
pub use perft::perft;
pub use types::{Color, Face, Kind, Square, squares};
pub use view::{Seen, View};
