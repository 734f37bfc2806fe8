//! What the rulings of one game share (`ruling::rule_game` rules at every
//! point where an arbiter is called, and a cycle that goes on is ruled at
//! several): the classifications already made, what the searches worked
//! out about positions, and one budget — nodes, a deadline, a cancellation
//! flag — for the whole game instead of one per point.
//!
//! A move's kind depends on the move, the position it is played in and,
//! when it answers a check, the position before that check (26.1.4), under
//! the edition's rules and the search bounds; not on the point being
//! ruled. So a session made for one edition and one set of bounds keeps
//! each classification by those positions and the move, and a repeated
//! cycle is classified once.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use xq_core::{Move, Position};

use super::search::{Memo, Stop, StopReason};
use super::terms::Classified;

/// A classification kept for reuse.
struct Kept {
    before: Position,
    before_check: Option<Position>,
    /// The node budget it was made with.
    nodes: u64,
    classified: Classified,
}

/// The shared state of the rulings of one game, under one edition and one
/// set of search bounds (the caller keeps to that: a session is made by
/// `rule_game` for its game, or by a caller that rules one game).
pub struct Session {
    pub(crate) memo: Rc<Memo>,
    pub(crate) stop: Rc<Stop>,
    kept: RefCell<HashMap<(u64, Move), Vec<Kept>>>,
}

impl Session {
    /// A session whose searches may expand `nodes` positions in all, and
    /// stop at `deadline` or when `cancel` is set.
    #[must_use]
    pub fn new(nodes: u64, deadline: Option<Instant>, cancel: Option<Arc<AtomicBool>>) -> Session {
        Session {
            memo: Rc::default(),
            stop: Rc::new(Stop::new(nodes, deadline, cancel)),
            kept: RefCell::default(),
        }
    }

    /// Why the searches were stopped before their own budgets ran out, if
    /// they were.
    pub fn stopped(&self) -> Option<StopReason> {
        self.stop.stopped()
    }

    /// Whether the deadline has passed or the caller cancelled: the rest of
    /// the game is then not worth ruling.
    pub fn abandoned(&self) -> bool {
        self.stop.check()
            && matches!(
                self.stop.stopped(),
                Some(StopReason::Deadline | StopReason::Cancelled)
            )
    }

    /// The shared expansions still allowed.
    pub fn nodes_left(&self) -> u64 {
        self.stop.nodes_left()
    }

    /// The kept classification of `mv` played in `before` (answering the
    /// check made from `before_check`), made with a budget of `nodes`. A
    /// complete one holds whatever the budget; one cut short by its own
    /// budget is what the same budget would find again.
    pub(crate) fn find(
        &self,
        before: &Position,
        before_check: Option<&Position>,
        mv: Move,
        nodes: u64,
    ) -> Option<Classified> {
        let kept = self.kept.borrow();
        kept.get(&(before.hash(), mv))?
            .iter()
            .find(|k| {
                k.before.same_board(before)
                    && match (&k.before_check, before_check) {
                        (None, None) => true,
                        (Some(a), Some(b)) => a.same_board(b),
                        _ => false,
                    }
                    && (k.classified.complete || k.nodes == nodes)
            })
            .map(|k| k.classified.clone())
    }

    /// Keeps a classification, unless the shared budget or the deadline cut
    /// it short (what it found then depends on when that happened).
    pub(crate) fn keep(
        &self,
        before: &Position,
        before_check: Option<&Position>,
        mv: Move,
        nodes: u64,
        classified: &Classified,
    ) {
        if !classified.complete && self.stop.stopped().is_some() {
            return;
        }
        self.kept
            .borrow_mut()
            .entry((before.hash(), mv))
            .or_default()
            .push(Kept {
                before: before.clone(),
                before_check: before_check.cloned(),
                nodes,
                classified: classified.clone(),
            });
    }
}
