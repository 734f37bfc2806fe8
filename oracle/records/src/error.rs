//! Why a record cannot be read, and where.

use std::fmt;

use xq_core::{FenError, IllegalMove, Move, ParseMoveError};

use crate::format::Format;
use crate::record::Record;

/// A record, or a whole file, that cannot be read. It says where (the file
/// position, the game, the ply) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// What is wrong.
    pub kind: ErrorKind,
    /// The format being read.
    pub format: Option<Format>,
    /// The game of the file, counting from 1 (`None` for a problem with the
    /// file as a whole).
    pub game: Option<usize>,
    /// Where in the file.
    pub at: Location,
    /// The ply (counting from 1 along the line it is on), for a move error.
    pub ply: Option<usize>,
    /// Whether the ply is in a variation rather than the main line.
    pub in_variation: bool,
    /// A record cut short: what was read before the error (for a main-line
    /// move error at ply N, the first N − 1 plies with their comments and
    /// variations, and the warnings so far). `None` when nothing of the
    /// game could be kept. The error is still an error: a caller that
    /// uses the partial record must say that it is cut, and why.
    pub partial: Option<Box<Record>>,
}

/// A place in a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    /// Nowhere in particular (an empty file, an I/O error).
    Nowhere,
    /// A text position: line and column (in characters), both from 1.
    Text {
        /// The line, from 1.
        line: usize,
        /// The column in characters, from 1.
        column: usize,
    },
    /// A byte offset from the start of the file.
    Byte(u64),
}

/// What is wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The file holds no bytes (or only white space).
    Empty,
    /// The file could not be read.
    Io(String),
    /// The bytes are not text in the expected (or any supported) encoding.
    Undecodable {
        /// The encoding tried.
        encoding: crate::TextEncoding,
    },
    /// The file does not start with the format's magic bytes.
    BadMagic {
        /// What was expected.
        expected: &'static str,
    },
    /// The file ends in the middle of a structure.
    Truncated {
        /// What was being read.
        reading: &'static str,
    },
    /// A game record is larger than the reader accepts.
    TooLarge {
        /// The limit, in bytes.
        limit: usize,
    },
    /// The text is not well formed (an unclosed comment, a stray `)`, a
    /// malformed tag …).
    Syntax(String),
    /// A FEN tag (or a set-up board) that is not a legal position.
    BadFen {
        /// The FEN as written.
        fen: String,
        /// Why, as `xq_core` says.
        error: FenError,
    },
    /// A set-up board that does not make a legal position.
    BadSetup(String),
    /// A binary square code outside the board.
    SquareOutOfRange {
        /// The code as stored.
        value: u32,
    },
    /// A move text that is not a legal move, as `xq_core` says: unknown
    /// notation, no such piece, ambiguous, or illegal with its reason.
    Move {
        /// The text as written.
        text: String,
        /// `xq_core`'s reason.
        error: ParseMoveError,
    },
    /// A stored binary move that is not legal.
    IllegalMove {
        /// The move.
        mv: Move,
        /// Why, as `xq_core` says.
        reason: IllegalMove,
    },
    /// A structure nested or repeated beyond the reader's bound.
    TooDeep {
        /// The bound.
        limit: usize,
    },
    /// A record that cannot be written in the requested format.
    Unwritable(String),
    /// A move that would take a FEN move counter past the largest the
    /// oracle keeps (`xq_core::setup::MAX_FULLMOVES`, `MAX_HALFMOVES`).
    CounterLimit {
        /// The move.
        mv: Move,
        /// The counter.
        counter: xq_core::Counter,
    },
    /// A library entry that is a section heading (an empty board with a
    /// title), not a game: listed, not a failure.
    Heading {
        /// The heading's title.
        title: String,
    },
}

impl RecordError {
    pub(crate) fn new(kind: ErrorKind) -> RecordError {
        RecordError {
            kind,
            format: None,
            game: None,
            at: Location::Nowhere,
            ply: None,
            in_variation: false,
            partial: None,
        }
    }

    /// The record as far as it could be read, if any of it could.
    #[must_use]
    pub fn partial(&self) -> Option<&Record> {
        self.partial.as_deref()
    }

    pub(crate) fn with_partial(mut self, record: Record) -> RecordError {
        self.partial = Some(Box::new(record));
        self
    }

    /// A file that cannot be opened or read, for callers that open files
    /// themselves (the error is about the file, not a game of it).
    #[must_use]
    pub fn io(e: &std::io::Error) -> RecordError {
        RecordError::new(ErrorKind::Io(e.to_string()))
    }

    pub(crate) fn at_byte(kind: ErrorKind, offset: usize) -> RecordError {
        RecordError {
            at: Location::Byte(offset as u64),
            ..RecordError::new(kind)
        }
    }

    pub(crate) fn at_text(kind: ErrorKind, line: usize, column: usize) -> RecordError {
        RecordError {
            at: Location::Text { line, column },
            ..RecordError::new(kind)
        }
    }

    pub(crate) fn with_ply(mut self, ply: usize, in_variation: bool) -> RecordError {
        self.ply = Some(ply);
        self.in_variation = in_variation;
        self
    }

    pub(crate) fn in_game(mut self, format: Format, game: usize) -> RecordError {
        self.format = Some(format);
        if self.game.is_none() {
            self.game = Some(game);
        }
        self
    }

    /// A short stable name of the kind, for JSON and tests.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self.kind {
            ErrorKind::Empty => "empty",
            ErrorKind::Io(_) => "io",
            ErrorKind::Undecodable { .. } => "undecodable",
            ErrorKind::BadMagic { .. } => "bad-magic",
            ErrorKind::Truncated { .. } => "truncated",
            ErrorKind::TooLarge { .. } => "too-large",
            ErrorKind::Syntax(_) => "syntax",
            ErrorKind::BadFen { .. } => "bad-fen",
            ErrorKind::BadSetup(_) => "bad-setup",
            ErrorKind::SquareOutOfRange { .. } => "square-out-of-range",
            ErrorKind::Move { ref error, .. } => match error {
                ParseMoveError::Syntax { .. } => "unknown-notation",
                ParseMoveError::NoSuchPiece { .. } => "no-such-piece",
                ParseMoveError::Ambiguous { .. } => "ambiguous-move",
                ParseMoveError::Illegal { .. } => "illegal-move",
            },
            ErrorKind::IllegalMove { .. } => "illegal-move",
            ErrorKind::TooDeep { .. } => "too-deep",
            ErrorKind::Unwritable(_) => "unwritable",
            ErrorKind::CounterLimit { .. } => "counter-limit",
            ErrorKind::Heading { .. } => "heading",
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Nowhere => Ok(()),
            Location::Text { line, column } => write!(f, "{line}:{column}"),
            Location::Byte(o) => write!(f, "byte {o} (0x{o:X})"),
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Empty => f.write_str("the file is empty"),
            ErrorKind::Io(e) => write!(f, "cannot read the file: {e}"),
            ErrorKind::Undecodable { encoding } => {
                write!(f, "the bytes are not valid {encoding} text")
            }
            ErrorKind::BadMagic { expected } => {
                write!(f, "not a record of this format: expected {expected}")
            }
            ErrorKind::Truncated { reading } => {
                write!(f, "the file ends in the middle of {reading}")
            }
            ErrorKind::TooLarge { limit } => {
                write!(f, "the game record is larger than {limit} bytes")
            }
            ErrorKind::Syntax(s) => f.write_str(s),
            ErrorKind::BadFen { fen, error } => write!(f, "bad FEN {fen:?}: {error}"),
            ErrorKind::BadSetup(s) => write!(f, "the set-up position is not legal: {s}"),
            ErrorKind::SquareOutOfRange { value } => {
                write!(f, "square code {value} is off the board")
            }
            ErrorKind::Move { error, .. } => error.fmt(f),
            ErrorKind::IllegalMove { mv, reason } => write!(f, "{mv} is not legal: {reason}"),
            ErrorKind::TooDeep { limit } => {
                write!(f, "variations nest deeper than {limit} levels")
            }
            ErrorKind::Unwritable(s) => write!(f, "cannot write the record: {s}"),
            ErrorKind::CounterLimit { mv, counter } => write!(
                f,
                "{mv} would take the {} past {}, the largest the oracle keeps",
                counter.name(),
                counter.range().1
            ),
            ErrorKind::Heading { title } => {
                write!(f, "a heading of the library ({title:?}), not a game")
            }
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(format) = self.format {
            parts.push(format.name().to_uppercase());
        }
        if let Some(g) = self.game {
            parts.push(format!("game {g}"));
        }
        parts.extend(place(self.at, self.ply, self.in_variation));
        if parts.is_empty() {
            write!(f, "{}", self.kind)
        } else {
            write!(f, "{}: {}", parts.join(", "), self.kind)
        }
    }
}

impl RecordError {}

impl std::error::Error for RecordError {}

/// Where in a file and at which ply, as the messages say it: `4:9`,
/// `ply 2 (in a variation)`.
pub(crate) fn place(at: Location, ply: Option<usize>, in_variation: bool) -> Vec<String> {
    let mut parts = Vec::new();
    if at != Location::Nowhere {
        parts.push(at.to_string());
    }
    if let Some(p) = ply {
        let line = if in_variation {
            " (in a variation)"
        } else {
            ""
        };
        parts.push(format!("ply {p}{line}"));
    }
    parts
}
