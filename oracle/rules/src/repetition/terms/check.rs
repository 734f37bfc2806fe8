//! 将 (check, CXA 2020 24.1): the move attacks the opposing king.

use super::{Classified, MoveKind};
use crate::repetition::context::MoveContext;

/// A check, aimed at the opposing king.
pub fn classify(ctx: &MoveContext) -> Option<Classified> {
    ctx.after
        .in_check()
        .then(|| Classified::new(MoveKind::Check, vec![ctx.after.king(ctx.after.turn())]))
}
