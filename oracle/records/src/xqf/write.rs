//! Writing XQF, plain (version 10) or encrypted (11–18).

use xq_core::{Color, Outcome, Role};

use super::keys::{KeyBytes, Keys};
use super::{HEADER_LEN, SLOT_ROLES, STRINGS};
use crate::encoding::{TextCodec, TextEncoding};
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
/// side-to-move field that readers agree on), if a string has no GBK
/// encoding, or if XQF cannot hold everything the record says (a value
/// longer than its field, a tag XQF has no field for, the FEN move
/// counters, NAGs, a variation's opening comment): the error lists it
/// all. [`write_xqf_lossy`] writes such a record and says what it left out.
pub fn write_xqf(record: &Record, options: &XqfOptions) -> Result<Vec<u8>, RecordError> {
    let (bytes, losses) = write_xqf_lossy(record, options)?;
    if losses.is_empty() {
        Ok(bytes)
    } else {
        Err(RecordError::new(ErrorKind::Unwritable(format!(
            "XQF cannot hold {}",
            losses.join("; ")
        ))))
    }
}

/// Writes a record as an XQF file, leaving out what XQF cannot hold; the
/// list says what was left out or cut, one entry per item, empty when
/// nothing was. Fails as [`write_xqf`] does otherwise.
pub fn write_xqf_lossy(
    record: &Record,
    options: &XqfOptions,
) -> Result<(Vec<u8>, Vec<String>), RecordError> {
    let mut losses = losses(record);
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
        let other = super::OTHER_FIELDS
            .iter()
            .find(|(f, _)| *f == field)
            .and_then(|(_, tag)| t.other.iter().find(|(k, _)| k.eq_ignore_ascii_case(tag)))
            .map(|(_, v)| v.clone());
        let value = match field {
            _ if super::OTHER_FIELDS.iter().any(|(f, _)| *f == field) => &other,
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
        let (bytes, whole) =
            gbk(v, max).ok_or_else(|| fail(format!("{field} {v:?} has no GBK encoding")))?;
        if let Some(nul) = v[..whole].find('\0') {
            // XQF readers end a string at its first NUL.
            losses.push(format!(
                "all of {field} {v:?}: a NUL inside it ends the field when read, after {:?}",
                &v[..nul]
            ));
        } else if whole < v.len() {
            losses.push(format!(
                "all of {field} {v:?}: its field holds {max} bytes of GBK, so only {:?} is written",
                &v[..whole]
            ));
        }
        header[offset] = bytes.len() as u8;
        header[offset + 1..offset + 1 + bytes.len()].copy_from_slice(&bytes);
    }

    // A final illegal move is stored as the main line's last move (the
    // reader keeps it apart again).
    let with_final;
    let main = match &record.illegal_final {
        Some(last) => {
            let mut line = record.main.clone();
            let mut node = crate::record::MoveNode::new(last.mv);
            node.comment = last.comment.clone();
            line.moves.push(node);
            with_final = line;
            &with_final
        }
        None => &record.main,
    };
    // The move stream, plain first.
    let mut body = Vec::new();
    let w = Writer {
        version,
        keys: &keys,
    };
    let opening = record.main.comment.as_deref();
    w.record(&mut body, (0, 0), !main.moves.is_empty(), false, opening)?;
    // XQF squares: file times ten plus rank.
    let sq = |s: xq_core::Square| (s.file() * 10 + s.rank()) as u8;
    crate::tree::depth_first(main, &mut |m| {
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
    Ok((header, losses))
}

/// What a record says that XQF has no place for (string fields that are
/// too long are found while writing them).
fn losses(record: &Record) -> Vec<String> {
    let t = &record.tags;
    let mut out = Vec::new();
    let tags: [(&str, &Option<String>); 8] = [
        ("Round", &t.round),
        ("RedTeam", &t.red_team),
        ("BlackTeam", &t.black_team),
        ("RedElo", &t.red_elo),
        ("BlackElo", &t.black_elo),
        ("ECCO", &t.ecco),
        ("Opening", &t.opening),
        ("Variation", &t.variation),
    ];
    for (name, value) in tags {
        if let Some(v) = value.as_deref().filter(|v| !v.trim().is_empty()) {
            out.push(format!("tag {name} {v:?}"));
        }
    }
    for (name, value) in &t.other {
        let held = name.eq_ignore_ascii_case("XqfVersion")
            || super::OTHER_FIELDS
                .iter()
                .any(|(_, tag)| name.eq_ignore_ascii_case(tag));
        if !held && !value.trim().is_empty() {
            out.push(format!("tag {name} {value:?}"));
        }
    }
    let (half, full) = (record.start.halfmoves(), record.start.fullmoves());
    if half != 0 || full != 1 {
        out.push(format!(
            "the FEN move counters (halfmove clock {half}, move {full}): XQF starts every game at 0 and 1"
        ));
    }
    fn walk(line: &crate::record::Line, top: bool, nags: &mut usize, pre: &mut usize) {
        if !top && line.comment.is_some() {
            *pre += 1;
        }
        for n in &line.moves {
            *nags += n.nags.len();
            for v in &n.variations {
                walk(v, false, nags, pre);
            }
        }
    }
    let (mut nags, mut pre) = (0, 0);
    walk(&record.main, true, &mut nags, &mut pre);
    if nags > 0 {
        out.push(format!("{nags} NAG(s) ($1 …, ! and ?)"));
    }
    if pre > 0 {
        out.push(format!(
            "{pre} comment(s) written before a variation's first move"
        ));
    }
    out
}

fn role_name(r: Role) -> &'static str {
    r.name()
}

/// GBK bytes of `s`, cut to at most `max` bytes on a character boundary,
/// and how many bytes of `s` they hold (all of it unless cut).
fn gbk(s: &str, max: usize) -> Option<(Vec<u8>, usize)> {
    let mut out = Vec::new();
    for (i, c) in s.char_indices() {
        let b = TextEncoding::Gb18030.encode(c.encode_utf8(&mut [0; 4]))?;
        if out.len() + b.len() > max {
            return Some((out, i));
        }
        out.extend_from_slice(&b);
    }
    Some((out, s.len()))
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
