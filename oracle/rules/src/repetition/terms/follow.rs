//! 跟 (follow; CXA 2020 24.7, CXA 1999 28.8): the move makes the moved piece
//! keep watch on a protected enemy piece it cannot win, with no attacking
//! effect. The watch must be the move's own: a watch the piece already kept
//! from where it stood is not made by the move (as a threat that stood
//! before makes no 捉, 24.3), and the move is plain 闲.

use super::{Classified, MoveKind};
use crate::repetition::context::MoveContext;
use crate::repetition::material::{is_material, Accounting};

/// 跟: the moved piece attacks enemy material whose capture gains nothing,
/// and did not attack it from the point it left.
pub fn classify(ctx: &MoveContext) -> Option<Classified> {
    let p = ctx.threatening.as_ref()?;
    let s = &ctx.search;
    let us = ctx.mover.color;
    let watched_before = s.captures(ctx.before);
    let kept = |target| {
        watched_before
            .iter()
            .any(|b| b.from == ctx.mv.from && b.to == target)
    };
    let watched: Vec<_> = s
        .captures(p)
        .into_iter()
        .filter(|c| c.from == ctx.mv.to && !kept(c.to))
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
