//! A game: a start position and the moves played from it, each checked.

use std::fmt;

use crate::notation::{parse_move, ParseMoveError};
use crate::position::Position;
use crate::types::Move;

/// A start position and a legal sequence of moves from it.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    moves: Vec<Move>,
    /// `positions[i]` is the position before move `i`; the last one is current.
    positions: Vec<Position>,
}

/// A move of a move list that cannot be played. `ply` counts from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayError {
    pub ply: usize,
    pub error: ParseMoveError,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ply {}: {}", self.ply, self.error)
    }
}

impl std::error::Error for PlayError {}

/// Splits a move list as given on a command line or in a record: moves are
/// separated by white space or commas; move numbers such as `1.` are skipped.
pub fn split_moves(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .filter(|t| !(t.ends_with('.') && t[..t.len() - 1].chars().all(|c| c.is_ascii_digit())))
        .collect()
}

impl Game {
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start.clone()],
            start,
            moves: Vec::new(),
        }
    }

    /// Plays move texts (any notation) from `start`.
    pub fn from_texts<S: AsRef<str>>(start: Position, texts: &[S]) -> Result<Game, PlayError> {
        let mut game = Game::new(start);
        for text in texts {
            game.push_text(text.as_ref())?;
        }
        Ok(game)
    }

    /// Parses and plays one more move.
    pub fn push_text(&mut self, text: &str) -> Result<Move, PlayError> {
        let ply = self.moves.len() + 1;
        let mv = parse_move(self.current(), text).map_err(|error| PlayError { ply, error })?;
        self.push(mv);
        Ok(mv)
    }

    /// Plays a move that is known to be legal.
    pub fn push(&mut self, mv: Move) {
        let next = self.current().play_unchecked(mv);
        self.moves.push(mv);
        self.positions.push(next);
    }

    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn current(&self) -> &Position {
        self.positions.last().expect("at least the start position")
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The positions before each move, then the current one.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }
}
