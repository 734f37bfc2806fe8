//! 捉 (chase): the move newly threatens to win material. The editions
//! judge a threat in two ways, each its own model ([`Model`]) that finds
//! the threats its edition recognises and keeps those that make a move a
//! chase: the Chinese rules by the material the complete exchange wins
//! ([`cxa`]), the Asian and World rules by whether the target is protected
//! after the capture ([`asian`]). [`model`] is the one place the edition's
//! `chase_model` is read.

pub mod asian;
pub mod cxa;

use xq_core::{Position, Square};

use super::{Classified, MoveKind};
use crate::clauses::Clause;
use crate::edition::ChaseModel;
use crate::repetition::context::MoveContext;
use crate::repetition::search::Search;
use crate::repetition::threats::Threat;

/// A way of judging threats and chases.
pub trait Model: Sync {
    /// Every way the side to move in `pos` could win material next move,
    /// as this model reads a threat.
    fn threats(&self, search: &Search, pos: &Position) -> Vec<Threat>;

    /// Sorts the mover's threats after the move of `ctx` into chases and
    /// idle pawn threats, noting in `grounds` the special rules that
    /// excused a threat.
    fn analyse(&self, ctx: &MoveContext, grounds: &mut Vec<Clause>) -> ChaseAnalysis;
}

/// The model an edition judges chases by.
#[must_use]
pub fn model(kind: ChaseModel) -> &'static dyn Model {
    match kind {
        ChaseModel::CompleteExchange => &cxa::CompleteExchange,
        ChaseModel::Protection => &asian::Protection,
    }
}

/// What the chase term found in a move.
#[derive(Debug, Default)]
pub struct ChaseAnalysis {
    /// The new threats that make the move a chase.
    pub chases: Vec<Threat>,
    /// New threats made by a pawn's own attack, idle by CXA 2020 26.1 (but
    /// see CXA 1999 27.2).
    pub pawn_threats: Vec<Threat>,
    /// The enemy pieces a new threat was offered to as a trade they can
    /// accept at no cost, the threat excused for that alone (兑, 24.4):
    /// the move made the trade the answer to its threat, even where the two
    /// pieces already attacked each other (图30).
    pub trades: Vec<Square>,
}

impl ChaseAnalysis {
    /// The move as a chase, if it is one.
    #[must_use]
    pub fn chase(&self) -> Option<Classified> {
        if self.chases.is_empty() {
            return None;
        }
        let mut targets: Vec<Square> = self.chases.iter().map(|t| t.target).collect();
        targets.sort();
        targets.dedup();
        let mut c = Classified::new(MoveKind::Chase, targets);
        c.chases = self.chases.clone();
        if self.chases.iter().all(|t| t.by_check) {
            c.grounds.push(Clause::ThreatToWinByCheck);
        }
        if self.chases.iter().all(|t| !t.single) {
            c.grounds.push(Clause::JointChase);
        }
        Some(c)
    }

    /// The move as a trade offer (兑), if a new threat of it was excused
    /// only as a trade the target can accept (24.4). `classify` asks this
    /// after `exchange::classify`, before the other kinds of 闲.
    #[must_use]
    pub fn trade(&self) -> Option<Classified> {
        if self.trades.is_empty() {
            return None;
        }
        let mut targets = self.trades.clone();
        targets.sort();
        targets.dedup();
        Some(Classified::new(MoveKind::Exchange, targets))
    }
}

/// Sorts the mover's new threats into chases and idle pawn threats, by the
/// edition's model.
pub fn analyse(ctx: &MoveContext, grounds: &mut Vec<Clause>) -> ChaseAnalysis {
    ctx.model.analyse(ctx, grounds)
}
