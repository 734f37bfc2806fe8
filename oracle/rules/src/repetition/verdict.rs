//! The verdict on a cycle from both sides' patterns: 长将 loses (25.1),
//! both allowed or both forbidden draw (25.2), forbidden against allowed
//! must vary (25.3) — and, where the edition ranks them, the weight of two
//! forbidden cycles (CXA 2020 26.9).

use serde::Serialize;
use xq_core::{Color, Role};

use super::pattern::Pattern;
use super::terms::{Classified, MoveKind};
use super::SideCycle;
use crate::clauses::Clause;
use crate::edition::{
    BothForbiddenRanking, MutualCheckResult, PerpetualCheckResult, RepetitionRules,
};

/// The outcome of a cycle in which both sides' patterns are known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Both sides' patterns are allowed: a draw.
    BothAllowed,
    /// Both forbidden, of equal weight: a draw.
    BothForbidden,
    /// Both sides check perpetually: a draw.
    MutualPerpetualCheck,
    /// One side checks perpetually: it loses.
    PerpetualCheck {
        /// The checker.
        loser: Color,
    },
    /// One side's pattern is forbidden and the other's allowed (or lighter):
    /// the forbidden side must vary, and loses if it does not.
    MustVary {
        /// The side that must vary.
        side: Color,
        /// Decided by the weight of two forbidden cycles (26.9).
        ranked: bool,
    },
}

impl Verdict {
    /// The clause the verdict rests on.
    #[must_use]
    pub fn clause(self) -> Clause {
        match self {
            Verdict::BothAllowed => Clause::BothAllowed,
            Verdict::BothForbidden => Clause::BothForbidden,
            Verdict::MutualPerpetualCheck => Clause::MutualCheck,
            Verdict::PerpetualCheck { .. } => Clause::PerpetualCheck,
            Verdict::MustVary { ranked: true, .. } => Clause::BothForbiddenRanking,
            Verdict::MustVary { ranked: false, .. } => Clause::ForbiddenVsAllowed,
        }
    }

    /// The side the verdict goes against, if any.
    #[must_use]
    pub fn loser(self) -> Option<Color> {
        match self {
            Verdict::PerpetualCheck { loser } => Some(loser),
            Verdict::MustVary { side, .. } => Some(side),
            _ => None,
        }
    }
}

/// The weight of a forbidden move under CXA 2020 26.9: checks, kills, and
/// single-piece chases of a rook or of an unprotected piece are heavy;
/// joint chases and chases of under-protected pieces are light.
fn is_heavy(c: &Classified) -> bool {
    match c.kind {
        MoveKind::Check | MoveKind::Kill => true,
        MoveKind::Chase => c
            .chases
            .iter()
            .any(|t| t.single && (t.unprotected || t.target_piece.role == Role::Rook)),
        _ => false,
    }
}

/// The verdict on a cycle from both sides (whether each is forbidden
/// already accounts for the edition and the cycle rules).
#[must_use]
pub fn verdict(red: &SideCycle, black: &SideCycle, rules: &RepetitionRules) -> Verdict {
    let checks = |s: &SideCycle| s.pattern == Pattern::PerpetualCheck;
    match (checks(red), checks(black), rules.mutual_check) {
        (true, true, MutualCheckResult::Draw) => return Verdict::MutualPerpetualCheck,
        (true, false, _) | (false, true, _)
            if rules.perpetual_check == PerpetualCheckResult::Loss =>
        {
            let loser = if checks(red) {
                Color::Red
            } else {
                Color::Black
            };
            return Verdict::PerpetualCheck { loser };
        }
        _ => {}
    }
    match (red.forbidden, black.forbidden) {
        (false, false) => Verdict::BothAllowed,
        (true, false) => Verdict::MustVary {
            side: Color::Red,
            ranked: false,
        },
        (false, true) => Verdict::MustVary {
            side: Color::Black,
            ranked: false,
        },
        (true, true) => match rules.both_forbidden_ranking {
            BothForbiddenRanking::CheckBeatsChase => Verdict::BothForbidden,
            BothForbiddenRanking::AsianLevels => {
                let held = |s: &SideCycle| {
                    s.span().all(|(_, c)| {
                        c.kind == MoveKind::Check
                            || (c.kind == MoveKind::Chase && c.chases.iter().any(|t| t.held_rook))
                    }) && s.span().any(|(_, c)| c.kind == MoveKind::Chase)
                };
                match (held(red), held(black)) {
                    (true, false) => Verdict::MustVary {
                        side: Color::Red,
                        ranked: true,
                    },
                    (false, true) => Verdict::MustVary {
                        side: Color::Black,
                        ranked: true,
                    },
                    _ => Verdict::BothForbidden,
                }
            }
            BothForbiddenRanking::Cxa26_9 => {
                let heavy = |s: &SideCycle| s.span().all(|(_, c)| is_heavy(c));
                match (heavy(red), heavy(black)) {
                    (true, false) => Verdict::MustVary {
                        side: Color::Red,
                        ranked: true,
                    },
                    (false, true) => Verdict::MustVary {
                        side: Color::Black,
                        ranked: true,
                    },
                    _ => Verdict::BothForbidden,
                }
            }
        },
    }
}
