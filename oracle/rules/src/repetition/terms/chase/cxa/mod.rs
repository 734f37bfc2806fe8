//! 捉 under the Chinese rules (CXA 2020 24.3; CXA 1999 29): the move newly
//! threatens to win material, judged by the complete exchange.
//!
//! The threats themselves (captures that come out ahead after the complete
//! exchange, wins through checks) are found by [`threats`]; this model
//! decides which of them make the move a chase:
//!
//! - the threat is **new**: the same target was not already winnable before
//!   the move (从捉到捉 is idle) — or, when the move answers a check, before
//!   that check, nor after every other answer (26.1.4) — except for a
//!   threat renewed by a piece that escaped an attack: one that brings a new
//!   attacker, helps a joint threat, or holds the target in place (不能离线),
//!   where the edition counts such renewals (`escape_renews_threat`; CXA
//!   1999 29.2 does not);
//! - it is not a trade the target can accept (兑);
//! - the king's and the pawns' own attacks are idle (26.1), except a pawn
//!   capture that would give check (26.8), and a king or pawn move that only
//!   helps another piece is a chase only where the edition says (26.1.1);
//! - a side holding a drawing point does not chase advisors and elephants
//!   by the way (26.2).

pub mod threats;

use xq_core::{attacks, Move, Position, Role, Square, Validation};

use super::{ChaseAnalysis, Model};
use crate::clauses::Clause;
use crate::repetition::context::MoveContext;
use crate::repetition::material::Accounting;
use crate::repetition::search::Search;
use crate::repetition::terms::exchange;
use crate::repetition::threats::Threat;

/// The Chinese rules' model (`chase_model: complete-exchange`).
pub struct CompleteExchange;

impl Model for CompleteExchange {
    fn threats(&self, search: &Search, pos: &Position) -> Vec<Threat> {
        threats::threats(search, pos)
    }

    fn analyse(&self, ctx: &MoveContext, grounds: &mut Vec<Clause>) -> ChaseAnalysis {
        analyse(ctx, grounds)
    }
}

/// Sorts the mover's new threats into chases and idle pawn threats.
fn analyse(ctx: &MoveContext, grounds: &mut Vec<Clause>) -> ChaseAnalysis {
    let Some(threatening) = ctx.threatening.as_ref() else {
        return ChaseAnalysis::default();
    };
    let now = ctx.threats_now();
    if now.is_empty() {
        return ChaseAnalysis::default();
    }
    let existing = existing_threats(ctx);
    let escaping = std::cell::OnceCell::new();
    let mut candidates: Vec<Threat> = Vec::new();
    let mut trades: Vec<Square> = Vec::new();
    for t in now {
        let mut t = t.clone();
        if made_by_check(ctx, &t, grounds) {
            continue;
        }
        if stands_unrenewed(ctx, now, &existing, &escaping, &mut t, grounds) {
            // A standing threat that the move raises by joining it is still
            // 从捉到捉 (no 捉), but the rise is the move's: when the target
            // can answer it with an even trade, the move offers that trade
            // (兑, 24.4), as it would had nothing stood before.
            if joins_and_raises(ctx, now, &existing, &t) {
                if let Some(offered) = offers_trade(ctx, threatening, now, &t, grounds) {
                    trades.push(offered);
                }
            }
            continue;
        }
        // A new threat excused as a trade the target can accept names the
        // move 兑 (24.4), if nothing heavier claims it.
        if let Some(offered) = offers_trade(ctx, threatening, now, &t, grounds) {
            trades.push(offered);
            continue;
        }
        // 26.5 (得不偿失): a threat that wins less than what the move itself
        // left the opponent to take elsewhere — a piece of ours it unguarded
        // or uncovered, still there to be taken after our capture — wins
        // nothing. The moved piece offered is not counted here (献, 26.4).
        if loses_to_exposed(ctx, threatening, &t) {
            grounds.push(Clause::CompleteExchange);
            continue;
        }
        candidates.push(t);
    }
    if king_pawn_help_is_idle(ctx, &candidates, grounds) {
        return ChaseAnalysis {
            trades,
            ..ChaseAnalysis::default()
        };
    }
    let mut analysis = sort_own_attacks(ctx, threatening, candidates, grounds);
    drop_drawing_point_attacks(ctx, &mut analysis, grounds);
    analysis.trades = trades;
    analysis
}

/// 从捉到捉: what the mover could win before the move (or before the check
/// it answers), as (attacker, followed to its new point; target; gain), so
/// that a threat standing unchanged is not counted as new.
fn existing_threats(ctx: &MoveContext) -> Vec<(Square, Square, i32)> {
    let follow = |sq: Square| if sq == ctx.mv.from { ctx.mv.to } else { sq };
    let mut existing: Vec<(Square, Square, i32)> = Vec::new();
    if !ctx.answers_check {
        existing.extend(
            ctx.threats_before()
                .iter()
                .map(|t| (follow(t.attacker), t.target, t.gain)),
        );
    }
    existing.extend(
        ctx.threats_before_check()
            .iter()
            .map(|t| (follow(t.attacker), t.target, t.gain)),
    );
    existing
}

/// 26.1.4 counts what the answer to a check creates; a threat that any
/// other answer would leave standing as well was made by the check itself
/// (参考图19: the checking rook leaves the cannon it protected).
fn made_by_check(ctx: &MoveContext, t: &Threat, grounds: &mut Vec<Clause>) -> bool {
    if ctx.answers_check
        && ctx
            .threats_after_any_answer()
            .iter()
            .any(|x| x.target == t.target && x.attacker == t.attacker)
    {
        grounds.push(Clause::CheckAnswerByOther);
        return true;
    }
    false
}

/// 从捉到捉: whether `t` stood before the move and the move does not renew
/// it. A threat stands when the same target could already be won before; a
/// target whose exchange was only level before (26.5) is won anew when the
/// move makes it a gain (参考图15: the rook steps out of an attack, and the
/// cannon's capture of the horse now wins it outright). May mark `t` joint
/// when the moved piece guards every way out of the target.
fn stands_unrenewed(
    ctx: &MoveContext,
    now: &[Threat],
    existing: &[(Square, Square, i32)],
    escaping: &std::cell::OnceCell<bool>,
    t: &mut Threat,
    grounds: &mut Vec<Clause>,
) -> bool {
    if !existing
        .iter()
        .any(|&(_, target, gain)| target == t.target && (gain > 0 || gain >= t.gain))
    {
        return false;
    }
    // A piece that steps out of an attack renews a chase when it brings a
    // new attacker onto the target: itself (参考图45: the cannon escapes
    // onto the elephant a horse already attacked) or a piece it unmasks
    // (参考图23: the cannon's retreat frees the horse's leg onto a cannon the
    // rook already attacked); an escape that adds no force to the attack
    // stays idle (参考图37). It also renews one it helps (图10, 11, 25, 27,
    // 28), and one whose target it holds in place (不能离线, 参考图39, 49).
    // Where the edition has no renewals (1999 29.2: a chase arises from the
    // move just played and did not stand before it), a threat that stood is
    // 闲 however the move keeps it up.
    let new_attacker = t.single
        && !t.by_check
        && !existing
            .iter()
            .any(|&(a, target, _)| a == t.attacker && target == t.target);
    let renewed = ctx.rules.escape_renews_threat
        && *escaping.get_or_init(|| ctx.escapes())
        && (new_attacker
            || renews_joint_threat(ctx, now, t)
            || match holds_target(ctx, t) {
                Some(hold) => {
                    // A guard on every way out is a second attacker, and so
                    // is a holder the capture itself passes over, the screen
                    // of the attacking cannon (参考图38: the rook that pins
                    // Red's rook to its king as the cannon's screen steps out
                    // of the horse's attack and keeps the pin: 车炮联合捉车).
                    let screens = attacks::path(t.attacker_piece.role, t.attacker, t.target)
                        .contains(&ctx.mv.to);
                    t.single &= hold == Hold::Pins && !screens;
                    grounds.push(Clause::CannotLeaveLine);
                    true
                }
                None => false,
            });
    if !renewed {
        grounds.push(if ctx.answers_check {
            Clause::CheckAnswerByOther
        } else {
            Clause::PreExistingThreat
        });
    }
    !renewed
}

/// Whether the moved piece joins the standing threat `t` as a new attacker
/// of its target (it did not attack that target from the point it left) and
/// the threat now wins more than any that stood on the target before. Such
/// a move changes what the opponent must answer; a move that leaves the
/// threat as it stood changes nothing (a trade that stood before is not
/// the move's).
fn joins_and_raises(
    ctx: &MoveContext,
    now: &[Threat],
    existing: &[(Square, Square, i32)],
    t: &Threat,
) -> bool {
    let joiner = ctx.mv.to;
    let joins = now
        .iter()
        .any(|x| x.target == t.target && x.attacker == joiner && !x.by_check)
        && !existing
            .iter()
            .any(|&(a, target, _)| a == joiner && target == t.target);
    let stood = existing
        .iter()
        .filter(|&&(_, target, _)| target == t.target)
        .map(|&(_, _, gain)| gain)
        .max();
    joins && !t.by_check && stood.is_some_and(|g| t.gain > g)
}

/// 兑 (24.4, 26.4): whether `t` offers the opponent an equal trade rather
/// than making it lose material; if so, the enemy piece offered the trade.
fn offers_trade(
    ctx: &MoveContext,
    threatening: &Position,
    now: &[Threat],
    t: &Threat,
    grounds: &mut Vec<Clause>,
) -> Option<Square> {
    // A piece that can take its attacker back as an equal trade is being
    // offered an exchange (兑), not chased. The same holds when the win
    // comes through a capturing check whose victim could take the checker
    // in a trade (图13: two cannons facing over a rook are an exchange,
    // whatever the capture would uncover).
    let offered = if t.by_check {
        t.first_victim
    } else {
        Some(t.target)
    };
    if let Some(v) =
        offered.filter(|&v| exchange::trade_offered(ctx, t.attacker, v, Accounting::Figures))
    {
        grounds.push(Clause::TermExchange);
        return Some(v);
    }
    // A joint threat that cannot do without one of its attackers, which
    // the target can take as an equal trade (24.4), offers the opponent
    // that trade rather than making it lose material: 兑. A threat the
    // attacker wins alone, or the others win without the offered piece,
    // stays a chase beside the offer (26.4).
    if !t.single
        && !t.by_check
        && now.iter().any(|x| {
            x.target == t.target
                && x.attacker != t.attacker
                && !x.by_check
                && exchange::trade_offered(ctx, x.attacker, x.target, Accounting::Figures)
                && without_piece(threatening, x.attacker).is_some_and(|w| {
                    !threats::threats(&ctx.search, &w)
                        .iter()
                        .any(|y| y.target == t.target)
                })
        })
    {
        grounds.push(Clause::TermExchange);
        return Some(t.target);
    }
    None
}

/// 26.1.1: a king or pawn move that lets another piece attack is a chase
/// only where the edition says so; true when the move is idle for that.
fn king_pawn_help_is_idle(
    ctx: &MoveContext,
    candidates: &[Threat],
    grounds: &mut Vec<Clause>,
) -> bool {
    let helps = |t: &Threat| t.attacker != ctx.mv.to;
    if matches!(ctx.mover.role, Role::King | Role::Pawn) && candidates.iter().any(helps) {
        grounds.push(Clause::KingPawnJoint);
        return !ctx.rules.king_pawn_joint_chase_is_chase;
    }
    false
}

/// 26.1: the king's and the pawns' own attacks are idle, except a pawn
/// capture that would give check (26.8); sorts the candidates accordingly.
fn sort_own_attacks(
    ctx: &MoveContext,
    threatening: &Position,
    candidates: Vec<Threat>,
    grounds: &mut Vec<Clause>,
) -> ChaseAnalysis {
    let rules = ctx.rules;
    let mut analysis = ChaseAnalysis::default();
    for t in candidates {
        let own = rules.king_pawn_alone_chase_allowed
            && match t.attacker_piece.role {
                Role::King => {
                    grounds.push(Clause::KingAttack);
                    true
                }
                // A pawn's own threats are those that involve no check
                // (1999 27.2): winning material by a pawn's check is a
                // chase (参考图29: 伏弃卒将军换车), and so, under 2020 26.8, is
                // a pawn capture that gives check.
                Role::Pawn if t.by_check => false,
                Role::Pawn => {
                    let checks = rules.pawn_capture_with_check_is_chase
                        && threatening.gives_check(Move::new(t.attacker, t.target));
                    grounds.push(if checks {
                        Clause::PawnCaptureCheck
                    } else {
                        Clause::PawnAttack
                    });
                    !checks
                }
                _ => false,
            };
        if !own {
            analysis.chases.push(t);
        } else if t.attacker_piece.role == Role::Pawn {
            analysis.pawn_threats.push(t);
        }
    }
    analysis
}

/// 26.2: a side holding a drawing point with a single attacking piece does
/// not chase by its incidental attacks on advisors and elephants.
fn drop_drawing_point_attacks(
    ctx: &MoveContext,
    analysis: &mut ChaseAnalysis,
    grounds: &mut Vec<Clause>,
) {
    if ctx.rules.drawing_point_attacks_idle && attacking_pieces(ctx.after, ctx.mover.color) <= 1 {
        let before = analysis.chases.len();
        analysis
            .chases
            .retain(|t| !matches!(t.target_piece.role, Role::Advisor | Role::Elephant));
        if analysis.chases.len() < before {
            grounds.push(Clause::DrawingPoint);
        }
    }
}

/// Whether the capture that makes threat `t` would let the opponent take,
/// elsewhere, more than `t` gains, through a capture the move itself made
/// possible: one that did not win material before the move (the opponent
/// to move) and does after it, and still does once `t`'s capture is made.
/// The moved piece is left out (a piece offered, 献, 26.4), and so is a
/// move that answers a check (the opponent could not move before it).
fn loses_to_exposed(ctx: &MoveContext, threatening: &Position, t: &Threat) -> bool {
    if t.by_check || ctx.answers_check {
        return false;
    }
    let Some(before) = ctx.before.passed() else {
        return false;
    };
    let s = &ctx.search;
    let stood = s.captures(&before);
    let taken = threatening.play_unchecked(Move::new(t.attacker, t.target));
    let later = s.captures(&taken);
    s.captures(ctx.after).into_iter().any(|c| {
        c.to != ctx.mv.to
            && c.to != t.attacker
            && s.local_gain(ctx.after, c) >= t.gain
            && !(stood.contains(&c) && s.local_gain(&before, c) > 0)
            && later.contains(&c)
            && s.local_gain(&taken, c) >= t.gain
    })
}

/// Whether a joint threat `t` that existed before the move is renewed by
/// it (从捉到捉 does not apply): the moved piece escaped a chase, and the
/// joint threat cannot do without it. The figures rule such a move a chase
/// (图10, 11, 25, 27, 28: the helper of a joint chase steps out of an
/// attack and keeps the chase going). A single piece keeping its own chase
/// up stays idle (图5). `now` holds every threat after the move.
fn renews_joint_threat(ctx: &MoveContext, now: &[Threat], t: &Threat) -> bool {
    let moved_to = ctx.mv.to;
    if t.single || t.by_check {
        return false;
    }
    if now
        .iter()
        .any(|x| x.target == t.target && x.attacker == moved_to)
    {
        return false; // the moved piece chases by itself: 从捉到捉
    }
    let Some(threatening) = ctx.threatening.as_ref() else {
        return false;
    };
    match without_piece(threatening, moved_to) {
        Some(without) => !threats::threats(&ctx.search, &without)
            .iter()
            .any(|x| x.target == t.target),
        // Without it the opponent's king would stand in check: the moved
        // piece screens one of our cannons, the joint chase's helper.
        None => true,
    }
}

/// `pos` with the piece on `sq` taken off the board, if that leaves a
/// position (it does not when the side not to move would then be in check).
fn without_piece(pos: &Position, sq: Square) -> Option<Position> {
    let mut setup = pos.to_setup();
    setup.board[sq.index()] = None;
    Position::from_setup(&setup, Validation::Relaxed).ok()
}

/// How the moved piece holds a chased piece in place.
#[derive(PartialEq, Eq)]
enum Hold {
    /// It guards every point the target could flee to: a second attacker,
    /// so the chase is joint (参考图39: rook, horse and cannon together
    /// chase the rook that could otherwise take the cannon's screen).
    Guards,
    /// It holds the target some other way — a pin, a mate that would
    /// follow: the chase stays the attacker's own (参考图49: the horse
    /// keeps the cannon on its line, a chase of an unprotected piece).
    Pins,
}

/// 不能离线: whether the moved piece is what keeps the target of `t` from
/// getting away: the target has no way out now, and would have one if the
/// moved piece were not on the board.
fn holds_target(ctx: &MoveContext, t: &Threat) -> Option<Hold> {
    if t.by_check || !ctx.search.getaways(ctx.after, t.target).is_empty() {
        return None;
    }
    let holder = ctx.mv.to;
    let without = without_piece(ctx.after, holder)?;
    let ways = ctx.search.getaways(&without, t.target);
    if ways.is_empty() {
        return None;
    }
    // A way out the moved piece merely stands in is blocked (拦, 24.6),
    // which has no attacking effect: it must hold the target by attack —
    // a pin, a mate that would follow, a guard on the point — on some way
    // out (参考图37: the cannon that escapes onto the horse's leg adds no
    // force to the attack on the horse).
    let role = ctx.after.piece_at(t.target)?.role;
    let stands_in =
        |m: &Move| m.to == holder || attacks::path(role, m.from, m.to).contains(&holder);
    let attacked: Vec<&Move> = ways.iter().filter(|m| !stands_in(m)).collect();
    if attacked.is_empty() {
        return None;
    }
    let guarded = |m: &&Move| ctx.after.attackers(m.to, ctx.mover.color).contains(&holder);
    Some(if attacked.iter().all(guarded) {
        Hold::Guards
    } else {
        Hold::Pins
    })
}

/// The pieces of a side that can attack across the river: rooks, horses,
/// cannons and crossed pawns.
fn attacking_pieces(pos: &Position, color: xq_core::Color) -> usize {
    Square::iter()
        .filter_map(|sq| pos.piece_at(sq).map(|p| (sq, p)))
        .filter(|(sq, p)| {
            p.color == color
                && match p.role {
                    Role::Rook | Role::Horse | Role::Cannon => true,
                    Role::Pawn => !sq.on_side_of(color),
                    _ => false,
                }
        })
        .count()
}
