//! The case schema (`case.schema.json`, beside this crate's manifest) is
//! generated from the case types (`xq_spec::cases::schema`); this test is
//! CI's check that the committed file is the generated one.
//! `XQ_WRITE_SCHEMA=1 cargo test -p xq-spec --test schema` rewrites it.

use std::path::Path;

#[test]
fn the_committed_schema_is_the_generated_one() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("case.schema.json");
    let generated = xq_spec::cases::schema::case_schema_text();
    if std::env::var_os("XQ_WRITE_SCHEMA").is_some() {
        std::fs::write(&path, &generated).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != generated {
        panic!(
            "case.schema.json is not the schema the case types give:\n{}\n\
             rewrite it with: XQ_WRITE_SCHEMA=1 cargo test -p xq-spec --test schema",
            short_diff(&committed, &generated)
        );
    }
}

/// The lines that differ, between the first and the last difference (at
/// most 20 of each side), in the style of a unified diff.
fn short_diff(old: &str, new: &str) -> String {
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    let head = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let tail = a[head..]
        .iter()
        .rev()
        .zip(b[head..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let mut out = format!("@@ line {} @@\n", head + 1);
    for (sign, lines) in [
        ("-", &a[head..a.len() - tail]),
        ("+", &b[head..b.len() - tail]),
    ] {
        for l in lines.iter().take(20) {
            out.push_str(&format!("{sign}{l}\n"));
        }
        if lines.len() > 20 {
            out.push_str(&format!("{sign}… {} more lines\n", lines.len() - 20));
        }
    }
    out
}
