#!/usr/bin/env bash
# The WebAssembly build against the native oracle, in one run (issue 23):
#
# 1. the whole suite: xq-suite with the built-in oracle in-process, through
#    `xq serve` (a JSON-lines pipe, like the wasm adapter), and through
#    harness/adapters/xq_wasm_adapter.mjs (Node, the npm package);
# 2. perft 4 from the start position (3 290 240 nodes): `xq perft` vs
#    perft() in Node, the module already loaded;
# 3. the slowest figure's ruling, 参考图38 of the CXA 2020 rules (see
#    bench/rule.sh): `xq rule` vs rule() in Node;
# 4. the module's size, raw and gzip -9 (and after `wasm-opt -Oz` when
#    Debian's binaryen is installed).
#
# Each time is the best of RUNS (default 3), wall clock; the process start
# is in the native times of 2 and 3 (a few ms) and not in the wasm ones.
# Usage: bench/wasm.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
cargo build --release -q -p xq-cli -p xq-harness
oracle/wasm/build.sh >/dev/null
exp=harness/expectations/xq-oracle.yaml
FEN38="2c1kab2/4a4/2n1b4/p3P3p/6p2/9/P7P/1CN1C4/4A3N/2BAKR1rc w"
MOVES38="i1g2 h0g0 g2i1 g0h0 i1g2 h0g0 g2i1 g0h0"

best() { # COMMAND... -> best wall time in seconds over $runs runs
  local b=""
  for _ in $(seq "$runs"); do
    local t0 t1
    t0=$(date +%s.%N)
    "$@" >/dev/null 2>&1
    t1=$(date +%s.%N)
    b=$(python3 -c "import sys; t=$t1-$t0; b='$b'; print(t if b=='' else min(t, float(b)))")
  done
  printf '%.3f' "$b"
}

suite() { target/release/xq-suite --quiet --test-threads 2 --expectations "$exp" "$@"; }
suite_native=$(best suite)
suite_serve=$(best suite --serve)
suite_wasm=$(best suite --adapter "node harness/adapters/xq_wasm_adapter.mjs")

perft_native=$(best target/release/xq perft --depth 4)
rule_native=$(best target/release/xq rule --edition cxa-2020 --fen "$FEN38" --moves "$MOVES38" --format json)

# In Node: the best of $runs, after init(); the answers checked.
read -r perft_wasm rule_wasm load_wasm < <(node --input-type=module -e "
import * as xq from './oracle/wasm/npm/xq.js';
const t0 = performance.now();
await xq.init();
const load = (performance.now() - t0) / 1000;
const best = (f, check) => {
  let b = Infinity;
  for (let i = 0; i < $runs; i++) {
    const t = performance.now();
    const v = f();
    b = Math.min(b, (performance.now() - t) / 1000);
    if (!check(v)) throw new Error('wrong answer: ' + JSON.stringify(v).slice(0, 200));
  }
  return b;
};
const p = best(() => xq.perft('startpos', 4), (n) => n === 3290240);
const r = best(() => xq.rule({ fen: '$FEN38', moves: '$MOVES38' }, { edition: 'cxa-2020' }), (v) => v.result !== undefined);
console.log(p.toFixed(3), r.toFixed(3), load.toFixed(3));
")

wasm=oracle/wasm/npm/xq.wasm
raw=$(wc -c <"$wasm")
gz=$(gzip -9c "$wasm" | wc -c)
opt=""
if command -v wasm-opt >/dev/null; then
  tmp=$(mktemp)
  wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals "$wasm" -o "$tmp"
  opt="$(wc -c <"$tmp") raw, $(gzip -9c "$tmp" | wc -c) gzip after wasm-opt -Oz"
  rm -f "$tmp"
fi

ratio() { python3 -c "print(f'{$1/$2:.2f}x')"; }
echo "xq-wasm $(git rev-parse --short HEAD), best of $runs, $(nproc) cores"
printf '%-34s %9s %9s %8s\n' "" native wasm ratio
printf '%-34s %8ss %8ss %8s\n' "suite, in-process / wasm adapter" "$suite_native" "$suite_wasm" "$(ratio "$suite_wasm" "$suite_native")"
printf '%-34s %8ss %8ss %8s\n' "suite, xq serve / wasm adapter" "$suite_serve" "$suite_wasm" "$(ratio "$suite_wasm" "$suite_serve")"
printf '%-34s %8ss %8ss %8s\n' "perft 4, start position" "$perft_native" "$perft_wasm" "$(ratio "$perft_wasm" "$perft_native")"
printf '%-34s %8ss %8ss %8s\n' "ruling, 参考图38 (slowest figure)" "$rule_native" "$rule_wasm" "$(ratio "$rule_wasm" "$rule_native")"
echo "module: $raw bytes raw, $gz gzip -9; init() in Node ${load_wasm}s${opt:+; $opt}"
