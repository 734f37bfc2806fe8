//! The suite protocol (`spec/PROTOCOL.md`): the messages an implementation
//! exchanges with the harness, and the oracle's own answers to them.
//!
//! The harness drives every implementation through these types — the
//! built-in oracle in-process through [`answer`], any other program (and
//! `xq serve`) as JSON lines.

use std::fmt;
use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use xq_core::notation::{format_move, parse_move, Notation, ParseMoveError};
use xq_core::Game;
use xq_core::{FenError, Position, SetupProblem, Validation};

mod answers;

pub use answers::{
    Answer, AnswerError, ClassifyAnswer, ConvertAnswer, CycleAnswer, CycleMoveAnswer,
    IsLegalAnswer, LegalMovesAnswer, NaturalLimitAnswer, PerftAnswer, PositionAnswer, Rejection,
    RulingAnswer, SideAnswer, StatusAnswer,
};

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
        /// oracle refuses depths beyond [`xq_core::perft::MAX_DEPTH`].
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

pub use xq_spec::QuestionKind;

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
    /// The JSON `type`, which must be `"started"` ([`Started::check`]).
    #[serde(rename = "type")]
    pub kind: String,
    /// The implementation's name, shown in reports (`my-engine`).
    pub name: String,
    /// The implementation's version, shown in reports (`1.2.0`).
    pub version: String,
    /// Question names; names this crate does not know are allowed (and unused).
    pub questions: Vec<String>,
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
        if self.kind != "started" {
            return Err(format!(
                "the handshake's type is {:?}, expected \"started\"",
                self.kind
            ));
        }
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

    /// The time scale the implementation asked for (1 when it did not).
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
    /// (read into a typed [`Answer`] with [`Answer::parse`]).
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

/// A value's JSON, cut to 60 characters for messages.
fn brief(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() <= 60 {
        s
    } else {
        format!("{}…", s.chars().take(60).collect::<String>())
    }
}

/// The problem codes of `position` answers.
pub const PROBLEMS: &[&str] = xq_spec::ProblemCode::NAMES;

/// The stable code of a setup problem, used by `position` answers.
pub fn problem_code(p: &SetupProblem) -> &'static str {
    use xq_spec::ProblemCode as P;
    match p {
        SetupProblem::MissingKing(_) => P::MissingKing,
        SetupProblem::ExtraKing(_) => P::ExtraKing,
        SetupProblem::KingOutsidePalace(..) => P::KingOutsidePalace,
        SetupProblem::Unreachable(..) => P::Unreachable,
        SetupProblem::TooMany(..) => P::TooMany,
        SetupProblem::KingsFacing => P::KingsFacing,
        SetupProblem::OpponentInCheck(_) => P::OpponentInCheck,
    }
    .name()
}

/// The rejection of a move text, as `convert` answers give it.
pub fn rejection(e: &ParseMoveError) -> Rejection {
    match e {
        ParseMoveError::Syntax { .. } => Rejection::Syntax,
        ParseMoveError::NoSuchPiece { .. } => Rejection::NoSuchPiece,
        ParseMoveError::Ambiguous { .. } => Rejection::Ambiguous,
        ParseMoveError::Illegal { .. } => Rejection::Illegal,
    }
}

/// The stable code of a move-text rejection, used by `convert` answers.
pub fn rejection_code(e: &ParseMoveError) -> &'static str {
    rejection(e).name()
}

/// The handshake the built-in oracle gives.
pub fn oracle_started(editions: Vec<String>) -> Started {
    Started {
        kind: "started".into(),
        name: "xq-oracle".into(),
        version: env!("CARGO_PKG_VERSION").into(),
        questions: QuestionKind::ALL
            .iter()
            .map(|q| q.name().to_string())
            .collect(),
        editions,
        protocol: Some(PROTOCOL_VERSION),
        limits: None,
        conventions: None,
    }
}

/// The built-in oracle's answer to a request.
pub fn answer(req: &Request) -> Reply {
    answer_cancellable(req, &AtomicBool::new(false))
}

/// [`answer`] that gives up once `cancel` is set (by another thread, when
/// the request's time budget runs out): the reply is then an error.
pub fn answer_cancellable(req: &Request, cancel: &AtomicBool) -> Reply {
    match answer_value(req, cancel) {
        Ok(v) => Reply::result(req.seq, v),
        Err(e) => Reply::error(Some(req.seq), e),
    }
}

fn to_value(a: impl Serialize) -> Result<Value, String> {
    serde_json::to_value(a).map_err(|e| e.to_string())
}

fn answer_value(req: &Request, cancel: &AtomicBool) -> Result<Value, String> {
    let validation = if req.relaxed {
        Validation::Relaxed
    } else {
        Validation::Strict
    };
    if req.question == Question::Position {
        let (valid, problems, message) = match Position::from_fen_with(&req.fen, validation) {
            Ok(_) => (true, None, None),
            Err(FenError::Parse(e)) => (false, Some(vec!["syntax".into()]), Some(e.to_string())),
            Err(FenError::Position(e)) => (
                false,
                Some(e.problems.iter().map(|p| problem_code(p).into()).collect()),
                Some(e.to_string()),
            ),
        };
        return to_value(PositionAnswer {
            valid: Some(valid),
            problems,
            message,
        });
    }
    let start = Position::from_fen_with(&req.fen, validation).map_err(|e| e.to_string())?;
    if req.question == Question::Ruling {
        // The moves are a game record: an illegal move in it is ruled on.
        // The whole ruling JSON (spec/RULINGS.md) is the answer; RulingAnswer
        // is the part of it that is graded.
        let edition = crate::edition::get(&req.edition)
            .ok_or_else(|| format!("unknown edition {}", req.edition))?;
        let moves: Vec<&str> = req.moves.iter().map(String::as_str).collect();
        let ruling = crate::ruling::rule_record(start, &moves, edition, &Default::default())
            .map_err(|e| e.to_string())?;
        return Ok(ruling.to_json(crate::ruling::Lang::En));
    }
    let game = Game::from_texts(start, &req.moves).map_err(|e| e.to_string())?;
    let pos = game.current();
    match &req.question {
        Question::LegalMoves => to_value(LegalMovesAnswer {
            moves: Some(pos.legal_moves().iter().map(|m| m.to_string()).collect()),
        }),
        Question::IsLegal { mv } => match parse_move(pos, mv) {
            Ok(_) => to_value(IsLegalAnswer {
                legal: Some(true),
                ..Default::default()
            }),
            Err(ParseMoveError::Illegal { reason, .. }) => to_value(IsLegalAnswer {
                legal: Some(false),
                reason: Some(reason.code().into()),
                message: Some(reason.to_string()),
            }),
            Err(e) => Err(e.to_string()),
        },
        Question::Status => {
            let s = pos.status();
            to_value(StatusAnswer {
                in_check: Some(s.in_check),
                legal_moves: Some(s.legal_moves as u64),
                result: Some(s.result),
                reason: Some(s.reason),
            })
        }
        Question::Perft { depth } => {
            let nodes =
                xq_core::perft::perft_cancellable(pos, *depth, cancel).map_err(|e| match e {
                    xq_core::perft::PerftError::Cancelled => {
                        "perft stopped: the time budget ran out".to_string()
                    }
                    other => other.to_string(),
                })?;
            to_value(PerftAnswer { nodes: Some(nodes) })
        }
        Question::Convert { mv, to } => to_value(match parse_move(pos, mv) {
            Ok(m) => ConvertAnswer {
                mv: Some(format_move(pos, m, *to)),
                ..Default::default()
            },
            Err(e) => ConvertAnswer {
                mv: None,
                rejected: Some(rejection(&e)),
                message: Some(e.to_string()),
            },
        }),
        Question::Classify { mv } => {
            let edition = crate::edition::get(&req.edition)
                .ok_or_else(|| format!("unknown edition {}", req.edition))?;
            let mut game = game;
            game.push_text(mv).map_err(|e| e.to_string())?;
            let c =
                crate::repetition::classify_last(&game, edition.repetition(), &Default::default());
            to_value(ClassifyAnswer {
                kind: Some(c.kind),
                targets: Some(c.targets.iter().map(|s| s.to_string()).collect()),
            })
        }
        Question::Ruling | Question::Position => unreachable!("answered above"),
    }
}
