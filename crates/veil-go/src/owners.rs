//! Who owns each point at the playouts' ends, and how much its owner
//! decides the game: a point's *criticality* is the covariance of owning
//! it and winning (Coulom's measure for Crazy Stone; Ray orders its tree's
//! moves by it and by ownership). A point whose owner wins most playouts
//! — a liberty in a capturing race that decides the game, the eye of a
//! big group — is worth searching first; a point every playout gives the
//! same owner is settled, and a stone there is rarely the move.

use crate::board::{BLACK, Board, WHITE};

/// What the search's playouts say of each point (cells of the padded
/// board, as the board indexes them).
pub(crate) struct Owners {
    /// The board's points.
    points: Vec<u16>,
    playouts: f32,
    black_wins: f32,
    /// Per cell, the playouts in which Black (White, the winner) owned it.
    black: Vec<f32>,
    white: Vec<f32>,
    winner: Vec<f32>,
}

impl Owners {
    pub(crate) fn new(board: &Board) -> Owners {
        let points = board.points().map(|p| board.index(p)).collect();
        let cells = crate::board::CELLS;
        Owners {
            points,
            playouts: 0.0,
            black_wins: 0.0,
            black: vec![0.0; cells],
            white: vec![0.0; cells],
            winner: vec![0.0; cells],
        }
    }

    /// Counts one playout's end (every region an eye or neutral).
    pub(crate) fn record(&mut self, board: &Board, black_wins: bool) {
        self.playouts += 1.0;
        if black_wins {
            self.black_wins += 1.0;
        }
        for &i in &self.points {
            let owner = crate::playout::end_owner(board, i);
            let i = i as usize;
            match owner {
                BLACK => {
                    self.black[i] += 1.0;
                    if black_wins {
                        self.winner[i] += 1.0;
                    }
                }
                WHITE => {
                    self.white[i] += 1.0;
                    if !black_wins {
                        self.winner[i] += 1.0;
                    }
                }
                _ => {}
            }
        }
    }

    /// Playouts counted (a fraction after [`Owners::fade`]).
    pub(crate) fn playouts(&self) -> f32 {
        self.playouts
    }

    /// Black's share of the playouts' ends at `i` less White's, −1 to 1.
    pub(crate) fn owner(&self, i: u16) -> f32 {
        let i = i as usize;
        (self.black[i] - self.white[i]) / self.playouts.max(1.0)
    }

    /// The covariance of owning `i` and winning: 0 when the point's owner
    /// tells nothing of the result, up to 0.5 when it tells it all.
    pub(crate) fn criticality(&self, i: u16) -> f32 {
        let n = self.playouts.max(1.0);
        let i = i as usize;
        let black_wins = self.black_wins / n;
        self.winner[i] / n
            - (self.black[i] / n * black_wins + self.white[i] / n * (1.0 - black_wins))
    }

    /// Weighs what was counted at `weight` (the position has moved on: the
    /// next search's own playouts should soon outweigh these).
    pub(crate) fn fade(&mut self, weight: f32) {
        self.playouts *= weight;
        self.black_wins *= weight;
        for v in [&mut self.black, &mut self.white, &mut self.winner] {
            v.iter_mut().for_each(|x| *x *= weight);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::at;

    #[test]
    fn a_point_whose_owner_wins_is_critical_and_a_settled_one_is_not() {
        // Two ends of a 5×5 game: A1 Black's in the one Black wins, White's
        // in the one White wins; E5 Black's in both.
        let black_end = Board::from_rows(&["X.XXX", "XXXXX", "OOOOO", "O.O.O", "XXOOO"]).unwrap();
        let white_end = Board::from_rows(&["X.XXX", "XXXXX", "OOOOO", "O.O.O", "OOOOO"]).unwrap();
        let mut owners = Owners::new(&black_end);
        for _ in 0..30 {
            owners.record(&black_end, true);
            owners.record(&white_end, false);
        }
        let (a1, e5, d2) = (
            at(&black_end, "A1"),
            at(&black_end, "E5"),
            at(&black_end, "D2"),
        );
        assert!((owners.criticality(a1) - 0.5).abs() < 1e-5);
        assert!(owners.criticality(e5).abs() < 1e-5);
        assert!((owners.owner(e5) - 1.0).abs() < 1e-5);
        assert!(owners.owner(a1).abs() < 1e-5);
        // D2 is White's eye in both: settled, and telling nothing.
        assert!((owners.owner(d2) + 1.0).abs() < 1e-5);
        assert!(owners.criticality(d2).abs() < 1e-5);
        // Fading keeps the shares and weighs the counts less.
        owners.fade(0.5);
        assert!((owners.playouts() - 30.0).abs() < 1e-4);
        assert!((owners.criticality(a1) - 0.5).abs() < 1e-5);
    }
}
