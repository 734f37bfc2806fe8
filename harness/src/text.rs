//! Quoting outside text in messages: bounded, so that a 50 MB reply never
//! ends up whole in an error message or a report.

/// How many characters of outside text a message quotes.
pub const QUOTE_CHARS: usize = 200;

/// `text` as a JSON string, cut to [`QUOTE_CHARS`] characters with an
/// ellipsis and the total length when longer.
pub fn quote(text: &str) -> String {
    let n = text.chars().count();
    if n <= QUOTE_CHARS {
        serde_json::Value::String(text.to_string()).to_string()
    } else {
        let cut: String = text.chars().take(QUOTE_CHARS).collect();
        format!(
            "{}… ({n} characters in all)",
            serde_json::Value::String(cut)
        )
    }
}

/// A list of texts, each quoted, the whole cut to [`QUOTE_CHARS`].
pub fn quote_list<T: AsRef<str>>(items: &[T]) -> String {
    let joined = items
        .iter()
        .map(|s| serde_json::Value::String(s.as_ref().to_string()).to_string())
        .collect::<Vec<_>>()
        .join(", ");
    truncate(&joined)
}

/// `text` cut to [`QUOTE_CHARS`] characters (unquoted).
pub fn truncate(text: &str) -> String {
    truncate_to(text, QUOTE_CHARS)
}

/// `text` cut to `max` characters, with an ellipsis and the total length.
pub fn truncate_to(text: &str, max: usize) -> String {
    let n = text.chars().count();
    if n <= max {
        text.to_string()
    } else {
        let cut: String = text.chars().take(max).collect();
        format!("{cut}… ({n} characters in all)")
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
}
