//! Secret King for Veil: 10×10 chess with no visible King, the King hiding
//! among each side's Knights until a capture reveals it.
//!
//! [`SecretKing`] is the whole game behind [`veil_core::Game`]: the secret
//! choice, moves, reveals, the end of the game, what each seat may know
//! ([`SecretKingView`]) and determinisation for the computer player.
//!
//! ```
//! use veil_core::{Actor, Game, Seat, Turn};
//! use veil_secret_king::{Action, Color, SecretKing, square};
//!
//! let mut game = SecretKing::new(&Default::default(), 2).unwrap();
//! // Both players secretly choose a Knight as their Secret King.
//! assert!(matches!(game.turn(), Turn::Simultaneous(_)));
//! game.apply(Actor::Seat(Seat(0)), Action::ChooseKing(square("e2"))).unwrap();
//! game.apply(Actor::Seat(Seat(1)), Action::ChooseKing(square("f9"))).unwrap();
//! assert_eq!(game.turn(), Turn::Seat(Seat(0)));
//!
//! // Black cannot see which Knight White chose.
//! let view = game.observe(Seat(1));
//! assert_eq!(view.kings, [None, Some(square("f9"))]);
//! assert_eq!(view.candidates[0].len(), 10);
//!
//! game.play("e5").unwrap();
//! game.play("Ng7").unwrap(); // Black's Secret King moves like the Knight it seems
//! assert_eq!(game.history()[1].san, "Ng7");
//! assert_eq!(game.secret_king(Color::Black), Some(square("g7")));
//! assert_eq!(game.observe(Seat(0)).kings[1], None);
//! ```
//!
//! # The game (Veil's RULINGS §8)
//!
//! A 10×10 board, files a–j, ranks 1–10. Each side has 10 Pawns, 10
//! Knights, 4 Rooks, 4 Bishops and 2 Queens: White's rank 1 is
//! `R N B Q N N Q B N R`, rank 2 `N R B N N N N B R N`, rank 3 pawns; Black
//! mirrors on ranks 10, 9, 8 ([`veil_chess::fen::SECRET_KING_START`]). The
//! board is veil-chess's [`Chess10`] under [`veil_chess::Rules::secret_king`].
//!
//! - **The secret choice.** Before the first move both seats secretly name
//!   one of their Knights ([`Action::ChooseKing`]) in a simultaneous turn
//!   ([`veil_core::Turn::Simultaneous`]). Until revealed it is a Knight in
//!   every way.
//! - **Pawns** move as in chess with the double step from the 3rd rank and
//!   en passant; there is no castling.
//! - **Promotion lines**: arriving on rank 7, 8, 9 or 10 (Black: 4, 3, 2, 1)
//!   a pawn may become a Knight, Bishop, Rook or Queen respectively, or stay
//!   a pawn, except on the last line where it must become a Queen. A pawn
//!   promotes only as part of the move that arrives on a line, so one that
//!   declined can promote again only on a later line.
//! - **Captured Knights are revealed** to both players ([`Reveal`]). A plain
//!   Knight is removed as usual. The Secret King is not: it becomes a King
//!   on its square, and the capturing piece is removed instead.
//! - **A Knight taking the Secret King** is revealed too; if it is its own
//!   side's Secret King, its side wins at once.
//! - **Winning**: checkmate the revealed enemy King, or end your move with
//!   your Secret King, hidden or revealed, next to the revealed enemy King.
//!   Stalemate, threefold repetition and the 50-move rule draw.
//!
//! # How Veil reads what §8 leaves open
//!
//! - **Check only against revealed Kings.** A hidden Secret King is a Knight:
//!   it is never in check, may move onto attacked squares, and its side's
//!   pieces are never pinned to it. Once revealed, its King is a chess King:
//!   it may not move into check, and a check must be answered.
//! - **A King may step next to the enemy King.** Such a step wins at once,
//!   so it is legal even though the enemy King guards the square (and even
//!   out of check). A King with such a step is therefore never mated.
//! - **Legality never depends on hidden identities.** Whether a move is
//!   legal is decided on the board before any reveal; a capture that turns
//!   out to reveal the Secret King is legal whatever it reveals.
//! - **A revealed King taking the hidden Secret King** wins at once, as a
//!   Knight that is the Secret King would: the revealed King is its side's
//!   Secret King.
//! - **The instant win's board.** When the Secret King takes the enemy
//!   Secret King the game ends at once: the capture stands (the enemy
//!   Secret King leaves the board) and the winner shows as a King on the
//!   square it took.
//! - **The adjacency win belongs to the mover.** After a move, only the
//!   mover's Secret King is tested: a King that steps next to a hidden Secret
//!   King wins nothing (the enemy King is not revealed), and the hidden one
//!   then wins with any move that keeps it there. A capture that reveals the
//!   Secret King next to the mover's Secret King wins for the mover.
//! - **Promoted Knights are never the Secret King**: the choice is made
//!   before the first move among the starting Knights. Both players see
//!   which Knights may still be each side's Secret King
//!   ([`SecretKingView::candidates`]); a pawn promoting to a Knight on the
//!   first line makes a Knight known not to be the King. So is every Knight
//!   that ends its side's move next to the revealed enemy King without
//!   winning: had it been the Secret King, that move would have won.
//! - **Repetition** compares what both players see: the board, the side to
//!   move, en passant, and which Knights may be a Secret King; never the
//!   secret choices.
//! - **No insufficient-material draw** (§8 has none); the 50-move rule ends
//!   every game. [`SecretKingOptions::ply_limit`] adds a hard cap on moves
//!   (off by default) for drivers that want one.
//!
//! # Views and the computer player
//!
//! A seat sees a [`SecretKingView`]: the whole board (a hidden Secret King
//! shows as a Knight), its own Secret King, the enemy's only once revealed
//! (both once the game is over), the candidate Knights of each side, and
//! every move in SAN with what its capture revealed. Its
//! [`legal_moves`](SecretKingView::legal_moves) depend on the view alone.
//! [`veil_core::Game::determinize`] draws the enemy's hidden Secret King
//! uniformly among its candidate Knights.
//!
//! [`veil_core::Game::evaluate`] scores material, mobility, the exposure of
//! revealed Kings, the adjacency threat and what the side to move can take,
//! squashed so that it never saturates, plus progress towards the win that
//! still counts when one side is far ahead: the enemy King revealed, its
//! flight squares, and how many moves our Secret King needs to end next to
//! it (while it hides: how few Knights it still hides among). The playout
//! policy takes wins by rule and mates in one, defends a revealed King from
//! the adjacency threat, prefers free material and now and then brings the
//! Secret King closer to a revealed enemy King, so veil-ai's search takes
//! free material, wins in one (its results count slightly less the later
//! they come, so it mates now rather than keeping a forced mate for later)
//! and finishes won games instead of drifting into the 50-move rule.

mod eval;
mod game;

pub use game::{
    Action, Played, Reveal, SecretKing, SecretKingOptions, SecretKingView, SetupError, SquareSet,
    value,
};
pub use veil_chess::{Chess10, Color, Grid10, Move, Piece, Role, Square};

/// The square named `name` (`a1` to `j10`).
///
/// # Panics
/// If `name` is not a square of the 10×10 board; for input from players use
/// [`Grid10::parse_square`](veil_chess::Geometry::parse_square).
pub fn square(name: &str) -> Square {
    use veil_chess::Geometry;
    Grid10::parse_square(name)
        .unwrap_or_else(|| panic!("{name:?} is not a square of the 10x10 board"))
}
