//! The hostile-input catalogue of `xq serve`: each line, and the answer it
//! must get (exactly; the server must answer every line that is not blank
//! and stay alive to answer a well-formed request after it).

mod common;

use std::time::{Duration, Instant};

use common::xq;

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const STALEMATE: &str = "3k5/2P6/9/9/9/9/9/9/9/4K4 b - - 0 1";

/// A `run` request with `rest` as its further keys.
fn run(seq: i64, rest: &str) -> String {
    format!(r#"{{"type":"run","seq":{seq},"id":"t","edition":"cxa-2020","fen":"{START}",{rest}}}"#)
}

/// The server's answers to `lines` (with `stop` appended), one per line.
fn serve(args: &[&str], lines: &[String]) -> Vec<String> {
    let mut input = lines.join("\n");
    input.push_str("\n{\"type\":\"stop\"}\n");
    let mut all = vec!["serve"];
    all.extend_from_slice(args);
    let r = xq(&all, input.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stderr, "");
    r.stdout.lines().map(String::from).collect()
}

/// Each line and its exact answer; a line that must get no answer has "".
fn check(args: &[&str], cases: &[(String, &str)]) {
    let lines: Vec<String> = cases.iter().map(|c| c.0.clone()).collect();
    let mut lines = lines;
    // Still alive: a well-formed request after all of them.
    lines.push(run(999, r#""question":{"ask":"perft","depth":1}"#));
    let answers = serve(args, &lines);
    let expected: Vec<&str> = cases
        .iter()
        .map(|c| c.1)
        .filter(|a| !a.is_empty())
        .chain([r#"{"seq":999,"result":{"nodes":44}}"#])
        .collect();
    assert_eq!(answers.len(), expected.len(), "answers: {answers:#?}");
    for (i, (got, want)) in answers.iter().zip(&expected).enumerate() {
        assert_eq!(got, want, "answer {}", i + 1);
    }
}

#[test]
fn handshakes() {
    let started = r#"{"type":"started","name":"xq-oracle","version":"0.1.0","questions":["legal-moves","is-legal","status","perft","convert","position","ruling","classify"],"editions":["cxa-2020","cxa-1999","axf-2017","wxf-2018"],"protocol":1}"#;
    check(
        &[],
        &[
            (r#"{"type":"start","protocol":1}"#.into(), started),
            (
                r#"{"type":"start","protocol":99}"#.into(),
                r#"{"seq":null,"error":"line 2: protocol 99 is not spoken here; this server speaks protocol 1"}"#,
            ),
            (
                r#"{"type":"start"}"#.into(),
                r#"{"seq":null,"error":"line 3: malformed message: missing field `protocol`"}"#,
            ),
            (
                r#"{"type":"start","protocol":"1"}"#.into(),
                r#"{"seq":null,"error":"line 4: malformed message: invalid type: string \"1\", expected u32"}"#,
            ),
            (
                r#"{"type":"start","protocol":1,"x":2}"#.into(),
                r#"{"seq":null,"error":"line 5: malformed message: unknown field `x`, expected `protocol`"}"#,
            ),
            (
                r#"{"type":"hello"}"#.into(),
                r#"{"seq":null,"error":"line 6: malformed message: unknown variant `hello`, expected one of `start`, `run`, `stop` at line 1 column 15"}"#,
            ),
            // A stop with an unknown key is not a stop.
            (
                r#"{"type":"stop","now":true}"#.into(),
                r#"{"seq":null,"error":"line 7: malformed message: unknown key `now`"}"#,
            ),
        ],
    );
}

#[test]
fn garbage_lines() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let deep_request = run(5, &format!(r#""question":{}"#, "{\"ask\":".repeat(1000)));
    check(
        &[],
        &[
            (String::new(), ""),
            ("   \t ".into(), ""),
            (
                "\0".into(),
                r#"{"seq":null,"error":"line 3: malformed message: expected value at line 1 column 1"}"#,
            ),
            (
                "not json".into(),
                r#"{"seq":null,"error":"line 4: malformed message: expected ident at line 1 column 2"}"#,
            ),
            (
                "[1,2]".into(),
                r#"{"seq":null,"error":"line 5: malformed message: a message is a JSON object, not an array"}"#,
            ),
            (
                "42".into(),
                r#"{"seq":null,"error":"line 6: malformed message: a message is a JSON object, not a number"}"#,
            ),
            (
                deep,
                r#"{"seq":null,"error":"line 7: malformed message: recursion limit exceeded at line 1 column 128"}"#,
            ),
            (
                deep_request,
                r#"{"seq":null,"error":"line 8: malformed message: recursion limit exceeded at line 1 column 1024"}"#,
            ),
            (
                r#"{"type":"run","seq":1}{"type":"stop"}"#.into(),
                r#"{"seq":null,"error":"line 9: malformed message: trailing characters at line 1 column 23"}"#,
            ),
        ],
    );
}

#[test]
fn wrong_numbers_and_types() {
    let q = r#""question":{"ask":"status"}"#;
    check(
        &[],
        &[
            (
                run(-1, q),
                r#"{"seq":null,"error":"line 1: malformed message: invalid value: integer `-1`, expected u64"}"#,
            ),
            (
                run(1, q).replace("\"seq\":1", "\"seq\":1.5"),
                r#"{"seq":null,"error":"line 2: malformed message: invalid type: floating point `1.5`, expected u64"}"#,
            ),
            (
                run(1, q).replace("\"seq\":1", "\"seq\":18446744073709551616"),
                r#"{"seq":null,"error":"line 3: malformed message: invalid type: floating point `1.8446744073709552e+19`, expected u64"}"#,
            ),
            (
                run(1, q).replace("\"seq\":1", "\"seq\":\"1\""),
                r#"{"seq":null,"error":"line 4: malformed message: invalid type: string \"1\", expected u64"}"#,
            ),
            (
                run(5, q).replace(&format!("\"{START}\""), "5"),
                r#"{"seq":5,"error":"line 5: malformed message: invalid type: integer `5`, expected a string"}"#,
            ),
            (
                run(6, &format!(r#""moves":"h2e2",{q}"#)),
                r#"{"seq":6,"error":"line 6: malformed message: invalid type: string \"h2e2\", expected a sequence"}"#,
            ),
            (
                run(7, &format!(r#""moves":[1],{q}"#)),
                r#"{"seq":7,"error":"line 7: malformed message: invalid type: integer `1`, expected a string"}"#,
            ),
            (
                run(8, &format!(r#""relaxed":"yes",{q}"#)),
                r#"{"seq":8,"error":"line 8: malformed message: invalid type: string \"yes\", expected a boolean"}"#,
            ),
            (
                run(9, r#""question":"status""#),
                r#"{"seq":9,"error":"line 9: malformed message: invalid type: string \"status\", expected internally tagged enum Question"}"#,
            ),
            (
                run(10, r#""question":{"ask":"perft","depth":2.0}"#),
                r#"{"seq":10,"error":"line 10: malformed message: invalid type: floating point `2.0`, expected u32"}"#,
            ),
            (
                run(11, r#""question":{"ask":"perft","depth":-1}"#),
                r#"{"seq":11,"error":"line 11: malformed message: invalid value: integer `-1`, expected u32"}"#,
            ),
            (
                run(12, r#""question":{"ask":"perft","depth":4294967296}"#),
                r#"{"seq":12,"error":"line 12: malformed message: invalid value: integer `4294967296`, expected u32"}"#,
            ),
            (
                run(13, r#""question":{"ask":"perft","depth":1e3}"#),
                r#"{"seq":13,"error":"line 13: malformed message: invalid type: floating point `1000.0`, expected u32"}"#,
            ),
        ],
    );
}

#[test]
fn duplicate_unknown_missing_and_extra_keys() {
    let q = r#""question":{"ask":"status"}"#;
    check(
        &[],
        &[
            (run(1, &format!(r#""seq":2,{q}"#)), r#"{"seq":2,"error":"line 1: malformed message: duplicate field `seq`"}"#),
            (run(3, &format!(r#""relaxd":true,{q}"#)), r#"{"seq":3,"error":"line 2: malformed message: unknown key `relaxd`"}"#),
            (r#"{"type":"run","seq":4,"id":"t","edition":"cxa-2020","question":{"ask":"status"}}"#.into(), r#"{"seq":4,"error":"line 3: malformed message: missing field `fen`"}"#),
            (r#"{"type":"run","seq":5,"id":"t","edition":"cxa-2020","fen":"startpos"}"#.into(), r#"{"seq":5,"error":"line 4: malformed message: missing field `question`"}"#),
            (run(7, r#""question":{"ask":"is-legal","move":"h2e2","move":"b0c2"}"#), r#"{"seq":7,"error":"line 5: malformed message: duplicate field `move`"}"#),
            (run(8, r#""question":{"ask":"status","ask":"perft"}"#), r#"{"seq":8,"error":"line 6: malformed message: duplicate field `ask`"}"#),
            (r#"{"type":"run","type":"stop","seq":9}"#.into(), r#"{"seq":9,"error":"line 7: malformed message: duplicate field `type` at line 1 column 20"}"#),
            (run(10, &format!(r#""relaxed":false,"relaxed":true,{q}"#)), r#"{"seq":10,"error":"line 8: malformed message: duplicate field `relaxed`"}"#),
            (run(11, &format!(r#""zz":false,"zz":false,{q}"#)), r#"{"seq":11,"error":"line 9: malformed message: duplicate key `zz` at line 1 column 146"}"#),
            // Defaults written out are fine.
            (run(6, &format!(r#""moves":[],"relaxed":false,{q}"#)), r#"{"seq":6,"result":{"in_check":false,"legal_moves":44,"reason":null,"result":"*"}}"#),
        ],
    );
}

/// Every question with a parameter missing and with one too many.
#[test]
fn every_question_with_missing_and_extra_parameters() {
    let q = |s: &str| format!(r#""question":{s}"#);
    let cases = [
        (r#"{"ask":"legal-moves","move":"h2e2"}"#, "unknown key `question.move`"),
        (r#"{"ask":"status","depth":1}"#, "unknown key `question.depth`"),
        (r#"{"ask":"position","to":"wxf"}"#, "unknown key `question.to`"),
        (r#"{"ask":"ruling","move":"h2e2"}"#, "unknown key `question.move`"),
        (r#"{"ask":"is-legal"}"#, "missing field `move`"),
        (r#"{"ask":"is-legal","move":"h2e2","depth":3}"#, "unknown field `depth`, expected `move`"),
        (r#"{"ask":"perft"}"#, "missing field `depth`"),
        (r#"{"ask":"perft","depth":1,"divide":true}"#, "unknown field `divide`, expected `depth`"),
        (r#"{"ask":"convert","move":"h2e2"}"#, "missing field `to`"),
        (r#"{"ask":"convert","to":"wxf"}"#, "missing field `move`"),
        (r#"{"ask":"convert","move":"h2e2","to":"pgn"}"#, "unknown notation \"pgn\" (expected iccs, wxf or chinese)"),
        (r#"{"ask":"convert","move":"h2e2","to":"wxf","x":1}"#, "unknown field `x`, expected `move` or `to`"),
        (r#"{"ask":"classify"}"#, "missing field `move`"),
        (r#"{"ask":"classify","move":"h2e2","kind":"chase"}"#, "unknown field `kind`, expected `move`"),
        (r#"{"ask":"teleport"}"#, "unknown variant `teleport`, expected one of `legal-moves`, `is-legal`, `status`, `perft`, `convert`, `position`, `ruling`, `classify`"),
        (r#"{}"#, "missing field `ask`"),
    ];
    let lines: Vec<(String, String)> = cases
        .iter()
        .enumerate()
        .map(|(i, (question, why))| {
            let seq = i + 1;
            (
                run(seq as i64, &q(question)),
                format!(
                    r#"{{"seq":{seq},"error":"line {seq}: malformed message: {}"}}"#,
                    why.replace('"', "\\\"")
                ),
            )
        })
        .collect();
    let borrowed: Vec<(String, &str)> =
        lines.iter().map(|(l, a)| (l.clone(), a.as_str())).collect();
    check(&[], &borrowed);
}

#[test]
fn perft_depths_zero_one_the_maximum_and_beyond() {
    let stalemate = |seq: i64, depth: u64| {
        format!(
            r#"{{"type":"run","seq":{seq},"id":"t","edition":"cxa-2020","fen":"{STALEMATE}","question":{{"ask":"perft","depth":{depth}}}}}"#
        )
    };
    check(
        &[],
        &[
            (
                run(1, r#""question":{"ask":"perft","depth":0}"#),
                r#"{"seq":1,"result":{"nodes":1}}"#,
            ),
            (
                run(2, r#""question":{"ask":"perft","depth":1}"#),
                r#"{"seq":2,"result":{"nodes":44}}"#,
            ),
            (stalemate(3, 32), r#"{"seq":3,"result":{"nodes":0}}"#),
            (
                stalemate(4, 33),
                r#"{"seq":4,"error":"perft depth 33 is beyond the maximum, 32"}"#,
            ),
            (
                stalemate(5, 4294967295),
                r#"{"seq":5,"error":"perft depth 4294967295 is beyond the maximum, 32"}"#,
            ),
        ],
    );
}

/// Before the budget, a deep perft held the server for ever (and depth
/// 100000 killed it): now the request gets an error when its time runs
/// out, and the next request is answered.
#[test]
fn a_request_over_its_budget_is_answered_with_an_error() {
    let t = Instant::now();
    check(
        &["--budget-ms", "300"],
        &[
            (
                run(1, r#""question":{"ask":"perft","depth":12}"#),
                r#"{"seq":1,"error":"budget exceeded: the answer took longer than 300 ms, the limit of this server (xq serve --budget-ms)"}"#,
            ),
            (
                run(2, r#""question":{"ask":"perft","depth":32}"#),
                r#"{"seq":2,"error":"budget exceeded: the answer took longer than 300 ms, the limit of this server (xq serve --budget-ms)"}"#,
            ),
            (
                run(3, r#""question":{"ask":"perft","depth":2}"#),
                r#"{"seq":3,"result":{"nodes":1920}}"#,
            ),
        ],
    );
    assert!(t.elapsed() < Duration::from_secs(30), "{:?}", t.elapsed());
}

#[test]
fn invalid_utf8_gets_an_error_and_the_server_goes_on() {
    let mut input = Vec::new();
    input.extend_from_slice(b"\xff\xfe\n");
    // A lone lead byte inside the id: the seq can still be read.
    let line = run(7, r#""question":{"ask":"status"}"#);
    let (head, tail) = line.split_at(line.find("\"t\"").unwrap() + 1);
    input.extend_from_slice(head.as_bytes());
    input.push(0xC3);
    input.extend_from_slice(&tail.as_bytes()[1..]);
    input.extend_from_slice(b"\n");
    input.extend_from_slice(run(8, r#""question":{"ask":"perft","depth":1}"#).as_bytes());
    input.extend_from_slice(b"\n");
    let r = xq(&["serve"], &input);
    assert_eq!(r.code, 0);
    assert_eq!(
        r.stdout,
        concat!(
            r#"{"seq":null,"error":"line 1 is not valid UTF-8 (byte 1 of the line)"}"#,
            "\n",
            r#"{"seq":7,"error":"line 2 is not valid UTF-8 (byte 29 of the line)"}"#,
            "\n",
            r#"{"seq":8,"result":{"nodes":44}}"#,
            "\n",
        )
    );
}

#[test]
fn long_lines_get_one_error_in_bounded_memory() {
    let long = format!("{}\n", "x".repeat(3 << 20));
    let mut input = long.into_bytes();
    input.extend_from_slice(run(1, r#""question":{"ask":"perft","depth":1}"#).as_bytes());
    input.extend_from_slice(b"\n");
    // An endless line: the input ends inside it.
    input.extend(std::iter::repeat_n(b'[', 5 << 20));
    let r = xq(&["serve"], &input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        concat!(
            r#"{"seq":null,"error":"line 1 is longer than 1048576 bytes, the limit; it is skipped"}"#,
            "\n",
            r#"{"seq":1,"result":{"nodes":44}}"#,
            "\n",
            r#"{"seq":null,"error":"line 3 is longer than 1048576 bytes, the limit; it is skipped"}"#,
            "\n",
        )
    );
    // The cap is an option; a line of exactly the cap is read.
    let line = run(2, r#""question":{"ask":"perft","depth":1}"#);
    let cap = line.len().to_string();
    let answers = serve(&["--max-line", &cap], &[line.clone(), format!("{line} ")]);
    assert_eq!(answers[0], r#"{"seq":2,"result":{"nodes":44}}"#);
    assert_eq!(
        answers[1],
        format!(
            r#"{{"seq":null,"error":"line 2 is longer than {cap} bytes, the limit; it is skipped"}}"#
        )
    );
}

#[test]
fn long_texts_inside_requests_are_quoted_in_part() {
    let x = "x".repeat(10_000);
    check(
        &[],
        &[
            (
                run(
                    1,
                    &format!(r#""moves":["{x}"],"question":{{"ask":"status"}}"#),
                ),
                r#"{"seq":1,"error":"ply 1: \"xxxxxxxxxxxxxxxxxxxxxxxx\"… (10000 bytes) is not a move: no move text is longer than 32 bytes"}"#,
            ),
            (
                run(2, r#""question":{"ask":"status"}"#).replace(START, &x),
                r#"{"seq":2,"error":"invalid FEN: expected 10 ranks separated by '/', found 1"}"#,
            ),
            (
                run(3, &format!(r#""question":{{"ask":"{x}"}}"#)),
                r#"{"seq":3,"error":"line 3: malformed message: unknown variant `xxxxxxxxxxxxxxxxxxxxxxxx`… (10000 bytes), expected one of `legal-moves`, `is-legal`, `status`, `perft`, `convert`, `position`, `ruling`, `classify`"}"#,
            ),
        ],
    );
}

/// The protocol's own message for an unknown edition quotes it whole; the
/// server's net cuts every error to one bounded line.
#[test]
fn every_error_is_one_bounded_line() {
    let x = "x".repeat(10_000);
    let answers = serve(
        &[],
        &[run(4, r#""question":{"ask":"ruling"}"#).replace("cxa-2020", &x)],
    );
    assert_eq!(answers.len(), 1);
    assert!(
        answers[0].starts_with(r#"{"seq":4,"error":"unknown edition xxx"#),
        "{}",
        answers[0]
    );
    assert!(answers[0].len() < 700, "{} bytes", answers[0].len());
}

/// Empty input, or only blank lines and no `stop`: no answer, status 0.
#[test]
fn empty_and_blank_input_end_quietly() {
    for input in [&b""[..], b"\n\n", b"   \n\t\n", b"\r\n"] {
        let r = xq(&["serve"], input);
        assert_eq!((r.code, r.stdout.as_str(), r.stderr.as_str()), (0, "", ""));
    }
    // A last line without its newline is still a line.
    let line = run(1, r#""question":{"ask":"perft","depth":1}"#);
    let r = xq(&["serve"], line.as_bytes());
    assert_eq!(r.stdout, "{\"seq\":1,\"result\":{\"nodes\":44}}\n");
}
