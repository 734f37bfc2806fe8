//! What the reader accepted although the record was not exactly as its
//! format wants it: each such point is a typed [`Warning`] on the record,
//! never silent.

use std::fmt;

use xq_core::{IllegalMove, Move};

use crate::encoding::TextEncoding;
use crate::error::{place, Location, RecordError};

/// One point of a record that was read with tolerance, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// What was tolerated.
    pub kind: WarningKind,
    /// Where in the file.
    pub at: Location,
    /// The ply (from 1, along its line), for a point about a move.
    pub ply: Option<usize>,
    /// Whether the ply is in a variation rather than the main line.
    pub in_variation: bool,
}

/// What was tolerated.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum WarningKind {
    /// A move written without its 前/后 (中, 二 …) marker, read because only
    /// one of the pieces it could name can legally make it.
    ReadByLegality {
        /// The text as written.
        text: String,
        /// The move it was read as.
        mv: Move,
        /// How many pieces the text could name.
        pieces: u8,
    },
    /// A tag value with unescaped quotes inside it
    /// (`[Event "第五屆"銀荔杯"全國冠軍賽"]`), read up to the last quote
    /// before `]`.
    QuotedTagValue {
        /// The tag's name.
        tag: String,
    },
    /// Bytes of a text field that are not valid in the encoding, each read
    /// as U+FFFD.
    BadBytes {
        /// The field (`comment`, `title` …).
        field: &'static str,
        /// The file offset of the first bad byte.
        offset: u64,
        /// The encoding the field was decoded with.
        encoding: TextEncoding,
    },
    /// A variation that could not be read, left out; the rest of the tree
    /// is kept.
    VariationDropped {
        /// Why it could not be read (with its ply).
        error: Box<RecordError>,
        /// How many of its moves had been read before the error.
        moves: usize,
    },
    /// A stored move at the end of the main line that names no move (no
    /// piece on its square, a square off the board), left out.
    JunkMoveDropped {
        /// Why it is not a move.
        error: Box<RecordError>,
    },
    /// The record ends with an illegal move: it is kept apart
    /// ([`crate::Record::illegal_final`]) for the ruling on it.
    IllegalFinalMove {
        /// The text as written (ICCS for binary formats).
        text: String,
        /// The move.
        mv: Move,
        /// The rule it breaks.
        reason: IllegalMove,
    },
    /// A game decoded in another encoding than the rest of its file
    /// (a Big5 game in a GBK file).
    MixedEncoding {
        /// The file's encoding.
        file: TextEncoding,
        /// The game's.
        game: TextEncoding,
    },
    /// A comment a DhtmlXQ page gives to a ply past the end of its branch,
    /// kept on the branch's last move.
    CommentPastBranchEnd {
        /// The ply the page names.
        named: usize,
    },
}

impl Warning {
    pub(crate) fn new(kind: WarningKind, at: Location) -> Warning {
        Warning {
            kind,
            at,
            ply: None,
            in_variation: false,
        }
    }

    pub(crate) fn with_ply(mut self, ply: usize, in_variation: bool) -> Warning {
        self.ply = Some(ply);
        self.in_variation = in_variation;
        self
    }

    /// A short stable name of the kind, for JSON and the bulk summary.
    #[must_use]
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }
}

impl WarningKind {
    /// Every code [`WarningKind::code`] gives, in a fixed order (the bulk
    /// summary lists its counts in it).
    pub const CODES: [&'static str; 8] = [
        "read-by-legality",
        "quoted-tag-value",
        "bad-bytes",
        "variation-dropped",
        "junk-move-dropped",
        "illegal-final-move",
        "mixed-encoding",
        "comment-past-branch-end",
    ];

    /// The place of [`WarningKind::code`] in [`WarningKind::CODES`], for
    /// counting by kind.
    #[must_use]
    pub fn index(&self) -> usize {
        let code = self.code();
        Self::CODES
            .iter()
            .position(|&c| c == code)
            .expect("every code is listed")
    }

    /// A short stable name, for JSON and the bulk summary.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            WarningKind::ReadByLegality { .. } => "read-by-legality",
            WarningKind::QuotedTagValue { .. } => "quoted-tag-value",
            WarningKind::BadBytes { .. } => "bad-bytes",
            WarningKind::VariationDropped { .. } => "variation-dropped",
            WarningKind::JunkMoveDropped { .. } => "junk-move-dropped",
            WarningKind::IllegalFinalMove { .. } => "illegal-final-move",
            WarningKind::MixedEncoding { .. } => "mixed-encoding",
            WarningKind::CommentPastBranchEnd { .. } => "comment-past-branch-end",
        }
    }
}

impl fmt::Display for WarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WarningKind::ReadByLegality { text, mv, pieces } => write!(
                f,
                "{text} leaves out its 前/后 marker; only one of the {pieces} pieces it could name can legally make it: read by legality as {mv}"
            ),
            WarningKind::QuotedTagValue { tag } => write!(
                f,
                "the value of tag {tag} has unescaped quotes inside it; read up to the last quote before ']'"
            ),
            WarningKind::BadBytes {
                field,
                offset,
                encoding,
            } => write!(
                f,
                "the {field} has bytes that are not {encoding} (the first at byte {offset}, 0x{offset:X}); each read as U+FFFD"
            ),
            WarningKind::VariationDropped { error, moves } => write!(
                f,
                "a variation is left out after {moves} move(s) read: {error}"
            ),
            WarningKind::JunkMoveDropped { error } => {
                write!(f, "the main line's last entry is not a move, left out: {error}")
            }
            WarningKind::IllegalFinalMove { text, mv, reason } => {
                if text == &mv.to_string() {
                    write!(f, "the record ends with an illegal move {mv}: {reason}")
                } else {
                    write!(f, "the record ends with an illegal move {text} ({mv}): {reason}")
                }
            }
            WarningKind::MixedEncoding { file, game } => write!(
                f,
                "this game is {game}, the rest of the file {file}: decoded as {game}"
            ),
            WarningKind::CommentPastBranchEnd { named } => write!(
                f,
                "a comment names ply {named}, past the end of its branch; kept on the branch's last move"
            ),
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts = place(self.at, self.ply, self.in_variation);
        if parts.is_empty() {
            write!(f, "{}", self.kind)
        } else {
            write!(f, "{}: {}", parts.join(", "), self.kind)
        }
    }
}

impl Warning {}

/// A record's final illegal move, kept apart from its main line so that
/// the ruling on it (a loss where the edition says so) can be given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalFinal {
    /// The text as written (ICCS for binary formats).
    pub text: String,
    /// Its ply, counting from 1 (one past the main line's last move).
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// The rule it breaks.
    pub reason: IllegalMove,
    /// The comment written after it, if any.
    pub comment: Option<String>,
}

#[cfg(any(test, feature = "samples"))]
impl WarningKind {
    /// One warning of each kind, for tests that must word them all (this
    /// module's, and each language's in xq-render).
    #[doc(hidden)]
    #[must_use]
    pub fn samples() -> Vec<WarningKind> {
        use crate::error::ErrorKind;
        let mv = Move::new(
            xq_core::Square::from_index(0),
            xq_core::Square::from_index(1),
        );
        let error = || Box::new(RecordError::new(ErrorKind::Empty));
        vec![
            WarningKind::ReadByLegality {
                text: "车二进一".into(),
                mv,
                pieces: 2,
            },
            WarningKind::QuotedTagValue {
                tag: "Event".into(),
            },
            WarningKind::BadBytes {
                field: "comment",
                offset: 7,
                encoding: TextEncoding::Gb18030,
            },
            WarningKind::VariationDropped {
                error: error(),
                moves: 0,
            },
            WarningKind::JunkMoveDropped { error: error() },
            WarningKind::IllegalFinalMove {
                text: "a0a1".into(),
                mv,
                reason: IllegalMove::KingsFacing,
            },
            WarningKind::MixedEncoding {
                file: TextEncoding::Gb18030,
                game: TextEncoding::Big5,
            },
            WarningKind::CommentPastBranchEnd { named: 9 },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `CODES` lists every kind once, in the order of the variants.
    #[test]
    fn every_kind_has_its_code_listed() {
        let kinds = WarningKind::samples();
        assert_eq!(kinds.len(), WarningKind::CODES.len());
        for (i, k) in kinds.iter().enumerate() {
            assert_eq!(k.index(), i, "{}", k.code());
            assert!(!k.to_string().is_empty());
        }
    }
}
