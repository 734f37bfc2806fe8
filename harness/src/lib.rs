//! The suite runner: loads the clause registry and the cases, asks an
//! implementation every (case, edition), and reports.
//!
//! Data flows one way: `spec/` (clauses, editions, formats) → `cases/` →
//! this runner ← the implementation, which is reached only through the
//! protocol types of `xq_spec::protocol`, in-process (the built-in
//! oracle's answers are `xq_render::protocol`'s) or as JSON lines.

pub mod case;
pub mod cli;
pub mod conformance;
pub mod convert;
pub mod diff;
pub mod expect;
pub mod expectations;
pub mod history;
pub mod implementation;
pub mod location;
pub mod process;
pub mod registry;
pub mod report;
pub mod runner;
pub mod text;
pub mod uci;

pub use case::{Case, Suite};
