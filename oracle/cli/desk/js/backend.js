// The one object the page asks the oracle through. The desk's HTTP
// server provides it (httpBackend), and so does the oracle's WebAssembly
// build running in the page (wasmBackend, the static desk): the same
// methods with the same answers, from the same Rust handlers (spec/CLI.md
// documents the shapes), so nothing else in the page knows where the
// answers come from. pickBackend() chooses: the module when the page
// carries it (a static desk, oracle/wasm/export-desk.mjs), else the server.
// A static desk answers info() and words() from what it carries, at once,
// and compiles its module in the background: a call that needs the module
// waits for it.
//
//   info()                      editions and limits
//   words()                     the oracle's names for kinds, patterns,
//                               reasons, results, editions, pieces (zh, en)
//   rule(game, {edition, lang, signal})
//                               every ply and every ruling point of a line
//   readRecord(bytes)           the games of a record file or pasted text
//   position(fen, relaxed)      a FEN checked, with its legal moves
//   checkMove(fen, iccs, relaxed)
//                               may this move be played here, and why not
//   pgn(game, tags)             the line written as PGN text
//
// Every failure is a BackendError carrying {code, zh, en}.

export class BackendError extends Error {
  constructor(info) {
    super(info.en);
    this.info = info;
  }
}

const NETWORK = {
  code: 'network',
  en: 'Cannot reach the desk server.',
  zh: '无法连接裁判台服务器。',
};

export function httpBackend(base = '') {
  async function call(path, body, { raw = false, text = false, signal } = {}) {
    let res;
    try {
      res = await fetch(base + path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: raw ? { 'Content-Type': 'application/octet-stream' } : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
        signal,
      });
    } catch (e) {
      if (e && e.name === 'AbortError') throw e;
      throw new BackendError(NETWORK);
    }
    const answer = await res.text();
    if (!res.ok) {
      let info;
      try { info = JSON.parse(answer).error; } catch (_) { info = null; }
      throw new BackendError(info || { code: `http-${res.status}`, en: `HTTP ${res.status}`, zh: `HTTP ${res.status}` });
    }
    if (text) return answer;
    return JSON.parse(answer);
  }
  return {
    kind: 'http',
    info: () => call('/api/info'),
    words: () => call('/api/words'),
    rule: (game, { edition, lang, signal } = {}) => call('/api/game', {
      fen: game.fen, moves: game.moves, edition, lang,
      relaxed: !!game.relaxed, recorded: game.recorded || null,
    }, { signal }),
    readRecord: (bytes) => call('/api/record', bytes, { raw: true }),
    position: (fen, relaxed) => call('/api/position', { fen, relaxed: !!relaxed }),
    checkMove: (fen, move, relaxed) => call('/api/move', { fen, move, relaxed: !!relaxed }),
    pgn: (game, tags) => call('/api/pgn', { fen: game.fen, moves: game.moves, relaxed: true, tags }, { text: true }),
  };
}

/** The base64 of the module, when the page carries it inline. */
function embeddedModule() {
  return typeof globalThis.XQ_WASM === 'string' ? globalThis.XQ_WASM : null;
}

/** What a static desk carries (oracle/wasm/export-desk.mjs): the module's
 * own answers to `info` and `words`, asked when the page was written, so
 * that the page is drawn and usable before the module is compiled. */
function staticDesk() {
  const s = globalThis.XQ_STATIC;
  return s && typeof s === 'object' && s.info && s.words ? s : null;
}

export function pickBackend() {
  return staticDesk() || embeddedModule() ? wasmBackend() : httpBackend();
}

/** A classic script beside the page (classic scripts load from file://,
 * where a fetch of a sibling file is refused). */
function sideScript(src) {
  return new Promise((ok, fail) => {
    const el = document.createElement('script');
    el.src = src;
    el.onload = ok;
    el.onerror = () => fail(new Error(`cannot load ${src}`));
    document.head.append(el);
  });
}

/** Compiles base64 without blocking the page: the browser decodes a data:
 * URL and compiles while it reads it. */
function compileBase64(b64) {
  return WebAssembly.compileStreaming(fetch(`data:application/wasm;base64,${b64}`))
    .catch(() => WebAssembly.compile(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))));
}

/** The static desk's module: over http(s), xq.wasm beside the page,
 * compiled while it downloads; from file:// (or if the host does not serve
 * it as application/wasm), the same bytes in base64 from xq-wasm.js. */
async function staticModule() {
  if (embeddedModule()) return compileBase64(embeddedModule());
  if (/^https?:$/.test(location.protocol)) {
    try {
      return await WebAssembly.compileStreaming(fetch(new URL('xq.wasm', location.href)));
    } catch (_) { /* the base64 copy below */ }
  }
  await sideScript('xq-wasm.js');
  if (!embeddedModule()) throw new Error('xq-wasm.js did not define XQ_WASM');
  return compileBase64(embeddedModule());
}

const NO_MODULE = {
  code: 'module',
  en: 'The oracle module (xq.wasm) could not be loaded.',
  zh: '无法加载裁判程序（xq.wasm）。',
};

// The oracle in the page: the npm package's loader (bundled into the static
// page) and the module (beside the page, or in base64 for file://), so that
// the desk works from any static host, from file:// and offline. The module
// is compiled in the background from the start; a call waits for it. Calls
// run on the page's thread; a ruling's `signal` is honoured before and
// after it.
export function wasmBackend(source) {
  const carried = staticDesk();
  let loading = null;
  const xq = () => (loading ||= (async () => {
    const m = await import('./xq.js');
    try {
      await m.init(source !== undefined ? source : await staticModule());
    } catch (e) {
      console.error(e);
      throw new BackendError(NO_MODULE);
    }
    return m;
  })());
  // Start at once, after the first paint; a failure is reported by the
  // first call that needs the module.
  if (typeof requestAnimationFrame === 'function') {
    requestAnimationFrame(() => setTimeout(() => xq().catch(() => {}), 0));
  }
  /** A copy, so that the page may change what it is given. */
  const answer = (v) => Promise.resolve(JSON.parse(JSON.stringify(v)));
  const aborted = () => new DOMException('The ruling was superseded.', 'AbortError');
  async function call(route, body, { raw = false, signal } = {}) {
    const m = await xq();
    if (signal && signal.aborted) throw aborted();
    try {
      return m.desk(route, body === undefined ? '' : raw ? body : JSON.stringify(body));
    } catch (e) {
      if (e instanceof m.XqError) throw new BackendError({ code: e.code, en: e.en || e.message, zh: e.zh || e.message });
      throw e;
    }
  }
  return {
    kind: 'wasm',
    info: () => (carried ? answer(carried.info) : call('info')),
    words: () => (carried ? answer(carried.words) : call('words')),
    /** The module's state, for the page and its tests. */
    ready: () => xq().then(() => true),
    rule: async (game, { edition, lang, signal } = {}) => {
      const began = performance.now();
      const view = await call('game', {
        fen: game.fen, moves: game.moves, edition, lang,
        relaxed: !!game.relaxed, recorded: game.recorded || null,
      }, { signal });
      if (signal && signal.aborted) throw aborted();
      // The module has no clock: the call is timed here.
      view.millis = performance.now() - began;
      return view;
    },
    readRecord: (bytes) => call('record', new Uint8Array(bytes), { raw: true }),
    position: (fen, relaxed) => call('position', { fen, relaxed: !!relaxed }),
    checkMove: (fen, move, relaxed) => call('move', { fen, move, relaxed: !!relaxed }),
    pgn: (game, tags) => call('pgn', { fen: game.fen, moves: game.moves, relaxed: true, tags }),
  };
}
