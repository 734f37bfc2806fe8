//! insta snapshots of the oracle's answers, so that any change of a verdict
//! is a reviewable diff that touches as few files as the change itself.
//! CI never writes snapshots (`INSTA_UPDATE=no`); locally,
//! `cargo insta review` accepts changes.
//!
//! - `snapshots/<id>.snap`: one file per case. Rulings and classifications
//!   depend on the edition, so their file lists each *distinct* answer once,
//!   with the editions that give it: a change of one verdict under one
//!   edition touches one file, and editions that agree are not repeated.
//!   The answer is the typed one (kinds, targets, patterns, verdict,
//!   clauses) without its prose and without the edition's own name. Every
//!   other question (moves, check, perft, notation, positions) is asked
//!   once, without the human-readable `message`.
//! - `snapshots/search-defaults.snap`: the search bounds every ruling
//!   reports when a case does not set its own. A case's file keeps only
//!   the bounds that differ from these and the plies whose search ran out,
//!   so a change of a default bound rewrites this one file (and the files
//!   of the cases whose verdicts it really changes).
//! - `snapshots/prose/<id>.snap`: the explanation in Chinese and English
//!   for a small set of rulings, one of each kind, so that a change of
//!   wording churns a handful of files, not thousands.
//!
//! A snapshot file that no trial writes (a case renamed or removed) fails
//! the `orphaned-snapshots` trial, so the directory says exactly what the
//! suite answers.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::{json, Value};
use xq_harness::{Case, Suite};
use xq_render::protocol::{self, QuestionKind};

/// The rulings whose prose is snapshotted: one per reason and pattern.
const PROSE: &[(&str, &str)] = &[
    ("repetition.cxa2020.figure-2", "cxa-2020"),
    ("repetition.cxa2020.figure-3", "cxa-2020"),
    ("repetition.cxa2020.figure-5", "cxa-2020"),
    ("repetition.cxa2020.figure-6", "cxa-2020"),
    ("repetition.cxa2020.figure-7", "cxa-2020"),
    ("repetition.cxa2020.figure-10", "cxa-2020"),
    ("repetition.cxa2020.figure-19", "cxa-2020"),
    (
        "editions.axf.check-beats-chase.control-one-horse",
        "axf-2017",
    ),
    // The counted span wider than the cycle, and a draw that one more
    // cycle makes.
    (
        "repetition.cxa2020.adjudication.quiet-loop-then-checks",
        "axf-2017",
    ),
    ("illegal-move.self-kill.kings-facing", "cxa-2020"),
    ("illegal-move.rule-violation.horse-leg", "cxa-2020"),
    ("natural-limit.mate-on-limit-move", "cxa-2020"),
    ("natural-limit.cxa.reached", "cxa-2020"),
    ("natural-limit.check-cap.eleven-checks", "cxa-2020"),
    ("natural-limit.cxa.one-ply-short", "cxa-2020"),
];

/// The search bounds a ruling reports (the rest of its `search` object —
/// the plies whose search ran out, what stopped it — is the case's own).
const BOUNDS: &[&str] = &[
    "kill_depth",
    "check_win_depth",
    "nodes_per_move",
    "nodes_per_cycle",
];

const DEFAULTS: &str = "search-defaults";

fn per_edition(kind: QuestionKind) -> bool {
    matches!(kind, QuestionKind::Ruling | QuestionKind::Classify)
}

/// The default bounds, as a ruling reports them.
fn default_bounds() -> Value {
    let l = xq_oracle::repetition::search::SearchLimits::default();
    json!({
        "kill_depth": l.kill_depth,
        "check_win_depth": l.check_win_depth,
        "nodes_per_move": l.nodes_per_move,
        "nodes_per_cycle": l.nodes_per_cycle,
    })
}

/// The answer without its prose, its edition's name, and the search bounds
/// that are the defaults; an empty `search` is left out.
fn typed(mut v: Value, defaults: &Value) -> Value {
    if let Some(o) = v.as_object_mut() {
        o.remove("explanation");
        o.remove("message");
        o.remove("edition");
        if let Some(Value::Object(search)) = o.get_mut("search") {
            for &bound in BOUNDS {
                if search.get(bound) == defaults.get(bound) {
                    search.remove(bound);
                }
            }
            if search.get("incomplete_plies") == Some(&json!([])) {
                search.remove("incomplete_plies");
            }
            if search.get("stopped_by") == Some(&Value::Null) {
                search.remove("stopped_by");
            }
            if search.is_empty() {
                o.remove("search");
            }
        }
    }
    v
}

fn answer(case: &Case, edition: &str) -> Value {
    let reply = protocol::answer(&case.request(0, edition));
    reply
        .result
        .or(reply.error.map(Value::String))
        .unwrap_or(Value::Null)
}

/// Each distinct answer once, with the editions that give it, in the order
/// the case lists its editions.
fn grouped(case: &Case, defaults: &Value) -> Vec<Group> {
    let mut groups: Vec<(Vec<String>, Value)> = Vec::new();
    for edition in &case.editions {
        let a = typed(answer(case, edition), defaults);
        match groups.iter_mut().find(|(_, g)| *g == a) {
            Some((editions, _)) => editions.push(edition.clone()),
            None => groups.push((vec![edition.clone()], a)),
        }
    }
    groups
        .into_iter()
        .map(|(editions, answer)| Group { editions, answer })
        .collect()
}

/// One distinct answer and the editions that give it (editions first, so
/// the file reads "under these editions: this").
#[derive(serde::Serialize)]
struct Group {
    editions: Vec<String>,
    answer: Value,
}

fn snapshot(dir: &Path, name: &str, description: String, value: &impl serde::Serialize) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(dir);
    settings.set_prepend_module_to_snapshot(false);
    settings.set_description(description);
    settings.set_omit_expression(true);
    // A mismatch panics; libtest-mimic reports the panic as this trial's failure.
    settings.bind(|| insta::assert_yaml_snapshot!(name, value));
}

/// The `.snap` files under `dir` (one level, and `prose/`), as the names
/// the trials give them.
fn snapshot_files(dir: &Path) -> Result<BTreeSet<String>, String> {
    let mut found = BTreeSet::new();
    for (sub, prefix) in [(dir.to_path_buf(), ""), (dir.join("prose"), "prose/")] {
        let entries = std::fs::read_dir(&sub).map_err(|e| format!("{}: {e}", sub.display()))?;
        for entry in entries {
            let entry = entry.map_err(|e| format!("{}: {e}", sub.display()))?;
            let file = entry.file_name().to_string_lossy().into_owned();
            if let Some(name) = file.strip_suffix(".snap") {
                found.insert(format!("{prefix}{name}"));
            }
        }
    }
    Ok(found)
}

fn orphans(dir: PathBuf, written: BTreeSet<String>) -> Trial {
    Trial::test("orphaned-snapshots", move || {
        let found = snapshot_files(&dir)?;
        let orphaned: Vec<&str> = found.difference(&written).map(String::as_str).collect();
        if orphaned.is_empty() {
            return Ok(());
        }
        const SHOWN: usize = 20;
        let more = orphaned.len().saturating_sub(SHOWN);
        Err(format!(
            "{} snapshot file(s) in {} belong to no case (renamed or removed? delete them): {}{}",
            orphaned.len(),
            dir.display(),
            orphaned[..orphaned.len().min(SHOWN)].join(", "),
            if more > 0 {
                format!(" … and {more} more")
            } else {
                String::new()
            }
        )
        .into())
    })
}

fn prose_trial(case: Case, edition: &'static str, dir: PathBuf) -> Trial {
    Trial::test(format!("prose/{}", case.id), move || {
        let start = xq_core::Position::from_fen_with(
            &case.fen,
            if case.relaxed {
                xq_core::Validation::Relaxed
            } else {
                xq_core::Validation::Strict
            },
        )
        .map_err(|e| e.to_string())?;
        let moves: Vec<&str> = case.moves.iter().map(String::as_str).collect();
        let ruling = xq_render::rule_texts(
            start,
            &moves,
            xq_oracle::edition::get(edition).ok_or("unknown edition")?,
            &Default::default(),
        )
        .map_err(|e| e.to_string())?;
        let prose = json!({
            "zh": xq_render::explain(&ruling, xq_render::Lang::Zh),
            "en": xq_render::explain(&ruling, xq_render::Lang::En),
        });
        snapshot(
            &dir,
            &case.id,
            format!("{} [{edition}] prose", case.id),
            &prose,
        );
        Ok(())
    })
}

fn main() -> std::process::ExitCode {
    let args = Arguments::from_args();
    let suite = match Suite::load(&Suite::default_root()) {
        Ok(s) => s,
        Err(errors) => {
            for e in errors {
                eprintln!("{e}");
            }
            return std::process::ExitCode::from(2);
        }
    };
    let dir = Suite::default_root().join("harness/tests/snapshots");
    let defaults = default_bounds();
    let mut written = BTreeSet::new();
    let mut trials = Vec::new();
    {
        let (dir, defaults) = (dir.clone(), defaults.clone());
        written.insert(DEFAULTS.to_string());
        trials.push(Trial::test(DEFAULTS, move || {
            snapshot(
                &dir,
                DEFAULTS,
                "the search bounds of every ruling that does not set its own".into(),
                &defaults,
            );
            Ok::<(), Failed>(())
        }));
    }
    for case in &suite.cases {
        let (case, dir, defaults) = (case.clone(), dir.clone(), defaults.clone());
        written.insert(case.id.clone());
        trials.push(Trial::test(case.id.clone(), move || {
            if per_edition(case.question.kind()) {
                let description = format!("{} {}", case.id, case.description);
                snapshot(&dir, &case.id, description, &grouped(&case, &defaults));
            } else {
                let edition = case.editions.first().map(String::as_str).unwrap_or("");
                let description = format!("{} [{}] {}", case.id, edition, case.description);
                snapshot(
                    &dir,
                    &case.id,
                    description,
                    &typed(answer(&case, edition), &defaults),
                );
            }
            Ok::<(), Failed>(())
        }));
    }
    for &(id, edition) in PROSE {
        written.insert(format!("prose/{id}"));
        match suite.cases.iter().find(|c| c.id == id).cloned() {
            Some(case) => trials.push(prose_trial(case, edition, dir.join("prose"))),
            None => trials.push(Trial::test(format!("prose/{id}"), move || {
                Err(format!("the prose snapshot names no case {id}").into())
            })),
        }
    }
    trials.push(orphans(dir, written));
    libtest_mimic::run(&args, trials).exit_code()
}
