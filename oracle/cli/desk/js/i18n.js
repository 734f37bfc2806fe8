// The page's own words (buttons, headings, hints) in Chinese and English.
// The names of rule terms — move kinds, patterns, ruling reasons, point
// kinds, results, editions, pieces — are the oracle's, fetched from the
// backend (`words()`), so that the page says what `xq rule` says; the
// sentences about a ruling (its cycle, search bounds, natural-limit count,
// follow-up, how the recorded result stands) come written in the game's
// view (`*_text`), in the language asked for.

import { S } from './state.js';

export const UI = {
  zh: {
    subtitle: '象棋棋例裁判', open: '打开棋谱', paste: '粘贴棋谱', fenMoves: 'FEN 与着法',
    setup: '摆棋', edition: '规则', language: '语言', notation: '记谱', library: '棋库',
    pasteTitle: '粘贴棋谱（PGN、DhtmlXQ 等）', load: '载入', cancel: '取消', close: '关闭',
    fenTitle: '输入局面与着法', moves: '着法', relaxed: '排局（放宽子力与位置检查）',
    redToMove: '红方先走', blackToMove: '黑方先走', clearBoard: '清空棋盘', startPosition: '初始局面',
    setupDone: '完成摆棋', flip: '翻转棋盘', enterMoves: '录入着法', takeBack: '悔一着',
    undo: '撤销', redo: '重做', first: '第一着前', prev: '上一着', next: '下一着', last: '最后一着',
    autoplay: '自动播放', stop: '停止', jump: '跳到第', jumpGo: '着', go: '转到',
    keys: '键盘：← → 前后一着，Home/End 首尾，↑ ↓ 上/下一个裁判点，F 翻转，Ctrl+Z/Ctrl+Y 撤销/重做；棋盘上用方向键逐点移动，回车选子落子',
    moveList: '着法', rulingPoints: '裁判点', cycleMoves: '循环着法', clauses: '依据条款',
    search: '搜索范围', fullText: '完整裁决文字', dlSvg: '下载图（SVG）', dlJson: '下载 JSON',
    dlPgn: '下载棋谱（PGN）', report: '裁决报告', gameSummary: '全局裁决',
    start: '开局', plyOf: (p, n) => `第 ${p} 着 / 共 ${n} 着`, noPoints: '全局无须裁判介入之处。',
    plyN: (p) => `第 ${p} 着`, verdict: '裁决', mustVary: '须变着', cycle: '循环',
    forbiddenW: '禁止', allowedW: '允许', none: '—',
    num: '序', side: '方', move: '着法', kind: '性质', targets: '目标', incomplete: '未查尽',
    edChanged: (a, b) => `规则由 ${a} 改为 ${b}：`, noChange: '裁决没有变化。',
    onlyIn: (e) => `仅在 ${e} 下出现`, gameResult: '全局结果', loadedGames: (n) => `已读入 ${n} 局`,
    badGames: (n) => `另有 ${n} 局无法读取：`, refused: '着法不合法：', selectPoint: '点选一个裁判点查看裁决。',
    setupHint: '点选棋子后点棋盘放置；再点同一棋子或用橡皮移除。', enterHint: '录入着法：先点己方棋子，再点目标点。',
    result: '结果', onClaim: '须经提请', recorded: '棋谱所记', eraser: '橡皮', pattern: '着法类型',
    welcomeTitle: '开始', welcome: [
      '打开棋谱文件（PGN、XQF、DhtmlXQ、CBR/CBL 等），或把文件拖到此页。',
      '或粘贴棋谱、输入 FEN 与着法、在棋盘上摆棋后录入着法。',
      '每个裁判点在着法表和时间轴上标出；选中后右侧给出裁决、依据条款与图示。',
      '可切换规则版本与语言，打印或下载可签署的裁决报告。'],
    copyFen: '复制 FEN', copyMoves: '复制着法', copyLink: '复制链接', exportSvg: '导出棋盘 SVG', exportPng: '导出棋盘 PNG',
    copied: (what) => `已复制${what}。`, copyFailed: '无法写入剪贴板，已在提示框中给出，可手动复制：',
    linkWord: '链接', fenWord: ' FEN', movesWord: '着法',
    variation: '变着', variations: '变着', comment: '注释', mainLine: '主线', inVariation: '当前在变着中',
    branched: (n) => `在第 ${n} 着处新开变着，原棋谱保留。`, tookBack: '已悔一着（可重做）。', nothingToUndo: '没有可撤销的操作。',
    compare: '四种规则对照', compareTitle: (p) => `第 ${p} 着：四种规则下的裁决`, editionCol: '规则版本', resultCol: '结果',
    patternsCol: '双方着法类型', clausesCol: '条款',
    gameCut: (ply) => `棋谱在第 ${ply} 着处中断`, recordRefused: '棋谱无法读取，已清除原有棋局：',
    cutMark: '中断', cutWhy: '原因',
    libTitle: '棋库', libSearch: '搜索（棋手、赛事、日期）', libOnlyPoints: '只看有裁判点的对局', libScanning: (d, n) => `正在查找裁判点：${d}/${n}`,
    libCols: ['#', '红方', '黑方', '赛事', '日期', '结果', '着数', '裁判点'], libShown: (a, b) => `显示 ${a} / ${b} 局`, libNoDates: '（CBR/CBL 格式不记对局日期）',
    prevGame: '上一局', nextGame: '下一局', gameOf: (i, n) => `第 ${i}/${n} 局`,
    reportTitle: '棋例裁决报告', event: '赛事', round: '轮次', red: '红方', black: '黑方', arbiter: '裁判长', time: '时间',
    notes: '裁判意见', signature: '签名', position: '局面', printReport: '打印（A4 一页）', dlHtml: '下载 HTML（可存为 PDF）',
    dlReportJson: '下载 JSON', dlReportSvg: '下载图（SVG）', reportNoPoint: '请先选中一个裁判点。', verdictUnder: (e) => `依 ${e} 裁决`,
    board: '棋盘', boardGrid: '棋盘（方向键逐点移动）', empty: '空', sq: (sq, what) => `${sq}：${what}`,
    said: (ply, side, text) => `第 ${ply} 着，${side}：${text}`, check: '将军', takes: (p) => `吃${p}`,
    turnRed: '红方走', turnBlack: '黑方走', timeline: '时间轴', phoneHint: '',
    announceStart: '开局局面', tools: '操作', autoplaySpeed: '自动播放间隔',
  },
  en: {
    subtitle: "Arbiter's desk for xiangqi rulings", open: 'Open record', paste: 'Paste record', fenMoves: 'FEN and moves',
    setup: 'Set up', edition: 'Rules', language: 'Language', notation: 'Notation', library: 'Library',
    pasteTitle: 'Paste a record (PGN, DhtmlXQ, …)', load: 'Load', cancel: 'Cancel', close: 'Close',
    fenTitle: 'Type a position and moves', moves: 'Moves', relaxed: 'Composed position (relax piece-count and placement checks)',
    redToMove: 'Red to move', blackToMove: 'Black to move', clearBoard: 'Clear board', startPosition: 'Start position',
    setupDone: 'Done', flip: 'Flip board', enterMoves: 'Enter moves', takeBack: 'Take back',
    undo: 'Undo', redo: 'Redo', first: 'Before the first move', prev: 'Previous move', next: 'Next move', last: 'Last move',
    autoplay: 'Autoplay', stop: 'Stop', jump: 'Go to ply', jumpGo: '', go: 'Go',
    keys: 'Keys: ← → one move, Home/End first/last, ↑ ↓ previous/next ruling point, F flip, Ctrl+Z/Ctrl+Y undo/redo; on the board, arrows move between points and Enter picks and drops',
    moveList: 'Moves', rulingPoints: 'Ruling points', cycleMoves: 'Moves of the cycle', clauses: 'Clauses',
    search: 'Search bounds', fullText: 'Full ruling text', dlSvg: 'Download picture (SVG)', dlJson: 'Download JSON',
    dlPgn: 'Download game (PGN)', report: 'Ruling report', gameSummary: 'Whole-game ruling',
    start: 'start', plyOf: (p, n) => `ply ${p} of ${n}`, noPoints: 'Nothing in this game calls for the arbiter.',
    plyN: (p) => `ply ${p}`, verdict: 'Verdict', mustVary: 'Must vary', cycle: 'Cycle',
    forbiddenW: 'forbidden', allowedW: 'allowed', none: '—',
    num: '#', side: 'side', move: 'move', kind: 'kind', targets: 'targets', incomplete: 'not fully examined',
    edChanged: (a, b) => `Rules changed from ${a} to ${b}:`, noChange: 'No ruling changed.',
    onlyIn: (e) => `only under ${e}`, gameResult: 'game result', loadedGames: (n) => `${n} game(s) read`,
    badGames: (n) => `${n} more game(s) could not be read:`, refused: 'Illegal move: ', selectPoint: 'Select a ruling point to read its ruling.',
    setupHint: 'Pick a piece, then click the board; click the same piece again or use the eraser to remove.', enterHint: 'Entering moves: click one of your pieces, then its destination.',
    result: 'Result', onClaim: 'on a claim', recorded: 'recorded', eraser: 'Eraser', pattern: 'pattern',
    welcomeTitle: 'Getting started', welcome: [
      'Open a record file (PGN, XQF, DhtmlXQ, CBR/CBL …), or drop one on this page.',
      'Or paste a record, type a FEN and moves, or set up a position and enter moves on the board.',
      'Every ruling point is marked in the move list and on the timeline; select one to read its verdict, clauses and picture.',
      'Switch the rules edition and the language; print or download a ruling report to sign.'],
    copyFen: 'Copy FEN', copyMoves: 'Copy moves', copyLink: 'Copy link', exportSvg: 'Board as SVG', exportPng: 'Board as PNG',
    copied: (what) => `${what} copied.`, copyFailed: 'The clipboard is not available; here it is to copy by hand:',
    linkWord: 'Link', fenWord: 'FEN', movesWord: 'Moves',
    variation: 'variation', variations: 'Variations', comment: 'comment', mainLine: 'Main line', inVariation: 'In a variation',
    branched: (n) => `A new variation starts at ply ${n}; the record is kept.`, tookBack: 'Took back one move (redo brings it back).', nothingToUndo: 'Nothing to undo.',
    compare: 'All four editions', compareTitle: (p) => `Ply ${p}: the ruling under each edition`, editionCol: 'Edition', resultCol: 'Result',
    patternsCol: 'Patterns', clausesCol: 'Clauses',
    gameCut: (ply) => `The record breaks off at ply ${ply}`, recordRefused: 'The record cannot be read; the previous game was cleared:',
    cutMark: 'cut', cutWhy: 'why',
    libTitle: 'Library', libSearch: 'Search (players, event, date)', libOnlyPoints: 'Only games with ruling points', libScanning: (d, n) => `Looking for ruling points: ${d}/${n}`,
    libCols: ['#', 'Red', 'Black', 'Event', 'Date', 'Result', 'Plies', 'Ruling points'], libShown: (a, b) => `${a} of ${b} games shown`, libNoDates: ' (the CBR/CBL format stores no game dates)',
    prevGame: 'Previous game', nextGame: 'Next game', gameOf: (i, n) => `game ${i} of ${n}`,
    reportTitle: 'Repetition ruling report', event: 'Event', round: 'Round', red: 'Red', black: 'Black', arbiter: 'Chief arbiter', time: 'Time',
    notes: "Arbiter's notes", signature: 'Signature', position: 'Position', printReport: 'Print (one A4 page)', dlHtml: 'Download HTML (save as PDF)',
    dlReportJson: 'Download JSON', dlReportSvg: 'Download picture (SVG)', reportNoPoint: 'Select a ruling point first.', verdictUnder: (e) => `Ruled under ${e}`,
    board: 'Board', boardGrid: 'Board (arrow keys move between points)', empty: 'empty', sq: (sq, what) => `${sq}: ${what}`,
    said: (ply, side, text) => `Ply ${ply}, ${side}: ${text}`, check: 'check', takes: (p) => `takes ${p}`,
    turnRed: 'Red to move', turnBlack: 'Black to move', timeline: 'Timeline', phoneHint: '',
    announceStart: 'The start position', tools: 'Tools', autoplaySpeed: 'Autoplay interval',
  },
};

/** Each language by its own name, whichever page it is chosen from. */
export const LANGUAGES = [['zh', 'zh-Hans', '中文'], ['en', 'en', 'English']];

/** The page's words in the current language. */
export const W = () => UI[S.lang];

/** One of the oracle's names: `term('reasons', 'must-vary')`. */
export function term(table, code) {
  const t = S.words && S.words[table] && S.words[table][code];
  if (!t) return code;
  return S.lang === 'zh' ? t.zh : t.en;
}

/** An edition's name in the current language. */
export function editionName(id) {
  const e = S.words && S.words.editions.find((x) => x.id === id);
  return e ? (S.lang === 'zh' ? e.zh : e.en) : id;
}

/** A side's name (红方 / Red). */
export const sideName = (side) => term('sides', side);

/** The colon of the page's language: `结果：` / `Result: `. */
export const colon = () => (S.lang === 'zh' ? '：' : ': ');

/** Words in parentheses as the page's language writes them. */
export const paren = (text) => (S.lang === 'zh' ? `（${text}）` : ` (${text})`);

/** A result in words beside its code: `0-1（黑胜）`. */
export function resultText(code) {
  const w = term('results', code);
  return w && w !== code ? `${code}${paren(w)}` : code;
}
