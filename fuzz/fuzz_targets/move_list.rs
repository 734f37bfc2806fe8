//! Move lists: `split_moves` and `Game::from_texts` on any text from a few
//! start positions (one near the move-counter limits). No panic; a game
//! that is read has only legal moves and its FEN reads back; an error
//! names its ply and is one bounded line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xq_core::game::split_moves;
use xq_core::{Game, Position};

const STARTS: [&str; 3] = [
    "startpos",
    "3k5/4P4/4P4/9/9/9/9/4R4/4R4/4K4 w - - 0 1",
    "3k5/9/9/9/9/9/9/9/9/3RK4 b - - 999998 999999",
];

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let start = Position::from_fen(STARTS[usize::from(head) % STARTS.len()]).unwrap();
    let texts = split_moves(text);
    match Game::from_texts(start, &texts) {
        Ok(game) => {
            assert_eq!(game.moves().len(), texts.len());
            for (p, &m) in game.positions().iter().zip(game.moves()) {
                assert!(p.is_legal(m));
            }
            let fen = game.current().fen();
            assert_eq!(
                Position::from_fen(&fen).as_ref(),
                Ok(game.current()),
                "{fen}"
            );
        }
        Err(e) => {
            assert!(e.ply >= 1 && e.ply <= texts.len());
            // A move text is at most 32 bytes, escaped at most 10-fold
            // (`\u{10ffff}`), beside a notation's explanation.
            let m = e.to_string();
            assert!(m.len() <= 1000 && !m.contains('\n'), "{m}");
        }
    }
});
