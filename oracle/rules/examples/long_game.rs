//! Prints a long game that ends in a repetition, for `bench/rule.sh`:
//! `cargo run --release --example long_game -- [PLIES] [SEED]` prints one
//! line of ICCS moves: seeded random play, then a two-move shuffle by each
//! side played twice, so the final position occurs three times.

use xq_core::random::Rng;
use xq_core::{Move, Position};

/// A move pair (ours, theirs) after which both can go back.
fn shuffle(pos: &Position) -> Option<[Move; 4]> {
    for a in pos.legal_moves() {
        let p1 = pos.play_unchecked(a);
        for b in p1.legal_moves() {
            let p2 = p1.play_unchecked(b);
            let back_a = Move::new(a.to, a.from);
            if pos.is_capture(a) || p1.is_capture(b) || !p2.is_legal(back_a) {
                continue;
            }
            let p3 = p2.play_unchecked(back_a);
            let back_b = Move::new(b.to, b.from);
            if p3.is_legal(back_b) && p3.play_unchecked(back_b).same_board(pos) {
                return Some([a, b, back_a, back_b]);
            }
        }
    }
    None
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let plies = args.first().copied().unwrap_or(400) as usize;
    let mut seed = args.get(1).copied().unwrap_or(1);
    loop {
        let mut rng = Rng::new(seed);
        let mut pos = Position::start();
        let mut moves = Vec::new();
        while moves.len() < plies.saturating_sub(8) {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.below(legal.len())];
            pos = pos.play_unchecked(m);
            moves.push(m);
        }
        if moves.len() == plies.saturating_sub(8) {
            if let Some(cycle) = shuffle(&pos) {
                moves.extend(cycle);
                moves.extend(cycle);
                let text: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
                println!("{}", text.join(" "));
                return;
            }
        }
        seed += 1;
    }
}
