// A change to a wire type is caught here: the declarations' word lists
// are the schema's (spec/case.schema.json, generated from the Rust
// vocabulary), and the module's handshake is the native `xq serve`'s
// (when an `xq` binary is found: XQ, or target/{release,debug}/xq).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, access } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import * as xq from '../xq.js';

const ROOT = path.resolve(fileURLToPath(new URL('../../../../', import.meta.url)));
await xq.init();

const dts = await readFile(new URL('../xq.d.ts', import.meta.url), 'utf8');
const schema = JSON.parse(await readFile(path.join(ROOT, 'spec/case.schema.json'), 'utf8'));

/** The words of `export type NAME = 'a' | 'b' …;` in xq.d.ts. */
function union(name) {
  const m = dts.match(new RegExp(`export type ${name} =([^;]*);`));
  assert.ok(m, `xq.d.ts declares ${name}`);
  return [...m[1].matchAll(/'([^']*)'/g)].map((x) => x[1]);
}

const defs = schema.$defs;
for (const [type, words] of [
  ['IllegalMoveCode', defs['expect.is-legal'].properties.reason.enum],
  ['ProblemCode', defs['expect.position'].properties.problem.enum],
  ['Rejection', defs['expect.convert'].oneOf.find((o) => o.properties?.rejected).properties.rejected.enum],
  ['MoveKind', defs['expect.classify'].properties.kind.enum],
  ['Pattern', defs.side.properties.pattern.enum],
  ['RulingReason', defs['expect.ruling'].properties.reason.enum],
  ['Outcome', defs['expect.ruling'].properties.result.enum],
  ['Notation', defs.case.properties.to.enum],
  ['EndReason', defs['expect.status'].properties.reason.enum.filter((w) => w !== null)],
]) {
  test(`xq.d.ts ${type} is the schema's list`, () => assert.deepEqual(union(type), words));
}

async function xqBinary() {
  const candidates = [process.env.XQ, path.join(ROOT, 'target/release/xq'), path.join(ROOT, 'target/debug/xq')];
  for (const c of candidates.filter(Boolean)) {
    try {
      await access(c);
      return c;
    } catch {}
  }
  return null;
}

test('the handshake is the native xq serve handshake', async (t) => {
  const bin = await xqBinary();
  if (!bin) {
    if (process.env.CI) assert.fail('CI must build xq before these tests');
    t.skip('no xq binary (build it, or set XQ)');
    return;
  }
  const out = spawnSync(bin, ['serve'], { input: '{"type":"start","protocol":1}\n{"type":"stop"}\n', encoding: 'utf8' });
  assert.equal(out.status, 0, out.stderr);
  assert.deepEqual(xq.started(), JSON.parse(out.stdout.trim()));
  assert.deepEqual(xq.protocolLine('{"type":"start","protocol":1}'), JSON.parse(out.stdout.trim()));
});

test('the answer keys are the native answers\' keys, question by question', async (t) => {
  const bin = await xqBinary();
  if (!bin) {
    if (process.env.CI) assert.fail('CI must build xq before these tests');
    t.skip('no xq binary (build it, or set XQ)');
    return;
  }
  const fen = '2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1';
  const moves = 'f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8'.split(' ');
  const questions = [
    { ask: 'legal-moves' }, { ask: 'is-legal', move: 'b0d1' }, { ask: 'status' },
    { ask: 'perft', depth: 2 }, { ask: 'convert', move: 'f0f1', to: 'chinese' },
    { ask: 'convert', move: 'C2=5', to: 'iccs' }, { ask: 'position' }, { ask: 'ruling' },
    { ask: 'classify', move: 'f0e0' },
  ];
  const lines = questions.map((question, i) => JSON.stringify({
    type: 'run', seq: i, id: `wire-${i}`, edition: 'cxa-2020', fen,
    moves: question.ask === 'ruling' ? moves : [], question,
  }));
  const out = spawnSync(bin, ['serve'], { input: lines.join('\n') + '\n{"type":"stop"}\n', encoding: 'utf8' });
  assert.equal(out.status, 0, out.stderr);
  const native = out.stdout.trim().split('\n').map((l) => JSON.parse(l));
  lines.forEach((line, i) => assert.deepEqual(xq.protocolLine(line), native[i], questions[i].ask));
});
