#!/usr/bin/env bash
# Ruling speed: `xq rule` on a long game that ends in a repetition (the whole
# process, start to exit), and the repetition part of the suite in-process.
# Usage: bench/rule.sh [PLIES] (default 400). Needs a release build.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PLIES=${1:-400}
cd "$ROOT"
cargo build --release -q -p xq-cli -p xq-oracle -p xq-harness --bins --examples
MOVES=$(target/release/examples/long_game "$PLIES")
echo "game: $(echo "$MOVES" | wc -w) plies ending in a repetition"
runs=20
start=$(date +%s.%N)
for _ in $(seq $runs); do
  target/release/xq rule --moves "$MOVES" --format json > /dev/null
done
end=$(date +%s.%N)
echo "xq rule, whole process: $(echo "($end - $start) * 1000 / $runs" | bc -l | xargs printf '%.1f') ms per run (mean of $runs)"
target/release/xq rule --moves "$MOVES" --lang en | tail -n 3
start=$(date +%s.%N)
target/release/xq-suite repetition --quiet > /tmp/xq-rule-bench.txt 2>&1 || true
end=$(date +%s.%N)
echo "repetition cases, all editions, in-process: $(grep -o '[0-9]* passed' /tmp/xq-rule-bench.txt | head -1), $(echo "($end - $start) * 1000" | bc -l | xargs printf '%.0f') ms"
