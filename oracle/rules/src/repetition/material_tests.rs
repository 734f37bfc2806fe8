//! Complete-exchange accounting (完整交换) on hand-built positions. Every
//! expected value was worked out by hand with the values rook 4, horse 2,
//! cannon 2, advisor/elephant/pawn 1.

use crate::repetition::material::Accounting;
use crate::repetition::search::{Search, SearchLimits};
use rstest::rstest;
use xq_core::{Move, Position, Validation};

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

fn pos(fen: &str) -> Position {
    Position::from_fen_with(fen, Validation::Relaxed).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[rstest]
// A rook takes an unprotected horse: +2.
#[case::unprotected("4k4/9/9/9/4n4/9/9/9/4R4/4K4 w", "e1e5", 2)]
// The pawn on e6 takes back: horse for rook, -2.
#[case::protected_by_pawn("4k4/9/9/4p4/4n4/9/9/9/4R4/4K4 w", "e1e5", -2)]
// The black rook on e8 protects e5 but is pinned along rank 8 against its
// king by the rook on i8 (假根): +2.
#[case::false_root("9/3kr3R/9/9/R3n4/9/9/9/9/4K4 w", "a5e5", 2)]
// Without the pinning rook the root is real: -2.
#[case::true_root("9/3kr4/9/9/R3n4/9/9/9/9/4K4 w", "a5e5", -2)]
// 棋例图17 after 后车退一: Black's rook takes the rook on b7 and Red's b9
// rook takes back with check — an even trade if Black may stop there.
#[case::recapture_with_check("1R3a3/4a4/bRrk3r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 b", "c7b7", 0)]
fn capture_gain(#[case] fen: &str, #[case] m: &str, #[case] expected: i32) {
    let limits = SearchLimits::default();
    let search = Search::new(
        &limits,
        crate::edition::get("cxa-2020").unwrap().repetition(),
        u64::MAX,
    );
    let got = search.gain(&pos(fen), mv(m), Accounting::Figures);
    assert_eq!(got, expected, "{fen} {m}");
}

#[rstest]
// No check on the way: the same as the plain accounting.
#[case::unprotected("4k4/9/9/9/4n4/9/9/9/4R4/4K4 w", "e1e5", 2)]
#[case::protected_by_pawn("4k4/9/9/4p4/4n4/9/9/9/4R4/4K4 w", "e1e5", -2)]
// 棋例图17: after the recapture with check the black king must leave rank 7
// (d8 or d6; nothing can block on c7), and the rook then takes the second
// rook on h7: 4 - 4 - 4 = -4 ("taking that rook would lose both rooks").
#[case::recapture_with_check("1R3a3/4a4/bRrk3r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 b", "c7b7", -4)]
fn capture_gain_through_checks(#[case] fen: &str, #[case] m: &str, #[case] expected: i32) {
    let limits = SearchLimits::default();
    let search = Search::new(
        &limits,
        crate::edition::get("cxa-2020").unwrap().repetition(),
        u64::MAX,
    );
    let got = search.gain(&pos(fen), mv(m), Accounting::Strict);
    assert_eq!(got, expected, "{fen} {m}");
}
