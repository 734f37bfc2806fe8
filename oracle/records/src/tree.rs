//! Building the move tree while reading: every format says "this move
//! follows that one" or "this move is an alternative to that one", in its
//! own order. The readers add nodes to an arena, each move checked against
//! the position it is played from; the arena then becomes a [`Line`].

use xq_core::notation::{parse_move, parse_move_as};
use xq_core::{IllegalMove, Move, Notation, ParseMoveError, Position};

use crate::error::{ErrorKind, RecordError};
use crate::record::{Line, MoveNode};

/// How deeply variations may nest (a variation of a variation …). Real
/// records stay far below; the bound keeps conversion recursion safe.
pub const MAX_VARIATION_DEPTH: usize = 200;

/// The handle of a node; [`Tree::ROOT`] is the start position.
pub(crate) type NodeId = usize;

struct Node {
    mv: Option<Move>,
    parent: NodeId,
    children: Vec<NodeId>,
    comment: Option<String>,
    pre_comment: Option<String>,
    nags: Vec<u8>,
    after: Position,
    ply: usize,
    depth: usize,
}

/// An arena of moves from one start position.
pub(crate) struct Tree {
    nodes: Vec<Node>,
}

/// Why a move could not be added.
pub(crate) enum AddError {
    Text(ParseMoveError),
    Illegal(Move, IllegalMove),
    TooDeep,
}

impl Tree {
    pub const ROOT: NodeId = 0;

    pub fn new(start: Position) -> Tree {
        Tree {
            nodes: vec![Node {
                mv: None,
                parent: 0,
                children: Vec::new(),
                comment: None,
                pre_comment: None,
                nags: Vec::new(),
                after: start,
                ply: 0,
                depth: 0,
            }],
        }
    }

    pub fn parent(&self, node: NodeId) -> NodeId {
        self.nodes[node].parent
    }

    /// The ply of the next move played after `node`, and whether it would
    /// be off the main line.
    pub fn next_ply(&self, node: NodeId) -> (usize, bool) {
        let n = &self.nodes[node];
        let off_main = n.depth > 0 || !n.children.is_empty();
        (n.ply + 1, off_main)
    }

    /// Adds `mv` after `parent`, checking it is legal there.
    pub fn add_move(&mut self, parent: NodeId, mv: Move) -> Result<NodeId, AddError> {
        let pos = &self.nodes[parent].after;
        pos.check_move(mv).map_err(|r| AddError::Illegal(mv, r))?;
        self.push(parent, mv)
    }

    /// Adds the move a text names after `parent`, in the given notation (or
    /// the one the text looks like).
    pub fn add_text(
        &mut self,
        parent: NodeId,
        text: &str,
        notation: Option<Notation>,
    ) -> Result<NodeId, AddError> {
        let pos = &self.nodes[parent].after;
        let mv = match notation {
            Some(n) => parse_move_as(pos, text, n),
            None => parse_move(pos, text),
        }
        .map_err(AddError::Text)?;
        self.push(parent, mv)
    }

    fn push(&mut self, parent: NodeId, mv: Move) -> Result<NodeId, AddError> {
        let p = &self.nodes[parent];
        let depth = p.depth + usize::from(!p.children.is_empty());
        if depth > MAX_VARIATION_DEPTH {
            return Err(AddError::TooDeep);
        }
        let node = Node {
            mv: Some(mv),
            parent,
            children: Vec::new(),
            comment: None,
            pre_comment: None,
            nags: Vec::new(),
            after: p.after.play_unchecked(mv),
            ply: p.ply + 1,
            depth,
        };
        let id = self.nodes.len();
        self.nodes.push(node);
        self.nodes[parent].children.push(id);
        Ok(id)
    }

    /// Adds a comment after `node` (the opening comment for the root).
    pub fn comment(&mut self, node: NodeId, text: &str) {
        join(&mut self.nodes[node].comment, text);
    }

    /// Adds a comment before `node` (the start of a variation).
    pub fn pre_comment(&mut self, node: NodeId, text: &str) {
        join(&mut self.nodes[node].pre_comment, text);
    }

    pub fn nag(&mut self, node: NodeId, nag: u8) {
        if node != Tree::ROOT {
            self.nodes[node].nags.push(nag);
        }
    }

    /// The main line with its variations.
    pub fn into_line(self) -> Line {
        let mut line = self.line_from(Tree::ROOT, None);
        if let Some(c) = &self.nodes[Tree::ROOT].comment {
            let mut merged = Some(c.clone());
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
    fn line_from(&self, parent: NodeId, first: Option<NodeId>) -> Line {
        let mut line = Line::default();
        let mut current = match first.or_else(|| self.nodes[parent].children.first().copied()) {
            Some(c) => c,
            None => return line,
        };
        line.comment = self.nodes[current].pre_comment.clone();
        let mut at_parent = parent;
        loop {
            let n = &self.nodes[current];
            let mut node = MoveNode::new(n.mv.expect("only the root has no move"));
            node.comment = n.comment.clone();
            node.nags = n.nags.clone();
            // The alternatives to this move are its later siblings, but only
            // for the first child: a variation's own siblings are listed at
            // the main move they replace.
            let siblings = &self.nodes[at_parent].children;
            if siblings.first() == Some(&current) {
                for &alt in &siblings[1..] {
                    node.variations.push(self.line_from(at_parent, Some(alt)));
                }
            }
            line.moves.push(node);
            match n.children.first() {
                Some(&next) => {
                    at_parent = current;
                    current = next;
                }
                None => return line,
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
        };
        RecordError::new(kind).with_ply(ply, in_variation)
    }
}
