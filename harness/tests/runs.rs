//! The runner against implementations that crash, hang, flood, lie or
//! answer only in part: each case gets the verdict it earns, no case pays
//! for another's trouble, and no run hangs or passes without testing.

mod common;

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use xq_harness::expectations::Expectations;
use xq_harness::implementation::{Factory, OracleFactory};
use xq_harness::runner::{Settings, Status};

use common::{load, perft_cases, python, run, scratch_suite, status_of};

const SECOND: Duration = Duration::from_secs(1);
/// What a (re)started Python adapter gets to say it has started: Python
/// starts slowly on a loaded machine, and a restart after a crash or a hang
/// must not fail the next case for being slow (the request timeout is what
/// these tests are about).
const START_UP: Duration = Duration::from_secs(10);

fn started(questions: &[&str]) -> Value {
    json!({"type": "started", "name": "scripted", "version": "0",
           "questions": questions, "editions": ["cxa-2020", "cxa-1999", "axf-2017", "wxf-2018"]})
}

/// A scripted adapter (tests/fixtures/scripted_adapter.py) following `script`.
/// Start-up gets a few seconds whatever the request timeout (Python starts
/// slowly on a loaded machine); requests get the timeout of the `Settings`.
fn scripted(name: &str, script: Value, _timeout: Duration) -> Box<dyn Factory> {
    let path = std::env::temp_dir().join(format!(
        "xq-harness-script-{}-{name}.json",
        std::process::id()
    ));
    std::fs::write(&path, script.to_string()).unwrap();
    python(
        "scripted_adapter.py",
        &[path.to_str().unwrap()],
        Duration::from_secs(10),
    )
}

fn settings(timeout: Duration) -> Settings {
    Settings {
        timeout,
        strict: false,
    }
}

fn ok(nodes: u64) -> Value {
    json!([{"reply": {"seq": "$seq", "result": {"nodes": nodes}}}])
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
    let root = scratch_suite("misbehaving", &[("perft/a.yaml", &perft_cases(&ids))]);
    let suite = load(&root);
    let timeout = Duration::from_millis(1500);
    let results = run(
        &suite,
        python("misbehaving_adapter.py", &[], START_UP),
        Expectations::default(),
        settings(timeout),
    );
    // Perft does not depend on the edition: one trial per case, asked under
    // the one edition the adapter declares.
    assert_eq!(results.len(), ids.len());
    let status = |id: &str| status_of(&results, &format!("perft.{id}")).0;
    assert_eq!(status("a-ok"), Status::Pass);
    assert_eq!(status("b-crash"), Status::Error);
    assert_eq!(status("c-ok"), Status::Pass, "restarted after the crash");
    assert_eq!(status("d-hang"), Status::Error);
    assert_eq!(status("e-ok"), Status::Pass, "restarted after the hang");
    assert_eq!(status("f-garbage"), Status::Error);
    assert_eq!(status("g-wrong-seq"), Status::Error);
    assert_eq!(status("h-error"), Status::Error);
    assert_eq!(status("i-unsupported"), Status::Skip);
    assert_eq!(status("j-both"), Status::Error);
    assert_eq!(status("k-wrong-answer"), Status::Fail);
    assert_eq!(status("l-ok"), Status::Pass);
    let (_, m) = status_of(&results, "perft.g-wrong-seq");
    assert!(m.contains("the reply has seq"), "{m}");
    assert!(!m.contains("Some("), "no Rust debug forms: {m}");
}

#[test]
fn expected_failures_and_stale_expectations() {
    let root = scratch_suite(
        "stale",
        &[("perft/a.yaml", &perft_cases(&["a-ok", "k-wrong-answer"]))],
    );
    let suite = load(&root);
    let expectations: Expectations = serde_yaml::from_str(
        "implementation: misbehaving\nfailures:\n  - case: perft.k-wrong-answer\n    reason: counts one too many\n  - case: perft.a-ok\n    reason: stale\n",
    )
    .unwrap();
    let timeout = Duration::from_millis(1500);
    let results = run(
        &suite,
        python("misbehaving_adapter.py", &[], START_UP),
        expectations,
        settings(timeout),
    );
    assert_eq!(status_of(&results, "perft.k-wrong-answer").0, Status::Xfail);
    assert_eq!(status_of(&results, "perft.a-ok").0, Status::Xpass);
}

const RULING_CASE: &str = "  - id: repetition.six\n    clauses: [repetition.perpetual-check]\n    description: d\n    editions: [cxa-2020]\n    fen: \"2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w\"\n    moves: \"f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8\"\n    ask: ruling\n    expect:\n      result: \"0-1\"\n      adjudicable: true\n      red: {pattern: perpetual-check, kinds: [check, idle]}\n";

/// A known failure names the fields that still hold by path; nested ones
/// (`cycle.adjudicable`) are checked where they are, not ignored.
#[test]
fn holds_names_fields_by_path() {
    let root = scratch_suite(
        "holds-path",
        &[("repetition/a.yaml", &format!("cases:\n{RULING_CASE}"))],
    );
    let suite = load(&root);
    let name = "repetition.six::cxa-2020";
    let answer = |adjudicable: bool| {
        json!({"start": started(&["ruling"]), "default": [{"reply": {"seq": "$seq", "result": {
            "result": "0-1", "cycle": {"adjudicable": adjudicable},
            "red": {"pattern": "perpetual-check", "moves": [{"kind": "check"}, {"kind": "check"}]}}}}]})
    };
    let exp = |holds: &str| -> Expectations {
        serde_yaml::from_str(&format!(
            "implementation: s\nfailures:\n  - case: repetition.six\n    holds: [{holds}]\n    reason: Red's second move is misread\n"
        ))
        .unwrap()
    };
    // The kinds are wrong, the adjudicable flag right: a known failure.
    let r = run(
        &suite,
        scripted("holds-1", answer(true), SECOND),
        exp("cycle.adjudicable"),
        settings(SECOND),
    );
    assert_eq!(status_of(&r, name).0, Status::Xfail);
    // The flag wrong too: the file says it holds, so the case fails.
    let r = run(
        &suite,
        scripted("holds-2", answer(false), SECOND),
        exp("cycle.adjudicable"),
        settings(SECOND),
    );
    let (s, m) = status_of(&r, name);
    assert_eq!(s, Status::Fail, "{m}");
    assert!(m.contains("cycle.adjudicable differs"), "{m}");
    // A path the case does not expect is refused when the file is loaded.
    let path = root.join("exp.yaml");
    std::fs::write(
        &path,
        "implementation: s\nfailures:\n  - case: repetition.six\n    holds: [adjudicable]\n    reason: r\n",
    )
    .unwrap();
    let e = xq_harness::expectations::load(&path, &suite, false)
        .unwrap_err()
        .to_string();
    assert!(e.contains("expects no \"adjudicable\""), "{e}");
    assert!(
        e.contains("cycle.adjudicable"),
        "the known paths are listed: {e}"
    );
}

/// An adapter that crashes on a case whose known failure says `result`
/// still holds has not shown that: the case fails.
#[test]
fn an_error_cannot_show_that_a_field_holds() {
    let root = scratch_suite(
        "holds-error",
        &[("repetition/a.yaml", &format!("cases:\n{RULING_CASE}"))],
    );
    let suite = load(&root);
    let script = json!({"start": started(&["ruling"]), "default": [{"exit": 3}]});
    let exp: Expectations = serde_yaml::from_str(
        "implementation: s\nfailures:\n  - case: repetition.six\n    holds: [result]\n    reason: kinds\n",
    )
    .unwrap();
    let r = run(
        &suite,
        scripted("holds-crash", script, SECOND),
        exp,
        settings(SECOND),
    );
    let (s, m) = status_of(&r, "repetition.six::cxa-2020");
    assert_eq!(s, Status::Error, "{m}");
    assert!(m.contains("result cannot be checked"), "{m}");
}

fn status_suite(name: &str) -> xq_harness::Suite {
    let text = "cases:\n  - id: check.a\n    clauses: [check.definition]\n    description: d\n    fen: \"4k4/9/9/9/9/9/9/9/9/3KR4 b\"\n    ask: status\n    expect: {in_check: true, legal_moves: 2, result: \"*\"}\n";
    load(&scratch_suite(name, &[("check/a.yaml", text)]))
}

#[test]
fn extra_keys_pass_wrong_types_are_named_left_out_fields_are_skipped() {
    let suite = status_suite("partial");
    let reply = |result: Value| json!({"start": started(&["status"]), "default": [{"reply": {"seq": "$seq", "id": "check.a", "result": result}}]});
    // An extra top-level key (`id`) and extra result keys are fine.
    let r = run(
        &suite,
        scripted(
            "extra",
            reply(json!({"in_check": true, "legal_moves": 2, "result": "*", "note": 1})),
            SECOND,
        ),
        Expectations::default(),
        settings(SECOND),
    );
    assert_eq!(status_of(&r, "check.a").0, Status::Pass);
    // A field of the wrong type is named, with the type it should have.
    let r = run(
        &suite,
        scripted(
            "type",
            reply(json!({"in_check": "yes", "legal_moves": 2, "result": "*"})),
            SECOND,
        ),
        Expectations::default(),
        settings(SECOND),
    );
    let (s, m) = status_of(&r, "check.a");
    assert_eq!(s, Status::Fail);
    assert!(
        m.contains("field `in_check`: invalid type: string \"yes\", expected a boolean"),
        "{m}"
    );
    // A word outside its vocabulary in an answer is a graded failure that
    // names the field and the words allowed (the case's words are typed,
    // the answer's are read as sent).
    let r = run(
        &suite,
        scripted(
            "word",
            reply(json!({"in_check": true, "legal_moves": 2, "result": "draw"})),
            SECOND,
        ),
        Expectations::default(),
        settings(SECOND),
    );
    let (s, m) = status_of(&r, "check.a");
    assert_eq!(s, Status::Fail);
    assert!(
        m.contains("field `result`: unknown result \"draw\" (expected 1-0, 0-1, 1/2-1/2 or *)"),
        "{m}"
    );
    // Left out: that sub-check is skipped, the others still count.
    let r = run(
        &suite,
        scripted(
            "partial",
            reply(json!({"legal_moves": 2, "result": "*"})),
            SECOND,
        ),
        Expectations::default(),
        settings(SECOND),
    );
    assert_eq!(status_of(&r, "check.a").0, Status::Pass);
    assert_eq!(r[0].skipped_fields, ["in_check"]);
    let r = run(
        &suite,
        scripted("partial-wrong", reply(json!({"legal_moves": 3})), SECOND),
        Expectations::default(),
        settings(SECOND),
    );
    assert_eq!(status_of(&r, "check.a").0, Status::Fail);
    // Every checked field left out: skipped, not passed.
    let r = run(
        &suite,
        scripted("nothing", reply(json!({})), SECOND),
        Expectations::default(),
        settings(SECOND),
    );
    let (s, m) = status_of(&r, "check.a");
    assert_eq!(s, Status::Skip, "{m}");
    assert!(m.contains("leaves out every field"), "{m}");
}

#[test]
fn duplicate_and_malformed_moves_fail() {
    let text = "cases:\n  - id: moves.a\n    clauses: [move.all]\n    description: d\n    fen: \"4k4/9/9/9/9/9/9/9/9/3KR4 b\"\n    ask: legal-moves\n    expect: {exact: [e9d9, e9f9], excludes: [e9e8]}\n";
    let suite = load(&scratch_suite("dups", &[("moves/a.yaml", text)]));
    let reply = |moves: Value| json!({"start": started(&["legal-moves"]), "default": [{"reply": {"seq": "$seq", "result": {"moves": moves}}}]});
    let r = run(
        &suite,
        scripted("dup", reply(json!(["e9d9", "e9f9", "e9d9"])), SECOND),
        Expectations::default(),
        settings(SECOND),
    );
    let (s, m) = status_of(&r, "moves.a");
    assert_eq!(s, Status::Fail);
    assert!(m.contains("lists more than once: e9d9"), "{m}");
    let r = run(
        &suite,
        scripted("malformed", reply(json!(["e9d9", "E9F9", "e9f9"])), SECOND),
        Expectations::default(),
        settings(SECOND),
    );
    let (s, m) = status_of(&r, "moves.a");
    assert_eq!(s, Status::Fail);
    assert!(m.contains("not ICCS moves such as h2e2: \"E9F9\""), "{m}");
    let r = run(
        &suite,
        scripted("right", reply(json!(["e9f9", "e9d9"])), SECOND),
        Expectations::default(),
        settings(SECOND),
    );
    assert_eq!(status_of(&r, "moves.a").0, Status::Pass);
}

#[test]
fn an_empty_problem_list_does_not_name_the_problem() {
    let text = "cases:\n  - id: position.a\n    clauses: [position.fen]\n    description: d\n    fen: \"9/9/9/9/9/9/9/9/9/4K4 w\"\n    ask: position\n    expect: {valid: false, problem: missing-king}\n";
    let suite = load(&scratch_suite("problems", &[("position/a.yaml", text)]));
    let reply = |result: Value| json!({"start": started(&["position"]), "default": [{"reply": {"seq": "$seq", "result": result}}]});
    let r = run(
        &suite,
        scripted(
            "empty",
            reply(json!({"valid": false, "problems": []})),
            SECOND,
        ),
        Expectations::default(),
        settings(SECOND),
    );
    let (s, m) = status_of(&r, "position.a");
    assert_eq!(s, Status::Fail);
    assert!(m.contains("problems is empty"), "{m}");
    let r = run(
        &suite,
        scripted(
            "wrong",
            reply(json!({"valid": false, "problems": ["too-many"]})),
            SECOND,
        ),
        Expectations::default(),
        settings(SECOND),
    );
    assert_eq!(status_of(&r, "position.a").0, Status::Fail);
    let r = run(
        &suite,
        scripted("left-out", reply(json!({"valid": false})), SECOND),
        Expectations::default(),
        settings(SECOND),
    );
    assert_eq!(status_of(&r, "position.a").0, Status::Pass);
    assert_eq!(r[0].skipped_fields, ["problems"]);
}

#[test]
fn another_protocol_number_is_refused_at_start() {
    let mut start = started(&["perft"]);
    start["protocol"] = json!(2);
    let factory = scripted("protocol-2", json!({"start": start}), SECOND);
    let e = factory.start().err().expect("refused");
    assert!(
        e.contains("speaks protocol 2; this harness speaks protocol 1"),
        "{e}"
    );
}

#[test]
fn limits_skip_deep_perft_and_scale_timeouts() {
    let text = "cases:\n  - id: perft.d1\n    clauses: [move.all]\n    description: d\n    ask: perft\n    depth: 1\n    expect: 44\n  - id: perft.d2\n    clauses: [move.all]\n    description: d\n    ask: perft\n    depth: 2\n    expect: 1920\n";
    let suite = load(&scratch_suite("limits", &[("perft/a.yaml", text)]));
    let mut start = started(&["perft"]);
    start["limits"] = json!({"max_perft_depth": 1, "time_scale": 4});
    // Slower than the base timeout, within it once scaled.
    let script = json!({"start": start, "default": [{"sleep": 0.8}, {"reply": {"seq": "$seq", "result": {"nodes": 44}}}]});
    let timeout = Duration::from_millis(400);
    let r = run(
        &suite,
        scripted("limits", script, timeout),
        Expectations::default(),
        settings(timeout),
    );
    assert_eq!(status_of(&r, "perft.d1").0, Status::Pass);
    let (s, m) = status_of(&r, "perft.d2");
    assert_eq!(s, Status::Skip);
    assert!(
        m.contains("deeper than the implementation's max_perft_depth 1"),
        "{m}"
    );
}

/// Late and stray lines belong to the request they answer (or to none):
/// they are never charged to the next case.
#[test]
fn replies_are_matched_by_seq() {
    let ids = [
        "a-stray-after",
        "b-ok",
        "c-error-no-seq",
        "d-ok",
        "e-late-twice",
        "f-ok",
    ];
    let suite = load(&scratch_suite(
        "seq",
        &[("perft/a.yaml", &perft_cases(&ids))],
    ));
    let script = json!({
        "start": started(&["perft"]),
        "default": ok(44),
        "cases": {
            // A correct answer, then the same answer again.
            "perft.a-stray-after": [{"reply": {"seq": "$seq", "result": {"nodes": 44}}},
                                    {"reply": {"seq": "$seq", "result": {"nodes": 44}}}],
            "perft.c-error-no-seq": [{"reply": {"error": "broke"}}],
            "perft.e-late-twice": [{"reply": {"seq": "$seq", "result": {"nodes": 44}}},
                                   {"sleep": 0.2},
                                   {"reply": {"seq": "$seq", "error": "late"}}],
        }
    });
    let r = run(
        &suite,
        scripted("seq", script, SECOND),
        Expectations::default(),
        settings(SECOND),
    );
    assert_eq!(status_of(&r, "perft.a-stray-after").0, Status::Pass);
    assert_eq!(status_of(&r, "perft.b-ok").0, Status::Pass);
    let (s, m) = status_of(&r, "perft.c-error-no-seq");
    assert_eq!(s, Status::Error);
    assert!(m.contains("the reply has no seq"), "{m}");
    assert_eq!(status_of(&r, "perft.d-ok").0, Status::Pass);
    assert_eq!(status_of(&r, "perft.e-late-twice").0, Status::Pass);
    assert_eq!(status_of(&r, "perft.f-ok").0, Status::Pass);
}

/// A hanging adapter is given up on after 5 failures in a row; the rest
/// fail at once with that reason instead of costing a timeout each.
#[test]
fn a_hanging_adapter_is_given_up_on() {
    let ids: Vec<String> = (0..30).map(|i| format!("hang-{i:02}")).collect();
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    let suite = load(&scratch_suite(
        "give-up",
        &[("perft/a.yaml", &perft_cases(&ids))],
    ));
    let script = json!({"start": started(&["perft"]), "default": [{"sleep": 60}]});
    let timeout = Duration::from_millis(300);
    let r = run(
        &suite,
        scripted("give-up", script, timeout),
        Expectations::default(),
        settings(timeout),
    );
    // No wall-clock bound (five Python restarts take what the machine's load
    // makes them take): the give-up message is written only by the path that
    // answers without asking the adapter, so 25 of them are 25 timeouts not
    // paid.
    assert!(r.iter().all(|r| r.status == Status::Error));
    let gave_up = r
        .iter()
        .filter(|r| {
            r.message
                .as_deref()
                .unwrap_or("")
                .contains("gave up on the implementation after 5 failures in a row")
        })
        .count();
    assert_eq!(gave_up, 25);
}

/// The whole process group is killed: a grandchild holding the pipes dies.
#[test]
fn grandchildren_die_with_the_adapter() {
    let suite = load(&scratch_suite(
        "group",
        &[("perft/a.yaml", &perft_cases(&["a"]))],
    ));
    let pid_file =
        std::env::temp_dir().join(format!("xq-harness-grandchild-{}", std::process::id()));
    let script = json!({"start": started(&["perft"]), "default": [
        {"grandchild": pid_file.to_str().unwrap()}, {"sleep": 60}]});
    let timeout = Duration::from_millis(500);
    let t = Instant::now();
    let r = run(
        &suite,
        scripted("group", script, timeout),
        Expectations::default(),
        settings(timeout),
    );
    assert_eq!(status_of(&r, "perft.a").0, Status::Error);
    assert!(t.elapsed() < Duration::from_secs(5));
    let pid = std::fs::read_to_string(&pid_file).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", pid.trim())).unwrap_or_default();
    // Gone, or a zombie waiting for init to reap it.
    assert!(
        stat.is_empty() || stat.split_whitespace().nth(2) == Some("Z"),
        "{stat}"
    );
}

/// Replies are bounded: a line that never ends fails at the cap instead of
/// being read whole, and garbage is quoted briefly.
#[test]
fn huge_replies_are_capped_and_quoted_briefly() {
    let suite = load(&scratch_suite(
        "huge",
        &[(
            "perft/a.yaml",
            &perft_cases(&["a-endless", "b-garbage", "c-flood", "d-ok"]),
        )],
    ));
    let script = json!({"start": started(&["perft"]), "default": ok(44), "cases": {
        "perft.a-endless": [{"huge": 300u64 << 20, "newline": false}, {"sleep": 60}],
        "perft.b-garbage": [{"huge": 1u64 << 20}],
        "perft.c-flood": [{"huge": 50u64 << 20}],
    }});
    let timeout = Duration::from_secs(20);
    let t = Instant::now();
    let r = run(
        &suite,
        scripted("huge", script, timeout),
        Expectations::default(),
        settings(timeout),
    );
    assert!(t.elapsed() < Duration::from_secs(15), "{:?}", t.elapsed());
    let (s, m) = status_of(&r, "perft.a-endless");
    assert_eq!(s, Status::Error);
    assert!(m.contains("longer than 16 MiB"), "{m}");
    let (s, m) = status_of(&r, "perft.b-garbage");
    assert_eq!(s, Status::Error);
    assert!(m.len() < 600, "{} bytes", m.len());
    assert!(m.contains("characters in all"), "{m}");
    let (s, m) = status_of(&r, "perft.c-flood");
    assert_eq!(s, Status::Error);
    assert!(m.contains("longer than 16 MiB"), "{m}");
    assert_eq!(status_of(&r, "perft.d-ok").0, Status::Pass);
}

/// A request larger than the pipe buffer, to an adapter that stopped
/// reading, times out instead of blocking the run.
#[test]
fn writes_time_out() {
    let long_id = format!("perft.{}", "x".repeat(300_000));
    let suite = load(&scratch_suite(
        "write",
        &[("perft/a.yaml", &perft_cases(&[&long_id[6..], "ok"]))],
    ));
    // The adapter stops reading as soon as the handshake is done.
    let script = json!({"start": started(&["perft"]), "after_start": [{"stop_reading": 60}]});
    let timeout = Duration::from_millis(500);
    let t = Instant::now();
    let r = run(
        &suite,
        scripted("write", script, timeout),
        Expectations::default(),
        settings(timeout),
    );
    assert!(t.elapsed() < Duration::from_secs(6), "{:?}", t.elapsed());
    let (s, m) = status_of(&r, &long_id);
    assert_eq!(s, Status::Error);
    assert!(m.contains("did not read the request within 0.5 s"), "{m}");
}

/// The in-process oracle honours the time budget too.
#[test]
fn in_process_perft_honours_the_timeout() {
    let text = "cases:\n  - id: perft.deep\n    clauses: [move.all]\n    description: d\n    ask: perft\n    depth: 9\n    expect: 1\n";
    let suite = load(&scratch_suite("deep", &[("perft/a.yaml", text)]));
    let timeout = Duration::from_millis(300);
    let t = Instant::now();
    let r = run(
        &suite,
        Box::new(OracleFactory),
        Expectations::default(),
        settings(timeout),
    );
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    let (s, m) = status_of(&r, "perft.deep");
    assert_eq!(s, Status::Error);
    assert!(m.contains("no answer within 0.3 s"), "{m}");
}

/// Convert answers are compared by text after the documented
/// normalisation: other glyphs and digits pass; the dropping of 前/后 where
/// the move is still clear passes where the case lists it (`also`); any
/// other text fails, with both texts.
#[test]
fn convert_answers_are_compared_after_normalisation() {
    let text = "cases:\n  - id: notation.a\n    clauses: [notation.chinese]\n    description: d\n    moves: \"h2e2\"\n    ask: convert\n    move: h9g7\n    to: chinese\n    expect: 马8进7\n  - id: notation.b\n    clauses: [notation.chinese]\n    description: d\n    ask: convert\n    move: h0g2\n    to: chinese\n    expect: 马二进三\n";
    let text = format!("{text}  - id: notation.c\n    clauses: [notation.chinese]\n    description: d\n    fen: \"3k5/9/9/9/9/9/9/3A5/9/3AK4 w\"\n    ask: convert\n    move: d0e1\n    to: chinese\n    expect: {{text: 后仕进五, also: [仕六进五]}}\n  - id: notation.d\n    clauses: [notation.wxf]\n    description: d\n    fen: \"3k5/9/9/9/9/9/9/3A5/9/3AK4 w\"\n    ask: convert\n    move: d0e1\n    to: wxf\n    expect: {{text: A-+5, also: [A6+5]}}\n  - id: notation.e\n    clauses: [notation.chinese]\n    description: d\n    fen: \"3k5/9/9/9/9/9/R8/9/9/R3K4 w\"\n    ask: convert\n    move: a0a1\n    to: chinese\n    expect: 后车进一\n");
    let suite = load(&scratch_suite("convert", &[("notation/a.yaml", &text)]));
    let answers = |a: &str, b: &str| {
        json!({"start": started(&["convert"]), "cases": {
            "notation.a": [{"reply": {"seq": "$seq", "result": {"move": a}}}],
            "notation.b": [{"reply": {"seq": "$seq", "result": {"move": b}}}],
            "notation.c": [{"reply": {"seq": "$seq", "result": {"move": "仕六进五"}}}],
            "notation.d": [{"reply": {"seq": "$seq", "result": {"move": "A6+5"}}}],
            "notation.e": [{"reply": {"seq": "$seq", "result": {"move": "车九进一"}}}]}})
    };
    let r = run(
        &suite,
        scripted("glyphs", answers("馬8進7", "傌二進三"), SECOND),
        Expectations::default(),
        settings(SECOND),
    );
    // 前/后 left out where only one advisor can make the move: listed.
    let (s, m) = status_of(&r, "notation.c");
    assert_eq!(s, Status::Pass, "{m}");
    let (s, m) = status_of(&r, "notation.d");
    assert_eq!(s, Status::Pass, "{m}");
    // Left out where both rooks can: not listed, a failure with both texts.
    let (s, m) = status_of(&r, "notation.e");
    assert_eq!(s, Status::Fail);
    assert!(
        m.contains("converted to \"车九进一\", expected 后车进一"),
        "{m}"
    );
    assert_eq!(
        status_of(&r, "notation.a").0,
        Status::Pass,
        "{}",
        status_of(&r, "notation.a").1
    );
    assert_eq!(
        status_of(&r, "notation.b").0,
        Status::Pass,
        "{}",
        status_of(&r, "notation.b").1
    );
    let r = run(
        &suite,
        scripted("wrong", answers("马8进9", "h0g2"), SECOND),
        Expectations::default(),
        settings(SECOND),
    );
    let (s, m) = status_of(&r, "notation.a");
    assert_eq!(s, Status::Fail);
    assert!(m.contains("expected 马8进7"), "{m}");
    let (s, m) = status_of(&r, "notation.b");
    assert_eq!(s, Status::Fail, "an ICCS answer is not Chinese notation");
    assert!(
        m.contains("converted to \"h0g2\", expected 马二进三"),
        "{m}"
    );
    // Without the case's `also`, the unmarked advisor is another text.
    let unlisted = text.replace("{text: 后仕进五, also: [仕六进五]}", "后仕进五");
    let suite = load(&scratch_suite(
        "convert-unlisted",
        &[("notation/a.yaml", &unlisted)],
    ));
    let r = run(
        &suite,
        scripted("unlisted", answers("馬8進7", "傌二進三"), SECOND),
        Expectations::default(),
        settings(SECOND),
    );
    let (s, m) = status_of(&r, "notation.c");
    assert_eq!(s, Status::Fail);
    assert!(
        m.contains("converted to \"仕六进五\", expected 后仕进五"),
        "{m}"
    );
}

/// A hung implementation that asked for a huge `time_scale` holds a case for
/// the capped scale times the timeout, and the message names that budget
/// (not the time left when the read gave up).
#[test]
fn a_huge_time_scale_is_capped_and_the_timeout_names_the_budget() {
    let suite = load(&scratch_suite(
        "scale-cap",
        &[("perft/a.yaml", &perft_cases(&["a"]))],
    ));
    let mut start = started(&["perft"]);
    start["limits"] = json!({"time_scale": 1000});
    let script = json!({"start": start, "default": [{"sleep": 600}]});
    let timeout = Duration::from_millis(100);
    let t = Instant::now();
    let r = run(
        &suite,
        scripted("scale-cap", script, timeout),
        Expectations::default(),
        settings(timeout),
    );
    // 0.1 s × 1000 would be 100 s; the cap (10) makes it about a second.
    let took = t.elapsed();
    assert!(took < Duration::from_secs(20), "{took:?}");
    let (s, m) = status_of(&r, "perft.a");
    assert_eq!(s, Status::Error);
    let budget = (0.1 + 0.044) * xq_harness::runner::MAX_TIME_SCALE;
    assert!(m.contains(&format!("within {budget:.1} s")), "{m}");
}

/// What an implementation writes is echoed only bounded and printable: an
/// escape code in its name or an error, a huge `conventions` field.
#[test]
fn adapter_text_is_filtered_and_bounded_where_it_is_echoed() {
    let suite = load(&scratch_suite(
        "escapes",
        &[("perft/a.yaml", &perft_cases(&["a"]))],
    ));
    let mut start = started(&["perft"]);
    start["name"] = json!("evil\u{1b}[2J\u{1b}[31mred");
    start["version"] = json!("1\u{7}");
    start["conventions"] = json!({"huge": "c".repeat(10 << 20), "esc\u{1b}": 3});
    let script = json!({"start": start, "default": [
        {"reply": {"seq": "$seq", "error": "bad\u{1b}]0;title\u{7} news"}}]});
    let factory = scripted("escapes", script, SECOND);
    let pool = xq_harness::implementation::Pool::new(factory).expect("starts");
    let imp = xq_harness::report::Implementation::of(&pool);
    assert!(!imp.describe.contains('\u{1b}'), "{}", imp.describe);
    assert!(imp.describe.contains("evil\\u{1b}[2J"), "{}", imp.describe);
    let conventions = serde_json::to_string(&imp.conventions).unwrap();
    assert!(conventions.len() < 1000, "{} bytes", conventions.len());
    assert!(
        conventions.contains("10485760 characters in all"),
        "{conventions}"
    );
    assert!(!conventions.contains("\\u001b"), "{conventions}");
    drop(pool);
    let r = run(
        &suite,
        scripted(
            "escapes",
            json!({"start": started(&["perft"]), "default": [
            {"reply": {"seq": "$seq", "error": "bad\u{1b}]0;title\u{7} news"}}]}),
            SECOND,
        ),
        Expectations::default(),
        settings(SECOND),
    );
    let (s, m) = status_of(&r, "perft.a");
    assert_eq!(s, Status::Error);
    assert!(!m.contains('\u{1b}') && !m.contains('\u{7}'), "{m:?}");
}

/// Stopping `xq-suite` (SIGTERM from a CI timeout, SIGINT from Ctrl-C)
/// stops the adapter and its children too, and the harness ends by that
/// signal.
#[cfg(unix)]
#[test]
fn a_signal_to_the_harness_stops_the_adapter_and_its_children() {
    use std::os::unix::process::ExitStatusExt;
    for (sig, name) in [(libc::SIGTERM, "term"), (libc::SIGINT, "int")] {
        let root = scratch_suite(
            &format!("signal-{name}"),
            &[("perft/a.yaml", &perft_cases(&["a"]))],
        );
        let pid_file =
            std::env::temp_dir().join(format!("xq-harness-signal-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&pid_file);
        let script = std::env::temp_dir().join(format!(
            "xq-harness-signal-{}-{name}.json",
            std::process::id()
        ));
        std::fs::write(
            &script,
            json!({"start": started(&["perft"]), "default": [
                {"grandchild": pid_file.to_str().unwrap()}, {"sleep": 600}]})
            .to_string(),
        )
        .unwrap();
        let adapter = format!(
            "python3 {} {}",
            common::fixture("scripted_adapter.py"),
            script.display()
        );
        let mut suite = std::process::Command::new(env!("CARGO_BIN_EXE_xq-suite"))
            .args(["--suite", root.to_str().unwrap(), "--adapter", &adapter])
            .args(["--timeout", "600", "--quiet"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Wait for the grandchild: the adapter is answering by then.
        let t = Instant::now();
        let grandchild = loop {
            if let Ok(p) = std::fs::read_to_string(&pid_file) {
                if let Ok(p) = p.trim().parse::<i32>() {
                    break p;
                }
            }
            assert!(t.elapsed() < Duration::from_secs(60), "no grandchild");
            std::thread::sleep(Duration::from_millis(50));
        };
        // SAFETY: a signal to the child this test started.
        unsafe {
            libc::kill(suite.id() as i32, sig);
        }
        let t = Instant::now();
        let status = loop {
            if let Some(s) = suite.try_wait().unwrap() {
                break s;
            }
            if t.elapsed() > Duration::from_secs(20) {
                let _ = suite.kill();
                panic!("xq-suite did not stop on signal {sig}");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        assert_eq!(status.signal(), Some(sig), "{status:?}");
        std::thread::sleep(Duration::from_millis(200));
        let stat = std::fs::read_to_string(format!("/proc/{grandchild}/stat")).unwrap_or_default();
        assert!(
            stat.is_empty() || stat.split_whitespace().nth(2) == Some("Z"),
            "the adapter's child outlived the harness: {stat}"
        );
    }
}

/// `convert` may answer "rejected, cause unknown": right for an expected
/// rejection (the cause reported as skipped), wrong for an expected move;
/// a case file cannot expect it.
#[test]
fn a_rejection_of_unknown_cause_counts_as_a_rejection_only() {
    let cases = "cases:\n  - id: notation.a-syntax\n    clauses: [notation.chinese]\n    description: d\n    ask: convert\n    move: \"炮二平\"\n    to: iccs\n    expect: {rejected: syntax}\n  - id: notation.b-text\n    clauses: [notation.chinese]\n    description: d\n    ask: convert\n    move: \"炮二平五\"\n    to: iccs\n    expect: h2e2\n";
    let suite = load(&scratch_suite(
        "unknown-cause",
        &[("notation/a.yaml", cases)],
    ));
    let script = json!({"start": started(&["convert"]), "default": [
        {"reply": {"seq": "$seq", "result": {"rejected": "unknown"}}}]});
    let r = run(
        &suite,
        scripted("unknown-cause", script, SECOND),
        Expectations::default(),
        settings(Duration::from_secs(5)),
    );
    let a = r.iter().find(|r| r.name == "notation.a-syntax").unwrap();
    assert_eq!(a.status, Status::Pass, "{:?}", a.message);
    assert_eq!(a.skipped_fields, ["rejected.cause"]);
    let (s, m) = status_of(&r, "notation.b-text");
    assert_eq!(s, Status::Fail);
    assert!(m.contains("rejected as unknown, expected h2e2"), "{m}");
    // A case cannot expect it.
    let bad = "cases:\n  - id: notation.c\n    clauses: [notation.chinese]\n    description: d\n    ask: convert\n    move: \"炮二平\"\n    to: iccs\n    expect: {rejected: unknown}\n";
    let root = scratch_suite("unknown-cause-case", &[("notation/a.yaml", bad)]);
    let Err(e) = xq_harness::Suite::load(&root) else {
        panic!("a case expecting `unknown` must be refused");
    };
    let e = e[0].to_string();
    assert!(e.contains("unknown is for answers only"), "{e}");
}
