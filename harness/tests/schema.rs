//! The case schema (spec/case.schema.json) is generated from xq-spec's case
//! types (`xq_spec::cases::schema`; xq-spec's `tests/schema.rs` checks that
//! the committed file is the generated one) and machine-checked here
//! against the suite and the loader: every case file in the suite
//! satisfies it, and the loader rejects every sample the schema rejects.
//! The schema is checked with Python's `jsonschema` (installed by .ci/run);
//! without it those tests are skipped, except in CI.

use std::path::{Path, PathBuf};
use std::process::Command;

use xq_harness::case::load_file;
use xq_harness::registry::Registry;
use xq_harness::Suite;

fn python_schema_check(files: &[PathBuf]) -> Option<Vec<(PathBuf, Result<(), String>)>> {
    let root = Suite::default_root();
    let out = Command::new("python3")
        .arg(root.join("harness/tests/fixtures/check_schema.py"))
        .arg(root.join("spec/case.schema.json"))
        .args(files)
        .output()
        .ok()?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            std::env::var_os("CI").is_none(),
            "the schema checker cannot run in CI: {err}"
        );
        eprintln!("schema check skipped: {err}");
        return None;
    }
    let text = String::from_utf8(out.stdout).unwrap();
    Some(
        text.lines()
            .map(|l| match l.strip_prefix("ok ") {
                Some(f) => (PathBuf::from(f), Ok(())),
                None => {
                    let rest = l.strip_prefix("invalid ").expect("ok or invalid");
                    let (f, msg) = rest.split_once(": ").unwrap_or((rest, ""));
                    (PathBuf::from(f), Err(msg.to_string()))
                }
            })
            .collect(),
    )
}

fn case_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            case_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "yaml") {
            out.push(p);
        }
    }
}

#[test]
fn every_case_file_satisfies_the_schema() {
    let mut files = Vec::new();
    case_files(&Suite::default_root().join("cases"), &mut files);
    let Some(results) = python_schema_check(&files) else {
        return;
    };
    assert_eq!(results.len(), files.len());
    for (f, r) in results {
        assert!(r.is_ok(), "{}: {}", f.display(), r.unwrap_err());
    }
}

/// Samples the schema rejects; the loader must reject each of them too.
const REJECTED: &[(&str, &str)] = &[
    ("unknown-top-key", "cases: []\nversion: 2\n"),
    ("missing-expect", "cases:\n  - id: a.b\n    clauses: [move.all]\n    description: d\n    ask: status\n"),
    ("bad-id", "cases:\n  - id: A.B\n    clauses: [move.all]\n    description: d\n    ask: status\n    expect: {in_check: false}\n"),
    ("empty-clauses", "cases:\n  - id: a.b\n    clauses: []\n    description: d\n    ask: status\n    expect: {in_check: false}\n"),
    ("unknown-ask", "cases:\n  - id: a.b\n    clauses: [move.all]\n    description: d\n    ask: colour\n    expect: {}\n"),
    ("perft-without-depth", "cases:\n  - id: a.b\n    clauses: [move.all]\n    description: d\n    ask: perft\n    expect: 44\n"),
    ("status-with-move", "cases:\n  - id: a.b\n    clauses: [move.all]\n    description: d\n    ask: status\n    move: h2e2\n    expect: {in_check: false}\n"),
    ("uppercase-iccs", "cases:\n  - id: a.b\n    clauses: [move.all]\n    description: d\n    ask: legal-moves\n    expect: {includes: [H2E2]}\n"),
    ("empty-legal-expect", "cases:\n  - id: a.b\n    clauses: [move.all]\n    description: d\n    ask: legal-moves\n    expect: {}\n"),
    ("legal-with-reason", "cases:\n  - id: a.b\n    clauses: [move.all]\n    description: d\n    ask: is-legal\n    move: h2e2\n    expect: {legal: true, reason: path-blocked}\n"),
    ("unknown-reason", "cases:\n  - id: a.b\n    clauses: [move.all]\n    description: d\n    ask: is-legal\n    move: h2h9\n    expect: {legal: false, reason: blocked}\n"),
    ("bad-result", "cases:\n  - id: a.b\n    clauses: [move.all]\n    description: d\n    ask: status\n    expect: {result: draw}\n"),
    ("alias-notation", "cases:\n  - id: a.b\n    clauses: [move.all]\n    description: d\n    ask: convert\n    move: h2e2\n    to: zh\n    expect: 炮二平五\n"),
    ("bad-rejection", "cases:\n  - id: a.b\n    clauses: [move.all]\n    description: d\n    ask: convert\n    move: h2e2\n    to: wxf\n    expect: {error: nonsense}\n"),
    ("valid-with-problem", "cases:\n  - id: a.b\n    clauses: [move.all]\n    description: d\n    ask: position\n    expect: {valid: true, problem: too-many}\n"),
    ("position-with-moves", "cases:\n  - id: a.b\n    clauses: [move.all]\n    description: d\n    moves: h2e2\n    ask: position\n    expect: {valid: true}\n"),
    ("negative-depth", "cases:\n  - id: a.b\n    clauses: [move.all]\n    description: d\n    ask: perft\n    depth: -1\n    expect: 44\n"),
    // Stricter since the schema is generated from the loader's rules:
    ("status-with-move-iccs", "cases:\n  - id: a.b\n    clauses: [move.all]\n    description: d\n    ask: status\n    move_iccs: h2e2\n    expect: {in_check: false}\n"),
    ("status-with-record", "cases:\n  - id: a.b\n    clauses: [move.all]\n    description: d\n    moves: h2e2\n    record: true\n    ask: status\n    expect: {in_check: false}\n"),
    ("status-by-edition", "cases:\n  - id: a.b\n    clauses: [move.all]\n    description: d\n    ask: status\n    expect: {in_check: false}\n    expect_by_edition:\n      cxa-2020: {in_check: false}\n"),
    ("moves-iccs-without-moves", "cases:\n  - id: a.b\n    clauses: [move.all]\n    description: d\n    moves_iccs: h2e2\n    ask: status\n    expect: {in_check: false}\n"),
    ("exact-twice", "cases:\n  - id: a.b\n    clauses: [move.all]\n    description: d\n    ask: legal-moves\n    expect: {exact: [h2e2, h2e2]}\n"),
    ("empty-editions", "cases:\n  - id: a.b\n    clauses: [move.all]\n    description: d\n    editions: []\n    ask: status\n    expect: {in_check: false}\n"),
];

#[test]
fn the_loader_rejects_what_the_schema_rejects() {
    let dir = std::env::temp_dir().join(format!("xq-schema-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files: Vec<PathBuf> = REJECTED
        .iter()
        .map(|(name, text)| {
            let p = dir.join(format!("{name}.yaml"));
            std::fs::write(&p, text).unwrap();
            p
        })
        .collect();
    let registry = Registry::load_spec(&Suite::default_root().join("spec")).unwrap();
    for f in &files {
        assert!(
            load_file(f, f, &registry).is_err(),
            "the loader accepts {}",
            f.display()
        );
    }
    if let Some(results) = python_schema_check(&files) {
        for (f, r) in results {
            assert!(
                r.is_err(),
                "the schema accepts {}, a sample it should reject",
                f.display()
            );
        }
    }
}
