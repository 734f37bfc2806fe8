//! 棋例: rulings on repeated positions.
//!
//! A cycle ends at the last move when the final position (board and side to
//! move) occurred before; it runs between the last two occurrences. Each
//! move of the cycle gets its kind from the terms ([`terms`], in the
//! context of [`context::MoveContext`]), each side a [`Pattern`], the cycle
//! rules below adjust what is forbidden, and [`verdict`] decides.
//!
//! A side's pattern covers every move since the first occurrence the
//! edition counts, not only the last cycle: a position that came back
//! through an idle shuffle and then through a checking one has not been
//! checked into three times (`spec/RULINGS.md`, "The counted span").
//!
//! The order of the method, term by term, is described in
//! `spec/RULINGS.md`.

pub mod context;
pub mod material;
pub mod pattern;
pub mod search;
pub mod session;
pub mod terms;
pub mod threats;
pub mod tied;
pub mod verdict;

use xq_core::{Color, Game, Square};

use crate::clauses::Clause;
use crate::edition::RepetitionRules;
use context::MoveContext;

pub use pattern::{chinese_name, Pattern};
pub use search::{SearchLimits, StopReason};
pub use session::Session;
pub use terms::{Classified, MoveKind};
pub use verdict::Verdict;

/// A repetition cycle: the moves with plies `first_ply..=last_ply` lead
/// from one occurrence of the final position to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cycle {
    /// The ply of the cycle's first move (plies count from 1).
    pub first_ply: usize,
    /// The ply of the cycle's last move (the game's last move).
    pub last_ply: usize,
    /// How often the final position has occurred in the game.
    pub occurrences: usize,
    /// The first ply of the counted span: the moves since the earliest of
    /// the occurrences the edition counts (the last `occurrences` of them,
    /// or all there are). Equal to `first_ply` after a single cycle.
    pub counted_from_ply: usize,
}

impl Cycle {
    /// The number of moves in the cycle.
    #[must_use]
    pub fn len(&self) -> usize {
        self.last_ply + 1 - self.first_ply
    }

    /// A cycle always holds at least one move of each side.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }
}

/// Finds the cycle that ends with the game's last move, if the final
/// position occurred before; `counted` is the edition's count of
/// occurrences (`RepetitionRules::occurrences`), which sets where the
/// counted span begins.
#[must_use]
pub fn find_cycle(game: &Game, counted: usize) -> Option<Cycle> {
    let positions = game.positions();
    let last = positions.len() - 1;
    let fin = &positions[last];
    let same = |i: usize| positions[i].hash() == fin.hash() && positions[i].same_board(fin);
    // The occurrences, latest first.
    let seen: Vec<usize> = (0..=last).rev().filter(|&i| same(i)).collect();
    let previous = *seen.get(1)?;
    let earliest_counted = seen[counted.clamp(2, seen.len()) - 1];
    Some(Cycle {
        first_ply: previous + 1,
        last_ply: last,
        occurrences: seen.len(),
        counted_from_ply: earliest_counted + 1,
    })
}

/// Whether the moves of the counted span before the last cycle are that
/// cycle played again (then they are already ruled by it).
fn span_repeats_cycle(game: &Game, cycle: Cycle) -> bool {
    let moves = game.moves();
    let len = cycle.len();
    (cycle.first_ply - cycle.counted_from_ply) % len == 0
        && (cycle.counted_from_ply..cycle.first_ply).all(|p| moves[p - 1] == moves[p - 1 + len])
}

/// One side's part of a cycle.
#[derive(Clone, Debug)]
pub struct SideCycle {
    /// The side.
    pub color: Color,
    /// `(ply, classification)` of each of the side's moves in the cycle.
    pub moves: Vec<(usize, Classified)>,
    /// The same for the side's moves of the counted span before the last
    /// cycle, when they are not that cycle played again (else empty).
    pub earlier: Vec<(usize, Classified)>,
    /// Its pattern over the counted span.
    pub pattern: Pattern,
    /// Whether the edition (with the cycle rules) forbids it.
    pub forbidden: bool,
    /// Cycle rules that changed whether the pattern is forbidden.
    pub grounds: Vec<Clause>,
}

impl SideCycle {
    /// The kinds of the side's moves in the last cycle, in order.
    #[must_use]
    pub fn kinds(&self) -> Vec<MoveKind> {
        self.moves.iter().map(|(_, c)| c.kind).collect()
    }

    /// The side's moves over the counted span, in order: what the pattern
    /// and the verdict are judged on.
    pub fn span(&self) -> impl Iterator<Item = &(usize, Classified)> {
        self.earlier.iter().chain(&self.moves)
    }

    /// The kinds of [`SideCycle::span`].
    #[must_use]
    pub fn span_kinds(&self) -> Vec<MoveKind> {
        self.span().map(|(_, c)| c.kind).collect()
    }
}

/// The analysis of a cycle under an edition's rules.
#[derive(Clone, Debug)]
pub struct CycleRuling {
    /// Where the cycle lies.
    pub cycle: Cycle,
    /// Red's part.
    pub red: SideCycle,
    /// Black's part.
    pub black: SideCycle,
    /// The verdict.
    pub verdict: Verdict,
}

impl CycleRuling {
    /// The plies whose classification ran out of search budget.
    #[must_use]
    pub fn incomplete_plies(&self) -> Vec<usize> {
        let mut v: Vec<usize> = [&self.red, &self.black]
            .iter()
            .flat_map(|s| s.span())
            .filter(|(_, c)| !c.complete)
            .map(|(p, _)| *p)
            .collect();
        v.sort();
        v
    }
}

/// The kind of the game's last move, in the context of the moves before
/// it, with the whole per-move budget.
///
/// # Panics
/// Panics if the game has no move.
#[must_use]
pub fn classify_last(game: &Game, rules: &RepetitionRules, limits: &SearchLimits) -> Classified {
    let i = game
        .moves()
        .len()
        .checked_sub(1)
        .expect("a game with at least one move");
    terms::classify(&MoveContext::new(
        game,
        i,
        rules,
        limits,
        limits.nodes_per_move,
    ))
}

/// Classifies every move of the cycle and rules on it. The cycle's node
/// budget is shared equally among its moves.
#[must_use]
pub fn rule_cycle(
    game: &Game,
    cycle: Cycle,
    rules: &RepetitionRules,
    limits: &SearchLimits,
) -> CycleRuling {
    let session = Session::new(limits.nodes_per_game, None, None);
    rule_cycle_in(game, cycle, rules, limits, &session)
}

/// [`rule_cycle`] within a session: a move classified before in the
/// session is not classified again, the searches share what they work out,
/// and the budget is the cycle's share of what the session has left.
pub fn rule_cycle_in(
    game: &Game,
    cycle: Cycle,
    rules: &RepetitionRules,
    limits: &SearchLimits,
    session: &Session,
) -> CycleRuling {
    let len = cycle.len() as u64;
    // A move's share when `moves` moves share one cycle's budget.
    let share = |moves: u64| {
        limits
            .nodes_per_move
            .min(limits.nodes_per_cycle / moves)
            .min(session.nodes_left() / moves)
    };
    let per_move = share(len);
    let positions = game.positions();
    let classify = |ply: usize, per_move: u64| {
        let before = &positions[ply - 1];
        let mv = game.moves()[ply - 1];
        let before_check = (before.in_check() && ply > 1).then(|| &positions[ply - 2]);
        match session.find(before, before_check, mv, per_move) {
            Some(c) => c,
            None => {
                let budget = search::Budget::within(per_move, session.stop.clone());
                let search = search::Search::sharing(limits, rules, budget, session.memo.clone());
                let c = terms::classify(&MoveContext::with_search(game, ply - 1, rules, search));
                session.keep(before, before_check, mv, per_move, &c);
                c
            }
        }
    };
    // The counted span's moves before the last cycle, when they differ
    // from it, share one more cycle's budget.
    let earlier_plies = if span_repeats_cycle(game, cycle) {
        cycle.first_ply..cycle.first_ply
    } else {
        cycle.counted_from_ply..cycle.first_ply
    };
    let per_earlier = share(earlier_plies.len().max(1) as u64);
    let mut sides: [Vec<(usize, Classified)>; 2] = [Vec::new(), Vec::new()];
    for ply in earlier_plies.clone() {
        sides[positions[ply - 1].turn().index()].push((ply, classify(ply, per_earlier)));
    }
    for ply in cycle.first_ply..=cycle.last_ply {
        sides[positions[ply - 1].turn().index()].push((ply, classify(ply, per_move)));
    }
    let mutual_pawns = pawn_threats_count_in_mutual_attack(&mut sides, rules);
    let [red_moves, black_moves] = sides;
    // The span the cycle rules look at, wrapping round like the cycle.
    let span = Cycle {
        first_ply: earlier_plies.start,
        ..cycle
    };
    let side = |color: Color, moves: Vec<(usize, Classified)>| {
        let kinds: Vec<MoveKind> = moves.iter().map(|(_, c)| c.kind).collect();
        let pattern = Pattern::of(&kinds);
        let mut grounds = Vec::new();
        let mut forbidden = pattern::forbidden(pattern, rules);
        if mutual_pawns {
            grounds.push(Clause::PawnMutualAttack);
        }
        if pattern == Pattern::PerpetualChase {
            // Asian rules 16 and 32, outline 4: chasing two or more pieces
            // in turn, by one piece or by several, is allowed there.
            if several_targets(game, span, &moves) {
                grounds.push(Clause::OneChasesTwo);
                forbidden &= rules.several_targets_forbidden;
            }
            // Asian rule 33, CXA 24.3: several pieces taking turns on one.
            if several_pieces_on_one(game, span, &moves) {
                grounds.push(Clause::MultiChaseOne);
                forbidden &= rules.multi_chase_one_forbidden;
            }
        }
        let (earlier, moves) = moves
            .into_iter()
            .partition(|(ply, _)| *ply < cycle.first_ply);
        SideCycle {
            color,
            moves,
            earlier,
            pattern,
            forbidden,
            grounds,
        }
    };
    let red = side(Color::Red, red_moves);
    let black = side(Color::Black, black_moves);
    CycleRuling {
        cycle,
        verdict: verdict::verdict(&red, &black, rules),
        red,
        black,
    }
}

/// CXA 1999 27.2: when both sides attack on every move, a pawn's own
/// threats count as chases too. Returns whether the rule changed a move.
fn pawn_threats_count_in_mutual_attack(
    sides: &mut [Vec<(usize, Classified)>; 2],
    rules: &RepetitionRules,
) -> bool {
    if !rules.pawn_chase_in_mutual_attack_is_chase {
        return false;
    }
    let attacks = |ms: &[(usize, Classified)]| {
        ms.iter()
            .all(|(_, c)| c.kind.is_attack() || !c.pawn_threats.is_empty())
    };
    let any_pawn = sides
        .iter()
        .flatten()
        .any(|(_, c)| !c.kind.is_attack() && !c.pawn_threats.is_empty());
    if !(any_pawn && attacks(&sides[0]) && attacks(&sides[1])) {
        return false;
    }
    for (_, c) in sides.iter_mut().flatten() {
        if !c.kind.is_attack() && !c.pawn_threats.is_empty() {
            let mut targets: Vec<Square> = c.pawn_threats.iter().map(|t| t.target).collect();
            targets.sort();
            targets.dedup();
            c.kind = MoveKind::Chase;
            c.targets = targets;
            c.chases = std::mem::take(&mut c.pawn_threats);
            c.grounds.push(Clause::PawnMutualAttack);
        }
    }
    true
}

/// How each of a side's chasing moves follows the previous one in the
/// cycle: whether the same piece moved again, and whether the two chases
/// share a target (a target the opponent moved in between is followed to
/// its new point). The cycle repeats, so the last move is followed by the
/// first.
fn successive_chases(
    game: &Game,
    cycle: Cycle,
    moves: &[(usize, Classified)],
) -> Vec<(bool, bool)> {
    let all = game.moves();
    if moves.len() < 2 {
        return Vec::new();
    }
    (0..moves.len())
        .map(|k| {
            let (p, ref c) = moves[k];
            let (q, ref d) = moves[(k + 1) % moves.len()];
            let same_piece = all[q - 1].from == all[p - 1].to;
            // The opponent's move after ply p.
            let reply_ply = if p < cycle.last_ply {
                p + 1
            } else {
                p + 1 - cycle.len()
            };
            let reply = all[reply_ply - 1];
            let shared = c
                .targets
                .iter()
                .map(|&t| if t == reply.from { reply.to } else { t })
                .any(|t| d.targets.contains(&t));
            (same_piece, shared)
        })
        .collect()
}

/// Chasing several pieces in turn (Asian rules 16, 32; outline 4): no one
/// piece is a target of every chase over the span. A perpetual chase is of
/// one piece, attacked on every move as it escapes (term 10): a horse that
/// forks two pawns and then follows whichever stepped away, one pawn in one
/// loop and the other in the next, chases each of them only in turn, even
/// though every two successive chases share a target. Each target of the
/// first chase is followed to its new point as the opponent moves it.
fn several_targets(game: &Game, span: Cycle, moves: &[(usize, Classified)]) -> bool {
    let Some((first, chase)) = moves.first() else {
        return false;
    };
    let all = game.moves();
    let one_piece_throughout = |target: Square| {
        let mut at = target;
        let mut later = moves[1..].iter().peekable();
        for ply in first + 1..=span.last_ply {
            let m = all[ply - 1];
            if m.from == at {
                at = m.to;
            }
            if let Some((_, c)) = later.next_if(|(p, _)| *p == ply) {
                if !c.targets.contains(&at) {
                    return false;
                }
            }
        }
        true
    };
    !chase.targets.iter().any(|&t| one_piece_throughout(t))
}

/// Asian rule 33, CXA 24.3: several pieces taking turns to chase one piece —
/// every two successive chases share a target, and at least once the
/// chasing move is made by another piece.
fn several_pieces_on_one(game: &Game, cycle: Cycle, moves: &[(usize, Classified)]) -> bool {
    let pairs = successive_chases(game, cycle, moves);
    !pairs.is_empty() && pairs.iter().all(|p| p.1) && pairs.iter().any(|p| !p.0)
}
