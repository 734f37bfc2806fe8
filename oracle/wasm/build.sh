#!/bin/sh
# Builds the WebAssembly module and puts it in the npm package (npm/xq.wasm).
# Needs the wasm32-unknown-unknown target (rustup target add
# wasm32-unknown-unknown); nothing else: the loader is hand-written.
# Optional: WASM_OPT=1 runs wasm-opt -Oz (Debian's binaryen) on the module.
set -eu
cd "$(dirname "$0")/../.."
cargo build --release --locked --target wasm32-unknown-unknown -p xq-wasm
out=oracle/wasm/npm/xq.wasm
cp target/wasm32-unknown-unknown/release/xq_wasm.wasm "$out"
if [ "${WASM_OPT:-0}" = 1 ]; then
    wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals "$out" -o "$out"
fi
echo "$out: $(wc -c <"$out") bytes, $(gzip -9c "$out" | wc -c) gzipped"
