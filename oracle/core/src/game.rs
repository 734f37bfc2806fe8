//! A game: a start position and the moves played from it, each checked.

use std::fmt;

use crate::excerpt::Excerpt;
use crate::legality::IllegalMove;
use crate::notation::{parse_move, ParseMoveError};
use crate::position::Position;
use crate::setup::Counter;
use crate::types::Move;

/// A start position and a legal sequence of moves from it.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    moves: Vec<Move>,
    /// `positions[i]` is the position before move `i`; the last one is current.
    positions: Vec<Position>,
}

/// No move text in any notation is longer than this many bytes (the
/// longest, a Chinese move such as `前炮进一` or full-width WXF, is under
/// 16); a longer text is refused before it is parsed, and quoted only in
/// part. It also bounds what a notation's error message echoes.
pub const MAX_MOVE_TEXT: usize = 32;

/// A move of a move list that cannot be played. `ply` counts from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayError {
    /// Which move of the list: 1 for the first move played from the start.
    pub ply: usize,
    /// What is wrong with it.
    pub error: PlayFault,
}

/// What is wrong with the move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayFault {
    /// The text does not name a legal move (the notation's reason).
    Move(ParseMoveError),
    /// The text is longer than [`MAX_MOVE_TEXT`] bytes.
    TooLong {
        /// The text as given.
        text: String,
    },
    /// The move would take a FEN move counter past its maximum.
    CounterLimit {
        /// The move text, trimmed of white space.
        text: String,
        /// The counter that would pass [`Counter::range`].
        counter: Counter,
    },
}

impl PlayFault {
    /// The move text as given.
    #[must_use]
    pub fn text(&self) -> &str {
        match self {
            PlayFault::Move(e) => e.text(),
            PlayFault::TooLong { text } | PlayFault::CounterLimit { text, .. } => text,
        }
    }

    /// The notation's reason, when the text was read as a move.
    #[must_use]
    pub fn as_move(&self) -> Option<&ParseMoveError> {
        match self {
            PlayFault::Move(e) => Some(e),
            _ => None,
        }
    }
}

impl PlayFault {}

impl fmt::Display for PlayFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayFault::Move(e) => e.fmt(f),
            PlayFault::TooLong { text } => write!(
                f,
                "{} is not a move: no move text is longer than {MAX_MOVE_TEXT} bytes",
                Excerpt(text)
            ),
            PlayFault::CounterLimit { text, counter } => write!(
                f,
                "{text} would take the {} past {}, the largest the oracle keeps",
                counter.name(),
                counter.range().1
            ),
        }
    }
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ply {}: {}", self.ply, self.error)
    }
}

impl std::error::Error for PlayError {}

/// Splits a move list as given on a command line or in a record: moves are
/// separated by white space or commas; move numbers such as `1.` are skipped.
#[must_use]
pub fn split_moves(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .filter(|t| !is_move_number(t))
        .collect()
}

/// `1.`, `23.`: digits and a point (a point alone is not a move number).
fn is_move_number(t: &str) -> bool {
    t.strip_suffix('.')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

impl Game {
    /// A game at `start`, with no move played yet.
    #[must_use]
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

    /// Parses and plays one more move. Refused: a text that is no legal
    /// move, one longer than [`MAX_MOVE_TEXT`], and a move that would take
    /// a move counter past its maximum.
    pub fn push_text(&mut self, text: &str) -> Result<Move, PlayError> {
        let ply = self.moves.len() + 1;
        let fail = |error| PlayError { ply, error };
        if text.len() > MAX_MOVE_TEXT {
            return Err(fail(PlayFault::TooLong { text: text.into() }));
        }
        let mv = parse_move(self.current(), text).map_err(|e| fail(PlayFault::Move(e)))?;
        if let Some(counter) = self.current().counter_overflow(mv) {
            let text = text.trim().into();
            return Err(fail(PlayFault::CounterLimit { text, counter }));
        }
        self.push(mv);
        Ok(mv)
    }

    /// Plays a typed move, checked as [`Game::push_text`] checks a text:
    /// refused when it breaks a rule (the reason as a text's would be, the
    /// move written in ICCS) or would take a move counter past its maximum.
    /// Cheaper than writing the move out and reading it back.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        let ply = self.moves.len() + 1;
        let fail = |error| PlayError { ply, error };
        if let Err(reason) = self.current().check_move(mv) {
            return Err(fail(PlayFault::Move(ParseMoveError::Illegal {
                text: mv.to_string(),
                mv,
                reason,
            })));
        }
        if let Some(counter) = self.current().counter_overflow(mv) {
            return Err(fail(PlayFault::CounterLimit {
                text: mv.to_string(),
                counter,
            }));
        }
        self.push(mv);
        Ok(())
    }

    /// Plays a move that is known to be legal. A move counter at its
    /// maximum stays there (see [`Position::play_unchecked`]).
    pub fn push(&mut self, mv: Move) {
        let next = self.current().play_unchecked(mv);
        self.moves.push(mv);
        self.positions.push(next);
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The position after the last move (the start before any move).
    #[must_use]
    pub fn current(&self) -> &Position {
        self.positions.last().expect("at least the start position")
    }

    /// The moves played, in order.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The positions before each move, then the current one.
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }
}

/// A move that breaks a rule of movement, made after a game's moves: a
/// record's illegal last move, for an arbiter to rule on (自杀 and the
/// other movement violations). Only xq-core makes one, having found the
/// rule the move breaks ([`Game::illegal_final`], [`read_record`]); a move
/// that moves nothing or the opponent's piece is no violation to rule on
/// and makes none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalFinal {
    text: String,
    error: PlayError,
    mv: Move,
    reason: IllegalMove,
}

impl IllegalFinal {
    /// The move as the record gives it (in ICCS for a typed move).
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Its ply, counted from 1 from the start.
    #[must_use]
    pub fn ply(&self) -> usize {
        self.error.ply
    }

    /// The move.
    #[must_use]
    pub fn mv(&self) -> Move {
        self.mv
    }

    /// The rule it breaks.
    #[must_use]
    pub fn reason(&self) -> &IllegalMove {
        &self.reason
    }

    /// Why it cannot be played, as [`Game::push_text`] (or [`Game::play`]
    /// for a typed move) says it.
    #[must_use]
    pub fn error(&self) -> &PlayError {
        &self.error
    }

    /// The violation of `error`, when it is one to rule on; `None` for a
    /// text that names no move, a move that moves nothing or the
    /// opponent's piece, or one refused for another cause.
    fn of(text: &str, error: &PlayError) -> Option<IllegalFinal> {
        let Some(ParseMoveError::Illegal { reason, mv, .. }) = error.error.as_move() else {
            return None;
        };
        reason.is_player_violation().then(|| IllegalFinal {
            text: text.to_string(),
            error: error.clone(),
            mv: *mv,
            reason: reason.clone(),
        })
    }
}

impl Game {
    /// `mv` made after the game's moves, when it breaks a rule of movement:
    /// `Ok(None)` when it does not (the move may be played), the violation
    /// otherwise, or the error when the move is no violation to rule on
    /// (it moves nothing or the opponent's piece).
    pub fn illegal_final(&self, mv: Move) -> Result<Option<IllegalFinal>, PlayError> {
        let Err(reason) = self.current().check_move(mv) else {
            return Ok(None);
        };
        let text = mv.to_string();
        let error = PlayError {
            ply: self.moves.len() + 1,
            error: PlayFault::Move(ParseMoveError::Illegal {
                text: text.clone(),
                mv,
                reason,
            }),
        };
        match IllegalFinal::of(&text, &error) {
            Some(v) => Ok(Some(v)),
            None => Err(error),
        }
    }
}

/// Why a record's move texts are not a game ending, at most, with one
/// illegal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadRecordError {
    /// A move is not a move at all, names no piece or several, moves
    /// nothing or the opponent's piece, or would take a move counter past
    /// its maximum: the record is broken, not a violation to rule on.
    Unplayable(PlayError),
    /// The record goes on after an illegal move; a ruling on a violation
    /// needs it to be the record's last move.
    MovesAfterIllegal {
        /// The illegal move.
        illegal: PlayError,
        /// The ply of the move after it.
        next_ply: usize,
        /// That move as the record gives it.
        next: String,
    },
}

impl fmt::Display for ReadRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadRecordError::Unplayable(e) => e.fmt(f),
            ReadRecordError::MovesAfterIllegal {
                illegal,
                next_ply,
                next,
            } => write!(
                f,
                "{illegal}; the record goes on after it (ply {next_ply}: {}), but a ruling on an illegal move needs it to be the last",
                crate::excerpt::quote(
                    next,
                    crate::excerpt::Limit::MOVE_TEXT,
                    crate::excerpt::escaped,
                    crate::excerpt::characters
                )
            ),
        }
    }
}

impl std::error::Error for ReadRecordError {}

/// Reads a record's move texts (ICCS, WXF or Chinese notation, as
/// [`Game::push_text`] reads them) from `start`: the game of the moves
/// that can be played, and its last move when that one breaks a rule of
/// movement, for an arbiter to rule on. An illegal move before the last,
/// and a text that is no move to rule on, are errors.
pub fn read_record<S: AsRef<str>>(
    start: Position,
    texts: &[S],
) -> Result<(Game, Option<IllegalFinal>), ReadRecordError> {
    let mut game = Game::new(start);
    for (i, text) in texts.iter().enumerate() {
        let text = text.as_ref();
        let Err(e) = game.push_text(text) else {
            continue;
        };
        let Some(illegal) = IllegalFinal::of(text, &e) else {
            return Err(ReadRecordError::Unplayable(e));
        };
        if let Some(next) = texts.get(i + 1) {
            return Err(ReadRecordError::MovesAfterIllegal {
                illegal: e,
                next_ply: i + 2,
                next: next.as_ref().to_string(),
            });
        }
        return Ok((game, Some(illegal)));
    }
    Ok((game, None))
}
