//! What WXF and Chinese notation share: a move is named by the kind of the
//! moving piece, which of the mover's pieces of that kind it is (its file,
//! or its place on a file holding several of them), an action (forward,
//! backward or sideways) and a number.
//!
//! The two notations differ only in spelling. Each one reads its text into
//! a [`MoveSpec`] and hands it to [`resolve`], which finds the move on the
//! board; for output, [`describe`] says how a move must be named and each
//! notation spells the [`Description`]. The conventions are written up in
//! `spec/NOTATION.md`.

pub(super) use super::Marker;
use super::{Hint, ParseMoveError, ReadDetail, ReadNote, Reading};
use crate::attacks;
use crate::legality::IllegalMove;
use crate::position::Position;
use crate::types::{Color, Move, Piece, Role, Square};

/// The direction of a move, from the mover's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Action {
    /// 进 / `+`: towards the opponent.
    Forward,
    /// 退 / `-`: towards the mover's own side.
    Backward,
    /// 平 / `=`: along the rank.
    Sideways,
}

/// What a move text says, before the board is consulted. Files are counted
/// from the mover's own right, 1–9.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct MoveSpec {
    pub role: Role,
    pub marker: Option<Marker>,
    pub file: Option<u8>,
    pub action: Action,
    pub number: u8,
    /// The official WXF reading: a pawn named by its plain file (`P5`), or
    /// by its file twice (`55`), is the middle one when exactly three pawns
    /// stand on that file (spec/NOTATION.md).
    pub middle_if_three: bool,
}

/// How a move has to be named in a position: the input of both formatters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Description {
    pub piece: Piece,
    /// The file of the moving piece, counted from the mover's right.
    pub file: u8,
    /// `(index, count)` when `count >= 2` pieces of this kind stand on the
    /// file; `index` counts from the front, starting at 0.
    pub tandem: Option<(usize, usize)>,
    /// Whether the mover also has two or more pieces of this kind on some
    /// other file, so that a front/rear marker alone does not say which.
    pub several_tandem_files: bool,
    pub action: Action,
    pub number: u8,
}

/// Straight movers count ranks when they go forward or back; the others
/// (diagonal movers) always name the file they arrive on.
pub(super) fn moves_straight(role: Role) -> bool {
    matches!(role, Role::King | Role::Rook | Role::Cannon | Role::Pawn)
}

/// The file number (1–9) a player uses for the board file `file` (0–8, a–i).
pub(super) fn own_file(color: Color, file: i8) -> u8 {
    match color {
        Color::Red => (9 - file) as u8,
        Color::Black => (file + 1) as u8,
    }
}

/// The board file (0–8, a–i) of a player's file number (1–9).
pub(super) fn board_file(color: Color, n: u8) -> i8 {
    match color {
        Color::Red => 9 - n as i8,
        Color::Black => n as i8 - 1,
    }
}

/// Maps full-width ASCII forms (`Ｃ２＝５`, `１`) to ASCII; other characters
/// are returned unchanged.
pub(super) fn fullwidth_to_ascii(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFF01 + 0x21).unwrap_or(c),
        '\u{3000}' => ' ',
        _ => c,
    }
}

/// The squares of `color`'s pieces of kind `role` on board file `file`,
/// front (nearest the opponent) first.
pub(super) fn column(pos: &Position, color: Color, role: Role, file: i8) -> Vec<Square> {
    let want = Some(Piece::new(color, role));
    let mut squares: Vec<Square> = (0..10)
        .filter_map(|rank| Square::new(file, rank))
        .filter(|&sq| pos.piece_at(sq) == want)
        .collect();
    if color == Color::Red {
        squares.reverse();
    }
    squares
}

fn column_len(pos: &Position, color: Color, role: Role, n: u8) -> usize {
    column(pos, color, role, board_file(color, n)).len()
}

/// The canonical marker of the piece at `index` (from the front) among
/// `count >= 2` pieces on one file, in the Chinese scheme: 前/后 for two,
/// 前/中/后 for three, ordinals from the front for four or more.
pub(super) fn chinese_marker(index: usize, count: usize) -> Marker {
    match (count, index) {
        (2 | 3, 0) => Marker::Front,
        (2, _) => Marker::Rear,
        (3, 1) => Marker::Middle,
        (3, _) => Marker::Rear,
        _ => Marker::Ordinal(index as u8 + 1),
    }
}

/// Which of `count` pieces on a file a marker picks, if any. Front and rear
/// work for any two or more; middle only for exactly three; ordinals for
/// any number up to `count`.
fn marker_index(marker: Marker, count: usize) -> Option<usize> {
    if count < 2 {
        return None;
    }
    match marker {
        Marker::Front => Some(0),
        Marker::Rear => Some(count - 1),
        Marker::Middle => (count == 3).then_some(1),
        Marker::Ordinal(k) => (k >= 1 && usize::from(k) <= count).then(|| usize::from(k) - 1),
    }
}

/// Says how a move must be named. `None` if no piece stands on the
/// from-square or the move has a shape no notation can express (such a move
/// is never legal).
pub(super) fn describe(pos: &Position, mv: Move) -> Option<Description> {
    let piece = pos.piece_at(mv.from)?;
    let color = piece.color;
    let df = mv.to.file() - mv.from.file();
    let dr = (mv.to.rank() - mv.from.rank()) * color.forward();
    let (action, number) = if moves_straight(piece.role) {
        match (df, dr) {
            (0, 1..) => (Action::Forward, dr as u8),
            (0, ..=-1) => (Action::Backward, (-dr) as u8),
            (_, 0) if df != 0 => (Action::Sideways, own_file(color, mv.to.file())),
            _ => return None,
        }
    } else {
        let n = own_file(color, mv.to.file());
        match (df, dr) {
            (0, _) | (_, 0) => return None,
            (_, 1..) => (Action::Forward, n),
            _ => (Action::Backward, n),
        }
    };
    let col = column(pos, color, piece.role, mv.from.file());
    let tandem = (col.len() >= 2).then(|| {
        let index = col.iter().position(|&s| s == mv.from).unwrap_or(0);
        (index, col.len())
    });
    let several_tandem_files = tandem.is_some()
        && (0..9).any(|f| f != mv.from.file() && column(pos, color, piece.role, f).len() >= 2);
    Some(Description {
        piece,
        file: own_file(color, mv.from.file()),
        tandem,
        several_tandem_files,
        action,
        number,
    })
}

/// Where a piece of kind `role` on `from` arrives when it makes the move
/// `action`/`number`: the one point of the shape of its movement
/// ([`attacks::shape`], the move tables) that the text describes. A
/// straight mover's text names a point of its file or rank (the rook's
/// lines), so that 帅五进二 or 炮二平二 still name a definite move; how far the
/// piece may go, and zones (palace, river, the pawn's direction), are left to
/// the rules, which then say what is wrong. `Err` holds why no point fits
/// (for a syntax error).
fn destination(
    from: Square,
    color: Color,
    role: Role,
    action: Action,
    number: u8,
) -> Result<Square, ReadDetail> {
    let piece = Piece::new(color, role);
    if !(1..=9).contains(&number) {
        return Err(ReadDetail::NumberOutOfRange { number });
    }
    if action == Action::Sideways && !moves_straight(role) {
        return Err(ReadDetail::NoSideways { piece });
    }
    // Ranks gained towards the opponent (negative: backward).
    let gain = |to: Square| (to.rank() - from.rank()) * color.forward();
    let fits = |to: &Square| match action {
        Action::Sideways => to.rank() == from.rank() && own_file(color, to.file()) == number,
        Action::Forward | Action::Backward => {
            let sign = if action == Action::Forward { 1 } else { -1 };
            if moves_straight(role) {
                to.file() == from.file() && gain(*to) == sign * number as i8
            } else {
                own_file(color, to.file()) == number && gain(*to).signum() == sign
            }
        }
    };
    if action == Action::Sideways && own_file(color, from.file()) == number {
        // To its own file: the null move, which the rules refuse by name.
        return Ok(from);
    }
    let shape_of = if moves_straight(role) {
        Role::Rook
    } else {
        role
    };
    // At most one point of the shape fits the text, so the first found is it.
    if let Some(to) = attacks::shape_points(shape_of, from).find(|to| fits(to)) {
        return Ok(to);
    }
    Err(if moves_straight(role) {
        ReadDetail::LeavesBoard { piece, from }
    } else {
        ReadDetail::CannotReachFile {
            piece,
            from,
            file: number,
        }
    })
}

/// Whether a movement error is only about what stands in the way (so the
/// move has the right shape and stays in its zone).
fn only_obstructed(e: &IllegalMove) -> bool {
    matches!(
        e,
        IllegalMove::ElephantEyeBlocked { .. }
            | IllegalMove::HorseLegBlocked { .. }
            | IllegalMove::OwnPieceOnTarget { .. }
    )
}

/// Finds the move a [`MoveSpec`] names in `pos`. Legality is not checked
/// for a text that names one piece: the caller does that and reports the
/// rule a definite move breaks. A text that could name several pieces is
/// settled by legality when `reading` allows it, and the note says so.
/// `format` spells suggestions in the caller's notation.
pub(super) fn resolve(
    pos: &Position,
    spec: &MoveSpec,
    text: &str,
    format: fn(&Position, Move) -> String,
    reading: Reading,
) -> Result<(Move, Option<ReadNote>), ParseMoveError> {
    let us = pos.turn();
    let role = spec.role;
    let piece = Piece::new(us, role);
    let no_such = |detail: ReadDetail| ParseMoveError::NoSuchPiece {
        text: text.to_string(),
        detail,
    };
    let candidates: Vec<Square> = match (spec.marker, spec.file) {
        (None, None) => {
            return Err(ParseMoveError::Syntax {
                text: text.to_string(),
                detail: ReadDetail::MissingFile,
            })
        }
        (None, Some(n)) => {
            let col = column(pos, us, role, board_file(us, n));
            if col.is_empty() {
                return Err(no_such(ReadDetail::NoneOnFile { piece, file: n }));
            }
            if spec.middle_if_three && col.len() == 3 {
                vec![col[1]]
            } else {
                col
            }
        }
        (Some(_), Some(n)) if spec.middle_if_three && column_len(pos, us, role, n) == 3 => {
            vec![column(pos, us, role, board_file(us, n))[1]]
        }
        (Some(m), Some(n)) => {
            let col = column(pos, us, role, board_file(us, n));
            match marker_index(m, col.len()) {
                Some(i) => vec![col[i]],
                None => {
                    return Err(no_such(ReadDetail::NoneWithMarker {
                        piece,
                        file: n,
                        count: col.len(),
                        marker: m,
                    }))
                }
            }
        }
        (Some(m), None) => {
            let mut picks = Vec::new();
            for f in 0..9 {
                let col = column(pos, us, role, f);
                if let Some(i) = marker_index(m, col.len()) {
                    picks.push(col[i]);
                }
            }
            match picks.len() {
                0 => {
                    return Err(no_such(ReadDetail::NoFileWithMarker { piece, marker: m }));
                }
                1 => picks,
                _ if reading == Reading::ByLegality
                    && one_legal(pos, &picks, spec).is_some_and(|r| r.is_ok()) =>
                {
                    picks
                }
                _ => {
                    return Err(ParseMoveError::Ambiguous {
                        text: text.to_string(),
                        detail: ReadDetail::SeveralFiles {
                            piece,
                            files: picks.iter().map(|s| own_file(us, s.file())).collect(),
                            hint: Box::new(suggestions(pos, &picks, spec, format)),
                        },
                    });
                }
            }
        }
    };
    if let [from] = candidates[..] {
        return destination(from, us, role, spec.action, spec.number)
            .map(|to| (Move::new(from, to), None))
            .map_err(|detail| ParseMoveError::Syntax {
                text: text.to_string(),
                detail,
            });
    }
    // Several pieces fit and the text does not say which.
    let pieces = u8::try_from(candidates.len()).unwrap_or(u8::MAX);
    if reading == Reading::ByLegality {
        match one_legal(pos, &candidates, spec) {
            Some(Ok(m)) => return Ok((m, Some(ReadNote::ByLegality { pieces }))),
            // Several legal: ambiguous, named below.
            Some(Err(())) => {}
            // None legal: the one whose movement is sound names the move,
            // so that the rules can say what is wrong with it (a pin, a
            // check left standing).
            None => {
                if let [m] = moves_of(pos, &candidates, spec)
                    .filter(|&m| pos.check_movement(m).is_ok())
                    .collect::<Vec<_>>()[..]
                {
                    return Ok((m, None));
                }
            }
        }
    }
    if matches!(role, Role::Advisor | Role::Elephant) {
        // Records often leave out the marker for advisors and elephants,
        // whose shape of movement usually lets only one of them go there.
        let moves: Vec<Move> = moves_of(pos, &candidates, spec).collect();
        let pseudo: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| pos.check_movement(m).is_ok())
            .collect();
        if let [m] = pseudo[..] {
            return Ok((m, None));
        }
        if pseudo.is_empty() {
            let obstructed: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| pos.check_movement(m).is_err_and(|e| only_obstructed(&e)))
                .collect();
            if let [m] = obstructed[..] {
                return Ok((m, None));
            }
            if moves.len() == 1 {
                return Ok((moves[0], None));
            }
        }
    }
    let hint = Box::new(suggestions(pos, &candidates, spec, format));
    Err(ParseMoveError::Ambiguous {
        text: text.to_string(),
        detail: match spec.file {
            Some(n) => ReadDetail::SeveralOnFile {
                piece,
                file: n,
                count: candidates.len(),
                hint,
            },
            None => ReadDetail::SeveralFiles {
                piece,
                files: candidates.iter().map(|s| own_file(us, s.file())).collect(),
                hint,
            },
        },
    })
}

/// The moves the text would name for each candidate piece (those whose
/// shape of movement fits it).
fn moves_of<'a>(
    pos: &'a Position,
    candidates: &'a [Square],
    spec: &'a MoveSpec,
) -> impl Iterator<Item = Move> + 'a {
    candidates.iter().filter_map(move |&from| {
        destination(from, pos.turn(), spec.role, spec.action, spec.number)
            .ok()
            .map(|to| Move::new(from, to))
    })
}

/// Among the moves the candidates would make: `Some(Ok(m))` when `m` is the
/// only legal one, `Some(Err(()))` when several are legal, `None` when none
/// is.
fn one_legal(pos: &Position, candidates: &[Square], spec: &MoveSpec) -> Option<Result<Move, ()>> {
    let mut legal = moves_of(pos, candidates, spec).filter(|&m| pos.check_move(m).is_ok());
    let first = legal.next()?;
    Some(match legal.next() {
        None => Ok(first),
        Some(_) => Err(()),
    })
}

/// What to write instead: the legal moves the candidate pieces would make
/// (an illegal move is never suggested), or, when none is legal, what
/// stops each.
fn suggestions(
    pos: &Position,
    candidates: &[Square],
    spec: &MoveSpec,
    format: fn(&Position, Move) -> String,
) -> Hint {
    let moves: Vec<Move> = moves_of(pos, candidates, spec).collect();
    let legal: Vec<(String, Move)> = moves
        .iter()
        .filter(|&&m| pos.check_move(m).is_ok())
        .map(|&m| (format(pos, m), m))
        .collect();
    if !legal.is_empty() {
        return Hint::Write(legal);
    }
    let refused: Vec<(Move, IllegalMove)> = moves
        .iter()
        .filter_map(|&m| pos.check_move(m).err().map(|e| (m, e)))
        .collect();
    if refused.is_empty() {
        Hint::None
    } else {
        Hint::Refused(refused)
    }
}
