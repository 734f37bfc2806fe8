//! What every 棋例 term needs to know about one move, computed once: the
//! positions around it, who moved what, whether it answers a check, and —
//! on first use, then kept — the threats and mating checks of the mover
//! before and after it.

use std::cell::OnceCell;

use xq_core::{Game, Move, Piece, Position};

use super::search::{Search, SearchLimits};
use super::terms::chase::{self, Model};
use super::threats::Threat;
use crate::edition::RepetitionRules;

/// One move of a game, in the context the 棋例 judge it in.
pub struct MoveContext<'a> {
    /// The position the move is played in (the mover to move).
    pub before: &'a Position,
    /// The position after it (the opponent to move).
    pub after: &'a Position,
    /// When the move answers a check: the position before that check (the
    /// opponent to move), in which the mover's standing threats are read
    /// (26.1.4).
    pub before_check: Option<&'a Position>,
    /// The move.
    pub mv: Move,
    /// The moved piece.
    pub mover: Piece,
    /// Whether the move answers a check.
    pub answers_check: bool,
    /// The edition's 棋例 parameters.
    pub rules: &'a RepetitionRules,
    /// The edition's chase model, which reads the threats.
    pub model: &'static dyn Model,
    /// The bounded searches, with this move's budget.
    pub search: Search<'a>,
    /// `after` with the mover to move again: what it threatens now. `None`
    /// when the move checks (a pass has no meaning then).
    pub threatening: Option<Position>,
    threats_now: OnceCell<Vec<Threat>>,
    threats_before: OnceCell<Vec<Threat>>,
    threats_before_check: OnceCell<Vec<Threat>>,
    threats_after_any_answer: OnceCell<Vec<Threat>>,
    mates_now: OnceCell<Vec<Move>>,
}

impl<'a> MoveContext<'a> {
    /// The context of move `i` of `game` (0-based), with a budget of
    /// `nodes` expanded positions for its searches.
    ///
    /// # Panics
    /// Panics if the game has no move `i`.
    #[must_use]
    pub fn new(
        game: &'a Game,
        i: usize,
        rules: &'a RepetitionRules,
        limits: &'a SearchLimits,
        nodes: u64,
    ) -> MoveContext<'a> {
        MoveContext::with_search(game, i, rules, Search::new(limits, rules, nodes))
    }

    /// The context of move `i` of `game`, its searches done by `search`
    /// (which may share a budget and what it learns with other moves).
    ///
    /// # Panics
    /// Panics if the game has no move `i`.
    pub fn with_search(
        game: &'a Game,
        i: usize,
        rules: &'a RepetitionRules,
        search: Search<'a>,
    ) -> MoveContext<'a> {
        let positions = game.positions();
        let before = &positions[i];
        let after = &positions[i + 1];
        let mv = game.moves()[i];
        let answers_check = before.in_check();
        MoveContext {
            before,
            after,
            before_check: (answers_check && i > 0).then(|| &positions[i - 1]),
            mv,
            mover: before.piece_at(mv.from).expect("a played move has a piece"),
            answers_check,
            rules,
            model: chase::model(rules.chase_model),
            search,
            threatening: after.passed(),
            threats_now: OnceCell::new(),
            threats_before: OnceCell::new(),
            threats_before_check: OnceCell::new(),
            threats_after_any_answer: OnceCell::new(),
            mates_now: OnceCell::new(),
        }
    }

    /// The mover's threats after the move (as if it could move again).
    pub fn threats_now(&self) -> &[Threat] {
        self.threats_now.get_or_init(|| match &self.threatening {
            Some(p) => self.model.threats(&self.search, p),
            None => Vec::new(),
        })
    }

    /// The mover's threats before the move.
    pub fn threats_before(&self) -> &[Threat] {
        self.threats_before
            .get_or_init(|| self.model.threats(&self.search, self.before))
    }

    /// When the move answers a check, the mover's threats before that check.
    pub fn threats_before_check(&self) -> &[Threat] {
        self.threats_before_check.get_or_init(|| {
            match self.before_check.and_then(Position::passed) {
                Some(p) => self.model.threats(&self.search, &p),
                None => Vec::new(),
            }
        })
    }

    /// When the move answers a check: those of the mover's threats after
    /// it that the check made rather than this answer (26.1.4; 1999 29.2,
    /// "上一着尚不存在": the comparison is with the position the check left).
    /// A threat is the check's when it does not depend on the answer: an
    /// answer by another piece (the king's step, another piece's block),
    /// which leaves the answering piece where it stood, leaves the same
    /// capture of the same piece too (参考图22: the checking rook leaves its
    /// own cannon unprotected); or every other answer leaves it (参考图19).
    /// Empty when no other answer can be compared (an answer that checks
    /// has no threats to compare).
    pub fn threats_after_any_answer(&self) -> &[Threat] {
        self.threats_after_any_answer.get_or_init(|| {
            if !self.answers_check {
                return Vec::new();
            }
            let now = self.threats_now();
            let same = |t: &Threat, x: &Threat| x.target == t.target && x.attacker == t.attacker;
            let mut common: Vec<Threat> = now.to_vec();
            let mut by_other_piece: Vec<Threat> = Vec::new();
            let mut compared = false;
            for other in self.search.moves(self.before) {
                if other == self.mv {
                    continue;
                }
                let Some(p) = self.before.play_unchecked(other).passed() else {
                    continue;
                };
                let theirs = self.model.threats(&self.search, &p);
                common.retain(|t| theirs.iter().any(|x| same(t, x)));
                if other.from != self.mv.from {
                    for t in now {
                        if theirs.iter().any(|x| same(t, x))
                            && !by_other_piece.iter().any(|x| same(t, x))
                        {
                            by_other_piece.push(t.clone());
                        }
                    }
                }
                compared = true;
            }
            if !compared {
                return Vec::new();
            }
            for t in by_other_piece {
                if !common.iter().any(|x| same(&t, x)) {
                    common.push(t);
                }
            }
            common
        })
    }

    /// The mover's mating checks after the move (the checks that start a
    /// forced mate by checks within the kill depth).
    pub fn mates_now(&self) -> &[Move] {
        self.mates_now.get_or_init(|| match &self.threatening {
            Some(p) => self.search.mating_checks(p),
            None => Vec::new(),
        })
    }

    /// Whether the moved piece stood where the opponent could have won it:
    /// the move is (also) an escape.
    pub fn escapes(&self) -> bool {
        self.before.passed().is_some_and(|p| {
            self.search.captures(&p).into_iter().any(|c| {
                c.to == self.mv.from
                    && self
                        .search
                        .gain(&p, c, super::material::Accounting::Figures)
                        > 0
            })
        })
    }
}
