//! Precomputed geometry: rays, horse jumps with their legs, elephant jumps
//! with their eyes, palace steps. Built at compile time so the hot paths
//! only index arrays.

use crate::types::Square;

/// Up, down, left, right (rank +1, rank −1, file −1, file +1).
pub(crate) const DIRS: [(i8, i8); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];

/// A fixed-capacity list of squares, stored as indices.
#[derive(Clone, Copy)]
pub(crate) struct SqList<const N: usize> {
    pub len: u8,
    pub sq: [u8; N],
}

impl<const N: usize> SqList<N> {
    const EMPTY: Self = SqList { len: 0, sq: [0; N] };

    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.sq[..self.len as usize]
            .iter()
            .map(|&i| Square::from_index(i as usize))
    }
}

/// A jump (horse or elephant) together with the point that blocks it.
#[derive(Clone, Copy)]
pub(crate) struct Jump {
    pub to: u8,
    pub block: u8,
}

#[derive(Clone, Copy)]
pub(crate) struct JumpList {
    pub len: u8,
    pub jumps: [Jump; 8],
}

impl JumpList {
    const EMPTY: Self = JumpList {
        len: 0,
        jumps: [Jump { to: 0, block: 0 }; 8],
    };

    #[inline]
    pub fn as_slice(&self) -> &[Jump] {
        &self.jumps[..self.len as usize]
    }
}

const fn sq(file: i8, rank: i8) -> i16 {
    if file >= 0 && file < 9 && rank >= 0 && rank < 10 {
        (rank * 9 + file) as i16
    } else {
        -1
    }
}

const fn build_rays() -> [[SqList<9>; 4]; 90] {
    let mut t = [[SqList::<9>::EMPTY; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i8, (s / 9) as i8);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRS[d];
            let mut k = 1;
            loop {
                let n = sq(f + df * k, r + dr * k);
                if n < 0 {
                    break;
                }
                let l = t[s][d].len as usize;
                t[s][d].sq[l] = n as u8;
                t[s][d].len += 1;
                k += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// Horse moves from each square: the 8 targets with the leg next to the horse.
const fn build_horse_moves() -> [JumpList; 90] {
    let mut t = [JumpList::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i8, (s / 9) as i8);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRS[d];
            let leg = sq(f + df, r + dr);
            if leg >= 0 {
                // The two targets beyond this leg: two steps in this
                // direction and one step to either side of it.
                let mut side = -1;
                while side <= 1 {
                    let (tf, tr) = (f + 2 * df + side * dr, r + 2 * dr + side * df);
                    let to = sq(tf, tr);
                    if to >= 0 {
                        let l = t[s].len as usize;
                        t[s].jumps[l] = Jump {
                            to: to as u8,
                            block: leg as u8,
                        };
                        t[s].len += 1;
                    }
                    side += 2;
                }
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// For each target square, the squares a horse could attack it from, with
/// the leg that horse would need free (a diagonal neighbour of the target).
const fn build_horse_attackers() -> [JumpList; 90] {
    let moves = build_horse_moves();
    let mut t = [JumpList::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let mut j = 0;
        while j < moves[s].len as usize {
            let jump = moves[s].jumps[j];
            let to = jump.to as usize;
            let l = t[to].len as usize;
            // Here `to` of the entry is the attacking horse's square.
            t[to].jumps[l] = Jump {
                to: s as u8,
                block: jump.block,
            };
            t[to].len += 1;
            j += 1;
        }
        s += 1;
    }
    t
}

const fn build_elephant_moves() -> [JumpList; 90] {
    let mut t = [JumpList::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i8, (s / 9) as i8);
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let to = sq(f + 2 * df, r + 2 * dr);
                if to >= 0 {
                    let l = t[s].len as usize;
                    t[s].jumps[l] = Jump {
                        to: to as u8,
                        block: sq(f + df, r + dr) as u8,
                    };
                    t[s].len += 1;
                }
                dr += 2;
            }
            df += 2;
        }
        s += 1;
    }
    t
}

/// One diagonal step (advisor) or one orthogonal step (king).
const fn build_steps(diagonal: bool) -> [SqList<4>; 90] {
    let mut t = [SqList::<4>::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i8, (s / 9) as i8);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = if diagonal {
                [(-1, -1), (-1, 1), (1, -1), (1, 1)][d]
            } else {
                DIRS[d]
            };
            let n = sq(f + df, r + dr);
            if n >= 0 {
                let l = t[s].len as usize;
                t[s].sq[l] = n as u8;
                t[s].len += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
}

pub(crate) static RAYS: [[SqList<9>; 4]; 90] = build_rays();
pub(crate) static HORSE_MOVES: [JumpList; 90] = build_horse_moves();
pub(crate) static HORSE_ATTACKERS: [JumpList; 90] = build_horse_attackers();
pub(crate) static ELEPHANT_MOVES: [JumpList; 90] = build_elephant_moves();
pub(crate) static DIAGONAL_STEPS: [SqList<4>; 90] = build_steps(true);
pub(crate) static ORTHOGONAL_STEPS: [SqList<4>; 90] = build_steps(false);

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
