//! `classify`: the 棋例 kind of one move and what it attacks.

use std::collections::BTreeSet;

use xq_spec::protocol::ClassifyAnswer;

use super::{always, join, kind_fits, Asked, ClassifyExpect, Field, Question};

impl Question for ClassifyExpect {
    type Answer = ClassifyAnswer;

    const FIELDS: &'static [Field<Self, ClassifyAnswer>] = &[
        Field {
            path: "kind",
            given: always,
            grade: |e, a, _: &Asked| {
                a.kind
                    .map(|got| {
                        if kind_fits(e.kind, got) {
                            Ok(())
                        } else {
                            Err(format!("kind is {}, expected {}", got.name(), e.kind))
                        }
                    })
                    .into()
            },
        },
        Field {
            path: "targets",
            given: |e| e.targets.is_some(),
            grade: |e, a, _: &Asked| {
                let want = e.targets.as_deref().unwrap_or_default();
                a.targets
                    .as_ref()
                    .map(|got| {
                        let g: BTreeSet<&String> = got.iter().collect();
                        let w: BTreeSet<&String> = want.iter().collect();
                        if g == w {
                            Ok(())
                        } else {
                            Err(format!(
                                "targets are [{}], expected [{}]",
                                join(got),
                                join(want)
                            ))
                        }
                    })
                    .into()
            },
        },
    ];

    fn possible(&self) -> Result<(), String> {
        for t in self.targets.iter().flatten() {
            if xq_core::Square::from_iccs(t).is_none_or(|s| s.to_string() != *t) {
                return Err(format!("target {t:?} is not a point such as c8"));
            }
        }
        Ok(())
    }

    /// Not an attack: one of the kinds of 闲.
    fn is_negative(&self) -> bool {
        !self.kind.is_attack()
    }
}
