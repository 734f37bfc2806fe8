//! WXF notation (World Xiangqi Federation): `C2=5`, `H8+7`, `R+=4`, `+7+1`.
//!
//! A move is a designator (which piece), an operator (`+` forward, `-`
//! backward, `=` or `.` sideways) and a number (ranks moved, or the file
//! arrived on). The designator is a piece letter and its file; when several
//! pieces of the kind share the file it names the piece by its place on the
//! file instead. Files are counted from the mover's own right. The full
//! conventions are in `spec/NOTATION.md`.

use super::common::{self, Action, MoveSpec};
use super::{Marker, Notation, ParseMoveError, ReadDetail, ReadNote, Reading};
use crate::position::Position;
use crate::types::{Move, Role};

const NOTATION: Notation = Notation::Wxf;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Piece(Role),
    Num(u8),
    Sym(char),
}

fn letter(role: Role) -> char {
    match role {
        Role::King => 'K',
        Role::Advisor => 'A',
        Role::Elephant => 'E',
        Role::Horse => 'H',
        Role::Rook => 'R',
        Role::Cannon => 'C',
        Role::Pawn => 'P',
    }
}

fn role_of_letter(c: char) -> Option<Role> {
    Some(match c.to_ascii_uppercase() {
        'K' => Role::King,
        'A' | 'G' => Role::Advisor,
        'E' | 'B' | 'M' => Role::Elephant,
        'H' | 'N' => Role::Horse,
        'R' => Role::Rook,
        'C' => Role::Cannon,
        'P' => Role::Pawn,
        _ => return None,
    })
}

fn digit(n: u8) -> char {
    char::from(b'0' + n % 10)
}

fn tokenize(text: &str) -> Result<Vec<Tok>, ReadDetail> {
    let mut toks = Vec::new();
    for c in text.chars().map(common::fullwidth_to_ascii) {
        if c.is_whitespace() {
            continue;
        }
        let tok = if let Some(d) = c.to_digit(10) {
            Tok::Num(d as u8)
        } else if let Some(r) = role_of_letter(c) {
            Tok::Piece(r)
        } else if matches!(c, '+' | '-' | '=' | '.') {
            Tok::Sym(c)
        } else {
            return Err(ReadDetail::UnexpectedChar {
                notation: NOTATION,
                ch: c,
            });
        };
        toks.push(tok);
    }
    Ok(toks)
}

/// A marker in the designator: `+` front, `-` rear, `=`/`.` middle of
/// three, a digit an ordinal from the front (`0` for the tenth).
fn marker(tok: Tok) -> Option<Marker> {
    match tok {
        Tok::Sym('+') => Some(Marker::Front),
        Tok::Sym('-') => Some(Marker::Rear),
        Tok::Sym('=' | '.') => Some(Marker::Middle),
        Tok::Num(0) => Some(Marker::Ordinal(10)),
        Tok::Num(k) => Some(Marker::Ordinal(k)),
        _ => None,
    }
}

fn file(tok: Tok) -> Option<u8> {
    match tok {
        Tok::Num(n @ 1..=9) => Some(n),
        _ => None,
    }
}

/// Reads the text into a [`MoveSpec`] without looking at the board.
fn read(text: &str) -> Result<MoveSpec, ReadDetail> {
    let toks = tokenize(text)?;
    if toks.len() < 4 || toks.len() > 5 {
        return Err(ReadDetail::Shape { notation: NOTATION });
    }
    let (designator, tail) = toks.split_at(toks.len() - 2);
    let action = match tail[0] {
        Tok::Sym('+') => Action::Forward,
        Tok::Sym('-') => Action::Backward,
        Tok::Sym('=' | '.') => Action::Sideways,
        _ => return Err(ReadDetail::MissingAction { notation: NOTATION }),
    };
    let Tok::Num(number @ 1..=9) = tail[1] else {
        return Err(ReadDetail::BadNumber { notation: NOTATION });
    };
    let spec = |role, marker, file| MoveSpec {
        role,
        marker,
        file,
        action,
        number,
        middle_if_three: false,
    };
    let bad_file = || ReadDetail::BadFile { notation: NOTATION };
    match *designator {
        // R2: the piece and its file; P5 is also the official name of the
        // middle one of three pawns on file 5.
        [Tok::Piece(role), Tok::Num(n)] => {
            let f = file(Tok::Num(n)).ok_or_else(bad_file)?;
            Ok(MoveSpec {
                middle_if_three: role == Role::Pawn,
                ..spec(role, None, Some(f))
            })
        }
        // R+, +R (and 2P): a marker instead of the file.
        [Tok::Piece(role), m @ Tok::Sym(_)]
        | [m @ (Tok::Sym(_) | Tok::Num(_)), Tok::Piece(role)] => Ok(spec(role, marker(m), None)),
        // 7+, 7- (official): a pawn's file, then front or rear.
        [Tok::Num(f @ 1..=9), m @ Tok::Sym(_)] => Ok(spec(Role::Pawn, marker(m), Some(f))),
        // 55 (official): the middle of three pawns on file 5; otherwise,
        // and for any two different digits (27), an ordinal and the file.
        [m @ Tok::Num(k), f] => {
            let f = file(f).ok_or_else(bad_file)?;
            Ok(MoveSpec {
                middle_if_three: k == f,
                ..spec(Role::Pawn, marker(m), Some(f))
            })
        }
        // +7: the pawn named by a marker and its file.
        [m @ Tok::Sym(_), f] => {
            let f = file(f).ok_or_else(bad_file)?;
            Ok(spec(Role::Pawn, marker(m), Some(f)))
        }
        // R+2, +R2, P27: a marker, the piece and its file.
        [Tok::Piece(role), m @ (Tok::Sym(_) | Tok::Num(_)), f]
        | [m @ (Tok::Sym(_) | Tok::Num(_)), Tok::Piece(role), f] => {
            let f = file(f).ok_or_else(bad_file)?;
            Ok(spec(role, marker(m), Some(f)))
        }
        _ => Err(ReadDetail::Shape { notation: NOTATION }),
    }
}

pub(super) fn parse(
    pos: &Position,
    text: &str,
    reading: Reading,
) -> Result<(Move, Option<ReadNote>), ParseMoveError> {
    let spec = read(text).map_err(|detail| ParseMoveError::Syntax {
        text: text.to_string(),
        detail,
    })?;
    common::resolve(pos, &spec, text, format, reading)
}

pub(super) fn format(pos: &Position, mv: Move) -> String {
    let Some(d) = common::describe(pos, mv) else {
        return mv.to_string();
    };
    let role = d.piece.role;
    let pawn = role == Role::Pawn;
    let file = digit(d.file);
    // Front, middle (the file itself), rear: the official marks for two or
    // three pieces on a file.
    let official = |index: usize, count: usize| match (index, count) {
        (0, _) => '+',
        (1, 3) => file,
        _ => '-',
    };
    let mut s = String::with_capacity(5);
    match d.tandem {
        None => {
            s.push(letter(role));
            s.push(file);
        }
        Some((index, 2)) if !d.several_tandem_files => {
            s.push(letter(role));
            s.push(official(index, 2));
        }
        // Three pawns on one file: P+, P5 (the middle keeps the plain
        // designator), P-.
        Some((index, 3)) if pawn && !d.several_tandem_files => {
            s.push('P');
            s.push(official(index, 3));
        }
        // Pawns doubled on several files: the file replaces the letter and
        // the mark follows it: 7+, 7-, and 55 for the middle of three.
        Some((index, count @ (2 | 3))) if pawn => {
            s.push(file);
            s.push(official(index, count));
        }
        Some((index, count)) => {
            // No official form (four or more pawns; three or more, or two on
            // several files, of another kind: composed positions only): the
            // ordinal from the front and the file, `25`, `R17`; two of
            // another kind on several files: `R+7`.
            if !pawn {
                s.push(letter(role));
            }
            s.push(match (count, index) {
                (2, 0) => '+',
                (2, _) => '-',
                _ => digit(index as u8 + 1),
            });
            s.push(file);
        }
    }
    s.push(match d.action {
        Action::Forward => '+',
        Action::Backward => '-',
        Action::Sideways => '=',
    });
    s.push(digit(d.number));
    s
}
