//! `xq rule GAME…` and `xq convert GAME…` end to end, on records built
//! here: the same games in every format the reader knows (PGN in three
//! notations and three encodings, XQF in plain and encrypted versions,
//! DhtmlXQ, CBR, CBL), directories with broken games among good ones, the
//! JSON lines parsed back, and every kind of bad input.
//!
//! The expected points and results were worked out by hand:
//!
//! - CHECKS (图6's shape): Red's rook checks from the e and f files, Black's
//!   king steps between e8 and f8. After 8 plies the start position stands
//!   for the third time; Red's moves are all checks (长将), Black's idle:
//!   Red loses, and under CXA 2020 no further cycle is allowed, so the loss
//!   takes effect at ply 8 (0-1).
//! - CHASE: Red's rook steps h5–h7 and back, attacking Black's undefended
//!   cannon each time (b7, then b5 after the cannon steps); the cannon's
//!   moves attack nothing. At ply 8 the start position stands for the third
//!   time: Red chases perpetually (长捉, forbidden) against idle moves, so
//!   Red must vary; the record ends with the repetition standing (0-1).
//! - MATE: the cannon comes to the e file behind the horse on e7 and
//!   checks; the horse covers d9 and f9, the cannon e8: mate at ply 1 (1-0).
//! - LIMIT: the FEN's halfmove clock is 118; two quiet moves make 120
//!   plies without a capture, 60 rounds: the natural limit at ply 2, a draw.

mod common;

use std::path::{Path, PathBuf};

use common::{assert_fails, assert_fails_with_prefix, assert_ok, xq, Run};
use serde_json::Value;
use xq_core::{Notation, Outcome, Position};
use xq_records::{
    read_bytes, write_cbl, write_cbr, write_pgn, write_xqf, KeyBytes, MoveNode, PgnOptions, Record,
    TextCodec, TextEncoding, XqfOptions,
};

const CHECKS: &str = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1";
const CHECK_MOVES: &str = "f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8";
const CHASE: &str = "4k4/9/1c7/9/7R1/9/9/9/9/3K5 w - - 0 1";
const CHASE_MOVES: &str = "h5h7 b7b5 h7h5 b5b7 h5h7 b7b5 h7h5 b5b7";
const MATE: &str = "4k4/9/4N4/9/9/9/C8/9/9/4K4 w - - 0 1";
const MATE_MOVES: &str = "a3e3";

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("xq-records-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn put(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let p = dir.join(name);
    if let Some(parent) = p.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(&p, bytes).unwrap();
    p.to_str().unwrap().to_string()
}

fn record(fen: &str, moves: &str, result: Outcome, event: &str) -> Record {
    let start = Position::from_fen(fen).unwrap();
    let game =
        xq_core::Game::from_texts(start.clone(), &xq_core::game::split_moves(moves)).unwrap();
    let mut r = Record::new(start);
    r.main
        .moves
        .extend(game.moves().iter().map(|&m| MoveNode::new(m)));
    r.tags.result = result;
    r.tags.event = Some(event.into());
    r.tags.red = Some("许银川".into());
    r.tags.black = Some("吕钦".into());
    r
}

fn checks() -> Record {
    record(CHECKS, CHECK_MOVES, Outcome::BlackWins, "长将")
}

fn chase() -> Record {
    record(CHASE, CHASE_MOVES, Outcome::BlackWins, "长捉")
}

fn pgn(r: &Record, notation: Notation) -> String {
    write_pgn(
        r,
        &PgnOptions {
            notation,
            ..PgnOptions::default()
        },
    )
}

fn xqf(r: &Record, version: u8, seed: u64) -> Vec<u8> {
    write_xqf(
        r,
        &XqfOptions {
            version,
            keys: KeyBytes::from_seed(seed),
        },
    )
    .unwrap()
}

/// A DhtmlXQ page of a record's main line, written here from the layout
/// (`[DhtmlXQ_binit]`: 32 pieces in the XQF slot order, column then row
/// from Black's side; `[DhtmlXQ_movelist]`: four digits a move).
fn dhtmlxq(r: &Record, result: &str) -> String {
    use xq_core::{Color, Role};
    const ROLES: [Role; 16] = [
        Role::Rook,
        Role::Horse,
        Role::Elephant,
        Role::Advisor,
        Role::King,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Rook,
        Role::Cannon,
        Role::Cannon,
        Role::Pawn,
        Role::Pawn,
        Role::Pawn,
        Role::Pawn,
        Role::Pawn,
    ];
    let cr = |sq: xq_core::Square| format!("{}{}", sq.file(), 9 - sq.rank());
    let mut slots = vec!["99".to_string(); 32];
    for sq in (0..90).map(xq_core::Square::from_index) {
        if let Some(p) = r.start.piece_at(sq) {
            let base = if p.color == Color::Red { 0 } else { 16 };
            let i = (0..16)
                .find(|&i| ROLES[i] == p.role && slots[base + i] == "99")
                .expect("a free slot");
            slots[base + i] = cr(sq);
        }
    }
    let moves: String = r
        .main_moves()
        .map(|m| format!("{}{}", cr(m.from), cr(m.to)))
        .collect();
    format!(
        "<html><body>\n[DhtmlXQ]\n[DhtmlXQ_title]测试[/DhtmlXQ_title]\n[DhtmlXQ_result]{result}[/DhtmlXQ_result]\n[DhtmlXQ_binit]{}[/DhtmlXQ_binit]\n[DhtmlXQ_movelist]{moves}[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n</body></html>\n",
        slots.concat()
    )
}

fn json_lines(run: &Run) -> Vec<Value> {
    run.stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// The ruling of a perpetual-check record under CXA 2020, as worked out.
#[track_caller]
fn assert_checks_ruling(game: &Value) {
    assert_eq!(game["error"], Value::Null, "{game}");
    assert_eq!(game["plies"], 8);
    assert_eq!(game["result"], "0-1");
    assert_eq!(game["recorded"], "0-1");
    assert_eq!(game["agrees"], true);
    assert_eq!(game["comparison"], "agrees");
    assert_eq!(game["decided_at"], 8);
    let points = game["points"].as_array().unwrap();
    assert_eq!(points.len(), 1, "{game}");
    let p = &points[0];
    assert_eq!(p["ply"], 8);
    assert_eq!(p["kind"], "repetition");
    assert_eq!(p["reason"], "perpetual-check");
    assert_eq!(p["cycle"], serde_json::json!([5, 8]));
    assert_eq!(p["red"]["pattern_zh"], "长将");
    assert_eq!(p["red"]["forbidden"], true);
    assert_eq!(p["black"]["forbidden"], false);
    // The record ends at the count: the result rests on a player's claim
    // (CXA 1999 art. 24), still open when the record ends.
    assert_eq!(p["follow_up"]["what"], "record-ends");
    assert_eq!(p["follow_up"]["cycles"], 0);
    assert_eq!(
        game["claimable"],
        serde_json::json!({"ply": 8, "result": "0-1"})
    );
}

#[track_caller]
fn one_line_json(args: &[&str]) -> Value {
    let r = xq(args, b"");
    let out = assert_ok(&r);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "a game and the summary: {out}");
    assert_eq!(lines[1]["type"], "summary");
    lines[0].clone()
}

// ---- the rulings data of the records crate, ruled from the file ----------

fn crate_data(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../records/tests/data")
        .join(name)
        .to_str()
        .unwrap()
        .to_string()
}

#[test]
fn the_records_crates_rulings_are_ruled_from_their_files() {
    let g = one_line_json(&[
        "rule",
        &crate_data("rulings/perpetual-check.pgn"),
        "--format",
        "jsonl",
    ]);
    assert_checks_ruling(&g);

    let g = one_line_json(&[
        "rule",
        &crate_data("rulings/perpetual-chase.pgn"),
        "--format",
        "jsonl",
    ]);
    let p = &g["points"][0];
    assert_eq!(
        (p["ply"].as_u64(), p["kind"].as_str()),
        (Some(8), Some("repetition"))
    );
    assert_eq!(p["reason"], "must-vary");
    assert_eq!(p["must_vary"], "red");
    assert_eq!(p["red"]["pattern_zh"], "长捉");
    assert_eq!(p["follow_up"]["what"], "record-ends");
    assert_eq!(
        (g["result"].as_str(), g["agrees"].as_bool()),
        (Some("0-1"), Some(true))
    );

    // GBK-encoded Chinese notation.
    let g = one_line_json(&["rule", &crate_data("rulings/mate.pgn"), "--format", "jsonl"]);
    let p = &g["points"][0];
    assert_eq!(
        (p["ply"].as_u64(), p["kind"].as_str()),
        (Some(1), Some("end"))
    );
    assert_eq!(p["reason"], "checkmate");
    assert_eq!(
        (g["result"].as_str(), g["decided_at"].as_u64()),
        (Some("1-0"), Some(1))
    );

    let g = one_line_json(&[
        "rule",
        &crate_data("rulings/natural-limit.pgn"),
        "--format",
        "jsonl",
    ]);
    let p = &g["points"][0];
    assert_eq!(
        (p["ply"].as_u64(), p["kind"].as_str()),
        (Some(2), Some("natural-limit"))
    );
    assert_eq!(
        (g["result"].as_str(), g["agrees"].as_bool()),
        (Some("1/2-1/2"), Some(true))
    );
}

#[test]
fn the_text_ruling_lists_the_points_for_an_arbiter_in_both_languages() {
    let f = crate_data("rulings/perpetual-check.pgn");
    let r = xq(&["rule", &f], b"");
    let zh = assert_ok(&r);
    assert!(
        zh.starts_with(&format!("== {f}，第 1 局，长将 ==\n")),
        "{zh}"
    );
    for want in [
        "结果 0-1，于第 8 着定局（须经一方提请：第 8 着起可提请，至棋谱结束仍然有效）；与棋谱所记结果 0-1 相符",
        "第 8 着：循环局面",
        "车四平五",
        "长将：禁止着法",
        "裁决：红方长将，判负",
        "24.9",
    ] {
        assert!(zh.contains(want), "{want} missing: {zh}");
    }
    let r = xq(&["rule", &f, "--lang", "en"], b"");
    let en = assert_ok(&r);
    for want in ["game 1", "Ply 8: repetition", "decided at ply 8", "agrees"] {
        assert!(en.contains(want), "{want} missing: {en}");
    }
    // One game: no summary.
    assert!(!en.contains("Summary"), "{en}");
}

#[test]
fn final_only_rules_the_last_position_alone() {
    // After 8 plies the last position is the third occurrence: the same
    // perpetual-check ruling, as the only point, at the last ply.
    let g = one_line_json(&[
        "rule",
        &crate_data("rulings/perpetual-check.pgn"),
        "--format",
        "jsonl",
        "--final-only",
    ]);
    let points = g["points"].as_array().unwrap();
    assert_eq!(points.len(), 1);
    assert_eq!(points[0]["ply"], 8);
    assert_eq!(points[0]["reason"], "perpetual-check");
    assert_eq!(points[0]["follow_up"], Value::Null);
    // The chase record cut after 6 plies ends in a cycle whose position
    // stands for the second time only: ruled as it would be if it stood,
    // but not adjudicable, and so deciding nothing.
    let d = dir("final-only");
    let mut short = chase();
    short.main.moves.truncate(6);
    let f = put(&d, "short.pgn", pgn(&short, Notation::Iccs).as_bytes());
    let g = one_line_json(&["rule", &f, "--format", "jsonl", "--final-only"]);
    let points = g["points"].as_array().unwrap();
    assert_eq!(points.len(), 1, "{g}");
    assert_eq!(points[0]["cycle"], serde_json::json!([3, 6]));
    assert_eq!(points[0]["adjudicable"], false);
    assert_eq!(points[0]["reason"], "must-vary");
    // Not yet adjudicable: the game is not decided.
    assert_eq!(
        (g["result"].as_str(), g["comparison"].as_str()),
        (Some("*"), Some("off-the-board"))
    );
    // The same in the whole-game ruling: no point, no decision.
    let g = one_line_json(&["rule", &f, "--format", "jsonl"]);
    assert_eq!(g["points"], serde_json::json!([]));
    assert_eq!(
        (g["result"].as_str(), g["decided_at"].as_u64()),
        (Some("*"), None)
    );
}

// ---- one game in every format --------------------------------------------

#[test]
fn the_same_game_is_ruled_alike_in_every_format_and_encoding() {
    let d = dir("formats");
    let r = checks();
    let mut files = Vec::new();
    for n in Notation::ALL {
        files.push(put(&d, &format!("utf8-{n}.pgn"), pgn(&r, n).as_bytes()));
    }
    let chinese = pgn(&r, Notation::Chinese);
    // Big5 holds traditional characters only.
    let traditional: String = chinese
        .chars()
        .map(|c| match c {
            '车' => '車',
            '将' => '將',
            '长' => '長',
            '许' => '許',
            '银' => '銀',
            '钦' => '欽',
            '吕' => '呂',
            c => c,
        })
        .collect();
    for enc in [
        TextEncoding::Gb18030,
        TextEncoding::Big5,
        TextEncoding::Utf8Bom,
    ] {
        let text = if enc == TextEncoding::Big5 {
            &traditional
        } else {
            &chinese
        };
        let bytes = enc
            .encode(text)
            .unwrap_or_else(|| panic!("{} cannot hold {text}", enc.name()));
        files.push(put(&d, &format!("{}.pgn", enc.name()), &bytes));
    }
    for (v, seed) in [(10, 0), (11, 3), (12, 7), (16, 11), (18, 0x5851)] {
        files.push(put(&d, &format!("v{v}.xqf"), &xqf(&r, v, seed)));
    }
    files.push(put(&d, "game.html", dhtmlxq(&r, "黑胜").as_bytes()));
    files.push(put(&d, "game.cbr", &write_cbr(&r).unwrap()));
    files.push(put(
        &d,
        "lib.cbl",
        &write_cbl("lib", &[r.clone(), r.clone()]).unwrap(),
    ));
    for f in &files {
        let run = xq(&["rule", f, "--format", "jsonl"], b"");
        let lines = json_lines(&run);
        assert_eq!(run.code, 0, "{f}: {}", run.stderr);
        let games = if f.ends_with(".cbl") { 2 } else { 1 };
        assert_eq!(lines.len(), games + 1, "{f}");
        for g in &lines[..games] {
            assert_checks_ruling(g);
        }
        assert_eq!(lines[games]["games"], games, "{f}");
    }
    // (A CBL library's games are CBR records.) The whole directory at
    // once, in parallel: 14 files, 15 games, in the
    // order of the file names.
    let run = xq(&["rule", d.to_str().unwrap(), "--format", "jsonl"], b"");
    let lines = json_lines(&run);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let summary = lines.last().unwrap();
    assert_eq!(summary["files"], files.len());
    assert_eq!(summary["games"], files.len() + 1);
    assert_eq!(summary["agree"], files.len() + 1);
    assert_eq!(summary["points"]["repetition"], files.len() + 1);
    assert_eq!(summary["reasons"]["perpetual-check"], files.len() + 1);
    let mut names: Vec<&str> = lines[..lines.len() - 1]
        .iter()
        .map(|g| g["file"].as_str().unwrap())
        .collect();
    names.dedup();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    let formats: std::collections::BTreeSet<&str> = lines[..lines.len() - 1]
        .iter()
        .map(|g| g["format"].as_str().unwrap())
        .collect();
    assert_eq!(
        formats.into_iter().collect::<Vec<_>>(),
        ["cbr", "dhtmlxq", "pgn", "xqf"]
    );
}

#[test]
fn format_and_encoding_can_be_forced() {
    let d = dir("forced");
    let gbk = TextEncoding::Gb18030
        .encode(&pgn(&checks(), Notation::Chinese))
        .unwrap();
    let f = put(&d, "game.txt", &gbk);
    let g = one_line_json(&["rule", &f, "--format", "jsonl", "--encoding", "gbk"]);
    assert_checks_ruling(&g);
    let g = one_line_json(&["rule", &f, "--format", "jsonl", "--input-format", "pgn"]);
    assert_checks_ruling(&g);
    // Read as UTF-8, the GBK bytes are not text.
    let r = xq(&["rule", &f, "--encoding", "utf-8"], b"");
    assert_fails_with_prefix(&r, 1, &format!("xq: {f}: PGN"));
    assert!(r.stderr.contains("not valid utf-8 text"), "{}", r.stderr);
    // An XQF file forced to be read as PGN says what it found.
    let x = put(&d, "game.xqf", &xqf(&checks(), 12, 1));
    let r = xq(&["rule", &x, "--format-of", "cbr"], b"");
    assert_fails_with_prefix(&r, 1, &format!("xq: {x}: CBR"));
    let r = xq(&["rule", &x, "--input-format", "tiff"], b"");
    assert_fails_with_prefix(
        &r,
        2,
        "xq: invalid value 'tiff' for '--input-format <FORMAT>'",
    );
}

#[test]
fn standard_input_is_a_record_too() {
    let text = pgn(&checks(), Notation::Wxf);
    let r = xq(&["rule", "-", "--format", "jsonl"], text.as_bytes());
    let lines = json_lines(&r);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(lines[0]["file"], "<stdin>");
    assert_checks_ruling(&lines[0]);
}

// ---- many games, some broken ----------------------------------------------

/// A collection: two good files, a three-game PGN whose second game has an
/// illegal move at ply 3, a truncated XQF, and a file that is not a record
/// (skipped: the directory walk takes record extensions only).
fn collection(name: &str) -> PathBuf {
    let d = dir(name);
    put(
        &d,
        "a-checks.pgn",
        pgn(&checks(), Notation::Chinese).as_bytes(),
    );
    put(&d, "b/chase.xqf", &xqf(&chase(), 12, 9));
    let good = pgn(&checks(), Notation::Iccs);
    let bad = "[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2. e2e9 *\n\n";
    let mate = pgn(
        &record(MATE, MATE_MOVES, Outcome::RedWins, "杀"),
        Notation::Wxf,
    );
    put(&d, "c-three.pgn", format!("{good}{bad}{mate}").as_bytes());
    let full = xqf(&chase(), 18, 4);
    put(&d, "d-truncated.xqf", &full[..full.len() - 5]);
    put(&d, "notes.md", b"not a record");
    d
}

#[test]
fn a_directory_with_broken_games_among_good_ones() {
    let d = collection("broken");
    let root = d.to_str().unwrap();
    let r = xq(&["rule", root, "--format", "jsonl", "--jobs", "2"], b"");
    assert_eq!(r.code, 1, "bad records make the run fail, at the end");
    assert_eq!(
        r.stderr,
        "xq: 1 of 6 game(s) could not be read or ruled (see their \"error\" fields)\n"
    );
    let lines = json_lines(&r);
    assert_eq!(lines.len(), 7);
    let by = |file: &str, game: u64| {
        lines
            .iter()
            .find(|l| l["file"].as_str().is_some_and(|f| f.ends_with(file)) && l["game"] == game)
            .unwrap_or_else(|| panic!("{file} game {game} missing: {}", r.stdout))
    };
    assert_checks_ruling(by("a-checks.pgn", 1));
    assert_eq!(by("chase.xqf", 1)["points"][0]["reason"], "must-vary");
    assert_checks_ruling(by("c-three.pgn", 1));
    // Game 2 ends with an illegal move: ruled as --moves rules it (Red's
    // illegal move loses), and the record says where it stopped.
    let ill = by("c-three.pgn", 2);
    assert_eq!(ill["error"], Value::Null);
    assert_eq!(ill["points"][0]["kind"], "illegal-move");
    assert_eq!(
        (ill["result"].as_str(), ill["decided_at"].as_u64()),
        (Some("0-1"), Some(3))
    );
    let w = &ill["warnings"][0];
    assert_eq!(
        (w["code"].as_str(), w["ply"].as_u64()),
        (Some("illegal-final-move"), Some(3))
    );
    assert_eq!(w["location"], "14:17");
    let r = xq(
        &["rule", "--moves", "h2e2 h9g7 e2e9", "--format", "json"],
        b"",
    );
    let moves: Value = serde_json::from_str(assert_ok(&r)).unwrap();
    assert_eq!(moves["result"], ill["result"]);
    assert_eq!(moves["reason"], ill["points"][0]["reason"]);
    assert_eq!(moves["illegal_move"]["ply"], 3);
    let mate = by("c-three.pgn", 3);
    assert_eq!(
        (mate["result"].as_str(), mate["decided_at"].as_u64()),
        (Some("1-0"), Some(1))
    );
    // The truncated XQF is cut: the moves before the cut are ruled.
    let trunc = by("d-truncated.xqf", 1);
    assert_eq!(trunc["error"], Value::Null);
    assert_eq!(trunc["cut"]["code"], "truncated");
    let s = lines.last().unwrap();
    assert_eq!(s["type"], "summary");
    assert_eq!(
        (s["files"].as_u64(), s["games"].as_u64()),
        (Some(4), Some(6))
    );
    assert_eq!((s["ruled"].as_u64(), s["bad"].as_u64()), (Some(6), Some(1)));
    assert_eq!(s["cut"], 1);
    assert_eq!(s["points"]["repetition"], 3);
    assert_eq!(s["points"]["end"], 1);
    assert_eq!(s["points"]["illegal-move"], 1);
    assert_eq!(s["agree"], 4);
    assert_eq!(s["warnings"]["illegal-final-move"], 1);

    // In text, each bad record is one line on standard error as it comes,
    // and the summary ends standard output.
    let r = xq(&["rule", root, "--lang", "en"], b"");
    assert_eq!(r.code, 1);
    let errors: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(errors.len(), 2, "{}", r.stderr);
    assert!(errors[0].starts_with(&format!(
        "xq: {}: XQF, game 1",
        d.join("d-truncated.xqf").display()
    )));
    assert!(errors[0].contains("ends in the middle of"), "{}", errors[0]);
    assert_eq!(
        errors[1],
        "xq: 1 of 6 game(s) could not be read or ruled (see above)"
    );
    assert!(r
        .stdout
        .contains("Summary: 4 file(s), 6 game(s): 6 ruled, 1 bad record(s)."));
    assert!(
        r.stdout
            .contains("the record ends with an illegal move e2e9"),
        "{}",
        r.stdout
    );
    assert_eq!(r.stdout.matches("\n== ").count() + 1, 6, "six games ruled");
}

#[test]
fn a_bad_records_line_on_standard_error_is_in_the_language_asked() {
    use xq_render::{Lang, Speak};
    let d = collection("broken-zh");
    let root = d.to_str().unwrap();
    let truncated = d.join("d-truncated.xqf");
    // The reader's own Chinese for the cut, as `xq rule` prints it in
    // the text it writes for that game.
    let bytes = std::fs::read(&truncated).unwrap();
    let cut = read_bytes(&bytes)
        .find_map(Result::err)
        .expect("the truncated XQF is cut");
    let r = xq(&["rule", root, "--lang", "zh"], b"");
    assert_eq!(r.code, 1);
    let errors: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(
        errors,
        [
            format!(
                "xq: {}：{}（棋谱不完整：此前的着法已裁决）",
                truncated.display(),
                cut.speak(Lang::Zh)
            ),
            "xq: 6 局中有 1 局无法读取或裁决（见上文）".to_string(),
        ]
    );
    // A wholly failing record is the command's one line, in Chinese too.
    let bad = put(&d, "bad.pgn", b"[Event \"x\"]\n\n1. zz9 *\n");
    let err = read_bytes(&std::fs::read(&bad).unwrap())
        .find_map(Result::err)
        .expect("zz9 is not a move");
    let zh = xq(&["rule", &bad, "--lang", "zh"], b"");
    assert_fails(&zh, 1, &format!("xq: {bad}：{}", err.speak(Lang::Zh)));
    let en = xq(&["rule", &bad, "--lang", "en"], b"");
    assert_fails(&en, 1, &format!("xq: {bad}: {err}"));
}

#[test]
fn the_output_is_the_same_on_one_thread_or_many() {
    let d = collection("threads");
    let root = d.to_str().unwrap();
    let one = xq(&["rule", root, "--format", "jsonl", "--jobs", "1"], b"");
    let many = xq(&["rule", root, "--format", "jsonl", "--jobs", "7"], b"");
    assert_eq!(one.stdout, many.stdout);
    assert!(!one.stdout.is_empty());
}

#[test]
fn the_summary_counts_kinds_and_lists_disagreements() {
    let d = dir("summary");
    // The checks game recorded as a Red win: the rules give 0-1, but only
    // on Black's claim, which the record does not show: claimable, not a
    // disagreement.
    let mut unclaimed = checks();
    unclaimed.tags.result = Outcome::RedWins;
    put(
        &d,
        "unclaimed.pgn",
        pgn(&unclaimed, Notation::Iccs).as_bytes(),
    );
    // Red mates (the rook on a8 holds rank 8, the king the e-file) and the
    // record gives Black the win: wrong.
    let wrong = record(
        "3k5/R8/9/9/9/9/9/9/9/4K3R w",
        "i0i9",
        Outcome::BlackWins,
        "将死",
    );
    put(&d, "wrong.pgn", pgn(&wrong, Notation::Iccs).as_bytes());
    // A game that stops with a result the board does not decide.
    let mut resigned = chase();
    resigned.main.moves.truncate(3);
    resigned.tags.result = Outcome::RedWins;
    put(
        &d,
        "resigned.pgn",
        pgn(&resigned, Notation::Iccs).as_bytes(),
    );
    let r = xq(
        &[
            "rule",
            d.to_str().unwrap(),
            "--format",
            "summary",
            "--lang",
            "en",
        ],
        b"",
    );
    let out = assert_ok(&r);
    assert!(
        out.contains("Summary: 3 file(s), 3 game(s): 3 ruled, 0 bad record(s)."),
        "{out}"
    );
    assert!(
        out.contains("Points: repetition 1, natural limit 0, illegal move 0, end 1."),
        "{out}"
    );
    assert!(out.contains("perpetual check 1"), "{out}");
    assert!(
        out.contains("0 agree, 1 claimable but not claimed, 1 disagree, 1 decided off the board"),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "  {} game 1: recorded 0-1, ruled 1-0, decided at ply 1",
            d.join("wrong.pgn").display()
        )),
        "{out}"
    );
    assert!(!out.contains("unclaimed.pgn"), "{out}");
    let r = xq(&["rule", d.to_str().unwrap(), "--format", "summary"], b"");
    assert!(
        assert_ok(&r).contains("相符 0，可提请裁决而未提请 1，不符 1"),
        "{}",
        r.stdout
    );
}

#[test]
fn the_progress_bar_is_drawn_on_request_and_never_on_a_pipe() {
    let d = collection("progress");
    let root = d.to_str().unwrap();
    let r = xq(
        &["rule", root, "--format", "summary", "--progress", "always"],
        b"",
    );
    assert!(r.stderr.contains("games/s"), "{}", r.stderr);
    assert!(r.stderr.contains("done in"), "{}", r.stderr);
    // Standard error is a pipe here: no bar by default.
    let r = xq(&["rule", root, "--format", "summary"], b"");
    assert!(!r.stderr.contains("games/s"), "{}", r.stderr);
}

// ---- pictures ---------------------------------------------------------------

#[test]
fn a_points_picture_shows_the_cycle_from_its_start() {
    let d = dir("svg");
    let f = put(&d, "chase.pgn", pgn(&chase(), Notation::Chinese).as_bytes());
    let r = xq(&["rule", &f, "--format", "svg"], b"");
    let svg = assert_ok(&r);
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(svg.trim_end().ends_with("</svg>"));
    // The cycle's four moves as arrows; the caption names the verdict.
    assert!(svg.contains("红方须变着"), "{svg}");
    assert!(svg.contains("长捉"), "{svg}");
    let r = xq(&["rule", &f, "--format", "board", "--lang", "en"], b"");
    let board = assert_ok(&r);
    assert!(board.starts_with("Point 1 (ply 8)\n"), "{board}");
    // The rook on h5 where the cycle starts, the chased cannon on b7 marked.
    assert!(board.contains("＋─砲*＋"), "{board}");
    assert!(board.contains("＋─俥─＋\n~"), "{board}");
    assert!(board.contains("Red must vary"), "{board}");
    let r = xq(&["rule", &f, "--format", "svg", "--point", "2"], b"");
    assert_fails(
        &r,
        1,
        "xq: --point 2: the game has 1 point(s) to show (numbered from 1)",
    );
    let r = xq(&["rule", &f, "--point", "1"], b"");
    assert_fails(
        &r,
        2,
        "xq: --point chooses the point of a picture: it needs --format svg or board",
    );
}

#[test]
fn a_picture_needs_one_game() {
    let d = collection("one-game");
    let f = d.join("c-three.pgn");
    let f = f.to_str().unwrap();
    let r = xq(&["rule", f, "--format", "svg"], b"");
    assert_fails(
        &r,
        2,
        "xq: --format svg shows one game, and the input holds more: choose one with --game N (or use --format jsonl for all)",
    );
    let r = xq(&["rule", f, "--format", "board", "--game", "3"], b"");
    assert!(assert_ok(&r).contains("将死"), "{}", r.stdout);
    let r = xq(&["rule", f, "--format", "json", "--game", "2"], b"");
    let v: Value = serde_json::from_str(assert_ok(&r)).unwrap();
    assert_eq!(v["points"][0]["kind"], "illegal-move");
    assert_eq!(v["warnings"][0]["code"], "illegal-final-move");
    let r = xq(&["rule", f, "--format", "json", "--game", "4"], b"");
    assert_fails(&r, 1, "xq: --game 4: the input holds 3 game(s)");
    let r = xq(
        &["rule", f, "--format", "json", "--game", "1", "--lang", "en"],
        b"",
    );
    let v: Value = serde_json::from_str(assert_ok(&r)).unwrap();
    assert_eq!(v["points"][0]["ruling"]["reason"], "perpetual-check");
    assert!(v["points"][0]["ruling"]["explanation"]
        .as_str()
        .unwrap()
        .contains("Red"));
    assert_eq!(v["tags"]["red"], "许银川");
}

// ---- bad input ----------------------------------------------------------------

#[test]
fn a_syntax_error_in_a_cut_record_is_worded_in_chinese_under_lang_zh() {
    let d = dir("syntax-zh");
    let f = put(
        &d,
        "comment.pgn",
        b"[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 {never closed 2. h0g2 *\n",
    );
    let r = xq(&["rule", &f, "--lang", "zh"], b"");
    assert_eq!(r.code, 1, "{}", r.stderr);
    // The whole sentence in Chinese, the detail too (not the English one
    // inside a Chinese frame).
    assert!(
        r.stdout.contains(
            "棋谱不完整：PGN，第 1 局，第 3 行第 14 列：格式错误：注释的 '{' 没有用 '}' 结束；以下只裁决此前的 2 着。"
        ),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("never closed"), "{}", r.stdout);
    // Standard error too, since a language was asked for.
    assert_eq!(
        r.stderr,
        format!("xq: {f}：PGN，第 1 局，第 3 行第 14 列：格式错误：注释的 '{{' 没有用 '}}' 结束（棋谱不完整：此前的着法已裁决）\n")
    );
    let r = xq(&["rule", &f, "--lang", "en"], b"");
    assert!(
        r.stdout.contains(
            "The record is cut: PGN, game 1, 3:14: a comment '{' is never closed by '}'; what follows rules only the 2 plies before it."
        ),
        "{}",
        r.stdout
    );
}

#[test]
fn bad_records_name_the_file_game_ply_and_reason() {
    let d = dir("bad");
    let one = |name: &str, bytes: &[u8]| -> (String, Run) {
        let f = put(&d, name, bytes);
        let r = xq(&["rule", &f], b"");
        (f, r)
    };
    let head = "[Game \"Chinese Chess\"]\n\n";
    // A record cut short: the error on standard error (and the status),
    // the plies before it ruled on standard output, marked as cut.
    let cut = |r: &Run, prefix: &str| {
        assert_eq!(r.code, 1, "{}", r.stderr);
        assert!(r.stderr.starts_with(prefix), "{}", r.stderr);
        assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
        assert!(r.stdout.contains("棋谱不完整："), "{}", r.stdout);
    };
    // An unknown notation.
    let (f, r) = one("notation.pgn", format!("{head}1. h2e2 zz99 *\n").as_bytes());
    cut(&r, &format!("xq: {f}: PGN, game 1, 3:9, ply 2: "));
    assert!(r.stdout.contains("以下只裁决此前的 1 着"), "{}", r.stdout);
    // An illegal move that is not the record's last.
    let (f, r) = one(
        "illegal.pgn",
        format!("{head}1. 炮二平五 马８进７ 2. 炮五进三 车９平８ *\n").as_bytes(),
    );
    cut(&r, &format!("xq: {f}: PGN, game 1, 3:17, ply 3: 炮五进三 (e2e5) is not legal: the path is blocked at e3"));
    // An ambiguous move: two rooks on Red's file 9 (a0, a2), and the
    // move does not say which.
    let (f, r) = one(
        "ambiguous.pgn",
        b"[FEN \"3k5/9/9/9/9/9/9/R8/9/R3K4 w\"]\n\n1. R9+1 *\n",
    );
    assert_fails_with_prefix(
        &r,
        1,
        &format!("xq: {f}: PGN, game 1, 3:4, ply 1: R9+1 is ambiguous: red has 2 rooks on file 9"),
    );
    // A FEN tag that is not a position.
    let (f, r) = one(
        "fen.pgn",
        format!("{head}[FEN \"4k4/9/9 w\"]\n\n1. h2e2 *\n").as_bytes(),
    );
    assert_fails_with_prefix(&r, 1, &format!("xq: {f}: PGN, game 1, 3:1: bad FEN"));
    // Bytes no encoding decodes.
    let (f, r) = one(
        "bytes.pgn",
        b"[Game \"Chinese Chess\"]\n[Event \"\xFF\xFE\xFF\x80\x80\"]\n\n1. h2e2 *\n",
    );
    assert_fails_with_prefix(&r, 1, &format!("xq: {f}: PGN, game 1"));
    assert!(r.stderr.contains("not valid"), "{}", r.stderr);
    // An empty file.
    let (f, r) = one("empty.pgn", b"");
    assert_fails(&r, 1, &format!("xq: {f}: PGN: the file is empty"));
    // A truncated XQF, a corrupt CBR.
    let full = xqf(&checks(), 11, 5);
    let (f, r) = one("cut.xqf", &full[..700]);
    assert_fails_with_prefix(&r, 1, &format!("xq: {f}: XQF, game 1"));
    let mut cbr = write_cbr(&checks()).unwrap();
    let n = cbr.len();
    cbr.truncate(n - 3);
    let (f, r) = one("cut.cbr", &cbr);
    assert_fails_with_prefix(&r, 1, &format!("xq: {f}: CBR, game 1"));
    // A path that is not there, a directory without records.
    let missing = d.join("missing.pgn");
    let r = xq(&["rule", missing.to_str().unwrap()], b"");
    assert_fails_with_prefix(
        &r,
        1,
        &format!("xq: {}: cannot read it: ", missing.display()),
    );
    let empty = d.join("nothing");
    std::fs::create_dir_all(&empty).unwrap();
    let r = xq(&["rule", empty.to_str().unwrap()], b"");
    assert_fails_with_prefix(
        &r,
        1,
        &format!(
            "xq: {}: the directory holds no record files",
            empty.display()
        ),
    );
    // Records and a move list at once.
    let r = xq(&["rule", &f, "--moves", "h2e2"], b"");
    assert_fails_with_prefix(&r, 2, "xq: the argument");
    // Record options without records.
    let r = xq(&["rule", "--moves", "h2e2", "--final-only"], b"");
    assert_fails(
        &r,
        2,
        "xq: --final-only is for record files (xq rule GAME…); a move list is ruled at its final position",
    );
}

#[test]
fn hostile_records_never_hang_or_panic() {
    let d = dir("hostile");
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("zeros.xqf", {
            let mut v = b"XQ\x12".to_vec();
            v.resize(1024, 0);
            v
        }),
        ("ff.xqf", {
            let mut v = b"XQ\x0b".to_vec();
            v.resize(2048, 0xFF);
            v
        }),
        ("magic.cbr", b"CCBridge Record\0".to_vec()),
        ("lib.cbl", b"CCBridge Library\0\0\0\0".to_vec()),
        (
            "deep.pgn",
            format!("1. h2e2 {}h9g7{} *", "(".repeat(5000), ")".repeat(5000)).into_bytes(),
        ),
        ("comment.pgn", b"1. h2e2 {never closed".to_vec()),
        (
            "page.html",
            b"[DhtmlXQ][DhtmlXQ_movelist]9999[/DhtmlXQ_movelist][/DhtmlXQ]".to_vec(),
        ),
        ("nul.pgn", vec![0u8; 4096]),
    ];
    for (name, bytes) in &cases {
        let f = put(&d, name, bytes);
        let r = xq(&["rule", &f], b"");
        assert_eq!(r.code, 1, "{name}: {}", r.stderr);
        assert_eq!(r.stderr.lines().count(), 1, "{name}: {}", r.stderr);
        assert!(
            r.stderr.starts_with(&format!("xq: {f}: ")),
            "{name}: {}",
            r.stderr
        );
    }
    // All of them at once: the run goes on past each.
    let r = xq(&["rule", d.to_str().unwrap(), "--format", "jsonl"], b"");
    let lines = json_lines(&r);
    assert_eq!(lines.last().unwrap()["bad"], cases.len());
}

// ---- convert -----------------------------------------------------------------

#[test]
fn convert_writes_any_record_as_pgn_or_xqf() {
    let d = dir("convert");
    let src = put(&d, "chase.xqf", &xqf(&chase(), 16, 2));
    for (notation, first) in [("iccs", "h5h7"), ("wxf", "R2+2"), ("chinese", "车二进二")] {
        let r = xq(
            &["convert", &src, "--to", "pgn", "--notation", notation],
            b"",
        );
        let text = assert_ok(&r);
        assert!(text.contains(first), "{notation}: {text}");
        let back = read_bytes(text.as_bytes()).next().unwrap().unwrap();
        assert_eq!(
            back.main_moves().collect::<Vec<_>>(),
            chase().main_moves().collect::<Vec<_>>()
        );
        assert_eq!(back.tags.result, Outcome::BlackWins);
    }
    // To XQF and back, and ruled from there.
    let out = d.join("out.xqf");
    let r = xq(
        &[
            "convert",
            &src,
            "--to",
            "xqf",
            "--xqf-version",
            "11",
            "-o",
            out.to_str().unwrap(),
        ],
        b"",
    );
    assert_ok(&r);
    let bytes = std::fs::read(&out).unwrap();
    assert_eq!(&bytes[..3], b"XQ\x0b");
    let g = one_line_json(&["rule", out.to_str().unwrap(), "--format", "jsonl"]);
    assert_eq!(g["points"][0]["reason"], "must-vary");
    // Move lists as before, and a move list as a record.
    let r = xq(&["convert", &src, "--to", "chinese"], b"");
    assert_eq!(assert_ok(&r).lines().next(), Some("车二进二"));
    let r = xq(
        &[
            "convert",
            "--moves",
            "h2e2 h9g7",
            "--to",
            "pgn",
            "--notation",
            "wxf",
        ],
        b"",
    );
    let text = assert_ok(&r);
    assert!(text.contains("1. C2=5 H8+7"), "{text}");
    // Several games to one PGN; a bad one is reported and skipped.
    let dd = collection("convert-many");
    let r = xq(&["convert", dd.to_str().unwrap(), "--to", "pgn"], b"");
    assert_eq!(r.code, 1);
    // The game ending in an illegal move is written with it, and reads
    // back so; the truncated XQF is the one bad game.
    let back: Vec<_> = read_bytes(r.stdout.as_bytes()).collect();
    assert_eq!(back.iter().filter(|g| g.is_ok()).count(), 5);
    assert_eq!(
        back.iter()
            .filter(|g| g.as_ref().is_ok_and(|g| g.illegal_final.is_some()))
            .count(),
        1
    );
    assert_eq!(r.stderr.lines().count(), 3, "{}", r.stderr);
    assert!(r
        .stderr
        .ends_with("xq: 1 of 6 game(s) could not be converted whole (see above)\n"));
    // XQF holds one game.
    let r = xq(
        &[
            "convert",
            dd.join("c-three.pgn").to_str().unwrap(),
            "--to",
            "xqf",
            "-o",
            "/dev/null",
        ],
        b"",
    );
    assert_fails_with_prefix(&r, 2, "xq: an XQF file holds one game");
}

#[test]
fn under_lang_zh_the_arbiter_reads_what_failed_in_chinese() {
    // A file that is not there, a directory with no record, a bad FEN and
    // an unplayable move: standard error in Chinese under --lang zh, in
    // English by default, with the same exit status.
    let d = dir("stderr-zh");
    let missing = d.join("missing.pgn");
    let missing = missing.to_str().unwrap();
    let zh = xq(&["rule", missing, "--lang", "zh"], b"");
    assert_fails(
        &zh,
        1,
        &format!("xq: {missing}：无法读取：没有这个文件或目录"),
    );
    let en = xq(&["rule", missing], b"");
    assert_fails_with_prefix(&en, 1, &format!("xq: {missing}: cannot read it: "));
    let empty = d.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let empty = empty.to_str().unwrap();
    let zh = xq(&["rule", empty, "--lang", "zh"], b"");
    assert_fails_with_prefix(&zh, 1, &format!("xq: {empty}：目录中没有棋谱文件（.pgn, "));
    let zh = xq(&["rule", "--fen", "bad", "--lang", "zh"], b"");
    assert_fails(&zh, 1, "xq: 棋子布局应有 10 行（以 / 分隔），此处有 1 行");
    let en = xq(&["rule", "--fen", "bad"], b"");
    assert_fails(
        &en,
        1,
        "xq: invalid FEN: expected 10 ranks separated by '/', found 1",
    );
    let zh = xq(&["rule", "--moves", "h2e2 h9g7 h0g2x", "--lang", "zh"], b"");
    assert_fails_with_prefix(&zh, 1, "xq: 第 3 着：\"h0g2x\" 不是");
    let en = xq(&["rule", "--moves", "h2e2 h9g7 h0g2x"], b"");
    assert_fails_with_prefix(&en, 1, "xq: ply 3: ");
}
