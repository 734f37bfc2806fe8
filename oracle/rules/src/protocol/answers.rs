//! The typed `result` of each question (`spec/PROTOCOL.md`, "Questions").
//!
//! One type per question, used on both sides of the wire: the oracle builds
//! them and serializes them, the harness reads an implementation's answer
//! into them with [`Answer::parse`]. Every field is optional because an
//! answer may leave out what the implementation does not know (a partial
//! answer); a field that is present must have the right type, and the error
//! names the field and the type it should have. Keys this module does not
//! know are ignored (an answer may carry extra keys, such as `message`).

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use xq_core::{Color, EndReason, IllegalMove, Outcome};

use super::QuestionKind;
use crate::repetition::{MoveKind, Pattern};
use crate::ruling::RulingReason;

/// A field of an answer that is present but of the wrong type or value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerError {
    /// The field's path, e.g. `red.moves[1].kind`; empty for the answer itself.
    pub field: String,
    /// What the field should be, e.g. `a boolean`.
    pub expected: String,
    /// What it is, quoted briefly.
    pub found: String,
}

impl fmt::Display for AnswerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(
                f,
                "the result should be {}, not {}",
                self.expected, self.found
            )
        } else {
            write!(
                f,
                "field `{}` should be {}, not {}",
                self.field, self.expected, self.found
            )
        }
    }
}

impl std::error::Error for AnswerError {}

/// How a value is quoted in messages: its JSON, cut to 60 characters.
fn brief(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() <= 60 {
        s
    } else {
        let cut: String = s.chars().take(60).collect();
        format!("{cut}… ({} bytes)", s.len())
    }
}

fn wrong(field: &str, expected: &str, found: &Value) -> AnswerError {
    AnswerError {
        field: field.to_string(),
        expected: expected.to_string(),
        found: brief(found),
    }
}

/// The answer object, or an error when the result is not an object.
fn object<'a>(v: &'a Value, path: &str) -> Result<&'a Map<String, Value>, AnswerError> {
    v.as_object().ok_or_else(|| wrong(path, "an object", v))
}

fn join(path: &str, name: &str) -> String {
    if path.is_empty() {
        name.to_string()
    } else {
        format!("{path}.{name}")
    }
}

/// A present field read as `T`; absent (or `null`) is `None`.
fn field<T: DeserializeOwned>(
    o: &Map<String, Value>,
    path: &str,
    name: &str,
    expected: &str,
) -> Result<Option<T>, AnswerError> {
    match o.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => serde_json::from_value(v.clone())
            .map(Some)
            .map_err(|_| wrong(&join(path, name), expected, v)),
    }
}

const OUTCOME: &str = "one of \"1-0\", \"0-1\", \"1/2-1/2\", \"*\"";
const LIST_OF_STRINGS: &str = "a list of strings";

/// `legal-moves`: every legal move, in ICCS.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalMovesAnswer {
    /// `moves`: every legal move once, in canonical ICCS (four lowercase
    /// characters, `h2e2`), in any order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
}

/// `is-legal`: whether the move is legal, and the code of the rule it breaks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct IsLegalAnswer {
    /// `legal`: whether the move may be played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<bool>,
    /// `reason`: for an illegal move, the code of the rule it breaks, one
    /// of [`IllegalMove::CODES`] (`horse-leg-blocked`, `king-in-check` …);
    /// optional in answers, but graded when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Human-readable, not graded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// `status`: check, legal move count, result and why the game ended.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct StatusAnswer {
    /// `in_check`: whether the side to move is in check (将).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_check: Option<bool>,
    /// `legal_moves`: how many legal moves the side to move has.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal_moves: Option<u64>,
    /// `result`: `"*"` while the side to move has a move; otherwise that
    /// side has lost, `"1-0"` when Red won and `"0-1"` when Black did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<Outcome>,
    /// `reason`: `"checkmate"` (in check, no move) or `"stalemate"` (困毙:
    /// not in check, no move), `null` while the game goes on.
    ///
    /// `Some(None)` is `"reason": null` (the game goes on); `None` is a
    /// reason left out (not known).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<Option<EndReason>>,
}

/// `perft`: the node count.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerftAnswer {
    /// `nodes`: the number of leaves of the legal-move tree at the asked
    /// depth (1 at depth 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
}

pub use xq_spec::Rejection;

/// `convert`: the move in the requested notation, or why the text was refused.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConvertAnswer {
    /// `move`: the move written in the requested notation; graded on
    /// meaning (it must read back as exactly the asked move), not on style.
    #[serde(default, rename = "move", skip_serializing_if = "Option::is_none")]
    pub mv: Option<String>,
    /// `rejected`: instead of `move`, why the text names no legal move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rejected: Option<Rejection>,
    /// Why the text was rejected, in words; not graded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// `position`: whether the FEN is a legal position, and what is wrong.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionAnswer {
    /// `valid`: whether the FEN reads as a legal position (under the
    /// request's `relaxed`, if given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub valid: Option<bool>,
    /// `problems`: problem codes (see [`super::PROBLEMS`]); several may be
    /// listed, and an expected problem must be among them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub problems: Option<Vec<String>>,
    /// What is wrong, in words; not graded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// The part of a ruling's `cycle` the suite grades.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CycleAnswer {
    /// `adjudicable`: whether the final position has occurred as often as
    /// the edition requires before a repetition is ruled on (待判局面).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjudicable: Option<bool>,
}

/// The part of one move of a ruling's cycle the suite grades.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CycleMoveAnswer {
    /// `kind`: the 棋例 kind of the move (`check`, `kill`, `chase`,
    /// `exchange`, `offer`, `block`, `follow`, `idle`); an expected `idle`
    /// accepts any kind of 闲.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<MoveKind>,
}

/// The part of a side's repetition verdict the suite grades.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideAnswer {
    /// `pattern`: what the side's moves over the cycle amount to
    /// (`perpetual-check`, `perpetual-chase`, `attack-idle` …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pattern: Option<Pattern>,
    /// `forbidden`: whether the edition forbids that pattern.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forbidden: Option<bool>,
    /// `moves`: the side's moves in the cycle, in order (graded by their
    /// kinds, the path `red.kinds` or `black.kinds`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<CycleMoveAnswer>>,
}

/// The part of a ruling's `natural_limit` the suite grades.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NaturalLimitAnswer {
    /// `claimable_by`: the sides (`"red"`, `"black"`) whose claim of the
    /// natural move limit (自然限着) would be valid now; empty when none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimable_by: Option<Vec<Color>>,
}

/// `ruling`: the graded part of the ruling JSON of `spec/RULINGS.md`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulingAnswer {
    /// `result`: `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` when there is
    /// nothing to rule; for a repetition, what is ruled if it stands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Outcome>,
    /// `reason`: why (`must-vary`, `perpetual-check`, `illegal-move`,
    /// `none` …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<RulingReason>,
    /// `cycle`: the repetition cycle ending at the last move; `null`
    /// without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cycle: Option<CycleAnswer>,
    /// `red`: Red's moves in the cycle and their verdict; `null` without a
    /// cycle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub red: Option<SideAnswer>,
    /// `black`: the same for Black.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<SideAnswer>,
    /// `natural_limit`: the natural move limit's count, when no earlier
    /// step of the ruling decided.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub natural_limit: Option<NaturalLimitAnswer>,
}

/// `classify`: the 棋例 kind of one move and what it attacks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassifyAnswer {
    /// `kind`: the 棋例 kind of the move in the context of the moves before
    /// it (`check`, `kill`, `chase`, `exchange`, `offer`, `block`, `follow`,
    /// `idle`); an expected `idle` accepts any kind of 闲.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<MoveKind>,
    /// `targets`: the points of what the move attacks, offers to, blocks or
    /// watches, in ICCS (`c8`); graded as a set, when the case gives them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub targets: Option<Vec<String>>,
}

/// An answer to any question, typed by the question asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The answer to `legal-moves`.
    LegalMoves(LegalMovesAnswer),
    /// The answer to `is-legal`.
    IsLegal(IsLegalAnswer),
    /// The answer to `status`.
    Status(StatusAnswer),
    /// The answer to `perft`.
    Perft(PerftAnswer),
    /// The answer to `convert`.
    Convert(ConvertAnswer),
    /// The answer to `position`.
    Position(PositionAnswer),
    /// The graded part of the answer to `ruling`.
    Ruling(RulingAnswer),
    /// The answer to `classify`.
    Classify(ClassifyAnswer),
}

const MOVE_KIND: &str = "a move kind (check, kill, chase, exchange, offer, block, follow, idle)";
const PATTERN: &str = "a pattern such as \"perpetual-check\" (spec/RULINGS.md)";
const RULING_REASON: &str = "a ruling reason such as \"must-vary\" (spec/RULINGS.md)";

impl Answer {
    /// Reads the `result` of a reply to a question of this kind.
    pub fn parse(kind: QuestionKind, v: &Value) -> Result<Answer, AnswerError> {
        let o = object(v, "")?;
        Ok(match kind {
            QuestionKind::LegalMoves => Answer::LegalMoves(LegalMovesAnswer {
                moves: field(o, "", "moves", LIST_OF_STRINGS)?,
            }),
            QuestionKind::IsLegal => {
                let reason: Option<String> = field(o, "", "reason", "a string")?;
                if let Some(r) = &reason {
                    if !IllegalMove::CODES.contains(&r.as_str()) {
                        return Err(wrong(
                            "reason",
                            "a reason code of spec/PROTOCOL.md",
                            &Value::String(r.clone()),
                        ));
                    }
                }
                Answer::IsLegal(IsLegalAnswer {
                    legal: field(o, "", "legal", "a boolean")?,
                    reason,
                    message: None,
                })
            }
            QuestionKind::Status => Answer::Status(StatusAnswer {
                in_check: field(o, "", "in_check", "a boolean")?,
                legal_moves: field(o, "", "legal_moves", "a count (a whole number ≥ 0)")?,
                result: field(o, "", "result", "one of \"1-0\", \"0-1\", \"*\"")?,
                reason: match o.get("reason") {
                    None => None,
                    Some(Value::Null) => Some(None),
                    Some(v) => Some(Some(serde_json::from_value(v.clone()).map_err(|_| {
                        wrong("reason", "\"checkmate\", \"stalemate\" or null", v)
                    })?)),
                },
            }),
            QuestionKind::Perft => Answer::Perft(PerftAnswer {
                nodes: field(o, "", "nodes", "a count (a whole number ≥ 0)")?,
            }),
            QuestionKind::Convert => Answer::Convert(ConvertAnswer {
                mv: field(o, "", "move", "a string")?,
                rejected: field(
                    o,
                    "",
                    "rejected",
                    "one of \"syntax\", \"no-such-piece\", \"ambiguous\", \"illegal\"",
                )?,
                message: None,
            }),
            QuestionKind::Position => Answer::Position(PositionAnswer {
                valid: field(o, "", "valid", "a boolean")?,
                problems: field(o, "", "problems", LIST_OF_STRINGS)?,
                message: None,
            }),
            QuestionKind::Ruling => Answer::Ruling(parse_ruling(o)?),
            QuestionKind::Classify => Answer::Classify(ClassifyAnswer {
                kind: field(o, "", "kind", MOVE_KIND)?,
                targets: field(o, "", "targets", LIST_OF_STRINGS)?,
            }),
        })
    }
}

fn parse_ruling(o: &Map<String, Value>) -> Result<RulingAnswer, AnswerError> {
    let sub = |name: &str| -> Result<Option<&Map<String, Value>>, AnswerError> {
        match o.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => object(v, name).map(Some),
        }
    };
    let side = |name: &str| -> Result<Option<SideAnswer>, AnswerError> {
        let Some(s) = sub(name)? else {
            return Ok(None);
        };
        let moves = match s.get("moves") {
            None | Some(Value::Null) => None,
            Some(Value::Array(items)) => Some(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, m)| {
                        let path = format!("{name}.moves[{i}]");
                        let m = object(m, &path)?;
                        Ok(CycleMoveAnswer {
                            kind: field(m, &path, "kind", MOVE_KIND)?,
                        })
                    })
                    .collect::<Result<Vec<_>, AnswerError>>()?,
            ),
            Some(v) => return Err(wrong(&join(name, "moves"), "a list of moves", v)),
        };
        Ok(Some(SideAnswer {
            pattern: field(s, name, "pattern", PATTERN)?,
            forbidden: field(s, name, "forbidden", "a boolean")?,
            moves,
        }))
    };
    Ok(RulingAnswer {
        result: field(o, "", "result", OUTCOME)?,
        reason: field(o, "", "reason", RULING_REASON)?,
        cycle: match sub("cycle")? {
            None => None,
            Some(c) => Some(CycleAnswer {
                adjudicable: field(c, "cycle", "adjudicable", "a boolean")?,
            }),
        },
        red: side("red")?,
        black: side("black")?,
        natural_limit: match sub("natural_limit")? {
            None => None,
            Some(n) => Some(NaturalLimitAnswer {
                claimable_by: field(
                    n,
                    "natural_limit",
                    "claimable_by",
                    "a list of sides (\"red\", \"black\")",
                )?,
            }),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_field_of_the_wrong_type_is_named_with_its_type() {
        let e = Answer::parse(QuestionKind::Status, &json!({"in_check": "yes"})).unwrap_err();
        assert_eq!(
            e.to_string(),
            "field `in_check` should be a boolean, not \"yes\""
        );
        let e = Answer::parse(
            QuestionKind::Ruling,
            &json!({"result": "1-0", "red": {"moves": [{"kind": "check"}, {"kind": 3}]}}),
        )
        .unwrap_err();
        assert_eq!(e.field, "red.moves[1].kind");
        let e = Answer::parse(QuestionKind::Perft, &json!([1])).unwrap_err();
        assert_eq!(e.to_string(), "the result should be an object, not [1]");
    }

    #[test]
    fn left_out_fields_and_extra_keys_are_fine() {
        let a = Answer::parse(QuestionKind::Status, &json!({"legal_moves": 3, "id": 1})).unwrap();
        assert_eq!(
            a,
            Answer::Status(StatusAnswer {
                legal_moves: Some(3),
                ..Default::default()
            })
        );
        let a = Answer::parse(QuestionKind::Status, &json!({"reason": null})).unwrap();
        let Answer::Status(s) = a else { panic!() };
        assert_eq!(s.reason, Some(None));
    }
}
