//! 兑 (exchange offer; CXA 2020 24.4, CXA 1999 28.5, Asian rule 24): the
//! move offers a trade of pieces that can take each other, which the
//! opponent can accept at no cost. The same test tells a trade offer from a
//! chase or a kill made by the same move (`chase.rs`, `kill.rs`).

use xq_core::{Piece, Square};

use super::{Classified, MoveKind};
use crate::edition::ExchangeBasis;
use crate::repetition::context::MoveContext;
use crate::repetition::material::Accounting;

/// Whether two pieces may trade in the edition's sense: the same kind
/// (CXA 2020; the Asian rules, whose rule 24 covers same-type pieces that
/// can take each other and whose rule 36 keeps other mutual attacks
/// chases), or equal value (CXA 1999).
fn fits(ctx: &MoveContext, a: Piece, b: Piece) -> bool {
    match ctx.rules.exchange_offer_basis {
        ExchangeBasis::SameType => a.role == b.role,
        ExchangeBasis::EqualValue => ctx.search.value(a) == ctx.search.value(b),
    }
}

/// Whether the mover's piece on `mine` and the opponent's piece on
/// `theirs` stand offered to each other as a trade (兑): they fit the
/// edition's basis, each can take the other, and the opponent can take
/// first at no cost — no material lost under `accounting` and no mate by
/// checks after.
pub fn trade_offered(
    ctx: &MoveContext,
    mine: Square,
    theirs: Square,
    accounting: Accounting,
) -> bool {
    let (Some(a), Some(t), Some(threatening)) = (
        ctx.after.piece_at(mine),
        ctx.after.piece_at(theirs),
        ctx.threatening.as_ref(),
    ) else {
        return false;
    };
    let s = &ctx.search;
    fits(ctx, a, t)
        && s.captures(threatening)
            .iter()
            .any(|c| c.from == mine && c.to == theirs)
        && s.captures(ctx.after)
            .into_iter()
            .any(|c| c.from == theirs && c.to == mine && s.costs_nothing(ctx.after, c, accounting))
}

/// 兑: the move offers a trade. The moved piece is offered to a piece it
/// attacks in turn, or the move opens a trade between another of the
/// mover's pieces and an enemy piece of the same kind that did not stand
/// before it (a rook that becomes a cannon's screen, a piece that steps off
/// a line: 24.4 asks that the move make the trade possible, not that the
/// moved piece be one of the traded; 图13). Every enemy piece offered a
/// trade is named.
pub fn classify(ctx: &MoveContext) -> Option<Classified> {
    let to = ctx.mv.to;
    let s = &ctx.search;
    let us = ctx.mover.color;
    // A mutual attack that stood on the board before the move is not the
    // move's offer (read on the board, pins aside, so that it holds when
    // the move answers a check and the opponent cannot be asked to pass).
    let stood = |mine: Square, theirs: Square| {
        ctx.before.attackers(theirs, us).contains(&mine)
            && ctx.before.attackers(mine, us.other()).contains(&theirs)
    };
    let mut takers: Vec<Square> = Vec::new();
    for c in s.captures(ctx.after) {
        let mine = c.to;
        if ctx.after.piece_at(mine).is_none_or(|p| p.color != us) {
            continue;
        }
        let offered = trade_offered(ctx, mine, c.from, Accounting::Figures)
            && (mine == to || !stood(mine, c.from));
        if offered && !takers.contains(&c.from) {
            takers.push(c.from);
        }
    }
    (!takers.is_empty()).then(|| Classified::new(MoveKind::Exchange, takers))
}
