//! JSON read into a [`serde_json::Value`], refusing an object that repeats
//! a key: `serde_json`'s own `Value` keeps the last one silently, and two
//! `seq`s (or two `fen`s) must not be settled by a guess.

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// Parses one JSON text (nesting is bounded by `serde_json`'s limit of
/// 128 levels).
pub fn parse(text: &str) -> serde_json::Result<Value> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = de.deserialize_any(Strict)?;
    de.end()?;
    Ok(value)
}

struct Strict;

impl<'de> de::DeserializeSeed<'de> for Strict {
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
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                return Err(de::Error::custom(format_args!("duplicate key `{key}`")));
            }
            let v = map.next_value_seed(Strict)?;
            object.insert(key, v);
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
    fn a_repeated_key_is_refused_at_any_depth() {
        let e = parse(r#"{"seq":1,"seq":2}"#).unwrap_err().to_string();
        assert_eq!(e, "duplicate key `seq` at line 1 column 14");
        assert!(parse(r#"{"q":{"ask":"a","ask":"b"}}"#).is_err());
        assert!(parse(r#"{"a":1} x"#).is_err());
    }
}
