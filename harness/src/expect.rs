//! Expected answers, and how an implementation's answer is held against them.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use xq_spec::protocol::{Answer, AnswerError, QuestionKind, RulingAnswer};
use xq_spec::Rejection;
use xq_spec::{EndReason, IllegalMoveCode, MoveKind, Outcome, Pattern, ProblemCode, RulingReason};

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
    /// The text, and other texts that name the same move in a house style
    /// the normalisation does not cover (`crate::convert`).
    Texts {
        text: String,
        also: Vec<String>,
    },
    Rejected {
        rejected: String,
    },
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

/// The results a `status` can give: every [`Outcome`] but the draw, which
/// the board alone never gives.
pub const RESULTS: [&str; 3] = ["1-0", "0-1", "*"];
pub const RULING_RESULTS: &[&str] = Outcome::NAMES;
pub const RULING_REASONS: &[&str] = RulingReason::NAMES;
pub const PATTERNS: &[&str] = Pattern::NAMES;
pub const KINDS: &[&str] = MoveKind::NAMES;
pub const END_REASONS: &[&str] = EndReason::NAMES;
pub const PROBLEMS: &[&str] = ProblemCode::NAMES;

/// What of the question an answer is graded against.
#[derive(Clone, Copy, Debug, Default)]
pub struct At {
    /// The notation a `convert` case asks for.
    pub to: Option<xq_spec::Notation>,
}

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
                (false, Some(r)) if IllegalMoveCode::from_name(r).is_none() => {
                    return Err(format!(
                        "unknown reason {r:?}; known: {}",
                        IllegalMoveCode::NAMES.join(", ")
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
            Expect::Convert(ConvertExpect::Rejected { rejected }) => {
                if Rejection::from_name(rejected) == Some(Rejection::Unknown) {
                    return Err(
                        "rejected: unknown is for answers only; a case names the cause".into(),
                    );
                }
                if Rejection::from_name(rejected).is_none() {
                    return Err(format!(
                        "rejected must be one of syntax, no-such-piece, ambiguous, illegal, not {rejected:?}"
                    ));
                }
            }
            Expect::Convert(ConvertExpect::Text(t)) => {
                if t.trim().is_empty() {
                    return Err("the expected text is empty".into());
                }
            }
            Expect::Convert(ConvertExpect::Texts { text, also }) => {
                if text.trim().is_empty() || also.iter().any(|a| a.trim().is_empty()) {
                    return Err("an expected text is empty".into());
                }
                if also.is_empty() {
                    return Err("also lists no other text: write the text alone".into());
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
            Expect::Classify(c) => MoveKind::from_name(&c.kind).is_some_and(|k| !k.is_attack()),
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

    /// The answer fields this expectation checks, by path (`result`,
    /// `cycle.adjudicable`, `red.kinds` …): what a known failure's `holds`
    /// may name.
    pub fn paths(&self) -> Vec<&'static str> {
        let mut p = Vec::new();
        match self {
            Expect::LegalMoves(_) => p.push("moves"),
            Expect::IsLegal(i) => {
                p.push("legal");
                if i.reason.is_some() {
                    p.push("reason");
                }
            }
            Expect::Status(s) => {
                for (name, given) in [
                    ("in_check", s.in_check.is_some()),
                    ("legal_moves", s.legal_moves.is_some()),
                    ("result", s.result.is_some()),
                    ("reason", s.reason.is_some()),
                ] {
                    if given {
                        p.push(name);
                    }
                }
            }
            Expect::Perft(_) => p.push("nodes"),
            Expect::Convert(ConvertExpect::Text(_) | ConvertExpect::Texts { .. }) => p.push("move"),
            Expect::Convert(ConvertExpect::Rejected { .. }) => p.push("rejected"),
            Expect::Position(pe) => {
                p.push("valid");
                if pe.problem.is_some() {
                    p.push("problems");
                }
            }
            Expect::Ruling(r) => {
                p.push("result");
                if r.reason.is_some() {
                    p.push("reason");
                }
                if r.adjudicable.is_some() {
                    p.push("cycle.adjudicable");
                }
                if r.claimable_by.is_some() {
                    p.push("natural_limit.claimable_by");
                }
                for (side, paths) in [
                    (&r.red, ["red.pattern", "red.forbidden", "red.kinds"]),
                    (
                        &r.black,
                        ["black.pattern", "black.forbidden", "black.kinds"],
                    ),
                ] {
                    if let Some(s) = side {
                        for (given, path) in [
                            s.pattern.is_some(),
                            s.forbidden.is_some(),
                            s.kinds.is_some(),
                        ]
                        .into_iter()
                        .zip(paths)
                        {
                            if given {
                                p.push(path);
                            }
                        }
                    }
                }
            }
            Expect::Classify(c) => {
                p.push("kind");
                if c.targets.is_some() {
                    p.push("targets");
                }
            }
        }
        p
    }

    /// Holds an implementation's answer against the expectation, field by
    /// field. `at` is the position the question is asked in (needed to
    /// read `convert` answers back); an `Err` is an answer of the wrong
    /// shape.
    pub fn check(&self, actual: &Value, at: At) -> Result<Checks, AnswerError> {
        let mut c = Checks::default();
        match (self, Answer::parse(self.kind(), actual)?) {
            (Expect::LegalMoves(l), Answer::LegalMoves(a)) => {
                c.field("moves", a.moves.map(|m| check_moves(l, &m)))
            }
            (Expect::IsLegal(i), Answer::IsLegal(a)) => {
                c.field(
                    "legal",
                    a.legal.map(|got| {
                        same(got, i.legal, || {
                            format!("legal is {got}, expected {}", i.legal)
                        })
                    }),
                );
                if let (Some(want), Some(false), false) = (&i.reason, a.legal, i.legal) {
                    // A reason is optional in answers; one that is given must match.
                    c.field(
                        "reason",
                        a.reason.map(|got| {
                            same(got.name(), want.as_str(), || {
                                format!("reason is {got}, expected {want}")
                            })
                        }),
                    );
                }
            }
            (Expect::Status(s), Answer::Status(a)) => {
                if let Some(want) = s.in_check {
                    c.field(
                        "in_check",
                        a.in_check.map(|got| {
                            same(got, want, || format!("in_check is {got}, expected {want}"))
                        }),
                    );
                }
                if let Some(want) = s.legal_moves {
                    let want = want as u64;
                    c.field(
                        "legal_moves",
                        a.legal_moves.map(|got| {
                            same(got, want, || {
                                format!("legal_moves is {got}, expected {want}")
                            })
                        }),
                    );
                }
                if let Some(want) = &s.result {
                    c.field(
                        "result",
                        a.result.map(|got| {
                            same(got.name(), want.as_str(), || {
                                format!("result is {}, expected {want}", got.name())
                            })
                        }),
                    );
                }
                if let Some(want) = &s.reason {
                    c.field(
                        "reason",
                        a.reason.map(|got| {
                            let got = got.map(|r| r.name());
                            same(got, want.as_deref(), || {
                                format!(
                                    "reason is {}, expected {}",
                                    got.unwrap_or("null"),
                                    want.as_deref().unwrap_or("null")
                                )
                            })
                        }),
                    );
                }
            }
            (Expect::Perft(n), Answer::Perft(a)) => c.field(
                "nodes",
                a.nodes
                    .map(|got| same(got, *n, || format!("{got} nodes, expected {n}"))),
            ),
            (Expect::Convert(want), Answer::Convert(a)) => {
                let path = match want {
                    ConvertExpect::Text(_) | ConvertExpect::Texts { .. } => "move",
                    ConvertExpect::Rejected { .. } => "rejected",
                };
                let outcome = match (&a.mv, a.rejected) {
                    (Some(_), Some(_)) => Some(Err(
                        "the answer gives both a move and a rejection".to_string()
                    )),
                    (None, None) => None,
                    // Rejected, cause not given: right as a rejection, the
                    // cause unchecked.
                    (None, Some(Rejection::Unknown))
                        if matches!(want, ConvertExpect::Rejected { .. }) =>
                    {
                        c.skipped.push("rejected.cause");
                        Some(Ok(()))
                    }
                    (got, rejected) => Some(check_convert(want, got.as_deref(), rejected, at)),
                };
                c.field(path, outcome);
            }
            (Expect::Position(p), Answer::Position(a)) => {
                c.field(
                    "valid",
                    a.valid.map(|got| {
                        same(got, p.valid, || {
                            format!("valid is {got}, expected {}{}", p.valid, message_of(actual))
                        })
                    }),
                );
                if let (Some(want), false, Some(false)) = (&p.problem, p.valid, a.valid) {
                    c.field(
                        "problems",
                        a.problems.map(|got| {
                            let got: Vec<&str> = got.iter().map(|p| p.name()).collect();
                            if got.contains(&want.as_str()) {
                                Ok(())
                            } else if got.is_empty() {
                                Err(format!("problems is empty, expected {want} among them"))
                            } else {
                                Err(format!(
                                    "problems are {}, expected {want} among them",
                                    got.join(", ")
                                ))
                            }
                        }),
                    );
                }
            }
            (Expect::Ruling(r), Answer::Ruling(a)) => check_ruling(&mut c, r, &a),
            (Expect::Classify(e), Answer::Classify(a)) => {
                c.field(
                    "kind",
                    a.kind.map(|got| {
                        let fits = got.name() == e.kind || (e.kind == "idle" && !got.is_attack());
                        if fits {
                            Ok(())
                        } else {
                            Err(format!("kind is {}, expected {}", got.name(), e.kind))
                        }
                    }),
                );
                if let Some(want) = &e.targets {
                    c.field(
                        "targets",
                        a.targets.map(|got| {
                            let g: BTreeSet<&String> = got.iter().collect();
                            let w: BTreeSet<&String> = want.iter().collect();
                            if g == w {
                                Ok(())
                            } else {
                                Err(format!(
                                    "targets are [{}], expected [{}]",
                                    join(&got),
                                    join(want)
                                ))
                            }
                        }),
                    );
                }
            }
            _ => unreachable!("Answer::parse returns the expectation's kind"),
        }
        Ok(c)
    }

    /// The question this expectation answers.
    pub fn kind(&self) -> QuestionKind {
        match self {
            Expect::LegalMoves(_) => QuestionKind::LegalMoves,
            Expect::IsLegal(_) => QuestionKind::IsLegal,
            Expect::Status(_) => QuestionKind::Status,
            Expect::Perft(_) => QuestionKind::Perft,
            Expect::Convert(_) => QuestionKind::Convert,
            Expect::Position(_) => QuestionKind::Position,
            Expect::Ruling(_) => QuestionKind::Ruling,
            Expect::Classify(_) => QuestionKind::Classify,
        }
    }
}

/// What happened to each checked field of one answer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Checks {
    /// (path, `Ok` or why it differs), in the order checked.
    pub checked: Vec<(&'static str, Result<(), String>)>,
    /// Paths the expectation has but the answer left out.
    pub skipped: Vec<&'static str>,
}

impl Checks {
    fn field(&mut self, path: &'static str, outcome: Option<Result<(), String>>) {
        match outcome {
            Some(o) => self.checked.push((path, o)),
            None => self.skipped.push(path),
        }
    }

    /// Why the answer fails, if it does.
    pub fn failure(&self) -> Option<String> {
        let why: Vec<&str> = self
            .checked
            .iter()
            .filter_map(|(_, o)| o.as_ref().err().map(String::as_str))
            .collect();
        (!why.is_empty()).then(|| why.join("; "))
    }

    /// Whether the field at `path` was checked and matched.
    pub fn holds(&self, path: &str) -> Option<bool> {
        self.checked
            .iter()
            .find(|(p, _)| *p == path)
            .map(|(_, o)| o.is_ok())
    }
}

fn same<T: PartialEq>(got: T, want: T, why: impl FnOnce() -> String) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(why())
    }
}

/// A legal-moves answer: well-formed ICCS, each move once, then the sets.
fn check_moves(l: &LegalMovesExpect, got: &[String]) -> Result<(), String> {
    let mut problems = Vec::new();
    let malformed: Vec<&String> = got.iter().filter(|m| !is_iccs(m)).collect();
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

/// A convert answer is graded by text: it must be the expected text, or
/// one of the case's other forms of the same move, once normalised
/// (`crate::convert`).
fn check_convert(
    want: &ConvertExpect,
    got: Option<&str>,
    rejected: Option<Rejection>,
    at: At,
) -> Result<(), String> {
    let (text, also): (&str, &[String]) = match want {
        ConvertExpect::Text(t) => (t, &[]),
        ConvertExpect::Texts { text, also } => (text, also),
        ConvertExpect::Rejected { rejected: want } => {
            return match (got, rejected) {
                (None, Some(r)) => same(r.name(), want.as_str(), || {
                    format!("rejected as {r}, expected rejected as {want}")
                }),
                (Some(text), _) => Err(format!(
                    "converted to {}, expected the text rejected as {want}",
                    crate::text::quote(text)
                )),
                (None, None) => unreachable!("left-out answers are skipped before"),
            }
        }
    };
    match (got, rejected) {
        (None, Some(r)) => Err(format!("rejected as {r}, expected {text}")),
        (Some(got), _) => {
            let matches = match at.to {
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
        (None, None) => unreachable!("left-out answers are skipped before"),
    }
}

fn check_ruling(c: &mut Checks, r: &RulingExpect, a: &RulingAnswer) {
    c.field(
        "result",
        a.result.map(|got| {
            same(got.name(), r.result.as_str(), || {
                format!("result is {}, expected {}", got.name(), r.result)
            })
        }),
    );
    if let Some(want) = &r.reason {
        c.field(
            "reason",
            a.reason.map(|got| {
                same(got.name(), want.as_str(), || {
                    format!("reason is {}, expected {want}", got.name())
                })
            }),
        );
    }
    if let Some(want) = r.adjudicable {
        c.field(
            "cycle.adjudicable",
            a.cycle.as_ref().and_then(|c| c.adjudicable).map(|got| {
                same(got, want, || {
                    format!("adjudicable is {got}, expected {want}")
                })
            }),
        );
    }
    if let Some(want) = &r.claimable_by {
        c.field(
            "natural_limit.claimable_by",
            a.natural_limit
                .as_ref()
                .and_then(|n| n.claimable_by.as_ref())
                .map(|got| {
                    let g: BTreeSet<&str> = got.iter().map(|c| c.name()).collect();
                    let w: BTreeSet<&str> = want.iter().map(String::as_str).collect();
                    same(&g, &w, || {
                        format!(
                            "claimable by [{}], expected [{}]",
                            join(&g.iter().collect::<Vec<_>>()),
                            join(want)
                        )
                    })
                }),
        );
    }
    for (name, want, got, paths) in [
        (
            "red",
            &r.red,
            &a.red,
            ["red.pattern", "red.forbidden", "red.kinds"],
        ),
        (
            "black",
            &r.black,
            &a.black,
            ["black.pattern", "black.forbidden", "black.kinds"],
        ),
    ] {
        let Some(want) = want else { continue };
        if let Some(p) = &want.pattern {
            c.field(
                paths[0],
                got.as_ref().and_then(|s| s.pattern).map(|g| {
                    let g = pattern_name(g);
                    same(g.as_str(), p.as_str(), || {
                        format!("{name}'s pattern is {g}, expected {p}")
                    })
                }),
            );
        }
        if let Some(f) = want.forbidden {
            c.field(
                paths[1],
                got.as_ref().and_then(|s| s.forbidden).map(|g| {
                    same(g, f, || {
                        format!("{name}'s pattern forbidden is {g}, expected {f}")
                    })
                }),
            );
        }
        if let Some(kinds) = &want.kinds {
            let answered = got
                .as_ref()
                .and_then(|s| s.moves.as_ref())
                .and_then(|ms| ms.iter().map(|m| m.kind).collect::<Option<Vec<MoveKind>>>());
            c.field(
                paths[2],
                answered.map(|g| {
                    let fits = g.len() == kinds.len()
                        && kinds
                            .iter()
                            .zip(&g)
                            .all(|(w, g)| w == g.name() || (w == "idle" && !g.is_attack()));
                    if fits {
                        Ok(())
                    } else {
                        Err(format!(
                            "{name}'s moves are [{}], expected [{}]",
                            join(&g.iter().map(|k| k.name()).collect::<Vec<_>>()),
                            join(kinds)
                        ))
                    }
                }),
            );
        }
    }
}

fn pattern_name(p: Pattern) -> String {
    serde_json::to_value(p)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default()
}

fn join<T: AsRef<str>>(items: &[T]) -> String {
    items
        .iter()
        .map(|s| s.as_ref())
        .collect::<Vec<_>>()
        .join(" ")
}

fn join_set(items: &BTreeSet<&String>) -> String {
    items
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

fn message_of(actual: &Value) -> String {
    actual
        .get("message")
        .and_then(Value::as_str)
        .map(|m| format!(" ({})", crate::text::quote(m)))
        .unwrap_or_default()
}

pub use crate::history::is_iccs;

#[cfg(test)]
mod tests {
    use super::*;

    /// The loader's word lists are the protocol's vocabulary types.
    #[test]
    fn word_lists_are_the_vocabulary() {
        fn all<T: serde::de::DeserializeOwned>(words: &[&str]) {
            for w in words {
                serde_json::from_value::<T>(Value::String(w.to_string()))
                    .unwrap_or_else(|_| panic!("{w} is not in the vocabulary"));
            }
        }
        all::<xq_core::Outcome>(RULING_RESULTS);
        all::<xq_core::EndReason>(END_REASONS);
        let status: Vec<&str> = Outcome::ALL
            .iter()
            .filter(|o| **o != Outcome::Draw)
            .map(|o| o.name())
            .collect();
        assert_eq!(RESULTS, status.as_slice());
    }
}
