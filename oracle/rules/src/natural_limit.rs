//! 自然限着, the natural move limit: a game in which neither side has
//! captured for the edition's number of rounds may be drawn on a claim.
//!
//! Checks count only up to a cap: of the claimant's moves in the span, its
//! checks beyond the cap do not count (CXA 2020, CXA 1999 23.3, AXF). The
//! claim is valid when the claimant's counted moves and the opponent's moves
//! both reach the limit. Moves before the start FEN are known only by the
//! FEN's halfmove clock; they are counted as plies without a capture and
//! without a check.

use serde::Serialize;
use xq_core::{Color, Game};

use crate::edition::LimitReset;
pub use crate::edition::NaturalLimitRules;

/// One side's moves since the last capture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SideCount {
    /// Moves made since the last capture.
    pub moves: u32,
    /// Of those, checks.
    pub checks: u32,
    /// Moves that count for this side's claim: checks over the cap removed.
    pub counted: u32,
}

/// Where the natural limit stands at the end of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LimitState {
    /// The rounds the edition sets.
    pub rounds: u32,
    /// Plies since the last capture (the FEN's halfmove clock included).
    pub plies_without_capture: u32,
    /// Red's count.
    pub red: SideCount,
    /// Black's count.
    pub black: SideCount,
    /// The sides whose claim would be valid now.
    pub claimable_by: Vec<Color>,
}

impl LimitState {
    /// Whether some side may claim the draw now.
    #[must_use]
    pub fn reached(&self) -> bool {
        !self.claimable_by.is_empty()
    }
}

/// Where the natural limit stands at the end of `game`, under `rules`.
#[must_use]
pub fn state(game: &Game, rules: &NaturalLimitRules) -> LimitState {
    let positions = game.positions();
    let moves = game.moves();
    // The span starts after the last capture in the game, or before the
    // start position's own count of plies without capture.
    let resets = |i: usize| match rules.reset {
        LimitReset::Capture => positions[i].is_capture(moves[i]),
    };
    let last_capture = (0..moves.len()).rev().find(|&i| resets(i));
    let mut counts = [SideCount::default(); 2];
    let first = match last_capture {
        Some(i) => i + 1,
        None => {
            let h = game.start().halfmoves();
            // The ply just before the start was made by the side not to move.
            let last_mover = game.start().turn().other();
            counts[last_mover.index()].moves += h.div_ceil(2);
            counts[last_mover.other().index()].moves += h / 2;
            0
        }
    };
    for i in first..moves.len() {
        let side = &mut counts[positions[i].turn().index()];
        side.moves += 1;
        if positions[i + 1].in_check() {
            side.checks += 1;
        }
    }
    for c in &mut counts {
        let excess = rules
            .check_cap
            .map_or(0, |cap| c.checks.saturating_sub(cap));
        c.counted = c.moves - excess;
    }
    let claimable_by = Color::ALL
        .into_iter()
        .filter(|&c| {
            counts[c.index()].counted >= rules.rounds
                && counts[c.other().index()].moves >= rules.rounds
        })
        .collect();
    LimitState {
        rounds: rules.rounds,
        plies_without_capture: counts[0].moves + counts[1].moves,
        red: counts[0],
        black: counts[1],
        claimable_by,
    }
}
