//! Why a move text does not name a move: a typed reason, carried by
//! [`ParseMoveError`](super::ParseMoveError), with its English
//! (`Display`) and its Chinese ([`ReadDetail::zh`]) side by side, built from
//! the same fields (the squares, files and pieces), so that the two always
//! name the same place.

use std::fmt;

use super::Notation;
use crate::legality::IllegalMove;
use crate::types::{Move, Piece, Role, Square};

/// Which of several pieces of one kind standing on one file is meant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Marker {
    /// 前 / `+`: the one nearest the opponent.
    Front,
    /// 中 / `=`: the middle one of three.
    Middle,
    /// 后 / `-`: the one nearest the mover's own side.
    Rear,
    /// 一, 二, … / `1`, `2`, …: counted from the front, starting at 1.
    Ordinal(u8),
}

/// Which end of an ICCS move is off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The from-square (起点).
    From,
    /// The to-square (终点).
    To,
}

/// What the reader can suggest when a text fits several pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Nothing to suggest (no piece could make the move the text describes).
    None,
    /// The legal moves the pieces would make, each as the text to write in
    /// the caller's notation and the move it names.
    Write(Vec<(String, Move)>),
    /// None of them is legal: what stops each.
    Refused(Vec<(Move, IllegalMove)>),
}

/// Why a move text names no move: each reason with the squares, files and
/// pieces it is about. Files are counted from the mover's own right, 1–9.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadDetail {
    /// The text is far longer than any move (it is not read at all).
    TooLong {
        /// Its length in bytes.
        bytes: usize,
    },
    /// The text does not have the shape of a move in the notation.
    Shape {
        /// The notation it was read as.
        notation: Notation,
    },
    /// A character that has no place in the notation.
    UnexpectedChar {
        /// The notation it was read as.
        notation: Notation,
        /// The character.
        ch: char,
    },
    /// The action (进 退 平, or WXF's `+ - =`) is missing.
    MissingAction {
        /// The notation it was read as.
        notation: Notation,
    },
    /// The move does not end in a number 1–9.
    BadNumber {
        /// The notation it was read as.
        notation: Notation,
    },
    /// The file of the piece is not 1–9.
    BadFile {
        /// The notation it was read as.
        notation: Notation,
    },
    /// An ICCS square off the board.
    OffBoard {
        /// Which end of the move.
        end: End,
    },
    /// Neither the piece's file nor a marker is given.
    MissingFile,
    /// The number of the move is not 1–9.
    NumberOutOfRange {
        /// The number.
        number: u8,
    },
    /// An advisor, elephant or horse written as moving sideways (平).
    NoSideways {
        /// The piece.
        piece: Piece,
    },
    /// A straight mover sent off the board.
    LeavesBoard {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        from: Square,
    },
    /// A diagonal mover sent to a file its movement never reaches.
    CannotReachFile {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        from: Square,
        /// The file the text names.
        file: u8,
    },
    /// The mover has no piece of the kind on the file.
    NoneOnFile {
        /// The piece looked for.
        piece: Piece,
        /// The file.
        file: u8,
    },
    /// The file holds too few pieces of the kind for the marker.
    NoneWithMarker {
        /// The piece looked for.
        piece: Piece,
        /// The file.
        file: u8,
        /// How many of them stand there.
        count: usize,
        /// The marker the text gives.
        marker: Marker,
    },
    /// No file holds enough pieces of the kind for the marker.
    NoFileWithMarker {
        /// The piece looked for.
        piece: Piece,
        /// The marker the text gives.
        marker: Marker,
    },
    /// Several pieces of the kind stand on the file and no marker says
    /// which.
    SeveralOnFile {
        /// The kind.
        piece: Piece,
        /// The file.
        file: u8,
        /// How many stand there.
        count: usize,
        /// What to write instead (boxed: it is rare, and keeps the error
        /// small).
        hint: Box<Hint>,
    },
    /// The marker fits a piece on each of several files and no file is
    /// given.
    SeveralFiles {
        /// The kind.
        piece: Piece,
        /// The files, in the order found.
        files: Vec<u8>,
        /// What to write instead (boxed: it is rare, and keeps the error
        /// small).
        hint: Box<Hint>,
    },
}

fn shape_en(n: Notation) -> &'static str {
    match n {
        Notation::Iccs => "ICCS moves look like h2e2",
        Notation::Wxf => {
            "WXF moves look like C2=5, H8+7, R+=4 or +7+1: a piece letter \
             (K A E H R C P) and its file 1-9, or a front/rear marker; then +, - or =; then a number 1-9"
        }
        Notation::Chinese => {
            "Chinese moves look like 炮二平五, 马８进７, 前车进一 or 前七进一: \
             a piece and its file (or 前/中/后 and the piece), then 进, 退 or 平, then a number"
        }
    }
}

fn marker_en(marker: Marker) -> String {
    match marker {
        Marker::Front => "front (前, +)".into(),
        Marker::Middle => "middle (中, =)".into(),
        Marker::Rear => "rear (后, -)".into(),
        Marker::Ordinal(k) => format!("number {k} from the front"),
    }
}

fn plural(role: Role) -> String {
    format!("{}s", role.name())
}

fn how_many_en(n: usize, role: Role) -> String {
    match n {
        0 => format!("no {}", role.name()),
        1 => format!("only one {}", role.name()),
        _ => format!("{n} {}", plural(role)),
    }
}

fn join(files: &[u8], sep: &str) -> String {
    files
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

impl Hint {
    /// The hint in English, with its leading punctuation (empty for none).
    fn en(&self) -> String {
        match self {
            Hint::None => String::new(),
            Hint::Write(moves) => {
                let texts: Vec<String> = moves.iter().map(|(t, m)| format!("{t} ({m})")).collect();
                format!(": write {}", texts.join(" or "))
            }
            Hint::Refused(moves) => {
                let why: Vec<String> = moves.iter().map(|(m, e)| format!("{m}: {e}")).collect();
                format!("; none of them can make it ({})", why.join("; "))
            }
        }
    }
}

impl fmt::Display for ReadDetail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadDetail::TooLong { bytes } => {
                write!(f, "a move is a few characters; this text has {bytes} bytes")
            }
            ReadDetail::Shape { notation } => f.write_str(shape_en(*notation)),
            ReadDetail::UnexpectedChar { notation, ch } => {
                write!(f, "unexpected character {ch:?}; {}", shape_en(*notation))
            }
            ReadDetail::MissingAction { notation } => match notation {
                Notation::Chinese => write!(
                    f,
                    "the action (进, 退 or 平) is missing; {}",
                    shape_en(*notation)
                ),
                _ => write!(
                    f,
                    "the operator (+, - or =) is missing; {}",
                    shape_en(*notation)
                ),
            },
            ReadDetail::BadNumber { notation } => match notation {
                Notation::Chinese => write!(
                    f,
                    "the move must end in a number 1-9 (一…九, １…９); {}",
                    shape_en(*notation)
                ),
                _ => write!(
                    f,
                    "the move must end in a number 1-9; {}",
                    shape_en(*notation)
                ),
            },
            ReadDetail::BadFile { notation } => match notation {
                Notation::Chinese => write!(
                    f,
                    "files are numbered 1-9 (一…九, １…９); {}",
                    shape_en(*notation)
                ),
                _ => write!(f, "files are numbered 1-9; {}", shape_en(*notation)),
            },
            ReadDetail::OffBoard { end } => write!(
                f,
                "the {}-square is off the board (files a-i, ranks 0-9)",
                match end {
                    End::From => "from",
                    End::To => "to",
                }
            ),
            ReadDetail::MissingFile => f.write_str("the piece's file is missing"),
            ReadDetail::NumberOutOfRange { number } => {
                write!(f, "the number {number} is not 1-9")
            }
            ReadDetail::NoSideways { piece } => write!(
                f,
                "a {} never moves sideways; give forward or backward and the file it arrives on",
                piece.role.name()
            ),
            ReadDetail::LeavesBoard { piece, from } => write!(
                f,
                "the {} on {from} would leave the board",
                piece.role.name()
            ),
            ReadDetail::CannotReachFile { piece, from, file } => {
                let reach = match piece.role {
                    Role::Advisor => "a neighbouring file",
                    Role::Elephant => "the file two away",
                    _ => "a file one or two away",
                };
                write!(
                    f,
                    "the {} on {from} cannot reach file {file} that way: it moves to {reach}",
                    piece.role.name()
                )
            }
            ReadDetail::NoneOnFile { piece, file } => write!(
                f,
                "{} has no {} on file {file}",
                piece.color,
                piece.role.name()
            ),
            ReadDetail::NoneWithMarker {
                piece,
                file,
                count,
                marker,
            } => write!(
                f,
                "{} has {} on file {file}, so none is the {} one",
                piece.color,
                how_many_en(*count, piece.role),
                marker_en(*marker)
            ),
            ReadDetail::NoFileWithMarker { piece, marker } => {
                let needed = match marker {
                    Marker::Front | Marker::Rear => "two or more".to_string(),
                    Marker::Middle => "exactly three".to_string(),
                    Marker::Ordinal(k) => format!("{} or more", (*k).max(2)),
                };
                write!(
                    f,
                    "{} has no file with {needed} {}, so none is the {} one",
                    piece.color,
                    plural(piece.role),
                    marker_en(*marker)
                )
            }
            ReadDetail::SeveralOnFile {
                piece,
                file,
                count,
                hint,
            } => write!(
                f,
                "{} has {count} {} on file {file}; the front/rear marker must say which{}",
                piece.color,
                plural(piece.role),
                hint.en()
            ),
            ReadDetail::SeveralFiles { piece, files, hint } => write!(
                f,
                "{} has several {} on each of files {}; the file must be given{}",
                piece.color,
                plural(piece.role),
                join(files, ", "),
                hint.en()
            ),
        }
    }
}

#[cfg(any(test, feature = "samples"))]
impl ReadDetail {
    /// One of each reason, in every notation where it names one, for tests
    /// that must word them all (this module's, and each language's in
    /// xq-render). The unit test below fails when a reason has no sample.
    #[doc(hidden)]
    #[must_use]
    pub fn samples() -> Vec<ReadDetail> {
        let rook = Piece::new(crate::types::Color::Black, Role::Rook);
        let sq = Square::from_iccs("h2").expect("square");
        let mv = Move::new(sq, Square::from_iccs("h5").expect("square"));
        let mut v = vec![
            ReadDetail::TooLong { bytes: 99 },
            ReadDetail::OffBoard { end: End::From },
            ReadDetail::OffBoard { end: End::To },
            ReadDetail::MissingFile,
            ReadDetail::NumberOutOfRange { number: 0 },
            ReadDetail::NoSideways { piece: rook },
            ReadDetail::LeavesBoard {
                piece: rook,
                from: sq,
            },
            ReadDetail::CannotReachFile {
                piece: rook,
                from: sq,
                file: 4,
            },
            ReadDetail::NoneOnFile {
                piece: rook,
                file: 4,
            },
            ReadDetail::NoFileWithMarker {
                piece: rook,
                marker: Marker::Middle,
            },
        ];
        for n in Notation::ALL {
            v.push(ReadDetail::Shape { notation: n });
            v.push(ReadDetail::UnexpectedChar {
                notation: n,
                ch: '*',
            });
            v.push(ReadDetail::MissingAction { notation: n });
            v.push(ReadDetail::BadNumber { notation: n });
            v.push(ReadDetail::BadFile { notation: n });
        }
        for marker in [
            Marker::Front,
            Marker::Middle,
            Marker::Rear,
            Marker::Ordinal(3),
        ] {
            v.push(ReadDetail::NoneWithMarker {
                piece: rook,
                file: 4,
                count: 1,
                marker,
            });
        }
        for hint in [
            Hint::None,
            Hint::Write(vec![("前车进三".into(), mv)]),
            Hint::Refused(vec![(mv, IllegalMove::PathBlocked { at: sq })]),
        ] {
            v.push(ReadDetail::SeveralOnFile {
                piece: rook,
                file: 4,
                count: 2,
                hint: Box::new(hint.clone()),
            });
            v.push(ReadDetail::SeveralFiles {
                piece: rook,
                files: vec![3, 7],
                hint: Box::new(hint),
            });
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(d: &ReadDetail) -> usize {
        match d {
            ReadDetail::TooLong { .. } => 0,
            ReadDetail::Shape { .. } => 1,
            ReadDetail::UnexpectedChar { .. } => 2,
            ReadDetail::MissingAction { .. } => 3,
            ReadDetail::BadNumber { .. } => 4,
            ReadDetail::BadFile { .. } => 5,
            ReadDetail::OffBoard { .. } => 6,
            ReadDetail::MissingFile => 7,
            ReadDetail::NumberOutOfRange { .. } => 8,
            ReadDetail::NoSideways { .. } => 9,
            ReadDetail::LeavesBoard { .. } => 10,
            ReadDetail::CannotReachFile { .. } => 11,
            ReadDetail::NoneOnFile { .. } => 12,
            ReadDetail::NoneWithMarker { .. } => 13,
            ReadDetail::NoFileWithMarker { .. } => 14,
            ReadDetail::SeveralOnFile { .. } => 15,
            ReadDetail::SeveralFiles { .. } => 16,
        }
    }

    // The Chinese of each reason is xq-render's (its tests/speak.rs holds
    // these samples to the Chinese).
    #[test]
    fn every_reason_in_english() {
        let samples = ReadDetail::samples();
        let covered: std::collections::BTreeSet<usize> = samples.iter().map(index).collect();
        assert_eq!(covered.len(), 17, "a reason has no sample");
        for d in &samples {
            assert!(!d.to_string().is_empty(), "{d:?}");
        }
    }
}
