//! 子力价值, material values, and the complete-exchange accounting the
//! 棋例 use to decide whether a capture wins material.
//!
//! Values follow the Chinese rules' classes: a rook is worth two horses, two
//! cannons, or a horse and a cannon; a horse equals a cannon; an advisor
//! equals an elephant and is worth less than a horse; a pawn counts like an
//! advisor, which keeps its value "floating" — a pawn for an advisor or an
//! elephant, or two pawns for a horse, is no gain.

use xq_core::{Move, Piece, Position, Role, Square};

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

/// What belongs to the exchange started by one capture.
pub(crate) struct Scope<'a> {
    /// The point of the first capture.
    focus: Square,
    independent: &'a [Move],
    /// Whether a side in check must answer it (and may lose more for it)
    /// rather than stop the exchange there.
    checks_bind: bool,
}

/// How deep a chain of captures is followed.
const EXCHANGE_DEPTH: u32 = 8;

/// Wider than any material balance.
const WINDOW: i32 = 1_000;

/// Exchange accounting on a position, for the 棋例 only.
pub(crate) trait Exchange {
    fn legal_captures(&self) -> Vec<Move>;
    fn exchange_on(&self, sq: Square) -> i32;
    fn local_gain(&self, m: Move) -> i32;
    fn capture_gain(&self, m: Move) -> i32;
    fn capture_gain_through_checks(&self, m: Move) -> i32;
    fn exchange_gain(&self, m: Move, checks_bind: bool) -> i32;
    fn quiesce(&self, scope: &Scope, alpha: i32, beta: i32, depth: u32) -> i32;
}

impl Exchange for Position {
    /// The legal captures of the side to move.
    fn legal_captures(&self) -> Vec<Move> {
        let mut v = self.legal_moves();
        v.retain(|m| self.piece_at(m.to).is_some());
        v
    }

    /// Static exchange on one point: what the side to move wins by
    /// capturing on `sq` and going on with the exchange there, least
    /// valuable capturer first, never less than zero (it may stop). Only
    /// legal captures count, so a pinned protector, or one whose recapture
    /// would expose its king or make the kings face, protects nothing (假根).
    fn exchange_on(&self, sq: Square) -> i32 {
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

    /// A capture's gain by the static exchange on its own point only.
    fn local_gain(&self, m: Move) -> i32 {
        let victim = self.piece_at(m.to).map_or(0, value);
        let after = self.play_unchecked(m);
        if !after.has_legal_move() {
            return victim + 100;
        }
        victim - after.exchange_on(m.to)
    }

    /// The net material the side to move wins by the capture `m` after the
    /// complete exchange (完整交换). The exchange goes on with captures on
    /// the same point, and with captures elsewhere that the exchange itself
    /// makes good: a defender drawn into the exchange (图4), a line opened
    /// by the capturer leaving its point (被牵子捉子, 图23), a piece the
    /// capturer protected left without its root (做根子捉子, 图12).
    /// Captures either side could already make with profit are independent
    /// threats, not part of this exchange.
    fn capture_gain(&self, m: Move) -> i32 {
        self.exchange_gain(m, false)
    }

    /// [`Position::capture_gain`], but a side put in check during the
    /// exchange cannot stop there: it must answer, and what it loses
    /// meanwhile counts (图17: taking the offered rook would lose both).
    /// Whether an offered exchange can really be accepted is judged this
    /// way; what a capture threatens is not (图30: a recapture that happens
    /// to check still ends an even trade).
    fn capture_gain_through_checks(&self, m: Move) -> i32 {
        self.exchange_gain(m, true)
    }

    fn exchange_gain(&self, m: Move, checks_bind: bool) -> i32 {
        let victim = self.piece_at(m.to).map_or(0, value);
        let after = self.play_unchecked(m);
        if !after.has_legal_move() {
            return victim + 100;
        }
        let standing = |p: &Position| -> Vec<Move> {
            p.legal_captures()
                .into_iter()
                .filter(|c| p.local_gain(*c) > 0)
                .collect()
        };
        let mut independent = standing(self);
        if let Some(p) = self.passed() {
            independent.extend(standing(&p));
        }
        independent.retain(|c| c.to != m.to && *c != m);
        let scope = Scope {
            focus: m.to,
            independent: &independent,
            checks_bind,
        };
        victim - after.quiesce(&scope, -WINDOW, WINDOW, EXCHANGE_DEPTH)
    }

    /// Minimax over the captures that belong to the exchange on `focus`,
    /// for the side to move, which may stop at any point (so never below
    /// zero) — unless checks bind and it is in check: then it must answer,
    /// with any legal move. No move at all loses.
    fn quiesce(&self, scope: &Scope, alpha: i32, beta: i32, depth: u32) -> i32 {
        const LOST: i32 = -100;
        let forced = scope.checks_bind && self.in_check();
        let mut moves = if forced {
            self.legal_moves()
        } else {
            self.legal_captures()
        };
        if moves.is_empty() && (forced || !self.has_legal_move()) {
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
        // Most valuable victim first, then least valuable attacker.
        moves.sort_by_key(|m| {
            (
                -self.piece_at(m.to).map_or(0, value),
                self.piece_at(m.from).map_or(0, value),
            )
        });
        for m in moves {
            let victim = self.piece_at(m.to).map_or(0, value);
            let after = self.play_unchecked(m);
            let score = victim - after.quiesce(scope, victim - beta, victim - alpha, depth - 1);
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
