//! Differential test against Fairy-Stockfish, an independent implementation:
//! legal-move sets, check flags and perft(3) for thousands of positions
//! reached by seeded random play and by random legal placements.
//!
//! Both sides are asked through the suite protocol: the oracle in-process,
//! Fairy-Stockfish through the harness's UCI adapter. The engine is looked
//! for at `$FAIRY_STOCKFISH` or `/usr/games/fairy-stockfish`; without it the
//! test is skipped, except under CI (`CI` set), where it must be present.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Duration;

use serde_json::Value;
use xq_core::random::{placed, played};
use xq_core::Position;
use xq_harness::implementation::Factory;
use xq_harness::uci::UciFactory;
use xq_render::protocol::{self, Question, Request};

const PLAYED: u64 = 2000;
const PLACED: u64 = 1000;
/// Every this many positions also compare perft(3).
const PERFT_EVERY: u64 = 10;

fn engine() -> Option<PathBuf> {
    let path = std::env::var_os("FAIRY_STOCKFISH")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/games/fairy-stockfish"));
    path.exists().then_some(path)
}

fn moves(v: &Value) -> BTreeSet<String> {
    v["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn agrees_with_fairy_stockfish() {
    let Some(path) = engine() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must install fairy-stockfish for the differential test"
        );
        eprintln!("fairy-stockfish not found: differential test skipped");
        return;
    };
    let factory = UciFactory {
        command: vec![path.display().to_string()],
        timeout: Duration::from_secs(20),
        editions: xq_spec::editions::ids().map(String::from).collect(),
    };
    let (mut fsf, _) = factory.start().expect("start fairy-stockfish");
    let mut seq = 0;
    let mut ask = |pos: &Position, question: Question| -> (Value, Value) {
        seq += 1;
        let req = Request {
            seq,
            id: "differential".into(),
            edition: "cxa-2020".into(),
            fen: pos.fen(),
            moves: vec![],
            relaxed: false,
            question,
        };
        let ours = protocol::answer(&req)
            .result
            .unwrap_or_else(|| panic!("oracle failed on {}", pos.fen()));
        let theirs = fsf
            .ask(&req, Duration::from_secs(20))
            .unwrap_or_else(|e| panic!("fairy-stockfish failed on {}: {e}", pos.fen()));
        let theirs = theirs.result.unwrap_or_else(|| {
            panic!(
                "fairy-stockfish failed on {}: {}",
                pos.fen(),
                theirs.error.unwrap_or_default()
            )
        });
        (ours, theirs)
    };
    let positions = (0..PLAYED)
        .map(|s| played(s, (s % 200) as usize))
        .chain((0..PLACED).map(|s| placed(s ^ 0xdead_beef)));
    let mut compared = 0;
    for (i, pos) in positions.enumerate() {
        let (ours, theirs) = ask(&pos, Question::LegalMoves);
        assert_eq!(moves(&ours), moves(&theirs), "legal moves of {}", pos.fen());
        let (ours, theirs) = ask(&pos, Question::Status);
        assert_eq!(
            ours["in_check"],
            theirs["in_check"],
            "check flag of {}",
            pos.fen()
        );
        assert_eq!(ours["result"], theirs["result"], "result of {}", pos.fen());
        if i as u64 % PERFT_EVERY == 0 {
            let (ours, theirs) = ask(&pos, Question::Perft { depth: 3 });
            assert_eq!(ours["nodes"], theirs["nodes"], "perft 3 of {}", pos.fen());
        }
        compared += 1;
    }
    assert_eq!(compared, PLAYED + PLACED);
}
