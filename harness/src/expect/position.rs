//! `position`: whether a FEN is a legal position, and what is wrong.

use serde_json::Value;
use xq_spec::protocol::PositionAnswer;

use super::{always, same, Asked, Field, Grade, PositionExpect, Question};

impl Question for PositionExpect {
    type Answer = PositionAnswer;

    const FIELDS: &'static [Field<Self, PositionAnswer>] = &[
        Field {
            path: "valid",
            given: always,
            grade: |p, a, asked| {
                a.valid
                    .map(|got| {
                        same(got, p.valid, || {
                            format!(
                                "valid is {got}, expected {}{}",
                                p.valid,
                                message_of(asked.actual)
                            )
                        })
                    })
                    .into()
            },
        },
        Field {
            path: "problems",
            given: |p| p.problem.is_some(),
            grade: problems,
        },
    ];

    fn possible(&self) -> Result<(), String> {
        match (&self.valid, &self.problem) {
            (true, Some(_)) => Err("a valid position has no problem".into()),
            _ => Ok(()),
        }
    }

    fn is_negative(&self) -> bool {
        !self.valid
    }
}

/// The expected problem must be among those listed, once the position is
/// refused as expected.
fn problems(p: &PositionExpect, a: &PositionAnswer, _: &Asked) -> Grade {
    let (Some(want), false, Some(false)) = (&p.problem, p.valid, a.valid) else {
        return Grade::Moot;
    };
    a.problems
        .as_ref()
        .map(|got| {
            if got.contains(want) {
                Ok(())
            } else if got.is_empty() {
                Err(format!("problems is empty, expected {want} among them"))
            } else {
                let got: Vec<&str> = got.iter().map(|p| p.name()).collect();
                Err(format!(
                    "problems are {}, expected {want} among them",
                    got.join(", ")
                ))
            }
        })
        .into()
}

/// The answer's own words on why, quoted after a failure.
fn message_of(actual: &Value) -> String {
    actual
        .get("message")
        .and_then(Value::as_str)
        .map(|m| format!(" ({})", crate::text::quote(m)))
        .unwrap_or_default()
}
