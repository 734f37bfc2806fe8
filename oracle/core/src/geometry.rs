//! The shape of each piece's movement, as the move generator's tables hold
//! it, for every other question about geometry: why a move is refused, which
//! point blocks it, where a notation's move arrives, which piece stands in
//! another's way. Nothing here looks at what stands on the board except
//! through [`Position`]'s own queries, so these answers cannot drift from
//! move generation (a property test ties them together).

use crate::position::Position;
use crate::tables::{DIAGONAL_STEPS, ELEPHANT_MOVES, HORSE_MOVES, ORTHOGONAL_STEPS, RAYS};
use crate::types::{Color, Piece, Role, Square};

/// The point a horse jumping from `from` to `to` must find empty (its leg,
/// 马腿), if `to` is a horse jump away.
pub fn horse_leg(from: Square, to: Square) -> Option<Square> {
    HORSE_MOVES[from.index()]
        .as_slice()
        .iter()
        .find(|j| usize::from(j.to) == to.index())
        .map(|j| Square::from_index(usize::from(j.block)))
}

/// The point an elephant moving from `from` to `to` must find empty (its
/// eye, 象眼), if `to` is an elephant move away.
pub fn elephant_eye(from: Square, to: Square) -> Option<Square> {
    ELEPHANT_MOVES[from.index()]
        .as_slice()
        .iter()
        .find(|j| usize::from(j.to) == to.index())
        .map(|j| Square::from_index(usize::from(j.block)))
}

/// The points strictly between two points of one file or rank, nearest to
/// `from` first; empty if they are not on one line or are neighbours.
pub fn line_between(from: Square, to: Square) -> Vec<Square> {
    for ray in &RAYS[from.index()] {
        let squares: Vec<Square> = ray.iter().collect();
        if let Some(i) = squares.iter().position(|&s| s == to) {
            return squares[..i].to_vec();
        }
    }
    Vec::new()
}

/// The points a piece of kind `role` moving from `from` to `to` passes
/// over: the leg of a horse, the eye of an elephant, the points between for
/// a rook, a cannon or the king (whose facing "move" is along a file). A
/// piece standing on one of them blocks the move (拦), except that a cannon
/// capture needs exactly one of them occupied (its screen).
pub fn path(role: Role, from: Square, to: Square) -> Vec<Square> {
    match role {
        Role::Horse => horse_leg(from, to).into_iter().collect(),
        Role::Elephant => elephant_eye(from, to).into_iter().collect(),
        Role::Rook | Role::Cannon | Role::King => line_between(from, to),
        Role::Advisor | Role::Pawn => Vec::new(),
    }
}

/// Every point the shape of a `role`'s movement reaches from `from` on an
/// empty board, whatever its zone: one orthogonal step for the king and the
/// pawn (any direction), one diagonal step for the advisor, the elephant's
/// and the horse's jumps, the rook's and cannon's lines. [`reach`] is this
/// with the zone applied; a notation reads a move against the shape so that
/// a move out of its zone is named, and then refused with the rule's reason.
pub fn shape(role: Role, from: Square) -> Vec<Square> {
    let fi = from.index();
    match role {
        Role::King | Role::Pawn => ORTHOGONAL_STEPS[fi].iter().collect(),
        Role::Advisor => DIAGONAL_STEPS[fi].iter().collect(),
        Role::Elephant => ELEPHANT_MOVES[fi]
            .as_slice()
            .iter()
            .map(|j| Square::from_index(usize::from(j.to)))
            .collect(),
        Role::Horse => HORSE_MOVES[fi]
            .as_slice()
            .iter()
            .map(|j| Square::from_index(usize::from(j.to)))
            .collect(),
        Role::Rook | Role::Cannon => RAYS[fi].iter().flat_map(|r| r.iter()).collect(),
    }
}

/// Every point `piece` could move to from `from` on an otherwise empty
/// board: the shape of its movement with its zone (palace, own half, the
/// pawn's forward and, once across the river, sideways steps).
pub fn reach(piece: Piece, from: Square) -> Vec<Square> {
    let us = piece.color;
    let in_zone = |s: &Square| match piece.role {
        Role::King | Role::Advisor => s.in_palace_of(us),
        Role::Elephant => s.on_side_of(us),
        Role::Horse | Role::Rook | Role::Cannon => true,
        Role::Pawn => pawn_steps(us, from).any(|p| p == *s),
    };
    shape(piece.role, from)
        .into_iter()
        .filter(in_zone)
        .collect()
}

/// A pawn's steps: forward, and sideways once it has crossed the river.
fn pawn_steps(us: Color, from: Square) -> impl Iterator<Item = Square> {
    let forward = from.offset(0, us.forward());
    let crossed = !from.on_side_of(us);
    let sideways = [-1, 1]
        .into_iter()
        .filter_map(move |df| from.offset(df, 0).filter(|_| crossed));
    forward.into_iter().chain(sideways)
}

impl Position {
    /// The occupied points strictly between two points on one line, nearest
    /// to `from` first.
    pub fn between(&self, from: Square, to: Square) -> Vec<Square> {
        line_between(from, to)
            .into_iter()
            .filter(|&s| self.piece_at(s).is_some())
            .collect()
    }

    /// The pieces standing on the path of the move `from → to` of the piece
    /// on `from` (see [`path`]).
    pub fn blockers(&self, from: Square, to: Square) -> Vec<Square> {
        let Some(p) = self.piece_at(from) else {
            return Vec::new();
        };
        path(p.role, from, to)
            .into_iter()
            .filter(|&s| self.piece_at(s).is_some())
            .collect()
    }
}
