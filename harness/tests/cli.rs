//! The command line as a CI user meets it: bad options are refused, a run
//! that tests nothing is not green, reports are always written (or the run
//! fails), tentative cases are reported apart, placeholders are refused.

mod common;

use std::path::Path;
use std::process::ExitCode;

use serde_json::Value;
use xq_harness::cli::{main_with, Options};
use xq_harness::expectations::{is_placeholder, Expectations};

use common::{fixture, scratch_suite};

fn parse(args: &[&str]) -> Result<Options, String> {
    Options::parse(args.iter().map(|s| s.to_string()))
}

fn code(args: &[&str]) -> ExitCode {
    let quiet = ["--quiet", "--test-threads", "2", "--logfile", "/dev/null"];
    let args: Vec<&str> = args.iter().copied().chain(quiet).collect();
    main_with(parse(&args).expect("options"))
}

fn success(c: ExitCode) -> bool {
    format!("{c:?}") == format!("{:?}", ExitCode::SUCCESS)
}

fn read_json(p: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

#[test]
fn bad_options_are_refused_clearly() {
    let e = parse(&["--test-threads", "0"]).err().unwrap();
    assert!(e.contains("above 0"), "{e}");
    let e = parse(&["--test-threads=0"]).err().unwrap();
    assert!(e.contains("above 0"), "{e}");
    let e = parse(&["--timeout", "1e19"]).err().unwrap();
    assert!(e.contains("at most 86400"), "{e}");
    let e = parse(&["--timeout", "NaN"]).err().unwrap();
    assert!(e.contains("--timeout"), "{e}");
    let e = parse(&["--edition", "cxa2020"]).err().unwrap();
    assert!(
        e.contains("unknown edition \"cxa2020\" (known: cxa-2020, cxa-1999, axf-2017, wxf-2018)")
            || e.contains("unknown edition \"cxa2020\" (known:"),
        "{e}"
    );
}

const TWO: &str = "cases:\n  - id: perft.start.d1\n    clauses: [move.all]\n    description: d\n    ask: perft\n    depth: 1\n    expect: 44\n  - id: perft.start.d2\n    clauses: [move.all]\n    description: d\n    ask: perft\n    depth: 2\n    expect: 1920\n";

#[test]
fn a_run_that_tests_nothing_fails() {
    let root = scratch_suite("cli-empty", &[("perft/a.yaml", TWO)]);
    let suite = root.to_str().unwrap();
    // A filter that matches nothing.
    assert!(!success(code(&["--suite", suite, "no-such-case"])));
    assert!(success(code(&[
        "--suite",
        suite,
        "--allow-empty",
        "no-such-case"
    ])));
    // An adapter that declares no question.
    let script = std::env::temp_dir().join(format!("xq-cli-noq-{}.json", std::process::id()));
    std::fs::write(
        &script,
        r#"{"start": {"type": "started", "name": "n", "version": "0", "questions": [], "editions": ["cxa-2020"]}}"#,
    )
    .unwrap();
    let adapter = format!(
        "python3 {} {}",
        fixture("scripted_adapter.py"),
        script.display()
    );
    let empty = root.join("empty.json");
    let e = empty.to_str().unwrap();
    assert!(!success(code(&[
        "--suite",
        suite,
        "--adapter",
        &adapter,
        "--json",
        e
    ])));
    // The report agrees with the exit code …
    let doc = read_json(&empty);
    assert_eq!(doc["summary"]["skip"], 2);
    assert_eq!(doc["passed"], false, "nothing was tested");
    // … also when an empty run is allowed.
    assert!(success(code(&[
        "--suite",
        suite,
        "--adapter",
        &adapter,
        "--allow-empty",
        "--json",
        e
    ])));
    assert_eq!(read_json(&empty)["passed"], true);
    // Several filters select what any of them selects.
    let json = root.join("r.json");
    assert!(success(code(&[
        "--suite",
        suite,
        "--json",
        json.to_str().unwrap(),
        "start.d1",
        "start.d2"
    ])));
    assert_eq!(read_json(&json)["summary"]["pass"], 2);
}

#[test]
fn reports_are_written_or_the_run_fails() {
    let root = scratch_suite("cli-report", &[("perft/a.yaml", TWO)]);
    let suite = root.to_str().unwrap();
    assert!(!success(code(&[
        "--suite",
        suite,
        "--json",
        "/nonexistent/dir/r.json"
    ])));
    // The JSON report names the question, the FEN (six fields) and moves.
    let json = root.join("r.json");
    assert!(success(code(&[
        "--suite",
        suite,
        "--json",
        json.to_str().unwrap()
    ])));
    let doc = read_json(&json);
    let r = &doc["results"][0];
    assert_eq!(
        r["question"],
        serde_json::json!({"ask": "perft", "depth": 1})
    );
    assert_eq!(r["fen"].as_str().unwrap().split(' ').count(), 6);
    assert_eq!(r["moves"], serde_json::json!([]));
    assert_eq!(r["edition"], Value::Null, "asked once for every edition");
    // An implementation that cannot start: every case errored, in the report.
    let json = root.join("dead.json");
    let c = code(&[
        "--suite",
        suite,
        "--adapter",
        "/nonexistent/adapter",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert!(!success(c));
    let doc = read_json(&json);
    assert_eq!(doc["summary"]["error"], 2);
    let m = doc["results"][0]["message"].as_str().unwrap();
    assert!(m.contains("cannot start /nonexistent/adapter"), "{m}");
}

#[test]
fn placeholder_reasons_are_refused() {
    let text = "cases:\n  - id: perft.start.wrong\n    clauses: [move.all]\n    description: d\n    ask: perft\n    depth: 1\n    expect: 45\n";
    let root = scratch_suite("cli-placeholder", &[("perft/a.yaml", text)]);
    let suite = root.to_str().unwrap();
    let written = root.join("exp.yaml");
    assert!(!success(code(&[
        "--suite",
        suite,
        "--write-expectations",
        written.to_str().unwrap()
    ])));
    let w = written.to_str().unwrap();
    // The written file's placeholder does not pass silently …
    assert!(!success(code(&["--suite", suite, "--expectations", w])));
    // … unless asked for while drafting.
    assert!(success(code(&[
        "--suite",
        suite,
        "--expectations",
        w,
        "--allow-placeholders"
    ])));
    let real = std::fs::read_to_string(&written).unwrap().replace(
        "TODO: explain (rules difference or implementation bug)",
        "the case is wrong on purpose",
    );
    std::fs::write(&written, real).unwrap();
    assert!(success(code(&["--suite", suite, "--expectations", w])));
}

#[test]
fn written_expectations_quote_each_failure_and_keep_written_reasons() {
    let text = "cases:\n  - id: perft.start.wrong\n    clauses: [move.all]\n    description: d\n    ask: perft\n    depth: 1\n    expect: 45\n  - id: perft.start.wrong2\n    clauses: [move.all]\n    description: d\n    ask: perft\n    depth: 2\n    expect: 1921\n";
    let root = scratch_suite("cli-rewrite", &[("perft/a.yaml", text)]);
    let suite = root.to_str().unwrap();
    let first = root.join("first.yaml");
    let f = first.to_str().unwrap();
    let _ = code(&["--suite", suite, "--write-expectations", f]);
    let written: Expectations =
        serde_yaml::from_str(&std::fs::read_to_string(&first).unwrap()).unwrap();
    let reasons: Vec<&str> = written.failures.iter().map(|k| k.reason.as_str()).collect();
    assert_eq!(reasons.len(), 2, "{reasons:?}");
    // Each placeholder quotes its own failure, and is still a placeholder.
    assert!(
        reasons[0].contains("44 nodes") && reasons[0].contains("45"),
        "{reasons:?}"
    );
    assert!(
        reasons[1].contains("1920") && reasons[1].contains("1921"),
        "{reasons:?}"
    );
    assert!(reasons.iter().all(|r| is_placeholder(r)), "{reasons:?}");
    // A reason written by hand survives a rewrite with the file given.
    let edited =
        std::fs::read_to_string(&first)
            .unwrap()
            .replacen("TODO: explain", "written by hand", 1);
    std::fs::write(&first, edited).unwrap();
    let second = root.join("second.yaml");
    let _ = code(&[
        "--suite",
        suite,
        "--expectations",
        f,
        "--allow-placeholders",
        "--write-expectations",
        second.to_str().unwrap(),
    ]);
    let again: Expectations =
        serde_yaml::from_str(&std::fs::read_to_string(&second).unwrap()).unwrap();
    let reasons: Vec<&str> = again.failures.iter().map(|k| k.reason.as_str()).collect();
    assert_eq!(reasons.len(), 2, "{reasons:?}");
    assert!(reasons[0].starts_with("written by hand"), "{reasons:?}");
    assert!(
        is_placeholder(reasons[1]) && reasons[1].contains("1921"),
        "{reasons:?}"
    );
}

#[test]
fn list_does_not_start_the_implementation() {
    let root = scratch_suite("cli-list", &[("perft/a.yaml", TWO)]);
    let suite = root.to_str().unwrap();
    // An "adapter" that never answers the handshake: a run would wait the
    // whole start-up timeout (5 s) for it.
    let t = std::time::Instant::now();
    let c = main_with(
        parse(&[
            "--suite",
            suite,
            "--adapter",
            "sleep 60",
            "--list",
            "--logfile",
            "/dev/null",
        ])
        .unwrap(),
    );
    assert!(success(c));
    assert!(
        t.elapsed() < std::time::Duration::from_secs(3),
        "listed without waiting for a handshake: {:?}",
        t.elapsed()
    );
}

#[test]
fn tentative_failures_are_apart_and_count_under_strict() {
    let text = "cases:\n  - id: perft.start.tentative\n    clauses: [move.all]\n    description: d\n    ask: perft\n    depth: 1\n    expect: 45\n    tentative: true\n    doubt: \"a test: the count is wrong on purpose\"\n  - id: perft.start.settled\n    clauses: [move.all]\n    description: d\n    ask: perft\n    depth: 1\n    expect: 44\n";
    let root = scratch_suite("cli-tentative", &[("perft/a.yaml", text)]);
    let suite = root.to_str().unwrap();
    let json = root.join("r.json");
    let junit = root.join("r.xml");
    assert!(success(code(&[
        "--suite",
        suite,
        "--json",
        json.to_str().unwrap(),
        "--junit",
        junit.to_str().unwrap()
    ])));
    let doc = read_json(&json);
    assert_eq!(doc["summary"]["pass"], 1);
    assert_eq!(doc["summary"]["fail"], 0);
    assert_eq!(doc["tentative"]["fail"], 1);
    assert_eq!(doc["passed"], true);
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains("<testsuite name=\"tentative\""), "{xml}");
    assert!(xml.contains("tentative failure"), "{xml}");
    assert!(!success(code(&["--suite", suite, "--strict"])));
}

#[test]
fn the_run_summary_counts_known_failures_apart_and_lists_tentative_ones_per_line() {
    use xq_harness::cli::outcome_lines;
    use xq_harness::runner::{plan, Run, Status};
    let text = "cases:\n  - id: perft.a\n    clauses: [move.all]\n    description: d\n    ask: perft\n    depth: 1\n    expect: 44\n  - id: perft.b\n    clauses: [move.all]\n    description: d\n    ask: perft\n    depth: 1\n    expect: 44\n  - id: perft.c\n    clauses: [move.all]\n    description: d\n    ask: perft\n    depth: 1\n    expect: 44\n    tentative: true\n    doubt: a test\n  - id: perft.d\n    clauses: [move.all]\n    description: d\n    ask: perft\n    depth: 1\n    expect: 44\n    tentative: true\n    doubt: a test\n";
    let root = scratch_suite("cli-summary", &[("perft/a.yaml", text)]);
    let suite = common::load(&root);
    let mut results: Vec<_> = plan(&suite, None).iter().map(Run::blank).collect();
    results.sort_by(|a, b| a.name.cmp(&b.name));
    results[0].status = Status::Xfail;
    results[1].status = Status::Skip;
    for r in &mut results[2..] {
        r.status = Status::Fail;
        r.message = Some(format!("{} is wrong", r.id));
    }
    let out = outcome_lines(&results, false);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].contains("1 known failures") && lines[0].contains("1 skipped"),
        "{out}"
    );
    assert!(
        lines[1].contains("tentative cases: 0 passed, 2 failed"),
        "{out}"
    );
    assert!(
        lines[2].contains("2 tentative failure(s) (not counted"),
        "{out}"
    );
    assert_eq!(lines[3], "  perft.c: perft.c is wrong", "{out}");
    assert_eq!(lines[4], "  perft.d: perft.d is wrong", "{out}");
}

#[test]
fn junit_stays_well_formed() {
    use xq_harness::report::junit;
    use xq_harness::runner::{plan, Run, Status};
    let root = scratch_suite("cli-junit", &[("perft/a.yaml", TWO)]);
    let suite = common::load(&root);
    let mut r = Run::blank(&plan(&suite, None)[0]);
    r.status = Status::Fail;
    r.message = Some("bad \u{FFFE}\u{FFFF}\u{0001} <&> \"text\"".into());
    let xml = junit("x", &[r], false);
    assert!(!xml.contains('\u{FFFE}') && !xml.contains('\u{FFFF}') && !xml.contains('\u{1}'));
    assert!(xml.contains("bad  &lt;&amp;&gt; &quot;text&quot;"), "{xml}");
}

/// The conformance matrix links each failing cell to its cases, and the
/// HTML page stands alone (no external assets).
#[test]
fn the_conformance_matrix_links_failures_and_stands_alone() {
    use xq_harness::conformance::{html, markdown, run_entry, Entry};
    let ruling = "  - id: repetition.six\n    clauses: [repetition.perpetual-check]\n    description: d\n    editions: [cxa-2020, cxa-1999]\n    fen: \"2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w\"\n    moves: \"f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8\"\n    ask: ruling\n    expect:\n      result: \"1-0\"\n";
    let text = "cases:\n  - id: perft.start.d1\n    clauses: [move.all]\n    description: d\n    ask: perft\n    depth: 1\n    expect: 45\n  - id: perft.start.known\n    clauses: [move.all]\n    description: d\n    ask: perft\n    depth: 2\n    expect: 1921\n";
    let root = scratch_suite(
        "cli-matrix",
        &[
            ("perft/a.yaml", text),
            ("repetition/a.yaml", &format!("cases:\n{ruling}")),
        ],
    );
    let suite = common::load(&root);
    let exp = root.join("exp.yaml");
    std::fs::write(
        &exp,
        "implementation: oracle\nfailures:\n  - case: perft.start.known\n    reason: one node too many, on purpose\n",
    )
    .unwrap();
    let options = parse(&["--suite", root.to_str().unwrap()]).unwrap();
    let planned = xq_harness::runner::plan(&suite, None);
    let o = run_entry(
        Entry {
            key: "oracle".into(),
            factory: Box::new(xq_harness::implementation::OracleFactory),
            expectations: Some(exp.clone()),
        },
        &suite,
        &planned,
        &options,
    );
    let md = markdown(&suite, std::slice::from_ref(&o), false);
    assert!(md.contains("| **oracle** |"), "{md}");
    // Cells count cases: one failing perft case, one known; the ruling case
    // fails under two editions and counts once.
    assert!(
        md.contains("0 / [1 ✗](#oracle-perft) / 0 [+1k](#oracle-perft-known)"),
        "{md}"
    );
    assert!(md.contains("0 / [1 ✗](#oracle-repetition) / 0 |"), "{md}");
    assert!(md.contains("A cell counts cases"), "{md}");
    assert!(md.contains("<a id=\"oracle-perft\"></a>"), "{md}");
    // A failing trial links to its request and its answer.
    assert!(
        md.contains("`perft.start.d1` (cases/perft/a.yaml:2): 44 nodes, expected 45"),
        "{md}"
    );
    assert!(
        md.contains("request: {\"ask\":\"perft\",\"depth\":1} under any of cxa-2020"),
        "{md}"
    );
    assert!(
        md.contains("FEN rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        "{md}"
    );
    assert!(md.contains("answer: `{\"nodes\":44}`"), "{md}");
    assert!(md.contains("moves f0e0 e8f8"), "{md}");
    // A known failure links to its reason.
    assert!(md.contains("<a id=\"oracle-perft-known\"></a>"), "{md}");
    assert!(
        md.contains("`perft.start.known`: one node too many, on purpose"),
        "{md}"
    );
    let page = html(&suite, &[o], false);
    assert!(page.contains("<a href=\"#oracle-perft\">1 ✗</a>"), "{page}");
    assert!(
        page.contains("<a href=\"#oracle-perft-known\">+1k</a>"),
        "{page}"
    );
    assert!(page.contains("id=\"oracle-perft\""));
    assert!(page.contains("id=\"oracle-perft-known\""));
    for external in ["http://", "https://", "src=", "<link"] {
        assert!(!page.contains(external), "{external}");
    }
    // A cell of known failures only is not green.
    let only_known = "cases:\n  - id: perft.start.known\n    clauses: [move.all]\n    description: d\n    ask: perft\n    depth: 2\n    expect: 1921\n";
    let root2 = scratch_suite("cli-matrix-known", &[("perft/a.yaml", only_known)]);
    let suite2 = common::load(&root2);
    let o = run_entry(
        Entry {
            key: "oracle".into(),
            factory: Box::new(xq_harness::implementation::OracleFactory),
            expectations: Some(exp.clone()),
        },
        &suite2,
        &xq_harness::runner::plan(&suite2, None),
        &parse(&["--suite", root2.to_str().unwrap()]).unwrap(),
    );
    let page = html(&suite2, &[o], false);
    assert!(
        page.contains("<td class=\"known\">0 / 0 / 0 <a href"),
        "{page}"
    );
}

#[test]
fn the_report_honours_the_implementation_and_filters_and_fails_on_failures() {
    let text = "cases:\n  - id: perft.start.right\n    clauses: [move.all]\n    description: d\n    ask: perft\n    depth: 1\n    expect: 44\n  - id: perft.start.wrong\n    clauses: [move.all]\n    description: d\n    ask: perft\n    depth: 1\n    expect: 45\n";
    let root = scratch_suite("cli-report-one", &[("perft/a.yaml", text)]);
    let suite = root.to_str().unwrap();
    let dir = root.join("report");
    let d = dir.to_str().unwrap();
    // One implementation, named on the command line: it alone is reported,
    // and its failure fails the report.
    let serve = format!("{} serve", xq_harness::cli::sibling_xq().display());
    assert!(!success(code(&[
        "--suite",
        suite,
        "--adapter",
        &serve,
        "--report",
        d
    ])));
    let md = std::fs::read_to_string(dir.join("implementations.md")).unwrap();
    let rows: Vec<&str> = md.lines().filter(|l| l.starts_with("| **")).collect();
    assert_eq!(rows.len(), 1, "{md}");
    assert!(rows[0].starts_with("| **xq-oracle** |"), "{md}");
    assert!(md.contains("`perft.start.wrong`"), "{md}");
    // A filter leaves the failing case out: the report passes.
    assert!(success(code(&[
        "--suite",
        suite,
        "--adapter",
        &serve,
        "--report",
        d,
        "right"
    ])));
    let md = std::fs::read_to_string(dir.join("implementations.md")).unwrap();
    assert!(!md.contains("perft.start.wrong"), "{md}");
    assert!(md.contains("| 1 / 0 / 0 |"), "{md}");
    // A named implementation that cannot start: the report is written (it
    // says "not run"), and the run exits 2, as an ordinary run does.
    for (flag, command) in [
        ("--adapter", "/nonexistent/adapter"),
        ("--uci", "/nonexistent/engine"),
    ] {
        let c = code(&["--suite", suite, flag, command, "--report", d]);
        assert_eq!(
            format!("{c:?}"),
            format!("{:?}", ExitCode::from(2)),
            "{flag}"
        );
        let md = std::fs::read_to_string(dir.join("implementations.md")).unwrap();
        assert!(md.contains("not run: "), "{md}");
    }
}
