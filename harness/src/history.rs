//! Moves as the harness sends them: canonical ICCS (`h2e2`), played on
//! xq-core positions to check that a case's history is legal. No other
//! notation is read here — the harness grades notation readers, so it must
//! not lean on one: a history or a move written in WXF or Chinese carries
//! its ICCS beside it in the case file (`moves_iccs`, `move_iccs`), and a
//! test of the data (`tests/written_notation.rs`) checks that the two agree.

use xq_core::{IllegalMove, Move, Position};

/// Exactly the canonical ICCS form: lowercase file, rank digit, twice.
pub fn is_iccs(m: &str) -> bool {
    parse_iccs(m).is_some()
}

/// The move a canonical ICCS text names, legal or not: xq-core's reading
/// of ICCS coordinates (`Move::from_str`), refused unless the text is
/// already the form it writes back (the core's reader also takes upper
/// case).
pub fn parse_iccs(text: &str) -> Option<Move> {
    text.parse::<Move>()
        .ok()
        .filter(|mv| mv.to_string() == text)
}

/// Why a move of a history cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unplayable {
    /// Not a canonical ICCS text.
    NotIccs,
    /// Against the rules in the position.
    Illegal(IllegalMove),
    /// It would take a move counter past what a FEN can hold.
    CounterLimit(String),
}

impl Unplayable {
    /// The message for `text`, the move as written.
    pub fn describe(&self, text: &str) -> String {
        match self {
            Unplayable::NotIccs => format!(
                "{} is not an ICCS move such as h2e2 (a move written in another notation carries its ICCS beside it: moves_iccs, move_iccs)",
                crate::text::quote(text)
            ),
            Unplayable::Illegal(reason) => format!("{text} is not legal: {reason}"),
            Unplayable::CounterLimit(counter) => {
                format!("{text} would take the {counter} past the largest a FEN holds")
            }
        }
    }
}

/// Plays one ICCS move on `pos` if it is legal there.
pub fn play(pos: &Position, text: &str) -> Result<Position, Unplayable> {
    let mv = parse_iccs(text).ok_or(Unplayable::NotIccs)?;
    pos.check_move(mv).map_err(Unplayable::Illegal)?;
    if let Some(counter) = pos.counter_overflow(mv) {
        return Err(Unplayable::CounterLimit(counter.name().to_string()));
    }
    Ok(pos.play_unchecked(mv))
}
