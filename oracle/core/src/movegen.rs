//! Move generation: each piece's moves as the tables of [`crate::attacks`]
//! give them, then the filter that no move may leave one's own king
//! attacked or the kings facing.

use crate::attacks::{movement, Capture, Movement, LEAPS, NO_BLOCK, RAYS};
use crate::position::Position;
use crate::types::{Move, Piece, Square};

impl Position {
    /// Appends every pseudo-legal move of the side to move: moves that obey
    /// each piece's movement rules, whether or not they expose the king.
    pub fn pseudo_legal_moves_into(&self, out: &mut Vec<Move>) {
        // The mover's pieces in board order, lowest point first.
        let mut pieces = self.occupied[self.turn.index()];
        while pieces != 0 {
            let from = Square::from_index(pieces.trailing_zeros() as usize);
            pieces &= pieces - 1;
            if let Some(p) = self.board[from.index()] {
                self.piece_moves(from, p, out);
            }
        }
    }

    /// Appends the pseudo-legal moves of `piece` on `from`: its leaps or
    /// lines as [`crate::attacks`] holds them, onto any point not held by
    /// its own side.
    #[inline]
    fn piece_moves(&self, from: Square, piece: Piece, out: &mut Vec<Move>) {
        let us = piece.color;
        let b = &self.board;
        let fi = from.index();
        match movement(piece.role) {
            Movement::Leaps { .. } => {
                for j in LEAPS[piece.index()][fi].as_slice() {
                    let to = usize::from(j.square);
                    let open = j.block == NO_BLOCK || b[usize::from(j.block)].is_none();
                    if open && b[to].is_none_or(|q| q.color != us) {
                        out.push(Move::new(from, Square::from_index(to)));
                    }
                }
            }
            Movement::Lines { capture } => {
                for ray in &RAYS[fi] {
                    let squares = ray.as_slice();
                    // Quiet moves up to the first piece met.
                    let mut i = 0;
                    while let Some(&to) = squares.get(i) {
                        if b[usize::from(to)].is_some() {
                            break;
                        }
                        out.push(Move::new(from, Square::from_index(usize::from(to))));
                        i += 1;
                    }
                    if capture == Capture::OverScreen {
                        // That piece is the screen; the capture is beyond it.
                        i += 1;
                        while squares.get(i).is_some_and(|&s| b[usize::from(s)].is_none()) {
                            i += 1;
                        }
                    }
                    if let Some(&to) = squares.get(i) {
                        if b[usize::from(to)].is_some_and(|q| q.color != us) {
                            out.push(Move::new(from, Square::from_index(usize::from(to))));
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
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(64);
        self.legal_moves_into(&mut v);
        v
    }

    /// The legal captures of the side to move, in the order of
    /// [`Position::legal_moves`]: the legal moves that take a piece, with
    /// legality asked of the captures only (the exchange searches of the
    /// 棋例 ask this at every node).
    #[must_use]
    pub fn legal_captures(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(128);
        self.pseudo_legal_moves_into(&mut v);
        v.retain(|m| self.piece_at(m.to).is_some());
        let in_check = self.in_check();
        let mut scratch = self.clone();
        v.retain(|&m| scratch.keeps_king_safe(m, in_check));
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
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        let mut buf = Vec::with_capacity(128);
        self.pseudo_legal_moves_into(&mut buf);
        let in_check = self.in_check();
        let mut scratch = self.clone();
        buf.iter().any(|&m| scratch.keeps_king_safe(m, in_check))
    }

    /// Whether `m` is a legal move here.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.check_move(m).is_ok()
    }
}
