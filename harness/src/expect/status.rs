//! `status`: check, the number of legal moves, the result and why the game
//! ended.

use xq_spec::cases::STATUS_RESULTS as RESULTS;
use xq_spec::protocol::StatusAnswer;
use xq_spec::{EndReason, Outcome};

use super::{same, Asked, Field, Grade, Question, StatusExpect};

impl Question for StatusExpect {
    type Answer = StatusAnswer;

    const FIELDS: &'static [Field<Self, StatusAnswer>] = &[
        Field {
            path: "in_check",
            given: |s| s.in_check.is_some(),
            grade: |s, a, _: &Asked| {
                let want = s.in_check.unwrap_or_default();
                a.in_check
                    .map(|got| same(got, want, || format!("in_check is {got}, expected {want}")))
                    .into()
            },
        },
        Field {
            path: "legal_moves",
            given: |s| s.legal_moves.is_some(),
            grade: |s, a, _: &Asked| {
                let want = s.legal_moves.unwrap_or_default() as u64;
                a.legal_moves
                    .map(|got| {
                        same(got, want, || {
                            format!("legal_moves is {got}, expected {want}")
                        })
                    })
                    .into()
            },
        },
        Field {
            path: "result",
            given: |s| s.result.is_some(),
            grade: |s, a, _: &Asked| {
                let Some(want) = s.result else {
                    return Grade::Moot;
                };
                a.result
                    .map(|got| {
                        same(got, want, || {
                            format!("result is {}, expected {want}", got.name())
                        })
                    })
                    .into()
            },
        },
        Field {
            path: "reason",
            given: |s| s.reason.is_some(),
            grade: |s, a, _: &Asked| {
                let want = s.reason.flatten();
                a.reason
                    .map(|got| {
                        same(got, want, || {
                            format!(
                                "reason is {}, expected {}",
                                got.map_or("null", EndReason::name),
                                want.map_or("null", EndReason::name)
                            )
                        })
                    })
                    .into()
            },
        },
    ];

    fn possible(&self) -> Result<(), String> {
        let s = self;
        if s.in_check.is_none()
            && s.legal_moves.is_none()
            && s.result.is_none()
            && s.reason.is_none()
        {
            return Err(
                "expect needs at least one of in_check, legal_moves, result, reason".into(),
            );
        }
        if let Some(r) = s.result {
            if !RESULTS.contains(&r) {
                return Err(format!(
                    "result must be {}, not {:?}: the board alone never gives a draw",
                    crate::text::or_list(&RESULTS.map(Outcome::name)),
                    r.name()
                ));
            }
        }
        let ended = s.result.map(|r| r != Outcome::Ongoing);
        let has_reason = s.reason.as_ref().map(|r| r.is_some());
        if let (Some(a), Some(b)) = (ended, has_reason) {
            if a != b {
                return Err("result and reason disagree about whether the game has ended".into());
            }
        }
        if let (Some(n), Some(e)) = (s.legal_moves, ended.or(has_reason)) {
            if (n == 0) != e {
                return Err(format!("{n} legal moves contradicts the expected result"));
            }
        }
        match (s.in_check, s.reason) {
            (Some(false), Some(Some(EndReason::Checkmate))) => {
                Err("checkmate needs the side to move in check".into())
            }
            (Some(true), Some(Some(EndReason::Stalemate))) => {
                Err("stalemate (困毙) means the side to move is not in check".into())
            }
            _ => Ok(()),
        }
    }

    fn is_negative(&self) -> bool {
        self.in_check == Some(false) || self.result == Some(Outcome::Ongoing)
    }
}
