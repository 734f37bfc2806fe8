//! WXF notation (being written).
use super::ParseMoveError;
use crate::position::Position;
use crate::types::Move;

pub(super) fn parse(_pos: &Position, text: &str) -> Result<Move, ParseMoveError> {
    Err(ParseMoveError::Syntax {
        text: text.to_string(),
        detail: "WXF parsing not yet available".into(),
    })
}

pub(super) fn format(_pos: &Position, mv: Move) -> String {
    mv.to_string()
}
