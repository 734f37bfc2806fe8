//! The messages of the suite protocol (`spec/PROTOCOL.md`): what the
//! harness sends (`start`, `run`, `stop`), the handshake an implementation
//! answers with, and the reply envelope around each answer.

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::QuestionKind;
use crate::Notation;

/// The protocol version this crate speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// A message from the harness to an implementation.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Message {
    /// `{"type": "start", "protocol": 1}`: the handshake, always the first
    /// message; the implementation answers with [`Started`].
    Start {
        /// The protocol version the harness speaks ([`PROTOCOL_VERSION`]).
        protocol: u32,
    },
    /// `{"type": "run", …}`: one case to answer, answered with a [`Reply`].
    Run(Request),
    /// `{"type": "stop"}`: the implementation should exit; no answer.
    Stop,
}

/// One case, as asked of an implementation.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Request {
    /// `seq`: the request's sequence number, growing through a run; the
    /// reply must repeat it so that the harness can match answers to
    /// requests and discard late ones.
    pub seq: u64,
    /// The case id, for the implementation's logs.
    pub id: String,
    /// The rules edition the case is asked under (`cxa-2020`, `axf-2017` …,
    /// as `xq editions` lists them), one the implementation declared. Only
    /// `ruling` and `classify` answers depend on it.
    pub edition: String,
    /// The start position as a FEN: Red uppercase, rank 9 first, `w` or `b`
    /// to move; the harness sends all six fields, never `startpos`. For
    /// `position` questions it is the FEN under test, as the case writes it.
    pub fen: String,
    /// Moves played from `fen` before the question is asked, in ICCS; all
    /// legal, except that a `ruling` request's last move may break the rules
    /// (the moves are a game record, and that move is ruled on).
    #[serde(default)]
    pub moves: Vec<String>,
    /// Accept composed positions (waive piece-count and placement checks).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub relaxed: bool,
    /// `question`: what is asked, an object whose `ask` key names the question.
    pub question: Question,
}

/// What a case asks.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "ask", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Question {
    /// The legal moves after the history, in ICCS.
    LegalMoves,
    /// Whether a move (ICCS) is legal after the history, and why not.
    IsLegal {
        /// `move`: the move to judge, in ICCS (`h2e2`).
        #[serde(rename = "move")]
        mv: String,
    },
    /// Check, number of legal moves, result and reason after the history.
    Status,
    /// The perft node count after the history.
    Perft {
        /// The depth in plies; 0 counts the position itself (1 node). The
        /// oracle refuses depths beyond its own limit (`xq_core::perft::MAX_DEPTH`).
        depth: u32,
    },
    /// A move text (any notation) converted into another notation.
    Convert {
        /// `move`: the move text to read, in ICCS, WXF or Chinese notation.
        #[serde(rename = "move")]
        mv: String,
        /// The notation to write it in: `iccs`, `wxf` or `chinese`.
        to: Notation,
    },
    /// Whether `fen` is a legal position.
    Position,
    /// The arbiter's ruling on the game after the history, under the
    /// request's edition (`spec/RULINGS.md`).
    Ruling,
    /// The 棋例 kind of one move (ICCS) played after the history, and what
    /// it attacks, under the request's edition (`spec/RULINGS.md`).
    Classify {
        /// `move`: the move to classify, in ICCS, legal after the history.
        #[serde(rename = "move")]
        mv: String,
    },
}

impl Question {
    /// The question's name as used in handshakes and case files.
    #[must_use]
    pub fn kind(&self) -> QuestionKind {
        match self {
            Question::LegalMoves => QuestionKind::LegalMoves,
            Question::IsLegal { .. } => QuestionKind::IsLegal,
            Question::Status => QuestionKind::Status,
            Question::Perft { .. } => QuestionKind::Perft,
            Question::Convert { .. } => QuestionKind::Convert,
            Question::Position => QuestionKind::Position,
            Question::Ruling => QuestionKind::Ruling,
            Question::Classify { .. } => QuestionKind::Classify,
        }
    }
}

/// What an implementation says about its own limits in the handshake.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Limits {
    /// `max_perft_depth`: perft cases deeper than this (in plies) are
    /// skipped, with this as the reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_perft_depth: Option<u32>,
    /// `time_scale`: every request's time budget is multiplied by this, a
    /// number above 0 and at most 1000 (a slow but correct implementation
    /// says 4); absent means 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_scale: Option<f64>,
}

/// The implementation's reply to `start`. Keys this crate does not know
/// are allowed and ignored.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Started {
    /// The JSON `type`: always `started`.
    #[serde(rename = "type")]
    pub kind: StartedType,
    /// The implementation's name, shown in reports (`my-engine`).
    pub name: String,
    /// The implementation's version, shown in reports (`1.2.0`).
    pub version: String,
    /// The questions it answers; names this crate does not know are
    /// allowed (and unused).
    pub questions: Vec<Known<QuestionKind>>,
    /// The ids of the rules editions it answers for (`cxa-2020` …); a case
    /// none of whose editions is listed is skipped.
    pub editions: Vec<String>,
    /// The protocol version the implementation speaks, when it says;
    /// anything but [`PROTOCOL_VERSION`] is refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<u32>,
    /// `limits`: the perft depth and time scale it asks for, when it does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limits: Option<Limits>,
    /// Free text about the implementation's writing style (notation glyphs,
    /// FEN letters …): shown in reports, never graded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conventions: Option<Map<String, Value>>,
}

impl Started {
    /// Why this handshake cannot be used, if it cannot.
    pub fn check(&self) -> Result<(), String> {
        if let Some(p) = self.protocol {
            if p != PROTOCOL_VERSION {
                return Err(format!(
                    "the implementation speaks protocol {p}; this harness speaks protocol {PROTOCOL_VERSION}"
                ));
            }
        }
        if let Some(l) = &self.limits {
            if let Some(s) = l.time_scale {
                if !(s.is_finite() && s > 0.0 && s <= 1000.0) {
                    return Err(format!(
                        "limits.time_scale must be a number above 0 and at most 1000, not {s}"
                    ));
                }
            }
        }
        Ok(())
    }

    /// Whether the implementation declares this question.
    #[must_use]
    pub fn answers(&self, kind: QuestionKind) -> bool {
        self.questions.contains(&Known::Known(kind))
    }

    /// The time scale the implementation asked for (1 when it did not).
    #[must_use]
    pub fn time_scale(&self) -> f64 {
        self.limits
            .as_ref()
            .and_then(|l| l.time_scale)
            .unwrap_or(1.0)
    }
}

/// The implementation's reply to one request: exactly one of `result`,
/// `unsupported` or `error` is present. Other keys are allowed.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Reply {
    /// The `seq` of the request answered. `None` (written `"seq": null`)
    /// when there is no request `seq` to repeat: `xq serve` answers so a
    /// line too long or too malformed to read, or a `start` of another
    /// protocol. The harness errors the case such a reply is read for.
    pub seq: Option<u64>,
    /// `result`: the answer, an object whose keys depend on the question
    /// (read into a typed [`Answer`](super::Answer) with [`Answer::parse`](super::Answer::parse)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Value>,
    /// `unsupported`: why the implementation cannot answer; the case is
    /// skipped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unsupported: Option<String>,
    /// `error`: why answering failed; the case errors, with this text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Why a line is not a usable reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplyError {
    /// Not JSON at all (the parser's message).
    NotJson(String),
    /// JSON, but not an object.
    NotObject,
    /// No `seq` key.
    NoSeq,
    /// A `seq` that is not a whole number.
    SeqNotNumber(String),
    /// None, or several, of `result`, `unsupported`, `error`.
    NotExactlyOne(usize),
    /// `unsupported` or `error` is not a string.
    NotText(&'static str),
}

impl fmt::Display for ReplyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplyError::NotJson(e) => write!(f, "the reply is not JSON ({e})"),
            ReplyError::NotObject => f.write_str("the reply is not a JSON object"),
            ReplyError::NoSeq => f.write_str("the reply has no seq"),
            ReplyError::SeqNotNumber(s) => {
                write!(f, "the reply's seq should be a whole number, not {s}")
            }
            ReplyError::NotExactlyOne(n) => write!(
                f,
                "the reply must hold exactly one of result, unsupported, error (it holds {n})"
            ),
            ReplyError::NotText(k) => write!(f, "the reply's {k} should be a string"),
        }
    }
}

impl std::error::Error for ReplyError {}

impl Reply {
    /// A reply carrying an answer to request `seq`.
    #[must_use]
    pub fn result(seq: u64, result: Value) -> Reply {
        Reply {
            seq: Some(seq),
            result: Some(result),
            unsupported: None,
            error: None,
        }
    }

    /// A reply saying request `seq` cannot be answered here (the case is
    /// skipped), with the reason.
    pub fn unsupported(seq: u64, why: impl Into<String>) -> Reply {
        Reply {
            seq: Some(seq),
            result: None,
            unsupported: Some(why.into()),
            error: None,
        }
    }

    /// A reply saying answering failed (the case errors), with the reason;
    /// `seq` is `None` when the request's own could not be read.
    pub fn error(seq: Option<u64>, why: impl Into<String>) -> Reply {
        Reply {
            seq,
            result: None,
            unsupported: None,
            error: Some(why.into()),
        }
    }

    /// Reads one reply line, checking its shape (not its `seq`'s value).
    pub fn parse(line: &str) -> Result<Reply, ReplyError> {
        let v: Value =
            serde_json::from_str(line).map_err(|e| ReplyError::NotJson(e.to_string()))?;
        let Value::Object(mut o) = v else {
            return Err(ReplyError::NotObject);
        };
        let seq = match o.get("seq") {
            None => return Err(ReplyError::NoSeq),
            Some(s) => s
                .as_u64()
                .ok_or_else(|| ReplyError::SeqNotNumber(brief(s)))?,
        };
        let n = ["result", "unsupported", "error"]
            .iter()
            .filter(|k| o.contains_key(**k))
            .count();
        if n != 1 {
            return Err(ReplyError::NotExactlyOne(n));
        }
        let text = |o: &mut Map<String, Value>, k: &'static str| match o.remove(k) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(_) => Err(ReplyError::NotText(k)),
        };
        Ok(Reply {
            seq: Some(seq),
            unsupported: text(&mut o, "unsupported")?,
            error: text(&mut o, "error")?,
            result: o.remove("result"),
        })
    }
}

/// A value's JSON, cut for messages.
pub(crate) fn brief(v: &Value) -> String {
    crate::vocabulary::cut(&v.to_string()).into_owned()
}

crate::vocabulary! {
    /// The `type` of a handshake reply: there is one.
    pub enum StartedType: "handshake type" {
        /// `started`.
        Started = "started",
    }
}

/// A word of a vocabulary, or one this crate does not know (kept as
/// written): for lists where a newer peer may name more than we know.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Known<T> {
    /// A word of the vocabulary.
    Known(T),
    /// Any other word.
    Unknown(String),
}
