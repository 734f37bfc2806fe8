//! 拦 (block; CXA 2020 24.6): the moved piece now stands in the way of a
//! move an enemy piece had, with no attacking effect. Which points a move
//! passes over is the move tables' business (`xq_core::attacks::path`).

use xq_core::attacks;

use super::{Classified, MoveKind};
use crate::repetition::context::MoveContext;

/// 拦: some enemy move that existed before is cut by the moved piece. Every
/// enemy piece so cut is named, so that what is named does not depend on
/// the order moves are generated in (a mirrored board names the same).
pub fn classify(ctx: &MoveContext) -> Option<Classified> {
    let (from, to) = (ctx.mv.from, ctx.mv.to);
    let before = ctx.before.passed()?;
    let now = ctx.search.moves(ctx.after);
    let mut blocked = Vec::new();
    for x in ctx.search.moves(&before) {
        let cut = x.from != to
            && x.to != to
            && x.to != from
            && !now.contains(&x)
            && before
                .piece_at(x.from)
                .is_some_and(|p| attacks::path(p.role, x.from, x.to).contains(&to));
        if cut && !blocked.contains(&x.from) {
            blocked.push(x.from);
        }
    }
    (!blocked.is_empty()).then(|| Classified::new(MoveKind::Block, blocked))
}
