//! The words of a suite run's reports.

crate::vocabulary! {
    /// What happened to one trial of a run.
    pub enum RunStatus: "run status" {
        /// `pass`: the answer is right.
        Pass = "pass",
        /// `fail`: the answer is wrong.
        Fail = "fail",
        /// `xfail`: failed, and the expectations file says it would.
        Xfail = "xfail",
        /// `xpass`: listed as a known failure but passed; the entry is stale.
        Xpass = "xpass",
        /// `skip`: not asked or not answered: the implementation does not
        /// support the question or edition, or left out every field the case
        /// checks.
        Skip = "skip",
        /// `error`: the implementation crashed, hung, or answered garbage or
        /// an error.
        Error = "error",
    }
}

impl RunStatus {
    /// Whether the implementation was actually put to the test.
    #[must_use]
    pub const fn ran(self) -> bool {
        !matches!(self, RunStatus::Skip)
    }

    /// Whether this status fails a run (before tentative cases are
    /// forgiven): a wrong answer, a stale known failure, or an error.
    #[must_use]
    pub const fn is_failure(self) -> bool {
        matches!(self, RunStatus::Fail | RunStatus::Xpass | RunStatus::Error)
    }
}
