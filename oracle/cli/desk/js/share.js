// What leaves the page: copies to the clipboard (the FEN, the move list
// in a notation, a link to this position and ply), downloads, and the
// board exported as SVG or PNG with the pieces' font inside, so that the
// picture looks the same on a machine without CJK fonts.

import { S, linkHere } from './state.js';
import { W } from './i18n.js';
import { moveText } from './notation.js';
import { boardSvgText, WIDTH, HEIGHT } from './board.js';

let fontCss = null;

/** Where the page's own @font-face for `family` loads it from: a file
 * beside the served desk, a data: URL in the static desk (which has no
 * fonts/ folder, and may not fetch one from file://). */
function faceUrl(family, fallback) {
  for (const sheet of document.styleSheets) {
    let rules;
    try { rules = sheet.cssRules; } catch (_) { continue; }
    for (const r of rules) {
      if (!(r instanceof CSSFontFaceRule)) continue;
      if (r.style.getPropertyValue('font-family').replace(/['"]/g, '').trim() !== family) continue;
      const m = /url\(\s*["']?([^"')]+)["']?\s*\)/.exec(r.style.getPropertyValue('src'));
      if (m) return new URL(m[1], sheet.href || location.href).href;
    }
  }
  return fallback;
}

/** The embedded fonts as CSS with data URLs (fetched once). */
export async function embeddedFontCss() {
  if (fontCss !== null) return fontCss;
  const faces = [['XQ Pieces', 'fonts/xq-pieces.woff2', 700], ['XQ Text', 'fonts/xq-text.woff2', 400]];
  const parts = [];
  for (const [family, file, weight] of faces) {
    try {
      const res = await fetch(faceUrl(family, file));
      if (!res.ok) continue;
      const bytes = new Uint8Array(await res.arrayBuffer());
      let bin = '';
      for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
      parts.push(`@font-face{font-family:'${family}';font-weight:${weight};src:url(data:font/woff2;base64,${btoa(bin)}) format('woff2');}`);
    } catch (_) { /* drawn with the reader's fonts instead */ }
  }
  fontCss = parts.join('\n');
  return fontCss;
}

export function download(name, type, data) {
  const url = URL.createObjectURL(data instanceof Blob ? data : new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
}

/** Copies text; where the clipboard is refused, shows it to copy by hand. */
export async function copy(text, what, say) {
  document.documentElement.dataset.copied = text;
  try {
    await navigator.clipboard.writeText(text);
    say(W().copied(what));
  } catch (_) {
    say(`${W().copyFailed}\n${text}`);
  }
}

export function movesText(notation = S.notation) {
  if (!S.view) return '';
  const parts = (S.view.start || '').split(/\s+/);
  let no = Number(parts[5] || 1);
  let black = parts[1] === 'b';
  const out = [];
  for (const p of S.view.plies) {
    if (!black) out.push(`${no}.`);
    else if (!out.length) out.push(`${no}...`);
    out.push(moveText(p, notation));
    if (black) no += 1;
    black = !black;
  }
  return out.join(' ');
}

export const copyLink = (say) => copy(linkHere(), W().linkWord, say);

export async function exportSvg(board, name) {
  download(`${name}.svg`, 'image/svg+xml', boardSvgText(board, await embeddedFontCss()));
}

/** The board as PNG: the standalone SVG drawn on a canvas at twice size. */
export async function exportPng(board, name) {
  const text = boardSvgText(board, await embeddedFontCss());
  const img = new Image();
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  await new Promise((ok, fail) => { img.onload = ok; img.onerror = fail; img.src = url; });
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH * 2;
  canvas.height = HEIGHT * 2;
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  URL.revokeObjectURL(url);
  const blob = await new Promise((ok) => canvas.toBlob(ok, 'image/png'));
  download(`${name}.png`, 'image/png', blob);
}
