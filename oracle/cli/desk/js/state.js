// What the page holds: the game as a tree of moves (the record's main line,
// its variations, and lines entered at the board), the line being shown
// and the ply on it, the ruling of that line, and the arbiter's choices.
// Nothing here draws; the views read S and draw.

export const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const STORE = 'xq-desk';

export const S = {
  info: null,
  words: null,
  lang: 'zh',
  edition: null,
  notation: 'chinese', // chinese | traditional | wxf | iccs
  flipped: false,
  // The game: its start, tags, and a tree of moves. Each node is
  // {iccs, chinese, wxf, comment, nags, children: [node], entered}; the
  // first child is the line the record (or the arbiter) plays on.
  game: null, // {fen, tags, recorded, relaxed, root: {children, comment}, cut}
  path: [], // child indices from the root: the line shown, to its end
  view: null, // the backend's ruling of that line
  prev: null, // the previous view of the same line under another edition
  ply: 0,
  point: null,
  mode: 'view', // view | enter | setup
  selected: null,
  legal: [],
  setup: null,
  library: null, // {games, errors, index, points: Map}
  undo: [],
  redo: [],
};

// ------------------------------------------------------------ the tree

function nodeOf(m) {
  const n = { iccs: m.iccs, chinese: m.chinese, wxf: m.wxf, children: [] };
  if (m.comment) n.comment = m.comment;
  if (m.nags) n.nags = m.nags;
  return n;
}

/** A tree from a record's line (`line` of POST /api/record). */
export function treeOf(line) {
  const root = { children: [], comment: line && line.comment };
  // A variation is an alternative to a move, played from the position
  // before it: its first move is a sibling of that move.
  function grow(parent, moves, before) {
    let at = parent;
    moves.forEach((m, i) => {
      const n = nodeOf(m);
      if (i === 0 && before) n.before = before;
      at.children.push(n);
      for (const v of m.variations || []) if (v.moves.length) grow(at, v.moves, v.comment);
      at = n;
    });
  }
  if (line) grow(root, line.moves);
  return root;
}

/** A tree holding one line of ICCS moves. */
export function treeOfMoves(moves) {
  const root = { children: [] };
  let at = root;
  for (const iccs of moves) {
    const n = { iccs, children: [] };
    at.children.push(n);
    at = n;
  }
  return root;
}

/** The nodes along a path. */
export function nodesOf(path, root = S.game && S.game.root) {
  const out = [];
  let at = root;
  for (const i of path) {
    if (!at || !at.children[i]) break;
    at = at.children[i];
    out.push(at);
  }
  return out;
}

/** The path extended by first children down to the line's end. */
export function toEnd(path, root = S.game && S.game.root) {
  const p = path.slice();
  let at = root;
  for (const i of p) at = at.children[i];
  while (at && at.children.length) {
    p.push(0);
    at = at.children[0];
  }
  return p;
}

/** The ICCS moves of the line shown. */
export function lineMoves() {
  return nodesOf(S.path).map((n) => n.iccs);
}

/** Whether the line shown is the record's own main line. */
export function onMainLine() {
  return S.path.every((i) => i === 0) && !nodesOf(S.path).some((n) => n.entered);
}

/**
 * Plays `mv` (with its notations) after `ply` plies of the line shown. A
 * move the tree already has there is followed; another becomes a new
 * branch beside the existing ones, so nothing of the record is lost.
 * Returns whether a branch was made.
 */
export function playAt(ply, mv) {
  const prefix = S.path.slice(0, ply);
  let at = S.game.root;
  for (const i of prefix) at = at.children[i];
  const known = at.children.findIndex((c) => c.iccs === mv.iccs);
  if (known >= 0) {
    S.path = toEnd(prefix.concat([known]));
    return false;
  }
  const n = { iccs: mv.iccs, chinese: mv.chinese, wxf: mv.wxf, children: [], entered: true };
  at.children.push(n);
  S.path = prefix.concat([at.children.length - 1]);
  return at.children.length > 1;
}

/**
 * Takes back the move before `ply`: a move entered at the board and with
 * nothing after it is removed (undo brings it back); a move of the record
 * is only stepped over.
 */
export function takeBackAt(ply) {
  if (ply <= 0) return false;
  const nodes = nodesOf(S.path);
  const n = nodes[ply - 1];
  const parent = ply === 1 ? S.game.root : nodes[ply - 2];
  if (n && n.entered && !n.children.length) {
    parent.children.splice(S.path[ply - 1], 1);
    // Back on the line that was there before the move (the record's).
    S.path = toEnd(S.path.slice(0, ply - 1));
    return true;
  }
  return false;
}

// ------------------------------------------------------------ undo / redo

function snapshot() {
  return JSON.stringify({ game: S.game, path: S.path, ply: S.ply });
}

/** Call before a change that undo should reverse (or after it, with the
 * state from before). */
export function remember(before) {
  if (!S.game) return;
  S.undo.push(before || snapshot());
  if (S.undo.length > 200) S.undo.shift();
  S.redo = [];
}

function restore(text) {
  const s = JSON.parse(text);
  S.game = s.game;
  S.path = s.path;
  S.ply = s.ply;
}

export function undo() {
  if (!S.undo.length) return false;
  S.redo.push(snapshot());
  restore(S.undo.pop());
  return true;
}

export function redo() {
  if (!S.redo.length) return false;
  S.undo.push(snapshot());
  restore(S.redo.pop());
  return true;
}

// ------------------------------------------------------------ keeping

export function saved() {
  try { return JSON.parse(localStorage.getItem(STORE) || '{}') || {}; } catch (_) { return {}; }
}

export function save() {
  const keep = { lang: S.lang, edition: S.edition, flipped: S.flipped, notation: S.notation };
  if (S.game) {
    const g = { fen: S.game.fen, tags: S.game.tags, recorded: S.game.recorded, relaxed: S.game.relaxed, root: S.game.root, path: S.path, ply: S.ply };
    const text = JSON.stringify(g);
    if (text.length < 400000) keep.game = g;
  }
  try { localStorage.setItem(STORE, JSON.stringify(keep)); } catch (_) { /* storage full or disabled */ }
}

/**
 * A link that reopens the position and ply shown: the start FEN, the
 * line's moves and the ply in the fragment (nothing leaves the machine).
 */
export function linkHere() {
  const p = new URLSearchParams();
  p.set('fen', S.game ? S.game.fen : START_FEN);
  p.set('moves', lineMoves().join(''));
  p.set('ply', String(S.ply));
  if (S.edition) p.set('ed', S.edition);
  p.set('lang', S.lang);
  if (S.game && S.game.relaxed) p.set('relaxed', '1');
  return `${location.origin}${location.pathname}#${p.toString()}`;
}

/** What a link's fragment asks for, or null. */
export function fromLink(hash) {
  if (!hash || hash.length < 2) return null;
  const p = new URLSearchParams(hash.slice(1));
  if (!p.has('fen') && !p.has('moves')) return null;
  const text = p.get('moves') || '';
  if (!/^([a-i][0-9][a-i][0-9])*$/.test(text)) return null;
  const moves = text.match(/.{4}/g) || [];
  return {
    fen: p.get('fen') || START_FEN,
    moves,
    ply: Number(p.get('ply')) || 0,
    edition: p.get('ed'),
    lang: p.get('lang'),
    relaxed: p.get('relaxed') === '1',
  };
}
