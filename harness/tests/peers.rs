//! The committed expectations of the real peers stay true: the suite against
//! Fairy-Stockfish (UCI) and against pyffish (through its adapter) fails
//! exactly where the expectations files say, and no entry is stale.
//! A peer that is not installed is skipped, except in CI, which installs both.

use std::process::Command;

use xq_harness::cli::{main_with, Options};
use xq_harness::Suite;

fn in_ci() -> bool {
    std::env::var_os("CI").is_some()
}

/// Whether pyffish can be imported; outside CI its absence skips the test.
fn pyffish_installed() -> bool {
    let ok = Command::new("python3")
        .args(["-c", "import pyffish"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(!in_ci(), "CI must install pyffish");
        eprintln!("pyffish not installed: skipped");
    }
    ok
}

fn run(args: &[&str]) {
    // Failures show in the assertion below; the inner run's own report is not wanted.
    let quiet = ["--quiet", "--test-threads", "2", "--logfile", "/dev/null"];
    let args = args.iter().chain(&quiet).map(|s| s.to_string());
    let options = Options::parse(args).expect("options");
    let code = main_with(options);
    assert_eq!(
        format!("{code:?}"),
        format!("{:?}", std::process::ExitCode::SUCCESS),
        "the run has unexpected failures or stale expectations"
    );
}

#[test]
fn fairy_stockfish_meets_its_expectations() {
    let engine = "/usr/games/fairy-stockfish";
    if !std::path::Path::new(engine).exists() {
        assert!(!in_ci(), "CI must install fairy-stockfish");
        eprintln!("fairy-stockfish not installed: skipped");
        return;
    }
    let exp = Suite::default_root().join("harness/expectations/fairy-stockfish.yaml");
    run(&["--uci", engine, "--expectations", exp.to_str().unwrap()]);
}

#[test]
fn pyffish_meets_its_expectations() {
    if !pyffish_installed() {
        return;
    }
    let root = Suite::default_root();
    let adapter = format!(
        "python3 {}",
        root.join("harness/adapters/pyffish_adapter.py").display()
    );
    let exp = root.join("harness/expectations/pyffish.yaml");
    // pyffish answers for the Asian rules; one edition keeps the run short.
    // Perft 3 through Python takes seconds; allow for a loaded machine.
    run(&[
        "--adapter",
        &adapter,
        "--edition",
        "axf-2017",
        "--timeout",
        "60",
        "--expectations",
        exp.to_str().unwrap(),
    ]);
}

#[test]
fn the_pyffish_adapter_passes_its_own_self_check() {
    if !pyffish_installed() {
        return;
    }
    let script = Suite::default_root().join("harness/adapters/test_pyffish_adapter.py");
    let out = Command::new("python3")
        .arg(&script)
        .output()
        .expect("run python3");
    assert!(
        out.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
