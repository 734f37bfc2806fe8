//! Fuzzing the rulings: random positions (placed, or reached by random
//! play), each side picks a quiet move, and both shuttle back and forth
//! until the position stands for the third time; the game is then ruled
//! under every edition. Reports the slowest ruling; a panic is a bug.
//!
//! `cargo run --release -p xq-render --example fuzz_rulings -- 4000`

use std::time::{Duration, Instant};

use xq_core::random::{placed, played, Rng};
use xq_core::{Game, Move};
use xq_oracle::edition;
use xq_oracle::ruling::{rule, RulingOptions};
use xq_render::{explain, Lang};

/// A game from `seed` that ends in a threefold shuttle, if one can be made.
fn shuttle_game(seed: u64) -> Option<Game> {
    let start = if seed % 2 == 0 {
        placed(seed)
    } else {
        played(seed, 30)
    };
    let mut rng = Rng::new(seed ^ 0x5eed);
    let mut game = Game::new(start);
    let mut there = Vec::new();
    for _ in 0..2 {
        let moves = game.current().legal_moves();
        if moves.is_empty() {
            return None;
        }
        let m = moves[rng.below(moves.len())];
        if game.current().piece_at(m.to).is_some() {
            return None;
        }
        game.push(m);
        there.push(m);
    }
    let back: Vec<Move> = there.iter().map(|m| Move::new(m.to, m.from)).collect();
    for leg in [&back, &there, &back] {
        for &m in leg.iter() {
            if !game.current().is_legal(m) {
                return None;
            }
            game.push(m);
        }
    }
    Some(game)
}

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(500);
    let options = RulingOptions::default();
    let (mut ruled, mut slowest) = (0, (Duration::ZERO, String::new()));
    for seed in 0..n {
        let Some(game) = shuttle_game(seed) else {
            continue;
        };
        for e in edition::all() {
            let t = Instant::now();
            // The explanation too: rendering is part of a ruling.
            let _ = explain(&rule(&game, e, &options), Lang::En);
            let took = t.elapsed();
            if took > slowest.0 {
                slowest = (
                    took,
                    format!("seed {seed}, {}, {}", e.id, game.start().fen()),
                );
            }
            ruled += 1;
        }
    }
    println!(
        "ruled {ruled} games; slowest {:?} ({})",
        slowest.0, slowest.1
    );
}
