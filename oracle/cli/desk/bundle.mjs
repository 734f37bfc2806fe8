#!/usr/bin/env node
// The served desk's modules (js/main.js and all it imports) as one file,
// desk.js, which the page loads instead of twelve: a browser opens at most
// six connections to a host, so twelve modules came in three waves, and
// the page waited for the last. `xq desk` serves the committed desk.js
// (the binary is built without node); run this after changing a module:
//
//   node oracle/cli/desk/bundle.mjs          writes desk.js
//   node oracle/cli/desk/bundle.mjs --check  exits 1 if desk.js is stale
//
// oracle/cli/tests/desk_http.rs runs the check (CI always; locally when
// node and esbuild are installed). esbuild is the npm package's locked one
// (cd oracle/wasm/npm && npm ci), as for the static desk
// (oracle/wasm/export-desk.mjs), which bundles the same modules itself.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const check = process.argv[2] === '--check';
if (process.argv.length > (check ? 3 : 2)) {
  console.error('usage: node oracle/cli/desk/bundle.mjs [--check]');
  process.exit(2);
}
const esbuild = createRequire(path.join(HERE, '../../wasm/npm/package.json'))('esbuild');
const built = await esbuild.build({
  entryPoints: [path.join(HERE, 'js/main.js')],
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  write: false,
  logLevel: 'warning',
});
const text = '// Generated from js/*.js by bundle.mjs (node oracle/cli/desk/bundle.mjs): do not edit.\n'
  + built.outputFiles[0].text;
const out = path.join(HERE, 'desk.js');
if (check) {
  const now = await readFile(out, 'utf8').catch(() => '');
  if (now !== text) {
    console.error(`${out} is stale: run node oracle/cli/desk/bundle.mjs`);
    process.exit(1);
  }
} else {
  await writeFile(out, text);
  console.log(`${out}: ${text.length} bytes`);
}
