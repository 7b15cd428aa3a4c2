//! Each of Veil's games as the referee runs it: the move list's words (in
//! the game's own terms, from what every seat sees), the pause before
//! chance, the computer behind a seat, the whole truth for the review.
//! The app, `veil-cli` and `veil-server` read these same words.

pub mod chess;
pub mod hide_and_guess;
pub mod jieqi;
pub mod reality_check;
pub mod rengo;
pub mod skelly;
pub mod tysiac;
