//! 子力价值, material values, and the one question every 棋例 term asks of
//! material: what does a capture win after the complete exchange (完整交换)?
//!
//! The values are the edition's (`material` in its profile). The Chinese
//! classes: a rook is worth two horses, two cannons, or a horse and a
//! cannon; a horse equals a cannon; an advisor equals an elephant and is
//! worth less than a horse. A crossed pawn's value "floats" (1999 25.3;
//! 2020 图24, 参考图31, 33): a pawn counts like an advisor, so a pawn for an
//! advisor or an elephant, or two pawns for a horse, is no gain; and a pawn
//! sacrificed with check to win a piece costs as much as a horse, so only a
//! rook makes it pay ([`worth`]). The same float makes a crossed pawn won
//! for one minor piece a level trade, not a loss ([`Search::gain`]; 图22,
//! 参考图46).

use xq_core::{Color, Move, Piece, Position, Role, Square};

use super::search::Search;
use crate::edition::{MaterialValues, RepetitionRules};

/// The value of a piece in exchange accounting.
#[must_use]
pub fn value(values: &MaterialValues, piece: Piece) -> i32 {
    match piece.role {
        Role::Rook => values.rook,
        Role::Horse => values.horse,
        Role::Cannon => values.cannon,
        Role::Advisor => values.advisor,
        Role::Elephant => values.elephant,
        Role::Pawn => values.pawn,
        // The king is never actually captured; as a target it is mate.
        Role::King => KING,
    }
}

/// What giving up `piece` costs `chaser` when it sacrifices it to win
/// material through a check: its [`value`], except that a pawn floats up
/// (图24: 送兵换马 — a pawn given up for a minor piece wins nothing).
#[must_use]
pub fn worth(values: &MaterialValues, piece: Piece, chaser: Color) -> i32 {
    if piece.role == Role::Pawn && piece.color == chaser {
        values.pawn_given_up
    } else {
        value(values, piece)
    }
}

/// Whether a piece counts as 子力 (material that can be chased): not the
/// king, and a pawn only once it has crossed the river unless the edition
/// says otherwise.
#[must_use]
pub fn is_material(piece: Piece, sq: Square, rules: &RepetitionRules) -> bool {
    match piece.role {
        Role::King => false,
        Role::Pawn => rules.unpromoted_pawn_chasable || !sq.on_side_of(piece.color),
        _ => true,
    }
}

/// What the king counts for where a capture sequence would take it: more
/// than all the material on the board.
const KING: i32 = 100;

/// How a trade is counted for the side that captures first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Accounting {
    /// As the figures count a trade: either side may stop whenever it
    /// likes, even when the last capture checks it (图30).
    Figures,
    /// A side put in check during the exchange cannot stop there: it must
    /// answer, and what it loses meanwhile counts (图17: taking the offered
    /// rook would lose both). Used to judge whether an offered trade can
    /// really be accepted.
    Strict,
}

/// The value of a capture that mates: nothing comes back.
const MATES: i32 = 100;

/// How deep a chain of captures is followed.
const EXCHANGE_DEPTH: u32 = 8;

/// Wider than any material balance.
const WINDOW: i32 = 1_000;

/// What belongs to the exchange started by one capture.
struct Scope<'a> {
    /// The point of the first capture.
    focus: Square,
    /// Captures either side could already make with profit: separate
    /// threats, not part of this exchange.
    independent: &'a [Move],
    checks_bind: bool,
    /// The side that began the exchange.
    chaser: Color,
    /// Whether the chaser's king and pawns capture in the exchange: not
    /// where their own attacks are idle (26.1; 参考图33: an exchange that
    /// wins only through a pawn's capture wins nothing).
    chaser_king_pawn_capture: bool,
}

impl Search<'_> {
    /// The value of a piece under the edition's rules ([`value`]).
    pub fn value(&self, piece: Piece) -> i32 {
        value(&self.rules.material, piece)
    }

    /// What losing `piece` from `sq` costs its side in the complete
    /// exchange: its [`value`], except that an uncrossed pawn, which is no
    /// 子力 where the edition does not chase it (2020 24.3 counts material
    /// won; 1999 25.3), costs nothing. A capture that wins 子力 and gives up
    /// only such a pawn in the exchange wins (参考图2: the cannon takes an
    /// elephant after a check and leaves its own uncrossed pawn, which it
    /// protected, to the rook).
    pub fn loss_on(&self, piece: Piece, sq: Square) -> i32 {
        if piece.role == Role::Pawn && !is_material(piece, sq, self.rules) {
            0
        } else {
            self.value(piece)
        }
    }

    /// What giving up `piece` costs `chaser` ([`worth`]).
    pub fn worth(&self, piece: Piece, chaser: Color) -> i32 {
        worth(&self.rules.material, piece, chaser)
    }

    /// The legal captures of the side to move.
    pub fn captures(&self, pos: &Position) -> Vec<Move> {
        // One node of the budget, as for every move list.
        if self.budget.spend() {
            pos.legal_captures()
        } else {
            Vec::new()
        }
    }

    /// The net material the side to move wins by the capture `m` after the
    /// complete exchange. The exchange goes on with captures on the same
    /// point, and with captures elsewhere that the exchange itself makes
    /// good: a defender drawn into the exchange (图4), a line opened by the
    /// capturer leaving its point (被牵子捉子, 图23), a piece the capturer
    /// protected left without its root (做根子捉子, 图12). Only legal
    /// captures count, so a pinned protector, or one whose recapture would
    /// expose its king or make the kings face, protects nothing (假根).
    /// Taking a crossed pawn never loses more than the float allows: a
    /// pawn for a minor piece is level (1999 25.3).
    pub fn gain(&self, pos: &Position, m: Move, accounting: Accounting) -> i32 {
        self.gain_with(pos, m, accounting, true)
    }

    /// [`Search::gain`] for a side whose king's and pawns' own attacks are
    /// idle: their captures after the first do not count for it.
    pub fn gain_without_king_pawn(&self, pos: &Position, m: Move, accounting: Accounting) -> i32 {
        self.gain_with(pos, m, accounting, false)
    }

    /// Whether the capture `m` of a crossed pawn comes out exactly level
    /// before the float is applied: the pawn is traded for an advisor or an
    /// elephant, which the float makes no gain (1999 25.3), unlike a pawn
    /// won for a minor piece, which it makes level ([`Search::gain`]).
    pub fn pawn_traded_even(
        &self,
        pos: &Position,
        m: Move,
        chaser_king_pawn_capture: bool,
    ) -> bool {
        let chaser = pos.turn();
        pos.piece_at(m.to)
            .is_some_and(|p| p.role == Role::Pawn && p.color != chaser && !m.to.on_side_of(p.color))
            && self.raw_gain(pos, m, Accounting::Figures, chaser_king_pawn_capture) == 0
    }

    fn gain_with(
        &self,
        pos: &Position,
        m: Move,
        accounting: Accounting,
        chaser_king_pawn_capture: bool,
    ) -> i32 {
        let chaser = pos.turn();
        let gain = self.raw_gain(pos, m, accounting, chaser_king_pawn_capture);
        let floats = pos.piece_at(m.to).is_some_and(|p| {
            p.role == Role::Pawn && p.color != chaser && !m.to.on_side_of(p.color)
        });
        if floats && gain < 0 {
            // A crossed pawn's value floats (1999 25.3): won for one minor
            // piece it is a level trade, not a loss; only more costs.
            let floated = self.rules.material.pawn_given_up - self.rules.material.pawn;
            (gain + floated).min(0)
        } else {
            gain
        }
    }

    /// [`Search::gain`] before a crossed pawn's float.
    fn raw_gain(
        &self,
        pos: &Position,
        m: Move,
        accounting: Accounting,
        chaser_king_pawn_capture: bool,
    ) -> i32 {
        let chaser = pos.turn();
        let victim = pos.piece_at(m.to).map_or(0, |p| self.value(p));
        let after = pos.play_unchecked(m);
        if !self.has_move(&after) {
            return victim + MATES;
        }
        let mut independent = self.standing(pos);
        if let Some(p) = pos.passed() {
            independent.extend(self.standing(&p));
        }
        independent.retain(|c| c.to != m.to && *c != m);
        let scope = Scope {
            focus: m.to,
            independent: &independent,
            checks_bind: accounting == Accounting::Strict,
            chaser,
            chaser_king_pawn_capture,
        };
        victim - self.quiesce(&after, &scope, -WINDOW, WINDOW, EXCHANGE_DEPTH)
    }

    /// The captures the side to move in `pos` could already make with
    /// profit on their own points: threats standing apart from any one
    /// exchange. Every capture's [`Search::gain`] in a position asks for
    /// the same list, so it is worked out once per position and search.
    fn standing(&self, pos: &Position) -> Vec<Move> {
        if let Some(found) = self.memo.standing(pos) {
            return found;
        }
        let found: Vec<Move> = self
            .captures(pos)
            .into_iter()
            .filter(|c| self.local_gain(pos, *c) > 0)
            .collect();
        // A list cut short by the budget is not the position's.
        if !self.budget.exhausted() {
            self.memo.keep_standing(pos, found.clone());
        }
        found
    }

    /// Whether, after the capture `m`, the opponent mates by checks within
    /// the kill depth (24.3: a gain answered by mate is no gain; 图8).
    pub fn punished_by_mate(&self, pos: &Position, m: Move) -> bool {
        self.mate_by_checks(&pos.play_unchecked(m), self.limits.kill_depth)
    }

    /// Whether the capture `m` can be made at no cost: the exchange does not
    /// lose material and no mate follows. This is what makes a piece
    /// *offered* (兑, 献) rather than a trap.
    pub fn costs_nothing(&self, pos: &Position, m: Move, accounting: Accounting) -> bool {
        self.gain(pos, m, accounting) >= 0 && !self.punished_by_mate(pos, m)
    }

    /// A capture's gain by the static exchange on its own point only: what
    /// the side to move wins there, recaptures included, whatever happens
    /// elsewhere.
    pub fn local_gain(&self, pos: &Position, m: Move) -> i32 {
        let victim = pos.piece_at(m.to).map_or(0, |p| self.value(p));
        let after = pos.play_unchecked(m);
        if !self.has_move(&after) {
            return victim + MATES;
        }
        victim - self.exchange_on(&after, m.to)
    }

    /// Static exchange on one point: what the side to move wins by
    /// capturing on `sq` and going on with the exchange there, least
    /// valuable capturer first, never less than zero (it may stop).
    fn exchange_on(&self, pos: &Position, sq: Square) -> i32 {
        let Some(victim) = pos.piece_at(sq) else {
            return 0;
        };
        let capture = self
            .captures(pos)
            .into_iter()
            .filter(|m| m.to == sq)
            .min_by_key(|m| pos.piece_at(m.from).map_or(0, |p| self.value(p)));
        let Some(m) = capture else { return 0 };
        let after = pos.play_unchecked(m);
        if !self.has_move(&after) {
            return self.value(victim) + MATES;
        }
        (self.value(victim) - self.exchange_on(&after, sq)).max(0)
    }

    /// Minimax over the captures that belong to the exchange on `focus`,
    /// for the side to move, which may stop at any point (so never below
    /// zero) — unless checks bind and it is in check: then it must answer,
    /// with any legal move. No move at all loses.
    fn quiesce(&self, pos: &Position, scope: &Scope, alpha: i32, beta: i32, depth: u32) -> i32 {
        const LOST: i32 = -MATES;
        let forced = scope.checks_bind && pos.in_check();
        let mut moves = if forced {
            self.moves(pos)
        } else {
            self.captures(pos)
        };
        if moves.is_empty() && (forced || !self.has_move(pos)) {
            return LOST;
        }
        let mut best = if forced { LOST } else { 0 };
        if depth == 0 {
            return best.max(0);
        }
        if best >= beta {
            return best;
        }
        let mut alpha = alpha.max(best);
        if !forced {
            moves.retain(|c| c.to == scope.focus || !scope.independent.contains(c));
        }
        if !forced && !scope.chaser_king_pawn_capture && pos.turn() == scope.chaser {
            moves.retain(|c| {
                !pos.piece_at(c.from)
                    .is_some_and(|p| matches!(p.role, Role::King | Role::Pawn))
            });
        }
        // The chaser's uncrossed pawns taken in the exchange cost it nothing.
        let value_at = |sq: Square| {
            pos.piece_at(sq).map_or(0, |p| {
                if p.color == scope.chaser {
                    self.loss_on(p, sq)
                } else {
                    self.value(p)
                }
            })
        };
        // Most valuable victim first, then least valuable attacker.
        moves.sort_by_key(|m| (-value_at(m.to), value_at(m.from)));
        for m in moves {
            let victim = value_at(m.to);
            let after = pos.play_unchecked(m);
            let score =
                victim - self.quiesce(&after, scope, victim - beta, victim - alpha, depth - 1);
            best = best.max(score);
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        best
    }
}

#[cfg(test)]
#[path = "material_tests.rs"]
mod tests;
