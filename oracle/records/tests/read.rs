//! Reading records: every format, notation and encoding, with expected
//! moves worked out by hand (and agreeing with cchess, see `cchess.rs`).

use xq_core::{Notation, Outcome};
use xq_records::{
    read_bytes, read_bytes_with, ErrorKind, Format, Location, ReadOptions, Record, RecordError,
    RecordType, TextEncoding,
};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

/// 炮二平五 马8进7 马二进三 车9平8 车一平二.
const OPENING: &str = "h2e2 h9g7 h0g2 i9h9 i0h0";

fn file(name: &str) -> Vec<u8> {
    std::fs::read(format!("{DATA}/{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn all(bytes: &[u8]) -> Vec<Result<Record, RecordError>> {
    read_bytes(bytes).collect()
}

fn one(name: &str) -> Record {
    let mut games = all(&file(name));
    assert_eq!(games.len(), 1, "{name} holds one game");
    games.remove(0).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn iccs(r: &Record) -> String {
    r.main_moves()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn err(text: &str) -> RecordError {
    let mut games = all(text.as_bytes());
    assert_eq!(games.len(), 1, "{text:?}");
    games.remove(0).expect_err("an error")
}

#[test]
fn utf8_chinese_with_comments_variations_and_nags() {
    let r = one("utf8.pgn");
    assert_eq!(iccs(&r), OPENING);
    assert_eq!(r.source.format, Format::Pgn);
    assert_eq!(r.source.encoding, TextEncoding::Utf8);
    assert_eq!(r.source.notation, Some(Notation::Chinese));
    let t = &r.tags;
    assert_eq!(t.event.as_deref(), Some("全国象棋个人赛"));
    assert_eq!(t.site.as_deref(), Some("北京"));
    assert_eq!(t.date.as_deref(), Some("2020.10.01"));
    assert_eq!(t.round.as_deref(), Some("3"));
    assert_eq!(t.red.as_deref(), Some("许银川"));
    assert_eq!(t.black.as_deref(), Some("蒋川"));
    assert_eq!(t.red_team.as_deref(), Some("广东"));
    assert_eq!(t.black_team.as_deref(), Some("北京"));
    assert_eq!(t.ecco.as_deref(), Some("B05"));
    assert_eq!(t.opening.as_deref(), Some("中炮对屏风马"));
    assert_eq!(t.result, Outcome::RedWins);
    assert_eq!(r.main.comment.as_deref(), Some("开局评注"));
    let m = &r.main.moves;
    assert_eq!(m[1].comment.as_deref(), Some("屏风马"));
    assert_eq!(m[2].nags, vec![1]);
    assert_eq!(m[2].comment.as_deref(), Some("跳马"));
    assert_eq!(m[3].nags, vec![5], "!? is NAG 5");
    // (2. 兵七进一 卒7进1 (2... 车9进1) 3. 马八进七) replaces 马二进三.
    assert_eq!(m[2].variations.len(), 1);
    let v = &m[2].variations[0];
    let vm: Vec<String> = v.moves.iter().map(|n| n.mv.to_string()).collect();
    assert_eq!(vm, ["c3c4", "g6g5", "b0c2"]);
    // The nested one replaces 卒7进1: 车9进1 is i9i8.
    assert_eq!(v.moves[1].variations.len(), 1);
    assert_eq!(v.moves[1].variations[0].moves[0].mv.to_string(), "i9i8");
    assert_eq!(r.variation_count(), 2);
    assert_eq!(
        r.variations(),
        vec!["h2e2 h9g7 c3c4 g6g5 b0c2", "h2e2 h9g7 c3c4 i9i8"]
            .into_iter()
            .map(|l| l.split(' ').map(|s| s.parse_move()).collect::<Vec<_>>())
            .collect::<Vec<_>>()
    );
}

trait ParseMove {
    fn parse_move(&self) -> xq_core::Move;
}

impl ParseMove for str {
    fn parse_move(&self) -> xq_core::Move {
        xq_core::Move::new(
            xq_core::Square::from_iccs(&self[..2]).unwrap(),
            xq_core::Square::from_iccs(&self[2..]).unwrap(),
        )
    }
}

#[test]
fn utf8_bom_iccs_with_dashes() {
    let r = one("utf8-bom.pgn");
    assert_eq!(iccs(&r), OPENING);
    assert_eq!(r.source.encoding, TextEncoding::Utf8Bom);
    assert_eq!(r.source.notation, Some(Notation::Iccs));
    assert_eq!(r.tags.red.as_deref(), Some("Red player"));
}

#[test]
fn gbk_simplified_without_format_tag() {
    let r = one("gbk.pgn");
    assert_eq!(iccs(&r), OPENING);
    assert_eq!(r.source.encoding, TextEncoding::Gb18030);
    assert_eq!(r.source.notation, Some(Notation::Chinese));
    assert_eq!(r.tags.red.as_deref(), Some("吕钦"));
    assert_eq!(r.tags.event.as_deref(), Some("象棋甲级联赛"));
    assert_eq!(r.tags.result, Outcome::Draw);
}

#[test]
fn big5_traditional_with_stray_spaces() {
    let r = one("big5.pgn");
    assert_eq!(iccs(&r), OPENING);
    assert_eq!(r.source.encoding, TextEncoding::Big5);
    assert_eq!(r.tags.red.as_deref(), Some("呂欽"));
    assert_eq!(r.tags.black.as_deref(), Some("趙國榮"));
    assert_eq!(r.tags.event.as_deref(), Some("亞洲象棋錦標賽"));
    assert_eq!(r.tags.result, Outcome::BlackWins);
}

#[test]
fn traditional_glyph_variants_and_rear_marker() {
    let r = one("utf8-variants.pgn");
    // 後俥平八: the rear rook of file 9 (a1) to file 8; 將４進１; 俥九進一.
    assert_eq!(iccs(&r), "a1b1 d9d8 a2a3");
}

#[test]
fn wxf_sideways_forms_and_tandem() {
    let games = all(&file("wxf.pgn"));
    assert_eq!(games.len(), 2);
    let a = games[0].as_ref().unwrap();
    assert_eq!(iccs(a), OPENING);
    assert_eq!(a.source.notation, Some(Notation::Wxf));
    let b = games[1].as_ref().unwrap();
    // R+=8: the front rook (a2) to file 8.
    assert_eq!(iccs(b), "a2b2");
    assert_eq!(b.start.fen(), "3k5/9/9/9/9/9/9/R8/R8/4K4 w - - 0 1");
    assert_eq!(b.source.game, 2);
}

#[test]
fn pychess_ranks_one_to_ten() {
    let r = one("pychess.pgn");
    assert_eq!(iccs(&r), OPENING);
    assert_eq!(r.tags.red.as_deref(), Some("alice"), "White is Red");
    assert_eq!(r.tags.black.as_deref(), Some("bob"));
    assert_eq!(r.tags.result, Outcome::RedWins);
}

#[test]
fn wxf_text_format() {
    let r = one("game.wxf");
    assert_eq!(r.source.format, Format::WxfText);
    assert_eq!(iccs(&r), OPENING);
    assert_eq!(r.tags.red.as_deref(), Some("胡荣华"));
    assert_eq!(r.tags.black.as_deref(), Some("杨官璘"));
    assert_eq!(r.tags.date.as_deref(), Some("1960.01.01"));
    assert_eq!(r.tags.result, Outcome::RedWins);
}

#[test]
fn multi_game_file_reports_bad_games_and_reads_on() {
    let games = all(&file("multi.pgn"));
    assert_eq!(games.len(), 4);
    assert_eq!(iccs(games[0].as_ref().unwrap()), "h2e2 h9g7");
    // Game 2 ends with an illegal move: the record keeps it apart, typed,
    // for the ruling on it, and says so.
    let r = games[1].as_ref().unwrap();
    assert_eq!(iccs(r), "h2e2 h9g7");
    let last = r.illegal_final.as_ref().expect("the final illegal move");
    assert_eq!((last.text.as_str(), last.ply), ("e2e9", 3));
    assert_eq!(
        last.reason,
        xq_core::IllegalMove::CannonScreens { count: 2 }
    );
    assert_eq!(r.warnings.len(), 1);
    assert_eq!(
        r.warnings[0].to_string(),
        "9:17, ply 3: the record ends with an illegal move e2e9: a cannon captures over exactly one screen, and there are 2"
    );
    // With a move after it, the same move is an error that names the place,
    // and the plies before it are kept as a partial record.
    let text = String::from_utf8(file("multi.pgn"))
        .unwrap()
        .replace("2. e2e9 *", "2. e2e9 h0g2 *");
    let games = all(text.as_bytes());
    let e = games[1].as_ref().unwrap_err();
    assert_eq!(e.game, Some(2));
    assert_eq!(e.ply, Some(3));
    assert_eq!(
        e.at,
        Location::Text {
            line: 9,
            column: 17
        }
    );
    assert_eq!(e.code(), "illegal-move");
    match &e.kind {
        ErrorKind::Move { text, error } => {
            assert_eq!(text, "e2e9");
            assert!(matches!(
                error,
                xq_core::ParseMoveError::Illegal {
                    reason: xq_core::IllegalMove::CannonScreens { count: 2 },
                    ..
                }
            ));
        }
        k => panic!("{k:?}"),
    }
    assert_eq!(iccs(e.partial().expect("cut")), "h2e2 h9g7");
    assert_eq!(
        e.to_string(),
        "PGN, game 2, 9:17, ply 3: e2e9 is not legal: a cannon captures over exactly one screen, and there are 2"
    );
    // The same in Chinese: xq-render's tests/speak.rs.
    let e = games[2].as_ref().unwrap_err();
    assert_eq!(e.game, Some(3));
    assert_eq!(
        e.at,
        Location::Text {
            line: 13,
            column: 1
        }
    );
    assert!(matches!(
        &e.kind,
        ErrorKind::BadFen {
            error: xq_core::FenError::Parse(xq_core::ParseFenError::RankCount(9)),
            ..
        }
    ));
    let four = games[3].as_ref().unwrap();
    assert_eq!(iccs(four), "b2e2 h7e7");
    assert_eq!(four.tags.event.as_deref(), Some("four"));
    assert_eq!(four.source.game, 4);
}

#[test]
fn dhtmlxq_page_in_gbk() {
    let r = one("page.html");
    assert_eq!(r.source.format, Format::DhtmlXq);
    assert_eq!(r.source.encoding, TextEncoding::Gb18030);
    assert_eq!(iccs(&r), OPENING);
    assert_eq!(r.tags.title.as_deref(), Some("中炮对屏风马"));
    assert_eq!(r.tags.red.as_deref(), Some("王天一"));
    assert_eq!(r.tags.black.as_deref(), Some("郑惟桐"));
    assert_eq!(r.tags.result, Outcome::RedWins);
    assert_eq!(r.main.comment.as_deref(), Some("开局"));
    assert_eq!(r.main.moves[0].comment.as_deref(), Some("中炮"));
    // Branch 1 replaces move 2 (马8进7) with 马2进3 (b9c7), then 马二进三.
    let v = &r.main.moves[1].variations;
    assert_eq!(v.len(), 1);
    let vm: Vec<String> = v[0].moves.iter().map(|n| n.mv.to_string()).collect();
    assert_eq!(vm, ["b9c7", "h0g2"]);
    assert_eq!(v[0].moves[1].comment.as_deref(), Some("跳马"));
}

#[test]
fn xqf_version_10_sample() {
    let r = one("v10.xqf");
    assert_eq!(r.source.format, Format::Xqf);
    assert_eq!(r.main.moves.len(), 110);
    assert!(iccs(&r).starts_with("c3c4 h9g7 g3g4 b7c7 c0e2 b9a7 b0c2 a9b9"));
    assert_eq!(r.tags.result, Outcome::BlackWins);
    assert_eq!(r.tags.date.as_deref(), Some("1997年11月16日"));
    assert_eq!(r.tags.site.as_deref(), Some("北京"));
    assert_eq!(r.tags.red.as_deref(), Some("柳大华"));
    assert!(r
        .main
        .comment
        .as_deref()
        .unwrap()
        .contains("1997年11月16日"));
    assert_eq!(r.tags.record_type, Some(RecordType::MiddleGame));
}

#[test]
fn xqf_version_18_encrypted_sample_with_variations() {
    let r = one("v18.xqf");
    assert_eq!(iccs(&r), OPENING);
    assert_eq!(r.tags.title.as_deref(), Some("标题"));
    assert_eq!(r.tags.event.as_deref(), Some("比赛名称"));
    assert_eq!(r.tags.red.as_deref(), Some("红方棋手"));
    assert_eq!(r.tags.black.as_deref(), Some("黑方棋手"));
    assert_eq!(r.tags.result, Outcome::Draw);
    assert_eq!(r.variation_count(), 2);
}

#[test]
fn cbr_sample() {
    let r = one("sample.cbr");
    assert_eq!(r.source.format, Format::Cbr);
    assert_eq!(r.main.moves.len(), 28);
    assert!(iccs(&r).starts_with("h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7"));
    assert_eq!(
        r.tags.title.as_deref(),
        Some("黄丹青讲座004-破解新式弃马局的攻防要领")
    );
    assert_eq!(r.variation_count(), 11);
    assert!(r.main.moves.iter().any(|n| n.comment.is_some()));
}

#[test]
fn ruling_records() {
    for (name, moves, result) in [
        (
            "rulings/perpetual-check.pgn",
            "f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8",
            Outcome::BlackWins,
        ),
        (
            "rulings/perpetual-chase.pgn",
            "h5h7 b7b5 h7h5 b5b7 h5h7 b7b5 h7h5 b5b7",
            Outcome::BlackWins,
        ),
        ("rulings/natural-limit.pgn", "a0a1 i9i8", Outcome::Draw),
        ("rulings/mate.pgn", "a3e3", Outcome::RedWins),
    ] {
        let r = one(name);
        assert_eq!(iccs(&r), moves, "{name}");
        assert_eq!(r.tags.result, result, "{name}");
    }
    let mate = one("rulings/mate.pgn");
    assert_eq!(mate.source.encoding, TextEncoding::Big5);
    let end = mate.to_game().current().status();
    assert_eq!(end.reason, Some(xq_core::EndReason::Checkmate));
    let limit = one("rulings/natural-limit.pgn").to_game();
    assert_eq!(limit.current().halfmoves(), 120);
}

#[test]
fn format_override_and_encoding_override() {
    let gbk = file("gbk.pgn");
    let forced = ReadOptions {
        format: Some(Format::Pgn),
        encoding: Some(TextEncoding::Gb18030),
        ..ReadOptions::default()
    };
    let r: Vec<_> = read_bytes_with(&gbk, forced).collect();
    assert_eq!(iccs(r[0].as_ref().unwrap()), OPENING);
    // Forcing UTF-8 on GBK bytes is an undecodable game, with its line.
    let utf8 = ReadOptions {
        format: None,
        encoding: Some(TextEncoding::Utf8),
        ..ReadOptions::default()
    };
    let e = read_bytes_with(&gbk, utf8).next().unwrap().unwrap_err();
    assert_eq!(e.code(), "undecodable");
    assert_eq!(e.at, Location::Text { line: 2, column: 1 });
    // An XQF read as CBR is refused by its magic.
    let xqf = file("v10.xqf");
    let cbr = ReadOptions {
        format: Some(Format::Cbr),
        encoding: None,
        ..ReadOptions::default()
    };
    let e = read_bytes_with(&xqf, cbr).next().unwrap().unwrap_err();
    assert_eq!(e.code(), "bad-magic");
    assert_eq!(e.at, Location::Byte(0));
}

#[test]
fn move_number_forms_and_results() {
    for text in [
        "1. h2e2 h9g7 2. h0g2 *",
        "1.h2e2 1...h9g7 2.h0g2",
        "1、炮二平五 马8进7 2、马二进三",
        "１．炮二平五 马８进７ ２．马二进三 1-0",
        "1 h2e2 h9g7 2 h0g2",
        "1. 炮二平五  马 8 进 7 2. 马二进三 *",
    ] {
        let r = read_bytes(text.as_bytes()).next().unwrap().unwrap();
        assert_eq!(iccs(&r), "h2e2 h9g7 h0g2", "{text}");
    }
    let r = read_bytes(b"1. h2e2 h9g7 0-1").next().unwrap().unwrap();
    assert_eq!(r.tags.result, Outcome::BlackWins);
}

#[test]
fn errors_name_the_place_and_reason() {
    // Empty files.
    for empty in [&b""[..], b"  \n\n", b"\xEF\xBB\xBF"] {
        let e = all(empty).remove(0).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Empty);
        assert_eq!((e.game, e.at), (None, Location::Nowhere));
        assert_eq!(e.to_string(), "PGN: the file is empty");
    }
    // Unknown notation.
    let e = err("1. h2e2 zz9 *");
    assert_eq!(e.code(), "unknown-notation");
    assert_eq!(
        (e.at, e.ply),
        (Location::Text { line: 1, column: 9 }, Some(2))
    );
    // No such piece: no red horse on file 5.
    let e = err("1. 马五进四");
    assert_eq!(e.code(), "no-such-piece");
    // Ambiguous: two rooks on file 9 and no marker.
    let e = err("[FEN \"3k5/9/9/9/9/9/9/R8/R8/4K4 w\"]\n1. 车九平八");
    assert_eq!(e.code(), "ambiguous-move");
    assert_eq!(e.at, Location::Text { line: 2, column: 4 });
    // An illegal move in a variation drops that variation, with a warning
    // that says where and why; the main line is kept.
    let r = all(b"1. h2e2 (1. h2h8) h9g7 *").remove(0).unwrap();
    assert_eq!(iccs(&r), "h2e2 h9g7");
    assert_eq!(r.variation_count(), 0);
    match &r.warnings[..] {
        [w] => match &w.kind {
            xq_records::WarningKind::VariationDropped { error, moves: 0 } => {
                assert_eq!(error.code(), "illegal-move");
                assert!(error.in_variation);
                assert_eq!(error.ply, Some(1));
                assert_eq!(
                    w.at,
                    Location::Text {
                        line: 1,
                        column: 13
                    }
                );
            }
            k => panic!("{k:?}"),
        },
        ws => panic!("{ws:?}"),
    }
    // Syntax: an unclosed comment, a stray ')', an unclosed variation.
    let e = err("1. h2e2 {never closed");
    assert_eq!(
        (e.code(), e.at),
        ("syntax", Location::Text { line: 1, column: 9 })
    );
    assert_eq!(err("1. h2e2 ) h9g7").code(), "syntax");
    assert_eq!(err("1. h2e2 (1. b2e2").code(), "syntax");
    assert_eq!(err("( 1. h2e2 )").code(), "syntax");
    // A bad FEN tag: a position with no red king.
    let e = err("[FEN \"4k4/9/9/9/9/9/9/9/9/9 w\"]\n1. h2e2");
    assert!(matches!(
        e.kind,
        ErrorKind::BadFen {
            error: xq_core::FenError::Position(_),
            ..
        }
    ));
    // Binary: a truncated XQF header, a truncated move stream.
    let xqf = file("v10.xqf");
    let e = all(&xqf[..100]).remove(0).unwrap_err();
    assert_eq!((e.code(), e.at), ("truncated", Location::Byte(100)));
    let e = all(&xqf[..0x410]).remove(0).unwrap_err();
    assert_eq!(e.code(), "truncated");
    assert_eq!(e.format, Some(Format::Xqf));
}

#[test]
fn xqf_square_out_of_range_and_illegal_move() {
    // A plain XQF whose first move leaves from code 95 (off the board).
    let mut x = vec![0u8; 0x400];
    x[..3].copy_from_slice(b"XQ\x0A");
    let start: [u8; 32] = [
        0, 10, 20, 30, 40, 50, 60, 70, 80, 12, 72, 3, 23, 43, 63, 83, 9, 19, 29, 39, 49, 59, 69,
        79, 89, 17, 77, 6, 26, 46, 66, 86,
    ];
    x[0x10..0x30].copy_from_slice(&start);
    x.extend_from_slice(&[0x18, 0x20, 0xF0, 0, 0, 0, 0, 0]);
    // Followed by more moves, it is an error (the record is cut there).
    let mut bad = x.clone();
    bad.extend_from_slice(&[95 + 0x18, 0x20, 0xF0, 0, 0, 0, 0, 0]);
    bad.extend_from_slice(&[23 + 0x18, 24 + 0x20, 0, 0, 0, 0, 0, 0]);
    let e = all(&bad).remove(0).unwrap_err();
    assert_eq!(e.kind, ErrorKind::SquareOutOfRange { value: 95 });
    assert_eq!((e.at, e.ply), (Location::Byte(0x408), Some(1)));
    assert_eq!(e.partial().map(|r| r.main.moves.len()), Some(0));
    // At the end of the main line, it is junk: left out, with a warning.
    let mut junk = x.clone();
    junk.extend_from_slice(&[23 + 0x18, 24 + 0x20, 0xF0, 0, 0, 0, 0, 0]);
    junk.extend_from_slice(&[95 + 0x18, 0x20, 0, 0, 0, 0, 0, 0]);
    let r = all(&junk).remove(0).unwrap();
    assert_eq!(iccs(&r), "c3c4");
    assert_eq!(r.warnings.len(), 1);
    assert_eq!(r.warnings[0].code(), "junk-move-dropped");
    assert_eq!(r.warnings[0].at, Location::Byte(0x410));
    // A rook a0 to a5 through the pawn on a3, as the last move: the record
    // keeps it apart as its final illegal move.
    let mut illegal = x.clone();
    illegal.extend_from_slice(&[0x18, 5 + 0x20, 0, 0, 0, 0, 0, 0]);
    let r = all(&illegal).remove(0).unwrap();
    assert!(r.main.moves.is_empty());
    let last = r.illegal_final.as_ref().unwrap();
    assert_eq!((last.text.as_str(), last.ply), ("a0a5", 1));
    assert!(matches!(
        last.reason,
        xq_core::IllegalMove::PathBlocked { .. }
    ));
    assert_eq!(r.warnings[0].code(), "illegal-final-move");
    // A good one: 兵七进一 c3c4 (code 23 → 24).
    let mut good = x;
    good.extend_from_slice(&[23 + 0x18, 24 + 0x20, 0, 0, 0, 0, 0, 0]);
    let r = all(&good).remove(0).unwrap();
    assert_eq!(iccs(&r), "c3c4");
}

#[test]
fn a_big5_game_in_a_gbk_file_is_decoded_as_big5_and_said() {
    // A GBK game, then a Big5 one: each decoded in its own encoding.
    let mut bytes = file("gbk.pgn");
    bytes.extend_from_slice(&file("big5/00.pgn"));
    let games = all(&bytes);
    assert_eq!(games.len(), 2);
    let (a, b) = (games[0].as_ref().unwrap(), games[1].as_ref().unwrap());
    assert_eq!(a.tags.red.as_deref(), Some("吕钦"));
    assert_eq!(a.source.encoding, TextEncoding::Gb18030);
    assert_eq!(b.tags.red.as_deref(), Some("西馬 劉文義"));
    assert_eq!(b.source.encoding, TextEncoding::Big5);
    // The one that differs from the file's first reading is warned of.
    let mixed = |r: &Record| {
        r.warnings
            .iter()
            .filter(|w| w.code() == "mixed-encoding")
            .count()
    };
    assert_eq!(mixed(a) + mixed(b), 1);
}

#[test]
fn quoted_tag_values_are_read_and_said() {
    let r = all("[Event \"第五屆\"銀荔杯\"全國冠軍賽\"]\n[Red \"a\"]\n\n1. h2e2 *\n".as_bytes())
        .remove(0)
        .unwrap();
    assert_eq!(r.tags.event.as_deref(), Some("第五屆\"銀荔杯\"全國冠軍賽"));
    assert_eq!(r.tags.red.as_deref(), Some("a"));
    assert_eq!(r.warnings.len(), 1);
    assert_eq!(r.warnings[0].code(), "quoted-tag-value");
    assert_eq!(r.warnings[0].at, Location::Text { line: 1, column: 9 });
    // A value that really is not closed is still an error.
    assert_eq!(err("[Event \"a\"b]\n1. h2e2 *").code(), "syntax");
}

#[test]
fn dhtmlxq_english_results_and_broken_branches() {
    let page = "[DhtmlXQ][DhtmlXQ_result]W[/DhtmlXQ_result]\
        [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\
        [DhtmlXQ_move_0_1_1]1012[/DhtmlXQ_move_0_1_1]\
        [DhtmlXQ_comment0_5]past the end[/DhtmlXQ_comment0_5][/DhtmlXQ]";
    let r = all(page.as_bytes()).remove(0).unwrap();
    assert_eq!(r.tags.result, Outcome::RedWins);
    assert_eq!(iccs(&r), "h2e2 h9g7");
    // Branch 1 (b9b7: Black's horse, on Red's turn) is left out, said.
    assert_eq!(r.variation_count(), 0);
    let codes: Vec<&str> = r.warnings.iter().map(|w| w.code()).collect();
    assert_eq!(codes, ["variation-dropped", "comment-past-branch-end"]);
    assert_eq!(r.main.moves[1].comment.as_deref(), Some("past the end"));
}
