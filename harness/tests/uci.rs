//! The UCI adapter against engines that are not Fairy-Stockfish: a fake
//! Pikafish (ranks 0–9, `info string` chatter, quits on an illegal
//! position), misbehaving variants of it, and Sjaak II (no `d`, its own
//! perft command, `h`/`e` FEN letters), when installed.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use xq_harness::expectations::Expectations;
use xq_harness::implementation::Factory;
use xq_harness::runner::{Settings, Status};
use xq_harness::uci::UciFactory;

use common::{fixture, load, run, scratch_suite, status_of};

fn pyffish_installed() -> bool {
    let ok = std::process::Command::new("python3")
        .args(["-c", "import pyffish"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(std::env::var_os("CI").is_none(), "CI must install pyffish");
        eprintln!("pyffish not installed: skipped");
    }
    ok
}

fn fake(mode: &str) -> Box<dyn Factory> {
    let mut command = vec!["python3".to_string(), fixture("fake_pikafish.py")];
    if !mode.is_empty() {
        command.push(mode.to_string());
    }
    Box::new(UciFactory {
        command,
        timeout: Duration::from_secs(20),
        editions: xq_spec::editions::ids().map(String::from).collect(),
    })
}

const CASES: &str = "cases:
  - id: moves.start
    clauses: [move.all]
    description: d
    moves: \"h2e2\"
    ask: legal-moves
    expect: {count: 45, includes: [h9g7, b9c7, a9a8], excludes: [h9h8]}
  - id: moves.mated
    clauses: [move.all]
    description: d
    fen: \"3k5/3R5/9/9/9/9/9/9/9/4K4 b\"
    ask: status
    expect: {in_check: true, legal_moves: 1, result: \"*\"}
  - id: moves.perft
    clauses: [move.all]
    description: d
    ask: perft
    depth: 2
    expect: 1920
  - id: moves.legal
    clauses: [move.all]
    description: d
    ask: is-legal
    move: b0c2
    expect: {legal: true}
";

fn settings(secs: u64) -> Settings {
    Settings {
        timeout: Duration::from_secs(secs),
        strict: false,
    }
}

#[test]
fn a_pikafish_like_engine_is_understood() {
    if !pyffish_installed() {
        return;
    }
    let suite = load(&scratch_suite("pikafish", &[("moves/a.yaml", CASES)]));
    let r = run(&suite, fake(""), Expectations::default(), settings(20));
    for name in ["moves.start", "moves.mated", "moves.perft", "moves.legal"] {
        let (s, m) = status_of(&r, name);
        assert_eq!(s, Status::Pass, "{name}: {m}");
    }
}

#[test]
fn an_engine_that_quits_fails_the_case_not_the_run() {
    if !pyffish_installed() {
        return;
    }
    let suite = load(&scratch_suite("pikafish-quit", &[("moves/a.yaml", CASES)]));
    let r = run(
        &suite,
        fake("quit-moves"),
        Expectations::default(),
        settings(20),
    );
    // Only moves.start has moves: the engine quits there and is restarted.
    let (s, m) = status_of(&r, "moves.start");
    assert_eq!(s, Status::Error);
    assert!(m.contains("exited"), "{m}");
    for name in ["moves.mated", "moves.perft", "moves.legal"] {
        assert_eq!(status_of(&r, name).0, Status::Pass, "{name}");
    }
}

#[test]
fn chatter_does_not_restart_the_clock() {
    if !pyffish_installed() {
        return;
    }
    let suite = load(&scratch_suite("pikafish-spam", &[("moves/a.yaml", CASES)]));
    // The spamming engine cannot pass the start-up probe (its `go perft 1`
    // never ends): start-up fails within its deadline, naming the command.
    let t = Instant::now();
    let e = UciFactory {
        command: vec!["python3".into(), fixture("fake_pikafish.py"), "spam".into()],
        timeout: Duration::from_secs(3),
        editions: xq_spec::editions::ids().map(String::from).collect(),
    }
    .start()
    .err()
    .expect("no start");
    assert!(t.elapsed() < Duration::from_secs(8), "{:?}", t.elapsed());
    // The message names the budget, not the time left when it ran out.
    assert!(e.contains("`go perft 1` within 3.0 s"), "{e}");
    // In a run, the request's deadline covers all the lines it reads.
    let t = Instant::now();
    let r = run(
        &suite,
        fake("spam-deep"),
        Expectations::default(),
        settings(2),
    );
    assert!(t.elapsed() < Duration::from_secs(15), "{:?}", t.elapsed());
    let (s, m) = status_of(&r, "moves.perft");
    assert_eq!(s, Status::Error);
    assert!(
        m.contains("did not finish answering `go perft 2` within"),
        "{m}"
    );
    assert!(
        !m.contains("within 0.0 s"),
        "the budget, not the time left: {m}"
    );
    assert_eq!(status_of(&r, "moves.legal").0, Status::Pass);
}

#[test]
fn a_non_ascii_divide_line_fails_the_case_without_a_panic() {
    if !pyffish_installed() {
        return;
    }
    let suite = load(&scratch_suite(
        "pikafish-non-ascii",
        &[("moves/a.yaml", CASES)],
    ));
    let r = run(
        &suite,
        fake("non-ascii"),
        Expectations::default(),
        settings(20),
    );
    // Every case is in the report; the one whose divide holds the line fails.
    assert_eq!(r.len(), 4);
    let (s, m) = status_of(&r, "moves.start");
    assert_eq!(s, Status::Error);
    assert!(m.contains("\"é1a2\", which is not a move"), "{m}");
    assert_eq!(status_of(&r, "moves.perft").0, Status::Pass);
}

fn sjaakii() -> Option<&'static str> {
    let path = "/usr/games/sjaakii";
    if Path::new(path).exists() {
        Some(path)
    } else {
        assert!(std::env::var_os("CI").is_none(), "CI must install sjaakii");
        eprintln!("sjaakii not installed: skipped");
        None
    }
}

/// Sjaak II has no `d`: it is still asked what it can answer (moves,
/// perft, a partial status), and its doubled evasion is caught.
#[test]
fn sjaakii_is_usable_for_what_it_can_answer() {
    let Some(engine) = sjaakii() else { return };
    let text = format!(
        "{CASES}  - id: moves.doubled-evasion
    clauses: [move.all]
    description: d
    fen: \"4k4/9/r8/9/r3R4/9/9/4C4/9/3K5 b - - 0 1\"
    ask: legal-moves
    expect: {{exact: [a7e7, e9f9]}}
  - id: moves.horse-fen
    clauses: [move.all]
    description: d
    fen: \"4k4/9/9/9/9/9/9/9/4N4/3K5 w\"
    ask: legal-moves
    expect: {{count: 8}}
"
    );
    let suite = load(&scratch_suite("sjaakii", &[("moves/a.yaml", &text)]));
    let factory = Box::new(UciFactory {
        command: vec![engine.to_string()],
        timeout: Duration::from_secs(20),
        editions: xq_spec::editions::ids().map(String::from).collect(),
    });
    let r = run(&suite, factory, Expectations::default(), settings(20));
    for name in [
        "moves.start",
        "moves.perft",
        "moves.legal",
        "moves.horse-fen",
    ] {
        let (s, m) = status_of(&r, name);
        assert_eq!(s, Status::Pass, "{name}: {m}");
    }
    // No way to learn check: the status answer leaves it out.
    let (s, m) = status_of(&r, "moves.mated");
    assert_eq!(s, Status::Pass, "{m}");
    let mated = r.iter().find(|r| r.name == "moves.mated").unwrap();
    assert_eq!(mated.skipped_fields, ["in_check"]);
    let (s, m) = status_of(&r, "moves.doubled-evasion");
    assert_eq!(s, Status::Fail);
    assert!(m.contains("lists more than once: a7e7"), "{m}");
}
