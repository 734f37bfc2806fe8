//! Xiangqi (象棋) game records in and out.
//!
//! Reads the records arbiters, game servers and databases actually hold —
//! PGN (ICCS, WXF or Chinese notation; UTF-8, GBK/GB18030 or Big5;
//! pychess's ranks 1–10), the WXF text format, XQF (every version, the
//! encrypted ones included), DhtmlXQ/UBB tags in web pages, and the
//! 象棋桥 CBR/CBL files — into one typed [`Record`]: tags, the start
//! position, the main line with comments and NAGs, and the variations as a
//! tree. Every move is checked by `xq_core` as it is read, so a record's
//! main line converts to an [`xq_core::Game`] with [`Record::to_game`].
//!
//! Reading is per game and streaming: a file yields one
//! `Result<Record, RecordError>` per game, a bad game is reported (with
//! the line and column or byte offset, the game, the ply, the move text and
//! the reason) and the next one is still read, and memory stays flat in the
//! number of games. Nothing panics on any input.
//!
//! ```
//! let pgn = "[Game \"Chinese Chess\"]\n[Red \"许银川\"]\n[Result \"1-0\"]\n\n\
//!            1. 炮二平五 马８进７ 2. 马二进三 {a comment} 车９平８ 1-0\n";
//! let record = xq_records::read_bytes(pgn.as_bytes()).next().unwrap().unwrap();
//! assert_eq!(record.tags.red.as_deref(), Some("许银川"));
//! assert_eq!(record.main.moves.len(), 4);
//! assert_eq!(record.to_game().current().fen(),
//!            "rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3");
//! ```
//!
//! Writing: [`write_pgn`] (choose the notation) and [`write_xqf`] (any
//! version 10–18, choose the keys), [`write_cbr`] and [`write_cbl`].
//!
//! ```
//! use xq_records::{read_bytes, write_xqf, XqfOptions, KeyBytes};
//! let record = read_bytes(b"1. h2e2 h9g7 *").next().unwrap().unwrap();
//! let xqf = write_xqf(&record, &XqfOptions { version: 12, keys: KeyBytes::from_seed(7) }).unwrap();
//! let back = read_bytes(&xqf).next().unwrap().unwrap();
//! assert_eq!(back.source.format, xq_records::Format::Xqf);
//! assert_eq!(back.main_moves().collect::<Vec<_>>(), record.main_moves().collect::<Vec<_>>());
//! ```

#![deny(missing_docs)]
// A library's pure results are worth nothing unused: a new public function
// that returns one says so (issue 19), and CI's -D warnings holds it.
#![warn(clippy::must_use_candidate)]
// A RecordError is one per bad game, never on a hot path; a flat struct that
// callers match on directly is worth its 144 bytes.
#![allow(clippy::result_large_err)]

mod cbr;
mod dhtmlxq;
mod encoding;
mod error;
mod format;
mod pgn;
mod record;
mod tree;
mod warning;
mod xqf;

use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, Read};
use std::path::Path;

pub use cbr::{write_cbl, write_cbr};
pub use encoding::{detect as detect_encoding, TextCodec, TextEncoding};
pub use error::{ErrorKind, Location, RecordError, SetupDetail, SyntaxDetail, TagFault};
pub use format::{detect as detect_format, Format};
pub use pgn::split::MAX_GAME_BYTES;
pub use pgn::{pgn_changes, write_pgn, PgnOptions};
pub use record::{Line, MoveNode, Record, RecordType, Source, Tags};
pub use tree::MAX_VARIATION_DEPTH;
pub use warning::{IllegalFinal, Warning, WarningKind};
pub use xq_core::notation::{ReadNote, Reading};
pub use xqf::{write_xqf, write_xqf_lossy, KeyBytes, XqfOptions};

use pgn::split::{Dialect, Splitter};

/// The largest single-game binary file or web page the reader holds in
/// memory; a larger one is an error.
pub const MAX_FILE_BYTES: usize = 64 << 20;

/// How much of the input is looked at to tell its format and encoding.
const PREFIX: usize = 64 << 10;

/// What the reader should assume instead of detecting it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// The format; detected from the bytes if `None`.
    pub format: Option<Format>,
    /// The text encoding of PGN, WXF text and DhtmlXQ; detected if `None`.
    pub encoding: Option<TextEncoding>,
    /// How move texts that leave out their 前/后 marker are read: by
    /// legality (the default) or strictly.
    pub reading: Reading,
}

/// Reads the records of a file one game at a time. An iterator of
/// `Result<Record, RecordError>`, one item per game.
pub struct Reader<R> {
    state: State<R>,
    format: Format,
    game: usize,
    reading: Reading,
}

type Input<R> = io::Chain<Cursor<Vec<u8>>, R>;

// One per reader: the size of the single-record variant does not matter.
#[allow(clippy::large_enum_variant)]
enum State<R> {
    Text(Box<Splitter<Input<R>>>),
    Page {
        text: String,
        encoding: TextEncoding,
        blocks: Vec<(usize, usize)>,
        next: usize,
    },
    Library(Box<Library<Input<R>>>),
    One(Option<Result<Record, RecordError>>),
}

/// Reads records from bytes in memory, detecting the format and encoding.
/// The entry point for fuzzing: any bytes give records or errors, never a
/// panic.
#[must_use]
pub fn read_bytes(bytes: &[u8]) -> Reader<&[u8]> {
    Reader::new(bytes, ReadOptions::default())
}

/// Reads records from bytes in memory with the format or encoding given.
#[must_use]
pub fn read_bytes_with(bytes: &[u8], options: ReadOptions) -> Reader<&[u8]> {
    Reader::new(bytes, options)
}

/// Opens a record file for reading.
pub fn open(path: impl AsRef<Path>, options: ReadOptions) -> io::Result<Reader<BufReader<File>>> {
    Ok(Reader::new(BufReader::new(File::open(path)?), options))
}

/// Reads up to `limit` bytes into `buf`; `true` if the input holds more.
fn read_to_limit<R: Read>(input: &mut R, buf: &mut Vec<u8>, limit: usize) -> io::Result<bool> {
    let room = (limit + 1).saturating_sub(buf.len()) as u64;
    input.take(room).read_to_end(buf)?;
    Ok(buf.len() > limit)
}

impl<R: BufRead> Reader<R> {
    /// A reader over any buffered input.
    pub fn new(mut input: R, options: ReadOptions) -> Reader<R> {
        let mut prefix = Vec::new();
        if let Err(e) = (&mut input).take(PREFIX as u64).read_to_end(&mut prefix) {
            return Reader::one(
                options.format.unwrap_or(Format::Pgn),
                Err(RecordError::new(ErrorKind::Io(e.to_string()))),
            );
        }
        let format = options.format.unwrap_or_else(|| format::detect(&prefix));
        let blank = prefix
            .strip_prefix(b"\xEF\xBB\xBF")
            .unwrap_or(&prefix)
            .iter()
            .all(|b| b.is_ascii_whitespace());
        if blank {
            return Reader::one(format, Err(RecordError::new(ErrorKind::Empty)));
        }
        let state = match format {
            Format::Pgn | Format::WxfText => {
                let dialect = if format == Format::Pgn {
                    Dialect::Pgn
                } else {
                    Dialect::WxfText
                };
                let head = prefix.clone();
                let splitter = Splitter::new(
                    Cursor::new(prefix).chain(input),
                    dialect,
                    options.encoding,
                    &head,
                );
                State::Text(Box::new(splitter))
            }
            Format::Cbl => State::Library(Box::new(Library::new(Cursor::new(prefix).chain(input)))),
            Format::Xqf | Format::Cbr | Format::DhtmlXq => {
                let mut all = prefix;
                match read_to_limit(&mut input, &mut all, MAX_FILE_BYTES) {
                    Err(e) => State::One(Some(Err(RecordError::new(ErrorKind::Io(e.to_string()))))),
                    Ok(true) => State::One(Some(Err(RecordError::new(ErrorKind::TooLarge {
                        limit: MAX_FILE_BYTES,
                    })))),
                    Ok(false) => match format {
                        Format::Xqf => State::One(Some(xqf::read_xqf(&all))),
                        Format::Cbr => State::One(Some(cbr::read_cbr(&all, 0))),
                        _ => page(&all, options.encoding),
                    },
                }
            }
        };
        Reader {
            state,
            format,
            game: 0,
            reading: options.reading,
        }
    }

    fn one(format: Format, result: Result<Record, RecordError>) -> Reader<R> {
        Reader {
            state: State::One(Some(result)),
            format,
            game: 0,
            reading: Reading::default(),
        }
    }

    /// The format being read.
    #[must_use]
    pub fn format(&self) -> Format {
        self.format
    }
}

/// A web page's DhtmlXQ blocks, decoded.
fn page<R>(bytes: &[u8], forced: Option<TextEncoding>) -> State<R> {
    let encoding = forced.unwrap_or_else(|| encoding::detect(bytes));
    let Some(text) = encoding.decode(bytes) else {
        return State::One(Some(Err(RecordError::at_byte(
            ErrorKind::Undecodable { encoding },
            0,
        ))));
    };
    let blocks = dhtmlxq::blocks(&text)
        .into_iter()
        .map(|(at, b)| (at, b.len()))
        .collect();
    State::Page {
        text,
        encoding,
        blocks,
        next: 0,
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Record, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        let format = self.format;
        let reading = self.reading;
        let item = match &mut self.state {
            State::One(slot) => slot.take(),
            State::Text(splitter) => {
                let number = self.game + 1;
                splitter.next_game().map(|g| {
                    g.and_then(|g| match format {
                        Format::WxfText => pgn::parse_wxf(&g, number, reading),
                        _ => pgn::parse_pgn(&g, number, reading),
                    })
                })
            }
            State::Page {
                text,
                encoding,
                blocks,
                next,
            } => {
                if *next == 0 && blocks.is_empty() {
                    *next = 1;
                    Some(Err(RecordError::at_byte(
                        ErrorKind::Syntax(SyntaxDetail::NoDhtmlXq),
                        0,
                    )))
                } else {
                    blocks.get(*next).map(|&(at, len)| {
                        *next += 1;
                        dhtmlxq::read_block(&text[at..at + len], at, *encoding, *next)
                    })
                }
            }
            State::Library(lib) => lib.next_game(),
        }?;
        self.game += 1;
        let number = self.game;
        Some(
            item.map(|mut r| {
                r.source.game = number;
                r
            })
            .map_err(|mut e| {
                if matches!(e.kind, ErrorKind::Empty | ErrorKind::Io(_)) {
                    // About the file, not a game of it.
                    e.format = Some(format);
                    e
                } else {
                    e.in_game(format, number)
                }
            }),
        )
    }
}

/// A CBL library read slot by slot: a game is a slot starting with the
/// record magic and the slots after it that do not.
struct Library<R> {
    input: R,
    /// The next game's first slot, already read, and its offset.
    ahead: Option<(Vec<u8>, u64)>,
    offset: u64,
    started: bool,
    done: bool,
}

impl<R: BufRead> Library<R> {
    fn new(input: R) -> Library<R> {
        Library {
            input,
            ahead: None,
            offset: 0,
            started: false,
            done: false,
        }
    }

    fn slot(&mut self) -> io::Result<Vec<u8>> {
        let mut buf = Vec::with_capacity(cbr::SLOT);
        (&mut self.input)
            .take(cbr::SLOT as u64)
            .read_to_end(&mut buf)?;
        self.offset += buf.len() as u64;
        Ok(buf)
    }

    /// Reads the header and skips to the first record.
    fn start(&mut self) -> Result<(), RecordError> {
        let mut head = Vec::new();
        (&mut self.input)
            .take(cbr::LIBRARY_HEADER_LEN as u64)
            .read_to_end(&mut head)
            .map_err(|e| RecordError::new(ErrorKind::Io(e.to_string())))?;
        self.offset = head.len() as u64;
        cbr::read_library_header(&head)?;
        // Skip to the usual data offset, then look for the first record.
        let skip = (cbr::LIBRARY_DATA - cbr::LIBRARY_HEADER_LEN) as u64;
        let skipped = io::copy(&mut (&mut self.input).take(skip), &mut io::sink())
            .map_err(|e| RecordError::new(ErrorKind::Io(e.to_string())))?;
        self.offset += skipped;
        let magic = cbr::RECORD_MAGIC;
        let mut window: Vec<u8> = Vec::new();
        loop {
            let chunk = self
                .input
                .fill_buf()
                .map_err(|e| RecordError::new(ErrorKind::Io(e.to_string())))?;
            if chunk.is_empty() {
                return Ok(());
            }
            let keep = window.len();
            window.extend_from_slice(chunk);
            let n = chunk.len();
            if let Some(i) = format::find(&window, magic) {
                // Consume up to the magic: `i - keep` bytes of this chunk.
                let used = i.saturating_sub(keep);
                self.input.consume(used);
                self.offset += used as u64;
                if i < keep {
                    // The magic started in bytes already consumed.
                    let mut first = window[i..keep].to_vec();
                    let mut rest = Vec::new();
                    (&mut self.input)
                        .take((cbr::SLOT - first.len()) as u64)
                        .read_to_end(&mut rest)
                        .map_err(|e| RecordError::new(ErrorKind::Io(e.to_string())))?;
                    self.offset += rest.len() as u64;
                    first.extend_from_slice(&rest);
                    let at = self.offset - first.len() as u64;
                    self.ahead = Some((first, at));
                }
                return Ok(());
            }
            self.input.consume(n);
            self.offset += n as u64;
            let cut = window.len().saturating_sub(magic.len() - 1);
            window.drain(..cut);
        }
    }

    fn next_game(&mut self) -> Option<Result<Record, RecordError>> {
        if self.done {
            return None;
        }
        if !self.started {
            self.started = true;
            if let Err(e) = self.start() {
                self.done = true;
                return Some(Err(e));
            }
        }
        let io_err = |e: io::Error| RecordError::new(ErrorKind::Io(e.to_string()));
        let (mut game, at) = match self.ahead.take() {
            Some(x) => x,
            None => {
                let at = self.offset;
                match self.slot() {
                    Ok(s) => (s, at),
                    Err(e) => {
                        self.done = true;
                        return Some(Err(io_err(e)));
                    }
                }
            }
        };
        loop {
            if game.is_empty() {
                self.done = true;
                return None;
            }
            if game.starts_with(cbr::RECORD_MAGIC) {
                break;
            }
            if game.iter().all(|&b| b == 0) {
                // An empty slot: skip it.
                match self.slot() {
                    Ok(s) => game = s,
                    Err(e) => {
                        self.done = true;
                        return Some(Err(io_err(e)));
                    }
                }
                continue;
            }
            // Not a record where one should start.
            let err = RecordError::at_byte(
                ErrorKind::BadMagic {
                    expected: "\"CCBridge Record\" at the start of a 4096-byte slot",
                },
                at as usize,
            );
            // Resynchronise on the next slot.
            match self.slot() {
                Ok(s) if !s.is_empty() => self.ahead = Some((s, self.offset)),
                _ => self.done = true,
            }
            return Some(Err(err));
        }
        let at = self.offset - game.len() as u64;
        // Continuation slots of a long record.
        loop {
            let next_at = self.offset;
            match self.slot() {
                Ok(s) if s.is_empty() => {
                    self.done = true;
                    break;
                }
                Ok(s) if s.starts_with(cbr::RECORD_MAGIC) => {
                    self.ahead = Some((s, next_at));
                    break;
                }
                // Padding between records ends this one.
                Ok(s) if s.iter().all(|&b| b == 0) => break,
                Ok(s) => {
                    if game.len() + s.len() > MAX_GAME_BYTES {
                        self.done = true;
                        return Some(Err(RecordError::at_byte(
                            ErrorKind::TooLarge {
                                limit: MAX_GAME_BYTES,
                            },
                            at as usize,
                        )));
                    }
                    game.extend_from_slice(&s);
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(io_err(e)));
                }
            }
        }
        Some(cbr::read_cbr(&game, at as usize))
    }
}

// The README's examples are tests too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
