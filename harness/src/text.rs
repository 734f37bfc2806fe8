//! Quoting outside text in messages: bounded, so that a 50 MB reply never
//! ends up whole in an error message or a report.

use xq_core::excerpt::{self, Limit};

/// How many characters of outside text a message quotes
/// ([`Limit::REPORT`]).
pub const QUOTE_CHARS: usize = Limit::REPORT.whole;

/// ` (N characters in all)`: the length the harness says of a cut text.
fn in_all(text: &str) -> String {
    format!(" ({} characters in all)", text.chars().count())
}

/// A text as a JSON string.
fn json(text: &str) -> String {
    serde_json::Value::String(text.to_string()).to_string()
}

/// `text` as a JSON string, cut to [`QUOTE_CHARS`] characters with an
/// ellipsis and the total length when longer.
pub fn quote(text: &str) -> String {
    excerpt::quote(text, Limit::REPORT, json, in_all)
}

/// A list of texts, each quoted, the whole cut to [`QUOTE_CHARS`].
pub fn quote_list<T: AsRef<str>>(items: &[T]) -> String {
    let joined = items
        .iter()
        .map(|s| json(s.as_ref()))
        .collect::<Vec<_>>()
        .join(", ");
    truncate(&joined)
}

/// `text` cut to [`QUOTE_CHARS`] characters (unquoted).
pub fn truncate(text: &str) -> String {
    truncate_to(text, Limit::REPORT)
}

/// `text` cut at `limit`, with an ellipsis and the total length, and made
/// safe to print (see [`printable`]).
pub fn truncate_to(text: &str, limit: Limit) -> String {
    excerpt::quote(text, limit, printable, in_all)
}

/// Whether a character must not reach a terminal or a report as it is:
/// control characters (an escape sequence can recolour or rewrite the
/// screen) and the bidirectional overrides (which reorder what follows).
fn unsafe_char(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `text` with line breaks and tabs as spaces and every other unsafe
/// character written as an escape (`\u{1b}`), so that an implementation's
/// text echoed on stderr or in a report cannot drive the terminal.
pub fn printable(text: &str) -> String {
    if !text.chars().any(unsafe_char) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' | '\r' | '\t' => out.push(' '),
            c if unsafe_char(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// Words listed for a message: `a, b or c`.
pub fn or_list(words: &[&str]) -> String {
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_with_its_length() {
        let long = "x".repeat(50_000_000);
        let q = quote(&long);
        assert!(q.len() < 300, "{}", q.len());
        assert!(q.ends_with("… (50000000 characters in all)"), "{q}");
        assert_eq!(quote("a\"b"), "\"a\\\"b\"");
    }

    #[test]
    fn control_characters_never_pass_through() {
        assert_eq!(printable("plain 炮二平五"), "plain 炮二平五");
        assert_eq!(
            printable("a\u{1b}[31mred\u{7}\nnext\u{202E}x"),
            "a\\u{1b}[31mred\\u{7} next\\u{202e}x"
        );
        let long = format!("\u{1b}[2J{}", "y".repeat(500));
        let t = truncate(&long);
        assert!(
            !t.contains('\u{1b}') && t.contains("(504 characters in all)"),
            "{t}"
        );
    }
}
