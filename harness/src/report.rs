//! Reports: JSON, JUnit XML, and the per-clause coverage table.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;
use serde_json::{json, Value};
use xq_core::markup::escape;

use crate::case::Suite;
use crate::implementation::Pool;
use crate::registry::ClauseStatus;
use crate::runner::{CaseResult, Status};

/// The implementation a report is about.
#[derive(Clone, Debug, Serialize)]
pub struct Implementation {
    pub name: String,
    pub version: String,
    /// Name, version and how it was reached.
    pub describe: String,
    /// The handshake's free-text conventions (not graded).
    pub conventions: Option<serde_json::Map<String, Value>>,
    pub limits: Option<xq_spec::protocol::Limits>,
}

impl Implementation {
    pub fn of(pool: &Pool) -> Implementation {
        Implementation {
            name: pool.started.name.clone(),
            version: pool.started.version.clone(),
            describe: pool.describe(),
            conventions: pool.started.conventions.clone(),
            limits: pool.started.limits.clone(),
        }
    }
}

/// Counts by status, tentative cases apart.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub pass: usize,
    pub fail: usize,
    pub xfail: usize,
    pub xpass: usize,
    pub skip: usize,
    pub error: usize,
}

impl Summary {
    pub fn add(&mut self, s: Status) {
        *match s {
            Status::Pass => &mut self.pass,
            Status::Fail => &mut self.fail,
            Status::Xfail => &mut self.xfail,
            Status::Xpass => &mut self.xpass,
            Status::Skip => &mut self.skip,
            Status::Error => &mut self.error,
        } += 1;
    }
}

/// Whether a run passed: no result fails it, and something was tested
/// (unless `allow_empty`), as the exit code says.
pub fn passed(results: &[CaseResult], strict: bool, allow_empty: bool) -> bool {
    !results.iter().any(|r| r.fails_run(strict))
        && (allow_empty || results.iter().any(|r| r.status.ran()))
}

/// The JSON report (a documented interface, `spec/PROTOCOL.md`): the
/// implementation, the summary of settled cases, the summary of tentative
/// cases, whether the run passed, and every result with its request.
pub fn json(
    implementation: &Implementation,
    results: &[CaseResult],
    strict: bool,
    allow_empty: bool,
) -> String {
    let mut settled = Summary::default();
    let mut tentative = Summary::default();
    for r in results {
        if r.tentative.is_some() {
            tentative.add(r.status);
        } else {
            settled.add(r.status);
        }
    }
    let doc = json!({
        "format": 2,
        "implementation": implementation,
        "strict": strict,
        "passed": passed(results, strict, allow_empty),
        "summary": settled,
        "tentative": tentative,
        "results": results,
    });
    serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n"
}

/// JUnit XML: one test suite per edition, one test case per case.
/// Editions are the test suites (`all` for questions asked once);
/// tentative cases are reported in their own suite (`tentative`), and
/// their failures count as failures only under `--strict`.
pub fn junit(implementation: &str, results: &[CaseResult], strict: bool) -> String {
    let mut by_edition: BTreeMap<&str, Vec<&CaseResult>> = BTreeMap::new();
    for r in results {
        let suite = if r.tentative.is_some() {
            "tentative"
        } else {
            r.edition.as_deref().unwrap_or("all")
        };
        by_edition.entry(suite).or_default().push(r);
    }
    let counts = |r: &&CaseResult| strict || r.tentative.is_none();
    let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let failures = results
        .iter()
        .filter(|r| matches!(r.status, Status::Fail | Status::Xpass) && counts(r))
        .count();
    let errors = results
        .iter()
        .filter(|r| r.status == Status::Error && counts(r))
        .count();
    let _ = writeln!(
        s,
        "<testsuites name=\"{}\" tests=\"{}\" failures=\"{failures}\" errors=\"{errors}\">",
        escape(implementation),
        results.len()
    );
    for (edition, rs) in by_edition {
        let f = rs
            .iter()
            .filter(|r| matches!(r.status, Status::Fail | Status::Xpass) && counts(r))
            .count();
        let e = rs
            .iter()
            .filter(|r| r.status == Status::Error && counts(r))
            .count();
        let skipped = rs
            .iter()
            .filter(|r| {
                matches!(r.status, Status::Skip | Status::Xfail)
                    || (r.status.is_failure() && !counts(r))
            })
            .count();
        let time: f64 = rs.iter().map(|r| r.time_ms).sum::<f64>() / 1000.0;
        let _ = writeln!(
            s,
            "  <testsuite name=\"{edition}\" tests=\"{}\" failures=\"{f}\" errors=\"{e}\" skipped=\"{skipped}\" time=\"{time:.3}\">",
            rs.len()
        );
        for r in rs {
            let _ = write!(
                s,
                "    <testcase classname=\"{}\" name=\"{}\" time=\"{:.4}\"",
                escape(&r.clauses.join(" ")),
                escape(&r.name),
                r.time_ms / 1000.0
            );
            let msg = escape(r.message.as_deref().unwrap_or(""));
            let status = if r.status.is_failure() && !counts(&r) {
                let _ = writeln!(
                    s,
                    ">\n      <skipped message=\"tentative failure: {msg}\"/>\n    </testcase>"
                );
                continue;
            } else {
                r.status
            };
            match status {
                Status::Pass => s.push_str("/>\n"),
                Status::Fail => {
                    let _ = writeln!(s, ">\n      <failure message=\"{msg}\"/>\n    </testcase>");
                }
                Status::Xpass => {
                    let _ = writeln!(
                        s,
                        ">\n      <failure message=\"stale expectation: listed as a known failure but passes\"/>\n    </testcase>"
                    );
                }
                Status::Error => {
                    let _ = writeln!(s, ">\n      <error message=\"{msg}\"/>\n    </testcase>");
                }
                Status::Skip | Status::Xfail => {
                    let what = if r.status == Status::Xfail {
                        "known failure: "
                    } else {
                        ""
                    };
                    let _ = writeln!(
                        s,
                        ">\n      <skipped message=\"{what}{msg}\"/>\n    </testcase>"
                    );
                }
            }
        }
        s.push_str("  </testsuite>\n");
    }
    s.push_str("</testsuites>\n");
    s
}

/// How well the cases cover one clause.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClauseCoverage {
    /// Cases per edition.
    pub per_edition: BTreeMap<String, usize>,
    /// Cases in all (each case once).
    pub cases: usize,
    /// Cases whose answer is a "no".
    pub negative: usize,
}

/// Coverage of every clause in the registry, in registry order.
pub fn coverage(suite: &Suite) -> Vec<(String, ClauseStatus, ClauseCoverage)> {
    suite
        .registry
        .clauses
        .iter()
        .map(|clause| {
            let mut cov = ClauseCoverage::default();
            for case in suite
                .cases
                .iter()
                .filter(|c| c.clauses.contains(&clause.id))
            {
                cov.cases += 1;
                if case
                    .expect
                    .values()
                    .any(crate::expect::Grading::is_negative)
                {
                    cov.negative += 1;
                }
                for e in &case.editions {
                    *cov.per_edition.entry(e.clone()).or_default() += 1;
                }
            }
            (clause.id.clone(), clause.status, cov)
        })
        .collect()
}

/// The clauses that fall short: active ones with fewer than three cases or
/// no "no" case.
pub fn coverage_gaps(suite: &Suite) -> Vec<String> {
    coverage(suite)
        .into_iter()
        .filter(|(_, status, _)| *status == ClauseStatus::Active)
        .filter_map(|(id, _, cov)| {
            if cov.cases < 3 {
                Some(format!("{id}: {} case(s), at least 3 needed", cov.cases))
            } else if cov.negative == 0 {
                Some(format!("{id}: no case whose answer is \"no\""))
            } else {
                None
            }
        })
        .collect()
}

/// The coverage table as text.
pub fn coverage_table(suite: &Suite) -> String {
    let editions: Vec<&str> = suite.registry.editions.iter().map(String::as_str).collect();
    let rows = coverage(suite);
    let width = rows
        .iter()
        .map(|(id, ..)| id.len())
        .max()
        .unwrap_or(10)
        .max(6);
    let mut s = format!("{:width$}  {:8}", "clause", "status");
    for e in &editions {
        let _ = write!(s, "  {e:>8}");
    }
    s.push_str("  cases    no\n");
    let mut uncovered = Vec::new();
    for (id, status, cov) in &rows {
        let status_name = match status {
            ClauseStatus::Active => "active",
            ClauseStatus::Pending => "pending",
            ClauseStatus::Withdrawn => "withdrawn",
        };
        let _ = write!(s, "{id:width$}  {status_name:8}");
        for e in &editions {
            let _ = write!(s, "  {:>8}", cov.per_edition.get(*e).copied().unwrap_or(0));
        }
        let _ = writeln!(s, "  {:>5} {:>5}", cov.cases, cov.negative);
        if cov.cases == 0 && *status != ClauseStatus::Withdrawn {
            uncovered.push(format!("{id} ({status_name})"));
        }
    }
    let _ = writeln!(s, "\nuncovered clauses ({}):", uncovered.len());
    for u in uncovered {
        let _ = writeln!(s, "  {u}");
    }
    let gaps = coverage_gaps(suite);
    if !gaps.is_empty() {
        let _ = writeln!(
            s,
            "\nactive clauses short of the coverage rule ({}):",
            gaps.len()
        );
        for g in gaps {
            let _ = writeln!(s, "  {g}");
        }
    }
    s
}
