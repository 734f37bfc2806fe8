//! The rules of movement of xiangqi (象棋, Chinese chess).
//!
//! The data flows one way: a FEN is read into an unvalidated [`Setup`], a
//! [`Position`] is only reachable through validation, and every rule is
//! applied to positions: the movement of each piece ([`movegen`]), why a
//! move is refused ([`legality`]), check, mate and 困毙 ([`status`]),
//! notation ([`notation`]), perft ([`perft`]). A [`Game`] is a start
//! position and the moves played from it.
//!
//! The 棋例 (repetition rulings) and the rule editions are in the
//! `xq-oracle` crate, which builds on this one.

pub mod excerpt;
pub mod game;
pub mod geometry;
pub mod legality;
pub mod movegen;
pub mod notation;
pub mod perft;
pub mod position;
pub mod random;
pub mod setup;
pub mod status;
mod tables;
pub mod types;

pub use game::{Game, PlayError, PlayFault};
pub use legality::IllegalMove;
pub use notation::{format_move, parse_move, Notation, ParseMoveError};
pub use position::{FenError, Position, PositionError, SetupProblem, Validation};
pub use setup::{Counter, ParseFenError, Setup, START_FEN};
pub use status::{EndReason, Outcome, Status};
pub use types::{Color, Move, Piece, Role, Square};
