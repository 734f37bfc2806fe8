#!/usr/bin/env bash
# Scoreboard of the rule books' illustrated rulings: the oracle's verdicts
# and move kinds against the published ones, Fairy-Stockfish's (pyffish)
# verdicts beside them, and the slowest ruling. See bench/scoreboard.py.
# Usage: bench/scoreboard.sh [--rows] [--json FILE] [--figures DIR]
# (the figures default to shared/rules/figures beside the repository).
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
cargo build --release -q -p xq-cli
exec python3 bench/scoreboard.py --xq "$ROOT/target/release/xq" "$@"
