//! Each piece's movement, in one place.
//!
//! [`movement`] says as data how each kind of piece moves: the steps and
//! jumps of the king, advisor, elephant, horse and pawn, each with the point
//! that must be empty for it (the horse's leg 马腿, the elephant's eye 象眼);
//! the zone a move must end in (the palace 九宫, the mover's own half); the
//! pawn's direction, forward for its own colour, and its sideways steps once
//! it has crossed the river; and the lines of the rook and the cannon.
//! Tables built from it at compile time answer every question about
//! geometry, so no rule of movement is written twice:
//!
//! - move generation ([`Position::pseudo_legal_moves_into`]) walks the tables
//!   forwards;
//! - attack detection (check, [`Position::attackers`]) walks them backwards
//!   from the attacked point, without generating any move;
//! - a refusal's reason ([`crate::legality`]) is [`classify`]'s answer
//!   named;
//! - placement checks ([`reachable`]) flood the tables from the start
//!   position;
//! - notation ([`shape`]) and the 棋例 ([`path`], [`horse_leg`],
//!   [`Position::blockers`]) ask the same shapes.

use std::sync::OnceLock;

use crate::position::Position;
use crate::setup::Setup;
use crate::types::{Color, Piece, Role, Square};

/// Where a move of a piece must end, besides on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Zone {
    /// The mover's palace (九宫): the king and the advisors.
    Palace,
    /// The mover's own half, this side of the river (河界): the elephants.
    OwnHalf,
}

impl Zone {
    /// Whether `sq` lies in this zone of `color`.
    #[inline]
    #[must_use]
    pub const fn contains(self, color: Color, sq: Square) -> bool {
        match self {
            Zone::Palace => sq.in_palace_of(color),
            Zone::OwnHalf => sq.on_side_of(color),
        }
    }
}

/// One step or jump of a piece that moves by a fixed offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Leap {
    /// Files to the right, seen from Red's side (every movement is
    /// symmetric left–right, so this never depends on the colour).
    pub files: i8,
    /// Ranks, counted as the movement's [`Orientation`] says.
    pub ranks: i8,
    /// The point, as `(files, ranks)` from the mover, that must be empty
    /// for this leap: the horse's leg, the elephant's eye.
    pub block: Option<(i8, i8)>,
    /// Only from beyond the river: the pawn's sideways steps.
    pub crossed_only: bool,
}

/// How the ranks of a movement's leaps are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Orientation {
    /// Up the board from Red's side, for a movement that is the same
    /// turned upside down, and so the same for both colours.
    Board,
    /// Towards the opponent: the pawn, which never retreats.
    Forward,
}

impl Orientation {
    /// The board's rank step for one rank of this orientation, for `color`.
    #[inline]
    #[must_use]
    pub const fn rank_step(self, color: Color) -> i8 {
        match self {
            Orientation::Board => 1,
            Orientation::Forward => color.forward(),
        }
    }
}

/// How a rook-like piece captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Capture {
    /// On the first piece met (车).
    Direct,
    /// Over exactly one piece, its screen (炮打隔子).
    OverScreen,
}

/// How a kind of piece moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Movement {
    /// By fixed steps or jumps, ending in `zone` if there is one.
    Leaps {
        /// The steps or jumps, in the order moves are generated.
        leaps: &'static [Leap],
        /// How their ranks are counted.
        orientation: Orientation,
        /// Where every move must end, if anywhere is not allowed.
        zone: Option<Zone>,
    },
    /// Any distance along a file or a rank over empty points.
    Lines {
        /// How it captures.
        capture: Capture,
    },
}

const fn leap(files: i8, ranks: i8) -> Leap {
    Leap {
        files,
        ranks,
        block: None,
        crossed_only: false,
    }
}

const fn blocked(files: i8, ranks: i8, block: (i8, i8)) -> Leap {
    Leap {
        files,
        ranks,
        block: Some(block),
        crossed_only: false,
    }
}

/// One step along a file or rank.
const KING: [Leap; 4] = [leap(0, 1), leap(0, -1), leap(-1, 0), leap(1, 0)];
/// One diagonal step.
const ADVISOR: [Leap; 4] = [leap(-1, -1), leap(-1, 1), leap(1, -1), leap(1, 1)];
/// Two diagonal steps over the eye, the point diagonally between.
const ELEPHANT: [Leap; 4] = [
    blocked(-2, -2, (-1, -1)),
    blocked(-2, 2, (-1, 1)),
    blocked(2, -2, (1, -1)),
    blocked(2, 2, (1, 1)),
];
/// One step straight, then one diagonally outwards: the leg is the first
/// step's point.
const HORSE: [Leap; 8] = [
    blocked(-1, 2, (0, 1)),
    blocked(1, 2, (0, 1)),
    blocked(1, -2, (0, -1)),
    blocked(-1, -2, (0, -1)),
    blocked(-2, 1, (-1, 0)),
    blocked(-2, -1, (-1, 0)),
    blocked(2, -1, (1, 0)),
    blocked(2, 1, (1, 0)),
];
/// Forward always; sideways once across the river; never backward.
const PAWN: [Leap; 3] = [
    leap(0, 1),
    Leap {
        crossed_only: true,
        ..leap(-1, 0)
    },
    Leap {
        crossed_only: true,
        ..leap(1, 0)
    },
];

/// How a piece of kind `role` moves: the one statement of each piece's
/// movement that every table below is built from.
#[must_use]
pub const fn movement(role: Role) -> Movement {
    match role {
        Role::King => Movement::Leaps {
            leaps: &KING,
            orientation: Orientation::Board,
            zone: Some(Zone::Palace),
        },
        Role::Advisor => Movement::Leaps {
            leaps: &ADVISOR,
            orientation: Orientation::Board,
            zone: Some(Zone::Palace),
        },
        Role::Elephant => Movement::Leaps {
            leaps: &ELEPHANT,
            orientation: Orientation::Board,
            zone: Some(Zone::OwnHalf),
        },
        Role::Horse => Movement::Leaps {
            leaps: &HORSE,
            orientation: Orientation::Board,
            zone: None,
        },
        Role::Pawn => Movement::Leaps {
            leaps: &PAWN,
            orientation: Orientation::Forward,
            zone: None,
        },
        Role::Rook => Movement::Lines {
            capture: Capture::Direct,
        },
        Role::Cannon => Movement::Lines {
            capture: Capture::OverScreen,
        },
    }
}

// ---------------------------------------------------------------------------
// The tables.

/// The four directions along files and ranks, in the order of [`RAYS`]:
/// up, down (the file, where kings face), left, right.
const DIRECTIONS: [(i8, i8); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];

/// A fixed-capacity list of points, as indices.
#[derive(Clone, Copy)]
pub(crate) struct Ray {
    len: u8,
    squares: [u8; 9],
}

impl Ray {
    #[inline]
    pub(crate) fn as_slice(&self) -> &[u8] {
        &self.squares[..self.len as usize]
    }
}

/// The point of a jump that needs no empty point.
pub(crate) const NO_BLOCK: u8 = u8::MAX;

/// A leap between two points with the point that must be empty for it
/// ([`NO_BLOCK`] if none): `square` is where the piece lands.
#[derive(Clone, Copy)]
pub(crate) struct Jump {
    pub(crate) square: u8,
    pub(crate) block: u8,
}

/// The leaps of one piece from (or onto) one point; no piece has more
/// than the horse's eight.
#[derive(Clone, Copy)]
pub(crate) struct Jumps {
    len: u8,
    jumps: [Jump; 8],
}

impl Jumps {
    const EMPTY: Jumps = Jumps {
        len: 0,
        jumps: [Jump {
            square: 0,
            block: NO_BLOCK,
        }; 8],
    };

    #[inline]
    pub(crate) fn as_slice(&self) -> &[Jump] {
        &self.jumps[..self.len as usize]
    }
}

const fn piece_of_index(index: usize) -> Piece {
    let color = if index < 7 { Color::Red } else { Color::Black };
    Piece::new(color, Role::ALL[index % 7])
}

/// Where `l` takes `color`'s piece from `from`, with its block (or
/// [`NO_BLOCK`]), obeying the zone and the river; `None` if it leaves the
/// board or is not allowed.
const fn land(
    color: Color,
    from: Square,
    l: &Leap,
    orientation: Orientation,
    zone: Option<Zone>,
) -> Option<(u8, u8)> {
    let step = orientation.rank_step(color);
    let Some(to) = from.offset(l.files, l.ranks * step) else {
        return None;
    };
    if let Some(z) = zone {
        if !z.contains(color, to) {
            return None;
        }
    }
    if l.crossed_only && from.on_side_of(color) {
        return None;
    }
    let block = match l.block {
        Some((df, dr)) => match from.offset(df, dr * step) {
            Some(b) => b.index() as u8,
            None => return None,
        },
        None => NO_BLOCK,
    };
    Some((to.index() as u8, block))
}

const fn build_leaps() -> [[Jumps; Square::COUNT]; 14] {
    let mut t = [[Jumps::EMPTY; Square::COUNT]; 14];
    let mut p = 0;
    while p < 14 {
        let piece = piece_of_index(p);
        if let Movement::Leaps {
            leaps,
            orientation,
            zone,
        } = movement(piece.role)
        {
            let mut s = 0;
            while s < Square::COUNT {
                let from = Square::from_index(s);
                let mut i = 0;
                while i < leaps.len() {
                    if let Some((to, block)) = land(piece.color, from, &leaps[i], orientation, zone)
                    {
                        let n = t[p][s].len as usize;
                        t[p][s].jumps[n] = Jump { square: to, block };
                        t[p][s].len += 1;
                    }
                    i += 1;
                }
                s += 1;
            }
        }
        p += 1;
    }
    t
}

/// A leap onto a point read backwards: the piece that could make it, the
/// point it would stand on, and the point that must be empty for it
/// ([`NO_BLOCK`] if none).
#[derive(Clone, Copy)]
pub(crate) struct Onto {
    piece: Piece,
    from: u8,
    block: u8,
}

/// Every leap of one colour's pieces onto one point. A point can be
/// leapt onto by at most 8 horses, 3 pawns, 4 kings, 4 advisors and 4
/// elephants.
#[derive(Clone, Copy)]
pub(crate) struct OntoList {
    len: u8,
    items: [Onto; 23],
}

impl OntoList {
    #[inline]
    fn as_slice(&self) -> &[Onto] {
        &self.items[..self.len as usize]
    }
}

const fn build_leaps_onto(leaps: &[[Jumps; Square::COUNT]; 14]) -> [[OntoList; Square::COUNT]; 2] {
    let empty = OntoList {
        len: 0,
        items: [Onto {
            piece: Piece::new(Color::Red, Role::King),
            from: 0,
            block: NO_BLOCK,
        }; 23],
    };
    let mut t = [[empty; Square::COUNT]; 2];
    let mut p = 0;
    while p < 14 {
        let piece = piece_of_index(p);
        let c = piece.color.index();
        let mut s = 0;
        while s < Square::COUNT {
            let mut i = 0;
            while i < leaps[p][s].len as usize {
                let j = leaps[p][s].jumps[i];
                let onto = j.square as usize;
                let n = t[c][onto].len as usize;
                t[c][onto].items[n] = Onto {
                    piece,
                    from: s as u8,
                    block: j.block,
                };
                t[c][onto].len += 1;
                i += 1;
            }
            s += 1;
        }
        p += 1;
    }
    t
}

const fn build_rays() -> [[Ray; 4]; Square::COUNT] {
    let empty = Ray {
        len: 0,
        squares: [0; 9],
    };
    let mut t = [[empty; 4]; Square::COUNT];
    let mut s = 0;
    while s < Square::COUNT {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRECTIONS[d];
            let mut at = Square::from_index(s).offset(df, dr);
            while let Some(sq) = at {
                let n = t[s][d].len as usize;
                t[s][d].squares[n] = sq.index() as u8;
                t[s][d].len += 1;
                at = sq.offset(df, dr);
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// The leaps of each piece ([`Piece::index`]) from each point, zones and
/// the river applied; empty for the rook and the cannon.
pub(crate) static LEAPS: [[Jumps; Square::COUNT]; 14] = build_leaps();
/// For each colour and target, the leaps of that colour's pieces onto it.
static LEAPS_ONTO: [[OntoList; Square::COUNT]; 2] = build_leaps_onto(&build_leaps());
/// From each point, the points along each of the [`DIRECTIONS`], nearest first.
pub(crate) static RAYS: [[Ray; 4]; Square::COUNT] = build_rays();

/// How a piece of kind `role` captures along lines, if it moves along them.
#[inline]
const fn line_capture(role: Role) -> Option<Capture> {
    match movement(role) {
        Movement::Lines { capture } => Some(capture),
        Movement::Leaps { .. } => None,
    }
}

// ---------------------------------------------------------------------------
// Questions about one move, on an empty board.

/// How a move `from → to` of a piece fits its movement, before anything on
/// the board is looked at (see [`classify`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Fit {
    /// One of the piece's steps or jumps; `block` (the leg or eye) must be
    /// empty for it.
    Leap {
        /// The point that must be empty, if any.
        block: Option<Square>,
    },
    /// Along a file or rank: the points between must be empty, except that
    /// a capture over a screen needs exactly one of them occupied.
    Line {
        /// How the piece captures.
        capture: Capture,
    },
    /// The shape of one of the piece's leaps, ending outside its zone.
    OutsideZone(Zone),
    /// A step the piece makes only once across the river (the pawn's
    /// sideways step), made from this side of it.
    BeforeRiver,
    /// No move of the piece has this shape.
    Shapeless,
}

/// How the move `from → to` of `piece` fits its movement. `from == to`
/// is [`Fit::Shapeless`].
#[must_use]
pub fn classify(piece: Piece, from: Square, to: Square) -> Fit {
    let files = to.file() - from.file();
    let ranks = to.rank() - from.rank();
    match movement(piece.role) {
        Movement::Lines { capture } => {
            if (files == 0) != (ranks == 0) {
                Fit::Line { capture }
            } else {
                Fit::Shapeless
            }
        }
        Movement::Leaps {
            leaps,
            orientation,
            zone,
        } => {
            let step = orientation.rank_step(piece.color);
            let Some(l) = leaps
                .iter()
                .find(|l| l.files == files && l.ranks * step == ranks)
            else {
                return Fit::Shapeless;
            };
            if let Some(z) = zone.filter(|z| !z.contains(piece.color, to)) {
                return Fit::OutsideZone(z);
            }
            if l.crossed_only && from.on_side_of(piece.color) {
                return Fit::BeforeRiver;
            }
            let block = l.block.and_then(|(df, dr)| from.offset(df, dr * step));
            Fit::Leap { block }
        }
    }
}

/// The ranks a move from `from` to `to` gains towards `color`'s opponent
/// (negative: backward).
#[inline]
#[must_use]
pub const fn forward_gain(color: Color, from: Square, to: Square) -> i8 {
    (to.rank() - from.rank()) * color.forward()
}

/// The leap of `role` from `from` to `to` for either colour, whatever the
/// zone or the river (so a pawn's step back counts, as Black's step
/// forward), with the point that must be empty for it, if any.
fn any_leap(role: Role, from: Square, to: Square) -> Option<Option<Square>> {
    let Movement::Leaps {
        leaps, orientation, ..
    } = movement(role)
    else {
        return None;
    };
    let (files, ranks) = (to.file() - from.file(), to.rank() - from.rank());
    Color::ALL.into_iter().find_map(|color| {
        let step = orientation.rank_step(color);
        leaps
            .iter()
            .find(|l| l.files == files && l.ranks * step == ranks)
            .map(|l| l.block.and_then(|(df, dr)| from.offset(df, dr * step)))
    })
}

/// The point a horse jumping from `from` to `to` must find empty (its leg,
/// 马腿), if `to` is a horse jump away.
#[must_use]
pub fn horse_leg(from: Square, to: Square) -> Option<Square> {
    any_leap(Role::Horse, from, to).flatten()
}

/// The point an elephant moving from `from` to `to` must find empty (its
/// eye, 象眼), if `to` is an elephant move away (on either side of the river).
#[must_use]
pub fn elephant_eye(from: Square, to: Square) -> Option<Square> {
    any_leap(Role::Elephant, from, to).flatten()
}

/// The points strictly between two points of one file or rank, nearest to
/// `from` first; empty if they are not on one line or are neighbours.
#[must_use]
pub fn line_between(from: Square, to: Square) -> Vec<Square> {
    for ray in &RAYS[from.index()] {
        let squares = ray.as_slice();
        if let Some(i) = squares.iter().position(|&s| usize::from(s) == to.index()) {
            return squares[..i]
                .iter()
                .map(|&s| Square::from_index(usize::from(s)))
                .collect();
        }
    }
    Vec::new()
}

/// The points a piece of kind `role` moving from `from` to `to` passes
/// over: the leg of a horse, the eye of an elephant, the points between for
/// a rook, a cannon or the king (whose facing "move" is along a file). A
/// piece standing on one of them blocks the move (拦), except that a cannon
/// capture needs exactly one of them occupied (its screen).
#[must_use]
pub fn path(role: Role, from: Square, to: Square) -> Vec<Square> {
    match (role, movement(role)) {
        (Role::King, _) | (_, Movement::Lines { .. }) => line_between(from, to),
        (_, Movement::Leaps { .. }) => any_leap(role, from, to).flatten().into_iter().collect(),
    }
}

/// Every point the shape of a `role`'s movement reaches from `from` on an
/// empty board, for either colour and whatever its zone or the river: one
/// orthogonal step for the king and the pawn (any direction, as a pawn of
/// either colour steps), one diagonal step for the advisor, the elephant's
/// and the horse's jumps, the rook's and cannon's lines. [`reach`] is this
/// with the colour, zone and river applied; a notation reads a move against
/// the shape so that a move out of its zone is named, and then refused with
/// the rule's reason.
#[must_use]
pub fn shape(role: Role, from: Square) -> Vec<Square> {
    let mut to: Vec<Square> = shape_points(role, from).collect();
    if matches!(movement(role), Movement::Leaps { .. }) {
        // Each leap seen from either side, in board order.
        to.sort_unstable_by_key(|s| s.index());
        to.dedup();
    }
    to
}

/// The points of [`shape`], in no particular order and, for a leaper,
/// possibly twice (its leaps seen from either side): for a caller that
/// looks for one point, without building the list (notation reading asks
/// this for every move it reads).
pub fn shape_points(role: Role, from: Square) -> impl Iterator<Item = Square> {
    let (lines, leaps) = match movement(role) {
        Movement::Lines { .. } => (Some(&RAYS[from.index()]), None),
        Movement::Leaps {
            leaps, orientation, ..
        } => (None, Some((leaps, orientation))),
    };
    let along = lines
        .into_iter()
        .flatten()
        .flat_map(|r| r.as_slice())
        .map(|&s| Square::from_index(usize::from(s)));
    let leaping = leaps.into_iter().flat_map(move |(leaps, orientation)| {
        Color::ALL.into_iter().flat_map(move |color| {
            let step = orientation.rank_step(color);
            leaps
                .iter()
                .filter_map(move |l| from.offset(l.files, l.ranks * step))
        })
    });
    along.chain(leaping)
}

/// Every point `piece` could move to from `from` on an otherwise empty
/// board: the shape of its movement with its zone (palace, own half, the
/// pawn's forward and, once across the river, sideways steps).
#[must_use]
pub fn reach(piece: Piece, from: Square) -> Vec<Square> {
    match movement(piece.role) {
        Movement::Lines { .. } => shape(piece.role, from),
        Movement::Leaps { .. } => LEAPS[piece.index()][from.index()]
            .as_slice()
            .iter()
            .map(|j| Square::from_index(usize::from(j.square)))
            .collect(),
    }
}

/// Whether a piece of this kind and side can ever stand on `sq` in a game:
/// whether its movement, on an empty board, takes it there from a point it
/// starts a game on. (The advisors keep to five points of the palace, the
/// elephants to seven of their own half, the pawns to their starting files
/// until they cross the river.)
pub fn reachable(piece: Piece, sq: Square) -> bool {
    static REACHABLE: OnceLock<[u128; 14]> = OnceLock::new();
    let table = REACHABLE.get_or_init(|| {
        let start = Setup::start();
        let mut table = [0u128; 14];
        for (index, points) in table.iter_mut().enumerate() {
            let piece = piece_of_index(index);
            let mut todo: Vec<Square> = Square::iter()
                .filter(|&s| start.piece_at(s) == Some(piece))
                .collect();
            while let Some(s) = todo.pop() {
                if *points & (1u128 << s.index()) == 0 {
                    *points |= 1u128 << s.index();
                    todo.extend(reach(piece, s));
                }
            }
        }
        table
    });
    table[piece.index()] & (1u128 << sq.index()) != 0
}

// ---------------------------------------------------------------------------
// Questions about the board.

/// Calls `found` with each point from which a piece of `by` attacks
/// `target` (could move there if an enemy piece stood on it, pins ignored),
/// and stops at the first for which it returns `true`. With `facing`, the
/// king of `by` also attacks along an open file (the facing rule, 对面笑).
/// The tables are read backwards from the target, so no move is generated.
#[inline]
fn find_attacker(
    board: &[Option<Piece>; Square::COUNT],
    target: Square,
    by: Color,
    facing: bool,
    mut found: impl FnMut(Square) -> bool,
) -> bool {
    let t = target.index();
    let mut hit = |s: u8| found(Square::from_index(usize::from(s)));
    for (d, ray) in RAYS[t].iter().enumerate() {
        let squares = ray.as_slice();
        // The first piece on the line is a direct capturer's target (or
        // the facing king's, up or down the file); the one after it, a
        // capturer over a screen's.
        let mut i = 0;
        while i < squares.len() && board[usize::from(squares[i])].is_none() {
            i += 1;
        }
        let Some(p) = squares.get(i).and_then(|&s| board[usize::from(s)]) else {
            continue;
        };
        let direct = line_capture(p.role) == Some(Capture::Direct)
            || (facing && p.role == Role::King && d < 2);
        if p.color == by && direct && hit(squares[i]) {
            return true;
        }
        i += 1;
        while i < squares.len() && board[usize::from(squares[i])].is_none() {
            i += 1;
        }
        if let Some(p) = squares.get(i).and_then(|&s| board[usize::from(s)]) {
            let over = line_capture(p.role) == Some(Capture::OverScreen);
            if p.color == by && over && hit(squares[i]) {
                return true;
            }
        }
    }
    for j in LEAPS_ONTO[by.index()][t].as_slice() {
        if board[usize::from(j.from)] == Some(j.piece)
            && (j.block == NO_BLOCK || board[usize::from(j.block)].is_none())
            && hit(j.from)
        {
            return true;
        }
    }
    false
}

impl Position {
    /// The squares from which pieces of `color` attack `target`, that is,
    /// could move to it if it held an enemy piece, in board order. Pins are
    /// ignored, and so is the facing rule: a king attacks only the points
    /// of its palace next to it.
    #[must_use]
    pub fn attackers(&self, target: Square, color: Color) -> Vec<Square> {
        let mut out = Vec::new();
        find_attacker(&self.board, target, color, false, |s| {
            out.push(s);
            false
        });
        out.sort_unstable();
        out
    }

    /// Whether a piece of `color` attacks `target` (see [`Position::attackers`]).
    #[must_use]
    pub fn is_attacked(&self, target: Square, color: Color) -> bool {
        find_attacker(&self.board, target, color, false, |_| true)
    }

    /// Whether `color`'s king is attacked, counting the other king as an
    /// attacker along an open file (the facing rule).
    #[inline]
    #[must_use]
    pub fn king_attacked(&self, color: Color) -> bool {
        find_attacker(&self.board, self.king(color), color.other(), true, |_| true)
    }

    /// The occupied points strictly between two points on one line, nearest
    /// to `from` first.
    #[must_use]
    pub fn between(&self, from: Square, to: Square) -> Vec<Square> {
        line_between(from, to)
            .into_iter()
            .filter(|&s| self.piece_at(s).is_some())
            .collect()
    }

    /// The pieces standing on the path of the move `from → to` of the piece
    /// on `from` (see [`path`]).
    #[must_use]
    pub fn blockers(&self, from: Square, to: Square) -> Vec<Square> {
        let Some(p) = self.piece_at(from) else {
            return Vec::new();
        };
        path(p.role, from, to)
            .into_iter()
            .filter(|&s| self.piece_at(s).is_some())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(piece: Piece) -> Vec<String> {
        Square::iter()
            .filter(|&s| reachable(piece, s))
            .map(|s| s.to_string())
            .collect()
    }

    /// A leaper's shape, hand-counted: a horse in the middle has 8 jumps,
    /// one in the corner 2; the king and advisor 4 steps from inside the
    /// board; the pawn's shape holds both sides' forward steps and the
    /// sideways ones; every point it lists is accepted by `any_leap`, and
    /// no other point is.
    #[test]
    fn leap_shapes_are_every_leap_and_only_those() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(shape(Role::Horse, sq("e4")).len(), 8);
        assert_eq!(shape(Role::Horse, sq("a0")).len(), 2);
        assert_eq!(shape(Role::King, sq("e4")).len(), 4);
        assert_eq!(shape(Role::Advisor, sq("e4")).len(), 4);
        assert_eq!(shape(Role::Elephant, sq("e4")).len(), 4);
        assert_eq!(
            shape(Role::Pawn, sq("e4"))
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>(),
            ["e3", "d4", "f4", "e5"]
        );
        for role in [
            Role::King,
            Role::Advisor,
            Role::Elephant,
            Role::Horse,
            Role::Pawn,
        ] {
            for from in Square::iter() {
                let want: Vec<Square> = Square::iter()
                    .filter(|&to| any_leap(role, from, to).is_some())
                    .collect();
                assert_eq!(shape(role, from), want, "{role:?} from {from}");
            }
        }
    }

    /// The points each piece can stand on, as the rules describe them
    /// (written out by hand, not computed).
    #[test]
    fn reachable_points_are_the_rules_own() {
        let red = |role| points(Piece::new(Color::Red, role));
        let black = |role| points(Piece::new(Color::Black, role));
        assert_eq!(red(Role::Advisor), ["d0", "f0", "e1", "d2", "f2"]);
        assert_eq!(black(Role::Advisor), ["d7", "f7", "e8", "d9", "f9"]);
        assert_eq!(
            red(Role::Elephant),
            ["c0", "g0", "a2", "e2", "i2", "c4", "g4"]
        );
        assert_eq!(
            black(Role::Elephant),
            ["c5", "g5", "a7", "e7", "i7", "c9", "g9"]
        );
        assert_eq!(red(Role::King).len(), 9);
        // Red pawns: files a c e g i on ranks 3 and 4, anywhere from rank 5.
        let pawns = red(Role::Pawn);
        assert_eq!(pawns.len(), 10 + 45);
        assert!(pawns.contains(&"c4".to_string()) && !pawns.contains(&"d4".to_string()));
        assert!(pawns.contains(&"d5".to_string()) && !pawns.contains(&"a2".to_string()));
        assert_eq!(black(Role::Pawn).len(), 10 + 45);
        for role in [Role::Horse, Role::Rook, Role::Cannon] {
            assert_eq!(red(role).len(), 90);
            assert_eq!(black(role).len(), 90);
        }
    }

    /// The attackers read backwards from the target are exactly the
    /// pieces whose generated moves reach it when an enemy piece stands
    /// there: the backward tables agree with the forward ones.
    #[test]
    fn attackers_are_the_pieces_whose_moves_reach_the_target() {
        let positions = (0..60).flat_map(|seed| {
            [
                crate::random::played(seed, (seed as usize * 13) % 150),
                crate::random::placed(seed),
            ]
        });
        let mut moves = Vec::new();
        for pos in positions {
            for target in Square::iter() {
                for color in Color::ALL {
                    let mut probe = pos.clone();
                    probe.turn = color;
                    probe.board[target.index()] = Some(Piece::new(color.other(), Role::Rook));
                    probe.occupied[color.index()] &= !(1u128 << target.index());
                    probe.occupied[color.other().index()] |= 1u128 << target.index();
                    moves.clear();
                    probe.pseudo_legal_moves_into(&mut moves);
                    let mut expected: Vec<Square> = moves
                        .iter()
                        .filter(|m| m.to == target)
                        .map(|m| m.from)
                        .collect();
                    expected.sort();
                    assert_eq!(
                        pos.attackers(target, color),
                        expected,
                        "{target} {color} in {pos}"
                    );
                    assert_eq!(pos.is_attacked(target, color), !expected.is_empty());
                }
            }
            for color in Color::ALL {
                let attacked =
                    pos.is_attacked(pos.king(color), color.other()) || pos.kings_facing();
                assert_eq!(pos.king_attacked(color), attacked, "{color} in {pos}");
            }
        }
    }

    #[test]
    fn the_horse_has_eight_jumps_in_the_open_and_two_in_a_corner() {
        let horse = Piece::new(Color::Red, Role::Horse);
        let open: Square = "e4".parse().unwrap();
        assert_eq!(reach(horse, open).len(), 8);
        assert_eq!(reach(horse, "a0".parse().unwrap()).len(), 2);
        assert_eq!(horse_leg(open, "f6".parse().unwrap()), "e5".parse().ok());
        assert_eq!(horse_leg(open, "g5".parse().unwrap()), "f4".parse().ok());
        assert_eq!(horse_leg(open, "e6".parse().unwrap()), None);
    }

    #[test]
    fn pawns_go_forward_for_their_own_colour() {
        let red = Piece::new(Color::Red, Role::Pawn);
        let black = Piece::new(Color::Black, Role::Pawn);
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(reach(red, sq("e3")), [sq("e4")]);
        assert_eq!(reach(black, sq("e6")), [sq("e5")]);
        assert_eq!(reach(red, sq("e5")), [sq("e6"), sq("d5"), sq("f5")]);
        assert_eq!(reach(black, sq("e4")), [sq("e3"), sq("d4"), sq("f4")]);
        assert_eq!(classify(red, sq("e5"), sq("e4")), Fit::Shapeless);
        assert_eq!(classify(red, sq("e3"), sq("d3")), Fit::BeforeRiver);
    }
}
