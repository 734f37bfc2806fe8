//! The hostile-input catalogue of the rules crate's parsers: FEN, each
//! move notation, and move lists. Each input must be refused with a clear,
//! one-line, bounded message (never a panic); the fuzz targets in `fuzz/`
//! look for more, and their findings are kept here.

use xq_core::game::{split_moves, MAX_MOVE_TEXT};
use xq_core::notation::parse_move_as;
use xq_core::setup::{MAX_FULLMOVES, MAX_HALFMOVES};
use xq_core::{Counter, Game, Notation, ParseFenError, PlayFault, Position, Setup, Validation};

/// Every message is one line and short, whatever the input's length.
#[track_caller]
fn bounded(message: &str) -> &str {
    assert!(!message.contains('\n'), "several lines: {message}");
    assert!(message.len() <= 1000, "{} bytes: {message}", message.len());
    message
}

#[track_caller]
fn fen_error(fen: &str) -> String {
    let e = Setup::from_fen(fen).expect_err(fen);
    bounded(&e.to_string()).to_string()
}

#[test]
fn empty_whitespace_and_nul() {
    assert_eq!(fen_error(""), "invalid FEN: it is empty");
    assert_eq!(fen_error(" \t\r\n "), "invalid FEN: it is empty");
    assert_eq!(
        fen_error("4k4/9/9/9/4\x004/9/9/9/9/4K4 w"),
        "invalid FEN: rank 5 (field 5 of the placement) has an unknown character '\\0'"
    );
    assert_eq!(
        fen_error("\0"),
        "invalid FEN: expected 10 ranks separated by '/', found 1"
    );
}

#[test]
fn fields_beyond_the_placement() {
    let k = "3k5/9/9/9/9/9/9/9/9/4K4";
    assert_eq!(
        fen_error(&format!("{k} x")),
        "invalid FEN: side to move must be 'w' (or 'r') for Red or 'b' for Black, found \"x\""
    );
    assert_eq!(
        fen_error(&format!("{k} w KQkq")),
        "invalid FEN: the castling field (field 3) must be '-' in xiangqi, found \"KQkq\""
    );
    assert_eq!(
        fen_error(&format!("{k} w - e3")),
        "invalid FEN: the en passant field (field 4) must be '-' in xiangqi, found \"e3\""
    );
    assert_eq!(
        fen_error(&format!("{k} w - - 0 1 0")),
        "invalid FEN: unexpected trailing field \"0\""
    );
}

#[test]
fn counters_huge_negative_and_fractional() {
    let k = "3k5/9/9/9/9/9/9/9/9/4K4 w - -";
    for v in [
        "-1",
        "+0",
        "0.0",
        "1e2",
        "4294967295",
        "4294967296",
        "18446744073709551616",
        "",
        "٣",
    ] {
        let fen = format!("{k} {v} 1");
        if v.is_empty() {
            continue; // no field at all: allowed
        }
        assert_eq!(
            Setup::from_fen(&fen),
            Err(ParseFenError::BadCounter {
                counter: Counter::Halfmoves,
                value: v.into()
            }),
            "{fen}"
        );
        let fen = format!("{k} 0 {v}");
        assert_eq!(
            Setup::from_fen(&fen),
            Err(ParseFenError::BadCounter {
                counter: Counter::Fullmoves,
                value: v.into()
            }),
            "{fen}"
        );
    }
    assert_eq!(
        fen_error(&format!("{k} 0 0")),
        "invalid FEN: the move number (field 6) must be a whole number from 1 to 999999, found \"0\""
    );
    let top = Setup::from_fen(&format!("{k} {MAX_HALFMOVES} {MAX_FULLMOVES}")).unwrap();
    assert_eq!((top.halfmoves, top.fullmoves), (999_999, 999_999));
    let long = "9".repeat(10_000);
    assert_eq!(
        fen_error(&format!("{k} {long} 1")),
        format!(
            "invalid FEN: the halfmove clock (field 5) must be a whole number from 0 to 999999, found \"{}\"… (10000 bytes)",
            "9".repeat(24)
        )
    );
}

#[test]
fn very_long_fens_are_counted_not_echoed() {
    assert_eq!(
        fen_error(&"/".repeat(1_000_000)),
        "invalid FEN: expected 10 ranks separated by '/', found 1000001"
    );
    let wide = format!("{}/9/9/9/9/9/9/9/9/4K4", "1".repeat(1_000_000));
    assert_eq!(
        fen_error(&wide),
        "invalid FEN: rank 9 (field 1 of the placement) is 1000000 points wide, expected 9"
    );
}

/// Found by the `fen` fuzz target: a board of junk listed every problem,
/// hundreds of bytes on one line. At most six are written out now.
#[test]
fn fuzz_regression_many_problems_are_counted() {
    let e = Position::from_fen("4e4/9/9/9/9/EEeEe4/9/9/9/K44").unwrap_err();
    let m = bounded(&e.to_string()).to_string();
    assert!(m.ends_with("; and 4 more problems"), "{m}");
    assert_eq!(m.matches("; ").count(), 6, "{m}");
    assert!(Position::from_fen_with("4e4/9/9/9/9/EEeEe4/9/9/9/K44", Validation::Relaxed).is_err());
}

fn start() -> Position {
    Position::start()
}

#[test]
fn each_notation_refuses_hostile_texts() {
    let texts = [
        "",
        " ",
        "\0",
        "\u{7f}",
        "h2",
        "h2e2e2",
        "i9j9",
        "h2h2",
        "C",
        "C2",
        "C2=",
        "C2=0",
        "C2=10",
        "炮",
        "炮二",
        "炮二平",
        "炮二平十",
        "炮炮炮炮",
        "前前前前",
        "+-=.",
        "９９９９",
        "🀄",
    ];
    for text in texts {
        for n in Notation::ALL {
            if let Err(e) = parse_move_as(&start(), text, n) {
                bounded(&e.to_string());
            } else {
                panic!("{text:?} read as a move in {n}");
            }
        }
    }
}

#[test]
fn move_lists_split_on_white_space_commas_and_numbers() {
    assert_eq!(split_moves(""), Vec::<&str>::new());
    assert_eq!(split_moves(" \t\n,,, "), Vec::<&str>::new());
    assert_eq!(
        split_moves("1. h2e2, h9g7 2. h0g2"),
        ["h2e2", "h9g7", "h0g2"]
    );
    // A number without its point, or a point alone, is a (bad) move.
    assert_eq!(split_moves("1 ."), ["1", "."]);
}

#[test]
fn over_long_move_texts_are_refused_before_parsing() {
    let long = "炮二平五".repeat(1000);
    let e = Game::from_texts(start(), &["h2e2", long.as_str()]).unwrap_err();
    assert_eq!(e.ply, 2);
    assert_eq!(e.error, PlayFault::TooLong { text: long.clone() });
    assert_eq!(
        e.to_string(),
        format!(
            "ply 2: \"{}\"… (12000 bytes) is not a move: no move text is longer than 32 bytes",
            "炮二平五".repeat(6)
        )
    );
    // The longest real moves are far under the bound.
    for m in ["前炮进一", "Ｃ２＝５", "炮二平五"] {
        assert!(m.len() <= MAX_MOVE_TEXT / 2, "{m}");
    }
}

/// Found by the `move_list` fuzz target: a 63-byte text of control
/// characters was escaped six-fold into a message of 700 bytes. Texts over
/// 32 bytes are now refused first, and the message stays bounded.
#[test]
fn fuzz_regression_control_characters_stay_bounded() {
    let text = format!("{}=3#", "\u{1c}".repeat(61));
    let e = Game::from_texts(start(), &[text.as_str()]).unwrap_err();
    assert!(matches!(e.error, PlayFault::TooLong { .. }), "{e}");
    bounded(&e.to_string());
    let text = format!("{}=3", "\u{1c}".repeat(30));
    let e = Game::from_texts(start(), &[text.as_str()]).unwrap_err();
    assert!(e.error.as_move().is_some(), "{e}");
    bounded(&e.to_string());
}

#[test]
fn counters_stop_the_game_not_wrap() {
    let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 999999").unwrap();
    let e = Game::from_texts(pos.clone(), &["d9d8"]).unwrap_err();
    assert_eq!(
        e.error,
        PlayFault::CounterLimit {
            text: "d9d8".into(),
            counter: Counter::Fullmoves
        }
    );
    // Unchecked play (the 棋例 searches) holds the counter at its maximum.
    let after = pos.play_unchecked(pos.legal_moves()[0]);
    assert_eq!(after.fullmoves(), MAX_FULLMOVES);
    let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 999999 3").unwrap();
    let e = Game::from_texts(pos, &["e0e1"]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "ply 1: e0e1 would take the halfmove clock past 999999, the largest the oracle keeps"
    );
}
