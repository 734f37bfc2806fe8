//! Seeded randomness: a small generator ([`Rng`], which the XQF writer's
//! key bytes use) and, behind the `random` feature, random positions for
//! property tests, differential tests and fuzzing — positions reached by
//! random play, and random legal placements. The same seed always gives the
//! same numbers and the same position.

#[cfg(any(test, feature = "random"))]
pub use positions::{placed, played};

/// A small, fast, seedable generator (splitmix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started at `seed`: the same seed, the same numbers.
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

#[cfg(any(test, feature = "random"))]
mod positions {
    use super::Rng;
    use crate::attacks::reachable;
    use crate::position::{Position, Validation};
    use crate::setup::Setup;
    use crate::types::{Color, Piece, Role, Square};

    /// The position after up to `plies` random legal moves from the start
    /// (fewer if the game ends first).
    #[must_use]
    pub fn played(seed: u64, plies: usize) -> Position {
        let mut rng = Rng::new(seed);
        let mut pos = Position::start();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(moves[rng.below(moves.len())]);
        }
        pos
    }

    /// A random legal placement: both kings, and each other piece of the game
    /// present with some probability, each on a random point it can reach.
    /// Retries until the placement is a legal position.
    #[must_use]
    pub fn placed(seed: u64) -> Position {
        let mut rng = Rng::new(seed);
        loop {
            let mut setup = Setup::empty();
            setup.turn = if rng.below(2) == 0 {
                Color::Red
            } else {
                Color::Black
            };
            for color in Color::ALL {
                // Pieces are kept with probability keep/8, varied per side.
                let keep = 1 + rng.below(7);
                for role in Role::ALL {
                    let count = if role == Role::King {
                        1
                    } else {
                        role.initial_count()
                    };
                    for _ in 0..count {
                        if role != Role::King && rng.below(8) >= keep {
                            continue;
                        }
                        let piece = Piece::new(color, role);
                        let free: Vec<Square> = Square::iter()
                            .filter(|&sq| setup.board[sq.index()].is_none() && reachable(piece, sq))
                            .collect();
                        if !free.is_empty() {
                            setup.board[free[rng.below(free.len())].index()] = Some(piece);
                        }
                    }
                }
            }
            if let Ok(pos) = Position::from_setup(&setup, Validation::Strict) {
                return pos;
            }
        }
    }
}
