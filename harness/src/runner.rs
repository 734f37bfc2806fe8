//! Turns the suite into libtest-mimic trials, one per (case, edition), and
//! records what happened to each for the reports.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use libtest_mimic::{Completion, Failed, Trial};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::case::{Case, Suite};
use crate::implementation::Pool;
use crate::location::LoadError;

/// What happened to one (case, edition).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Pass,
    Fail,
    /// Failed, and the expectations file says it would.
    Xfail,
    /// Listed as a known failure but passed: the entry is stale.
    Xpass,
    /// The implementation does not support the question or edition.
    Skip,
    /// The implementation crashed, hung, or answered garbage or an error.
    Error,
}

#[derive(Clone, Debug, Serialize)]
pub struct CaseResult {
    pub id: String,
    pub clauses: Vec<String>,
    pub edition: String,
    pub status: Status,
    pub expected: Value,
    pub actual: Option<Value>,
    pub message: Option<String>,
    pub time_ms: f64,
}

/// One known failure.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct KnownFailure {
    pub case: String,
    /// The editions it fails under; all when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub editions: Option<Vec<String>>,
    /// Why: a rules difference or a bug in the implementation.
    pub reason: String,
    /// Top-level fields of the expectation that must still match, e.g.
    /// `[result]` for a ruling whose move kinds are known to be wrong but
    /// whose verdict is not: if one of them stops matching, the case fails
    /// for real instead of counting as the known failure.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub holds: Vec<String>,
}

/// An implementation's expectations file: its known failures.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Expectations {
    pub implementation: String,
    #[serde(default)]
    pub failures: Vec<KnownFailure>,
}

impl Expectations {
    /// Loads an expectations file and checks it names real cases.
    pub fn load(path: &Path, suite: &Suite) -> Result<Expectations, LoadError> {
        let text = std::fs::read_to_string(path).map_err(|e| LoadError::io(path, e))?;
        let exp: Expectations =
            serde_yaml::from_str(&text).map_err(|e| LoadError::yaml(path, &e))?;
        for f in &exp.failures {
            let at = crate::location::find_line(&text, &f.case, 1);
            let Some(case) = suite.cases.iter().find(|c| c.id == f.case) else {
                return Err(LoadError::at(path, at, format!("unknown case {}", f.case)));
            };
            for e in f.editions.iter().flatten() {
                if !case.editions.contains(e) {
                    return Err(LoadError::at(
                        path,
                        at,
                        format!("case {} does not apply to edition {e}", f.case),
                    ));
                }
            }
            for h in &f.holds {
                let expected = case.expect.values().any(|e| e.to_json().get(h).is_some());
                if !expected {
                    return Err(LoadError::at(
                        path,
                        at,
                        format!("case {} expects no {h:?}, so it cannot hold", f.case),
                    ));
                }
            }
            if f.reason.trim().is_empty() {
                return Err(LoadError::at(
                    path,
                    at,
                    format!("the known failure of {} needs a reason", f.case),
                ));
            }
        }
        Ok(exp)
    }

    pub fn reason(&self, case: &str, edition: &str) -> Option<&str> {
        self.known(case, edition).map(|f| f.reason.as_str())
    }

    fn known(&self, case: &str, edition: &str) -> Option<&KnownFailure> {
        self.failures.iter().find(|f| {
            f.case == case
                && f.editions
                    .as_ref()
                    .is_none_or(|es| es.iter().any(|e| e == edition))
        })
    }

    /// The failures of a run, as a new expectations file (reasons to fill in).
    pub fn from_results(implementation: &str, results: &[CaseResult]) -> Expectations {
        let mut by_case: BTreeMap<&str, Vec<String>> = BTreeMap::new();
        for r in results {
            if matches!(r.status, Status::Fail | Status::Error | Status::Xfail) {
                by_case.entry(&r.id).or_default().push(r.edition.clone());
            }
        }
        Expectations {
            implementation: implementation.to_string(),
            failures: by_case
                .into_iter()
                .map(|(case, editions)| KnownFailure {
                    case: case.to_string(),
                    editions: Some(editions),
                    reason: "TODO: explain (rules difference or implementation bug)".into(),
                    holds: Vec::new(),
                })
                .collect(),
        }
    }
}

/// The shared state of a run.
pub struct Run {
    pub pool: Arc<Pool>,
    pub expectations: Expectations,
    pub results: Mutex<Vec<CaseResult>>,
    seq: AtomicU64,
}

impl Run {
    pub fn new(pool: Pool, expectations: Expectations) -> Arc<Run> {
        Arc::new(Run {
            pool: Arc::new(pool),
            expectations,
            results: Mutex::new(Vec::new()),
            seq: AtomicU64::new(1),
        })
    }

    /// The results so far, in case order.
    pub fn results(&self) -> Vec<CaseResult> {
        let mut r = self
            .results
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        r.sort_by(|a, b| (&a.id, &a.edition).cmp(&(&b.id, &b.edition)));
        r
    }

    /// Runs one (case, edition) and records it.
    fn run_one(&self, case: &Case, edition: &str) -> CaseResult {
        let expect = &case.expect[edition];
        let started = &self.pool.started;
        let mut result = CaseResult {
            id: case.id.clone(),
            clauses: case.clauses.clone(),
            edition: edition.to_string(),
            status: Status::Skip,
            expected: expect.to_json(),
            actual: None,
            message: None,
            time_ms: 0.0,
        };
        if !started
            .questions
            .iter()
            .any(|q| q == case.question.kind().name())
        {
            result.message = Some(format!(
                "unsupported question {}",
                case.question.kind().name()
            ));
            return result;
        }
        if !started.editions.iter().any(|e| e == edition) {
            result.message = Some(format!("unsupported edition {edition}"));
            return result;
        }
        let req = case.request(self.seq.fetch_add(1, Ordering::Relaxed), edition);
        let t = Instant::now();
        let reply = self.pool.ask(&req);
        result.time_ms = t.elapsed().as_secs_f64() * 1000.0;
        let (status, message) = if let Some(why) = reply.unsupported {
            (Status::Skip, Some(format!("unsupported: {why}")))
        } else if let Some(e) = reply.error {
            (Status::Error, Some(e))
        } else {
            let actual = reply.result.unwrap_or(Value::Null);
            let checked = expect.check(&actual);
            result.actual = Some(actual);
            match checked {
                Ok(()) => (Status::Pass, None),
                Err(e) => (Status::Fail, Some(e)),
            }
        };
        result.message = message;
        let known = self.expectations.known(&case.id, edition);
        result.status = match (status, known) {
            (Status::Fail, Some(k)) => match broken_holds(k, &result) {
                Some(why) => {
                    result.message = Some(format!(
                        "{why}, which the expectations file says still holds; {}",
                        result.message.take().unwrap_or_default()
                    ));
                    Status::Fail
                }
                None => Status::Xfail,
            },
            (Status::Error, Some(_)) => Status::Xfail,
            (Status::Pass, Some(_)) => Status::Xpass,
            (s, _) => s,
        };
        result
    }
}

/// The first field a known failure says still holds that no longer does.
fn broken_holds(known: &KnownFailure, result: &CaseResult) -> Option<String> {
    known.holds.iter().find_map(|h| {
        let want = result.expected.get(h)?;
        let got = result.actual.as_ref().and_then(|a| a.get(h));
        (got != Some(want)).then(|| {
            format!(
                "{h} is {}, expected {want}",
                got.map_or("missing".to_string(), Value::to_string)
            )
        })
    })
}

/// The trial name of a (case, edition): filters, `--skip` and `--exact`
/// work on it as on test names.
pub fn trial_name(case: &Case, edition: &str) -> String {
    format!("{}::{edition}", case.id)
}

/// One trial per (case, edition), optionally only for some editions.
pub fn trials(suite: &Suite, run: &Arc<Run>, editions: Option<&[String]>) -> Vec<Trial> {
    let mut out = Vec::new();
    for case in &suite.cases {
        for edition in &case.editions {
            if editions.is_some_and(|es| !es.contains(edition)) {
                continue;
            }
            let run = Arc::clone(run);
            let case = case.clone();
            let edition = edition.clone();
            let kind = case.family().to_string();
            out.push(
                Trial::ignorable_test(trial_name(&case, &edition), move || {
                    let r = run.run_one(&case, &edition);
                    let outcome = outcome(&r, &case, &run);
                    run.results
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(r);
                    outcome
                })
                .with_kind(kind),
            );
        }
    }
    out
}

fn outcome(r: &CaseResult, case: &Case, run: &Run) -> Result<Completion, Failed> {
    let at = format!("{}:{}", case.file.display(), case.line);
    let msg = r.message.clone().unwrap_or_default();
    match r.status {
        Status::Pass => Ok(Completion::Completed),
        Status::Skip => Ok(Completion::ignored_with(format!("skip: {msg}"))),
        Status::Xfail => Ok(Completion::ignored_with(format!(
            "known failure: {}",
            run.expectations.reason(&r.id, &r.edition).unwrap_or_default()
        ))),
        Status::Xpass => Err(format!(
            "{at}: stale expectation: listed as a known failure but passes; remove it from the expectations file"
        )
        .into()),
        Status::Fail => Err(format!("{at}: {}: {msg}", case.description).into()),
        Status::Error => Err(format!("{at}: the implementation failed: {msg}").into()),
    }
}
