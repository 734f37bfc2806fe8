//! Strict reading of JSON messages: a value that refuses an object with a
//! repeated key (`serde_json`'s own `Value` keeps the last one silently,
//! and two `seq`s or two `fen`s must not be settled by a guess), and a
//! quick check that every key of a text is among the known ones.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// The index of the first `"` or `\\` in `b`.
fn quote_or_escape(b: &[u8]) -> Option<usize> {
    b.iter().position(|&c| c == b'"' || c == b'\\')
}

/// Whether every key of a JSON text's objects (at every depth, arrays
/// aside) is in `known` as a dotted path (`question.move`), or holds a
/// default a writer may leave out (`false`, `[]`).
///
/// `text` must be JSON already read once (this is the second look, made
/// for speed: one pass over the bytes, no allocation but the path). When
/// unsure — a key with an escape, an object inside an array — it says
/// `false`, and the caller takes the exact, slower way.
#[must_use]
pub fn all_known(text: &str, known: &[String]) -> bool {
    let b = text.as_bytes();
    // For each open container: whether it is an object, and the length
    // of `path` when it opened.
    let mut stack: Vec<(bool, usize)> = Vec::with_capacity(8);
    let mut path = String::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'{' => {
                if stack.last().is_some_and(|&(object, _)| !object) {
                    return false;
                }
                stack.push((true, path.len()));
                i += 1;
            }
            b'[' => {
                stack.push((false, path.len()));
                i += 1;
            }
            b'}' | b']' => {
                let Some((_, len)) = stack.pop() else {
                    return false;
                };
                path.truncate(len);
                // Leaving a nested object's value: back to its parent's path.
                if let Some(&(true, parent)) = stack.last() {
                    path.truncate(parent);
                }
                i += 1;
            }
            b'"' => {
                let Some(end) = quote_or_escape(&b[i + 1..]) else {
                    return false;
                };
                let end = i + 1 + end;
                let in_object = stack.last().is_some_and(|&(object, _)| object);
                let mut j = end;
                if b[end] == b'\\' {
                    if in_object && is_key(b, end) {
                        return false; // an escaped key: let the exact check decide
                    }
                    // Skip the string, escapes and all.
                    j = end;
                    while j < b.len() && b[j] != b'"' {
                        j += if b[j] == b'\\' { 2 } else { 1 };
                    }
                }
                let after = j + 1;
                if in_object && b[end] == b'"' && is_key(b, end) {
                    let parent = stack.last().map_or(0, |&(_, len)| len);
                    path.truncate(parent);
                    if !path.is_empty() {
                        path.push('.');
                    }
                    let key = &text[i + 1..end];
                    path.push_str(key);
                    let value = skip_ws(b, skip_ws(b, after) + 1);
                    let default = b[value..].starts_with(b"false")
                        || (b[value] == b'[' && b[skip_ws(b, value + 1)] == b']');
                    let ok = known.contains(&path) || (default && key != "type");
                    if !ok {
                        return false;
                    }
                    i = value;
                    continue;
                }
                i = after;
            }
            _ => i += 1,
        }
    }
    true
}

/// Whether the string that ends at `end` (its closing quote) is a key:
/// a `:` follows it.
fn is_key(b: &[u8], end: usize) -> bool {
    let mut j = end;
    // For an escaped string, find its real end first.
    if b[j] == b'\\' {
        while j < b.len() && b[j] != b'"' {
            j += if b[j] == b'\\' { 2 } else { 1 };
        }
    }
    let k = skip_ws(b, j + 1);
    k < b.len() && b[k] == b':'
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\n' | b'\r') {
        i += 1;
    }
    i.min(b.len().saturating_sub(1))
}

/// Parses one JSON text into a value, refusing a repeated key.
pub fn parse(text: &str) -> serde_json::Result<Value> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = de.deserialize_any(Strict)?;
    de.end()?;
    Ok(value)
}

/// A key, borrowed from the text when it has no escapes.
struct KeySeed;

impl<'de> DeserializeSeed<'de> for KeySeed {
    type Value = Cow<'de, str>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Cow<'de, str>, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeySeed {
    type Value = Cow<'de, str>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a key")
    }
    fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Borrowed(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Owned(v.to_string()))
    }
}

/// A whole value, refusing repeated keys.
struct Strict;

impl<'de> DeserializeSeed<'de> for Strict {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(Strict)
    }
}

impl<'de> Visitor<'de> for Strict {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(v) = seq.next_element_seed(Strict)? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key_seed(KeySeed)? {
            if object.contains_key(key.as_ref()) {
                return Err(de::Error::custom(format_args!("duplicate key `{key}`")));
            }
            let v = map.next_value_seed(Strict)?;
            object.insert(key.into_owned(), v);
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_as_serde_json_reads_them() {
        let t = r#"{"a":[1,-2,3.5,"x",null,true,{"b":{}}]}"#;
        assert_eq!(parse(t).unwrap(), serde_json::from_str::<Value>(t).unwrap());
    }

    #[test]
    fn known_keys_at_every_depth_and_defaults() {
        let known = ["a", "b", "b.c", "e", "gA"].map(String::from);
        assert!(all_known(
            r#"{"a":1,"b":{"c":2,"d":false,"x":[ ]},"e":[1,"}"],"gA":true}"#,
            &known
        ));
        // When unsure (an escaped key, an object in an array): false.
        assert!(!all_known(r#"{"g\u0041":true}"#, &known));
        assert!(!all_known(r#"{"e":[{"f":1}]}"#, &known));
        assert!(!all_known(r#"{"a":1,"b":{"d":true}}"#, &known));
        assert!(!all_known(r#"{"z":0}"#, &known));
        assert!(!all_known(r#"{"type":false}"#, &known));
        assert!(!all_known(r#"{"q":[{"a":1}]}"#, &known));
        assert!(all_known(r#"{"a":"x\"y:","b":{"c":"}","d":[ ]}}"#, &known));
        assert!(
            !all_known(r#"{"a":"x","b":{"c":{},"e":1}}"#, &known),
            "b.e is unknown"
        );
    }

    #[test]
    fn a_repeated_key_is_refused_at_any_depth() {
        let e = parse(r#"{"seq":1,"seq":2}"#).unwrap_err().to_string();
        assert_eq!(e, "duplicate key `seq` at line 1 column 14");
        assert!(parse(r#"{"q":{"ask":"a","ask":"b"}}"#).is_err());
        assert!(parse(r#"{"q":[{"x":1,"x":2}]}"#).is_err());
        assert!(parse(r#"{"a":1} x"#).is_err());
    }
}
