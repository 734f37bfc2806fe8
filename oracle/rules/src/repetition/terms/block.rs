//! 拦 (block; CXA 2020 24.6): the moved piece now stands in the way of a
//! move an enemy piece had, with no attacking effect. Which points a move
//! passes over is the move tables' business (`xq_core::geometry::path`).

use xq_core::geometry;

use super::{Classified, MoveKind};
use crate::repetition::context::MoveContext;

/// 拦: some enemy move that existed before is cut by the moved piece.
pub fn classify(ctx: &MoveContext) -> Option<Classified> {
    let (from, to) = (ctx.mv.from, ctx.mv.to);
    let before = ctx.before.passed()?;
    let now = ctx.search.moves(ctx.after);
    let cut = ctx.search.moves(&before).into_iter().find(|x| {
        x.from != to
            && x.to != to
            && x.to != from
            && !now.contains(x)
            && before
                .piece_at(x.from)
                .is_some_and(|p| geometry::path(p.role, x.from, x.to).contains(&to))
    })?;
    Some(Classified::new(MoveKind::Block, vec![cut.from]))
}
