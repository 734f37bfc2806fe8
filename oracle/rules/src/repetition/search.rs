//! The bounded searches behind the 棋例 terms: how deep they look
//! ([`SearchLimits`], with documented maxima), how much work one move's
//! classification may cost ([`Budget`]), and the mate search of 杀
//! (a forced mate by consecutive checks).
//!
//! Every search counts the positions it expands against the budget of the
//! move being classified. When the budget runs out the searches stop
//! looking further (they answer as if nothing more were found) and the
//! classification says that the move was not fully examined, so a ruling's
//! cost grows at most linearly with the cycle.

use std::cell::Cell;

use xq_core::{Move, Position};

use crate::edition::RepetitionRules;

/// How deep the threat searches look; see `spec/RULINGS.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// 杀: the longest mate by consecutive checks looked for, in the
    /// attacker's moves (1 = mate in one). At most [`SearchLimits::MAX_KILL_DEPTH`].
    pub kill_depth: u32,
    /// 捉 through checks: how many consecutive checks may precede the
    /// winning capture (0 turns the search off). At most
    /// [`SearchLimits::MAX_CHECK_WIN_DEPTH`].
    pub check_win_depth: u32,
    /// The positions one move's classification may expand. At most
    /// [`SearchLimits::MAX_NODES_PER_MOVE`].
    pub nodes_per_move: u64,
    /// The positions a whole cycle's classification may expand, shared
    /// equally among its moves (each still at most `nodes_per_move`).
    pub nodes_per_cycle: u64,
}

impl SearchLimits {
    /// The deepest mate search allowed.
    pub const MAX_KILL_DEPTH: u32 = 6;
    /// The most checks allowed before a winning capture.
    pub const MAX_CHECK_WIN_DEPTH: u32 = 3;
    /// The largest budget for one move.
    pub const MAX_NODES_PER_MOVE: u64 = 50_000_000;
    /// The largest budget for a whole cycle.
    pub const MAX_NODES_PER_CYCLE: u64 = 500_000_000;

    /// Checks every bound against its maximum.
    pub fn validate(&self) -> Result<(), String> {
        let over = |what: &str, v: u64, max: u64| {
            (v > max).then(|| format!("{what} is {v}, more than the maximum {max}"))
        };
        let problems: Vec<String> = [
            over(
                "the kill depth",
                self.kill_depth.into(),
                Self::MAX_KILL_DEPTH.into(),
            ),
            over(
                "the check-win depth",
                self.check_win_depth.into(),
                Self::MAX_CHECK_WIN_DEPTH.into(),
            ),
            over(
                "the node budget per move",
                self.nodes_per_move,
                Self::MAX_NODES_PER_MOVE,
            ),
            over(
                "the node budget per cycle",
                self.nodes_per_cycle,
                Self::MAX_NODES_PER_CYCLE,
            ),
        ]
        .into_iter()
        .flatten()
        .collect();
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("; "))
        }
    }
}

impl Default for SearchLimits {
    fn default() -> Self {
        SearchLimits {
            kill_depth: 5,
            check_win_depth: 2,
            nodes_per_move: 2_000_000,
            nodes_per_cycle: 20_000_000,
        }
    }
}

/// The work one classification may still do, in expanded positions.
#[derive(Debug)]
pub struct Budget {
    left: Cell<u64>,
    exhausted: Cell<bool>,
}

impl Budget {
    /// A budget of `nodes` expansions.
    pub fn new(nodes: u64) -> Budget {
        Budget {
            left: Cell::new(nodes),
            exhausted: Cell::new(false),
        }
    }

    /// Spends one expansion; `false` once the budget is gone.
    #[inline]
    pub fn spend(&self) -> bool {
        match self.left.get() {
            0 => {
                self.exhausted.set(true);
                false
            }
            n => {
                self.left.set(n - 1);
                true
            }
        }
    }

    /// Whether some search was cut short.
    pub fn exhausted(&self) -> bool {
        self.exhausted.get()
    }

    /// The expansions still allowed.
    pub fn left(&self) -> u64 {
        self.left.get()
    }
}

/// The limits and the budget of one move's classification, and the
/// edition's rules the searches weigh material by: every search of the 棋例
/// terms goes through it.
#[derive(Debug)]
pub struct Search<'a> {
    /// The depths of the searches.
    pub limits: &'a SearchLimits,
    /// The edition's 棋例 parameters (material values, which pieces are
    /// material, whose captures count).
    pub rules: &'a RepetitionRules,
    /// What is left of the move's budget.
    pub budget: Budget,
}

impl<'a> Search<'a> {
    /// A search within `limits`, under `rules`, that may expand `nodes`
    /// positions.
    pub fn new(limits: &'a SearchLimits, rules: &'a RepetitionRules, nodes: u64) -> Search<'a> {
        Search {
            limits,
            rules,
            budget: Budget::new(nodes),
        }
    }

    /// The legal moves of `pos`, counted as one expansion; none once the
    /// budget is gone.
    pub fn moves(&self, pos: &Position) -> Vec<Move> {
        if self.budget.spend() {
            pos.legal_moves()
        } else {
            Vec::new()
        }
    }

    /// Whether the side to move in `pos` has a legal move. Never cut short:
    /// mate must never be mistaken for a budget running out.
    pub fn has_move(&self, pos: &Position) -> bool {
        self.budget.spend();
        pos.has_legal_move()
    }

    /// The checks of the side to move.
    fn checks(&self, pos: &Position) -> Vec<Move> {
        self.moves(pos)
            .into_iter()
            .filter(|&m| pos.gives_check(m))
            .collect()
    }

    /// Whether the side to move can mate by consecutive checks within
    /// `depth` of its own moves, whatever the defence.
    pub fn mate_by_checks(&self, pos: &Position, depth: u32) -> bool {
        depth > 0
            && self
                .checks(pos)
                .into_iter()
                .any(|m| self.check_mates(pos, m, depth))
    }

    /// The checks that begin a forced mate by consecutive checks within the
    /// kill depth: what tells one mating threat from another.
    pub fn mating_checks(&self, pos: &Position) -> Vec<Move> {
        let depth = self.limits.kill_depth;
        if depth == 0 {
            return Vec::new();
        }
        self.checks(pos)
            .into_iter()
            .filter(|&m| self.check_mates(pos, m, depth))
            .collect()
    }

    /// Whether the check `m` mates, at once or by further checks.
    fn check_mates(&self, pos: &Position, m: Move, depth: u32) -> bool {
        let after = pos.play_unchecked(m);
        if depth <= 1 {
            // The last check: only whether any answer exists matters.
            return !self.has_move(&after);
        }
        let replies = self.moves(&after);
        // A budget that ran out must never pass for a mate.
        if self.budget.exhausted() {
            return false;
        }
        replies.is_empty()
            || (replies
                .into_iter()
                .all(|r| self.mate_by_checks(&after.play_unchecked(r), depth - 1))
                && !self.budget.exhausted())
    }
}
