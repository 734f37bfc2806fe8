//! 杀 (kill; CXA 2020 24.2): the move newly threatens mate by a check or
//! consecutive checks — if the opponent passed, the mover would mate by
//! checks within the kill depth.

use xq_core::{Move, Position};

use super::{exchange, Classified, MoveKind};
use crate::clauses::Clause;
use crate::repetition::context::MoveContext;
use crate::repetition::material::Accounting;

/// 杀, unless the mate threat is not the move's own: it existed before
/// (the moved piece carrying its threat along), it comes with a trade the
/// opponent can accept (兑), or the check the move answers opened it (自毙).
/// (A king's answer to a check is never asked: `classify` excuses it.)
pub fn classify(ctx: &MoveContext, grounds: &mut Vec<Clause>) -> Option<Classified> {
    let threatening = ctx.threatening.as_ref()?;
    let now = ctx.mates_now();
    if now.is_empty() {
        return None;
    }
    // A mate threat made by offering a trade the opponent can accept — at
    // no cost even counting its answers to checks — is an exchange offered
    // (兑), not a kill (图29: the rooks face each other on a file; in its
    // variant the enemy rook cannot leave its rank, and the same step is 杀).
    let offered = ctx.search.captures(threatening).into_iter().any(|c| {
        c.from == ctx.mv.to && exchange::trade_offered(ctx, ctx.mv.to, c.to, Accounting::Strict)
    });
    if offered {
        grounds.push(Clause::TermExchange);
        return None;
    }
    let (before, self_destruct) = if ctx.answers_check {
        let mut before: Vec<Move> = ctx
            .before_check
            .and_then(Position::passed)
            .map(|p| ctx.search.mating_checks(&p))
            .unwrap_or_default();
        // 自毙 (24.18, 图13): a mate threat that follows whatever the answer
        // is the check's doing (it opened a line), not the answer's. A mate
        // the answering piece gives itself, from where the answer put it, is
        // the answer's own work (26.1.4) even when no other answer exists
        // to compare it with (参考图42: the advisor that lifts the screen of
        // the cannon's check steps to e1, whence it threatens to become the
        // screen of its own cannon's mating check).
        let mut opened = mates_after_every_answer(ctx);
        opened.retain(|k| k.from != ctx.mv.to);
        let self_destruct = !opened.is_empty();
        before.extend(opened);
        (before, self_destruct)
    } else {
        (ctx.search.mating_checks(ctx.before), false)
    };
    // The mate threat is new if there was none, or if another piece now
    // mates in a way it could not before (图19: the cannon's answer to a
    // check opens a horse mate). The moved piece carrying its own threat
    // along does not make it new.
    let new = before.is_empty()
        || now
            .iter()
            .any(|k| k.from != ctx.mv.to && !before.contains(k));
    if new {
        return Some(Classified::new(
            MoveKind::Kill,
            vec![ctx.after.king(ctx.after.turn())],
        ));
    }
    grounds.push(if self_destruct {
        Clause::SelfDestruct
    } else if ctx.answers_check {
        Clause::CheckAnswerByOther
    } else {
        Clause::PreExistingThreat
    });
    None
}

/// The mating checks the side in check would have after every one of its
/// answers to the check.
fn mates_after_every_answer(ctx: &MoveContext) -> Vec<Move> {
    let s = &ctx.search;
    let mut common: Option<Vec<Move>> = None;
    for answer in s.moves(ctx.before) {
        let mates = ctx
            .before
            .play_unchecked(answer)
            .passed()
            .map(|p| s.mating_checks(&p))
            .unwrap_or_default();
        let kept = match common {
            None => mates,
            Some(c) => c.into_iter().filter(|k| mates.contains(k)).collect(),
        };
        if kept.is_empty() {
            return kept;
        }
        common = Some(kept);
    }
    common.unwrap_or_default()
}
