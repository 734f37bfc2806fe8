//! Ways out (不能离线) on hand-built positions and on 棋例参考图49. Each
//! expectation was worked out by hand: which moves are legal, where the
//! piece lands, who can take it there, and whether a mate by checks
//! follows (confirmed with Fairy-Stockfish where a mate is claimed).

use crate::repetition::search::{Search, SearchLimits};
use rstest::rstest;
use xq_core::{Move, Position, Square, Validation};

fn sq(s: &str) -> Square {
    Square::from_iccs(s).unwrap()
}

fn pos(fen: &str) -> Position {
    Position::from_fen_with(fen, Validation::Relaxed).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn without(p: &Position, at: &str) -> Position {
    let mut setup = p.to_setup();
    setup.board[sq(at).index()] = None;
    Position::from_setup(&setup, Validation::Relaxed).unwrap()
}

fn getaways(p: &Position, at: &str) -> Vec<Move> {
    let limits = SearchLimits::default();
    Search::new(
        &limits,
        crate::edition::get("cxa-2020").unwrap().repetition(),
        u64::MAX,
    )
    .getaways(p, sq(at))
}

/// 参考图49 after 马八进七 车2平3: the horse on c8 pins the cannon on d8 (any
/// cannon move lets the horse check through its leg on d8).
const PINNED: &str = "3akab2/2Ncn1C2/4b2C1/p7R/2rn2p2/9/P1p1P1P1P/1c2B4/5N3/2BAKA3 b";
/// 参考图49 after 马七退八: the cannon may move, but d7, d6, d0 and the
/// 8th rank are covered, and 炮×g8 is met by 马d7 mate (the king is shut in
/// by its advisors and horse, and nothing can block the leg on d8).
const TIED_BY_MATE: &str = "3akab2/3cn1C2/4b2C1/pN6R/2rn2p2/9/P1p1P1P1P/1c2B4/5N3/2BAKA3 b";

#[rstest]
#[case::pinned_by_horse(PINNED, "d8", "c8")]
#[case::tied_by_mate(TIED_BY_MATE, "d8", "b6")]
fn the_horse_holds_the_cannon(#[case] fen: &str, #[case] target: &str, #[case] holder: &str) {
    let p = pos(fen);
    assert_eq!(getaways(&p, target), vec![], "{fen}");
    // Without the horse the cannon takes the red cannon on g8 safely.
    let free = without(&p, holder);
    assert!(
        getaways(&free, target).contains(&Move::new(sq("d8"), sq("g8"))),
        "{fen} without {holder}: {:?}",
        getaways(&free, target)
    );
}

#[test]
fn a_free_rook_gets_away() {
    // Nothing of Red's reaches the e-file or the 5th rank but the king.
    let p = pos("4k4/9/9/9/4r4/9/9/9/9/3K5 b");
    let ways = getaways(&p, "e5");
    assert!(ways.contains(&Move::new(sq("e5"), sq("a5"))), "{ways:?}");
    // Every rook move (3 up, 5 down, 4 each way along the rank) is a way
    // out: even e0, beside the red king, which may not take there because
    // the kings would then face each other.
    assert_eq!(ways.len(), 16, "{ways:?}");
    assert!(ways.contains(&Move::new(sq("e5"), sq("e0"))), "{ways:?}");
}

#[test]
fn a_mate_threatened_anyway_ties_no_piece() {
    // If Black passed, 车b7-b9 would mate (the a8 rook covers e8). The
    // rook on i1 cannot stop it by going to h1, but it is not what keeps
    // the mate off either: that move is still a way out.
    let p = pos("4k4/R8/1R7/9/9/9/9/9/8r/3K5 b");
    assert!(getaways(&p, "i1").contains(&Move::new(sq("i1"), sq("h1"))));
}

#[test]
fn a_piece_with_no_legal_move_has_no_way_out() {
    // The horse on e8 is pinned against its king by the rook on e1.
    let p = pos("4k4/4n4/9/9/9/9/9/9/4R4/3K5 b");
    assert_eq!(getaways(&p, "e8"), vec![]);
    assert!(!getaways(&without(&p, "e1"), "e8").is_empty());
}
