//! Each question's expectation type: what a case's `expect` may say, and
//! its part of the case schema. Words from a closed list (a move kind, a
//! result …) are held as the vocabulary's values ([`crate::vocabulary!`]):
//! a word the vocabulary does not have is refused when the case is read,
//! and the error names the allowed words. What the types cannot say (no
//! draw from the board, no `unknown` cause in a case) the harness checks
//! when it loads a case, with the case's location.

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use crate::{
    Color, EndReason, IllegalMoveCode, MoveKind, Outcome, Pattern, ProblemCode, Rejection,
    RulingReason,
};

/// A question's part of the case schema.
pub(crate) trait Schema {
    /// The JSON schema of `expect` for the question; shared pieces go to
    /// `defs` (the case schema's `$defs`).
    fn schema(defs: &mut Map<String, Value>) -> Value;
}

/// The schema of a string that is one of `names`.
pub(crate) fn one_of(names: &[&str]) -> Value {
    json!({ "enum": names })
}

/// `legal-moves`: the set of legal moves, whole or in part. At least one
/// field is given.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct LegalMovesExpect {
    /// The whole set, in ICCS, each move once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<Vec<String>>,
    /// Moves that must be among the legal moves.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub includes: Vec<String>,
    /// Moves that must not be.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub excludes: Vec<String>,
    /// How many legal moves there are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<usize>,
}

impl Schema for LegalMovesExpect {
    fn schema(_: &mut Map<String, Value>) -> Value {
        let list = json!({"$ref": "#/$defs/iccsList"});
        // The loader refuses an exact set that lists a move twice.
        let exact = json!({"$ref": "#/$defs/iccsList", "uniqueItems": true});
        json!({
            "type": "object",
            "additionalProperties": false,
            "minProperties": 1,
            "properties": {
                "exact": exact,
                "includes": list,
                "excludes": list,
                "count": {"type": "integer", "minimum": 0},
            },
        })
    }
}

/// `is-legal`: whether the move may be played, and the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct IsLegalExpect {
    /// Whether the move is legal.
    pub legal: bool,
    /// For a refused move, the rule it breaks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<IllegalMoveCode>,
}

impl Schema for IsLegalExpect {
    fn schema(_: &mut Map<String, Value>) -> Value {
        json!({
            "type": "object",
            "additionalProperties": false,
            "required": ["legal"],
            "properties": {
                "legal": {"type": "boolean"},
                "reason": one_of(IllegalMoveCode::NAMES),
            },
            "if": {"properties": {"legal": {"const": true}}},
            "then": {"not": {"required": ["reason"]}},
        })
    }
}

/// The results a `status` can give: every [`Outcome`] but the draw, which
/// the board alone never gives.
pub const STATUS_RESULTS: [Outcome; 3] = [Outcome::RedWins, Outcome::BlackWins, Outcome::Ongoing];

/// `status`: check, the number of legal moves, the result and why the game
/// ended. At least one field is given. `reason: null` (no end) is
/// different from leaving `reason` out (not checked), hence the nested
/// option.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct StatusExpect {
    /// Whether the side to move is in check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_check: Option<bool>,
    /// How many legal moves the side to move has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal_moves: Option<usize>,
    /// The result on the board: one of [`STATUS_RESULTS`] (the harness
    /// refuses the draw).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Outcome>,
    /// Why the game ended, or `Some(None)` for `null`: it has not.
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub reason: Option<Option<EndReason>>,
}

/// A key that is present: `Some`, even when its value is `null`. A word
/// that is no end reason is refused with the words allowed, `null` among
/// them.
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<EndReason>>, D::Error> {
    match Option::<String>::deserialize(d)? {
        None => Ok(Some(None)),
        Some(word) => word
            .parse::<EndReason>()
            .map(|r| Some(Some(r)))
            .map_err(|e| serde::de::Error::custom(format!("{e}, or null: the game has not ended"))),
    }
}

impl Schema for StatusExpect {
    fn schema(_: &mut Map<String, Value>) -> Value {
        let mut reasons: Vec<Value> = EndReason::NAMES.iter().map(|n| json!(n)).collect();
        reasons.push(Value::Null);
        json!({
            "type": "object",
            "additionalProperties": false,
            "minProperties": 1,
            "properties": {
                "in_check": {"type": "boolean"},
                "legal_moves": {"type": "integer", "minimum": 0},
                "result": one_of(&STATUS_RESULTS.map(Outcome::name)),
                "reason": {"enum": reasons},
            },
        })
    }
}

/// `perft`: the node count.
impl Schema for u64 {
    fn schema(_: &mut Map<String, Value>) -> Value {
        json!({"type": "integer", "minimum": 0})
    }
}

/// `convert`: the move written in the notation asked for, or why the text
/// names no legal move.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(untagged, try_from = "ConvertWritten")]
pub enum ConvertExpect {
    /// The text, in the oracle's own convention.
    Text(String),
    /// The text, and other texts that name the same move in a house style
    /// the grading's normalisation does not cover.
    Texts {
        /// The text, in the oracle's own convention.
        text: String,
        /// The other texts, at least one.
        also: Vec<String>,
    },
    /// The text names no legal move.
    Rejected {
        /// Why: a [`Rejection`] other than `unknown` (the harness refuses
        /// `unknown`, which only an answer may give).
        rejected: Rejection,
    },
}

/// The causes a case may give: [`Rejection`]'s words but the last,
/// `unknown` (a test checks that it is the last).
const CASE_CAUSES: &[&str] = match Rejection::NAMES.split_last() {
    Some((_, causes)) => causes,
    None => &[],
};

/// A `convert` expectation as written, its cause still a word: the three
/// forms are told apart by shape, and an untagged enum would hide an
/// unknown cause behind "no variant matched".
#[derive(Deserialize)]
#[serde(untagged, rename = "ConvertExpect")]
enum ConvertWritten {
    Text(String),
    Texts { text: String, also: Vec<String> },
    Rejected { rejected: String },
}

impl TryFrom<ConvertWritten> for ConvertExpect {
    type Error = String;

    /// An unknown cause is refused with the causes a case may give (not
    /// `unknown`, which only an answer may).
    fn try_from(w: ConvertWritten) -> Result<ConvertExpect, String> {
        Ok(match w {
            ConvertWritten::Text(t) => ConvertExpect::Text(t),
            ConvertWritten::Texts { text, also } => ConvertExpect::Texts { text, also },
            ConvertWritten::Rejected { rejected } => ConvertExpect::Rejected {
                rejected: rejected.parse().map_err(|e: crate::UnknownWord| {
                    crate::UnknownWord {
                        allowed: CASE_CAUSES,
                        ..e
                    }
                    .to_string()
                })?,
            },
        })
    }
}

impl ConvertExpect {
    /// Whether the case expects the text to be rejected.
    #[must_use]
    pub fn is_rejection(&self) -> bool {
        matches!(self, ConvertExpect::Rejected { .. })
    }

    /// The causes a case may give: every [`Rejection`] but `unknown`,
    /// which only an answer may give.
    #[must_use]
    pub fn causes() -> Vec<&'static str> {
        Rejection::ALL
            .iter()
            .filter(|r| **r != Rejection::Unknown)
            .map(|r| r.name())
            .collect()
    }
}

impl Schema for ConvertExpect {
    fn schema(_: &mut Map<String, Value>) -> Value {
        let text = json!({"type": "string", "minLength": 1});
        json!({
            "oneOf": [
                text,
                {
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["text", "also"],
                    "properties": {
                        "text": text,
                        "also": {"type": "array", "minItems": 1, "items": text},
                    },
                },
                {
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["rejected"],
                    "properties": {"rejected": one_of(&ConvertExpect::causes())},
                },
            ],
        })
    }
}

/// `position`: whether the FEN is a legal position, and a problem it has.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct PositionExpect {
    /// Whether the position is legal.
    pub valid: bool,
    /// For an invalid one, a problem among those answered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub problem: Option<ProblemCode>,
}

impl Schema for PositionExpect {
    fn schema(_: &mut Map<String, Value>) -> Value {
        json!({
            "type": "object",
            "additionalProperties": false,
            "required": ["valid"],
            "properties": {
                "valid": {"type": "boolean"},
                "problem": one_of(ProblemCode::NAMES),
            },
            "if": {"properties": {"valid": {"const": true}}},
            "then": {"not": {"required": ["problem"]}},
        })
    }
}

/// `ruling`: what the arbiter's ruling must say (`spec/RULINGS.md`). Only
/// what is given is checked.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct RulingExpect {
    /// The result.
    pub result: Outcome,
    /// Why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<RulingReason>,
    /// Whether the repetition cycle is one the rules adjudicate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjudicable: Option<bool>,
    /// Red's part of a repetition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub red: Option<SideExpect>,
    /// Black's part of a repetition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<SideExpect>,
    /// For the natural limit: the sides whose claim would be valid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimable_by: Option<Vec<Color>>,
}

/// A side's part of a repetition ruling.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct SideExpect {
    /// The side's pattern in the cycle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pattern: Option<Pattern>,
    /// Whether that pattern is forbidden.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forbidden: Option<bool>,
    /// The kind of each of the side's moves in the cycle, in order. `idle`
    /// accepts any kind of 闲 (exchange, offer, block, follow, idle).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kinds: Option<Vec<MoveKind>>,
}

impl Schema for RulingExpect {
    fn schema(defs: &mut Map<String, Value>) -> Value {
        defs.insert(
            "side".into(),
            json!({
                "type": "object",
                "additionalProperties": false,
                "properties": {
                    "pattern": one_of(Pattern::NAMES),
                    "forbidden": {"type": "boolean"},
                    "kinds": {"type": "array", "items": one_of(MoveKind::NAMES)},
                },
            }),
        );
        json!({
            "type": "object",
            "additionalProperties": false,
            "required": ["result"],
            "properties": {
                "result": one_of(Outcome::NAMES),
                "reason": one_of(RulingReason::NAMES),
                "adjudicable": {"type": "boolean"},
                "red": {"$ref": "#/$defs/side"},
                "black": {"$ref": "#/$defs/side"},
                "claimable_by": {"type": "array", "items": one_of(Color::NAMES)},
            },
        })
    }
}

/// `classify`: the 棋例 kind of one move, and optionally what it attacks.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct ClassifyExpect {
    /// The kind; `idle` accepts any kind of 闲 (exchange, offer, block,
    /// follow, idle).
    pub kind: MoveKind,
    /// The points of the pieces the move attacks (or offers, blocks,
    /// watches), in any order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub targets: Option<Vec<String>>,
}

impl Schema for ClassifyExpect {
    fn schema(_: &mut Map<String, Value>) -> Value {
        json!({
            "type": "object",
            "additionalProperties": false,
            "required": ["kind"],
            "properties": {
                "kind": one_of(MoveKind::NAMES),
                "targets": {"type": "array", "items": {"$ref": "#/$defs/square"}},
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The status results are the vocabulary's outcomes but the draw.
    #[test]
    fn results_are_the_outcomes_but_the_draw() {
        let status: Vec<Outcome> = Outcome::ALL
            .iter()
            .copied()
            .filter(|o| *o != Outcome::Draw)
            .collect();
        assert_eq!(STATUS_RESULTS, status.as_slice());
    }

    /// The causes an unknown one is refused with are those a case may
    /// give: every rejection but `unknown`.
    #[test]
    fn the_causes_of_a_case_are_the_rejections_but_unknown() {
        assert_eq!(CASE_CAUSES, ConvertExpect::causes().as_slice());
        assert_eq!(Rejection::NAMES.last(), Some(&Rejection::Unknown.name()));
    }
}
