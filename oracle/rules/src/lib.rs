//! The xiangqi (象棋) rules oracle: 棋例 rulings under the rule editions.
//!
//! Built on `xq-core` (positions, moves, notation). This crate holds what an
//! arbiter needs beyond the rules of movement: the edition profiles
//! ([`edition`]), the clause registry ([`clauses`]), the classification of
//! moves in a repetition cycle and the verdicts ([`repetition`]), the
//! natural move limit ([`natural_limit`]), the ruling on a game
//! ([`ruling`]), and the suite protocol the harness speaks ([`protocol`]).

pub mod clauses;
pub mod edition;
pub mod natural_limit;
pub mod protocol;
pub mod repetition;
pub mod ruling;

pub use xq_core;
