// @xiangqi-conformance/xq: the xiangqi (象棋) rules oracle, compiled to
// WebAssembly. This file is the loader: it instantiates xq.wasm (which
// imports nothing) and turns each call into JSON through the module's
// memory. Every rule is decided in the module, by the same Rust code as
// the `xq` command; the answers are the JSON shapes the oracle documents
// (spec/PROTOCOL.md, spec/RULINGS.md, spec/CLI.md). Importing this file
// does nothing else: call init() (or initSync()) once before the rest.

/** A call the oracle refuses: `code` is stable, `message` is the oracle's. */
export class XqError extends Error {
  constructor(info) {
    super(info.message);
    this.name = 'XqError';
    /** @type {string} */
    this.code = info.code;
    for (const [k, v] of Object.entries(info)) {
      if (k !== 'code' && k !== 'message' && v !== null && v !== undefined) this[k] = v;
    }
  }
}

let exports_ = null;
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

function instantiated(instance) {
  const e = instance.exports;
  for (const name of ['memory', 'xq_alloc', 'xq_free', 'xq_call', 'xq_output_ptr', 'xq_output_len']) {
    if (!(name in e)) throw new TypeError(`not the xq module: it exports no ${name}`);
  }
  exports_ = e;
}

async function bytesOf(source) {
  if (source instanceof URL && source.protocol === 'file:') {
    // Node (and Deno, Bun) read a file: URL; a browser never gets one from here.
    const { readFile } = await import('node:fs/promises');
    return readFile(source);
  }
  const response = await fetch(source);
  if (!response.ok) throw new Error(`cannot load ${source}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/**
 * Loads the module. `source` is optional: the module's bytes
 * (ArrayBuffer or typed array), a compiled WebAssembly.Module, a Response
 * (or a promise of one), or a URL (string or URL) to fetch or, for file:
 * URLs in Node, to read. Without it, xq.wasm beside this file is loaded.
 */
export async function init(source) {
  if (exports_ && source === undefined) return;
  let s = source === undefined ? new URL('./xq.wasm', import.meta.url) : await source;
  if (typeof s === 'string') s = new URL(s, typeof location === 'undefined' ? import.meta.url : location.href);
  if (s instanceof WebAssembly.Module) {
    instantiated(await WebAssembly.instantiate(s, {}));
    return;
  }
  if (typeof Response !== 'undefined' && s instanceof Response) {
    if (!s.ok) throw new Error(`cannot load the module: HTTP ${s.status}`);
    s = await s.arrayBuffer();
  } else if (s instanceof URL) {
    s = await bytesOf(s);
  }
  const { instance } = await WebAssembly.instantiate(s, {});
  instantiated(instance);
}

/** Loads the module from its bytes or a compiled module, synchronously. */
export function initSync(source) {
  const module = source instanceof WebAssembly.Module ? source : new WebAssembly.Module(source);
  instantiated(new WebAssembly.Instance(module, {}));
}

function put(bytes) {
  const ptr = exports_.xq_alloc(bytes.length);
  new Uint8Array(exports_.memory.buffer, ptr, bytes.length).set(bytes);
  return ptr;
}

/** Calls a method of the module with argument bytes; JSON out. */
function raw(method, input) {
  if (!exports_) throw new Error('@xiangqi-conformance/xq: call init() first');
  const m = encoder.encode(method);
  const mp = put(m);
  const ip = put(input);
  let status;
  try {
    status = exports_.xq_call(mp, m.length, ip, input.length);
  } catch (e) {
    // A trap is a bug of the module; its state is lost.
    exports_ = null;
    throw new Error(`@xiangqi-conformance/xq: the module failed (${e.message}); call init() again`);
  } finally {
    if (exports_) {
      exports_.xq_free(mp, m.length);
      exports_.xq_free(ip, input.length);
    }
  }
  const out = new Uint8Array(exports_.memory.buffer, exports_.xq_output_ptr(), exports_.xq_output_len());
  const value = JSON.parse(decoder.decode(out));
  if (status !== 0) throw new XqError(value);
  return value;
}

function call(method, arg) {
  return raw(method, encoder.encode(JSON.stringify(arg)));
}

function bytes(input) {
  if (typeof input === 'string') return encoder.encode(input);
  if (input instanceof Uint8Array) return input;
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  throw new TypeError('a record is a string, a Uint8Array or an ArrayBuffer');
}

/** `{fen, moves, relaxed}` from a FEN string or a game object. */
function at(game) {
  if (game === undefined || game === null) return {};
  if (typeof game === 'string') return { fen: game };
  const { fen, moves, relaxed } = game;
  const a = {};
  if (fen !== undefined) a.fen = fen;
  if (moves !== undefined) a.moves = typeof moves === 'string' ? moves.split(/[\s,]+/).filter(Boolean) : moves;
  if (relaxed !== undefined) a.relaxed = relaxed;
  return a;
}

/** The crate version and the suite protocol version of the module. */
export function versionInfo() {
  const v = call('version', {});
  return { version: v.version, protocolVersion: v.protocol };
}

/** The rules editions, as `xq editions --format json` lists them. */
export function editions() {
  return call('editions', {});
}

/** Whether a FEN is a legal position, and its problems if not. */
export function validateFen(fen, { relaxed = false } = {}) {
  return call('validateFen', { fen, relaxed });
}

/** The canonical FEN and the side to move after the game's moves. */
export function position(game) {
  return call('position', at(game));
}

/** The legal moves after the game's moves, in ICCS. */
export function legalMoves(game) {
  return call('legalMoves', at(game)).moves;
}

/** Whether a move (ICCS) may be played, and the rule it breaks if not. */
export function isLegal(game, move) {
  return call('isLegal', { ...at(game), move });
}

/** Plays a move (any notation); throws XqError with the rule it breaks. */
export function play(game, move) {
  return call('play', { ...at(game), move });
}

/** A move text (ICCS, WXF or Chinese) written in another notation. */
export function convert(game, move, to) {
  const a = call('convert', { ...at(game), move, to });
  if (a.rejected) throw new XqError({ code: a.rejected, message: a.message });
  return a.move;
}

/** Check, the number of legal moves, the result and why (mate, 困毙, whose
 * result is the edition's: a loss in every edition). */
export function status(game, { edition } = {}) {
  return call('status', { ...at(game), edition });
}

/** The number of leaves of the legal-move tree `depth` plies deep. */
export function perft(game, depth) {
  return call('perft', { ...at(game), depth }).nodes;
}

/** The 棋例 kind of a move played after the game's moves, and its targets. */
export function classify(game, move, { edition } = {}) {
  return call('classify', { ...at(game), move, edition });
}

/** The ruling on the game at its last move (`xq rule --format json`). */
export function rule(game, { edition, lang } = {}) {
  return call('rule', { ...at(game), edition, lang });
}

/** The ruling on one game of a record file (`xq rule FILE --format json`). */
export function ruleRecord(record, { edition, lang, game, finalOnly, file } = {}) {
  const options = encoder.encode(JSON.stringify({ edition, lang, game, finalOnly, file }) + '\n');
  const body = bytes(record);
  const input = new Uint8Array(options.length + body.length);
  input.set(options);
  input.set(body, options.length);
  return raw('ruleRecord', input);
}

/** The games of a record file or text, with their warnings (the desk's reading). */
export function readRecord(record) {
  return raw('readRecord', bytes(record));
}

/** The oracle's names for kinds, patterns, reasons and results (zh, en). */
export function words() {
  return call('words', {});
}

/** The handshake the module gives in the suite protocol. */
export function started() {
  return call('started', {});
}

/**
 * One line of the suite protocol (spec/PROTOCOL.md) answered as `xq serve`
 * answers it: the handshake, a reply, or null for `stop`.
 */
export function protocolLine(line) {
  return raw('protocol', encoder.encode(line));
}

/**
 * One request of the arbiter's desk API (spec/CLI.md: `info`, `words`,
 * `game`, `record`, `position`, `move`, `pgn`), on the body `xq desk`
 * takes (JSON text, or a record's bytes for `record`): what the static
 * desk runs on. Errors are XqErrors carrying the desk's `en` and `zh`.
 */
export function desk(route, body = '') {
  return raw(`desk/${route}`, bytes(body));
}
