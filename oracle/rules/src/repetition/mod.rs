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
use xq_core::Game;
use xq_core::{Color, Square};

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

/// The kind of the game's last move, in the context of the moves before it.
///
/// # Panics
/// Panics if the game has no move.
pub fn classify_last(game: &Game, rules: &RepetitionRules, limits: &SearchLimits) -> Classified {
    let i = game
        .moves()
        .len()
        .checked_sub(1)
        .expect("a game with at least one move");
    classify::classify(game.positions(), game.moves(), i, rules, limits)
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
    let mut sides: [Vec<(usize, Classified)>; 2] = [Vec::new(), Vec::new()];
    for ply in cycle.first_ply..=cycle.last_ply {
        let i = ply - 1;
        let c = classify::classify(positions, moves, i, rules, limits);
        sides[positions[i].turn().index()].push((ply, c));
    }
    // CXA 1999 27.2: when both sides attack on every move, a pawn's own
    // threats count as chases too.
    if rules.pawn_chase_in_mutual_attack_is_chase == Some(true) {
        let attacks =
            |ms: &[(usize, Classified)]| ms.iter().all(|(_, c)| c.kind.is_attack() || c.pawn_chase);
        let any_pawn = sides.iter().flatten().any(|(_, c)| c.pawn_chase);
        if any_pawn && attacks(&sides[0]) && attacks(&sides[1]) {
            for (_, c) in sides.iter_mut().flatten() {
                if c.pawn_chase && !c.kind.is_attack() {
                    c.kind = MoveKind::Chase;
                    c.why =
                        "a pawn's threat counts as a chase when both sides attack on every move"
                            .into();
                }
            }
        }
    }
    let [red_moves, black_moves] = sides;
    let side = |color: Color, moves: Vec<(usize, Classified)>| {
        let kinds: Vec<MoveKind> = moves.iter().map(|(_, c)| c.kind).collect();
        let pattern = Pattern::of(&kinds);
        // Asian rule 32: one piece chasing two pieces in turn is allowed.
        let alternating =
            pattern == Pattern::PerpetualChase && one_piece_alternating(game, cycle, &moves);
        SideCycle {
            color,
            forbidden: pattern.forbidden(rules) && (!alternating || rules.one_chases_two_forbidden),
            moves,
            pattern,
        }
    };
    let red = side(Color::Red, red_moves);
    let black = side(Color::Black, black_moves);
    let rc: Vec<Classified> = red.moves.iter().map(|(_, c)| c.clone()).collect();
    let bc: Vec<Classified> = black.moves.iter().map(|(_, c)| c.clone()).collect();
    CycleRuling {
        cycle,
        verdict: verdict(
            (red.pattern, red.forbidden, &rc),
            (black.pattern, black.forbidden, &bc),
            rules,
        ),
        red,
        black,
    }
}

/// Whether a side's chases are made by one piece against different pieces
/// in turn: each chasing move is made by the piece that made the side's
/// previous move, and two successive chases share no target (targets that
/// the opponent moved in between are followed to their new points).
fn one_piece_alternating(game: &Game, cycle: Cycle, moves: &[(usize, Classified)]) -> bool {
    let all = game.moves();
    if moves.len() < 2 {
        return false;
    }
    let mut alternates = false;
    for k in 0..moves.len() {
        let (p, ref c) = moves[k];
        let (q, ref d) = moves[(k + 1) % moves.len()];
        // The cycle repeats, so the last move is followed by the first.
        let (mp, mq) = (all[p - 1], all[q - 1]);
        if mq.from != mp.to {
            return false;
        }
        // The opponent's move after ply p; after the cycle's last ply the
        // cycle starts again.
        let len = cycle.last_ply - cycle.first_ply + 1;
        let reply_ply = if p < cycle.last_ply {
            p + 1
        } else {
            p + 1 - len
        };
        let reply = all[reply_ply - 1];
        let followed: Vec<Square> = c
            .targets
            .iter()
            .map(|&t| if t == reply.from { reply.to } else { t })
            .collect();
        if followed.iter().all(|t| !d.targets.contains(t)) {
            alternates = true;
        }
    }
    alternates
}
