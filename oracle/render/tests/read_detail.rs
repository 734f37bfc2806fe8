//! The reasons a move text is refused ([`ReadDetail`]): one row for each
//! kind of reason, read from a real text. The English is pinned to the text
//! the readers wrote before the reasons were typed (the CLI, the protocol's
//! `Rejection` messages and the snapshots quote it), and the Chinese must
//! say the same thing in Chinese: it names the same squares and files, and
//! has no English words in it. (The English is xq-core's `Display`, the
//! Chinese xq-render's `Speak`: the one table holds both to each other.)

use xq_core::notation::{parse_move_as, ReadDetail};
use xq_core::{parse_move, Notation, ParseMoveError, Position};
use xq_render::{Lang, Speak};

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
/// Two Red rooks on file 2 (h3, h1).
const ROOKS: &str = "3k5/9/9/9/9/9/7R1/9/7R1/4K4 w";
/// Two Red horses on file 2 (h4, h2), each with its leg blocked.
const HORSES: &str = "3k5/9/9/9/7c1/7N1/7r1/7N1/9/4K4 w";
/// Red pawns doubled on files 7 and 3.
const PAWNS: &str = "3k5/9/9/9/2P3P2/2P3P2/9/9/9/4K4 w";
const LONG: &str = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";

/// (position, text, notation if forced, the English as it was written).
const ROWS: &[(&str, &str, Option<Notation>, &str)] = &[
    (
        START,
        LONG,
        None,
        r#""aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"… (70 characters) is not a move in ICCS, WXF or Chinese notation: a move is a few characters; this text has 70 bytes"#,
    ),
    (
        START,
        "h2",
        Some(Notation::Iccs),
        r#""h2" is not a move in ICCS, WXF or Chinese notation: ICCS moves look like h2e2"#,
    ),
    (
        START,
        "z2e2",
        None,
        r#""z2e2" is not a move in ICCS, WXF or Chinese notation: the from-square is off the board (files a-i, ranks 0-9)"#,
    ),
    (
        START,
        "h2z2",
        None,
        r#""h2z2" is not a move in ICCS, WXF or Chinese notation: the to-square is off the board (files a-i, ranks 0-9)"#,
    ),
    (
        START,
        "炮二平X",
        None,
        r#""炮二平X" is not a move in ICCS, WXF or Chinese notation: unexpected character 'X'; Chinese moves look like 炮二平五, 马８进７, 前车进一 or 前七进一: a piece and its file (or 前/中/后 and the piece), then 进, 退 or 平, then a number"#,
    ),
    (
        START,
        "炮二平",
        None,
        r#""炮二平" is not a move in ICCS, WXF or Chinese notation: Chinese moves look like 炮二平五, 马８进７, 前车进一 or 前七进一: a piece and its file (or 前/中/后 and the piece), then 进, 退 or 平, then a number"#,
    ),
    (
        START,
        "炮二五五",
        None,
        r#""炮二五五" is not a move in ICCS, WXF or Chinese notation: the action (进, 退 or 平) is missing; Chinese moves look like 炮二平五, 马８进７, 前车进一 or 前七进一: a piece and its file (or 前/中/后 and the piece), then 进, 退 or 平, then a number"#,
    ),
    (
        START,
        "炮二平十",
        None,
        r#""炮二平十" is not a move in ICCS, WXF or Chinese notation: the move must end in a number 1-9 (一…九, １…９); Chinese moves look like 炮二平五, 马８进７, 前车进一 or 前七进一: a piece and its file (or 前/中/后 and the piece), then 进, 退 or 平, then a number"#,
    ),
    (
        START,
        "炮十平五",
        None,
        r#""炮十平五" is not a move in ICCS, WXF or Chinese notation: files are numbered 1-9 (一…九, １…９); Chinese moves look like 炮二平五, 马８进７, 前车进一 or 前七进一: a piece and its file (or 前/中/后 and the piece), then 进, 退 or 平, then a number"#,
    ),
    (
        START,
        "C2*5",
        None,
        r#""C2*5" is not a move in ICCS, WXF or Chinese notation: unexpected character '*'; WXF moves look like C2=5, H8+7, R+=4 or +7+1: a piece letter (K A E H R C P) and its file 1-9, or a front/rear marker; then +, - or =; then a number 1-9"#,
    ),
    (
        START,
        "C2=",
        None,
        r#""C2=" is not a move in ICCS, WXF or Chinese notation: WXF moves look like C2=5, H8+7, R+=4 or +7+1: a piece letter (K A E H R C P) and its file 1-9, or a front/rear marker; then +, - or =; then a number 1-9"#,
    ),
    (
        START,
        "C255",
        None,
        r#""C255" is not a move in ICCS, WXF or Chinese notation: the operator (+, - or =) is missing; WXF moves look like C2=5, H8+7, R+=4 or +7+1: a piece letter (K A E H R C P) and its file 1-9, or a front/rear marker; then +, - or =; then a number 1-9"#,
    ),
    (
        START,
        "C2=0",
        None,
        r#""C2=0" is not a move in ICCS, WXF or Chinese notation: the move must end in a number 1-9; WXF moves look like C2=5, H8+7, R+=4 or +7+1: a piece letter (K A E H R C P) and its file 1-9, or a front/rear marker; then +, - or =; then a number 1-9"#,
    ),
    (
        START,
        "C0=5",
        None,
        r#""C0=5" is not a move in ICCS, WXF or Chinese notation: files are numbered 1-9; WXF moves look like C2=5, H8+7, R+=4 or +7+1: a piece letter (K A E H R C P) and its file 1-9, or a front/rear marker; then +, - or =; then a number 1-9"#,
    ),
    (
        START,
        "马二平三",
        None,
        r#""马二平三" is not a move in ICCS, WXF or Chinese notation: a horse never moves sideways; give forward or backward and the file it arrives on"#,
    ),
    (
        START,
        "车九退一",
        None,
        r#""车九退一" is not a move in ICCS, WXF or Chinese notation: the rook on a0 would leave the board"#,
    ),
    (
        START,
        "马二进五",
        None,
        r#""马二进五" is not a move in ICCS, WXF or Chinese notation: the horse on h0 cannot reach file 5 that way: it moves to a file one or two away"#,
    ),
    (
        START,
        "仕四进六",
        None,
        r#""仕四进六" is not a move in ICCS, WXF or Chinese notation: the advisor on f0 cannot reach file 6 that way: it moves to a neighbouring file"#,
    ),
    (
        START,
        "相三进四",
        None,
        r#""相三进四" is not a move in ICCS, WXF or Chinese notation: the elephant on g0 cannot reach file 4 that way: it moves to the file two away"#,
    ),
    (
        START,
        "车二进一",
        None,
        r#"车二进一 names no piece: red has no rook on file 2"#,
    ),
    (
        START,
        "前车九进一",
        None,
        r#"前车九进一 names no piece: red has only one rook on file 9, so none is the front (前, +) one"#,
    ),
    (
        START,
        "前车二进一",
        None,
        r#"前车二进一 names no piece: red has no rook on file 2, so none is the front (前, +) one"#,
    ),
    (
        START,
        "中车九进一",
        None,
        r#"中车九进一 names no piece: red has only one rook on file 9, so none is the middle (中, =) one"#,
    ),
    (
        START,
        "二车九进一",
        None,
        r#"二车九进一 names no piece: red has only one rook on file 9, so none is the number 2 from the front one"#,
    ),
    (
        START,
        "前车进一",
        None,
        r#"前车进一 names no piece: red has no file with two or more rooks, so none is the front (前, +) one"#,
    ),
    (
        START,
        "中兵进一",
        None,
        r#"中兵进一 names no piece: red has no file with exactly three pawns, so none is the middle (中, =) one"#,
    ),
    (
        START,
        "四兵进一",
        None,
        r#"四兵进一 names no piece: red has no file with 4 or more pawns, so none is the number 4 from the front one"#,
    ),
    (
        START,
        "一兵进一",
        None,
        r#"一兵进一 names no piece: red has no file with 2 or more pawns, so none is the number 1 from the front one"#,
    ),
    (
        ROOKS,
        "车二进一",
        None,
        r#"车二进一 is ambiguous: red has 2 rooks on file 2; the front/rear marker must say which: write 前车进一 (h3h4) or 后车进一 (h1h2)"#,
    ),
    (
        HORSES,
        "马二进三",
        None,
        r#"马二进三 is ambiguous: red has 2 horses on file 2; the front/rear marker must say which; none of them can make it (h4g6: the horse's leg at h5 is blocked; h2g4: the horse's leg at h3 is blocked)"#,
    ),
    (
        PAWNS,
        "前兵进一",
        None,
        r#"前兵进一 is ambiguous: red has several pawns on each of files 7, 3; the file must be given: write 前七进一 (c5c6) or 前三进一 (g5g6)"#,
    ),
    (
        PAWNS,
        "+P+1",
        None,
        r#"+P+1 is ambiguous: red has several pawns on each of files 7, 3; the file must be given: write 7++1 (c5c6) or 3++1 (g5g6)"#,
    ),
    (
        ROOKS,
        "R2+1",
        None,
        r#"R2+1 is ambiguous: red has 2 rooks on file 2; the front/rear marker must say which: write R++1 (h3h4) or R-+1 (h1h2)"#,
    ),
];

fn refuse(fen: &str, text: &str, n: Option<Notation>) -> ParseMoveError {
    let pos = Position::from_fen(fen).expect("test FEN");
    match n {
        Some(n) => parse_move_as(&pos, text, n),
        None => parse_move(&pos, text),
    }
    .expect_err(text)
}

fn detail(e: &ParseMoveError) -> &ReadDetail {
    match e {
        ParseMoveError::Syntax { detail, .. }
        | ParseMoveError::NoSuchPiece { detail, .. }
        | ParseMoveError::Ambiguous { detail, .. } => detail,
        other => panic!("not a reading error: {other}"),
    }
}

/// Runs of three or more ASCII letters: English words (square names such
/// as `h2` and ICCS moves such as `h2e2` never have three in a row; WXF,
/// ICCS and FEN are written in capitals and so are not counted).
fn english_words(s: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut run = String::new();
    for c in s.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_lowercase() {
            run.push(c);
        } else {
            if run.len() >= 3 {
                words.push(run.clone());
            }
            run.clear();
        }
    }
    words
}

/// The squares (`h2`, `a0`) a text names, in order.
fn squares(s: &str) -> Vec<String> {
    let b: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    for i in 0..b.len().saturating_sub(1) {
        let before = i == 0 || !b[i - 1].is_ascii_alphanumeric();
        let after = b.get(i + 2).is_none_or(|c| !c.is_ascii_digit());
        if ('a'..='i').contains(&b[i])
            && b[i + 1].is_ascii_digit()
            && (before || b[i - 1].is_ascii_digit())
            && after
        {
            out.push(format!("{}{}", b[i], b[i + 1]));
        }
    }
    out
}

#[test]
fn english_is_as_before() {
    for &(fen, text, n, want) in ROWS {
        assert_eq!(refuse(fen, text, n).to_string(), want, "{text}");
    }
}

#[test]
fn chinese_says_the_same_in_chinese() {
    let mut kinds = std::collections::BTreeSet::new();
    for &(fen, text, n, _) in ROWS {
        let e = refuse(fen, text, n);
        let d = detail(&e);
        kinds.insert(
            format!("{d:?}")
                .split([' ', '{', '('])
                .next()
                .unwrap_or("")
                .to_string(),
        );
        let (en, zh) = (d.to_string(), d.speak(Lang::Zh));
        assert!(!en.is_empty() && !zh.is_empty(), "{text}");
        assert_eq!(english_words(&zh), Vec::<String>::new(), "{text}: {zh}");
        assert_eq!(squares(&zh), squares(&en), "{text}: {zh} / {en}");
        // Every number of the English (files, counts, bytes) is in the Chinese.
        for num in en
            .split(|c: char| !c.is_ascii_digit())
            .filter(|t| !t.is_empty())
        {
            assert!(zh.contains(num), "{text}: {zh} lacks {num} of {en}");
        }
        // The whole message too: the quoted text aside, no English.
        let whole = e.speak(Lang::Zh);
        let head: String = text.chars().take(40).collect();
        let rest = whole.replacen(&head, "", 1);
        assert_eq!(english_words(&rest), Vec::<String>::new(), "{whole}");
    }
    // Every reason the readers can produce is among the rows (MissingFile
    // and NumberOutOfRange cannot be reached from a text: the readers never
    // produce them; they are checked in the crate's own tests).
    assert_eq!(kinds.len(), 15, "{kinds:?}");
}
