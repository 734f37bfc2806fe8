//! Move notation: ICCS coordinates (canonical), WXF, and Chinese.
//!
//! Parsing is always against a position, because WXF and Chinese notation
//! name a piece by its kind and file and need the board to find it.
//! [`parse_move`] detects the notation by itself.

mod chinese;
mod common;
mod detail;
mod iccs;
mod wxf;

use std::fmt;
use std::str::FromStr;

use crate::excerpt::{self, Limit};
use crate::legality::IllegalMove;
use crate::position::Position;
use crate::types::Move;

pub use detail::{End, Hint, Marker, ReadDetail};

/// A move notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// `h2e2`: from and to in ICCS coordinates.
    Iccs,
    /// `C2=5`: the World Xiangqi Federation's notation.
    Wxf,
    /// `炮二平五`: the Chinese notation.
    Chinese,
}

impl Notation {
    /// Every notation, ICCS first.
    pub const ALL: [Notation; 3] = [Notation::Iccs, Notation::Wxf, Notation::Chinese];

    /// The name in JSON and on the command line: `iccs`, `wxf` or
    /// `chinese` (the protocol's `to` values).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "iccs",
            Notation::Wxf => "wxf",
            Notation::Chinese => "chinese",
        }
    }
}

impl FromStr for Notation {
    type Err = String;
    fn from_str(s: &str) -> Result<Notation, String> {
        match s.to_ascii_lowercase().as_str() {
            "iccs" => Ok(Notation::Iccs),
            "wxf" => Ok(Notation::Wxf),
            "chinese" | "zh" | "cn" => Ok(Notation::Chinese),
            _ => Err(format!(
                "unknown notation {s:?} (expected iccs, wxf or chinese)"
            )),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Notation {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Notation {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Notation, D::Error> {
        let s = <String as serde::Deserialize>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A move text that does not name a legal move of the position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// The text is not a move in any of the notations.
    Syntax {
        /// The move text, trimmed of white space.
        text: String,
        /// What is wrong with it.
        detail: ReadDetail,
    },
    /// The notation is well formed but names no piece of the mover.
    NoSuchPiece {
        /// The move text, trimmed of white space.
        text: String,
        /// Which piece was looked for.
        detail: ReadDetail,
    },
    /// Several of the mover's pieces fit the text.
    Ambiguous {
        /// The move text, trimmed of white space.
        text: String,
        /// Which pieces fit, and what to write instead.
        detail: ReadDetail,
    },
    /// The text names a definite move, and the move breaks a rule.
    Illegal {
        /// The move text, trimmed of white space.
        text: String,
        /// The move the text names.
        mv: Move,
        /// The rule it breaks.
        reason: IllegalMove,
    },
}

impl ParseMoveError {
    /// The move text the error is about.
    #[must_use]
    pub fn text(&self) -> &str {
        match self {
            ParseMoveError::Syntax { text, .. }
            | ParseMoveError::NoSuchPiece { text, .. }
            | ParseMoveError::Ambiguous { text, .. }
            | ParseMoveError::Illegal { text, .. } => text,
        }
    }

    /// The stable machine-readable name of what is wrong, as records and
    /// the CLI's JSON report it.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            ParseMoveError::Syntax { .. } => "unknown-notation",
            ParseMoveError::NoSuchPiece { .. } => "no-such-piece",
            ParseMoveError::Ambiguous { .. } => "ambiguous-move",
            ParseMoveError::Illegal { .. } => "illegal-move",
        }
    }
}

/// Longer texts are refused before they are read: no notation's move is
/// anywhere near this long, even with stray spaces.
const MAX_MOVE_BYTES: usize = 64;

/// The move text as an error quotes it: whole when short, otherwise its
/// first characters, `…` and the length ([`Limit::MOVE_TEXT`]); in
/// quotes and escaped when `escaped` (a text that may not be a move at all).
fn quote(text: &str, escaped: bool) -> String {
    let show = if escaped {
        excerpt::escaped
    } else {
        excerpt::raw
    };
    excerpt::quote(text, Limit::MOVE_TEXT, show, excerpt::characters)
}

impl ParseMoveError {}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::Syntax { text, detail } => {
                write!(
                    f,
                    "{} is not a move in ICCS, WXF or Chinese notation: {detail}",
                    quote(text, true)
                )
            }
            ParseMoveError::NoSuchPiece { text, detail } => {
                write!(f, "{} names no piece: {detail}", quote(text, false))
            }
            ParseMoveError::Ambiguous { text, detail } => {
                write!(f, "{} is ambiguous: {detail}", quote(text, false))
            }
            ParseMoveError::Illegal { text, mv, reason } => {
                if text == &mv.to_string() {
                    write!(f, "{text} is not legal: {reason}")
                } else {
                    write!(f, "{} ({mv}) is not legal: {reason}", quote(text, false))
                }
            }
        }
    }
}

impl std::error::Error for ParseMoveError {}

/// Guesses the notation of a move text from its characters alone.
pub fn detect(text: &str) -> Notation {
    let t = text.trim();
    if !t.is_ascii() {
        // Full-width forms of ASCII (`Ｃ２＝５`) are WXF; anything else is Chinese.
        if t.chars()
            .map(common::fullwidth_to_ascii)
            .all(|c| c.is_ascii())
        {
            Notation::Wxf
        } else {
            Notation::Chinese
        }
    } else if iccs::looks_like(t) {
        Notation::Iccs
    } else {
        Notation::Wxf
    }
}

/// How strictly a move text is read when it leaves out the marker that
/// says which of several pieces on one file moves (spec/NOTATION.md,
/// "Reading by legality").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Reading {
    /// As the notation is written: the unmarked form is read only for
    /// advisors and elephants whose shape of movement settles it. What the
    /// suite's `convert` and `is-legal` questions and [`parse_move`] use.
    Strict,
    /// As a careful arbiter reads a scoresheet: an unmarked move is read
    /// when exactly one of the pieces it could name can legally make it
    /// (pins and check count). What record readers use by default.
    #[default]
    ByLegality,
}

/// How a move text was read, when the text alone did not say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ReadNote {
    /// The text left out its 前/后 (or 中, 二, 三 …) marker, and only one
    /// of the `pieces` it could name can legally make the move.
    ByLegality {
        /// How many of the mover's pieces the text could name.
        pieces: u8,
    },
}

impl ReadNote {
    /// A short stable name, for JSON: `read-by-legality`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            ReadNote::ByLegality { .. } => "read-by-legality",
        }
    }
}

impl fmt::Display for ReadNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadNote::ByLegality { pieces } => write!(
                f,
                "read by legality: the marker is left out, and only one of the {pieces} pieces it could name can legally make the move"
            ),
        }
    }
}

impl ReadNote {}

/// A move read from a text, and how it was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadMove {
    /// The legal move.
    pub mv: Move,
    /// `Some` when the text alone did not name the move.
    pub note: Option<ReadNote>,
}

/// Parses a move in any of the three notations and checks that it is legal
/// (strictly: see [`Reading::Strict`]).
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, ParseMoveError> {
    parse_move_as(pos, text, detect(text))
}

/// Parses a move in the given notation and checks that it is legal
/// (strictly: see [`Reading::Strict`]).
pub fn parse_move_as(
    pos: &Position,
    text: &str,
    notation: Notation,
) -> Result<Move, ParseMoveError> {
    read_move(pos, text, Some(notation), Reading::Strict).map(|r| r.mv)
}

/// Reads a move in the given notation (detected from the text if `None`)
/// the way `reading` says, and checks that it is legal.
pub fn read_move(
    pos: &Position,
    text: &str,
    notation: Option<Notation>,
    reading: Reading,
) -> Result<ReadMove, ParseMoveError> {
    let text = text.trim();
    if text.len() > MAX_MOVE_BYTES {
        return Err(ParseMoveError::Syntax {
            text: text.to_string(),
            detail: ReadDetail::TooLong { bytes: text.len() },
        });
    }
    let (mv, note) = match notation.unwrap_or_else(|| detect(text)) {
        Notation::Iccs => (iccs::parse(text)?, None),
        Notation::Wxf => wxf::parse(pos, text, reading)?,
        Notation::Chinese => chinese::parse(pos, text, reading)?,
    };
    pos.check_move(mv)
        .map_err(|reason| ParseMoveError::Illegal {
            text: text.to_string(),
            mv,
            reason,
        })?;
    Ok(ReadMove { mv, note })
}

/// Writes a legal move in the given notation.
#[must_use]
pub fn format_move(pos: &Position, mv: Move, notation: Notation) -> String {
    match notation {
        Notation::Iccs => mv.to_string(),
        Notation::Wxf => wxf::format(pos, mv),
        Notation::Chinese => chinese::format(pos, mv),
    }
}
