//! The 棋例 terms, one module each — 将 [`check`], 杀 [`kill`], 捉
//! [`chase`], 兑 [`exchange`], 献 [`offer`], 拦 [`block`], 跟 [`follow`] — and
//! here, in [`classify`], the one place that holds their order: a move with
//! several roles takes the heaviest (CXA 2020 26.4): 将 over 杀 over 捉 over
//! the kinds of 闲. Among those the rules set no order (24.8: all are 闲);
//! the oracle names a trade offer first, then a block, an offer, a watch:
//! 兑, 拦, 献, 跟, plain 闲 (a piece that blocks a line and could be taken
//! there is named for the block, as 图7 names its rook's moves).
//! Each term reads the [`MoveContext`] and the edition's ruleset; an
//! edition switch is read only inside the term it changes.

pub mod block;
pub mod chase;
pub mod check;
pub mod exchange;
pub mod follow;
pub mod kill;
pub mod offer;

use xq_core::{Role, Square};

use super::context::MoveContext;
use super::threats::Threat;
use crate::clauses::Clause;

pub use xq_spec::MoveKind;

/// A classified move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Classified {
    /// The kind.
    pub kind: MoveKind,
    /// What the move attacks: the king for 将/杀, the chased pieces for 捉,
    /// the piece offered to, blocked or watched for the kinds of 闲.
    pub targets: Vec<Square>,
    /// For 捉: the new threats.
    pub chases: Vec<Threat>,
    /// For a kind of 闲: threats the move makes with a pawn's own attacks,
    /// which count as 捉 when both sides attack on every move (CXA 1999
    /// 27.2; the cycle rules decide).
    pub pawn_threats: Vec<Threat>,
    /// The special rules that decided the kind (a threat that already
    /// existed, the king's own attack, 自毙 …), for the ruling to cite.
    pub grounds: Vec<Clause>,
    /// Whether every search finished within the move's budget. When not,
    /// the kind is what the searches found before they were cut short.
    pub complete: bool,
}

impl Classified {
    /// A classification with no threats and no grounds.
    #[must_use]
    pub fn new(kind: MoveKind, targets: Vec<Square>) -> Classified {
        Classified {
            kind,
            targets,
            chases: Vec::new(),
            pawn_threats: Vec::new(),
            grounds: Vec::new(),
            complete: true,
        }
    }
}

/// The kind of the move, the heaviest of its roles (26.4). Each term
/// either claims the move or declines it, noting in `grounds` a special
/// rule that made it decline (a threat that existed before, 自毙 …).
pub fn classify(ctx: &MoveContext) -> Classified {
    let mut grounds = Vec::new();
    // Where a perpetual kill is allowed (the Asian rules), a move that both
    // threatens mate and chases is judged by its forbidden reading, the
    // chase (diagrams 56, 71–75); elsewhere 杀 is the heavier (26.4).
    let kill_first = ctx.rules.perpetual_kill_forbidden;
    let found = check::classify(ctx);
    // 26.1.2: what the king's own answer to a check threatens, a mate or a
    // capture, is idle; neither 杀 nor 捉 is asked.
    let attacks = found.is_none() && !king_answer_excused(ctx, &mut grounds);
    let found = found.or_else(|| {
        if attacks && kill_first {
            kill::classify(ctx, &mut grounds)
        } else {
            None
        }
    });
    let mut c = match found {
        Some(c) => c,
        None => {
            let chase = if attacks {
                chase::analyse(ctx, &mut grounds)
            } else {
                chase::ChaseAnalysis::default()
            };
            let mut c = chase
                .chase()
                .or_else(|| {
                    if attacks && !kill_first {
                        kill::classify(ctx, &mut grounds)
                    } else {
                        None
                    }
                })
                .or_else(|| exchange::classify(ctx))
                .or_else(|| chase.trade())
                .or_else(|| block::classify(ctx))
                .or_else(|| offer::classify(ctx))
                .or_else(|| follow::classify(ctx))
                .unwrap_or_else(|| Classified::new(MoveKind::Idle, Vec::new()));
            if !c.kind.is_attack() {
                c.pawn_threats = chase.pawn_threats;
            }
            c
        }
    };
    c.grounds.extend(grounds);
    c.grounds.sort();
    c.grounds.dedup();
    c.complete = !ctx.search.budget.exhausted();
    c
}

/// Whether the move is the king's own answer to a check and the edition
/// excuses what it threatens (`king_check_answer_threats_idle`; CXA 2020
/// 26.1.2, 图17). The ruling cites the rule when there was something to
/// excuse.
fn king_answer_excused(ctx: &MoveContext, grounds: &mut Vec<Clause>) -> bool {
    if !(ctx.answers_check
        && ctx.mover.role == Role::King
        && ctx.rules.king_check_answer_threats_idle)
    {
        return false;
    }
    let mates = !ctx.mates_now().is_empty();
    let threats = !ctx.threats_now().is_empty();
    if mates || threats {
        grounds.push(Clause::CheckAnswerByKing);
    }
    true
}
