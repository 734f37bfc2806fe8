//! Building the move tree while reading: every format says "this move
//! follows that one" or "this move is an alternative to that one", in its
//! own order. The readers add nodes to an arena, each move checked against
//! the position it is played from; the arena then becomes a [`Line`].
//!
//! Memory is what a record of millions of moves is about: a node is a few
//! machine words (comments, NAGs and reading notes, rare, live in a side
//! table), and positions are not kept per node. The position after the
//! last node added is at hand, every [`CHECKPOINT`]th ply keeps its
//! position, and any other is replayed from the nearest one above it.

use std::collections::HashMap;

use xq_core::notation::{read_move, ReadNote, Reading};
use xq_core::{IllegalMove, Move, Notation, ParseMoveError, Position, Square};

use crate::error::{ErrorKind, RecordError};
use crate::record::{Line, MoveNode};

/// How deeply variations may nest (a variation of a variation …). Real
/// records stay far below; the bound keeps conversion recursion safe.
pub const MAX_VARIATION_DEPTH: usize = 200;

/// Every this many plies a node keeps the position after it, so that
/// going back to any node replays at most this many moves.
const CHECKPOINT: u32 = 32;

/// The handle of a node; [`Tree::ROOT`] is the start position.
pub(crate) type NodeId = usize;

const NONE: u32 = u32::MAX;

struct Node {
    mv: Move,
    parent: u32,
    first_child: u32,
    last_child: u32,
    next_sibling: u32,
    ply: u32,
    depth: u32,
    /// Index into [`Tree::extras`], or [`NONE`].
    extra: u32,
}

#[derive(Default)]
struct Extra {
    comment: Option<String>,
    pre_comment: Option<String>,
    nags: Vec<u8>,
    read: Option<ReadNote>,
}

/// An arena of moves from one start position.
pub(crate) struct Tree {
    nodes: Vec<Node>,
    extras: Vec<Extra>,
    /// Positions kept at checkpoints (and the root).
    kept: HashMap<u32, Position>,
    /// The node most recently added or visited, and the position after it.
    last: (u32, Position),
}

/// Why a move could not be added.
pub(crate) enum AddError {
    Text(ParseMoveError),
    Illegal(Move, IllegalMove),
    TooDeep,
    /// More nodes than the arena's handles can count.
    TooMany,
    /// The move would take a move counter past what the oracle keeps.
    CounterLimit(Move, xq_core::Counter),
}

impl Tree {
    pub const ROOT: NodeId = 0;

    pub fn new(start: Position) -> Tree {
        let root = Node {
            // The root has no move; this one is never read.
            mv: Move::new(Square::from_index(0), Square::from_index(0)),
            parent: 0,
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
            ply: 0,
            depth: 0,
            extra: NONE,
        };
        let mut kept = HashMap::new();
        kept.insert(0, start.clone());
        Tree {
            nodes: vec![root],
            extras: Vec::new(),
            kept,
            last: (0, start),
        }
    }

    pub fn parent(&self, node: NodeId) -> NodeId {
        self.nodes[node].parent as usize
    }

    /// The ply of the next move played after `node`, and whether it would
    /// be off the main line.
    pub fn next_ply(&self, node: NodeId) -> (usize, bool) {
        let n = &self.nodes[node];
        let off_main = n.depth > 0 || n.first_child != NONE;
        (n.ply as usize + 1, off_main)
    }

    /// The position after `node`: at hand for the last node, otherwise
    /// replayed from the nearest kept position above it.
    fn position(&mut self, node: NodeId) -> &Position {
        let id = node as u32;
        if self.last.0 != id {
            let mut path = Vec::new();
            let mut at = id;
            let mut from = loop {
                if let Some(p) = self.kept.get(&at) {
                    break p.clone();
                }
                path.push(self.nodes[at as usize].mv);
                at = self.nodes[at as usize].parent;
            };
            for &mv in path.iter().rev() {
                from = from.play_unchecked(mv);
            }
            self.last = (id, from);
        }
        &self.last.1
    }

    /// Adds `mv` after `parent`, checking it is legal there.
    pub fn add_move(&mut self, parent: NodeId, mv: Move) -> Result<NodeId, AddError> {
        let pos = self.position(parent);
        pos.check_move(mv).map_err(|r| AddError::Illegal(mv, r))?;
        self.push(parent, mv)
    }

    /// Adds the move a text names after `parent`, in the given notation (or
    /// the one the text looks like), read as `reading` says. The note says
    /// how the text was read when the text alone did not name the move.
    pub fn add_text(
        &mut self,
        parent: NodeId,
        text: &str,
        notation: Option<Notation>,
        reading: Reading,
    ) -> Result<(NodeId, Option<ReadNote>), AddError> {
        let pos = self.position(parent);
        let read = read_move(pos, text, notation, reading).map_err(AddError::Text)?;
        let id = self.push(parent, read.mv)?;
        if read.note.is_some() {
            self.extra(id).read = read.note;
        }
        Ok((id, read.note))
    }

    fn push(&mut self, parent: NodeId, mv: Move) -> Result<NodeId, AddError> {
        let id = u32::try_from(self.nodes.len())
            .ok()
            .filter(|&i| i != NONE)
            .ok_or(AddError::TooMany)?;
        let p = &self.nodes[parent];
        let depth = p.depth + u32::from(p.first_child != NONE);
        if depth as usize > MAX_VARIATION_DEPTH {
            return Err(AddError::TooDeep);
        }
        let ply = p.ply + 1;
        let before = self.position(parent);
        if let Some(counter) = before.counter_overflow(mv) {
            return Err(AddError::CounterLimit(mv, counter));
        }
        let after = before.play_unchecked(mv);
        self.nodes.push(Node {
            mv,
            parent: parent as u32,
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
            ply,
            depth,
            extra: NONE,
        });
        match self.nodes[parent].last_child {
            NONE => self.nodes[parent].first_child = id,
            last => self.nodes[last as usize].next_sibling = id,
        }
        self.nodes[parent].last_child = id;
        if ply % CHECKPOINT == 0 {
            self.kept.insert(id, after.clone());
        }
        self.last = (id, after);
        Ok(id as usize)
    }

    fn extra(&mut self, node: NodeId) -> &mut Extra {
        let n = &mut self.nodes[node];
        if n.extra == NONE {
            n.extra = self.extras.len() as u32;
            self.extras.push(Extra::default());
        }
        let i = n.extra as usize;
        &mut self.extras[i]
    }

    fn extra_mut(&mut self, node: u32) -> Option<&mut Extra> {
        self.extras
            .get_mut(self.nodes[node as usize].extra as usize)
    }

    /// Adds a comment after `node` (the opening comment for the root).
    pub fn comment(&mut self, node: NodeId, text: &str) {
        join(&mut self.extra(node).comment, text);
    }

    /// Adds a comment before `node` (the start of a variation).
    pub fn pre_comment(&mut self, node: NodeId, text: &str) {
        join(&mut self.extra(node).pre_comment, text);
    }

    pub fn nag(&mut self, node: NodeId, nag: u8) {
        if node != Tree::ROOT {
            self.extra(node).nags.push(nag);
        }
    }

    /// The move of a node (not the root).
    pub fn move_of(&self, node: NodeId) -> Move {
        self.nodes[node].mv
    }

    /// Removes the last child of `parent` with its whole subtree, which
    /// must be the most recently added nodes (a variation being dropped).
    /// Returns how many moves went.
    pub fn drop_subtree_from(&mut self, first: NodeId) -> usize {
        let parent = self.nodes[first].parent as usize;
        let gone = self.nodes.len() - first;
        // Unlink `first` from its parent's children.
        let mut prev = NONE;
        let mut c = self.nodes[parent].first_child;
        while c != NONE && c as usize != first {
            prev = c;
            c = self.nodes[c as usize].next_sibling;
        }
        if prev == NONE {
            self.nodes[parent].first_child = NONE;
            self.nodes[parent].last_child = NONE;
        } else {
            self.nodes[prev as usize].next_sibling = NONE;
            self.nodes[parent].last_child = prev;
        }
        self.nodes.truncate(first);
        self.kept.retain(|&k, _| (k as usize) < first);
        if self.last.0 as usize >= first {
            self.position(parent);
        }
        gone
    }

    /// The main line with its variations.
    pub fn into_line(mut self) -> Line {
        let mut line = self.line_from(0, None);
        if let Some(c) = self.extra_mut(0).and_then(|e| e.comment.take()) {
            let mut merged = Some(c);
            if let Some(pre) = line.comment.take() {
                join(&mut merged, &pre);
            }
            line.comment = merged;
        }
        line
    }

    /// The line that starts with child `first` of `parent` (the first
    /// child if `None`) and follows first children from there. Recursion
    /// happens only into variations, whose depth is bounded.
    fn line_from(&mut self, parent: u32, first: Option<u32>) -> Line {
        let mut line = Line::default();
        let mut current = match first.unwrap_or(self.nodes[parent as usize].first_child) {
            NONE => return line,
            c => c,
        };
        line.comment = self.extra_mut(current).and_then(|e| e.pre_comment.take());
        let mut at_parent = parent;
        loop {
            let (mv, next_sibling, first_child) = {
                let n = &self.nodes[current as usize];
                (n.mv, n.next_sibling, n.first_child)
            };
            let mut node = MoveNode::new(mv);
            if let Some(e) = self.extra_mut(current) {
                // Each node is turned into a line once: its texts move.
                node.comment = e.comment.take();
                node.nags = std::mem::take(&mut e.nags);
                node.read = e.read;
            }
            // The alternatives to this move are its later siblings, but only
            // for the first child: a variation's own siblings are listed at
            // the main move they replace.
            if self.nodes[at_parent as usize].first_child == current {
                let mut alt = next_sibling;
                while alt != NONE {
                    node.variations.push(self.line_from(at_parent, Some(alt)));
                    alt = self.nodes[alt as usize].next_sibling;
                }
            }
            line.moves.push(node);
            match first_child {
                NONE => return line,
                next => {
                    at_parent = current;
                    current = next;
                }
            }
        }
    }
}

/// The alternatives to a move, flattened: a variation's own first-move
/// variations are alternatives to the same move. Empty variations are left
/// out. The binary formats store them this way.
pub(crate) fn alternatives(node: &MoveNode) -> Vec<&Line> {
    let mut list = Vec::new();
    let mut queue: Vec<&Line> = node.variations.iter().rev().collect();
    while let Some(v) = queue.pop() {
        let Some(first) = v.moves.first() else {
            continue;
        };
        list.push(v);
        queue.extend(first.variations.iter().rev());
    }
    list
}

/// One move as the binary formats store it: the move, whether another move
/// of its line follows, and whether an alternative to it follows later.
pub(crate) struct Stored<'a> {
    pub node: &'a MoveNode,
    pub next: bool,
    pub alternative: bool,
}

/// Walks a line in the depth-first order XQF and CBR store their trees: its
/// moves in order, then, from the last move back to the first, the
/// alternatives to each (an alternative comes after the whole subtree of the
/// move it replaces). `emit` writes one move.
pub(crate) fn depth_first(
    line: &Line,
    emit: &mut dyn FnMut(Stored) -> Result<(), RecordError>,
) -> Result<(), RecordError> {
    walk(line, false, 0, emit)
}

/// [`depth_first`] below the main line: `first_has_sibling` says whether
/// another alternative to the line's first move is written after it.
fn walk(
    line: &Line,
    first_has_sibling: bool,
    depth: usize,
    emit: &mut dyn FnMut(Stored) -> Result<(), RecordError>,
) -> Result<(), RecordError> {
    if depth > MAX_VARIATION_DEPTH {
        return Err(RecordError::new(ErrorKind::TooDeep {
            limit: MAX_VARIATION_DEPTH,
        }));
    }
    let n = line.moves.len();
    let alts: Vec<Vec<&Line>> = line.moves.iter().map(alternatives).collect();
    for (i, node) in line.moves.iter().enumerate() {
        emit(Stored {
            node,
            next: i + 1 < n,
            alternative: !alts[i].is_empty() || (i == 0 && first_has_sibling),
        })?;
    }
    for i in (0..n).rev() {
        for (j, v) in alts[i].iter().enumerate() {
            // Its first move's own variations are alternatives listed
            // beside it, not below it.
            let mut rest = Line {
                comment: None,
                moves: v.moves.clone(),
            };
            rest.moves[0].variations.clear();
            walk(&rest, j + 1 < alts[i].len(), depth + 1, emit)?;
        }
    }
    Ok(())
}

/// Adds a comment to a slot. Line ends are normalised to `\n` (records
/// written on Windows carry `\r\n`), so a comment reads the same whatever
/// format it is converted to.
fn join(slot: &mut Option<String>, text: &str) {
    let normalised;
    let text = if text.contains('\r') {
        normalised = text.replace("\r\n", "\n").replace('\r', "\n");
        normalised.trim()
    } else {
        text.trim()
    };
    if text.is_empty() {
        return;
    }
    match slot {
        Some(s) => {
            s.push('\n');
            s.push_str(text);
        }
        None => *slot = Some(text.to_string()),
    }
}

impl AddError {
    /// The error for a move that could not be added at `ply`.
    pub fn into_record_error(
        self,
        text: Option<&str>,
        ply: usize,
        in_variation: bool,
    ) -> RecordError {
        let kind = match self {
            AddError::Text(error) => ErrorKind::Move {
                text: text.unwrap_or_default().to_string(),
                error,
            },
            AddError::Illegal(mv, reason) => match text {
                Some(t) => ErrorKind::Move {
                    text: t.to_string(),
                    error: ParseMoveError::Illegal {
                        text: t.to_string(),
                        mv,
                        reason,
                    },
                },
                None => ErrorKind::IllegalMove { mv, reason },
            },
            AddError::TooDeep => ErrorKind::TooDeep {
                limit: MAX_VARIATION_DEPTH,
            },
            AddError::TooMany => ErrorKind::TooLarge {
                limit: u32::MAX as usize,
            },
            AddError::CounterLimit(mv, counter) => ErrorKind::CounterLimit { mv, counter },
        };
        RecordError::new(kind).with_ply(ply, in_variation)
    }
}
