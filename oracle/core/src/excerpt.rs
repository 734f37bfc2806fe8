//! Quoting outside input in error messages, at a bounded length.
//!
//! An error names what was wrong, but echoing a 10 kB "move" or FEN whole
//! buries the reason and floods logs. [`Excerpt`] quotes short texts whole
//! and long ones as a prefix with the full length, always escaped (NUL
//! bytes and control characters are shown as escapes, never written raw).

use std::fmt;

/// Texts of at most this many characters are quoted whole.
pub const WHOLE_CHARS: usize = 40;
/// How many characters of a longer text are quoted.
pub const PREFIX_CHARS: usize = 24;

/// A text quoted for an error message: `"h2e2"`, or `"h2e2h2e2…"… (10240
/// bytes)` when it is longer than [`WHOLE_CHARS`] characters.
#[derive(Clone, Copy, Debug)]
pub struct Excerpt<'a>(pub &'a str);

impl<'a> Excerpt<'a> {
    /// The part quoted of a text longer than [`WHOLE_CHARS`] characters
    /// (its first [`PREFIX_CHARS`]); `None` for a text quoted whole. Every
    /// language's quotation cuts the same way.
    #[must_use]
    pub fn head(self) -> Option<&'a str> {
        let text = self.0;
        text.char_indices().nth(WHOLE_CHARS)?;
        let end = text
            .char_indices()
            .nth(PREFIX_CHARS)
            .map_or(text.len(), |(i, _)| i);
        Some(&text[..end])
    }
}

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.head() {
            None => write!(f, "{:?}", self.0),
            Some(head) => write!(f, "{head:?}… ({} bytes)", self.0.len()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_texts_are_quoted_whole_and_escaped() {
        assert_eq!(Excerpt("h2e2").to_string(), "\"h2e2\"");
        assert_eq!(Excerpt("a\0b").to_string(), "\"a\\0b\"");
        assert_eq!(
            Excerpt(&"x".repeat(40)).to_string(),
            format!("\"{}\"", "x".repeat(40))
        );
    }

    #[test]
    fn long_texts_are_cut_on_a_character_boundary_with_their_length() {
        let long = "炮".repeat(1000); // 3 bytes each
        assert_eq!(
            Excerpt(&long).to_string(),
            format!("\"{}\"… (3000 bytes)", "炮".repeat(24))
        );
        assert_eq!(
            Excerpt(&"x".repeat(41)).to_string(),
            format!("\"{}\"… (41 bytes)", "x".repeat(24))
        );
    }
}
