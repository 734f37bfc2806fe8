//! The 象棋桥 (CCBridge) formats: a CBR record holds one game, a CBL
//! library many, each in 4096-byte slots. Strings are UTF-16LE.

use xq_core::{Color, Outcome, Piece, Position, Role, Setup, Square, Validation};

use crate::encoding::{TextCodec, TextEncoding};
use crate::error::{ErrorKind, RecordError, SetupDetail};
use crate::format::Format;
use crate::record::{Record, Source};
use crate::tree::{Stored, Tree};
use crate::warning::{Warning, WarningKind};

/// The first 16 bytes of a CBR record.
pub const RECORD_MAGIC: &[u8] = b"CCBridge Record\0";
/// The first 16 bytes of a CBL library.
pub const LIBRARY_MAGIC: &[u8] = b"CCBridgeLibrary\0";

/// The length of a record's header; the moves start right after it.
pub(crate) const HEADER_LEN: usize = 2214;
/// A library keeps each record in slots of this many bytes.
pub(crate) const SLOT: usize = 4096;
/// The length of a library's own header.
pub(crate) const LIBRARY_HEADER_LEN: usize = 576;
/// Where a library's records start (for up to 128 games; larger libraries
/// start later, so the reader looks for the first record from here on).
pub(crate) const LIBRARY_DATA: usize = 101_952;

const TITLE: (usize, usize) = (180, 128);
const EVENT: (usize, usize) = (692, 64);
const RED: (usize, usize) = (1076, 64);
const BLACK: (usize, usize) = (1300, 64);
const RESULT: usize = 2076;
const TURN: usize = 2116;
const BOARD: usize = 2120;

/// The piece codes of the board: 0x11–0x17 Red, 0x21–0x27 Black.
const ROLES: [Role; 7] = [
    Role::Rook,
    Role::Horse,
    Role::Elephant,
    Role::Advisor,
    Role::King,
    Role::Cannon,
    Role::Pawn,
];

/// A UTF-16LE string cut at its first NUL.
/// A comment in UTF-16: a bad unit is read as U+FFFD, with a warning that
/// points at it.
fn utf16_lossy(bytes: &[u8], offset: usize, warnings: &mut Vec<Warning>) -> String {
    let n = bytes
        .chunks_exact(2)
        .position(|c| c == [0, 0])
        .map_or(bytes.len() & !1, |i| i * 2);
    let (text, bad) = crate::encoding::decode_lossy(TextEncoding::Utf16Le, &bytes[..n]);
    if let Some(i) = bad {
        let at = (offset + i) as u64;
        warnings.push(Warning::new(
            WarningKind::BadBytes {
                field: "comment",
                offset: at,
                encoding: TextEncoding::Utf16Le,
            },
            crate::Location::Byte(at),
        ));
    }
    text.trim().to_string()
}

fn utf16(bytes: &[u8], offset: usize) -> Result<String, RecordError> {
    let n = bytes
        .chunks_exact(2)
        .position(|c| c == [0, 0])
        .map_or(bytes.len() & !1, |i| i * 2);
    TextEncoding::Utf16Le
        .decode(&bytes[..n])
        .map(|s| s.trim().to_string())
        .ok_or_else(|| {
            RecordError::at_byte(
                ErrorKind::Undecodable {
                    encoding: TextEncoding::Utf16Le,
                },
                offset,
            )
        })
}

/// The board index `9·row + column` (row 0 is Black's back rank) as the
/// `x·10 + y` square code the tree walk uses.
fn code(index: u8) -> u8 {
    if index >= 90 {
        // Off the board in either numbering: kept, so that the error
        // quotes the value stored.
        return index;
    }
    let (row, col) = (index / 9, index % 9);
    col * 10 + (9 - row)
}

/// Reads one CBR record. `base` is its offset in the file (for errors).
pub(crate) fn read_cbr(bytes: &[u8], base: usize) -> Result<Record, RecordError> {
    let at = |kind, off: usize| RecordError::at_byte(kind, base + off);
    if bytes.is_empty() {
        return Err(RecordError::new(ErrorKind::Empty));
    }
    if !bytes.starts_with(RECORD_MAGIC) {
        return Err(at(
            ErrorKind::BadMagic {
                expected: "\"CCBridge Record\" at byte 0",
            },
            0,
        ));
    }
    if bytes.len() < HEADER_LEN {
        return Err(at(
            ErrorKind::Truncated {
                reading: "the 2214-byte CBR header",
            },
            bytes.len(),
        ));
    }
    if bytes[BOARD..BOARD + 90].iter().all(|&b| b == 0) {
        // An empty board: a library's section heading, not a game.
        let title = utf16(&bytes[TITLE.0..TITLE.0 + TITLE.1], base + TITLE.0).unwrap_or_default();
        return Err(at(ErrorKind::Heading { title }, 0));
    }
    let mut setup = Setup::empty();
    for (i, &v) in bytes[BOARD..BOARD + 90].iter().enumerate() {
        let color = match v >> 4 {
            0 => continue,
            1 => Color::Red,
            2 => Color::Black,
            _ => {
                return Err(at(
                    ErrorKind::BadSetup(SetupDetail::UnknownPieceCode { code: v }),
                    BOARD + i,
                ))
            }
        };
        let role = match v & 0x0F {
            k @ 1..=7 => ROLES[usize::from(k) - 1],
            _ => {
                return Err(at(
                    ErrorKind::BadSetup(SetupDetail::UnknownPieceCode { code: v }),
                    BOARD + i,
                ))
            }
        };
        let (row, col) = (i / 9, i % 9);
        let sq = Square::new(col as i8, 9 - row as i8).expect("on the board");
        setup.board[sq.index()] = Some(Piece::new(color, role));
    }
    // 1 is Red to move; cchess reads anything else as Black, and so do we.
    setup.turn = if u16::from_le_bytes([bytes[TURN], bytes[TURN + 1]]) == 1 {
        Color::Red
    } else {
        Color::Black
    };

    // The moves: an opening record (a comment flag), then 4-byte records.
    let body = &bytes[HEADER_LEN..];
    let mut s = 0usize;
    let mut opening = None;
    let mut raws: Vec<(u8, u8, bool, bool, Option<String>, usize)> = Vec::new();
    let take = |s: &mut usize, n: usize, what: &'static str| -> Result<usize, RecordError> {
        if body.len() - *s < n {
            return Err(RecordError::at_byte(
                ErrorKind::Truncated { reading: what },
                base + HEADER_LEN + *s,
            ));
        }
        let start = *s;
        *s += n;
        Ok(start)
    };
    let warnings = std::cell::RefCell::new(Vec::new());
    let comment = |s: &mut usize| -> Result<Option<String>, RecordError> {
        let i = take(s, 4, "a comment length")?;
        let len = u32::from_le_bytes([body[i], body[i + 1], body[i + 2], body[i + 3]]) as usize;
        let start = take(s, len, "a comment")?;
        let text = utf16_lossy(
            &body[start..start + len],
            base + HEADER_LEN + start,
            &mut warnings.borrow_mut(),
        );
        Ok((!text.is_empty()).then_some(text))
    };
    if body.len() >= 4 {
        let i = take(&mut s, 4, "the opening record")?;
        if body[i..i + 4] != [0, 0, 0, 0] {
            opening = comment(&mut s)?;
        }
    }
    // As in XQF, each record is awaited once, and awaits its continuation
    // and its alternative. A zero record or the end of the data also ends
    // the tree (libraries pad their slots with zeros).
    let mut pending = 1usize;
    let mut zero_ended = false;
    while pending > 0 && body.len() - s >= 4 {
        let offset = base + HEADER_LEN + s;
        let i = take(&mut s, 4, "a move record")?;
        let r = &body[i..i + 4];
        if r == [0, 0, 0, 0] {
            zero_ended = true;
            break;
        }
        // A square off the board (code 0xFF) is reported by the tree walk.
        let (flags, from, to) = (r[0], r[2], r[3]);
        let text = if flags & 4 != 0 {
            comment(&mut s)?
        } else {
            None
        };
        let next = flags & 1 == 0;
        let var = flags & 2 != 0;
        pending = pending - 1 + usize::from(next) + usize::from(var);
        raws.push((code(from), code(to), next, var, text, offset));
    }
    // Moves still awaited and a few bytes that cannot make a record: the
    // file was cut in the middle of one (data ending on a record boundary
    // cannot be told from a shorter game, as libraries end slots so).
    let left = body.len() - s;
    if pending > 0 && !zero_ended && left > 0 && left < 4 {
        return Err(RecordError::at_byte(
            ErrorKind::Truncated {
                reading: "a move record",
            },
            base + HEADER_LEN + s,
        )
        .with_ply(raws.len() + 1, false));
    }
    if let Some(&(from, ..)) = raws.first() {
        let sq = Square::new((from / 10) as i8, (from % 10) as i8);
        if let Some(p) = sq.and_then(|sq| setup.piece_at(sq)) {
            setup.turn = p.color;
        }
    }
    let start = Position::from_setup(&setup, Validation::Relaxed)
        .map_err(|e| at(ErrorKind::BadSetup(SetupDetail::Illegal(e)), BOARD))?;
    let mut tree = Tree::new(start.clone());
    if let Some(c) = &opening {
        tree.comment(Tree::ROOT, c);
    }
    let mut record = Record::new(start);
    record.warnings.append(&mut warnings.into_inner());
    let cut = crate::xqf::build_moves(&mut tree, raws.into_iter().map(Ok), &mut record).err();

    record.source = Source {
        format: Format::Cbr,
        encoding: TextEncoding::Utf16Le,
        game: 1,
        notation: None,
    };
    let t = &mut record.tags;
    let field = |(off, len): (usize, usize)| -> Result<Option<String>, RecordError> {
        let s = utf16(&bytes[off..off + len], base + off)?;
        Ok((!s.is_empty()).then_some(s))
    };
    t.title = field(TITLE)?;
    t.event = field(EVENT)?;
    t.red = field(RED)?;
    t.black = field(BLACK)?;
    t.result = match bytes[RESULT] {
        1 => Outcome::RedWins,
        2 => Outcome::BlackWins,
        3 | 4 => Outcome::Draw,
        _ => Outcome::Ongoing,
    };
    record.main = tree.into_line();
    match cut {
        None => Ok(record),
        Some(e) => Err(e.with_partial(record)),
    }
}

/// The library's name and game count, from its header.
pub(crate) fn read_library_header(bytes: &[u8]) -> Result<(String, u32), RecordError> {
    if !bytes.starts_with(LIBRARY_MAGIC) {
        return Err(RecordError::at_byte(
            ErrorKind::BadMagic {
                expected: "\"CCBridgeLibrary\" at byte 0",
            },
            0,
        ));
    }
    if bytes.len() < LIBRARY_HEADER_LEN {
        return Err(RecordError::at_byte(
            ErrorKind::Truncated {
                reading: "the 576-byte CBL header",
            },
            bytes.len(),
        ));
    }
    let count = u32::from_le_bytes([bytes[60], bytes[61], bytes[62], bytes[63]]);
    let name = utf16(&bytes[64..576], 64)?;
    Ok((name, count))
}

fn put_utf16(out: &mut [u8], text: &str) {
    let max = out.len() / 2 - 1;
    for (i, u) in text.encode_utf16().take(max).enumerate() {
        out[2 * i..2 * i + 2].copy_from_slice(&u.to_le_bytes());
    }
}

/// Writes a record as CBR, in the layout [`read`](crate::read_bytes)
/// reads (and `cchess.read_from_cbr` too).
pub fn write_cbr(record: &Record) -> Result<Vec<u8>, RecordError> {
    let mut out = vec![0u8; HEADER_LEN];
    out[..16].copy_from_slice(RECORD_MAGIC);
    let t = &record.tags;
    for ((off, len), v) in [
        (TITLE, &t.title),
        (EVENT, &t.event),
        (RED, &t.red),
        (BLACK, &t.black),
    ] {
        if let Some(v) = v {
            put_utf16(&mut out[off..off + len], v);
        }
    }
    out[RESULT] = match t.result {
        Outcome::Ongoing => 0,
        Outcome::RedWins => 1,
        Outcome::BlackWins => 2,
        Outcome::Draw => 3,
    };
    let turn: u16 = if record.start.turn() == Color::Red {
        1
    } else {
        2
    };
    out[TURN..TURN + 2].copy_from_slice(&turn.to_le_bytes());
    for sq in Square::iter() {
        if let Some(p) = record.start.piece_at(sq) {
            let k = ROLES.iter().position(|&r| r == p.role).expect("all roles") as u8 + 1;
            let c = if p.color == Color::Red { 0x10 } else { 0x20 };
            let index = (9 - sq.rank()) as usize * 9 + sq.file() as usize;
            out[BOARD + index] = c | k;
        }
    }
    let utf = |s: &str| {
        TextEncoding::Utf16Le
            .encode(s)
            .expect("UTF-16 encodes everything")
    };
    match &record.main.comment {
        Some(c) => {
            out.extend_from_slice(&[4, 0, 0, 0]);
            let b = utf(c);
            out.extend_from_slice(&(b.len() as u32).to_le_bytes());
            out.extend_from_slice(&b);
        }
        None => out.extend_from_slice(&[0, 0, 0, 0]),
    }
    crate::tree::depth_first(&record.main, &mut |m| {
        write_move(&mut out, m);
        Ok(())
    })?;
    Ok(out)
}

fn index(sq: Square) -> u8 {
    ((9 - sq.rank()) * 9 + sq.file()) as u8
}

/// One move record: flags (1 last of its line, 2 an alternative follows,
/// 4 a comment follows), a zero byte, the two squares; then the comment.
fn write_move(out: &mut Vec<u8>, m: Stored) {
    let mut flags = 0u8;
    if !m.next {
        flags |= 1;
    }
    if m.alternative {
        flags |= 2;
    }
    let text = m.node.comment.as_deref().map(|c| {
        TextEncoding::Utf16Le
            .encode(c)
            .expect("UTF-16 encodes everything")
    });
    if text.is_some() {
        flags |= 4;
    }
    out.extend_from_slice(&[flags, 0, index(m.node.mv.from), index(m.node.mv.to)]);
    if let Some(b) = text {
        out.extend_from_slice(&(b.len() as u32).to_le_bytes());
        out.extend_from_slice(&b);
    }
}

/// Writes records as a CBL library: its header, then each record in
/// 4096-byte slots from the usual data offset. For tests and conversions;
/// a record longer than one slot takes several.
pub fn write_cbl(name: &str, records: &[Record]) -> Result<Vec<u8>, RecordError> {
    let mut out = vec![0u8; LIBRARY_DATA];
    out[..16].copy_from_slice(LIBRARY_MAGIC);
    out[60..64].copy_from_slice(&(records.len() as u32).to_le_bytes());
    put_utf16(&mut out[64..576], name);
    for r in records {
        let mut b = write_cbr(r)?;
        let padded = b.len().div_ceil(SLOT) * SLOT;
        b.resize(padded, 0);
        out.extend_from_slice(&b);
    }
    Ok(out)
}
