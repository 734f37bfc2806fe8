//! 棋例: rulings on repeated positions.
//!
//! A cycle ends at the last move when the final position (board and side to
//! move) occurred before; it runs between the last two occurrences. Each
//! move of the cycle gets its kind ([`classify`]), each side a pattern
//! ([`pattern`]), and the edition's table gives the verdict.

pub mod classify;
pub mod pattern;
pub mod threats;

use crate::edition::RepetitionRules;
use crate::game::Game;
use crate::types::Color;

pub use classify::{Classified, MoveKind};
pub use pattern::{chinese_name, verdict, Pattern, Verdict};
pub use threats::SearchLimits;

/// A repetition cycle: the moves with plies `first_ply..=last_ply` lead
/// from one occurrence of the final position to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cycle {
    /// The ply of the cycle's first move (plies count from 1).
    pub first_ply: usize,
    pub last_ply: usize,
    /// How often the final position has occurred in the game.
    pub occurrences: usize,
}

/// Finds the cycle that ends with the game's last move, if the final
/// position occurred before.
pub fn find_cycle(game: &Game) -> Option<Cycle> {
    let positions = game.positions();
    let last = positions.len() - 1;
    let fin = &positions[last];
    let same = |i: usize| positions[i].hash() == fin.hash() && positions[i].same_board(fin);
    let previous = (0..last).rev().find(|&i| same(i))?;
    let occurrences = (0..=last).filter(|&i| same(i)).count();
    Some(Cycle {
        first_ply: previous + 1,
        last_ply: last,
        occurrences,
    })
}

/// One side's part of a cycle.
#[derive(Clone, Debug)]
pub struct SideCycle {
    pub color: Color,
    /// `(ply, classification)` of each of the side's moves in the cycle.
    pub moves: Vec<(usize, Classified)>,
    pub pattern: Pattern,
    pub forbidden: bool,
}

impl SideCycle {
    pub fn kinds(&self) -> Vec<MoveKind> {
        self.moves.iter().map(|(_, c)| c.kind).collect()
    }
}

/// The analysis of a cycle under an edition's rules.
#[derive(Clone, Debug)]
pub struct CycleRuling {
    pub cycle: Cycle,
    pub red: SideCycle,
    pub black: SideCycle,
    pub verdict: Verdict,
}

/// Classifies every move of the cycle and rules on it.
pub fn rule_cycle(
    game: &Game,
    cycle: Cycle,
    rules: &RepetitionRules,
    limits: &SearchLimits,
) -> CycleRuling {
    let positions = game.positions();
    let moves = game.moves();
    let mut sides = [Vec::new(), Vec::new()];
    for ply in cycle.first_ply..=cycle.last_ply {
        let i = ply - 1;
        let c = classify::classify(positions, moves, i, rules, limits);
        sides[positions[i].turn().index()].push((ply, c));
    }
    let [red_moves, black_moves] = sides;
    let side = |color: Color, moves: Vec<(usize, Classified)>| {
        let kinds: Vec<MoveKind> = moves.iter().map(|(_, c)| c.kind).collect();
        let pattern = Pattern::of(&kinds);
        SideCycle {
            color,
            forbidden: pattern.forbidden(rules),
            moves,
            pattern,
        }
    };
    let red_c: Vec<Classified> = red_moves.iter().map(|(_, c)| c.clone()).collect();
    let black_c: Vec<Classified> = black_moves.iter().map(|(_, c)| c.clone()).collect();
    CycleRuling {
        cycle,
        verdict: verdict(&red_c, &black_c, rules),
        red: side(Color::Red, red_moves),
        black: side(Color::Black, black_moves),
    }
}
