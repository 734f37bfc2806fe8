//! `xq serve`: the suite protocol (`spec/PROTOCOL.md`) on a reader and a
//! writer, hardened for hostile input. Every line that is not blank gets
//! exactly one answer, whatever it holds; the loop ends only at `stop`, at
//! the end of the input, or when the output cannot be written.
//!
//! Bounds (documented in `spec/CLI.md`): a line holds at most
//! [`Limits::max_line`] bytes; a request's time is bounded by
//! [`Limits::budget`] (perft, the one question whose time does not follow
//! from the size of the request, is stopped when it runs out); error texts
//! are cut to one bounded line.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use serde_json::Value;
pub use xq_oracle::protocol::{read_message, MessageReader};
use xq_render::protocol::{self, BudgetError, Message, Reply, Request, PROTOCOL_VERSION};

use crate::lines::{Line, LineReader};
use crate::message::one_line;

/// The default cap on a line: 1 MiB, room for a ruling request on a
/// record of well over 100 000 plies.
pub const MAX_LINE: usize = 1 << 20;

/// The default time budget of one request.
pub const BUDGET: Duration = Duration::from_secs(10);

/// How much one line and one request may take.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The longest line read, in bytes, not counting its `\n`.
    pub max_line: usize,
    /// The longest a request may compute.
    pub budget: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_line: MAX_LINE,
            budget: BUDGET,
        }
    }
}

/// Answers protocol messages until `stop` or the end of input. Only a
/// failure to read the input or write the output ends it early.
pub fn serve(input: impl BufRead, out: &mut impl Write, limits: Limits) -> io::Result<()> {
    let mut lines = LineReader::new(input, limits.max_line);
    let mut reader = MessageReader::default();
    while let Some(line) = lines.next_line()? {
        let n = lines.number();
        let reply = match line {
            Line::TooLong => {
                // Answer now: the rest of the line may never come.
                let why = format!(
                    "line {n} is longer than {} bytes, the limit; it is skipped",
                    limits.max_line
                );
                write_reply(out, Reply::error(None, why))?;
                lines.skip_rest()?;
                continue;
            }
            Line::Bytes(bytes) => match std::str::from_utf8(&bytes) {
                Err(e) => {
                    // The seq, if the line is JSON once its bad bytes are replaced.
                    let seq = serde_json::from_str::<Value>(&String::from_utf8_lossy(&bytes))
                        .ok()
                        .and_then(|v| v.get("seq").and_then(Value::as_u64));
                    let why = format!(
                        "line {n} is not valid UTF-8 (byte {} of the line)",
                        e.valid_up_to() + 1
                    );
                    Reply::error(seq, why)
                }
                Ok(text) if text.trim().is_empty() => continue,
                Ok(text) => match reader.read(text) {
                    Ok(Message::Stop) => break,
                    Ok(Message::Start { protocol }) if protocol == PROTOCOL_VERSION => {
                        let started = protocol::oracle_started(crate::edition_ids());
                        let json = serde_json::to_string(&started).expect("serializes");
                        writeln!(out, "{json}")?;
                        out.flush()?;
                        continue;
                    }
                    Ok(Message::Start { protocol }) => Reply::error(
                        None,
                        format!(
                            "line {n}: protocol {protocol} is not spoken here; this server speaks protocol {PROTOCOL_VERSION}"
                        ),
                    ),
                    Ok(Message::Run(req)) => answer(&req, limits.budget),
                    Err((seq, e)) => Reply::error(seq, format!("line {n}: malformed message: {e}")),
                },
            },
        };
        write_reply(out, reply)?;
    }
    Ok(())
}

/// The oracle's answer within the budget (only perft can run long; the
/// line cap bounds every other answer).
fn answer(req: &Request, budget: Duration) -> Reply {
    match protocol::answer_within(req, budget) {
        Ok(reply) => reply,
        Err(BudgetError::OutOfTime) => Reply::error(
            Some(req.seq),
            format!(
                "budget exceeded: the answer took longer than {} ms, the limit of this server (xq serve --budget-ms)",
                budget.as_millis()
            ),
        ),
        Err(e @ BudgetError::NoTimer) => Reply::error(Some(req.seq), e.to_string()),
    }
}

fn write_reply(out: &mut impl Write, mut reply: Reply) -> io::Result<()> {
    if let Some(e) = &reply.error {
        reply.error = Some(one_line(e));
    }
    let json = serde_json::to_string(&reply).expect("replies always serialize");
    writeln!(out, "{json}")?;
    out.flush()
}
