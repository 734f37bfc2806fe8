//! The case format (`spec/CASES.md`): the data of a case file under
//! `cases/`, as a third-party tool reads it, and the rules of which keys a
//! question takes. The JSON schema of a case file, `spec/case.schema.json`,
//! is generated from these types ([`schema`]).
//!
//! These are plain data: reading a file checks its shape (the keys, their
//! types, each expectation's keys for its question), not its sense. The
//! suite's harness (`xq-harness`) checks the rest when it loads a suite:
//! known clause and edition ids, legal FENs and histories, expectations
//! that can be true.
//!
//! A case's `expect` depends on its `ask`, so a file is read in two steps:
//! into [`CaseFile`] with the expectations held as any self-describing
//! value (`CaseFile<serde_yaml::Value>`, or `serde_json::Value` for a file
//! in JSON), then each expectation read for its question
//! ([`Case::read_expectations`]). [`from_yaml`] does both:
//!
//! ```
//! use xq_spec::cases::{self, Expect, MoveList};
//! use xq_spec::{Outcome, Pattern, QuestionKind};
//!
//! let text = r#"
//! cases:
//!   - id: moves.cannon.screen
//!     clauses: [move.cannon.capture]
//!     description: The cannon captures over exactly one screen.
//!     moves: h2e2 h9g7
//!     ask: legal-moves
//!     expect: {includes: [e2e6], excludes: [e2e9]}
//!   - id: repetition.perpetual-check.simple
//!     clauses: [repetition.perpetual-check]
//!     description: Red checks forever and loses.
//!     fen: 2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w
//!     moves: [f0e0, e8f8, e0f0, f8e8, f0e0, e8f8, e0f0, f8e8]
//!     ask: ruling
//!     expect: {result: "0-1", red: {pattern: perpetual-check}}
//! "#;
//! let file = cases::from_yaml(text).unwrap();
//! let [screen, check] = &file.cases[..] else { panic!("two cases") };
//! assert_eq!(screen.ask, QuestionKind::LegalMoves);
//! assert!(matches!(&screen.moves, Some(MoveList::Text(t)) if t == "h2e2 h9g7"));
//! let Expect::LegalMoves(legal) = &screen.expect else { panic!("legal moves") };
//! assert_eq!(legal.includes, ["e2e6"]);
//! let Expect::Ruling(ruling) = &check.expect else { panic!("a ruling") };
//! assert_eq!(ruling.result, Outcome::BlackWins);
//! let red = ruling.red.as_ref().unwrap();
//! assert_eq!(red.pattern, Some(Pattern::PerpetualCheck));
//! // Under every edition (no `expect_by_edition`).
//! assert!(check.expect_by_edition.is_empty());
//!
//! // An expectation is read for its question: `legal` is not a ruling's.
//! let wrong = text.replace("result: \"0-1\"", "legal: true");
//! let e = cases::from_yaml(&wrong).unwrap_err();
//! assert!(e.to_string().starts_with(
//!     "case repetition.perpetual-check.simple: expect: unknown field `legal`"
//! ), "{e}");
//! ```

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::protocol::QuestionKind;

mod expect;
pub mod schema;

pub use expect::{
    ClassifyExpect, ConvertExpect, IsLegalExpect, LegalMovesExpect, PositionExpect, RulingExpect,
    SideExpect, StatusExpect, STATUS_RESULTS,
};

/// A case file: its cases, in order.
///
/// `X` is how each case's expectations are held: as [`Expect`] once read
/// for their question, or as a self-describing value (`serde_yaml::Value`)
/// straight from the file ([`Case`]).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct CaseFile<X = Expect> {
    /// The cases, in the order written.
    pub cases: Vec<Case<X>>,
}

impl<X> CaseFile<X> {
    /// A file of these cases.
    #[must_use]
    pub fn new(cases: Vec<Case<X>>) -> CaseFile<X> {
        CaseFile { cases }
    }
}

/// A history as written: one text of moves, or a list of moves. A text
/// is split at spaces and commas (the harness also leaves out move numbers
/// such as `1.`, as in a game record).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(untagged)]
pub enum MoveList {
    /// `"h2e2 h9g7"`.
    Text(String),
    /// `[h2e2, h9g7]`.
    List(Vec<String>),
}

/// One case, as written: the keys of `spec/CASES.md`. `X` holds the
/// expectations (see [`CaseFile`]).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, bound(deserialize = "X: Deserialize<'de>"))]
#[non_exhaustive]
pub struct Case<X = Expect> {
    /// The stable id, `family.topic.name`; a string (a YAML number is
    /// refused, not turned into text).
    #[serde(deserialize_with = "string_only")]
    pub id: String,
    /// The clause ids of `spec/clauses.yaml` the case tests.
    pub clauses: Vec<String>,
    /// What the case shows, in a sentence.
    pub description: String,
    /// The editions it applies to; all when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub editions: Option<Vec<String>>,
    /// The start position; the initial position (`startpos`) when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// The history played from `fen`, in any notation of
    /// `spec/NOTATION.md`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<MoveList>,
    /// The ICCS of `moves` when they are written in another notation: what
    /// is sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves_iccs: Option<MoveList>,
    /// The FEN is read with relaxed placement checks.
    #[serde(default, skip_serializing_if = "is_false")]
    pub relaxed: bool,
    /// The moves are a game record whose last move may break the rules
    /// (ruling cases: the arbiter rules on the violation).
    #[serde(default, skip_serializing_if = "is_false")]
    pub record: bool,
    /// The question.
    pub ask: QuestionKind,
    /// The move of an `is-legal`, `classify` or `convert` question.
    #[serde(default, rename = "move", skip_serializing_if = "Option::is_none")]
    pub mv: Option<String>,
    /// The ICCS of `move` when it is written in another notation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_iccs: Option<String>,
    /// The depth of a `perft` question.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// The notation a `convert` question asks for (a wire name of
    /// [`crate::Notation`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// The expected answer, under every edition the case applies to.
    pub expect: X,
    /// The expected answer under some editions, where it differs.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub expect_by_edition: BTreeMap<String, X>,
    /// A note for readers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The case rests on a reading of the rules that cannot be verified
    /// (reported apart).
    #[serde(default, skip_serializing_if = "is_false")]
    pub tentative: bool,
    /// What is doubted, for a tentative case: the clause and the doubt.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doubt: Option<String>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A string, and only a string: a YAML number or boolean is refused.
fn string_only<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    struct Text;
    impl Visitor<'_> for Text {
        type Value = String;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a string")
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
            Ok(v.to_string())
        }
        fn visit_bool<E: de::Error>(self, v: bool) -> Result<String, E> {
            Err(E::custom(format!("the id must be a string, not {v}")))
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<String, E> {
            Err(E::custom(format!("the id must be a string, not {v}")))
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<String, E> {
            Err(E::custom(format!("the id must be a string, not {v}")))
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<String, E> {
            Err(E::custom(format!("the id must be a string, not {v}")))
        }
        fn visit_unit<E: de::Error>(self) -> Result<String, E> {
            Err(E::custom("the id must be a string, not null"))
        }
    }
    d.deserialize_any(Text)
}

impl<'de, X: Deserializer<'de>> Case<X> {
    /// The case with its expectations read for its question; an error
    /// names the key (`expect`, `expect_by_edition.EDITION`) and why.
    pub fn read_expectations(self) -> Result<Case<Expect>, ReadError> {
        let kind = self.ask;
        let id = self.id.clone();
        // The message names where in the expectation it fails
        // (`red.kinds[1]: unknown move kind …`).
        let read = |key: String, v: X| {
            let mut track = serde_path_to_error::Track::new();
            Expect::read(kind, serde_path_to_error::Deserializer::new(v, &mut track)).map_err(|e| {
                let path = track.path();
                let message = e.to_string();
                // An unknown key names itself.
                let message =
                    if path.iter().next().is_none() || message.starts_with("unknown field") {
                        message
                    } else {
                        format!("{path}: {message}")
                    };
                ReadError::Expectation {
                    case: id.clone(),
                    key,
                    message,
                }
            })
        };
        let expect = read("expect".into(), self.expect)?;
        let mut by_edition = BTreeMap::new();
        for (edition, v) in self.expect_by_edition {
            let e = read(format!("expect_by_edition.{edition}"), v)?;
            by_edition.insert(edition, e);
        }
        Ok(Case {
            id: self.id,
            clauses: self.clauses,
            description: self.description,
            editions: self.editions,
            fen: self.fen,
            moves: self.moves,
            moves_iccs: self.moves_iccs,
            relaxed: self.relaxed,
            record: self.record,
            ask: self.ask,
            mv: self.mv,
            move_iccs: self.move_iccs,
            depth: self.depth,
            to: self.to,
            expect,
            expect_by_edition: by_edition,
            note: self.note,
            tentative: self.tentative,
            doubt: self.doubt,
        })
    }
}

/// Why a case file could not be read.
#[derive(Debug)]
#[non_exhaustive]
pub enum ReadError {
    /// The YAML does not read as a case file (a syntax error, an unknown
    /// key, a value of the wrong type); the error has the location.
    Yaml(serde_yaml::Error),
    /// An expectation does not read for its case's question.
    Expectation {
        /// The case's id.
        case: String,
        /// `expect`, or `expect_by_edition.EDITION`.
        key: String,
        /// Why.
        message: String,
    },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Yaml(e) => e.fmt(f),
            ReadError::Expectation { case, key, message } => {
                write!(f, "case {case}: {key}: {message}")
            }
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadError::Yaml(e) => Some(e),
            ReadError::Expectation { .. } => None,
        }
    }
}

/// Reads the text of a case file, each expectation for its question.
pub fn from_yaml(text: &str) -> Result<CaseFile, ReadError> {
    let file: CaseFile<serde_yaml::Value> = serde_yaml::from_str(text).map_err(ReadError::Yaml)?;
    let cases = file
        .cases
        .into_iter()
        .map(Case::read_expectations)
        .collect::<Result<_, _>>()?;
    Ok(CaseFile { cases })
}

/// The question parameters a case may give beside `ask`.
pub const PARAMETERS: [&str; 3] = ["move", "depth", "to"];

/// Whether a question takes a parameter (each it takes is required).
#[must_use]
pub fn takes(kind: QuestionKind, parameter: &str) -> bool {
    match kind {
        QuestionKind::IsLegal | QuestionKind::Classify => parameter == "move",
        QuestionKind::Perft => parameter == "depth",
        QuestionKind::Convert => parameter == "move" || parameter == "to",
        _ => false,
    }
}

/// Whether a question is asked after a history (`moves`): all but
/// `position`, which judges the FEN itself.
#[must_use]
pub fn has_history(kind: QuestionKind) -> bool {
    kind != QuestionKind::Position
}

/// Whether a case of this question may hold a game record (`record`)
/// whose last move breaks the rules.
#[must_use]
pub fn holds_record(kind: QuestionKind) -> bool {
    kind == QuestionKind::Ruling
}

/// Whether a question's `move` is sent as ICCS, so that one written in
/// another notation needs `move_iccs` (a `convert` text is sent as written).
#[must_use]
pub fn sends_move_iccs(kind: QuestionKind) -> bool {
    matches!(kind, QuestionKind::IsLegal | QuestionKind::Classify)
}

/// Whether a question's answer is the same under every edition (the rules
/// of movement do not change): such a case has no `expect_by_edition`, and
/// is asked once for all its editions. The 棋例 questions (`ruling`,
/// `classify`) depend on the edition.
#[must_use]
pub fn edition_independent(kind: QuestionKind) -> bool {
    !matches!(kind, QuestionKind::Ruling | QuestionKind::Classify)
}

/// The keys a case may have, as [`Case`] reads them.
#[must_use]
pub fn case_keys() -> &'static [&'static str] {
    schema::fields_of::<Case<Value>>()
}

/// Declares the questions once: the [`Expect`] enum (one variant per
/// question, named as its [`QuestionKind`]) and what is done with every
/// question's expectation type here (reading it, its schema).
macro_rules! questions {
    ($($(#[$doc:meta])* $variant:ident($ty:ty)),* $(,)?) => {
        /// What a case expects, by question: one variant per
        /// [`QuestionKind`], each with the question's expectation type.
        /// Not `#[non_exhaustive]`, as [`QuestionKind`] is not.
        #[derive(Clone, Debug, PartialEq, Serialize)]
        #[serde(untagged)]
        pub enum Expect {
            $($(#[$doc])* $variant($ty),)*
        }

        impl Expect {
            /// Reads an expectation (a case's `expect`, or one edition's of
            /// `expect_by_edition`) for a question of this kind.
            pub fn read<'de, D: Deserializer<'de>>(
                kind: QuestionKind,
                value: D,
            ) -> Result<Expect, D::Error> {
                Ok(match kind {
                    $(QuestionKind::$variant => Expect::$variant(<$ty>::deserialize(value)?),)*
                })
            }

            /// The question this expectation answers.
            #[must_use]
            pub fn kind(&self) -> QuestionKind {
                match self {
                    $(Expect::$variant(_) => QuestionKind::$variant,)*
                }
            }

            /// The schema of `expect` for each question, in the order of
            /// [`QuestionKind::ALL`]; shared pieces go to `defs` (the case
            /// schema's `$defs`).
            #[must_use]
            pub fn schemas(defs: &mut Map<String, Value>) -> Vec<(QuestionKind, Value)> {
                let mut all = vec![$((QuestionKind::$variant, <$ty as expect::Schema>::schema(defs)),)*];
                all.sort_by_key(|(k, _)| *k);
                all
            }
        }
    };
}

questions! {
    /// `legal-moves`: the set, whole or in part.
    LegalMoves(LegalMovesExpect),
    /// `is-legal`: whether the move is legal, and why not.
    IsLegal(IsLegalExpect),
    /// `status`: check, the legal move count, the result and its reason.
    Status(StatusExpect),
    /// `perft`: the node count.
    Perft(u64),
    /// `convert`: the text, or the rejection.
    Convert(ConvertExpect),
    /// `position`: valid or not, and a problem.
    Position(PositionExpect),
    /// `ruling`: the arbiter's ruling.
    Ruling(RulingExpect),
    /// `classify`: the move's kind and targets.
    Classify(ClassifyExpect),
}

impl Expect {
    /// The expectation as JSON, as a case file would write it (`null` if
    /// it cannot be written, which does not happen for these types).
    #[must_use]
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "cases:\n  - id: moves.a\n    clauses: [move.all]\n    description: d\n";

    #[test]
    fn a_per_edition_expectation_is_read_for_the_question_and_named_on_error() {
        let text = format!(
            "{HEAD}    ask: ruling\n    expect: {{result: \"0-1\"}}\n    expect_by_edition:\n      axf-2017: {{result: \"1/2-1/2\", reason: mutual-perpetual-check}}\n"
        );
        let file = from_yaml(&text).unwrap();
        let Expect::Ruling(r) = &file.cases[0].expect_by_edition["axf-2017"] else {
            panic!("a ruling expectation")
        };
        assert_eq!(r.result, crate::Outcome::Draw);
        assert_eq!(r.reason, Some(crate::RulingReason::MutualPerpetualCheck));

        let wrong = text.replace("reason: mutual-perpetual-check", "count: 3");
        let e = from_yaml(&wrong).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("case moves.a: expect_by_edition.axf-2017: unknown field `count`"),
            "{e}"
        );
    }

    /// A word outside its vocabulary is refused when the case is read,
    /// with the words allowed; so is a status reason that is neither an
    /// end reason nor `null`, and an unknown rejection cause.
    #[test]
    fn an_unknown_word_is_refused_with_the_words_allowed() {
        let read = |ask: &str, expect: &str| {
            let text = format!("{HEAD}    ask: {ask}\n    expect: {expect}\n");
            from_yaml(&text).unwrap_err().to_string()
        };
        let e = read("classify", "{kind: jiang}");
        assert!(
            e.starts_with("case moves.a: expect: kind: unknown move kind \"jiang\" (expected check, kill, chase, exchange, offer, block, follow or idle)"),
            "{e}"
        );
        let e = read("ruling", "{result: \"0-1\", red: {kinds: [check, chekc]}}");
        assert!(
            e.starts_with("case moves.a: expect: red.kinds[1]: unknown move kind \"chekc\""),
            "{e}"
        );
        let e = read("ruling", "{result: draw}");
        assert!(
            e.contains("unknown result \"draw\" (expected 1-0, 0-1, 1/2-1/2 or *)"),
            "{e}"
        );
        let e = read("status", "{reason: mate}");
        assert!(
            e.contains("unknown end reason \"mate\" (expected checkmate or stalemate), or null"),
            "{e}"
        );
        let e = read("convert", "{rejected: nonsense}");
        assert!(
            e.contains("unknown rejection \"nonsense\" (expected syntax, no-such-piece, ambiguous or illegal)"),
            "{e}"
        );
        let e = read("position", "{valid: false, problem: bad}");
        assert!(e.contains("unknown position problem code \"bad\""), "{e}");
        let e = read("is-legal", "{legal: false, reason: blocked}");
        assert!(e.contains("unknown illegal-move code \"blocked\""), "{e}");
    }

    #[test]
    fn an_id_is_a_string_not_a_number() {
        let text =
            HEAD.replace("moves.a", "12") + "    ask: status\n    expect: {in_check: false}\n";
        let e = from_yaml(&text).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("cases[0].id: the id must be a string, not 12"),
            "{e}"
        );
        let quoted =
            HEAD.replace("moves.a", "\"12\"") + "    ask: status\n    expect: {in_check: false}\n";
        assert_eq!(from_yaml(&quoted).unwrap().cases[0].id, "12");
    }

    #[test]
    fn a_status_reason_of_null_is_not_a_missing_reason() {
        let read = |expect: &str| {
            let text = format!("{HEAD}    ask: status\n    expect: {expect}\n");
            match from_yaml(&text).unwrap().cases.remove(0).expect {
                Expect::Status(s) => s.reason,
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(read("{reason: null}"), Some(None));
        assert_eq!(
            read("{reason: checkmate}"),
            Some(Some(crate::EndReason::Checkmate))
        );
        assert_eq!(read("{in_check: true}"), None);
    }

    /// A case written back out reads as the same case: the serialized
    /// form is the file's.
    #[test]
    fn a_case_written_out_reads_back_the_same() {
        let text = format!(
            "{HEAD}    fen: startpos\n    moves: [h2e2, h9g7]\n    ask: perft\n    depth: 2\n    expect: 1920\n    note: n\n    tentative: true\n    doubt: why\n  - id: moves.b\n    clauses: [move.all]\n    description: d\n    moves: h2e2\n    ask: convert\n    move: h9g7\n    to: wxf\n    expect: {{text: H8+7, also: [h8+7]}}\n"
        );
        let file = from_yaml(&text).unwrap();
        assert_eq!(file.cases[0].expect, Expect::Perft(1920));
        assert_eq!(
            file.cases[0].moves,
            Some(MoveList::List(vec!["h2e2".into(), "h9g7".into()]))
        );
        assert_eq!(file.cases[1].moves, Some(MoveList::Text("h2e2".into())));
        let again = from_yaml(&serde_yaml::to_string(&file).unwrap()).unwrap();
        assert_eq!(again, file);
    }

    #[test]
    fn every_question_has_its_expectation_and_rules() {
        let schemas = Expect::schemas(&mut Map::new());
        let kinds: Vec<QuestionKind> = schemas.iter().map(|(k, _)| *k).collect();
        assert_eq!(kinds, QuestionKind::ALL);
        assert!(takes(QuestionKind::Convert, "to") && !takes(QuestionKind::Status, "move"));
        assert!(!has_history(QuestionKind::Position));
        assert!(holds_record(QuestionKind::Ruling) && !holds_record(QuestionKind::Status));
        assert!(!edition_independent(QuestionKind::Classify));
        assert!(case_keys().contains(&"expect_by_edition"));
    }
}
