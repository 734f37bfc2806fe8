//! Turns the suite into libtest-mimic trials and records what happened to
//! each for the reports.
//!
//! A question whose answer does not depend on the rules edition
//! (legal-moves, is-legal, status, perft, convert, position) is asked once
//! per case, as the trial `<case id>`; rulings and classifications are
//! asked under each edition, as `<case id>::<edition>`.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use libtest_mimic::{Completion, Failed, Trial};
use serde::Serialize;
use serde_json::Value;
use xq_spec::protocol::{Question, Started};

use crate::case::{Case, Suite};
use crate::expect::{At, Expect, Grading};
use crate::expectations::{Expectations, KnownFailure};
use crate::implementation::Pool;

/// What happened to one trial (the spec's run statuses).
pub use xq_spec::RunStatus as Status;

/// One trial's result, as the JSON report gives it.
#[derive(Clone, Debug, Serialize)]
pub struct CaseResult {
    /// The trial name (`<case id>` or `<case id>::<edition>`).
    pub name: String,
    pub id: String,
    pub family: String,
    /// Where the case is written: `cases/FILE.yaml:LINE`.
    pub location: String,
    pub clauses: Vec<String>,
    /// The edition the question was asked under; `null` for questions
    /// asked once for every edition.
    pub edition: Option<String>,
    /// The editions the case applies to.
    pub editions: Vec<String>,
    /// The request as sent (without `seq`): question, FEN, moves.
    pub question: Question,
    pub fen: String,
    pub moves: Vec<String>,
    /// Set for tentative cases: the doubt they rest on.
    pub tentative: Option<String>,
    pub status: Status,
    pub expected: Value,
    pub actual: Option<Value>,
    pub message: Option<String>,
    /// Fields the case checks that the answer left out.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub skipped_fields: Vec<String>,
    pub time_ms: f64,
}

impl CaseResult {
    /// Whether this result fails the run: a failure, unless it is a
    /// tentative case's and the run is not strict.
    pub fn fails_run(&self, strict: bool) -> bool {
        self.status.is_failure() && (strict || self.tentative.is_none())
    }
}

/// How a run is graded and timed.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The base time allowed for one request (before the handshake's time_scale).
    pub timeout: Duration,
    /// Tentative cases' failures fail the run.
    pub strict: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            timeout: Duration::from_secs(5),
            strict: false,
        }
    }
}

/// The slowest perft speed an implementation is allowed without asking
/// for a `time_scale`: deep perft cases get time in proportion to their
/// node count, so that a slow but correct implementation is not an error.
pub const PERFT_NODES_PER_SECOND: u64 = 1_000;

/// The largest `time_scale` the harness applies: a handshake may declare up
/// to 1000 (`spec/PROTOCOL.md`), but an implementation that then hangs would
/// hold every case for 1000 times the timeout, so larger scales count as this.
pub const MAX_TIME_SCALE: f64 = 10.0;

/// The longest budget any request gets, however deep the perft or large
/// the scale: a hung implementation holds a case for at most this long.
pub const MAX_BUDGET: Duration = Duration::from_secs(30 * 60);

/// The time scale applied to an implementation's requests: its own, at most
/// [`MAX_TIME_SCALE`].
pub fn time_scale(started: &Started) -> f64 {
    started.time_scale().min(MAX_TIME_SCALE)
}

/// The time allowed for one request.
pub fn budget(expect: &Expect, timeout: Duration, started: &Started) -> Duration {
    let mut secs = timeout.as_secs_f64();
    if let Expect::Perft(nodes) = expect {
        secs += *nodes as f64 / PERFT_NODES_PER_SECOND as f64;
    }
    let secs = secs * time_scale(started);
    if secs.is_finite() && secs < MAX_BUDGET.as_secs_f64() {
        Duration::from_secs_f64(secs)
    } else {
        MAX_BUDGET
    }
}

/// The shared state of a run.
pub struct Run {
    pub pool: Arc<Pool>,
    pub expectations: Expectations,
    pub settings: Settings,
    pub results: Mutex<Vec<CaseResult>>,
    seq: AtomicU64,
}

pub use xq_spec::cases::edition_independent;

/// One trial to run: a case, and the edition it is asked under (`None`:
/// once for all editions).
#[derive(Clone, Debug)]
pub struct Planned {
    pub case: Case,
    pub edition: Option<String>,
}

impl Planned {
    pub fn name(&self) -> String {
        match &self.edition {
            Some(e) => format!("{}::{e}", self.case.id),
            None => self.case.id.clone(),
        }
    }

    /// The expectation: the edition's, or the one shared by all editions.
    pub fn expect(&self) -> &Expect {
        match &self.edition {
            Some(e) => &self.case.expect[e],
            None => self
                .case
                .expect
                .values()
                .next()
                .expect("a case applies to at least one edition"),
        }
    }
}

/// Every trial of the suite, optionally only for some editions.
pub fn plan(suite: &Suite, editions: Option<&[String]>) -> Vec<Planned> {
    let wanted = |e: &String| editions.is_none_or(|es| es.contains(e));
    let mut out = Vec::new();
    for case in &suite.cases {
        if edition_independent(case.question.kind()) {
            if case.editions.iter().any(wanted) {
                out.push(Planned {
                    case: case.clone(),
                    edition: None,
                });
            }
        } else {
            for e in case.editions.iter().filter(|e| wanted(e)) {
                out.push(Planned {
                    case: case.clone(),
                    edition: Some(e.clone()),
                });
            }
        }
    }
    out
}

impl Run {
    pub fn new(pool: Pool, expectations: Expectations, settings: Settings) -> Arc<Run> {
        Arc::new(Run {
            pool: Arc::new(pool),
            expectations,
            settings,
            results: Mutex::new(Vec::new()),
            seq: AtomicU64::new(1),
        })
    }

    /// The results so far, in trial-name order.
    pub fn results(&self) -> Vec<CaseResult> {
        let mut r = self
            .results
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        r.sort_by(|a, b| a.name.cmp(&b.name));
        r
    }

    /// The result of a trial before it is asked.
    pub fn blank(planned: &Planned) -> CaseResult {
        let case = &planned.case;
        CaseResult {
            name: planned.name(),
            id: case.id.clone(),
            family: case.family().to_string(),
            location: format!("{}:{}", case.file.display(), case.line),
            clauses: case.clauses.clone(),
            edition: planned.edition.clone(),
            editions: case.editions.clone(),
            question: case.question.clone(),
            fen: case.fen.clone(),
            moves: case.moves.clone(),
            tentative: case.tentative.clone(),
            status: Status::Skip,
            expected: planned.expect().to_json(),
            actual: None,
            message: None,
            skipped_fields: Vec::new(),
            time_ms: 0.0,
        }
    }

    /// Runs one trial and records it.
    pub fn run_one(&self, planned: &Planned, editions_filter: Option<&[String]>) -> CaseResult {
        let case = &planned.case;
        let expect = planned.expect();
        let mut result = Run::blank(planned);
        let started = &self.pool.started;
        let kind = case.question.kind();
        if !started.answers(kind) {
            result.message = Some(format!("unsupported question {}", kind.name()));
            return result;
        }
        // The edition sent: the trial's, or (asked once) the first of the
        // case's editions that the implementation declares.
        let declared = |e: &String| started.editions.contains(e);
        let edition = match &planned.edition {
            Some(e) if declared(e) => e.clone(),
            Some(e) => {
                result.message = Some(format!("unsupported edition {e}"));
                return result;
            }
            None => {
                let candidates: Vec<&String> = case
                    .editions
                    .iter()
                    .filter(|e| editions_filter.is_none_or(|f| f.contains(e)))
                    .collect();
                match candidates.iter().find(|e| declared(e)) {
                    Some(e) => (*e).clone(),
                    None => {
                        result.message = Some(format!(
                            "unsupported editions: the case applies to {}, the implementation declares {}",
                            join(&candidates),
                            join(&started.editions.iter().collect::<Vec<_>>())
                        ));
                        return result;
                    }
                }
            }
        };
        if let (Question::Perft { depth }, Some(max)) = (
            &case.question,
            started.limits.as_ref().and_then(|l| l.max_perft_depth),
        ) {
            if *depth > max {
                result.message = Some(format!(
                    "perft depth {depth} is deeper than the implementation's max_perft_depth {max}"
                ));
                return result;
            }
        }
        let req = case.request(self.seq.fetch_add(1, Ordering::Relaxed), &edition);
        let budget = budget(expect, self.settings.timeout, started);
        let t = Instant::now();
        let reply = self.pool.ask(&req, budget);
        result.time_ms = t.elapsed().as_secs_f64() * 1000.0;
        let mut checks = None;
        let (status, message) = if let Some(why) = reply.unsupported {
            (
                Status::Skip,
                Some(format!("unsupported: {}", crate::text::truncate(&why))),
            )
        } else if let Some(e) = reply.error {
            (Status::Error, Some(crate::text::truncate(&e)))
        } else {
            let actual = reply.result.unwrap_or(Value::Null);
            let at = At {
                to: match &case.question {
                    Question::Convert { to, .. } => Some(*to),
                    _ => None,
                },
            };
            let checked = expect.check(&actual, at);
            result.actual = Some(bounded(actual));
            match checked {
                Err(e) => (Status::Fail, Some(format!("malformed answer: {e}"))),
                Ok(c) => {
                    result.skipped_fields = c.skipped.iter().map(|s| s.to_string()).collect();
                    let verdict = match c.failure() {
                        // A failure lists what differs, which an answer
                        // of a million moves would make huge.
                        Some(why) => (
                            Status::Fail,
                            Some(crate::text::truncate_to(
                                &why,
                                xq_core::excerpt::Limit::FAILURE,
                            )),
                        ),
                        None if c.checked.is_empty() => (Status::Skip, Some(left_out(&c.skipped))),
                        None => (Status::Pass, None),
                    };
                    checks = Some(c);
                    verdict
                }
            }
        };
        result.message = message;
        // Known failures: forgiven, unless a field they say still holds does not.
        let known = self.expectations.known(&case.id, &edition);
        result.status = match (status, known) {
            (Status::Fail | Status::Error, Some(k)) if !k.holds.is_empty() => {
                match checks.as_ref().and_then(|c| broken_holds(k, c)) {
                    None if checks.is_some() => Status::Xfail,
                    broken => {
                        let why = broken.unwrap_or_else(|| {
                            format!("{} cannot be checked on this answer", k.holds.join(", "))
                        });
                        result.message = Some(format!(
                            "{why}, which the expectations file says still holds; {}",
                            result.message.take().unwrap_or_default()
                        ));
                        status
                    }
                }
            }
            (Status::Fail | Status::Error, Some(_)) => Status::Xfail,
            (Status::Pass, Some(_)) => Status::Xpass,
            (s, _) => s,
        };
        result
    }
}

fn join<T: AsRef<str>>(items: &[T]) -> String {
    if items.is_empty() {
        return "none".into();
    }
    items
        .iter()
        .map(|s| s.as_ref())
        .collect::<Vec<_>>()
        .join(", ")
}

fn left_out(paths: &[&str]) -> String {
    format!(
        "the answer leaves out every field the case checks ({})",
        paths.join(", ")
    )
}

/// An answer kept in a report: a huge one is replaced by its first characters.
fn bounded(actual: Value) -> Value {
    let text = actual.to_string();
    if text.len() <= 64 * 1024 {
        actual
    } else {
        Value::String(crate::text::truncate(&text))
    }
}

/// The first field a known failure says still holds that does not: one
/// that differs, or one the answer left out (which cannot show it holds).
fn broken_holds(known: &KnownFailure, checks: &crate::expect::Checks) -> Option<String> {
    known.holds.iter().find_map(|h| match checks.holds(h) {
        Some(true) => None,
        Some(false) => Some(format!("{h} differs")),
        None => Some(format!("{h} is left out of the answer")),
    })
}

/// One libtest trial per planned trial.
pub fn trials(planned: Vec<Planned>, run: &Arc<Run>, editions: Option<&[String]>) -> Vec<Trial> {
    planned
        .into_iter()
        .map(|p| {
            let run = Arc::clone(run);
            let kind = p.case.family().to_string();
            let editions = editions.map(|e| e.to_vec());
            Trial::ignorable_test(p.name(), move || {
                let r = run.run_one(&p, editions.as_deref());
                let outcome = outcome(&r, &p.case, &run);
                run.results
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(r);
                outcome
            })
            .with_kind(kind)
        })
        .collect()
}

fn outcome(r: &CaseResult, case: &Case, run: &Run) -> Result<Completion, Failed> {
    let at = format!("{}:{}", case.file.display(), case.line);
    let msg = r.message.clone().unwrap_or_default();
    if r.status.is_failure() && !r.fails_run(run.settings.strict) {
        return Ok(Completion::ignored_with(format!(
            "tentative failure ({}): {msg}",
            r.tentative.as_deref().unwrap_or_default()
        )));
    }
    match r.status {
        Status::Pass => Ok(Completion::Completed),
        Status::Skip => Ok(Completion::ignored_with(format!("skip: {msg}"))),
        Status::Xfail => Ok(Completion::ignored_with(format!(
            "known failure: {}",
            run.expectations
                .reason(&r.id, r.edition.as_deref().unwrap_or(""))
                .unwrap_or_default()
        ))),
        Status::Xpass => Err(format!(
            "{at}: stale expectation: listed as a known failure but passes; remove it from the expectations file"
        )
        .into()),
        Status::Fail => Err(format!("{at}: {}: {msg}", case.description).into()),
        Status::Error => Err(format!("{at}: the implementation failed: {msg}").into()),
    }
}
