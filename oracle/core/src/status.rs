//! Check (将), checkmate (将死) and 困毙: where the game stands for the side to move.

use crate::position::Position;
use crate::types::Color;

/// A game result in the usual PGN-like form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    #[cfg_attr(feature = "serde", serde(rename = "1-0"))]
    RedWins,
    #[cfg_attr(feature = "serde", serde(rename = "0-1"))]
    BlackWins,
    #[cfg_attr(feature = "serde", serde(rename = "1/2-1/2"))]
    Draw,
    #[cfg_attr(feature = "serde", serde(rename = "*"))]
    Ongoing,
}

impl Outcome {
    pub fn win_for(color: Color) -> Outcome {
        match color {
            Color::Red => Outcome::RedWins,
            Color::Black => Outcome::BlackWins,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::RedWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::Ongoing => "*",
        }
    }
}

/// Why the game ended on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum EndReason {
    /// 将死: in check with no legal move.
    Checkmate,
    /// 困毙: not in check, yet no legal move. A loss, as mate is.
    Stalemate,
}

impl EndReason {
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
        }
    }

    pub fn zh(self) -> &'static str {
        match self {
            EndReason::Checkmate => "将死",
            EndReason::Stalemate => "困毙",
        }
    }
}

/// The answer of `xq status`; its JSON form is a documented interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Status {
    pub in_check: bool,
    pub legal_moves: usize,
    pub result: Outcome,
    pub reason: Option<EndReason>,
}

impl Position {
    pub fn status(&self) -> Status {
        let in_check = self.in_check();
        let legal_moves = self.legal_moves().len();
        let (result, reason) = if legal_moves > 0 {
            (Outcome::Ongoing, None)
        } else {
            let reason = if in_check {
                EndReason::Checkmate
            } else {
                EndReason::Stalemate
            };
            (Outcome::win_for(self.turn().other()), Some(reason))
        };
        Status {
            in_check,
            legal_moves,
            result,
            reason,
        }
    }
}
