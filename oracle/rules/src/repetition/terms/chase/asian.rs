//! 捉 under the Asian and World rules: a move chases when some piece gets a
//! capture it did not have before, of a target that could not be taken back
//! — or one the rules name. The threats (`protection_threats`):
//! protection is judged after the capture — 无根 and 假根 count, 真根 does
//! not; a rook attacked by a horse or cannon, or held by a horse, counts
//! even when protected. This model then keeps the chases:
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

use xq_core::{attacks, Piece, Position, Role, Square};

use super::{ChaseAnalysis, Model};
use crate::clauses::Clause;
use crate::repetition::context::MoveContext;
use crate::repetition::material::is_material;
use crate::repetition::search::Search;
use crate::repetition::threats::Threat;

/// The Asian and World rules' model (`chase_model: protection`).
pub struct Protection;

impl Model for Protection {
    fn threats(&self, search: &Search, pos: &Position) -> Vec<Threat> {
        protection_threats(search, pos)
    }

    fn analyse(&self, ctx: &MoveContext, grounds: &mut Vec<Clause>) -> ChaseAnalysis {
        analyse(ctx, grounds)
    }
}

/// The Asian rules' threats: captures after which the target cannot be
/// taken back — no legal recapture on its point (无根, 假根; terms 13–15:
/// protection is judged after the capture) — and captures of a rook by a
/// horse or cannon (rules 15, 26) or of a rook held by a horse (rule 19),
/// protected or not. Unlike the Chinese rules' 24.3, the Asian definition
/// of a chase (term 3: a move threatening to take a piece next move) does
/// not ask what the capture would cost: an attack that a mate deters is
/// still an attack (diagram 103: a rook screening its cannon's attack does
/// not chase by stepping out of an offer).
fn protection_threats(s: &Search, pos: &Position) -> Vec<Threat> {
    let mut out = Vec::new();
    for m in s.captures(pos) {
        let target_piece = pos.piece_at(m.to).expect("a capture");
        if !is_material(target_piece, m.to, s.rules) {
            continue;
        }
        let attacker_piece = pos.piece_at(m.from).expect("a mover");
        let after = pos.play_unchecked(m);
        let unprotected = !s.captures(&after).iter().any(|r| r.to == m.to);
        let rook = target_piece.role == Role::Rook;
        let held_rook = rook && pos.passed().is_some_and(|p| held_by_horse(&p, m.to));
        let named = rook && matches!(attacker_piece.role, Role::Horse | Role::Cannon);
        if !(unprotected || named || held_rook) {
            continue;
        }
        out.push(Threat {
            target: m.to,
            target_piece,
            attacker: m.from,
            attacker_piece,
            gain: s.value(target_piece),
            by_check: false,
            first_victim: None,
            unprotected,
            single: true,
            held_rook,
        });
    }
    out
}

/// Whether the rook on `sq` (its side to move) is held immobile by an enemy
/// horse (Asian rule 19): it stands on the leg of a horse's jump onto its
/// own king, so it cannot move except to take that horse.
#[must_use]
pub fn held_by_horse(pos: &Position, sq: Square) -> bool {
    let Some(rook) = pos.piece_at(sq) else {
        return false;
    };
    let king = pos.king(rook.color);
    let horse = Some(Piece::new(rook.color.other(), Role::Horse));
    let pinned =
        Square::iter().any(|h| pos.piece_at(h) == horse && attacks::horse_leg(h, king) == Some(sq));
    pinned
        && pos
            .legal_moves()
            .iter()
            .filter(|m| m.from == sq)
            .all(|m| pos.piece_at(m.to).is_some_and(|p| p.role == Role::Horse))
}

/// Sorts the mover's new threats into chases and idle pawn threats.
fn analyse(ctx: &MoveContext, grounds: &mut Vec<Clause>) -> ChaseAnalysis {
    let rules = ctx.rules;
    let now = ctx.threats_now();
    if now.is_empty() {
        return ChaseAnalysis::default();
    }
    // The attacks the mover had before the move, its moved piece followed
    // to its new point; when the move answers a check, also those it had
    // before that check. A piece that gives check by stepping into an
    // attack is not chased by the answer to the check: the attacker held
    // that attack when the answer was made (term 3: the move must make the
    // threat).
    let follow = |sq: Square| if sq == ctx.mv.from { ctx.mv.to } else { sq };
    let before_check: &[Threat] = if ctx.answers_check {
        ctx.threats_before_check()
    } else {
        &[]
    };
    let existing: Vec<(Square, Square)> = ctx
        .threats_before()
        .iter()
        .chain(before_check)
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
