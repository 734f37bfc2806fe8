// The one object the page asks the oracle through. The desk's HTTP
// server provides it (httpBackend), and so does the oracle's WebAssembly
// build running in the page (wasmBackend, the static desk): the same
// methods with the same answers, from the same Rust handlers (spec/CLI.md
// documents the shapes), so nothing else in the page knows where the
// answers come from. pickBackend() chooses: the module when the page
// carries it (a static desk, oracle/wasm/export-desk.mjs), else the server.
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

/** The base64 of the module, when the page is a static desk. */
function embeddedModule() {
  return typeof globalThis.XQ_WASM === 'string' ? globalThis.XQ_WASM : null;
}

export function pickBackend() {
  return embeddedModule() ? wasmBackend() : httpBackend();
}

// The oracle in the page: the npm package's loader (bundled into the static
// page) and the module, decoded from the page itself, so that the desk
// works from file:// and offline. Calls run on the page's thread; a
// ruling's `signal` is honoured before and after it.
export function wasmBackend(source = embeddedModule()) {
  let loading = null;
  const xq = () => (loading ||= (async () => {
    const m = await import('./xq.js');
    const bytes = typeof source === 'string'
      ? Uint8Array.from(atob(source), (c) => c.charCodeAt(0))
      : source;
    await m.init(bytes);
    return m;
  })());
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
    info: () => call('info'),
    words: () => call('words'),
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
