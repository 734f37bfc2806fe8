//! Cycle detection, the natural-limit count, and the verdicts that hold in
//! every edition, on hand-built games.

use rstest::rstest;
use xq_oracle::game::split_moves;
use xq_oracle::natural_limit::{self, NaturalLimitRules};
use xq_oracle::repetition::{find_cycle, SearchLimits};
use xq_oracle::ruling::{rule, Lang, RulingReason};
use xq_oracle::{edition, Game, Outcome, Position};

fn game(fen: &str, moves: &str) -> Game {
    Game::from_texts(Position::from_fen(fen).unwrap(), &split_moves(moves)).unwrap()
}

// Black's lone king shuffles while Red's rook checks from two files (图6's shape).
const CHECKS: &str = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w";
const CHECK_CYCLE: &str = "f0e0 e8f8 e0f0 f8e8";

#[test]
fn no_cycle_until_the_position_returns() {
    assert_eq!(find_cycle(&game(CHECKS, "f0e0 e8f8 e0f0")), None);
    let c = find_cycle(&game(CHECKS, CHECK_CYCLE)).unwrap();
    assert_eq!((c.first_ply, c.last_ply, c.occurrences), (1, 4, 2));
    let twice = format!("{CHECK_CYCLE} {CHECK_CYCLE}");
    let c = find_cycle(&game(CHECKS, &twice)).unwrap();
    assert_eq!((c.first_ply, c.last_ply, c.occurrences), (5, 8, 3));
}

#[test]
fn a_capture_before_the_cycle_is_not_part_of_it() {
    // Red's rook takes the pawn on c1 at ply 3, then both sides shuffle.
    let g = game(
        "4k4/9/9/9/9/9/9/9/2p6/3K1R3 w",
        "f0f1 e9e8 f1c1 e8e9 c1c0 e9e8 c0c1 e8e9",
    );
    let c = find_cycle(&g).unwrap();
    assert_eq!((c.first_ply, c.last_ply, c.occurrences), (5, 8, 2));
}

#[rstest]
#[case("cxa-2020")]
#[case("cxa-1999")]
#[case("axf-2017")]
#[case("wxf-2018")]
fn unilateral_perpetual_check_loses_in_every_edition(#[case] id: &str) {
    let g = game(CHECKS, &format!("{CHECK_CYCLE} {CHECK_CYCLE}"));
    let r = rule(
        &g,
        edition::get(id).unwrap(),
        &SearchLimits::default(),
        Lang::En,
    );
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
    let r = rule(
        &g,
        edition::get(id).unwrap(),
        &SearchLimits::default(),
        Lang::En,
    );
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
        &SearchLimits::default(),
        Lang::Zh,
    );
    assert_eq!(r.reason, RulingReason::Checkmate);
    assert_eq!(r.result, Outcome::RedWins);
    assert!(r.explanation.contains("将死"));
}

fn limit(rounds: u32) -> NaturalLimitRules {
    NaturalLimitRules {
        rounds,
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
    assert_eq!(s.claimable_by, vec![xq_oracle::Color::Black]);
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
    use xq_oracle::ruling::rule_record;
    let start = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w").unwrap();
    // e0d0 puts the kings face to face on the d-file (自杀).
    let r = rule_record(
        start,
        &["e0d0"],
        edition::get(id).unwrap(),
        &SearchLimits::default(),
        Lang::En,
    )
    .unwrap();
    assert_eq!(r.reason, RulingReason::IllegalMove);
    assert_eq!(r.result, Outcome::BlackWins);
    assert_eq!(r.clauses, ["illegal-move.self-kill"]);
    // A move from an empty point is a broken record, not a violation.
    let start = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w").unwrap();
    assert!(rule_record(
        start,
        &["a0a1"],
        edition::get(id).unwrap(),
        &SearchLimits::default(),
        Lang::En
    )
    .is_err());
}
