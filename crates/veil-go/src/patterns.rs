//! 3×3 patterns around a point, the classic set of MoGo's playouts (hane,
//! cut, edge moves), matched in every rotation and reflection and for
//! either colour.
//!
//! A neighbourhood is 8 cells of 2 bits (empty, black, white, edge) read
//! NW, N, NE, W, E, SW, S, SE; a 65 536-entry table says which match.

use std::sync::OnceLock;

use crate::board::{BLACK, BORDER, Board, EMPTY, WHITE};

/// The patterns, centre = the move; `X`/`O` the two colours, `x` not X,
/// `o` not O, `.` empty, `#` off the board, `?` anything.
const SOURCE: [[&str; 3]; 13] = [
    ["XOX", "...", "???"], // hane: enclosing hane
    ["XO.", "...", "?.?"], // hane: non-cutting hane
    ["XO?", "X..", "x.?"], // hane: magari
    [".O.", "X..", "..."], // attachment
    ["XO?", "O.o", "?o?"], // cut: unprotected cut
    ["XO?", "O.X", "???"], // cut: peeped cut
    ["?X?", "O.O", "ooo"], // cut: de
    ["OX?", "o.O", "???"], // cut: keima
    ["X.?", "O.?", "###"], // edge: chase
    ["OX?", "X.O", "###"], // edge: block side cut
    ["?X?", "x.O", "###"], // edge: block side connection
    ["?XO", "x.x", "###"], // edge: sagari
    ["?OX", "X.O", "###"], // edge: cut
];

fn options(c: char) -> &'static [u8] {
    match c {
        'X' => &[BLACK],
        'O' => &[WHITE],
        '.' => &[EMPTY],
        '#' => &[BORDER],
        'x' => &[EMPTY, WHITE, BORDER],
        'o' => &[EMPTY, BLACK, BORDER],
        _ => &[EMPTY, BLACK, WHITE, BORDER],
    }
}

type Grid = [[char; 3]; 3];

fn rotate(g: &Grid) -> Grid {
    let mut r = [[' '; 3]; 3];
    for (y, row) in r.iter_mut().enumerate() {
        for (x, cell) in row.iter_mut().enumerate() {
            *cell = g[2 - x][y];
        }
    }
    r
}

fn mirror(g: &Grid) -> Grid {
    let mut r = *g;
    for row in r.iter_mut() {
        row.reverse();
    }
    r
}

fn swap(g: &Grid) -> Grid {
    let mut r = *g;
    for cell in r.iter_mut().flatten() {
        *cell = match *cell {
            'X' => 'O',
            'O' => 'X',
            'x' => 'o',
            'o' => 'x',
            c => c,
        };
    }
    r
}

fn table() -> &'static [bool] {
    static TABLE: OnceLock<Vec<bool>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![false; 1 << 16];
        for source in SOURCE {
            let mut g: Grid = [[' '; 3]; 3];
            for (y, line) in source.iter().enumerate() {
                for (x, c) in line.chars().enumerate() {
                    g[y][x] = c;
                }
            }
            let mut variants = Vec::new();
            for colours in [g, swap(&g)] {
                let mut r = colours;
                for _ in 0..4 {
                    variants.push(r);
                    variants.push(mirror(&r));
                    r = rotate(&r);
                }
            }
            for v in variants {
                let cells = [
                    v[0][0], v[0][1], v[0][2], v[1][0], v[1][2], v[2][0], v[2][1], v[2][2],
                ];
                let mut codes = vec![0u16];
                for (k, c) in cells.iter().enumerate() {
                    let mut next = Vec::new();
                    for code in &codes {
                        for o in options(*c) {
                            next.push(code | (u16::from(*o) << (2 * k)));
                        }
                    }
                    codes = next;
                }
                for code in codes {
                    table[code as usize] = true;
                }
            }
        }
        table
    })
}

/// The neighbourhood code of `i`.
#[inline]
fn code(board: &Board, i: u16) -> u16 {
    let s = board.size() as u16 + 2;
    // Rows go up with the index; the pattern's top row is "north".
    let cells = [
        i + s - 1,
        i + s,
        i + s + 1,
        i - 1,
        i + 1,
        i - s - 1,
        i - s,
        i - s + 1,
    ];
    let mut code = 0u16;
    for (k, c) in cells.iter().enumerate() {
        code |= u16::from(board.cell(*c)) << (2 * k);
    }
    code
}

/// Whether the empty point `i` matches one of the patterns.
#[inline]
pub(crate) fn matches(board: &Board, i: u16) -> bool {
    table()[code(board, i) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;

    #[test]
    fn hane_and_cut_match_in_any_orientation() {
        let b = Board::from_rows(&[
            ".....", //
            ".XO..", //
            ".....", //
            ".....", //
            ".....",
        ])
        .unwrap();
        // Below the O: "XO." over "...": a non-cutting hane.
        let at = |s: &str| b.index(Point::parse(s, 5).unwrap());
        assert!(matches(&b, at("C3")));
        assert!(matches(&b, at("B3")));
        assert!(!matches(&b, at("E2")));
        let cut = Board::from_rows(&[
            ".....", //
            ".XO..", //
            ".O...", //
            ".....", //
            ".....",
        ])
        .unwrap();
        let at = |s: &str| cut.index(Point::parse(s, 5).unwrap());
        assert!(matches(&cut, at("C3")), "the cut");
    }
}
