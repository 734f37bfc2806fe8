// The move list and the timeline: the line shown, move by move in the
// chosen notation, every ruling point marked, the selected point's whole
// repetition cycle highlighted, the record's comments under their moves,
// and at each move the alternatives the record (or the arbiter) has there
// — a variation is one click, or Enter, away.

import { S, nodesOf } from './state.js';
import { W, term, colon } from './i18n.js';
import { moveText } from './notation.js';

const MARK = { zh: { repetition: '循', 'natural-limit': '限', 'illegal-move': '违', end: '终' }, en: { repetition: 'R', 'natural-limit': 'L', 'illegal-move': 'X', end: 'E' } };

const $ = (id) => document.getElementById(id);

/** Move numbers from the line's start: `numbering()(ply)`. */
function numbering() {
  const parts = (S.view ? S.view.start : S.game ? S.game.fen : '').split(/\s+/);
  const first = Number(parts[5] || 1), blackFirst = parts[1] === 'b';
  return (ply) => {
    const index = ply - 1 + (blackFirst ? 1 : 0);
    return { no: first + Math.floor(index / 2), black: index % 2 === 1 };
  };
}

/** The plies of the selected point's cycle, or null. */
export function cycleSpan() {
  const p = S.view && S.point !== null ? S.view.points[S.point] : null;
  const c = p && p.ruling.cycle;
  return c ? [c.first_ply, c.last_ply] : null;
}

/** The ruling points at each ply, with their indices. */
function pointsByPly() {
  const at = new Map();
  if (S.view) S.view.points.forEach((p, i) => { if (!at.has(p.ply)) at.set(p.ply, []); at.get(p.ply).push([p, i]); });
  return at;
}
const NONE = [];

function button(cls, text, data) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = cls;
  b.textContent = text;
  for (const k in data) b.dataset[k] = data[k];
  return b;
}

/** A variation's first moves, as one line of text. */
function preview(node, ply) {
  const out = [];
  const moveNumber = numbering();
  let at = node, p = ply;
  while (at && out.length < 8) {
    const { no, black } = moveNumber(p);
    out.push(`${black && out.length ? '' : `${no}.${black ? '…' : ''} `}${moveText(at)}`);
    at = at.children[0];
    p += 1;
  }
  return out.join(' ') + (at ? ' …' : '');
}

export function drawMoves() {
  const list = $('movelist');
  list.textContent = '';
  if (!S.view) return;
  const span = cycleSpan();
  const nodes = nodesOf(S.path);
  // Looked up once for the list, not once a move (a 400-ply game).
  const moveNumber = numbering();
  const points = pointsByPly();
  const items = S.view.plies.map((p, i) => ({ ply: p.ply, move: nodes[i] || p, view: p, illegal: false }));
  if (S.view.illegal) items.push({ ply: S.view.illegal.ply, move: { iccs: S.view.illegal.iccs, chinese: S.view.illegal.text, wxf: S.view.illegal.text }, illegal: true });
  let row = null;
  const after = []; // comments and variations under the current row
  const flush = () => {
    for (const e of after) list.appendChild(e);
    after.length = 0;
  };
  if (S.game && S.game.root.comment) {
    const c = document.createElement('li');
    c.className = 'comment';
    c.textContent = S.game.root.comment;
    list.appendChild(c);
  }
  for (const it of items) {
    const { no, black } = moveNumber(it.ply);
    if (!row || !black) {
      flush();
      row = document.createElement('li');
      row.className = 'row';
      const n = document.createElement('span');
      n.className = 'no';
      n.textContent = `${no}.`;
      row.appendChild(n);
      if (black) row.appendChild(document.createElement('span'));
      list.appendChild(row);
    }
    let cls = 'mv';
    if (it.illegal) cls += ' illegal';
    if (it.ply === S.ply && !it.illegal) cls += ' current';
    if (span && it.ply >= span[0] && it.ply <= span[1]) cls += ' cycle';
    const node = it.move;
    if (node.entered) cls += ' entered';
    const mv = button(cls, moveText(node), { ply: it.ply });
    if (it.ply === S.ply && !it.illegal) mv.setAttribute('aria-current', 'step');
    if (it.illegal) mv.disabled = true;
    for (const [p, i] of points.get(it.ply) || NONE) {
      const m = document.createElement('span');
      m.className = 'mark ' + p.kind;
      m.dataset.point = i;
      m.title = term('points', p.kind);
      m.textContent = MARK[S.lang][p.kind];
      mv.appendChild(m);
      mv.setAttribute('aria-label', `${moveText(node)} · ${term('points', p.kind)}`);
    }
    row.appendChild(mv);
    if (node.comment) {
      const c = document.createElement('li');
      c.className = 'comment';
      c.textContent = node.comment;
      after.push(c);
    }
    // The alternatives at this ply: the other children of the node before.
    const parent = it.ply === 1 ? S.game && S.game.root : nodes[it.ply - 2];
    if (parent && !it.illegal && parent.children.length > 1) {
      const chosen = S.path[it.ply - 1];
      parent.children.forEach((alt, k) => {
        if (k === chosen) return;
        const li = document.createElement('li');
        li.className = 'variation';
        const label = k === 0 ? W().mainLine : `${W().variation} ${k}`;
        const b = button('var', `${label}${colon()}${preview(alt, it.ply)}`, { branch: `${it.ply}:${k}` });
        if (alt.before) b.title = alt.before;
        li.appendChild(b);
        if (alt.before) {
          const c = document.createElement('span');
          c.className = 'comment';
          c.textContent = ` ${alt.before}`;
          li.appendChild(c);
        }
        after.push(li);
      });
    }
  }
  flush();
  if (S.game && S.game.cut) {
    const li = document.createElement('li');
    li.className = 'cut';
    li.textContent = `✂ ${W().gameCut(S.game.cut.ply)}${colon()}${S.lang === 'zh' ? S.game.cut.zh : S.game.cut.en}`;
    list.appendChild(li);
  }
}

let shownCurrent = null;
let scrolling = 0;

/** Moves the current-move mark: two buttons change, not the whole list. */
export function markCurrent() {
  const box = $('movelist');
  if (shownCurrent && shownCurrent.isConnected) {
    shownCurrent.classList.remove('current');
    shownCurrent.removeAttribute('aria-current');
  } else for (const m of box.querySelectorAll('.mv.current')) { m.classList.remove('current'); m.removeAttribute('aria-current'); }
  shownCurrent = S.ply > 0 ? box.querySelector(`.mv[data-ply="${S.ply}"]:not(.illegal)`) : null;
  if (!shownCurrent) {
    cancelAnimationFrame(scrolling);
    if (underModal()) scrolling = requestAnimationFrame(keepInView);
    return;
  }
  shownCurrent.classList.add('current');
  shownCurrent.setAttribute('aria-current', 'step');
  // Scroll the list only, never the page; in the next frame, with its own
  // layout: read now, just after the whole list was drawn, the positions
  // forced a layout of every row of it (a 400-ply game) in the same task.
  cancelAnimationFrame(scrolling);
  const mv = shownCurrent;
  scrolling = requestAnimationFrame(() => {
    if (!mv.isConnected) return;
    const top = mv.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - mv.offsetHeight) box.scrollTop = top - box.clientHeight / 2;
    // A list drawn or scrolled under a modal dialog (a library's game,
    // ruled beneath its table): its rows in view, before this frame.
    if (underModal()) keepInView();
  });
}

const underModal = () => !!document.querySelector('dialog[open]');
let inView = [];

/**
 * While a modal dialog is open, the rows in the list's view are drawn
 * (content-visibility would skip them all, desk.css): call as a dialog
 * opens and as the list changes beneath it. With no dialog open, the
 * rows are left to content-visibility again.
 */
export function keepInView() {
  const box = $('movelist');
  for (const li of inView) li.classList.remove('in-view');
  inView = [];
  if (!underModal()) { box.classList.remove('under-modal'); return; }
  box.classList.add('under-modal');
  const items = box.children;
  if (!items.length) return;
  // Offsets of rows content-visibility skips are those of their
  // placeholders, which the rows take the place of: the first row in
  // view found by halving, then each row to the view's end, and two on
  // either side for rows that grow once drawn.
  const base = box.offsetTop, top = box.scrollTop, bottom = top + box.clientHeight;
  let lo = 0, hi = items.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const e = items[mid];
    if (e.offsetTop - base + e.offsetHeight <= top) lo = mid + 1; else hi = mid;
  }
  let end = lo;
  while (end < items.length && items[end].offsetTop - base < bottom) end += 1;
  for (let i = Math.max(0, lo - 2); i < Math.min(items.length, end + 2); i++) {
    if (items[i].classList.contains('row')) { items[i].classList.add('in-view'); inView.push(items[i]); }
  }
}

/** The timeline's cursor alone. */
export function moveCursor() {
  const n = S.view ? Math.max(S.view.plies.length + (S.view.illegal ? 1 : 0), 1) : 1;
  $('timeline-cursor').style.left = `${(100 * S.ply) / n}%`;
}

export function drawTimeline() {
  const t = $('timeline');
  for (const old of t.querySelectorAll('.tick, .band')) old.remove();
  const n = S.view ? Math.max(S.view.plies.length + (S.view.illegal ? 1 : 0), 1) : 1;
  const span = cycleSpan();
  if (span) {
    const band = document.createElement('div');
    band.className = 'band';
    band.style.left = `${(100 * (span[0] - 1)) / n}%`;
    band.style.width = `${(100 * (span[1] - span[0] + 1)) / n}%`;
    t.appendChild(band);
  }
  if (S.view) S.view.points.forEach((p, i) => {
    const b = button(`tick ${p.kind}${S.point === i ? ' selected' : ''}`, '', { point: i });
    b.title = `${W().plyN(p.ply)} · ${term('points', p.kind)}`;
    b.setAttribute('aria-label', b.title);
    b.style.left = `${(100 * p.ply) / n}%`;
    t.appendChild(b);
  });
  $('timeline-cursor').style.left = `${(100 * S.ply) / n}%`;
}
