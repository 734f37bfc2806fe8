//! Perft: the number of leaf nodes of the legal-move tree to a given depth.
//! Memory grows with the depth only: one move buffer per ply.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::position::Position;
use crate::types::Move;

/// Counts the leaves of the legal-move tree `depth` plies deep.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut pos = pos.clone();
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    count(&mut pos, depth, &mut buffers)
}

/// The perft count below each legal move, in move-generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut pos = pos.clone();
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    let moves = pos.legal_moves();
    moves
        .into_iter()
        .map(|m| {
            let captured = pos.make(m);
            let n = count(&mut pos, depth - 1, &mut buffers);
            pos.unmake(m, captured);
            (m, n)
        })
        .collect()
}

/// [`perft`] that gives up, returning `None`, once `cancel` is set (by
/// another thread, for example when a time budget runs out). The flag is
/// looked at before every subtree of depth 2 or more.
pub fn perft_cancellable(pos: &Position, depth: u32, cancel: &AtomicBool) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    let mut pos = pos.clone();
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    count_until(&mut pos, depth, &mut buffers, cancel)
}

fn count_until(
    pos: &mut Position,
    depth: u32,
    buffers: &mut [Vec<Move>],
    cancel: &AtomicBool,
) -> Option<u64> {
    if depth <= 2 {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        return Some(count(pos, depth, buffers));
    }
    let (buf, rest) = buffers.split_first_mut().expect("one buffer per ply");
    buf.clear();
    pos.pseudo_legal_moves_into(buf);
    let in_check = pos.in_check();
    let mut nodes = 0;
    for &m in buf.iter() {
        if pos.keeps_king_safe(m, in_check) {
            let captured = pos.make(m);
            let n = count_until(pos, depth - 1, rest, cancel);
            pos.unmake(m, captured);
            nodes += n?;
        }
    }
    Some(nodes)
}

fn count(pos: &mut Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = buffers.split_first_mut().expect("one buffer per ply");
    buf.clear();
    pos.pseudo_legal_moves_into(buf);
    let in_check = pos.in_check();
    if depth == 1 {
        // Bulk counting: the leaves are the legal moves themselves.
        return buf
            .iter()
            .filter(|&&m| pos.keeps_king_safe(m, in_check))
            .count() as u64;
    }
    let mut nodes = 0;
    for &m in buf.iter() {
        if pos.keeps_king_safe(m, in_check) {
            let captured = pos.make(m);
            nodes += count(pos, depth - 1, rest);
            pos.unmake(m, captured);
        }
    }
    nodes
}
