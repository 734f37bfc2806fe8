//! Outside text put into XML or HTML: the one escaper of the workspace,
//! used by the SVG pictures (xq-render) and by the harness's HTML and JUnit
//! reports, which must not depend on the renderer to write them.

/// `text` made safe anywhere in an XML 1.0 or HTML document, in content or
/// in a quoted attribute: `& < > " '` as entities, line breaks and tabs as
/// character references (so that an attribute keeps them), and the
/// characters XML 1.0 does not allow at all (other control characters,
/// U+FFFE, U+FFFF) dropped.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\t' => out.push_str("&#9;"),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn markup_characters_become_entities() {
        assert_eq!(
            escape("a<b & \"c\"> 'd'"),
            "a&lt;b &amp; &quot;c&quot;&gt; &apos;d&apos;"
        );
        assert_eq!(escape("炮二平五"), "炮二平五");
    }

    #[test]
    fn line_breaks_survive_an_attribute_and_forbidden_characters_go() {
        assert_eq!(escape("a\nb\tc"), "a&#10;b&#9;c");
        assert_eq!(escape("x\u{0}\u{1b}\r\u{FFFE}\u{FFFF}y"), "xy");
    }
}
