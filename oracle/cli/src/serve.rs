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

use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use serde_json::Value;
use xq_oracle::protocol::{self, Message, Question, Reply, Request, PROTOCOL_VERSION};

use crate::lines::{Line, LineReader};
use crate::message::one_line;
use crate::strict_json;

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

/// The oracle's answer within the budget. Only perft can be stopped, and
/// only perft needs to be: every other answer takes time in proportion to
/// the request, whose size the line cap bounds.
fn answer(req: &Request, budget: Duration) -> Reply {
    if !matches!(req.question, Question::Perft { .. }) {
        return protocol::answer(req);
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let (done, finished) = mpsc::channel::<()>();
    let timer = {
        let cancel = Arc::clone(&cancel);
        std::thread::Builder::new()
            .name("budget".into())
            .spawn(move || {
                if finished.recv_timeout(budget) == Err(mpsc::RecvTimeoutError::Timeout) {
                    cancel.store(true, Ordering::Relaxed);
                }
            })
    };
    // Without a timer there is no budget: refuse rather than run unbounded.
    let Ok(timer) = timer else {
        return Reply::error(
            Some(req.seq),
            "cannot start the timer of the budget; try again",
        );
    };
    let mut reply = protocol::answer_cancellable(req, &cancel);
    drop(done);
    let _ = timer.join();
    if reply.error.is_some() && cancel.load(Ordering::Relaxed) {
        reply.error = Some(format!(
            "budget exceeded: the answer took longer than {} ms, the limit of this server (xq serve --budget-ms)",
            budget.as_millis()
        ));
    }
    reply
}

/// A protocol message, strictly: besides what the wire types refuse, a key
/// they do not know is refused too, at any level (a misspelt `relaxed`
/// silently ignored would change the verdict). The error comes with the
/// request's `seq` when the line is JSON that has one, so that the client
/// can tell which request it answers. See [`MessageReader`].
pub fn read_message(text: &str) -> Result<Message, (Option<u64>, String)> {
    MessageReader::default().read(text)
}

/// Reads messages as [`read_message`] does, remembering the keys each
/// shape of message (`start`, `stop`, or the question of a `run`) is
/// known to have: checking a line's keys is then a look-up, and the round
/// trip through the wire types is made once per shape (and for a line
/// whose keys are not all known).
#[derive(Default)]
pub struct MessageReader {
    /// Shape → the dotted paths of keys the wire types kept for it (a
    /// dozen at most: a list is quicker than a hash set).
    known: HashMap<&'static str, Vec<String>>,
}

impl MessageReader {
    pub fn read(&mut self, text: &str) -> Result<Message, (Option<u64>, String)> {
        let message = serde_json::from_str::<Message>(text).map_err(|e| {
            // Read again as plain JSON for a better error and the seq.
            match serde_json::from_str::<Value>(text) {
                Ok(v) if !v.is_object() => (
                    None,
                    format!("a message is a JSON object, not {}", kind(&v)),
                ),
                Ok(v) => (v.get("seq").and_then(Value::as_u64), e.to_string()),
                // Not JSON at all: the plain reading says best why.
                Err(syntax) => (None, syntax.to_string()),
            }
        })?;
        let (shape, seq) = match &message {
            Message::Start { .. } => ("start", None),
            Message::Stop => ("stop", None),
            Message::Run(r) => (r.question.kind().name(), Some(r.seq)),
        };
        if self
            .known
            .get(shape)
            .is_some_and(|known| strict_json::all_known(text, known))
        {
            return Ok(message);
        }
        // What the types kept, written back: any key of the line not there
        // was ignored by them. (The wire types refuse most repeated keys;
        // the strict reading refuses the rest.)
        let value = strict_json::parse(text).map_err(|e| (seq, e.to_string()))?;
        let kept = serde_json::to_value(&message).expect("messages serialize");
        if let Some(path) = unknown_key(&value, &kept, "") {
            return Err((seq, format!("unknown key `{path}`")));
        }
        collect_paths(
            &kept,
            &mut String::new(),
            self.known.entry(shape).or_default(),
        );
        Ok(message)
    }
}

fn collect_paths(kept: &Value, path: &mut String, into: &mut Vec<String>) {
    let Value::Object(map) = kept else {
        return;
    };
    let base = path.len();
    for (key, value) in map {
        if base > 0 {
            path.push('.');
        }
        path.push_str(key);
        if !into.contains(path) {
            into.push(path.clone());
        }
        collect_paths(value, path, into);
        path.truncate(base);
    }
}

/// The first key of `given` (an object, or nested objects) that `kept`
/// lacks, as a dotted path. A key kept out only because it holds its
/// default (`"relaxed": false`, `"moves": []`) is not unknown.
fn unknown_key(given: &Value, kept: &Value, prefix: &str) -> Option<String> {
    let (Value::Object(given), Value::Object(kept)) = (given, kept) else {
        return None;
    };
    for (key, value) in given {
        let path = || {
            if prefix.is_empty() {
                key.clone()
            } else {
                format!("{prefix}.{key}")
            }
        };
        match kept.get(key) {
            Some(k) => {
                if let Some(p) = unknown_key(value, k, &path()) {
                    return Some(p);
                }
            }
            None if is_default(value) && key != "type" => {}
            None => return Some(path()),
        }
    }
    None
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn is_default(v: &Value) -> bool {
    match v {
        Value::Bool(b) => !b,
        Value::Array(a) => a.is_empty(),
        _ => false,
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
