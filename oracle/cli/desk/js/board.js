// The board as it is drawn: the printed convention (Red at the bottom,
// Red's files 九…一 right to left at the bottom, Black's 1…9 at the top),
// the pieces in the page's own embedded font (no system CJK font needed),
// the last move, a king in check, and for a ruling the cycle's moves as
// numbered arrows that curve so that a one-step move stays readable, and
// the chased pieces ringed. The same drawing serves the main board, the
// ruling's picture, the report and the SVG/PNG export.
//
// Over the main board lies a grid of 90 focusable points (role=grid), so a
// screen reader reads the board square by square and a keyboard moves
// across it with the arrow keys and picks and drops with Enter.

import { START_FEN } from './state.js';
import { redFileLabel } from './notation.js';

// The pieces as drawn, by FEN letter: needed for the first frame, before the
// oracle's words come; a test (desk_http.rs) holds it to them (`drawn_*`).
export const GLYPH = { K: '帅', A: '仕', B: '相', N: '傌', R: '俥', C: '炮', P: '兵', k: '将', a: '士', b: '象', n: '馬', r: '車', c: '砲', p: '卒' };
export const FILES = 'abcdefghi';
const CELL = 58, MARGIN = 58;
export const WIDTH = 2 * MARGIN + 8 * CELL, HEIGHT = 2 * MARGIN + 9 * CELL;
const NS = 'http://www.w3.org/2000/svg';
const PIECE_FONT = "'XQ Pieces', 'Noto Serif CJK SC', 'Songti SC', 'SimSun', serif";
const LABEL_FONT = "'XQ Text', 'Noto Sans CJK SC', sans-serif";

/** The pieces of a FEN by square, and the side to move. */
export function parseFen(fen) {
  const f = !fen || fen === 'startpos' ? START_FEN : fen;
  const [placement, turn] = f.trim().split(/\s+/);
  const squares = {};
  placement.split('/').forEach((row, i) => {
    const rank = 9 - i;
    let file = 0;
    for (const ch of row) {
      if (/[0-9]/.test(ch)) file += Number(ch);
      else { squares[FILES[file] + rank] = ch; file += 1; }
    }
  });
  return { squares, turn: turn === 'b' ? 'b' : 'w' };
}

/** A FEN from pieces by square and the side to move. */
export function toFen(squares, turn) {
  const rows = [];
  for (let r = 9; r >= 0; r--) {
    let row = '', empty = 0;
    for (let f = 0; f < 9; f++) {
      const p = squares[FILES[f] + r];
      if (p) { if (empty) row += empty; empty = 0; row += p; } else empty++;
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return `${rows.join('/')} ${turn} - - 0 1`;
}

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

export function xy(sq, flipped) {
  let f = FILES.indexOf(sq[0]), r = Number(sq[1]);
  if (flipped) { f = 8 - f; r = 9 - r; }
  return [MARGIN + f * CELL, MARGIN + (9 - r) * CELL];
}

const isRed = (p) => p === p.toUpperCase();

/**
 * Draws into `svg` (emptied first). `o`: {squares, flipped, last: iccs,
 * check: bool (the side to move's king is in check), turn, selected,
 * dests: [sq], arrows: [{iccs, n, side}], rings: [sq], lang, highlight}.
 */
export function drawBoard(svg, o) {
  svg.textContent = '';
  svg.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
  svg.setAttribute('xmlns', NS);
  el('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT, fill: '#f3d9a4', rx: 8 }, svg);
  const g = el('g', { stroke: '#5b3a1a', 'stroke-width': 1.5, fill: 'none' }, svg);
  for (let r = 0; r < 10; r++) el('line', { x1: MARGIN, y1: MARGIN + r * CELL, x2: MARGIN + 8 * CELL, y2: MARGIN + r * CELL }, g);
  for (let f = 0; f < 9; f++) {
    const x = MARGIN + f * CELL;
    if (f === 0 || f === 8) el('line', { x1: x, y1: MARGIN, x2: x, y2: MARGIN + 9 * CELL }, g);
    else {
      el('line', { x1: x, y1: MARGIN, x2: x, y2: MARGIN + 4 * CELL }, g);
      el('line', { x1: x, y1: MARGIN + 5 * CELL, x2: x, y2: MARGIN + 9 * CELL }, g);
    }
  }
  for (const top of [0, 7]) {
    const x0 = MARGIN + 3 * CELL, x1 = MARGIN + 5 * CELL, y0 = MARGIN + top * CELL, y1 = MARGIN + (top + 2) * CELL;
    el('line', { x1: x0, y1: y0, x2: x1, y2: y1 }, g);
    el('line', { x1: x1, y1: y0, x2: x0, y2: y1 }, g);
  }
  const river = el('g', { 'font-size': 24, fill: '#8a6d3b', 'text-anchor': 'middle', 'font-family': PIECE_FONT }, svg);
  const ry = MARGIN + 4.5 * CELL + 9;
  el('text', { x: MARGIN + 2 * CELL, y: ry }, river).textContent = '楚 河';
  el('text', { x: MARGIN + 6 * CELL, y: ry }, river).textContent = '漢 界';
  const labels = el('g', { 'font-size': 16, fill: '#3a2a10', 'text-anchor': 'middle', class: 'files', 'font-family': LABEL_FONT }, svg);
  for (let f = 0; f < 9; f++) {
    const x = MARGIN + (o.flipped ? 8 - f : f) * CELL;
    const red = redFileLabel(f), blk = String(f + 1);
    el('text', { x, y: MARGIN + 9 * CELL + 46, class: 'file-bottom' }, labels).textContent = o.flipped ? blk : red;
    el('text', { x, y: MARGIN - 34, class: 'file-top' }, labels).textContent = o.flipped ? red : blk;
  }
  if (o.last) {
    for (const sq of [o.last.slice(0, 2), o.last.slice(2, 4)]) {
      const [x, y] = xy(sq, o.flipped);
      el('rect', { x: x - 27, y: y - 27, width: 54, height: 54, rx: 6, fill: 'rgba(28,95,184,0.16)', stroke: '#0b4ea2', 'stroke-width': 3, class: 'last-move' }, svg);
    }
  }
  for (const sq of o.rings || []) {
    const [x, y] = xy(sq, o.flipped);
    el('circle', { cx: x, cy: y, r: 29, fill: 'none', stroke: '#d35400', 'stroke-width': 3, 'stroke-dasharray': '5 4', class: 'ring' }, svg);
  }
  for (const sq in o.squares) {
    const p = o.squares[sq];
    const [x, y] = xy(sq, o.flipped);
    const color = isRed(p) ? '#b3141b' : '#1d1d1f';
    const pg = el('g', { class: 'piece', 'data-sq': sq, 'data-piece': p }, svg);
    const sel = o.selected === sq;
    el('circle', { cx: x, cy: y, r: 24, fill: sel ? '#ffd769' : '#fbeed2', stroke: color, 'stroke-width': sel ? 4 : 2.5 }, pg);
    el('circle', { cx: x, cy: y, r: 20, fill: 'none', stroke: color, 'stroke-width': 1 }, pg);
    el('text', { x, y: y + 9, 'font-size': 26, 'text-anchor': 'middle', fill: color, 'font-family': PIECE_FONT, 'font-weight': 700 }, pg).textContent = GLYPH[p] || '?';
  }
  if (o.check) {
    const king = o.turn === 'b' ? 'k' : 'K';
    for (const sq in o.squares) if (o.squares[sq] === king) {
      const [x, y] = xy(sq, o.flipped);
      el('circle', { cx: x, cy: y, r: 28, fill: 'none', stroke: '#c0262d', 'stroke-width': 3.5, class: 'in-check' }, svg);
    }
  }
  for (const sq of o.dests || []) {
    const [x, y] = xy(sq, o.flipped);
    el('circle', { cx: x, cy: y, r: 8, fill: '#0b4ea2', 'fill-opacity': 0.7, class: 'dest' }, svg);
  }
  if (o.arrows && o.arrows.length) drawArrows(svg, o.arrows, o.flipped);
}

/**
 * The cycle's moves as arrows. Each is a curve bowed to one side (the
 * side alternating with the number), ending short of its target, with its
 * number in a disc at the bow: two moves between the same points, or a
 * one-step move beside a piece, stay apart and legible.
 */
function drawArrows(svg, arrows, flipped) {
  const defs = el('defs', {}, svg);
  for (const [id, color] of [['ah-red', '#b3141b'], ['ah-black', '#1d1d1f']]) {
    const m = el('marker', { id, viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto-start-reverse' }, defs);
    el('path', { d: 'M0,0 L10,5 L0,10 z', fill: color }, m);
  }
  const g = el('g', { class: 'arrows' }, svg);
  for (const a of arrows) {
    const [x1, y1] = xy(a.iccs.slice(0, 2), flipped);
    const [x2, y2] = xy(a.iccs.slice(2, 4), flipped);
    const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy) || 1;
    // Bowed far enough that the number clears both pieces of a one-step
    // move (their discs are 24 units, the number's 11).
    const bow = (a.n % 2 ? 1 : -1) * Math.max(50, Math.min(64, len * 0.2));
    const nx = -dy / len, ny = dx / len;
    const cx = (x1 + x2) / 2 + nx * bow, cy = (y1 + y2) / 2 + ny * bow;
    // End a little short of the target's centre, along the curve's tangent.
    const tx = x2 - cx, ty = y2 - cy, tl = Math.hypot(tx, ty) || 1;
    const ex = x2 - (tx / tl) * 12, ey = y2 - (ty / tl) * 12;
    const color = a.side === 'red' ? '#b3141b' : '#1d1d1f';
    el('path', { d: `M${x1},${y1} Q${cx},${cy} ${ex},${ey}`, fill: 'none', stroke: '#fff', 'stroke-width': 7, 'stroke-opacity': 0.75 }, g);
    el('path', { d: `M${x1},${y1} Q${cx},${cy} ${ex},${ey}`, fill: 'none', stroke: color, 'stroke-width': 3.5, 'marker-end': `url(#ah-${a.side === 'red' ? 'red' : 'black'})`, class: 'arrow', 'data-n': a.n }, g);
    // The bow's apex of a quadratic curve is halfway to its control point.
    const lx = (x1 + x2) / 4 + cx / 2, ly = (y1 + y2) / 4 + cy / 2;
    el('circle', { cx: lx, cy: ly, r: 11, fill: '#fff', stroke: color, 'stroke-width': 2 }, g);
    el('text', { x: lx, y: ly + 5, 'font-size': 14, 'font-weight': 700, 'text-anchor': 'middle', fill: color, 'font-family': 'sans-serif', class: 'arrow-n' }, g).textContent = String(a.n);
  }
}

/** A standalone SVG document of a drawing, with the pieces' font inside. */
export function boardSvgText(o, fontCss) {
  const svg = document.createElementNS(NS, 'svg');
  drawBoard(svg, o);
  svg.setAttribute('width', WIDTH);
  svg.setAttribute('height', HEIGHT);
  if (fontCss) {
    const style = document.createElementNS(NS, 'style');
    style.textContent = fontCss;
    svg.insertBefore(style, svg.firstChild);
  }
  return new XMLSerializer().serializeToString(svg);
}

// ------------------------------------------------------------ the grid

/**
 * The focusable grid over the main board: 10 rows of 9 points in the
 * order they are seen (flipped with the board). `label(sq)` names a
 * point's content; `onPick(sq)` is a click or Enter on it.
 */
export function drawGrid(grid, o, label, onPick) {
  const order = o.flipped ? 'flipped' : 'plain';
  if (grid.dataset.order !== order) {
    // The cells in the order they are seen; built once per orientation,
    // relabelled in place on every step.
    const focused = document.activeElement && grid.contains(document.activeElement) ? document.activeElement.dataset.sq : null;
    const keep = focused || grid.dataset.cursor || (o.flipped ? 'e9' : 'e0');
    grid.textContent = '';
    grid.dataset.order = order;
    for (let row = 0; row < 10; row++) {
      const r = document.createElement('div');
      r.setAttribute('role', 'row');
      for (let col = 0; col < 9; col++) {
        const f = o.flipped ? 8 - col : col;
        const rank = o.flipped ? row : 9 - row;
        const sq = FILES[f] + rank;
        const c = document.createElement('div');
        c.setAttribute('role', 'gridcell');
        c.className = 'pt';
        c.dataset.sq = sq;
        c.tabIndex = sq === keep ? 0 : -1;
        r.appendChild(c);
      }
      grid.appendChild(r);
    }
    if (focused) {
      const c = grid.querySelector(`[data-sq="${focused}"]`);
      if (c) c.focus({ preventScroll: true });
    }
  }
  for (const c of grid.querySelectorAll('.pt')) {
    const sq = c.dataset.sq;
    const l = label(sq);
    if (c.getAttribute('aria-label') !== l) c.setAttribute('aria-label', l);
    if (o.selected === sq) c.setAttribute('aria-selected', 'true');
    else if (c.hasAttribute('aria-selected')) c.removeAttribute('aria-selected');
  }
  if (!grid.dataset.wired) {
    grid.dataset.wired = '1';
    grid.addEventListener('click', (ev) => {
      const c = ev.target.closest('.pt');
      if (c) { grid.dataset.cursor = c.dataset.sq; onPick(c.dataset.sq); }
    });
    grid.addEventListener('keydown', (ev) => {
      const c = ev.target.closest('.pt');
      if (!c) return;
      const cells = [...grid.querySelectorAll('.pt')];
      const i = cells.indexOf(c);
      let j = null;
      if (ev.key === 'ArrowLeft') j = i % 9 ? i - 1 : i;
      else if (ev.key === 'ArrowRight') j = i % 9 < 8 ? i + 1 : i;
      else if (ev.key === 'ArrowUp') j = i >= 9 ? i - 9 : i;
      else if (ev.key === 'ArrowDown') j = i < 81 ? i + 9 : i;
      else if (ev.key === 'Enter' || ev.key === ' ') {
        ev.preventDefault();
        ev.stopPropagation();
        grid.dataset.cursor = c.dataset.sq;
        onPick(c.dataset.sq);
        return;
      } else return;
      ev.preventDefault();
      ev.stopPropagation();
      c.tabIndex = -1;
      cells[j].tabIndex = 0;
      cells[j].focus();
      grid.dataset.cursor = cells[j].dataset.sq;
    });
  }
}
