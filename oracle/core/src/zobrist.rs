//! Zobrist keys for the position hash: fixed at compile time, so a hash is
//! the same in every run and build.

/// Zobrist keys: one per (piece index, square), and one for Black to move.
const fn build_zobrist() -> ([[u64; 90]; 14], u64) {
    // splitmix64: a fixed seed keeps hashes stable across runs and builds.
    let mut state: u64 = 0x5851_f42d_4c95_7f2d;
    let mut keys = [[0u64; 90]; 14];
    let mut p = 0;
    while p < 14 {
        let mut s = 0;
        while s < 90 {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            keys[p][s] = z ^ (z >> 31);
            s += 1;
        }
        p += 1;
    }
    state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (keys, z ^ (z >> 31))
}

static ZOBRIST: ([[u64; 90]; 14], u64) = build_zobrist();

#[inline]
pub(crate) fn zobrist_piece(piece_index: usize, sq: usize) -> u64 {
    ZOBRIST.0[piece_index][sq]
}

#[inline]
pub(crate) fn zobrist_black_to_move() -> u64 {
    ZOBRIST.1
}
