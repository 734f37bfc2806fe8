//! A reply line as an implementation might write it: parsed as a reply,
//! read as the answer to every kind of question, and graded against
//! expectations of each kind (convert answers in Chinese notation). Never a
//! panic.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use xq_harness::expect::{self, At, Expect, Grading};
use xq_spec::protocol::{QuestionKind, Reply};
use xq_spec::Notation;

fn expectations() -> &'static [Expect] {
    static E: OnceLock<Vec<Expect>> = OnceLock::new();
    E.get_or_init(|| {
        let y = |kind, text: &str| {
            expect::read(kind, serde_yaml::from_str(text).unwrap()).unwrap()
        };
        vec![
            y(QuestionKind::LegalMoves, "{exact: [h2e2, b0c2], excludes: [a0a2]}"),
            y(QuestionKind::IsLegal, "{legal: false, reason: horse-leg-blocked}"),
            y(QuestionKind::Status, "{in_check: true, legal_moves: 0, result: \"0-1\", reason: checkmate}"),
            y(QuestionKind::Perft, "44"),
            y(QuestionKind::Convert, "炮二平五"),
            y(QuestionKind::Convert, "{rejected: ambiguous}"),
            y(QuestionKind::Position, "{valid: false, problem: missing-king}"),
            y(QuestionKind::Ruling, "{result: \"0-1\", reason: must-vary, adjudicable: true, claimable_by: [red], red: {pattern: perpetual-check, forbidden: true, kinds: [check, idle]}}"),
            y(QuestionKind::Classify, "{kind: idle, targets: [c8, e9]}"),
        ]
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(line) = std::str::from_utf8(data) else { return };
    let Ok(reply) = Reply::parse(line) else { return };
    let Some(result) = reply.result else { return };
    for e in expectations() {
        let at = At {
            to: Some(Notation::Chinese),
        };
        match e.check(&result, at) {
            Ok(checks) => {
                let _ = checks.failure();
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
});
