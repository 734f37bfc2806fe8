//! The case loader's errors point at file:line:column.

mod common;

use common::scratch_suite;
use xq_harness::Suite;

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
