//! `Position`: a validated setup that the rules can be applied to.

use std::fmt;

use crate::attacks::reachable;
use crate::setup::{Counter, ParseFenError, Setup};
use crate::types::{Color, Move, Piece, Role, Square};
use crate::zobrist::{zobrist_black_to_move, zobrist_piece};

/// A legal xiangqi position: one king per side inside its palace, the kings
/// not facing on an open file, and the side not to move not in check.
/// Unless the setup was accepted with [`Validation::Relaxed`], every piece
/// also stands on a point it can reach and no side has more pieces of a kind
/// than a game starts with.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: [Option<Piece>; Square::COUNT],
    /// Each side's occupied points, one bit per [`Square::index`]: the
    /// board again, so that move generation visits only the mover's pieces.
    pub(crate) occupied: [u128; 2],
    pub(crate) turn: Color,
    pub(crate) kings: [Square; 2],
    pub(crate) hash: u64,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
}

/// How strictly [`Position::from_setup`] checks a setup.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Validation {
    /// Everything a real game can reach is required.
    #[default]
    Strict,
    /// For composed problems: waives the piece-count and placement checks
    /// (advisors, elephants and pawns on points they could never reach, or
    /// more pieces of a kind than a game has). Never waived: exactly one king
    /// per side, inside its palace; kings not facing; the side not to move
    /// not in check — without these the rules themselves have no meaning.
    Relaxed,
}

/// One thing wrong with a setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    /// `missing-king`: the side has no king.
    MissingKing(Color),
    /// `extra-king`: the side has more than one king (reported once).
    ExtraKing(Color),
    /// `king-outside-palace`: the side's king stands on this point, outside
    /// its palace (九宫).
    KingOutsidePalace(Color, Square),
    /// `unreachable`: an advisor, elephant or pawn stands on a point no
    /// game can bring it to ([`reachable`]). Waived by [`Validation::Relaxed`].
    Unreachable(Piece, Square),
    /// `too-many`: the side has this many pieces of a kind, more than a game
    /// starts with ([`Role::initial_count`]). Waived by [`Validation::Relaxed`].
    TooMany(Color, Role, usize),
    /// `kings-facing`: the kings stand on one file with nothing between them.
    KingsFacing,
    /// `opponent-in-check`: this side is in check although it is not its
    /// move (its king could be captured at once).
    OpponentInCheck(Color),
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::MissingKing(c) => write!(f, "{c} has no king"),
            SetupProblem::ExtraKing(c) => write!(f, "{c} has more than one king"),
            SetupProblem::KingOutsidePalace(c, sq) => {
                write!(f, "the {c} king at {sq} is outside its palace")
            }
            SetupProblem::Unreachable(p, sq) => {
                write!(f, "a {} {} can never stand on {sq}", p.color, p.role)
            }
            SetupProblem::TooMany(c, r, n) => write!(
                f,
                "{c} has {n} pieces of kind {r}, more than the {} a game has",
                r.initial_count()
            ),
            SetupProblem::KingsFacing => f.write_str("the kings face each other on an open file"),
            SetupProblem::OpponentInCheck(c) => {
                write!(f, "{c} is in check but it is not {c}'s move")
            }
        }
    }
}

/// Why a setup is not a legal position: every problem found, in board order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// The problems: pieces in board order (from `a0`), then each side's
    /// missing king or excess pieces, then facing kings or a check on the
    /// side not to move. Never empty from [`Position::from_setup`].
    pub problems: Vec<SetupProblem>,
}

/// At most this many problems are written out; the rest are counted.
/// (A board of junk can have ninety, which would bury the first.)
pub const SHOWN_PROBLEMS: usize = 6;

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("illegal position: ")?;
        for (i, p) in self.problems.iter().take(SHOWN_PROBLEMS).enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        match self.problems.len().saturating_sub(SHOWN_PROBLEMS) {
            0 => Ok(()),
            1 => f.write_str("; and 1 more problem"),
            n => write!(f, "; and {n} more problems"),
        }
    }
}

impl std::error::Error for PositionError {}

/// Either kind of failure when a FEN is turned into a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text cannot be read as a FEN (the protocol's `syntax` problem).
    Parse(ParseFenError),
    /// The FEN reads, but its setup is not a legal position.
    Position(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Parse(e) => e.fmt(f),
            FenError::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FenError {}

impl From<ParseFenError> for FenError {
    fn from(e: ParseFenError) -> Self {
        FenError::Parse(e)
    }
}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> Self {
        FenError::Position(e)
    }
}

impl Position {
    /// The initial position.
    #[must_use]
    pub fn start() -> Position {
        Position::from_setup(&Setup::start(), Validation::Strict).expect("start is legal")
    }

    /// Parses and validates a FEN (or `startpos`) strictly.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_with(fen, Validation::Strict)
    }

    /// Parses a FEN (or `startpos`) and validates it as strictly as
    /// `validation` says.
    pub fn from_fen_with(fen: &str, validation: Validation) -> Result<Position, FenError> {
        let setup = Setup::from_fen(fen)?;
        Ok(Position::from_setup(&setup, validation)?)
    }

    /// Validates a setup. The error lists every problem found.
    pub fn from_setup(setup: &Setup, validation: Validation) -> Result<Position, PositionError> {
        let mut problems = Vec::new();
        let mut kings: [Option<Square>; 2] = [None, None];
        let mut counts = [[0usize; 7]; 2];
        for sq in Square::iter() {
            let Some(p) = setup.board[sq.index()] else {
                continue;
            };
            counts[p.color.index()][p.role.index()] += 1;
            if p.role == Role::King {
                if kings[p.color.index()].is_some() {
                    if counts[p.color.index()][0] == 2 {
                        problems.push(SetupProblem::ExtraKing(p.color));
                    }
                } else {
                    kings[p.color.index()] = Some(sq);
                }
                if !sq.in_palace_of(p.color) {
                    problems.push(SetupProblem::KingOutsidePalace(p.color, sq));
                }
            } else if validation == Validation::Strict && !reachable(p, sq) {
                problems.push(SetupProblem::Unreachable(p, sq));
            }
        }
        for color in Color::ALL {
            if kings[color.index()].is_none() {
                problems.push(SetupProblem::MissingKing(color));
            }
            if validation == Validation::Strict {
                for role in Role::ALL.into_iter().skip(1) {
                    let n = counts[color.index()][role.index()];
                    if n > role.initial_count() {
                        problems.push(SetupProblem::TooMany(color, role, n));
                    }
                }
            }
        }
        let (Some(red_king), Some(black_king)) = (kings[0], kings[1]) else {
            return Err(PositionError { problems });
        };
        if !problems.is_empty()
            && problems
                .iter()
                .any(|p| matches!(p, SetupProblem::ExtraKing(_)))
        {
            return Err(PositionError { problems });
        }
        let mut occupied = [0u128; 2];
        for sq in Square::iter() {
            if let Some(p) = setup.board[sq.index()] {
                occupied[p.color.index()] |= bit(sq);
            }
        }
        let mut pos = Position {
            board: setup.board,
            occupied,
            turn: setup.turn,
            kings: [red_king, black_king],
            hash: 0,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
        };
        pos.hash = pos.compute_hash();
        if pos.kings_facing() {
            problems.push(SetupProblem::KingsFacing);
        } else if pos.king_attacked(setup.turn.other()) {
            problems.push(SetupProblem::OpponentInCheck(setup.turn.other()));
        }
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(PositionError { problems })
        }
    }

    /// The position as a plain [`Setup`]: board, side to move, counters.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The canonical FEN.
    #[must_use]
    pub fn fen(&self) -> String {
        self.to_setup().to_fen()
    }

    /// The side to move.
    #[inline]
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Where `color`'s king stands (a position always has both kings).
    #[inline]
    #[must_use]
    pub fn king(&self, color: Color) -> Square {
        self.kings[color.index()]
    }

    /// Plies since the last capture, as the FEN counts them.
    #[must_use]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number (FEN field 6): 1 at the start, one more after each
    /// Black move.
    #[must_use]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// A hash of the board and the side to move (not the move counters):
    /// equal positions in the sense of the repetition rules hash equal.
    #[inline]
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in Square::iter() {
            if let Some(p) = self.board[sq.index()] {
                h ^= zobrist_piece(p.index(), sq.index());
            }
        }
        if self.turn == Color::Black {
            h ^= zobrist_black_to_move();
        }
        h
    }

    /// Whether the side to move is in check (将).
    #[inline]
    #[must_use]
    pub fn in_check(&self) -> bool {
        self.king_attacked(self.turn)
    }

    /// Whether the two kings stand on one file with nothing between them.
    #[must_use]
    pub fn kings_facing(&self) -> bool {
        let (r, b) = (self.kings[0], self.kings[1]);
        if r.file() != b.file() {
            return false;
        }
        ((r.rank() + 1)..b.rank()).all(|rank| {
            self.board[Square::new(r.file(), rank).expect("between kings").index()].is_none()
        })
    }

    /// Plays a move known to be pseudo-legal, returning the captured piece.
    /// The move counters are not touched; see [`Position::play_unchecked`].
    #[inline]
    pub(crate) fn make(&mut self, m: Move) -> Option<Piece> {
        let piece = self.board[m.from.index()].expect("a piece on the from-square");
        let captured = self.board[m.to.index()];
        self.board[m.to.index()] = Some(piece);
        self.board[m.from.index()] = None;
        self.occupied[piece.color.index()] ^= bit(m.from) | bit(m.to);
        self.hash ^= zobrist_piece(piece.index(), m.from.index())
            ^ zobrist_piece(piece.index(), m.to.index())
            ^ zobrist_black_to_move();
        if let Some(c) = captured {
            self.hash ^= zobrist_piece(c.index(), m.to.index());
            self.occupied[c.color.index()] ^= bit(m.to);
        }
        if piece.role == Role::King {
            self.kings[piece.color.index()] = m.to;
        }
        self.turn = self.turn.other();
        captured
    }

    #[inline]
    pub(crate) fn unmake(&mut self, m: Move, captured: Option<Piece>) {
        let piece = self.board[m.to.index()].expect("the moved piece");
        self.board[m.from.index()] = Some(piece);
        self.board[m.to.index()] = captured;
        self.occupied[piece.color.index()] ^= bit(m.from) | bit(m.to);
        self.hash ^= zobrist_piece(piece.index(), m.from.index())
            ^ zobrist_piece(piece.index(), m.to.index())
            ^ zobrist_black_to_move();
        if let Some(c) = captured {
            self.hash ^= zobrist_piece(c.index(), m.to.index());
            self.occupied[c.color.index()] ^= bit(m.to);
        }
        if piece.role == Role::King {
            self.kings[piece.color.index()] = m.from;
        }
        self.turn = self.turn.other();
    }

    /// The position after a move, if it is legal; otherwise the rule it
    /// breaks.
    pub fn play(&self, m: Move) -> Result<Position, crate::legality::IllegalMove> {
        self.check_move(m)?;
        Ok(self.play_unchecked(m))
    }

    /// The position after a move that must be legal; the move counters
    /// advance. Use [`Position::play`] to have the move checked.
    ///
    /// A counter already at its maximum ([`Counter::range`]) stays there
    /// rather than wrap: the searches of the 棋例 look a few plies past a
    /// game and never show those counters. A game refuses such a move
    /// instead ([`crate::Game::push_text`], with [`Position::counter_overflow`]).
    #[must_use]
    pub fn play_unchecked(&self, m: Move) -> Position {
        let mut next = self.clone();
        let captured = next.make(m);
        next.halfmoves = if captured.is_some() {
            0
        } else {
            step(self.halfmoves, Counter::Halfmoves)
        };
        if self.turn == Color::Black {
            next.fullmoves = step(self.fullmoves, Counter::Fullmoves);
        }
        next
    }

    /// The counter that a legal move would take past its maximum, if any:
    /// the halfmove clock unless the move captures, the move number after
    /// a Black move.
    #[must_use]
    pub fn counter_overflow(&self, m: Move) -> Option<Counter> {
        let past = |n: u32, c: Counter| n >= c.range().1;
        if !self.is_capture(m) && past(self.halfmoves, Counter::Halfmoves) {
            Some(Counter::Halfmoves)
        } else if self.turn == Color::Black && past(self.fullmoves, Counter::Fullmoves) {
            Some(Counter::Fullmoves)
        } else {
            None
        }
    }

    /// The same board with the other side to move (a "pass"), as the 棋例
    /// use to ask what a side threatens. `None` when the side that would be
    /// not to move is in check, where a pass has no meaning.
    #[must_use]
    pub fn passed(&self) -> Option<Position> {
        if self.in_check() {
            return None;
        }
        let mut p = self.clone();
        p.turn = self.turn.other();
        p.hash ^= zobrist_black_to_move();
        Some(p)
    }

    /// Whether two positions are the same for the repetition rules: the
    /// same pieces on the same points and the same side to move.
    #[must_use]
    pub fn same_board(&self, other: &Position) -> bool {
        self.board == other.board && self.turn == other.turn
    }

    /// Whether a move captures in this position.
    #[must_use]
    pub fn is_capture(&self, m: Move) -> bool {
        self.board[m.to.index()].is_some()
    }

    /// Whether a legal move gives check.
    #[must_use]
    pub fn gives_check(&self, m: Move) -> bool {
        let mut p = self.clone();
        p.make(m);
        p.in_check()
    }

    /// The same position rotated by 180° with the colours swapped.
    #[must_use]
    pub fn color_flipped(&self) -> Position {
        Position::from_setup(&self.to_setup().color_flipped(), Validation::Relaxed)
            .expect("the rules are symmetric under colour flip")
    }

    /// The same position reflected left–right.
    #[must_use]
    pub fn mirrored(&self) -> Position {
        Position::from_setup(&self.to_setup().mirrored(), Validation::Relaxed)
            .expect("the rules are symmetric under mirroring")
    }
}

/// The bit of `sq` in an occupancy set. (A table: a variable shift of a
/// `u128` costs several instructions on every make and unmake.)
#[inline]
fn bit(sq: Square) -> u128 {
    static BITS: [u128; Square::COUNT] = {
        let mut bits = [0; Square::COUNT];
        let mut i = 0;
        while i < Square::COUNT {
            bits[i] = 1 << i;
            i += 1;
        }
        bits
    };
    BITS[sq.index()]
}

/// One more on a counter, held at its maximum (checked: never wraps).
fn step(n: u32, counter: Counter) -> u32 {
    n.checked_add(1).map_or(n, |m| m.min(counter.range().1))
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

impl std::str::FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}
