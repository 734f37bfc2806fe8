//! The suite protocol (`spec/PROTOCOL.md`): the messages an implementation
//! exchanges with the harness, and the oracle's own answers to them.
//!
//! The harness drives every implementation through these types — the
//! built-in oracle in-process through [`answer`], any other program (and
//! `xq serve`) as JSON lines.

use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use xq_core::notation::{format_move, parse_move, Notation, ParseMoveError};
use xq_core::Game;
use xq_core::{FenError, Position, SetupProblem, Validation};

/// The protocol version this crate speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// A message from the harness to an implementation.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Message {
    Start { protocol: u32 },
    Run(Request),
    Stop,
}

/// One case, as asked of an implementation.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Request {
    pub seq: u64,
    /// The case id, for the implementation's logs.
    pub id: String,
    pub edition: String,
    /// The start position (for `position` questions, the FEN under test).
    pub fen: String,
    /// Moves played from `fen` before the question is asked, in ICCS.
    #[serde(default)]
    pub moves: Vec<String>,
    /// Accept composed positions (waive piece-count and placement checks).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub relaxed: bool,
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
        #[serde(rename = "move")]
        mv: String,
    },
    /// Check, number of legal moves, result and reason after the history.
    Status,
    /// The perft node count after the history.
    Perft { depth: u32 },
    /// A move text (any notation) converted into another notation.
    Convert {
        #[serde(rename = "move")]
        mv: String,
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

/// The kinds of question, as declared in the handshake.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum QuestionKind {
    LegalMoves,
    IsLegal,
    Status,
    Perft,
    Convert,
    Position,
    Ruling,
    Classify,
}

impl QuestionKind {
    pub const ALL: [QuestionKind; 8] = [
        QuestionKind::LegalMoves,
        QuestionKind::IsLegal,
        QuestionKind::Status,
        QuestionKind::Perft,
        QuestionKind::Convert,
        QuestionKind::Position,
        QuestionKind::Ruling,
        QuestionKind::Classify,
    ];

    pub fn name(self) -> &'static str {
        match self {
            QuestionKind::LegalMoves => "legal-moves",
            QuestionKind::IsLegal => "is-legal",
            QuestionKind::Status => "status",
            QuestionKind::Perft => "perft",
            QuestionKind::Convert => "convert",
            QuestionKind::Position => "position",
            QuestionKind::Ruling => "ruling",
            QuestionKind::Classify => "classify",
        }
    }
}

/// The implementation's reply to `start`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Started {
    #[serde(rename = "type")]
    pub kind: String,
    pub name: String,
    pub version: String,
    /// Question names; names this crate does not know are allowed (and unused).
    pub questions: Vec<String>,
    pub editions: Vec<String>,
}

/// The implementation's reply to one request: exactly one of `result`,
/// `unsupported` or `error` is present.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Reply {
    pub seq: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unsupported: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Reply {
    pub fn result(seq: u64, result: Value) -> Reply {
        Reply {
            seq: Some(seq),
            result: Some(result),
            unsupported: None,
            error: None,
        }
    }
    pub fn unsupported(seq: u64, why: impl Into<String>) -> Reply {
        Reply {
            seq: Some(seq),
            result: None,
            unsupported: Some(why.into()),
            error: None,
        }
    }
    pub fn error(seq: Option<u64>, why: impl Into<String>) -> Reply {
        Reply {
            seq,
            result: None,
            unsupported: None,
            error: Some(why.into()),
        }
    }
}

/// The stable code of a setup problem, used by `position` answers.
pub fn problem_code(p: &SetupProblem) -> &'static str {
    match p {
        SetupProblem::MissingKing(_) => "missing-king",
        SetupProblem::ExtraKing(_) => "extra-king",
        SetupProblem::KingOutsidePalace(..) => "king-outside-palace",
        SetupProblem::Unreachable(..) => "unreachable",
        SetupProblem::TooMany(..) => "too-many",
        SetupProblem::KingsFacing => "kings-facing",
        SetupProblem::OpponentInCheck(_) => "opponent-in-check",
    }
}

/// The stable code of a move-text rejection, used by `convert` answers.
pub fn rejection_code(e: &ParseMoveError) -> &'static str {
    match e {
        ParseMoveError::Syntax { .. } => "syntax",
        ParseMoveError::NoSuchPiece { .. } => "no-such-piece",
        ParseMoveError::Ambiguous { .. } => "ambiguous",
        ParseMoveError::Illegal { .. } => "illegal",
    }
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
    }
}

/// The built-in oracle's answer to a request.
pub fn answer(req: &Request) -> Reply {
    answer_cancellable(req, &AtomicBool::new(false))
}

/// [`answer`] that gives up on a long computation (a deep perft) once
/// `cancel` is set, answering an error; `xq serve` sets it when a
/// request's time budget runs out.
pub fn answer_cancellable(req: &Request, cancel: &AtomicBool) -> Reply {
    match answer_value(req, cancel) {
        Ok(v) => Reply::result(req.seq, v),
        Err(e) => Reply::error(Some(req.seq), e),
    }
}

fn answer_value(req: &Request, cancel: &AtomicBool) -> Result<Value, String> {
    let validation = if req.relaxed {
        Validation::Relaxed
    } else {
        Validation::Strict
    };
    if req.question == Question::Position {
        return Ok(match Position::from_fen_with(&req.fen, validation) {
            Ok(_) => json!({"valid": true}),
            Err(FenError::Parse(e)) => {
                json!({"valid": false, "problems": ["syntax"], "message": e.to_string()})
            }
            Err(FenError::Position(e)) => json!({
                "valid": false,
                "problems": e.problems.iter().map(problem_code).collect::<Vec<_>>(),
                "message": e.to_string(),
            }),
        });
    }
    let start = Position::from_fen_with(&req.fen, validation).map_err(|e| e.to_string())?;
    if req.question == Question::Ruling {
        // The moves are a game record: an illegal move in it is ruled on.
        let edition = crate::edition::get(&req.edition)
            .ok_or_else(|| format!("unknown edition {}", req.edition))?;
        let moves: Vec<&str> = req.moves.iter().map(String::as_str).collect();
        let ruling = crate::ruling::rule_record(
            start,
            &moves,
            edition,
            &Default::default(),
            crate::ruling::Lang::En,
        )
        .map_err(|e| e.to_string())?;
        return serde_json::to_value(ruling).map_err(|e| e.to_string());
    }
    let game = Game::from_texts(start, &req.moves).map_err(|e| e.to_string())?;
    let pos = game.current();
    Ok(match &req.question {
        Question::LegalMoves => {
            json!({"moves": pos.legal_moves().iter().map(|m| m.to_string()).collect::<Vec<_>>()})
        }
        Question::IsLegal { mv } => match parse_move(pos, mv) {
            Ok(_) => json!({"legal": true}),
            Err(ParseMoveError::Illegal { reason, .. }) => json!({
                "legal": false,
                "reason": reason.code(),
                "message": reason.to_string(),
            }),
            Err(e) => return Err(e.to_string()),
        },
        Question::Status => serde_json::to_value(pos.status()).map_err(|e| e.to_string())?,
        Question::Perft { depth } => {
            let nodes = xq_core::perft::perft_cancellable(pos, *depth, cancel)
                .map_err(|e| e.to_string())?;
            json!({ "nodes": nodes })
        }
        Question::Convert { mv, to } => match parse_move(pos, mv) {
            Ok(m) => json!({"move": format_move(pos, m, *to)}),
            Err(e) => json!({"rejected": rejection_code(&e), "message": e.to_string()}),
        },
        Question::Classify { mv } => {
            let edition = crate::edition::get(&req.edition)
                .ok_or_else(|| format!("unknown edition {}", req.edition))?;
            let mut game = game;
            game.push_text(mv).map_err(|e| e.to_string())?;
            let c =
                crate::repetition::classify_last(&game, &edition.repetition(), &Default::default());
            json!({
                "kind": c.kind,
                "targets": c.targets.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            })
        }
        Question::Ruling | Question::Position => unreachable!("answered above"),
    })
}
