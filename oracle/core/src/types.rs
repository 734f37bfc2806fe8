//! The vocabulary: sides, piece kinds, pieces, points of the board, and moves.
//!
//! The board has 9 files and 10 ranks. Files are numbered 0–8 (`a`–`i`) from
//! Red's left, ranks 0–9 from Red's side, exactly as in ICCS coordinates.

use std::fmt;

use crate::excerpt::{self, Limit};

/// A refused word as the parse errors below quote it: escaped, cut at
/// [`Limit::WORD`] with its length.
fn word(text: &str) -> String {
    excerpt::quote(text, Limit::WORD, excerpt::escaped, excerpt::bytes)
}

/// A side. Red (红) moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Color {
    /// Red (红): uppercase letters in a FEN, `w` as the side to move, the
    /// side at ranks 0–4.
    Red,
    /// Black (黑): lowercase letters in a FEN, `b` as the side to move, the
    /// side at ranks 5–9.
    Black,
}

impl Color {
    /// Both sides, Red first (the order of [`Color::index`]).
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// The opponent.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// 0 for Red, 1 for Black: the index of per-side tables.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank step that moves a piece of this side forward.
    #[inline]
    #[must_use]
    pub const fn forward(self) -> i8 {
        match self {
            Color::Red => 1,
            Color::Black => -1,
        }
    }

    /// The name in JSON and messages: `red` or `black`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A kind of piece, independent of side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// 帅/将
    King,
    /// 仕/士
    Advisor,
    /// 相/象
    Elephant,
    /// 马 (傌)
    Horse,
    /// 车 (俥)
    Rook,
    /// 炮 (砲)
    Cannon,
    /// 兵/卒
    Pawn,
}

impl Role {
    /// Every kind, king first (the order of [`Role::index`]).
    pub const ALL: [Role; 7] = [
        Role::King,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Rook,
        Role::Cannon,
        Role::Pawn,
    ];

    /// 0 (king) to 6 (pawn), in the order of [`Role::ALL`].
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// How many of this kind each side has at the start of a game.
    #[must_use]
    pub const fn initial_count(self) -> usize {
        match self {
            Role::King => 1,
            Role::Pawn => 5,
            _ => 2,
        }
    }

    /// The FEN letter (lowercase); Red's is uppercase.
    #[must_use]
    pub const fn fen_char(self) -> char {
        match self {
            Role::King => 'k',
            Role::Advisor => 'a',
            Role::Elephant => 'b',
            Role::Horse => 'n',
            Role::Rook => 'r',
            Role::Cannon => 'c',
            Role::Pawn => 'p',
        }
    }

    /// Parses a FEN letter of either case, including the alternative
    /// letters `e` (elephant) and `h` (horse).
    #[must_use]
    pub fn from_fen_char(c: char) -> Option<(Color, Role)> {
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        let role = match c.to_ascii_lowercase() {
            'k' => Role::King,
            'a' => Role::Advisor,
            'b' | 'e' => Role::Elephant,
            'n' | 'h' => Role::Horse,
            'r' => Role::Rook,
            'c' => Role::Cannon,
            'p' => Role::Pawn,
            _ => return None,
        };
        Some((color, role))
    }

    /// The English name in lowercase (`king`, `horse`, `cannon` …), as
    /// messages write it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::King => "king",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Rook => "rook",
            Role::Cannon => "cannon",
            Role::Pawn => "pawn",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The English name, as [`Role::name`] writes it (`king`, `horse` …).
impl std::str::FromStr for Role {
    type Err = ParseRoleError;
    fn from_str(s: &str) -> Result<Role, ParseRoleError> {
        Role::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| ParseRoleError(word(s)))
    }
}

/// Text that is not the name of a kind of piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRoleError(String);

impl fmt::Display for ParseRoleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is not a kind of piece (king, advisor, elephant, horse, rook, cannon, pawn)",
            self.0
        )
    }
}

impl std::error::Error for ParseRoleError {}

/// A piece: a side and a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The side it belongs to.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The piece of this side and kind.
    #[inline]
    #[must_use]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// A dense index 0..14, Red's kinds first.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.color.index() * 7 + self.role.index()
    }

    /// The FEN letter: uppercase for Red (`R`), lowercase for Black (`r`).
    #[must_use]
    pub fn fen_char(self) -> char {
        let c = self.role.fen_char();
        match self.color {
            Color::Red => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// The character the notation writers use (simplified script; Red
    /// and Black differ for the king, advisor, elephant and pawn):
    /// 帅仕相马车炮兵 for Red, 将士象马车炮卒 for Black.
    #[must_use]
    pub const fn zh(self) -> char {
        GLYPHS[self.role.index()].zh[self.color.index()]
    }

    /// The character in traditional script, as a record written in it
    /// spells the piece: 帥仕相馬車炮兵 for Red, 將士象馬車炮卒 for Black.
    #[must_use]
    pub const fn traditional(self) -> char {
        GLYPHS[self.role.index()].traditional[self.color.index()]
    }

    /// The character a board is drawn with, as pieces are carved: 帅仕相傌俥炮兵
    /// for Red, 将士象馬車砲卒 for Black (the same sound, another
    /// character, where both sides' simplified forms agree).
    #[must_use]
    pub const fn drawn(self) -> char {
        GLYPHS[self.role.index()].drawn[self.color.index()]
    }
}

/// How one kind of piece is written, Red's form first: the one table of
/// piece characters ([`Piece::zh`], [`Piece::traditional`],
/// [`Piece::drawn`], [`Role::from_glyph`]).
struct Glyphs {
    zh: [char; 2],
    traditional: [char; 2],
    drawn: [char; 2],
    /// Other forms records use for this kind, read but never written.
    other: &'static str,
}

/// In [`Role::ALL`] order.
const GLYPHS: [Glyphs; 7] = [
    Glyphs {
        zh: ['帅', '将'],
        traditional: ['帥', '將'],
        drawn: ['帅', '将'],
        other: "",
    },
    Glyphs {
        zh: ['仕', '士'],
        traditional: ['仕', '士'],
        drawn: ['仕', '士'],
        other: "",
    },
    Glyphs {
        zh: ['相', '象'],
        traditional: ['相', '象'],
        drawn: ['相', '象'],
        other: "",
    },
    Glyphs {
        zh: ['马', '马'],
        traditional: ['馬', '馬'],
        drawn: ['傌', '馬'],
        other: "㐷",
    },
    Glyphs {
        zh: ['车', '车'],
        traditional: ['車', '車'],
        drawn: ['俥', '車'],
        other: "伡",
    },
    Glyphs {
        zh: ['炮', '炮'],
        traditional: ['炮', '炮'],
        drawn: ['炮', '砲'],
        other: "包",
    },
    Glyphs {
        zh: ['兵', '卒'],
        traditional: ['兵', '卒'],
        drawn: ['兵', '卒'],
        other: "",
    },
];

impl Role {
    /// The kind a Chinese character names, in any form of either side:
    /// simplified, traditional, as drawn, or another form records use
    /// (帥 將 傌 㐷 俥 伡 砲 包 …).
    #[must_use]
    pub fn from_glyph(c: char) -> Option<Role> {
        Role::ALL.into_iter().find(|r| {
            let g = &GLYPHS[r.index()];
            g.zh.contains(&c)
                || g.traditional.contains(&c)
                || g.drawn.contains(&c)
                || g.other.contains(c)
        })
    }
}

/// The FEN letter: `R` for a Red rook, `n` for a Black horse.
impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fen_char())
    }
}

/// One FEN letter, as [`Role::from_fen_char`] reads it (upper case Red).
impl std::str::FromStr for Piece {
    type Err = ParsePieceError;
    fn from_str(s: &str) -> Result<Piece, ParsePieceError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Role::from_fen_char(c).map(|(color, role)| Piece::new(color, role)),
            _ => None,
        }
        .ok_or_else(|| ParsePieceError(word(s)))
    }
}

/// Text that is not one FEN piece letter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePieceError(String);

impl fmt::Display for ParsePieceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is not a FEN piece letter (KABNRCP for Red, kabnrcp for Black)",
            self.0
        )
    }
}

impl std::error::Error for ParsePieceError {}

/// A point of the board, `0..90`, numbered `rank * 9 + file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The number of points: 9 files by 10 ranks.
    pub const COUNT: usize = 90;

    /// The square at `file` (0–8) and `rank` (0–9), if both are on the board.
    #[inline]
    #[must_use]
    pub const fn new(file: i8, rank: i8) -> Option<Square> {
        if file >= 0 && file < 9 && rank >= 0 && rank < 10 {
            Some(Square((rank * 9 + file) as u8))
        } else {
            None
        }
    }

    /// # Panics
    /// Panics if `index >= 90`; use only with indices known to be valid.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Square {
        assert!(index < 90);
        Square(index as u8)
    }

    /// `rank * 9 + file`: 0 for `a0`, 8 for `i0`, 89 for `i9`.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0–8 (ICCS `a`–`i`) from Red's left.
    #[inline]
    #[must_use]
    pub const fn file(self) -> i8 {
        (self.0 % 9) as i8
    }

    /// The rank, 0–9 from Red's side: 0 is Red's back rank, 9 Black's.
    #[inline]
    #[must_use]
    pub const fn rank(self) -> i8 {
        (self.0 / 9) as i8
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    #[inline]
    #[must_use]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        Square::new(self.file() + df, self.rank() + dr)
    }

    /// The same point seen from the other side (rotated by 180°).
    #[inline]
    #[must_use]
    pub const fn flip(self) -> Square {
        Square(89 - self.0)
    }

    /// The same point reflected left–right.
    #[inline]
    #[must_use]
    pub const fn mirror(self) -> Square {
        Square((self.0 / 9) * 9 + (8 - self.0 % 9))
    }

    /// Whether this point lies on `color`'s own half of the board.
    #[inline]
    #[must_use]
    pub const fn on_side_of(self, color: Color) -> bool {
        match color {
            Color::Red => self.rank() <= 4,
            Color::Black => self.rank() >= 5,
        }
    }

    /// Whether this point lies in `color`'s palace (九宫).
    #[inline]
    #[must_use]
    pub const fn in_palace_of(self, color: Color) -> bool {
        let f = self.file();
        if f < 3 || f > 5 {
            return false;
        }
        match color {
            Color::Red => self.rank() <= 2,
            Color::Black => self.rank() >= 7,
        }
    }

    /// Parses ICCS coordinates such as `e0` (case-insensitive).
    #[must_use]
    pub fn from_iccs(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = b[1].wrapping_sub(b'0');
        if file < 9 && rank < 10 {
            Square::new(file as i8, rank as i8)
        } else {
            None
        }
    }

    /// Every point in index order: `a0` … `i0`, then rank by rank up to `i9`.
    pub fn iter() -> impl Iterator<Item = Square> {
        (0..90u8).map(Square)
    }
}

/// ICCS coordinates, for example `e0`.
impl std::str::FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_iccs(s).ok_or_else(|| ParseSquareError(word(s)))
    }
}

/// Text that is not a point in ICCS coordinates (files `a`–`i`, ranks `0`–`9`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is not a point such as e0 (files a-i, ranks 0-9)",
            self.0
        )
    }
}

impl std::error::Error for ParseSquareError {}

/// ICCS coordinates, for example `e0`.
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file() as u8) as char, self.rank())
    }
}

/// A move from one point to another. Which piece moves, and whether it
/// captures, follow from the position it is played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The point the piece leaves.
    pub from: Square,
    /// The point it goes to (and captures on, if occupied).
    pub to: Square,
}

impl Move {
    /// The move from `from` to `to`, not checked against any position.
    #[inline]
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The same move seen from the other side (both points rotated by
    /// 180°), as played on a colour-flipped board.
    #[must_use]
    pub const fn flip(self) -> Move {
        Move::new(self.from.flip(), self.to.flip())
    }

    /// The same move reflected left–right, as played on a mirrored board.
    #[must_use]
    pub const fn mirror(self) -> Move {
        Move::new(self.from.mirror(), self.to.mirror())
    }
}

/// ICCS coordinates, for example `h2e2`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// ICCS coordinates, for example `h2e2` (case-insensitive). Only the
/// coordinates are read: whether the move is legal is a question for a
/// position ([`crate::Position::check_move`]); other notations are read
/// against a position by [`crate::parse_move`]. This is the one reader of
/// ICCS moves: the notation reader (which also takes `h2-e2`), the desk,
/// the Python binding and the harness (which takes only the canonical
/// lower-case form) all go through it.
impl std::str::FromStr for Move {
    type Err = ParseIccsError;
    fn from_str(s: &str) -> Result<Move, ParseIccsError> {
        let fault = |fault| ParseIccsError {
            text: word(s),
            fault,
        };
        if s.len() != 4 || !s.is_ascii() {
            return Err(fault(IccsFault::Shape));
        }
        let from = Square::from_iccs(&s[..2])
            .ok_or_else(|| fault(IccsFault::OffBoard(crate::notation::End::From)))?;
        let to = Square::from_iccs(&s[2..])
            .ok_or_else(|| fault(IccsFault::OffBoard(crate::notation::End::To)))?;
        Ok(Move::new(from, to))
    }
}

/// Why a text is not an ICCS move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IccsFault {
    /// Not four ASCII characters.
    Shape,
    /// Four characters, but this end is not a point (files `a`–`i`, ranks
    /// `0`–`9`).
    OffBoard(crate::notation::End),
}

/// Text that is not an ICCS move (two points such as `h2` and `e2`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseIccsError {
    /// The text as the message quotes it.
    text: String,
    fault: IccsFault,
}

impl ParseIccsError {
    /// What is wrong with the text.
    #[must_use]
    pub fn fault(&self) -> IccsFault {
        self.fault
    }
}

impl fmt::Display for ParseIccsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is not an ICCS move such as h2e2 (files a-i, ranks 0-9)",
            self.text
        )
    }
}

impl std::error::Error for ParseIccsError {}

#[cfg(feature = "serde")]
mod serde_impls {
    //! Points and moves travel as ICCS text (`e0`, `h2e2`), pieces as FEN
    //! letters (`R`, `n`).
    use super::{Move, Piece, Square};
    use crate::excerpt::Excerpt;

    impl serde::Serialize for Square {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de> serde::Deserialize<'de> for Square {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
            let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
            Square::from_iccs(&text).ok_or_else(|| {
                serde::de::Error::custom(format!("{} is not a point such as e0", Excerpt(&text)))
            })
        }
    }

    impl serde::Serialize for Move {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de> serde::Deserialize<'de> for Move {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
            let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
            text.parse().map_err(|_| {
                serde::de::Error::custom(format!(
                    "{} is not an ICCS move such as h2e2",
                    Excerpt(&text)
                ))
            })
        }
    }

    impl serde::Serialize for Piece {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_char(self.fen_char())
        }
    }

    impl<'de> serde::Deserialize<'de> for Piece {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Piece, D::Error> {
            let c = char::deserialize(d)?;
            c.to_string()
                .parse()
                .map_err(|_| serde::de::Error::custom(format!("{c:?} is not a FEN piece letter")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_and_write_iccs() {
        let m: Move = "h2e2".parse().unwrap();
        assert_eq!(
            (m.from.file(), m.from.rank(), m.to.file(), m.to.rank()),
            (7, 2, 4, 2)
        );
        assert_eq!(m.to_string(), "h2e2");
        assert_eq!("H2E2".parse::<Move>(), Ok(m));
        for bad in ["", "h2e", "h2e22", "j2e2", "h2e-", "炮二平五", "h2-e2"] {
            let err = bad.parse::<Move>().unwrap_err();
            assert!(err.to_string().contains("not an ICCS move"), "{bad}: {err}");
        }
        let long = "h2e2".repeat(1000);
        assert_eq!(
            long.parse::<Move>().unwrap_err().to_string(),
            "\"h2e2h2e2h2e2h2e2\"… (4000 bytes) is not an ICCS move such as h2e2 (files a-i, ranks 0-9)"
        );
        let fault = |t: &str| t.parse::<Move>().unwrap_err().fault();
        assert_eq!(fault("h2e"), IccsFault::Shape);
        assert_eq!(fault("炮二"), IccsFault::Shape);
        assert_eq!(
            fault("j2e2"),
            IccsFault::OffBoard(crate::notation::End::From)
        );
        assert_eq!(fault("h2ex"), IccsFault::OffBoard(crate::notation::End::To));
    }

    #[test]
    fn pieces_read_and_write_fen_letters() {
        assert_eq!(Piece::new(Color::Red, Role::Rook).to_string(), "R");
        assert_eq!(Piece::new(Color::Black, Role::Horse).to_string(), "n");
        assert_eq!(
            "N".parse::<Piece>(),
            Ok(Piece::new(Color::Red, Role::Horse))
        );
        assert_eq!(
            "h".parse::<Piece>(),
            Ok(Piece::new(Color::Black, Role::Horse))
        );
        assert_eq!(
            "e".parse::<Piece>(),
            Ok(Piece::new(Color::Black, Role::Elephant))
        );
        for bad in ["", "x", "RR", "1", "车"] {
            assert!(bad.parse::<Piece>().is_err(), "{bad}");
        }
    }

    #[test]
    fn every_piece_character_reads_back_as_its_kind() {
        for role in Role::ALL {
            for color in Color::ALL {
                let p = Piece::new(color, role);
                for c in [p.zh(), p.traditional(), p.drawn()] {
                    assert_eq!(Role::from_glyph(c), Some(role), "{c}");
                }
            }
        }
        let red = |r| Piece::new(Color::Red, r);
        let black = |r| Piece::new(Color::Black, r);
        let all = |f: fn(Piece) -> char, side: &dyn Fn(Role) -> Piece| {
            Role::ALL
                .into_iter()
                .map(|r| f(side(r)))
                .collect::<String>()
        };
        assert_eq!(all(Piece::zh, &red), "帅仕相马车炮兵");
        assert_eq!(all(Piece::zh, &black), "将士象马车炮卒");
        assert_eq!(all(Piece::traditional, &red), "帥仕相馬車炮兵");
        assert_eq!(all(Piece::traditional, &black), "將士象馬車炮卒");
        assert_eq!(all(Piece::drawn, &red), "帅仕相傌俥炮兵");
        assert_eq!(all(Piece::drawn, &black), "将士象馬車砲卒");
        assert_eq!(Role::from_glyph('㐷'), Some(Role::Horse));
        assert_eq!(Role::from_glyph('伡'), Some(Role::Rook));
        assert_eq!(Role::from_glyph('包'), Some(Role::Cannon));
        for c in ['進', '后', '一', 'K', '王'] {
            assert_eq!(Role::from_glyph(c), None, "{c}");
        }
    }

    #[test]
    fn roles_read_and_write_their_names() {
        assert_eq!("cannon".parse::<Role>(), Ok(Role::Cannon));
        assert_eq!(Role::Elephant.to_string(), "elephant");
        assert!("Cannon".parse::<Role>().is_err());
        assert!("c".parse::<Role>().is_err());
    }
}
