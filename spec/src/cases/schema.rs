//! The case schema, `spec/case.schema.json`, built from the types a case
//! file is read with: the keys of [`Case`](super::Case), the question rules
//! of [`cases`](super) (which parameters a question takes, which questions
//! have a history, a record, a per-edition answer), each question's own
//! part and the vocabularies for every closed list of words. The crate's
//! test `tests/schema.rs` checks that the committed file is this one
//! (`XQ_WRITE_SCHEMA=1` rewrites it).
//!
//! The harness's loader enforces everything the schema says, and more
//! (known clause and edition ids, legal FENs and histories, expectations
//! that can be true); the schema is for editors and other tools.
//!
//! ```
//! let schema = xq_spec::cases::schema::case_schema();
//! assert_eq!(schema["required"], serde_json::json!(["cases"]));
//! assert!(xq_spec::cases::schema::case_schema_text().ends_with("}\n"));
//! ```

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde_json::{json, Map, Value};

use super::expect::one_of;
use super::{
    case_keys, edition_independent, has_history, holds_record, sends_move_iccs, takes, Expect,
    PARAMETERS,
};
use crate::protocol::QuestionKind;
use crate::Notation;

/// The schema, as the committed file holds it (pretty, one final newline).
#[must_use]
pub fn case_schema_text() -> String {
    let mut text = serde_json::to_string_pretty(&case_schema()).expect("a schema serializes");
    text.push('\n');
    text
}

/// The JSON schema (2020-12) of a case file.
#[must_use]
pub fn case_schema() -> Value {
    let mut defs = Map::new();
    defs.insert(
        "id".into(),
        json!({"type": "string", "pattern": "^[a-z][a-z0-9-]*[.][a-z0-9.-]+$"}),
    );
    defs.insert(
        "iccs".into(),
        json!({"type": "string", "pattern": "^[a-i][0-9][a-i][0-9]$"}),
    );
    defs.insert(
        "iccsList".into(),
        json!({"type": "array", "items": {"$ref": "#/$defs/iccs"}}),
    );
    defs.insert(
        "square".into(),
        json!({"type": "string", "pattern": "^[a-i][0-9]$"}),
    );
    defs.insert(
        "edition".into(),
        json!({"type": "string", "pattern": "^[a-z0-9-]+$"}),
    );
    let mut rules = Vec::new();
    for (kind, expect) in Expect::schemas(&mut defs) {
        let name = format!("expect.{}", kind.name());
        defs.insert(name.clone(), expect);
        rules.push(question_rule(kind, &format!("#/$defs/{name}")));
    }
    rules.push(json!({
        "if": {"properties": {"tentative": {"const": true}}, "required": ["tentative"]},
        "then": {"required": ["doubt"]},
    }));
    let mut properties = Map::new();
    for key in case_keys() {
        let schema = key_schema(key)
            .unwrap_or_else(|| panic!("the loader reads the case key {key:?}: describe it here"));
        properties.insert(key.to_string(), schema);
    }
    defs.insert(
        "case".into(),
        json!({
            "type": "object",
            "additionalProperties": false,
            "required": ["id", "clauses", "description", "ask", "expect"],
            "properties": properties,
            "allOf": rules,
            "dependentRequired": {
                "doubt": ["tentative"],
                "moves_iccs": ["moves"],
            },
        }),
    );
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://xiangqi-conformance.invalid/spec/case.schema.json",
        "title": "A case file of the xiangqi spec suite",
        "description": "Generated from the case types of xq-spec (spec/src/cases/): do not edit; XQ_WRITE_SCHEMA=1 cargo test -p xq-spec --test schema rewrites it. See spec/CASES.md. The loader enforces everything this schema says, and more (known clause and edition ids, legal FENs and histories, expectations that can be true).",
        "type": "object",
        "additionalProperties": false,
        "required": ["cases"],
        "properties": {"cases": {"type": "array", "items": {"$ref": "#/$defs/case"}}},
        "$defs": defs,
    })
}

/// The schema of one key of a case, whatever the question.
fn key_schema(key: &str) -> Option<Value> {
    let text = json!({"type": "string", "minLength": 1});
    Some(match key {
        "id" => json!({"$ref": "#/$defs/id"}),
        "clauses" => json!({"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/id"}}),
        "description" | "fen" | "move" | "doubt" => text,
        "editions" => json!({"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/edition"}}),
        "moves" => json!({"oneOf": [{"type": "string"}, {"type": "array", "items": text}]}),
        "moves_iccs" => json!({
            "description": "The ICCS of `moves`, one move for each, when `moves` is written in another notation: what is sent.",
            "oneOf": [
                {"type": "string", "pattern": "^\\s*([a-i][0-9][a-i][0-9]([\\s,]+|$))*$"},
                {"$ref": "#/$defs/iccsList"},
            ],
        }),
        "relaxed" | "record" | "tentative" => json!({"type": "boolean"}),
        "ask" => one_of(QuestionKind::NAMES),
        "move_iccs" => json!({
            "description": "The ICCS of an is-legal or classify `move` written in another notation: what is sent.",
            "$ref": "#/$defs/iccs",
        }),
        "depth" => json!({"type": "integer", "minimum": 0}),
        "to" => one_of(Notation::NAMES),
        "expect" => json!({}),
        "expect_by_edition" => json!({
            "type": "object",
            "propertyNames": {"$ref": "#/$defs/edition"},
        }),
        "note" => json!({"type": "string"}),
        _ => return None,
    })
}

/// What a case asking `kind` must and must not have, and its expectation.
fn question_rule(kind: QuestionKind, expect: &str) -> Value {
    let required: Vec<&str> = PARAMETERS.into_iter().filter(|p| takes(kind, p)).collect();
    let mut refused: Vec<&str> = PARAMETERS.into_iter().filter(|p| !takes(kind, p)).collect();
    if !sends_move_iccs(kind) {
        refused.push("move_iccs");
    }
    if !has_history(kind) {
        refused.push("moves");
    }
    let mut properties = Map::new();
    properties.insert("expect".into(), json!({"$ref": expect}));
    // The loader refuses a non-empty per-edition answer and `record: true`,
    // not the key itself.
    properties.insert(
        "expect_by_edition".into(),
        if edition_independent(kind) {
            json!({"maxProperties": 0})
        } else {
            json!({"additionalProperties": {"$ref": expect}})
        },
    );
    if !holds_record(kind) {
        properties.insert("record".into(), json!({"const": false}));
    }
    let mut then = Map::new();
    if !required.is_empty() {
        then.insert("required".into(), json!(required));
    }
    then.insert("properties".into(), Value::Object(properties));
    let refused: Vec<Value> = refused
        .iter()
        .map(|key| json!({"required": [key]}))
        .collect();
    if !refused.is_empty() {
        then.insert("not".into(), json!({"anyOf": refused}));
    }
    json!({
        "if": {"properties": {"ask": {"const": kind.name()}}},
        "then": then,
    })
}

/// The keys a struct is read with, renames applied, as serde's derive
/// gives them: what a type with `deny_unknown_fields` accepts.
#[must_use]
pub fn fields_of<'de, T: Deserialize<'de>>() -> &'static [&'static str] {
    let mut fields = None;
    let _ = T::deserialize(Fields(&mut fields));
    fields.unwrap_or_default()
}

/// A deserializer that only records the field list of the struct asked of it.
struct Fields<'a>(&'a mut Option<&'static [&'static str]>);

impl<'de> Deserializer<'de> for Fields<'_> {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
        Err(de::Error::custom("not a struct"))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Self::Error> {
        *self.0 = Some(fields);
        Err(de::Error::custom("fields recorded"))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map enum identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cases::{
        ClassifyExpect, IsLegalExpect, LegalMovesExpect, PositionExpect, RulingExpect, SideExpect,
        StatusExpect,
    };

    fn keys(schema: &Value) -> Vec<&str> {
        let mut k: Vec<&str> = schema["properties"]
            .as_object()
            .expect("an object schema")
            .keys()
            .map(String::as_str)
            .collect();
        k.sort_unstable();
        k
    }

    fn sorted(fields: &[&'static str]) -> Vec<&'static str> {
        let mut f = fields.to_vec();
        f.sort_unstable();
        f
    }

    /// Each expectation object of the schema has exactly the keys its type
    /// reads (the types refuse unknown keys, so must the schema).
    #[test]
    fn every_expectation_object_has_the_keys_its_type_reads() {
        let schema = case_schema();
        let defs = &schema["$defs"];
        for (def, fields) in [
            ("expect.legal-moves", fields_of::<LegalMovesExpect>()),
            ("expect.is-legal", fields_of::<IsLegalExpect>()),
            ("expect.status", fields_of::<StatusExpect>()),
            ("expect.position", fields_of::<PositionExpect>()),
            ("expect.ruling", fields_of::<RulingExpect>()),
            ("expect.classify", fields_of::<ClassifyExpect>()),
            ("side", fields_of::<SideExpect>()),
        ] {
            assert!(!fields.is_empty(), "{def}");
            assert_eq!(keys(&defs[def]), sorted(fields), "{def}");
        }
        assert_eq!(keys(&defs["case"]), sorted(case_keys()));
        assert!(case_keys().contains(&"move"), "renames applied");
    }

    /// Every question has its rule, and every closed list is a vocabulary's.
    #[test]
    fn every_question_and_word_list_comes_from_the_vocabulary() {
        let schema = case_schema();
        let case = &schema["$defs"]["case"];
        assert_eq!(
            case["properties"]["ask"]["enum"],
            json!(QuestionKind::NAMES)
        );
        assert_eq!(case["properties"]["to"]["enum"], json!(Notation::NAMES));
        let asked: Vec<&str> = case["allOf"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|r| r["if"]["properties"]["ask"]["const"].as_str())
            .collect();
        assert_eq!(asked, QuestionKind::NAMES);
    }
}
