//! Reading an XQF file: the header, the piece table, and the move tree.

use xq_core::{Color, Move, Outcome, Piece, Position, Setup, Square, Validation};

use super::keys::{KeyBytes, Keys};
use super::{HEADER_LEN, SLOT_ROLES, STRINGS};
use crate::encoding::{TextCodec, TextEncoding};
use crate::error::{ErrorKind, Location, RecordError, SetupDetail};
use crate::format::Format;
use crate::record::{Record, RecordType, Source};
use crate::tree::{NodeId, Tree};
use crate::warning::{IllegalFinal, Warning, WarningKind};

/// A cursor over the decoded move stream, reporting file offsets.
struct Stream<'a> {
    data: &'a [u8],
    at: usize,
    /// Comments with bad bytes, read with U+FFFD.
    warnings: Vec<Warning>,
}

impl Stream<'_> {
    fn offset(&self) -> usize {
        HEADER_LEN + self.at
    }

    fn take(&mut self, n: usize, reading: &'static str) -> Result<&[u8], RecordError> {
        if self.data.len() - self.at < n {
            return Err(RecordError::at_byte(
                ErrorKind::Truncated { reading },
                self.offset(),
            ));
        }
        let s = &self.data[self.at..self.at + n];
        self.at += n;
        Ok(s)
    }

    fn u32(&mut self, reading: &'static str) -> Result<u32, RecordError> {
        let b = self.take(4, reading)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn comment(&mut self, len: i64) -> Result<Option<String>, RecordError> {
        if len <= 0 {
            return Ok(None);
        }
        let at = self.offset();
        let len = usize::try_from(len).unwrap_or(usize::MAX);
        let start = self.at;
        self.take(len, "a comment")?;
        let text = decode_gbk(
            &self.data[start..self.at],
            at,
            "comment",
            &mut self.warnings,
        );
        Ok(Some(text))
    }
}

/// GBK text as XQF stores it; Big5 is tried if it is not GBK, and if it is
/// neither, it is read as GBK with U+FFFD for each bad sequence and a
/// warning that points at the first bad byte (`offset` is the file offset
/// of `bytes`).
fn decode_gbk(
    bytes: &[u8],
    offset: usize,
    field: &'static str,
    warnings: &mut Vec<Warning>,
) -> String {
    let bytes = match bytes.iter().position(|&b| b == 0) {
        Some(n) => &bytes[..n],
        None => bytes,
    };
    if let Some(s) = TextEncoding::Big5
        .decode(bytes)
        .filter(|_| TextEncoding::Gb18030.decode(bytes).is_none())
    {
        return s;
    }
    let (text, bad) = crate::encoding::decode_lossy(TextEncoding::Gb18030, bytes);
    if let Some(i) = bad {
        let at = (offset + i) as u64;
        warnings.push(Warning::new(
            WarningKind::BadBytes {
                field,
                offset: at,
                encoding: TextEncoding::Gb18030,
            },
            Location::Byte(at),
        ));
    }
    text
}

/// Reads one XQF file.
pub(crate) fn read_xqf(bytes: &[u8]) -> Result<Record, RecordError> {
    if bytes.is_empty() {
        return Err(RecordError::new(ErrorKind::Empty));
    }
    if !bytes.starts_with(b"XQ") {
        return Err(RecordError::at_byte(
            ErrorKind::BadMagic {
                expected: "\"XQ\" at byte 0",
            },
            0,
        ));
    }
    if bytes.len() < HEADER_LEN {
        return Err(RecordError::at_byte(
            ErrorKind::Truncated {
                reading: "the 1024-byte XQF header",
            },
            bytes.len(),
        ));
    }
    let header = &bytes[..HEADER_LEN];
    let version = header[2];
    let keys = if version > 10 {
        Keys::derive(&KeyBytes::read(header))
    } else {
        Keys::plain()
    };

    // The piece table.
    let mut slots = [0u8; 32];
    if version > 10 {
        for (i, &raw) in header[0x10..0x30].iter().enumerate() {
            let slot = if version >= 12 {
                (usize::from(keys.piece) + i + 1) & 31
            } else {
                i
            };
            slots[slot] = raw;
        }
        for s in &mut slots {
            *s = s.wrapping_sub(keys.piece);
        }
    } else {
        slots.copy_from_slice(&header[0x10..0x30]);
    }
    let mut setup = Setup::empty();
    for (i, &v) in slots.iter().enumerate() {
        let off_board = if version > 10 { v > 89 } else { v == 0xFF };
        if off_board {
            continue;
        }
        let sq = square(v).ok_or_else(|| {
            RecordError::at_byte(
                ErrorKind::SquareOutOfRange {
                    value: u32::from(v),
                },
                0x10 + i,
            )
        })?;
        let color = if i < 16 { Color::Red } else { Color::Black };
        if setup.board[sq.index()].is_some() {
            return Err(RecordError::at_byte(
                ErrorKind::BadSetup(SetupDetail::TwoPieces { square: sq }),
                0x10 + i,
            ));
        }
        setup.board[sq.index()] = Some(Piece::new(color, SLOT_ROLES[i % 16]));
    }

    // The move stream.
    let decoded: Vec<u8>;
    let data = if version > 10 {
        decoded = bytes[HEADER_LEN..]
            .iter()
            .enumerate()
            .map(|(i, &b)| b.wrapping_sub(keys.stream[(HEADER_LEN + i) % 32]))
            .collect();
        &decoded[..]
    } else {
        &bytes[HEADER_LEN..]
    };
    let mut stream = Stream {
        data,
        at: 0,
        warnings: Vec::new(),
    };
    let mut opening = None;
    let mut first_next = false;
    if !data.is_empty() {
        let (_, next, _, comment) = read_record(&mut stream, version, &keys)?;
        opening = comment;
        first_next = next;
    }
    // The first move, read ahead: the side to move is that of its piece
    // (XQF keeps no reliable side-to-move field).
    let mut ahead = None;
    if first_next {
        let offset = stream.offset();
        let first = read_record(&mut stream, version, &keys)?;
        if let Some(p) = square(first.0 .0).and_then(|sq| setup.board[sq.index()]) {
            setup.turn = p.color;
        }
        ahead = Some((offset, first));
    }
    let start = Position::from_setup(&setup, Validation::Relaxed)
        .map_err(|e| RecordError::at_byte(ErrorKind::BadSetup(SetupDetail::Illegal(e)), 0x10))?;

    let mut tree = Tree::new(start.clone());
    if let Some(c) = &opening {
        tree.comment(Tree::ROOT, c);
    }
    let mut record = Record::new(start);
    // Records follow while the placeholder or a move says more is coming
    // (each record is one awaited, and awaits its continuation and its
    // alternative); trailing bytes after the tree are ignored, as other
    // readers do. They are read as the tree is built, none held.
    let mut pending = usize::from(first_next);
    let moves = std::iter::from_fn(|| {
        if pending == 0 {
            return None;
        }
        let item = match ahead.take() {
            Some(x) => Ok(x),
            None => {
                let offset = stream.offset();
                read_record(&mut stream, version, &keys).map(|r| (offset, r))
            }
        };
        Some(match item {
            Ok((offset, ((from, to), next, var, comment))) => {
                pending = pending - 1 + usize::from(next) + usize::from(var);
                Ok((from, to, next, var, comment, offset))
            }
            Err(e) => {
                pending = 0;
                Err(e)
            }
        })
    });
    let cut = build_moves(&mut tree, moves, &mut record).err();
    let mut comment_warnings = std::mem::take(&mut stream.warnings);
    comment_warnings.append(&mut record.warnings);
    record.warnings = comment_warnings;

    record.source = Source {
        format: Format::Xqf,
        encoding: TextEncoding::Gb18030,
        game: 1,
        notation: None,
    };
    let t = &mut record.tags;
    t.result = match header[0x33] {
        1 => Outcome::RedWins,
        2 => Outcome::BlackWins,
        3 | 4 => Outcome::Draw,
        _ => Outcome::Ongoing,
    };
    t.record_type = match header[0x40] {
        0 => Some(RecordType::FullGame),
        1 => Some(RecordType::Opening),
        2 => Some(RecordType::MiddleGame),
        3 => Some(RecordType::Endgame),
        _ => None,
    };
    for &(offset, max, field) in STRINGS {
        let len = usize::from(header[offset]).min(max);
        if len == 0 {
            continue;
        }
        let text = decode_gbk(
            &header[offset + 1..offset + 1 + len],
            offset + 1,
            field,
            &mut record.warnings,
        );
        let text = text.trim().to_string();
        if text.is_empty() {
            continue;
        }
        if let Some(&(_, tag)) = super::OTHER_FIELDS.iter().find(|(f, _)| *f == field) {
            t.other.push((tag.to_string(), text));
            continue;
        }
        let slot = match field {
            "title" => &mut t.title,
            "event" => &mut t.event,
            "date" => &mut t.date,
            "site" => &mut t.site,
            "red" => &mut t.red,
            "black" => &mut t.black,
            "time" => &mut t.time_control,
            "annotator" => &mut t.annotator,
            _ => &mut t.author,
        };
        *slot = Some(text);
    }
    t.other.push(("XqfVersion".into(), version.to_string()));
    record.main = tree.into_line();
    match cut {
        None => Ok(record),
        Some(e) => Err(e.with_partial(record)),
    }
}

/// A square code `x·10 + y`.
fn square(v: u8) -> Option<Square> {
    if v > 89 {
        return None;
    }
    Square::new((v / 10) as i8, (v % 10) as i8)
}

/// A decoded record: the squares, has-next, has-variation, the comment.
type RawRecord = ((u8, u8), bool, bool, Option<String>);

/// Reads one 4-byte record and its comment: the squares, has-next,
/// has-variation, the comment.
fn read_record(s: &mut Stream<'_>, version: u8, keys: &Keys) -> Result<RawRecord, RecordError> {
    let r = s.take(4, "a move record")?;
    let (rf, rt, flags) = (r[0], r[1], r[2]);
    if version <= 10 {
        let len = s.u32("a comment length")?;
        let comment = s.comment(i64::from(len))?;
        let from = rf.wrapping_sub(0x18);
        let to = rt.wrapping_sub(0x20);
        Ok(((from, to), flags & 0xF0 != 0, flags & 0x0F != 0, comment))
    } else {
        let flags = flags & 0xE0;
        let comment = if flags & 0x20 != 0 {
            let len = s.u32("a comment length")?;
            s.comment(i64::from(len) - i64::from(keys.comment))?
        } else {
            None
        };
        let from = rf.wrapping_sub(0x18).wrapping_sub(keys.from);
        let to = rt.wrapping_sub(0x20).wrapping_sub(keys.to);
        Ok(((from, to), flags & 0x80 != 0, flags & 0x40 != 0, comment))
    }
}

/// One stored move: from, to (as `x·10 + y`), has next, has variation,
/// the comment, the file offset.
pub(crate) type StoredMove = (u8, u8, bool, bool, Option<String>, usize);

/// The depth-first tree walk shared by XQF and CBR: one [`StoredMove`] per
/// record, read as the walk goes (an error reading one cuts the record).
///
/// A move that cannot be played in a variation leaves that line out (its
/// later moves are skipped, its siblings kept), with a warning. At the end
/// of the main line, an illegal move is kept apart as the record's final
/// illegal move, and an entry that names no move (no piece of the mover on
/// its square, a square off the board) is left out with a warning. Any
/// other main-line error is returned; the tree keeps what came before it.
pub(crate) fn build_moves(
    tree: &mut Tree,
    records: impl Iterator<Item = Result<StoredMove, RecordError>>,
    record: &mut Record,
) -> Result<(), RecordError> {
    // `None`: inside a line being left out.
    let mut parent: Option<NodeId> = Some(Tree::ROOT);
    // Parents whose next child is still to come (an alternative).
    let mut alternatives: Vec<Option<NodeId>> = Vec::new();
    for item in records {
        let (from, to, next, var, comment, offset) = item?;
        let comment = comment.as_deref();
        let node = match parent {
            None => None,
            Some(p) => {
                let (ply, in_var) = tree.next_ply(p);
                let played = match (square(from), square(to)) {
                    (Some(f), Some(t)) => tree.add_move(p, Move::new(f, t)).map_err(|e| {
                        let mut err = e.into_record_error(None, ply, in_var);
                        err.at = Location::Byte(offset as u64);
                        err
                    }),
                    _ => Err(RecordError::at_byte(
                        ErrorKind::SquareOutOfRange {
                            value: u32::from(if square(from).is_none() { from } else { to }),
                        },
                        offset,
                    )
                    .with_ply(ply, in_var)),
                };
                match played {
                    Ok(n) => Some(n),
                    Err(error) => {
                        let at = Location::Byte(offset as u64);
                        let kind = if in_var {
                            WarningKind::VariationDropped {
                                error: Box::new(error),
                                moves: 0,
                            }
                        } else if next {
                            return Err(error);
                        } else {
                            match &error.kind {
                                ErrorKind::IllegalMove { mv, reason }
                                    if reason.is_player_violation() =>
                                {
                                    record.illegal_final = Some(IllegalFinal {
                                        text: mv.to_string(),
                                        ply,
                                        mv: *mv,
                                        reason: reason.clone(),
                                        comment: comment.map(str::to_string),
                                    });
                                    WarningKind::IllegalFinalMove {
                                        text: mv.to_string(),
                                        mv: *mv,
                                        reason: reason.clone(),
                                    }
                                }
                                _ => WarningKind::JunkMoveDropped {
                                    error: Box::new(error),
                                },
                            }
                        };
                        record
                            .warnings
                            .push(Warning::new(kind, at).with_ply(ply, in_var));
                        None
                    }
                }
            }
        };
        if let (Some(n), Some(c)) = (node, comment) {
            tree.comment(n, c);
        }
        if var {
            alternatives.push(parent);
        }
        if next {
            parent = node;
        } else if let Some(p) = alternatives.pop() {
            parent = p;
        } else {
            break;
        }
    }
    Ok(())
}
