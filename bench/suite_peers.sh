#!/usr/bin/env bash
# The whole suite against each implementation, side by side in one run:
# the built-in oracle in-process, the oracle through `xq serve`,
# Fairy-Stockfish over UCI, and pyffish through its adapter. Prints the
# wall time and the pass/fail/skip counts of each (from the JSON reports).
# Usage: bench/suite_peers.sh
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
cargo build --release -q -p xq-cli -p xq-harness
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
run() {
  local name=$1; shift
  local start end
  start=$(date +%s.%N)
  target/release/xq-suite --quiet --json "$OUT/$name.json" "$@" > "$OUT/$name.log" 2>&1 || true
  end=$(date +%s.%N)
  python3 - "$name" "$(echo "$end - $start" | bc -l)" "$OUT/$name.json" <<'PY'
import json, sys
name, secs, path = sys.argv[1], float(sys.argv[2]), sys.argv[3]
try:
    s = json.load(open(path))["summary"]
    counts = f"{s['pass']} pass, {s['fail'] + s['error'] + s['xpass']} fail, {s['xfail']} known, {s['skip']} skip"
except (OSError, ValueError, KeyError):
    counts = "no report"
print(f"{name:18} {secs:8.2f} s   {counts}")
PY
}
run oracle
run xq-serve --serve
if [ -x /usr/games/fairy-stockfish ]; then
  run fairy-stockfish --uci /usr/games/fairy-stockfish --expectations harness/expectations/fairy-stockfish.yaml
fi
if python3 -c 'import pyffish' 2>/dev/null; then
  run pyffish --adapter 'python3 harness/adapters/pyffish_adapter.py' --expectations harness/expectations/pyffish.yaml
fi
