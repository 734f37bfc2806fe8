//! Protocol requests as `xq serve` reads them: any bytes as its standard
//! input. No panic; the loop ends only at `stop` or the end of input;
//! every line that is not blank before the first `stop` gets exactly one
//! answer, a JSON object that is a handshake or has exactly one of
//! `result`, `unsupported` and `error`.
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use xq_cli::serve::{read_message, serve, Limits, MessageReader};
use xq_oracle::protocol::Message;

/// Small, so that over-long lines are exercised too.
const MAX_LINE: usize = 200;

fuzz_target!(|data: &[u8]| {
    let limits = Limits {
        max_line: MAX_LINE,
        budget: Duration::from_millis(5),
    };
    let mut out = Vec::new();
    serve(data, &mut out, limits).expect("writing to memory cannot fail");
    let out = String::from_utf8(out).expect("answers are UTF-8");
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), expected_answers(data), "answers: {out}");
    for a in answers {
        let v: Value = serde_json::from_str(a).expect("each answer is JSON");
        let kinds = ["result", "unsupported", "error"]
            .iter()
            .filter(|k| v.get(**k).is_some())
            .count();
        assert!(
            v.get("type").and_then(Value::as_str) == Some("started") || kinds == 1,
            "{a}"
        );
    }
});

/// How many answers the input calls for: one per line that is not blank,
/// up to the first `stop`. On the way, the server's reader (which
/// remembers known keys between lines) must judge each line as a fresh
/// reader does.
fn expected_answers(data: &[u8]) -> usize {
    let mut warm = MessageReader::default();
    let mut n = 0;
    for line in data.split(|&b| b == b'\n') {
        if line.len() > MAX_LINE {
            n += 1;
            continue;
        }
        match std::str::from_utf8(line) {
            Err(_) => n += 1,
            Ok(t) if t.trim().is_empty() => {}
            Ok(t) => match read_message(t) {
                fresh if fresh.is_ok() != warm.read(t).is_ok() => {
                    panic!("the remembering reader and a fresh one disagree on {t:?}: {fresh:?}")
                }
                Ok(Message::Stop) => break,
                _ => n += 1,
            },
        }
    }
    n
}
