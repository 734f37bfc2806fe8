//! ICCS coordinates: `h2e2`, files a–i from Red's left, ranks 0–9 from
//! Red's side. `h2-e2` and upper case are accepted.

use super::{Notation, ParseMoveError, ReadDetail};
use crate::types::{IccsFault, Move};

pub(super) fn looks_like(t: &str) -> bool {
    let b = t.as_bytes();
    let coord = |f: u8, r: u8| f.is_ascii_alphabetic() && r.is_ascii_digit();
    match b.len() {
        4 => coord(b[0], b[1]) && coord(b[2], b[3]),
        5 => coord(b[0], b[1]) && b[2] == b'-' && coord(b[3], b[4]),
        _ => false,
    }
}

/// Reads the move with [`Move`]'s own ICCS reader once the dashes are
/// dropped, saying which end is off the board when one is.
pub(super) fn parse(text: &str) -> Result<Move, ParseMoveError> {
    let t: String = text.chars().filter(|&c| c != '-').collect();
    t.parse::<Move>().map_err(|e| ParseMoveError::Syntax {
        text: text.to_string(),
        detail: match e.fault() {
            IccsFault::OffBoard(end) => ReadDetail::OffBoard { end },
            IccsFault::Shape => ReadDetail::Shape {
                notation: Notation::Iccs,
            },
        },
    })
}
