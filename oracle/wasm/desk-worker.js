// The static desk's oracle thread: a dedicated Web Worker that holds the
// module and answers the desk's API calls (oracle/cli/desk/js/backend.js,
// wasmBackend), so that a long ruling never blocks the page. The page
// carries this file bundled with the npm package's loader as text
// (oracle/wasm/export-desk.mjs) and starts it from a blob: URL: Chromium
// refuses a worker script loaded from a file: URL, and a blob: worker may
// not fetch a sibling file there either, so the page hands it the module.
//
// Messages from the page:
//   {source: {module}}   a compiled WebAssembly.Module (a worker started
//                        again after a cancelled call gets the first one's)
//   {source: {url}}      xq.wasm to fetch and compile while it downloads
//                        (http(s) only)
//   {source: {base64}}   the module's bytes in base64 (xq-wasm.js, file://)
//   {id, route, body}    one call of the desk's API (module.desk)
// Answers: {ready: module} once instantiated, {failed: message} if not;
// {id, value}, {id, error: {code, en, zh}} (a refusal), {id, failure}.
import { init, desk, XqError } from './npm/xq.js';

function bytesOf(base64) {
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(base64);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

async function compile(source) {
  if (source.module) return source.module;
  if (source.url) {
    const response = await fetch(source.url);
    if (!response.ok) throw new Error(`cannot load ${source.url}: HTTP ${response.status}`);
    // A host that does not serve application/wasm still serves the bytes.
    try {
      return await WebAssembly.compileStreaming(response.clone());
    } catch (_) {
      return WebAssembly.compile(await response.arrayBuffer());
    }
  }
  return WebAssembly.compile(bytesOf(source.base64));
}

let loaded = null;

self.onmessage = async ({ data }) => {
  if (data.source) {
    loaded = (async () => {
      const module = await compile(data.source);
      await init(module);
      return module;
    })();
    loaded.then((module) => self.postMessage({ ready: module }),
      (e) => self.postMessage({ failed: String((e && e.message) || e) }));
    return;
  }
  const { id, route, body } = data;
  try {
    await loaded;
    self.postMessage({ id, value: desk(route, body) });
  } catch (e) {
    if (e instanceof XqError) self.postMessage({ id, error: { code: e.code, en: e.en || e.message, zh: e.zh || e.message } });
    else self.postMessage({ id, failure: String((e && e.message) || e) });
  }
};
