//! 不能离线 (a piece that cannot leave its post): whether a piece can get
//! away from where it stands. The figures treat a piece that cannot move
//! without being won where it lands, or without letting the opponent mate,
//! as held in place (参考图39, 49: 不能离线); a move that holds a chased
//! piece in place takes part in the chase (`terms/chase/cxa.rs`).

use xq_core::{Move, Position, Square};

use super::material::Accounting;
use super::search::Search;

impl Search<'_> {
    /// The moves by which the piece on `sq` gets away, its side to move in
    /// `pos`: legal moves after which the opponent neither wins it where it
    /// lands (a capture there that comes out ahead) nor mates by checks
    /// within the kill depth. A mate counts only when the piece's staying
    /// is what prevents it: a mate the opponent threatens anyway ties no
    /// piece in particular.
    pub fn getaways(&self, pos: &Position, sq: Square) -> Vec<Move> {
        let depth = self.limits.kill_depth;
        let mate_anyway = pos.passed().is_some_and(|p| self.mate_by_checks(&p, depth));
        let mut out = Vec::new();
        for m in self.moves(pos) {
            if m.from != sq {
                continue;
            }
            let after = pos.play_unchecked(m);
            let won_there = self
                .captures(&after)
                .into_iter()
                .any(|c| c.to == m.to && self.gain(&after, c, Accounting::Figures) > 0);
            if !won_there && (mate_anyway || !self.mate_by_checks(&after, depth)) {
                out.push(m);
            }
        }
        out
    }
}

#[cfg(test)]
#[path = "tied_tests.rs"]
mod tests;
