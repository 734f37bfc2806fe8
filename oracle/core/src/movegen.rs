//! Move generation: each piece's movement in one place, then the filter
//! that no move may leave one's own king attacked or the kings facing.

use crate::position::Position;
use crate::tables::{DIAGONAL_STEPS, ELEPHANT_MOVES, HORSE_MOVES, ORTHOGONAL_STEPS, RAYS};
use crate::types::{Color, Move, Role, Square};

impl Position {
    /// Appends every pseudo-legal move of the side to move: moves that obey
    /// each piece's movement rules, whether or not they expose the king.
    pub fn pseudo_legal_moves_into(&self, out: &mut Vec<Move>) {
        let us = self.turn;
        for from in Square::iter() {
            match self.board[from.index()] {
                Some(p) if p.color == us => self.piece_moves(from, p.role, out),
                _ => {}
            }
        }
    }

    /// Appends the pseudo-legal moves of the piece of kind `role` on `from`.
    fn piece_moves(&self, from: Square, role: Role, out: &mut Vec<Move>) {
        let us = self.turn;
        let b = &self.board;
        let free = |to: Square| b[to.index()].is_none_or(|q| q.color != us);
        let fi = from.index();
        match role {
            Role::King => {
                for to in ORTHOGONAL_STEPS[fi].iter() {
                    if to.in_palace_of(us) && free(to) {
                        out.push(Move::new(from, to));
                    }
                }
            }
            Role::Advisor => {
                for to in DIAGONAL_STEPS[fi].iter() {
                    if to.in_palace_of(us) && free(to) {
                        out.push(Move::new(from, to));
                    }
                }
            }
            Role::Elephant => {
                for j in ELEPHANT_MOVES[fi].as_slice() {
                    let to = Square::from_index(j.to as usize);
                    if to.on_side_of(us) && b[j.block as usize].is_none() && free(to) {
                        out.push(Move::new(from, to));
                    }
                }
            }
            Role::Horse => {
                for j in HORSE_MOVES[fi].as_slice() {
                    let to = Square::from_index(j.to as usize);
                    if b[j.block as usize].is_none() && free(to) {
                        out.push(Move::new(from, to));
                    }
                }
            }
            Role::Rook => {
                for ray in &RAYS[fi] {
                    for to in ray.iter() {
                        match b[to.index()] {
                            None => out.push(Move::new(from, to)),
                            Some(q) => {
                                if q.color != us {
                                    out.push(Move::new(from, to));
                                }
                                break;
                            }
                        }
                    }
                }
            }
            Role::Cannon => {
                for ray in &RAYS[fi] {
                    let mut screened = false;
                    for to in ray.iter() {
                        match (b[to.index()], screened) {
                            (None, false) => out.push(Move::new(from, to)),
                            (None, true) => {}
                            (Some(_), false) => screened = true,
                            (Some(q), true) => {
                                if q.color != us {
                                    out.push(Move::new(from, to));
                                }
                                break;
                            }
                        }
                    }
                }
            }
            Role::Pawn => {
                if let Some(to) = from.offset(0, us.forward()) {
                    if free(to) {
                        out.push(Move::new(from, to));
                    }
                }
                if !from.on_side_of(us) {
                    for df in [-1, 1] {
                        if let Some(to) = from.offset(df, 0) {
                            if free(to) {
                                out.push(Move::new(from, to));
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether a pseudo-legal move keeps the mover's king safe (and the
    /// kings apart). `in_check` must be whether the mover is in check now.
    #[inline]
    pub(crate) fn keeps_king_safe(&mut self, m: Move, in_check: bool) -> bool {
        let us = self.turn;
        let k = self.kings[us.index()];
        // Attacks on the king run along its file and rank (rooks, cannons,
        // the other king) or jump over one of its diagonal neighbours
        // (horses). A move that touches none of those lines, made while
        // not in check and not by the king, cannot expose it.
        if !in_check
            && m.from != k
            && m.from.file() != k.file()
            && m.from.rank() != k.rank()
            && m.to.file() != k.file()
            && m.to.rank() != k.rank()
            && !((m.from.file() - k.file()).abs() == 1 && (m.from.rank() - k.rank()).abs() == 1)
        {
            return true;
        }
        let captured = self.make(m);
        let safe = !self.king_attacked(us);
        self.unmake(m, captured);
        safe
    }

    /// Appends the legal moves of the side to move.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        let start = out.len();
        self.pseudo_legal_moves_into(out);
        let in_check = self.in_check();
        let mut scratch = self.clone();
        let mut kept = start;
        for i in start..out.len() {
            let m = out[i];
            if scratch.keeps_king_safe(m, in_check) {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// The legal moves of the side to move, in board order of the moving
    /// piece.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(64);
        self.legal_moves_into(&mut v);
        v
    }

    /// The number of legal moves, without keeping them.
    pub fn count_legal_moves(&mut self) -> usize {
        let mut buf = Vec::with_capacity(128);
        self.pseudo_legal_moves_into(&mut buf);
        let in_check = self.in_check();
        buf.iter()
            .filter(|&&m| self.keeps_king_safe(m, in_check))
            .count()
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut buf = Vec::with_capacity(128);
        self.pseudo_legal_moves_into(&mut buf);
        let in_check = self.in_check();
        let mut scratch = self.clone();
        buf.iter().any(|&m| scratch.keeps_king_safe(m, in_check))
    }

    /// Whether `m` is a legal move here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.check_move(m).is_ok()
    }

    /// The squares from which pieces of `color` attack `target`, that is,
    /// could move to it if it held an enemy piece. Pins are ignored.
    pub fn attackers(&self, target: Square, color: Color) -> Vec<Square> {
        let mut probe = self.clone();
        probe.turn = color;
        // Put an enemy piece on the target so captures onto it are generated.
        probe.board[target.index()] = Some(crate::types::Piece::new(color.other(), Role::Rook));
        let mut out = Vec::new();
        let mut buf = Vec::new();
        for from in Square::iter() {
            if let Some(p) = probe.board[from.index()] {
                if p.color == color && from != target {
                    buf.clear();
                    probe.piece_moves(from, p.role, &mut buf);
                    if buf.iter().any(|m| m.to == target) {
                        out.push(from);
                    }
                }
            }
        }
        out
    }
}
