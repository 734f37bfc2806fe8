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
//                               (bytes: a Blob, an ArrayBuffer or bytes),
//                               listed: each game's header row, and the
//                               first game in full (`first`)
//   readGame(bytes, n)          game number n of the file, in full: its
//                               moves and tree (asked when it is opened)
//   readMoves(bytes)            every game's start and moves in ICCS
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

/** The page's data block of the oracle's answers to info and words, when
 * the desk filled it. */
function carriedAnswers() {
  const block = typeof document !== 'undefined' && document.getElementById('carried');
  if (!block || !block.textContent.trim()) return null;
  try {
    const c = JSON.parse(block.textContent);
    return c && c.info && c.words ? c : null;
  } catch (_) {
    return null;
  }
}

export function httpBackend(base = '') {
  async function call(path, body, { raw = false, text = false, signal } = {}) {
    let res;
    try {
      res = await fetch(base + path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? undefined : raw ? { 'Content-Type': 'application/octet-stream' } : { 'Content-Type': 'application/json' },
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
  // The answers the served page carries (index.html's data block, filled
  // by `xq desk`), else asked.
  const carried = carriedAnswers();
  return {
    kind: 'http',
    /** `info` and `words` at once, when the page carries them (else null). */
    known: () => (carried ? { info: carried.info, words: carried.words } : null),
    info: () => (carried ? Promise.resolve(carried.info) : call('/api/info')),
    words: () => (carried ? Promise.resolve(carried.words) : call('/api/words')),
    // The page draws its own pictures of a ruling (board.js): the
    // server's (`svg`, more than half of a long game's answer) are not asked.
    rule: (game, { edition, lang, signal } = {}) => call('/api/game', {
      fen: game.fen, moves: game.moves, edition, lang,
      relaxed: !!game.relaxed, recorded: game.recorded || null, pictures: false,
    }, { signal }),
    readRecord: (bytes) => call('/api/record', bytes, { raw: true }),
    readGame: (bytes, n) => call(`/api/record?game=${n}`, bytes, { raw: true }),
    readMoves: (bytes) => call('/api/record?moves', bytes, { raw: true }),
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
 * that the page is drawn and usable before the module is compiled, and
 * the oracle thread's script (oracle/wasm/desk-worker.js, bundled). */
function staticDesk() {
  const s = globalThis.XQ_STATIC;
  return s && typeof s === 'object' && s.info && s.words && typeof s.worker === 'string' ? s : null;
}

export function pickBackend() {
  return staticDesk() ? wasmBackend() : httpBackend();
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

/** Where the oracle thread gets the module: over http(s), xq.wasm beside
 * the page, fetched and compiled there while it downloads; from file://
 * (or if the host does not serve xq.wasm), the same bytes in base64 from
 * xq-wasm.js, which only the page may load. */
async function moduleSource(fetchable) {
  if (!embeddedModule() && fetchable && /^https?:$/.test(location.protocol)) {
    return { url: new URL('xq.wasm', location.href).href };
  }
  if (!embeddedModule()) await sideScript('xq-wasm.js');
  if (!embeddedModule()) throw new Error('xq-wasm.js did not define XQ_WASM');
  return { base64: embeddedModule() };
}

const NO_MODULE = {
  code: 'module',
  en: 'The oracle module (xq.wasm) could not be loaded.',
  zh: '无法加载裁判程序（xq.wasm）。',
};

/** A record's bytes for the module, from a Blob, an ArrayBuffer or bytes. */
async function bytesOf(data) {
  return new Uint8Array(data instanceof Blob ? await data.arrayBuffer() : data);
}

const aborted = () => new DOMException('The ruling was superseded.', 'AbortError');

// The oracle in the page: the module runs in a Web Worker (the npm
// package's loader and oracle/wasm/desk-worker.js, which the static page
// carries as text in XQ_STATIC.worker and starts from a blob: URL, the one
// kind of worker a page opened from file:// may start), so that the page
// stays responsive while it rules on a long game or reads a large library.
// The module is loaded from the start, after the first paint; a call waits
// for it. A call whose `signal` aborts while the worker runs it stops the
// worker: a new one is started at once with the module already compiled,
// and the calls still wanted are asked again (each call stands alone).
export function wasmBackend() {
  const carried = staticDesk();
  const script = URL.createObjectURL(new Blob([carried.worker], { type: 'text/javascript' }));
  const pending = new Map(); // id -> {ok, fail, route, body}, oldest first
  let worker = null;
  let module = null; // compiled, kept for the next worker
  let seq = 0;

  /** A worker given `source`; resolves once it holds the module. */
  function launch(source) {
    if (worker) worker.terminate();
    const w = new Worker(script);
    worker = w;
    const ready = new Promise((ok, fail) => {
      w.onmessage = ({ data }) => {
        if (data.ready) { module = data.ready; ok(); return; }
        if (data.failed !== undefined) { fail(new Error(data.failed)); return; }
        const call = pending.get(data.id);
        if (!call) return;
        pending.delete(data.id);
        if (data.error) call.fail(new BackendError(data.error));
        else if (data.failure !== undefined) call.fail(new Error(data.failure));
        else call.ok(data.value);
      };
      w.onerror = (e) => { e.preventDefault(); fail(new Error(e.message)); };
    });
    w.postMessage({ source });
    // The calls not answered are asked again: each stands alone.
    for (const [id, { route, body }] of pending) w.postMessage({ id, route, body });
    return ready;
  }

  /** A new worker in place of the one there is. */
  async function restart() {
    try {
      if (module) return await launch({ module });
      const source = await moduleSource(true);
      try {
        return await launch(source);
      } catch (e) {
        if (!source.url) throw e;
        // A host that does not serve xq.wasm: the base64 copy.
        console.error(e);
        return await launch(await moduleSource(false));
      }
    } catch (e) {
      console.error(e);
      throw new BackendError(NO_MODULE);
    }
  }

  let loading = null;
  const load = () => (loading ||= restart());
  // Start once the page's first frame is on screen and the page is idle:
  // on two cores, fetching and compiling the module beside the first layout
  // delays the frame. A call that needs the module before then starts it;
  // a failure is reported by the first call that needs it.
  if (typeof requestAnimationFrame === 'function') {
    const idle = globalThis.requestIdleCallback || ((f) => setTimeout(f, 50));
    requestAnimationFrame(() => requestAnimationFrame(() => idle(() => load().catch(() => {}), { timeout: 500 })));
  }

  /** A copy, so that the page may change what it is given. */
  const answer = (v) => Promise.resolve(JSON.parse(JSON.stringify(v)));
  async function call(route, body, { raw = false, signal } = {}) {
    if (signal && signal.aborted) throw aborted();
    await load();
    if (signal && signal.aborted) throw aborted();
    const id = ++seq;
    const args = { route, body: body === undefined ? '' : raw ? body : JSON.stringify(body) };
    return new Promise((ok, fail) => {
      pending.set(id, { ok, fail, ...args });
      // Tests and traces see when the oracle thread is asked.
      performance.mark(`oracle-${route}`);
      worker.postMessage({ id, ...args });
      if (signal) {
        signal.addEventListener('abort', () => {
          if (!pending.has(id)) return;
          // The worker answers in order: the oldest call is the one it runs.
          const running = pending.keys().next().value === id;
          pending.delete(id);
          fail(aborted());
          if (running) {
            performance.mark('oracle-restart');
            loading = load().then(restart);
          }
        }, { once: true });
      }
    });
  }
  return {
    kind: 'wasm',
    info: () => answer(carried.info),
    words: () => answer(carried.words),
    /** The module's state, for the page and its tests. */
    ready: () => load().then(() => true),
    rule: async (game, { edition, lang, signal } = {}) => {
      const began = performance.now();
      const view = await call('game', {
        fen: game.fen, moves: game.moves, edition, lang,
        relaxed: !!game.relaxed, recorded: game.recorded || null, pictures: false,
      }, { signal });
      // The module has no clock: the call is timed here.
      view.millis = performance.now() - began;
      return view;
    },
    readRecord: async (bytes) => call('record', await bytesOf(bytes), { raw: true }),
    readGame: async (bytes, n) => call(`record?game=${n}`, await bytesOf(bytes), { raw: true }),
    readMoves: async (bytes) => call('record?moves', await bytesOf(bytes), { raw: true }),
    position: (fen, relaxed) => call('position', { fen, relaxed: !!relaxed }),
    checkMove: (fen, move, relaxed) => call('move', { fen, move, relaxed: !!relaxed }),
    pgn: (game, tags) => call('pgn', { fen: game.fen, moves: game.moves, relaxed: true, tags }),
  };
}
