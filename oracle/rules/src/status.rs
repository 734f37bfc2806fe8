//! Where the game stands under an edition: xq-core's status (check, the
//! legal moves, 将死 and 困毙) with the result the edition's own ruleset
//! gives a side that cannot move and is not in check.
//!
//! xq-core knows no editions, so its [`Position::status`] gives the loss
//! that every edition we hold rules (CXA 2020 3.3 and 4.1.2, 1999 3.2 and
//! 4.1.3, AXF 2017 rule 2; WXF 2018 extends AXF); the ruleset's
//! `stalemate` field is where an edition says otherwise, and this is the
//! one place it is read.

use xq_core::{EndReason, Outcome, Position, Status};
use xq_spec::editions::StalemateResult;

use crate::edition::Edition;

/// [`Position::status`] under `edition`: a 困毙 is scored as the edition's
/// ruleset says (`stalemate: loss | draw`, `spec/EDITIONS.md`).
#[must_use]
pub fn status(pos: &Position, edition: &Edition) -> Status {
    let mut status = pos.status();
    if status.reason == Some(EndReason::Stalemate) {
        status.result = match edition.rules.stalemate {
            StalemateResult::Loss => Outcome::win_for(pos.turn().other()),
            StalemateResult::Draw => Outcome::Draw,
        };
    }
    status
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edition;

    /// The black king on d9: d8 is the crossed pawn's, e9 faces the red
    /// king. Not in check, no legal move.
    const STALEMATE: &str = "3k5/2P6/9/9/9/9/9/9/9/4K4 b";

    #[test]
    fn every_edition_we_hold_scores_stalemate_as_a_loss() {
        let pos = Position::from_fen(STALEMATE).expect("a legal position");
        assert_eq!(pos.status().reason, Some(EndReason::Stalemate));
        for e in edition::all() {
            assert_eq!(status(&pos, e).result, Outcome::RedWins, "{}", e.id);
        }
    }

    #[test]
    fn an_edition_that_draws_a_stalemate_is_read() {
        let pos = Position::from_fen(STALEMATE).expect("a legal position");
        let mut draws = edition::get("cxa-2020").expect("cxa-2020").clone();
        draws.rules.stalemate = StalemateResult::Draw;
        assert_eq!(status(&pos, &draws).result, Outcome::Draw);
        let mate = Position::from_fen("3aka3/9/4C4/4C4/9/9/9/9/9/3K5 b").expect("legal");
        assert_eq!(status(&mate, &draws).result, Outcome::RedWins);
    }
}
