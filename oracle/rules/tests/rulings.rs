//! Cycle detection, the natural-limit count, and the verdicts that hold in
//! every edition, on hand-built games.

mod common;

use rstest::rstest;
use xq_core::game::split_moves;
use xq_core::{Game, Outcome, Piece, Position, Square};
use xq_oracle::clauses::Clause;
use xq_oracle::edition;
use xq_oracle::edition::LimitReset;
use xq_oracle::natural_limit::{self, NaturalLimitRules};
use xq_oracle::repetition::{find_cycle, MoveKind};
use xq_oracle::ruling::{rule, RulingOptions, RulingReason};

fn game(fen: &str, moves: &str) -> Game {
    Game::from_texts(Position::from_fen(fen).unwrap(), &split_moves(moves)).unwrap()
}

// Black's lone king shuffles while Red's rook checks from two files (图6's shape).
const CHECKS: &str = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w";
const CHECK_CYCLE: &str = "f0e0 e8f8 e0f0 f8e8";

#[test]
fn no_cycle_until_the_position_returns() {
    assert_eq!(find_cycle(&game(CHECKS, "f0e0 e8f8 e0f0"), 3), None);
    let c = find_cycle(&game(CHECKS, CHECK_CYCLE), 3).unwrap();
    assert_eq!((c.first_ply, c.last_ply, c.occurrences), (1, 4, 2));
    assert_eq!(c.counted_from_ply, 1);
    let twice = format!("{CHECK_CYCLE} {CHECK_CYCLE}");
    let c = find_cycle(&game(CHECKS, &twice), 3).unwrap();
    assert_eq!((c.first_ply, c.last_ply, c.occurrences), (5, 8, 3));
    assert_eq!(c.counted_from_ply, 1);
}

#[test]
fn the_counted_span_starts_at_the_earliest_counted_occurrence() {
    let thrice = [CHECK_CYCLE; 3].join(" ");
    // Four occurrences; the edition counts three: the span is the last two loops.
    let c = find_cycle(&game(CHECKS, &thrice), 3).unwrap();
    assert_eq!((c.first_ply, c.occurrences, c.counted_from_ply), (9, 4, 5));
    // An edition counting two would look at the last loop alone.
    let c = find_cycle(&game(CHECKS, &thrice), 2).unwrap();
    assert_eq!(c.counted_from_ply, 9);
}

#[test]
fn a_quiet_loop_inside_the_counted_span_is_not_a_perpetual_check() {
    // Rook f0-f1-f0 with the king e9-e8-e9, then the checking loop: the
    // start position occurs three times, and Red's moves since the first
    // are two quiet moves and two checks.
    let fen = "4k4/9/9/9/9/9/9/9/9/3K1R3 w";
    let quiet_then_checks = "f0f1 e9e8 f1f0 e8e9 f0e0 e9f9 e0f0 f9e9";
    for id in ["cxa-2020", "cxa-1999", "axf-2017", "wxf-2018"] {
        let r = rule(
            &game(fen, quiet_then_checks),
            edition::get(id).unwrap(),
            &RulingOptions::default(),
        );
        assert_eq!(r.reason, RulingReason::BothAllowed, "{id}");
        let cycle = r.cycle.unwrap();
        assert_eq!((cycle.first_ply, cycle.counted_from_ply), (5, Some(1)));
        let red = r.red.unwrap();
        let kinds =
            |ms: &[xq_oracle::ruling::MoveRuling]| ms.iter().map(|m| m.kind).collect::<Vec<_>>();
        assert_eq!(
            kinds(&red.earlier),
            [MoveKind::Idle, MoveKind::Idle],
            "{id}"
        );
        assert_eq!(
            kinds(&red.moves),
            [MoveKind::Check, MoveKind::Check],
            "{id}"
        );
        assert_eq!(red.pattern_zh, "二将二闲");
    }
    // The same checks after a loop played before the counted occurrences.
    let g = game(fen, &format!("{quiet_then_checks} f0e0 e9f9 e0f0 f9e9"));
    let r = rule(
        &g,
        edition::get("cxa-2020").unwrap(),
        &RulingOptions::default(),
    );
    assert_eq!(r.reason, RulingReason::PerpetualCheck);
    assert_eq!(r.cycle.unwrap().counted_from_ply, None);
}

#[test]
fn a_capture_before_the_cycle_is_not_part_of_it() {
    // Red's rook takes the pawn on c1 at ply 3, then both sides shuffle.
    let g = game(
        "4k4/9/9/9/9/9/9/9/2p6/3K1R3 w",
        "f0f1 e9e8 f1c1 e8e9 c1c0 e9e8 c0c1 e8e9",
    );
    let c = find_cycle(&g, 3).unwrap();
    assert_eq!((c.first_ply, c.last_ply, c.occurrences), (5, 8, 2));
}

#[rstest]
#[case("cxa-2020")]
#[case("cxa-1999")]
#[case("axf-2017")]
#[case("wxf-2018")]
fn unilateral_perpetual_check_loses_in_every_edition(#[case] id: &str) {
    let g = game(CHECKS, &format!("{CHECK_CYCLE} {CHECK_CYCLE}"));
    let r = rule(&g, edition::get(id).unwrap(), &RulingOptions::default());
    assert_eq!(r.reason, RulingReason::PerpetualCheck);
    assert_eq!(r.result, Outcome::BlackWins);
    assert!(r.cycle.unwrap().adjudicable);
}

#[rstest]
#[case("cxa-2020")]
#[case("axf-2017")]
fn kings_shuffling_is_an_allowed_draw(#[case] id: &str) {
    let g = game(
        "3k5/9/9/9/9/9/9/9/9/5K3 w",
        "f0f1 d9d8 f1f0 d8d9 f0f1 d9d8 f1f0 d8d9",
    );
    let r = rule(&g, edition::get(id).unwrap(), &RulingOptions::default());
    assert_eq!(r.reason, RulingReason::BothAllowed);
    assert_eq!(r.result, Outcome::Draw);
}

#[test]
fn checkmate_on_the_last_move_is_ruled_first() {
    // The rook on a8 holds rank 8, the red king the e-file (facing rule).
    let g = game("3k5/R8/9/9/9/9/9/9/9/4K3R w", "i0i9");
    let r = rule(
        &g,
        edition::get("cxa-2020").unwrap(),
        &RulingOptions::default(),
    );
    assert_eq!(r.reason, RulingReason::Checkmate);
    assert_eq!(r.result, Outcome::RedWins);
}

fn limit(rounds: u32) -> NaturalLimitRules {
    NaturalLimitRules {
        rounds,
        reducible: true,
        reset: LimitReset::Capture,
        check_cap: Some(10),
        automatic: false,
    }
}

#[test]
fn the_halfmove_clock_counts_towards_the_limit() {
    let g = game("4k4/9/9/9/9/9/9/9/9/3K5 w - - 118 60", "d0d1");
    let s = natural_limit::state(&g, &limit(60));
    assert_eq!(s.plies_without_capture, 119);
    // Before the start Black made the last move: 59 black, 59 red; then one red move.
    assert_eq!((s.red.moves, s.black.moves), (60, 59));
    assert!(!s.reached());
    let g = game("4k4/9/9/9/9/9/9/9/9/3K5 w - - 118 60", "d0d1 e9e8");
    assert!(natural_limit::state(&g, &limit(60)).reached());
}

#[test]
fn checks_beyond_the_cap_do_not_count_for_the_claimant() {
    // Red's rook checks on every move: 12 cycles of 4 plies, 24 red checks.
    let cycle = "f0e0 e8f8 e0f0 f8e8 ";
    let g = game(CHECKS, &cycle.repeat(12));
    let s = natural_limit::state(&g, &limit(20));
    assert_eq!((s.red.moves, s.red.checks, s.red.counted), (24, 24, 10));
    assert_eq!(
        (s.black.moves, s.black.checks, s.black.counted),
        (24, 0, 24)
    );
    // Black may claim (24 ≥ 20 and Red's 24 moves ≥ 20); Red may not.
    assert_eq!(s.claimable_by, vec![xq_core::Color::Black]);
}

#[test]
fn a_capture_restarts_the_count() {
    let g = game("4k4/9/9/9/9/9/9/9/2p6/3K1R3 w - - 100 50", "f0f1 e9e8 f1c1");
    let s = natural_limit::state(&g, &limit(50));
    assert_eq!(s.plies_without_capture, 0);
    assert!(!s.reached());
}

#[rstest]
#[case("cxa-2020")]
#[case("axf-2017")]
fn a_self_kill_in_the_record_loses(#[case] id: &str) {
    use xq_oracle::ruling::rule_final;
    let start = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w").unwrap();
    // e0d0 puts the kings face to face on the d-file (自杀), typed.
    let game = Game::new(start);
    let mv = "e0d0".parse().unwrap();
    let last = game.illegal_final(mv).unwrap().expect("a violation");
    assert_eq!(last.reason(), &xq_core::IllegalMove::KingsFacing);
    let r = rule_final(
        &game,
        Some(&last),
        edition::get(id).unwrap(),
        &RulingOptions::default(),
    )
    .unwrap();
    assert_eq!(r.reason, RulingReason::IllegalMove);
    assert_eq!(r.result, Outcome::BlackWins);
    assert_eq!(r.clauses, [Clause::SelfKill]);
    assert_eq!(r.illegal_move.as_ref().map(|m| m.ply), Some(1));
    // A move from an empty point is a broken record, not a violation.
    assert!(game.illegal_final("a0a1".parse().unwrap()).is_err());
    // A legal move is none.
    assert_eq!(game.illegal_final("e0e1".parse().unwrap()), Ok(None));
}

/// The official figures' cycles, played twice (the position stands for the
/// third time).
fn figure_games() -> Vec<Game> {
    common::FIGURE_CYCLES
        .iter()
        .map(|(fen, moves)| game(fen, &format!("{moves} {moves}")))
        .collect()
}

fn replay(start: Position, moves: impl Iterator<Item = xq_core::Move>) -> Game {
    let mut g = Game::new(start);
    for m in moves {
        assert!(g.current().is_legal(m), "{m} in {}", g.current());
        g.push(m);
    }
    g
}

/// The verdict part of a ruling, down to each move's kind, targets (with
/// the pieces on them; not for 拦, 献 and 兑) and grounds, with squares seen through `square` and,
/// when `swap` is set, the colours exchanged (sides named by their role in
/// the original game).
fn summary(r: &xq_oracle::ruling::Ruling, swap: bool, square: fn(Square) -> Square) -> String {
    let piece = |p: Piece| {
        if swap {
            Piece::new(p.color.other(), p.role)
        } else {
            p
        }
    };
    let side = |s: &Option<xq_oracle::ruling::SideRuling>| {
        s.as_ref().map(|s| {
            let moves: Vec<String> = s
                .moves
                .iter()
                .map(|m| {
                    // Listed in the order of their points, which the
                    // symmetry changes: compared as sets.
                    let mut targets: Vec<Square> = m.targets.iter().map(|&t| square(t)).collect();
                    targets.sort();
                    let mut pieces: Vec<Piece> =
                        m.target_pieces.iter().map(|&p| piece(p)).collect();
                    pieces.sort_by_key(|p| p.index());
                    // 拦, 献 and 兑 name one piece, the first found in
                    // move-generation order, which turns with the board
                    // (tests/ruling_properties.rs,
                    // the_piece_named_as_blocked_turns_with_the_board).
                    if matches!(
                        m.kind,
                        MoveKind::Block | MoveKind::Offer | MoveKind::Exchange
                    ) {
                        targets.clear();
                        pieces.clear();
                    }
                    format!(
                        "{} {:?} {targets:?} {pieces:?} {:?}",
                        m.ply, m.kind, m.grounds
                    )
                })
                .collect();
            format!("{:?} {} {moves:?}", s.pattern, s.forbidden)
        })
    };
    let (a, b) = if swap {
        (side(&r.black), side(&r.red))
    } else {
        (side(&r.red), side(&r.black))
    };
    let result = match (swap, r.result) {
        (true, Outcome::RedWins) => Outcome::BlackWins,
        (true, Outcome::BlackWins) => Outcome::RedWins,
        (_, o) => o,
    };
    format!("{result:?} {:?} {a:?} {b:?}", r.reason)
}

#[test]
fn rulings_are_symmetric_under_mirror_and_colour_flip() {
    let same = |s: Square| s;
    let mut with_targets = 0;
    for ed in edition::all() {
        let lim = RulingOptions::default();
        for g in figure_games() {
            let original = summary(&rule(&g, ed, &lim), false, same);
            with_targets += usize::from(original.contains("Square"));
            let mirrored = replay(g.start().mirrored(), g.moves().iter().map(|m| m.mirror()));
            assert_eq!(
                summary(&rule(&mirrored, ed, &lim), false, Square::mirror),
                original,
                "{}: mirror of {}",
                ed.id,
                g.start()
            );
            let flipped = replay(
                g.start().color_flipped(),
                g.moves().iter().map(|m| m.flip()),
            );
            assert_eq!(
                summary(&rule(&flipped, ed, &lim), true, Square::flip),
                original,
                "{}: colour flip of {}",
                ed.id,
                g.start()
            );
        }
    }
    // The figures hold chases and checks: the comparison saw targets.
    assert!(
        with_targets >= 20,
        "only {with_targets} rulings with targets"
    );
}
