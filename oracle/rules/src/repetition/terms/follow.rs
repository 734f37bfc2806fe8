//! 跟 (follow; CXA 2020 24.7): the moved piece keeps watch on a protected
//! enemy piece it cannot win, with no attacking effect.

use super::{Classified, MoveKind};
use crate::repetition::context::MoveContext;
use crate::repetition::material::{is_material, Accounting};

/// 跟: the moved piece attacks enemy material whose capture gains nothing.
pub fn classify(ctx: &MoveContext) -> Option<Classified> {
    let p = ctx.threatening.as_ref()?;
    let s = &ctx.search;
    let us = ctx.mover.color;
    let watched: Vec<_> = s
        .captures(p)
        .into_iter()
        .filter(|c| c.from == ctx.mv.to)
        .filter(|&c| {
            let t = p.piece_at(c.to).expect("a capture");
            t.color != us
                && is_material(t, c.to, ctx.rules)
                && s.gain(p, c, Accounting::Figures) <= 0
        })
        .map(|c| c.to)
        .collect();
    (!watched.is_empty()).then(|| Classified::new(MoveKind::Follow, watched))
}
