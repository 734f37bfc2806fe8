//! Quoting outside input in messages, at a bounded length.
//!
//! An error names what was wrong, but echoing a 10 kB "move" or FEN whole
//! buries the reason and floods logs. Every bounded quotation in the
//! workspace goes through [`quote`] with one of the named [`Limit`]s below:
//! short texts whole, long ones as their first characters, `…` and the
//! whole text's length. How the text is shown (escaped as Rust writes a
//! string, as JSON, or as it is) and how the length is said (bytes or
//! characters, in which language) are the caller's; the cut is not.
//!
//! [`Excerpt`] is the usual form in error messages: escaped (NUL bytes and
//! control characters are shown as escapes, never written raw), cut at
//! [`Limit::MESSAGE`], its length in bytes.

use std::fmt;

/// Texts of at most this many characters are quoted whole
/// ([`Limit::MESSAGE`]).
pub const WHOLE_CHARS: usize = 40;
/// How many characters of a longer text are quoted ([`Limit::MESSAGE`]).
pub const PREFIX_CHARS: usize = 24;

/// How much of an outside text a message quotes: a text of at most `whole`
/// characters whole, a longer one cut to its first `head` characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limit {
    /// The longest text, in characters, quoted whole.
    pub whole: usize,
    /// How many characters of a longer text are kept.
    pub head: usize,
}

impl Limit {
    /// Error messages about input ([`Excerpt`]; the CLI's net under other
    /// libraries' messages): 40 characters whole, else the first 24.
    pub const MESSAGE: Limit = Limit {
        whole: WHOLE_CHARS,
        head: PREFIX_CHARS,
    };
    /// A move text in a notation reader's error or a ruling's record
    /// error: 40 characters, cut to 40.
    pub const MOVE_TEXT: Limit = Limit::flat(40);
    /// A word refused by a vocabulary's own parser (a kind of piece, a FEN
    /// letter, a point, an ICCS move): 16 characters.
    pub const WORD: Limit = Limit::flat(16);
    /// A part of an HTTP request line the desk refuses: 24 characters.
    pub const REQUEST: Limit = Limit::flat(24);
    /// Outside text in the harness's messages and reports (an
    /// implementation's name, reply or answer): 200 characters.
    pub const REPORT: Limit = Limit::flat(200);
    /// Why an implementation is left out of a report: 400 characters.
    pub const REASON: Limit = Limit::flat(400);
    /// What a failed case lists as differing: 2000 characters.
    pub const FAILURE: Limit = Limit::flat(2000);

    /// The limit that quotes `chars` characters whole and cuts a longer
    /// text to as many.
    #[must_use]
    pub const fn flat(chars: usize) -> Limit {
        Limit {
            whole: chars,
            head: chars,
        }
    }

    /// The part quoted of a text longer than `whole` characters (its first
    /// `head`, cut on a character boundary); `None` for a text quoted whole.
    #[must_use]
    pub fn head(self, text: &str) -> Option<&str> {
        text.char_indices().nth(self.whole)?;
        let end = text
            .char_indices()
            .nth(self.head)
            .map_or(text.len(), |(i, _)| i);
        Some(&text[..end])
    }
}

/// The bounded quotation: `show(text)` when `text` is within `limit`,
/// otherwise `show(head)`, `…` and `length(text)` (which says how long the
/// whole text was, with its own leading space or bracket).
#[must_use]
pub fn quote(
    text: &str,
    limit: Limit,
    show: impl Fn(&str) -> String,
    length: impl Fn(&str) -> String,
) -> String {
    match limit.head(text) {
        None => show(text),
        Some(head) => format!("{}…{}", show(head), length(text)),
    }
}

/// A text in quotes, escaped as Rust writes a string (`"a\0b"`).
#[must_use]
pub fn escaped(text: &str) -> String {
    format!("{text:?}")
}

/// A text as it is.
#[must_use]
pub fn raw(text: &str) -> String {
    text.to_string()
}

/// ` (10240 bytes)`: a cut text's length in bytes.
#[must_use]
pub fn bytes(text: &str) -> String {
    format!(" ({} bytes)", text.len())
}

/// ` (70 characters)`: a cut text's length in characters.
#[must_use]
pub fn characters(text: &str) -> String {
    format!(" ({} characters)", text.chars().count())
}

/// `text` cut to at most `max` bytes, the last of them `…` when cut (on a
/// character boundary): a bound on a whole message rather than a quotation
/// in it, so no length is said. `max` below the three bytes of `…` is
/// taken as three.
#[must_use]
pub fn clip_bytes(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut end = max.saturating_sub("…".len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

/// A text quoted for an error message: `"h2e2"`, or `"h2e2h2e2…"… (10240
/// bytes)` when it is longer than [`WHOLE_CHARS`] characters
/// ([`Limit::MESSAGE`], [`escaped`], [`bytes`]).
#[derive(Clone, Copy, Debug)]
pub struct Excerpt<'a>(pub &'a str);

impl<'a> Excerpt<'a> {
    /// The part quoted of a text longer than [`WHOLE_CHARS`] characters
    /// (its first [`PREFIX_CHARS`]); `None` for a text quoted whole. Every
    /// language's quotation cuts the same way.
    #[must_use]
    pub fn head(self) -> Option<&'a str> {
        Limit::MESSAGE.head(self.0)
    }

    /// The quotation with the length of a cut text said by `length` (each
    /// language its own words).
    #[must_use]
    pub fn with_length(self, length: impl Fn(&str) -> String) -> String {
        quote(self.0, Limit::MESSAGE, escaped, length)
    }
}

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.with_length(bytes))
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

    #[test]
    fn each_limit_cuts_just_past_its_whole_length() {
        for limit in [
            Limit::MESSAGE,
            Limit::MOVE_TEXT,
            Limit::WORD,
            Limit::REQUEST,
            Limit::REPORT,
            Limit::REASON,
            Limit::FAILURE,
        ] {
            let at = "é".repeat(limit.whole);
            assert_eq!(limit.head(&at), None, "{limit:?}");
            let past = "é".repeat(limit.whole + 1);
            assert_eq!(
                limit.head(&past),
                Some("é".repeat(limit.head).as_str()),
                "{limit:?}"
            );
        }
    }

    #[test]
    fn the_caller_chooses_how_the_text_and_its_length_are_shown() {
        let long = "y".repeat(50);
        assert_eq!(
            quote(&long, Limit::MOVE_TEXT, raw, characters),
            format!("{}… (50 characters)", "y".repeat(40))
        );
        assert_eq!(quote("ab", Limit::MOVE_TEXT, raw, characters), "ab");
        assert_eq!(
            Excerpt(&long).with_length(|t| format!("（共 {} 字节）", t.len())),
            format!("\"{}\"…（共 50 字节）", "y".repeat(24))
        );
    }

    #[test]
    fn a_clipped_message_keeps_within_its_bytes_on_a_character_boundary() {
        assert_eq!(clip_bytes("short", 10), "short");
        let clipped = clip_bytes(&"炮".repeat(10), 10);
        assert!(clipped.len() <= 10, "{clipped}");
        assert_eq!(clipped, "炮炮…");
        assert_eq!(clip_bytes("abcdef", 0), "…");
    }
}
