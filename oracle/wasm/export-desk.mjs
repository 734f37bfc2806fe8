#!/usr/bin/env node
// The static desk: writes the arbiter's desk (oracle/cli/desk) with the
// oracle running in the page, to open from file://, from any static host,
// and offline. The page's code is the served desk's: only the backend
// differs (js/backend.js picks the module when the page is a static desk).
//
//   DIR/index.html  the page, its styles, its fonts (data: URLs: the two
//                   it draws itself with, made into faces before the
//                   first layout), its scripts
//                   (bundled by esbuild), the module's answers to `info`
//                   and `words`, so that it draws and is usable at once,
//                   and the script of the worker the module runs in
//                   (desk-worker.js with the npm package's loader);
//   DIR/xq-names.woff2  the names font (players, events, comments of
//                   records), fetched only when a text shown needs it;
//   DIR/xq.wasm     the module, compiled while it downloads when the page
//                   is served over http(s);
//   DIR/xq-wasm.js  the same module in base64, for file://, where the
//                   page may not fetch a sibling file.
//
//   oracle/wasm/build.sh && (cd oracle/wasm/npm && npm ci)
//   node oracle/wasm/export-desk.mjs DIR
import { readFile, writeFile, mkdir, cp } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DESK = path.join(HERE, '../cli/desk');
const NPM = path.join(HERE, 'npm');
const out = process.argv[2];
if (!out || process.argv.length > 3) {
  console.error('usage: node oracle/wasm/export-desk.mjs DIR');
  process.exit(2);
}
const esbuild = createRequire(path.join(NPM, 'package.json'))('esbuild');

const npmLoader = await import(pathToFileURL(path.join(NPM, 'xq.js')).href);
const wasm = await readFile(path.join(NPM, 'xq.wasm')).catch(() => {
  console.error(`${path.join(NPM, 'xq.wasm')} is missing: run oracle/wasm/build.sh first`);
  process.exit(1);
});

// What the page shows before its module is compiled: the module's own
// answers, asked here.
await npmLoader.init(wasm);
const carried = { info: npmLoader.desk('info'), words: npmLoader.desk('words') };

// The page's modules, and the oracle thread (desk-worker.js with the npm
// package's loader) as the text the page starts its worker from: a classic
// script, since Chromium starts no module worker from a blob: URL in a page
// opened from file://.
const bundle = async (entry, format, more = {}) => (await esbuild.build({
  entryPoints: [entry],
  bundle: true,
  format,
  target: 'es2022',
  minify: true,
  write: false,
  logLevel: 'warning',
  // The loader reads file: URLs in Node only; the page never takes that path.
  external: ['node:*'],
  ...more,
})).outputFiles[0].text;
const js = await bundle(path.join(DESK, 'js/main.js'), 'esm');
carried.worker = await bundle(path.join(HERE, 'desk-worker.js'), 'iife', {
  // The loader reads import.meta.url only to find xq.wasm when init() is
  // given nothing; the worker always gives it the module.
  logOverride: { 'empty-import-meta': 'silent' },
});

const dataUrl = async (file, type) =>
  `data:${type};base64,${(await readFile(path.join(DESK, file))).toString('base64')}`;
let css = await readFile(path.join(DESK, 'desk.css'), 'utf8');
for (const font of ['xq-pieces', 'xq-text']) {
  css = css.replace(`url(fonts/${font}.woff2)`, `url(${await dataUrl(`fonts/${font}.woff2`, 'font/woff2')})`);
}
// The names font (1.5 MB; 2 MB as base64 held up the page's parsing by
// about 200 ms) goes beside the page: the browser fetches it, from a host
// or from file://, only when a record's text needs it.
css = css.replace('url(fonts/xq-names.woff2)', 'url(xq-names.woff2)');
if (css.includes('url(fonts/')) throw new Error('desk.css loads a font this script does not embed');
// The two fonts the page draws itself with are not left to the style
// sheet: js/fonts.js, run before the page's modules, makes each face from
// the bytes of its rule with the FontFace API, which decodes them at once,
// so that the first layout has both. The rules stay, for the SVG and report
// exports (js/share.js reads the bytes from them), with a unicode-range no
// text uses, so that the browser never loads them a second time.
const faceRule = /(@font-face \{ font-family: '[^']+'; src: url\(data:font\/woff2;base64,[^)]*\) format\('woff2'\);(?:(?!unicode-range)[^}])*)\}/g;
if ((css.match(faceRule) || []).length !== 2) throw new Error('desk.css no longer holds the two faces this script expects');
css = css.replace(faceRule, (_, rule) => `${rule} unicode-range: U+0; }`);
const FONT_FACES = await readFile(path.join(DESK, 'js/fonts.js'), 'utf8');

// Inline text must not close its element early.
const script = (s) => s.replace(/<\/(script)/gi, '<\\/$1');
const style = (s) => s.replace(/<\/(style)/gi, '<\\/$1');
let html = await readFile(path.join(DESK, 'index.html'), 'utf8');
// The served page's bundle of its modules (desk.js, bundle.mjs): bundled
// here, from the modules, into the page.
html = html.replace(/<!-- The page's modules \(js\/\*\.js\) as one file[\s\S]*?-->\n/, '');
if (html.includes('modulepreload')) throw new Error('index.html preloads a module this script does not bundle');
const swaps = [
  ['<link rel="icon" href="favicon.svg" type="image/svg+xml">',
    `<link rel="icon" href="${await dataUrl('favicon.svg', 'image/svg+xml')}" type="image/svg+xml">`],
  ['<link rel="preload" href="fonts/xq-pieces.woff2" as="font" type="font/woff2" crossorigin>\n', ''],
  ['<link rel="preload" href="fonts/xq-text.woff2" as="font" type="font/woff2" crossorigin>\n', ''],
  // The data block `xq desk` fills with the oracle's answers: the static
  // page carries them in XQ_STATIC.
  [`<!-- The oracle's editions and names (its answers to api/info and
     api/words), which the page needs to be usable: \`xq desk\` writes them
     into this data block as it serves the page, so that the first frame is
     drawn without asking for them (js/backend.js reads them). -->
<script type="application/json" id="carried"></script>
`, ''],
  // The served page's scripts hold back its first frame until they have
  // run; the static page's are inline.
  [`<!-- No frame before the scripts have run: a frame drawn without them (no
     words yet) was laid out for nothing and then again. -->
`, ''],
  ['<link rel="stylesheet" href="desk.css">', `<style>${style(css)}</style>`],
  ['<script defer src="js/fonts.js" fetchpriority="high" blocking="render"></script>',
    `<script>${script(FONT_FACES)}\nglobalThis.XQ_STATIC = ${script(JSON.stringify(carried))};</script>`],
  ['<script type="module" src="desk.js" blocking="render"></script>', `<script type="module">${script(js)}</script>`],
];
for (const [from, to] of swaps) {
  if (!html.includes(from)) throw new Error(`index.html no longer holds ${from.trim()}`);
  html = html.replace(from, () => to);
}
await mkdir(out, { recursive: true });
await writeFile(path.join(out, 'index.html'), html);
await writeFile(path.join(out, 'xq.wasm'), wasm);
await writeFile(path.join(out, 'xq-wasm.js'),
  `// The oracle's module (xq.wasm) in base64, for the desk opened from file://.\nglobalThis.XQ_WASM = "${wasm.toString('base64')}";\n`);
await cp(path.join(DESK, 'fonts/LICENSE-OFL.txt'), path.join(out, 'LICENSE-OFL.txt'));
await cp(path.join(DESK, 'fonts/xq-names.woff2'), path.join(out, 'xq-names.woff2'));
console.log(`${path.join(out, 'index.html')}: ${html.length} bytes; xq.wasm ${wasm.length}; xq-wasm.js beside them`);
