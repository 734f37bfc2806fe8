//! The hostile-input catalogue of the command line: FEN, moves in each
//! notation, move lists from arguments, files and standard input, and the
//! options themselves. Every case runs the binary with a timeout and checks
//! the whole standard error (one line, `xq: …`), the exit status (1 for bad
//! input, 2 for a bad command line, 3 for the environment), and that
//! nothing panicked.

mod common;

use common::{assert_fails, assert_fails_with_prefix, assert_ok, xq};

const STALEMATE: &str = "3k5/2P6/9/9/9/9/9/9/9/4K4 b - - 0 1";

fn tmp(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("xq-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

// ---- FEN ----------------------------------------------------------------

#[test]
fn fen_empty_and_whitespace_only() {
    for fen in ["", "   ", "\t\n"] {
        let r = xq(&["fen", "--fen", fen], b"");
        assert_fails(&r, 1, "xq: invalid FEN: it is empty");
    }
}

#[test]
fn fen_rank_errors_name_the_rank_and_field() {
    let r = xq(&["fen", "--fen", "4k4/9/9/9/9/9/9/9/9/4K3 w"], b"");
    assert_fails(
        &r,
        1,
        "xq: invalid FEN: rank 0 (field 10 of the placement) is 8 points wide, expected 9",
    );
    let r = xq(&["fen", "--fen", "4k4/9/9/9/9/9/9/9/9/9/4K4 w"], b"");
    assert_fails(
        &r,
        1,
        "xq: invalid FEN: expected 10 ranks separated by '/', found 11",
    );
}

#[test]
fn fen_very_long_input_is_quoted_in_part() {
    let long = format!("4k4/9/9/9/9/9/9/9/9/4K4 {}", "w".repeat(10_000));
    let r = xq(&["fen", "--fen", &long], b"");
    assert_fails(
        &r,
        1,
        &format!(
            "xq: invalid FEN: side to move must be 'w' (or 'r') for Red or 'b' for Black, found \"{}\"… (10000 bytes)",
            "w".repeat(24)
        ),
    );
    let long = format!("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1 {}", "x".repeat(10_000));
    let r = xq(&["fen", "--fen", &long], b"");
    assert_fails(
        &r,
        1,
        &format!(
            "xq: invalid FEN: unexpected trailing field \"{}\"… (10000 bytes)",
            "x".repeat(24)
        ),
    );
    // Ten thousand ranks: counted, not echoed.
    let r = xq(&["fen", "--fen", &"9/".repeat(10_000)], b"");
    assert_fails(
        &r,
        1,
        "xq: invalid FEN: expected 10 ranks separated by '/', found 10001",
    );
}

#[test]
fn fen_counters_have_a_documented_range() {
    let base = "3k5/9/9/9/9/9/9/9/9/4K4 w - -";
    let half = |v: &str| {
        format!("xq: invalid FEN: the halfmove clock (field 5) must be a whole number from 0 to 999999, found \"{v}\"")
    };
    let full = |v: &str| {
        format!("xq: invalid FEN: the move number (field 6) must be a whole number from 1 to 999999, found \"{v}\"")
    };
    for v in [
        "-1",
        "+1",
        "1.5",
        "1e3",
        "1000000",
        "4294967296",
        "99999999999999999999",
        "0x10",
    ] {
        let r = xq(&["fen", "--fen", &format!("{base} {v} 1")], b"");
        assert_fails(&r, 1, &half(v));
        let r = xq(&["fen", "--fen", &format!("{base} 0 {v}")], b"");
        assert_fails(&r, 1, &full(v));
    }
    let r = xq(&["fen", "--fen", &format!("{base} 0 0")], b"");
    assert_fails(&r, 1, &full("0"));
    // The extremes of the range are read and written back.
    let r = xq(&["fen", "--fen", &format!("{base} 999999 999999")], b"");
    assert_eq!(assert_ok(&r), format!("{base} 999999 999999\n"));
}

/// Before the range, move number 4294967295 plus a Black move printed move
/// number 0, which `xq fen` then refused: now the move is refused.
#[test]
fn counters_never_wrap() {
    let r = xq(
        &[
            "fen",
            "--fen",
            "3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 999999",
            "--moves",
            "d9d8",
        ],
        b"",
    );
    assert_fails(
        &r,
        1,
        "xq: ply 1: d9d8 would take the move number past 999999, the largest the oracle keeps",
    );
    let r = xq(
        &[
            "fen",
            "--fen",
            "3k5/9/9/9/9/9/9/9/9/4K4 w - - 999999 5",
            "--moves",
            "e0e1",
        ],
        b"",
    );
    assert_fails(
        &r,
        1,
        "xq: ply 1: e0e1 would take the halfmove clock past 999999, the largest the oracle keeps",
    );
    // One below the top: the result is written, and reads back.
    let r = xq(
        &[
            "fen",
            "--fen",
            "3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 999998",
            "--moves",
            "d9d8",
        ],
        b"",
    );
    let fen = assert_ok(&r).trim().to_string();
    assert_eq!(fen, "9/3k5/9/9/9/9/9/9/9/4K4 w - - 1 999999");
    assert_ok(&xq(&["fen", "--fen", &fen], b""));
}

#[test]
fn impossible_positions_list_their_problems_in_one_bounded_line() {
    let r = xq(&["status", "--fen", "4k4/4R4/4K4/9/9/9/9/9/9/9 b"], b"");
    assert_fails(
        &r,
        1,
        "xq: illegal position: the red king at e7 is outside its palace",
    );
    let r = xq(&["status", "--fen", "4k4/4R4/9/9/9/9/9/9/9/3K5 w"], b"");
    assert_fails(
        &r,
        1,
        "xq: illegal position: black is in check but it is not black's move",
    );
    // Twenty elephants and no kings: six problems shown, the rest counted.
    let r = xq(
        &["status", "--fen", "BBBBBBBBB/BBBBBBBBB/9/9/9/9/9/9/9/9 w"],
        b"",
    );
    assert_fails_with_prefix(
        &r,
        1,
        "xq: illegal position: a red elephant can never stand on a8;",
    );
    assert!(
        r.stderr.ends_with("; and 15 more problems\n"),
        "{}",
        r.stderr
    );
}

// ---- moves --------------------------------------------------------------

#[test]
fn moves_empty_or_whitespace_play_nothing() {
    for m in ["", "   ", " , ,\t"] {
        let r = xq(&["fen", "--moves", m], b"");
        assert_eq!(
            assert_ok(&r),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n"
        );
    }
}

#[test]
fn bad_moves_in_each_notation() {
    let cases = [
        // ICCS
        ("h0g2 h9g7 z9z9", "xq: ply 3: \"z9z9\" is not a move in ICCS, WXF or Chinese notation: the from-square is off the board"),
        ("h2e2 h9g7 h0f1", "xq: ply 3: h0f1 is not legal"),
        ("h2e2 e2e5", "xq: ply 2: e2e5 is not legal: the piece on e2 is a red cannon, not the mover's"),
        // WXF
        ("C2=0", "xq: ply 1: \"C2=0\" is not a move in ICCS, WXF or Chinese notation: the move must end in a number 1-9"),
        ("C9=5", "xq: ply 1: C9=5 names no piece: red has no cannon on file 9"),
        // Chinese
        ("炮二平五 炮二平五 炮二平五", "xq: ply 3: 炮二平五 names no piece"),
        ("炮十平五", "xq: ply 1: \"炮十平五\" is not a move in ICCS, WXF or Chinese notation: files are numbered 1-9"),
    ];
    for (moves, prefix) in cases {
        let r = xq(&["legal", "--moves", moves], b"");
        assert_fails_with_prefix(&r, 1, prefix);
    }
}

#[test]
fn a_horse_with_a_blocked_leg_is_named() {
    // The example of spec/CLI.md: the horse h0 cannot reach g2 over h1.
    let r = xq(&["legal", "--moves", "h2h1 h9g7 h0g2"], b"");
    assert_fails(
        &r,
        1,
        "xq: ply 3: h0g2 is not legal: the horse's leg at h1 is blocked",
    );
}

#[test]
fn nul_bytes_and_control_characters_are_escaped_not_echoed() {
    let r = xq(&["legal", "--moves", "h2e2 \u{1}\u{2}"], b"");
    assert_fails_with_prefix(&r, 1, "xq: ply 2: \"\\u{1}\\u{2}\" is not a move");
    let r = xq(&["legal", "--moves", "-"], b"h2e2 h9\0g7\n");
    assert_fails_with_prefix(&r, 1, "xq: <stdin>:1:6: ply 2: \"h9\\0g7\" is not a move");
}

#[test]
fn a_very_long_move_is_quoted_in_part() {
    let long = "h2e2".repeat(2_500);
    let r = xq(&["legal", "--moves", &long], b"");
    assert_fails(
        &r,
        1,
        &format!(
            "xq: ply 1: \"{}\"… (10000 bytes) is not a move: no move text is longer than 32 bytes",
            "h2e2".repeat(6)
        ),
    );
    let chinese = "炮".repeat(5_000);
    let r = xq(&["legal", "--moves", &chinese], b"");
    assert_fails_with_prefix(
        &r,
        1,
        &format!("xq: ply 1: \"{}\"… (15000 bytes)", "炮".repeat(24)),
    );
}

/// `--moves` hit the limit of the argument list at ~28k plies: a file and
/// standard input take any number of moves (up to 4 MiB).
#[test]
fn long_move_lists_from_a_file_and_standard_input() {
    // Horses out and back: 30 000 plies, every 4 the start position again.
    let shuttle = "b0c2 b9c7 c2b0 c7b9\n".repeat(7_500);
    let path = tmp("long.txt", shuttle.as_bytes());
    let expected =
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 30000 15001\n";
    let r = xq(&["fen", "--moves-file", path.to_str().unwrap()], b"");
    assert_eq!(assert_ok(&r), expected);
    let r = xq(&["fen", "--moves", "-"], shuttle.as_bytes());
    assert_eq!(assert_ok(&r), expected);
    // The same for every command that takes moves.
    let r = xq(&["legal", "--moves-file", path.to_str().unwrap()], b"");
    assert_eq!(assert_ok(&r).lines().count(), 44);
    let r = xq(
        &["status", "--moves", "-", "--format", "json"],
        shuttle.as_bytes(),
    );
    assert_ok(&r);
    let r = xq(
        &["perft", "--depth", "1", "--moves", "-"],
        shuttle.as_bytes(),
    );
    assert_eq!(assert_ok(&r), "44\n");
    let r = xq(&["convert", "--to", "wxf", "--moves", "-"], b"b0c2 b9c7");
    assert_eq!(assert_ok(&r), "H8+7\nH2+3\n");
    let r = xq(
        &["rule", "--lang", "en", "--moves", "-"],
        shuttle.as_bytes(),
    );
    assert_ok(&r);
}

#[test]
fn a_bad_move_in_a_file_is_located_by_line_and_column() {
    let path = tmp(
        "bad.txt",
        "1. h2e2 h9g7\n2. h0g2 i9i7\n3. e2e9\n".as_bytes(),
    );
    let r = xq(&["legal", "--moves-file", path.to_str().unwrap()], b"");
    assert_fails_with_prefix(
        &r,
        1,
        &format!("xq: {}:3:4: ply 5: e2e9 is not legal", path.display()),
    );
}

#[test]
fn move_files_that_cannot_be_read() {
    let r = xq(&["legal", "--moves-file", "/nonexistent/moves.txt"], b"");
    assert_fails(
        &r,
        1,
        "xq: cannot read moves file /nonexistent/moves.txt: No such file or directory (os error 2)",
    );
    let path = tmp("utf8.txt", b"h2e2\nh9\xffg7\n");
    let r = xq(&["legal", "--moves-file", path.to_str().unwrap()], b"");
    assert_fails(
        &r,
        1,
        &format!(
            "xq: {}:2:3: not valid UTF-8 (byte offset 7)",
            path.display()
        ),
    );
    let big = vec![b' '; (4 << 20) + 1];
    let r = xq(&["legal", "--moves", "-"], &big);
    assert_fails(
        &r,
        1,
        "xq: <stdin> holds more than 4194304 bytes of moves, the limit",
    );
    let r = xq(&["legal", "--moves", "h2e2", "--moves-file", "x"], b"");
    assert_fails_with_prefix(
        &r,
        2,
        "xq: the argument '--moves <MOVES>' cannot be used with '--moves-file <PATH>'",
    );
}

// ---- options ------------------------------------------------------------

#[test]
fn perft_depth_zero_one_the_maximum_and_beyond() {
    assert_eq!(assert_ok(&xq(&["perft", "--depth", "0"], b"")), "1\n");
    assert_eq!(assert_ok(&xq(&["perft", "--depth", "1"], b"")), "44\n");
    // From a 困毙 position the maximum depth is searched and counts 0.
    let r = xq(&["perft", "--depth", "32", "--fen", STALEMATE], b"");
    assert_eq!(assert_ok(&r), "0\n");
    let r = xq(
        &["perft", "--depth", "32", "--divide", "--fen", STALEMATE],
        b"",
    );
    assert_eq!(assert_ok(&r), "0\n");
    for depth in ["33", "100000", "4294967295"] {
        let r = xq(&["perft", "--depth", depth, "--fen", STALEMATE], b"");
        assert_fails(
            &r,
            2,
            &format!("xq: invalid value '{depth}' for '--depth <DEPTH>': {depth} is beyond the maximum perft depth, 32; see xq --help"),
        );
    }
}

#[test]
fn numbers_that_are_not_depths() {
    let cases = [
        ("-1", "invalid digit found in string"),
        ("1.5", "invalid digit found in string"),
        ("", "cannot parse integer from empty string"),
        (
            "99999999999999999999",
            "number too large to fit in target type",
        ),
    ];
    for (v, why) in cases {
        let r = xq(&["perft", "--depth", v], b"");
        assert_fails(
            &r,
            2,
            &format!("xq: invalid value '{v}' for '--depth <DEPTH>': expected a whole number from 0 to 32: {why}; see xq --help"),
        );
    }
    let r = xq(&["rule", "--kill-depth", "100"], b"");
    assert_fails(&r, 2, "xq: invalid value '100' for '--kill-depth <KILL_DEPTH>': 100 is beyond the maximum kill depth, 6; see xq --help");
    let r = xq(&["serve", "--budget-ms", "0"], b"");
    assert_fails_with_prefix(&r, 2, "xq: invalid value '0' for '--budget-ms <BUDGET_MS>'");
}

#[test]
fn option_errors_are_one_line() {
    let r = xq(&["perft", "--dept", "3"], b"");
    assert_fails(&r, 2, "xq: unexpected argument '--dept' found (a similar argument exists: '--depth'); see xq --help");
    let r = xq(&["perft"], b"");
    assert_fails(
        &r,
        2,
        "xq: the following required arguments were not provided: --depth <DEPTH>; see xq --help",
    );
    let r = xq(&["legal", "--fen"], b"");
    assert_fails(
        &r,
        2,
        "xq: a value is required for '--fen <FEN>' but none was supplied; see xq --help",
    );
    let r = xq(&["frobnicate"], b"");
    assert_fails(
        &r,
        2,
        "xq: unrecognized subcommand 'frobnicate'; see xq --help",
    );
    let r = xq(&["convert", "--to", "tiff"], b"");
    assert_fails(&r, 2, "xq: invalid value 'tiff' for '--to <TO>' [possible values: iccs, wxf, chinese, pgn, xqf]; see xq --help");
    let r = xq::<&str>(&[], b"");
    assert_fails(&r, 2, "xq: a command is needed: perft, legal, status, convert, fen, rule, diff-editions, editions or serve (see xq --help)");
    let long = "x".repeat(10_000);
    let r = xq(&["convert", "--to", &long], b"");
    assert_fails_with_prefix(
        &r,
        2,
        &format!(
            "xq: invalid value '{}'… (10000 bytes) for '--to <TO>'",
            "x".repeat(24)
        ),
    );
}

#[test]
fn invalid_utf8_arguments() {
    use std::os::unix::ffi::OsStrExt;
    let bad = std::ffi::OsStr::from_bytes(b"h2\xffe2");
    let r = xq(&["legal".as_ref(), "--moves".as_ref(), bad], b"");
    assert_fails(
        &r,
        2,
        "xq: invalid UTF-8 was detected in one or more arguments; see xq --help",
    );
}

#[test]
fn unknown_editions() {
    let r = xq(&["rule", "--edition", "fide"], b"");
    assert_fails(
        &r,
        1,
        "xq: unknown edition \"fide\" (known: cxa-2020, cxa-1999, axf-2017, wxf-2018)",
    );
    // Before, the suite runner's own error came first: two lines.
    let r = xq(&["diff-editions", "foo", "bar"], b"");
    assert_fails(
        &r,
        1,
        "xq: unknown edition \"foo\" (known: cxa-2020, cxa-1999, axf-2017, wxf-2018)",
    );
    let r = xq(&["diff-editions", "cxa-2020", &"y".repeat(5000)], b"");
    assert_fails_with_prefix(
        &r,
        1,
        &format!("xq: unknown edition \"{}\"… (5000 bytes)", "y".repeat(24)),
    );
}

#[test]
fn help_and_version_are_not_errors() {
    for args in [
        &["--help"][..],
        &["perft", "--help"],
        &["serve", "--help"],
        &["help"],
    ] {
        let r = xq(args, b"");
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        assert!(r.stdout.contains("Usage: xq"), "{args:?}: {}", r.stdout);
        assert_eq!(r.stderr, "");
    }
    let r = xq(&["--version"], b"");
    assert_eq!(assert_ok(&r), format!("xq {}\n", env!("CARGO_PKG_VERSION")));
}

// ---- records: nothing destroyed, everything bounded, nothing silent ------

const GOOD_PGN: &[u8] = b"[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 2. h0g2 *\n";
const CUT_PGN: &[u8] = b"[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 2. e2e9 i9h9 *\n";

fn fresh_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("xq-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The names in a directory, sorted (temporary files would show here).
fn names(d: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn convert_with_a_bad_input_leaves_an_existing_output_as_it_was() {
    let d = fresh_dir("keep-output");
    let bad = d.join("bad.pgn");
    std::fs::write(&bad, CUT_PGN).unwrap();
    let out = d.join("out.pgn");
    std::fs::write(&out, b"someone's only copy\n").unwrap();
    for to in ["pgn", "iccs", "xqf"] {
        let r = xq(
            &[
                "convert",
                bad.to_str().unwrap(),
                "--to",
                to,
                "-o",
                out.to_str().unwrap(),
            ],
            b"",
        );
        assert_eq!(r.code, 1, "{to}: {}", r.stderr);
        assert_eq!(
            std::fs::read(&out).unwrap(),
            b"someone's only copy\n",
            "{to}"
        );
        assert_eq!(
            names(&d),
            ["bad.pgn", "out.pgn"],
            "{to}: no temporary file left"
        );
    }
    // A good run replaces it whole.
    let good = d.join("good.pgn");
    std::fs::write(&good, GOOD_PGN).unwrap();
    let r = xq(
        &[
            "convert",
            good.to_str().unwrap(),
            "--to",
            "pgn",
            "-o",
            out.to_str().unwrap(),
        ],
        b"",
    );
    assert_ok(&r);
    assert!(String::from_utf8(std::fs::read(&out).unwrap())
        .unwrap()
        .contains("1. 炮二平五"));
    // A device is written, not replaced.
    let r = xq(
        &[
            "convert",
            good.to_str().unwrap(),
            "--to",
            "pgn",
            "-o",
            "/dev/null",
        ],
        b"",
    );
    assert_ok(&r);
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
}

#[test]
fn convert_onto_one_of_its_inputs_is_refused_before_anything_is_read() {
    let d = fresh_dir("onto-input");
    let game = d.join("game.pgn");
    std::fs::write(&game, GOOD_PGN).unwrap();
    std::os::unix::fs::symlink(&game, d.join("link.pgn")).unwrap();
    std::fs::hard_link(&game, d.join("hard.pgn")).unwrap();
    std::fs::create_dir_all(d.join("sub")).unwrap();
    let other_path = d.join("sub/../game.pgn");
    for out in [
        game.clone(),
        d.join("link.pgn"),
        d.join("hard.pgn"),
        other_path,
    ] {
        for to in ["pgn", "xqf", "iccs"] {
            let r = xq(
                &[
                    "convert",
                    game.to_str().unwrap(),
                    "--to",
                    to,
                    "-o",
                    out.to_str().unwrap(),
                ],
                b"",
            );
            assert_fails_with_prefix(
                &r,
                2,
                &format!(
                    "xq: --output {} is the input {}",
                    out.display(),
                    game.display()
                ),
            );
            assert_eq!(std::fs::read(&game).unwrap(), GOOD_PGN, "{}", out.display());
        }
    }
    // Also when the input comes from a directory walk.
    let r = xq(
        &[
            "convert",
            d.to_str().unwrap(),
            "--to",
            "pgn",
            "-o",
            d.join("hard.pgn").to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(std::fs::read(&game).unwrap(), GOOD_PGN);
}

#[test]
fn an_endless_stream_read_as_a_record_ends_with_an_error() {
    let d = fresh_dir("endless");
    let zero = d.join("zero.pgn");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let f = zero.to_str().unwrap();
    for args in [
        vec!["rule", f],
        vec!["rule", f, "--input-format", "pgn"],
        vec!["convert", f, "--to", "pgn", "--input-format", "pgn"],
    ] {
        let r = xq(&args, b"");
        assert_eq!(r.code, 1, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(f), "{}", r.stderr);
    }
    let r = xq(&["rule", f, "--input-format", "pgn"], b"");
    assert!(
        r.stderr
            .contains("the game record is larger than 16777216 bytes"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_walk_reports_what_it_cannot_read_and_goes_on() {
    let d = fresh_dir("walk");
    std::fs::write(d.join("a.pgn"), GOOD_PGN).unwrap();
    // A .txt record is read, as spec/CLI.md says.
    std::fs::write(d.join("b.txt"), GOOD_PGN).unwrap();
    // A link that leads nowhere is reported.
    std::os::unix::fs::symlink(d.join("gone.pgn"), d.join("c-dangling.pgn")).unwrap();
    // Directories nested past the walk's bound are reported.
    let mut deep = d.join("deep");
    for i in 0..40 {
        deep = deep.join(format!("{i}"));
    }
    std::fs::create_dir_all(&deep).unwrap();
    std::fs::write(deep.join("z.pgn"), GOOD_PGN).unwrap();
    let r = xq(&["rule", d.to_str().unwrap(), "--format", "jsonl"], b"");
    assert_eq!(r.code, 1, "{}", r.stderr);
    let lines: Vec<serde_json::Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let ruled: Vec<&str> = lines
        .iter()
        .filter(|l| l["error"].is_null() && l["type"] == "game")
        .map(|l| l["file"].as_str().unwrap())
        .collect();
    assert_eq!(ruled.len(), 2, "{}", r.stdout);
    assert!(ruled[1].ends_with("b.txt"));
    let errors: Vec<&str> = lines
        .iter()
        .filter(|l| !l["error"].is_null())
        .map(|l| l["file"].as_str().unwrap())
        .collect();
    assert_eq!(errors.len(), 2, "{}", r.stdout);
    assert!(errors[0].ends_with("c-dangling.pgn"), "{errors:?}");
    assert!(errors[1].contains("deep"), "{errors:?}");
}

#[test]
fn illegal_final_moves_and_cut_records_are_said_not_hidden() {
    let d = fresh_dir("said");
    let f = d.join("ill.pgn");
    std::fs::write(&f, b"1. h2e2 h9g7 2. e2e9 *\n").unwrap();
    let f = f.to_str().unwrap();
    // Written as a move list, the illegal move has no place: the run fails.
    let r = xq(&["convert", f, "--to", "iccs"], b"");
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(r.stdout, "h2e2\nh9g7\n");
    assert!(
        r.stderr.contains("ends with an illegal move e2e9"),
        "{}",
        r.stderr
    );
    // As PGN it is kept, and said.
    let r = xq(&["convert", f, "--to", "pgn", "--notation", "iccs"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("2. e2e9 *"), "{}", r.stdout);
    assert!(r.stderr.contains("illegal-final-move 1"), "{}", r.stderr);
}

#[test]
fn status_scores_stalemate_under_the_named_edition_and_refuses_an_unknown_one() {
    for edition in ["cxa-2020", "cxa-1999", "axf-2017", "wxf-2018"] {
        let r = xq(
            &[
                "status",
                "--fen",
                STALEMATE,
                "--edition",
                edition,
                "--format",
                "json",
            ],
            b"",
        );
        assert_eq!(
            assert_ok(&r).trim(),
            r#"{"in_check":false,"legal_moves":0,"result":"1-0","reason":"stalemate"}"#,
            "{edition}"
        );
    }
    let r = xq(&["status", "--fen", STALEMATE, "--edition", "house"], b"");
    assert_fails(
        &r,
        1,
        "xq: unknown edition \"house\" (known: cxa-2020, cxa-1999, axf-2017, wxf-2018)",
    );
}
