//! The built-in oracle's answers to the suite protocol (`spec/PROTOCOL.md`):
//! each question answered from `xq-oracle`'s typed results, as the wire
//! types of `xq_spec::protocol` (re-exported here with the oracle's
//! handshake and codes, [`xq_oracle::protocol`]). A ruling's answer is the
//! JSON of `spec/RULINGS.md` with its explanation in English.
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
use xq_core::{Position, Validation};

pub use xq_oracle::protocol::*;

use crate::Lang;

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
            Err(e) => (false, Some(fen_problems(&e)), Some(e.to_string())),
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
        let edition = xq_oracle::edition::get(&req.edition)
            .ok_or_else(|| format!("unknown edition {}", req.edition))?;
        let moves: Vec<&str> = req.moves.iter().map(String::as_str).collect();
        let options = xq_oracle::ruling::RulingOptions {
            time_limit,
            ..Default::default()
        };
        let ruling =
            crate::rule_texts(start, &moves, edition, &options).map_err(|e| e.to_string())?;
        return to_value(crate::answer(&ruling, Lang::En));
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
            // 困毙's result is the edition's (the ruleset's `stalemate`).
            let edition = xq_oracle::edition::get(&req.edition)
                .ok_or_else(|| format!("unknown edition {}", req.edition))?;
            let s = xq_oracle::status::status(pos, edition);
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
            let edition = xq_oracle::edition::get(&req.edition)
                .ok_or_else(|| format!("unknown edition {}", req.edition))?;
            let mut game = game;
            game.push_text(mv).map_err(|e| e.to_string())?;
            let c = xq_oracle::repetition::classify_last(
                &game,
                edition.repetition(),
                &Default::default(),
            );
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
}
