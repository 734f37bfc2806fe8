#![deny(missing_docs)]
// A library's pure results are worth nothing unused: a new public function
// that returns one says so (issue 19), and CI's -D warnings holds it.
#![warn(clippy::must_use_candidate)]
//! The xiangqi (象棋) rules-conformance contract, as Rust.
//!
//! This crate owns every word that crosses the wire or a file: each
//! vocabulary is declared once with [`vocabulary!`] (its enum, wire name,
//! list, parsing, serde and JSON-schema `enum`). It depends on nothing of
//! the project's, so an implementation, an adapter or a grader can use the
//! contract without the rules engine. The case format ([`cases`], with the
//! generated `case.schema.json`) and an implementation's known-failure
//! file ([`expectations`]) are here too, as plain data.
//!
//! ```
//! use xq_spec::{MoveKind, Vocabulary};
//! assert_eq!("chase".parse::<MoveKind>(), Ok(MoveKind::Chase));
//! assert_eq!(MoveKind::NAMES.len(), 8);
//! let e = "jiang".parse::<MoveKind>().unwrap_err();
//! assert_eq!(
//!     e.to_string(),
//!     "unknown move kind \"jiang\" (expected check, kill, chase, exchange, offer, block, follow or idle)"
//! );
//! ```

pub mod cases;
pub mod clauses;
pub mod editions;
pub mod expectations;
mod game;
mod literal;
pub mod protocol;
pub mod records;
mod rulings;
mod runs;
mod vocabulary;

pub use clauses::Clause;
pub use editions::{Edition, Ruleset};
pub use game::{Color, EndReason, IllegalMoveCode, Notation, Outcome, ProblemCode, Rejection};
#[doc(hidden)]
pub use literal::RustLiteral;
pub use protocol::QuestionKind;
pub use rulings::{Comparison, MoveKind, Pattern, Procedure, RulingReason, SearchStop};
pub use runs::RunStatus;
pub use vocabulary::{cut as quoted_cut, UnknownWord, Vocabulary, QUOTED_CHARS};

/// serde, for the code [`vocabulary!`] generates in other crates.
#[doc(hidden)]
pub use serde as __serde;
