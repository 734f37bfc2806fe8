// The arbiter's desk (裁判台): the page of `xq desk`. Plain JavaScript, no
// build step and nothing loaded from elsewhere. The server rules; the page
// shows. Every request goes to the desk's own JSON API (spec/CLI.md).
'use strict';

(function () {
  // ------------------------------------------------------------ words
  const WORDS = {
    zh: {
      subtitle: '象棋棋例裁判', open: '打开棋谱', paste: '粘贴棋谱', fenMoves: 'FEN 与着法',
      setup: '摆棋', edition: '规则', language: '语言', pasteTitle: '粘贴棋谱（PGN、DhtmlXQ 等）',
      load: '载入', cancel: '取消', fenTitle: '输入局面与着法', moves: '着法',
      relaxed: '排局（放宽子力与位置检查）', pickTitle: '文件中有多局棋，请选择一局',
      redToMove: '红方先走', blackToMove: '黑方先走', clearBoard: '清空棋盘', startPosition: '初始局面',
      setupDone: '完成摆棋', flip: '翻转棋盘', enterMoves: '录入着法', undo: '悔一着',
      keys: '键盘：← → 前后一着，Home/End 首尾，↑ ↓ 上/下一个裁判点，F 翻转',
      moveList: '着法', rulingPoints: '裁判点', cycleMoves: '循环着法', clauses: '依据条款',
      search: '搜索范围', fullText: '完整裁决文字', dlSvg: '下载图（SVG）', dlJson: '下载 JSON',
      dlPgn: '下载棋谱（PGN）', print: '打印裁决', gameSummary: '全局裁决',
      start: '开局', plyOf: (p, n) => `第 ${p} 着 / 共 ${n} 着`, noPoints: '全局无须裁判介入之处。',
      plyN: (p) => `第 ${p} 着`, verdict: '裁决', mustVary: '须变着', cycle: '循环',
      cycleText: (c) => `第 ${c.first_ply}–${c.last_ply} 着，局面出现 ${c.occurrences} 次${c.adjudicable ? '，已达待判' : '，未达待判次数'}；${c.procedure === 'claim' ? '由棋手提出' : '由裁判主动判定'}`,
      red: '红方', black: '黑方', forbiddenW: '禁止', allowedW: '允许', none: '—',
      num: '序', side: '方', move: '着法', kind: '性质', targets: '目标', complete: '完整',
      incomplete: '未查尽', searchText: (s) => `杀：连将杀最多 ${s.kill_depth} 步；捉：得子前最多 ${s.check_win_depth} 将；每着 ${fmtN(s.nodes_per_move)} 个局面，整个循环 ${fmtN(s.nodes_per_cycle)} 个局面${s.incomplete_plies.length ? `；未查尽的着法：第 ${s.incomplete_plies.join('、')} 着` : '；全部查尽'}`,
      edChanged: (a, b) => `规则由 ${a} 改为 ${b}：`, noChange: '裁决没有变化。',
      onlyIn: (e) => `仅在 ${e} 下出现`, gameResult: '全局结果', loadedGames: (n) => `已读入 ${n} 局`,
      badGames: (n) => `另有 ${n} 局无法读取：`, refused: '着法不合法：', selectPoint: '点选一个裁判点查看裁决。',
      setupHint: '点选棋子后点棋盘放置；再点同一棋子或用橡皮移除。', enterHint: '录入着法：先点己方棋子，再点目标点。',
      networkError: '无法连接裁判台服务器。', illegalMove: '违例着法', result: '结果', recorded: '棋谱所记',
      agrees: (a) => (a ? '相符' : '不符'), eraser: '橡皮', dropHint: '可把棋谱文件拖到此页',
      pattern: '着法类型', naturalLimit: '自然限着', ruledMs: (ms) => `（服务器裁决用时 ${ms.toFixed(0)} 毫秒）`,
    },
    en: {
      subtitle: "Arbiter's desk for xiangqi rulings", open: 'Open record', paste: 'Paste record', fenMoves: 'FEN and moves',
      setup: 'Set up', edition: 'Rules', language: 'Language', pasteTitle: 'Paste a record (PGN, DhtmlXQ, …)',
      load: 'Load', cancel: 'Cancel', fenTitle: 'Type a position and moves', moves: 'Moves',
      relaxed: 'Composed position (relax piece-count and placement checks)', pickTitle: 'The file holds several games: pick one',
      redToMove: 'Red to move', blackToMove: 'Black to move', clearBoard: 'Clear board', startPosition: 'Start position',
      setupDone: 'Done', flip: 'Flip board', enterMoves: 'Enter moves', undo: 'Take back',
      keys: 'Keys: ← → one move, Home/End first/last, ↑ ↓ previous/next ruling point, F flip',
      moveList: 'Moves', rulingPoints: 'Ruling points', cycleMoves: 'Moves of the cycle', clauses: 'Clauses',
      search: 'Search bounds', fullText: 'Full ruling text', dlSvg: 'Download picture (SVG)', dlJson: 'Download JSON',
      dlPgn: 'Download game (PGN)', print: 'Print ruling', gameSummary: 'Whole-game ruling',
      start: 'start', plyOf: (p, n) => `ply ${p} of ${n}`, noPoints: 'Nothing in this game calls for the arbiter.',
      plyN: (p) => `ply ${p}`, verdict: 'Verdict', mustVary: 'Must vary', cycle: 'Cycle',
      cycleText: (c) => `plies ${c.first_ply}–${c.last_ply}, position seen ${c.occurrences} times${c.adjudicable ? ', count reached' : ', count not reached'}; ${c.procedure === 'claim' ? 'on a player\'s claim' : 'ruled by the arbiter unasked'}`,
      red: 'Red', black: 'Black', forbiddenW: 'forbidden', allowedW: 'allowed', none: '—',
      num: '#', side: 'side', move: 'move', kind: 'kind', targets: 'targets', complete: 'complete',
      incomplete: 'not fully examined', searchText: (s) => `kill: mates by checks up to ${s.kill_depth} moves; chase: up to ${s.check_win_depth} checks before the capture; ${fmtN(s.nodes_per_move)} positions per move, ${fmtN(s.nodes_per_cycle)} per cycle${s.incomplete_plies.length ? `; not fully examined: plies ${s.incomplete_plies.join(', ')}` : '; every move fully examined'}`,
      edChanged: (a, b) => `Rules changed from ${a} to ${b}:`, noChange: 'No ruling changed.',
      onlyIn: (e) => `only under ${e}`, gameResult: 'game result', loadedGames: (n) => `${n} game(s) read`,
      badGames: (n) => `${n} more game(s) could not be read:`, refused: 'Illegal move: ', selectPoint: 'Select a ruling point to read its ruling.',
      setupHint: 'Pick a piece, then click the board; click the same piece again or use the eraser to remove.', enterHint: 'Entering moves: click one of your pieces, then its destination.',
      networkError: 'Cannot reach the desk server.', illegalMove: 'illegal move', result: 'Result', recorded: 'recorded',
      agrees: (a) => (a ? 'agrees' : 'disagrees'), eraser: 'Eraser', dropHint: 'You can drop a record file on this page',
      pattern: 'pattern', naturalLimit: 'natural move limit', ruledMs: (ms) => ` (ruled by the server in ${ms.toFixed(0)} ms)`,
    },
  };
  const REASONS = {
    zh: {
      checkmate: '将死', stalemate: '困毙', 'perpetual-check': '长将判负', 'mutual-perpetual-check': '双方长将，和棋',
      'both-allowed': '双方允许，和棋', 'both-forbidden': '双方禁止，和棋', 'must-vary': '一方须变着',
      'natural-limit': '自然限着，和棋', 'illegal-move': '违例判负', none: '无须裁决',
    },
    en: {
      checkmate: 'checkmate', stalemate: 'stalemate (困毙)', 'perpetual-check': 'perpetual check loses',
      'mutual-perpetual-check': 'both check perpetually: draw', 'both-allowed': 'both allowed: draw',
      'both-forbidden': 'both forbidden: draw', 'must-vary': 'one side must vary', 'natural-limit': 'natural move limit: draw',
      'illegal-move': 'illegal move loses', none: 'nothing to rule',
    },
  };
  const KINDS_EN = { check: 'check', kill: 'mate threat', chase: 'chase', exchange: 'exchange', offer: 'offer', block: 'block', follow: 'follow', idle: 'idle' };
  const MARK = { repetition: '循', 'natural-limit': '限', 'illegal-move': '违', end: '终' };
  const MARK_EN = { repetition: 'R', 'natural-limit': 'L', 'illegal-move': 'X', end: 'E' };
  const GLYPH = { K: '帅', A: '仕', B: '相', N: '傌', R: '俥', C: '炮', P: '兵', k: '将', a: '士', b: '象', n: '馬', r: '車', c: '砲', p: '卒' };
  const RED_NUM = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
  const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
  const STORE = 'xq-desk';

  function fmtN(n) { return Number(n).toLocaleString('en-US'); }
  const $ = (id) => document.getElementById(id);

  // ------------------------------------------------------------ state
  const S = {
    info: null,
    lang: 'zh',
    edition: null,
    flipped: false,
    game: null, // {fen, moves: [text], tags, recorded, relaxed}
    view: null, // the /api/game answer
    prev: null, // the previous view of the same game under another edition
    ply: 0,
    point: null,
    mode: 'view', // view | enter | setup
    selected: null,
    legal: [],
    setup: null, // {board: {sq: letter}, tool}
    games: null, // games of the last file read
  };

  function saved() {
    try { return JSON.parse(localStorage.getItem(STORE) || '{}') || {}; } catch (_) { return {}; }
  }
  function save() {
    const keep = { lang: S.lang, edition: S.edition, flipped: S.flipped };
    if (S.game) {
      const g = JSON.stringify(S.game);
      if (g.length < 200000) keep.game = S.game;
    }
    try { localStorage.setItem(STORE, JSON.stringify(keep)); } catch (_) { /* storage full or disabled */ }
  }
  const W = () => WORDS[S.lang];

  // ------------------------------------------------------------ server
  async function api(path, body, raw) {
    let res;
    try {
      res = await fetch(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: raw ? { 'Content-Type': 'application/octet-stream' } : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
      });
    } catch (_) {
      throw new DeskError({ en: WORDS.en.networkError, zh: WORDS.zh.networkError, code: 'network' });
    }
    const text = await res.text();
    let data;
    try { data = JSON.parse(text); } catch (_) { data = null; }
    if (!res.ok) {
      const e = data && data.error ? data.error : { code: 'http-' + res.status, en: `HTTP ${res.status}`, zh: `HTTP ${res.status}` };
      throw new DeskError(e);
    }
    return data;
  }
  class DeskError extends Error {
    constructor(e) { super(e.en); this.info = e; }
  }

  function say(text, isError) {
    const m = $('message');
    m.textContent = text;
    m.classList.toggle('error', !!isError);
    m.hidden = !text;
  }
  function sayError(e) {
    if (e instanceof DeskError) say(S.lang === 'zh' ? e.info.zh : e.info.en, true);
    else say(String(e && e.message ? e.message : e), true);
  }

  // ------------------------------------------------------------ FEN
  function board(fen) {
    const f = fen === 'startpos' ? START_FEN : fen;
    const [placement, turn] = f.trim().split(/\s+/);
    const squares = {};
    const ranks = placement.split('/');
    ranks.forEach((row, i) => {
      const rank = 9 - i;
      let file = 0;
      for (const ch of row) {
        if (/[0-9]/.test(ch)) file += Number(ch);
        else { squares['abcdefghi'[file] + rank] = ch; file += 1; }
      }
    });
    return { squares, turn: turn === 'b' ? 'b' : 'w' };
  }
  function toFen(squares, turn) {
    const rows = [];
    for (let r = 9; r >= 0; r--) {
      let row = '', empty = 0;
      for (let f = 0; f < 9; f++) {
        const p = squares['abcdefghi'[f] + r];
        if (p) { if (empty) row += empty; empty = 0; row += p; } else empty++;
      }
      if (empty) row += empty;
      rows.push(row);
    }
    return `${rows.join('/')} ${turn} - - 0 1`;
  }
  function fenAt(ply) {
    if (!S.view) return S.game ? S.game.fen : START_FEN;
    return ply === 0 ? S.view.start : S.view.plies[ply - 1].fen;
  }

  // ------------------------------------------------------------ board
  const CELL = 58, MARGIN = 58;
  const NS = 'http://www.w3.org/2000/svg';
  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function xy(sq) {
    let f = 'abcdefghi'.indexOf(sq[0]), r = Number(sq[1]);
    if (S.flipped) { f = 8 - f; r = 9 - r; }
    return [MARGIN + f * CELL, MARGIN + (9 - r) * CELL];
  }
  function drawBoard() {
    const svg = $('board');
    svg.textContent = '';
    const w = 2 * MARGIN + 8 * CELL, h = 2 * MARGIN + 9 * CELL;
    svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
    el('rect', { x: 0, y: 0, width: w, height: h, fill: '#f3d9a4', rx: 8 }, svg);
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
    const river = el('g', { 'font-size': 22, fill: '#a68a5a', 'text-anchor': 'middle' }, svg);
    const ry = MARGIN + 4.5 * CELL + 8;
    el('text', { x: MARGIN + 2 * CELL, y: ry }, river).textContent = '楚 河';
    el('text', { x: MARGIN + 6 * CELL, y: ry }, river).textContent = '漢 界';
    // File numbers: Red's 一…九 from its right at the bottom, Black's 1…9
    // from its right at the top (swapped when flipped).
    const labels = el('g', { 'font-size': 15, fill: '#3a2a10', 'text-anchor': 'middle', class: 'files' }, svg);
    for (let f = 0; f < 9; f++) {
      const x = MARGIN + (S.flipped ? 8 - f : f) * CELL;
      const red = RED_NUM[8 - f], blk = String(f + 1);
      el('text', { x, y: MARGIN + 9 * CELL + 46, class: 'file-bottom' }, labels).textContent = S.flipped ? blk : red;
      el('text', { x, y: MARGIN - 34, class: 'file-top' }, labels).textContent = S.flipped ? red : blk;
    }
    const fen = S.mode === 'setup' ? null : fenAt(S.ply);
    const squares = S.mode === 'setup' ? S.setup.squares : board(fen).squares;
    // The last move, where the pieces stand.
    const last = S.mode !== 'setup' && S.view && S.ply > 0 ? S.view.plies[S.ply - 1] : null;
    if (last) {
      for (const sq of [last.iccs.slice(0, 2), last.iccs.slice(2)]) {
        const [x, y] = xy(sq);
        el('rect', { x: x - 25, y: y - 25, width: 50, height: 50, fill: 'none', stroke: '#1c5fb8', 'stroke-width': 2.5, 'stroke-dasharray': '6 4', class: 'last-move' }, svg);
      }
    }
    for (const sq in squares) {
      const p = squares[sq];
      const [x, y] = xy(sq);
      const red = p === p.toUpperCase();
      const color = red ? '#c0262d' : '#1d1d1f';
      const pg = el('g', { class: 'piece', 'data-sq': sq, 'data-piece': p }, svg);
      const sel = S.selected === sq;
      el('circle', { cx: x, cy: y, r: 24, fill: sel ? '#ffe7b0' : '#fbeed2', stroke: color, 'stroke-width': sel ? 4 : 2.5 }, pg);
      el('circle', { cx: x, cy: y, r: 20, fill: 'none', stroke: color, 'stroke-width': 1 }, pg);
      el('text', { x, y: y + 9, 'font-size': 26, 'text-anchor': 'middle', fill: color, 'font-family': "'Noto Serif CJK SC','Songti SC','SimSun',serif" }, pg).textContent = GLYPH[p] || '?';
    }
    // A king in check is ringed.
    if (last && last.check) {
      const kingLetter = board(fen).turn === 'w' ? 'K' : 'k';
      for (const sq in squares) if (squares[sq] === kingLetter) {
        const [x, y] = xy(sq);
        el('circle', { cx: x, cy: y, r: 28, fill: 'none', stroke: '#c0262d', 'stroke-width': 3, class: 'in-check' }, svg);
      }
    }
    if (S.mode === 'enter' && S.selected) {
      for (const m of S.legal) if (m.slice(0, 2) === S.selected) {
        const [x, y] = xy(m.slice(2));
        el('circle', { cx: x, cy: y, r: 7, fill: '#1c5fb8', 'fill-opacity': 0.6, class: 'dest' }, svg);
      }
    }
    // Click targets over every point.
    for (let f = 0; f < 9; f++) for (let r = 0; r < 10; r++) {
      const sq = 'abcdefghi'[f] + r;
      const [x, y] = xy(sq);
      el('rect', { x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL, class: 'hit', 'data-sq': sq }, svg);
    }
  }

  // ------------------------------------------------------------ moves
  function moveNumber(ply) {
    // The FEN's move number and side: ply 1 is the side to move at the start.
    const parts = (S.view ? S.view.start : START_FEN).split(/\s+/);
    const first = Number(parts[5] || 1), blackFirst = parts[1] === 'b';
    const index = ply - 1 + (blackFirst ? 1 : 0);
    return { no: first + Math.floor(index / 2), black: index % 2 === 1 };
  }
  function pointsAt(ply) {
    return S.view ? S.view.points.map((p, i) => [p, i]).filter(([p]) => p.ply === ply) : [];
  }
  function drawMoves() {
    const list = $('movelist');
    list.textContent = '';
    if (!S.view) return;
    const items = S.view.plies.map((p) => ({ ply: p.ply, text: p.chinese, illegal: false }));
    if (S.view.illegal) items.push({ ply: S.view.illegal.ply, text: S.view.illegal.text, illegal: true });
    let row = null;
    for (const it of items) {
      const { no, black } = moveNumber(it.ply);
      if (!row || !black) {
        row = document.createElement('li');
        const n = document.createElement('span');
        n.className = 'no';
        n.textContent = no + '.';
        row.appendChild(n);
        if (black) row.appendChild(document.createElement('span'));
        list.appendChild(row);
      }
      const mv = document.createElement('span');
      mv.className = 'mv' + (it.illegal ? ' illegal' : '') + (it.ply === S.ply && !it.illegal ? ' current' : '');
      mv.dataset.ply = it.ply;
      mv.textContent = it.text;
      for (const [p, i] of pointsAt(it.ply)) {
        const m = document.createElement('span');
        m.className = 'mark ' + p.kind;
        m.dataset.point = i;
        m.title = p.kind_label;
        m.textContent = S.lang === 'zh' ? MARK[p.kind] : MARK_EN[p.kind];
        mv.appendChild(m);
      }
      row.appendChild(mv);
    }
  }
  function drawTimeline() {
    const t = $('timeline');
    for (const old of t.querySelectorAll('.tick')) old.remove();
    const n = S.view ? Math.max(S.view.plies.length + (S.view.illegal ? 1 : 0), 1) : 1;
    if (S.view) S.view.points.forEach((p, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'tick ' + p.kind + (S.point === i ? ' selected' : '');
      b.dataset.point = i;
      b.title = `${W().plyN(p.ply)} · ${p.kind_label}`;
      b.style.left = (100 * p.ply / n) + '%';
      t.appendChild(b);
    });
    $('timeline-cursor').style.left = (100 * S.ply / n) + '%';
  }
  function drawPly() {
    const n = S.view ? S.view.plies.length : 0;
    $('ply-label').textContent = S.ply === 0 ? `${W().start} / ${n}` : W().plyOf(S.ply, n);
    for (const m of $('movelist').querySelectorAll('.mv')) {
      const cur = Number(m.dataset.ply) === S.ply && !m.classList.contains('illegal');
      m.classList.toggle('current', cur);
      if (cur && m.scrollIntoView) m.scrollIntoView({ block: 'nearest' });
    }
    $('timeline-cursor').style.left = (100 * S.ply / Math.max(n + (S.view && S.view.illegal ? 1 : 0), 1)) + '%';
    drawBoard();
    document.body.dataset.ply = S.ply;
  }
  function step(to) {
    const n = S.view ? S.view.plies.length : 0;
    S.ply = Math.max(0, Math.min(n, to));
    S.selected = null;
    drawPly();
    if (S.mode === 'enter') refreshLegal();
  }

  // ------------------------------------------------------------ ruling
  function drawPoints() {
    const box = $('points');
    box.textContent = '';
    if (!S.view) return;
    if (!S.view.points.length) {
      const p = document.createElement('p');
      p.className = 'none';
      p.textContent = W().noPoints;
      box.appendChild(p);
    }
    S.view.points.forEach((p, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'point ' + p.kind + (S.point === i ? ' selected' : '');
      b.dataset.point = i;
      b.textContent = `${W().plyN(p.ply)} · ${p.kind_label} · ${p.ruling.result} ${REASONS[S.lang][p.ruling.reason] || ''}`;
      box.appendChild(b);
    });
  }
  function td(row, text, cls) {
    const c = document.createElement('td');
    c.textContent = text;
    if (cls) c.className = cls;
    row.appendChild(c);
    return c;
  }
  function fact(table, label, value, cls) {
    const r = document.createElement('tr');
    const th = document.createElement('th');
    th.textContent = label;
    r.appendChild(th);
    td(r, value, cls);
    table.appendChild(r);
  }
  function drawRuling() {
    const art = $('ruling');
    const p = S.view && S.point !== null ? S.view.points[S.point] : null;
    art.hidden = !p;
    document.body.dataset.point = p ? S.point : '';
    if (!p) return;
    const w = W(), r = p.ruling;
    const ed = S.info.editions.find((e) => e.id === S.view.edition);
    $('ruling-title').textContent = `${w.plyN(p.ply)} · ${p.kind_label} · ${S.lang === 'zh' ? ed.name_zh : ed.name}`;
    $('verdict').textContent = p.headline;
    $('diagram').innerHTML = p.svg; // the server's own picture (ruling_svg)
    const facts = $('facts');
    facts.textContent = '';
    fact(facts, w.verdict, `${r.result} · ${REASONS[S.lang][r.reason] || r.reason}`);
    fact(facts, w.mustVary, r.must_vary ? w[r.must_vary] : w.none);
    if (r.cycle) fact(facts, w.cycle, w.cycleText(r.cycle));
    for (const side of ['red', 'black']) {
      const s = r[side];
      if (!s) continue;
      const name = S.lang === 'zh' ? s.pattern_zh : `${s.pattern} (${s.pattern_zh})`;
      fact(facts, `${w[side]} · ${w.pattern}`, `${name}: ${s.forbidden ? w.forbiddenW : w.allowedW}`, s.forbidden ? 'forbidden' : 'allowed');
    }
    if (r.illegal_move) {
      const iv = S.view.illegal;
      fact(facts, w.illegalMove, `${w.plyN(r.illegal_move.ply)} ${r.illegal_move.text}: ${iv ? (S.lang === 'zh' ? iv.zh : iv.en) : r.illegal_move.reason}`, 'forbidden');
    }
    if (r.natural_limit && p.kind === 'natural-limit') {
      fact(facts, w.naturalLimit, JSON.stringify(r.natural_limit));
    }
    const hasCycle = !!r.cycle;
    for (const e of art.querySelectorAll('.when-cycle')) e.hidden = !hasCycle;
    const cm = $('cycle-moves');
    cm.textContent = '';
    if (hasCycle) {
      const head = document.createElement('tr');
      for (const h of [w.num, w.side, w.move, w.kind, w.targets]) {
        const th = document.createElement('th');
        th.textContent = h;
        head.appendChild(th);
      }
      cm.appendChild(head);
      for (const m of p.cycle_moves) {
        const row = document.createElement('tr');
        row.dataset.kind = m.kind;
        td(row, String(m.number));
        td(row, w[m.side]);
        td(row, `${m.chinese} (${m.iccs}) · ${w.plyN(m.ply)}`);
        td(row, S.lang === 'zh' ? m.kind_zh : `${m.kind_zh} ${KINDS_EN[m.kind] || m.kind}`, m.kind === 'idle' ? '' : 'attack');
        td(row, m.targets.map((t, i) => `${m.target_names[i] || ''}${t}`).join(' ') + (m.complete ? '' : ` (${w.incomplete})`));
        cm.appendChild(row);
      }
    }
    const cl = $('clauses');
    cl.textContent = '';
    for (const c of p.clauses) {
      const li = document.createElement('li');
      const code = document.createElement('code');
      code.textContent = c.id;
      li.append(`${c.term} · ${c.title}${c.cited.length ? ' — ' + c.cited.join(', ') : ''} `, code);
      cl.appendChild(li);
    }
    $('follow-up').textContent = p.follow_up_text || '';
    $('search').textContent = r.search ? w.searchText(r.search) : '';
    $('explanation').textContent = p.explanation;
  }
  function selectPoint(i, jump) {
    S.point = i;
    if (jump && S.view && S.view.points[i]) step(Math.min(S.view.points[i].ply, S.view.plies.length));
    drawPoints();
    drawTimeline();
    drawRuling();
  }
  function drawSummary() {
    const v = S.view;
    $('summary').textContent = v ? v.summary : '';
    const t = S.game && S.game.tags ? S.game.tags : {};
    const names = [t.red, t.black].filter(Boolean).join(' — ');
    const bits = [names, t.event, t.date].filter(Boolean);
    let line = bits.join(' · ');
    if (v) line += `${line ? ' · ' : ''}${W().result}: ${v.result}${v.recorded ? ` (${W().recorded} ${v.recorded}, ${W().agrees(v.agrees)})` : ''}`;
    $('game-title').textContent = line;
  }

  // What changed between two rulings of the same game.
  function describeChanges(before, after) {
    const w = W();
    const name = (id) => { const e = S.info.editions.find((x) => x.id === id); return e ? (S.lang === 'zh' ? e.name_zh : e.name) : id; };
    const key = (p) => `${p.kind}@${p.ply}`;
    const verdict = (p) => `${p.ruling.result} ${REASONS[S.lang][p.ruling.reason] || p.ruling.reason}${p.ruling.must_vary ? ` (${w.mustVary}: ${w[p.ruling.must_vary]})` : ''}`;
    const a = new Map(before.points.map((p) => [key(p), p]));
    const b = new Map(after.points.map((p) => [key(p), p]));
    const lines = [];
    for (const [k, p] of a) {
      const q = b.get(k);
      if (!q) lines.push(`${w.plyN(p.ply)} ${p.kind_label}: ${verdict(p)} — ${w.onlyIn(name(before.edition))}`);
      else if (verdict(p) !== verdict(q)) lines.push(`${w.plyN(p.ply)} ${q.kind_label}: ${verdict(p)} → ${verdict(q)}`);
    }
    for (const [k, q] of b) if (!a.has(k)) lines.push(`${w.plyN(q.ply)} ${q.kind_label}: ${verdict(q)} — ${w.onlyIn(name(after.edition))}`);
    if (before.result !== after.result) lines.push(`${w.gameResult}: ${before.result} → ${after.result}`);
    return `${w.edChanged(name(before.edition), name(after.edition))}\n${lines.length ? lines.join('\n') : w.noChange}`;
  }

  // ------------------------------------------------------------ rule
  let ruleSeq = 0;
  // Rules on `game` (by default the one shown) and shows it; the game
  // becomes the shown one only when the server accepts it.
  async function rule(opts, game) {
    const o = opts || {};
    const g = game || S.game;
    if (!g) return;
    const seq = ++ruleSeq;
    const began = performance.now();
    const view = await api('/api/game', {
      fen: g.fen, moves: g.moves, edition: S.edition, lang: S.lang,
      relaxed: !!g.relaxed, recorded: g.recorded || null,
    });
    if (seq !== ruleSeq) return; // a later request superseded this one
    const old = S.view;
    S.game = g;
    S.prev = o.compare && old ? old : null;
    S.view = view;
    const n = view.plies.length;
    S.ply = o.ply === undefined ? n : Math.min(o.ply, n);
    if (!o.keepPoint) S.point = null;
    if (S.point !== null && S.point >= view.points.length) S.point = null;
    S.selected = null;
    drawAll();
    if (S.prev) {
      $('changes').textContent = describeChanges(S.prev, view);
      $('changes').hidden = false;
    } else $('changes').hidden = true;
    const ms = performance.now() - began;
    document.body.dataset.ruledMs = ms.toFixed(1);
    document.body.dataset.serverMs = view.millis.toFixed(1);
    document.body.dataset.ready = 'game';
    save();
    if (S.mode === 'enter') refreshLegal();
  }
  function drawAll() {
    applyWords();
    drawMoves();
    drawTimeline();
    drawPly();
    drawPoints();
    drawRuling();
    drawSummary();
  }

  async function loadGame(game, opts) {
    await rule(Object.assign({ keepPoint: false }, opts || {}), game);
  }

  async function readRecord(bytes) {
    const data = await api('/api/record', bytes, true);
    S.games = data.games;
    let note = data.games.length > 1 ? W().loadedGames(data.games.length) : '';
    if (data.errors.length) {
      const first = data.errors[0];
      note += `${note ? '\n' : ''}${W().badGames(data.errors.length)} ${S.lang === 'zh' ? first.zh : first.en}`;
    }
    if (data.games.length === 1) {
      await loadRecordGame(data.games[0]);
      say(note, !!data.errors.length);
    } else {
      const pick = $('pick-game');
      pick.textContent = '';
      for (const g of data.games) {
        const o = document.createElement('option');
        o.value = g.game - 1;
        const t = g.tags;
        o.textContent = `${g.game}. ${[t.red, t.black].filter(Boolean).join(' — ') || t.title || t.event || ''} ${t.result} (${g.moves.length})`;
        pick.appendChild(o);
      }
      pick.selectedIndex = 0;
      openDialog('pick-form');
      say(note, !!data.errors.length);
    }
  }
  async function loadRecordGame(g) {
    await loadGame({ fen: g.fen, moves: g.moves, tags: g.tags, recorded: g.tags.result === '*' ? null : g.tags.result, relaxed: true });
  }

  // ------------------------------------------------------------ entering moves
  async function refreshLegal() {
    try {
      const d = await api('/api/position', { fen: fenAt(S.ply), relaxed: true });
      S.legal = d.legal;
    } catch (_) { S.legal = []; }
    drawBoard();
  }
  async function clickEnter(sq) {
    const here = board(fenAt(S.ply));
    const p = here.squares[sq];
    const own = !!p && ((here.turn === 'w') === (p === p.toUpperCase()));
    if (S.selected === sq) { S.selected = null; drawBoard(); return; }
    if (own) { S.selected = sq; say(''); drawBoard(); return; }
    // A point that is not one of the mover's pieces: the destination of
    // the selected piece, which the server accepts or refuses with a reason.
    if (S.selected) await tryMove(S.selected + sq);
  }
  async function tryMove(mv) {
    const fen = fenAt(S.ply);
    S.selected = null;
    try {
      const d = await api('/api/move', { fen, move: mv, relaxed: true });
      if (!d.ok) {
        say(`${W().refused}${d.iccs} — ${S.lang === 'zh' ? d.zh : d.en}`, true);
        document.body.dataset.refused = d.code;
        drawBoard();
        return;
      }
      say('');
      const moves = (S.view ? S.view.plies.slice(0, S.ply).map((x) => x.iccs) : []).concat([d.iccs]);
      await rule({}, Object.assign({}, S.game, { moves, fen: S.view ? S.view.start : fen, recorded: null }));
    } catch (e) { sayError(e); drawBoard(); }
  }
  function setMode(mode) {
    S.mode = mode;
    S.selected = null;
    $('enter').setAttribute('aria-pressed', mode === 'enter' ? 'true' : 'false');
    $('setup-panel').hidden = mode !== 'setup';
    if (mode === 'enter') { say(W().enterHint); refreshLegal(); }
    drawBoard();
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
      b.setAttribute('aria-pressed', S.setup && S.setup.tool === p ? 'true' : 'false');
      pal.appendChild(b);
    }
  }
  function startSetup() {
    const b = board(fenAt(S.ply));
    S.setup = { squares: b.squares, tool: 'R' };
    for (const r of document.querySelectorAll('input[name=turn]')) r.checked = r.value === b.turn;
    setMode('setup');
    drawPalette();
    say(W().setupHint);
  }
  function clickSetup(sq) {
    const s = S.setup;
    if (s.tool === '-' || s.squares[sq] === s.tool) delete s.squares[sq];
    else s.squares[sq] = s.tool;
    drawBoard();
  }
  async function finishSetup() {
    const turn = document.querySelector('input[name=turn]:checked').value;
    const relaxed = $('setup-relaxed').checked;
    const fen = toFen(S.setup.squares, turn);
    try {
      const d = await api('/api/position', { fen, relaxed });
      setMode('enter');
      await loadGame({ fen: d.fen, moves: [], tags: {}, recorded: null, relaxed }, { ply: 0 });
      say(W().enterHint);
    } catch (e) { sayError(e); }
  }

  // ------------------------------------------------------------ downloads
  function download(name, type, text) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 5000);
  }
  async function downloadPgn() {
    if (!S.view) return;
    const tags = Object.assign({}, S.game.tags || {});
    if (!tags.result || tags.result === '*') tags.result = S.view.result;
    const allowed = ['title', 'event', 'site', 'date', 'round', 'red', 'black', 'result'];
    const t = {};
    for (const k of allowed) if (tags[k]) t[k] = tags[k];
    const res = await fetch('/api/pgn', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fen: S.view.start, moves: S.view.plies.map((p) => p.iccs), relaxed: true, tags: t }),
    });
    const text = await res.text();
    if (!res.ok) { try { throw new DeskError(JSON.parse(text).error); } catch (e) { sayError(e); return; } }
    download('game.pgn', 'application/x-chess-pgn', text);
  }

  // ------------------------------------------------------------ words on the page
  function applyWords() {
    document.documentElement.lang = S.lang === 'zh' ? 'zh-Hans' : 'en';
    for (const e of document.querySelectorAll('[data-i18n]')) {
      const v = W()[e.dataset.i18n];
      if (typeof v === 'string') e.textContent = v;
    }
    const sel = $('edition');
    if (S.info) {
      sel.textContent = '';
      for (const e of S.info.editions) {
        const o = document.createElement('option');
        o.value = e.id;
        o.textContent = S.lang === 'zh' ? `${e.name_zh}` : `${e.name}`;
        sel.appendChild(o);
      }
      sel.value = S.edition;
    }
    $('lang').value = S.lang;
    if (S.mode === 'setup') drawPalette();
  }

  function openDialog(id) {
    $('dialog').hidden = false;
    for (const f of ['paste-form', 'fen-form', 'pick-form']) $(f).hidden = f !== id;
    const first = $(id).querySelector('textarea, input, select');
    if (first) first.focus();
  }
  function closeDialog() { $('dialog').hidden = true; }

  // ------------------------------------------------------------ events
  function wire() {
    $('file').addEventListener('change', async (ev) => {
      const f = ev.target.files && ev.target.files[0];
      if (!f) return;
      if (S.info && f.size > S.info.limits.max_upload) {
        sayError(new DeskError({ en: `the file is larger than ${S.info.limits.max_upload} bytes, the limit`, zh: `文件过大（上限 ${S.info.limits.max_upload} 字节）` }));
        ev.target.value = '';
        return;
      }
      try { say(''); await readRecord(await f.arrayBuffer()); } catch (e) { sayError(e); }
      ev.target.value = '';
    });
    document.addEventListener('dragover', (ev) => { ev.preventDefault(); });
    document.addEventListener('drop', async (ev) => {
      ev.preventDefault();
      const f = ev.dataTransfer && ev.dataTransfer.files[0];
      if (f) { try { say(''); await readRecord(await f.arrayBuffer()); } catch (e) { sayError(e); } }
    });
    $('paste-open').addEventListener('click', () => openDialog('paste-form'));
    $('fen-open').addEventListener('click', () => {
      if (S.view) { $('fen-text').value = S.view.start; $('moves-text').value = S.view.plies.map((p) => p.chinese).join(' '); }
      openDialog('fen-form');
    });
    for (const c of document.querySelectorAll('.cancel')) c.addEventListener('click', closeDialog);
    $('paste-load').addEventListener('click', async () => {
      try { say(''); await readRecord(new TextEncoder().encode($('paste-text').value)); closeDialogUnlessPicking(); } catch (e) { sayError(e); }
    });
    $('fen-load').addEventListener('click', async () => {
      const fen = $('fen-text').value.trim() || 'startpos';
      try {
        say('');
        await loadGame({ fen, moves: $('moves-text').value, tags: {}, recorded: null, relaxed: $('fen-relaxed').checked });
        closeDialog();
      } catch (e) { sayError(e); }
    });
    $('pick-load').addEventListener('click', async () => {
      const i = Number($('pick-game').value);
      if (!S.games || !S.games[i]) return;
      try { await loadRecordGame(S.games[i]); closeDialog(); } catch (e) { sayError(e); }
    });
    $('pick-game').addEventListener('dblclick', () => $('pick-load').click());
    $('setup-open').addEventListener('click', startSetup);
    $('setup-cancel').addEventListener('click', () => { setMode('view'); say(''); });
    $('setup-clear').addEventListener('click', () => { S.setup.squares = {}; drawBoard(); });
    $('setup-start').addEventListener('click', () => { S.setup.squares = board(START_FEN).squares; drawBoard(); });
    $('setup-done').addEventListener('click', finishSetup);
    $('palette').addEventListener('click', (ev) => {
      const b = ev.target.closest('button');
      if (!b) return;
      S.setup.tool = b.dataset.tool;
      drawPalette();
    });
    $('edition').addEventListener('change', async (ev) => {
      S.edition = ev.target.value;
      save();
      try { await rule({ ply: S.ply, keepPoint: true, compare: true }); } catch (e) { sayError(e); }
    });
    $('lang').addEventListener('change', async (ev) => {
      S.lang = ev.target.value;
      save();
      applyWords();
      drawAll();
      try { if (S.game) await rule({ ply: S.ply, keepPoint: true }); } catch (e) { sayError(e); }
    });
    $('first').addEventListener('click', () => step(0));
    $('prev').addEventListener('click', () => step(S.ply - 1));
    $('next').addEventListener('click', () => step(S.ply + 1));
    $('last').addEventListener('click', () => step(Infinity));
    $('flip').addEventListener('click', () => { S.flipped = !S.flipped; save(); drawBoard(); });
    $('enter').addEventListener('click', () => {
      if (S.mode === 'enter') { setMode('view'); say(''); return; }
      setMode('enter');
      if (!S.view) rule({ ply: 0 }, { fen: START_FEN, moves: [], tags: {}, recorded: null }).catch(sayError);
    });
    $('undo').addEventListener('click', async () => {
      if (!S.view || !S.view.plies.length) return;
      const keep = Math.max(0, Math.min(S.ply, S.view.plies.length) - 1);
      const game = Object.assign({}, S.game, { fen: S.view.start, moves: S.view.plies.slice(0, keep).map((p) => p.iccs), recorded: null });
      try { await rule({}, game); } catch (e) { sayError(e); }
    });
    $('board').addEventListener('click', (ev) => {
      const hit = ev.target.closest('[data-sq]');
      if (!hit) return;
      const sq = hit.dataset.sq;
      if (S.mode === 'setup') clickSetup(sq);
      else if (S.mode === 'enter') clickEnter(sq).catch(sayError);
    });
    $('movelist').addEventListener('click', (ev) => {
      const mark = ev.target.closest('[data-point]');
      if (mark) { selectPoint(Number(mark.dataset.point), true); return; }
      const mv = ev.target.closest('.mv');
      if (mv && !mv.classList.contains('illegal')) step(Number(mv.dataset.ply));
    });
    $('points').addEventListener('click', (ev) => {
      const b = ev.target.closest('[data-point]');
      if (b) selectPoint(Number(b.dataset.point), true);
    });
    $('timeline').addEventListener('click', (ev) => {
      const b = ev.target.closest('[data-point]');
      if (b) { selectPoint(Number(b.dataset.point), true); return; }
      if (!S.view) return;
      const rect = $('timeline').getBoundingClientRect();
      const n = S.view.plies.length + (S.view.illegal ? 1 : 0);
      step(Math.round(((ev.clientX - rect.left) / rect.width) * n));
    });
    $('dl-svg').addEventListener('click', () => {
      const p = S.view.points[S.point];
      download(`ruling-ply${p.ply}-${S.view.edition}.svg`, 'image/svg+xml', p.svg);
    });
    $('dl-json').addEventListener('click', () => {
      const p = S.view.points[S.point];
      download(`ruling-ply${p.ply}-${S.view.edition}.json`, 'application/json', JSON.stringify(p.ruling, null, 2) + '\n');
    });
    $('dl-pgn').addEventListener('click', () => downloadPgn().catch(sayError));
    $('print').addEventListener('click', () => window.print());
    document.addEventListener('keydown', (ev) => {
      if (ev.target.closest && ev.target.closest('input, textarea, select')) return;
      if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
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
        case 'f': case 'F': S.flipped = !S.flipped; save(); drawBoard(); break;
        case 'Escape': closeDialog(); if (S.mode === 'enter') setMode('view'); break;
        default: return;
      }
      ev.preventDefault();
    });
  }
  function closeDialogUnlessPicking() { if ($('pick-form').hidden) closeDialog(); }

  // ------------------------------------------------------------ start
  async function main() {
    const keep = saved();
    S.lang = keep.lang === 'en' ? 'en' : 'zh';
    S.flipped = !!keep.flipped;
    wire();
    applyWords();
    drawBoard();
    try {
      S.info = await api('/api/info');
    } catch (e) { sayError(e); return; }
    const ids = S.info.editions.map((e) => e.id);
    S.edition = ids.includes(keep.edition) ? keep.edition : (S.info.editions.find((e) => e.default) || S.info.editions[0]).id;
    applyWords();
    document.body.dataset.ready = 'page';
    performance.mark('desk-ready');
    if (keep.game && keep.game.fen) {
      try { await loadGame(keep.game); } catch (_) { drawAll(); }
    }
  }
  main();
})();
