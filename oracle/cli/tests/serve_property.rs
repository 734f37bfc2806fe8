//! Property: `xq serve` answers every line that is not blank, whatever it
//! holds — random well-formed requests, random mutations of them, random
//! garbage bytes — and is still alive at the end (a last request gets its
//! answer). In process, through the same loop the binary runs.

use std::time::Duration;

use proptest::prelude::*;
use serde_json::{json, Value};
use xq_cli::serve::{serve, Limits};

const FENS: [&str; 4] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "3k5/2P6/9/9/9/9/9/9/9/4K4 b - - 0 1",
    "4k4/9/9/9/9/9/9/9/9/4K4 w",
    "not a fen",
];
const MOVES: [&str; 8] = [
    "h2e2",
    "h9g7",
    "炮二平五",
    "C2=5",
    "b0c2",
    "z9z9",
    "",
    "e0e1",
];

fn question() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(json!({"ask": "legal-moves"})),
        Just(json!({"ask": "status"})),
        Just(json!({"ask": "position"})),
        Just(json!({"ask": "ruling"})),
        (0usize..8).prop_map(|i| json!({"ask": "is-legal", "move": MOVES[i]})),
        (0usize..8).prop_map(|i| json!({"ask": "classify", "move": MOVES[i]})),
        (0u64..40).prop_map(|d| json!({"ask": "perft", "depth": d})),
        (0usize..8, 0usize..4).prop_map(|(i, n)| {
            let to = ["iccs", "wxf", "chinese", "x"][n];
            json!({"ask": "convert", "move": MOVES[i], "to": to})
        }),
    ]
}

fn request() -> impl Strategy<Value = Value> {
    (
        any::<u32>(),
        0usize..FENS.len(),
        prop::collection::vec(0usize..MOVES.len(), 0..4),
        0usize..5,
        any::<bool>(),
        question(),
    )
        .prop_map(|(seq, fen, moves, edition, relaxed, question)| {
            let edition = ["cxa-2020", "cxa-1999", "axf-2017", "wxf-2018", "fide"][edition];
            json!({
                "type": "run", "seq": seq, "id": "p",
                "edition": edition,
                "fen": FENS[fen],
                "moves": moves.iter().map(|&i| MOVES[i]).collect::<Vec<_>>(),
                "relaxed": relaxed,
                "question": question,
            })
        })
}

/// A line: a request, a request with one key dropped, retyped or added,
/// a handshake, or garbage bytes (never a `stop`, never blank).
fn line() -> impl Strategy<Value = Vec<u8>> {
    let mutated = (request(), 0usize..8, 0usize..4).prop_map(|(mut r, key, how)| {
        let keys = [
            "seq", "id", "edition", "fen", "moves", "relaxed", "question", "extra",
        ];
        let obj = r.as_object_mut().unwrap();
        match how {
            0 => {
                obj.remove(keys[key]);
            }
            1 => {
                obj.insert(keys[key].into(), json!(-1.5));
            }
            2 => {
                obj.insert(keys[key].into(), json!([[[[{"deep": null}]]]]));
            }
            _ => {
                obj.insert(keys[key].into(), json!("x".repeat(300)));
            }
        }
        r.to_string().into_bytes()
    });
    prop_oneof![
        4 => request().prop_map(|r| r.to_string().into_bytes()),
        3 => mutated,
        1 => (0u32..3).prop_map(|p| json!({"type": "start", "protocol": p}).to_string().into_bytes()),
        2 => prop::collection::vec(any::<u8>(), 1..300).prop_map(|mut b| {
            // One line: no newline inside, and not blank.
            for x in b.iter_mut() {
                if *x == b'\n' {
                    *x = b'#';
                }
            }
            b.push(b'!');
            b
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn every_line_is_answered_and_the_server_survives(lines in prop::collection::vec(line(), 1..12)) {
        let mut input = Vec::new();
        for l in &lines {
            input.extend_from_slice(l);
            input.push(b'\n');
        }
        input.extend_from_slice(br#"{"type":"run","seq":4242,"id":"last","edition":"cxa-2020","fen":"startpos","question":{"ask":"perft","depth":1}}"#);
        input.push(b'\n');
        let limits = Limits { max_line: 1 << 20, budget: Duration::from_millis(50) };
        let mut out = Vec::new();
        serve(&input[..], &mut out, limits).unwrap();
        let out = String::from_utf8(out).unwrap();
        let answers: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        prop_assert_eq!(answers.len(), lines.len() + 1, "{}", out);
        for a in &answers {
            let kinds = ["result", "unsupported", "error"].iter().filter(|k| a.get(**k).is_some()).count();
            prop_assert!(a["type"] == "started" || kinds == 1, "{}", a);
            if let Some(e) = a.get("error") {
                let e = e.as_str().unwrap();
                prop_assert!(e.len() <= 600 && !e.contains('\n'), "{}", e);
            }
        }
        prop_assert_eq!(answers.last().unwrap(), &json!({"seq": 4242, "result": {"nodes": 44}}));
    }
}

/// The quick key check of `xq serve` never passes a text that has an
/// unknown key: compared with a plain walk of the parsed JSON, on random
/// nested objects with keys from a small alphabet.
mod quick_key_check {
    use super::*;
    use xq_cli::strict_json::all_known;

    fn json_value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(json!(false)),
            Just(json!(true)),
            Just(json!([])),
            Just(json!(null)),
            any::<i32>().prop_map(|n| json!(n)),
            "[a-c\"\\\\:{}\\[\\], ]{0,6}".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 24, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..3).prop_map(Value::Array),
                prop::collection::btree_map("[abc]|type|a\\.b", inner, 0..4)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    /// Every key path known or holding a default, by a plain walk.
    fn exact(v: &Value, known: &[String], prefix: &str) -> bool {
        match v {
            Value::Object(m) => m.iter().all(|(k, x)| {
                let p = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                let default = *x == json!(false) || *x == json!([]);
                (known.contains(&p) || (default && k != "type")) && exact(x, known, &p)
            }),
            Value::Array(a) => a.iter().all(|x| exact(x, known, prefix)),
            _ => true,
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]
        #[test]
        fn never_passes_an_unknown_key(v in json_value(), pretty in any::<bool>()) {
            let known: Vec<String> = ["a", "b", "a.b", "a.c", "c.a", "type"].map(String::from).into();
            let text = if pretty { serde_json::to_string_pretty(&v).unwrap() } else { v.to_string() };
            if all_known(&text, &known) {
                prop_assert!(exact(&v, &known, ""), "{}", text);
            }
        }
    }
}
