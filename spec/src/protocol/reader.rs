//! Strict reading of protocol messages: besides what the wire types refuse
//! (`deny_unknown_fields`), a key they do not know is refused at any level,
//! and so is a repeated key. This is the one strict reader: `xq serve` uses
//! it, and so can any implementation written in Rust.

use std::collections::HashMap;

use serde_json::Value;

use super::strict_json;
use super::Message;

/// A protocol message, strictly: besides what the wire types refuse, a key
/// they do not know is refused too, at any level (a misspelt `relaxed`
/// silently ignored would change the verdict). The error comes with the
/// request's `seq` when the line is JSON that has one, so that the client
/// can tell which request it answers. See [`MessageReader`].
pub fn read_message(text: &str) -> Result<Message, (Option<u64>, String)> {
    MessageReader::default().read(text)
}

/// Reads messages as [`read_message`] does, remembering the keys each
/// shape of message (`start`, `stop`, or the question of a `run`) is
/// known to have: checking a line's keys is then a look-up, and the round
/// trip through the wire types is made once per shape (and for a line
/// whose keys are not all known).
#[derive(Default)]
pub struct MessageReader {
    /// Shape → the dotted paths of keys the wire types kept for it (a
    /// dozen at most: a list is quicker than a hash set).
    known: HashMap<&'static str, Vec<String>>,
}

impl MessageReader {
    /// Reads one message, as [`read_message`] does.
    pub fn read(&mut self, text: &str) -> Result<Message, (Option<u64>, String)> {
        let message = serde_json::from_str::<Message>(text).map_err(|e| {
            // Read again as plain JSON for a better error and the seq.
            match serde_json::from_str::<Value>(text) {
                Ok(v) if !v.is_object() => (
                    None,
                    format!("a message is a JSON object, not {}", kind(&v)),
                ),
                Ok(v) => (v.get("seq").and_then(Value::as_u64), e.to_string()),
                // Not JSON at all: the plain reading says best why.
                Err(syntax) => (None, syntax.to_string()),
            }
        })?;
        let (shape, seq) = match &message {
            Message::Start { .. } => ("start", None),
            Message::Stop => ("stop", None),
            Message::Run(r) => (r.question.kind().name(), Some(r.seq)),
        };
        if self
            .known
            .get(shape)
            .is_some_and(|known| strict_json::all_known(text, known))
        {
            return Ok(message);
        }
        // What the types kept, written back: any key of the line not there
        // was ignored by them. (The wire types refuse most repeated keys;
        // the strict reading refuses the rest.)
        let value = strict_json::parse(text).map_err(|e| (seq, e.to_string()))?;
        let kept = serde_json::to_value(&message).expect("messages serialize");
        if let Some(path) = unknown_key(&value, &kept, "") {
            return Err((seq, format!("unknown key `{path}`")));
        }
        collect_paths(
            &kept,
            &mut String::new(),
            self.known.entry(shape).or_default(),
        );
        Ok(message)
    }
}

fn collect_paths(kept: &Value, path: &mut String, into: &mut Vec<String>) {
    let Value::Object(map) = kept else {
        return;
    };
    let base = path.len();
    for (key, value) in map {
        if base > 0 {
            path.push('.');
        }
        path.push_str(key);
        if !into.contains(path) {
            into.push(path.clone());
        }
        collect_paths(value, path, into);
        path.truncate(base);
    }
}

/// The first key of `given` (an object, or nested objects) that `kept`
/// lacks, as a dotted path. A key kept out only because it holds its
/// default (`"relaxed": false`, `"moves": []`) is not unknown.
fn unknown_key(given: &Value, kept: &Value, prefix: &str) -> Option<String> {
    let (Value::Object(given), Value::Object(kept)) = (given, kept) else {
        return None;
    };
    for (key, value) in given {
        let path = || {
            if prefix.is_empty() {
                key.clone()
            } else {
                format!("{prefix}.{key}")
            }
        };
        match kept.get(key) {
            Some(k) => {
                if let Some(p) = unknown_key(value, k, &path()) {
                    return Some(p);
                }
            }
            None if is_default(value) && key != "type" => {}
            None => return Some(path()),
        }
    }
    None
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn is_default(v: &Value) -> bool {
    match v {
        Value::Bool(b) => !b,
        Value::Array(a) => a.is_empty(),
        _ => false,
    }
}
