//! Helpers shared by the harness's own tests: scratch suites and runs.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use xq_harness::expectations::Expectations;
use xq_harness::implementation::{Factory, JsonLinesFactory, Pool};
use xq_harness::runner::{self, CaseResult, Run, Settings, Status};
use xq_harness::Suite;

/// A scratch suite: the real registry and the given case files.
pub fn scratch_suite(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let root = std::env::temp_dir().join(format!("xq-harness-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("spec/editions")).unwrap();
    let spec = Suite::default_root().join("spec");
    std::fs::copy(spec.join("clauses.yaml"), root.join("spec/clauses.yaml")).unwrap();
    for e in std::fs::read_dir(spec.join("editions")).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), root.join("spec/editions").join(e.file_name())).unwrap();
    }
    for (path, text) in files {
        let p = root.join("cases").join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    root
}

pub fn load(root: &Path) -> Suite {
    Suite::load(root).unwrap_or_else(|e| {
        panic!(
            "{}",
            e.iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        )
    })
}

pub fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
        .display()
        .to_string()
}

/// A fixture adapter (a Python script), with an optional mode argument.
pub fn python(script: &str, args: &[&str], timeout: Duration) -> Box<dyn Factory> {
    let mut command = vec!["python3".to_string(), fixture(script)];
    command.extend(args.iter().map(|s| s.to_string()));
    Box::new(JsonLinesFactory { command, timeout })
}

/// Runs every trial of `suite` against the implementation and returns the results.
pub fn run(
    suite: &Suite,
    factory: Box<dyn Factory>,
    expectations: Expectations,
    settings: Settings,
) -> Vec<CaseResult> {
    let pool = Pool::new(factory).expect("the implementation starts");
    let run = Run::new(pool, expectations, settings);
    let trials = runner::trials(runner::plan(suite, None), &run, None);
    // The inner run reports through `run.results()`; its own output is not wanted here.
    let args = libtest_mimic::Arguments::from_iter([
        "x",
        "--test-threads",
        "1",
        "--quiet",
        "--logfile",
        "/dev/null",
    ]);
    let _ = libtest_mimic::run(&args, trials);
    run.results()
}

pub fn status_of(results: &[CaseResult], name: &str) -> (Status, String) {
    results
        .iter()
        .find(|r| r.name == name)
        .map(|r| (r.status, r.message.clone().unwrap_or_default()))
        .unwrap_or_else(|| panic!("no result for {name}"))
}

/// Perft-1 cases of the start position (44), one per id.
pub fn perft_cases(ids: &[&str]) -> String {
    let mut text = String::from("cases:\n");
    for id in ids {
        text.push_str(&format!(
            "  - id: perft.{id}\n    clauses: [move.all]\n    description: d\n    ask: perft\n    depth: 1\n    expect: 44\n"
        ));
    }
    text
}
