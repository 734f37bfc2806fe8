//! Why a FEN is refused, in Chinese (`FenError`'s [`Speak`]): for every kind of
//! problem, read from a real FEN, the Chinese names the same ranks, squares
//! and numbers as the English, and has no English words in it.

use xq_core::{FenError, ParseFenError, Position, SetupProblem};
use xq_render::{Lang, Speak};

/// FENs, each refused for a different reason.
const BAD: &[&str] = &[
    "",
    "9/9/9",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - e3 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 extra",
    // Set-ups that read but are no position.
    "9/9/9/9/9/9/9/9/9/4K4 w",
    "3kk4/9/9/9/9/9/9/9/9/4K4 w",
    "3k5/9/9/9/9/9/9/9/9/K8 w",
    "3k5/9/9/9/9/9/9/9/9/4K3A w",
    "3k5/9/9/9/9/9/PPPPPP3/9/9/4K4 w",
    "4k4/9/9/9/9/9/9/9/9/4K4 w",
    "3k5/9/9/9/9/9/9/9/9/3RK4 w",
    // More problems than are written out.
    "3k5/9/AAAAAAAAA/9/9/9/9/9/9/4K4 w",
];

/// English words (three lower-case ASCII letters in a row) outside the
/// quoted parts of the FEN.
fn words(s: &str) -> Vec<String> {
    let unquoted: String = s.split('"').step_by(2).collect();
    unquoted
        .split(|c: char| !c.is_ascii_lowercase())
        .filter(|w| w.len() >= 3)
        .map(str::to_string)
        .collect()
}

fn numbers(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// The kinds of problem, by a match without a wildcard: a new kind does
/// not compile until it is named here (and given a FEN above).
fn kind(e: &FenError) -> Vec<String> {
    match e {
        FenError::Parse(p) => vec![match p {
            ParseFenError::Empty => "empty",
            ParseFenError::RankCount(_) => "rank-count",
            ParseFenError::RankWidth { .. } => "rank-width",
            ParseFenError::BadChar { .. } => "bad-char",
            ParseFenError::BadTurn(_) => "bad-turn",
            ParseFenError::BadField {
                field: "castling", ..
            } => "castling",
            ParseFenError::BadField { .. } => "en-passant",
            ParseFenError::BadCounter { .. } => "counter",
            ParseFenError::Trailing(_) => "trailing",
        }
        .to_string()],
        FenError::Position(pe) => pe
            .problems
            .iter()
            .map(|p| {
                match p {
                    SetupProblem::MissingKing(_) => "missing-king",
                    SetupProblem::ExtraKing(_) => "extra-king",
                    SetupProblem::KingOutsidePalace(..) => "king-outside-palace",
                    SetupProblem::Unreachable(..) => "unreachable",
                    SetupProblem::TooMany(..) => "too-many",
                    SetupProblem::KingsFacing => "kings-facing",
                    SetupProblem::OpponentInCheck(_) => "opponent-in-check",
                }
                .to_string()
            })
            .collect(),
    }
}

#[test]
fn every_fen_problem_in_chinese() {
    let mut kinds = std::collections::BTreeSet::new();
    for fen in BAD {
        let e = Position::from_fen(fen).expect_err(fen);
        kinds.extend(kind(&e));
        let (en, zh) = (e.to_string(), e.speak(Lang::Zh));
        assert!(!zh.is_empty(), "{fen}");
        assert_eq!(words(&zh), Vec::<String>::new(), "{fen}: {zh}");
        // The same numbers (ranks, fields, counts) in the same order.
        assert_eq!(numbers(&zh), numbers(&en), "{fen}: {zh} / {en}");
    }
    assert_eq!(kinds.len(), 16, "{kinds:?}");
}
