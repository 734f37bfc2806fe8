//! Which format a record file is in, told from its bytes.

use std::fmt;
use std::str::FromStr;

/// A game-record format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// PGN as xiangqi programs write it (xqbase, 象棋巫师, pychess).
    Pgn,
    /// The WXF text format (`FORMAT WXF`, `START{ … }END`).
    WxfText,
    /// XQF, the binary format of the large Chinese collections.
    Xqf,
    /// DhtmlXQ / UBB tags as embedded in web pages.
    DhtmlXq,
    /// A 象棋桥 (CCBridge) record.
    Cbr,
    /// A 象棋桥 (CCBridge) library of records.
    Cbl,
}

impl Format {
    /// Every format, in detection order.
    pub const ALL: [Format; 6] = [
        Format::Xqf,
        Format::Cbr,
        Format::Cbl,
        Format::DhtmlXq,
        Format::WxfText,
        Format::Pgn,
    ];

    /// The name used on command lines and in JSON.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Format::Pgn => "pgn",
            Format::WxfText => "wxf",
            Format::Xqf => "xqf",
            Format::DhtmlXq => "dhtmlxq",
            Format::Cbr => "cbr",
            Format::Cbl => "cbl",
        }
    }

    /// Tells the format from the first bytes of a file (a few KiB are
    /// enough): magic numbers for the binary formats, tags for the text
    /// ones. Anything else is taken for PGN, whose reader then says what
    /// is wrong.
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

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Format, String> {
        match s.to_ascii_lowercase().as_str() {
            "pgn" => Ok(Format::Pgn),
            "wxf" | "wxf-text" => Ok(Format::WxfText),
            "xqf" => Ok(Format::Xqf),
            "dhtmlxq" | "ubb" => Ok(Format::DhtmlXq),
            "cbr" => Ok(Format::Cbr),
            "cbl" => Ok(Format::Cbl),
            _ => Err(format!(
                "unknown record format {s:?} (expected pgn, wxf, xqf, dhtmlxq, cbr or cbl)"
            )),
        }
    }
}
