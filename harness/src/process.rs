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

/// The process groups of the children alive now (each child leads its own
/// group), so that a signal to the harness can be passed on to them.
static LIVE_GROUPS: std::sync::Mutex<Vec<i32>> = std::sync::Mutex::new(Vec::new());

fn live_groups() -> std::sync::MutexGuard<'static, Vec<i32>> {
    LIVE_GROUPS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Passes SIGINT, SIGTERM and SIGHUP on to every child's process group,
/// then ends the harness as that signal would. Children live in groups of
/// their own (so that a failed one can be killed with its children), which
/// also keeps a terminal's Ctrl-C or a CI timeout from reaching them: without
/// this, stopping `xq-suite` would leave them running. Each group gets the
/// signal, a moment to exit, then SIGKILL; the children are reaped. Called
/// once, by the `xq-suite` binary.
#[cfg(unix)]
pub fn forward_signals() {
    use std::sync::atomic::{AtomicI32, Ordering};
    static WRITE_END: AtomicI32 = AtomicI32::new(-1);
    extern "C" fn on_signal(sig: libc::c_int) {
        let byte = sig as u8;
        // SAFETY: write(2) is async-signal-safe; the buffer is a local byte.
        unsafe {
            libc::write(
                WRITE_END.load(Ordering::Relaxed),
                (&byte as *const u8).cast(),
                1,
            );
        }
    }
    let mut fds = [0 as libc::c_int; 2];
    // SAFETY: pipe(2) fills the two-element array it is given.
    if unsafe { libc::pipe(fds.as_mut_ptr()) } != 0 {
        return;
    }
    WRITE_END.store(fds[1], Ordering::Relaxed);
    let read_end = fds[0];
    std::thread::spawn(move || {
        let mut byte = 0u8;
        // SAFETY: read(2) into one local byte, from the pipe made above.
        while unsafe { libc::read(read_end, (&mut byte as *mut u8).cast(), 1) } != 1 {}
        // Before the children die: their trials then fail, the run ends,
        // and `main` must wait for this thread instead of exiting first.
        STOPPING.store(true, std::sync::atomic::Ordering::SeqCst);
        stop_children(libc::c_int::from(byte));
        // SAFETY: back to the default action, then the signal itself, so that
        // whoever started the harness sees it end by that signal.
        unsafe {
            libc::signal(libc::c_int::from(byte), libc::SIG_DFL);
            libc::raise(libc::c_int::from(byte));
        }
        std::process::exit(128 + i32::from(byte));
    });
    for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: the handler only writes one byte to a pipe.
        unsafe {
            libc::signal(
                sig,
                on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t,
            );
        }
    }
}

#[cfg(unix)]
static STOPPING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether a signal is stopping the harness (see [`forward_signals`]): the
/// caller should not exit on its own, the signal's thread ends the process.
#[cfg(unix)]
pub fn stopping() -> bool {
    STOPPING.load(std::sync::atomic::Ordering::SeqCst)
}

/// Signals every live child's group, waits up to a second for the children
/// to exit, kills what is left and reaps them.
#[cfg(unix)]
fn stop_children(sig: libc::c_int) {
    let groups = live_groups().clone();
    // SAFETY (this block and the ones below): kill(2) and waitpid(2) on the
    // ids of children this process started; no memory of ours is touched
    // except the status word.
    for &g in &groups {
        unsafe {
            libc::kill(-g, sig);
        }
    }
    let deadline = Instant::now() + Duration::from_secs(1);
    let mut left = groups.clone();
    while !left.is_empty() && Instant::now() < deadline {
        left.retain(|&g| {
            let mut status = 0;
            unsafe { libc::waitpid(g, &mut status, libc::WNOHANG) == 0 }
        });
        std::thread::sleep(Duration::from_millis(10));
    }
    for &g in &groups {
        // Members that outlived their leader, or ignored the signal.
        unsafe {
            libc::kill(-g, libc::SIGKILL);
        }
    }
    for g in left {
        let mut status = 0;
        unsafe {
            libc::waitpid(g, &mut status, 0);
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
        if let Ok(pid) = i32::try_from(child.id()) {
            live_groups().push(pid);
        }
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
        if let Ok(pid) = i32::try_from(self.child.id()) {
            live_groups().retain(|&g| g != pid);
        }
    }
}
