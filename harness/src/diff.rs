//! `xq diff-editions A B` and `xq-suite --diff-editions A B`: every case
//! whose verdict differs between two editions, with both verdicts — the
//! regression view when an edition changes. The per-edition insta
//! snapshots show the same diff in review.
//!
//! The answers come from whatever function the caller passes (both
//! binaries pass the built-in oracle's, in-process), so neither binary
//! runs the other.

use serde_json::Value;
use xq_spec::protocol::{Reply, Request};

use crate::case::Suite;

/// The part of an answer that is a verdict: a ruling's result, reason and
/// each side's pattern and move kinds; for other questions, the answer
/// without its human-readable text.
fn verdict(answer: &Value) -> Value {
    let mut v = answer.clone();
    if let Some(o) = v.as_object_mut() {
        o.remove("message");
        o.remove("explanation");
        o.remove("clauses");
        o.remove("edition");
        for side in ["red", "black"] {
            if let Some(s) = o.get_mut(side).and_then(Value::as_object_mut) {
                s.remove("pattern_zh");
                if let Some(moves) = s.get_mut("moves").and_then(Value::as_array_mut) {
                    for m in moves {
                        if let Some(m) = m.as_object_mut() {
                            m.retain(|k, _| k == "ply" || k == "kind");
                        }
                    }
                }
            }
        }
    }
    v
}

fn short(v: &Value) -> String {
    match (v.get("result"), v.get("reason")) {
        (Some(r), Some(reason)) => {
            let side = |s: &str| {
                v.get(s)
                    .filter(|x| !x.is_null())
                    .map(|x| {
                        format!(
                            " {s}: {}{}",
                            x["pattern"].as_str().unwrap_or("?"),
                            if x["forbidden"].as_bool() == Some(true) {
                                " (forbidden)"
                            } else {
                                ""
                            }
                        )
                    })
                    .unwrap_or_default()
            };
            format!(
                "{} {}{}{}",
                r.as_str().unwrap_or("?"),
                reason.as_str().unwrap_or("?"),
                side("red"),
                side("black")
            )
        }
        _ => v.to_string(),
    }
}

/// Prints the differing cases, asking `answer` each case under both
/// editions; returns how many differ.
pub fn diff_editions(
    suite: &Suite,
    a: &str,
    b: &str,
    answer: &dyn Fn(&Request) -> Reply,
    out: &mut impl std::io::Write,
) -> std::io::Result<usize> {
    let mut differ = 0;
    let mut compared = 0;
    for case in &suite.cases {
        if !(case.editions.iter().any(|e| e == a) && case.editions.iter().any(|e| e == b)) {
            continue;
        }
        compared += 1;
        let answer = |e: &str| {
            let r = answer(&case.request(0, e));
            r.result
                .unwrap_or_else(|| Value::String(r.error.unwrap_or_default()))
        };
        let (va, vb) = (verdict(&answer(a)), verdict(&answer(b)));
        let expected_differ = case.expect.get(a) != case.expect.get(b);
        if va != vb || expected_differ {
            differ += 1;
            writeln!(out, "{}  ({}:{})", case.id, case.file.display(), case.line)?;
            writeln!(out, "  {a:<9} {}", short(&va))?;
            writeln!(out, "  {b:<9} {}", short(&vb))?;
            if expected_differ && va == vb {
                writeln!(
                    out,
                    "  the case expects different verdicts, but the oracle gives the same"
                )?;
            }
        }
    }
    writeln!(
        out,
        "{differ} of {compared} cases that apply to both {a} and {b} differ"
    )?;
    Ok(differ)
}
