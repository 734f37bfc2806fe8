//! 捉 under the Asian and World rules: a move chases when some piece gets a
//! capture it did not have before, of a target that could not be taken back
//! — or one the rules name. The threats are found by `threats.rs`
//! (protection judged after the capture: 无根 and 假根 count, 真根 does
//! not; a rook attacked by a horse or cannon, or held by a horse, counts
//! even when protected). This model then keeps the chases:
//!
//! - **new attacks** (term 3; rules 25, 26): a threat is new when its
//!   attacker did not have it before the move — the moved piece's own, one
//!   it discovers by moving (a cannon's screen, an opened line, a freed
//!   horse leg), or one it makes real by removing a protection. A piece
//!   that keeps an attack it had does not chase again (appendix b);
//! - **same-type pieces** that can take each other are offered, not chased
//!   (rule 24, outline 7); one that cannot take back is chased;
//! - **king and pawn** (rules 28, 29; World general rule 3; diagrams 71–75):
//!   their own captures are allowed; a threat made by another piece counts
//!   by these rules even when a king or pawn move made it or the king or
//!   pawn attacks the same target.
//!
//! A rook held by a horse that threatens the horse holding it chases it
//! like any other piece (diagram 50; the appendix's first example); that
//! chasing such a rook weighs more than its counter-threat is the
//! verdict's business (rule 19).

use xq_core::{Position, Role, Square};

use super::ChaseAnalysis;
use crate::clauses::Clause;
use crate::repetition::context::MoveContext;
use crate::repetition::threats::Threat;

/// Sorts the mover's new threats into chases and idle pawn threats.
pub fn analyse(ctx: &MoveContext, grounds: &mut Vec<Clause>) -> ChaseAnalysis {
    let rules = ctx.rules;
    let now = ctx.threats_now();
    if now.is_empty() {
        return ChaseAnalysis::default();
    }
    if ctx.answers_check && ctx.mover.role == Role::King && rules.king_check_answer_threats_idle {
        grounds.push(Clause::CheckAnswerByKing);
        return ChaseAnalysis::default();
    }
    // The attacks the mover had before the move, its moved piece followed
    // to its new point; when the move answers a check, those it had before
    // that check.
    let follow = |sq: Square| if sq == ctx.mv.from { ctx.mv.to } else { sq };
    let before: &[Threat] = if ctx.answers_check {
        ctx.threats_before_check()
    } else {
        ctx.threats_before()
    };
    let existing: Vec<(Square, Square)> = before
        .iter()
        .map(|t| (follow(t.attacker), t.target))
        .collect();
    let mut analysis = ChaseAnalysis::default();
    for t in now {
        if existing.contains(&(t.attacker, t.target)) {
            grounds.push(if ctx.answers_check {
                Clause::CheckAnswerByOther
            } else {
                Clause::PreExistingThreat
            });
            continue;
        }
        if t.target_piece.role == t.attacker_piece.role && takes_back(ctx.after, t) {
            grounds.push(Clause::SameTypeChase);
            continue;
        }
        match t.attacker_piece.role {
            Role::King if rules.king_pawn_alone_chase_allowed => {
                grounds.push(Clause::KingAttack);
                continue;
            }
            Role::Pawn if rules.king_pawn_alone_chase_allowed => {
                grounds.push(Clause::PawnAttack);
                analysis.pawn_threats.push(t.clone());
                continue;
            }
            _ => {}
        }
        if matches!(ctx.mover.role, Role::King | Role::Pawn) && t.attacker != ctx.mv.to {
            grounds.push(Clause::KingPawnJoint);
        }
        if t.held_rook {
            grounds.push(Clause::HorsePinnedRook);
        } else if !t.unprotected {
            grounds.push(Clause::HorseCannonVsRook);
        }
        analysis.chases.push(t.clone());
    }
    analysis
}

/// Whether the target, its side to move in `after`, can take its attacker
/// back: two pieces of a kind that can take each other offer a trade.
fn takes_back(after: &Position, t: &Threat) -> bool {
    after
        .legal_moves()
        .iter()
        .any(|m| m.from == t.target && m.to == t.attacker)
}
