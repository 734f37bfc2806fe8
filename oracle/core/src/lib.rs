#![deny(missing_docs)]
// A library's pure results are worth nothing unused: a new public function
// that returns one says so (issue 19), and CI's -D warnings holds it.
#![warn(clippy::must_use_candidate)]
//! The rules of movement of xiangqi (象棋, Chinese chess).
//!
//! The data flows one way: a FEN is read into an unvalidated [`Setup`], a
//! [`Position`] is only reachable through validation, and every rule is
//! applied to positions. Each piece's movement is stated once, in
//! [`attacks`], and everything else asks it: move generation ([`movegen`]),
//! why a move is refused ([`legality`]), attack detection and check,
//! placement checks ([`position`]), mate and 困毙 ([`status`]), notation
//! ([`notation`]), perft ([`perft`]). A [`Game`] is a start position and
//! the moves played from it.
//!
//! The 棋例 (repetition rulings) and the rule editions are in the
//! `xq-oracle` crate, which builds on this one.
//!
//! ```
//! use xq_core::{format_move, parse_move, Notation, Position, Square};
//!
//! // Read a FEN (Red upper case, rank 9 first); errors name the rank and why.
//! let pos = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")?;
//! assert_eq!(pos.legal_moves().len(), 44);
//!
//! // Moves in any notation, read against the position.
//! let m = parse_move(&pos, "炮二平五")?;
//! assert_eq!(m.to_string(), "h2e2");
//! assert_eq!(parse_move(&pos, "C2=5")?, m);
//! assert_eq!(format_move(&pos, m, Notation::Wxf), "C2=5");
//! assert_eq!(format_move(&pos, m, Notation::Chinese), "炮二平五");
//!
//! // Play it; an illegal move says which rule it breaks.
//! let after = pos.play(m)?;
//! assert_eq!(after.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
//! let blocked = xq_core::Move::new("b0".parse::<Square>()?, "d1".parse::<Square>()?);
//! let refusal = pos.play(blocked).unwrap_err();
//! assert_eq!(refusal.code(), "horse-leg-blocked");
//! assert_eq!(refusal.to_string(), "the horse's leg at c0 is blocked");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod attacks;
pub mod excerpt;
pub mod game;
pub mod legality;
pub mod markup;
pub mod movegen;
pub mod notation;
pub mod perft;
pub mod position;
pub mod random;
pub mod setup;
pub mod status;
pub mod types;
mod zobrist;

pub use game::{read_record, Game, IllegalFinal, PlayError, PlayFault, ReadRecordError};
pub use legality::IllegalMove;
pub use notation::{
    format_move, parse_move, read_move, Notation, ParseMoveError, ReadMove, ReadNote, Reading,
};
pub use position::{FenError, Position, PositionError, SetupProblem, Validation};
pub use setup::{Counter, ParseFenError, Setup, START_FEN};
pub use status::{EndReason, Outcome, Status};
pub use types::{Color, Move, Piece, Role, Square};

// The README's examples are tests too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
