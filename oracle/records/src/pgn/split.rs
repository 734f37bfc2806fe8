//! Cutting a PGN (or WXF text) stream into games, line by line, without
//! holding more than one game in memory. Each line is decoded on its own:
//! a newline byte never occurs inside a GBK, GB18030 or Big5 character, so
//! cutting at newlines never splits one.

use std::io::BufRead;

use crate::encoding::{self, TextCodec, TextEncoding};
use crate::error::{ErrorKind, RecordError, SyntaxDetail};

/// The largest game (in bytes) the reader accepts; a longer one is reported
/// and skipped, so that memory stays bounded whatever the input.
pub const MAX_GAME_BYTES: usize = 16 << 20;

/// How far past an unreadable game the reader looks for the next one
/// before it gives up on the input.
const SKIP_LIMIT: u64 = 4 * MAX_GAME_BYTES as u64;

/// One game's text, decoded.
pub(crate) struct GameText {
    pub text: String,
    /// The line of the file the text starts on (from 1).
    pub first_line: usize,
    pub encoding: TextEncoding,
    /// `(file, game)` when the game is in another legacy encoding than
    /// the file's first.
    pub mixed: Option<(TextEncoding, TextEncoding)>,
}

/// How games are told apart.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// A tag line after movetext starts a new game.
    Pgn,
    /// A `FORMAT` line after moves starts a new game.
    WxfText,
}

/// A line read but not yet given to a game: its text, its bytes, its
/// number, its offset, and the legacy encoding it was decoded with.
type PendingLine = (String, Vec<u8>, usize, u64, Option<TextEncoding>);

pub(crate) struct Splitter<R> {
    input: R,
    dialect: Dialect,
    forced: Option<TextEncoding>,
    /// The legacy encoding found so far (decided once, then kept).
    legacy: Option<TextEncoding>,
    bom: bool,
    line_no: usize,
    offset: u64,
    /// A line read but not yet given to a game (the first line of the next).
    pending: Option<PendingLine>,
    done: bool,
    buf: Vec<u8>,
}

enum LineRead {
    Eof,
    Line { overlong: bool },
}

impl<R: BufRead> Splitter<R> {
    pub fn new(input: R, dialect: Dialect, forced: Option<TextEncoding>, prefix: &[u8]) -> Self {
        let legacy = match forced {
            Some(e) => Some(e),
            None => match encoding::detect(prefix) {
                TextEncoding::Gb18030 => Some(TextEncoding::Gb18030),
                TextEncoding::Big5 => Some(TextEncoding::Big5),
                _ => None,
            },
        };
        Splitter {
            input,
            dialect,
            forced,
            legacy,
            bom: prefix.starts_with(b"\xEF\xBB\xBF"),
            line_no: 0,
            offset: 0,
            pending: None,
            done: false,
            buf: Vec::new(),
        }
    }

    /// Reads one raw line (without its newline) into `self.buf`, keeping at
    /// most `MAX_GAME_BYTES` of it.
    fn read_line(&mut self) -> Result<LineRead, RecordError> {
        self.buf.clear();
        let overlong = false;
        let mut any = false;
        loop {
            let chunk = self
                .input
                .fill_buf()
                .map_err(|e| RecordError::new(ErrorKind::Io(e.to_string())))?;
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (take, newline) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (chunk.len(), false),
            };
            let room = MAX_GAME_BYTES.saturating_sub(self.buf.len());
            if take > room {
                // No record has a line this long: the input is not text
                // (an endless stream such as /dev/zero, a binary file read
                // as PGN). Stop here rather than read on.
                self.input.consume(room);
                self.offset += room as u64;
                return Err(RecordError::at_text(
                    ErrorKind::TooLarge {
                        limit: MAX_GAME_BYTES,
                    },
                    self.line_no + 1,
                    1,
                ));
            }
            self.buf.extend_from_slice(&chunk[..take]);
            let used = take + usize::from(newline);
            self.input.consume(used);
            self.offset += used as u64;
            if newline {
                break;
            }
        }
        if !any {
            return Ok(LineRead::Eof);
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        Ok(LineRead::Line { overlong })
    }

    /// Decodes `self.buf`; `Err` names the encoding that failed.
    fn decode_line(&mut self) -> Result<(String, Option<TextEncoding>), TextEncoding> {
        let bytes: &[u8] = if self.line_no == 1 {
            self.buf.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&self.buf)
        } else {
            &self.buf
        };
        if let Some(f) = self.forced {
            return f.decode(bytes).map(|s| (s, Some(f))).ok_or(f);
        }
        if let Ok(s) = std::str::from_utf8(bytes) {
            return Ok((s.to_string(), None));
        }
        let first = self
            .legacy
            .unwrap_or_else(|| match encoding::detect(bytes) {
                TextEncoding::Big5 => TextEncoding::Big5,
                _ => TextEncoding::Gb18030,
            });
        let second = match first {
            TextEncoding::Big5 => TextEncoding::Gb18030,
            _ => TextEncoding::Big5,
        };
        for enc in [first, second] {
            if let Some(s) = enc.decode(bytes) {
                self.legacy.get_or_insert(enc);
                return Ok((s, Some(enc)));
            }
        }
        Err(first)
    }

    /// The next game, or `None` at the end of the input.
    pub fn next_game(&mut self) -> Option<Result<GameText, RecordError>> {
        if self.done && self.pending.is_none() {
            return None;
        }
        let mut acc = Acc::default();
        let mut error: Option<RecordError> = None;
        let mut in_brace = false;
        let mut seen_moves = false;
        let mut skipped = 0u64;

        if let Some((line, raw, no, off, enc)) = self.pending.take() {
            scan(&line, self.dialect, &mut in_brace, &mut seen_moves);
            acc.take(&line, &raw, no, off, enc);
        }
        while !self.done {
            let line_offset = self.offset;
            let overlong = match self.read_line() {
                Ok(LineRead::Eof) => {
                    self.done = true;
                    break;
                }
                Ok(LineRead::Line { overlong }) => overlong,
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            };
            self.line_no += 1;
            let (line, enc) = match self.decode_line() {
                Ok(x) => x,
                Err(encoding) => {
                    if error.is_none() {
                        error = Some(RecordError::at_text(
                            ErrorKind::Undecodable { encoding },
                            self.line_no,
                            1,
                        ));
                    }
                    (String::new(), None)
                }
            };
            if !in_brace && seen_moves && starts_game(&line, self.dialect) {
                self.pending = Some((line, self.buf.clone(), self.line_no, line_offset, enc));
                break;
            }
            scan(&line, self.dialect, &mut in_brace, &mut seen_moves);
            if error.is_none() && (overlong || acc.text.len() + line.len() > MAX_GAME_BYTES) {
                error = Some(RecordError::at_text(
                    ErrorKind::TooLarge {
                        limit: MAX_GAME_BYTES,
                    },
                    self.line_no,
                    1,
                ));
            }
            if error.is_some() {
                // Keep counting lines, but hold no more text; an input that
                // never starts another game is not read for ever.
                if !acc.started {
                    acc.take("", b"", self.line_no, line_offset, None);
                }
                skipped += line.len() as u64 + 1;
                if skipped > SKIP_LIMIT {
                    self.done = true;
                    return Some(Err(RecordError::at_text(
                        ErrorKind::Syntax(SyntaxDetail::NoNextGame { limit: SKIP_LIMIT }),
                        self.line_no,
                        1,
                    )));
                }
                continue;
            }
            acc.take(&line, &self.buf, self.line_no, line_offset, enc);
        }
        if let Some(e) = error {
            return Some(Err(e));
        }
        if acc.text.trim().is_empty() {
            return None;
        }
        let mut encoding = acc.used.unwrap_or(if self.bom {
            TextEncoding::Utf8Bom
        } else {
            TextEncoding::Utf8
        });
        let mut text = acc.text;
        let mut mixed = None;
        if let (None, Some(file)) = (self.forced, acc.used) {
            // The file's legacy encoding was decided by its first such
            // text; a game of the other one (a Big5 game in a GBK file)
            // often decodes in both, garbled in one. Decided again here,
            // on the game's own bytes.
            let game = encoding::detect(&acc.raw);
            if game != file && matches!(game, TextEncoding::Big5 | TextEncoding::Gb18030) {
                if let Some(t) = game.decode(&acc.raw) {
                    text = t;
                    encoding = game;
                    mixed = Some((file, game));
                }
            }
        }
        Some(Ok(GameText {
            text,
            first_line: acc.first_line,
            encoding,
            mixed,
        }))
    }
}

/// The text of the game being cut.
#[derive(Default)]
struct Acc {
    text: String,
    /// The game's bytes, kept only once a line is not UTF-8 (to decide
    /// the game's legacy encoding on its own bytes).
    raw: Vec<u8>,
    first_line: usize,
    first_offset: u64,
    used: Option<TextEncoding>,
    started: bool,
}

impl Acc {
    fn take(&mut self, line: &str, raw: &[u8], no: usize, off: u64, enc: Option<TextEncoding>) {
        if !self.started {
            self.first_line = no;
            self.first_offset = off;
            self.started = true;
        }
        if enc.is_some() && self.used.is_none() {
            // The lines so far were UTF-8, the same bytes in any legacy
            // encoding but for non-ASCII; keep them from here on.
            self.raw.extend_from_slice(self.text.as_bytes());
        }
        if enc.is_some() {
            self.used = enc;
        }
        if self.used.is_some() {
            self.raw.extend_from_slice(raw);
            self.raw.push(b'\n');
        }
        self.text.push_str(line);
        self.text.push('\n');
    }
}

fn starts_game(line: &str, dialect: Dialect) -> bool {
    let t = line.trim_start();
    match dialect {
        Dialect::Pgn => t.starts_with('['),
        Dialect::WxfText => t.len() >= 6 && t.as_bytes()[..6].eq_ignore_ascii_case(b"FORMAT"),
    }
}

/// Follows comments across lines and notes whether the game has reached
/// its moves.
fn scan(line: &str, dialect: Dialect, in_brace: &mut bool, seen_moves: &mut bool) {
    let t = line.trim();
    if t.is_empty() {
        return;
    }
    match dialect {
        Dialect::Pgn => {
            if !*in_brace && t.starts_with('[') {
                return;
            }
            if !*in_brace && !t.starts_with('%') {
                *seen_moves = true;
            }
            for c in t.chars() {
                if *in_brace {
                    if c == '}' {
                        *in_brace = false;
                    }
                } else if c == '{' {
                    *in_brace = true;
                } else if c == ';' {
                    break;
                }
            }
        }
        Dialect::WxfText => {
            if t.to_ascii_uppercase().starts_with("START") || t.contains("END") {
                *seen_moves = true;
            }
        }
    }
}
