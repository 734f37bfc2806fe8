//! Which format a record file is in, told from its bytes. The format's
//! words ([`Format`]) are xq-spec's, with every wire vocabulary.

pub use xq_spec::records::Format;

/// Tells the format from the first bytes of a file (a few KiB are
/// enough): magic numbers for the binary formats, tags for the text
/// ones. Anything else is taken for PGN, whose reader then says what
/// is wrong.
#[must_use]
pub fn detect(prefix: &[u8]) -> Format {
    if prefix.starts_with(b"XQ") && prefix.len() >= 3 && prefix[2] >= 10 && prefix[2] < 0x40 {
        return Format::Xqf;
    }
    if prefix.starts_with(crate::cbr::RECORD_MAGIC) {
        return Format::Cbr;
    }
    if prefix.starts_with(crate::cbr::LIBRARY_MAGIC) {
        return Format::Cbl;
    }
    // The text formats are told by ASCII markers, which read the same in
    // UTF-8, GBK and Big5 (and UTF-16 is not used for them).
    let body = prefix.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(prefix);
    let first = body
        .split(|&b| b == b'\n')
        .map(|l| l.trim_ascii())
        .find(|l| !l.is_empty());
    // A PGN opens with a tag pair, `[Name "value"]`; a DhtmlXQ tag has
    // no quoted value. A PGN that quotes DhtmlXQ tags in its tags or
    // comments (as one converted from a page may) is still a PGN.
    if first.is_some_and(is_pgn_tag_pair) {
        return Format::Pgn;
    }
    if find(prefix, b"[DhtmlXQ").is_some() {
        return Format::DhtmlXq;
    }
    if first.is_some_and(|l| l.len() >= 6 && l[..6].eq_ignore_ascii_case(b"FORMAT")) {
        return Format::WxfText;
    }
    Format::Pgn
}

/// Whether a line opens with a PGN tag pair: `[`, a name, then a quote.
fn is_pgn_tag_pair(line: &[u8]) -> bool {
    let Some(rest) = line.strip_prefix(b"[") else {
        return false;
    };
    let name = rest
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    name > 0 && rest[name..].trim_ascii_start().starts_with(b"\"")
}

/// The first place `needle` occurs in `hay`.
pub(crate) fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() || hay.len() < needle.len() {
        return None;
    }
    hay.windows(needle.len()).position(|w| w == needle)
}
