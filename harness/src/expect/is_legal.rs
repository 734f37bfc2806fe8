//! `is-legal`: whether a move may be played, and the rule it breaks.

use xq_spec::protocol::IsLegalAnswer;

use super::{always, same, Asked, Field, Grade, IsLegalExpect, Question};

impl Question for IsLegalExpect {
    type Answer = IsLegalAnswer;

    const FIELDS: &'static [Field<Self, IsLegalAnswer>] = &[
        Field {
            path: "legal",
            given: always,
            grade: |i, a, _: &Asked| {
                a.legal
                    .map(|got| {
                        same(got, i.legal, || {
                            format!("legal is {got}, expected {}", i.legal)
                        })
                    })
                    .into()
            },
        },
        Field {
            path: "reason",
            given: |i| i.reason.is_some(),
            grade: reason,
        },
    ];

    fn possible(&self) -> Result<(), String> {
        match (&self.legal, &self.reason) {
            (true, Some(_)) => Err("a legal move has no reason to be refused".into()),
            _ => Ok(()),
        }
    }

    fn is_negative(&self) -> bool {
        !self.legal
    }
}

/// A reason is optional in answers; one that is given for a move refused
/// as expected must match.
fn reason(i: &IsLegalExpect, a: &IsLegalAnswer, _: &Asked) -> Grade {
    let Some(want) = &i.reason else {
        return Grade::Moot;
    };
    if i.legal || a.legal != Some(false) {
        return Grade::Moot;
    }
    a.reason
        .map(|got| same(got, *want, || format!("reason is {got}, expected {want}")))
        .into()
}
