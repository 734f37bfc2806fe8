//! Writing XQF, plain (version 10) or encrypted (11–18).

use xq_core::{Color, Outcome, Role};

use super::keys::{KeyBytes, Keys};
use super::{HEADER_LEN, SLOT_ROLES, STRINGS};
use crate::encoding::TextEncoding;
use crate::error::{ErrorKind, RecordError};
use crate::record::{Record, RecordType};

/// How [`write_xqf`] writes a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XqfOptions {
    /// The format version, 10 to 18 (10 is plain, 11 and up encrypted, 12
    /// and up with the piece table rotated too).
    pub version: u8,
    /// The key bytes for an encrypted version (ignored for version 10).
    pub keys: KeyBytes,
}

impl Default for XqfOptions {
    fn default() -> Self {
        XqfOptions {
            version: 18,
            keys: KeyBytes::from_seed(0x5851),
        }
    }
}

/// Writes a record as an XQF file. Fails if the version is not 10–18,
/// if the start position has more pieces of a kind than the piece table
/// holds, if it is Black's turn with no move to show it (XQF has no
/// side-to-move field that readers agree on), or if a string has no GBK
/// encoding.
pub fn write_xqf(record: &Record, options: &XqfOptions) -> Result<Vec<u8>, RecordError> {
    let fail = |m: String| RecordError::new(ErrorKind::Unwritable(m));
    let version = options.version;
    if !(10..=18).contains(&version) {
        return Err(fail(format!("XQF version {version} (expected 10 to 18)")));
    }
    if record.start.turn() == Color::Black && record.main.moves.is_empty() {
        return Err(fail(
            "Black is to move and the record has no move to show it".into(),
        ));
    }
    let keys = if version > 10 {
        Keys::derive(&options.keys)
    } else {
        Keys::plain()
    };
    let mut header = vec![0u8; HEADER_LEN];
    header[0] = b'X';
    header[1] = b'Q';
    header[2] = version;
    if version > 10 {
        options.keys.write(&mut header);
    }

    // The piece table: each slot takes a piece of its kind, in board order.
    let mut slots = [0xFFu8; 32];
    let mut used = [false; 32];
    for sq in xq_core::Square::iter() {
        let Some(p) = record.start.piece_at(sq) else {
            continue;
        };
        let base = if p.color == Color::Red { 0 } else { 16 };
        let slot = (0..16)
            .find(|&i| SLOT_ROLES[i] == p.role && !used[base + i])
            .ok_or_else(|| {
                fail(format!(
                    "{} has more {}s than the piece table holds",
                    p.color,
                    role_name(p.role)
                ))
            })?;
        used[base + slot] = true;
        slots[base + slot] = (sq.file() * 10 + sq.rank()) as u8;
    }
    if version > 10 {
        let mut enc = [0u8; 32];
        for (i, &v) in slots.iter().enumerate() {
            enc[i] = v.wrapping_add(keys.piece);
        }
        for i in 0..32 {
            let from = if version >= 12 {
                (usize::from(keys.piece) + i + 1) & 31
            } else {
                i
            };
            header[0x10 + i] = enc[from];
        }
    } else {
        header[0x10..0x30].copy_from_slice(&slots);
    }

    let t = &record.tags;
    header[0x33] = match t.result {
        Outcome::Ongoing => 0,
        Outcome::RedWins => 1,
        Outcome::BlackWins => 2,
        Outcome::Draw => 3,
    };
    header[0x40] = match t.record_type {
        None | Some(RecordType::FullGame) => 0,
        Some(RecordType::Opening) => 1,
        Some(RecordType::MiddleGame) => 2,
        Some(RecordType::Endgame) => 3,
    };
    for &(offset, max, field) in STRINGS {
        let value = match field {
            "title" => &t.title,
            "event" => &t.event,
            "date" => &t.date,
            "site" => &t.site,
            "red" => &t.red,
            "black" => &t.black,
            "time" => &t.time_control,
            "annotator" => &t.annotator,
            _ => &t.author,
        };
        let Some(v) = value else { continue };
        let bytes =
            gbk(v, max).ok_or_else(|| fail(format!("{field} {v:?} has no GBK encoding")))?;
        header[offset] = bytes.len() as u8;
        header[offset + 1..offset + 1 + bytes.len()].copy_from_slice(&bytes);
    }

    // The move stream, plain first.
    let mut body = Vec::new();
    let w = Writer {
        version,
        keys: &keys,
    };
    let opening = record.main.comment.as_deref();
    w.record(
        &mut body,
        (0, 0),
        !record.main.moves.is_empty(),
        false,
        opening,
    )?;
    // XQF squares: file times ten plus rank.
    let sq = |s: xq_core::Square| (s.file() * 10 + s.rank()) as u8;
    crate::tree::depth_first(&record.main, &mut |m| {
        let squares = (sq(m.node.mv.from), sq(m.node.mv.to));
        w.record(
            &mut body,
            squares,
            m.next,
            m.alternative,
            m.node.comment.as_deref(),
        )
    })?;

    if version > 10 {
        for (i, b) in body.iter_mut().enumerate() {
            *b = b.wrapping_add(keys.stream[(HEADER_LEN + i) % 32]);
        }
    }
    header.extend_from_slice(&body);
    Ok(header)
}

fn role_name(r: Role) -> &'static str {
    r.name()
}

/// GBK bytes of `s`, cut to at most `max` bytes on a character boundary.
fn gbk(s: &str, max: usize) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    for c in s.chars() {
        let b = TextEncoding::Gb18030.encode(c.encode_utf8(&mut [0; 4]))?;
        if out.len() + b.len() > max {
            break;
        }
        out.extend_from_slice(&b);
    }
    Some(out)
}

struct Writer<'a> {
    version: u8,
    keys: &'a Keys,
}

impl Writer<'_> {
    fn record(
        &self,
        out: &mut Vec<u8>,
        (from, to): (u8, u8),
        next: bool,
        var: bool,
        comment: Option<&str>,
    ) -> Result<(), RecordError> {
        let text = match comment {
            Some(c) => TextEncoding::Gb18030.encode(c).ok_or_else(|| {
                RecordError::new(ErrorKind::Unwritable(format!(
                    "comment {c:?} has no GBK encoding"
                )))
            })?,
            None => Vec::new(),
        };
        if self.version <= 10 {
            let flags = if next { 0xF0 } else { 0 } | if var { 0x0F } else { 0 };
            out.extend_from_slice(&[from.wrapping_add(0x18), to.wrapping_add(0x20), flags, 0]);
            out.extend_from_slice(&(text.len() as u32).to_le_bytes());
        } else {
            let has_comment = !text.is_empty();
            let flags = if next { 0x80 } else { 0 }
                | if var { 0x40 } else { 0 }
                | if has_comment { 0x20 } else { 0 };
            out.extend_from_slice(&[
                from.wrapping_add(0x18).wrapping_add(self.keys.from),
                to.wrapping_add(0x20).wrapping_add(self.keys.to),
                flags,
                0,
            ]);
            if has_comment {
                let len = (text.len() as u32).wrapping_add(self.keys.comment);
                out.extend_from_slice(&len.to_le_bytes());
            }
        }
        out.extend_from_slice(&text);
        Ok(())
    }
}
