#!/usr/bin/env node
// The oracle's WebAssembly build (the npm package in oracle/wasm/npm) as a
// suite adapter (spec/PROTOCOL.md, JSON lines on stdin and stdout). A pure
// pipe: every line is answered by the module's protocolLine, the same
// dispatch `xq serve` makes, so the suite grades the wasm build exactly as
// it grades the native oracle. Needs the package built (oracle/wasm/build.sh).
//
//   xq-suite --adapter "node harness/adapters/xq_wasm_adapter.mjs"
import { createInterface } from 'node:readline';
import { init, protocolLine } from '../../oracle/wasm/npm/xq.js';

await init();
const out = (v) => process.stdout.write(JSON.stringify(v) + '\n');
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim() === '') continue;
  let answer;
  try {
    answer = protocolLine(line);
  } catch (e) {
    // The module failed (a bug): the case errors, the run goes on.
    out({ seq: null, error: `xq-wasm: ${e.message}` });
    continue;
  }
  if (answer === null) break;
  out(answer);
}
