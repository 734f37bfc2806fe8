//! The case loader's errors point at file:line:column, and the runner
//! survives implementations that crash, hang or talk nonsense.

use std::path::{Path, PathBuf};
use std::time::Duration;

use xq_harness::implementation::{JsonLinesFactory, OracleFactory, Pool};
use xq_harness::runner::{self, Expectations, Run, Status};
use xq_harness::Suite;

/// A scratch suite: the real registry and the given case files.
fn scratch_suite(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let root = std::env::temp_dir().join(format!("xq-harness-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("spec")).unwrap();
    std::fs::copy(
        Suite::default_root().join("spec/clauses.yaml"),
        root.join("spec/clauses.yaml"),
    )
    .unwrap();
    for (path, text) in files {
        let p = root.join("cases").join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    root
}

fn load_errors(name: &str, text: &str) -> Vec<String> {
    let root = scratch_suite(name, &[("moves/a.yaml", text)]);
    match Suite::load(&root) {
        Ok(_) => panic!("the suite must not load"),
        Err(errors) => errors.iter().map(|e| e.to_string()).collect(),
    }
}

const HEAD: &str = "cases:\n  - id: moves.a\n    clauses: [move.horse.leg]\n    description: d\n";

#[test]
fn the_real_suite_loads() {
    let suite = Suite::load(&Suite::default_root()).unwrap_or_else(|errors| {
        panic!(
            "{}",
            errors
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        )
    });
    assert!(!suite.cases.is_empty());
}

#[test]
fn unknown_field_is_located_by_the_yaml_parser() {
    let e = load_errors(
        "unknown-field",
        &format!("{HEAD}    ask: legal-moves\n    colour: red\n    expect: {{count: 44}}\n"),
    );
    assert_eq!(e.len(), 1);
    // Line 6 holds `colour:`.
    assert!(
        e[0].starts_with("cases/moves/a.yaml:6:5: cases[0]: unknown field `colour`"),
        "{e:?}"
    );
}

#[test]
fn unknown_clause_names_line_and_column() {
    let text = "cases:\n  - id: moves.a\n    clauses: [move.horse.legs]\n    description: d\n    ask: legal-moves\n    expect: {count: 44}\n";
    let e = load_errors("unknown-clause", text);
    assert_eq!(
        e,
        ["cases/moves/a.yaml:3:15: case moves.a: unknown clause id move.horse.legs"]
    );
}

#[test]
fn duplicate_ids_are_rejected_with_the_first_place() {
    let case = "  - id: moves.a\n    clauses: [move.horse.leg]\n    description: d\n    ask: legal-moves\n    expect: {count: 44}\n";
    let root = scratch_suite(
        "dup",
        &[
            ("moves/a.yaml", &format!("cases:\n{case}")),
            ("moves/b.yaml", &format!("cases:\n{case}")),
        ],
    );
    let e: Vec<String> = match Suite::load(&root) {
        Ok(_) => panic!("duplicate ids must not load"),
        Err(errors) => errors.iter().map(|e| e.to_string()).collect(),
    };
    assert_eq!(e, ["cases/moves/b.yaml:2:5: duplicate case id moves.a (first defined at cases/moves/a.yaml:2)"]);
}

#[test]
fn invalid_fen_says_which_rank() {
    let e = load_errors("bad-fen", &format!("{HEAD}    fen: \"4k4/9/9/9/9/9/9/9/9/4K3 w\"\n    ask: legal-moves\n    expect: {{count: 1}}\n"));
    assert_eq!(e.len(), 1);
    assert!(
        e[0].starts_with("cases/moves/a.yaml:5:5: case moves.a: invalid FEN: rank 0"),
        "{e:?}"
    );
}

#[test]
fn illegal_history_move_names_the_ply_and_reason() {
    let e = load_errors(
        "bad-history",
        &format!(
            "{HEAD}    moves: \"h2h1 h9g7 h0g2\"\n    ask: legal-moves\n    expect: {{count: 1}}\n"
        ),
    );
    assert_eq!(e.len(), 1);
    assert!(
        e[0].starts_with("cases/moves/a.yaml:5:23: case moves.a: moves: ply 3: h0g2 is not legal"),
        "{e:?}"
    );
    assert!(e[0].contains("the horse's leg at h1 is blocked"), "{e:?}");
}

#[test]
fn a_record_may_end_with_a_violation_only() {
    // An illegal move before the last one is still a broken case.
    let e = load_errors(
        "record-middle",
        &format!(
            "{HEAD}    moves: \"h2h1 h9g7 h0g2 a6a5\"\n    record: true\n    ask: ruling\n    expect: {{result: \"0-1\"}}\n"
        ),
    );
    assert_eq!(e.len(), 1);
    assert!(e[0].contains("moves: ply 3: h0g2 is not legal"), "{e:?}");
    // Only a ruling case holds a record.
    let e = load_errors(
        "record-not-ruling",
        &format!("{HEAD}    moves: \"h2h1\"\n    record: true\n    ask: legal-moves\n    expect: {{count: 1}}\n"),
    );
    assert_eq!(e.len(), 1);
    assert!(
        e[0].contains("only a ruling case can hold a game record"),
        "{e:?}"
    );
    // A last move that names no move at all is not a violation either.
    let e = load_errors(
        "record-no-piece",
        &format!("{HEAD}    moves: \"h2h1 e5e4\"\n    record: true\n    ask: ruling\n    expect: {{result: \"1-0\"}}\n"),
    );
    assert_eq!(e.len(), 1);
    assert!(e[0].contains("moves: ply 2"), "{e:?}");
}

#[test]
fn impossible_expectations_are_rejected() {
    // A "legal" move from an empty point is not a move at all.
    let e = load_errors(
        "impossible-move",
        &format!("{HEAD}    ask: legal-moves\n    expect: {{includes: [e5e6]}}\n"),
    );
    assert!(e[0].contains("e5e6 moves from the empty point e5"), "{e:?}");
    assert!(e[0].starts_with("cases/moves/a.yaml:6:"), "{e:?}");
    // Checkmate with no check.
    let e = load_errors(
        "impossible-status",
        &format!("{HEAD}    ask: status\n    expect: {{in_check: false, reason: checkmate}}\n"),
    );
    assert!(
        e[0].contains("checkmate needs the side to move in check"),
        "{e:?}"
    );
    // A legal move with a reason.
    let e = load_errors("impossible-reason", &format!("{HEAD}    ask: is-legal\n    move: h2e2\n    expect: {{legal: true, reason: path-blocked}}\n"));
    assert!(
        e[0].contains("a legal move has no reason to be refused"),
        "{e:?}"
    );
    // A move text that names no move.
    let e = load_errors(
        "no-move",
        &format!("{HEAD}    ask: is-legal\n    move: 马五进三\n    expect: {{legal: false}}\n"),
    );
    assert!(e[0].contains("not a move at all"), "{e:?}");
}

#[test]
fn missing_question_parameter_is_reported() {
    let e = load_errors(
        "no-depth",
        &format!("{HEAD}    ask: perft\n    expect: 44\n"),
    );
    assert!(e[0].contains("a perft question needs \"depth\""), "{e:?}");
}

fn misbehaving_run(ids: &[&str], expectations: Expectations) -> Vec<(String, Status)> {
    let mut text = String::from("cases:\n");
    for id in ids {
        text.push_str(&format!(
            "  - id: perft.{id}\n    clauses: [move.all]\n    description: d\n    ask: perft\n    depth: 1\n    expect: 44\n"
        ));
    }
    let root = scratch_suite(
        &format!("adapter-{}", ids.len()),
        &[("perft/a.yaml", &text)],
    );
    let suite = Suite::load(&root).unwrap_or_else(|e| panic!("{e:?}"));
    let script =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/misbehaving_adapter.py");
    let factory = JsonLinesFactory {
        command: vec!["python3".into(), script.display().to_string()],
        timeout: Duration::from_millis(1500),
    };
    let run = Run::new(
        Pool::new(Box::new(factory)).expect("handshake"),
        expectations,
    );
    let trials = runner::trials(&suite, &run, None);
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
    // The adapter declares cxa-2020 only; the other editions must be skipped.
    let results = run.results();
    assert!(results
        .iter()
        .filter(|r| r.edition != "cxa-2020")
        .all(|r| r.status == Status::Skip));
    results
        .into_iter()
        .filter(|r| r.edition == "cxa-2020")
        .map(|r| (r.id, r.status))
        .collect()
}

#[test]
fn a_misbehaving_adapter_fails_its_cases_and_the_run_goes_on() {
    let ids = [
        "a-ok",
        "b-crash",
        "c-ok",
        "d-hang",
        "e-ok",
        "f-garbage",
        "g-wrong-seq",
        "h-error",
        "i-unsupported",
        "j-both",
        "k-wrong-answer",
        "l-ok",
    ];
    let results = misbehaving_run(&ids, Expectations::default());
    let status = |id: &str| {
        results
            .iter()
            .find(|(i, _)| i == &format!("perft.{id}"))
            .map(|r| r.1)
    };
    assert_eq!(status("a-ok"), Some(Status::Pass));
    assert_eq!(status("b-crash"), Some(Status::Error));
    assert_eq!(
        status("c-ok"),
        Some(Status::Pass),
        "restarted after the crash"
    );
    assert_eq!(status("d-hang"), Some(Status::Error));
    assert_eq!(
        status("e-ok"),
        Some(Status::Pass),
        "restarted after the hang"
    );
    assert_eq!(status("f-garbage"), Some(Status::Error));
    assert_eq!(status("g-wrong-seq"), Some(Status::Error));
    assert_eq!(status("h-error"), Some(Status::Error));
    assert_eq!(status("i-unsupported"), Some(Status::Skip));
    assert_eq!(status("j-both"), Some(Status::Error));
    assert_eq!(status("k-wrong-answer"), Some(Status::Fail));
    assert_eq!(status("l-ok"), Some(Status::Pass));
}

#[test]
fn expected_failures_and_stale_expectations() {
    let expectations: Expectations = serde_yaml::from_str(
        "implementation: misbehaving\nfailures:\n  - case: perft.k-wrong-answer\n    reason: counts one too many\n  - case: perft.a-ok\n    reason: stale\n",
    )
    .unwrap();
    let results = misbehaving_run(&["a-ok", "k-wrong-answer"], expectations);
    assert!(results.contains(&("perft.k-wrong-answer".into(), Status::Xfail)));
    assert!(results.contains(&("perft.a-ok".into(), Status::Xpass)));
}

/// A known failure may say which expected fields still hold; when one of
/// them stops matching, the case fails for real.
#[test]
fn a_known_failure_fails_when_a_field_it_says_holds_changes() {
    // 棋例图6: one-sided perpetual check, Red loses. Both cases misstate the
    // kind of Red's second move; the second also misstates the result.
    let case = |id: &str, result: &str| {
        format!(
            "  - id: repetition.{id}\n    clauses: [repetition.perpetual-check]\n    description: d\n    editions: [cxa-2020]\n    fen: \"2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w\"\n    moves: \"f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8\"\n    ask: ruling\n    expect:\n      result: \"{result}\"\n      red: {{kinds: [check, idle]}}\n"
        )
    };
    let text = format!(
        "cases:\n{}{}",
        case("kinds-only", "0-1"),
        case("result-too", "1/2-1/2")
    );
    let root = scratch_suite("holds", &[("repetition/a.yaml", &text)]);
    let suite = Suite::load(&root).unwrap_or_else(|e| panic!("{e:?}"));
    let expectations: Expectations = serde_yaml::from_str(
        "implementation: xq-oracle\nfailures:\n  - case: repetition.kinds-only\n    holds: [result]\n    reason: kinds\n  - case: repetition.result-too\n    holds: [result]\n    reason: kinds\n",
    )
    .unwrap();
    let run = Run::new(
        Pool::new(Box::new(OracleFactory)).expect("handshake"),
        expectations,
    );
    let trials = runner::trials(&suite, &run, None);
    let args = libtest_mimic::Arguments::from_iter(["x", "--quiet", "--logfile", "/dev/null"]);
    let _ = libtest_mimic::run(&args, trials);
    let status = |id: &str| {
        run.results()
            .into_iter()
            .find(|r| r.id == id)
            .map(|r| (r.status, r.message.unwrap_or_default()))
            .expect("a result")
    };
    assert_eq!(status("repetition.kinds-only").0, Status::Xfail);
    let (s, message) = status("repetition.result-too");
    assert_eq!(s, Status::Fail);
    assert!(message.contains("still holds"), "{message}");
    // A field the case does not expect cannot hold: the file is refused.
    let path = root.join("expectations.yaml");
    std::fs::write(
        &path,
        "implementation: xq-oracle\nfailures:\n  - case: repetition.kinds-only\n    holds: [cycle]\n    reason: kinds\n",
    )
    .unwrap();
    let e = Expectations::load(&path, &suite).expect_err("must be refused");
    assert!(e.to_string().contains("expects no \"cycle\""), "{e}");
}

#[test]
fn active_clauses_meet_the_coverage_rule() {
    let suite = Suite::load(&Suite::default_root()).unwrap_or_else(|e| panic!("{e:?}"));
    let gaps = xq_harness::report::coverage_gaps(&suite);
    assert!(
        gaps.is_empty(),
        "active clauses short of 3 cases with a \"no\":\n{}",
        gaps.join("\n")
    );
    // Every case's clauses are in the registry (the loader's job), and every
    // active clause is covered under every edition it has articles for.
    for (id, status, cov) in xq_harness::report::coverage(&suite) {
        if status == xq_harness::registry::ClauseStatus::Active {
            assert!(cov.cases >= 3, "{id}");
        }
    }
}
