//! 拦 (block; CXA 2020 24.6, CXA 1999 28.7): the moved piece now stands in
//! the way of an enemy attack, with no attacking effect of its own. The
//! attack is a check, or a capture that would win material, that an enemy
//! piece had before the move; cutting a move that attacked nothing is plain
//! 闲 (the book names such cuts 闲: 图4, 图14, 参考图23). Which points a move
//! passes over is the move tables' business (`xq_core::attacks::path`).

use xq_core::attacks;

use super::{Classified, MoveKind};
use crate::repetition::context::MoveContext;
use crate::repetition::material::Accounting;

/// 拦: some enemy check or winning capture that existed before is cut by
/// the moved piece. Every enemy piece so cut is named, so that what is
/// named does not depend on the order moves are generated in (a mirrored
/// board names the same).
pub fn classify(ctx: &MoveContext) -> Option<Classified> {
    let (from, to) = (ctx.mv.from, ctx.mv.to);
    let before = ctx.before.passed()?;
    let now = ctx.search.moves(ctx.after);
    let attacks_us = |x| {
        before.gives_check(x)
            || (before.is_capture(x) && ctx.search.gain(&before, x, Accounting::Figures) > 0)
    };
    let mut blocked = Vec::new();
    for x in ctx.search.moves(&before) {
        let cut = x.from != to
            && x.to != to
            && x.to != from
            && !now.contains(&x)
            && before
                .piece_at(x.from)
                .is_some_and(|p| attacks::path(p.role, x.from, x.to).contains(&to))
            && attacks_us(x);
        if cut && !blocked.contains(&x.from) {
            blocked.push(x.from);
        }
    }
    (!blocked.is_empty()).then(|| Classified::new(MoveKind::Block, blocked))
}
