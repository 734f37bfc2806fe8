//! An implementation's expectations file: its known failures, each with a
//! reason, checked against the suite when loaded ([`load`]), and written
//! from a run's failures ([`from_results`]). The file's types are
//! xq-spec's ([`xq_spec::expectations`]).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

pub use xq_spec::expectations::{Expectations, KnownFailure};

use crate::case::Suite;
use crate::expect::Grading;
use crate::location::LoadError;
use crate::runner::{edition_independent, CaseResult, Status};

/// The reason `--write-expectations` writes: a placeholder that a later
/// run refuses unless `--allow-placeholders` is given.
pub const PLACEHOLDER: &str = "TODO: explain (rules difference or implementation bug)";

/// Whether a reason is a placeholder still to be written.
pub fn is_placeholder(reason: &str) -> bool {
    let r = reason.trim_start().to_ascii_lowercase();
    r.starts_with("todo") || r.starts_with("fixme") || r.starts_with("xxx")
}

/// The line and column of the `n`-th (0-based) `- case:` entry.
fn entry_at(text: &str, n: usize) -> (usize, usize) {
    text.lines()
        .enumerate()
        .filter(|(_, l)| {
            let t = l.trim_start();
            t.strip_prefix('-')
                .is_some_and(|rest| rest.trim_start().starts_with("case:"))
        })
        .nth(n)
        .map(|(i, l)| (i + 1, l.len() - l.trim_start().len() + 1))
        .unwrap_or((1, 1))
}

/// Loads an expectations file and checks it against the suite: real
/// cases and editions, each failure listed once, `holds` paths the case's
/// expectation has, and real reasons (placeholders only with
/// `allow_placeholders`).
pub fn load(
    path: &Path,
    suite: &Suite,
    allow_placeholders: bool,
) -> Result<Expectations, LoadError> {
    let text = std::fs::read_to_string(path).map_err(|e| LoadError::io(path, e))?;
    from_text(&text, path, suite, allow_placeholders)
}

/// [`load`] on a file's text; `path` names it in messages.
pub fn from_text(
    text: &str,
    path: &Path,
    suite: &Suite,
    allow_placeholders: bool,
) -> Result<Expectations, LoadError> {
    let text = text.to_string();
    crate::location::refuse_multi_document(path, &text)?;
    let exp: Expectations =
        serde_yaml::from_str(&text).map_err(|e| LoadError::yaml(path, &e, &text))?;
    let mut seen: BTreeMap<(&str, Option<&str>), usize> = BTreeMap::new();
    for (n, f) in exp.failures.iter().enumerate() {
        let at = entry_at(&text, n);
        let err = |msg: String| Err(LoadError::at(path, at, msg));
        let Some(case) = suite.cases.iter().find(|c| c.id == f.case) else {
            return err(format!("unknown case {}", f.case));
        };
        if let Some(es) = &f.editions {
            if es.is_empty() {
                return err(format!(
                    "the known failure of {} lists no editions; leave `editions` out to mean all",
                    f.case
                ));
            }
            let mut once = BTreeSet::new();
            for e in es {
                if !once.insert(e) {
                    return err(format!("the known failure of {} lists {e} twice", f.case));
                }
                if !case.editions.contains(e) {
                    return err(format!("case {} does not apply to edition {e}", f.case));
                }
            }
            if edition_independent(case.question.kind()) {
                return err(format!(
                        "case {} asks a {} question, which is asked once for every edition: leave `editions` out",
                        f.case,
                        case.question.kind().name()
                    ));
            }
        }
        let editions: Vec<Option<&str>> = match &f.editions {
            None => vec![None],
            Some(es) => es.iter().map(|e| Some(e.as_str())).collect(),
        };
        for e in editions {
            // One entry per (case, edition); an entry for all editions
            // overlaps every other entry of the case.
            let clash = seen
                .iter()
                .find(|((c, ce), _)| *c == f.case && (ce.is_none() || e.is_none() || *ce == e));
            if let Some((_, first)) = clash {
                let first_at = entry_at(&text, *first);
                return err(format!(
                    "case {} is listed twice (first at line {})",
                    f.case, first_at.0
                ));
            }
            seen.insert((f.case.as_str(), e), n);
        }
        for h in &f.holds {
            let known: BTreeSet<&str> = case.expect.values().flat_map(|e| e.paths()).collect();
            if !known.contains(h.as_str()) {
                return err(format!(
                    "case {} expects no {h:?}, so it cannot hold (its expectation has: {})",
                    f.case,
                    known.into_iter().collect::<Vec<_>>().join(", ")
                ));
            }
        }
        if f.reason.trim().is_empty() {
            return err(format!("the known failure of {} needs a reason", f.case));
        }
        if is_placeholder(&f.reason) && !allow_placeholders {
            return err(format!(
                    "the known failure of {} has a placeholder reason ({:?}); write why it fails (or run with --allow-placeholders while drafting)",
                    f.case, f.reason
                ));
        }
    }
    Ok(exp)
}

/// The failures of a run as an expectations file. A failure already
/// listed in `previous` (the file the run was given) keeps its reason
/// and `holds`; a new one gets a placeholder reason quoting its failure
/// message (which a later run refuses until it is rewritten). Entries of
/// `previous` for cases this run did not ask (filtered out) are kept;
/// those that now pass are dropped.
pub fn from_results(
    implementation: &str,
    results: &[CaseResult],
    previous: Option<&Expectations>,
) -> Expectations {
    let mut by_case: BTreeMap<&str, Vec<&CaseResult>> = BTreeMap::new();
    for r in results {
        if matches!(r.status, Status::Fail | Status::Error | Status::Xfail) {
            by_case.entry(&r.id).or_default().push(r);
        }
    }
    let asked: BTreeSet<&str> = results.iter().map(|r| r.id.as_str()).collect();
    let mut failures: Vec<KnownFailure> = previous
        .map(|p| p.failures.as_slice())
        .unwrap_or_default()
        .iter()
        .filter(|f| !asked.contains(f.case.as_str()))
        .cloned()
        .collect();
    for (case, rs) in by_case {
        let editions = rs
            .iter()
            .map(|r| r.edition.clone())
            .collect::<Option<Vec<String>>>();
        let sent = |r: &&CaseResult| r.edition.clone().or_else(|| r.editions.first().cloned());
        let kept = rs
            .iter()
            .find_map(|r| previous?.known(case, sent(r).as_deref().unwrap_or("")));
        let (reason, holds) = match kept {
            Some(k) => (k.reason.clone(), k.holds.clone()),
            None => (placeholder(rs[0]), Vec::new()),
        };
        let mut failure = KnownFailure::new(case.to_string(), editions, reason);
        failure.holds = holds;
        failures.push(failure);
    }
    failures.sort_by(|a, b| a.case.cmp(&b.case));
    Expectations::new(implementation.to_string(), failures)
}

/// A new failure's reason: the placeholder, with what the run saw.
fn placeholder(r: &CaseResult) -> String {
    let what = match r.status {
        Status::Error => "errored",
        _ => "failed",
    };
    match r
        .message
        .as_deref()
        .map(str::trim)
        .filter(|m| !m.is_empty())
    {
        Some(m) => format!("{PLACEHOLDER}; {what}: {}", crate::text::truncate(m)),
        None => format!("{PLACEHOLDER}; {what}"),
    }
}
