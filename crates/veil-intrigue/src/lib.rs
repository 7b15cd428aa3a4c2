//! Intrigue for Veil: chess where each King hides off the board, and one
//! pawn of each side — the Informant — knows where.
//!
//! ```
//! use veil_core::{Actor, Game, Seat, Turn};
//! use veil_intrigue::{parse_square, Action, Intrigue, IntrigueOptions};
//!
//! let mut game = Intrigue::new(&IntrigueOptions::default(), 2).unwrap();
//! // Both seats secretly choose a hiding square and an Informant pawn.
//! let white = Action::Setup { hiding: parse_square("f3").unwrap(), informant: 4 }; // the e-pawn
//! let black = Action::Setup { hiding: parse_square("d6").unwrap(), informant: 3 }; // the d-pawn
//! game.apply(Actor::Seat(Seat(0)), white).unwrap();
//! game.apply(Actor::Seat(Seat(1)), black).unwrap();
//! assert_eq!(game.turn(), Turn::Seat(Seat(0)));
//! // No King on the board: 20 pawn and knight moves, Qe1, and the reveal.
//! assert_eq!(game.observe(Seat(0)).legal_actions().len(), 22);
//!
//! for (seat, text) in [(0, "e4"), (1, "d5"), (0, "exd5")] {
//!     let action = game.parse_action(text).unwrap();
//!     game.apply(Actor::Seat(Seat(seat)), action).unwrap();
//! }
//! // exd5 took Black's Informant: Black's King appears on its hiding square.
//! assert_eq!(game.history().last().unwrap(), "exd5 (Informant: K@d6)");
//! assert!(game.is_revealed(veil_chess::Color::Black));
//! // White's pawn took with its Informant, so White may retire it.
//! assert_eq!(game.turn(), Turn::Seat(Seat(0)));
//! game.apply(Actor::Seat(Seat(0)), Action::Retire(true)).unwrap();
//! assert_eq!(game.turn(), Turn::Seat(Seat(1)));
//! ```
//!
//!
//! # The game
//!
//! [`Intrigue`] is the whole game behind Veil's [`veil_core::Game`] trait
//! (`ID = "intrigue"`), on the chess rules of [`veil_chess`] under
//! [`RULES`] (= [`veil_chess::Rules::intrigue`]: Kings may be absent,
//! castling from the d and e files). Seat 0 plays White.
//!
//! - **Setup** ([`Action::Setup`]): a simultaneous secret turn; each seat
//!   names any of the 64 squares as its King's hiding square and one of its
//!   8 pawns (by starting file) as its Informant. The Kings start off the
//!   board, e1/e8 empty ([`Queens`] moves the Queens: *Queen on the King's
//!   square* or *Two Queens*).
//! - **Inspection** is automatic: capturing the enemy's active Informant
//!   makes the enemy King appear on its hiding square at once, removing any
//!   piece there (either colour); with [`IntrigueOptions::atomic_king`]
//!   every piece on the adjacent squares too. Capturing any other pawn tells
//!   only that it was not the Informant ([`IntrigueView::cleared_files`]).
//! - **Voluntary reveal** ([`Action::Reveal`]) is a move: the King appears
//!   the same way, but not on or next to a shown enemy King, nor into check.
//! - **Check**, checkmate and stalemate concern shown Kings only; a hidden
//!   King is never in check and gives none.
//! - **On or next to the enemy King** by an inspection: on it (or, Atomic
//!   King, next to it, which removes it) that side wins, unless its own King
//!   is then checkmated: both lose (`ranks == [1, 1]`, `scores == [0, 0]`,
//!   reason [`BOTH_LOSE`]). Next to it, it is that side's move and capturing
//!   the King wins (any capture of a King wins, if legal: it may not leave
//!   the capturer's own King in check); no capture and no escape is mate.
//!   When both Kings appear in one action (the first King's appearance
//!   takes the other side's Informant), the second appears next to the
//!   first, and the second's side has the move — even if it just moved.
//! - **Castling**: a King that appears on its d or e home square may castle
//!   with a Rook that never moved (King two squares toward it, the Rook on
//!   the square crossed). Anywhere else its castling rights are gone.
//! - **Promotion**: a promoted pawn is never inspected; the opponent is not
//!   told whether it was the Informant.
//! - **Retiring**: after a pawn captures the enemy Informant while its own
//!   King hides, its side decides ([`Action::Retire`]) before the opponent
//!   moves: `true` (only if that pawn is its Informant) retires the
//!   Informant, announced to both ([`Public::retired`]). The decision turn
//!   comes after *any* such pawn capture, so it betrays nothing by itself.
//!
//! # How Veil reads the open points
//!
//! - A piece taken by an appearing King is captured by that King's side: an
//!   enemy Informant among them is inspected, so its King appears too (at
//!   most two Kings appear in one action). Whether a voluntary reveal is
//!   "into check" is judged as the King appears, before what it inspects.
//! - A side whose King hides and that has no legal action (no move, no
//!   allowed reveal) loses — "inability to move may still force a
//!   resignation"; stalemate, a draw, needs a shown King.
//! - Threefold repetition and the 50-move rule draw; a reveal, like a
//!   capture or a pawn move, restarts the 50-move count. Insufficient
//!   material draws only once both Kings are shown (with a King hidden,
//!   being unable to act can still lose).
//! - Every game ends without a ply cap: every 100 plies bring a capture, a
//!   pawn move or a reveal, and there are finitely many of those.
//! - When the game is over each view shows both secrets.
//!
//! # Views and the computer
//!
//! A seat sees an [`IntrigueView`]: the [`Public`] part (the board — every
//! piece on it is visible —, which Kings appeared, what became of each pawn,
//! retirements, the moves in SAN, the repetition history) and its own
//! [`Secret`]. [`Game::determinize`](veil_core::Game::determinize) samples the
//! opponent's hiding square among the 64, less often where appearing would
//! have taken our material at its last move (a King that did not react
//! probably does not hide there), and its Informant among its pawns on the
//! board or promoted (never one captured without a reveal). [`evaluate`]
//! (material, mobility, shown-King safety, the worth of a hidden King, what
//! the side to move can take) and [`playout_action`] (capture the King,
//! take material, reveal for material, retire, checks, quiet moves that do
//! not hang a piece) guide veil-ai's search. The search also keeps its own
//! secrets from the opponent it models
//! ([`hide_secrets_from_opponents`](veil_core::Game::hide_secrets_from_opponents)),
//! grows trees of at most 3 000 iterations (Hard sums four of them,
//! [`max_tree_iterations`](veil_core::Game::max_tree_iterations)) and cuts
//! playouts after 12 plies
//! ([`max_playout_depth`](veil_core::Game::max_playout_depth)).
//!
//! # Perft
//!
//! With both Kings on the board ([`Intrigue::from_fen`]) Intrigue is chess,
//! and its action tree counts as chess perft does (`tests/perft.txt`).

mod eval;
mod game;
mod types;
mod view;

pub use eval::{evaluate, playout_action, score};
pub use game::{BOTH_LOSE, Intrigue, Pending, Public, RULES, start_position, value};
pub use types::{
    Action, IntrigueOptions, PawnState, Queens, Secret, color_of, parse_square, seat_of,
    square_name,
};
pub use view::IntrigueView;
