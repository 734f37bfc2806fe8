//! Perft: the number of leaf nodes of the legal-move tree to a given depth.
//!
//! The depth is bounded by [`MAX_DEPTH`]: the search recurses once per ply
//! and keeps one move buffer per ply, so a bounded depth bounds both the
//! stack and the memory whatever depth is asked for. (Time is not bounded
//! by the depth — the tree grows about 40-fold per ply — which is what
//! [`perft_cancellable`] is for.)
//!
//! The counts are `u64`: passing `u64::MAX` leaves would take centuries at
//! any speed this code reaches, so the sums are not checked.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::position::Position;
use crate::types::Move;

/// The deepest perft computed. Published figures stop near depth 9 (from
/// the start position perft 9 is about 2.4 × 10¹⁴); a depth beyond this is
/// an error, not a search.
pub const MAX_DEPTH: u32 = 32;

/// Why a perft was not computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PerftError {
    /// The depth asked for is beyond [`MAX_DEPTH`].
    TooDeep {
        /// The depth asked for.
        depth: u32,
    },
    /// The cancel flag of [`perft_cancellable`] was set before the count
    /// was complete.
    Cancelled,
}

impl fmt::Display for PerftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PerftError::TooDeep { depth } => {
                write!(f, "perft depth {depth} is beyond the maximum, {MAX_DEPTH}")
            }
            PerftError::Cancelled => f.write_str("perft was stopped before it finished"),
        }
    }
}

impl std::error::Error for PerftError {}

/// Counts the leaves of the legal-move tree `depth` plies deep.
pub fn perft(pos: &Position, depth: u32) -> Result<u64, PerftError> {
    perft_cancellable(pos, depth, &AtomicBool::new(false))
}

/// The perft count below each legal move, in move-generation order (empty
/// at depth 0).
pub fn divide(pos: &Position, depth: u32) -> Result<Vec<(Move, u64)>, PerftError> {
    divide_cancellable(pos, depth, &AtomicBool::new(false))
}

/// [`perft`] that gives up with [`PerftError::Cancelled`] once `cancel` is
/// set (by another thread, for example when a time budget runs out). The
/// flag is looked at before every subtree of depth 2 or more, that is at
/// least every few thousand nodes.
pub fn perft_cancellable(
    pos: &Position,
    depth: u32,
    cancel: &AtomicBool,
) -> Result<u64, PerftError> {
    check_depth(depth)?;
    if depth == 0 {
        return Ok(1);
    }
    let mut pos = pos.clone();
    let mut buffers = buffers(depth);
    count_until(&mut pos, depth, &mut buffers, cancel).ok_or(PerftError::Cancelled)
}

/// [`divide`] that gives up once `cancel` is set, as [`perft_cancellable`].
pub fn divide_cancellable(
    pos: &Position,
    depth: u32,
    cancel: &AtomicBool,
) -> Result<Vec<(Move, u64)>, PerftError> {
    check_depth(depth)?;
    if depth == 0 {
        return Ok(Vec::new());
    }
    let mut pos = pos.clone();
    let mut buffers = buffers(depth);
    let mut out = Vec::new();
    for m in pos.legal_moves() {
        let captured = pos.make(m);
        let n = count_until(&mut pos, depth - 1, &mut buffers, cancel);
        pos.unmake(m, captured);
        out.push((m, n.ok_or(PerftError::Cancelled)?));
    }
    Ok(out)
}

fn check_depth(depth: u32) -> Result<(), PerftError> {
    if depth > MAX_DEPTH {
        Err(PerftError::TooDeep { depth })
    } else {
        Ok(())
    }
}

/// One move buffer per ply, allocated once for the whole search.
fn buffers(depth: u32) -> Vec<Vec<Move>> {
    (0..depth).map(|_| Vec::with_capacity(128)).collect()
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
