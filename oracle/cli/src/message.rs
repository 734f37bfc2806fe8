//! Error messages from other code (clap, serde_json, the suite runner),
//! made fit for one line: quoted input is cut to a bounded excerpt and the
//! whole message to [`MAX_MESSAGE`] bytes.
//!
//! The oracle's own errors already quote bounded excerpts
//! ([`xq_core::excerpt::Excerpt`]); this is the net under the others.

use xq_core::excerpt::{self, Limit};

/// No error line is longer than this many bytes (before `xq: `).
pub const MAX_MESSAGE: usize = 600;

/// `text` on one line: line breaks and other control characters become
/// spaces (runs of them one space), every stretch between a pair of `'`,
/// `"` or `` ` `` is quoted as the oracle's own errors quote input
/// ([`Limit::MESSAGE`]: longer than 40 characters, cut to its first 24 with
/// `…` and its length in bytes), and the whole is cut to [`MAX_MESSAGE`]
/// bytes.
pub fn one_line(text: &str) -> String {
    let mut flat = String::with_capacity(text.len().min(MAX_MESSAGE * 2));
    let mut space = false;
    for c in text.trim().chars() {
        if c.is_control() || c.is_whitespace() {
            if !space {
                flat.push(' ');
            }
            space = true;
        } else {
            flat.push(c);
            space = false;
        }
    }
    let cut = cut_quotes(&flat);
    excerpt::clip_bytes(&cut, MAX_MESSAGE)
}

fn cut_quotes(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(MAX_MESSAGE * 2));
    let mut rest = text;
    while let Some(open) = rest.find(['\'', '"', '`']) {
        let q = rest[open..].chars().next().expect("found");
        out.push_str(&rest[..=open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find(q) else {
            rest = after;
            continue;
        };
        let inner = &after[..close];
        let closed = |t: &str| format!("{t}{q}");
        out.push_str(&excerpt::quote(
            inner,
            Limit::MESSAGE,
            closed,
            excerpt::bytes,
        ));
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_breaks_become_single_spaces() {
        assert_eq!(one_line("a\n\n  tip: b\r\n"), "a tip: b");
    }

    #[test]
    fn long_quotes_are_cut_with_their_length() {
        let long = "x".repeat(10_000);
        assert_eq!(
            one_line(&format!("invalid value '{long}' for '--depth <DEPTH>'")),
            format!(
                "invalid value '{}'… (10000 bytes) for '--depth <DEPTH>'",
                "x".repeat(24)
            )
        );
        assert_eq!(
            one_line(&format!("invalid type: string \"{long}\", expected u64")),
            format!(
                "invalid type: string \"{}\"… (10000 bytes), expected u64",
                "x".repeat(24)
            )
        );
    }

    #[test]
    fn the_whole_is_bounded_even_without_quotes() {
        let m = one_line(&"y".repeat(5000));
        assert!(m.len() <= MAX_MESSAGE && m.ends_with('…'));
        let m = one_line(&"炮".repeat(5000));
        assert!(m.len() <= MAX_MESSAGE && m.ends_with('…'));
    }
}
