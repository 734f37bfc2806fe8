//! Seeing a ruling through a symmetry, so that two rulings of games that
//! are the same up to a transform can be compared: squares mapped
//! (mirror, colour flip), colours exchanged, and each move placed by its
//! position in the cycle rather than by its ply (a rotated cycle).

use xq_core::{Color, Move, Outcome, Piece, Square};
use xq_oracle::clauses::Clause;
use xq_oracle::repetition::{MoveKind, Pattern};
use xq_oracle::ruling::{MoveRuling, Ruling, RulingReason, SideRuling};

/// One move as ruled, placed by `index` (its position in the cycle) and
/// with its squares passed through the lens.
#[derive(Debug, PartialEq, Eq)]
pub struct MoveView {
    pub index: usize,
    pub mv: Move,
    pub kind: MoveKind,
    pub targets: Vec<Square>,
    pub target_pieces: Vec<Piece>,
    pub grounds: Vec<Clause>,
}

#[derive(Debug, PartialEq, Eq)]
pub struct SideView {
    pub pattern: Pattern,
    pub forbidden: bool,
    pub moves: Vec<MoveView>,
}

/// A ruling seen through a lens, for comparison.
#[derive(Debug, PartialEq, Eq)]
pub struct View {
    pub result: Outcome,
    pub reason: RulingReason,
    pub must_vary: Option<Color>,
    /// Red's part, then Black's (colours exchanged when `swap`).
    pub sides: [SideView; 2],
    pub cycle_len: usize,
}

/// How to look at a ruling: squares go through `square`; `swap`
/// exchanges the colours (results, sides, pieces); a move's index is its
/// distance from the cycle's first move plus `shift` (the plies by which a
/// rotated cycle was entered later), modulo the cycle's length.
pub struct Lens {
    pub square: fn(Square) -> Square,
    pub swap: bool,
    pub shift: usize,
}

impl Lens {
    pub fn plain() -> Lens {
        Lens {
            square: |s| s,
            swap: false,
            shift: 0,
        }
    }

    pub fn mirror() -> Lens {
        Lens {
            square: Square::mirror,
            swap: false,
            shift: 0,
        }
    }

    pub fn flip() -> Lens {
        Lens {
            square: Square::flip,
            swap: true,
            shift: 0,
        }
    }

    pub fn rotated(shift: usize) -> Lens {
        Lens {
            shift,
            ..Lens::plain()
        }
    }

    pub fn view(&self, r: &Ruling) -> View {
        let cycle = r.cycle.as_ref().expect("a repetition ruling");
        let len = cycle.last_ply + 1 - cycle.first_ply;
        let swap_piece = |p: Piece| {
            if self.swap {
                Piece::new(p.color.other(), p.role)
            } else {
                p
            }
        };
        let mv = |m: &MoveRuling| {
            // Targets are listed in the order of their points, which a
            // symmetry changes: compared as sets.
            let mut targets: Vec<Square> = m.targets.iter().map(|&s| (self.square)(s)).collect();
            targets.sort();
            let mut target_pieces: Vec<Piece> =
                m.target_pieces.iter().map(|&p| swap_piece(p)).collect();
            target_pieces.sort_by_key(|p| p.index());
            MoveView {
                index: (m.ply - cycle.first_ply + self.shift) % len,
                mv: Move::new((self.square)(m.mv.from), (self.square)(m.mv.to)),
                kind: m.kind,
                targets,
                target_pieces,
                grounds: m.grounds.clone(),
            }
        };
        let side = |s: &SideRuling| {
            let mut moves: Vec<MoveView> = s.moves.iter().map(&mv).collect();
            moves.sort_by_key(|m| m.index);
            SideView {
                pattern: s.pattern,
                forbidden: s.forbidden,
                moves,
            }
        };
        let (red, black) = (
            side(r.red.as_ref().unwrap()),
            side(r.black.as_ref().unwrap()),
        );
        let sides = if self.swap {
            [black, red]
        } else {
            [red, black]
        };
        let result = match (self.swap, r.result) {
            (true, Outcome::RedWins) => Outcome::BlackWins,
            (true, Outcome::BlackWins) => Outcome::RedWins,
            (_, o) => o,
        };
        View {
            result,
            reason: r.reason,
            must_vary: r.must_vary.map(|c| if self.swap { c.other() } else { c }),
            sides,
            cycle_len: len,
        }
    }
}

/// Whether every search of the ruling finished within its budget (a
/// search cut short may stop elsewhere when moves come in another order).
pub fn complete(r: &Ruling) -> bool {
    r.search
        .as_ref()
        .is_some_and(|s| s.incomplete_plies.is_empty())
}
