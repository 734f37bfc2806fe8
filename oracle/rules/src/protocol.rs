//! The built-in oracle's side of the suite protocol (`spec/PROTOCOL.md`):
//! its handshake and its answers. The wire types themselves — messages,
//! requests, replies and every answer type — are `xq_spec::protocol`'s,
//! re-exported here, so a third-party adapter needs only `xq-spec`.
//!
//! The harness drives every implementation through these types — the
//! built-in oracle in-process through [`answer`] (or [`answer_within`], which
//! bounds its time), any other program (and `xq serve`) as JSON lines.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use serde::Serialize;
use serde_json::Value;

use xq_core::notation::{format_move, parse_move, ParseMoveError};
use xq_core::Game;
use xq_core::{FenError, Position, SetupProblem, Validation};

pub use xq_spec::protocol::*;
use xq_spec::{IllegalMoveCode, ProblemCode, Rejection};

/// The stable code of a setup problem, used by `position` answers.
#[must_use]
pub fn problem_code(p: &SetupProblem) -> ProblemCode {
    use ProblemCode as P;
    match p {
        SetupProblem::MissingKing(_) => P::MissingKing,
        SetupProblem::ExtraKing(_) => P::ExtraKing,
        SetupProblem::KingOutsidePalace(..) => P::KingOutsidePalace,
        SetupProblem::Unreachable(..) => P::Unreachable,
        SetupProblem::TooMany(..) => P::TooMany,
        SetupProblem::KingsFacing => P::KingsFacing,
        SetupProblem::OpponentInCheck(_) => P::OpponentInCheck,
    }
}

/// The rejection of a move text, as `convert` answers give it.
#[must_use]
pub fn rejection(e: &ParseMoveError) -> Rejection {
    match e {
        ParseMoveError::Syntax { .. } => Rejection::Syntax,
        ParseMoveError::NoSuchPiece { .. } => Rejection::NoSuchPiece,
        ParseMoveError::Ambiguous { .. } => Rejection::Ambiguous,
        ParseMoveError::Illegal { .. } => Rejection::Illegal,
    }
}

/// The handshake the built-in oracle gives.
#[must_use]
pub fn oracle_started(editions: Vec<String>) -> Started {
    Started {
        kind: StartedType::Started,
        name: "xq-oracle".into(),
        version: env!("CARGO_PKG_VERSION").into(),
        questions: QuestionKind::ALL.iter().map(|&q| Known::Known(q)).collect(),
        editions,
        protocol: Some(PROTOCOL_VERSION),
        limits: None,
        conventions: None,
    }
}

/// The spec's code of an illegal move (the two vocabularies are one list,
/// checked by a test).
#[must_use]
pub fn illegal_move_code(reason: &xq_core::IllegalMove) -> IllegalMoveCode {
    IllegalMoveCode::from_name(reason.code())
        .unwrap_or_else(|| panic!("{} is not an illegal-move code of xq-spec", reason.code()))
}

/// The core's notation for the spec's.
#[must_use]
pub fn notation(n: xq_spec::Notation) -> xq_core::notation::Notation {
    use xq_core::notation::Notation as N;
    match n {
        xq_spec::Notation::Iccs => N::Iccs,
        xq_spec::Notation::Wxf => N::Wxf,
        xq_spec::Notation::Chinese => N::Chinese,
    }
}

/// The spec's word for a core result.
#[must_use]
pub fn outcome(o: xq_core::Outcome) -> xq_spec::Outcome {
    match o {
        xq_core::Outcome::RedWins => xq_spec::Outcome::RedWins,
        xq_core::Outcome::BlackWins => xq_spec::Outcome::BlackWins,
        xq_core::Outcome::Draw => xq_spec::Outcome::Draw,
        xq_core::Outcome::Ongoing => xq_spec::Outcome::Ongoing,
    }
}

/// The spec's word for why a game ended on the board.
#[must_use]
pub fn end_reason(r: xq_core::EndReason) -> xq_spec::EndReason {
    match r {
        xq_core::EndReason::Checkmate => xq_spec::EndReason::Checkmate,
        xq_core::EndReason::Stalemate => xq_spec::EndReason::Stalemate,
    }
}

/// The spec's word for a side.
#[must_use]
pub fn color(c: xq_core::Color) -> xq_spec::Color {
    match c {
        xq_core::Color::Red => xq_spec::Color::Red,
        xq_core::Color::Black => xq_spec::Color::Black,
    }
}

/// Why [`answer_within`] has no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BudgetError {
    /// The time ran out and the answer was stopped.
    OutOfTime,
    /// The watchdog could not be started, so the answer was not begun.
    NoTimer,
}

impl fmt::Display for BudgetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BudgetError::OutOfTime => "the time budget ran out",
            BudgetError::NoTimer => "cannot start the timer of the budget; try again",
        })
    }
}

impl std::error::Error for BudgetError {}

/// The oracle's answer within `budget`. A ruling's searches stop at the
/// deadline and the ruling says which plies they could not finish
/// (`search.stopped_by: "deadline"`); perft is stopped by a watchdog
/// thread that sets the cancel flag when the time runs out, and answers
/// with an error. Every other answer takes time in proportion to the
/// request, whose size the caller bounds.
pub fn answer_within(req: &Request, budget: Duration) -> Result<Reply, BudgetError> {
    if req.question == Question::Ruling {
        return Ok(
            match answer_value(req, &AtomicBool::new(false), Some(budget)) {
                Ok(v) => Reply::result(req.seq, v),
                Err(e) => Reply::error(Some(req.seq), e),
            },
        );
    }
    if !matches!(req.question, Question::Perft { .. }) {
        return Ok(answer(req));
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let (done, finished) = mpsc::channel::<()>();
    let flag = Arc::clone(&cancel);
    let watchdog = std::thread::Builder::new()
        .name("budget".into())
        .spawn(move || {
            if finished.recv_timeout(budget) == Err(mpsc::RecvTimeoutError::Timeout) {
                flag.store(true, Ordering::Relaxed);
            }
        })
        .map_err(|_| BudgetError::NoTimer)?;
    let reply = answer_cancellable(req, &cancel);
    drop(done);
    let _ = watchdog.join();
    if reply.error.is_some() && cancel.load(Ordering::Relaxed) {
        return Err(BudgetError::OutOfTime);
    }
    Ok(reply)
}

/// The built-in oracle's answer to a request.
#[must_use]
pub fn answer(req: &Request) -> Reply {
    answer_cancellable(req, &AtomicBool::new(false))
}

/// [`answer`] that gives up once `cancel` is set (by another thread, when
/// the request's time budget runs out): the reply is then an error.
pub fn answer_cancellable(req: &Request, cancel: &AtomicBool) -> Reply {
    match answer_value(req, cancel, None) {
        Ok(v) => Reply::result(req.seq, v),
        Err(e) => Reply::error(Some(req.seq), e),
    }
}

fn to_value(a: impl Serialize) -> Result<Value, String> {
    serde_json::to_value(a).map_err(|e| e.to_string())
}

fn answer_value(
    req: &Request,
    cancel: &AtomicBool,
    time_limit: Option<Duration>,
) -> Result<Value, String> {
    let validation = if req.relaxed {
        Validation::Relaxed
    } else {
        Validation::Strict
    };
    if req.question == Question::Position {
        let (valid, problems, message) = match Position::from_fen_with(&req.fen, validation) {
            Ok(_) => (true, None, None),
            Err(FenError::Parse(e)) => {
                (false, Some(vec![ProblemCode::Syntax]), Some(e.to_string()))
            }
            Err(FenError::Position(e)) => (
                false,
                Some(e.problems.iter().map(problem_code).collect()),
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
        let options = crate::ruling::RulingOptions {
            time_limit,
            ..Default::default()
        };
        let ruling = crate::ruling::rule_record(start, &moves, edition, &options)
            .map_err(|e| e.to_string())?;
        return to_value(ruling.answer(crate::ruling::Lang::En));
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
                reason: Some(illegal_move_code(&reason)),
                message: Some(reason.to_string()),
            }),
            Err(e) => Err(e.to_string()),
        },
        Question::Status => {
            let s = pos.status();
            to_value(StatusAnswer {
                in_check: Some(s.in_check),
                legal_moves: Some(s.legal_moves as u64),
                result: Some(outcome(s.result)),
                reason: Some(s.reason.map(end_reason)),
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
                mv: Some(format_move(pos, m, notation(*to))),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_bounds_a_ruling_and_the_ruling_says_so() {
        // 参考图38's chase cycle, three times: its searches need far more
        // than no time at all.
        let moves = "i1g2 h0g0 g2i1 g0h0 ".repeat(3);
        let req = Request {
            seq: 7,
            id: "budget".into(),
            edition: "cxa-2020".into(),
            fen: "2c1kab2/4a4/2n1b4/p3P3p/6p2/9/P7P/1CN1C4/4A3N/2BAKR1rc w - - 0 1".into(),
            moves: moves.split_whitespace().map(String::from).collect(),
            relaxed: true,
            question: Question::Ruling,
        };
        let late = answer_within(&req, Duration::ZERO).unwrap();
        let v = late.result.expect("a ruling, not an error");
        assert_eq!(v["search"]["stopped_by"], "deadline", "{v}");
        assert!(!v["search"]["incomplete_plies"]
            .as_array()
            .unwrap()
            .is_empty());
        let on_time = answer_within(&req, Duration::from_secs(600)).unwrap();
        let v = on_time.result.expect("a ruling");
        assert!(v["search"].get("stopped_by").is_none(), "{v}");
        assert_eq!(v["search"]["incomplete_plies"], serde_json::json!([]));
    }

    #[test]
    fn every_illegal_move_code_of_the_core_is_the_spec_s() {
        assert_eq!(
            xq_core::IllegalMove::CODES.as_slice(),
            IllegalMoveCode::NAMES
        );
    }
}
