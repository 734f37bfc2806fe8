// The API on hand-picked inputs, each error path too. Expected values come
// from the rules (and the published perft counts of the start position:
// 44, 1920, 79666), not from the module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as xq from '../xq.js';

await xq.init();

const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

function throwsXq(f, code, message) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof xq.XqError, `${e} is an XqError`);
    assert.ok(e instanceof Error);
    assert.equal(e.code, code);
    if (message !== undefined) assert.match(e.message, message);
    return true;
  });
}

test('version: the package version is the crate version; protocol 1', async () => {
  const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
  const v = xq.versionInfo();
  assert.equal(v.version, pkg.version);
  assert.equal(v.protocolVersion, 1);
  assert.equal(xq.started().version, pkg.version);
});

test('loading: from bytes, a compiled module, synchronously; calls before init fail clearly', async () => {
  const bytes = await readFile(new URL('../xq.wasm', import.meta.url));
  await xq.init(bytes);
  assert.equal(xq.legalMoves().length, 44);
  xq.initSync(new WebAssembly.Module(bytes));
  assert.equal(xq.legalMoves().length, 44);
  await xq.init(new URL('../xq.wasm', import.meta.url));
  assert.equal(xq.legalMoves().length, 44);
  await assert.rejects(xq.init(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])), /exports no memory/);
  await xq.init(bytes);
  // A fresh copy of the module, never initialised.
  const fresh = await import(`../xq.js?fresh=${Date.now()}`);
  assert.throws(() => fresh.legalMoves(), /call init\(\) first/);
});

test('FEN: valid, invalid with its problems, syntax', () => {
  assert.deepEqual(xq.validateFen(START), { valid: true });
  const two = xq.validateFen('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNK w');
  assert.equal(two.valid, false);
  assert.deepEqual(two.problems, ['extra-king', 'king-outside-palace']);
  const syntax = xq.validateFen('rnbakabnr/9/1c5c1 w');
  assert.deepEqual(syntax.problems, ['syntax']);
  assert.equal(typeof syntax.message, 'string');
  // A composed position: four cannons are too many, unless relaxed.
  const composed = '3k5/9/9/9/9/9/9/9/9/CCCCK4 w';
  assert.deepEqual(xq.validateFen(composed).problems, ['too-many']);
  assert.deepEqual(xq.validateFen(composed, { relaxed: true }), { valid: true });
  throwsXq(() => xq.legalMoves(composed), 'bad-fen');
  try {
    xq.legalMoves('k8/9/9/9/9/9/9/9/9/4K4 w');
  } catch (e) {
    assert.deepEqual(e.problems, ['king-outside-palace']);
  }
  assert.deepEqual(xq.position({ moves: ['h2e2'] }), {
    fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1',
    turn: 'black',
  });
});

test('legal moves and is-legal with the reason', () => {
  assert.equal(xq.legalMoves('startpos').length, 44);
  assert.ok(xq.legalMoves(START).includes('h2e2'));
  // Red horse b0; c0 (its leg) is occupied by the elephant.
  assert.deepEqual(xq.isLegal(START, 'b0d1'), {
    legal: false,
    reason: 'horse-leg-blocked',
    message: "the horse's leg at c0 is blocked",
  });
  assert.deepEqual(xq.isLegal(START, 'b0c2'), { legal: true });
  assert.equal(xq.isLegal(START, 'e0e2').reason, 'not-a-move');
  assert.equal(xq.isLegal(START, 'a9a8').reason, 'not-your-piece');
  throwsXq(() => xq.isLegal(START, 'zz'), 'syntax');
});

test('play: the move in three notations and the new FEN; a refusal names the rule', () => {
  const p = xq.play('startpos', '炮二平五');
  assert.deepEqual(p, {
    move: 'h2e2',
    chinese: '炮二平五',
    wxf: 'C2=5',
    fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1',
  });
  // The CLI: `xq status --moves "h2e2 h9g7 b0d1"` says
  // "ply 3: b0d1 is not legal: the horse's leg at c0 is blocked".
  throwsXq(() => xq.play({ moves: 'h2e2 h9g7' }, 'b0d1'), 'horse-leg-blocked',
    /^ply 3: b0d1 is not legal: the horse's leg at c0 is blocked$/);
  try {
    xq.play({ moves: ['h2e2', 'h9g7'] }, 'b0d1');
  } catch (e) {
    assert.equal(e.ply, 3);
    assert.match(e.zh, /蹩马腿/);
  }
  throwsXq(() => xq.legalMoves({ moves: ['h2e2', 'h2e2'] }), 'no-piece', /^ply 2: /);
  throwsXq(() => xq.play('startpos', 'xx'), 'syntax', /^ply 1: "xx" is not a move/);
  throwsXq(() => xq.play('startpos', 'h'.repeat(100)), 'too-long');
  throwsXq(() => xq.play('startpos', '帅四进一'), 'no-such-piece');
});

test('notation: each notation read and written', () => {
  assert.equal(xq.convert(START, 'h2e2', 'chinese'), '炮二平五');
  assert.equal(xq.convert(START, 'C2=5', 'iccs'), 'h2e2');
  assert.equal(xq.convert(START, '马二进三', 'wxf'), 'H2+3');
  assert.equal(xq.convert({ moves: 'h2e2' }, 'h9g7', 'chinese'), '马８进７');
  throwsXq(() => xq.convert(START, 'C2+5', 'iccs'), 'illegal');
  throwsXq(() => xq.convert(START, '??', 'iccs'), 'syntax');
  throwsXq(() => xq.convert(START, 'h2e2', 'morse'), 'bad-argument', /morse/);
});

test('status: check, mate and 困毙 (stalemate)', () => {
  assert.deepEqual(xq.status(START), { in_check: false, legal_moves: 44, result: '*', reason: null });
  // Black king d9 checked by the rook on d7; d8 and e9 are covered by the
  // rook on e8, which the king cannot take (not orthogonal): mate.
  const mate = xq.status('3k5/4R4/3R5/9/9/9/9/9/9/5K3 b');
  assert.equal(mate.in_check, true);
  assert.equal(mate.legal_moves, 0);
  assert.equal(mate.result, '1-0');
  assert.equal(mate.reason, 'checkmate');
  // Without the rook on d7: Black's king is not in check and has no legal
  // move (困毙), and Black loses.
  const stale = xq.status({ fen: '3k5/4R4/9/9/9/9/9/9/9/5K3 b', relaxed: true });
  assert.equal(stale.in_check, false);
  assert.equal(stale.legal_moves, 0);
  assert.equal(stale.result, '1-0');
  assert.equal(stale.reason, 'stalemate');
  // 困毙 is scored by the edition: a loss in every one; an unknown id is
  // refused by name.
  for (const edition of ['cxa-1999', 'axf-2017', 'wxf-2018']) {
    const s = xq.status({ fen: '3k5/4R4/9/9/9/9/9/9/9/5K3 b', relaxed: true }, { edition });
    assert.equal(s.result, '1-0', edition);
  }
  assert.throws(() => xq.status(START, { edition: 'house' }), { code: 'unknown-edition' });
});

test('perft: the published counts; depth bounds are errors', () => {
  assert.equal(xq.perft('startpos', 0), 1);
  assert.equal(xq.perft('startpos', 1), 44);
  assert.equal(xq.perft('startpos', 2), 1920);
  assert.equal(xq.perft('startpos', 3), 79666);
  throwsXq(() => xq.perft('startpos', 99), 'too-deep', /99/);
  throwsXq(() => xq.perft('startpos', -1), 'bad-argument');
});

test('rule: perpetual check loses (CXA 2020 figure 6), in both languages; editions', () => {
  const game = {
    fen: '2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w',
    moves: '车四平五 将5平6 车五平四 将6平5 车四平五 将5平6 车五平四 将6平5',
  };
  const en = xq.rule(game, { lang: 'en' });
  assert.equal(en.result, '0-1');
  assert.equal(en.reason, 'perpetual-check');
  assert.equal(en.red.pattern, 'perpetual-check');
  assert.equal(en.red.forbidden, true);
  assert.deepEqual(en.red.moves.map((m) => m.kind), ['check', 'check']);
  assert.equal(en.cycle.occurrences, 3);
  assert.match(en.explanation, /perpetual check/i);
  assert.match(xq.rule(game).explanation, /长将/);
  assert.equal(xq.rule(game, { edition: 'axf-2017' }).result, '0-1');
  throwsXq(() => xq.rule(game, { edition: 'fide' }), 'unknown-edition',
    /^unknown edition "fide" \(known: cxa-2020, cxa-1999, axf-2017, wxf-2018\)$/);
  assert.deepEqual(xq.editions().map((e) => e.id), ['cxa-2020', 'cxa-1999', 'axf-2017', 'wxf-2018']);
  // An illegal last move is ruled on; one before it is an error.
  const illegal = xq.rule({ moves: 'h2e2 h9g7 b0d1' });
  assert.equal(illegal.reason, 'illegal-move');
  assert.equal(illegal.illegal_move.reason, 'horse-leg-blocked');
  assert.equal(illegal.result, '0-1');
  throwsXq(() => xq.rule({ moves: 'h2e2 xx h9g7' }), 'syntax', /^ply 2/);
});

test('classify: a check, under an edition', () => {
  const c = xq.classify('2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w', 'f0e0');
  assert.deepEqual(c, { kind: 'check', targets: ['e8'] });
  throwsXq(() => xq.classify('startpos', 'h2e2', { edition: 'x' }), 'unknown-edition');
  throwsXq(() => xq.classify('startpos', 'b0d1'), 'horse-leg-blocked');
});

test('records: every format, with warnings; errors typed', async () => {
  const pgn = '[Red "许银川"]\n[Result "1-0"]\n\n1. 炮二平五 马８进７ 2. 马二进三 {a comment} 车９平８ 1-0\n';
  const r = xq.readRecord(pgn);
  assert.equal(r.format, 'pgn');
  assert.equal(r.games.length, 1);
  const g = r.games[0];
  assert.equal(g.tags.red, '许银川');
  assert.deepEqual(g.moves, ['h2e2', 'h9g7', 'h0g2', 'i9h9']);
  assert.equal(g.line.moves[2].comment, 'a comment');
  assert.deepEqual(g.warnings, []);
  // Bytes work too, and GBK text is decoded.
  assert.equal(xq.readRecord(new TextEncoder().encode(pgn)).games[0].tags.red, '许银川');
  throwsXq(() => xq.readRecord(''), 'bad-record');
  // An XQF file cut in its header; control bytes read as text are a cut game.
  throwsXq(() => xq.readRecord(new Uint8Array([0x58, 0x51, 0x0a, 0, 0, 0])), 'bad-record',
    /the file ends in the middle of the 1024-byte XQF header/);
  assert.equal(xq.readRecord(new Uint8Array([1, 2, 3])).games[0].cut.code, 'unknown-notation');
  assert.throws(() => xq.readRecord(42), TypeError);
  const ruled = xq.ruleRecord(pgn, { lang: 'en', file: 'game.pgn' });
  assert.equal(ruled.file, 'game.pgn');
  assert.equal(ruled.plies, 4);
  assert.equal(ruled.tags.red, '许银川');
  throwsXq(() => xq.ruleRecord(pgn, { game: 2 }), 'no-such-game');
  // As `xq rule FILE --format json`: a record cut by a bad move has its
  // first plies ruled, and says where and why it was cut.
  const cut = xq.ruleRecord('1. h2e2 h2e2 *');
  assert.equal(cut.cut.code, 'illegal-move');
  assert.equal(cut.cut.message, 'PGN, game 1, 1:9, ply 2: h2e2 is not legal: there is no piece on h2');
  throwsXq(() => xq.ruleRecord(''), 'empty', /^PGN: the file is empty$/);
});

test('protocol: the handshake, a reply, malformed lines, stop', () => {
  const s = xq.protocolLine('{"type":"start","protocol":1}');
  assert.equal(s.type, 'started');
  assert.equal(s.protocol, 1);
  const r = xq.protocolLine(JSON.stringify({
    type: 'run', seq: 4, id: 'x', edition: 'cxa-2020', fen: START, moves: [],
    question: { ask: 'perft', depth: 2 },
  }));
  assert.deepEqual(r, { seq: 4, result: { nodes: 1920 } });
  assert.equal(xq.protocolLine('{"type":"start","protocol":9}').seq, null);
  assert.match(xq.protocolLine('not json').error, /malformed/);
  assert.equal(xq.protocolLine('{"type":"stop"}'), null);
});

test('bad arguments are typed errors, not crashes', () => {
  throwsXq(() => xq.isLegal(START, undefined), 'bad-argument');
  throwsXq(() => xq.legalMoves({ fen: 7 }), 'bad-argument');
  assert.equal(xq.legalMoves().length, 44, 'the module still answers');
});
