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

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use xq_core::{Color, Move, Position, Square};

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
    /// The positions all the rulings of one game may expand together
    /// (`ruling::rule_game` rules at every point of a game): each cycle
    /// gets at most what is left. At most [`SearchLimits::MAX_NODES_PER_GAME`].
    pub nodes_per_game: u64,
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
    /// The largest budget for a whole game.
    pub const MAX_NODES_PER_GAME: u64 = 5_000_000_000;

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
            over(
                "the node budget per game",
                self.nodes_per_game,
                Self::MAX_NODES_PER_GAME,
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
            nodes_per_game: 40_000_000,
        }
    }
}

/// Why the searches of a game (or of one request) were stopped before
/// their own budgets ran out: the bound that several rulings share.
pub use xq_spec::SearchStop as StopReason;

/// What all the searches of one game share: its node budget, a deadline
/// and a cancellation flag. Once it stops, it stays stopped, and every
/// search that asks answers as if its own budget had run out.
#[derive(Debug)]
pub struct Stop {
    nodes_left: Cell<u64>,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    ticks: Cell<u32>,
    stopped: Cell<Option<StopReason>>,
}

impl Stop {
    /// The clock and the flag are read once every this many expansions:
    /// often enough to stop within milliseconds, rarely enough to cost
    /// nothing.
    const TICK: u32 = 1024;

    /// A stop after `nodes` expansions, at `deadline`, or when `cancel` is
    /// set, whichever comes first.
    #[must_use]
    pub fn new(nodes: u64, deadline: Option<Instant>, cancel: Option<Arc<AtomicBool>>) -> Stop {
        Stop {
            nodes_left: Cell::new(nodes),
            deadline,
            cancel,
            // The first expansion reads them: a request cancelled or out of
            // time before it began does no work.
            ticks: Cell::new(Self::TICK - 1),
            stopped: Cell::new(None),
        }
    }

    /// Spends one expansion of the shared budget; `false` once stopped.
    #[inline]
    pub fn spend(&self) -> bool {
        if self.stopped.get().is_some() {
            return false;
        }
        match self.nodes_left.get() {
            0 => {
                self.stopped.set(Some(StopReason::GameBudget));
                return false;
            }
            n => self.nodes_left.set(n - 1),
        }
        let t = self.ticks.get() + 1;
        if t < Self::TICK {
            self.ticks.set(t);
            return true;
        }
        self.ticks.set(0);
        !self.check()
    }

    /// Reads the flag and the clock now; whether the searches must stop.
    pub fn check(&self) -> bool {
        if self.stopped.get().is_none() {
            if self
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(Ordering::Relaxed))
            {
                self.stopped.set(Some(StopReason::Cancelled));
            } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.stopped.set(Some(StopReason::Deadline));
            }
        }
        self.stopped.get().is_some()
    }

    /// Why the searches were stopped, if they were.
    pub fn stopped(&self) -> Option<StopReason> {
        self.stopped.get()
    }

    /// The shared expansions still allowed.
    pub fn nodes_left(&self) -> u64 {
        self.nodes_left.get()
    }
}

/// The work one classification may still do, in expanded positions.
#[derive(Debug)]
pub struct Budget {
    left: Cell<u64>,
    exhausted: Cell<bool>,
    shared: Option<Rc<Stop>>,
}

impl Budget {
    /// A budget of `nodes` expansions.
    #[must_use]
    pub fn new(nodes: u64) -> Budget {
        Budget {
            left: Cell::new(nodes),
            exhausted: Cell::new(false),
            shared: None,
        }
    }

    /// A budget of `nodes` expansions within what `shared` still allows.
    pub fn within(nodes: u64, shared: Rc<Stop>) -> Budget {
        Budget {
            shared: Some(shared),
            ..Budget::new(nodes)
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
            _ if self.shared.as_ref().is_some_and(|s| !s.spend()) => {
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

/// What the searches already worked out about one position.
#[derive(Debug)]
struct Known {
    pos: Position,
    /// The captures that win on their own point ([`Search::gain`] asks for
    /// them at every capture).
    standing: Option<Vec<Move>>,
    /// No mate by checks within this many moves (0: not known).
    no_mate_within: u32,
    /// A mate by checks within this many moves (`u32::MAX`: not known).
    mate_within: u32,
}

/// What the searches of one cycle (or one game) have already worked out
/// about positions they meet again: the standing captures of a position
/// and whether it holds a mate by checks. Only answers found within budget
/// are kept, and none depends on the budget, so a hit answers as the search
/// would. Keyed by the position's hash and checked against the board: a
/// collision is never taken for a hit.
#[derive(Debug, Default)]
pub struct Memo {
    known: RefCell<HashMap<u64, Vec<Known>>>,
    kept: Cell<usize>,
}

impl Memo {
    /// At most this many positions are kept (a few megabytes), whatever
    /// the budgets; beyond it answers are worked out again.
    const MAX_KEPT: usize = 1 << 15;

    fn with<T>(&self, pos: &Position, f: impl FnOnce(&Known) -> Option<T>) -> Option<T> {
        self.known
            .borrow()
            .get(&pos.hash())?
            .iter()
            .find(|k| k.pos.same_board(pos))
            .and_then(f)
    }

    fn update(&self, pos: &Position, f: impl FnOnce(&mut Known)) {
        let mut known = self.known.borrow_mut();
        let list = known.entry(pos.hash()).or_default();
        if let Some(k) = list.iter_mut().find(|k| k.pos.same_board(pos)) {
            f(k);
        } else if self.kept.get() < Self::MAX_KEPT {
            self.kept.set(self.kept.get() + 1);
            let mut k = Known {
                pos: pos.clone(),
                standing: None,
                no_mate_within: 0,
                mate_within: u32::MAX,
            };
            f(&mut k);
            list.push(k);
        }
    }

    /// The standing captures of `pos`, if worked out before.
    pub fn standing(&self, pos: &Position) -> Option<Vec<Move>> {
        self.with(pos, |k| k.standing.clone())
    }

    /// Keeps the standing captures of `pos`.
    pub fn keep_standing(&self, pos: &Position, moves: Vec<Move>) {
        self.update(pos, |k| k.standing = Some(moves));
    }

    /// Whether the side to move in `pos` mates by checks within `depth`, if
    /// known: a mate within fewer moves is one within more, and no mate
    /// within more moves is none within fewer.
    fn mate(&self, pos: &Position, depth: u32) -> Option<bool> {
        self.with(pos, |k| {
            if depth >= k.mate_within {
                Some(true)
            } else if depth <= k.no_mate_within {
                Some(false)
            } else {
                None
            }
        })
    }

    fn keep_mate(&self, pos: &Position, depth: u32, mates: bool) {
        self.update(pos, |k| {
            if mates {
                k.mate_within = k.mate_within.min(depth);
            } else {
                k.no_mate_within = k.no_mate_within.max(depth);
            }
        });
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
    /// What the searches (of this move, or of its whole cycle) already
    /// worked out.
    pub memo: Rc<Memo>,
}

impl<'a> Search<'a> {
    /// A search within `limits`, under `rules`, that may expand `nodes`
    /// positions.
    #[must_use]
    pub fn new(limits: &'a SearchLimits, rules: &'a RepetitionRules, nodes: u64) -> Search<'a> {
        Search::sharing(limits, rules, Budget::new(nodes), Rc::default())
    }

    /// A search with its `budget` that shares what it works out in `memo`
    /// (with the other moves of a cycle, or the points of a game).
    pub fn sharing(
        limits: &'a SearchLimits,
        rules: &'a RepetitionRules,
        budget: Budget,
        memo: Rc<Memo>,
    ) -> Search<'a> {
        Search {
            limits,
            rules,
            budget,
            memo,
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
        if depth == 0 {
            return false;
        }
        if let Some(known) = self.memo.mate(pos, depth) {
            return known;
        }
        let mates = self
            .checks(pos)
            .into_iter()
            .any(|m| self.check_mates(pos, m, depth));
        // An answer found after the budget ran out is not the position's.
        if !self.budget.exhausted() {
            self.memo.keep_mate(pos, depth, mates);
        }
        mates
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

/// Where `sq` stands as `side` sees it: its rank counted from the side's
/// own edge and its file counted from the middle — what a mirrored or
/// colour-flipped board keeps.
#[must_use]
pub(crate) fn seen_by(side: Color, sq: Square) -> (i8, i8) {
    let rank = if side == Color::Red {
        sq.rank()
    } else {
        9 - sq.rank()
    };
    (rank, (sq.file() - 4).abs())
}

/// `moves` in an order read off the board alone: by the moving piece, the
/// piece taken, the shape of the move, its distances to both kings, where
/// its two points stand as the side sees them ([`seen_by`]) and the pieces
/// around them — what a mirrored or colour-flipped board keeps. Where a
/// search keeps the first (or last) of equally good answers, which piece it
/// names then does not depend on how the move generator walks the board, so
/// a ruling turns with the board (the metamorphic checks); only moves that
/// look alike in all of these, mirror images in a like neighbourhood, are
/// left in generation order.
#[must_use]
pub(crate) fn board_order(pos: &Position, mut moves: Vec<Move>) -> Vec<Move> {
    let side = pos.turn();
    let own = pos.king(side);
    let enemy = pos.king(side.other());
    let dist = |a: Square, b: Square| (a.file() - b.file()).abs() + (a.rank() - b.rank()).abs();
    // The pieces around a point, own or enemy, orthogonal or diagonal: a sum
    // that any reflection of the neighbourhood keeps.
    let around = |sq: Square| -> u64 {
        let mut sum = 0u64;
        for (df, dr) in [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ] {
            let diagonal = u64::from(df != 0 && dr != 0);
            if let Some(p) = sq.offset(df, dr).and_then(|n| pos.piece_at(n)) {
                let code = 1 + p.role as u64 + 8 * u64::from(p.color == side) + 16 * diagonal;
                sum += 1 << (2 * code);
            }
        }
        sum
    };
    moves.sort_by_cached_key(|m| {
        (
            pos.piece_at(m.from).map(|p| p.role as u8),
            pos.piece_at(m.to).map(|p| p.role as u8),
            (m.from.file() - m.to.file()).abs(),
            (m.from.rank() - m.to.rank()).abs(),
            dist(m.to, enemy),
            dist(m.from, enemy),
            dist(m.to, own),
            dist(m.from, own),
            (seen_by(side, m.to), seen_by(side, m.from)),
            (around(m.to), around(m.from)),
        )
    });
    moves
}
