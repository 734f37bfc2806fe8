#![deny(missing_docs)]
#![warn(clippy::must_use_candidate)]
//! The xiangqi (象棋) rules oracle: 棋例 rulings under the rule editions.
//!
//! Built on `xq-core` (positions, moves, notation). This crate holds what an
//! arbiter needs beyond the rules of movement: the edition profiles
//! ([`edition`]), the clause registry ([`clauses`]), the classification of
//! moves in a repetition cycle and the verdicts ([`repetition`]), the
//! natural move limit ([`natural_limit`]), where a game stands under an
//! edition ([`status`]), the ruling on a game ([`ruling`]), and the oracle's handshake and codes in the suite protocol
//! ([`protocol`]). Its results are typed values; their explanations in
//! Chinese and English, pictures and JSON views are the `xq-render`
//! crate's.
//!
//! Ruling on a game (图6 of the CXA 2020 rules: Red's rook checks on every
//! move, and one-sided perpetual check loses in every edition):
//!
//! ```
//! use xq_core::{Game, Outcome, Position};
//! use xq_oracle::edition;
//! use xq_oracle::ruling::{rule, RulingOptions, RulingReason};
//!
//! let start = Position::from_fen("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w")?;
//! let moves = "车四平五 将5平6 车五平四 将6平5 车四平五 将5平6 车五平四 将6平5";
//! let game = Game::from_texts(start, &moves.split(' ').collect::<Vec<_>>())?;
//! let ruling = rule(&game, edition::get("cxa-2020").unwrap(), &RulingOptions::default());
//! assert_eq!(ruling.reason, RulingReason::PerpetualCheck);
//! assert_eq!(ruling.result, Outcome::BlackWins);
//! assert_eq!(ruling.red.as_ref().unwrap().pattern_zh, "长将");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod clauses;
pub mod edition;
pub mod natural_limit;
pub mod protocol;
pub mod repetition;
pub mod ruling;
pub mod status;

pub use xq_core;

// The README's examples are tests too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
