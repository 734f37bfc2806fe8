// How a move is written on the page: Chinese notation (simplified or
// traditional characters), WXF or ICCS, each as the oracle wrote it; on the
// English page Chinese notation takes Arabic file numbers (炮2平5) as
// English-language xiangqi books print it.

import { S } from './state.js';

export const NOTATIONS = ['chinese', 'traditional', 'wxf', 'iccs'];
export const NOTATION_NAMES = {
  zh: { chinese: '中文（简体）', traditional: '中文（繁體）', wxf: 'WXF', iccs: 'ICCS' },
  en: { chinese: 'Chinese (simplified)', traditional: 'Chinese (traditional)', wxf: 'WXF', iccs: 'ICCS' },
};

// The words of move notation that differ between the two scripts; the
// pieces' traditional characters are the oracle's (`words().pieces`).
const TRADITIONAL_WORDS = { 进: '進', 后: '後' };
const CN_DIGITS = '一二三四五六七八九';
const FULL_DIGITS = '１２３４５６７８９';

function arabic(text) {
  let out = '';
  for (const ch of text) {
    const a = CN_DIGITS.indexOf(ch);
    const b = FULL_DIGITS.indexOf(ch);
    out += a >= 0 ? String(a + 1) : b >= 0 ? String(b + 1) : ch;
  }
  return out;
}

/** Chinese text in traditional characters. */
export function traditional(text) {
  const map = { ...TRADITIONAL_WORDS };
  const pieces = (S.words && S.words.pieces) || {};
  for (const k in pieces) {
    map[pieces[k].zh_red] = pieces[k].traditional_red;
    map[pieces[k].zh_black] = pieces[k].traditional_black;
  }
  let out = '';
  for (const ch of text) out += map[ch] || ch;
  return out;
}

/** A move (anything with iccs, chinese, wxf) in the chosen notation. */
export function moveText(m, notation = S.notation, lang = S.lang) {
  if (!m) return '';
  if (notation === 'iccs' || !m.chinese) return notation === 'wxf' && m.wxf ? m.wxf : m.iccs;
  if (notation === 'wxf') return m.wxf || m.iccs;
  let t = m.chinese;
  if (notation === 'traditional') t = traditional(t);
  if (lang === 'en') t = arabic(t);
  return t;
}

/** Red's file numbers as the board prints them: 九…一, or 9…1 in English. */
export function redFileLabel(i) {
  return S.lang === 'en' ? String(9 - i) : CN_DIGITS[8 - i];
}
