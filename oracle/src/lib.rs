//! The xiangqi (象棋) rules oracle.
//!
//! The data flows one way: a FEN is read into an unvalidated [`Setup`], a
//! [`Position`] is only reachable through validation, and every rule is
//! applied to positions: the movement of each piece ([`movegen`]), why a
//! move is refused ([`legality`]), check, mate and 困毙 ([`status`]),
//! notation ([`notation`]), perft ([`perft`]).

pub mod clauses;
pub mod edition;
pub mod game;
pub mod legality;
pub mod material;
pub mod movegen;
pub mod natural_limit;
pub mod notation;
pub mod perft;
pub mod position;
pub mod protocol;
pub mod random;
pub mod repetition;
pub mod ruling;
pub mod setup;
pub mod status;
mod tables;
pub mod types;

pub use game::{Game, PlayError};
pub use legality::IllegalMove;
pub use notation::{format_move, parse_move, Notation, ParseMoveError};
pub use position::{FenError, Position, PositionError, SetupProblem, Validation};
pub use setup::{ParseFenError, Setup, START_FEN};
pub use status::{EndReason, Outcome, Status};
pub use types::{Color, Move, Piece, Role, Square};
