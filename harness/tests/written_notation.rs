//! A test of the data, not of the harness: the harness sends the ICCS a
//! case file gives and grades `convert` answers by text, so every text a
//! case writes in another notation must name the move it stands for. This
//! is checked here with the oracle's notation reader (xq-core), which the
//! harness itself never asks.

use std::collections::BTreeMap;

use serde_yaml::Value;
use xq_core::{format_move, parse_move, Move, Notation, ParseMoveError, Position, Validation};
use xq_harness::convert::normalise;
use xq_harness::expect::{ConvertExpect, Expect};
use xq_harness::Suite;
use xq_spec::protocol::Question;

/// Every case as written: id → its YAML mapping.
fn written(suite: &Suite) -> BTreeMap<String, Value> {
    let mut out = BTreeMap::new();
    for case in &suite.cases {
        if out.contains_key(&case.id) {
            continue;
        }
        let text = std::fs::read_to_string(suite.root.join(&case.file)).unwrap();
        let file: Value = serde_yaml::from_str(&text).unwrap();
        for c in file["cases"].as_sequence().unwrap() {
            out.insert(c["id"].as_str().unwrap().to_string(), c.clone());
        }
    }
    out
}

fn texts(v: &Value) -> Vec<String> {
    match v {
        Value::String(s) => xq_core::game::split_moves(s)
            .into_iter()
            .map(String::from)
            .collect(),
        Value::Sequence(l) => l.iter().map(|m| m.as_str().unwrap().to_string()).collect(),
        _ => Vec::new(),
    }
}

/// The move a text names, legal or not.
fn named(pos: &Position, text: &str) -> Result<Move, ParseMoveError> {
    match parse_move(pos, text) {
        Ok(m) | Err(ParseMoveError::Illegal { mv: m, .. }) => Ok(m),
        Err(e) => Err(e),
    }
}

fn start(case: &xq_harness::Case) -> Position {
    let v = if case.relaxed {
        Validation::Relaxed
    } else {
        Validation::Strict
    };
    Position::from_fen_with(&case.fen, v).unwrap()
}

#[test]
fn every_written_move_names_the_iccs_beside_it() {
    let suite = Suite::load(&Suite::default_root()).unwrap();
    let raw = written(&suite);
    let mut checked = 0;
    for case in &suite
        .cases
        .iter()
        .filter(|c| c.question != Question::Position)
        .collect::<Vec<_>>()
    {
        let c = &raw[&case.id];
        let mut pos = start(case);
        if c.get("moves_iccs").is_some() {
            let texts = texts(&c["moves"]);
            assert_eq!(texts.len(), case.moves.len(), "{}", case.id);
            for (i, (text, iccs)) in texts.iter().zip(&case.moves).enumerate() {
                let m = named(&pos, text)
                    .unwrap_or_else(|e| panic!("{}: ply {}: {text}: {e}", case.id, i + 1));
                assert_eq!(
                    m.to_string(),
                    *iccs,
                    "{}: ply {}: {text} is {m}, not the {iccs} beside it",
                    case.id,
                    i + 1
                );
                checked += 1;
                if i + 1 < texts.len() {
                    pos = pos.play_unchecked(m);
                }
            }
        } else {
            for iccs in &case.moves {
                let m = named(&pos, iccs).unwrap();
                pos = pos.play_unchecked(m);
            }
        }
        if let Some(text) = c
            .get("move_iccs")
            .and(c.get("move"))
            .and_then(Value::as_str)
        {
            let sent = match &case.question {
                Question::IsLegal { mv } | Question::Classify { mv } => mv,
                q => panic!("{}: move_iccs on {q:?}", case.id),
            };
            let m = named(&pos, text).unwrap_or_else(|e| panic!("{}: {text}: {e}", case.id));
            assert_eq!(m.to_string(), *sent, "{}: move {text}", case.id);
            checked += 1;
        }
    }
    assert!(checked > 200, "only {checked} written moves checked");
}

fn core_notation(n: xq_spec::Notation) -> Notation {
    match n {
        xq_spec::Notation::Iccs => Notation::Iccs,
        xq_spec::Notation::Wxf => Notation::Wxf,
        xq_spec::Notation::Chinese => Notation::Chinese,
    }
}

/// Each expected `convert` text (and each `also`) names the move the case
/// converts, read strictly in the notation asked for; and the
/// normalisation the grading applies keeps it apart from the text of every
/// other legal move there.
#[test]
fn every_expected_conversion_names_the_move_and_no_other() {
    let suite = Suite::load(&Suite::default_root()).unwrap();
    let mut checked = 0;
    for case in &suite.cases {
        let Question::Convert { mv, to } = &case.question else {
            continue;
        };
        let Some(Expect::Convert(want)) = case.expect.values().next() else {
            panic!("{}: a convert case expects a conversion", case.id);
        };
        let (text, also): (&str, &[String]) = match want {
            ConvertExpect::Text(t) => (t, &[]),
            ConvertExpect::Texts { text, also } => (text, also),
            ConvertExpect::Rejected { .. } => continue,
        };
        let mut pos = start(case);
        for iccs in &case.moves {
            pos = pos.play_unchecked(named(&pos, iccs).unwrap());
        }
        let notation = core_notation(*to);
        let source = parse_move(&pos, mv).unwrap_or_else(|e| panic!("{}: {mv}: {e}", case.id));
        for t in std::iter::once(text).chain(also.iter().map(String::as_str)) {
            let m = xq_core::notation::parse_move_as(&pos, t, notation)
                .unwrap_or_else(|e| panic!("{}: the expected {t} does not read: {e}", case.id));
            assert_eq!(m, source, "{}: {t} is {m}, not {source}", case.id);
            let key = normalise(t, *to);
            for other in pos.legal_moves().into_iter().filter(|o| *o != source) {
                let written = format_move(&pos, other, notation);
                assert_ne!(
                    normalise(&written, *to),
                    key,
                    "{}: {t} and {written} ({other}) normalise alike",
                    case.id
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} conversions checked");
}
