//! Properties of repetition rulings on random cycles: a ruling does not
//! depend on where the cycle was entered, nor on how often it has been
//! played, and it mirrors with the board (left–right, and red–black with
//! the board turned round) down to each move's kind and targets.
//!
//! The cycles: from a random legal position (placed, or reached by random
//! play), each side makes a few quiet moves with its pieces and every
//! piece is back on its point when the cycle ends; no position recurs
//! inside the cycle, and no move mates; and the official figures' cycles
//! (`common::FIGURE_CYCLES`), for varied verdicts. The searches are
//! bounded small so that the cases stay quick in a debug build; the
//! properties hold for any bound, as long as both rulings compared ran
//! with the same one. `PROPTEST_CASES=2000` runs them longer.

mod common;

use std::collections::HashSet;

use common::lens::{complete, Lens};

use proptest::prelude::*;
use xq_core::game::split_moves;
use xq_core::random::{placed, played, Rng};
use xq_core::{Game, Move, Piece, Position, Square};
use xq_oracle::edition::{self, Edition};
use xq_oracle::repetition::{MoveKind, SearchLimits};
use xq_oracle::ruling::{rule, Ruling, RulingOptions};

fn options() -> RulingOptions {
    RulingOptions {
        limits: SearchLimits {
            kill_depth: 2,
            check_win_depth: 1,
            nodes_per_move: 20_000,
            nodes_per_cycle: 400_000,
            nodes_per_game: 800_000,
        },
        ..RulingOptions::default()
    }
}

/// Positions a cycle search may expand.
const CYCLE_NODES: u32 = 3_000;

/// A cycle from a position made from `seed`: `per_side` quiet moves by
/// each side that bring every piece back, found by a randomised depth-first
/// search. When `checker` names a side (colour index), its checks are tried
/// first, so that perpetual checks and check-and-chase patterns come up.
/// Tries a few positions before giving up.
fn random_cycle(
    seed: u64,
    per_side: usize,
    checker: Option<usize>,
) -> Option<(Position, Vec<Move>)> {
    (0..8u64).find_map(|k| {
        let s = seed.wrapping_add(k);
        let start = if s % 2 == 0 {
            placed(s)
        } else {
            played(s, 10 + (s % 50) as usize)
        };
        let mut search = CycleSearch {
            seen: HashSet::from([start.hash()]),
            start,
            per_side,
            checker,
            rng: Rng::new(s ^ 0xc1c1e),
            nodes: CYCLE_NODES,
            moves: Vec::new(),
        };
        let start = search.start.clone();
        search
            .search(&start, [0, 0])
            .then_some((start, search.moves))
    })
}

struct CycleSearch {
    start: Position,
    per_side: usize,
    checker: Option<usize>,
    rng: Rng,
    /// The positions along the line (hashes): none may come twice.
    seen: HashSet<u64>,
    nodes: u32,
    moves: Vec<Move>,
}

impl CycleSearch {
    /// Pieces of the side `side` (colour index) away from their points.
    fn away(&self, pos: &Position, side: usize) -> usize {
        let mine = |p: Option<Piece>| p.filter(|p| p.color.index() == side);
        Square::iter()
            .filter(|&s| {
                mine(self.start.piece_at(s)).is_some()
                    && mine(pos.piece_at(s)) != mine(self.start.piece_at(s))
            })
            .count()
    }

    fn search(&mut self, pos: &Position, done: [usize; 2]) -> bool {
        if done == [self.per_side; 2] {
            return pos.same_board(&self.start);
        }
        if self.nodes == 0 {
            return false;
        }
        self.nodes -= 1;
        let side = pos.turn().index();
        let checks_first = self.checker == Some(side);
        let mut candidates: Vec<(bool, u64, Move)> = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| !pos.is_capture(m))
            .map(|m| (checks_first && !pos.gives_check(m), self.rng.next_u64(), m))
            .collect();
        candidates.sort();
        for (_, _, m) in candidates {
            let next = pos.play_unchecked(m);
            let mut done2 = done;
            done2[side] += 1;
            let finished = done2 == [self.per_side; 2];
            // Each piece away from its point needs one more move of its side.
            let fits = self.away(&next, side) <= self.per_side - done2[side]
                && (finished || !self.seen.contains(&next.hash()))
                && !next.legal_moves().is_empty();
            if !fits {
                continue;
            }
            self.seen.insert(next.hash());
            self.moves.push(m);
            if self.search(&next, done2) {
                return true;
            }
            self.moves.pop();
            self.seen.remove(&next.hash());
        }
        false
    }
}

/// The game: `start`, then `moves` in turn (assumed legal).
fn play(start: &Position, moves: impl IntoIterator<Item = Move>) -> Game {
    let mut g = Game::new(start.clone());
    for m in moves {
        assert!(g.current().is_legal(m), "{m} in {}", g.current().fen());
        g.push(m);
    }
    g
}

/// An edition, by id (which keeps failure reports short).
fn an_edition() -> impl Strategy<Value = &'static Edition> {
    let ids: Vec<&'static str> = edition::all().iter().map(|e| e.id).collect();
    prop::sample::select(ids).prop_map(|id| edition::get(id).unwrap())
}

/// Cases per property: 64, or `PROPTEST_CASES` for a longer run.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(64)
}

/// `(start, cycle)`: for a random seed, 2–4 moves a side, and now and then
/// one side checking where it can; or one of the official figures' cycles,
/// whose verdicts are more varied (perpetual checks, chases, kills).
fn a_cycle() -> impl Strategy<Value = Option<(Position, Vec<Move>)>> {
    prop_oneof![
        3 => (any::<u64>(), 2usize..=4, prop_oneof![Just(None), Just(Some(0)), Just(Some(1))])
            .prop_map(|(seed, per_side, checker)| random_cycle(seed, per_side, checker)),
        1 => (0..common::FIGURE_CYCLES.len()).prop_map(|i| Some(figure_cycle(i))),
    ]
}

/// The cycle of official figure `i`.
fn figure_cycle(i: usize) -> (Position, Vec<Move>) {
    let (fen, moves) = common::FIGURE_CYCLES[i];
    let start = Position::from_fen(fen).unwrap();
    let game = Game::from_texts(start.clone(), &split_moves(moves)).unwrap();
    (start, game.moves().to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// Entering the cycle k plies later (the first k moves played once more
    /// as the lead-in) rules the same moves the same way, each side keeps its
    /// pattern, and the verdict goes against the same side.
    #[test]
    fn the_cycle_entry_point_does_not_matter(
        cycle in a_cycle(),
        ed in an_edition(),
        k in 1usize..8,
    ) {
        let Some((start, moves)) = cycle else { return Ok(()) };
        let len = moves.len();
        let k = 1 + k % (len - 1);
        let twice: Vec<Move> = moves.iter().chain(&moves).copied().collect();
        let original = rule(&play(&start, twice.iter().copied()), ed, &options());
        let rotated_game = play(&start, twice.iter().chain(&moves[..k]).copied());
        let rotated = rule(&rotated_game, ed, &options());
        let c = rotated.cycle.as_ref().unwrap();
        prop_assert_eq!((c.first_ply, c.last_ply, c.occurrences), (len + k + 1, 2 * len + k, 3));
        prop_assert_eq!(
            Lens::rotated(k).view(&rotated),
            Lens::plain().view(&original),
            "{} from {} with {:?}, entered {} plies later",
            ed.id, start.fen(), moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(), k
        );
    }

    /// Playing the cycle once more (the position standing a fourth time)
    /// changes nothing but the count.
    #[test]
    fn one_more_repetition_keeps_the_verdict(cycle in a_cycle(), ed in an_edition()) {
        let Some((start, moves)) = cycle else { return Ok(()) };
        let times = |n: usize| play(&start, moves.iter().cycle().take(n * moves.len()).copied());
        let three = rule(&times(2), ed, &options());
        let four = rule(&times(3), ed, &options());
        prop_assert_eq!(three.cycle.as_ref().unwrap().occurrences, 3);
        prop_assert_eq!(four.cycle.as_ref().unwrap().occurrences, 4);
        prop_assert_eq!(
            Lens::plain().view(&four),
            Lens::plain().view(&three),
            "{} from {} with {:?}",
            ed.id, start.fen(), moves.iter().map(|m| m.to_string()).collect::<Vec<_>>()
        );
    }

    /// The mirrored game (files reflected) and the colour-flipped game (the
    /// board turned round, red and black exchanged) are ruled alike, down to
    /// each move's kind, targets and grounds, wins through checks included
    /// (their ties are broken by the board: `search::board_order` and the
    /// outcome order of `threats.rs`; the two tests below are the cases that
    /// once turned). Compared only when every search finished: a search cut
    /// short may stop at a different place when the moves are generated in
    /// another order.
    #[test]
    fn rulings_mirror_with_the_board(cycle in a_cycle(), ed in an_edition()) {
        let Some((start, moves)) = cycle else { return Ok(()) };
        let game = play(&start, moves.iter().chain(&moves).copied());
        let original = rule(&game, ed, &options());
        let mirrored = rule(
            &play(&start.mirrored(), game.moves().iter().map(|m| m.mirror())),
            ed,
            &options(),
        );
        let flipped = rule(
            &play(&start.color_flipped(), game.moves().iter().map(|m| m.flip())),
            ed,
            &options(),
        );
        prop_assume!(complete(&original) && complete(&mirrored) && complete(&flipped));
        let what = format!(
            "{} from {} with {:?}",
            ed.id, start.fen(), moves.iter().map(|m| m.to_string()).collect::<Vec<_>>()
        );
        let plain = Lens::plain();
        prop_assert_eq!(Lens::mirror().view(&mirrored), plain.view(&original), "mirror: {}", what);
        prop_assert_eq!(Lens::flip().view(&flipped), plain.view(&original), "colour flip: {}", what);
    }
}

/// 拦 names every blocked piece. Here Red's cannon d3-d8 cuts both the
/// black rook's capture of the loose pawn on c8 and the black elephant's
/// capture of the loose pawn on e7 (its eye is d8): both are named, on the
/// board and on the board turned round. (The cut moves win material: a
/// cut move that attacks nothing is no 拦, 24.6.) (拦, 献 and 兑 used to name the first piece
/// found in move-generation order, which turned with the board; found by
/// `rulings_mirror_with_the_board`.)
#[test]
fn every_blocked_piece_is_named_whichever_way_the_board_is_turned() {
    let start =
        Position::from_fen("r1bak2n1/1cP5r/4P3b/p1p1pcp1p/9/9/P2C2P1P/B7R/9/RN1AKABN1 b - - 3 10")
            .unwrap();
    let cycle = iccs(&["b8b5", "d3d8", "b5b8", "d8d3"]);
    let ed = edition::get("cxa-2020").unwrap();
    let blocked = |r: &Ruling, square: fn(Square) -> Square, swap: bool| {
        let side = if swap { &r.black } else { &r.red };
        let m = &side.as_ref().unwrap().moves[0];
        assert_eq!(m.kind, MoveKind::Block);
        let mut t = m.targets.iter().map(|&s| square(s)).collect::<Vec<_>>();
        t.sort_by_key(|s| s.index());
        t
    };
    let original = rule(
        &play(&start, cycle.iter().chain(&cycle).copied()),
        ed,
        &options(),
    );
    let flipped = rule(
        &play(
            &start.color_flipped(),
            cycle.iter().chain(&cycle).map(|m| m.flip()),
        ),
        ed,
        &options(),
    );
    let named = blocked(&original, |s| s, false);
    assert_eq!(
        named.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        ["i8", "c9"],
        "the rook and the elephant"
    );
    assert_eq!(blocked(&flipped, Square::flip, true), named);
}

/// A win through checks (捉 by 抽将, CXA 24.3) names the pieces taken at the
/// end of the weakest defence's line, and among equal lines the first or
/// last found (`threats.rs`: `check_line` keeps the first of equal
/// defences and the last of equal captures, `win_by_checks` the first of
/// equal checks). Whether a threat is new — a chase — compares those
/// targets before and after the move, so the kind itself could turn with
/// the board while "first" meant the move generator's order. Here Red's
/// rook b8-b0 was 捉 (chasing the pawn on d4) on the board as it stands
/// and 跟 (watching the pawn on d0) on the colour-flipped board. The
/// searches now take moves in an order read off the board
/// (`search::board_order`), and both boards rule alike. (Tried before
/// that: joining the targets of equally good lines; it made a later direct
/// attack on any of them old, 从捉到捉, and turned three composed chase
/// cases into draws.)
#[test]
fn a_win_through_checks_turns_with_the_board() {
    let start =
        Position::from_fen("6b2/1R1k2N2/5a3/6P2/8n/3pCC3/8P/c2A4p/p2p2r2/3p1K3 b - - 0 1").unwrap();
    let cycle = iccs(&[
        "d8d9", "g8i7", "g1h1", "b8b0", "h1g1", "i7g8", "d9d8", "b0b8",
    ]);
    for options in [options(), RulingOptions::default()] {
        assert_ruled_alike(&start, &cycle.repeat(2), &options, Transform::Flip);
    }
}

/// The board transforms the symmetry tests apply.
#[derive(Clone, Copy)]
enum Transform {
    Mirror,
    Flip,
}

/// The game `moves` from `start` and the same game mirrored or colour-
/// flipped are ruled alike under CXA 2020, down to each move's kind and
/// targets.
fn assert_ruled_alike(start: &Position, moves: &[Move], options: &RulingOptions, t: Transform) {
    let ed = edition::get("cxa-2020").unwrap();
    let original = rule(&play(start, moves.iter().copied()), ed, options);
    let (turned, lens) = match t {
        Transform::Mirror => (
            play(&start.mirrored(), moves.iter().map(|m| m.mirror())),
            Lens::mirror(),
        ),
        Transform::Flip => (
            play(&start.color_flipped(), moves.iter().map(|m| m.flip())),
            Lens::flip(),
        ),
    };
    let turned = rule(&turned, ed, options);
    assert_eq!(lens.view(&turned), Lens::plain().view(&original));
}

/// Moves from ICCS text.
fn iccs(moves: &[&str]) -> Vec<Move> {
    moves
        .iter()
        .map(|t| t.parse().unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

/// The generator makes cycles at all (the properties above skip a seed
/// that yields none).
#[test]
fn most_seeds_give_a_cycle() {
    let found = (0..20u64)
        .filter(|&s| random_cycle(s * 7919, 2 + (s % 3) as usize, None).is_some())
        .count();
    assert!(found >= 15, "only {found} of 20 seeds gave a cycle");
}

/// Two defences to a check that are each other's mirror image (the king's
/// steps to either side) tie in `search::board_order` when their squares
/// look alike, and what each leaves to be taken — the elephant on c5 after
/// one, the advisor on e8 after the other, both worth one — differs. The
/// first found used to be named, so Red's king returning to e0 was 捉 (the
/// elephant) on this board and 闲 (the advisor's threat stood before) on
/// the mirrored one. Between equally good lines the one whose outcome (the
/// pieces named, read off the board) sorts first is now kept. Found by
/// `rulings_mirror_with_the_board` with wins through checks on.
#[test]
fn a_tie_between_mirror_image_defences_turns_with_the_board() {
    let start =
        Position::from_fen("9/4a4/1P2k4/9/P1b6/PN2N3n/5C3/1cpA5/4K1pp1/5AB2 b - - 0 1").unwrap();
    let cycle = iccs(&[
        "g1f1", "e1d1", "f1e1", "d1d0", "e1f1", "d0e0", "f1g1", "e0e1",
    ]);
    assert_ruled_alike(&start, &cycle, &RulingOptions::default(), Transform::Mirror);
}
