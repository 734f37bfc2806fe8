//! Text encodings of records, and telling them apart.
//!
//! Real collections are UTF-8 (with or without a byte-order mark), GBK /
//! GB18030 (mainland) or Big5 (Taiwan, Hong Kong). Valid UTF-8 is taken
//! first, since legacy text is almost never valid UTF-8; otherwise the text
//! is decoded both ways and the reading that decodes cleanly and holds more
//! of the notation's characters wins.

use xq_core::Role;

pub use xq_spec::records::TextEncoding;

/// Decoding and encoding text in a [`TextEncoding`] (xq-spec's word, so
/// the methods come with this trait: `use xq_records::TextCodec`).
pub trait TextCodec {
    /// Decodes `bytes` strictly: `None` if any sequence is malformed.
    fn decode(self, bytes: &[u8]) -> Option<String>;

    /// Encodes text; `None` if a character has no encoding in it.
    fn encode(self, text: &str) -> Option<Vec<u8>>;
}

impl TextCodec for TextEncoding {
    fn decode(self, bytes: &[u8]) -> Option<String> {
        match self {
            TextEncoding::Utf8 | TextEncoding::Utf8Bom => {
                let b = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
                std::str::from_utf8(b).ok().map(str::to_owned)
            }
            TextEncoding::Gb18030 => legacy(encoding_rs::GB18030, bytes),
            TextEncoding::Big5 => legacy(encoding_rs::BIG5, bytes),
            TextEncoding::Utf16Le => {
                if bytes.len() % 2 != 0 {
                    return None;
                }
                let units: Vec<u16> = bytes
                    .chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]]))
                    .collect();
                String::from_utf16(&units).ok()
            }
        }
    }

    fn encode(self, text: &str) -> Option<Vec<u8>> {
        match self {
            TextEncoding::Utf8 => Some(text.as_bytes().to_vec()),
            TextEncoding::Utf8Bom => {
                let mut v = b"\xEF\xBB\xBF".to_vec();
                v.extend_from_slice(text.as_bytes());
                Some(v)
            }
            TextEncoding::Gb18030 => legacy_encode(encoding_rs::GB18030, text),
            TextEncoding::Big5 => legacy_encode(encoding_rs::BIG5, text),
            TextEncoding::Utf16Le => Some(text.encode_utf16().flat_map(u16::to_le_bytes).collect()),
        }
    }
}

/// Decodes `bytes` in `encoding`, reading each malformed sequence as
/// U+FFFD; the second value is the index of the first bad byte, if any.
pub(crate) fn decode_lossy(encoding: TextEncoding, bytes: &[u8]) -> (String, Option<usize>) {
    if let Some(s) = encoding.decode(bytes) {
        return (s, None);
    }
    match encoding {
        TextEncoding::Utf8 | TextEncoding::Utf8Bom => {
            let first = std::str::from_utf8(bytes).err().map(|e| e.valid_up_to());
            (String::from_utf8_lossy(bytes).into_owned(), first)
        }
        TextEncoding::Utf16Le => {
            let units: Vec<u16> = bytes
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect();
            let first = char::decode_utf16(units.iter().copied())
                .scan(0usize, |at, r| {
                    let here = *at;
                    *at += r.as_ref().map_or(1, |c| c.len_utf16());
                    Some((here, r.is_err()))
                })
                .find(|&(_, bad)| bad)
                .map(|(i, _)| i * 2)
                .or((bytes.len() % 2 != 0).then_some(bytes.len() - 1));
            (String::from_utf16_lossy(&units), first)
        }
        TextEncoding::Gb18030 | TextEncoding::Big5 => {
            let enc = if encoding == TextEncoding::Big5 {
                encoding_rs::BIG5
            } else {
                encoding_rs::GB18030
            };
            let mut decoder = enc.new_decoder_without_bom_handling();
            let mut out = String::with_capacity(bytes.len() * 2);
            let mut read = 0;
            let mut first = None;
            loop {
                out.reserve(
                    decoder
                        .max_utf8_buffer_length(bytes.len() - read)
                        .unwrap_or(64),
                );
                let (result, n) =
                    decoder.decode_to_string_without_replacement(&bytes[read..], &mut out, true);
                read += n;
                match result {
                    encoding_rs::DecoderResult::InputEmpty => break,
                    encoding_rs::DecoderResult::OutputFull => {}
                    encoding_rs::DecoderResult::Malformed(len, after) => {
                        let bad = read - usize::from(after) - usize::from(len);
                        first.get_or_insert(bad);
                        out.push('\u{FFFD}');
                    }
                }
            }
            (out, first)
        }
    }
}

fn legacy(enc: &'static encoding_rs::Encoding, bytes: &[u8]) -> Option<String> {
    enc.decode_without_bom_handling_and_without_replacement(bytes)
        .map(|c| c.into_owned())
}

fn legacy_encode(enc: &'static encoding_rs::Encoding, text: &str) -> Option<Vec<u8>> {
    let (bytes, _, unmappable) = enc.encode(text);
    (!unmappable).then(|| bytes.into_owned())
}

/// Characters that move texts and record headers use besides the pieces'
/// (xq-core's glyph table, [`Role::from_glyph`]), simplified and
/// traditional: decoding into many of them is the sign of the right
/// legacy encoding.
const NOTATION_CHARS: &str = "进退平前后中一二三四五六七八九\
    進後红黑胜负和局先对弈赛\
    紅勝負對弈賽１２３４５６７８９";

fn score(text: &str) -> usize {
    text.chars()
        .filter(|&c| Role::from_glyph(c).is_some() || NOTATION_CHARS.contains(c))
        .count()
}

/// Guesses the encoding of a text record. `bytes` may be a prefix of the
/// file: a multi-byte sequence cut at its end does not count against
/// UTF-8 or the legacy encodings.
#[must_use]
pub fn detect(bytes: &[u8]) -> TextEncoding {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        return TextEncoding::Utf8Bom;
    }
    match std::str::from_utf8(bytes) {
        Ok(_) => return TextEncoding::Utf8,
        // An error with no length is a sequence cut by the end of the prefix.
        Err(e) if e.error_len().is_none() => return TextEncoding::Utf8,
        Err(_) => {}
    }
    // Trim a possibly cut double-byte character at the end.
    let cut = &bytes[..bytes.len().saturating_sub(1)];
    let gb = encoding_rs::GB18030.decode_without_bom_handling(bytes);
    let big5 = encoding_rs::BIG5.decode_without_bom_handling(bytes);
    let gb_clean = encoding_rs::GB18030
        .decode_without_bom_handling_and_without_replacement(cut)
        .is_some();
    let big5_clean = encoding_rs::BIG5
        .decode_without_bom_handling_and_without_replacement(cut)
        .is_some();
    match (gb_clean, big5_clean) {
        (true, false) => TextEncoding::Gb18030,
        (false, true) => TextEncoding::Big5,
        _ => {
            // Both clean (or both broken): the notation decides; GB18030,
            // the more common, on a tie.
            let bad = |s: &str| s.chars().filter(|&c| c == '\u{FFFD}').count();
            let (g, b) = (score(&gb.0), score(&big5.0));
            if b > g || (b == g && bad(&big5.0) < bad(&gb.0)) {
                TextEncoding::Big5
            } else {
                TextEncoding::Gb18030
            }
        }
    }
}
