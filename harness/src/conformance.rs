//! The conformance report: every implementation this repository knows,
//! run against the suite, as a matrix of implementation × clause family.

use std::path::Path;
use std::process::ExitCode;

use crate::case::Suite;
use crate::cli::Options;

/// Runs every implementation listed and writes the matrix into `dir`.
pub fn main(_suite: &Suite, _dir: &Path, _options: &Options) -> ExitCode {
    ExitCode::from(2)
}
