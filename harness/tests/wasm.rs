//! The oracle's WebAssembly build answers the whole suite exactly as the
//! native oracle does: the suite through `harness/adapters/xq_wasm_adapter.mjs`
//! (Node and the npm package of `oracle/wasm`) meets the native oracle's own
//! expectations file, with no entry stale, and every case's answer, status
//! and message are the in-process oracle's, case for case. Skipped (with the
//! reason printed) when Node or the built module is missing, except in CI,
//! which builds the module first (`.ci/run`).

use std::path::Path;
use std::process::Command;

use serde_json::Value;
use xq_harness::cli::{main_with, Options};
use xq_harness::Suite;

fn in_ci() -> bool {
    std::env::var_os("CI").is_some()
}

/// Why the wasm run cannot be made here, if it cannot.
fn missing(root: &Path) -> Option<String> {
    let node = Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !node {
        return Some("node is not installed".into());
    }
    let module = root.join("oracle/wasm/npm/xq.wasm");
    if !module.exists() {
        return Some(format!(
            "{} is not built (oracle/wasm/build.sh)",
            module.display()
        ));
    }
    None
}

/// Runs the suite and returns its JSON report.
fn run(which: &[&str], json: &Path) -> Value {
    let root = Suite::default_root();
    let exp = root.join("harness/expectations/xq-oracle.yaml");
    let args = which
        .iter()
        .copied()
        .chain([
            "--expectations",
            exp.to_str().unwrap(),
            "--json",
            json.to_str().unwrap(),
            "--quiet",
            "--test-threads",
            "2",
            "--logfile",
            "/dev/null",
        ])
        .map(String::from);
    let code = main_with(Options::parse(args).expect("options"));
    assert_eq!(
        format!("{code:?}"),
        format!("{:?}", std::process::ExitCode::SUCCESS),
        "{which:?}: the run has unexpected failures or stale expectations"
    );
    serde_json::from_slice(&std::fs::read(json).expect("the report")).expect("JSON")
}

fn by_case(report: &Value) -> Vec<(String, Value)> {
    let mut v: Vec<(String, Value)> = report["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| {
            let key = format!("{} {}", r["id"], r["edition"]);
            let graded = serde_json::json!({
                "actual": r["actual"],
                "status": r["status"],
                "message": r["message"],
            });
            (key, graded)
        })
        .collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v
}

#[test]
fn the_wasm_build_answers_every_case_as_the_native_oracle() {
    let root = Suite::default_root();
    if let Some(why) = missing(&root) {
        assert!(!in_ci(), "CI must build the wasm package: {why}");
        eprintln!("{why}: skipped");
        return;
    }
    let dir = std::env::temp_dir().join(format!("xq-wasm-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let adapter = format!(
        "node {}",
        root.join("harness/adapters/xq_wasm_adapter.mjs").display()
    );
    let wasm = run(&["--adapter", &adapter], &dir.join("wasm.json"));
    let native = run(&["--oracle"], &dir.join("native.json"));
    let _ = std::fs::remove_dir_all(&dir);
    // The handshake passed through is the native one.
    assert_eq!(wasm["implementation"]["name"], "xq-oracle");
    assert_eq!(
        wasm["implementation"]["version"],
        native["implementation"]["version"]
    );
    let (w, n) = (by_case(&wasm), by_case(&native));
    assert_eq!(w.len(), n.len(), "the same cases were run");
    assert!(n.len() > 1000, "the whole suite ran: {} cases", n.len());
    let differ: Vec<String> = w
        .iter()
        .zip(&n)
        .filter(|(a, b)| a != b)
        .map(|((k, a), (_, b))| format!("{k}: wasm {a}, native {b}"))
        .collect();
    assert!(
        differ.is_empty(),
        "{} case(s) differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}
