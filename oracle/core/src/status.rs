//! Check (将), checkmate (将死) and 困毙: where the game stands for the side to move.

use crate::position::Position;
use crate::types::Color;

/// A game result in the usual PGN-like form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// `1-0`: Red won.
    #[cfg_attr(feature = "serde", serde(rename = "1-0"))]
    RedWins,
    /// `0-1`: Black won.
    #[cfg_attr(feature = "serde", serde(rename = "0-1"))]
    BlackWins,
    /// `1/2-1/2`: a draw, as a ruling or a game record gives it
    /// ([`Position::status`] never does).
    #[cfg_attr(feature = "serde", serde(rename = "1/2-1/2"))]
    Draw,
    /// `*`: no result; the game goes on.
    #[cfg_attr(feature = "serde", serde(rename = "*"))]
    Ongoing,
}

impl Outcome {
    /// The result in which `color` won.
    #[must_use]
    pub fn win_for(color: Color) -> Outcome {
        match color {
            Color::Red => Outcome::RedWins,
            Color::Black => Outcome::BlackWins,
        }
    }

    /// The result as records and JSON write it: `1-0`, `0-1`, `1/2-1/2`, `*`.
    #[must_use]
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
    /// The code in JSON: `checkmate` or `stalemate`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
        }
    }
}

/// The answer of `xq status`; its JSON form is a documented interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Status {
    /// `in_check`: whether the side to move is in check (将).
    pub in_check: bool,
    /// `legal_moves`: how many legal moves the side to move has.
    pub legal_moves: usize,
    /// `result`: `*` while the side to move has a move; otherwise a win for
    /// the other side (`1-0` when Red won), since a side with no legal move
    /// loses whether or not it is in check in every edition we hold. xq-core
    /// knows no editions: `xq_oracle::status::status` scores a 困毙 by an
    /// edition's own ruleset.
    pub result: Outcome,
    /// `reason`: [`EndReason::Checkmate`] or [`EndReason::Stalemate`] when
    /// the side to move has no move; `None` (JSON `null`) while the game
    /// goes on.
    pub reason: Option<EndReason>,
}

impl Position {
    /// Where the game stands for the side to move: whether it is in check,
    /// how many legal moves it has, and the result and reason if it has none.
    #[must_use]
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
