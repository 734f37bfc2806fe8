//! Whole games ruled as an arbiter follows them: the points, what followed
//! each repetition, and the result against the record's. Every expected
//! ply and result was worked out by hand from the move lists.

use xq_core::game::split_moves;
use xq_core::{Color, Outcome, Position};
use xq_oracle::edition;
use xq_oracle::ruling::{
    rule_game, Claimable, Comparison, FollowUp, GameRuling, PointKind, RulingOptions, RulingReason,
};

/// 图6's shape: Red's rook checks from two files, Black's king shuffles.
const CHECKS: &str = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w";
const CYCLE: &str = "f0e0 e8f8 e0f0 f8e8 ";

fn ruled(fen: &str, moves: &str, ed: &str, recorded: Option<Outcome>) -> GameRuling {
    let start = Position::from_fen(fen).unwrap();
    rule_game(
        start,
        &split_moves(moves),
        edition::get(ed).unwrap(),
        &RulingOptions::default(),
        recorded,
        false,
    )
    .unwrap()
}

/// An edition like `id` whose arbiter rules as soon as the count is
/// reached (no edition of today's does: each has a player claim).
fn automatic(id: &str) -> edition::Edition {
    let mut e = edition::get(id).unwrap().clone();
    e.rules.repetition.adjudication = edition::Adjudication::Automatic;
    e
}

fn ruled_under(
    fen: &str,
    moves: &str,
    ed: &edition::Edition,
    recorded: Option<Outcome>,
) -> GameRuling {
    let start = Position::from_fen(fen).unwrap();
    rule_game(
        start,
        &split_moves(moves),
        ed,
        &RulingOptions::default(),
        recorded,
        false,
    )
    .unwrap()
}

#[test]
fn perpetual_check_is_decided_when_the_count_is_reached_where_the_arbiter_rules_unasked() {
    // The start position stands for the third time after ply 8; CXA 2020
    // allows no further cycle after a perpetual check (4.1.4).
    let g = ruled_under(
        CHECKS,
        &CYCLE.repeat(3),
        &automatic("cxa-2020"),
        Some(Outcome::BlackWins),
    );
    assert_eq!(g.points.len(), 1, "{:#?}", g.points);
    let p = &g.points[0];
    assert_eq!((p.ply, p.kind), (8, PointKind::Repetition));
    assert_eq!(p.ruling.reason, RulingReason::PerpetualCheck);
    assert_eq!(p.follow_up, Some(FollowUp::Lost { ply: 8, cycles: 0 }));
    assert_eq!((g.result, g.decided_at), (Outcome::BlackWins, Some(8)));
    assert_eq!(g.claimable, None);
    assert_eq!(g.agrees, Some(true));
    assert_eq!(g.plies, 12);
}

#[test]
fn under_a_claim_playing_on_past_the_count_means_nobody_claimed() {
    // The same record under CXA 2020 as it is (a player claims, 1999 art.
    // 24): the four plies after the count show no claim was made at ply 8,
    // so nothing is decided there; the record ends with the repetition
    // standing, and the game's result rests on the claim still open.
    let g = ruled(
        CHECKS,
        &CYCLE.repeat(3),
        "cxa-2020",
        Some(Outcome::BlackWins),
    );
    let p = &g.points[0];
    assert_eq!((p.ply, p.ruling.reason), (8, RulingReason::PerpetualCheck));
    assert_eq!(p.follow_up, Some(FollowUp::RecordEnds { cycles: 1 }));
    assert_eq!((g.result, g.decided_at), (Outcome::BlackWins, Some(12)));
    assert_eq!(
        g.claimable,
        Some(Claimable {
            ply: 8,
            result: Outcome::BlackWins
        })
    );
    assert_eq!(g.comparison(), Comparison::Agrees);
    // The players agreed a draw instead of claiming: the record's result
    // stands; it is not a wrong record.
    let g = ruled(CHECKS, &CYCLE.repeat(3), "cxa-2020", Some(Outcome::Draw));
    assert_eq!(g.comparison(), Comparison::Claimable);
    // The checker varies after two more checks and play goes on: the
    // point was claimable and nobody claimed; nothing is decided, and a
    // recorded draw (agreed later) is a result made off the board.
    let moves = format!("{} f0e0 e8f8 e0f0 f8e8 f0e0 c9e7", CYCLE.repeat(3));
    let g = ruled(CHECKS, &moves, "cxa-2020", Some(Outcome::Draw));
    assert!(
        matches!(
            g.points[0].follow_up,
            Some(FollowUp::Varied {
                by: Color::Black,
                ..
            })
        ),
        "{:?}",
        g.points[0].follow_up
    );
    assert_eq!((g.result, g.claimable), (Outcome::Ongoing, None));
    assert_eq!(g.comparison(), Comparison::OffTheBoard);
}

#[test]
fn the_asian_rules_allow_one_more_cycle_before_the_loss() {
    // Arbiter 6.G: one further cycle after the ruling; the second loses.
    let axf = automatic("axf-2017");
    let g = ruled_under(CHECKS, &CYCLE.repeat(4), &axf, Some(Outcome::Draw));
    let p = &g.points[0];
    assert_eq!(p.ply, 8);
    assert_eq!(p.follow_up, Some(FollowUp::Lost { ply: 16, cycles: 2 }));
    assert_eq!((g.result, g.decided_at), (Outcome::BlackWins, Some(16)));
    assert_eq!(g.agrees, Some(false));
    // Three cycles: the one allowed further cycle is played, the record
    // ends with the repetition standing, and the ruling stands with it.
    let g = ruled_under(CHECKS, &CYCLE.repeat(3), &axf, None);
    assert_eq!(
        g.points[0].follow_up,
        Some(FollowUp::RecordEnds { cycles: 1 })
    );
    assert_eq!((g.result, g.decided_at), (Outcome::BlackWins, Some(12)));
    assert_eq!(g.agrees, None);
    // Under the Asian rules as they are (a player asks, 6.G), four cycles
    // are no loss by themselves: the claim stands at the record's end, and
    // a recorded draw says the players settled without it.
    let g = ruled(CHECKS, &CYCLE.repeat(4), "axf-2017", Some(Outcome::Draw));
    assert_eq!(
        g.points[0].follow_up,
        Some(FollowUp::RecordEnds { cycles: 2 })
    );
    assert_eq!(g.result, Outcome::BlackWins);
    assert_eq!(g.claimable.map(|c| c.ply), Some(8));
    assert_eq!(g.comparison(), Comparison::Claimable);
}

#[test]
fn a_side_that_varies_ends_the_repetition() {
    // After the count (ply 8) the cycle goes on once more, Red checks again
    // (ply 13), and Black interposes the elephant (c9e7) instead of moving
    // the king: the cycle is left at ply 14. (Red cannot vary: the rook is
    // its only mobile piece.)
    let moves = format!("{} f0e0 c9e7", CYCLE.repeat(3));
    let g = ruled(CHECKS, &moves, "axf-2017", None);
    assert_eq!(
        g.points[0].follow_up,
        Some(FollowUp::Varied {
            ply: 14,
            by: Color::Black,
            cycles: 1
        })
    );
    assert_eq!((g.result, g.decided_at), (Outcome::Ongoing, None));
}

#[test]
fn the_natural_limit_is_a_point_and_a_capture_restarts_it() {
    // 118 plies without capture before the start: the limit (60 rounds)
    // is reached after two more plies, then the rook takes the pawn and
    // the count starts again.
    let g = ruled(
        "4k4/9/9/9/9/9/9/9/2p6/3K1R3 w - - 118 60",
        "f0f1 e9e8 f1c1 e8e9",
        "cxa-2020",
        Some(Outcome::Draw),
    );
    assert_eq!(g.points.len(), 1, "{:#?}", g.points);
    assert_eq!(
        (g.points[0].ply, g.points[0].kind),
        (2, PointKind::NaturalLimit)
    );
    assert_eq!(g.points[0].ruling.result, Outcome::Draw);
    // The game goes on after the capture: nothing is decided.
    assert_eq!((g.result, g.decided_at), (Outcome::Ongoing, None));
    assert_eq!(g.agrees, Some(false));
    // The recorded draw is the one the limit allowed (claimed or agreed
    // late); a recorded win in the same game was ended off the board.
    assert_eq!(g.comparison(), Comparison::NaturalLimit);
    let won = ruled(
        "4k4/9/9/9/9/9/9/9/2p6/3K1R3 w - - 118 60",
        "f0f1 e9e8 f1c1 e8e9",
        "cxa-2020",
        Some(Outcome::RedWins),
    );
    assert_eq!(won.comparison(), Comparison::OffTheBoard);
    // A draw recorded where the limit was never reached: off the board.
    let agreed = ruled("startpos", "h2e2 h9g7", "cxa-2020", Some(Outcome::Draw));
    assert_eq!(agreed.comparison(), Comparison::OffTheBoard);
}

#[test]
fn an_illegal_last_move_and_a_mate_are_points() {
    // e0d0 brings the kings face to face (自杀): Red loses at ply 1.
    let g = ruled("3k5/9/9/9/9/9/9/9/9/4K4 w", "e0d0", "cxa-2020", None);
    assert_eq!(g.points.len(), 1);
    assert_eq!(
        (g.points[0].ply, g.points[0].kind),
        (1, PointKind::IllegalMove)
    );
    assert_eq!(
        (g.result, g.decided_at, g.plies),
        (Outcome::BlackWins, Some(1), 1)
    );
    // The rook on a8 holds rank 8, the red king the e-file: i0i9 mates.
    let g = ruled(
        "3k5/R8/9/9/9/9/9/9/9/4K3R w",
        "i0i9",
        "cxa-2020",
        Some(Outcome::RedWins),
    );
    assert_eq!((g.points[0].ply, g.points[0].kind), (1, PointKind::End));
    assert_eq!((g.result, g.agrees), (Outcome::RedWins, Some(true)));
}

#[test]
fn final_only_rules_the_last_position_alone() {
    let start = Position::from_fen(CHECKS).unwrap();
    let g = rule_game(
        start,
        &split_moves(&CYCLE.repeat(4)),
        edition::get("axf-2017").unwrap(),
        &RulingOptions::default(),
        None,
        true,
    )
    .unwrap();
    assert_eq!(g.points.len(), 1);
    assert_eq!(g.points[0].ply, 16);
    assert_eq!(g.points[0].follow_up, None);
    assert_eq!(g.result, Outcome::BlackWins);
}

#[test]
fn a_result_the_board_does_not_decide_is_off_the_board_not_a_disagreement() {
    // Two quiet opening moves: nothing is decided on the board, so a
    // recorded win was a resignation (or time, or agreement).
    let resigned = ruled("startpos", "h2e2 h9g7", "cxa-2020", Some(Outcome::RedWins));
    assert_eq!(resigned.result, Outcome::Ongoing);
    assert_eq!(resigned.comparison(), Comparison::OffTheBoard);
    // Red mates on the board: a record giving Black the win is wrong,
    // not off the board.
    let wrong = ruled(
        "3k5/R8/9/9/9/9/9/9/9/4K3R w",
        "i0i9",
        "cxa-2020",
        Some(Outcome::BlackWins),
    );
    assert_eq!(wrong.comparison(), Comparison::Differs);
    // Red's perpetual check loses on Black's claim; a record giving Red
    // the win says nobody claimed (Black lost on time, say): claimable,
    // not a disagreement.
    let unclaimed = ruled(CHECKS, &CYCLE.repeat(3), "cxa-2020", Some(Outcome::RedWins));
    assert_eq!(unclaimed.comparison(), Comparison::Claimable);
    let unrecorded = ruled(CHECKS, &CYCLE.repeat(3), "cxa-2020", None);
    assert_eq!(unrecorded.comparison(), Comparison::Unrecorded);
}
