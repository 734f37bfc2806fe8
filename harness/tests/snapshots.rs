//! insta snapshots of the oracle's answers, so that any change of a verdict
//! is a reviewable diff. CI never writes snapshots (`INSTA_UPDATE=no`);
//! locally, `cargo insta review` accepts changes.
//!
//! - `snapshots/<id>@<edition>.snap`: rulings and classifications, which
//!   depend on the edition — the typed answer (kinds, targets, patterns,
//!   verdict, clauses, search bounds) without its prose;
//! - `snapshots/<id>.snap`: every other question, asked once (moves, check,
//!   perft, notation and positions are the same in every edition), without
//!   the human-readable `message`;
//! - `snapshots/prose/<id>.snap`: the explanation in Chinese and English
//!   for a small set of rulings, one of each kind, so that a change of
//!   wording churns a handful of files, not thousands.

use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::Value;
use xq_harness::Suite;
use xq_oracle::protocol::{self, QuestionKind};

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
    ("illegal-move.self-kill.kings-facing", "cxa-2020"),
    ("illegal-move.rule-violation.horse-leg", "cxa-2020"),
    ("natural-limit.mate-on-limit-move", "cxa-2020"),
    ("natural-limit.cxa.reached", "cxa-2020"),
    ("natural-limit.check-cap.eleven-checks", "cxa-2020"),
    ("natural-limit.cxa.one-ply-short", "cxa-2020"),
];

fn per_edition(kind: QuestionKind) -> bool {
    matches!(kind, QuestionKind::Ruling | QuestionKind::Classify)
}

/// The answer without its prose.
fn typed(mut v: Value) -> Value {
    if let Some(o) = v.as_object_mut() {
        o.remove("explanation");
        o.remove("message");
    }
    v
}

fn answer(case: &xq_harness::Case, edition: &str) -> Value {
    let reply = protocol::answer(&case.request(0, edition));
    reply
        .result
        .or(reply.error.map(Value::String))
        .unwrap_or(Value::Null)
}

fn snapshot(dir: &std::path::Path, name: &str, description: String, value: &Value) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(dir);
    settings.set_prepend_module_to_snapshot(false);
    settings.set_description(description);
    settings.set_omit_expression(true);
    // A mismatch panics; libtest-mimic reports the panic as this trial's failure.
    settings.bind(|| insta::assert_yaml_snapshot!(name, value));
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
    let mut trials = Vec::new();
    for case in &suite.cases {
        let editions: Vec<String> = if per_edition(case.question.kind()) {
            case.editions.clone()
        } else {
            case.editions.iter().take(1).cloned().collect()
        };
        for edition in editions {
            let case = case.clone();
            let dir = dir.clone();
            let name = if per_edition(case.question.kind()) {
                format!("{}@{edition}", case.id)
            } else {
                case.id.clone()
            };
            trials.push(Trial::test(name.clone(), move || {
                let description = format!("{} [{}] {}", case.id, edition, case.description);
                snapshot(&dir, &name, description, &typed(answer(&case, &edition)));
                Ok::<(), Failed>(())
            }));
        }
    }
    for &(id, edition) in PROSE {
        let Some(case) = suite.cases.iter().find(|c| c.id == id).cloned() else {
            trials.push(Trial::test(format!("prose/{id}"), move || {
                Err(format!("the prose snapshot names no case {id}").into())
            }));
            continue;
        };
        let dir = dir.join("prose");
        trials.push(Trial::test(format!("prose/{id}"), move || {
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
            let ruling = xq_oracle::ruling::rule_record(
                start,
                &moves,
                xq_oracle::edition::get(edition).ok_or("unknown edition")?,
                &Default::default(),
            )
            .map_err(|e| e.to_string())?;
            let prose = serde_json::json!({
                "zh": ruling.explain(xq_oracle::ruling::Lang::Zh),
                "en": ruling.explain(xq_oracle::ruling::Lang::En),
            });
            snapshot(
                &dir,
                &case.id,
                format!("{} [{edition}] prose", case.id),
                &prose,
            );
            Ok(())
        }));
    }
    libtest_mimic::run(&args, trials).exit_code()
}
