//! What a side threatens: one way it could win material on its next move —
//! the raw material of 捉. Each chase model (`terms/chase/`) finds the
//! threats its edition recognises and decides which of them make a move a
//! chase; this is the vocabulary they share with the rest of the 棋例 (the
//! verdict weighs a chase by its threats' marks).

use xq_core::{Piece, Square};

/// One way the side to move could win material next move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Threat {
    /// The piece that would be won, and where it stands.
    pub target: Square,
    /// The piece that would be won.
    pub target_piece: Piece,
    /// The piece that makes the first capture (or the first check).
    pub attacker: Square,
    /// The piece that makes the first capture or check.
    pub attacker_piece: Piece,
    /// Net material won after the complete exchange.
    pub gain: i32,
    /// Won through a check or consecutive checks rather than a capture.
    pub by_check: bool,
    /// The piece the first move takes, when it is a capturing check that
    /// wins `target` after the answer.
    pub first_victim: Option<Square>,
    /// No piece can take back on the target's point (无根, or 假根).
    pub unprotected: bool,
    /// The attacker wins it alone: nothing of the opponent's could even
    /// try to take back (not merely none that legally can), or the target
    /// is worth more than the attacker. Otherwise the win needs help: a
    /// joint chase (a second capturer, a piece pinning the protector or
    /// guarding the point), or a 少根 target.
    pub single: bool,
    /// The target is a rook held immobile by an enemy horse (Asian rule
    /// 19), which may never be chased perpetually.
    pub held_rook: bool,
}
