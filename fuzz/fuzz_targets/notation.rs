//! Move notation: `parse_move_as` in ICCS, WXF and Chinese on any text,
//! against positions reached by a walk the input chooses; and in those
//! positions every legal move written in each notation reads back as
//! itself (`format_move` → `parse_move` and `parse_move_as`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use xq_core::notation::parse_move_as;
use xq_core::{format_move, parse_move, Notation, Position};

/// Start positions: the opening array, a middlegame with tandem pieces
/// (two rooks, two pawns on a file), and a sparse endgame.
const STARTS: [&str; 3] = [
    "startpos",
    "r1bakab2/9/2n1c1n2/p1p1p3p/6p2/2P3P2/P3P3P/2N1C1N2/4A4/R1BAK1B1R w - - 0 1",
    "3k5/4P4/4P4/9/9/9/9/4R4/4R4/4K4 w - - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let mut pos = Position::from_fen(STARTS[usize::from(head) % STARTS.len()]).unwrap();
    // The next bytes up to the first 0xFF choose a walk of legal moves.
    let (walk, text) = match rest.iter().position(|&b| b == 0xFF) {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (&[][..], rest),
    };
    for &b in walk.iter().take(40) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.play_unchecked(moves[usize::from(b) % moves.len()]);
    }
    if let Ok(text) = std::str::from_utf8(text) {
        for n in Notation::ALL {
            if let Ok(m) = parse_move_as(&pos, text, n) {
                assert!(pos.is_legal(m), "{text:?} read as the illegal {m} in {pos}");
            }
        }
        if let Ok(m) = parse_move(&pos, text) {
            assert!(pos.is_legal(m));
        }
    }
    for m in pos.legal_moves() {
        for n in Notation::ALL {
            let written = format_move(&pos, m, n);
            assert_eq!(parse_move(&pos, &written), Ok(m), "{written} in {pos}");
            assert_eq!(
                parse_move_as(&pos, &written, n),
                Ok(m),
                "{written} in {pos}"
            );
        }
    }
});
