//! An implementation's expectations file (`harness/expectations/*.yaml`):
//! its known failures of the suite, each with a reason. The harness checks
//! such a file against the suite when it loads it (real cases and
//! editions, each failure once, `holds` paths the case's expectation has,
//! real reasons); these are the file's data.
//!
//! ```
//! use xq_spec::expectations::Expectations;
//!
//! let text = r#"
//! implementation: some-engine
//! failures:
//!   - case: repetition.chase.rook-by-horse
//!     editions: [cxa-2020]
//!     reason: the engine calls every repeated attack a chase
//!     holds: [result]
//! "#;
//! let file: Expectations = serde_yaml::from_str(text).unwrap();
//! assert_eq!(file.implementation, "some-engine");
//! let known = file.known("repetition.chase.rook-by-horse", "cxa-2020").unwrap();
//! assert_eq!(known.holds, ["result"]);
//! assert!(file.known("repetition.chase.rook-by-horse", "axf-2017").is_none());
//! ```

use serde::{Deserialize, Serialize};

/// One known failure.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct KnownFailure {
    /// The case's id.
    pub case: String,
    /// The editions it fails under; all when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub editions: Option<Vec<String>>,
    /// Why: a rules difference or a bug in the implementation.
    pub reason: String,
    /// Fields of the expectation that must still match, by path (`result`,
    /// `cycle.adjudicable`, `red.pattern`, `black.kinds` …): a ruling whose
    /// move kinds are known to be wrong but whose verdict is not says
    /// `[result]`. If one of them stops matching, or cannot be checked
    /// (an error, a left-out field), the case fails for real.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub holds: Vec<String>,
}

impl KnownFailure {
    /// A known failure of a case under the editions given (all when
    /// `None`), for this reason, with no field that must still hold.
    #[must_use]
    pub fn new(case: String, editions: Option<Vec<String>>, reason: String) -> KnownFailure {
        KnownFailure {
            case,
            editions,
            reason,
            holds: Vec::new(),
        }
    }

    /// Whether it is the failure of `case` under `edition` (an entry with
    /// no editions covers every edition).
    #[must_use]
    pub fn covers(&self, case: &str, edition: &str) -> bool {
        self.case == case
            && self
                .editions
                .as_ref()
                .is_none_or(|es| es.iter().any(|e| e == edition))
    }
}

/// An implementation's expectations file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct Expectations {
    /// The implementation's name, as its handshake gives it.
    pub implementation: String,
    /// Its known failures.
    #[serde(default)]
    pub failures: Vec<KnownFailure>,
}

impl Expectations {
    /// The expectations of an implementation with these known failures.
    #[must_use]
    pub fn new(implementation: String, failures: Vec<KnownFailure>) -> Expectations {
        Expectations {
            implementation,
            failures,
        }
    }

    /// The known failure of a case under an edition (the edition the
    /// question was sent with).
    #[must_use]
    pub fn known(&self, case: &str, edition: &str) -> Option<&KnownFailure> {
        self.failures.iter().find(|f| f.covers(case, edition))
    }

    /// Why a case fails under an edition, if it is known to.
    #[must_use]
    pub fn reason(&self, case: &str, edition: &str) -> Option<&str> {
        self.known(case, edition).map(|f| f.reason.as_str())
    }
}
