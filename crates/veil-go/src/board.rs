//! The board: stones, chains with pseudo-liberties, captures, simple ko and
//! a Zobrist hash, updated incrementally with no allocation per move.
//!
//! A chain keeps its *pseudo-liberties*: the count of (stone, empty
//! neighbour) pairs, with their sum and sum of squares. The chain is
//! captured when the count falls to 0, and it is in atari exactly when all
//! its pseudo-liberties are one point, i.e. `count · Σp² = (Σp)²` (the
//! classic trick of Go programs); then that point is `Σp / count`.

use std::fmt;

use serde::{Deserialize, Serialize};
use veil_core::ParseError;

/// The largest board side.
pub const MAX_SIZE: usize = 19;
/// Board sides Veil plays.
pub const SIZES: [u8; 3] = [9, 13, 19];
const STRIDE_MAX: usize = MAX_SIZE + 2;
/// Cells of the padded array (a border ring around the largest board).
pub(crate) const CELLS: usize = STRIDE_MAX * STRIDE_MAX;
const NONE: u16 = 0;

/// A side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Color {
    Black,
    White,
}

impl Color {
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
    pub const fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }
    const fn cell(self) -> u8 {
        match self {
            Color::Black => BLACK,
            Color::White => WHITE,
        }
    }
    fn from_cell(cell: u8) -> Option<Color> {
        match cell {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "Black",
            Color::White => "White",
        })
    }
}

pub(crate) const EMPTY: u8 = 0;
pub(crate) const BLACK: u8 = 1;
pub(crate) const WHITE: u8 = 2;
pub(crate) const BORDER: u8 = 3;

/// A point of the board: column and row from 0, row 0 at the bottom (as GTP
/// and the board's letters count: `A1` is column 0, row 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub struct Point {
    pub col: u8,
    pub row: u8,
}

impl Point {
    pub const fn new(col: u8, row: u8) -> Point {
        Point { col, row }
    }

    /// Reads GTP's vertex notation (`D4`, `j10`; the letter `I` is skipped)
    /// on a board of `size`.
    pub fn parse(text: &str, size: u8) -> Result<Point, ParseError> {
        veil_core::limits::check("vertex", text, veil_core::limits::MAX_MOVE_BYTES)?;
        let err = |reason: &str| ParseError::new("vertex", text, reason);
        let t = text.trim();
        let mut chars = t.chars();
        let letter = chars
            .next()
            .ok_or_else(|| err("empty"))?
            .to_ascii_uppercase();
        if !letter.is_ascii_uppercase() || letter == 'I' {
            return Err(err("expected a column letter A–T without I"));
        }
        let col = letter as u8 - b'A' - u8::from(letter > 'I');
        let row: u8 = chars
            .as_str()
            .parse()
            .map_err(|_| err("expected a row number"))?;
        if col >= size || row == 0 || row > size {
            return Err(err("off the board"));
        }
        Ok(Point::new(col, row - 1))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = b'A' + self.col + u8::from(self.col >= 8);
        write!(f, "{}{}", letter as char, self.row + 1)
    }
}

/// Why a stone cannot be played.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Illegal {
    OffBoard,
    Occupied,
    Suicide,
    /// Retakes a ko at once.
    Ko,
    /// Repeats an earlier whole-board position (positional superko).
    Superko,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Illegal::OffBoard => "the point is off the board",
            Illegal::Occupied => "the point is occupied",
            Illegal::Suicide => "suicide is illegal",
            Illegal::Ko => "the ko cannot be retaken at once",
            Illegal::Superko => "it repeats an earlier position (superko)",
        })
    }
}

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

const fn zobrist_table() -> [[u64; CELLS]; 2] {
    let mut table = [[0; CELLS]; 2];
    let mut i = 0;
    while i < CELLS {
        table[0][i] = splitmix(2 * i as u64 + 1);
        table[1][i] = splitmix(2 * i as u64 + 2 + (1 << 40));
        i += 1;
    }
    table
}

static ZOBRIST: [[u64; CELLS]; 2] = zobrist_table();

/// A Go position: stones, prisoners, the simple-ko point and the hash of
/// the stones. `Clone` is one copy of fixed arrays (no heap).
#[derive(Clone)]
pub struct Board {
    size: u8,
    stride: u16,
    cells: [u8; CELLS],
    head: [u16; CELLS],
    next: [u16; CELLS],
    // Per chain head.
    libs: [u16; CELLS],
    lib_sum: [u32; CELLS],
    lib_sq: [u32; CELLS],
    stones: [u16; CELLS],
    // Empty points, for playouts.
    empty: [u16; MAX_SIZE * MAX_SIZE],
    empty_at: [u16; CELLS],
    empties: u16,
    hash: u64,
    ko: u16,
    captures: [u32; 2],
    last: u16,
}

impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        self.size == other.size
            && self.cells == other.cells
            && self.ko == other.ko
            && self.captures == other.captures
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{}:", self.size, self.size)?;
        for line in self.rows() {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// What one stone did.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Played {
    /// Stones captured.
    pub captured: u32,
}

impl Board {
    /// An empty board; `size` is 2 to 19 (Veil offers 9, 13 and 19).
    pub fn new(size: u8) -> Result<Board, ParseError> {
        if !(2..=MAX_SIZE as u8).contains(&size) {
            return Err(ParseError::new(
                "board size",
                size.to_string(),
                "a side of 2 to 19",
            ));
        }
        let stride = size as u16 + 2;
        let mut board = Board {
            size,
            stride,
            cells: [BORDER; CELLS],
            head: [NONE; CELLS],
            next: [NONE; CELLS],
            libs: [0; CELLS],
            lib_sum: [0; CELLS],
            lib_sq: [0; CELLS],
            stones: [0; CELLS],
            empty: [0; MAX_SIZE * MAX_SIZE],
            empty_at: [0; CELLS],
            empties: 0,
            hash: 0,
            ko: NONE,
            captures: [0; 2],
            last: NONE,
        };
        for row in 0..size {
            for col in 0..size {
                let p = board.index(Point::new(col, row));
                board.cells[p as usize] = EMPTY;
                board.empty_at[p as usize] = board.empties;
                board.empty[board.empties as usize] = p;
                board.empties += 1;
            }
        }
        Ok(board)
    }

    /// A board from rows of text, top row first: `X` or `B` black, `O` or
    /// `W` white, `.` or `+` empty; spaces are ignored. Chains without a
    /// liberty are refused.
    pub fn from_rows(rows: &[&str]) -> Result<Board, ParseError> {
        let all = rows.join("/");
        let size = rows.len();
        let err = |reason: String| ParseError::new("board", all.clone(), reason);
        let mut board = Board::new(size as u8).map_err(|e| err(e.reason))?;
        for (i, line) in rows.iter().enumerate() {
            let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.len() != size {
                return Err(err(format!(
                    "row {} has {} points, not {size}",
                    i + 1,
                    cells.len()
                )));
            }
            let row = (size - 1 - i) as u8;
            for (col, c) in cells.iter().enumerate() {
                let color = match c {
                    'X' | 'x' | 'B' | 'b' | '#' => Color::Black,
                    'O' | 'o' | 'W' | 'w' => Color::White,
                    '.' | '+' => continue,
                    other => return Err(err(format!("unknown point {other:?}"))),
                };
                board.set_up(color, Point::new(col as u8, row));
            }
        }
        for p in board.points() {
            let i = board.index(p) as usize;
            if board.cells[i] != EMPTY && board.libs[board.head[i] as usize] == 0 {
                return Err(err(format!("the chain at {p} has no liberty")));
            }
        }
        Ok(board)
    }

    /// Puts a stone without capturing anything (setup, handicap).
    fn set_up(&mut self, color: Color, p: Point) {
        let i = self.index(p);
        if self.cells[i as usize] == EMPTY {
            self.place(color.cell(), i);
        }
    }

    /// Places handicap stones (no captures, no ko).
    pub fn add_handicap(&mut self, points: &[Point]) {
        for p in points {
            if self.contains(*p) {
                self.set_up(Color::Black, *p);
            }
        }
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    /// The Zobrist hash of the stones alone (positional superko).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Stones each colour has captured, by [`Color::index`].
    pub fn captures(&self) -> [u32; 2] {
        self.captures
    }

    /// The point of the last stone played, if any.
    pub fn last_move(&self) -> Option<Point> {
        (self.last != NONE).then(|| self.point(self.last))
    }

    pub(crate) fn last_index(&self) -> Option<u16> {
        (self.last != NONE).then_some(self.last)
    }

    /// The point the player to move may not retake at once, if any.
    pub fn ko_point(&self) -> Option<Point> {
        (self.ko != NONE).then(|| self.point(self.ko))
    }

    pub fn contains(&self, p: Point) -> bool {
        p.col < self.size && p.row < self.size
    }

    pub(crate) fn index(&self, p: Point) -> u16 {
        (p.row as u16 + 1) * self.stride + p.col as u16 + 1
    }

    /// The line the point `i` stands on, counted from the nearest edge
    /// (0 for the edge itself).
    pub(crate) fn line(&self, i: u16) -> u8 {
        let p = self.point(i);
        let far = self.size - 1;
        p.col.min(p.row).min(far - p.col).min(far - p.row)
    }

    pub(crate) fn point(&self, i: u16) -> Point {
        Point::new((i % self.stride - 1) as u8, (i / self.stride - 1) as u8)
    }

    /// Every point, row by row from A1.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let size = self.size;
        (0..size).flat_map(move |row| (0..size).map(move |col| Point::new(col, row)))
    }

    pub fn get(&self, p: Point) -> Option<Color> {
        if !self.contains(p) {
            return None;
        }
        Color::from_cell(self.cells[self.index(p) as usize])
    }

    pub(crate) fn cell(&self, i: u16) -> u8 {
        self.cells[i as usize]
    }

    #[inline]
    pub(crate) fn neighbours(&self, i: u16) -> [u16; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    #[inline]
    pub(crate) fn diagonals(&self, i: u16) -> [u16; 4] {
        let s = self.stride;
        [i - s - 1, i - s + 1, i + s - 1, i + s + 1]
    }

    /// The chain of the stone at `i`: its head.
    pub(crate) fn head_of(&self, i: u16) -> u16 {
        self.head[i as usize]
    }

    /// The stones of the chain through `i`.
    pub(crate) fn chain(&self, i: u16) -> impl Iterator<Item = u16> + '_ {
        let mut at = Some(i);
        std::iter::from_fn(move || {
            let here = at?;
            let n = self.next[here as usize];
            at = (n != i).then_some(n);
            Some(here)
        })
    }

    /// The stones of the chain at `p` (empty if `p` holds no stone).
    pub fn chain_at(&self, p: Point) -> Vec<Point> {
        if self.get(p).is_none() {
            return Vec::new();
        }
        self.chain(self.index(p)).map(|i| self.point(i)).collect()
    }

    /// The chain's single liberty when it is in atari.
    #[inline]
    pub(crate) fn atari_liberty(&self, head: u16) -> Option<u16> {
        let h = head as usize;
        let n = self.libs[h] as u64;
        let sum = self.lib_sum[h] as u64;
        (n > 0 && n * self.lib_sq[h] as u64 == sum * sum).then(|| (sum / n) as u16)
    }

    /// The distinct liberties of the chain `head`, up to three: written to
    /// `out`, their count returned (3 means three or more).
    pub(crate) fn liberties_upto3(&self, head: u16, out: &mut [u16; 3]) -> usize {
        if let Some(lib) = self.atari_liberty(head) {
            out[0] = lib;
            return 1;
        }
        let mut k = 0;
        for s in self.chain(head) {
            for n in self.neighbours(s) {
                if self.cells[n as usize] == EMPTY && !out[..k].contains(&n) {
                    out[k] = n;
                    k += 1;
                    if k == 3 {
                        return 3;
                    }
                }
            }
        }
        k
    }

    /// The number of distinct liberties of the chain at `p` (0 for no stone).
    pub fn liberties(&self, p: Point) -> usize {
        if self.get(p).is_none() {
            return 0;
        }
        let mut seen = [false; CELLS];
        let mut count = 0;
        for s in self.chain(self.index(p)) {
            for n in self.neighbours(s) {
                if self.cells[n as usize] == EMPTY && !seen[n as usize] {
                    seen[n as usize] = true;
                    count += 1;
                }
            }
        }
        count
    }

    #[inline]
    fn add_lib(&mut self, head: u16, lib: u16) {
        let h = head as usize;
        self.libs[h] += 1;
        self.lib_sum[h] += lib as u32;
        self.lib_sq[h] += lib as u32 * lib as u32;
    }

    #[inline]
    fn remove_lib(&mut self, head: u16, lib: u16) {
        let h = head as usize;
        self.libs[h] -= 1;
        self.lib_sum[h] -= lib as u32;
        self.lib_sq[h] -= lib as u32 * lib as u32;
    }

    fn take_empty(&mut self, i: u16) {
        let at = self.empty_at[i as usize];
        self.empties -= 1;
        let moved = self.empty[self.empties as usize];
        self.empty[at as usize] = moved;
        self.empty_at[moved as usize] = at;
    }

    fn give_empty(&mut self, i: u16) {
        self.empty_at[i as usize] = self.empties;
        self.empty[self.empties as usize] = i;
        self.empties += 1;
    }

    /// Puts a stone of `cell` on empty `i`, joins chains and removes
    /// liberties; captures nothing. Returns the head of its chain.
    fn place(&mut self, cell: u8, i: u16) -> u16 {
        self.take_empty(i);
        self.cells[i as usize] = cell;
        self.hash ^= ZOBRIST[cell as usize - 1][i as usize];
        self.head[i as usize] = i;
        self.next[i as usize] = i;
        self.stones[i as usize] = 1;
        self.libs[i as usize] = 0;
        self.lib_sum[i as usize] = 0;
        self.lib_sq[i as usize] = 0;
        for n in self.neighbours(i) {
            match self.cells[n as usize] {
                EMPTY => self.add_lib(i, n),
                BORDER => {}
                _ => {
                    let h = self.head[n as usize];
                    self.remove_lib(h, i);
                }
            }
        }
        let mut head = i;
        for n in self.neighbours(i) {
            if self.cells[n as usize] == cell {
                let other = self.head[n as usize];
                if other != head {
                    head = self.merge(head, other);
                }
            }
        }
        head
    }

    fn merge(&mut self, a: u16, b: u16) -> u16 {
        let (big, small) = if self.stones[a as usize] >= self.stones[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s as usize] = big;
            s = self.next[s as usize];
            if s == small {
                break;
            }
        }
        self.next.swap(big as usize, small as usize);
        let (bu, su) = (big as usize, small as usize);
        self.stones[bu] += self.stones[su];
        self.libs[bu] += self.libs[su];
        self.lib_sum[bu] += self.lib_sum[su];
        self.lib_sq[bu] += self.lib_sq[su];
        big
    }

    fn remove_chain(&mut self, head: u16) -> u32 {
        let cell = self.cells[head as usize];
        let mut count = 0;
        let mut s = head;
        loop {
            self.cells[s as usize] = EMPTY;
            self.hash ^= ZOBRIST[cell as usize - 1][s as usize];
            self.give_empty(s);
            count += 1;
            s = self.next[s as usize];
            if s == head {
                break;
            }
        }
        let mut s = head;
        loop {
            for n in self.neighbours(s) {
                let c = self.cells[n as usize];
                if c == BLACK || c == WHITE {
                    let h = self.head[n as usize];
                    self.add_lib(h, s);
                }
            }
            s = self.next[s as usize];
            if s == head {
                break;
            }
        }
        count
    }

    /// How many of `i`'s neighbours belong to the chain `head`.
    #[inline]
    fn adjacent_count(&self, i: u16, head: u16) -> u16 {
        let mut k = 0;
        for n in self.neighbours(i) {
            let c = self.cells[n as usize];
            if (c == BLACK || c == WHITE) && self.head[n as usize] == head {
                k += 1;
            }
        }
        k
    }

    /// Whether a stone of `color` on `i` would capture the chain `head`.
    #[inline]
    fn would_capture(&self, i: u16, head: u16) -> bool {
        self.libs[head as usize] == self.adjacent_count(i, head)
    }

    /// Checks a stone by the simple rules: empty, not the ko point, not
    /// suicide. Superko is the caller's (see [`Board::hash_after`]).
    pub(crate) fn check(&self, color: Color, i: u16) -> Result<(), Illegal> {
        if self.cells[i as usize] != EMPTY {
            return Err(if self.cells[i as usize] == BORDER {
                Illegal::OffBoard
            } else {
                Illegal::Occupied
            });
        }
        if i == self.ko {
            return Err(Illegal::Ko);
        }
        let me = color.cell();
        let mut safe = false;
        for n in self.neighbours(i) {
            let c = self.cells[n as usize];
            if c == EMPTY {
                return Ok(());
            } else if c == me {
                let h = self.head[n as usize];
                if self.libs[h as usize] > self.adjacent_count(i, h) {
                    safe = true;
                }
            } else if c != BORDER && self.would_capture(i, self.head[n as usize]) {
                return Ok(());
            }
        }
        if safe { Ok(()) } else { Err(Illegal::Suicide) }
    }

    /// Whether `color` may play at `p` by the simple rules (empty, not the
    /// ko point, not suicide).
    pub fn is_legal(&self, color: Color, p: Point) -> bool {
        self.contains(p) && self.check(color, self.index(p)).is_ok()
    }

    /// The hash of the stones after a (legal) stone of `color` on `p`.
    pub fn hash_after(&self, color: Color, p: Point) -> u64 {
        let i = self.index(p);
        let mut hash = self.hash ^ ZOBRIST[color.index()][i as usize];
        let opp = color.opponent().cell();
        let mut done = [NONE; 4];
        for (k, n) in self.neighbours(i).into_iter().enumerate() {
            if self.cells[n as usize] == opp {
                let h = self.head[n as usize];
                if done[..k].contains(&h) {
                    continue;
                }
                done[k] = h;
                if self.would_capture(i, h) {
                    for s in self.chain(h) {
                        hash ^= ZOBRIST[opp as usize - 1][s as usize];
                    }
                }
            }
        }
        hash
    }

    /// Plays a stone, capturing what it takes. Checks the simple rules only.
    pub fn play(&mut self, color: Color, p: Point) -> Result<Played, Illegal> {
        if !self.contains(p) {
            return Err(Illegal::OffBoard);
        }
        let i = self.index(p);
        self.check(color, i)?;
        Ok(self.play_unchecked(color, i))
    }

    /// A pass: clears the ko point.
    pub fn pass(&mut self) {
        self.ko = NONE;
        self.last = NONE;
    }

    /// Plays a stone already known to be legal.
    pub(crate) fn play_unchecked(&mut self, color: Color, i: u16) -> Played {
        let me = color.cell();
        let opp = color.opponent().cell();
        let head = self.place(me, i);
        let mut captured = 0;
        let mut ko = NONE;
        for n in self.neighbours(i) {
            if self.cells[n as usize] == opp {
                let h = self.head[n as usize];
                if self.libs[h as usize] == 0 {
                    let k = self.remove_chain(h);
                    captured += k;
                    if k == 1 {
                        ko = n;
                    }
                }
            }
        }
        self.captures[color.index()] += captured;
        let head = self.head[head as usize];
        self.ko = if captured == 1
            && self.stones[head as usize] == 1
            && self.atari_liberty(head).is_some()
        {
            ko
        } else {
            NONE
        };
        self.last = i;
        Played { captured }
    }

    /// Removes the chain at `p` as prisoners of the other colour (dead
    /// stones at the end of play). Returns how many stones were removed.
    pub fn remove_dead(&mut self, p: Point) -> u32 {
        let Some(color) = self.get(p) else { return 0 };
        let head = self.head[self.index(p) as usize];
        let k = self.remove_chain(head);
        self.captures[color.opponent().index()] += k;
        k
    }

    pub(crate) fn empty_points(&self) -> &[u16] {
        &self.empty[..self.empties as usize]
    }

    /// Whether `i` is a point surrounded by `color` that is an eye in the
    /// playouts' sense (not to be filled): every neighbour is `color` or the
    /// edge, and the opponent holds at most one diagonal (none at the edge).
    #[inline]
    pub(crate) fn is_eyeish(&self, color: Color, i: u16) -> bool {
        let me = color.cell();
        for n in self.neighbours(i) {
            let c = self.cells[n as usize];
            if c != me && c != BORDER {
                return false;
            }
        }
        let opp = color.opponent().cell();
        let mut bad = 0;
        let mut edge = false;
        for d in self.diagonals(i) {
            let c = self.cells[d as usize];
            if c == opp {
                bad += 1;
            } else if c == BORDER {
                edge = true;
            }
        }
        bad + u8::from(edge) < 2
    }

    /// The board as text rows, top row first (`X` black, `O` white, `.`).
    pub fn rows(&self) -> Vec<String> {
        (0..self.size)
            .rev()
            .map(|row| {
                (0..self.size)
                    .map(|col| match self.get(Point::new(col, row)) {
                        Some(Color::Black) => 'X',
                        Some(Color::White) => 'O',
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// Whether the stone on `i` (of `color`) would be its chain's last
    /// liberty-keeper: a stone of `color` on empty `i` leaves its chain with
    /// one liberty and captures nothing (a self-atari).
    pub(crate) fn is_self_atari(&self, color: Color, i: u16) -> bool {
        let me = color.cell();
        let opp = color.opponent().cell();
        let mut first = NONE;
        let note = |lib: u16, first: &mut u16| -> bool {
            if lib == i || lib == *first {
                return false;
            }
            if *first == NONE {
                *first = lib;
                false
            } else {
                true
            }
        };
        for n in self.neighbours(i) {
            let c = self.cells[n as usize];
            if c == EMPTY {
                if note(n, &mut first) {
                    return false;
                }
            } else if c == opp {
                let h = self.head[n as usize];
                if self.would_capture(i, h) {
                    return false;
                }
            }
        }
        for n in self.neighbours(i) {
            if self.cells[n as usize] == me {
                let h = self.head[n as usize];
                if let Some(lib) = self.atari_liberty(h) {
                    if note(lib, &mut first) {
                        return false;
                    }
                } else {
                    // Two or more liberties: walk the chain for them.
                    for s in self.chain(h) {
                        for m in self.neighbours(s) {
                            if self.cells[m as usize] == EMPTY && note(m, &mut first) {
                                return false;
                            }
                        }
                    }
                }
            }
        }
        true
    }
}

/// The cell of the point named `name` (as "D4") on `board`: for tests.
#[cfg(test)]
pub(crate) fn at(board: &Board, name: &str) -> u16 {
    board.index(Point::parse(name, board.size()).unwrap())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertices_read_and_print() {
        let p = Point::parse("J10", 19).unwrap();
        assert_eq!(p, Point::new(8, 9));
        assert_eq!(p.to_string(), "J10");
        assert_eq!(Point::parse("a1", 9).unwrap(), Point::new(0, 0));
        assert!(Point::parse("I5", 19).is_err());
        assert!(Point::parse("K1", 9).is_err());
        assert!(Point::parse("A0", 9).is_err());
        assert!(Point::parse("", 9).is_err());
        assert!(Point::parse("A99999", 9).is_err());
    }

    #[test]
    fn liberties_are_counted() {
        let b = Board::from_rows(&[
            ".....", //
            ".XX..", //
            ".X...", //
            ".....", //
            ".....",
        ])
        .unwrap();
        assert_eq!(b.liberties(Point::new(1, 3)), 7);
        let h = b.head_of(b.index(Point::new(1, 2)));
        assert_eq!(b.atari_liberty(h), None);
        assert!(Board::from_rows(&["XO", "O."]).is_err());
    }

    /// The incremental chains agree with a recount after every move of
    /// many random games (pseudo-liberties, atari, hash, empty list).
    #[test]
    fn incremental_state_matches_a_recount() {
        use rand::{RngExt, SeedableRng};
        let mut rng = veil_core::GameRng::seed_from_u64(5);
        for game in 0..60 {
            let size = [9u8, 13, 5][game % 3];
            let mut b = Board::new(size).unwrap();
            let mut color = Color::Black;
            for _ in 0..(size as usize * size as usize * 2) {
                let moves: Vec<u16> = b
                    .empty_points()
                    .iter()
                    .copied()
                    .filter(|i| b.check(color, *i).is_ok())
                    .collect();
                if moves.is_empty() {
                    break;
                }
                b.play_unchecked(color, moves[rng.random_range(0..moves.len())]);
                color = color.opponent();
                let mut hash = 0;
                let mut empties = 0;
                for p in b.points() {
                    let i = b.index(p);
                    match b.get(p) {
                        None => empties += 1,
                        Some(c) => {
                            hash ^= ZOBRIST[c.index()][i as usize];
                            let h = b.head_of(i);
                            let pairs: u16 = b
                                .chain(h)
                                .map(|s| {
                                    b.neighbours(s)
                                        .iter()
                                        .filter(|n| b.cell(**n) == EMPTY)
                                        .count() as u16
                                })
                                .sum();
                            assert_eq!(b.libs[h as usize], pairs);
                            assert!(pairs > 0, "a chain without liberty stands");
                            let distinct = b.liberties(p);
                            assert_eq!(b.atari_liberty(h).is_some(), distinct == 1);
                            assert_eq!(b.chain(h).count() as u16, b.stones[h as usize]);
                        }
                    }
                }
                assert_eq!(hash, b.hash());
                assert_eq!(empties, b.empty_points().len());
            }
        }
    }
}
