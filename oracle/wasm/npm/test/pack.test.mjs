// `npm pack` ships the module, the loader, its declarations, the README and
// package.json, and nothing else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

test('npm pack --dry-run lists exactly the package files', (t) => {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const out = spawnSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    encoding: 'utf8',
  });
  if (out.error) {
    if (process.env.CI) throw out.error;
    t.skip(`npm not found: ${out.error.message}`);
    return;
  }
  assert.equal(out.status, 0, out.stderr);
  const [pack] = JSON.parse(out.stdout);
  const files = pack.files.map((f) => f.path).sort();
  assert.deepEqual(files, ['README.md', 'package.json', 'xq.d.ts', 'xq.js', 'xq.wasm']);
  assert.equal(pack.name, '@xiangqi-conformance/xq');
});
