//! Why a move is or is not legal. Move generation decides legality; this
//! module explains a refusal in terms of the rule that forbids the move.

use std::fmt;

use crate::attacks::{self, Capture, Fit, Zone};
use crate::position::Position;
use crate::types::{Move, Piece, Role, Square};

/// The rule a move breaks. [`IllegalMove::code`] gives the stable
/// machine-readable name used in cases and in the JSON protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The move does not go anywhere.
    NullMove,
    /// Nothing stands on the from-square.
    NoPiece {
        /// The empty from-square.
        from: Square,
    },
    /// The piece on the from-square belongs to the side not to move.
    NotYourPiece {
        /// The opponent's piece standing there.
        piece: Piece,
        /// The from-square.
        from: Square,
    },
    /// The target holds a piece of the mover's own side.
    OwnPieceOnTarget {
        /// The target point.
        to: Square,
    },
    /// The piece never moves this way (wrong shape or distance).
    NotAMove {
        /// The piece asked to move.
        piece: Piece,
    },
    /// The king or an advisor would leave its palace.
    OutsidePalace {
        /// The king or advisor.
        piece: Piece,
    },
    /// An elephant may not cross the river.
    ElephantCrossesRiver,
    /// 塞象眼: the point between the elephant and its target is occupied.
    ElephantEyeBlocked {
        /// The occupied eye, the point diagonally between from and to.
        eye: Square,
    },
    /// 蹩马腿: the point next to the horse in the direction of travel is occupied.
    HorseLegBlocked {
        /// The occupied leg, one step straight from the horse.
        leg: Square,
    },
    /// A rook's or cannon's (non-capturing) path is blocked.
    PathBlocked {
        /// The first occupied point on the way, counted from the mover.
        at: Square,
    },
    /// 炮打隔子: a cannon captures over exactly one screen, and this capture has `count`.
    CannonScreens {
        /// How many pieces stand between the cannon and its target: 0, or 2
        /// and more.
        count: usize,
    },
    /// A pawn never moves backwards.
    PawnBackward,
    /// A pawn moves sideways only after crossing the river.
    PawnSidewaysBeforeRiver,
    /// The mover's king would be attacked after the move (送将 / not answering a check).
    KingInCheck {
        /// Whether the mover was in check before the move: `true` when the
        /// move fails to answer a check (未应将), `false` when it walks into
        /// one (送将). Both have the one code `king-in-check`.
        was_in_check: bool,
    },
    /// The kings would face each other on an open file.
    KingsFacing,
}

impl IllegalMove {
    /// Whether a player made this move against the rules, as opposed to a
    /// record naming no move of his at all (nothing to move, the opponent's
    /// piece, a move that goes nowhere). Only the former is ruled on.
    #[must_use]
    pub fn is_player_violation(&self) -> bool {
        !matches!(
            self,
            IllegalMove::NullMove | IllegalMove::NoPiece { .. } | IllegalMove::NotYourPiece { .. }
        )
    }

    /// The stable reason code (documented in `spec/PROTOCOL.md`).
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            IllegalMove::NullMove => "null-move",
            IllegalMove::NoPiece { .. } => "no-piece",
            IllegalMove::NotYourPiece { .. } => "not-your-piece",
            IllegalMove::OwnPieceOnTarget { .. } => "own-piece-on-target",
            IllegalMove::NotAMove { .. } => "not-a-move",
            IllegalMove::OutsidePalace { .. } => "outside-palace",
            IllegalMove::ElephantCrossesRiver => "elephant-crosses-river",
            IllegalMove::ElephantEyeBlocked { .. } => "elephant-eye-blocked",
            IllegalMove::HorseLegBlocked { .. } => "horse-leg-blocked",
            IllegalMove::PathBlocked { .. } => "path-blocked",
            IllegalMove::CannonScreens { .. } => "cannon-screen",
            IllegalMove::PawnBackward => "pawn-backward",
            IllegalMove::PawnSidewaysBeforeRiver => "pawn-sideways-before-river",
            IllegalMove::KingInCheck { .. } => "king-in-check",
            IllegalMove::KingsFacing => "kings-facing",
        }
    }

    /// Every reason code, for schema checks.
    pub const CODES: [&'static str; 15] = [
        "null-move",
        "no-piece",
        "not-your-piece",
        "own-piece-on-target",
        "not-a-move",
        "outside-palace",
        "elephant-crosses-river",
        "elephant-eye-blocked",
        "horse-leg-blocked",
        "path-blocked",
        "cannon-screen",
        "pawn-backward",
        "pawn-sideways-before-river",
        "king-in-check",
        "kings-facing",
    ];
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::NullMove => f.write_str("the move does not go anywhere"),
            IllegalMove::NoPiece { from } => write!(f, "there is no piece on {from}"),
            IllegalMove::NotYourPiece { piece, from } => {
                write!(
                    f,
                    "the piece on {from} is a {} {}, not the mover's",
                    piece.color, piece.role
                )
            }
            IllegalMove::OwnPieceOnTarget { to } => {
                write!(f, "{to} is occupied by the mover's own piece")
            }
            IllegalMove::NotAMove { piece } => {
                write!(f, "a {} does not move that way", piece.role)
            }
            IllegalMove::OutsidePalace { piece } => {
                write!(f, "the {} may not leave the palace", piece.role)
            }
            IllegalMove::ElephantCrossesRiver => {
                f.write_str("the elephant may not cross the river")
            }
            IllegalMove::ElephantEyeBlocked { eye } => {
                write!(f, "the elephant's eye at {eye} is blocked")
            }
            IllegalMove::HorseLegBlocked { leg } => {
                write!(f, "the horse's leg at {leg} is blocked")
            }
            IllegalMove::PathBlocked { at } => write!(f, "the path is blocked at {at}"),
            IllegalMove::CannonScreens { count } => write!(
                f,
                "a cannon captures over exactly one screen, and there {} {count}",
                if *count == 1 { "is" } else { "are" }
            ),
            IllegalMove::PawnBackward => f.write_str("a pawn never moves backwards"),
            IllegalMove::PawnSidewaysBeforeRiver => {
                f.write_str("a pawn moves sideways only after crossing the river")
            }
            IllegalMove::KingInCheck { was_in_check: true } => {
                f.write_str("it leaves the king in check")
            }
            IllegalMove::KingInCheck {
                was_in_check: false,
            } => f.write_str("it exposes the king to check"),
            IllegalMove::KingsFacing => {
                f.write_str("the kings would face each other on an open file")
            }
        }
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    /// Checks a move, naming the rule it breaks if it is illegal.
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        self.check_movement(m)?;
        let mut after = self.clone();
        after.make(m);
        if after.kings_facing() {
            return Err(IllegalMove::KingsFacing);
        }
        if after.king_attacked(self.turn) {
            return Err(IllegalMove::KingInCheck {
                was_in_check: self.in_check(),
            });
        }
        Ok(())
    }

    /// Checks only the piece's movement rules (pseudo-legality).
    pub fn check_movement(&self, m: Move) -> Result<(), IllegalMove> {
        let us = self.turn;
        if m.from == m.to {
            return Err(IllegalMove::NullMove);
        }
        let piece = self
            .piece_at(m.from)
            .ok_or(IllegalMove::NoPiece { from: m.from })?;
        if piece.color != us {
            return Err(IllegalMove::NotYourPiece {
                piece,
                from: m.from,
            });
        }
        let target = self.piece_at(m.to);
        if target.is_some_and(|t| t.color == us) {
            return Err(IllegalMove::OwnPieceOnTarget { to: m.to });
        }
        match attacks::classify(piece, m.from, m.to) {
            Fit::Leap { block: None } => {}
            Fit::Leap { block: Some(at) } => {
                if self.piece_at(at).is_some() {
                    // Only the elephant's and the horse's leaps have a block.
                    return Err(if piece.role == Role::Elephant {
                        IllegalMove::ElephantEyeBlocked { eye: at }
                    } else {
                        IllegalMove::HorseLegBlocked { leg: at }
                    });
                }
            }
            Fit::Line { capture } => {
                let between = self.between(m.from, m.to);
                if capture == Capture::Direct || target.is_none() {
                    if let Some(&at) = between.first() {
                        return Err(IllegalMove::PathBlocked { at });
                    }
                } else if between.len() != 1 {
                    return Err(IllegalMove::CannonScreens {
                        count: between.len(),
                    });
                }
            }
            Fit::OutsideZone(Zone::Palace) => return Err(IllegalMove::OutsidePalace { piece }),
            Fit::OutsideZone(Zone::OwnHalf) => return Err(IllegalMove::ElephantCrossesRiver),
            Fit::BeforeRiver => return Err(IllegalMove::PawnSidewaysBeforeRiver),
            // A pawn only ever gains ranks, so any move that loses one is
            // named for that rule rather than for its shape.
            Fit::Shapeless
                if piece.role == Role::Pawn && attacks::forward_gain(us, m.from, m.to) < 0 =>
            {
                return Err(IllegalMove::PawnBackward)
            }
            Fit::Shapeless => return Err(IllegalMove::NotAMove { piece }),
        }
        Ok(())
    }
}
