// The suite's ruling cases (cases/**/*.yaml, `ask: ruling`) through the
// typed rule(): each verdict as the case expects it, under every edition
// the case applies to, except where the native oracle is known to fail
// (harness/expectations/xq-oracle.yaml): there the wasm build must fail
// too, and still hold the fields the entry says hold. Tentative cases are
// reported, not graded, as the suite does by default.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import YAML from 'yaml';
import * as xq from '../xq.js';

const ROOT = path.resolve(fileURLToPath(new URL('../../../../', import.meta.url)));
await xq.init();
const ALL_EDITIONS = xq.editions().map((e) => e.id);

async function yamlFiles(dir) {
  const out = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await yamlFiles(p)));
    else if (e.name.endsWith('.yaml')) out.push(p);
  }
  return out.sort();
}

const cases = [];
for (const file of await yamlFiles(path.join(ROOT, 'cases'))) {
  const doc = YAML.parse(await readFile(file, 'utf8'));
  for (const c of doc.cases ?? []) if (c.ask === 'ruling') cases.push({ ...c, file });
}
const known = YAML.parse(
  await readFile(path.join(ROOT, 'harness/expectations/xq-oracle.yaml'), 'utf8'),
).failures;

function knownFailure(id, edition) {
  return known.find((f) => f.case === id && (!f.editions || f.editions.includes(edition)));
}

const ATTACKS = new Set(['check', 'kill', 'chase']);

/** The fields of the answer that differ from the expectation: path → why. */
function differences(want, got) {
  const d = new Map();
  const check = (p, ok, why) => { if (!ok) d.set(p, why); };
  check('result', got.result === want.result, `result ${got.result}, expected ${want.result}`);
  if (want.reason !== undefined) check('reason', got.reason === want.reason, `reason ${got.reason}, expected ${want.reason}`);
  if (want.adjudicable !== undefined) {
    check('cycle.adjudicable', got.cycle?.adjudicable === want.adjudicable, `adjudicable ${got.cycle?.adjudicable}`);
  }
  if (want.claimable_by !== undefined) {
    const g = [...(got.natural_limit?.claimable_by ?? [])].sort().join(',');
    check('natural_limit.claimable_by', g === [...want.claimable_by].sort().join(','), `claimable by ${g}`);
  }
  for (const side of ['red', 'black']) {
    const w = want[side];
    if (!w) continue;
    const s = got[side];
    if (w.pattern !== undefined) check(`${side}.pattern`, s?.pattern === w.pattern, `${side} ${s?.pattern}, expected ${w.pattern}`);
    if (w.forbidden !== undefined) check(`${side}.forbidden`, s?.forbidden === w.forbidden, `${side} forbidden ${s?.forbidden}`);
    if (w.kinds !== undefined) {
      const g = (s?.moves ?? []).map((m) => m.kind);
      const fits = g.length === w.kinds.length
        && w.kinds.every((k, i) => k === g[i] || (k === 'idle' && !ATTACKS.has(g[i])));
      check(`${side}.kinds`, fits, `${side} kinds [${g}], expected [${w.kinds}]`);
    }
  }
  return d;
}

const moveList = (m) => (m === undefined ? [] : Array.isArray(m) ? m : m.split(/[\s,]+/).filter(Boolean));

test('the suite has ruling cases', () => assert.ok(cases.length > 100, `${cases.length} cases`));

for (const c of cases) {
  test(c.id, (t) => {
    for (const edition of c.editions ?? ALL_EDITIONS) {
      const want = c.expect_by_edition?.[edition] ?? c.expect;
      const got = xq.rule(
        { fen: c.fen ?? 'startpos', moves: moveList(c.moves_iccs ?? c.moves), relaxed: !!c.relaxed },
        { edition, lang: 'en' },
      );
      const diff = differences(want, got);
      const entry = knownFailure(c.id, edition);
      if (entry) {
        assert.ok(diff.size > 0, `${edition}: a known failure of the native oracle now passes (stale entry)`);
        for (const h of entry.holds ?? []) assert.ok(!diff.has(h), `${edition}: ${h} should hold: ${diff.get(h)}`);
      } else if (c.tentative) {
        if (diff.size) t.diagnostic(`${edition}: tentative, differs: ${[...diff.values()].join('; ')}`);
      } else {
        assert.equal(diff.size, 0, `${edition}: ${[...diff.values()].join('; ')}`);
      }
    }
  });
}
