//! Where `spec/PROTOCOL.md`, `spec/CASES.md` and `spec/RULINGS.md` list a
//! vocabulary, they list exactly the words the crate declares: a word added
//! to an enum and not to the docs (or the reverse) fails here.

use std::collections::BTreeSet;
use std::path::Path;

use xq_spec::{
    EndReason, IllegalMoveCode, MoveKind, Notation, Outcome, Pattern, ProblemCode, QuestionKind,
    Rejection, RulingReason, RunStatus, Vocabulary,
};

fn doc(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The text between the first `start` and the next `end` after it.
fn window<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    let from = text
        .find(start)
        .unwrap_or_else(|| panic!("the docs no longer say {start:?}"))
        + start.len();
    let to = text[from..]
        .find(end)
        .unwrap_or_else(|| panic!("nothing ends {start:?} with {end:?}"));
    &text[from..from + to]
}

fn between(s: &str, mark: char) -> BTreeSet<String> {
    s.split(mark)
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// The first cell of each table row in `s`, backquoted.
fn first_cells(s: &str) -> BTreeSet<String> {
    s.lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .map(|l| l.split('`').next().unwrap_or_default().to_string())
        .collect()
}

fn names<V: Vocabulary>() -> BTreeSet<String> {
    V::NAMES.iter().map(|s| s.to_string()).collect()
}

#[track_caller]
fn same<V: Vocabulary>(found: BTreeSet<String>, place: &str) {
    assert_eq!(found, names::<V>(), "{place} should list every {}", V::WHAT);
}

#[test]
fn the_protocol_lists_each_vocabulary_exactly() {
    let text = doc("PROTOCOL.md");
    let table = window(&text, "| `ask` | further keys", "Notes:");
    same::<QuestionKind>(first_cells(table), "the questions table");
    same::<Notation>(between(window(table, "`to` (", ")"), '`'), "convert's `to`");
    same::<Rejection>(
        between(window(table, "{\"rejected\": ", "}"), '"'),
        "convert's `rejected`",
    );
    same::<Outcome>(
        between(window(table, "at least `{\"result\": ", "}"), '"'),
        "the ruling's result",
    );
    let status = window(table, "| `status` |", "\n");
    same::<EndReason>(
        between(window(status, "\"reason\": ", "}"), '"'),
        "status's reason",
    );
    let status_results = between(window(status, "\"result\": ", ", \"reason\""), '"');
    let mut no_draw = names::<Outcome>();
    no_draw.remove(Outcome::Draw.name());
    assert_eq!(status_results, no_draw, "a status never gives a draw");
    same::<MoveKind>(
        between(window(table, "the moves before it (", ")"), '`'),
        "classify's kinds",
    );
    same::<IllegalMoveCode>(
        between(window(&text, "`king-in-check`): ", "An unknown code"), '`'),
        "the is-legal codes",
    );
    same::<ProblemCode>(
        between(
            window(&text, "`position` problem codes: ", "An answer"),
            '`',
        ),
        "the position problem codes",
    );
    same::<RunStatus>(
        between(window(&text, "status of settled cases: ", ")"), '`'),
        "the report's statuses",
    );
}

#[test]
fn the_case_format_lists_each_vocabulary_exactly() {
    let text = doc("CASES.md");
    same::<QuestionKind>(
        between(window(&text, "| `ask` | yes | ", "\n"), '`'),
        "the `ask` row",
    );
    let rejected: BTreeSet<String> = window(&text, "{rejected: ", "}")
        .split("\\|")
        .map(|w| w.trim().to_string())
        .collect();
    // `unknown` is for answers only: a case always names the cause.
    let mut causes = names::<Rejection>();
    causes.remove(Rejection::Unknown.name());
    assert_eq!(
        rejected, causes,
        "CASES.md should list every cause of a rejection"
    );
    same::<MoveKind>(
        between(window(&text, "| `classify` | `kind` (", ";"), '`'),
        "classify's kinds",
    );
}

#[test]
fn the_rulings_doc_lists_each_vocabulary_exactly() {
    let text = doc("RULINGS.md");
    same::<RulingReason>(
        between(window(&text, "| `reason` | ", "\n"), '`'),
        "the ruling JSON's reasons",
    );
    same::<Pattern>(
        first_cells(window(&text, "| pattern | Chinese", "`pattern_zh`")),
        "the patterns table",
    );
}
