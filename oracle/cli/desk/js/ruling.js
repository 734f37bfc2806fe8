// The ruling panel: the game's ruling points, the ruling of the one
// selected (verdict, facts, the cycle's moves with their kinds, clauses,
// what followed, the search bounds, the picture), what changed when the
// edition was switched, and the same point under all four editions side
// by side.

import { S } from './state.js';
import { W, term, editionName, sideName, resultText, colon, paren } from './i18n.js';
import { moveText } from './notation.js';
import { drawBoard, parseFen } from './board.js';
import { headRow, cell } from './dom.js';

const $ = (id) => document.getElementById(id);

export function selectedPoint() {
  return S.view && S.point !== null ? S.view.points[S.point] || null : null;
}

/** The FEN after `ply` plies of the line shown. */
export function fenAt(ply) {
  if (!S.view) return S.game ? S.game.fen : null;
  return ply === 0 ? S.view.start : S.view.plies[Math.min(ply, S.view.plies.length) - 1].fen;
}

/** What the ruling's picture shows: the cycle's start, its moves, the targets. */
export function pictureOf(p) {
  const r = p.ruling;
  const first = r.cycle ? r.cycle.first_ply : p.ply;
  const before = Math.max(0, Math.min(first - 1, S.view.plies.length));
  const pos = parseFen(fenAt(before));
  const arrows = (p.cycle_moves || []).map((m) => ({ iccs: m.iccs, n: m.number, side: m.side }));
  // The pieces chased at the cycle's start: the targets of its first
  // attacking moves that stand on the board there.
  const rings = [];
  for (const m of p.cycle_moves || []) {
    if (m.kind !== 'chase') continue;
    for (const t of m.targets) if (pos.squares[t] && !rings.includes(t)) rings.push(t);
  }
  const lastPly = p.ply > 0 && p.ply <= S.view.plies.length ? S.view.plies[p.ply - 1] : null;
  return { squares: pos.squares, turn: pos.turn, flipped: S.flipped, arrows, rings: rings.slice(0, 4), last: r.cycle ? null : lastPly && lastPly.iccs };
}

export function drawPoints() {
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
    b.className = `point ${p.kind}${S.point === i ? ' selected' : ''}`;
    b.dataset.point = i;
    b.setAttribute('aria-pressed', S.point === i ? 'true' : 'false');
    b.textContent = `${W().plyN(p.ply)} · ${term('points', p.kind)} · ${p.ruling.result} ${term('reasons', p.ruling.reason)}`;
    box.appendChild(b);
  });
}

const td = (row, text, cls) => cell(row, text, cls);

function fact(table, label, value, cls) {
  const r = document.createElement('tr');
  cell(r, label, null, 'th');
  td(r, value, cls);
  table.appendChild(r);
}

/** A pattern's name: the oracle's, in the page's language. */
function patternName(s) {
  return S.lang === 'zh' ? s.pattern_zh : `${term('patterns', s.pattern)} (${s.pattern_zh})`;
}

/** A clause as the page's language cites it. */
export function clauseText(c) {
  const cited = c.cited.length ? ` — ${c.cited.join(S.lang === 'zh' ? '、' : ', ')}` : '';
  return S.lang === 'zh' ? `${c.term}${cited}` : `${c.title} (${c.term})${cited}`;
}

/** A piece the oracle names by its character, in the page's language. */
export function targetName(ch) {
  if (S.lang === 'zh' || !S.words) return ch;
  for (const k in S.words.pieces) {
    const p = S.words.pieces[k];
    if (p.zh_red === ch || p.zh_black === ch) return `${p.en} `;
  }
  return ch;
}

export function kindText(m) {
  return S.lang === 'zh' ? m.kind_zh : `${term('kinds', m.kind)} (${m.kind_zh})`;
}

export function drawRuling() {
  const art = $('ruling');
  const p = selectedPoint();
  art.hidden = !p;
  $('select-hint').hidden = !!p || !S.view || !S.view.points.length;
  document.documentElement.dataset.point = p ? S.point : '';
  if (!p) return;
  const w = W(), r = p.ruling;
  $('ruling-title').textContent = `${w.plyN(p.ply)} · ${term('points', p.kind)} · ${editionName(S.view.edition)}`;
  $('verdict').textContent = p.headline;
  const facts = $('facts');
  facts.textContent = '';
  fact(facts, w.verdict, `${resultText(r.result)} · ${term('reasons', r.reason)}`);
  fact(facts, w.mustVary, r.must_vary ? sideName(r.must_vary) : w.none);
  if (p.cycle_text) fact(facts, w.cycle, p.cycle_text);
  for (const side of ['red', 'black']) {
    const s = r[side];
    if (!s) continue;
    fact(facts, `${sideName(side)} · ${w.pattern}`, `${patternName(s)}${colon()}${s.forbidden ? w.forbiddenW : w.allowedW}`, s.forbidden ? 'forbidden' : 'allowed');
  }
  if (r.illegal_move) {
    const iv = S.view.illegal;
    fact(facts, term('points', 'illegal-move'), `${w.plyN(r.illegal_move.ply)} ${r.illegal_move.text}${colon()}${iv ? (S.lang === 'zh' ? iv.zh : iv.en) : r.illegal_move.reason}`, 'forbidden');
  }
  if (p.natural_limit_text && p.kind === 'natural-limit') fact(facts, term('points', 'natural-limit'), p.natural_limit_text);
  const hasCycle = !!r.cycle;
  for (const e of art.querySelectorAll('.when-cycle')) e.hidden = !hasCycle;
  const cm = $('cycle-moves');
  cm.textContent = '';
  if (hasCycle) {
    cm.appendChild(headRow([w.num, w.side, w.move, w.kind, w.targets]));
    for (const m of p.cycle_moves) {
      const row = document.createElement('tr');
      row.dataset.kind = m.kind;
      td(row, String(m.number));
      td(row, sideName(m.side));
      const ply = S.view.plies[m.ply - 1];
      td(row, `${moveText(ply || m)} (${m.iccs}) · ${w.plyN(m.ply)}`);
      td(row, kindText(m), m.kind === 'idle' ? '' : 'attack');
      td(row, m.targets.map((t, i) => `${targetName(m.target_names[i] || '')}${t}`).join(' ') + (m.complete ? '' : ` (${w.incomplete})`));
      cm.appendChild(row);
    }
  }
  const cl = $('clauses');
  cl.textContent = '';
  for (const c of p.clauses) {
    const li = document.createElement('li');
    const code = document.createElement('code');
    code.textContent = c.id;
    li.append(`${clauseText(c)} `, code);
    cl.appendChild(li);
  }
  $('follow-up').textContent = p.follow_up_text || '';
  $('search').textContent = p.search_text || '';
  $('explanation').textContent = p.explanation;
  const svg = $('diagram-svg');
  drawBoard(svg, pictureOf(p));
  svg.setAttribute('aria-label', `${w.plyN(p.ply)} · ${p.headline}`);
}

export function drawSummary() {
  const v = S.view;
  $('summary').textContent = v ? v.summary : '';
  const t = S.game && S.game.tags ? S.game.tags : {};
  const names = [t.red, t.black].filter(Boolean).join(' — ');
  const bits = [names, t.event, t.round, t.date].filter(Boolean);
  let line = bits.join(' · ');
  if (v) {
    line += `${line ? ' · ' : ''}${W().result}${colon()}${resultText(v.result)}`;
    if (v.claimable) line += paren(W().onClaim);
    if (v.recorded) line += paren(`${W().recorded} ${resultText(v.recorded)}${colon()}${v.agreement_text || ''}`);
  }
  $('game-title').textContent = line;
  $('game-title').dataset.agreement = v && v.agreement ? v.agreement : '';
}

/** What changed between two rulings of the same line. */
export function describeChanges(before, after) {
  const w = W();
  const key = (p) => `${p.kind}@${p.ply}`;
  const verdict = (p) => `${p.ruling.result} ${term('reasons', p.ruling.reason)}${p.ruling.must_vary ? paren(`${w.mustVary}${colon()}${sideName(p.ruling.must_vary)}`) : ''}`;
  const a = new Map(before.points.map((p) => [key(p), p]));
  const b = new Map(after.points.map((p) => [key(p), p]));
  const lines = [];
  for (const [k, p] of a) {
    const q = b.get(k);
    if (!q) lines.push(`${w.plyN(p.ply)} ${term('points', p.kind)}${colon()}${verdict(p)} — ${w.onlyIn(editionName(before.edition))}`);
    else if (verdict(p) !== verdict(q)) lines.push(`${w.plyN(p.ply)} ${term('points', q.kind)}${colon()}${verdict(p)} → ${verdict(q)}`);
  }
  for (const [k, q] of b) if (!a.has(k)) lines.push(`${w.plyN(q.ply)} ${term('points', q.kind)}${colon()}${verdict(q)} — ${w.onlyIn(editionName(after.edition))}`);
  if (before.result !== after.result) lines.push(`${w.gameResult}${colon()}${before.result} → ${after.result}`);
  return `${w.edChanged(editionName(before.edition), editionName(after.edition))}\n${lines.length ? lines.join('\n') : w.noChange}`;
}

export function drawChanges() {
  const box = $('changes');
  if (S.prev && S.view) {
    box.textContent = describeChanges(S.prev, S.view);
    box.hidden = false;
  } else box.hidden = true;
}

/**
 * The selected point under every edition: one row per edition with the
 * verdict, the result, both patterns and the clauses. `views` maps an
 * edition id to its ruling of the same line.
 */
export function drawCompare(views, ply) {
  const w = W();
  $('compare-title').textContent = w.compareTitle(ply);
  const table = $('compare-table');
  table.textContent = '';
  table.appendChild(headRow([w.editionCol, w.verdict, w.resultCol, w.patternsCol, w.clausesCol]));
  for (const e of S.words.editions) {
    const v = views[e.id];
    const row = document.createElement('tr');
    row.dataset.edition = e.id;
    if (e.id === S.edition) row.className = 'chosen';
    cell(row, editionName(e.id), null, 'th');
    const p = v && v.points.find((x) => x.ply === ply && x.kind !== 'end') ;
    if (!p) {
      td(row, w.none); td(row, v ? resultText(v.result) : w.none); td(row, ''); td(row, '');
    } else {
      td(row, p.headline);
      td(row, `${resultText(p.ruling.result)} · ${term('reasons', p.ruling.reason)}`, 'result');
      td(row, ['red', 'black'].filter((s) => p.ruling[s]).map((s) => `${sideName(s)} ${patternName(p.ruling[s])}: ${p.ruling[s].forbidden ? w.forbiddenW : w.allowedW}`).join('; '));
      td(row, p.clauses.map(clauseText).join('; '));
    }
    table.appendChild(row);
  }
}
