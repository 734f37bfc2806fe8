//! Running the `xq` binary as a user would, with a timeout: a test that
//! hangs fails instead of holding the suite.
#![allow(dead_code)] // each test file uses its own part of this

use std::ffi::OsStr;
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// No single run of `xq` in these tests may take longer.
pub const TIMEOUT: Duration = Duration::from_secs(60);

/// What a run of `xq` did.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// The binary under test: `XQ_BIN` if set (to try the tests on another
/// build, e.g. an older one), else the one cargo built.
pub fn bin() -> std::path::PathBuf {
    std::env::var_os("XQ_BIN")
        .map(Into::into)
        .unwrap_or_else(|| env!("CARGO_BIN_EXE_xq").into())
}

/// Runs `xq ARGS` with `stdin` as its standard input.
pub fn xq<S: AsRef<OsStr>>(args: &[S], stdin: &[u8]) -> Run {
    let mut child = Command::new(bin())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start xq");
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    // The server may stop reading (stop, or an error): a failed write is fine.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        out.read_to_end(&mut s).map(|_| s)
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        err.read_to_end(&mut s).map(|_| s)
    });
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait for xq") {
            break s;
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("xq {:?} did not finish within {TIMEOUT:?}", args_text(args));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = writer.join();
    let stdout = reader.join().unwrap().expect("read stdout");
    let stderr = err_reader.join().unwrap().expect("read stderr");
    let run = Run {
        code: status
            .code()
            .unwrap_or_else(|| panic!("xq was killed by a signal: {status}")),
        stdout: String::from_utf8(stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(stderr).expect("stderr is UTF-8"),
    };
    assert!(
        !run.stderr.contains("panicked"),
        "xq {:?} panicked: {}",
        args_text(args),
        run.stderr
    );
    run
}

fn args_text<S: AsRef<OsStr>>(args: &[S]) -> Vec<String> {
    args.iter()
        .map(|a| {
            let s = a.as_ref().to_string_lossy();
            if s.len() > 60 {
                let mut end = 60;
                while !s.is_char_boundary(end) {
                    end -= 1;
                }
                format!("{}… ({} bytes)", &s[..end], s.len())
            } else {
                s.into_owned()
            }
        })
        .collect()
}

/// Asserts a failure: nothing on standard output, exactly `line` (one line,
/// `xq: …`) on standard error, and the exit status.
#[track_caller]
pub fn assert_fails(run: &Run, code: i32, line: &str) {
    assert_eq!(run.stderr, format!("{line}\n"), "standard error");
    assert_eq!(run.code, code, "exit status; stderr: {}", run.stderr);
    assert_eq!(run.stdout, "", "standard output");
}

/// Asserts a failure whose one line starts with `prefix`, and is bounded.
#[track_caller]
pub fn assert_fails_with_prefix(run: &Run, code: i32, prefix: &str) {
    assert_eq!(run.code, code, "exit status; stderr: {}", run.stderr);
    assert!(run.stderr.starts_with(prefix), "stderr: {}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "one line: {}", run.stderr);
    assert!(
        run.stderr.len() <= 700,
        "bounded: {} bytes",
        run.stderr.len()
    );
    assert_eq!(run.stdout, "", "standard output");
}

/// Asserts success and returns standard output.
#[track_caller]
pub fn assert_ok(run: &Run) -> &str {
    assert_eq!(run.code, 0, "exit status; stderr: {}", run.stderr);
    assert_eq!(run.stderr, "", "standard error");
    &run.stdout
}
