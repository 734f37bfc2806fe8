//! 献 (offer; CXA 2020 24.5): the moved piece can be taken by the opponent
//! at no cost — no material lost, no mate after — and it is not a trade
//! (兑 is heavier and claimed first).

use super::{Classified, MoveKind};
use crate::repetition::context::MoveContext;
use crate::repetition::material::Accounting;

/// 献: an enemy piece can take the moved piece for free. Every such taker
/// is named (not the first in move order, which a mirror would change).
pub fn classify(ctx: &MoveContext) -> Option<Classified> {
    let to = ctx.mv.to;
    let s = &ctx.search;
    let takers: Vec<_> = s
        .captures(ctx.after)
        .into_iter()
        .filter(|c| c.to == to)
        .filter(|&c| s.costs_nothing(ctx.after, c, Accounting::Figures))
        .map(|c| c.from)
        .collect();
    (!takers.is_empty()).then(|| Classified::new(MoveKind::Offer, takers))
}
