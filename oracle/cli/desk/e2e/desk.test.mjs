// The desk as an arbiter uses it, in a real headless Chromium: open a
// record, step to the ruling, read it in both languages, switch the rules
// edition, enter moves at the board, set up a position, download, print.
//
// DESK_URL is the address of a running `xq desk` (oracle/cli/tests/
// desk_browser.rs starts one and runs this script); CHROMIUM the browser
// (default /usr/bin/chromium). Screenshots go to SCREENSHOTS (default
// ./screenshots). Timings are printed, not asserted: bench/desk.sh reports
// them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const URL = process.env.DESK_URL;
if (!URL) throw new Error('DESK_URL must name a running xq desk');
const FIXTURES = path.join(HERE, 'fixtures');
const SHOTS = process.env.SCREENSHOTS || path.join(HERE, 'screenshots');
fs.mkdirSync(SHOTS, { recursive: true });

let context, page, profile;
const timings = {};

before(async () => {
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'xq-desk-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    acceptDownloads: true,
    viewport: { width: 1440, height: 1000 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-quic'],
    timeout: 60000,
  });
  page = context.pages()[0] || (await context.newPage());
  page.setDefaultTimeout(20000);
  page.on('pageerror', (e) => { throw new Error(`page error: ${e.message}`); });
});

after(async () => {
  if (context) await context.close();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
  console.log('timings (ms): ' + JSON.stringify(timings));
});

async function shot(name) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}
async function ready() {
  await page.waitForFunction(() => document.body.dataset.ready === 'game');
}
async function loading() {
  await page.evaluate(() => { document.body.dataset.ready = 'loading'; });
}
async function open(file) {
  await loading();
  await page.setInputFiles('#file', path.join(FIXTURES, file));
  await ready();
}
async function setLang(lang) {
  await loading();
  await page.selectOption('#lang', lang);
  await ready();
}
async function setEdition(id) {
  await loading();
  await page.selectOption('#edition', id);
  await ready();
}
const text = (sel) => page.locator(sel).innerText();

test('the page starts, offline, in Chinese by default', async () => {
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(URL);
  await page.waitForFunction(() => document.body.dataset.ready === 'page' || document.body.dataset.ready === 'game');
  timings.interactive = await page.evaluate(() => performance.getEntriesByName('desk-ready')[0].startTime);
  assert.equal(await page.locator('#open-label').innerText(), '打开棋谱');
  const editions = await page.locator('#edition option').evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(editions, ['cxa-2020', 'cxa-1999', 'axf-2017', 'wxf-2018']);
  assert.equal(await page.inputValue('#edition'), 'cxa-2020');
  // 32 pieces of the start position and both sides' file numbers.
  assert.equal(await page.locator('#board g.piece').count(), 32);
  assert.equal(await page.locator('#board .file-bottom').first().textContent(), '九');
  assert.equal(await page.locator('#board .file-top').first().textContent(), '1');
  for (const u of requests) assert.ok(u.startsWith(URL), `the page loaded ${u}, not from the desk`);
  await shot('01-start');
  // The first load also starts the browser's renderer; a second one is
  // what an arbiter opening the desk again meets.
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === 'page' || document.body.dataset.ready === 'game');
  timings.interactiveAgain = await page.evaluate(() => performance.getEntriesByName('desk-ready')[0].startTime);
});

test('a perpetual check (GBK PGN in Chinese notation): step to the ruling, read it in both languages', async () => {
  await open('perpetual-check-gbk.pgn');
  assert.match(await text('#game-title'), /红方棋手 — 黑方棋手/);
  assert.equal(await page.locator('#movelist .mv').count(), 8);
  assert.equal(await page.locator('#movelist .mv').first().innerText(), '车四平五');
  // The point is marked in the move list and on the timeline.
  assert.equal(await page.locator('#movelist .mv[data-ply="8"] .mark.repetition').count(), 1);
  assert.equal(await page.locator('#timeline .tick.repetition').count(), 1);
  // Step with the keys: Home, then → three times.
  await page.keyboard.press('Home');
  assert.match(await text('#ply-label'), /开局/);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  assert.match(await text('#ply-label'), /第 3 着/);
  // After 车四平五 将５平６ 车五平四 the rook is back on f0.
  assert.equal(await page.getAttribute('#board g.piece[data-piece="R"]', 'data-sq'), 'f0');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.getAttribute('#board g.piece[data-piece="R"]', 'data-sq'), 'e0');
  // ↓ goes to the next ruling point and shows its ruling.
  await page.keyboard.press('ArrowDown');
  await page.locator('#ruling').waitFor({ state: 'visible' });
  assert.match(await text('#ply-label'), /第 8 着/);
  const zh = await text('#verdict');
  assert.match(zh, /红方长将/);
  assert.match(zh, /判负/);
  assert.match(zh, /0-1/);
  assert.match(await text('#facts'), /长将: 禁止/);
  // Every red move of the cycle is a check (将), every black one idle (闲).
  const kinds = await page.locator('#cycle-moves tr[data-kind]').evaluateAll((rs) => rs.map((r) => r.dataset.kind));
  assert.deepEqual(kinds, ['check', 'idle', 'check', 'idle']);
  // The picture: the cycle's four moves as numbered arrows.
  assert.equal(await page.locator('#diagram svg line[marker-end]').count(), 4);
  const labels = await page.locator('#diagram svg g > text[font-family="sans-serif"]').allTextContents();
  assert.deepEqual(labels, ['1', '2', '3', '4']);
  assert.match(await text('#clauses'), /repetition\.perpetual-check/);
  await shot('02-perpetual-check-zh');
  await setLang('en');
  const en = await text('#verdict');
  assert.match(en, /perpetual check/i);
  assert.match(en, /0-1/);
  assert.equal(await page.locator('#open-label').innerText(), 'Open record');
  await shot('03-perpetual-check-en');
  await setLang('zh');
});

test('a perpetual chase (WXF PGN): the chased cannon is ringed, Red must vary', async () => {
  await open('perpetual-chase.pgn');
  await page.click('#points button[data-point="0"]');
  const zh = await text('#verdict');
  assert.match(zh, /红方长捉/);
  assert.match(zh, /红方须变着/);
  assert.match(zh, /0-1/);
  const rows = await page.locator('#cycle-moves tr[data-kind]').evaluateAll((rs) => rs.map((r) => [r.dataset.kind, r.cells[4].textContent]));
  assert.deepEqual(rows.map((r) => r[0]), ['chase', 'idle', 'chase', 'idle']);
  assert.match(rows[0][1], /b7/);
  assert.match(rows[2][1], /b5/);
  // At the cycle's start the cannon stands on b7: ringed (the dashed mark).
  assert.equal(await page.locator('#diagram svg circle[stroke-dasharray]').count(), 1);
  assert.equal(await page.locator('#diagram svg line[marker-end]').count(), 4);
  await shot('04-perpetual-chase-zh');
  await setLang('en');
  assert.match(await text('#verdict'), /Red must vary/);
  assert.match(await text('#search'), /positions per move/);
  await setLang('zh');
});

test('switching the edition re-rules in place: 一将一捉 is forbidden under CXA 2020, a draw under the Asian rules', async () => {
  await setEdition('cxa-2020');
  await open('check-chase.pgn');
  await page.click('#points button[data-point="0"]');
  assert.match(await text('#verdict'), /一将一捉（禁止）/);
  assert.match(await text('#verdict'), /红方须变着.*0-1/s);
  await setEdition('axf-2017');
  // The same point stays selected, with the new verdict and what changed.
  assert.match(await text('#verdict'), /一将一捉（允许）/);
  assert.match(await text('#verdict'), /1\/2-1\/2/);
  assert.match(await text('#ruling-title'), /亚洲象棋联合会/);
  const changes = await text('#changes');
  assert.match(changes, /0-1/);
  assert.match(changes, /1\/2-1\/2/);
  assert.match(await text('#clauses'), /第12条/);
  await shot('05-edition-switch-axf');
  await setLang('en');
  assert.match(await text('#verdict'), /draw/i);
  assert.match(await text('#clauses'), /rule 12/);
  await setLang('zh');
  await setEdition('cxa-2020');
});

test('entering moves at the board: a refused click shows the rule it breaks', async () => {
  await page.click('#fen-open');
  await page.fill('#fen-text', 'startpos');
  await page.fill('#moves-text', '');
  await loading();
  await page.click('#fen-load');
  await ready();
  await page.click('#enter');
  // The rook on a0 cannot pass its own pawn on a3.
  await page.click('#board rect.hit[data-sq="a0"]');
  await page.click('#board rect.hit[data-sq="a5"]');
  await page.waitForFunction(() => document.body.dataset.refused === 'path-blocked');
  const msg = page.locator('#message');
  assert.match(await msg.innerText(), /a3 处有子阻挡/);
  assert.equal(await msg.getAttribute('class'), 'error');
  await shot('06-refused-move');
  // A legal click is played and appears in Chinese notation.
  await page.click('#board rect.hit[data-sq="h2"]');
  await loading();
  await page.click('#board rect.hit[data-sq="e2"]');
  await ready();
  assert.equal(await page.locator('#movelist .mv').first().innerText(), '炮二平五');
  // Black's cannon on h7 cannot take the horse on h0 with no screen
  // between them (the red cannon has left h2).
  await page.click('#board rect.hit[data-sq="h7"]');
  await page.click('#board rect.hit[data-sq="h0"]');
  await page.waitForFunction(() => document.body.dataset.refused === 'cannon-screen');
  assert.match(await text('#message'), /炮须隔一子吃子/);
  await setLang('en');
  await page.click('#board rect.hit[data-sq="h7"]');
  await page.click('#board rect.hit[data-sq="h0"]');
  await page.waitForFunction(() => /screen/.test(document.getElementById('message').textContent));
  await setLang('zh');
  await page.click('#enter');
});

test('a position set up at the board, moves clicked, then the ruling and its downloads', async () => {
  await page.click('#setup-open');
  await page.click('#setup-clear');
  const place = async (tool, sq) => {
    await page.click(`#palette button[data-tool="${tool}"]`);
    await page.click(`#board rect.hit[data-sq="${sq}"]`);
  };
  await place('k', 'e8');
  await place('c', 'c3');
  await place('R', 'h3');
  await place('K', 'd0');
  assert.equal(await page.locator('#board g.piece').count(), 4);
  await page.check('input[name=turn][value=w]');
  await shot('07-setup');
  await loading();
  await page.click('#setup-done');
  await ready();
  const cycle = ['h3', 'h8', 'e8', 'e9', 'h8', 'h3', 'e9', 'e8'];
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < cycle.length; i += 2) {
      await page.click(`#board rect.hit[data-sq="${cycle[i]}"]`);
      await loading();
      await page.click(`#board rect.hit[data-sq="${cycle[i + 1]}"]`);
      await ready();
    }
  }
  assert.equal(await page.locator('#movelist .mv').count(), 8);
  await page.click('#points button[data-point="0"]');
  assert.match(await text('#verdict'), /一将一捉（禁止）/);
  const [svgDl] = await Promise.all([page.waitForEvent('download'), page.click('#dl-svg')]);
  const svg = fs.readFileSync(await svgDl.path(), 'utf8');
  assert.ok(svg.startsWith('<svg'), 'the SVG download is an SVG');
  assert.equal((svg.match(/marker-end=/g) || []).length, 4);
  const [jsonDl] = await Promise.all([page.waitForEvent('download'), page.click('#dl-json')]);
  const ruling = JSON.parse(fs.readFileSync(await jsonDl.path(), 'utf8'));
  assert.equal(ruling.reason, 'must-vary');
  assert.equal(ruling.must_vary, 'red');
  assert.equal(ruling.red.pattern, 'check-chase');
  const [pgnDl] = await Promise.all([page.waitForEvent('download'), page.click('#dl-pgn')]);
  const pgnText = fs.readFileSync(await pgnDl.path(), 'utf8');
  assert.match(pgnText, /\[FEN "9\/4k4\/9\/9\/9\/9\/2c4R1\/9\/9\/3K5 w/);
  assert.match(pgnText, /车二进五/);
  assert.match(pgnText, /\[Result "0-1"\]/);
  await shot('08-setup-ruled');
  // The print view: the ruling alone, on one page.
  await page.emulateMedia({ media: 'print' });
  try {
    assert.equal(await page.locator('#board-col').isVisible(), false);
    assert.equal(await page.locator('#diagram svg').isVisible(), true);
    const pdf = await page.pdf({ format: 'A4' });
    fs.writeFileSync(path.join(SHOTS, '09-print.pdf'), pdf);
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) || []).length;
    assert.equal(pages, 1, 'the printed ruling fits on one page');
  } finally {
    await page.emulateMedia({ media: 'screen' });
  }
});

test('a malformed upload gets a clear message on the page', async () => {
  await page.setInputFiles('#file', path.join(FIXTURES, 'malformed.pgn'));
  const msg = page.locator('#message.error');
  await msg.waitFor({ state: 'visible' });
  const said = await msg.innerText();
  assert.match(said, /无法读取棋谱/);
  assert.match(said, /第 4 行第 9 列，第 2 着/);
  assert.match(said, /马二进五/);
  await shot('10-malformed');
  await page.setInputFiles('#file', { name: 'noise.xqf', mimeType: 'application/octet-stream', buffer: Buffer.from([0x58, 0x51, 0x0a, 0, 1, 2, 3, 255, 254]) });
  await page.waitForFunction(() => /无法读取棋谱/.test(document.getElementById('message').textContent) && !/马二进五/.test(document.getElementById('message').textContent));
  await page.setInputFiles('#file', { name: 'empty.pgn', mimeType: 'text/plain', buffer: Buffer.alloc(0) });
  await page.waitForFunction(() => /empty|空/.test(document.getElementById('message').textContent));
  // A bad FEN typed in.
  await page.click('#fen-open');
  await page.fill('#fen-text', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w');
  await page.click('#fen-load');
  await page.waitForFunction(() => /FEN/.test(document.getElementById('message').textContent));
  assert.match(await text('#message'), /局面（FEN）无效/);
  await page.click('#fen-form .cancel');
});

test('the choices are remembered between visits', async () => {
  await setLang('en');
  await setEdition('wxf-2018');
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === 'game');
  assert.equal(await page.inputValue('#lang'), 'en');
  assert.equal(await page.inputValue('#edition'), 'wxf-2018');
  assert.equal(await page.locator('#open-label').innerText(), 'Open record');
  await setLang('zh');
  await setEdition('cxa-2020');
});

test('a 400-ply game with 40 repetitions: loaded and marked, stepping redraws at once', async () => {
  const began = Date.now();
  await open('long-400.pgn');
  timings.load400 = Date.now() - began;
  timings.load400Server = Number(await page.evaluate(() => document.body.dataset.serverMs));
  timings.load400Fetch = Number(await page.evaluate(() => document.body.dataset.ruledMs));
  const ticks = await page.locator('#timeline .tick').count();
  assert.equal(await page.locator('#timeline .tick.repetition').count(), 40);
  assert.equal(await page.locator('#timeline .tick.natural-limit').count(), 1);
  assert.equal(ticks, 41);
  assert.equal(await page.locator('#movelist .mv').count(), 400);
  await page.keyboard.press('Home');
  // The time from a key press to the next painted frame, over 20 steps.
  timings.stepFrame = await page.evaluate(async () => {
    const ms = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
      await new Promise((r) => requestAnimationFrame(() => r()));
      ms.push(performance.now() - t0);
    }
    ms.sort((a, b) => a - b);
    return { median: ms[10], max: ms[19] };
  });
  assert.match(await text('#ply-label'), /第 20 着/);
  await shot('11-long-game');
});
