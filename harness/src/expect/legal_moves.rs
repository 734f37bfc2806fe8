//! `legal-moves`: the set of legal moves, whole or in part.

use std::collections::BTreeSet;

use xq_spec::protocol::LegalMovesAnswer;

use super::{always, join, join_set, Asked, Field, LegalMovesExpect, Question};

impl Question for LegalMovesExpect {
    type Answer = LegalMovesAnswer;

    const FIELDS: &'static [Field<Self, LegalMovesAnswer>] = &[Field {
        path: "moves",
        given: always,
        grade: |l, a, _: &Asked| a.moves.as_ref().map(|m| check_moves(l, m)).into(),
    }];

    fn possible(&self) -> Result<(), String> {
        let l = self;
        if l.exact.is_none() && l.includes.is_empty() && l.excludes.is_empty() && l.count.is_none()
        {
            return Err("expect needs at least one of exact, includes, excludes, count".into());
        }
        let exact: BTreeSet<&String> = l.exact.iter().flatten().collect();
        if let Some(list) = &l.exact {
            if exact.len() != list.len() {
                return Err("expect.exact lists a move twice".into());
            }
            if let Some(n) = l.count {
                if n != list.len() {
                    return Err(format!(
                        "expect.count is {n} but expect.exact has {} moves",
                        list.len()
                    ));
                }
            }
        }
        if let Some(m) = l.includes.iter().find(|m| l.excludes.contains(m)) {
            return Err(format!("{m} is both included and excluded"));
        }
        if l.exact.is_some() {
            if let Some(m) = l.includes.iter().find(|m| !exact.contains(m)) {
                return Err(format!("{m} is included but not in the exact set"));
            }
            if let Some(m) = l.excludes.iter().find(|m| exact.contains(m)) {
                return Err(format!("{m} is excluded but in the exact set"));
            }
        }
        Ok(())
    }

    fn is_negative(&self) -> bool {
        !self.excludes.is_empty()
    }
}

/// A legal-moves answer: well-formed ICCS, each move once, then the sets.
fn check_moves(l: &LegalMovesExpect, got: &[String]) -> Result<(), String> {
    let mut problems = Vec::new();
    let malformed: Vec<&String> = got.iter().filter(|m| !super::is_iccs(m)).collect();
    if !malformed.is_empty() {
        problems.push(format!(
            "not ICCS moves such as h2e2: {}",
            crate::text::quote_list(&malformed)
        ));
    }
    let mut seen = BTreeSet::new();
    let mut twice = BTreeSet::new();
    for m in got {
        if !seen.insert(m) {
            twice.insert(m);
        }
    }
    if !twice.is_empty() {
        problems.push(format!("lists more than once: {}", join_set(&twice)));
    }
    let moves = seen;
    if let Some(exact) = &l.exact {
        let want: BTreeSet<&String> = exact.iter().collect();
        let missing: BTreeSet<&String> = want.difference(&moves).copied().collect();
        let extra: BTreeSet<&String> = moves.difference(&want).copied().collect();
        if !missing.is_empty() {
            problems.push(format!("missing {}", join_set(&missing)));
        }
        if !extra.is_empty() {
            problems.push(format!("unexpected {}", join_set(&extra)));
        }
    }
    let missing: Vec<&String> = l.includes.iter().filter(|m| !moves.contains(m)).collect();
    if !missing.is_empty() {
        problems.push(format!("missing {}", join(&missing)));
    }
    let present: Vec<&String> = l.excludes.iter().filter(|m| moves.contains(m)).collect();
    if !present.is_empty() {
        problems.push(format!("must not list {}", join(&present)));
    }
    if let Some(n) = l.count {
        if got.len() != n {
            problems.push(format!("{} legal moves, expected {n}", got.len()));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}
