//! Implementations under test. Each one is asked through the same
//! protocol types: the built-in oracle in-process, a program speaking JSON
//! lines (`spec/PROTOCOL.md`), or a UCI engine through [`crate::uci`].

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use xq_spec::protocol::{Message, Reply, Request, Started, PROTOCOL_VERSION};

use crate::process::{Deadline, LineProcess, TransportError};
use crate::text::quote;

/// Something that answers suite requests.
pub trait Implementation: Send {
    /// Answers one request within `budget`. An `Err` is a transport
    /// failure (crash, hang, garbage): the instance is not used again.
    fn ask(&mut self, req: &Request, budget: Duration) -> Result<Reply, String>;
}

/// How to start fresh instances of an implementation.
pub trait Factory: Send + Sync {
    /// Starts an instance and returns its handshake.
    fn start(&self) -> Result<(Box<dyn Implementation>, Started), String>;
    /// A short description for reports.
    fn describe(&self) -> String;
}

/// The built-in oracle, in-process. Perft honours the budget: a watchdog
/// stops it when the time runs out.
#[cfg(feature = "oracle")]
pub struct Oracle;

#[cfg(feature = "oracle")]
impl Implementation for Oracle {
    fn ask(&mut self, req: &Request, budget: Duration) -> Result<Reply, String> {
        use xq_render::protocol;
        protocol::answer_within(req, budget).map_err(|e| match e {
            protocol::BudgetError::OutOfTime => format!(
                "no answer within {:.1} s (perft stopped)",
                budget.as_secs_f64()
            ),
            e => e.to_string(),
        })
    }
}

#[cfg(feature = "oracle")]
pub struct OracleFactory;

#[cfg(feature = "oracle")]
impl Factory for OracleFactory {
    fn start(&self) -> Result<(Box<dyn Implementation>, Started), String> {
        let editions = xq_oracle::edition::ids().map(String::from).collect();
        Ok((
            Box::new(Oracle),
            xq_oracle::protocol::oracle_started(editions),
        ))
    }
    fn describe(&self) -> String {
        "xq-oracle (in-process)".into()
    }
}

/// Stands for an implementation that this build cannot start: its start
/// fails with the reason.
pub struct Unavailable(pub String);

impl Factory for Unavailable {
    fn start(&self) -> Result<(Box<dyn Implementation>, Started), String> {
        Err(self.0.clone())
    }
    fn describe(&self) -> String {
        "no implementation".into()
    }
}

/// The implementation used when none is named: the built-in oracle,
/// in-process, when this build has it (feature `oracle`).
pub fn builtin() -> Box<dyn Factory> {
    #[cfg(feature = "oracle")]
    return Box::new(OracleFactory);
    #[cfg(not(feature = "oracle"))]
    Box::new(Unavailable(
        "this xq-suite is built without the in-process oracle (cargo feature `oracle`): name an implementation with --serve, --adapter or --uci".into(),
    ))
}

/// A program that speaks the suite protocol (for example `xq serve`).
pub struct JsonLines {
    process: LineProcess,
    /// Sequence numbers already asked: a line carrying one of them is a
    /// late answer to an earlier request and is discarded.
    last_seq: Option<u64>,
}

impl JsonLines {
    /// Starts the program and reads its handshake within `timeout`.
    pub fn connect(command: &[String], timeout: Duration) -> Result<(JsonLines, Started), String> {
        let deadline = Deadline::after(timeout);
        let mut p = LineProcess::spawn(command).map_err(|e| e.to_string())?;
        let start = serde_json::to_string(&Message::Start {
            protocol: PROTOCOL_VERSION,
        })
        .map_err(|e| e.to_string())?;
        let fail = |e: TransportError| format!("the handshake failed: {e}");
        p.send(&start, deadline).map_err(fail)?;
        let line = p.recv(deadline).map_err(fail)?;
        let started: Started = serde_json::from_str(&line)
            .map_err(|e| format!("bad handshake {}: {e}", quote(&line)))?;
        started.check()?;
        Ok((
            JsonLines {
                process: p,
                last_seq: None,
            },
            started,
        ))
    }
}

impl Implementation for JsonLines {
    fn ask(&mut self, req: &Request, budget: Duration) -> Result<Reply, String> {
        let deadline = Deadline::after(budget);
        // Output left over from earlier requests is theirs, not this one's.
        self.process.drain();
        let line = serde_json::to_string(&Message::Run(req.clone())).map_err(|e| e.to_string())?;
        self.process
            .send(&line, deadline)
            .map_err(|e| e.to_string())?;
        loop {
            let answer = self.process.recv(deadline).map_err(|e| e.to_string())?;
            if answer.trim().is_empty() {
                continue;
            }
            let reply = Reply::parse(&answer)
                .map_err(|e| format!("malformed reply {}: {e}", quote(&answer)))?;
            let seq = reply.seq.unwrap_or_default();
            if seq == req.seq {
                self.last_seq = Some(req.seq);
                return Ok(reply);
            }
            if self.last_seq.is_some_and(|last| seq <= last) && seq < req.seq {
                continue; // a late line of an earlier request
            }
            return Err(format!(
                "the reply has seq {seq}, expected {} ({})",
                req.seq,
                quote(&answer)
            ));
        }
    }
}

pub struct JsonLinesFactory {
    pub command: Vec<String>,
    /// The base time for the handshake.
    pub timeout: Duration,
}

impl Factory for JsonLinesFactory {
    fn start(&self) -> Result<(Box<dyn Implementation>, Started), String> {
        let (imp, started) = JsonLines::connect(&self.command, self.timeout)?;
        Ok((Box::new(imp), started))
    }
    fn describe(&self) -> String {
        self.command.join(" ")
    }
}

/// After this many transport failures in a row the run gives up on the
/// implementation and fails the remaining cases at once.
pub const MAX_CONSECUTIVE_FAILURES: usize = 5;

/// Instances shared by the test threads: each trial takes one, asks, and
/// gives it back; a failed instance is dropped (its process group killed)
/// and a fresh one started for the next trial.
pub struct Pool {
    factory: Box<dyn Factory>,
    idle: Mutex<Vec<Box<dyn Implementation>>>,
    pub started: Started,
    failures_in_a_row: AtomicUsize,
    last_failure: Mutex<String>,
}

/// The most `conventions` entries a report shows.
const MAX_CONVENTIONS: usize = 32;

/// The handshake as reports and messages show it: its texts (name, version,
/// conventions) cut to [`crate::text::QUOTE_CHARS`] and made printable, so
/// that an escape code in a name or a 10 MiB `conventions` field is never
/// echoed as it is. `limits`, questions and editions are kept as read.
fn shown(mut started: Started) -> Started {
    use crate::text::truncate;
    started.name = truncate(&started.name);
    started.version = truncate(&started.version);
    if let Some(c) = started.conventions.take() {
        let n = c.len();
        let mut kept: serde_json::Map<String, serde_json::Value> = c
            .into_iter()
            .take(MAX_CONVENTIONS)
            .map(|(k, v)| {
                let v = match v {
                    serde_json::Value::String(s) => s,
                    other => other.to_string(),
                };
                (truncate(&k), serde_json::Value::String(truncate(&v)))
            })
            .collect();
        if n > MAX_CONVENTIONS {
            kept.insert(
                "…".into(),
                serde_json::Value::String(format!("{} more left out", n - MAX_CONVENTIONS)),
            );
        }
        started.conventions = Some(kept);
    }
    started
}

impl Pool {
    pub fn new(factory: Box<dyn Factory>) -> Result<Pool, String> {
        let (first, started) = factory.start()?;
        let started = shown(started);
        Ok(Pool {
            factory,
            idle: Mutex::new(vec![first]),
            started,
            failures_in_a_row: AtomicUsize::new(0),
            last_failure: Mutex::new(String::new()),
        })
    }

    pub fn describe(&self) -> String {
        format!(
            "{} {} ({})",
            self.started.name,
            self.started.version,
            self.factory.describe()
        )
    }

    fn failed(&self, why: &str) {
        self.failures_in_a_row.fetch_add(1, Ordering::SeqCst);
        *self.last_failure.lock().unwrap_or_else(|e| e.into_inner()) = why.to_string();
    }

    /// Asks one request; a transport failure becomes an `error` reply.
    pub fn ask(&self, req: &Request, budget: Duration) -> Reply {
        let gave_up = self.failures_in_a_row.load(Ordering::SeqCst) >= MAX_CONSECUTIVE_FAILURES;
        if gave_up {
            let last = self
                .last_failure
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .clone();
            return Reply::error(
                Some(req.seq),
                format!(
                    "gave up on the implementation after {MAX_CONSECUTIVE_FAILURES} failures in a row (the last: {last})"
                ),
            );
        }
        let taken = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let mut imp = match taken {
            Some(i) => i,
            None => match self.factory.start() {
                Ok((i, _)) => i,
                Err(e) => {
                    let why = format!("cannot start the implementation: {e}");
                    self.failed(&why);
                    return Reply::error(Some(req.seq), why);
                }
            },
        };
        match imp.ask(req, budget) {
            Ok(reply) => {
                self.failures_in_a_row.store(0, Ordering::SeqCst);
                self.idle
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(imp);
                reply
            }
            Err(why) => {
                // Whatever state the instance is in, it is not trusted again.
                drop(imp);
                self.failed(&why);
                Reply::error(Some(req.seq), why)
            }
        }
    }
}
