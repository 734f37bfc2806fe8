//! The committed expectations of the real peers stay true: the suite against
//! Fairy-Stockfish and Sjaak II (UCI) and against every Python
//! implementation (through its adapter in harness/adapters/) fails exactly
//! where the expectations files say, and no entry is stale; and each
//! adapter passes its own self-check; the Python package of the oracle
//! answers as the oracle does. A peer that is not installed is
//! skipped, except in CI, which installs them all (.ci/run).

use std::process::Command;

use xq_harness::cli::{main_with, Options};
use xq_harness::Suite;

fn in_ci() -> bool {
    std::env::var_os("CI").is_some()
}

/// Whether a Python module can be imported; outside CI its absence skips
/// the test.
fn python_module_installed(module: &str) -> bool {
    let ok = Command::new("python3")
        .args(["-c", &format!("import {module}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(!in_ci(), "CI must install the Python module {module}");
        eprintln!("{module} not installed: skipped");
    }
    ok
}

fn pyffish_installed() -> bool {
    python_module_installed("pyffish")
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

/// The suite against a UCI engine (every edition: its answers do not
/// depend on one, and the whole run takes a second or two).
fn uci_engine_meets_its_expectations(engine: &str, package: &str, expectations: &str) {
    if !std::path::Path::new(engine).exists() {
        assert!(!in_ci(), "CI must install {package}");
        eprintln!("{package} not installed: skipped");
        return;
    }
    let exp = Suite::default_root().join(format!("harness/expectations/{expectations}.yaml"));
    run(&["--uci", engine, "--expectations", exp.to_str().unwrap()]);
}

#[test]
fn fairy_stockfish_meets_its_expectations() {
    uci_engine_meets_its_expectations(
        "/usr/games/fairy-stockfish",
        "fairy-stockfish",
        "fairy-stockfish",
    );
}

/// Sjaak II through the same UCI adapter: no `d` (status without check),
/// its own `perft N 1`, h/e FEN letters; its doubled parry in double check
/// is the one known bug.
#[test]
fn sjaakii_meets_its_expectations() {
    uci_engine_meets_its_expectations("/usr/games/sjaakii", "sjaakii", "sjaakii");
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
    self_check("pyffish");
}

/// Runs `harness/adapters/test_NAME_adapter.py`.
fn self_check(adapter: &str) {
    let script = Suite::default_root().join(format!("harness/adapters/test_{adapter}_adapter.py"));
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

/// The suite through `harness/adapters/ADAPTER_adapter.py` meets
/// `harness/expectations/EXPECTATIONS.yaml`, under edition cxa-2020 only.
/// Questions asked once (moves, status, perft, notation) are all asked
/// under any edition, so only rulings are left out, and these libraries'
/// rulings follow no edition (xiangqi's and gym-xiangqi's game loops answer
/// the same whatever the edition): the other three editions would add
/// about 30 s of the same code for xiangqi. The expectations files are
/// checked under all four editions by `xq-suite --report docs/`.
fn adapter_meets_its_expectations(adapter: &str, expectations: &str) {
    let root = Suite::default_root();
    let command = format!(
        "python3 {}",
        root.join(format!("harness/adapters/{adapter}_adapter.py"))
            .display()
    );
    let exp = root.join(format!("harness/expectations/{expectations}.yaml"));
    // Python move generators are slow (perft 2-3 takes seconds); allow for a
    // loaded machine.
    run(&[
        "--adapter",
        &command,
        "--edition",
        "cxa-2020",
        "--timeout",
        "60",
        "--expectations",
        exp.to_str().unwrap(),
    ]);
}

#[test]
fn cchess_meets_its_expectations() {
    if python_module_installed("cchess") {
        adapter_meets_its_expectations("cchess", "cchess");
    }
}

#[test]
fn the_cchess_adapter_passes_its_own_self_check() {
    if python_module_installed("cchess") {
        self_check("cchess");
    }
}

#[test]
fn xiangqi_meets_its_expectations() {
    if python_module_installed("xiangqi") {
        adapter_meets_its_expectations("xiangqi", "xiangqi");
    }
}

#[test]
fn the_xiangqi_adapter_passes_its_own_self_check() {
    if python_module_installed("xiangqi") {
        self_check("xiangqi");
    }
}

#[test]
fn chinese_chess_lib_meets_its_expectations() {
    if python_module_installed("chinese_chess_lib") {
        adapter_meets_its_expectations("chinese_chess_lib", "chinese-chess-lib");
    }
}

#[test]
fn the_chinese_chess_lib_adapter_passes_its_own_self_check() {
    if python_module_installed("chinese_chess_lib") {
        self_check("chinese_chess_lib");
    }
}

#[test]
fn gym_xiangqi_meets_its_expectations() {
    if python_module_installed("gym_xiangqi") {
        adapter_meets_its_expectations("gym_xiangqi", "gym-xiangqi");
    }
}

#[test]
fn the_gym_xiangqi_adapter_passes_its_own_self_check() {
    if python_module_installed("gym_xiangqi") {
        self_check("gym_xiangqi");
    }
}

/// Whether a Python package is installed, without importing it:
/// nonebot-plugin-cchess's `__init__` needs a running bot, and its adapter
/// imports only its board modules.
fn python_package_installed(module: &str) -> bool {
    let ok = Command::new("python3")
        .args([
            "-c",
            &format!(
                "import importlib.util, sys; sys.exit(importlib.util.find_spec({module:?}) is None)"
            ),
        ])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(!in_ci(), "CI must install the Python package {module}");
        eprintln!("{module} not installed: skipped");
    }
    ok
}

#[test]
fn nonebot_cchess_meets_its_expectations() {
    if python_package_installed("nonebot_plugin_cchess") {
        adapter_meets_its_expectations("nonebot_cchess", "nonebot-cchess");
    }
}

#[test]
fn the_nonebot_cchess_adapter_passes_its_own_self_check() {
    if python_package_installed("nonebot_plugin_cchess") {
        self_check("nonebot_cchess");
    }
}

/// The handshake `spec/PROTOCOL.md` shows is the one its example adapter
/// (`pyffish_adapter.py`) sends, `limits` and `conventions` included.
#[test]
fn the_protocol_handshake_example_is_what_the_example_adapter_sends() {
    if !pyffish_installed() {
        return;
    }
    use std::io::Write;
    let root = Suite::default_root();
    let doc = std::fs::read_to_string(root.join("spec/PROTOCOL.md")).unwrap();
    let after = &doc[doc.find("The implementation answers").expect("the example")..];
    let block = &after[after.find("```json\n").unwrap() + 8..];
    let block = &block[..block.find("```").unwrap()];
    let shown: serde_json::Value = serde_json::from_str(block).expect("the example is JSON");
    let mut child = Command::new("python3")
        .arg(root.join("harness/adapters/pyffish_adapter.py"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"{\"type\":\"start\",\"protocol\":1}\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let first = String::from_utf8_lossy(&out.stdout);
    let sent: serde_json::Value =
        serde_json::from_str(first.lines().next().unwrap_or_default()).unwrap();
    assert_eq!(sent, shown);
}

/// The Python package (`xiangqi_oracle`, oracle/python) through
/// `harness/adapters/xq_python_adapter.py`, under every edition: its
/// answers are the oracle's own, so its expectations file is the oracle's
/// (`xq-python.yaml` is a link to `xq-oracle.yaml`): it fails exactly where
/// the native oracle does, and nowhere else. The wheel must be installed in
/// the `python3` on the PATH (.ci/run installs it).
#[test]
fn the_python_package_answers_every_case_as_the_native_oracle() {
    if !python_module_installed("xiangqi_oracle") {
        return;
    }
    let root = Suite::default_root();
    let adapter = format!(
        "python3 {}",
        root.join("harness/adapters/xq_python_adapter.py").display()
    );
    let exp = root.join("harness/expectations/xq-python.yaml");
    run(&[
        "--adapter",
        &adapter,
        "--timeout",
        "60",
        "--expectations",
        exp.to_str().unwrap(),
    ]);
}
