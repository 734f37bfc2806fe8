//! Why a command failed, and the exit status that says so.

use std::fmt;

/// A failed command. Every failure is reported as one line on standard
/// error, `xq: <message>`, and ends the process with [`Failure::code`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The command line itself is wrong: an unknown option, a missing or
    /// malformed value (exit status 2).
    Usage(String),
    /// The command line is well formed but what it gives is not: a bad FEN,
    /// move, edition, perft depth or moves file (exit status 1).
    Input(String),
    /// Something outside the input failed: the output could not be
    /// written, or a program `xq` delegates to is missing or failed (exit
    /// status 3).
    Environment(String),
}

impl Failure {
    /// The process exit status.
    pub fn code(&self) -> u8 {
        match self {
            Failure::Input(_) => 1,
            Failure::Usage(_) => 2,
            Failure::Environment(_) => 3,
        }
    }

    pub fn message(&self) -> &str {
        match self {
            Failure::Usage(m) | Failure::Input(m) | Failure::Environment(m) => m,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for Failure {}
