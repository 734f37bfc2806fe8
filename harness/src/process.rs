//! A child process talking lines on its standard input and output, with
//! every read and write bounded in time and every line bounded in length.
//!
//! The child is started in its own process group, and the whole group is
//! killed when the process is dropped, so that grandchildren (a shell's
//! children, an adapter's engine) holding the pipes die with it. Reads and
//! writes happen on threads of their own: a child that stops reading
//! cannot block the harness, and one that never ends a line cannot make it
//! buffer without bound.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::time::{Duration, Instant};

/// The longest line the harness reads from an implementation (16 MiB): a
/// longer one fails the request that it answers.
pub const MAX_LINE: usize = 16 * 1024 * 1024;

/// When a request's time runs out, and the budget it was given (which
/// messages name: the time left when a read gives up is nearly nothing).
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    pub at: Instant,
    pub budget: Duration,
}

impl Deadline {
    /// `budget` from now.
    pub fn after(budget: Duration) -> Deadline {
        Deadline {
            at: Instant::now() + budget,
            budget,
        }
    }

    fn left(&self) -> Duration {
        self.at.saturating_duration_since(Instant::now())
    }
}

/// What the reader thread saw.
#[derive(Debug)]
enum Incoming {
    Line(String),
    /// A line longer than [`MAX_LINE`]; the rest of it was discarded.
    TooLong,
    /// A line that is not UTF-8, with the offset of the first bad byte.
    NotUtf8(usize),
    /// End of output, or a read error.
    Closed(Option<String>),
}

/// Why no line could be exchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransportError {
    /// No line within the request's budget (the budget, not the time left).
    Timeout(Duration),
    /// The request was not read within its budget.
    WriteTimeout(Duration),
    WriteFailed(String),
    Exited(String),
    TooLong,
    NotUtf8(usize),
    Spawn(String),
}

impl std::fmt::Display for TransportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TransportError::Timeout(d) => {
                write!(f, "no answer within {:.1} s", d.as_secs_f64())
            }
            TransportError::WriteTimeout(d) => write!(
                f,
                "the implementation did not read the request within {:.1} s",
                d.as_secs_f64()
            ),
            TransportError::WriteFailed(e) => {
                write!(f, "cannot write to the implementation: {e}")
            }
            TransportError::Exited(s) => write!(f, "the implementation {s}"),
            TransportError::TooLong => write!(
                f,
                "the implementation wrote a line longer than {} MiB",
                MAX_LINE / (1024 * 1024)
            ),
            TransportError::NotUtf8(at) => {
                write!(
                    f,
                    "the implementation wrote a line that is not UTF-8 (byte {at})"
                )
            }
            TransportError::Spawn(e) => f.write_str(e),
        }
    }
}

/// A line to write, and where to say whether it was written.
type WriteJob = (String, SyncSender<Result<(), String>>);

/// A running child process.
pub struct LineProcess {
    child: Child,
    lines: Receiver<Incoming>,
    writes: Option<SyncSender<WriteJob>>,
    /// The command line, for messages.
    pub program: String,
    closed: Option<String>,
}

/// Reads lines of at most [`MAX_LINE`] bytes.
fn read_lines(stdout: impl Read, tx: mpsc::Sender<Incoming>) {
    let mut r = BufReader::with_capacity(64 * 1024, stdout);
    let mut line: Vec<u8> = Vec::new();
    let mut too_long = false;
    let mut reported = false;
    loop {
        let buf = match r.fill_buf() {
            Ok(b) => b,
            Err(e) => {
                let _ = tx.send(Incoming::Closed(Some(e.to_string())));
                return;
            }
        };
        if buf.is_empty() {
            if !line.is_empty() && !too_long {
                let _ = tx.send(finish(std::mem::take(&mut line)));
            }
            let _ = tx.send(Incoming::Closed(None));
            return;
        }
        let (chunk, ends) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        if !too_long {
            if line.len() + chunk.len() > MAX_LINE {
                too_long = true;
                line = Vec::new();
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let used = ends.unwrap_or(buf.len());
        r.consume(used);
        if ends.is_some() {
            let msg = if !too_long {
                Some(finish(std::mem::take(&mut line)))
            } else if !reported {
                Some(Incoming::TooLong)
            } else {
                None
            };
            too_long = false;
            reported = false;
            if let Some(msg) = msg {
                if tx.send(msg).is_err() {
                    return;
                }
            }
        } else if too_long && !reported {
            // Say so now, so that a reply that never ends fails without
            // waiting for its end; the rest of the line is discarded.
            reported = true;
            if tx.send(Incoming::TooLong).is_err() {
                return;
            }
        }
    }
}

fn finish(mut line: Vec<u8>) -> Incoming {
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    match String::from_utf8(line) {
        Ok(s) => Incoming::Line(s),
        Err(e) => Incoming::NotUtf8(e.utf8_error().valid_up_to()),
    }
}

impl LineProcess {
    /// Starts `command` (program and arguments) in its own process group.
    pub fn spawn(command: &[String]) -> Result<LineProcess, TransportError> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| TransportError::Spawn("empty command".into()))?;
        let mut cmd = Command::new(program);
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            cmd.process_group(0);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| TransportError::Spawn(format!("cannot start {program}: {e}")))?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let (Some(mut stdin), Some(stdout)) = (stdin, stdout) else {
            return Err(TransportError::Spawn("no pipes to the child".into()));
        };
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || read_lines(stdout, tx));
        let (wtx, wrx) = mpsc::sync_channel::<WriteJob>(1);
        std::thread::spawn(move || {
            for (text, done) in wrx {
                let r = stdin
                    .write_all(text.as_bytes())
                    .and_then(|()| stdin.write_all(b"\n"))
                    .and_then(|()| stdin.flush())
                    .map_err(|e| e.to_string());
                let failed = r.is_err();
                let _ = done.send(r);
                if failed {
                    break;
                }
            }
        });
        Ok(LineProcess {
            child,
            lines,
            writes: Some(wtx),
            program: command.join(" "),
            closed: None,
        })
    }

    /// Writes one line, waiting at most until `deadline` for the child to
    /// take it.
    pub fn send(&mut self, line: &str, deadline: Deadline) -> Result<(), TransportError> {
        let writes = self
            .writes
            .as_ref()
            .ok_or_else(|| TransportError::WriteFailed("the input is closed".into()))?;
        let (done_tx, done_rx) = mpsc::sync_channel(1);
        let wait = deadline.left();
        writes
            .send((line.to_string(), done_tx))
            .map_err(|_| TransportError::WriteFailed("the writer stopped".into()))?;
        match done_rx.recv_timeout(wait) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(TransportError::WriteFailed(e)),
            Err(_) => Err(TransportError::WriteTimeout(deadline.budget)),
        }
    }

    /// The next line, waiting at most until `deadline`.
    pub fn recv(&mut self, deadline: Deadline) -> Result<String, TransportError> {
        if let Some(why) = &self.closed {
            return Err(TransportError::Exited(why.clone()));
        }
        match self.lines.recv_timeout(deadline.left()) {
            Ok(Incoming::Line(l)) => Ok(l),
            Ok(Incoming::TooLong) => Err(TransportError::TooLong),
            Ok(Incoming::NotUtf8(at)) => Err(TransportError::NotUtf8(at)),
            Ok(Incoming::Closed(Some(e))) => {
                let why = format!("output could not be read ({e})");
                self.closed = Some(why.clone());
                Err(TransportError::Exited(why))
            }
            Ok(Incoming::Closed(None)) | Err(RecvTimeoutError::Disconnected) => {
                // Give the child a moment to be reaped, for its exit status.
                let mut status = None;
                for _ in 0..20 {
                    status = self.child.try_wait().ok().flatten();
                    if status.is_some() {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
                let why = match status {
                    Some(s) => format!("exited ({s})"),
                    None => "closed its output".to_string(),
                };
                self.closed = Some(why.clone());
                Err(TransportError::Exited(why))
            }
            Err(RecvTimeoutError::Timeout) => Err(TransportError::Timeout(deadline.budget)),
        }
    }

    /// Lines already waiting, without blocking (stale output of an earlier
    /// request).
    pub fn drain(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        while let Ok(msg) = self.lines.try_recv() {
            match msg {
                Incoming::Line(l) => out.push(l),
                Incoming::TooLong | Incoming::NotUtf8(_) => out.push(String::new()),
                Incoming::Closed(_) => {
                    self.closed = Some("closed its output".into());
                    break;
                }
            }
        }
        out
    }

    /// The child's process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for LineProcess {
    fn drop(&mut self) {
        self.writes = None;
        #[cfg(unix)]
        {
            // The group id is the child's pid (process_group(0) above).
            if let Ok(pid) = i32::try_from(self.child.id()) {
                // SAFETY: kill(2) with a negative pid signals that process
                // group; it touches no memory of ours.
                unsafe {
                    libc::kill(-pid, libc::SIGKILL);
                }
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
