// The library browser: the games of a collection (CBL, a PGN with many
// games …) in a table — players, event, date, result, plies — with a
// search, next and previous game, and "only games with ruling points",
// for which each game is ruled in turn by the backend (the oracle decides
// what a ruling point is; the page does not guess).

import { S } from './state.js';
import { W, resultText } from './i18n.js';
import { headRow, cell } from './dom.js';

const $ = (id) => document.getElementById(id);

/** A library as the backend lists it: each game's header row (`games`),
 * the first game in full (`first`). A game's moves and tree are asked of
 * the backend when it is opened (`gameAt`), from the file's bytes, which
 * the page keeps while the library is open: the listing of a large
 * library stays small, and quick to read and draw. */
export function setLibrary(data, bytes) {
  const full = new Map();
  if (data.first) full.set(0, data.first);
  S.library = { games: data.games, errors: data.errors, more: data.more, format: data.format, index: 0, points: new Map(), scanning: false, bytes, full };
}

/** Game `i` of the library in full: its moves and tree, asked of the
 * backend (`read(bytes, n)` resolves to `{game}`) the first time. */
export async function gameAt(L, i, read) {
  let g = L.full.get(i);
  if (!g) {
    g = (await read(L.bytes, L.games[i].game)).game;
    L.full.set(i, g);
  }
  return g;
}

/** CBR and CBL (象棋桥) records hold no date of the game: their header's
 * known fields are the title, event, players and result. An empty Date
 * column says so rather than leaving the arbiter to wonder. */
function datesUnrecorded(L) {
  return (L.format === 'cbl' || L.format === 'cbr') && !L.games.some((g) => g.tags.date);
}

function matches(g, q) {
  if (!q) return true;
  const t = g.tags;
  return [t.red, t.black, t.event, t.site, t.date, t.round, t.title].filter(Boolean).join(' ').toLowerCase().includes(q);
}

/** The games the table shows, in order. */
export function shownGames() {
  const L = S.library;
  if (!L) return [];
  const q = $('lib-search').value.trim().toLowerCase();
  const only = $('lib-only').checked;
  return L.games.map((g, i) => [g, i]).filter(([g, i]) => matches(g, q) && (!only || (L.points.get(i) || 0) > 0));
}

/** The rows drawn before the first paint: those the table's box (60% of
 * the window's height) can show, rows taken as 24 px (they are 30-40),
 * and two more; 40 at most. Forty were drawn on any screen, twice what a
 * desktop's box shows: each costs the dialog's opening 0.1 ms of layout. */
const firstRows = () => Math.min(40, Math.ceil((innerHeight * 0.6) / 24) + 2);
const CHUNK = 50;
let drawing = 0;

function row(g, i, L, w) {
  const tr = document.createElement('tr');
  tr.dataset.game = i;
  if (i === L.index) tr.className = 'current';
  const t = g.tags;
  const first = document.createElement('td');
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'lib-load';
  b.dataset.game = i;
  b.textContent = String(g.game);
  b.setAttribute('aria-label', `${w.load} ${g.game}: ${[t.red, t.black].filter(Boolean).join(' — ')}`);
  first.appendChild(b);
  tr.appendChild(first);
  const pts = L.points.get(i);
  for (const v of [t.red, t.black, t.event || t.title, t.date, resultText(t.result), String(g.plies), pts === undefined ? '…' : String(pts)]) cell(tr, v || '');
  return tr;
}

export function drawLibrary() {
  const L = S.library;
  const table = $('lib-table');
  table.textContent = '';
  if (!L) return;
  const w = W();
  const thead = document.createElement('thead');
  thead.appendChild(headRow(w.libCols));
  table.appendChild(thead);
  const body = document.createElement('tbody');
  table.appendChild(body);
  const rows = shownGames();
  // The rows an arbiter sees first at once, the rest a chunk per frame
  // after: a keystroke in the search box costs one frame, whatever the
  // library's size. (Chunks queued as plain tasks ran before the first
  // paint, all of them.)
  const gen = ++drawing;
  const add = (from, to) => {
    const frag = document.createDocumentFragment();
    for (const [g, i] of rows.slice(from, to)) frag.appendChild(row(g, i, L, w));
    body.appendChild(frag);
  };
  const first = firstRows();
  add(0, first);
  const more = (from) => {
    if (from >= rows.length) return;
    // After the next frame is painted.
    requestAnimationFrame(() => setTimeout(() => {
      if (gen !== drawing) return;
      add(from, from + CHUNK);
      more(from + CHUNK);
    }, 0));
  };
  more(first);
  $('lib-count').textContent = w.libShown(rows.length, L.games.length) + (datesUnrecorded(L) ? w.libNoDates : '');
}

/**
 * Rules every game not yet ruled, one at a time, and redraws as the
 * counts come in. `moves(bytes)` resolves to every game's start and
 * moves (asked once), `rule(game)` to a view; stops when the dialog
 * closes or another library is opened.
 */
export async function scanPoints(moves, rule) {
  const L = S.library;
  if (!L || L.scanning) return;
  L.scanning = true;
  const todo = L.games.map((g, i) => i).filter((i) => !L.points.has(i));
  let done = L.games.length - todo.length;
  if (todo.length && !L.lines) {
    try {
      L.lines = new Map((await moves(L.bytes)).games.map((g) => [g.game, g]));
    } catch (e) {
      L.scanning = false;
      throw e;
    }
  }
  for (const i of todo) {
    if (S.library !== L || !$('library-dialog').open || !$('lib-only').checked) break;
    $('lib-status').textContent = W().libScanning(done, L.games.length);
    try {
      const v = await rule(L.lines.get(L.games[i].game));
      L.points.set(i, v.points.filter((p) => p.kind !== 'end').length);
    } catch (_) {
      L.points.set(i, 0);
    }
    done += 1;
    if (done % 10 === 0 || done === L.games.length) drawLibrary();
  }
  L.scanning = false;
  $('lib-status').textContent = done === L.games.length ? '' : W().libScanning(done, L.games.length);
  drawLibrary();
}
