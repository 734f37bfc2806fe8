//! FEN: `Setup::from_fen` and `Position::from_fen_with` on any text. No
//! panic; an error is one bounded line; a position's FEN reads back to the
//! same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xq_core::{Position, Setup, Validation};

/// An error quotes at most a bounded excerpt of its input, and lists at
/// most six problems of a position (about 60 bytes each).
const MAX_MESSAGE: usize = 600;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Setup::from_fen(text) {
        Ok(setup) => {
            let again = Setup::from_fen(&setup.to_fen()).expect("a setup's FEN reads back");
            assert_eq!(again, setup);
        }
        Err(e) => check_message(&e.to_string()),
    }
    for validation in [Validation::Strict, Validation::Relaxed] {
        match Position::from_fen_with(text, validation) {
            Ok(pos) => {
                let again = Position::from_fen_with(&pos.fen(), validation)
                    .expect("a position's FEN reads back");
                assert_eq!(again, pos);
            }
            Err(e) => check_message(&e.to_string()),
        }
    }
});

fn check_message(m: &str) {
    assert!(m.len() <= MAX_MESSAGE, "message of {} bytes: {m}", m.len());
    assert!(!m.contains('\n'), "message on several lines: {m}");
}
