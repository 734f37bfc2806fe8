// The arbiter's desk (裁判台): what the controls do. The page asks the
// oracle only through the backend object (backend.js); the views draw
// what the state holds (state.js): the board (board.js), the move list
// (movelist.js), the ruling (ruling.js), the report (report.js), the
// library (library.js).

import { pickBackend, BackendError } from './backend.js';
import * as st from './state.js';
import { S, START_FEN } from './state.js';
import { W, UI, LANGUAGES, term, sideName, colon } from './i18n.js';
import { NOTATIONS, NOTATION_NAMES, moveText } from './notation.js';
import { drawBoard, drawGrid, parseFen, toFen, GLYPH } from './board.js';
import { drawMoves, drawTimeline, markCurrent, moveCursor, keepInView } from './movelist.js';
import { drawPoints, drawRuling, drawSummary, drawChanges, drawCompare, selectedPoint, fenAt } from './ruling.js';
import { setLibrary, drawLibrary, shownGames, scanPoints, gameAt } from './library.js';
import * as report from './report.js';
import * as share from './share.js';

const backend = pickBackend();
const $ = (id) => document.getElementById(id);
const root = document.documentElement;

// ------------------------------------------------------------ messages

function say(text, isError) {
  const m = isError ? $('message-error') : $('message');
  const other = isError ? $('message') : $('message-error');
  other.hidden = true;
  m.textContent = text || '';
  m.hidden = !text;
}
function sayError(e) {
  if (e && e.name === 'AbortError') return;
  if (e instanceof BackendError) say(S.lang === 'zh' ? e.info.zh : e.info.en, true);
  else say(String(e && e.message ? e.message : e), true);
}
function announce(text) {
  const a = $('announce');
  a.textContent = '';
  // A new node, so that the same words twice are read twice.
  setTimeout(() => { a.textContent = text; }, 30);
}

// ------------------------------------------------------------ ruling a line

let ruling = null; // the request in flight, aborted when superseded

/**
 * Rules on the line shown and draws it. `o.ply` is the ply to show
 * (default: the end), `o.keepPoint` keeps the selected point, `o.compare`
 * shows what changed against the previous view.
 */
async function rule(o = {}) {
  if (!S.game) return;
  if (ruling) ruling.abort();
  const mine = new AbortController();
  ruling = mine;
  const moves = st.lineMoves();
  const whole = st.onMainLine() && moves.length === st.toEnd([]).length;
  const began = performance.now();
  root.dataset.ready = 'loading';
  let view;
  try {
    view = await backend.rule({ fen: S.game.fen, moves, relaxed: S.game.relaxed, recorded: whole ? S.game.recorded : null }, { edition: S.edition, lang: S.lang, signal: mine.signal });
  } finally {
    if (ruling === mine) ruling = null;
  }
  if (mine.signal.aborted) return;
  const old = S.view;
  S.prev = o.compare && old ? old : null;
  S.view = view;
  const n = view.plies.length;
  S.ply = o.ply === undefined ? n : Math.max(0, Math.min(o.ply, n));
  if (!o.keepPoint) S.point = null;
  if (S.point !== null && S.point >= view.points.length) S.point = null;
  S.selected = null;
  drawAll();
  drawChanges();
  root.dataset.ruledMs = (performance.now() - began).toFixed(1);
  root.dataset.serverMs = view.millis.toFixed(1);
  root.dataset.ready = 'game';
  st.save();
  if (S.mode === 'enter') refreshLegal();
}

/** A new game replaces the shown one (and its history). */
async function loadGame(g, o = {}) {
  S.game = { fen: g.fen || START_FEN, tags: g.tags || {}, recorded: g.recorded || null, relaxed: !!g.relaxed, root: g.root || st.treeOfMoves(g.moves || []), cut: g.cut || null };
  S.path = g.path || st.toEnd([]);
  S.undo = [];
  S.redo = [];
  S.prev = null;
  S.point = null;
  report.prefill();
  await rule(o);
}

function clearGame() {
  S.game = null;
  S.view = null;
  S.path = [];
  S.ply = 0;
  S.point = null;
  S.prev = null;
  drawAll();
  drawChanges();
}

// ------------------------------------------------------------ drawing

function pieceWords(p) {
  const info = S.words && S.words.pieces[p.toUpperCase()];
  const red = p === p.toUpperCase();
  if (!info) return p;
  return S.lang === 'zh' ? `${red ? '红' : '黑'}${red ? info.zh_red : info.zh_black}` : `${red ? 'Red' : 'Black'} ${info.en}`;
}

function boardState() {
  if (S.mode === 'setup') return { squares: S.setup.squares, turn: S.setup.turn, flipped: S.flipped };
  const fen = fenAt(S.ply) || START_FEN;
  const b = parseFen(fen);
  const last = S.view && S.ply > 0 ? S.view.plies[S.ply - 1] : null;
  const dests = S.mode === 'enter' && S.selected ? S.legal.filter((m) => m.slice(0, 2) === S.selected).map((m) => m.slice(2)) : [];
  return { squares: b.squares, turn: b.turn, flipped: S.flipped, last: last && last.iccs, check: !!(last && last.check), selected: S.selected, dests };
}

function drawMain() {
  const b = boardState();
  drawBoard($('board'), b);
  const w = W();
  drawGrid($('grid'), b, (sq) => w.sq(sq, b.squares[sq] ? pieceWords(b.squares[sq]) : w.empty), pick);
  $('grid').setAttribute('aria-label', `${w.boardGrid} · ${b.turn === 'b' ? w.turnBlack : w.turnRed}`);
}

function drawPly() {
  const n = S.view ? S.view.plies.length : 0;
  $('ply-label').textContent = S.ply === 0 ? `${W().start} / ${n}` : W().plyOf(S.ply, n);
  $('jump-ply').max = String(n);
  markCurrent();
  moveCursor();
  drawMain();
  root.dataset.ply = S.ply;
  const inVar = S.game && !st.onMainLine();
  $('line-note').hidden = !inVar;
  $('line-note').textContent = inVar ? W().inVariation : '';
  $('take-back').disabled = !S.view || S.ply === 0;
  $('undo').disabled = !S.undo.length;
  $('redo').disabled = !S.redo.length;
}

function drawWelcome() {
  const box = $('welcome');
  box.hidden = !!S.game;
  $('welcome-title').textContent = W().welcomeTitle;
  const ol = $('welcome-steps');
  ol.textContent = '';
  for (const s of W().welcome) {
    const li = document.createElement('li');
    li.textContent = s;
    ol.appendChild(li);
  }
}

function drawLibraryBar() {
  const L = S.library;
  $('lib-nav').hidden = !L || L.games.length < 2;
  if (L) $('lib-pos').textContent = W().gameOf(L.index + 1, L.games.length);
}

function drawAll() {
  applyWords();
  drawMoves();
  drawTimeline();
  drawPly();
  drawPoints();
  drawRuling();
  drawSummary();
  drawWelcome();
  drawLibraryBar();
}

function step(to, { speak = true } = {}) {
  const n = S.view ? S.view.plies.length : 0;
  const was = S.ply;
  S.ply = Math.max(0, Math.min(n, to));
  S.selected = null;
  drawPly();
  saveSoon();
  if (S.mode === 'enter') refreshLegal();
  if (speak && S.ply !== was) announce(moveWords(S.ply));
}

// Stepping keeps the ply for the next visit, once the arbiter pauses:
// writing the whole game to storage on every key would cost a frame.
let saving = null;
function saveSoon() {
  clearTimeout(saving);
  saving = setTimeout(st.save, 400);
}

/** A ply in words, for the screen reader. */
function moveWords(ply) {
  const w = W();
  if (!S.view || ply === 0) return w.announceStart;
  const p = S.view.plies[ply - 1];
  const before = parseFen(fenAt(ply - 1));
  const captured = before.squares[p.iccs.slice(2, 4)];
  let text = `${moveText(p)} (${p.iccs.slice(0, 2)}–${p.iccs.slice(2, 4)})`;
  if (captured) text += `, ${w.takes(pieceWords(captured))}`;
  if (p.check) text += `, ${w.check}`;
  const pts = S.view.points.filter((x) => x.ply === ply).map((x) => term('points', x.kind));
  if (pts.length) text += ` · ${pts.join(', ')}`;
  return w.said(ply, sideName(p.side), text);
}

function selectPoint(i, jump) {
  if (!S.view || !S.view.points[i]) return;
  S.point = i;
  drawPoints();
  drawMoves();
  drawTimeline();
  drawRuling();
  if (jump) step(Math.min(S.view.points[i].ply, S.view.plies.length));
  else drawPly();
  if ($('report-dialog').open) report.drawSheet();
}

// ------------------------------------------------------------ records

/** A file's bytes, held in memory as a Blob: the library's games are read
 * from them again as each is opened (a File is read from the disk when it
 * is sent, and fails once the file is moved or changed). A Blob, unlike an
 * ArrayBuffer, is sent without blocking the page's thread: Chromium spent
 * 100-500 ms on it for a 1.3 MB library (two cores, under load). */
async function held(f) {
  return new Blob([await f.arrayBuffer()]);
}

/** `bytes`: the record as a Blob. */
async function readRecord(bytes) {
  let data;
  try {
    data = await backend.readRecord(bytes);
  } catch (e) {
    // Nothing of the refused record is shown, and the previous game is
    // no longer on the board beneath the message.
    clearGame();
    S.library = null;
    drawLibraryBar();
    const info = e instanceof BackendError ? e.info : null;
    const why = info ? (S.lang === 'zh' ? info.zh : info.en) : String(e);
    say(`${W().recordRefused}\n${why}`, true);
    root.dataset.ready = 'refused';
    return;
  }
  setLibrary(data, bytes);
  let note = data.games.length > 1 ? W().loadedGames(data.games.length) : '';
  if (data.errors.length) {
    const first = data.errors[0];
    note += `${note ? '\n' : ''}${W().badGames(data.errors.length)} ${S.lang === 'zh' ? first.zh : first.en}`;
  }
  const first = data.games[0];
  if (first && first.cut) note += `${note ? '\n' : ''}${cutText(first)}`;
  // A library's table is shown at once; its first game is ruled beneath
  // it meanwhile (the table waited for that ruling).
  const loaded = loadLibraryGame(0);
  if (data.games.length > 1) openLibrary();
  await loaded;
  say(note, !!data.errors.length || !!(first && first.cut));
}

async function loadLibraryGame(i) {
  const L = S.library;
  if (!L || !L.games[i]) return;
  L.index = i;
  // The listing holds each game's header; its moves are asked for now.
  const g = await gameAt(L, i, backend.readGame);
  if (S.library !== L || L.index !== i) return;
  await loadGame({
    fen: g.fen, tags: g.tags, recorded: g.tags.result === '*' ? null : g.tags.result, relaxed: true,
    root: g.line ? st.treeOf(g.line) : st.treeOfMoves(g.moves), cut: g.cut || null,
  });
  if (g.truncated) say(S.lang === 'zh' ? g.truncated.zh : g.truncated.en, true);
  // A record cut short by a bad move: its first plies are on the board and
  // ruled; the message says where it breaks and why.
  if (g.cut) say(cutText(g), true);
}

function cutText(g) {
  return `${W().gameCut(g.cut.ply)}${colon()}${S.lang === 'zh' ? g.cut.zh : g.cut.en}`;
}

function openLibrary() {
  drawLibrary();
  openDialog('library-dialog');
}

// ------------------------------------------------------------ entering moves

async function refreshLegal() {
  try {
    const d = await backend.position(fenAt(S.ply) || START_FEN, true);
    S.legal = d.legal;
  } catch (_) { S.legal = []; }
  drawMain();
}

function pick(sq) {
  if (S.mode === 'setup') return clickSetup(sq);
  if (S.mode !== 'enter') {
    // A click on the board starts entering moves from the ply shown.
    setMode('enter');
  }
  clickEnter(sq).catch(sayError);
}

async function clickEnter(sq) {
  const here = parseFen(fenAt(S.ply) || START_FEN);
  const p = here.squares[sq];
  const own = !!p && ((here.turn === 'w') === (p === p.toUpperCase()));
  if (S.selected === sq) { S.selected = null; drawMain(); return; }
  if (own) { S.selected = sq; say(''); drawMain(); return; }
  if (S.selected) await tryMove(S.selected + sq);
}

async function tryMove(mv) {
  const fen = fenAt(S.ply) || START_FEN;
  S.selected = null;
  const d = await backend.checkMove(fen, mv, true);
  if (!d.ok) {
    say(`${W().refused}${d.iccs} — ${S.lang === 'zh' ? d.zh : d.en}`, true);
    root.dataset.refused = d.code;
    drawMain();
    return;
  }
  say('');
  if (!S.game) {
    S.game = { fen, tags: {}, recorded: null, relaxed: true, root: { children: [] } };
    S.path = [];
  }
  st.remember();
  const ply = S.ply;
  const branched = st.playAt(ply, d);
  await rule({ ply: ply + 1 });
  if (branched) say(W().branched(ply + 1));
  announce(moveWords(S.ply));
}

async function takeBack() {
  if (!S.view || S.ply === 0) return;
  const ply = S.ply;
  const before = JSON.stringify({ game: S.game, path: S.path, ply: S.ply });
  if (st.takeBackAt(ply)) {
    st.remember(before);
    await rule({ ply: ply - 1 });
    say(W().tookBack);
  } else step(ply - 1);
}

async function undoRedo(which) {
  const ok = which === 'undo' ? st.undo() : st.redo();
  if (!ok) { say(W().nothingToUndo); return; }
  await rule({ ply: S.ply });
}

function setMode(mode) {
  S.mode = mode;
  S.selected = null;
  $('enter').setAttribute('aria-pressed', mode === 'enter' ? 'true' : 'false');
  $('setup-panel').hidden = mode !== 'setup';
  root.dataset.mode = mode;
  if (mode === 'enter') { say(W().enterHint); refreshLegal(); }
  drawMain();
}

// ------------------------------------------------------------ set-up

function drawPalette() {
  const pal = $('palette');
  pal.textContent = '';
  for (const p of 'KABNRCPkabnrcp-') {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.tool = p;
    b.className = p !== '-' && p === p.toUpperCase() ? 'red' : '';
    b.textContent = p === '-' ? W().eraser : GLYPH[p];
    if (p !== '-') b.setAttribute('aria-label', pieceWords(p));
    b.setAttribute('aria-pressed', S.setup && S.setup.tool === p ? 'true' : 'false');
    pal.appendChild(b);
  }
}

function startSetup() {
  stopAutoplay();
  const b = parseFen(fenAt(S.ply) || START_FEN);
  // A new position starts with Red to move unless the arbiter says so.
  S.setup = { squares: b.squares, tool: 'R', turn: 'w' };
  for (const r of document.querySelectorAll('input[name=turn]')) r.checked = r.value === 'w';
  setMode('setup');
  drawPalette();
  say(W().setupHint);
  $('setup-panel').scrollIntoView({ block: 'nearest' });
}

function clickSetup(sq) {
  const s = S.setup;
  if (s.tool === '-' || s.squares[sq] === s.tool) delete s.squares[sq];
  else s.squares[sq] = s.tool;
  drawMain();
}

async function finishSetup() {
  const turn = document.querySelector('input[name=turn]:checked').value;
  const relaxed = $('setup-relaxed').checked;
  try {
    const d = await backend.position(toFen(S.setup.squares, turn), relaxed);
    setMode('enter');
    await loadGame({ fen: d.fen, moves: [], relaxed }, { ply: 0 });
    say(W().enterHint);
  } catch (e) { sayError(e); }
}

// ------------------------------------------------------------ autoplay

let timer = null;
function stopAutoplay() {
  if (timer) clearInterval(timer);
  timer = null;
  $('autoplay').setAttribute('aria-pressed', 'false');
  $('autoplay').textContent = W().autoplay;
}
function toggleAutoplay() {
  if (timer) { stopAutoplay(); return; }
  if (!S.view) return;
  if (S.ply >= S.view.plies.length) step(0);
  $('autoplay').setAttribute('aria-pressed', 'true');
  $('autoplay').textContent = W().stop;
  timer = setInterval(() => {
    if (!S.view || S.ply >= S.view.plies.length) { stopAutoplay(); return; }
    step(S.ply + 1, { speak: false });
    if (S.ply >= S.view.plies.length) stopAutoplay();
  }, Number($('autoplay-speed').value) || 1000);
}

// ------------------------------------------------------------ words

// What the page's words were last written for: a game ruled (drawAll)
// left them as they were, and writing them again replaced the text of
// every labelled control and the options of the three menus, which the
// next frame then styled and laid out anew (600 elements).
let wordsWritten = [];

function applyWords() {
  const now = [S.lang, S.words, S.edition, S.notation, S.mode];
  if (now.every((v, i) => v === wordsWritten[i])) return;
  wordsWritten = now;
  const w = W();
  root.lang = S.lang === 'zh' ? 'zh-Hans' : 'en';
  for (const e of document.querySelectorAll('[data-i18n]')) {
    const v = w[e.dataset.i18n];
    if (typeof v === 'string') e.textContent = v;
  }
  for (const e of document.querySelectorAll('[data-i18n-label]')) {
    const v = w[e.dataset.i18nLabel];
    if (typeof v === 'string') { e.setAttribute('aria-label', v); e.title = v; }
  }
  for (const e of document.querySelectorAll('[data-i18n-placeholder]')) e.placeholder = w[e.dataset.i18nPlaceholder];
  const sel = $('edition');
  if (S.words) {
    sel.textContent = '';
    for (const e of S.words.editions) {
      const o = document.createElement('option');
      o.value = e.id;
      o.textContent = S.lang === 'zh' ? e.zh : e.en;
      sel.appendChild(o);
    }
    sel.value = S.edition;
  }
  const nsel = $('notation');
  nsel.textContent = '';
  for (const n of NOTATIONS) {
    const o = document.createElement('option');
    o.value = n;
    o.textContent = NOTATION_NAMES[S.lang][n];
    nsel.appendChild(o);
  }
  nsel.value = S.notation;
  // Written here, not in the page: Chromium keeps the first font it drew a
  // menu with, and on a narrow screen that was a fallback without CJK
  // (中文 as two empty boxes) when the menu came with the page.
  const lsel = $('lang');
  if (!lsel.options.length) {
    for (const [code, tag, name] of LANGUAGES) {
      const o = document.createElement('option');
      o.value = code;
      o.lang = tag;
      o.textContent = name;
      lsel.appendChild(o);
    }
  }
  lsel.value = S.lang;
  if (!timer) $('autoplay').textContent = w.autoplay;
  if (S.mode === 'setup') drawPalette();
}

// ------------------------------------------------------------ dialogs

function openDialog(id) {
  for (const d of document.querySelectorAll('dialog[open]')) if (d.id !== id) d.close();
  const d = $(id);
  if (!d.open) {
    d.showModal();
    keepInView();
  }
  const first = d.querySelector('[autofocus], textarea, input, select, button.primary');
  if (first) first.focus();
}

// ------------------------------------------------------------ events

/** After a choice in a menu the keys step through the game again. */
function backToBoard(ev) {
  ev.target.blur();
}

function wire() {
  $('open').addEventListener('click', () => $('file').click());
  $('file').addEventListener('change', async (ev) => {
    const f = ev.target.files && ev.target.files[0];
    if (!f) return;
    if (S.info && f.size > S.info.limits.max_upload) {
      say(S.info.limits.too_large[S.lang], true);
      ev.target.value = '';
      return;
    }
    say('');
    try { await readRecord(await held(f)); } catch (e) { sayError(e); }
    ev.target.value = '';
  });
  document.addEventListener('dragover', (ev) => { ev.preventDefault(); });
  document.addEventListener('drop', async (ev) => {
    ev.preventDefault();
    const f = ev.dataTransfer && ev.dataTransfer.files[0];
    if (f) { say(''); try { await readRecord(await held(f)); } catch (e) { sayError(e); } }
  });
  $('paste-open').addEventListener('click', () => openDialog('paste-dialog'));
  $('fen-open').addEventListener('click', () => {
    if (S.view) { $('fen-text').value = S.view.start; $('moves-text').value = S.view.plies.map((p) => p.iccs).join(' '); }
    openDialog('fen-dialog');
  });
  $('library-open').addEventListener('click', () => { if (S.library) openLibrary(); });
  for (const c of document.querySelectorAll('dialog .cancel')) c.addEventListener('click', () => c.closest('dialog').close());
  // The list's rows are left to content-visibility again.
  for (const d of document.querySelectorAll('dialog')) d.addEventListener('close', keepInView);
  $('paste-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    say('');
    $('paste-dialog').close();
    try { await readRecord(new Blob([$('paste-text').value])); } catch (e) { sayError(e); }
  });
  $('fen-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const fen = $('fen-text').value.trim() || 'startpos';
    say('');
    try {
      const pos = await backend.position(fen, $('fen-relaxed').checked);
      S.library = null;
      await loadGame({ fen: pos.fen, moves: [], relaxed: $('fen-relaxed').checked });
      // The moves are typed in any notation: the backend reads them.
      const text = $('moves-text').value.trim();
      if (text) {
        const v = await backend.rule({ fen: pos.fen, moves: text, relaxed: $('fen-relaxed').checked }, { edition: S.edition, lang: S.lang });
        S.game.root = st.treeOfMoves(v.plies.map((p) => p.iccs));
        let at = S.game.root;
        for (const p of v.plies) { at = at.children[0]; at.chinese = p.chinese; at.wxf = p.wxf; }
        S.path = st.toEnd([]);
        await rule();
      }
      $('fen-dialog').close();
    } catch (e) { sayError(e); }
  });
  $('lib-search').addEventListener('input', drawLibrary);
  $('lib-only').addEventListener('change', () => {
    drawLibrary();
    if ($('lib-only').checked) scanPoints(backend.readMoves, (g) => backend.rule({ fen: g.fen, moves: g.moves, relaxed: true }, { edition: S.edition, lang: S.lang })).catch(sayError);
  });
  $('lib-table').addEventListener('click', async (ev) => {
    const b = ev.target.closest('[data-game]');
    if (!b) return;
    try { await loadLibraryGame(Number(b.dataset.game)); $('library-dialog').close(); } catch (e) { sayError(e); }
  });
  $('lib-prev').addEventListener('click', () => libraryStep(-1));
  $('lib-next').addEventListener('click', () => libraryStep(1));
  $('setup-open').addEventListener('click', startSetup);
  $('setup-cancel').addEventListener('click', () => { setMode('view'); say(''); });
  $('setup-clear').addEventListener('click', () => { S.setup.squares = {}; drawMain(); });
  $('setup-start').addEventListener('click', () => { S.setup.squares = parseFen(START_FEN).squares; drawMain(); });
  $('setup-done').addEventListener('click', finishSetup);
  $('palette').addEventListener('click', (ev) => {
    const b = ev.target.closest('button');
    if (!b) return;
    S.setup.tool = b.dataset.tool;
    drawPalette();
  });
  for (const r of document.querySelectorAll('input[name=turn]')) r.addEventListener('change', () => { if (S.setup) S.setup.turn = r.value; });
  $('edition').addEventListener('change', async (ev) => {
    S.edition = ev.target.value;
    st.save();
    backToBoard(ev);
    try { await rule({ ply: S.ply, keepPoint: true, compare: true }); } catch (e) { sayError(e); }
  });
  $('lang').addEventListener('change', async (ev) => {
    S.lang = ev.target.value;
    // Each language starts in its readers' notation; the switch is there.
    S.notation = S.lang === 'en' ? 'wxf' : 'chinese';
    st.save();
    backToBoard(ev);
    drawAll();
    try { if (S.game) await rule({ ply: S.ply, keepPoint: true }); } catch (e) { sayError(e); }
  });
  $('notation').addEventListener('change', (ev) => {
    S.notation = ev.target.value;
    st.save();
    backToBoard(ev);
    drawAll();
  });
  $('first').addEventListener('click', () => step(0));
  $('prev').addEventListener('click', () => step(S.ply - 1));
  $('next').addEventListener('click', () => step(S.ply + 1));
  $('last').addEventListener('click', () => step(Infinity));
  $('jump-form').addEventListener('submit', (ev) => { ev.preventDefault(); step(Number($('jump-ply').value) || 0); });
  $('autoplay').addEventListener('click', toggleAutoplay);
  $('flip').addEventListener('click', () => { S.flipped = !S.flipped; st.save(); drawMain(); if (selectedPoint()) drawRuling(); });
  $('enter').addEventListener('click', () => {
    if (S.mode === 'enter') { setMode('view'); say(''); return; }
    setMode('enter');
    if (!S.view) loadGame({ fen: START_FEN, moves: [] }, { ply: 0 }).catch(sayError);
  });
  $('take-back').addEventListener('click', () => takeBack().catch(sayError));
  $('undo').addEventListener('click', () => undoRedo('undo').catch(sayError));
  $('redo').addEventListener('click', () => undoRedo('redo').catch(sayError));
  $('movelist').addEventListener('click', async (ev) => {
    const mark = ev.target.closest('#movelist [data-point]');
    if (mark) { selectPoint(Number(mark.dataset.point), true); return; }
    const br = ev.target.closest('#movelist [data-branch]');
    if (br) {
      const [ply, k] = br.dataset.branch.split(':').map(Number);
      S.path = st.toEnd(S.path.slice(0, ply - 1).concat([k]));
      try { await rule({ ply }); } catch (e) { sayError(e); }
      return;
    }
    const mv = ev.target.closest('#movelist .mv');
    if (mv && !mv.disabled) step(Number(mv.dataset.ply));
  });
  $('points').addEventListener('click', (ev) => {
    const b = ev.target.closest('#points [data-point]');
    if (b) selectPoint(Number(b.dataset.point), true);
  });
  $('timeline').addEventListener('click', (ev) => {
    const b = ev.target.closest('#timeline [data-point]');
    if (b) { selectPoint(Number(b.dataset.point), true); return; }
    if (!S.view) return;
    const rect = $('timeline').getBoundingClientRect();
    const n = S.view.plies.length + (S.view.illegal ? 1 : 0);
    step(Math.round(((ev.clientX - rect.left) / rect.width) * n));
  });
  $('compare-open').addEventListener('click', () => compareEditions().catch(sayError));
  $('report-open').addEventListener('click', () => { report.prefill(); report.drawSheet(); openDialog('report-dialog'); });
  $('rp-print').addEventListener('click', () => { report.drawSheet(); window.print(); });
  $('rp-html').addEventListener('click', () => report.downloadHtml().catch(sayError));
  $('rp-json').addEventListener('click', report.downloadJson);
  $('rp-svg').addEventListener('click', () => report.downloadSvg().catch(sayError));
  $('dl-svg').addEventListener('click', () => report.downloadSvg().catch(sayError));
  $('dl-json').addEventListener('click', () => {
    const p = selectedPoint();
    if (p) share.download(`ruling-ply${p.ply}-${S.view.edition}.json`, 'application/json', `${JSON.stringify(p.ruling, null, 2)}\n`);
  });
  $('dl-pgn').addEventListener('click', () => downloadPgn().catch(sayError));
  $('copy-fen').addEventListener('click', () => share.copy(fenAt(S.ply) || START_FEN, W().fenWord, say));
  $('copy-moves').addEventListener('click', () => share.copy(share.movesText(), W().movesWord, say));
  $('copy-link').addEventListener('click', () => share.copyLink(say));
  $('export-svg').addEventListener('click', () => share.exportSvg(boardState(), `board-ply${S.ply}`).catch(sayError));
  $('export-png').addEventListener('click', () => share.exportPng(boardState(), `board-ply${S.ply}`).catch(sayError));
  report.wireReport();
  document.addEventListener('keydown', keys);
  window.addEventListener('hashchange', () => openLink().catch(sayError));
}

function keys(ev) {
  if (ev.target.closest && ev.target.closest('input, textarea, select, dialog')) return;
  if ((ev.ctrlKey || ev.metaKey) && !ev.altKey) {
    if (ev.key === 'z' || ev.key === 'Z') { ev.preventDefault(); undoRedo(ev.shiftKey ? 'redo' : 'undo').catch(sayError); }
    else if (ev.key === 'y' || ev.key === 'Y') { ev.preventDefault(); undoRedo('redo').catch(sayError); }
    return;
  }
  if (ev.altKey) return;
  const pts = S.view ? S.view.points : [];
  switch (ev.key) {
    case 'ArrowLeft': step(S.ply - 1); break;
    case 'ArrowRight': step(S.ply + 1); break;
    case 'Home': step(0); break;
    case 'End': step(Infinity); break;
    case 'ArrowUp': {
      const i = S.point === null ? pts.length - 1 : S.point - 1;
      if (i >= 0 && pts[i]) selectPoint(i, true);
      break;
    }
    case 'ArrowDown': {
      const i = S.point === null ? 0 : S.point + 1;
      if (pts[i]) selectPoint(i, true);
      break;
    }
    case 'f': case 'F': S.flipped = !S.flipped; st.save(); drawMain(); break;
    case 'Escape': if (S.mode !== 'view') { setMode('view'); say(''); } stopAutoplay(); break;
    default: return;
  }
  ev.preventDefault();
}

async function libraryStep(d) {
  const L = S.library;
  if (!L) return;
  const order = shownGames().map(([, i]) => i);
  const list = order.length ? order : L.games.map((_, i) => i);
  const at = list.indexOf(L.index);
  const next = list[at < 0 ? 0 : at + d];
  if (next === undefined) return;
  await loadLibraryGame(next);
}

async function compareEditions() {
  const p = selectedPoint();
  if (!p) return;
  const views = {};
  root.dataset.compared = '';
  await Promise.all(S.words.editions.map(async (e) => {
    views[e.id] = e.id === S.view.edition ? S.view : await backend.rule({ fen: S.game.fen, moves: st.lineMoves(), relaxed: S.game.relaxed }, { edition: e.id, lang: S.lang });
  }));
  drawCompare(views, p.ply);
  openDialog('compare-dialog');
  root.dataset.compared = 'yes';
}

async function downloadPgn() {
  if (!S.view) return;
  const tags = Object.assign({}, S.game.tags || {});
  if (!tags.result || tags.result === '*') tags.result = S.view.result;
  const t = {};
  for (const k of ['title', 'event', 'site', 'date', 'round', 'red', 'black', 'result']) if (tags[k]) t[k] = tags[k];
  const text = await backend.pgn({ fen: S.view.start, moves: S.view.plies.map((p) => p.iccs) }, t);
  share.download('game.pgn', 'application/x-chess-pgn', text);
}

/** A link's position and ply, when the page was opened from one. */
async function openLink() {
  const l = st.fromLink(location.hash);
  if (!l) return false;
  if (l.lang === 'zh' || l.lang === 'en') S.lang = l.lang;
  if (l.edition && S.words.editions.some((e) => e.id === l.edition)) S.edition = l.edition;
  S.library = null;
  await loadGame({ fen: l.fen, moves: l.moves, relaxed: l.relaxed }, { ply: l.ply });
  // The notations come with the ruling.
  let at = S.game.root;
  for (const p of S.view.plies) { at = at.children[0]; if (!at) break; at.chinese = p.chinese; at.wxf = p.wxf; }
  drawAll();
  return true;
}

// ------------------------------------------------------------ start

async function main() {
  const keep = st.saved();
  S.lang = keep.lang === 'en' ? 'en' : 'zh';
  S.flipped = !!keep.flipped;
  S.notation = NOTATIONS.includes(keep.notation) ? keep.notation : S.lang === 'en' ? 'wxf' : 'chinese';
  wire();
  // The editions and names: carried by the served page (xq desk writes
  // them into it), else asked at once, to come while the font is awaited
  // (the static desk's module answers them from what the page carries).
  const known = backend.known ? backend.known() : null;
  const asked = known ? Promise.resolve([known.info, known.words]) : Promise.all([backend.info(), backend.words()]);
  asked.catch(() => {});
  // The page's Chinese is drawn with its own font (XQ Text) when the
  // machine has none: the words are written once it is ready (js/fonts.js
  // started it before the first layout), or after at most 100 ms. Written
  // before, Chromium kept its first fallback (a font without CJK: empty
  // boxes) in some elements of the static page even after the font had
  // loaded. Asked editions and names are awaited in the same 100 ms: with
  // them the first frame is the usable page, and the page is not drawn
  // once for the frame and again for them.
  // When the page carries them and the font is loaded already (preloaded,
  // made a face by js/fonts.js, which ran first), nothing is awaited: the
  // page is drawn before the browser's first frame. An await, even of a
  // settled promise, would let that frame be drawn first, without words.
  const fontReady = !document.fonts || document.fonts.check('1em "XQ Text"', '打开棋谱');
  if (!known || !fontReady) {
    const font = document.fonts && document.fonts.load
      ? document.fonts.load('1em "XQ Text"', '打开棋谱').catch(() => {}) : null;
    await Promise.race([
      Promise.all([font, asked.catch(() => {})]),
      new Promise((r) => setTimeout(r, 100)),
    ]);
  }
  // The edition kept, else the oracle's default, once its words are known:
  // with them carried, before the words are first written, so that they
  // are written once (the second applyWords below is then a no-op).
  const pickEdition = () => {
    const ids = S.words.editions.map((e) => e.id);
    S.edition = ids.includes(keep.edition) ? keep.edition : (S.words.editions.find((e) => e.default) || S.words.editions[0]).id;
  };
  if (known) {
    [S.info, S.words] = [known.info, known.words];
    pickEdition();
  }
  applyWords();
  drawMain();
  drawWelcome();
  if (!known) {
    try {
      [S.info, S.words] = await asked;
    } catch (e) { sayError(e); return; }
    pickEdition();
  }
  applyWords();
  root.dataset.ready = 'page';
  performance.mark('desk-ready');
  // A static desk's module compiles in the background: say so if it cannot.
  if (backend.ready) {
    backend.ready().then(() => { root.dataset.oracle = 'ready'; performance.mark('desk-oracle'); }, sayError);
  }
  try {
    if (await openLink()) return;
  } catch (e) { sayError(e); }
  if (keep.game && keep.game.fen) {
    try { await loadGame(keep.game, { ply: keep.game.ply }); } catch (_) { clearGame(); }
  }
}

export { UI };
main();
