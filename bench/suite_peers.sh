#!/usr/bin/env bash
# The whole suite (every edition) against each implementation, side by side
# in one run: the built-in oracle in-process, the oracle through `xq serve`,
# Fairy-Stockfish and Sjaak II over UCI, and every Python library through
# its adapter in harness/adapters/, each with its expectations file. Prints
# the wall time and the counts of each (from the JSON reports), then the
# machine's load, since the numbers mean little without it.
# Usage: bench/suite_peers.sh [IMPLEMENTATION …]   (default: all installed)
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
cargo build --release -q -p xq-cli -p xq-harness
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
EXP=harness/expectations
WANT=" $* "
wanted() { [ "$WANT" = "  " ] || [[ "$WANT" == *" $1 "* ]]; }
run() {
  local name=$1; shift
  wanted "$name" || return 0
  local start end
  start=$(date +%s.%N)
  target/release/xq-suite --quiet --test-threads 2 --json "$OUT/$name.json" "$@" > "$OUT/$name.log" 2>&1 || true
  end=$(date +%s.%N)
  python3 - "$name" "$start" "$end" "$OUT/$name.json" <<'PY'
import json, sys
name, start, end, path = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
try:
    s = json.load(open(path))["summary"]
    counts = f"{s['pass']} pass, {s['fail'] + s['error'] + s['xpass']} fail, {s['xfail']} known, {s['skip']} skip"
except (OSError, ValueError, KeyError):
    counts = "no report"
print(f"{name:18} {end - start:8.2f} s   {counts}")
PY
}
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
run oracle
run xq-serve --serve
for engine in fairy-stockfish sjaakii; do
  if [ -x "/usr/games/$engine" ]; then
    run "$engine" --uci "/usr/games/$engine" --expectations "$EXP/$engine.yaml"
  fi
done
for module_adapter in pyffish:pyffish cchess:cchess xiangqi:xiangqi \
    chinese_chess_lib:chinese_chess_lib gym_xiangqi:gym_xiangqi \
    nonebot_plugin_cchess:nonebot_cchess; do
  module=${module_adapter%%:*}
  adapter=${module_adapter##*:}
  name=${adapter//_/-}
  # find_spec, not import: nonebot-plugin-cchess's __init__ needs a running bot.
  if python3 -c "import importlib.util, sys; sys.exit(importlib.util.find_spec('$module') is None)" 2>/dev/null; then
    # Python move generators are slow; a generous base budget per request.
    run "$name" --adapter "python3 harness/adapters/${adapter}_adapter.py" \
      --timeout 60 --expectations "$EXP/$name.yaml"
  fi
done
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
