//! Zobrist keys, generated at compile time from a fixed seed.

use crate::geometry::MAX_SQUARES;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

pub(crate) struct Keys {
    /// `[color * 6 + role][square]`.
    pub piece: [[u64; MAX_SQUARES]; 12],
    /// Castling right of the Rook on a square.
    pub castle: [u64; MAX_SQUARES],
    pub ep_file: [u64; 10],
    pub black_to_move: u64,
}

pub(crate) static KEYS: Keys = {
    let mut state = 0x5EC2_E7C4_1AE5_0001u64;
    let mut piece = [[0u64; MAX_SQUARES]; 12];
    let mut castle = [0u64; MAX_SQUARES];
    let mut ep_file = [0u64; 10];
    let mut p = 0;
    while p < 12 {
        let mut sq = 0;
        while sq < MAX_SQUARES {
            let (s, v) = splitmix(state);
            state = s;
            piece[p][sq] = v;
            sq += 1;
        }
        p += 1;
    }
    let mut sq = 0;
    while sq < MAX_SQUARES {
        let (s, v) = splitmix(state);
        state = s;
        castle[sq] = v;
        sq += 1;
    }
    let mut f = 0;
    while f < 10 {
        let (s, v) = splitmix(state);
        state = s;
        ep_file[f] = v;
        f += 1;
    }
    let (_, black_to_move) = splitmix(state);
    Keys {
        piece,
        castle,
        ep_file,
        black_to_move,
    }
};
