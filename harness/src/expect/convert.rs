//! `convert`: a move written in another notation, or why the text names no
//! legal move.

use xq_spec::protocol::ConvertAnswer;
use xq_spec::Rejection;

use super::{same, Asked, ConvertExpect, Field, Grade, Question};

impl Question for ConvertExpect {
    type Answer = ConvertAnswer;

    /// One path or the other, as the case expects a text or a rejection.
    const FIELDS: &'static [Field<Self, ConvertAnswer>] = &[
        Field {
            path: "move",
            given: |c| !c.is_rejection(),
            grade: convert,
        },
        Field {
            path: "rejected",
            given: ConvertExpect::is_rejection,
            grade: convert,
        },
    ];

    fn possible(&self) -> Result<(), String> {
        match self {
            ConvertExpect::Rejected { rejected } => {
                if *rejected == Rejection::Unknown {
                    return Err(format!(
                        "rejected: unknown is for answers only; a case names the cause: {}",
                        crate::text::or_list(&ConvertExpect::causes())
                    ));
                }
            }
            ConvertExpect::Text(t) => {
                if t.trim().is_empty() {
                    return Err("the expected text is empty".into());
                }
            }
            ConvertExpect::Texts { text, also } => {
                if text.trim().is_empty() || also.iter().any(|a| a.trim().is_empty()) {
                    return Err("an expected text is empty".into());
                }
                if also.is_empty() {
                    return Err("also lists no other text: write the text alone".into());
                }
            }
        }
        Ok(())
    }

    fn is_negative(&self) -> bool {
        self.is_rejection()
    }
}

fn convert(want: &ConvertExpect, a: &ConvertAnswer, asked: &Asked) -> Grade {
    match (&a.mv, a.rejected) {
        (Some(_), Some(_)) => Grade::Compared(Err(
            "the answer gives both a move and a rejection".to_string()
        )),
        (None, None) => Grade::LeftOut,
        // Rejected, cause not given: right as a rejection, the cause
        // unchecked.
        (None, Some(Rejection::Unknown)) if want.is_rejection() => {
            Grade::RightWithout("rejected.cause")
        }
        (Some(got), None) => Grade::Compared(converted(want, got, asked)),
        (None, Some(r)) => Grade::Compared(rejected(want, r)),
    }
}

/// A text is graded by text: it must be the expected text, or one of the
/// case's other forms of the same move, once normalised (`crate::convert`).
fn converted(want: &ConvertExpect, got: &str, asked: &Asked) -> Result<(), String> {
    let (text, also): (&str, &[String]) = match want {
        ConvertExpect::Text(t) => (t, &[]),
        ConvertExpect::Texts { text, also } => (text, also),
        ConvertExpect::Rejected { rejected: want } => {
            return Err(format!(
                "converted to {}, expected the text rejected as {want}",
                crate::text::quote(got)
            ))
        }
    };
    let matches = match asked.at.to {
        Some(to) => crate::convert::same_text(got, text, also, to),
        None => got == text,
    };
    if matches {
        Ok(())
    } else {
        let others = if also.is_empty() {
            String::new()
        } else {
            format!(" (or {})", also.join(", "))
        };
        Err(format!(
            "converted to {}, expected {text}{others}",
            crate::text::quote(got)
        ))
    }
}

fn rejected(want: &ConvertExpect, r: Rejection) -> Result<(), String> {
    match want {
        ConvertExpect::Rejected { rejected: want } => same(r, *want, || {
            format!("rejected as {r}, expected rejected as {want}")
        }),
        ConvertExpect::Text(text) | ConvertExpect::Texts { text, .. } => {
            Err(format!("rejected as {r}, expected {text}"))
        }
    }
}
