// The ruling report an arbiter signs: the event, round, players, arbiter
// and time; the position (picture and FEN); the cycle with each move's
// kind; the verdict under the chosen edition with its clauses; the
// arbiter's notes and a signature line. One A4 page when printed, and
// downloadable as a self-contained HTML page (print it to PDF), as the
// picture in SVG, and as JSON.

import { S } from './state.js';
import { W, term, editionName, sideName, resultText, colon } from './i18n.js';
import { moveText } from './notation.js';
import { boardSvgText, drawBoard } from './board.js';
import { selectedPoint, pictureOf, fenAt, clauseText, kindText, targetName } from './ruling.js';
import { download, embeddedFontCss } from './share.js';
import { headRow, cell } from './dom.js';

const $ = (id) => document.getElementById(id);
const FIELDS = ['event', 'round', 'red', 'black', 'arbiter', 'time', 'notes'];

/** Fills the form from the game's tags (kept once the arbiter edits). */
export function prefill() {
  const t = (S.game && S.game.tags) || {};
  const now = new Date();
  const pad = (n) => String(n).padStart(2, '0');
  const values = {
    event: [t.event, t.site].filter(Boolean).join(' · '), round: t.round || '', red: t.red || '', black: t.black || '',
    arbiter: '', time: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}`, notes: '',
  };
  for (const k of FIELDS) {
    const input = $(`rp-${k}`);
    if (!input.dataset.edited) input.value = values[k];
  }
}

function fields() {
  const v = {};
  for (const k of FIELDS) v[k] = $(`rp-${k}`).value.trim();
  return v;
}

/** The report's content, as JSON and as the sheet draws it. */
export function reportData() {
  const p = selectedPoint();
  if (!p) return null;
  const r = p.ruling;
  const first = r.cycle ? r.cycle.first_ply : p.ply;
  return {
    report: 'xq-desk ruling report',
    version: S.info ? S.info.version : null,
    ...fields(),
    edition: S.view.edition,
    edition_name: editionName(S.view.edition),
    lang: S.lang,
    ply: p.ply,
    kind: p.kind,
    position: { fen: fenAt(Math.max(0, first - 1)), at_ply: Math.max(0, first - 1) },
    position_at_point: fenAt(p.ply),
    cycle: r.cycle || null,
    cycle_moves: (p.cycle_moves || []).map((m) => ({ number: m.number, ply: m.ply, side: m.side, iccs: m.iccs, move: moveText(S.view.plies[m.ply - 1] || m), kind: m.kind, kind_name: kindText(m), targets: m.targets, target_names: m.target_names || [] })),
    verdict: p.headline,
    result: r.result,
    reason: r.reason,
    must_vary: r.must_vary || null,
    clauses: p.clauses.map((c) => ({ id: c.id, term: c.term, title: c.title, articles: c.articles, cited: c.cited })),
    follow_up: p.follow_up_text || null,
    ruling: r,
  };
}

/** Draws the sheet (shown in the dialog, printed alone). */
export function drawSheet() {
  const sheet = $('report-sheet');
  const d = reportData();
  const w = W();
  $('report-empty').hidden = !!d;
  sheet.hidden = !d;
  if (!d) return;
  const p = selectedPoint();
  $('rs-title').textContent = w.reportTitle;
  const meta = $('rs-meta');
  meta.textContent = '';
  for (const [k, label] of [['event', w.event], ['round', w.round], ['red', w.red], ['black', w.black], ['arbiter', w.arbiter], ['time', w.time]]) {
    const row = document.createElement('tr');
    cell(row, label, null, 'th');
    cell(row, d[k] || '—');
    meta.appendChild(row);
  }
  drawBoard($('rs-diagram'), pictureOf(p));
  $('rs-fen').textContent = `FEN: ${d.position.fen}`;
  $('rs-verdict-head').textContent = w.verdictUnder(d.edition_name);
  $('rs-verdict').textContent = `${d.verdict}\n${resultText(d.result)} · ${term('reasons', d.reason)}${d.must_vary ? ` · ${w.mustVary}${colon()}${sideName(d.must_vary)}` : ''}`;
  const cyc = $('rs-cycle');
  cyc.textContent = '';
  cyc.appendChild(headRow([w.num, w.side, w.move, w.kind, w.targets]));
  for (const m of d.cycle_moves) {
    const row = document.createElement('tr');
    cell(row, String(m.number));
    cell(row, sideName(m.side));
    cell(row, `${m.move} · ${w.plyN(m.ply)}`);
    cell(row, m.kind_name);
    // Each point with the piece on it, as the ruling panel names it.
    cell(row, m.targets.map((t, i) => `${targetName(m.target_names[i] || '')}${t}`).join(' '));
    cyc.appendChild(row);
  }
  $('rs-cycle-box').hidden = !d.cycle_moves.length;
  const cl = $('rs-clauses');
  cl.textContent = '';
  for (const c of p.clauses) {
    const li = document.createElement('li');
    li.textContent = `${clauseText(c)} (${c.id})`;
    cl.appendChild(li);
  }
  $('rs-follow').textContent = d.follow_up || '';
  $('rs-notes-head').textContent = w.notes;
  $('rs-notes').textContent = d.notes || '\u00a0';
  $('rs-sign').textContent = `${w.signature}${colon()}______________________    ${w.time}${colon()}${d.time}`;
}

const SHEET_CSS = `
body{font-family:'XQ Text','Noto Sans CJK SC',sans-serif;margin:12mm;color:#111;font-size:10.5pt}
h1{font-size:15pt;margin:0 0 3mm}h2{font-size:11pt;margin:3mm 0 1mm}
table{border-collapse:collapse;width:100%;font-size:9.5pt}th,td{border:1px solid #999;padding:1mm 2mm;text-align:left;vertical-align:top}
.two{display:flex;gap:5mm}.two>*{flex:1}svg{width:78mm;height:auto}
#rs-verdict{white-space:pre-wrap;font-weight:600}#rs-notes{border:1px solid #999;min-height:18mm;padding:2mm;white-space:pre-wrap}
#rs-sign{margin-top:8mm}ul{margin:0;padding-left:5mm;font-size:9.5pt}code,.fen{font-size:8.5pt;word-break:break-all}
@page{size:A4;margin:0}`;

/** The sheet as a self-contained HTML page, fonts and picture inside. */
export async function sheetHtml() {
  drawSheet();
  const fonts = await embeddedFontCss();
  const sheet = $('report-sheet').cloneNode(true);
  sheet.hidden = false;
  sheet.removeAttribute('hidden');
  const lang = S.lang === 'zh' ? 'zh-Hans' : 'en';
  return `<!doctype html>\n<html lang="${lang}"><head><meta charset="utf-8"><title>${W().reportTitle}</title><style>${fonts}\n${SHEET_CSS}</style></head><body>${sheet.outerHTML}</body></html>\n`;
}

export async function downloadHtml() {
  const d = reportData();
  if (!d) return;
  download(`ruling-report-ply${d.ply}-${d.edition}.html`, 'text/html', await sheetHtml());
}

export function downloadJson() {
  const d = reportData();
  if (!d) return;
  download(`ruling-report-ply${d.ply}-${d.edition}.json`, 'application/json', `${JSON.stringify(d, null, 2)}\n`);
}

export async function downloadSvg() {
  const p = selectedPoint();
  if (!p) return;
  download(`ruling-ply${p.ply}-${S.view.edition}.svg`, 'image/svg+xml', boardSvgText(pictureOf(p), await embeddedFontCss()));
}

export function wireReport() {
  for (const k of FIELDS) $(`rp-${k}`).addEventListener('input', (ev) => { ev.target.dataset.edited = '1'; drawSheet(); });
}
