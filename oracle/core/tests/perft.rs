//! Perft against the published figures (`tests/data/perft.txt`).
//!
//! The default run stays under a node budget; the deep figures run with
//! `cargo test --release -p xq-core --test perft -- --ignored`.

use xq_core::perft::{divide, perft, PerftError, MAX_DEPTH};
use xq_core::Position;

/// Counts above this are left to the ignored deep test.
const BUDGET: u64 = 5_000_000;

fn figures() -> Vec<(Position, u32, u64)> {
    let text = include_str!("data/perft.txt");
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (fen, counts) = line
            .split_once(';')
            .unwrap_or_else(|| panic!("line {}: no ';'", i + 1));
        let pos = Position::from_fen(fen.trim()).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        for c in counts.split_whitespace() {
            let (d, n) = c
                .split_once(':')
                .unwrap_or_else(|| panic!("line {}: bad {c}", i + 1));
            out.push((pos.clone(), d.parse().unwrap(), n.parse().unwrap()));
        }
    }
    out
}

#[test]
fn published_figures_within_the_budget() {
    let mut checked = 0;
    for (pos, depth, nodes) in figures().into_iter().filter(|f| f.2 <= BUDGET) {
        assert_eq!(perft(&pos, depth), Ok(nodes), "perft {depth} of {pos}");
        checked += 1;
    }
    assert_eq!(checked, 19, "figures within the budget");
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn published_figures_beyond_the_budget() {
    for (pos, depth, nodes) in figures().into_iter().filter(|f| f.2 > BUDGET) {
        assert_eq!(perft(&pos, depth), Ok(nodes), "perft {depth} of {pos}");
    }
}

#[test]
fn divide_sums_to_perft_and_lists_each_legal_move_once() {
    for (pos, depth, nodes) in figures().into_iter().filter(|f| f.1 == 3) {
        let d = divide(&pos, depth).expect("depth 3 is allowed");
        assert_eq!(d.iter().map(|x| x.1).sum::<u64>(), nodes);
        let mut moves: Vec<_> = d.iter().map(|x| x.0).collect();
        moves.sort();
        let mut legal = pos.legal_moves();
        legal.sort();
        assert_eq!(moves, legal);
    }
}

#[test]
fn depth_zero_is_one_node() {
    assert_eq!(perft(&Position::start(), 0), Ok(1));
    assert_eq!(divide(&Position::start(), 0), Ok(Vec::new()));
}

#[test]
fn cancellable_perft_agrees_and_stops() {
    use std::sync::atomic::AtomicBool;
    use xq_core::perft::{divide_cancellable, perft_cancellable};
    let start = Position::start();
    let go = AtomicBool::new(false);
    // Published: 44, 1920, 79666 from the start position.
    assert_eq!(perft_cancellable(&start, 3, &go), Ok(79666));
    assert_eq!(perft_cancellable(&start, 0, &go), Ok(1));
    let stop = AtomicBool::new(true);
    assert_eq!(
        perft_cancellable(&start, 3, &stop),
        Err(PerftError::Cancelled)
    );
    assert_eq!(
        divide_cancellable(&start, 3, &stop),
        Err(PerftError::Cancelled)
    );
}

/// A depth beyond the maximum is refused at once, before any allocation or
/// recursion: before the bound, depth 4294967295 asked for a 100 GB buffer
/// table and depth 100000 on a sparse board overflowed the stack.
#[test]
fn depth_beyond_the_maximum_is_an_error() {
    let sparse = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w").unwrap();
    for depth in [MAX_DEPTH + 1, 100_000, u32::MAX] {
        assert_eq!(perft(&sparse, depth), Err(PerftError::TooDeep { depth }));
        assert_eq!(divide(&sparse, depth), Err(PerftError::TooDeep { depth }));
    }
    assert_eq!(
        PerftError::TooDeep { depth: 33 }.to_string(),
        "perft depth 33 is beyond the maximum, 32"
    );
}

/// The maximum itself is searched: from a 困毙 position (the suite's
/// `stalemate.lone-king.black`, cross-checked with Fairy-Stockfish) every
/// depth from 1 on counts 0 leaves, depth 0 counts the position itself.
#[test]
fn the_maximum_depth_is_searched() {
    let stalemate = Position::from_fen("3k5/2P6/9/9/9/9/9/9/9/4K4 b - - 0 1").unwrap();
    assert_eq!(perft(&stalemate, 0), Ok(1));
    assert_eq!(perft(&stalemate, 1), Ok(0));
    assert_eq!(perft(&stalemate, MAX_DEPTH), Ok(0));
    assert_eq!(divide(&stalemate, MAX_DEPTH), Ok(Vec::new()));
}
