//! Dynamic komi: the points the search pretends to give beyond the real
//! komi, moved with how the game goes, as Pachi's value-based dynamic komi
//! does. A search far ahead sees nearly every move win and stops telling
//! a solid move from a slack one; asked to win by more it keeps a margin
//! against its own misjudgement (a group its playouts think alive). Far
//! behind, every move looks lost alike; asked to lose by less, it keeps
//! playing moves that matter instead of giving the rest away.
//!
//! ```
//! use veil_go::{Color, Position};
//! use veil_go::komi::DynamicKomi;
//!
//! let position = Position::new(19, 0).unwrap();
//! let mut komi = DynamicKomi::default();
//! // A search that found the game won 80 % of the time:
//! komi.update(0.8, position.board());
//! assert_eq!(komi.komi(7.5, Color::Black), 8.5);
//! assert_eq!(komi.komi(7.5, Color::White), 6.5);
//! ```

use crate::board::{Board, Color};

/// Above this estimate the search is asked to win by a point more.
const AHEAD: f64 = 0.70;
/// Below this, a point given is taken back (two at a time): the margin
/// asked for is not there.
const LEVEL: f64 = 0.50;
/// Below this the search is allowed to lose by a point more.
const BEHIND: f64 = 0.20;
/// Above this a point allowed is taken back: the game is close again.
const CLOSE: f64 = 0.35;
/// The most points either way, per empty point: the margin shrinks to
/// nothing as the board fills, so the end is counted with the real komi.
const PER_EMPTY: f64 = 1.0 / 12.0;

/// The extra points one side's search counts with, carried from move to
/// move of one game (a new game starts from [`DynamicKomi::default`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DynamicKomi {
    /// Points the searcher pretends to owe beyond the komi: above 0 it must
    /// win by more, below 0 it may lose by that much.
    extra: f64,
}

impl DynamicKomi {
    /// The points the searcher now pretends to owe beyond the komi.
    pub fn extra(&self) -> f64 {
        self.extra
    }

    /// The komi a search for `color` counts with (White receives the komi).
    pub fn komi(&self, komi: f64, color: Color) -> f64 {
        match color {
            Color::Black => komi + self.extra,
            Color::White => komi - self.extra,
        }
    }

    /// After a search that estimated `win_rate` (with this komi) for the
    /// side to move on `board`.
    pub fn update(&mut self, win_rate: f64, board: &Board) {
        let empties = board.empty_points().len() as f64;
        let cap = (empties * PER_EMPTY).floor();
        let mut extra = self.extra;
        if extra >= 0.0 {
            if win_rate > AHEAD {
                extra += 1.0;
            } else if win_rate < LEVEL && extra > 0.0 {
                extra = (extra - 2.0).max(0.0);
            } else if win_rate < BEHIND {
                extra -= 1.0;
            }
        } else if win_rate < BEHIND {
            extra -= 1.0;
        } else if win_rate > CLOSE {
            extra = (extra + 1.0).min(0.0);
        }
        self.extra = extra.clamp(-cap, cap);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Move, Position};

    #[test]
    fn ahead_it_asks_more_and_gives_it_back_when_the_margin_is_gone() {
        let board = Position::new(19, 0).unwrap().board().clone();
        let mut komi = DynamicKomi::default();
        for _ in 0..5 {
            komi.update(0.9, &board);
        }
        assert_eq!(komi.extra(), 5.0);
        komi.update(0.6, &board);
        assert_eq!(komi.extra(), 5.0, "still winning with the margin: kept");
        komi.update(0.45, &board);
        assert_eq!(komi.extra(), 3.0);
        komi.update(0.3, &board);
        komi.update(0.3, &board);
        assert_eq!(komi.extra(), 0.0, "never below the real komi from above");
    }

    #[test]
    fn far_behind_it_may_lose_by_less_until_the_game_is_close_again() {
        let board = Position::new(19, 0).unwrap().board().clone();
        let mut komi = DynamicKomi::default();
        komi.update(0.3, &board);
        assert_eq!(komi.extra(), 0.0, "merely behind: the real komi");
        komi.update(0.1, &board);
        komi.update(0.1, &board);
        assert_eq!(komi.extra(), -2.0);
        assert_eq!(komi.komi(7.5, Color::White), 9.5);
        komi.update(0.25, &board);
        assert_eq!(komi.extra(), -2.0);
        komi.update(0.4, &board);
        assert_eq!(komi.extra(), -1.0);
    }

    #[test]
    fn the_margin_shrinks_as_the_board_fills() {
        // 9×9 with most points taken: few empties, a small cap.
        let mut position = Position::new(9, 0).unwrap();
        let mut color = Color::Black;
        for p in position.board().clone().points().take(70) {
            if position.play(color, Move::Play(p)).is_ok() {
                color = color.opponent();
            }
        }
        let empties = position.board().empty_points().len() as f64;
        let cap = (empties / 12.0).floor();
        let mut komi = DynamicKomi::default();
        for _ in 0..40 {
            komi.update(0.95, position.board());
        }
        assert_eq!(komi.extra(), cap);
        assert!(cap < 6.0, "{cap}");
    }
}
