//! No input makes the reader panic or hang: random bytes, truncations and
//! bit flips of valid files of every format give records or clean errors.

use proptest::prelude::*;
use xq_records::{read_bytes, read_bytes_with, Format, ReadOptions};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

fn samples() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = [
        "v10.xqf",
        "v18.xqf",
        "sample.cbr",
        "utf8.pgn",
        "gbk.pgn",
        "big5.pgn",
        "page.html",
        "game.wxf",
        "multi.pgn",
    ]
    .iter()
    .map(|n| std::fs::read(format!("{DATA}/{n}")).unwrap())
    .collect();
    let r = read_bytes(&out[2]).next().unwrap().unwrap();
    out.push(xq_records::write_cbl("lib", &[r.clone(), r]).unwrap());
    out
}

/// Reads everything and checks each error can be displayed.
fn exercise(bytes: &[u8]) {
    let mut n = 0;
    for item in read_bytes(bytes) {
        n += 1;
        assert!(n < 100_000, "a bounded number of games");
        match item {
            Ok(r) => {
                let _ = r.to_game();
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
    for &format in Format::ALL {
        let opts = ReadOptions {
            format: Some(format),
            encoding: None,
            ..ReadOptions::default()
        };
        for item in read_bytes_with(bytes, opts).take(1000) {
            if let Err(e) = item {
                assert!(!e.to_string().is_empty());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..3000)) {
        exercise(&bytes);
    }

    #[test]
    fn random_bytes_behind_a_magic(
        magic in 0usize..4,
        bytes in proptest::collection::vec(any::<u8>(), 0..3000),
    ) {
        let mut b = [&b"XQ\x12"[..], b"XQ\x0A", b"CCBridge Record\0", b"[DhtmlXQ_movelist]"][magic].to_vec();
        b.extend_from_slice(&bytes);
        exercise(&b);
    }

    #[test]
    fn truncations(which in 0usize..10, cut in any::<prop::sample::Index>()) {
        let s = &samples()[which];
        exercise(&s[..cut.index(s.len() + 1)]);
    }

    #[test]
    fn bit_flips(which in 0usize..10, flips in proptest::collection::vec((any::<prop::sample::Index>(), 0u8..8), 1..8)) {
        let mut s = samples()[which].clone();
        for (at, bit) in flips {
            let i = at.index(s.len());
            s[i] ^= 1 << bit;
        }
        exercise(&s);
    }

    #[test]
    fn random_movetext(words in proptest::collection::vec(
        prop_oneof![
            Just("1."), Just("("), Just(")"), Just("{c}"), Just("$3"), Just("h2e2"),
            Just("h9g7"), Just("炮二平五"), Just("马８进７"), Just("1-0"), Just("[Event \"x\"]\n"),
            Just("C2=5"), Just(";x\n"), Just("\n"), Just("前车进一"), Just("!?"),
        ], 0..60)) {
        exercise(words.join(" ").as_bytes());
    }
}

#[test]
fn deep_variations_are_bounded() {
    let deep = "1. h2e2 ".to_string() + &"( 1. b2e2 ".repeat(10_000);
    let e = read_bytes(deep.as_bytes()).next().unwrap().unwrap_err();
    assert_eq!(e.code(), "syntax");
}

#[test]
fn a_long_line_without_newlines_is_bounded() {
    let big = vec![b'x'; xq_records::MAX_GAME_BYTES + 10];
    let e = read_bytes(&big).next().unwrap().unwrap_err();
    assert_eq!(e.code(), "too-large");
}

/// What the `records` fuzz target checks: every game read writes back to
/// a PGN that reads again, as PGN, with the same moves.
fn round_trip(bytes: &[u8]) {
    for record in read_bytes(bytes).take(64) {
        let Ok(record) = record else { continue };
        let pgn = xq_records::write_pgn(&record, &xq_records::PgnOptions::default());
        let again = read_bytes(pgn.as_bytes())
            .next()
            .expect("a written record reads back")
            .unwrap_or_else(|e| panic!("{e}\n{pgn}"));
        assert_eq!(again.source.format, Format::Pgn, "{pgn}");
        assert_eq!(again.to_game().moves(), record.to_game().moves(), "{pgn}");
        assert_eq!(again.tags.event, record.tags.event);
    }
}

// Fuzz finding (records target): a DhtmlXQ tag whose text holds another
// DhtmlXQ tag (the reader takes everything up to the closing tag) became a
// PGN tag value holding "[DhtmlXQ", and the PGN was then taken for a page.
#[test]
fn a_pgn_quoting_a_dhtmlxq_tag_is_still_a_pgn() {
    // The minimised input.
    round_trip(b"[DhtmlXQ_event]\n[DhtmlXQ[/DhtmlXQ_event]");
    // The shape of the original one: moves, and a title inside the event.
    round_trip(
        b"[DhtmlXQ]\n[DhtmlXQ_event]League [DhtmlXQ_title]x[/DhtmlXQ_title] cup[/DhtmlXQ_event]\n\
          [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n",
    );
    // And a PGN written by hand that mentions the page it came from.
    let pgn = "[Event \"x\"]\n\n1. h2e2 {from a [DhtmlXQ] page} h9g7 *\n";
    let r = read_bytes(pgn.as_bytes()).next().unwrap().unwrap();
    assert_eq!(r.source.format, Format::Pgn);
    assert_eq!(r.to_game().moves().len(), 2);
}
