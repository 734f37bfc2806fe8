//! The desk in a real browser: starts `xq desk` and runs the Node script
//! `oracle/cli/desk/e2e/desk.test.mjs`, which drives a headless Chromium
//! (Debian's `chromium`) with `playwright-core` through what an arbiter
//! does. Without Chromium, Node or the npm package the test is skipped
//! locally, never in CI (`CI` set), which installs them (`.ci/run`).

mod desk_common;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use desk_common::Desk;

/// The whole browser run may take no longer.
const TIMEOUT: Duration = Duration::from_secs(300);

fn in_ci() -> bool {
    std::env::var_os("CI").is_some()
}

fn e2e_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("desk/e2e")
}

/// What the run needs, or why it is missing.
fn needs() -> Result<(PathBuf, PathBuf), String> {
    let chromium = std::env::var_os("CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"));
    if !chromium.exists() {
        return Err(format!("{} is not installed", chromium.display()));
    }
    let node = Command::new("node")
        .arg("--version")
        .output()
        .map_err(|e| format!("node cannot run: {e}"))?;
    if !node.status.success() {
        return Err("node --version failed".into());
    }
    let package = e2e_dir().join("node_modules/playwright-core/package.json");
    if !package.exists() {
        return Err(format!(
            "playwright-core is not installed (cd {} && npm ci)",
            e2e_dir().display()
        ));
    }
    Ok((chromium, PathBuf::from("node")))
}

#[test]
fn the_desk_works_in_a_browser() {
    let (chromium, node) = match needs() {
        Ok(n) => n,
        Err(why) => {
            assert!(!in_ci(), "CI must install the browser tests' needs: {why}");
            eprintln!("browser test skipped: {why}");
            return;
        }
    };
    let desk = Desk::start(&[]);
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("desk-screenshots");
    let mut child = Command::new(node)
        .arg("--test-reporter=spec")
        .arg("desk.test.mjs")
        .current_dir(e2e_dir())
        .env("DESK_URL", &desk.url)
        .env("CHROMIUM", &chromium)
        .env("SCREENSHOTS", &shots)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start node");
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let began = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait for node") {
            break Some(s);
        }
        if began.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let stdout = reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    // The script's own report, with its timings and where the screenshots are.
    eprintln!("{stdout}\n{stderr}\nscreenshots: {}", shots.display());
    let status = status.unwrap_or_else(|| panic!("the browser tests took over {TIMEOUT:?}"));
    assert!(status.success(), "the browser tests failed ({status})");
    assert!(
        desk.alive(),
        "the desk stopped answering during the browser tests"
    );
}
