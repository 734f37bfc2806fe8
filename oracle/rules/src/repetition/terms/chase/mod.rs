//! 捉 (chase): the move newly threatens to win material. The editions
//! judge a threat in two ways, each its own model: the Chinese rules by the
//! material the complete exchange wins ([`cxa`]), the Asian and World rules
//! by whether the target is protected after the capture ([`asian`]).

pub mod asian;
pub mod cxa;

use xq_core::Square;

use super::{Classified, MoveKind};
use crate::clauses::Clause;
use crate::edition::ChaseModel;
use crate::repetition::context::MoveContext;
use crate::repetition::threats::Threat;

/// What the chase term found in a move.
#[derive(Debug, Default)]
pub struct ChaseAnalysis {
    /// The new threats that make the move a chase.
    pub chases: Vec<Threat>,
    /// New threats made by a pawn's own attack, idle by CXA 2020 26.1 (but
    /// see CXA 1999 27.2).
    pub pawn_threats: Vec<Threat>,
}

impl ChaseAnalysis {
    /// The move as a chase, if it is one.
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
}

/// Sorts the mover's new threats into chases and idle pawn threats, by the
/// edition's model.
pub fn analyse(ctx: &MoveContext, grounds: &mut Vec<Clause>) -> ChaseAnalysis {
    match ctx.rules.chase_model {
        ChaseModel::CompleteExchange => cxa::analyse(ctx, grounds),
        ChaseModel::Protection => asian::analyse(ctx, grounds),
    }
}
