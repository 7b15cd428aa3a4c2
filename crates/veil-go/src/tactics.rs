//! Ladders: whether a chain can be chased to its capture by one atari
//! after another. Playouts alone do not read this: a random playout lets a
//! laddered chain run half the time, and the search then believes in a
//! group that is already dead (or fears for one that is safe).
//!
//! Every read plays on copies of the board under a budget of stones, so a
//! read stays cheap; a chain whose read runs out of budget is taken to
//! escape.

use crate::board::{BLACK, Board, Color, EMPTY, WHITE};

fn colour_of(board: &Board, i: u16) -> Option<Color> {
    match board.cell(i) {
        BLACK => Some(Color::Black),
        WHITE => Some(Color::White),
        _ => None,
    }
}

/// Whether a neighbouring chain of `attacker` stands in atari: the
/// defender takes it instead of running, and the ladder is broken.
fn can_capture_around(board: &Board, head: u16, attacker: u8) -> bool {
    board.chain(head).any(|s| {
        board
            .neighbours(s)
            .iter()
            .any(|&n| board.cell(n) == attacker && board.atari_liberty(board.head_of(n)).is_some())
    })
}

/// Whether the chain `head`, in atari with its owner to move, dies in a
/// ladder: running gives it at most two liberties, and the attacker's
/// next atari keeps it so until it is taken.
pub(crate) fn dies_in_atari(board: &Board, head: u16, budget: &mut u32) -> bool {
    let Some(lib) = board.atari_liberty(head) else {
        return false;
    };
    let Some(defender) = colour_of(board, head) else {
        return false;
    };
    let attacker = match defender {
        Color::Black => WHITE,
        Color::White => BLACK,
    };
    if can_capture_around(board, head, attacker) {
        return false;
    }
    if board.check(defender, lib).is_err() {
        return true;
    }
    // Most runs reach three liberties at once: seen without a copy.
    if !may_be_short_of_breath(board, head, lib, None) {
        return false;
    }
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let mut b = board.clone();
    b.play_unchecked(defender, lib);
    let h = b.head_of(lib);
    let mut libs = [0; 3];
    match b.liberties_upto3(h, &mut libs) {
        0 | 1 => true,
        2 => ladder_atari(&b, h, budget).is_some(),
        _ => false,
    }
}

/// The atari that captures the chain `head` (two liberties, its opponent
/// to move) in a ladder, if one does.
pub(crate) fn ladder_atari(board: &Board, head: u16, budget: &mut u32) -> Option<u16> {
    let defender = colour_of(board, head)?;
    let attacker = defender.opponent();
    let mut libs = [0; 3];
    if board.liberties_upto3(head, &mut libs) != 2 {
        return None;
    }
    let (a, b) = (libs[0], libs[1]);
    for (l, run) in [(a, b), (b, a)] {
        if *budget == 0 {
            return None;
        }
        if !may_be_short_of_breath(board, head, run, Some(l)) || board.check(attacker, l).is_err() {
            continue;
        }
        *budget -= 1;
        let mut b = board.clone();
        b.play_unchecked(attacker, l);
        // An atari stone that can be taken at once chases nothing.
        if b.atari_liberty(b.head_of(l)).is_some() {
            continue;
        }
        let h = b.head_of(head);
        if b.atari_liberty(h).is_some() && dies_in_atari(&b, h, budget) {
            return Some(l);
        }
    }
    None
}

/// A look without a copy of the board: does the chain `head`, running at
/// `run` (with `taken`, its other liberty, filled by the attacker), keep
/// at most two liberties? A run next to another chain of its own may join
/// to freedom: that is read in full, so it counts as short here.
fn may_be_short_of_breath(board: &Board, head: u16, run: u16, taken: Option<u16>) -> bool {
    let me = board.cell(head);
    let mut free = 0;
    for n in board.neighbours(run) {
        let c = board.cell(n);
        if c == EMPTY && Some(n) != taken {
            free += 1;
        } else if c == me && board.head_of(n) != head {
            return true;
        }
    }
    free <= 2
}

/// Whether `color`'s stone on `i` leaves its chain with two liberties that
/// the opponent ladders: running there only feeds the ladder.
pub(crate) fn runs_into_ladder(board: &Board, color: Color, i: u16, budget: &mut u32) -> bool {
    let mut b = board.clone();
    b.play_unchecked(color, i);
    let h = b.head_of(i);
    let mut libs = [0; 3];
    match b.liberties_upto3(h, &mut libs) {
        2 => ladder_atari(&b, h, budget).is_some(),
        _ => false,
    }
}

/// White C5 with two liberties (C4, D5) against Black B5, C6 and D4, on
/// 9×9: laddered either way. Shared by the tests of the reading and of
/// the engine's priors.
#[cfg(test)]
pub(crate) const LADDER: [&str; 9] = [
    ".........",
    ".........",
    ".........",
    "..X......",
    ".XO......",
    "...X.....",
    ".........",
    ".........",
    ".........",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::at;

    #[test]
    fn a_ladder_is_read_to_the_edge_and_a_ladder_breaker_breaks_it() {
        // White C2 in atari at D2; running there gives D1, D3 and E2.
        let edge = Board::from_rows(&[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "..X......",
            ".XO......",
            "..X......",
        ])
        .unwrap();
        let white = edge.head_of(at(&edge, "C2"));
        assert!(edge.atari_liberty(white).is_some());
        assert!(
            !dies_in_atari(&edge, white, &mut 100),
            "three liberties: out"
        );

        // White C5 with two liberties (C4, D5): Black's atari at C4 chases
        // it up and right to the top edge.
        let ladder = Board::from_rows(&LADDER).unwrap();
        let white = ladder.head_of(at(&ladder, "C5"));
        assert_eq!(
            ladder_atari(&ladder, white, &mut 200),
            Some(at(&ladder, "C4"))
        );
        let mut chased = ladder.clone();
        chased.play_unchecked(Color::Black, at(&ladder, "C4"));
        assert!(dies_in_atari(
            &chased,
            chased.head_of(at(&ladder, "C5")),
            &mut 200
        ));
        assert!(runs_into_ladder(
            &chased,
            Color::White,
            at(&ladder, "D5"),
            &mut 200
        ));
        // Too small a budget: taken to escape.
        assert!(ladder_atari(&ladder, white, &mut 3).is_none());

        // A white stone on the ladder's path (G8) breaks it.
        let broken = Board::from_rows(&{
            let mut rows = LADDER;
            rows[1] = "......O..";
            rows
        })
        .unwrap();
        let mut chased = broken.clone();
        chased.play_unchecked(Color::Black, at(&broken, "C4"));
        let white = chased.head_of(at(&broken, "C5"));
        assert!(
            !dies_in_atari(&chased, white, &mut 200),
            "the breaker at G8"
        );
    }
}
