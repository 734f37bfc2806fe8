//! WXF and Chinese move notation: examples, tandem pieces, errors, and a
//! round-trip property over positions reached in pseudo-random games.

use xq_core::notation::{
    format_move, parse_move, parse_move_as, read_move, Notation, ParseMoveError, ReadMove,
    ReadNote, Reading,
};
use xq_core::{Move, Position, Role, Square, Validation};

fn mv(s: &str) -> Move {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn fen(f: &str) -> Position {
    Position::from_fen(f).unwrap_or_else(|e| panic!("{f}: {e}"))
}

fn relaxed(f: &str) -> Position {
    Position::from_fen_with(f, Validation::Relaxed).unwrap_or_else(|e| panic!("{f}: {e}"))
}

/// `text` parses (with the notation detected) to `expected`.
#[track_caller]
fn parses(pos: &Position, text: &str, expected: &str) {
    match parse_move(pos, text) {
        Ok(m) => assert_eq!(m, mv(expected), "{text} in {pos}"),
        Err(e) => panic!("{text} in {pos}: {e}"),
    }
}

/// `expected` is written as `wxf` and `chinese`, and both parse back.
#[track_caller]
fn writes(pos: &Position, expected: &str, wxf: &str, chinese: &str) {
    let m = mv(expected);
    assert_eq!(
        format_move(pos, m, Notation::Wxf),
        wxf,
        "WXF of {m} in {pos}"
    );
    assert_eq!(
        format_move(pos, m, Notation::Chinese),
        chinese,
        "Chinese of {m} in {pos}"
    );
    assert_eq!(parse_move_as(pos, wxf, Notation::Wxf), Ok(m), "{wxf}");
    assert_eq!(
        parse_move_as(pos, chinese, Notation::Chinese),
        Ok(m),
        "{chinese}"
    );
}

#[track_caller]
fn err(pos: &Position, text: &str) -> ParseMoveError {
    match parse_move(pos, text) {
        Ok(m) => panic!("{text} in {pos} parsed as {m}"),
        Err(e) => e,
    }
}

#[track_caller]
fn illegal_code(pos: &Position, text: &str) -> (Move, &'static str) {
    match err(pos, text) {
        ParseMoveError::Illegal { mv, reason, .. } => (mv, reason.code()),
        e => panic!("{text}: expected Illegal, got {e:?}"),
    }
}

#[test]
fn start_position_red() {
    let p = Position::start();
    writes(&p, "h2e2", "C2=5", "炮二平五");
    writes(&p, "b0c2", "H8+7", "马八进七");
    writes(&p, "h0g2", "H2+3", "马二进三");
    writes(&p, "a0a1", "R9+1", "车九进一");
    writes(&p, "i0i2", "R1+2", "车一进二");
    writes(&p, "c3c4", "P7+1", "兵七进一");
    writes(&p, "g0e2", "E3+5", "相三进五");
    writes(&p, "c0a2", "E7+9", "相七进九");
    writes(&p, "f0e1", "A4+5", "仕四进五");
    writes(&p, "e0e1", "K5+1", "帅五进一");
    writes(&p, "b2b9", "C8+7", "炮八进七");
    writes(&p, "h2h1", "C2-1", "炮二退一");
}

#[test]
fn start_position_black() {
    let p = Position::start().play_unchecked(mv("h2e2"));
    writes(&p, "h9g7", "H8+7", "马８进７");
    writes(&p, "h7e7", "C8=5", "炮８平５");
    writes(&p, "a9a8", "R1+1", "车１进１");
    writes(&p, "c6c5", "P3+1", "卒３进１");
    writes(&p, "c9e7", "E3+5", "象３进５");
    writes(&p, "d9e8", "A4+5", "士４进５");
    writes(&p, "e9e8", "K5+1", "将５进１");
    writes(&p, "b7b0", "C2+7", "炮２进７");
    // Lower case is common for Black in WXF.
    parses(&p, "h8+7", "h9g7");
    parses(&p, "c8=5", "h7e7");
    parses(&p, "c8.5", "h7e7");
}

#[test]
fn input_variants() {
    let p = Position::start();
    // Traditional and variant characters.
    parses(&p, "炮二平五", "h2e2");
    parses(&p, "砲二平五", "h2e2");
    parses(&p, "包二平五", "h2e2");
    parses(&p, "車九進一", "a0a1");
    parses(&p, "俥九進一", "a0a1");
    parses(&p, "傌八進七", "b0c2");
    parses(&p, "馬八進七", "b0c2");
    parses(&p, "帥五進一", "e0e1");
    // Either side's characters name the mover's piece.
    parses(&p, "将五进一", "e0e1");
    parses(&p, "象三进五", "g0e2");
    parses(&p, "士四进五", "f0e1");
    parses(&p, "卒七进一", "c3c4");
    // Digits (ASCII or full-width) work for Red too; spaces are ignored.
    parses(&p, "炮２平５", "h2e2");
    parses(&p, "炮2平5", "h2e2");
    parses(&p, " 炮二 平五 ", "h2e2");
    // WXF alternatives: letters, case, full-width forms, '.' for '='.
    parses(&p, "c2.5", "h2e2");
    parses(&p, "n8+7", "b0c2");
    parses(&p, "B3+5", "g0e2");
    parses(&p, "M3+5", "g0e2");
    parses(&p, "G4+5", "f0e1");
    parses(&p, "Ｃ２＝５", "h2e2");
    parses(&p, "Ｈ８＋７", "b0c2");

    let b = p.play_unchecked(mv("h2e2"));
    parses(&b, "馬８進７", "h9g7");
    parses(&b, "砲８平５", "h7e7");
    parses(&b, "马8进7", "h9g7");
    parses(&b, "马八进七", "h9g7");
    parses(&b, "車1進1", "a9a8");
    parses(&b, "兵３进１", "c6c5");
    parses(&b, "相３进５", "c9e7");
    parses(&b, "帅５进１", "e9e8");
    parses(&b, "Ｈ８＋７", "h9g7");
}

#[test]
fn two_rooks_on_a_file() {
    let p = fen("3k5/9/9/9/9/9/9/7R1/7R1/4K4 w - - 0 1");
    writes(&p, "h2h5", "R++3", "前车进三");
    writes(&p, "h1h0", "R--1", "后车退一");
    writes(&p, "h2d2", "R+=6", "前车平六");
    writes(&p, "h1a1", "R-=9", "后车平九");
    // The marker may also stand before the letter.
    parses(&p, "+R+3", "h2h5");
    parses(&p, "-R=9", "h1a1");
    parses(&p, "前俥進三", "h2h5");
    parses(&p, "後車平九", "h1a1");
    // The unmarked form is ambiguous, even though only one rook can go.
    for text in ["车二进一", "R2+1", "车二平六"] {
        assert!(
            matches!(err(&p, text), ParseMoveError::Ambiguous { .. }),
            "{text}"
        );
    }
    // A definite move that is illegal.
    let (m, code) = illegal_code(&p, "后车进一");
    assert_eq!((m, code), (mv("h1h2"), "own-piece-on-target"));
}

#[test]
fn two_black_cannons_on_a_file() {
    // Black's file 2 is file b; Black's front is the lower rank.
    let p = fen("4k4/9/1c7/9/1c7/9/9/9/9/3K5 b - - 0 1");
    writes(&p, "b5b1", "C++4", "前炮进４");
    writes(&p, "b5a5", "C+=1", "前炮平１");
    writes(&p, "b7b9", "C--2", "后炮退２");
    writes(&p, "b7e7", "C-=5", "后炮平５");
    parses(&p, "c-=5", "b7e7");
    parses(&p, "-c=5", "b7e7");
    parses(&p, "后砲平5", "b7e7");
    parses(&p, "後包平五", "b7e7");
    assert!(matches!(
        err(&p, "r++4"),
        ParseMoveError::NoSuchPiece { .. }
    ));
}

#[test]
fn three_pawns_on_a_file() {
    // Red pawns on c5, c6, c7 (Red's file 7).
    let p = fen("3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1");
    // Official WXF: front and rear marked, the middle keeps the plain P7.
    writes(&p, "c7c8", "P++1", "前兵进一");
    writes(&p, "c6d6", "P7=6", "中兵平六");
    writes(&p, "c5b5", "P-=8", "后兵平八");
    parses(&p, "P7.6", "c6d6");
    // Ordinal and file (the legacy form, and Fairy-Stockfish's).
    parses(&p, "17+1", "c7c8");
    parses(&p, "27=6", "c6d6");
    parses(&p, "37=8", "c5b5");
    parses(&p, "前兵七进一", "c7c8");
    parses(&p, "中七平六", "c6d6");
    parses(&p, "二兵平六", "c6d6");
    parses(&p, "三兵平八", "c5b5");
    parses(&p, "P++1", "c7c8");
    parses(&p, "P=.6", "c6d6");
    parses(&p, "=7=6", "c6d6");
    parses(&p, "-P=8", "c5b5");
    parses(&p, "P37=8", "c5b5");
    assert!(matches!(
        err(&p, "兵七进一"),
        ParseMoveError::Ambiguous { .. }
    ));
    assert!(matches!(
        err(&p, "四兵平八"),
        ParseMoveError::NoSuchPiece { .. }
    ));
}

#[test]
fn five_pawns_on_a_file() {
    let p = fen("2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1");
    writes(&p, "c9b9", "17=8", "一兵平八");
    writes(&p, "c8d8", "27=6", "二兵平六");
    writes(&p, "c7b7", "37=8", "三兵平八");
    writes(&p, "c6d6", "47=6", "四兵平六");
    writes(&p, "c5b5", "57=8", "五兵平八");
    parses(&p, "前兵平八", "c9b9");
    parses(&p, "后兵平八", "c5b5");
    parses(&p, "二七平六", "c8d8");
    assert!(matches!(
        err(&p, "中兵平八"),
        ParseMoveError::NoSuchPiece { .. }
    ));
}

#[test]
fn tandem_pawns_on_two_files() {
    // Red pawns: c5 c6 (file 7) and g5 g6 (file 3); one more on a7.
    let p = fen("3k5/9/P8/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1");
    // Official WXF: the file replaces the letter, the mark follows it.
    writes(&p, "c6c7", "7++1", "前七进一");
    writes(&p, "c5b5", "7-=8", "后七平八");
    writes(&p, "g6g7", "3++1", "前三进一");
    writes(&p, "g5f5", "3-=4", "后三平四");
    parses(&p, "7-.8", "c5b5");
    // Legacy marker-first forms and Fairy-Stockfish's ordinals.
    parses(&p, "+7+1", "c6c7");
    parses(&p, "-7=8", "c5b5");
    parses(&p, "27=8", "c5b5");
    parses(&p, "13+1", "g6g7");
    writes(&p, "a7a8", "P9+1", "兵九进一");
    parses(&p, "前兵七进一", "c6c7");
    parses(&p, "P+7+1", "c6c7");
    parses(&p, "+P7+1", "c6c7");
    assert!(matches!(
        err(&p, "前兵进一"),
        ParseMoveError::Ambiguous { .. }
    ));
    assert!(matches!(err(&p, "P++1"), ParseMoveError::Ambiguous { .. }));
    assert!(matches!(
        err(&p, "前九进一"),
        ParseMoveError::NoSuchPiece { .. }
    ));

    // Black: three pawns on file ３ (c) and two on file ７ (g).
    let b = fen("3k5/9/9/9/9/2p3p2/2p3p2/2p6/9/4K4 b - - 0 1");
    writes(&b, "c2c1", "3++1", "前３进１");
    writes(&b, "c3d3", "33=4", "中３平４");
    writes(&b, "c4b4", "3-=2", "后３平２");
    writes(&b, "g3g2", "7++1", "前７进１");
    writes(&b, "g4f4", "7-=6", "后７平６");
    // The official page's example: 33.4 is the middle pawn, c3d3.
    parses(&b, "33.4", "c3d3");
    parses(&b, "23=4", "c3d3");
    parses(&b, "13+1", "c2c1");
    parses(&b, "-7=6", "g4f4");
    parses(&b, "中卒平４", "c3d3"); // only file ３ has a middle pawn
}

#[test]
fn advisors_and_elephants_on_a_file() {
    // Red advisors on d0 and d2 (Red's file 6).
    let p = fen("3k5/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1");
    writes(&p, "d0e1", "A-+5", "后仕进五");
    writes(&p, "d2e1", "A+-5", "前仕退五");
    // Without the marker the shape of the move decides.
    parses(&p, "仕六进五", "d0e1");
    parses(&p, "士六退五", "d2e1");
    parses(&p, "A6+5", "d0e1");
    parses(&p, "A6-5", "d2e1");
    let (m, code) = illegal_code(&p, "前仕进五");
    assert_eq!((m, code), (mv("d2e3"), "outside-palace"));

    // Red elephants on c0 and c4 (Red's file 7).
    let e = fen("3k5/9/9/9/9/2B6/9/9/9/2B1K4 w - - 0 1");
    writes(&e, "c0e2", "E-+5", "后相进五");
    writes(&e, "c4e2", "E+-5", "前相退五");
    writes(&e, "c0a2", "E-+9", "后相进九");
    writes(&e, "c4a2", "E+-9", "前相退九");
    parses(&e, "相七进五", "c0e2");
    parses(&e, "相七退五", "c4e2");
    parses(&e, "象七退九", "c4a2");
    parses(&e, "E7+9", "c0a2");
    // With the eye of c0 blocked, the unmarked form still names c0-e2,
    // which is then refused for the blocked eye.
    // (Relaxed: a red pawn can never stand on d1; it is only a blocker.)
    let blocked = relaxed("3k5/9/9/9/9/2B6/9/9/3P5/2B1K4 w - - 0 1");
    let (m, code) = illegal_code(&blocked, "相七进五");
    assert_eq!((m, code), (mv("c0e2"), "elephant-eye-blocked"));
}

#[test]
fn tandem_horses_and_kings() {
    // Horses on h2 and h5: 马 has no shape-based escape from the marker.
    let p = fen("3k5/9/9/9/7N1/9/9/7N1/9/4K4 w - - 0 1");
    writes(&p, "h5g7", "H++3", "前马进三");
    writes(&p, "h2g0", "H--3", "后马退三");
    assert!(matches!(
        err(&p, "马二进三"),
        ParseMoveError::Ambiguous { .. }
    ));
    writes(&p, "e0f0", "K5=4", "帅五平四");
}

#[test]
fn errors() {
    let start = Position::start();

    // Two rooks on file 二: the marker is required.
    let rooks = fen("3k5/9/9/9/9/9/9/7R1/7R1/4K4 w - - 0 1");
    let e = err(&rooks, "车二进一");
    assert!(matches!(e, ParseMoveError::Ambiguous { .. }), "{e:?}");
    assert!(e.to_string().contains("ambiguous"), "{e}");

    // 蹩马腿: the horse's leg at h1 is blocked by the rook.
    let leg = fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/7R1/RNBAKABN1 w - - 0 1");
    for text in ["马二进三", "H2+3"] {
        match err(&leg, text) {
            ParseMoveError::Illegal { mv: m, reason, .. } => {
                assert_eq!(m, mv("h0g2"));
                assert_eq!(reason.code(), "horse-leg-blocked");
            }
            e => panic!("{text}: {e:?}"),
        }
        let shown = err(&leg, text).to_string();
        assert!(
            shown.contains("the horse's leg at h1 is blocked"),
            "{shown}"
        );
    }

    // Nothing to parse.
    for text in [
        "xyz",
        "hello",
        "炮二平",
        "炮二平五五",
        "你好",
        "",
        "车十进一",
        "车二进十",
        "R0+1",
        "R2+0",
        "C2*5",
        "马二平三",
        "H2=3",
        "K5",
        "++++",
        "RR+1",
    ] {
        assert!(
            matches!(err(&start, text), ParseMoveError::Syntax { .. }),
            "{text}: {:?}",
            err(&start, text)
        );
    }
    // A shape the piece cannot make.
    assert!(matches!(
        err(&start, "马二进五"),
        ParseMoveError::Syntax { .. }
    ));

    // No such piece.
    for text in [
        "马五进三",
        "H5+3",
        "车五进一",
        "前车进一",
        "R+=4",
        "+7+1",
        "中兵进一",
    ] {
        assert!(
            matches!(err(&start, text), ParseMoveError::NoSuchPiece { .. }),
            "{text}: {:?}",
            err(&start, text)
        );
    }

    // Definite moves that break a rule.
    assert_eq!(
        illegal_code(&start, "兵七退一"),
        (mv("c3c2"), "pawn-backward")
    );
    assert_eq!(
        illegal_code(&start, "兵七平六"),
        (mv("c3d3"), "pawn-sideways-before-river")
    );
    assert_eq!(
        illegal_code(&start, "车九平八"),
        (mv("a0b0"), "own-piece-on-target")
    );
    assert_eq!(illegal_code(&start, "帅五进二"), (mv("e0e2"), "not-a-move"));
    assert_eq!(
        illegal_code(&start, "仕四进三"),
        (mv("f0g1"), "outside-palace")
    );
    assert_eq!(illegal_code(&start, "炮二平二"), (mv("h2h2"), "null-move"));
}

/// A tiny linear congruential generator: the tests need no extra crates.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[derive(Default)]
struct Coverage {
    checked: usize,
    /// Unmarked texts of tandem pieces read by legality, and refused as
    /// ambiguous.
    by_legality: usize,
    unmarked_ambiguous: usize,
    front_rear: usize,
    middle: usize,
    pawn_file_forms: usize,
    advisor_elephant_tandem: usize,
}

/// parse(format(m)) == m for every legal move, in both notations, with the
/// notation given and detected; the texts of a position are all distinct;
/// WXF reads the same for the colour-flipped position.
fn check_round_trip(pos: &Position, cov: &mut Coverage) {
    let moves = pos.legal_moves();
    let flipped = pos.color_flipped();
    check_unmarked(pos, &moves, cov);
    for notation in [Notation::Wxf, Notation::Chinese] {
        let mut texts: Vec<String> = Vec::with_capacity(moves.len());
        for &m in &moves {
            let text = format_move(pos, m, notation);
            assert_eq!(
                parse_move_as(pos, &text, notation),
                Ok(m),
                "{notation} {text} for {m} in {pos}"
            );
            assert_eq!(parse_move(pos, &text), Ok(m), "{text} detected, in {pos}");
            if notation == Notation::Wxf {
                assert_eq!(
                    format_move(&flipped, m.flip(), notation),
                    text,
                    "{m} in {pos} vs colour-flipped"
                );
            } else {
                let first = text.chars().next().unwrap_or(' ');
                if matches!(first, '前' | '后') {
                    cov.front_rear += 1;
                    let role = pos.piece_at(m.from).map(|p| p.role);
                    if matches!(role, Some(Role::Advisor | Role::Elephant)) {
                        cov.advisor_elephant_tandem += 1;
                    }
                }
                if first == '中' {
                    cov.middle += 1;
                }
                let second = text.chars().nth(1).unwrap_or(' ');
                if !matches!(second, '兵' | '卒')
                    && pos.piece_at(m.from).unwrap().role == Role::Pawn
                    && matches!(first, '前' | '中' | '后')
                {
                    cov.pawn_file_forms += 1;
                }
            }
            assert_eq!(
                read_move(pos, &text, Some(notation), Reading::ByLegality),
                Ok(ReadMove { mv: m, note: None }),
                "{text} read by legality in {pos}"
            );
            cov.checked += 1;
            texts.push(text);
        }
        texts.sort();
        let n = texts.len();
        texts.dedup();
        assert_eq!(texts.len(), n, "two moves share a text in {pos}");
    }
}

#[test]
fn round_trip_random_games() {
    let mut rng = Lcg(0x5eed_0fc0_ffee);
    let mut cov = Coverage::default();
    for _game in 0..300 {
        let mut pos = Position::start();
        for _ply in 0..150 {
            check_round_trip(&pos, &mut cov);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Favour pawn moves half the time, so pawns pile up on files.
            let pawn_moves: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| pos.piece_at(m.from).is_some_and(|p| p.role == Role::Pawn))
                .collect();
            let m = if !pawn_moves.is_empty() && rng.below(2) == 0 {
                pawn_moves[rng.below(pawn_moves.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            pos = pos.play_unchecked(m);
        }
    }
    eprintln!(
        "{} moves, {} front/rear, {} middle, {} pawn-file, {} A/E",
        cov.checked, cov.front_rear, cov.middle, cov.pawn_file_forms, cov.advisor_elephant_tandem
    );
    assert!(cov.checked > 100_000, "{}", cov.checked);
    assert!(cov.front_rear > 0, "no front/rear marker was written");
    assert!(cov.middle > 0, "no middle marker was written");
    assert!(cov.pawn_file_forms > 0, "no 前七-style move was written");
    assert!(cov.by_legality > 0, "no unmarked text was read by legality");
    assert!(cov.unmarked_ambiguous > 0, "no unmarked text was ambiguous");
    assert!(
        cov.advisor_elephant_tandem > 0,
        "no tandem advisor or elephant"
    );
}

#[test]
fn round_trip_composed_positions() {
    let mut cov = Coverage::default();
    for f in [
        // Five pawns on one file, strict.
        "2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1",
        // Three and two.
        "3k5/9/9/9/9/2p3p2/2p3p2/2p6/9/4K4 b - - 0 1",
        "3k5/9/P8/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1",
        // Doubled rooks, cannons, horses, advisors, elephants.
        "3k5/9/9/9/9/9/9/7R1/7R1/4K4 w - - 0 1",
        "4k4/9/1c7/9/1c7/9/9/9/9/3K5 b - - 0 1",
        "3k5/9/9/9/7N1/9/9/7N1/9/4K4 w - - 0 1",
        "3k5/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1",
        "3k5/9/9/9/9/2B6/9/9/9/2B1K4 w - - 0 1",
    ] {
        check_round_trip(&fen(f), &mut cov);
    }
    // Composed (relaxed) positions: more pieces than a game has, on any
    // point, several tandem files of one kind, ten pawns on one file.
    for f in [
        "PPPP1k3/P3P4/P1R1P1R2/P3P4/P3P1R2/P8/P1R6/P8/P8/P3K4 w - - 0 1",
        "4k4/1r1n5/1r1n1n3/3n5/1r1p1p3/5p3/3p1p3/9/9/3K5 b - - 0 1",
        "3k5/9/9/9/9/9/2AA5/2AAE4/4E4/2A1K1E2 w - - 0 1",
        "4ka2R/8R/8R/8R/8R/8R/8R/8R/8R/3K4R w - - 0 1",
    ] {
        check_round_trip(&relaxed(f), &mut cov);
    }
}

#[test]
fn errors_quote_a_bounded_prefix_of_the_text() {
    let start = fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    let long = "炮".repeat(10_000);
    let msg = err(&start, &long).to_string();
    assert!(msg.chars().count() < 300, "{msg}");
    assert!(msg.contains("…") && msg.contains("bytes"), "{msg}");
    let forty = "x".repeat(50);
    let msg = ParseMoveError::Syntax {
        text: forty.clone(),
        detail: xq_core::notation::ReadDetail::MissingFile,
    }
    .to_string();
    assert!(
        msg.starts_with(&format!("{:?}… (50 characters)", &forty[..40])),
        "{msg}"
    );
    // Short texts are quoted whole.
    assert!(err(&start, "炮二平").to_string().starts_with("\"炮二平\""));
}

/// The text a scoresheet writes when it leaves out the 前/后 marker: piece,
/// file, action, number; Red with Chinese numerals, Black with digits.
/// Worked out here from the board, not by the notation module.
fn unmarked_chinese(pos: &Position, m: Move) -> String {
    const RED: [char; 7] = ['帅', '仕', '相', '马', '车', '炮', '兵'];
    const BLACK: [char; 7] = ['将', '士', '象', '马', '车', '炮', '卒'];
    const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
    let piece = pos.piece_at(m.from).expect("a move has a piece");
    let red = piece.color == xq_core::Color::Red;
    let role = [
        Role::King,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Rook,
        Role::Cannon,
        Role::Pawn,
    ]
    .iter()
    .position(|&r| r == piece.role)
    .unwrap();
    let file_no = |f: i8| if red { 9 - f } else { f + 1 } as usize;
    let num = |n: usize| {
        if red {
            NUMERALS[n - 1].to_string()
        } else {
            n.to_string()
        }
    };
    let gain = (m.to.rank() - m.from.rank()) * if red { 1 } else { -1 };
    let straight = matches!(
        piece.role,
        Role::King | Role::Rook | Role::Cannon | Role::Pawn
    );
    let (action, n) = if gain == 0 {
        ('平', file_no(m.to.file()))
    } else if straight && m.to.file() == m.from.file() {
        (
            if gain > 0 { '进' } else { '退' },
            gain.unsigned_abs() as usize,
        )
    } else {
        (if gain > 0 { '进' } else { '退' }, file_no(m.to.file()))
    };
    let kind = if red { RED[role] } else { BLACK[role] };
    format!("{kind}{}{action}{}", num(file_no(m.from.file())), num(n))
}

/// For every legal move of a piece that shares its file with others of its
/// kind, the unmarked text is read by legality exactly when no other legal
/// move has the same unmarked text; otherwise it is ambiguous, and the
/// error names only legal moves. Strict reading keeps advisors and
/// elephants only.
fn check_unmarked(pos: &Position, moves: &[Move], cov: &mut Coverage) {
    let tandem = |m: Move| {
        let p = pos.piece_at(m.from).unwrap();
        (0..10)
            .filter(|&r| pos.piece_at(Square::new(m.from.file(), r).unwrap()) == Some(p))
            .count()
    };
    for &m in moves {
        let count = tandem(m);
        if count < 2 {
            continue;
        }
        let text = unmarked_chinese(pos, m);
        let same: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&o| tandem(o) >= 2 && unmarked_chinese(pos, o) == text)
            .collect();
        let read = read_move(pos, &text, Some(Notation::Chinese), Reading::ByLegality);
        if same.len() == 1 {
            assert_eq!(
                read,
                Ok(ReadMove {
                    mv: m,
                    note: Some(ReadNote::ByLegality {
                        pieces: count as u8
                    })
                }),
                "{text} for {m} in {pos}"
            );
            cov.by_legality += 1;
        } else {
            match read {
                Err(ParseMoveError::Ambiguous { detail, .. }) => {
                    let detail = detail.to_string();
                    for o in &same {
                        assert!(detail.contains(&format!("({o})")), "{detail} names {o}");
                    }
                    // Every move the message names is one of the legal ones.
                    for (i, _) in detail.match_indices('(') {
                        let named = detail.get(i + 1..i + 5).and_then(|t| {
                            let (a, b) = (Square::from_iccs(&t[..2])?, Square::from_iccs(&t[2..])?);
                            Some(Move::new(a, b))
                        });
                        if let Some(o) = named {
                            assert!(same.contains(&o), "{detail} suggests {o}");
                        }
                    }
                }
                other => panic!("{text} for {m} in {pos}: {other:?}, legal {same:?}"),
            }
            cov.unmarked_ambiguous += 1;
        }
    }
}

#[test]
fn read_by_legality_blocked_pinned_and_check() {
    // Red rooks on h2 and h4: 车二进三 can only be h4h7 (h2h5 runs into h4).
    let pos = fen("3k5/9/9/9/9/7R1/9/7R1/9/4K4 w - - 0 1");
    assert_eq!(
        read_move(&pos, "车二进三", None, Reading::ByLegality),
        Ok(ReadMove {
            mv: mv("h4h7"),
            note: Some(ReadNote::ByLegality { pieces: 2 })
        })
    );
    // Strictly the marker is required, and only the legal move is suggested.
    match parse_move(&pos, "车二进三") {
        Err(ParseMoveError::Ambiguous { detail, .. }) => {
            let detail = detail.to_string();
            assert!(detail.contains("前车进三 (h4h7)"), "{detail}");
            assert!(!detail.contains("h2h5"), "{detail}");
        }
        other => panic!("{other:?}"),
    }
    // A pin counts: the horse on d0 shields the king on e0 from the rook on
    // a0, so 马六进七 (and H6+7) is the horse on d4.
    let pinned = fen("3k5/9/9/9/9/3N5/9/9/9/r2NK4 w - - 0 1");
    for text in ["马六进七", "H6+7", "傌六進七"] {
        assert_eq!(
            read_move(&pinned, text, None, Reading::ByLegality).map(|r| r.mv),
            Ok(mv("d4c6")),
            "{text}"
        );
    }
    // With d4's leg blocked too, neither horse may go; the text names the
    // only sound movement, and the rules say why it is refused.
    let both = fen("3k5/9/9/9/3P5/3N5/9/9/9/r2NK4 w - - 0 1");
    match read_move(&both, "马六进七", None, Reading::ByLegality) {
        Err(ParseMoveError::Illegal { mv: m, reason, .. }) => {
            assert_eq!(m, mv("d0c2"));
            assert_eq!(reason.code(), "king-in-check");
        }
        other => panic!("{other:?}"),
    }
    // Three pawns on file 五 with d6 and d5 taken by Red's own horses: only
    // the front pawn can go to file 六.
    let pawns = fen("3a1k3/9/4P4/3NP4/3NP4/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(
        read_move(&pawns, "兵五平六", None, Reading::ByLegality).map(|r| r.mv),
        Ok(mv("e7d7"))
    );
    // Two legal readings stay ambiguous, in either mode.
    let two = fen("r2aka3/9/9/2p1p1pR1/9/9/P1P1P4/7R1/9/3AKA3 w - - 0 1");
    for reading in [Reading::Strict, Reading::ByLegality] {
        match read_move(&two, "车二退一", None, reading) {
            Err(ParseMoveError::Ambiguous { detail, .. }) => {
                assert!(
                    detail
                        .to_string()
                        .contains("前车退一 (h6h5) or 后车退一 (h2h1)"),
                    "{detail}"
                )
            }
            other => panic!("{other:?}"),
        }
    }
}
