//! Each piece rule on hand-built positions. A row is (FEN, move, expected
//! reason code or "legal"); every verdict was worked out by hand from the
//! movement rules.

use rstest::rstest;
use xq_core::{Move, Position};

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

/// Checks the verdict both ways: the reason `check_move` gives, and whether
/// the move is in the generated legal moves.
fn verdict(fen: &str, m: &str, expected: &str) {
    let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let got = match pos.check_move(mv(m)) {
        Ok(()) => "legal",
        Err(e) => e.code(),
    };
    assert_eq!(got, expected, "{m} in {fen}");
    assert_eq!(
        pos.legal_moves().contains(&mv(m)),
        expected == "legal",
        "{m} in legal_moves of {fen}"
    );
}

// Kings on different files (d9, f0) so that they never face by accident.
const HORSE: &str = "3k5/9/9/9/9/9/9/9/9/4NK3 w";
const HORSE_BLACK: &str = "4kn3/9/9/9/9/9/9/9/9/5K3 b";

#[rstest]
#[case::leg_free_up_left(HORSE, "e0d2", "legal")]
#[case::leg_free_up_right(HORSE, "e0f2", "legal")]
#[case::leg_free_left(HORSE, "e0c1", "legal")]
#[case::leg_blocked_by_own_king(HORSE, "e0g1", "horse-leg-blocked")]
#[case::not_a_horse_shape(HORSE, "e0e2", "not-a-move")]
#[case::black_leg_free(HORSE_BLACK, "f9e7", "legal")]
#[case::black_leg_free_right(HORSE_BLACK, "f9h8", "legal")]
#[case::black_leg_blocked_by_own_king(HORSE_BLACK, "f9d8", "horse-leg-blocked")]
#[case::blocked_by_enemy_piece("3k5/9/9/9/9/9/9/9/4r4/4NK3 w", "e0d2", "horse-leg-blocked")]
fn horse(#[case] fen: &str, #[case] m: &str, #[case] expected: &str) {
    verdict(fen, m, expected);
}

#[rstest]
#[case::eye_free("3k5/9/9/9/9/9/9/9/3N5/2B2K3 w", "c0a2", "legal")]
#[case::eye_blocked("3k5/9/9/9/9/9/9/9/3N5/2B2K3 w", "c0e2", "elephant-eye-blocked")]
#[case::river_bank_back("3k5/9/9/9/9/2B6/9/9/9/5K3 w", "c4a2", "legal")]
#[case::crosses_river("3k5/9/9/9/9/2B6/9/9/9/5K3 w", "c4e6", "elephant-crosses-river")]
#[case::black_crosses_river("3k5/9/9/9/2b6/9/9/9/9/5K3 b", "c5e3", "elephant-crosses-river")]
#[case::black_eye_blocked_by_enemy("2bk5/3N5/9/9/9/9/9/9/9/5K3 b", "c9e7", "elephant-eye-blocked")]
#[case::black_eye_free("2bk5/3N5/9/9/9/9/9/9/9/5K3 b", "c9a7", "legal")]
fn elephant(#[case] fen: &str, #[case] m: &str, #[case] expected: &str) {
    verdict(fen, m, expected);
}

// Red cannon b2; black horse b5 and rook b7 on the file; a second screen at b3 in the other rows.
const CANNON_ONE_SCREEN: &str = "3k5/9/1r7/9/1n7/9/9/1C7/9/5K3 w";
const CANNON_TWO_SCREENS: &str = "3k5/9/1r7/9/1n7/9/1N7/1C7/9/5K3 w";

#[rstest]
#[case::one_screen_captures(CANNON_ONE_SCREEN, "b2b7", "legal")]
#[case::no_screen_cannot_capture(CANNON_ONE_SCREEN, "b2b5", "cannon-screen")]
#[case::moves_like_a_rook(CANNON_ONE_SCREEN, "b2b4", "legal")]
#[case::cannot_jump_without_capturing(CANNON_ONE_SCREEN, "b2b6", "path-blocked")]
#[case::two_screens_cannot_capture(CANNON_TWO_SCREENS, "b2b7", "cannon-screen")]
#[case::own_piece_as_screen(CANNON_TWO_SCREENS, "b2b5", "legal")]
#[case::path_blocked_by_own_piece(CANNON_TWO_SCREENS, "b2b4", "path-blocked")]
#[case::sideways(CANNON_TWO_SCREENS, "b2i2", "legal")]
fn cannon(#[case] fen: &str, #[case] m: &str, #[case] expected: &str) {
    verdict(fen, m, expected);
}

#[rstest]
#[case::captures_first_enemy("3k5/9/1r7/9/1n7/9/9/1R7/9/5K3 w", "b2b5", "legal")]
#[case::cannot_pass_a_piece("3k5/9/1r7/9/1n7/9/9/1R7/9/5K3 w", "b2b7", "path-blocked")]
#[case::cannot_capture_own("3k5/9/1r7/9/1N7/9/9/1R7/9/5K3 w", "b2b5", "own-piece-on-target")]
#[case::not_diagonal("3k5/9/1r7/9/1n7/9/9/1R7/9/5K3 w", "b2c3", "not-a-move")]
fn rook(#[case] fen: &str, #[case] m: &str, #[case] expected: &str) {
    verdict(fen, m, expected);
}

// Red pawns on c3 (not crossed) and g5 (crossed); black pawns on c6 and g4.
const PAWNS: &str = "3k5/9/9/2p6/6P2/6p2/2P6/9/9/5K3";

#[rstest]
#[case::forward_before_river("w", "c3c4", "legal")]
#[case::sideways_before_river("w", "c3b3", "pawn-sideways-before-river")]
#[case::backward("w", "c3c2", "pawn-backward")]
#[case::crossed_forward("w", "g5g6", "legal")]
#[case::crossed_sideways_left("w", "g5f5", "legal")]
#[case::crossed_sideways_right("w", "g5h5", "legal")]
#[case::crossed_never_back("w", "g5g4", "pawn-backward")]
#[case::black_forward_before_river("b", "c6c5", "legal")]
#[case::black_sideways_before_river("b", "c6d6", "pawn-sideways-before-river")]
#[case::black_crossed_sideways("b", "g4f4", "legal")]
#[case::black_crossed_never_back("b", "g4g5", "pawn-backward")]
#[case::black_crossed_forward("b", "g4g3", "legal")]
fn pawn(#[case] side: &str, #[case] m: &str, #[case] expected: &str) {
    verdict(&format!("{PAWNS} {side}"), m, expected);
}

#[rstest]
#[case::king_inside("3k5/9/9/9/9/9/9/9/4K4/9 w", "e1f1", "legal")]
#[case::king_inside_but_facing("3k5/9/9/9/9/9/9/9/4K4/9 w", "e1d1", "kings-facing")]
#[case::king_top_edge("3k5/9/9/9/9/9/9/4K4/9/9 w", "e2e3", "outside-palace")]
#[case::king_side_edge("5k3/9/9/9/9/9/9/9/3K5/9 w", "d1c1", "outside-palace")]
#[case::king_one_step_only("3k5/9/9/9/9/9/9/9/9/4K4 w", "e0e2", "not-a-move")]
#[case::king_not_diagonal("3k5/9/9/9/9/9/9/9/9/4K4 w", "e0d1", "not-a-move")]
#[case::black_king_bottom_edge("9/9/3k5/9/9/9/9/9/9/5K3 b", "d7d6", "outside-palace")]
#[case::advisor_to_centre("3k5/9/9/9/9/9/9/3A5/9/5K3 w", "d2e1", "legal")]
#[case::advisor_leaves_palace("3k5/9/9/9/9/9/9/3A5/9/5K3 w", "d2c3", "outside-palace")]
#[case::advisor_not_straight("3k5/9/9/9/9/9/9/9/4A4/5K3 w", "e1e2", "not-a-move")]
#[case::black_advisor_to_corner("3k5/4a4/9/9/9/9/9/9/9/5K3 b", "e8f7", "legal")]
#[case::black_advisor_leaves_palace("3k5/9/3a5/9/9/9/9/9/9/5K3 b", "d7c6", "outside-palace")]
fn palace(#[case] fen: &str, #[case] m: &str, #[case] expected: &str) {
    verdict(fen, m, expected);
}

#[rstest]
#[case::king_steps_onto_open_file("3k5/9/9/9/9/9/9/9/9/4K4 w", "e0d0", "kings-facing")]
#[case::king_steps_beside_it("3k5/9/9/9/9/9/9/9/9/4K4 w", "e0e1", "legal")]
#[case::only_screen_leaves("4k4/9/9/9/4P4/9/9/9/9/4K4 w", "e5d5", "kings-facing")]
#[case::screen_stays_on_file("4k4/9/9/9/4P4/9/9/9/9/4K4 w", "e5e6", "legal")]
#[case::one_of_two_screens_leaves("4k4/9/9/9/4P4/9/4N4/9/9/4K4 w", "e5d5", "legal")]
#[case::black_screen_pinned("4k4/9/9/9/4n4/9/9/9/9/4K4 b", "e5d3", "kings-facing")]
fn facing_kings(#[case] fen: &str, #[case] m: &str, #[case] expected: &str) {
    verdict(fen, m, expected);
}

#[rstest]
#[case::pinned_by_rook("3k5/9/9/9/9/5r3/9/9/5N3/5K3 w", "f1g3", "king-in-check")]
#[case::pinned_piece_along_the_pin("3k5/9/9/9/9/5r3/9/9/5R3/5K3 w", "f1f4", "legal")]
#[case::cannon_screen_pinned("3k5/9/9/9/9/5c3/9/9/5N3/5K3 w", "f1e3", "legal")]
#[case::second_screen_leaves("3k5/9/9/9/9/5c3/9/5N3/5N3/5K3 w", "f1d2", "king-in-check")]
#[case::king_into_rook_file("3k5/9/9/9/9/4r4/9/9/9/5K3 w", "f0e0", "king-in-check")]
#[case::ignores_check("3k5/9/9/9/9/4r4/9/9/9/N2AK4 w", "a0b2", "king-in-check")]
#[case::king_answers_check("3k5/9/9/9/9/4r4/9/9/9/N2AK4 w", "e0f0", "legal")]
#[case::advisor_interposes("3k5/9/9/9/9/4r4/9/9/9/N2AK4 w", "d0e1", "legal")]
fn self_check(#[case] fen: &str, #[case] m: &str, #[case] expected: &str) {
    verdict(fen, m, expected);
}
