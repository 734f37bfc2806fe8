//! ICCS coordinates: `h2e2`, files a–i from Red's left, ranks 0–9 from
//! Red's side. `h2-e2` and upper case are accepted.

use super::{End, Notation, ParseMoveError, ReadDetail};
use crate::types::{Move, Square};

pub(super) fn looks_like(t: &str) -> bool {
    let b = t.as_bytes();
    let coord = |f: u8, r: u8| f.is_ascii_alphabetic() && r.is_ascii_digit();
    match b.len() {
        4 => coord(b[0], b[1]) && coord(b[2], b[3]),
        5 => coord(b[0], b[1]) && b[2] == b'-' && coord(b[3], b[4]),
        _ => false,
    }
}

pub(super) fn parse(text: &str) -> Result<Move, ParseMoveError> {
    let t: String = text.chars().filter(|&c| c != '-').collect();
    let syntax = |detail: ReadDetail| ParseMoveError::Syntax {
        text: text.to_string(),
        detail,
    };
    if t.len() != 4 || !t.is_ascii() {
        return Err(syntax(ReadDetail::Shape {
            notation: Notation::Iccs,
        }));
    }
    let from = Square::from_iccs(&t[..2])
        .ok_or_else(|| syntax(ReadDetail::OffBoard { end: End::From }))?;
    let to =
        Square::from_iccs(&t[2..]).ok_or_else(|| syntax(ReadDetail::OffBoard { end: End::To }))?;
    Ok(Move::new(from, to))
}
