//! Bounds on the text Veil reads from outside — a move, a position, a
//! record — checked before any of it is parsed. A text past its bound is
//! refused with one line naming the bound and the text's length, and hands
//! back only its start: no reader allocates, recurses or loops in
//! proportion to what it was given before it knows the size is sane.
//!
//! ```
//! use veil_core::limits::{self, MAX_POSITION_BYTES};
//!
//! let fen = "8".repeat(12_345);
//! let e = limits::check("FEN", &fen, MAX_POSITION_BYTES).unwrap_err();
//! assert_eq!(e.reason, "too long: 12 345 bytes (at most 512)");
//! assert!(e.input.len() < 40);
//! assert!(limits::check("FEN", "8/8/8/8/8/8/8/K6k w - - 0 1", MAX_POSITION_BYTES).is_ok());
//! ```
//!
//! SGF has bounds of its own (nodes and depth as well as bytes) in
//! `veil_go::sgf`; the referee's saves are held to [`MAX_RECORD_BYTES`].

use crate::ParseError;

/// The longest move read, in bytes, in any of Veil's notations — or one
/// word of the kind: a square, a card, a piece kind, a level's name. The
/// longest real ones are about a dozen (`Qa10xb10=Q+!?`, `+N/P@c2`,
/// `king j10`); the rest is room for spaces around them.
pub const MAX_MOVE_BYTES: usize = 32;

/// The longest position read, in bytes: a FEN, Reality Check's position
/// string, and the shorter lists read the same way (a hand of cards, a set
/// of pieces). The longest Veil writes is Reality Check's with a free
/// setup's drop squares, under 300 bytes; a chess FEN is at most about 150
/// (a full 10×10 board, every castling file, two six-digit counters), a
/// Jieqi FEN with its pool about 140. The rest is room for spaces.
pub const MAX_POSITION_BYTES: usize = 512;

/// The largest Veil record read, and a save's checkpoint or log (the
/// referee's saves, `veil_match::save`). A whole Tysiąc match to 1000 saves
/// in well under 1 MB.
pub const MAX_RECORD_BYTES: usize = 16 << 20;

/// The most actions a record read may hold. No real game comes near: the
/// longest chess game the 75-move rule allows is 8 849 moves (17 697
/// plies), a Tysiąc match to 1000 (at most 200 hands) takes about 5 000
/// actions, chance's included.
pub const MAX_RECORD_ACTIONS: usize = 100_000;

/// How much of a refused text its error hands back, in characters.
const SHOWN: usize = 32;

/// Refuses `text`, read as `what` ("FEN", "ICCS move"), when it is longer
/// than `max` bytes: the error hands back its start ([`start_of`]) and says
/// its length and the bound ([`too_long`]). Measuring costs nothing: the
/// length of a `&str` is known.
pub fn check(what: &'static str, text: &str, max: usize) -> Result<(), ParseError> {
    if text.len() > max {
        Err(ParseError::new(
            what,
            start_of(text),
            too_long(text.len(), max),
        ))
    } else {
        Ok(())
    }
}

/// Why a text of `len` bytes is refused: `too long: 12 345 bytes (at most
/// 512)`.
pub fn too_long(len: usize, max: usize) -> String {
    format!(
        "too long: {} bytes (at most {})",
        grouped(len),
        grouped(max)
    )
}

/// The first few characters of `text`, with `…` when there is more: what a
/// refused text's error hands back, rather than a copy of all of it.
pub fn start_of(text: &str) -> String {
    match text.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// `12345` as `12 345`: long numbers read at a glance.
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_at_its_bound_passes_and_one_byte_more_is_refused() {
        let at = "a".repeat(MAX_MOVE_BYTES);
        assert_eq!(check("move", &at, MAX_MOVE_BYTES), Ok(()));
        let past = format!("{at}b");
        let e = check("move", &past, MAX_MOVE_BYTES).unwrap_err();
        assert_eq!(e.what, "move");
        assert_eq!(e.reason, "too long: 33 bytes (at most 32)");
        assert_eq!(e.input, format!("{}…", &past[..SHOWN]));
        assert_eq!(
            e.to_string(),
            format!(
                "invalid move \"{}…\": too long: 33 bytes (at most 32)",
                &past[..SHOWN]
            )
        );
    }

    #[test]
    fn lengths_are_bytes_and_the_start_is_cut_between_characters() {
        // Three bytes a character: 11 of them are 33 bytes.
        let text = "♥".repeat(11);
        let e = check("card", &text, MAX_MOVE_BYTES).unwrap_err();
        assert!(e.reason.contains("33 bytes"), "{e}");
        assert_eq!(e.input, text);
        let long = "♥".repeat(100);
        assert_eq!(start_of(&long), format!("{}…", "♥".repeat(SHOWN)));
    }

    #[test]
    fn numbers_are_grouped_in_threes() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(512), "512");
        assert_eq!(grouped(1_000), "1 000");
        assert_eq!(grouped(12_345), "12 345");
        assert_eq!(grouped(MAX_RECORD_BYTES), "16 777 216");
    }
}
