//! Implementations under test. Each one is asked through the same
//! protocol types: the built-in oracle in-process, a program speaking JSON
//! lines (`spec/PROTOCOL.md`), or a UCI engine through [`crate::uci`].

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::Duration;

use xq_oracle::protocol::{self, Message, Reply, Request, Started, PROTOCOL_VERSION};

/// Something that answers suite requests.
pub trait Implementation: Send {
    /// Answers one request. Transport failures (crash, hang, garbage) are
    /// reported as an `error` reply; the implementation restarts itself.
    fn ask(&mut self, req: &Request) -> Reply;
}

/// How to start fresh instances of an implementation.
pub trait Factory: Send + Sync {
    /// Starts an instance and returns its handshake.
    fn start(&self) -> Result<(Box<dyn Implementation>, Started), String>;
    /// A short description for reports.
    fn describe(&self) -> String;
}

/// The built-in oracle, in-process.
pub struct Oracle;

impl Implementation for Oracle {
    fn ask(&mut self, req: &Request) -> Reply {
        protocol::answer(req)
    }
}

pub struct OracleFactory;

impl Factory for OracleFactory {
    fn start(&self) -> Result<(Box<dyn Implementation>, Started), String> {
        let editions = xq_oracle::edition::ids().map(String::from).collect();
        Ok((Box::new(Oracle), protocol::oracle_started(editions)))
    }
    fn describe(&self) -> String {
        "xq-oracle (in-process)".into()
    }
}

/// A child process talking lines on stdin/stdout, read by a thread so that
/// every read can time out.
pub struct LineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    pub program: String,
}

impl LineProcess {
    pub fn spawn(command: &[String]) -> Result<LineProcess, String> {
        let (program, args) = command.split_first().ok_or("empty command")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {program}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(LineProcess {
            child,
            stdin,
            lines,
            program: command.join(" "),
        })
    }

    pub fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("cannot write to the implementation: {e}"))
    }

    /// The next line, or why there is none within `timeout`.
    pub fn recv(&mut self, timeout: Duration) -> Result<String, String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => {
                Err(format!("no answer within {:.1} s", timeout.as_secs_f64()))
            }
            Err(RecvTimeoutError::Disconnected) => {
                let status = self.child.try_wait().ok().flatten();
                Err(match status {
                    Some(s) => format!("the implementation exited ({s})"),
                    None => "the implementation closed its output".into(),
                })
            }
        }
    }
}

impl Drop for LineProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A program that speaks the suite protocol (for example `xq serve`).
pub struct JsonLines {
    command: Vec<String>,
    timeout: Duration,
    process: Option<LineProcess>,
}

impl JsonLines {
    fn connect(command: &[String], timeout: Duration) -> Result<(LineProcess, Started), String> {
        let mut p = LineProcess::spawn(command)?;
        let start = serde_json::to_string(&Message::Start {
            protocol: PROTOCOL_VERSION,
        })
        .expect("serializable");
        p.send(&start)?;
        let line = p.recv(timeout.max(Duration::from_secs(10)))?;
        let started: Started =
            serde_json::from_str(&line).map_err(|e| format!("bad handshake {line:?}: {e}"))?;
        if started.kind != "started" {
            return Err(format!("bad handshake {line:?}: type must be \"started\""));
        }
        Ok((p, started))
    }

    fn exchange(&mut self, req: &Request) -> Result<Reply, String> {
        if self.process.is_none() {
            self.process = Some(Self::connect(&self.command, self.timeout)?.0);
        }
        let p = self.process.as_mut().expect("just connected");
        let line = serde_json::to_string(&Message::Run(req.clone())).expect("serializable");
        p.send(&line)?;
        let answer = p.recv(self.timeout)?;
        let reply: Reply = serde_json::from_str(&answer)
            .map_err(|e| format!("malformed reply {answer:?}: {e}"))?;
        if reply.seq != Some(req.seq) && reply.error.is_none() {
            return Err(format!(
                "reply has seq {:?}, expected {}",
                reply.seq, req.seq
            ));
        }
        let parts = [
            reply.result.is_some(),
            reply.unsupported.is_some(),
            reply.error.is_some(),
        ];
        if parts.iter().filter(|&&b| b).count() != 1 {
            return Err(format!(
                "reply must hold exactly one of result, unsupported, error: {answer:?}"
            ));
        }
        Ok(reply)
    }
}

impl Implementation for JsonLines {
    fn ask(&mut self, req: &Request) -> Reply {
        match self.exchange(req) {
            Ok(r) => r,
            Err(e) => {
                // Whatever state the process is in, it is not trusted again.
                self.process = None;
                Reply::error(Some(req.seq), e)
            }
        }
    }
}

pub struct JsonLinesFactory {
    pub command: Vec<String>,
    pub timeout: Duration,
}

impl Factory for JsonLinesFactory {
    fn start(&self) -> Result<(Box<dyn Implementation>, Started), String> {
        let (p, started) = JsonLines::connect(&self.command, self.timeout)?;
        Ok((
            Box::new(JsonLines {
                command: self.command.clone(),
                timeout: self.timeout,
                process: Some(p),
            }),
            started,
        ))
    }
    fn describe(&self) -> String {
        self.command.join(" ")
    }
}

/// Instances shared by the test threads: each trial takes one, asks, and
/// gives it back.
pub struct Pool {
    factory: Box<dyn Factory>,
    idle: Mutex<Vec<Box<dyn Implementation>>>,
    pub started: Started,
}

impl Pool {
    pub fn new(factory: Box<dyn Factory>) -> Result<Pool, String> {
        let (first, started) = factory.start()?;
        Ok(Pool {
            factory,
            idle: Mutex::new(vec![first]),
            started,
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

    pub fn ask(&self, req: &Request) -> Reply {
        let taken = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let mut imp = match taken {
            Some(i) => i,
            None => match self.factory.start() {
                Ok((i, _)) => i,
                Err(e) => {
                    return Reply::error(
                        Some(req.seq),
                        format!("cannot start the implementation: {e}"),
                    )
                }
            },
        };
        let reply = imp.ask(req);
        self.idle
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(imp);
        reply
    }
}
