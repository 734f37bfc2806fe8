#![deny(missing_docs)]
//! The Python binding of the xiangqi (象棋) rules oracle: the
//! `xiangqi_oracle` module (distribution `xq-oracle`), built by maturin
//! with the `python` feature (`oracle/python/README.md`).
//!
//! The binding is thin: it converts between Python and the Rust crates
//! (`xq-core`, `xq-oracle`, `xq-records`) and never decides a rule. What it
//! converts without Python — records to their JSON shape, the protocol's
//! lines, the vocabularies — is here, so that `cargo test` checks it
//! without a Python development environment; the module itself is
//! [`py`], behind the `python` feature.

use serde_json::{json, Value};
use xq_records::{Location, Record, RecordError, Warning};
use xq_render::protocol::{self, Message, Reply, Started, PROTOCOL_VERSION};
use xq_render::{Lang, Speak};
use xq_spec::Vocabulary;

#[cfg(feature = "python")]
pub mod py;

/// The crate's version: the wheel's, and `xiangqi_oracle.__version__`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The name the package gives in the protocol's handshake.
pub const IMPLEMENTATION: &str = "xq-python";

/// One vocabulary for Python: its class name and each member's
/// (Python name, wire word).
pub type VocabularyTable = (&'static str, Vec<(String, &'static str)>);

/// `RedWins` → `RED_WINS`: a Rust variant's name as a Python enum
/// member's.
fn constant_name(variant: &str) -> String {
    let mut out = String::new();
    for (i, c) in variant.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

fn table<V: Vocabulary>(class: &'static str) -> VocabularyTable {
    let members = V::ALL
        .iter()
        .map(|v| (constant_name(&format!("{v:?}")), v.name()))
        .collect();
    (class, members)
}

/// Every vocabulary the Python API uses, from `xq-spec`'s declarations:
/// Python's `str`-valued enums are made from these, so no word is listed
/// twice.
pub fn vocabularies() -> Vec<VocabularyTable> {
    use xq_spec::{
        Clause, Color, EndReason, IllegalMoveCode, MoveKind, Notation, Outcome, Pattern,
        ProblemCode, Procedure, Rejection, RulingReason, SearchStop,
    };
    let stops = [
        SearchStop::GameBudget,
        SearchStop::Deadline,
        SearchStop::Cancelled,
    ];
    vec![
        table::<Color>("Color"),
        table::<Outcome>("Outcome"),
        table::<EndReason>("EndReason"),
        table::<Notation>("Notation"),
        table::<IllegalMoveCode>("IllegalMoveCode"),
        table::<ProblemCode>("ProblemCode"),
        table::<Rejection>("Rejection"),
        table::<MoveKind>("MoveKind"),
        table::<Pattern>("Pattern"),
        table::<RulingReason>("RulingReason"),
        table::<Procedure>("Procedure"),
        table::<Clause>("Clause"),
        (
            "SearchStop",
            stops
                .iter()
                .map(|s| (constant_name(&format!("{s:?}")), s.name()))
                .collect(),
        ),
    ]
}

/// The handshake the package gives: the oracle's, under the package's
/// name and version.
pub fn started() -> Started {
    let mut s = protocol::oracle_started(xq_oracle::edition::ids().map(String::from).collect());
    s.name = IMPLEMENTATION.into();
    s.version = VERSION.into();
    s
}

/// The answer to one line of the suite protocol (`spec/PROTOCOL.md`): the
/// handshake for `start`, the oracle's own answer for `run` (from
/// `xq_render::protocol::answer`), an error reply for anything else;
/// `None` for `stop` and for a blank line. `reader` is kept across lines.
pub fn protocol_line(reader: &mut protocol::MessageReader, line: &str) -> Option<String> {
    if line.trim().is_empty() {
        return None;
    }
    let reply = match reader.read(line) {
        Ok(Message::Stop) => return None,
        Ok(Message::Start { protocol }) if protocol == PROTOCOL_VERSION => {
            return Some(serde_json::to_string(&started()).expect("a handshake serializes"));
        }
        Ok(Message::Start { protocol }) => Reply::error(
            None,
            format!("protocol {protocol} is not spoken here; this package speaks protocol {PROTOCOL_VERSION}"),
        ),
        Ok(Message::Run(req)) => protocol::answer(&req),
        Err((seq, e)) => Reply::error(seq, format!("malformed message: {e}")),
    };
    Some(serde_json::to_string(&reply).expect("a reply serializes"))
}

fn location(at: Location) -> Value {
    match at {
        Location::Nowhere => json!({"line": null, "column": null, "byte": null}),
        Location::Text { line, column } => json!({"line": line, "column": column, "byte": null}),
        Location::Byte(b) => json!({"line": null, "column": null, "byte": b}),
    }
}

fn warning_json(w: &Warning) -> Value {
    let mut v = json!({
        "code": w.code(),
        "message": w.to_string(),
        "message_zh": w.speak(Lang::Zh),
        "ply": w.ply,
        "in_variation": w.in_variation,
    });
    if let (Value::Object(m), Value::Object(at)) = (&mut v, location(w.at)) {
        m.extend(at);
    }
    v
}

/// A record read error as JSON: `code` (`RecordError::code`), `message`
/// (as `xq` writes it), `message_zh`, `game`, `ply`, `line`, `column`,
/// `byte`.
pub fn record_error_json(e: &RecordError) -> Value {
    let mut v = json!({
        "code": e.code(),
        "message": e.to_string(),
        "message_zh": e.speak(Lang::Zh),
        "game": e.game,
        "ply": e.ply,
        "in_variation": e.in_variation,
    });
    if let (Value::Object(m), Value::Object(at)) = (&mut v, location(e.at)) {
        m.extend(at);
    }
    v
}

fn line_json(line: &xq_records::Line) -> Value {
    json!({
        "comment": line.comment,
        "moves": line.moves.iter().map(|n| json!({
            "move": n.mv.to_string(),
            "comment": n.comment,
            "nags": n.nags,
            "variations": n.variations.iter().map(line_json).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}

/// A record as JSON: `tags` (the named tags by their field names, `result`
/// as its wire word, the other tags as `[name, value]` pairs), `start`
/// (its FEN), `main` (the main line: moves in ICCS with comments, NAGs and
/// variations), `format`, `encoding`, `game`, `notation`, `warnings`, and
/// `illegal_final` (the illegal move the record ends with).
pub fn record_json(r: &Record) -> Value {
    let t = &r.tags;
    json!({
        "tags": {
            "title": t.title, "event": t.event, "site": t.site, "date": t.date,
            "round": t.round, "red": t.red, "black": t.black,
            "red_team": t.red_team, "black_team": t.black_team,
            "red_elo": t.red_elo, "black_elo": t.black_elo,
            "result": t.result.as_str(), "ecco": t.ecco, "opening": t.opening,
            "variation": t.variation,
            "record_type": t.record_type.map(|k| k.name()),
            "time_control": t.time_control, "annotator": t.annotator,
            "author": t.author,
            "other": t.other,
        },
        "start": r.start.fen(),
        "main": line_json(&r.main),
        "format": r.source.format.name(),
        "encoding": r.source.encoding.name(),
        "game": r.source.game,
        "notation": r.source.notation.map(|n| n.name()),
        "warnings": r.warnings.iter().map(warning_json).collect::<Vec<_>>(),
        "illegal_final": r.illegal_final.as_ref().map(|f| json!({
            "text": f.text,
            "ply": f.ply,
            "move": f.mv.to_string(),
            "reason": f.reason.code(),
            "message": f.reason.to_string(),
            "comment": f.comment,
        })),
    })
}

/// Every game of a record file, each `{"record": …}` or `{"error": …}`
/// in file order (a bad game does not stop the reading).
pub fn read_records(bytes: &[u8]) -> Vec<Value> {
    xq_records::read_bytes(bytes)
        .map(|item| match item {
            Ok(r) => json!({"record": record_json(&r)}),
            Err(e) => json!({"error": record_error_json(&e)}),
        })
        .collect()
}

/// The field names a Rust type declares (serde's own list, renames
/// included), read by a deserializer that only asks for them.
fn field_names<T: serde::de::DeserializeOwned>() -> Vec<&'static str> {
    use serde::de::value::Error;
    use serde::de::{Error as _, Visitor};
    struct Grab(Option<&'static [&'static str]>);
    impl<'de> serde::Deserializer<'de> for &mut Grab {
        type Error = Error;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Error> {
            Err(Error::custom("only the field names are asked for"))
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Error> {
            self.0 = Some(fields);
            Err(Error::custom("only the field names are asked for"))
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
            bytes byte_buf option unit unit_struct newtype_struct seq tuple
            tuple_struct map enum identifier ignored_any
        }
    }
    let mut grab = Grab(None);
    let _ = T::deserialize(&mut grab);
    grab.0.unwrap_or_default().to_vec()
}

/// The field names of every answer type of the protocol (and of the
/// ruling JSON's parts), from the `xq-spec` types: the Python package's
/// classes carry the same names, and a test holds them together.
pub fn wire_fields() -> Value {
    use xq_oracle::protocol::*;
    json!({
        "LegalMovesAnswer": field_names::<LegalMovesAnswer>(),
        "IsLegalAnswer": field_names::<IsLegalAnswer>(),
        "StatusAnswer": field_names::<StatusAnswer>(),
        "PerftAnswer": field_names::<PerftAnswer>(),
        "ConvertAnswer": field_names::<ConvertAnswer>(),
        "PositionAnswer": field_names::<PositionAnswer>(),
        "ClassifyAnswer": field_names::<ClassifyAnswer>(),
        "RulingAnswer": field_names::<RulingAnswer>(),
        "CycleAnswer": field_names::<CycleAnswer>(),
        "SideAnswer": field_names::<SideAnswer>(),
        "CycleMoveAnswer": field_names::<CycleMoveAnswer>(),
        "NaturalLimitAnswer": field_names::<NaturalLimitAnswer>(),
        "LimitCountAnswer": field_names::<LimitCountAnswer>(),
        "IllegalMoveAnswer": field_names::<IllegalMoveAnswer>(),
        "SearchAnswer": field_names::<SearchAnswer>(),
        "Started": field_names::<Started>(),
    })
}

/// The Python source of the package's enums (`xiangqi_oracle/_vocab.py`),
/// written from [`vocabularies`]; a test holds the committed file to it
/// (`XQ_WRITE_VOCAB=1 cargo test -p xq-python` rewrites it).
pub fn vocab_python_source() -> String {
    let mut out = String::from(
        "# Generated from the xq-spec vocabularies by `XQ_WRITE_VOCAB=1 cargo test -p xq-python`;\n\
         # do not edit (a test fails when this file and the Rust declarations differ).\n\
         \"\"\"The oracle's vocabularies as `str`-valued enums: each member is its wire word.\"\"\"\n\n\
         import enum\n\n__all__ = [\n",
    );
    let all = vocabularies();
    for (class, _) in &all {
        out.push_str(&format!("    \"{class}\",\n"));
    }
    out.push_str("]\n");
    for (class, members) in &all {
        out.push_str(&format!("\n\nclass {class}(str, enum.Enum):\n"));
        for (name, word) in members {
            out.push_str(&format!("    {name} = {word:?}\n"));
        }
        out.push_str("\n    def __str__(self) -> str:\n        return str(self.value)\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn member_names_are_python_constants() {
        assert_eq!(constant_name("RedWins"), "RED_WINS");
        assert_eq!(constant_name("Check"), "CHECK");
        let all = vocabularies();
        let outcome = &all.iter().find(|(c, _)| *c == "Outcome").unwrap().1;
        // The wire words, as spec/PROTOCOL.md writes them.
        let words: Vec<&str> = outcome.iter().map(|(_, w)| *w).collect();
        assert_eq!(words, ["1-0", "0-1", "1/2-1/2", "*"]);
        for (class, members) in &all {
            for (name, _) in members {
                assert!(
                    name.chars()
                        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'),
                    "{class}.{name}"
                );
            }
        }
    }

    #[test]
    fn field_names_come_from_the_types() {
        let f = wire_fields();
        assert_eq!(
            f["StatusAnswer"],
            json!(["in_check", "legal_moves", "result", "reason"])
        );
        // `message` is written, never read: not a field the answer is read by.
        assert_eq!(f["ConvertAnswer"], json!(["move", "rejected"]));
        assert!(f["RulingAnswer"]
            .as_array()
            .unwrap()
            .contains(&json!("natural_limit")));
    }

    #[test]
    fn the_python_enums_are_the_vocabularies() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/python/xiangqi_oracle/_vocab.py"
        );
        let want = vocab_python_source();
        if std::env::var_os("XQ_WRITE_VOCAB").is_some() {
            std::fs::write(path, &want).unwrap();
        }
        let have = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            have == want,
            "{path} is not what the vocabularies give; rewrite it with XQ_WRITE_VOCAB=1 cargo test -p xq-python"
        );
    }

    #[test]
    fn a_protocol_session_answers_as_the_oracle() {
        let mut reader = protocol::MessageReader::default();
        let hello = protocol_line(&mut reader, r#"{"type": "start", "protocol": 1}"#).unwrap();
        let v: Value = serde_json::from_str(&hello).unwrap();
        assert_eq!(v["name"], "xq-python");
        assert_eq!(v["protocol"], 1);
        let run = r#"{"type":"run","seq":3,"id":"x","edition":"cxa-2020","fen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1","moves":[],"question":{"ask":"perft","depth":2}}"#;
        let v: Value = serde_json::from_str(&protocol_line(&mut reader, run).unwrap()).unwrap();
        // The published perft figure of the initial array at depth 2.
        assert_eq!(v, json!({"seq": 3, "result": {"nodes": 1920}}));
        let bad: Value =
            serde_json::from_str(&protocol_line(&mut reader, "{nope").unwrap()).unwrap();
        assert!(bad["error"]
            .as_str()
            .unwrap()
            .starts_with("malformed message"));
        assert_eq!(protocol_line(&mut reader, r#"{"type": "stop"}"#), None);
    }

    #[test]
    fn records_read_with_their_tags_and_errors() {
        let pgn = "[Red \"甲\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 1-0\n\n[Red \"乙\"]\n\n1. h2e2 h2e2 *\n";
        let games = read_records(pgn.as_bytes());
        assert_eq!(games.len(), 2);
        assert_eq!(games[0]["record"]["tags"]["red"], "甲");
        assert_eq!(games[0]["record"]["tags"]["result"], "1-0");
        assert_eq!(games[0]["record"]["main"]["moves"][1]["move"], "h9g7");
        assert_eq!(games[1]["error"]["game"], 2);
        assert_eq!(games[1]["error"]["ply"], 2);
    }
}
