//! `Setup`: whatever a FEN said, before any check that it makes sense.
//!
//! A [`Setup`] can hold impossible arrangements (three kings, a pawn on its
//! own back rank …). Only [`crate::Position::from_setup`] turns it into a
//! position the rules can be applied to.

use std::fmt;
use std::str::FromStr;

use crate::excerpt::Excerpt;
use crate::types::{Color, Piece, Role, Square};

/// The FEN of the initial position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// The largest halfmove clock (FEN field 5) read or written: a million
/// plies is far beyond any game, and a bound keeps the counters from
/// wrapping (see [`Counter`]).
pub const MAX_HALFMOVES: u32 = 999_999;
/// The largest move number (FEN field 6) read or written.
pub const MAX_FULLMOVES: u32 = 999_999;

/// An unvalidated arrangement of pieces plus the FEN's move fields.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each point, indexed by [`Square::index`].
    pub board: [Option<Piece>; Square::COUNT],
    /// The side to move (FEN field 2).
    pub turn: Color,
    /// Plies since the last capture (FEN field 5).
    pub halfmoves: u32,
    /// The move number, starting at 1 and incremented after Black moves.
    pub fullmoves: u32,
}

impl Setup {
    /// An empty board, Red to move, halfmove clock 0, move number 1.
    #[must_use]
    pub fn empty() -> Setup {
        Setup {
            board: [None; Square::COUNT],
            turn: Color::Red,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The setup of the initial position ([`START_FEN`]).
    #[must_use]
    pub fn start() -> Setup {
        START_FEN.parse().expect("the start FEN is valid")
    }

    /// The piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Parses a FEN, or the word `startpos`.
    ///
    /// Accepted: `e`/`h` as alternatives for elephant/horse; `w` or `r` for
    /// Red to move and `b` for Black; any of the trailing fields missing.
    pub fn from_fen(fen: &str) -> Result<Setup, ParseFenError> {
        let fen = fen.trim();
        if fen == "startpos" {
            return Ok(Setup::start());
        }
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or(ParseFenError::Empty)?;
        let mut setup = Setup::empty();

        // The ranks, counted to the end but kept only as far as ten: a
        // placement of a million '/' costs no memory.
        let mut rows = [""; 10];
        let mut ranks = 0;
        for row in placement.split('/') {
            if let Some(slot) = rows.get_mut(ranks) {
                *slot = row;
            }
            ranks += 1;
        }
        if ranks != 10 {
            return Err(ParseFenError::RankCount(ranks));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = 9 - i as i8;
            let mut file: i8 = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return Err(ParseFenError::BadChar { rank, ch: c });
                    }
                    file += d as i8;
                } else if let Some((color, role)) = Role::from_fen_char(c) {
                    if let Some(sq) = Square::new(file, rank) {
                        setup.board[sq.index()] = Some(Piece::new(color, role));
                    }
                    file += 1;
                } else {
                    return Err(ParseFenError::BadChar { rank, ch: c });
                }
                if file > 9 {
                    break;
                }
            }
            if file != 9 {
                return Err(ParseFenError::RankWidth {
                    rank,
                    width: row_width(row),
                });
            }
        }

        if let Some(side) = fields.next() {
            setup.turn = match side {
                "w" | "r" | "W" | "R" => Color::Red,
                "b" | "B" => Color::Black,
                _ => return Err(ParseFenError::BadTurn(side.to_string())),
            };
        }
        // Castling and en-passant fields exist only for chess; accept `-`.
        for name in ["castling", "en passant"] {
            match fields.next() {
                None => return Ok(setup),
                Some("-") => {}
                Some(other) => {
                    return Err(ParseFenError::BadField {
                        field: name,
                        value: other.to_string(),
                    })
                }
            }
        }
        if let Some(h) = fields.next() {
            setup.halfmoves = Counter::Halfmoves.parse(h)?;
        }
        if let Some(n) = fields.next() {
            setup.fullmoves = Counter::Fullmoves.parse(n)?;
        }
        if let Some(extra) = fields.next() {
            return Err(ParseFenError::Trailing(extra.to_string()));
        }
        Ok(setup)
    }

    /// The canonical FEN: uppercase Red, `k a b n r c p`, `w`/`b`, all six fields.
    #[must_use]
    pub fn to_fen(&self) -> String {
        let mut s = String::with_capacity(80);
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..9 {
                let sq = Square::new(file, rank).expect("on board");
                match self.board[sq.index()] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.fen_char());
                    }
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let side = match self.turn {
            Color::Red => 'w',
            Color::Black => 'b',
        };
        format!("{s} {side} - - {} {}", self.halfmoves, self.fullmoves)
    }

    /// The setup rotated by 180° with the colours swapped. The rules are
    /// symmetric under this map, which the tests use.
    #[must_use]
    pub fn color_flipped(&self) -> Setup {
        let mut board = [None; Square::COUNT];
        for sq in Square::iter() {
            board[sq.flip().index()] =
                self.board[sq.index()].map(|p| Piece::new(p.color.other(), p.role));
        }
        Setup {
            board,
            turn: self.turn.other(),
            ..self.clone()
        }
    }

    /// The setup reflected left–right.
    #[must_use]
    pub fn mirrored(&self) -> Setup {
        let mut board = [None; Square::COUNT];
        for sq in Square::iter() {
            board[sq.mirror().index()] = self.board[sq.index()];
        }
        Setup {
            board,
            ..self.clone()
        }
    }
}

/// The width a FEN rank claims, for the error message.
fn row_width(row: &str) -> usize {
    row.chars()
        .map(|c| c.to_digit(10).map_or(1, |d| d as usize))
        .sum()
}

impl FromStr for Setup {
    type Err = ParseFenError;
    fn from_str(s: &str) -> Result<Setup, ParseFenError> {
        Setup::from_fen(s)
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

impl fmt::Debug for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Setup({})", self.to_fen())
    }
}

/// The two move counters of a FEN. Each has a range, [`Counter::range`];
/// a FEN outside it is refused, and a move that would take a counter past
/// it is refused too ([`crate::Game`]), so a counter never wraps and
/// every FEN the oracle writes, it reads back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counter {
    /// Plies since the last capture (field 5).
    Halfmoves,
    /// The move number, 1 at the start, one more after each Black move
    /// (field 6).
    Fullmoves,
}

impl Counter {
    /// The smallest and largest value allowed.
    #[must_use]
    pub const fn range(self) -> (u32, u32) {
        match self {
            Counter::Halfmoves => (0, MAX_HALFMOVES),
            Counter::Fullmoves => (1, MAX_FULLMOVES),
        }
    }

    /// The FEN field that holds it (1-based).
    #[must_use]
    pub const fn field(self) -> usize {
        match self {
            Counter::Halfmoves => 5,
            Counter::Fullmoves => 6,
        }
    }

    /// Its name in messages: `halfmove clock` or `move number`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Counter::Halfmoves => "halfmove clock",
            Counter::Fullmoves => "move number",
        }
    }

    /// Reads the field: decimal digits only (no sign, point or exponent),
    /// within the range.
    fn parse(self, text: &str) -> Result<u32, ParseFenError> {
        let (min, max) = self.range();
        let bad = || ParseFenError::BadCounter {
            counter: self,
            value: text.to_string(),
        };
        // Ten digits fit no u32 above 4294967295; a longer text is refused
        // without being read further.
        if text.is_empty() || text.len() > 10 || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        match text.parse::<u64>() {
            Ok(n) if (u64::from(min)..=u64::from(max)).contains(&n) => Ok(n as u32),
            _ => Err(bad()),
        }
    }
}

/// A FEN that cannot even be read. Ranks are named as in ICCS (0–9 from
/// Red's side), which is the FEN's 10th to 1st `/`-separated field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    /// The text is empty or only white space.
    Empty,
    /// The placement does not have 10 `/`-separated ranks; how many it has.
    RankCount(usize),
    /// A rank does not come to 9 points.
    RankWidth {
        /// The rank, 0–9 from Red's side.
        rank: i8,
        /// How many points it claims (a digit counts its value, a letter 1).
        width: usize,
    },
    /// A character that is neither a piece letter (`kabnrcp`, `e`, `h`, in
    /// either case) nor a digit 1–9.
    BadChar {
        /// The rank it is on, 0–9 from Red's side.
        rank: i8,
        /// The character.
        ch: char,
    },
    /// The side to move (field 2) is not `w` or `r` (Red) or `b` (Black),
    /// in either case; the field as found.
    BadTurn(String),
    /// The castling (field 3) or en-passant (field 4) field is not `-`:
    /// xiangqi has neither.
    BadField {
        /// `"castling"` or `"en passant"`.
        field: &'static str,
        /// The field as found.
        value: String,
    },
    /// A move counter that is not a whole number within its range.
    BadCounter {
        /// The counter (field 5 or 6).
        counter: Counter,
        /// The field as found.
        value: String,
    },
    /// More than six fields; the first one after the move number.
    Trailing(String),
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::Empty => f.write_str("invalid FEN: it is empty"),
            ParseFenError::RankCount(n) => {
                write!(f, "invalid FEN: expected 10 ranks separated by '/', found {n}")
            }
            ParseFenError::RankWidth { rank, width } => write!(
                f,
                "invalid FEN: rank {rank} (field {} of the placement) is {width} points wide, expected 9",
                10 - rank
            ),
            ParseFenError::BadChar { rank, ch } => write!(
                f,
                "invalid FEN: rank {rank} (field {} of the placement) has an unknown character {ch:?}",
                10 - rank
            ),
            ParseFenError::BadTurn(s) => write!(
                f,
                "invalid FEN: side to move must be 'w' (or 'r') for Red or 'b' for Black, found {}",
                Excerpt(s)
            ),
            ParseFenError::BadField { field, value } => {
                let number = if *field == "castling" { 3 } else { 4 };
                write!(
                    f,
                    "invalid FEN: the {field} field (field {number}) must be '-' in xiangqi, found {}",
                    Excerpt(value)
                )
            }
            ParseFenError::BadCounter { counter, value } => {
                let (min, max) = counter.range();
                write!(
                    f,
                    "invalid FEN: the {} (field {}) must be a whole number from {min} to {max}, found {}",
                    counter.name(),
                    counter.field(),
                    Excerpt(value)
                )
            }
            ParseFenError::Trailing(s) => write!(
                f,
                "invalid FEN: unexpected trailing field {}",
                Excerpt(s)
            ),
        }
    }
}

impl std::error::Error for ParseFenError {}
