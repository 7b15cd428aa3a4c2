//! Counting a finished game: by territory with prisoners (Japanese-style,
//! komi 6.5) or by area (Chinese-style, komi 7.5), after the dead stones
//! the players agreed on are taken off.
//!
//! Territory is every empty region that touches stones of one colour only.
//! Under territory scoring a region next to a chain in *seki* is no one's:
//! Veil reads a chain as in seki when it lives (was not marked dead), has at
//! most two liberties, and shares one of them (in a region touching both
//! colours) with an enemy chain that also has at most two. That covers the
//! common sekis (no eyes, or one eye each); a seki with a bigger eye is
//! counted as territory, which the players can see on the board.

use std::fmt;

use serde::{Deserialize, Serialize};
use veil_core::GameRng;

use crate::board::{BLACK, Board, CELLS, Color, EMPTY, Point, WHITE};
use crate::playout;

/// How the game is counted.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum Rules {
    /// Territory plus prisoners (the default; komi 6.5).
    #[default]
    Territory,
    /// Stones plus territory (komi 7.5).
    Area,
}

impl Rules {
    /// The usual komi of these rules.
    pub const fn default_komi(self) -> f64 {
        match self {
            Rules::Territory => 6.5,
            Rules::Area => 7.5,
        }
    }
    /// The SGF `RU` value.
    pub const fn sgf_name(self) -> &'static str {
        match self {
            Rules::Territory => "Japanese",
            Rules::Area => "Chinese",
        }
    }
}

/// A count of the board.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Score {
    pub rules: Rules,
    pub komi: f64,
    /// Black's points.
    pub black: f64,
    /// White's points, komi included.
    pub white: f64,
    /// Territory by [`Color::index`].
    pub territory: [u32; 2],
    /// Living stones on the board by colour.
    pub stones: [u32; 2],
    /// Prisoners each colour holds (captures, dead stones and penalties).
    pub prisoners: [u32; 2],
    /// Who owns each point (row by row from A1): living stones and
    /// territory; `None` for neutral points and seki.
    pub owner: Vec<Option<Color>>,
}

impl Score {
    /// Black's margin (negative when White leads).
    pub fn margin(&self) -> f64 {
        self.black - self.white
    }

    pub fn winner(&self) -> Option<Color> {
        let m = self.margin();
        if m > 0.0 {
            Some(Color::Black)
        } else if m < 0.0 {
            Some(Color::White)
        } else {
            None
        }
    }
}

impl fmt::Display for Score {
    /// The SGF/GTP result: `B+3.5`, `W+0.5`, `0` for a tie.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.margin();
        match self.winner() {
            Some(Color::Black) => write!(f, "B+{m}"),
            Some(Color::White) => write!(f, "W+{}", -m),
            None => f.write_str("0"),
        }
    }
}

/// Counts `board` with the stones of `dead` removed as prisoners. `bonus`
/// adds points to each colour (Rengo's out-of-sequence penalty: prisoners
/// under territory scoring, points under area scoring — the same count).
pub fn score(board: &Board, dead: &[Point], rules: Rules, komi: f64, bonus: [u32; 2]) -> Score {
    let mut b = board.clone();
    for p in dead {
        b.remove_dead(*p);
    }
    let size = b.size() as usize;
    let n = size * size;
    let mut owner: Vec<Option<Color>> = vec![None; n];
    let k = |b: &Board, i: u16| {
        let p = b.point(i);
        p.row as usize * size + p.col as usize
    };

    // Chains' liberties, for seki.
    let mut libs = vec![0u16; CELLS];
    let mut done = vec![false; CELLS];
    for p in b.points() {
        let i = b.index(p);
        if b.cell(i) == EMPTY || done[b.head_of(i) as usize] {
            continue;
        }
        let h = b.head_of(i);
        done[h as usize] = true;
        libs[h as usize] = b.liberties(p) as u16;
    }

    // Empty regions and the colours they touch.
    let mut region = vec![u16::MAX; CELLS];
    let mut regions: Vec<(Vec<u16>, u8)> = Vec::new();
    for p in b.points() {
        let start = b.index(p);
        if b.cell(start) != EMPTY || region[start as usize] != u16::MAX {
            continue;
        }
        let id = regions.len() as u16;
        let mut points = vec![start];
        region[start as usize] = id;
        let mut touch = 0u8;
        let mut at = 0;
        while at < points.len() {
            let i = points[at];
            at += 1;
            for m in b.neighbours(i) {
                match b.cell(m) {
                    EMPTY if region[m as usize] == u16::MAX => {
                        region[m as usize] = id;
                        points.push(m);
                    }
                    c @ (BLACK | WHITE) => touch |= c,
                    _ => {}
                }
            }
        }
        regions.push((points, touch));
    }

    // Chains in seki (territory scoring only).
    let mut neutral_region = vec![false; regions.len()];
    if rules == Rules::Territory {
        for p in b.points() {
            let i = b.index(p);
            let c = b.cell(i);
            if c == EMPTY || b.head_of(i) != i || libs[i as usize] > 2 {
                continue;
            }
            let mut seki = false;
            for s in b.chain(i) {
                for l in b.neighbours(s) {
                    if b.cell(l) != EMPTY || regions[region[l as usize] as usize].1 != BLACK | WHITE
                    {
                        continue;
                    }
                    for e in b.neighbours(l) {
                        let ec = b.cell(e);
                        if (ec == BLACK || ec == WHITE)
                            && ec != c
                            && libs[b.head_of(e) as usize] <= 2
                        {
                            seki = true;
                        }
                    }
                }
            }
            if seki {
                for s in b.chain(i) {
                    for l in b.neighbours(s) {
                        if b.cell(l) == EMPTY {
                            neutral_region[region[l as usize] as usize] = true;
                        }
                    }
                }
            }
        }
    }

    let mut territory = [0u32; 2];
    for (id, (points, touch)) in regions.iter().enumerate() {
        let color = match *touch {
            BLACK => Color::Black,
            WHITE => Color::White,
            _ => continue,
        };
        if neutral_region[id] {
            continue;
        }
        territory[color.index()] += points.len() as u32;
        for i in points {
            owner[k(&b, *i)] = Some(color);
        }
    }
    let mut stones = [0u32; 2];
    for p in b.points() {
        if let Some(c) = b.get(p) {
            stones[c.index()] += 1;
            owner[p.row as usize * size + p.col as usize] = Some(c);
        }
    }
    let captures = b.captures();
    let prisoners = [captures[0] + bonus[0], captures[1] + bonus[1]];
    let (black, white) = match rules {
        Rules::Territory => (
            f64::from(territory[0] + prisoners[0]),
            f64::from(territory[1] + prisoners[1]) + komi,
        ),
        Rules::Area => (
            f64::from(territory[0] + stones[0] + bonus[0]),
            f64::from(territory[1] + stones[1] + bonus[1]) + komi,
        ),
    };
    Score {
        rules,
        komi,
        black,
        white,
        territory,
        stones,
        prisoners,
        owner,
    }
}

/// The engine's proposal of dead stones: every chain that heavy playouts
/// from here leave, on average, to the other colour. Returns every stone
/// of the chains it proposes, sorted.
pub fn propose_dead(board: &Board, to_move: Color, playouts: u32, rng: &mut GameRng) -> Vec<Point> {
    let own = playout::ownership(board, to_move, playouts, rng);
    let size = board.size() as usize;
    let mut dead = Vec::new();
    let mut seen = vec![false; CELLS];
    for p in board.points() {
        let i = board.index(p);
        let Some(color) = board.get(p) else { continue };
        let h = board.head_of(i);
        if seen[h as usize] {
            continue;
        }
        seen[h as usize] = true;
        let stones: Vec<Point> = board.chain(i).map(|s| board.point(s)).collect();
        let sign = if color == Color::Black { 1.0 } else { -1.0 };
        let mean: f32 = stones
            .iter()
            .map(|q| own[q.row as usize * size + q.col as usize] * sign)
            .sum::<f32>()
            / stones.len() as f32;
        if mean < 0.0 {
            dead.extend(stones);
        }
    }
    dead.sort();
    dead
}
