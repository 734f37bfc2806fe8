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

/// A word outside its vocabulary in an expectation is pointed at, with
/// its path inside `expect` and the words allowed.
#[test]
fn unknown_word_in_an_expectation_names_line_column_path_and_the_words_allowed() {
    let ruling = "cases:\n  - id: moves.a\n    clauses: [repetition.perpetual-check]\n    description: d\n    fen: 2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w\n    moves: [f0e0, e8f8, e0f0, f8e8, f0e0, e8f8, e0f0, f8e8]\n    ask: ruling\n    expect:\n      result: \"0-1\"\n      red:\n        kinds: [check, chekc]\n";
    let e = load_errors("unknown-kind", ruling);
    assert_eq!(
        e,
        ["cases/moves/a.yaml:11:24: case moves.a: expect: red.kinds[1]: unknown move kind \"chekc\" (expected check, kill, chase, exchange, offer, block, follow or idle)"]
    );
    let by_edition = ruling.replace(
        "      red:\n        kinds: [check, chekc]\n",
        "    expect_by_edition:\n      axf-2017: {result: draw}\n",
    );
    let e = load_errors("unknown-result", &by_edition);
    assert_eq!(
        e,
        ["cases/moves/a.yaml:11:26: case moves.a: expect_by_edition.axf-2017: result: unknown result \"draw\" (expected 1-0, 0-1, 1/2-1/2 or *)"]
    );
    // A long word is quoted cut, and still pointed at.
    let long = "k".repeat(200);
    let e = load_errors("long-kind", &ruling.replace("chekc", &long));
    assert_eq!(
        e,
        [format!("cases/moves/a.yaml:11:24: case moves.a: expect: red.kinds[1]: unknown move kind \"{}…\" (expected check, kill, chase, exchange, offer, block, follow or idle)", "k".repeat(60))]
    );
    // An unknown key inside `expect` is pointed at too.
    let e = load_errors(
        "unknown-side-key",
        &ruling.replace("kinds: [check, chekc]", "patern: perpetual-check"),
    );
    assert_eq!(e.len(), 1);
    assert!(
        e[0].starts_with("cases/moves/a.yaml:11:9: case moves.a: expect: unknown field `patern`, expected one of `pattern`"),
        "{e:?}"
    );
    let convert = format!(
        "{HEAD}    ask: convert\n    move: h2e2\n    to: wxf\n    expect: {{rejected: nonsense}}\n"
    );
    let e = load_errors("unknown-cause", &convert);
    assert_eq!(
        e,
        ["cases/moves/a.yaml:8:24: case moves.a: expect: unknown rejection \"nonsense\" (expected syntax, no-such-piece, ambiguous or illegal)"]
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
    // A move in another notation without its ICCS: the harness reads none.
    let e = load_errors(
        "no-move",
        &format!("{HEAD}    ask: is-legal\n    move: 马五进三\n    expect: {{legal: false}}\n"),
    );
    assert!(
        e[0].contains("is not an ICCS move") && e[0].contains("move_iccs"),
        "{e:?}"
    );
}

#[test]
fn a_history_in_another_notation_carries_its_iccs() {
    // Without moves_iccs, a Chinese history is refused at the move.
    let e = load_errors(
        "zh-history",
        &format!("{HEAD}    moves: \"炮二平五 马8进7\"\n    ask: legal-moves\n    expect: {{count: 1}}\n"),
    );
    assert_eq!(e.len(), 1);
    assert!(
        e[0].starts_with("cases/moves/a.yaml:5:")
            && e[0].contains("moves: ply 1: \"炮二平五\" is not an ICCS move"),
        "{e:?}"
    );
    // One ICCS move for each written move.
    let e = load_errors(
        "short-iccs",
        &format!("{HEAD}    moves: \"炮二平五 马8进7\"\n    moves_iccs: \"h2e2\"\n    ask: legal-moves\n    expect: {{count: 1}}\n"),
    );
    assert!(
        e[0].contains("moves_iccs has 1 move(s) and moves 2"),
        "{e:?}"
    );
    // The ICCS is what is played: an illegal one is an error at it.
    let e = load_errors(
        "bad-iccs",
        &format!("{HEAD}    moves: \"炮二平五 马8进7\"\n    moves_iccs: \"h2e2 h9h7\"\n    ask: legal-moves\n    expect: {{count: 1}}\n"),
    );
    assert!(
        e[0].contains("moves_iccs: ply 2: h9h7 is not legal"),
        "{e:?}"
    );
    // ICCS beside ICCS says nothing.
    let e = load_errors(
        "iccs-twice",
        &format!("{HEAD}    moves: \"h2e2\"\n    moves_iccs: \"h2e2\"\n    ask: legal-moves\n    expect: {{count: 1}}\n"),
    );
    assert!(e[0].contains("moves is written in ICCS"), "{e:?}");
    // A convert question sends its text as written.
    let e = load_errors(
        "convert-iccs",
        &format!("{HEAD}    ask: convert\n    move: 炮二平五\n    move_iccs: h2e2\n    to: iccs\n    expect: h2e2\n"),
    );
    assert!(e[0].contains("no move_iccs"), "{e:?}");
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

const CASE: &str = "  - id: moves.a\n    clauses: [move.horse.leg]\n    description: d\n    ask: legal-moves\n    expect: {count: 44}\n";

#[test]
fn a_duplicate_in_one_file_points_at_the_duplicate() {
    let e = load_errors("dup-same-file", &format!("cases:\n{CASE}{CASE}"));
    assert_eq!(
        e,
        ["cases/moves/a.yaml:7:5: duplicate case id moves.a (first defined at cases/moves/a.yaml:2)"]
    );
}

#[test]
fn an_error_in_the_second_of_two_same_id_cases_is_placed_there() {
    let bad = CASE.replace("move.horse.leg", "move.horse.legs");
    let e = load_errors("dup-error", &format!("cases:\n{CASE}{bad}"));
    assert_eq!(
        e,
        ["cases/moves/a.yaml:8:15: case moves.a: unknown clause id move.horse.legs"]
    );
}

#[test]
fn comments_and_flow_style_still_give_real_places() {
    let e = load_errors(
        "comment",
        "cases:\n  - id: moves.a   # the first\n    clauses: [move.horse.legs]\n    description: d\n    ask: legal-moves\n    expect: {count: 44}\n",
    );
    assert_eq!(
        e,
        ["cases/moves/a.yaml:3:15: case moves.a: unknown clause id move.horse.legs"]
    );
    let e = load_errors(
        "flow",
        "cases:\n  - {id: moves.a, clauses: [move.horse.legs], description: d, ask: legal-moves, expect: {count: 44}}\n",
    );
    assert_eq!(
        e,
        ["cases/moves/a.yaml:2:29: case moves.a: unknown clause id move.horse.legs"]
    );
}

#[test]
fn aliases_and_several_documents_are_refused_where_they_are() {
    let bomb = "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ncases: [*d]\n";
    let e = load_errors("bomb", bomb);
    assert_eq!(e.len(), 1);
    assert!(
        e[0].starts_with("cases/moves/a.yaml:1:4: YAML anchors and aliases"),
        "{e:?}"
    );
    let e = load_errors("docs", &format!("cases:\n{CASE}---\ncases:\n{CASE}"));
    assert_eq!(e.len(), 1);
    assert!(
        e[0].starts_with("cases/moves/a.yaml:7:1: a second YAML document"),
        "{e:?}"
    );
}

#[test]
fn ids_are_strings_that_start_with_their_family() {
    let e = load_errors(
        "family",
        &CASE
            .replace("moves.a", "check.a")
            .replace("  - ", "cases:\n  - "),
    );
    assert_eq!(e.len(), 1);
    assert!(
        e[0].starts_with(
            "cases/moves/a.yaml:2:5: case check.a: the id must start with its family \"moves\""
        ),
        "{e:?}"
    );
    let e = load_errors(
        "number-id",
        &format!("cases:\n{}", CASE.replace("moves.a", "123")),
    );
    // Refused as the file is read (xq-spec's case type takes a string id
    // only), at the value.
    assert_eq!(
        e,
        ["cases/moves/a.yaml:2:9: cases[0].id: the id must be a string, not 123"]
    );
}

#[test]
fn edition_independent_questions_take_one_answer() {
    let e = load_errors(
        "by-edition",
        &format!("{CASE}    expect_by_edition:\n      axf-2017: {{count: 43}}\n")
            .replace("  - ", "cases:\n  - "),
    );
    assert_eq!(e.len(), 1);
    assert!(e[0].contains("has one answer in every edition"), "{e:?}");
}

#[test]
fn a_symlink_loop_is_one_clear_error() {
    let root = scratch_suite("loop", &[("moves/a.yaml", &format!("cases:\n{CASE}"))]);
    std::os::unix::fs::symlink("..", root.join("cases/moves/loop")).unwrap();
    let e: Vec<String> = match Suite::load(&root) {
        Ok(_) => panic!("a loop must not load"),
        Err(errors) => errors.iter().map(|e| e.to_string()).collect(),
    };
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].contains("symbolic link loop"), "{e:?}");
}

#[test]
fn expectations_files_are_checked() {
    let ruling = "cases:\n  - id: repetition.a\n    clauses: [repetition.perpetual-check]\n    description: d\n    fen: \"2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w\"\n    moves: \"f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8\"\n    ask: ruling\n    expect: {result: \"0-1\"}\n";
    let root = scratch_suite("exp", &[("repetition/a.yaml", ruling)]);
    let suite = common::load(&root);
    let path = root.join("e.yaml");
    let refused = |text: &str| {
        std::fs::write(&path, text).unwrap();
        xq_harness::expectations::load(&path, &suite, false)
            .unwrap_err()
            .to_string()
    };
    let e = refused(
        "implementation: x\nfailures:\n  - case: repetition.a\n    editions: []\n    reason: r\n",
    );
    assert!(
        e.contains(":3:3: the known failure of repetition.a lists no editions"),
        "{e}"
    );
    let e = refused("implementation: x\nfailures:\n  - case: repetition.a\n    editions: [cxa-2020, cxa-2020]\n    reason: r\n");
    assert!(e.contains("lists cxa-2020 twice"), "{e}");
    let e = refused("implementation: x\nfailures:\n  - case: repetition.a\n    reason: r\n  - case: repetition.a\n    editions: [axf-2017]\n    reason: r\n");
    assert!(
        e.contains(":5:3: case repetition.a is listed twice (first at line 3)"),
        "{e}"
    );
    let e = refused(
        "implementation: x\nfailures:\n  - case: repetition.a\n    reason: \"TODO: explain\"\n",
    );
    assert!(e.contains("placeholder reason"), "{e}");
}

#[test]
fn a_duplicate_key_points_at_the_second_key() {
    // Line 6 holds the second `description:`.
    let e = load_errors(
        "dup-key",
        &format!("{HEAD}    ask: legal-moves\n    description: again\n    expect: {{count: 44}}\n"),
    );
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].starts_with("cases/moves/a.yaml:6:5: "),
        "the duplicate key's own line: {e:?}"
    );
    assert!(e[0].contains("description"), "{e:?}");
}

/// A third-party tool reads every case file of the suite with xq-spec's
/// types alone (`xq_spec::cases::from_yaml`), and gets the expectations the
/// loader checked, edition by edition.
#[test]
fn every_case_file_reads_with_the_spec_types_as_the_loader_reads_it() {
    fn yaml_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                yaml_files(&p, out);
            } else if p.extension().is_some_and(|x| x == "yaml") {
                out.push(p);
            }
        }
    }
    let root = Suite::default_root();
    let suite = common::load(&root);
    let mut files = Vec::new();
    yaml_files(&root.join("cases"), &mut files);
    let mut read = 0;
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let file =
            xq_spec::cases::from_yaml(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        for case in file.cases {
            let loaded = suite
                .cases
                .iter()
                .find(|c| c.id == case.id)
                .unwrap_or_else(|| panic!("{} is not in the suite", case.id));
            assert_eq!(loaded.question.kind(), case.ask, "{}", case.id);
            for (edition, expect) in &loaded.expect {
                let written = case.expect_by_edition.get(edition).unwrap_or(&case.expect);
                assert_eq!(expect, written, "{} under {edition}", case.id);
            }
            read += 1;
        }
    }
    assert_eq!(read, suite.cases.len());
}
