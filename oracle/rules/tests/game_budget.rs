//! The rulings of one game share a session (`rule_game`): what one point
//! classified is reused at the next, and one budget — nodes, a deadline, a
//! cancellation — bounds them all. Reuse must never change a ruling, and a
//! bound that cuts the searches short must say so in the typed fields (and
//! in the text: xq-render's tests/explanations.rs).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use xq_core::game::split_moves;
use xq_core::{Game, Position};
use xq_oracle::edition;
use xq_oracle::repetition::{SearchLimits, StopReason};
use xq_oracle::ruling::{
    rule, rule_game, rule_game_cancellable, GameRuling, PointKind, RulingOptions,
};

/// 参考图38 (CXA 2020): rook, horses and cannons around both kings, every
/// move a chase; its searches need far more than a few thousand nodes.
const CHASES: &str = "2c1kab2/4a4/2n1b4/p3P3p/6p2/9/P7P/1CN1C4/4A3N/2BAKR1rc w - - 0 1";
const CHASE_CYCLE: &str = "i1g2 h0g0 g2i1 g0h0 ";
/// 图6's shape: Red's rook checks from two files, Black's king shuffles.
const CHECKS: &str = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w";
const CHECK_CYCLE: &str = "f0e0 e8f8 e0f0 f8e8 ";

fn game_of(fen: &str, moves: &str) -> (Position, Vec<String>) {
    let start = Position::from_fen_with(fen, xq_core::Validation::Relaxed).unwrap();
    (
        start,
        split_moves(moves).iter().map(|s| s.to_string()).collect(),
    )
}

fn ruled(fen: &str, moves: &str, ed: &str, options: &RulingOptions) -> GameRuling {
    let (start, moves) = game_of(fen, moves);
    let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
    rule_game(
        start,
        &texts,
        edition::get(ed).unwrap(),
        options,
        None,
        false,
    )
    .unwrap()
}

fn limits(nodes_per_game: u64) -> RulingOptions {
    RulingOptions {
        limits: SearchLimits {
            nodes_per_game,
            ..SearchLimits::default()
        },
        ..RulingOptions::default()
    }
}

#[test]
fn every_point_of_a_game_rules_as_the_game_up_to_it_ruled_alone() {
    // The chase cycle played four times and left: its positions reach the
    // third occurrence one after another, and the later rulings reuse the
    // classifications of the first. Each point must be the ruling of the
    // game cut at its ply, ruled afresh.
    let moves = format!("{}{}", CHASE_CYCLE.repeat(4), "e2e3");
    let (start, texts) = game_of(CHASES, &moves);
    for ed in ["cxa-2020", "cxa-1999", "axf-2017", "wxf-2018"] {
        let g = ruled(CHASES, &moves, ed, &RulingOptions::default());
        assert!(!g.points.is_empty(), "{ed}: no point");
        for p in &g.points {
            let game = Game::from_texts(start.clone(), &texts[..p.ply]).unwrap();
            let alone = rule(&game, edition::get(ed).unwrap(), &RulingOptions::default());
            assert_eq!(p.ruling, alone, "{ed}, ply {}", p.ply);
        }
        assert!(
            g.incomplete_points.is_empty(),
            "{ed}: {:?}",
            g.incomplete_points
        );
        assert_eq!(g.stopped_by, None);
    }
}

#[test]
fn a_spent_game_budget_cuts_the_points_short_and_says_so() {
    let moves = CHASE_CYCLE.repeat(3);
    let g = ruled(CHASES, &moves, "cxa-2020", &limits(2_000));
    assert_eq!(g.stopped_by, Some(StopReason::GameBudget));
    let p = &g.points[0];
    assert_eq!(p.kind, PointKind::Repetition);
    assert_eq!(g.incomplete_points, vec![p.ply]);
    let search = p.ruling.search.as_ref().unwrap();
    assert!(!search.incomplete_plies.is_empty());
    assert_eq!(search.stopped_by, Some(StopReason::GameBudget));
    // The full budget finishes the same game.
    let full = ruled(CHASES, &moves, "cxa-2020", &RulingOptions::default());
    assert_eq!((full.stopped_by, full.incomplete_points.len()), (None, 0));
}

#[test]
fn a_cancelled_or_late_ruling_stops_and_says_why() {
    let (start, moves) = game_of(CHASES, &CHASE_CYCLE.repeat(3));
    let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
    let ed = edition::get("cxa-2020").unwrap();
    let cancel = Arc::new(AtomicBool::new(true));
    let g = rule_game_cancellable(
        start.clone(),
        &texts,
        ed,
        &RulingOptions::default(),
        None,
        false,
        Some(cancel),
    )
    .unwrap();
    assert_eq!(g.stopped_by, Some(StopReason::Cancelled));
    assert!(!g.incomplete_points.is_empty());
    let late = RulingOptions {
        time_limit: Some(Duration::ZERO),
        ..RulingOptions::default()
    };
    let g = rule_game(start, &texts, ed, &late, None, false).unwrap();
    assert_eq!(g.stopped_by, Some(StopReason::Deadline));
    let search = g.points[0].ruling.search.as_ref().unwrap();
    assert_eq!(search.stopped_by, Some(StopReason::Deadline));
}

#[test]
fn a_perpetual_check_is_ruled_the_same_without_any_budget() {
    // A perpetual check is told from the moves alone: with no game budget
    // at all the searches stop at once, and the verdict stands.
    let moves = CHECK_CYCLE.repeat(3);
    let starved = ruled(CHECKS, &moves, "cxa-2020", &limits(0));
    let full = ruled(CHECKS, &moves, "cxa-2020", &RulingOptions::default());
    assert_eq!(
        starved.points[0].ruling.result,
        full.points[0].ruling.result
    );
    assert_eq!(
        starved.points[0].ruling.reason,
        full.points[0].ruling.reason
    );
}

#[test]
fn the_game_budget_has_a_maximum() {
    let too_much = SearchLimits {
        nodes_per_game: SearchLimits::MAX_NODES_PER_GAME + 1,
        ..SearchLimits::default()
    };
    let e = too_much.validate().unwrap_err();
    assert!(e.contains("per game"), "{e}");
}
