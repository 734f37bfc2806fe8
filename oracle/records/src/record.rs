//! The record model: what a game record says, whatever format it came in.

use xq_core::{Game, Move, Outcome, Position, ReadNote};

use crate::encoding::TextEncoding;
use crate::format::Format;
use crate::warning::{IllegalFinal, Warning};

/// One game as a record holds it: tags, the start position, the main line
/// with its comments and NAGs, and the variations as a tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The metadata (event, players, result …).
    pub tags: Tags,
    /// The position the game starts from (the initial array unless the
    /// record sets one up).
    pub start: Position,
    /// The main line: the moves that get ruled.
    pub main: Line,
    /// Where the record came from.
    pub source: Source,
    /// What the reader tolerated, in file order: every point is here,
    /// none is silent.
    pub warnings: Vec<Warning>,
    /// The illegal move the record ends with, kept apart from the main
    /// line (whose moves are all legal) for the ruling on it.
    pub illegal_final: Option<IllegalFinal>,
}

/// The metadata of a game. The named fields are the tags that xiangqi
/// collections agree on; anything else is kept in [`Tags::other`] in the
/// order it was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tags {
    /// The title of the record (XQF, CBR and DhtmlXQ have one).
    pub title: Option<String>,
    /// 赛事: the event.
    pub event: Option<String>,
    /// 地点: the site.
    pub site: Option<String>,
    /// 日期: the date as written (PGN's `yyyy.mm.dd`, often partial).
    pub date: Option<String>,
    /// 轮次: the round.
    pub round: Option<String>,
    /// 红方: the Red player.
    pub red: Option<String>,
    /// 黑方: the Black player.
    pub black: Option<String>,
    /// Red's team.
    pub red_team: Option<String>,
    /// Black's team.
    pub black_team: Option<String>,
    /// Red's rating.
    pub red_elo: Option<String>,
    /// Black's rating.
    pub black_elo: Option<String>,
    /// 结果: the result the record states (`*` when unknown).
    pub result: Outcome,
    /// The ECCO opening code (`A00` … `E99`).
    pub ecco: Option<String>,
    /// 开局: the opening's name.
    pub opening: Option<String>,
    /// The opening variation's name.
    pub variation: Option<String>,
    /// 棋谱类型: full game, opening, middle game or endgame, when stated.
    pub record_type: Option<RecordType>,
    /// The time control, as written.
    pub time_control: Option<String>,
    /// 评注: the commentator.
    pub annotator: Option<String>,
    /// The author or compiler of the record.
    pub author: Option<String>,
    /// Every other tag, `(name, value)`, in input order.
    pub other: Vec<(String, String)>,
}

impl Default for Tags {
    fn default() -> Tags {
        Tags {
            title: None,
            event: None,
            site: None,
            date: None,
            round: None,
            red: None,
            black: None,
            red_team: None,
            black_team: None,
            red_elo: None,
            black_elo: None,
            result: Outcome::Ongoing,
            ecco: None,
            opening: None,
            variation: None,
            record_type: None,
            time_control: None,
            annotator: None,
            author: None,
            other: Vec::new(),
        }
    }
}

/// 棋谱类型: what part of a game a record holds (XQF byte 0x40, a PGN
/// `RecordType` tag); its words are xq-spec's.
pub use xq_spec::records::RecordType;

/// A sequence of moves, with a comment that may come before the first one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// A comment before the first move (the record's opening comment for
    /// the main line).
    pub comment: Option<String>,
    /// The moves, in order.
    pub moves: Vec<MoveNode>,
}

/// One move of a line, and the alternatives to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveNode {
    /// The move (legal in the position it is played from).
    pub mv: Move,
    /// The comment after the move.
    pub comment: Option<String>,
    /// Numeric annotation glyphs (`$1`; `!` is 1, `?` 2, `!!` 3, `??` 4,
    /// `!?` 5, `?!` 6).
    pub nags: Vec<u8>,
    /// Alternatives to this move, each played from the position before it.
    pub variations: Vec<Line>,
    /// How the move's text was read, when the text alone did not name it
    /// (a left-out 前/后 marker settled by legality).
    pub read: Option<ReadNote>,
}

impl MoveNode {
    /// A bare move, without comment, NAGs or variations.
    #[must_use]
    pub fn new(mv: Move) -> MoveNode {
        MoveNode {
            mv,
            comment: None,
            nags: Vec::new(),
            variations: Vec::new(),
            read: None,
        }
    }
}

/// Where a record came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The format it was read from.
    pub format: Format,
    /// The text encoding of its strings.
    pub encoding: TextEncoding,
    /// Its place in the file, counting from 1.
    pub game: usize,
    /// The move notation of a text record (as stated or as detected from the
    /// first move); `None` for binary formats.
    pub notation: Option<xq_core::Notation>,
}

impl Record {
    /// An empty record of a game from `start`.
    #[must_use]
    pub fn new(start: Position) -> Record {
        Record {
            tags: Tags::default(),
            start,
            main: Line::default(),
            source: Source {
                format: Format::Pgn,
                encoding: TextEncoding::Utf8,
                game: 1,
                notation: None,
            },
            warnings: Vec::new(),
            illegal_final: None,
        }
    }

    /// The main line's moves.
    pub fn main_moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.main.moves.iter().map(|n| n.mv)
    }

    /// The main line as an [`xq_core::Game`]: the start position and the
    /// moves, each already checked when the record was read.
    #[must_use]
    pub fn to_game(&self) -> Game {
        let mut game = Game::new(self.start.clone());
        for mv in self.main_moves() {
            game.push(mv);
        }
        game
    }

    /// The illegal move the record ends with, as the ruling should be
    /// given it: as written when that text names the same move, else in
    /// ICCS. The main line goes to the ruling typed (every move was checked
    /// when it was read); `xq rule` and the bindings hand this beside it.
    #[must_use]
    pub fn illegal_final_text(&self) -> Option<String> {
        let last = self.illegal_final.as_ref()?;
        let game = self.to_game();
        let as_written = matches!(
            xq_core::parse_move(game.current(), &last.text),
            Err(xq_core::ParseMoveError::Illegal { mv, .. }) if mv == last.mv
        );
        Some(if as_written {
            last.text.clone()
        } else {
            last.mv.to_string()
        })
    }

    /// The number of lines other than the main one, at any depth.
    #[must_use]
    pub fn variation_count(&self) -> usize {
        fn count(line: &Line) -> usize {
            line.moves
                .iter()
                .map(|n| n.variations.len() + n.variations.iter().map(count).sum::<usize>())
                .sum()
        }
        count(&self.main)
    }

    /// Every variation, depth first, as the moves from the start position
    /// that lead into it followed by its own moves. The main line is not
    /// included.
    #[must_use]
    pub fn variations(&self) -> Vec<Vec<Move>> {
        fn walk(line: &Line, prefix: &mut Vec<Move>, out: &mut Vec<Vec<Move>>) {
            let base = prefix.len();
            for node in &line.moves {
                for var in &node.variations {
                    let mut path = prefix.clone();
                    path.extend(var.moves.iter().map(|n| n.mv));
                    out.push(path);
                    walk(var, prefix, out);
                }
                prefix.push(node.mv);
            }
            prefix.truncate(base);
        }
        let mut out = Vec::new();
        walk(&self.main, &mut Vec::new(), &mut out);
        out
    }
}
