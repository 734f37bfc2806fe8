//! 子力价值, material values, and the complete-exchange accounting the
//! 棋例 use to decide whether a capture wins material.
//!
//! Values follow the Chinese rules' classes: a rook is worth two horses, two
//! cannons, or a horse and a cannon; a horse equals a cannon; an advisor
//! equals an elephant and is worth less than a horse; a pawn counts like an
//! advisor, which keeps its value "floating" — a pawn for an advisor or an
//! elephant, or two pawns for a horse, is no gain.

use crate::position::Position;
use crate::types::{Move, Piece, Role};

/// The value of a piece in exchange accounting.
pub fn value(piece: Piece) -> i32 {
    match piece.role {
        Role::Rook => 4,
        Role::Horse | Role::Cannon => 2,
        Role::Advisor | Role::Elephant | Role::Pawn => 1,
        // The king is never actually captured; as a target it is mate.
        Role::King => 100,
    }
}

impl Position {
    /// The legal captures of the side to move.
    pub fn legal_captures(&self) -> Vec<Move> {
        let mut v = self.legal_moves();
        v.retain(|m| self.piece_at(m.to).is_some());
        v
    }

    /// Static exchange on one point: what the side to move wins by
    /// capturing on `sq` and going on with the exchange there, least
    /// valuable capturer first, never less than zero (it may stop). Only
    /// legal captures count, so a pinned protector, or one whose recapture
    /// would expose its king or make the kings face, protects nothing (假根).
    pub fn exchange_on(&self, sq: crate::types::Square) -> i32 {
        let Some(victim) = self.piece_at(sq) else {
            return 0;
        };
        let capture = self
            .legal_captures()
            .into_iter()
            .filter(|m| m.to == sq)
            .min_by_key(|m| self.piece_at(m.from).map_or(0, value));
        let Some(m) = capture else { return 0 };
        let after = self.play_unchecked(m);
        if !after.has_legal_move() {
            return value(victim) + 100; // the capture mates: nothing comes back
        }
        (value(victim) - after.exchange_on(sq)).max(0)
    }

    /// The net material the side to move wins by the capture `m` after the
    /// complete exchange: the opponent answers by taking back on the point,
    /// or by a capture elsewhere that the capture itself made possible
    /// (a piece that shielded another moved away: 被牵子捉子, 得不偿失).
    pub fn capture_gain(&self, m: Move) -> i32 {
        let victim = self.piece_at(m.to).map_or(0, value);
        let after = self.play_unchecked(m);
        if !after.has_legal_move() {
            return victim + 100;
        }
        let existing: Vec<Move> = self
            .passed()
            .map(|p| p.legal_captures())
            .unwrap_or_default();
        let mut reply = after.exchange_on(m.to);
        for c in after.legal_captures() {
            if c.to != m.to && !existing.contains(&c) {
                let v = after.piece_at(c.to).map_or(0, value);
                let next = after.play_unchecked(c);
                reply = reply.max(v - next.exchange_on(c.to));
            }
        }
        victim - reply
    }

    /// Whether the side to move can mate at once.
    pub fn has_mate_in_one(&self) -> bool {
        let mut moves = Vec::with_capacity(64);
        self.legal_moves_into(&mut moves);
        moves.into_iter().any(|m| {
            let after = self.play_unchecked(m);
            after.in_check() && !after.has_legal_move()
        })
    }
}
