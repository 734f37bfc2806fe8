#!/usr/bin/env bash
# Protocol throughput: requests per second through `xq serve` (one process,
# requests piped in, answers read back), and the whole suite in-process.
# Usage: bench/serve.sh [REQUESTS] (default 20000).
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
N=${1:-20000}
cd "$ROOT"
cargo build --release -q -p xq-cli -p xq-harness
REQ=$(mktemp)
trap 'rm -f "$REQ"' EXIT
# A realistic mix: legal moves, status and is-legal after a short history.
python3 - "$N" > "$REQ" <<'PY'
import json, sys
n = int(sys.argv[1])
print(json.dumps({"type": "start", "protocol": 1}))
fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
questions = [{"ask": "legal-moves"}, {"ask": "status"}, {"ask": "is-legal", "move": "b0c2"}]
for i in range(n):
    print(json.dumps({"type": "run", "seq": i, "id": "bench", "edition": "cxa-2020", "fen": fen,
                      "moves": ["h2e2", "h9g7", "h0g2"][: i % 4], "question": questions[i % 3]}))
print(json.dumps({"type": "stop"}))
PY
start=$(date +%s.%N)
answers=$(target/release/xq serve < "$REQ" | wc -l)
end=$(date +%s.%N)
echo "xq serve: $((answers - 1)) answers in $(echo "$end - $start" | bc -l | xargs printf '%.3f') s = $(echo "($answers - 1) / ($end - $start)" | bc -l | xargs printf '%.0f') requests/s"
start=$(date +%s.%N)
target/release/xq-suite --quiet > /tmp/xq-suite-bench.txt 2>&1 || true
end=$(date +%s.%N)
echo "whole suite in-process (all editions): $(grep -o '[0-9]* passed' /tmp/xq-suite-bench.txt | head -1), $(echo "($end - $start)" | bc -l | xargs printf '%.3f') s including loading"
start=$(date +%s.%N)
target/release/xq-suite --serve --quiet > /tmp/xq-suite-bench.txt 2>&1 || true
end=$(date +%s.%N)
echo "whole suite through xq serve: $(echo "($end - $start)" | bc -l | xargs printf '%.3f') s"
