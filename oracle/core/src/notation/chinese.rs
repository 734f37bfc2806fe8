//! Chinese notation (中文纵线记谱法): `炮二平五`, `马８进７`, `前车进一`, `前七进一`.
//!
//! A move is the piece (棋子), its file (纵线) counted from the mover's own
//! right, the action — 进 forward, 退 backward, 平 sideways — and a number:
//! the ranks moved for a straight forward/backward move of 车 炮 兵/卒 帅/将,
//! otherwise the file arrived on. Red writes 一…九, Black １…９. When
//! several pieces of the kind share the file, 前/中/后 (or 一, 二, … from the
//! front) name the piece instead of its file. The full conventions are in
//! `spec/NOTATION.md`.

use super::common::{self, Action, MoveSpec};
use super::{Marker, Notation, ParseMoveError, ReadDetail, ReadNote, Reading};
use crate::position::Position;
use crate::types::{Color, Move, Role};

const NUMERALS: [char; 10] = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

const NOTATION: Notation = Notation::Chinese;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Piece(Role),
    Num(u8),
    Marker(Marker),
    Action(Action),
}

fn tok_of_char(c: char) -> Option<Tok> {
    if let Some(r) = Role::from_glyph(c) {
        return Some(Tok::Piece(r));
    }
    if let Some(i) = NUMERALS.iter().position(|&n| n == c) {
        return Some(Tok::Num(i as u8 + 1));
    }
    Some(match common::fullwidth_to_ascii(c) {
        d @ '0'..='9' => Tok::Num(d as u8 - b'0'),
        '进' | '進' => Tok::Action(Action::Forward),
        '退' => Tok::Action(Action::Backward),
        '平' => Tok::Action(Action::Sideways),
        '前' => Tok::Marker(Marker::Front),
        '中' => Tok::Marker(Marker::Middle),
        '后' | '後' => Tok::Marker(Marker::Rear),
        _ => return None,
    })
}

fn tokenize(text: &str) -> Result<Vec<Tok>, ReadDetail> {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| {
            tok_of_char(c).ok_or(ReadDetail::UnexpectedChar {
                notation: NOTATION,
                ch: c,
            })
        })
        .collect()
}

/// The marker a token stands for at the head of a designator: 前 中 后, or
/// a numeral counting from the front (一兵 is the front pawn).
fn marker(tok: Tok) -> Option<Marker> {
    match tok {
        Tok::Marker(m) => Some(m),
        Tok::Num(k) => Some(Marker::Ordinal(k)),
        _ => None,
    }
}

fn file(tok: Tok) -> Option<u8> {
    match tok {
        Tok::Num(n @ 1..=9) => Some(n),
        _ => None,
    }
}

/// Reads the text into a [`MoveSpec`] without looking at the board.
fn read(text: &str) -> Result<MoveSpec, ReadDetail> {
    let toks = tokenize(text)?;
    if toks.len() < 4 || toks.len() > 5 {
        return Err(ReadDetail::Shape { notation: NOTATION });
    }
    let (designator, tail) = toks.split_at(toks.len() - 2);
    let Tok::Action(action) = tail[0] else {
        return Err(ReadDetail::MissingAction { notation: NOTATION });
    };
    let Some(number) = file(tail[1]) else {
        return Err(ReadDetail::BadNumber { notation: NOTATION });
    };
    let spec = |role, marker, file| MoveSpec {
        role,
        marker,
        file,
        action,
        number,
        middle_if_three: false,
    };
    let bad_file = || ReadDetail::BadFile { notation: NOTATION };
    match *designator {
        // 车二: the piece and its file.
        [Tok::Piece(role), f] => {
            let f = file(f).ok_or_else(bad_file)?;
            Ok(spec(role, None, Some(f)))
        }
        // 前车, 中兵, 二兵: a marker instead of the file.
        [m @ (Tok::Marker(_) | Tok::Num(_)), Tok::Piece(role)] => Ok(spec(role, marker(m), None)),
        // 前七, 二七: the pawn named by a marker and its file.
        [m @ (Tok::Marker(_) | Tok::Num(_)), f] => {
            let f = file(f).ok_or_else(bad_file)?;
            Ok(spec(Role::Pawn, marker(m), Some(f)))
        }
        // 前兵七, 前车二: a marker, the piece and its file.
        [m @ (Tok::Marker(_) | Tok::Num(_)), Tok::Piece(role), f] => {
            let f = file(f).ok_or_else(bad_file)?;
            Ok(spec(role, marker(m), Some(f)))
        }
        _ => Err(ReadDetail::Shape { notation: NOTATION }),
    }
}

pub(super) fn parse(
    pos: &Position,
    text: &str,
    reading: Reading,
) -> Result<(Move, Option<ReadNote>), ParseMoveError> {
    let spec = read(text).map_err(|detail| ParseMoveError::Syntax {
        text: text.to_string(),
        detail,
    })?;
    common::resolve(pos, &spec, text, format, reading)
}

/// A file number or distance in the mover's script: 一…九 for Red,
/// full-width １…９ for Black.
fn number(color: Color, n: u8) -> char {
    match color {
        Color::Red => NUMERALS[usize::from(n.clamp(1, 10)) - 1],
        Color::Black => char::from_u32(0xFF10 + u32::from(n % 10)).unwrap_or('?'),
    }
}

pub(super) fn format(pos: &Position, mv: Move) -> String {
    let Some(d) = common::describe(pos, mv) else {
        return mv.to_string();
    };
    let color = d.piece.color;
    let piece = d.piece.zh();
    let mut s = String::with_capacity(16);
    match d.tandem {
        None => {
            s.push(piece);
            s.push(number(color, d.file));
        }
        Some((index, count)) => {
            s.push(match common::chinese_marker(index, count) {
                Marker::Front => '前',
                Marker::Middle => '中',
                Marker::Rear => '后',
                // Ordinals are written 一, 二, … by both sides.
                Marker::Ordinal(k) => NUMERALS[usize::from(k.clamp(1, 10)) - 1],
            });
            if d.several_tandem_files {
                // Pawns: 前七 (the file replaces the piece); others, only
                // possible in composed positions: 前车二.
                if d.piece.role != Role::Pawn {
                    s.push(piece);
                }
                s.push(number(color, d.file));
            } else {
                s.push(piece);
            }
        }
    }
    s.push(match d.action {
        Action::Forward => '进',
        Action::Backward => '退',
        Action::Sideways => '平',
    });
    s.push(number(color, d.number));
    s
}
