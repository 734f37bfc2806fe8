//! `ruling`: the arbiter's ruling on a game's end: the result, why, and
//! for a repetition each side's pattern and the kind of each of its moves.

use std::collections::BTreeSet;

use xq_spec::protocol::{RulingAnswer, SideAnswer};
use xq_spec::{MoveKind, Outcome};

use super::{
    always, join, kind_fits, same, Asked, Field, Grade, Question, RulingExpect, SideExpect,
};

/// The three graded fields of one side, Red's or Black's (`RED` tells).
const fn side_fields<const RED: bool>() -> [Field<RulingExpect, RulingAnswer>; 3] {
    let (pattern, forbidden, kinds) = if RED {
        ("red.pattern", "red.forbidden", "red.kinds")
    } else {
        ("black.pattern", "black.forbidden", "black.kinds")
    };
    [
        Field {
            path: pattern,
            given: |r| side::<RED>(r).is_some_and(|s| s.pattern.is_some()),
            grade: side_pattern::<RED>,
        },
        Field {
            path: forbidden,
            given: |r| side::<RED>(r).is_some_and(|s| s.forbidden.is_some()),
            grade: side_forbidden::<RED>,
        },
        Field {
            path: kinds,
            given: |r| side::<RED>(r).is_some_and(|s| s.kinds.is_some()),
            grade: side_kinds::<RED>,
        },
    ]
}

const RED_FIELDS: [Field<RulingExpect, RulingAnswer>; 3] = side_fields::<true>();
const BLACK_FIELDS: [Field<RulingExpect, RulingAnswer>; 3] = side_fields::<false>();

impl Question for RulingExpect {
    type Answer = RulingAnswer;

    const FIELDS: &'static [Field<Self, RulingAnswer>] = &[
        Field {
            path: "result",
            given: always,
            grade: |r, a, _: &Asked| {
                a.result
                    .map(|got| {
                        same(got, r.result, || {
                            format!("result is {}, expected {}", got.name(), r.result)
                        })
                    })
                    .into()
            },
        },
        Field {
            path: "reason",
            given: |r| r.reason.is_some(),
            grade: |r, a, _: &Asked| {
                let Some(want) = r.reason else {
                    return Grade::Moot;
                };
                a.reason
                    .map(|got| {
                        same(got, want, || {
                            format!("reason is {}, expected {want}", got.name())
                        })
                    })
                    .into()
            },
        },
        Field {
            path: "cycle.adjudicable",
            given: |r| r.adjudicable.is_some(),
            grade: |r, a, _: &Asked| {
                let want = r.adjudicable.unwrap_or_default();
                a.cycle
                    .as_ref()
                    .and_then(|c| c.adjudicable)
                    .map(|got| {
                        same(got, want, || {
                            format!("adjudicable is {got}, expected {want}")
                        })
                    })
                    .into()
            },
        },
        Field {
            path: "natural_limit.claimable_by",
            given: |r| r.claimable_by.is_some(),
            grade: claimable_by,
        },
        RED_FIELDS[0],
        RED_FIELDS[1],
        RED_FIELDS[2],
        BLACK_FIELDS[0],
        BLACK_FIELDS[1],
        BLACK_FIELDS[2],
    ];

    /// Every word is its vocabulary's (the type says so): any ruling
    /// can be expected.
    fn possible(&self) -> Result<(), String> {
        Ok(())
    }

    /// A draw, or a side whose pattern is allowed.
    fn is_negative(&self) -> bool {
        self.result == Outcome::Draw
            || self.result == Outcome::Ongoing
            || [&self.red, &self.black]
                .into_iter()
                .flatten()
                .any(|s| s.forbidden == Some(false))
    }
}

fn claimable_by(r: &RulingExpect, a: &RulingAnswer, _: &Asked) -> Grade {
    let want = r.claimable_by.as_deref().unwrap_or_default();
    a.natural_limit
        .as_ref()
        .and_then(|n| n.claimable_by.as_ref())
        .map(|got| {
            let g: BTreeSet<&str> = got.iter().map(|c| c.name()).collect();
            let w: BTreeSet<&str> = want.iter().map(|c| c.name()).collect();
            same(&g, &w, || {
                format!(
                    "claimable by [{}], expected [{}]",
                    join(&g.iter().collect::<Vec<_>>()),
                    join(&want.iter().map(|c| c.name()).collect::<Vec<_>>())
                )
            })
        })
        .into()
}

fn name<const RED: bool>() -> &'static str {
    if RED {
        "red"
    } else {
        "black"
    }
}

fn side<const RED: bool>(r: &RulingExpect) -> Option<&SideExpect> {
    if RED { &r.red } else { &r.black }.as_ref()
}

fn answered<const RED: bool>(a: &RulingAnswer) -> Option<&SideAnswer> {
    if RED { &a.red } else { &a.black }.as_ref()
}

fn side_pattern<const RED: bool>(r: &RulingExpect, a: &RulingAnswer, _: &Asked) -> Grade {
    let Some(want) = side::<RED>(r).and_then(|s| s.pattern) else {
        return Grade::Moot;
    };
    answered::<RED>(a)
        .and_then(|s| s.pattern)
        .map(|g| {
            same(g, want, || {
                format!("{}'s pattern is {g}, expected {want}", name::<RED>())
            })
        })
        .into()
}

fn side_forbidden<const RED: bool>(r: &RulingExpect, a: &RulingAnswer, _: &Asked) -> Grade {
    let want = side::<RED>(r).and_then(|s| s.forbidden).unwrap_or_default();
    answered::<RED>(a)
        .and_then(|s| s.forbidden)
        .map(|g| {
            same(g, want, || {
                format!(
                    "{}'s pattern forbidden is {g}, expected {want}",
                    name::<RED>()
                )
            })
        })
        .into()
}

fn side_kinds<const RED: bool>(r: &RulingExpect, a: &RulingAnswer, _: &Asked) -> Grade {
    let kinds = side::<RED>(r)
        .and_then(|s| s.kinds.as_deref())
        .unwrap_or_default();
    let answered = answered::<RED>(a)
        .and_then(|s| s.moves.as_ref())
        .and_then(|ms| ms.iter().map(|m| m.kind).collect::<Option<Vec<MoveKind>>>());
    answered
        .map(|g| {
            let fits =
                g.len() == kinds.len() && kinds.iter().zip(&g).all(|(w, g)| kind_fits(*w, *g));
            if fits {
                Ok(())
            } else {
                Err(format!(
                    "{}'s moves are [{}], expected [{}]",
                    name::<RED>(),
                    join(&g.iter().map(|k| k.name()).collect::<Vec<_>>()),
                    join(&kinds.iter().map(|k| k.name()).collect::<Vec<_>>())
                ))
            }
        })
        .into()
}
