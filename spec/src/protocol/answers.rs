//! The typed `result` of each question (`spec/PROTOCOL.md`, "Questions").
//!
//! One type per question, used on both sides of the wire: an
//! implementation (the oracle among them) builds and writes them, the
//! harness reads an implementation's answer into them with
//! [`Answer::parse`]. Every field is optional because an answer may leave
//! out what the implementation does not know (a partial answer); a field
//! that is present must have the right type and, for a code, be a word of
//! its vocabulary: the error names the field's path
//! (`red.moves[2].kind: unknown move kind "jiang" …`). Keys these types do not know
//! are ignored (an answer may carry extra keys); `message` texts are never
//! read, only written.

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use super::QuestionKind;
use crate::{
    Clause, Color, EndReason, IllegalMoveCode, MoveKind, Outcome, Pattern, ProblemCode, Procedure,
    Rejection, RulingReason,
};

/// A field of an answer that is present but of the wrong type or value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerError {
    /// The field's path, e.g. `red.moves[1].kind`; empty for the answer
    /// itself.
    pub field: String,
    /// What is wrong with it (serde's words).
    pub message: String,
}

impl fmt::Display for AnswerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "the result: {}", self.message)
        } else {
            write!(f, "field `{}`: {}", self.field, self.message)
        }
    }
}

impl std::error::Error for AnswerError {}

/// `Some` of a present value, so that `null` and absent differ (with
/// `default`, absent stays `None`).
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

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
    /// `reason`: for an illegal move, the rule it breaks; optional in
    /// answers, but graded when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<IllegalMoveCode>,
    /// Human-readable, not graded (written, never read).
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// `status`: check, legal move count, result and why the game ended.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatusAnswer {
    /// `in_check`: whether the side to move is in check (将).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_check: Option<bool>,
    /// `legal_moves`: how many legal moves the side to move has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal_moves: Option<u64>,
    /// `result`: `"*"` while the side to move has a move; otherwise that
    /// side has lost, `"1-0"` when Red won and `"0-1"` when Black did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Outcome>,
    /// `reason`: `"checkmate"` (in check, no move) or `"stalemate"` (困毙:
    /// not in check, no move), `null` while the game goes on.
    ///
    /// `Some(None)` is `"reason": null` (the game goes on); `None` is a
    /// reason left out (not known).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
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
    /// Why the text was rejected, in words; not graded (written, never read).
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// `position`: whether the FEN is a legal position, and what is wrong.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionAnswer {
    /// `valid`: whether the FEN reads as a legal position (under the
    /// request's `relaxed`, if given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub valid: Option<bool>,
    /// `problems`: what is wrong; several may be listed, and an expected
    /// problem must be among them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub problems: Option<Vec<ProblemCode>>,
    /// What is wrong, in words; not graded (written, never read).
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// `classify`: the 棋例 kind of one move and what it attacks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassifyAnswer {
    /// `kind`: the 棋例 kind of the move in the context of the moves before
    /// it; an expected `idle` accepts any kind of 闲.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<MoveKind>,
    /// `targets`: the points of what the move attacks, offers to, blocks or
    /// watches, in ICCS (`c8`); graded as a set, when the case gives them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub targets: Option<Vec<String>>,
}

/// `ruling`: the ruling JSON of `spec/RULINGS.md`, as the oracle writes it
/// and as any answer is read. The graded fields are `result`, `reason`,
/// `cycle.adjudicable`, `natural_limit.claimable_by` and per side
/// `pattern`, `forbidden` and the `kind` of each move; a field left out (or
/// `null`) is `None`. Written, a `None` is `null`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulingAnswer {
    /// `result`: `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` when there is
    /// nothing to rule; for a repetition, what is ruled if it stands.
    #[serde(default)]
    pub result: Option<Outcome>,
    /// `reason`: why (`must-vary`, `perpetual-check`, `illegal-move`,
    /// `none` …).
    #[serde(default)]
    pub reason: Option<RulingReason>,
    /// `edition`: the edition ruled under.
    #[serde(default)]
    pub edition: Option<String>,
    /// `cycle`: the repetition cycle ending at the last move; `null`
    /// without one.
    #[serde(default)]
    pub cycle: Option<CycleAnswer>,
    /// `red`: Red's moves in the cycle and their verdict; `null` without a
    /// cycle.
    #[serde(default)]
    pub red: Option<SideAnswer>,
    /// `black`: the same for Black.
    #[serde(default)]
    pub black: Option<SideAnswer>,
    /// `must_vary`: the side that must vary (and loses if it does not).
    #[serde(default)]
    pub must_vary: Option<Color>,
    /// `natural_limit`: the natural move limit's count, when no earlier
    /// step of the ruling decided.
    #[serde(default)]
    pub natural_limit: Option<NaturalLimitAnswer>,
    /// `illegal_move`: the record's illegal move ruled on.
    #[serde(default)]
    pub illegal_move: Option<IllegalMoveAnswer>,
    /// `clauses`: the clauses the ruling rests on, most specific first.
    #[serde(default)]
    pub clauses: Option<Vec<Clause>>,
    /// `search`: the bounds the 棋例 searches ran with, for a repetition.
    #[serde(default)]
    pub search: Option<SearchAnswer>,
    /// `explanation`: the ruling in words; not graded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
}

/// A ruling's `cycle`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CycleAnswer {
    /// `first_ply`: the ply of the cycle's first move, from 1.
    #[serde(default)]
    pub first_ply: Option<u64>,
    /// `last_ply`: the ply of its last move.
    #[serde(default)]
    pub last_ply: Option<u64>,
    /// `occurrences`: how often the final position has occurred.
    #[serde(default)]
    pub occurrences: Option<u64>,
    /// `adjudicable`: whether the final position has occurred as often as
    /// the edition requires before a repetition is ruled on (待判局面).
    #[serde(default)]
    pub adjudicable: Option<bool>,
    /// `procedure`: who starts the adjudication under the edition.
    #[serde(default)]
    pub procedure: Option<Procedure>,
    /// `counted_from_ply`: the first ply of the counted span — the moves
    /// since the earliest occurrence the edition counts — when the moves
    /// before the cycle are not the cycle played again (the patterns cover
    /// the whole span); left out otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counted_from_ply: Option<u64>,
}

/// One side's part of a ruling's cycle.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideAnswer {
    /// `pattern`: what the side's moves over the cycle amount to.
    #[serde(default)]
    pub pattern: Option<Pattern>,
    /// `pattern_zh`: the traditional name (长将, 一将一捉, 二捉一闲 …).
    #[serde(default)]
    pub pattern_zh: Option<String>,
    /// `forbidden`: whether the edition forbids that pattern.
    #[serde(default)]
    pub forbidden: Option<bool>,
    /// `moves`: the side's moves in the cycle, in order (graded by their
    /// kinds, the path `red.kinds` or `black.kinds`).
    #[serde(default)]
    pub moves: Option<Vec<CycleMoveAnswer>>,
    /// `earlier`: the side's moves of the counted span before the cycle,
    /// when the cycle's `counted_from_ply` is given; left out otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub earlier: Option<Vec<CycleMoveAnswer>>,
}

/// One move of a ruling's cycle.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CycleMoveAnswer {
    /// `ply`: counted from 1 from the start position.
    #[serde(default)]
    pub ply: Option<u64>,
    /// `move`: in ICCS.
    #[serde(default, rename = "move")]
    pub mv: Option<String>,
    /// `chinese`: in Chinese notation.
    #[serde(default)]
    pub chinese: Option<String>,
    /// `kind`: the 棋例 kind of the move; an expected `idle` accepts any
    /// kind of 闲.
    #[serde(default)]
    pub kind: Option<MoveKind>,
    /// `targets`: points of what the move attacks, offers to, blocks or
    /// watches.
    #[serde(default)]
    pub targets: Option<Vec<String>>,
    /// `target_pieces`: the pieces on those points, as FEN letters.
    #[serde(default)]
    pub target_pieces: Option<Vec<String>>,
    /// `grounds`: the special rules that decided the kind (left out when
    /// there are none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub grounds: Vec<Clause>,
    /// `complete`: `false` when a search ran out of budget before the move
    /// was fully examined.
    #[serde(default)]
    pub complete: Option<bool>,
}

/// A ruling's `natural_limit`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NaturalLimitAnswer {
    /// `rounds`: the rounds the edition sets.
    #[serde(default)]
    pub rounds: Option<u32>,
    /// `plies_without_capture`: plies since the last capture.
    #[serde(default)]
    pub plies_without_capture: Option<u32>,
    /// `red`: Red's count.
    #[serde(default)]
    pub red: Option<LimitCountAnswer>,
    /// `black`: Black's count.
    #[serde(default)]
    pub black: Option<LimitCountAnswer>,
    /// `claimable_by`: the sides whose claim of the natural move limit
    /// (自然限着) would be valid now; empty when none.
    #[serde(default)]
    pub claimable_by: Option<Vec<Color>>,
}

/// One side's count towards the natural move limit.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LimitCountAnswer {
    /// `moves`: moves made since the last capture.
    #[serde(default)]
    pub moves: Option<u32>,
    /// `checks`: of those, checks.
    #[serde(default)]
    pub checks: Option<u32>,
    /// `counted`: moves that count for this side's claim.
    #[serde(default)]
    pub counted: Option<u32>,
}

/// A ruling's `illegal_move`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct IllegalMoveAnswer {
    /// `ply`: counted from 1.
    #[serde(default)]
    pub ply: Option<u64>,
    /// `text`: the move as the record gives it.
    #[serde(default)]
    pub text: Option<String>,
    /// `move`: in ICCS.
    #[serde(default, rename = "move")]
    pub mv: Option<String>,
    /// `reason`: the rule it breaks.
    #[serde(default)]
    pub reason: Option<IllegalMoveCode>,
    /// `by`: the side that made it.
    #[serde(default)]
    pub by: Option<Color>,
}

/// A ruling's `search`: the bounds the 棋例 searches ran with.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchAnswer {
    /// `kill_depth`: the longest mate by checks looked for (杀).
    #[serde(default)]
    pub kill_depth: Option<u32>,
    /// `check_win_depth`: the most checks before a winning capture (捉).
    #[serde(default)]
    pub check_win_depth: Option<u32>,
    /// `nodes_per_move`: the budget of one move's classification.
    #[serde(default)]
    pub nodes_per_move: Option<u64>,
    /// `nodes_per_cycle`: the budget of the whole cycle.
    #[serde(default)]
    pub nodes_per_cycle: Option<u64>,
    /// `incomplete_plies`: plies whose classification ran out of budget.
    #[serde(default)]
    pub incomplete_plies: Option<Vec<u64>>,
    /// `stopped_by`: when a bound shared beyond this ruling (the game's
    /// node budget, a deadline, a cancellation) stopped the searches; left
    /// out otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped_by: Option<crate::SearchStop>,
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
    /// The answer to `ruling`.
    Ruling(Box<RulingAnswer>),
    /// The answer to `classify`.
    Classify(ClassifyAnswer),
}

fn read<T: DeserializeOwned>(v: &Value) -> Result<T, AnswerError> {
    if !v.is_object() {
        return Err(AnswerError {
            field: String::new(),
            message: format!("should be an object, not {}", super::messages::brief(v)),
        });
    }
    serde_path_to_error::deserialize(v).map_err(|e| {
        let path = e.path().to_string();
        AnswerError {
            field: if path == "." { String::new() } else { path },
            message: e.into_inner().to_string(),
        }
    })
}

impl Answer {
    /// Reads the `result` of a reply to a question of this kind.
    pub fn parse(kind: QuestionKind, v: &Value) -> Result<Answer, AnswerError> {
        Ok(match kind {
            QuestionKind::LegalMoves => Answer::LegalMoves(read(v)?),
            QuestionKind::IsLegal => Answer::IsLegal(read(v)?),
            QuestionKind::Status => Answer::Status(read(v)?),
            QuestionKind::Perft => Answer::Perft(read(v)?),
            QuestionKind::Convert => Answer::Convert(read(v)?),
            QuestionKind::Position => Answer::Position(read(v)?),
            QuestionKind::Ruling => Answer::Ruling(Box::new(read(v)?)),
            QuestionKind::Classify => Answer::Classify(read(v)?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_field_of_the_wrong_type_is_named_with_its_path() {
        let e = Answer::parse(QuestionKind::Status, &json!({"in_check": "yes"})).unwrap_err();
        assert_eq!(e.field, "in_check");
        assert!(e.message.contains("expected a boolean"), "{e}");
        let e = Answer::parse(
            QuestionKind::Ruling,
            &json!({"result": "1-0", "red": {"moves": [{"kind": "check"}, {"kind": "jiang"}]}}),
        )
        .unwrap_err();
        assert_eq!(e.field, "red.moves[1].kind");
        assert!(e.message.starts_with("unknown move kind \"jiang\""), "{e}");
        let e = Answer::parse(
            QuestionKind::IsLegal,
            &json!({"legal": false, "reason": "blocked"}),
        )
        .unwrap_err();
        assert!(
            e.to_string()
                .starts_with("field `reason`: unknown illegal-move code \"blocked\""),
            "{e}"
        );
        let e = Answer::parse(QuestionKind::Perft, &json!([1])).unwrap_err();
        assert_eq!(e.to_string(), "the result: should be an object, not [1]");
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
        let Answer::Status(s) =
            Answer::parse(QuestionKind::Status, &json!({"reason": null})).unwrap()
        else {
            panic!()
        };
        assert_eq!(s.reason, Some(None));
        let Answer::Convert(c) = Answer::parse(
            QuestionKind::Convert,
            &json!({"move": "h2e2", "message": 5}),
        )
        .unwrap() else {
            panic!()
        };
        assert_eq!(c.mv.as_deref(), Some("h2e2"));
    }

    #[test]
    fn a_ruling_is_written_with_nulls_and_read_back_whole() {
        let r = RulingAnswer {
            result: Some(Outcome::Ongoing),
            reason: Some(RulingReason::None),
            edition: Some("cxa-2020".into()),
            clauses: Some(vec![]),
            ..Default::default()
        };
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(v["cycle"], Value::Null);
        assert!(v.get("explanation").is_none());
        assert_eq!(
            Answer::parse(QuestionKind::Ruling, &v).unwrap(),
            Answer::Ruling(Box::new(r))
        );
    }
}
