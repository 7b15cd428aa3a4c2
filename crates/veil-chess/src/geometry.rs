//! Board geometries and their precomputed attack tables.
//!
//! Tables are computed at compile time by `const fn`s for any width and height
//! up to 10, then narrowed to the geometry's bitboard type. The 8×8 board
//! reads sliders with the hyperbola-quintessence trick (byte swaps for files
//! and diagonals, a small table for ranks); larger boards walk rays and cut
//! them at the first blocker.

use core::fmt::Debug;
use core::hash::Hash;

use crate::bits::Bits;
use crate::types::{Color, Square};

/// Largest supported number of files or ranks.
pub const MAX_SIDE: u32 = 10;
pub(crate) const MAX_SQUARES: usize = 100;

/// The shape of a board and how pieces attack on it.
///
/// Squares are numbered `rank * FILES + file`, a1 = 0. Implementations exist for
/// [`Grid8`] (standard chess, `u64`) and [`Grid10`] (10×10, `u128`).
pub trait Geometry:
    Copy + Clone + Debug + Default + PartialEq + Eq + Hash + Send + Sync + 'static
{
    type Bits: Bits;
    const FILES: u32;
    const RANKS: u32;

    /// Every square of the board.
    fn all() -> Self::Bits;
    fn file_mask(file: u32) -> Self::Bits;
    fn rank_mask(rank: u32) -> Self::Bits;
    fn knight_attacks(sq: u32) -> Self::Bits;
    fn king_attacks(sq: u32) -> Self::Bits;
    /// Squares a pawn of `color` on `sq` attacks.
    fn pawn_attacks(color: Color, sq: u32) -> Self::Bits;
    fn rook_attacks(sq: u32, occupied: Self::Bits) -> Self::Bits;
    fn bishop_attacks(sq: u32, occupied: Self::Bits) -> Self::Bits;
    /// Squares strictly between two squares on a common line, else empty.
    fn between(a: u32, b: u32) -> Self::Bits;
    /// The whole line through two squares (both included), else empty.
    fn line(a: u32, b: u32) -> Self::Bits;

    #[inline(always)]
    fn queen_attacks(sq: u32, occupied: Self::Bits) -> Self::Bits {
        Self::rook_attacks(sq, occupied) | Self::bishop_attacks(sq, occupied)
    }
    #[inline(always)]
    fn squares() -> u32 {
        Self::FILES * Self::RANKS
    }
    #[inline(always)]
    fn file_of(sq: Square) -> u32 {
        sq.0 as u32 % Self::FILES
    }
    #[inline(always)]
    fn rank_of(sq: Square) -> u32 {
        sq.0 as u32 / Self::FILES
    }
    /// The square at `file`, `rank` (0-based), if on the board.
    #[inline(always)]
    fn square(file: u32, rank: u32) -> Option<Square> {
        (file < Self::FILES && rank < Self::RANKS)
            .then(|| Square((rank * Self::FILES + file) as u8))
    }
    /// `e4`, `j10`.
    fn square_name(sq: Square) -> String {
        let mut s = String::with_capacity(3);
        s.push((b'a' + Self::file_of(sq) as u8) as char);
        s.push_str(&(Self::rank_of(sq) + 1).to_string());
        s
    }
    /// Reads `e4`, `j10`; `None` if malformed or off the board.
    fn parse_square(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() < 2 || b.len() > 3 || !b[0].is_ascii_lowercase() {
            return None;
        }
        let file = (b[0] - b'a') as u32;
        let digits = &s[1..];
        if !digits.bytes().all(|c| c.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let rank: u32 = digits.parse().ok()?;
        if rank == 0 {
            return None;
        }
        Self::square(file, rank - 1)
    }
}

// ---------------------------------------------------------------------------
// Compile-time tables, computed as u128 for any geometry up to 10×10.

const fn on_board(w: i32, h: i32, f: i32, r: i32) -> bool {
    f >= 0 && f < w && r >= 0 && r < h
}

const fn leaper(w: i32, h: i32, deltas: &[(i32, i32)]) -> [u128; MAX_SQUARES] {
    let mut t = [0u128; MAX_SQUARES];
    let mut sq = 0;
    while sq < w * h {
        let (f, r) = (sq % w, sq / w);
        let mut i = 0;
        while i < deltas.len() {
            let (df, dr) = deltas[i];
            if on_board(w, h, f + df, r + dr) {
                t[sq as usize] |= 1u128 << ((r + dr) * w + f + df);
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

const KNIGHT_DELTAS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_DELTAS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
/// Ray directions: the first four increase the square index, the last four decrease it.
const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (-1, 1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (1, -1),
];

const fn ray(w: i32, h: i32, sq: i32, d: (i32, i32)) -> u128 {
    let (mut f, mut r) = (sq % w + d.0, sq / w + d.1);
    let mut bb = 0u128;
    while on_board(w, h, f, r) {
        bb |= 1u128 << (r * w + f);
        f += d.0;
        r += d.1;
    }
    bb
}

const fn rays(w: i32, h: i32) -> [[u128; MAX_SQUARES]; 8] {
    let mut t = [[0u128; MAX_SQUARES]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < w * h {
            t[d][sq as usize] = ray(w, h, sq, DIRS[d]);
            sq += 1;
        }
        d += 1;
    }
    t
}

/// `between[a][b]` (exclusive) when `line` is false, `line[a][b]` otherwise.
const fn pair_table(w: i32, h: i32, line: bool) -> [[u128; MAX_SQUARES]; MAX_SQUARES] {
    let mut t = [[0u128; MAX_SQUARES]; MAX_SQUARES];
    let mut a = 0;
    while a < w * h {
        let mut d = 0;
        while d < 8 {
            let dir = DIRS[d];
            let full = ray(w, h, a, dir) | ray(w, h, a, (-dir.0, -dir.1)) | 1u128 << a;
            let (mut f, mut r) = (a % w + dir.0, a / w + dir.1);
            let mut acc = 0u128;
            while on_board(w, h, f, r) {
                let b = r * w + f;
                t[a as usize][b as usize] = if line { full } else { acc };
                acc |= 1u128 << b;
                f += dir.0;
                r += dir.1;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

const fn file_masks(w: i32, h: i32) -> [u128; MAX_SIDE as usize] {
    let mut t = [0u128; MAX_SIDE as usize];
    let mut sq = 0;
    while sq < w * h {
        t[(sq % w) as usize] |= 1u128 << sq;
        sq += 1;
    }
    t
}

const fn rank_masks(w: i32, h: i32) -> [u128; MAX_SIDE as usize] {
    let mut t = [0u128; MAX_SIDE as usize];
    let mut sq = 0;
    while sq < w * h {
        t[(sq / w) as usize] |= 1u128 << sq;
        sq += 1;
    }
    t
}

const fn all_mask(w: i32, h: i32) -> u128 {
    if w * h == 128 {
        u128::MAX
    } else {
        (1u128 << (w * h)) - 1
    }
}

// ---------------------------------------------------------------------------
// 8×8

/// The standard 8×8 board, files a–h, ranks 1–8, on `u64` bitboards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Grid8;

const fn narrow(t: &[u128; MAX_SQUARES]) -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        out[i] = t[i] as u64;
        i += 1;
    }
    out
}

const fn narrow_pairs(t: &[[u128; MAX_SQUARES]; MAX_SQUARES]) -> [[u64; 64]; 64] {
    let mut out = [[0u64; 64]; 64];
    let mut i = 0;
    while i < 64 {
        out[i] = narrow(&t[i]);
        i += 1;
    }
    out
}

const fn or3(a: &[u128; MAX_SQUARES], b: &[u128; MAX_SQUARES]) -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        out[i] = (a[i] | b[i]) as u64;
        i += 1;
    }
    out
}

/// Attacks along one rank of 8 for a slider on `file`, indexed by the six
/// inner occupancy bits (the edge squares never block anything beyond them).
const fn rank_attack_table() -> [[u8; 64]; 8] {
    let mut t = [[0u8; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut occ6 = 0;
        while occ6 < 64 {
            let occ = (occ6 << 1) as u32;
            let mut att = 0u32;
            let mut f = file as i32 + 1;
            while f < 8 {
                att |= 1 << f;
                if occ & (1 << f) != 0 {
                    break;
                }
                f += 1;
            }
            f = file as i32 - 1;
            while f >= 0 {
                att |= 1 << f;
                if occ & (1 << f) != 0 {
                    break;
                }
                f -= 1;
            }
            t[file][occ6] = att as u8;
            occ6 += 1;
        }
        file += 1;
    }
    t
}

struct Tables8 {
    knight: [u64; 64],
    king: [u64; 64],
    pawn: [[u64; 64]; 2],
    file_ex: [u64; 64],
    diag_ex: [u64; 64],
    anti_ex: [u64; 64],
    rank_attacks: [[u8; 64]; 8],
    between: [[u64; 64]; 64],
    line: [[u64; 64]; 64],
    files: [u64; 8],
    ranks: [u64; 8],
}

static T8: Tables8 = {
    let r = rays(8, 8);
    let files = file_masks(8, 8);
    let ranks = rank_masks(8, 8);
    let mut f8 = [0u64; 8];
    let mut r8 = [0u64; 8];
    let mut i = 0;
    while i < 8 {
        f8[i] = files[i] as u64;
        r8[i] = ranks[i] as u64;
        i += 1;
    }
    Tables8 {
        knight: narrow(&leaper(8, 8, &KNIGHT_DELTAS)),
        king: narrow(&leaper(8, 8, &KING_DELTAS)),
        pawn: [
            narrow(&leaper(8, 8, &[(-1, 1), (1, 1)])),
            narrow(&leaper(8, 8, &[(-1, -1), (1, -1)])),
        ],
        file_ex: or3(&r[0], &r[4]),
        diag_ex: or3(&r[1], &r[5]),
        anti_ex: or3(&r[3], &r[7]),
        rank_attacks: rank_attack_table(),
        between: narrow_pairs(&pair_table(8, 8, false)),
        line: narrow_pairs(&pair_table(8, 8, true)),
        files: f8,
        ranks: r8,
    }
};

/// Slider attacks along a line with at most one square per rank, by
/// subtracting the slider from the blockers in both bit orders.
#[inline(always)]
fn hyperbola(sq: u32, occupied: u64, mask: u64) -> u64 {
    let s = 1u64 << sq;
    let o = occupied & mask;
    let forward = o.wrapping_sub(s.wrapping_mul(2));
    let reverse = o.swap_bytes().wrapping_sub(s.swap_bytes().wrapping_mul(2));
    (forward ^ reverse.swap_bytes()) & mask
}

impl Geometry for Grid8 {
    type Bits = u64;
    const FILES: u32 = 8;
    const RANKS: u32 = 8;

    #[inline(always)]
    fn all() -> u64 {
        u64::MAX
    }
    #[inline(always)]
    fn file_mask(file: u32) -> u64 {
        T8.files[file as usize]
    }
    #[inline(always)]
    fn rank_mask(rank: u32) -> u64 {
        T8.ranks[rank as usize]
    }
    #[inline(always)]
    fn knight_attacks(sq: u32) -> u64 {
        T8.knight[sq as usize]
    }
    #[inline(always)]
    fn king_attacks(sq: u32) -> u64 {
        T8.king[sq as usize]
    }
    #[inline(always)]
    fn pawn_attacks(color: Color, sq: u32) -> u64 {
        T8.pawn[color.index()][sq as usize]
    }
    #[inline(always)]
    fn rook_attacks(sq: u32, occupied: u64) -> u64 {
        let shift = sq & 56;
        let inner = ((occupied >> (shift + 1)) & 63) as usize;
        let rank = (T8.rank_attacks[(sq & 7) as usize][inner] as u64) << shift;
        rank | hyperbola(sq, occupied, T8.file_ex[sq as usize])
    }
    #[inline(always)]
    fn bishop_attacks(sq: u32, occupied: u64) -> u64 {
        hyperbola(sq, occupied, T8.diag_ex[sq as usize])
            | hyperbola(sq, occupied, T8.anti_ex[sq as usize])
    }
    #[inline(always)]
    fn between(a: u32, b: u32) -> u64 {
        T8.between[a as usize][b as usize]
    }
    #[inline(always)]
    fn line(a: u32, b: u32) -> u64 {
        T8.line[a as usize][b as usize]
    }
}

// ---------------------------------------------------------------------------
// Up to 10×10 on u128

/// Tables for a board on `u128` bitboards.
pub(crate) struct WideTables {
    knight: [u128; MAX_SQUARES],
    king: [u128; MAX_SQUARES],
    pawn: [[u128; MAX_SQUARES]; 2],
    rays: [[u128; MAX_SQUARES]; 8],
    between: [[u128; MAX_SQUARES]; MAX_SQUARES],
    line: [[u128; MAX_SQUARES]; MAX_SQUARES],
    files: [u128; MAX_SIDE as usize],
    ranks: [u128; MAX_SIDE as usize],
    all: u128,
}

impl WideTables {
    const fn build(w: i32, h: i32) -> WideTables {
        assert!(
            w >= 1 && h >= 2 && w <= MAX_SIDE as i32 && h <= MAX_SIDE as i32,
            "boards are 1..=10 files by 2..=10 ranks"
        );
        WideTables {
            knight: leaper(w, h, &KNIGHT_DELTAS),
            king: leaper(w, h, &KING_DELTAS),
            pawn: [
                leaper(w, h, &[(-1, 1), (1, 1)]),
                leaper(w, h, &[(-1, -1), (1, -1)]),
            ],
            rays: rays(w, h),
            between: pair_table(w, h, false),
            line: pair_table(w, h, true),
            files: file_masks(w, h),
            ranks: rank_masks(w, h),
            all: all_mask(w, h),
        }
    }

    /// Ray in direction `d` from `sq`, cut after its first blocker.
    #[inline(always)]
    fn ray(&self, d: usize, sq: u32, occupied: u128) -> u128 {
        let ray = self.rays[d][sq as usize];
        let blockers = ray & occupied;
        if blockers == 0 {
            return ray;
        }
        let first = if d < 4 {
            blockers.trailing_zeros()
        } else {
            127 - blockers.leading_zeros()
        };
        ray ^ self.rays[d][first as usize]
    }
}

/// Implements [`Geometry`] from a `&'static WideTables` expression.
macro_rules! wide_geometry {
    ($tables:expr) => {
        type Bits = u128;

        #[inline(always)]
        fn all() -> u128 {
            $tables.all
        }
        #[inline(always)]
        fn file_mask(file: u32) -> u128 {
            $tables.files[file as usize]
        }
        #[inline(always)]
        fn rank_mask(rank: u32) -> u128 {
            $tables.ranks[rank as usize]
        }
        #[inline(always)]
        fn knight_attacks(sq: u32) -> u128 {
            $tables.knight[sq as usize]
        }
        #[inline(always)]
        fn king_attacks(sq: u32) -> u128 {
            $tables.king[sq as usize]
        }
        #[inline(always)]
        fn pawn_attacks(color: Color, sq: u32) -> u128 {
            $tables.pawn[color.index()][sq as usize]
        }
        #[inline(always)]
        fn rook_attacks(sq: u32, occupied: u128) -> u128 {
            let t = $tables;
            t.ray(0, sq, occupied)
                | t.ray(2, sq, occupied)
                | t.ray(4, sq, occupied)
                | t.ray(6, sq, occupied)
        }
        #[inline(always)]
        fn bishop_attacks(sq: u32, occupied: u128) -> u128 {
            let t = $tables;
            t.ray(1, sq, occupied)
                | t.ray(3, sq, occupied)
                | t.ray(5, sq, occupied)
                | t.ray(7, sq, occupied)
        }
        #[inline(always)]
        fn between(a: u32, b: u32) -> u128 {
            $tables.between[a as usize][b as usize]
        }
        #[inline(always)]
        fn line(a: u32, b: u32) -> u128 {
            $tables.line[a as usize][b as usize]
        }
    };
}

/// The 10×10 board of Secret King, files a–j, ranks 1–10, on `u128` bitboards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Grid10;

static T10: WideTables = WideTables::build(10, 10);

impl Geometry for Grid10 {
    const FILES: u32 = 10;
    const RANKS: u32 = 10;
    wide_geometry!(&T10);
}

/// Any board of `FILES` × `RANKS` squares up to 10×10 (at least 2 ranks), on
/// `u128` bitboards; its tables are built at compile time for each shape used.
///
/// ```
/// use veil_chess::{perft, GridN, Position};
///
/// // Los Alamos chess is 6×6 (without its own rules here: plain pieces).
/// let pos = Position::<GridN<6, 6>>::from_fen("rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1").unwrap();
/// assert!(perft(&pos, 2) > 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GridN<const FILES: u32, const RANKS: u32>;

impl<const W: u32, const H: u32> GridN<W, H> {
    const TABLES: &'static WideTables = &WideTables::build(W as i32, H as i32);
}

impl<const W: u32, const H: u32> Geometry for GridN<W, H> {
    const FILES: u32 = W;
    const RANKS: u32 = H;
    wide_geometry!(Self::TABLES);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Slow reference: walk each direction square by square.
    fn slow_slider<G: Geometry>(sq: u32, occ: u128, dirs: &[(i32, i32)]) -> u128 {
        let (w, h) = (G::FILES as i32, G::RANKS as i32);
        let mut out = 0u128;
        for &(df, dr) in dirs {
            let (mut f, mut r) = (sq as i32 % w + df, sq as i32 / w + dr);
            while f >= 0 && f < w && r >= 0 && r < h {
                let s = r * w + f;
                out |= 1 << s;
                if occ & (1 << s) != 0 {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        out
    }

    fn check_sliders<G: Geometry>() {
        let mut x = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..3000 {
            let occ = ((next() as u128) << 64 | next() as u128)
                & (next() as u128 | (next() as u128) << 64);
            let occ = occ & G::all().to_u128();
            let sq = (next() % G::squares() as u64) as u32;
            let occb = G::Bits::from_u128(occ);
            assert_eq!(
                G::rook_attacks(sq, occb).to_u128(),
                slow_slider::<G>(sq, occ, &[(0, 1), (0, -1), (1, 0), (-1, 0)])
            );
            assert_eq!(
                G::bishop_attacks(sq, occb).to_u128(),
                slow_slider::<G>(sq, occ, &[(1, 1), (1, -1), (-1, 1), (-1, -1)])
            );
        }
    }

    #[test]
    fn sliders_match_a_slow_walk() {
        check_sliders::<Grid8>();
        check_sliders::<Grid10>();
        check_sliders::<GridN<7, 9>>();
        check_sliders::<GridN<10, 4>>();
    }

    #[test]
    fn square_names() {
        assert_eq!(
            Grid10::square_name(Grid10::parse_square("j10").unwrap()),
            "j10"
        );
        assert_eq!(Grid8::parse_square("e4"), Some(Square(28)));
        assert_eq!(Grid8::parse_square("i1"), None);
        assert_eq!(Grid8::parse_square("a9"), None);
        assert_eq!(Grid8::parse_square("a0"), None);
        assert_eq!(Grid8::parse_square("a01"), None);
        assert_eq!(Grid10::parse_square("a10"), Some(Square(90)));
        assert_eq!(Grid10::parse_square("k1"), None);
    }
}
