//! The 42 Big5 master games of `tests/data/big5/` (see its SOURCES.txt:
//! 30 that leave out 前/后 markers where only one piece can legally move,
//! 2 with quotes inside tag values, 10 plain), read to their end. Each
//! game's ply count and final position are checked against `final.tsv`,
//! written by `bench/replay_chinese.py`: an independent replay that asks
//! Fairy-Stockfish (pyffish) for the legal moves and does not use this
//! reader.

use std::path::PathBuf;

use xq_records::{read_bytes, read_bytes_with, ReadOptions, Reading, WarningKind};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/big5")
}

#[test]
fn big5_master_games_read_to_their_end() {
    let expected = std::fs::read_to_string(dir().join("final.tsv")).unwrap();
    let (mut by_legality, mut quoted, mut strict_refused) = (0, 0, 0);
    let mut games = 0;
    for line in expected.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        let [name, plies, want] = cols[..] else {
            panic!("{line}: the replay did not read this game");
        };
        let want: Vec<&str> = want.split(' ').collect();
        let bytes = std::fs::read(dir().join(name)).unwrap();
        let mut read: Vec<_> = read_bytes(&bytes).collect();
        assert_eq!(read.len(), 1, "{name}");
        let record = read.remove(0).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            record.main.moves.len(),
            plies.parse::<usize>().unwrap(),
            "{name}"
        );
        let fen = record.to_game().current().fen();
        let got: Vec<&str> = fen.split(' ').take(2).collect();
        assert_eq!(got, want, "{name}: final position");
        assert!(record.illegal_final.is_none(), "{name}");
        // Every move read by legality is noted on the move and warned of.
        let noted = record
            .main
            .moves
            .iter()
            .filter(|m| m.read.is_some())
            .count();
        let warned = record
            .warnings
            .iter()
            .filter(|w| matches!(w.kind, WarningKind::ReadByLegality { .. }))
            .count();
        assert_eq!(noted, warned, "{name}");
        if noted > 0 {
            by_legality += 1;
            // Strictly, the same game is cut at an unmarked move (advisors
            // and elephants excepted, whose shape settles most of them).
            let strict = ReadOptions {
                reading: Reading::Strict,
                ..ReadOptions::default()
            };
            match read_bytes_with(&bytes, strict).next().unwrap() {
                Err(e) => {
                    assert_eq!(e.code(), "ambiguous-move", "{name}");
                    let ply = e.ply.unwrap();
                    assert!(
                        record.main.moves[ply - 1].read.is_some(),
                        "{name}: ply {ply}"
                    );
                    assert_eq!(e.partial().unwrap().main.moves.len(), ply - 1, "{name}");
                    strict_refused += 1;
                }
                Ok(r) => {
                    // Only advisors and elephants were unmarked.
                    assert_eq!(r.main, strip_notes(&record.main), "{name}");
                    let game = record.to_game();
                    for (i, m) in record.main.moves.iter().enumerate() {
                        if m.read.is_some() {
                            let role = game.positions()[i].piece_at(m.mv.from).unwrap().role;
                            assert!(
                                matches!(role, xq_core::Role::Advisor | xq_core::Role::Elephant),
                                "{name}"
                            );
                        }
                    }
                }
            }
        }
        if record
            .warnings
            .iter()
            .any(|w| matches!(w.kind, WarningKind::QuotedTagValue { .. }))
        {
            quoted += 1;
            assert!(
                record.tags.event.as_deref().unwrap_or("").contains('"'),
                "{name}"
            );
        }
        games += 1;
    }
    assert_eq!(games, 42);
    assert!(by_legality >= 30, "{by_legality}");
    // The 30 refused for a marker, and the 2 with quoted tag values, which
    // leave out markers too.
    assert_eq!(strict_refused, 32);
    // 15 and 40 are the same game, filed twice in the dataset.
    assert_eq!(quoted, 3);
}

fn strip_notes(line: &xq_records::Line) -> xq_records::Line {
    let mut line = line.clone();
    for m in &mut line.moves {
        m.read = None;
    }
    line
}
