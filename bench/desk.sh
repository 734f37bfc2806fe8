#!/usr/bin/env bash
# The desk's speed as an arbiter meets it, in a real headless Chromium:
# time to an interactive page, loading a 400-ply game with 40 repetition
# points (server time, fetch-to-marked time, total), and the frame after
# each step. Runs the browser script of oracle/cli/desk/e2e RUNS times
# (default 3) against a release `xq desk` and prints each run's figures.
# Needs /usr/bin/chromium and `cd oracle/cli/desk/e2e && npm ci`.
# Usage: bench/desk.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
cargo build --release -q -p xq-cli
out=$(mktemp -d)
target/release/xq desk > "$out/url" 2>/dev/null &
desk=$!
trap 'kill $desk 2>/dev/null; rm -rf "$out"' EXIT
for _ in $(seq 50); do [ -s "$out/url" ] && break; sleep 0.1; done
url=$(head -1 "$out/url")
echo "desk at $url; load $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq "$runs"); do
  (cd oracle/cli/desk/e2e && DESK_URL=$url SCREENSHOTS=$out/shots \
    node --test-reporter=spec desk.test.mjs 2>&1) | grep -o 'timings (ms): .*' \
    | sed "s/^/run $i: /"
done
