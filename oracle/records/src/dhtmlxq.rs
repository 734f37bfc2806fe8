//! DhtmlXQ / UBB: the tags Chinese web pages embed a game in.
//!
//! `[DhtmlXQ_binit]` places the 32 pieces (column, row; row 0 is Black's
//! back rank; `99` off the board) in the XQF slot order; `[DhtmlXQ_movelist]`
//! holds the main line as four digits a move (`7747` is 炮二平五);
//! `[DhtmlXQ_move_a_b_c]` is branch `c`, whose first move is an alternative
//! to move `b` (counted from 1 over the whole game) of branch `a` (the main
//! line is branch 0); `[DhtmlXQ_commentN]` follows move `N` of the main
//! line (0: before the first), `[DhtmlXQ_comment{c}_{N}]` move `N` of
//! branch `c`.

use std::collections::BTreeMap;

use xq_core::{Color, Move, Outcome, Piece, Position, Setup, Square, Validation};

use crate::encoding::TextEncoding;
use crate::error::{ErrorKind, RecordError, SetupDetail, SyntaxDetail};
use crate::format::{find, Format};
use crate::record::{Record, Source};
use crate::tree::{NodeId, Tree};
use crate::warning::{IllegalFinal, Warning, WarningKind};

/// The most branches one game may have (a bound on outside input).
const MAX_BRANCHES: usize = 10_000;

/// One `[DhtmlXQ] … [/DhtmlXQ]` block's tags, with the text offset of each.
type Tags = BTreeMap<String, (String, usize)>;

/// Cuts a page into its games: each `[DhtmlXQ]` block, or the whole page
/// if its tags stand outside any block.
pub(crate) fn blocks(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(i) = text[at..].find("[DhtmlXQ]") {
        let start = at + i + "[DhtmlXQ]".len();
        let end = text[start..]
            .find("[/DhtmlXQ]")
            .map_or(text.len(), |j| start + j);
        out.push((start, &text[start..end]));
        at = end;
    }
    if out.is_empty() && find(text.as_bytes(), b"[DhtmlXQ_").is_some() {
        out.push((0, text));
    }
    out
}

fn tags(block: &str, base: usize) -> Tags {
    let mut tags = Tags::new();
    let mut at = 0;
    while let Some(i) = block[at..].find("[DhtmlXQ_") {
        let open = at + i;
        let name_start = open + "[DhtmlXQ_".len();
        let Some(close) = block[name_start..].find(']').map(|j| name_start + j) else {
            break;
        };
        let name = &block[name_start..close];
        let end_tag = format!("[/DhtmlXQ_{name}]");
        let value_start = close + 1;
        match block[value_start..].find(&end_tag) {
            Some(j) => {
                let value = &block[value_start..value_start + j];
                tags.entry(name.to_string())
                    .or_insert((value.to_string(), base + value_start));
                at = value_start + j + end_tag.len();
            }
            None => at = value_start,
        }
    }
    tags
}

/// Plays `moves` one after the other from `parent`; the first is ply
/// `first_ply` of the game. On an error, the nodes played before it come
/// back with it.
fn play(
    tree: &mut Tree,
    parent: NodeId,
    moves: &[Move],
    at: usize,
    first_ply: usize,
) -> Result<Vec<NodeId>, (RecordError, Vec<NodeId>)> {
    let mut nodes = Vec::with_capacity(moves.len());
    let mut p = parent;
    for (k, &mv) in moves.iter().enumerate() {
        let (_, in_var) = tree.next_ply(p);
        match tree.add_move(p, mv) {
            Ok(n) => p = n,
            Err(e) => {
                let mut err = e.into_record_error(None, first_ply + k, in_var);
                err.at = crate::Location::Byte(at as u64);
                return Err((err, nodes));
            }
        }
        nodes.push(p);
    }
    Ok(nodes)
}

fn digits(s: &str) -> Vec<u8> {
    s.bytes()
        .filter(u8::is_ascii_digit)
        .map(|b| b - b'0')
        .collect()
}

/// A DhtmlXQ square: column, row from the top.
fn square(col: u8, row: u8) -> Option<Square> {
    (col <= 8 && row <= 9).then(|| Square::new(col as i8, 9 - row as i8).expect("checked"))
}

fn moves_of(s: &str, offset: usize) -> Result<Vec<Move>, RecordError> {
    let d = digits(s);
    if d.len() % 4 != 0 {
        return Err(RecordError::at_byte(
            ErrorKind::Syntax(SyntaxDetail::MoveDigits {
                left_over: d.len() % 4,
            }),
            offset,
        ));
    }
    d.chunks_exact(4)
        .map(|c| match (square(c[0], c[1]), square(c[2], c[3])) {
            (Some(f), Some(t)) => Ok(Move::new(f, t)),
            _ => Err(RecordError::at_byte(
                ErrorKind::SquareOutOfRange {
                    value: u32::from(c[0]) * 1000
                        + u32::from(c[1]) * 100
                        + u32::from(c[2]) * 10
                        + u32::from(c[3]),
                },
                offset,
            )),
        })
        .collect()
}

/// A result as DhtmlXQ pages write it: the PGN and Chinese forms, and the
/// English pages' `W`, `L`, `D` (Red's win, loss, draw).
fn parse_result(v: &str) -> Outcome {
    match v.trim() {
        "W" | "w" => Outcome::RedWins,
        "L" | "l" => Outcome::BlackWins,
        "D" | "d" => Outcome::Draw,
        v => crate::pgn::parse_result(v).unwrap_or(Outcome::Ongoing),
    }
}

/// Reads one block as a record. `offset` is where the block starts in the
/// page (errors name byte offsets of the decoded text).
pub(crate) fn read_block(
    block: &str,
    offset: usize,
    encoding: TextEncoding,
    number: usize,
) -> Result<Record, RecordError> {
    let tags = tags(block, offset);
    let mut setup = Setup::start();
    if let Some((init, at)) = tags.get("binit") {
        let d = digits(init);
        if d.len() != 64 {
            return Err(RecordError::at_byte(
                ErrorKind::Syntax(SyntaxDetail::BinitDigits { found: d.len() }),
                *at,
            ));
        }
        setup = Setup::empty();
        for i in 0..32 {
            let (c, r) = (d[2 * i], d[2 * i + 1]);
            if c == 9 && r == 9 {
                continue;
            }
            let sq = square(c, r).ok_or_else(|| {
                RecordError::at_byte(
                    ErrorKind::SquareOutOfRange {
                        value: u32::from(c) * 10 + u32::from(r),
                    },
                    *at,
                )
            })?;
            let color = if i < 16 { Color::Red } else { Color::Black };
            if setup.board[sq.index()].is_some() {
                return Err(RecordError::at_byte(
                    ErrorKind::BadSetup(SetupDetail::TwoPieces { square: sq }),
                    *at,
                ));
            }
            setup.board[sq.index()] = Some(Piece::new(color, crate::xqf::SLOT_ROLES[i % 16]));
        }
    }
    let main = match tags.get("movelist") {
        Some((s, at)) => moves_of(s, *at)?,
        None => Vec::new(),
    };
    if let Some(p) = main.first().and_then(|m| setup.piece_at(m.from)) {
        setup.turn = p.color;
    }
    let start = Position::from_setup(&setup, Validation::Relaxed).map_err(|e| {
        RecordError::at_byte(
            ErrorKind::BadSetup(SetupDetail::Illegal(e)),
            tags.get("binit").map_or(offset, |t| t.1),
        )
    })?;

    let mut record = Record::new(start.clone());
    record.source = Source {
        format: Format::DhtmlXq,
        encoding,
        game: number,
        notation: None,
    };
    let t = &mut record.tags;
    for (name, (value, _)) in &tags {
        let v = value.trim().to_string();
        if v.is_empty() {
            continue;
        }
        match name.as_str() {
            "binit" | "movelist" | "ver" | "init" => {}
            n if n.starts_with("move_") || n.starts_with("comment") => {}
            "title" => t.title = Some(v),
            "event" => t.event = Some(v),
            "date" => t.date = Some(v),
            "place" | "site" => t.site = Some(v),
            "round" => t.round = Some(v),
            "red" => t.red = Some(v),
            "black" => t.black = Some(v),
            "redteam" => t.red_team = Some(v),
            "blackteam" => t.black_team = Some(v),
            "result" => t.result = parse_result(&v),
            "open" => t.opening = Some(v),
            "ecco" => t.ecco = Some(v),
            "author" | "owner" => t.author = Some(v),
            other => t.other.push((format!("DhtmlXQ_{other}"), v)),
        }
    }
    // Branch number → the nodes of its moves, by ply (1-based, game-wide).
    let mut tree = Tree::new(start.clone());
    let mut branch_nodes: BTreeMap<usize, (usize, Vec<NodeId>)> = BTreeMap::new();
    let at = tags.get("movelist").map_or(offset, |t| t.1);
    let nodes = match play(&mut tree, Tree::ROOT, &main, at, 1) {
        Ok(nodes) => nodes,
        Err((e, nodes)) if nodes.len() + 1 == main.len() && e.code() == "illegal-move" => {
            // The main line ends with an illegal move: kept apart for the
            // ruling on it.
            if let ErrorKind::IllegalMove { mv, reason } = &e.kind {
                record.warnings.push(
                    Warning::new(
                        WarningKind::IllegalFinalMove {
                            text: mv.to_string(),
                            mv: *mv,
                            reason: reason.clone(),
                        },
                        e.at,
                    )
                    .with_ply(main.len(), false),
                );
                record.illegal_final = Some(IllegalFinal {
                    text: mv.to_string(),
                    ply: main.len(),
                    mv: *mv,
                    reason: reason.clone(),
                    comment: None,
                });
            }
            nodes
        }
        Err((e, _)) => {
            record.main = tree.into_line();
            return Err(e.with_partial(record));
        }
    };
    branch_nodes.insert(0, (1, nodes));

    // Branches, in the order of their numbers (a branch only leaves one
    // numbered before it).
    let mut branches: Vec<(usize, usize, usize, &str, usize)> = tags
        .iter()
        .filter_map(|(name, (value, at))| {
            let rest = name.strip_prefix("move_")?;
            let mut it = rest.split('_').map(|n| n.parse::<usize>().ok());
            let (a, b, c) = (it.next()??, it.next()??, it.next()??);
            Some((c, a, b, value.as_str(), *at))
        })
        .collect();
    branches.sort();
    if branches.len() > MAX_BRANCHES {
        return Err(RecordError::at_byte(
            ErrorKind::TooDeep {
                limit: MAX_BRANCHES,
            },
            offset,
        ));
    }
    for (c, a, b, value, at) in branches {
        let bad = |d: SyntaxDetail| RecordError::at_byte(ErrorKind::Syntax(d), at);
        let leave = |record: &mut Record, d: SyntaxDetail| {
            record.warnings.push(
                Warning::new(
                    WarningKind::VariationDropped {
                        error: Box::new(bad(d).with_ply(b.max(1), true)),
                        moves: 0,
                    },
                    crate::Location::Byte(at as u64),
                )
                .with_ply(b.max(1), true),
            );
        };
        let Some((first_ply, nodes)) = branch_nodes.get(&a) else {
            leave(
                &mut record,
                SyntaxDetail::NoParentBranch {
                    branch: c,
                    parent: a,
                },
            );
            continue;
        };
        if b == 0 || b < *first_ply || b - first_ply >= nodes.len() {
            leave(
                &mut record,
                SyntaxDetail::NoParentMove {
                    branch: c,
                    parent: a,
                    at_move: b,
                },
            );
            continue;
        }
        // The alternative to move b is played from the position before it.
        let k = b - first_ply;
        let parent = if k == 0 {
            tree.parent(nodes[0])
        } else {
            nodes[k - 1]
        };
        let dropped = |record: &mut Record, error: RecordError, moves: usize| {
            record.warnings.push(
                Warning::new(
                    WarningKind::VariationDropped {
                        error: Box::new(error),
                        moves,
                    },
                    crate::Location::Byte(at as u64),
                )
                .with_ply(b, true),
            );
        };
        let moves = match moves_of(value, at) {
            Ok(m) => m,
            Err(e) => {
                dropped(&mut record, e, 0);
                continue;
            }
        };
        match play(&mut tree, parent, &moves, at, b) {
            Ok(new_nodes) => {
                branch_nodes.insert(c, (b, new_nodes));
            }
            Err((e, done)) => {
                // Leave the broken branch out (and the branches off it).
                let n = done.first().map_or(0, |&f| tree.drop_subtree_from(f));
                dropped(&mut record, e, n);
            }
        }
    }

    // Comments: `commentN` on the main line, `comment{c}_{N}` on branch c.
    for (name, (value, at)) in &tags {
        let Some(rest) = name.strip_prefix("comment") else {
            continue;
        };
        let (branch, ply) = match rest.split_once('_') {
            Some((c, n)) => (c.parse::<usize>().ok(), n.parse::<usize>().ok()),
            None => (Some(0), rest.parse::<usize>().ok()),
        };
        let (Some(branch), Some(ply)) = (branch, ply) else {
            continue;
        };
        let text = value.replace("||", "\n");
        if branch == 0 && ply == 0 {
            tree.comment(Tree::ROOT, &text);
        } else if let Some((first, nodes)) = branch_nodes.get(&branch) {
            if ply >= *first && ply - first < nodes.len() {
                tree.comment(nodes[ply - first], &text);
            } else if let (true, Some(&last)) = (ply >= *first, nodes.last()) {
                // Past the branch's end: kept on its last move, and said.
                tree.comment(last, &text);
                record.warnings.push(Warning::new(
                    WarningKind::CommentPastBranchEnd { named: ply },
                    crate::Location::Byte(*at as u64),
                ));
            }
        }
    }

    record.main = tree.into_line();
    Ok(record)
}
