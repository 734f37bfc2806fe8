//! Why a record cannot be read, and where.

use std::fmt;

use xq_core::{FenError, IllegalMove, Move, ParseMoveError, PositionError, Square};

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
#[non_exhaustive]
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
    Syntax(SyntaxDetail),
    /// A FEN tag (or a set-up board) that is not a legal position.
    BadFen {
        /// The FEN as written.
        fen: String,
        /// Why, as `xq_core` says.
        error: FenError,
    },
    /// A set-up board that does not make a legal position.
    BadSetup(SetupDetail),
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

/// Which piece of a text record is not well formed, with what the reader
/// saw: typed, so that each language words it whole ([`ErrorKind::Syntax`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SyntaxDetail {
    /// A `{` comment that runs to the end of the game.
    UnclosedComment,
    /// A `[` tag that is not a name, a quoted value and `]`.
    MalformedTag(TagFault),
    /// A `$` not followed by a number from 0 to 255.
    BadNag,
    /// A `}` or `]` with nothing open.
    Stray {
        /// The character.
        c: char,
    },
    /// A tag after the moves began.
    TagInMoves {
        /// The tag's name.
        name: String,
    },
    /// A `(` where no move has been played that it could replace.
    VariationBeforeMove,
    /// Variations opened deeper than the reader's bound.
    NestTooDeep,
    /// A `)` with no variation open.
    CloseWithoutOpen,
    /// The game result while a variation is still open.
    ResultInVariation,
    /// A `(` that the game never closes.
    UnclosedVariation,
    /// A WXF text with no `START{` line.
    NoStart,
    /// After an unreadable game, no new game within the skip bound.
    NoNextGame {
        /// The bound, in bytes.
        limit: u64,
    },
    /// A page with no DhtmlXQ block.
    NoDhtmlXq,
    /// A DhtmlXQ move list whose digit count is not a multiple of four.
    MoveDigits {
        /// The digits past the last whole group.
        left_over: usize,
    },
    /// A DhtmlXQ `binit` that is not 64 digits.
    BinitDigits {
        /// The digits found.
        found: usize,
    },
    /// A DhtmlXQ branch that leaves a branch the record does not have.
    NoParentBranch {
        /// The branch.
        branch: usize,
        /// The branch it says it leaves.
        parent: usize,
    },
    /// A DhtmlXQ branch that leaves its parent at a move the parent does
    /// not have.
    NoParentMove {
        /// The branch.
        branch: usize,
        /// The branch it leaves.
        parent: usize,
        /// The move of the parent it replaces.
        at_move: usize,
    },
}

/// What is wrong inside a PGN tag ([`SyntaxDetail::MalformedTag`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TagFault {
    /// No name after `[`.
    NoName,
    /// No `"` after the name.
    NoQuote {
        /// The tag's name.
        name: String,
    },
    /// A value that the line (or the text) ends inside.
    UnclosedValue {
        /// The tag's name.
        name: String,
    },
    /// No `]` after the value.
    NoBracket {
        /// The tag's name.
        name: String,
    },
}

/// Why a set-up board is not a legal position ([`ErrorKind::BadSetup`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SetupDetail {
    /// Two pieces stored on one square.
    TwoPieces {
        /// The square.
        square: Square,
    },
    /// A stored piece code that names no piece.
    UnknownPieceCode {
        /// The code.
        code: u8,
    },
    /// A board that `xq_core` rejects as a position.
    Illegal(PositionError),
}

impl fmt::Display for SyntaxDetail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SyntaxDetail::UnclosedComment => f.write_str("a comment '{' is never closed by '}'"),
            SyntaxDetail::MalformedTag(fault) => write!(f, "malformed tag: {fault}"),
            SyntaxDetail::BadNag => f.write_str("a NAG is '$' and a number 0-255"),
            SyntaxDetail::Stray { c } => write!(f, "a stray {c:?} that closes nothing"),
            SyntaxDetail::TagInMoves { name } => write!(f, "tag {name} in the middle of the moves"),
            SyntaxDetail::VariationBeforeMove => {
                f.write_str("a variation '(' before any move it could replace")
            }
            SyntaxDetail::NestTooDeep => f.write_str("variations nest too deeply"),
            SyntaxDetail::CloseWithoutOpen => f.write_str("')' closes no variation"),
            SyntaxDetail::ResultInVariation => {
                f.write_str("the result comes before a variation is closed")
            }
            SyntaxDetail::UnclosedVariation => f.write_str("a variation '(' is never closed"),
            SyntaxDetail::NoStart => f.write_str("no START{ line before the moves"),
            SyntaxDetail::NoNextGame { limit } => write!(
                f,
                "no new game starts in the {limit} bytes after a game that could not be read: the rest of the input is not read"
            ),
            SyntaxDetail::NoDhtmlXq => f.write_str("no [DhtmlXQ] tags in the page"),
            SyntaxDetail::MoveDigits { left_over } => write!(
                f,
                "a move list is groups of four digits; {left_over} digits are left over"
            ),
            SyntaxDetail::BinitDigits { found } => {
                write!(f, "binit holds 64 digits (32 pieces), found {found}")
            }
            SyntaxDetail::NoParentBranch { branch, parent } => write!(
                f,
                "branch {branch} leaves branch {parent}, which does not exist"
            ),
            SyntaxDetail::NoParentMove {
                branch,
                parent,
                at_move,
            } => write!(
                f,
                "branch {branch} leaves branch {parent} at move {at_move}, which branch {parent} does not have"
            ),
        }
    }
}

impl fmt::Display for TagFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TagFault::NoName => f.write_str("expected a tag name after '['"),
            TagFault::NoQuote { name } => write!(f, "expected '\"' after the tag name {name}"),
            TagFault::UnclosedValue { name } => write!(f, "the value of {name} is never closed"),
            TagFault::NoBracket { name } => write!(f, "expected ']' after the value of {name}"),
        }
    }
}

impl fmt::Display for SetupDetail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupDetail::TwoPieces { square } => write!(f, "two pieces on {square}"),
            SetupDetail::UnknownPieceCode { code } => write!(f, "unknown piece code 0x{code:02X}"),
            SetupDetail::Illegal(e) => e.fmt(f),
        }
    }
}

#[cfg(any(test, feature = "samples"))]
impl ErrorKind {
    /// One detail of each kind (every [`SyntaxDetail`], every
    /// [`TagFault`], every [`SetupDetail`]), for tests that must word them
    /// all, such as each language's. The unit test of this module fails when
    /// a kind is missing.
    #[doc(hidden)]
    #[must_use]
    pub fn each_detail() -> Vec<ErrorKind> {
        let name = || "Red".to_string();
        let no_kings =
            xq_core::Position::from_setup(&xq_core::Setup::empty(), xq_core::Validation::Relaxed)
                .expect_err("an empty board has no kings");
        let syntax = [
            SyntaxDetail::UnclosedComment,
            SyntaxDetail::MalformedTag(TagFault::NoName),
            SyntaxDetail::MalformedTag(TagFault::NoQuote { name: name() }),
            SyntaxDetail::MalformedTag(TagFault::UnclosedValue { name: name() }),
            SyntaxDetail::MalformedTag(TagFault::NoBracket { name: name() }),
            SyntaxDetail::BadNag,
            SyntaxDetail::Stray { c: '}' },
            SyntaxDetail::TagInMoves { name: name() },
            SyntaxDetail::VariationBeforeMove,
            SyntaxDetail::NestTooDeep,
            SyntaxDetail::CloseWithoutOpen,
            SyntaxDetail::ResultInVariation,
            SyntaxDetail::UnclosedVariation,
            SyntaxDetail::NoStart,
            SyntaxDetail::NoNextGame { limit: 4096 },
            SyntaxDetail::NoDhtmlXq,
            SyntaxDetail::MoveDigits { left_over: 3 },
            SyntaxDetail::BinitDigits { found: 62 },
            SyntaxDetail::NoParentBranch {
                branch: 2,
                parent: 7,
            },
            SyntaxDetail::NoParentMove {
                branch: 2,
                parent: 1,
                at_move: 9,
            },
        ];
        let setup = [
            SetupDetail::TwoPieces {
                square: Square::new(4, 0).expect("on the board"),
            },
            SetupDetail::UnknownPieceCode { code: 0x3A },
            SetupDetail::Illegal(no_kings),
        ];
        syntax
            .into_iter()
            .map(ErrorKind::Syntax)
            .chain(setup.into_iter().map(ErrorKind::BadSetup))
            .collect()
    }
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
            ErrorKind::Move { ref error, .. } => error.code(),
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
            ErrorKind::Syntax(d) => d.fmt(f),
            ErrorKind::BadFen { fen, error } => write!(f, "bad FEN {fen:?}: {error}"),
            ErrorKind::BadSetup(d) => write!(f, "the set-up position is not legal: {d}"),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Which kind a detail is; a new kind does not compile here until it
    /// has a number, and then fails the test until `each_detail` lists it.
    fn ordinal(kind: &ErrorKind) -> usize {
        match kind {
            ErrorKind::Syntax(d) => match d {
                SyntaxDetail::UnclosedComment => 0,
                SyntaxDetail::MalformedTag(TagFault::NoName) => 1,
                SyntaxDetail::MalformedTag(TagFault::NoQuote { .. }) => 2,
                SyntaxDetail::MalformedTag(TagFault::UnclosedValue { .. }) => 3,
                SyntaxDetail::MalformedTag(TagFault::NoBracket { .. }) => 4,
                SyntaxDetail::BadNag => 5,
                SyntaxDetail::Stray { .. } => 6,
                SyntaxDetail::TagInMoves { .. } => 7,
                SyntaxDetail::VariationBeforeMove => 8,
                SyntaxDetail::NestTooDeep => 9,
                SyntaxDetail::CloseWithoutOpen => 10,
                SyntaxDetail::ResultInVariation => 11,
                SyntaxDetail::UnclosedVariation => 12,
                SyntaxDetail::NoStart => 13,
                SyntaxDetail::NoNextGame { .. } => 14,
                SyntaxDetail::NoDhtmlXq => 15,
                SyntaxDetail::MoveDigits { .. } => 16,
                SyntaxDetail::BinitDigits { .. } => 17,
                SyntaxDetail::NoParentBranch { .. } => 18,
                SyntaxDetail::NoParentMove { .. } => 19,
            },
            ErrorKind::BadSetup(d) => match d {
                SetupDetail::TwoPieces { .. } => 20,
                SetupDetail::UnknownPieceCode { .. } => 21,
                SetupDetail::Illegal(_) => 22,
            },
            other => panic!("not a detail kind: {other:?}"),
        }
    }
    const KINDS: usize = 23;

    #[test]
    fn each_detail_lists_every_kind_once() {
        let mut seen: Vec<usize> = ErrorKind::each_detail().iter().map(ordinal).collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..KINDS).collect::<Vec<_>>());
    }

    /// The English of each detail, byte for byte the text the readers
    /// built as strings before the details were typed (copied from those
    /// format strings, with the sample data filled in).
    #[test]
    fn the_english_of_each_detail_is_unchanged() {
        let expected = [
            "a comment '{' is never closed by '}'",
            "malformed tag: expected a tag name after '['",
            "malformed tag: expected '\"' after the tag name Red",
            "malformed tag: the value of Red is never closed",
            "malformed tag: expected ']' after the value of Red",
            "a NAG is '$' and a number 0-255",
            "a stray '}' that closes nothing",
            "tag Red in the middle of the moves",
            "a variation '(' before any move it could replace",
            "variations nest too deeply",
            "')' closes no variation",
            "the result comes before a variation is closed",
            "a variation '(' is never closed",
            "no START{ line before the moves",
            "no new game starts in the 4096 bytes after a game that could not be read: \
             the rest of the input is not read",
            "no [DhtmlXQ] tags in the page",
            "a move list is groups of four digits; 3 digits are left over",
            "binit holds 64 digits (32 pieces), found 62",
            "branch 2 leaves branch 7, which does not exist",
            "branch 2 leaves branch 1 at move 9, which branch 1 does not have",
            "the set-up position is not legal: two pieces on e0",
            "the set-up position is not legal: unknown piece code 0x3A",
            "the set-up position is not legal: illegal position: red has no king; black has no king",
        ];
        let kinds = ErrorKind::each_detail();
        assert_eq!(kinds.len(), expected.len());
        for (kind, want) in kinds.iter().zip(expected) {
            assert_eq!(kind.to_string(), want, "{kind:?}");
        }
    }
}
