//! A game of Go as a sequence of moves: the board, whose move it is, the
//! positions seen (positional superko) and the moves played (undo).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::board::{Board, Color, Illegal, Played, Point};

/// A move: a stone or a pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Move {
    Play(Point),
    Pass,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(p) => fmt::Display::fmt(p, f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// The standard handicap points (as GTP's `fixed_handicap` places them) for
/// 2 to 9 stones; `None` for a count the board size does not allow.
pub fn handicap_points(size: u8, stones: u8) -> Option<Vec<Point>> {
    if stones == 0 {
        return Some(Vec::new());
    }
    if !(2..=9).contains(&stones) || size < 7 || (size.is_multiple_of(2) && stones > 4) {
        return None;
    }
    let edge = if size >= 13 { 3 } else { 2 };
    let (lo, hi, mid) = (edge, size - 1 - edge, size / 2);
    let p = Point::new;
    let corners = [p(hi, hi), p(lo, lo), p(lo, hi), p(hi, lo)];
    let mut out: Vec<Point> = corners
        .iter()
        .take(stones.min(4) as usize)
        .copied()
        .collect();
    if stones == 5 || stones == 7 || stones == 9 {
        out.push(p(mid, mid));
    }
    if stones >= 6 {
        out.push(p(lo, mid));
        out.push(p(hi, mid));
    }
    if stones >= 8 {
        out.push(p(mid, lo));
        out.push(p(mid, hi));
    }
    Some(out)
}

/// A game of Go in progress: the board and the moves that led to it.
#[derive(Clone, PartialEq, Debug)]
pub struct Position {
    /// The board before the first move (handicap or a set-up position).
    start: Board,
    start_to_move: Color,
    board: Board,
    to_move: Color,
    handicap: Vec<Point>,
    moves: Vec<(Color, Move)>,
    /// The hash of the stones after every move, the start included.
    seen: Vec<u64>,
    passes: u8,
}

impl Position {
    /// An empty board of `size`, Black to move; with handicap stones White
    /// moves first.
    pub fn new(size: u8, handicap: u8) -> Result<Position, String> {
        let mut board = Board::new(size).map_err(|e| e.to_string())?;
        let points = handicap_points(size, handicap).ok_or_else(|| {
            format!("{handicap} handicap stones do not fit a {size}×{size} board")
        })?;
        board.add_handicap(&points);
        let to_move = if points.is_empty() {
            Color::Black
        } else {
            Color::White
        };
        Ok(Position {
            seen: vec![board.hash()],
            start: board.clone(),
            start_to_move: to_move,
            board,
            to_move,
            handicap: points,
            moves: Vec::new(),
            passes: 0,
        })
    }

    /// A position from a board set up by hand (for tests and studies).
    pub fn from_board(board: Board, to_move: Color) -> Position {
        Position {
            seen: vec![board.hash()],
            start: board.clone(),
            start_to_move: to_move,
            board,
            to_move,
            handicap: Vec::new(),
            moves: Vec::new(),
            passes: 0,
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn size(&self) -> u8 {
        self.board.size()
    }
    pub fn to_move(&self) -> Color {
        self.to_move
    }
    pub fn moves(&self) -> &[(Color, Move)] {
        &self.moves
    }
    pub fn handicap(&self) -> &[Point] {
        &self.handicap
    }
    /// Lets `color` move next (GTP's `genmove` may ask either colour).
    pub fn set_to_move(&mut self, color: Color) {
        self.to_move = color;
    }

    /// Consecutive passes at the end of the moves.
    pub fn passes(&self) -> u8 {
        self.passes
    }
    /// The stone hashes of every position so far.
    pub fn seen(&self) -> &[u64] {
        &self.seen
    }

    /// Whether `color` may play `mv` now (superko included).
    pub fn check(&self, color: Color, mv: Move) -> Result<(), Illegal> {
        match mv {
            Move::Pass => Ok(()),
            Move::Play(p) => {
                if !self.board.contains(p) {
                    return Err(Illegal::OffBoard);
                }
                self.board.check(color, self.board.index(p))?;
                if self.seen.contains(&self.board.hash_after(color, p)) {
                    return Err(Illegal::Superko);
                }
                Ok(())
            }
        }
    }

    /// Plays `mv` for `color` (which need not be the colour to move: GTP
    /// and SGF allow either); the other colour moves next.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<Played, Illegal> {
        self.check(color, mv)?;
        let played = match mv {
            Move::Pass => {
                self.board.pass();
                self.passes += 1;
                Played::default()
            }
            Move::Play(p) => {
                self.passes = 0;
                let i = self.board.index(p);
                self.board.play_unchecked(color, i)
            }
        };
        self.seen.push(self.board.hash());
        self.moves.push((color, mv));
        self.to_move = color.opponent();
        Ok(played)
    }

    /// Takes back the last move (by replaying the others); false if none.
    pub fn undo(&mut self) -> bool {
        let Some(_) = self.moves.pop() else {
            return false;
        };
        let moves = std::mem::take(&mut self.moves);
        let mut fresh = Position {
            seen: vec![self.start.hash()],
            start: self.start.clone(),
            start_to_move: self.start_to_move,
            board: self.start.clone(),
            to_move: self.start_to_move,
            handicap: std::mem::take(&mut self.handicap),
            moves: Vec::new(),
            passes: 0,
        };
        for (color, mv) in moves {
            fresh.play(color, mv).expect("a played move replays");
        }
        *self = fresh;
        true
    }

    /// Every legal stone for `color` (superko included); pass is always legal.
    pub fn legal_points(&self, color: Color) -> Vec<Point> {
        self.board
            .points()
            .filter(|p| self.check(color, Move::Play(*p)).is_ok())
            .collect()
    }
}
