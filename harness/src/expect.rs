//! Expected answers, and how an implementation's answer is held against them.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use xq_core::IllegalMove;
use xq_oracle::protocol::QuestionKind;

/// What a case expects, by question.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Expect {
    LegalMoves(LegalMovesExpect),
    IsLegal(IsLegalExpect),
    Status(StatusExpect),
    Perft(u64),
    Convert(ConvertExpect),
    Position(PositionExpect),
    Ruling(RulingExpect),
    Classify(ClassifyExpect),
}

#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LegalMovesExpect {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub includes: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub excludes: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<usize>,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct IsLegalExpect {
    pub legal: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// `reason: null` (no end) is different from leaving `reason` out (not
/// checked), hence the nested option.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct StatusExpect {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_check: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal_moves: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub reason: Option<Option<String>>,
}

fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(untagged)]
pub enum ConvertExpect {
    Text(String),
    Rejected { error: String },
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PositionExpect {
    pub valid: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
}

/// What a ruling must say. Only what is given is checked.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RulingExpect {
    pub result: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjudicable: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub red: Option<SideExpect>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<SideExpect>,
    /// For the natural limit: the sides whose claim would be valid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimable_by: Option<Vec<String>>,
}

/// The kind of one move, and optionally what it attacks.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ClassifyExpect {
    /// `idle` accepts any kind of 闲 (exchange, offer, block, follow, idle).
    pub kind: String,
    /// The points of the pieces the move attacks (or offers, blocks,
    /// watches), in any order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub targets: Option<Vec<String>>,
}

/// A side's part of a repetition ruling.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SideExpect {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pattern: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forbidden: Option<bool>,
    /// The kind of each of the side's moves in the cycle, in order. `idle`
    /// accepts any kind of 闲 (exchange, offer, block, follow, idle).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kinds: Option<Vec<String>>,
}

pub const RESULTS: [&str; 3] = ["1-0", "0-1", "*"];
pub const RULING_RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];
pub const RULING_REASONS: [&str; 10] = [
    "natural-limit",
    "illegal-move",
    "checkmate",
    "stalemate",
    "perpetual-check",
    "mutual-perpetual-check",
    "both-allowed",
    "both-forbidden",
    "must-vary",
    "none",
];
pub const PATTERNS: [&str; 9] = [
    "perpetual-check",
    "perpetual-kill",
    "perpetual-chase",
    "check-kill",
    "check-chase",
    "kill-chase",
    "perpetual-attack",
    "attack-idle",
    "idle",
];
pub const KINDS: [&str; 8] = [
    "check", "kill", "chase", "exchange", "offer", "block", "follow", "idle",
];
const IDLE_KINDS: [&str; 5] = ["exchange", "offer", "block", "follow", "idle"];
pub const END_REASONS: [&str; 2] = ["checkmate", "stalemate"];
pub const REJECTIONS: [&str; 4] = ["syntax", "no-such-piece", "ambiguous", "illegal"];
pub const PROBLEMS: [&str; 8] = [
    "syntax",
    "missing-king",
    "extra-king",
    "king-outside-palace",
    "unreachable",
    "too-many",
    "kings-facing",
    "opponent-in-check",
];

impl Expect {
    /// Reads the `expect` value of a case asking `kind`, and rejects
    /// expectations that can never be true.
    pub fn from_yaml(kind: QuestionKind, v: serde_yaml::Value) -> Result<Expect, String> {
        let e = |e: serde_yaml::Error| e.to_string();
        let expect = match kind {
            QuestionKind::LegalMoves => Expect::LegalMoves(serde_yaml::from_value(v).map_err(e)?),
            QuestionKind::IsLegal => Expect::IsLegal(serde_yaml::from_value(v).map_err(e)?),
            QuestionKind::Status => Expect::Status(serde_yaml::from_value(v).map_err(e)?),
            QuestionKind::Perft => Expect::Perft(serde_yaml::from_value(v).map_err(e)?),
            QuestionKind::Convert => Expect::Convert(serde_yaml::from_value(v).map_err(e)?),
            QuestionKind::Position => Expect::Position(serde_yaml::from_value(v).map_err(e)?),
            QuestionKind::Ruling => Expect::Ruling(serde_yaml::from_value(v).map_err(e)?),
            QuestionKind::Classify => Expect::Classify(serde_yaml::from_value(v).map_err(e)?),
        };
        expect.check_possible()?;
        Ok(expect)
    }

    fn check_possible(&self) -> Result<(), String> {
        match self {
            Expect::LegalMoves(l) => {
                if l.exact.is_none()
                    && l.includes.is_empty()
                    && l.excludes.is_empty()
                    && l.count.is_none()
                {
                    return Err(
                        "expect needs at least one of exact, includes, excludes, count".into(),
                    );
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
            }
            Expect::IsLegal(i) => match (&i.legal, &i.reason) {
                (true, Some(_)) => return Err("a legal move has no reason to be refused".into()),
                (false, Some(r)) if !IllegalMove::CODES.contains(&r.as_str()) => {
                    return Err(format!(
                        "unknown reason {r:?}; known: {}",
                        IllegalMove::CODES.join(", ")
                    ))
                }
                _ => {}
            },
            Expect::Status(s) => {
                if s.in_check.is_none()
                    && s.legal_moves.is_none()
                    && s.result.is_none()
                    && s.reason.is_none()
                {
                    return Err(
                        "expect needs at least one of in_check, legal_moves, result, reason".into(),
                    );
                }
                if let Some(r) = &s.result {
                    if !RESULTS.contains(&r.as_str()) {
                        return Err(format!("result must be one of {RESULTS:?}, not {r:?}"));
                    }
                }
                if let Some(Some(r)) = &s.reason {
                    if !END_REASONS.contains(&r.as_str()) {
                        return Err(format!(
                            "reason must be checkmate, stalemate or null, not {r:?}"
                        ));
                    }
                }
                let ended = s.result.as_deref().map(|r| r != "*");
                let has_reason = s.reason.as_ref().map(|r| r.is_some());
                if let (Some(a), Some(b)) = (ended, has_reason) {
                    if a != b {
                        return Err(
                            "result and reason disagree about whether the game has ended".into(),
                        );
                    }
                }
                if let (Some(n), Some(e)) = (s.legal_moves, ended.or(has_reason)) {
                    if (n == 0) != e {
                        return Err(format!("{n} legal moves contradicts the expected result"));
                    }
                }
                match (s.in_check, s.reason.as_ref()) {
                    (Some(false), Some(Some(r))) if r == "checkmate" => {
                        return Err("checkmate needs the side to move in check".into())
                    }
                    (Some(true), Some(Some(r))) if r == "stalemate" => {
                        return Err("stalemate (困毙) means the side to move is not in check".into())
                    }
                    _ => {}
                }
            }
            Expect::Perft(_) => {}
            Expect::Convert(ConvertExpect::Rejected { error }) => {
                if !REJECTIONS.contains(&error.as_str()) {
                    return Err(format!(
                        "error must be one of {REJECTIONS:?}, not {error:?}"
                    ));
                }
            }
            Expect::Convert(ConvertExpect::Text(t)) => {
                if t.trim().is_empty() {
                    return Err("the expected text is empty".into());
                }
            }
            Expect::Ruling(r) => {
                if !RULING_RESULTS.contains(&r.result.as_str()) {
                    return Err(format!(
                        "result must be one of {RULING_RESULTS:?}, not {:?}",
                        r.result
                    ));
                }
                if let Some(reason) = &r.reason {
                    if !RULING_REASONS.contains(&reason.as_str()) {
                        return Err(format!(
                            "reason must be one of {RULING_REASONS:?}, not {reason:?}"
                        ));
                    }
                }
                for c in r.claimable_by.iter().flatten() {
                    if c != "red" && c != "black" {
                        return Err(format!("claimable_by lists sides, red or black, not {c:?}"));
                    }
                }
                for side in [&r.red, &r.black].into_iter().flatten() {
                    if let Some(p) = &side.pattern {
                        if !PATTERNS.contains(&p.as_str()) {
                            return Err(format!("pattern must be one of {PATTERNS:?}, not {p:?}"));
                        }
                    }
                    for k in side.kinds.iter().flatten() {
                        if !KINDS.contains(&k.as_str()) {
                            return Err(format!("kind must be one of {KINDS:?}, not {k:?}"));
                        }
                    }
                }
            }
            Expect::Classify(c) => {
                if !KINDS.contains(&c.kind.as_str()) {
                    return Err(format!("kind must be one of {KINDS:?}, not {:?}", c.kind));
                }
                for t in c.targets.iter().flatten() {
                    if xq_core::Square::from_iccs(t).is_none_or(|s| s.to_string() != *t) {
                        return Err(format!("target {t:?} is not a point such as c8"));
                    }
                }
            }
            Expect::Position(p) => match (&p.valid, &p.problem) {
                (true, Some(_)) => return Err("a valid position has no problem".into()),
                (false, Some(c)) if !PROBLEMS.contains(&c.as_str()) => {
                    return Err(format!("problem must be one of {PROBLEMS:?}, not {c:?}"))
                }
                _ => {}
            },
        }
        Ok(())
    }

    /// Whether the expected answer is a "no": the case shows something that
    /// is not so (a refused move, an excluded move, no check, no end …).
    pub fn is_negative(&self) -> bool {
        match self {
            Expect::LegalMoves(l) => !l.excludes.is_empty(),
            Expect::IsLegal(i) => !i.legal,
            Expect::Status(s) => s.in_check == Some(false) || s.result.as_deref() == Some("*"),
            Expect::Perft(_) => false,
            Expect::Convert(c) => matches!(c, ConvertExpect::Rejected { .. }),
            Expect::Position(p) => !p.valid,
            // Not an attack: one of the kinds of 闲.
            Expect::Classify(c) => IDLE_KINDS.contains(&c.kind.as_str()),
            // A draw, or a side whose pattern is allowed.
            Expect::Ruling(r) => {
                r.result == "1/2-1/2"
                    || r.result == "*"
                    || [&r.red, &r.black]
                        .into_iter()
                        .flatten()
                        .any(|s| s.forbidden == Some(false))
            }
        }
    }

    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// Holds an implementation's answer against the expectation; the error
    /// says what differs.
    pub fn check(&self, actual: &Value) -> Result<(), String> {
        match self {
            Expect::LegalMoves(l) => {
                let moves: BTreeSet<String> = string_list(actual, "moves")?.into_iter().collect();
                let mut problems = Vec::new();
                if let Some(exact) = &l.exact {
                    let want: BTreeSet<String> = exact.iter().cloned().collect();
                    let missing: Vec<_> = want.difference(&moves).collect();
                    let extra: Vec<_> = moves.difference(&want).collect();
                    if !missing.is_empty() {
                        problems.push(format!("missing {}", join(&missing)));
                    }
                    if !extra.is_empty() {
                        problems.push(format!("unexpected {}", join(&extra)));
                    }
                }
                let missing: Vec<_> = l.includes.iter().filter(|m| !moves.contains(*m)).collect();
                if !missing.is_empty() {
                    problems.push(format!("missing {}", join(&missing)));
                }
                let present: Vec<_> = l.excludes.iter().filter(|m| moves.contains(*m)).collect();
                if !present.is_empty() {
                    problems.push(format!("must not list {}", join(&present)));
                }
                if let Some(n) = l.count {
                    if moves.len() != n {
                        problems.push(format!("{} legal moves, expected {n}", moves.len()));
                    }
                }
                if problems.is_empty() {
                    Ok(())
                } else {
                    Err(problems.join("; "))
                }
            }
            Expect::IsLegal(i) => {
                let legal = field(actual, "legal")?
                    .as_bool()
                    .ok_or("\"legal\" is not a boolean")?;
                if legal != i.legal {
                    return Err(format!("legal is {legal}, expected {}", i.legal));
                }
                if let (Some(want), false) = (&i.reason, legal) {
                    match actual.get("reason").and_then(Value::as_str) {
                        Some(got) if got == want => {}
                        // A reason is optional in answers: an implementation
                        // that gives none is not held to ours.
                        None => {}
                        Some(got) => return Err(format!("reason is {got:?}, expected {want:?}")),
                    }
                }
                Ok(())
            }
            Expect::Status(s) => {
                let mut problems = Vec::new();
                if let Some(want) = s.in_check {
                    let got = field(actual, "in_check")?
                        .as_bool()
                        .ok_or("\"in_check\" is not a boolean")?;
                    if got != want {
                        problems.push(format!("in_check is {got}, expected {want}"));
                    }
                }
                if let Some(want) = s.legal_moves {
                    let got = field(actual, "legal_moves")?
                        .as_u64()
                        .ok_or("\"legal_moves\" is not a count")?;
                    if got != want as u64 {
                        problems.push(format!("legal_moves is {got}, expected {want}"));
                    }
                }
                if let Some(want) = &s.result {
                    let got = field(actual, "result")?
                        .as_str()
                        .ok_or("\"result\" is not a string")?;
                    if got != want {
                        problems.push(format!("result is {got:?}, expected {want:?}"));
                    }
                }
                if let Some(want) = &s.reason {
                    let got = actual
                        .get("reason")
                        .and_then(Value::as_str)
                        .map(String::from);
                    if &got != want {
                        problems.push(format!("reason is {got:?}, expected {want:?}"));
                    }
                }
                if problems.is_empty() {
                    Ok(())
                } else {
                    Err(problems.join("; "))
                }
            }
            Expect::Perft(n) => {
                let got = field(actual, "nodes")?
                    .as_u64()
                    .ok_or("\"nodes\" is not a count")?;
                if got == *n {
                    Ok(())
                } else {
                    Err(format!("{got} nodes, expected {n}"))
                }
            }
            Expect::Convert(ConvertExpect::Text(want)) => {
                match actual.get("move").and_then(Value::as_str) {
                    Some(got) if got == want => Ok(()),
                    Some(got) => Err(format!("converted to {got:?}, expected {want:?}")),
                    None => Err(format!(
                        "rejected the move ({}), expected {want:?}",
                        rejection(actual)
                    )),
                }
            }
            Expect::Convert(ConvertExpect::Rejected { error }) => {
                match actual.get("rejected").and_then(Value::as_str) {
                    Some(got) if got == error => Ok(()),
                    Some(got) => Err(format!("rejected as {got:?}, expected {error:?}")),
                    None => Err(format!(
                        "accepted the move ({actual}), expected it rejected as {error:?}"
                    )),
                }
            }
            Expect::Ruling(r) => {
                let mut problems = Vec::new();
                let got = field(actual, "result")?
                    .as_str()
                    .ok_or("\"result\" is not a string")?;
                if got != r.result {
                    problems.push(format!("result is {got:?}, expected {:?}", r.result));
                }
                // Reasons, counts and patterns are optional in answers: an
                // implementation that only gives the result is held to that.
                if let (Some(want), Some(got)) =
                    (&r.reason, actual.get("reason").and_then(Value::as_str))
                {
                    if got != want {
                        problems.push(format!("reason is {got:?}, expected {want:?}"));
                    }
                }
                if let (Some(want), Some(got)) = (
                    r.adjudicable,
                    actual
                        .pointer("/cycle/adjudicable")
                        .and_then(Value::as_bool),
                ) {
                    if got != want {
                        problems.push(format!("adjudicable is {got}, expected {want}"));
                    }
                }
                if let (Some(want), Some(got)) = (
                    &r.claimable_by,
                    actual
                        .pointer("/natural_limit/claimable_by")
                        .and_then(Value::as_array),
                ) {
                    let got: Vec<&str> = got.iter().filter_map(Value::as_str).collect();
                    let mut want_sorted: Vec<&str> = want.iter().map(String::as_str).collect();
                    want_sorted.sort();
                    let mut got_sorted = got.clone();
                    got_sorted.sort();
                    if want_sorted != got_sorted {
                        problems.push(format!("claimable by {got:?}, expected {want:?}"));
                    }
                }
                for (name, want) in [("red", &r.red), ("black", &r.black)] {
                    let (Some(want), Some(side)) =
                        (want, actual.get(name).filter(|v| !v.is_null()))
                    else {
                        continue;
                    };
                    if let (Some(p), Some(got)) =
                        (&want.pattern, side.get("pattern").and_then(Value::as_str))
                    {
                        if got != p {
                            problems.push(format!("{name}'s pattern is {got:?}, expected {p:?}"));
                        }
                    }
                    if let (Some(f), Some(got)) = (
                        want.forbidden,
                        side.get("forbidden").and_then(Value::as_bool),
                    ) {
                        if got != f {
                            problems
                                .push(format!("{name}'s pattern forbidden is {got}, expected {f}"));
                        }
                    }
                    if let (Some(kinds), Some(moves)) =
                        (&want.kinds, side.get("moves").and_then(Value::as_array))
                    {
                        let got: Vec<&str> = moves
                            .iter()
                            .filter_map(|m| m.get("kind").and_then(Value::as_str))
                            .collect();
                        let fits = got.len() == kinds.len()
                            && kinds
                                .iter()
                                .zip(&got)
                                .all(|(w, g)| w == g || (w == "idle" && IDLE_KINDS.contains(g)));
                        if !fits {
                            problems
                                .push(format!("{name}'s moves are {got:?}, expected {kinds:?}"));
                        }
                    }
                }
                if problems.is_empty() {
                    Ok(())
                } else {
                    Err(problems.join("; "))
                }
            }
            Expect::Classify(c) => {
                let got = field(actual, "kind")?
                    .as_str()
                    .ok_or("\"kind\" is not a string")?;
                let fits = got == c.kind || (c.kind == "idle" && IDLE_KINDS.contains(&got));
                let mut problems = Vec::new();
                if !fits {
                    problems.push(format!("kind is {got:?}, expected {:?}", c.kind));
                }
                if let Some(want) = &c.targets {
                    let got: BTreeSet<String> =
                        string_list(actual, "targets")?.into_iter().collect();
                    let want: BTreeSet<String> = want.iter().cloned().collect();
                    if got != want {
                        problems.push(format!("targets are {got:?}, expected {want:?}"));
                    }
                }
                if problems.is_empty() {
                    Ok(())
                } else {
                    Err(problems.join("; "))
                }
            }
            Expect::Position(p) => {
                let valid = field(actual, "valid")?
                    .as_bool()
                    .ok_or("\"valid\" is not a boolean")?;
                if valid != p.valid {
                    return Err(format!(
                        "valid is {valid}, expected {} ({})",
                        p.valid,
                        rejection(actual)
                    ));
                }
                if let (Some(want), false) = (&p.problem, valid) {
                    let problems = string_list(actual, "problems").unwrap_or_default();
                    if !problems.is_empty() && !problems.contains(want) {
                        return Err(format!(
                            "problems are {problems:?}, expected {want:?} among them"
                        ));
                    }
                }
                Ok(())
            }
        }
    }
}

fn field<'a>(v: &'a Value, name: &str) -> Result<&'a Value, String> {
    v.get(name)
        .ok_or_else(|| format!("the answer has no {name:?}: {v}"))
}

fn string_list(v: &Value, name: &str) -> Result<Vec<String>, String> {
    field(v, name)?
        .as_array()
        .ok_or_else(|| format!("{name:?} is not a list"))?
        .iter()
        .map(|m| {
            m.as_str()
                .map(String::from)
                .ok_or_else(|| format!("{name:?} holds a non-string"))
        })
        .collect()
}

fn join<T: AsRef<str>>(items: &[T]) -> String {
    items
        .iter()
        .map(|s| s.as_ref())
        .collect::<Vec<_>>()
        .join(" ")
}

fn rejection(actual: &Value) -> String {
    actual
        .get("message")
        .and_then(Value::as_str)
        .map(String::from)
        .unwrap_or_else(|| json!(actual).to_string())
}
