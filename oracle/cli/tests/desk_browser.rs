//! The desk in a real browser: starts `xq desk` and runs the Node script
//! `oracle/cli/desk/e2e/desk.test.mjs`, which drives a headless Chromium
//! (Debian's `chromium`) with `playwright-core` through what an arbiter
//! does; then the same script against the static desk (the exported page
//! opened from file://, the oracle in WebAssembly, no server). Without Chromium, Node or the npm package the test is skipped
//! locally, never in CI (`CI` set), which installs them (`.ci/run`).
//!
//! Before the run it writes a 300-game CBL library with the records writer
//! (`write_cbl`), for the library table's timing: `write_library`, which
//! `bench/desk.sh` also calls through the ignored test below.
//!
//! The screenshots of each flow (and the report's PDF) are kept as the
//! run's artefacts, in `target/desk-screenshots/http/` and
//! `target/desk-screenshots/static/` (`NN-name.png`), or under the folder
//! named by `XQ_DESK_SHOTS`; each run first removes the pictures the last
//! one left there, and ends by listing what it wrote, with sizes.

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

/// 300 games of 40 to 120 plies, each move chosen among the legal ones by
/// a fixed pseudo-random sequence (so the library is the same every run),
/// with players, events, dates and results to search and show.
fn library_records() -> Vec<xq_records::Record> {
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let names = [
        "Zhang", "Wang", "Li", "Zhao", "Chen", "Liu", "Yang", "Huang", "Zhou", "Wu",
    ];
    let results = [
        xq_core::Outcome::RedWins,
        xq_core::Outcome::BlackWins,
        xq_core::Outcome::Draw,
    ];
    (0..300)
        .map(|i| {
            let start = xq_core::Position::start();
            let mut record = xq_records::Record::new(start.clone());
            let mut pos = start;
            let plies = 40 + (next() % 81) as usize;
            for _ in 0..plies {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[(next() % legal.len() as u64) as usize];
                record.main.moves.push(xq_records::MoveNode::new(mv));
                pos = pos.play(mv).expect("a legal move plays");
            }
            record.tags.event = Some(format!("Library Cup {}", 2000 + i % 25));
            record.tags.date = Some(format!(
                "{}.{:02}.{:02}",
                2000 + i % 25,
                1 + i % 12,
                1 + i % 28
            ));
            record.tags.round = Some(format!("{}", 1 + i % 9));
            record.tags.red = Some(format!("{} {}", names[i % 10], i));
            record.tags.black = Some(format!("{} {}", names[(i / 10) % 10], i + 1));
            record.tags.result = results[i % 3];
            record
        })
        .collect()
}

/// Writes the 300-game library to `path`.
fn write_library(path: &Path) {
    let bytes =
        xq_records::write_cbl("desk library", &library_records()).expect("a CBL is written");
    std::fs::write(path, bytes).expect("write the library");
}

/// `bench/desk.sh` makes its library with this: `LIBRARY_OUT=FILE cargo
/// test -p xq-cli --test desk_browser write_the_library -- --ignored`.
#[test]
#[ignore]
fn write_the_library() {
    let out = std::env::var_os("LIBRARY_OUT").expect("LIBRARY_OUT names the file to write");
    write_library(Path::new(&out));
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
    run_e2e(&chromium, &node, &desk.url, "http");
    assert!(
        desk.alive(),
        "the desk stopped answering during the browser tests"
    );
}

/// The same flows against the static desk (issue 23): the page that
/// `oracle/wasm/export-desk.mjs` writes, opened from file:// with no server
/// running, the oracle in the page (its WebAssembly module). It needs the
/// module (`oracle/wasm/build.sh`) and the npm package's esbuild (`cd
/// oracle/wasm/npm && npm ci`): without them it is skipped locally, never
/// in CI (`.ci/run` builds both first), as `harness/tests/wasm.rs` does.
#[test]
fn the_static_desk_works_in_a_browser() {
    let (chromium, node) = match needs().and_then(|n| static_needs().map(|()| n)) {
        Ok(n) => n,
        Err(why) => {
            assert!(!in_ci(), "CI must build the static desk's needs: {why}");
            eprintln!("static desk browser test skipped: {why}");
            return;
        }
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("static-desk");
    let _ = std::fs::remove_dir_all(&dir);
    let export = Command::new(&node)
        .arg(wasm_dir().join("export-desk.mjs"))
        .arg(&dir)
        .output()
        .expect("run export-desk.mjs");
    assert!(
        export.status.success(),
        "export-desk.mjs failed: {}",
        String::from_utf8_lossy(&export.stderr)
    );
    for file in ["index.html", "xq.wasm", "xq-wasm.js", "xq-names.woff2"] {
        assert!(dir.join(file).is_file(), "the export writes {file}");
    }
    let index = dir.join("index.html");
    let url = format!("file://{}", index.display());
    run_e2e(&chromium, &node, &url, "static");
}

fn wasm_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../wasm")
}

/// What the export needs, or why it is missing.
fn static_needs() -> Result<(), String> {
    let module = wasm_dir().join("npm/xq.wasm");
    if !module.exists() {
        return Err(format!(
            "{} is missing (oracle/wasm/build.sh)",
            module.display()
        ));
    }
    let esbuild = wasm_dir().join("npm/node_modules/esbuild/package.json");
    if !esbuild.exists() {
        return Err("esbuild is not installed (cd oracle/wasm/npm && npm ci)".into());
    }
    Ok(())
}

/// Where a backend's screenshots are kept: `XQ_DESK_SHOTS/BACKEND`, or
/// `target/desk-screenshots/BACKEND` (the parent of `CARGO_TARGET_TMPDIR`,
/// `target/tmp`, is the target folder).
fn shots_dir(backend: &str) -> PathBuf {
    let root = std::env::var_os("XQ_DESK_SHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
            tmp.parent().unwrap_or(tmp).join("desk-screenshots")
        });
    root.join(backend)
}

/// The pictures in `dir` (`.png`, `.pdf`), by name, with their sizes.
fn pictures(dir: &Path) -> Vec<(String, u64)> {
    let mut out: Vec<(String, u64)> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .filter_map(|e| {
                    let name = e.file_name().to_string_lossy().into_owned();
                    let picture = name.ends_with(".png") || name.ends_with(".pdf");
                    let len = e.metadata().ok().filter(|m| m.is_file())?.len();
                    picture.then_some((name, len))
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// Runs `desk.test.mjs` against the page at `url` (`backend`: `http` for
/// `xq desk`, `static` for the static desk), screenshots in
/// `shots_dir(backend)`.
/// One browser at a time: the two runs share 2 cores and time the page.
static BROWSER: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn run_e2e(chromium: &Path, node: &Path, url: &str, backend: &str) {
    let _one = BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let shots = shots_dir(backend);
    std::fs::create_dir_all(&shots).expect("the screenshots folder");
    // Only this run's pictures stay: a flow renamed or gone leaves none.
    for (name, _) in pictures(&shots) {
        std::fs::remove_file(shots.join(name)).expect("remove an old screenshot");
    }
    let library = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("library-300-{backend}.cbl"));
    write_library(&library);
    let mut child = Command::new(node)
        .arg("--test-reporter=spec")
        .arg("desk.test.mjs")
        .current_dir(e2e_dir())
        .env("DESK_URL", url)
        .env("DESK_BACKEND", backend)
        .env("CHROMIUM", chromium)
        .env("SCREENSHOTS", &shots)
        .env("LIBRARY", &library)
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
    // The script's own report, with its timings, then the screenshots it
    // wrote (before the verdict: a failed run's pictures matter most).
    eprintln!("{stdout}\n{stderr}");
    let kept = pictures(&shots);
    eprintln!(
        "screenshots ({backend}, {} files) in {}:",
        kept.len(),
        shots.display()
    );
    for (name, len) in &kept {
        eprintln!("  {len:>9}  {name}");
    }
    let status = status.unwrap_or_else(|| panic!("the browser tests took over {TIMEOUT:?}"));
    assert!(
        status.success(),
        "the browser tests ({backend}) failed ({status})"
    );
}
