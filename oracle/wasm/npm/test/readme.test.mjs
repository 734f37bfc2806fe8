// The README's example runs as written, and prints what its comments say.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('..', import.meta.url));

test('the README example', async () => {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
  const code = readme.match(/```js\n([\s\S]*?)```/)[1];
  assert.ok(code.trim().split('\n').length <= 10, 'ten lines at most');
  // Run from the package directory: the import names the package itself.
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: dir, encoding: 'utf8' });
  assert.equal(out.status, 0, out.stderr);
  const printed = out.stdout.trim().split('\n');
  const promised = [...code.matchAll(/\/\/ (.*)$/gm)].map((m) => m[1]).filter((c) => !c.startsWith('loads'));
  assert.deepEqual(printed, promised);
});
