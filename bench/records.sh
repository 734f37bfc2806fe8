#!/usr/bin/env bash
# Reading game records: xq-records side by side with the cchess Python
# package, on the same files, in one run.
#
#   bench/records.sh [GAMES] [CCHESS_GAMES]
#
# Generates GAMES random legal games (default 10000; one in four with a
# repetition) as one multi-game PGN per notation (Chinese, WXF, ICCS), one
# single-game Chinese PGN per game (the form cchess reads) and one XQF per
# game (versions 10, 12, 16, 18), then times reading them and converting
# each main line to an xq_core::Game, and reading and ruling them with
# `xq rule`, with peak RSS from /usr/bin/time.
# cchess reads CCHESS_GAMES (default 500) of the same single-game PGN files;
# it is far slower, so its rate is measured on a subset.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-10000}
cchess_games=${2:-500}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

cargo build --release -q -p xq-records --examples
gen=target/release/examples/records_gen
dump=target/release/examples/records_dump
"$gen" "$games" "$out"

rate() { # label, games, seconds, peak KB
  awk -v l="$1" -v n="$2" -v s="$3" -v m="$4" \
    'BEGIN { printf "%-34s %7d games %7.2f s %9.0f games/s  peak RSS %6.1f MB\n", l, n, s, n / s, m / 1024 }'
}
measure() { # label, files...
  local label=$1; shift
  local t
  t=$( { /usr/bin/time -f "%e %M" "$dump" --count "$@" 2>&1 >/dev/null; } | tail -1)
  rate "$label" "$games" ${t% *} ${t#* }
}

echo "xq-records ($(nproc) cores):"
measure "PGN, Chinese, one file" "$out/all-chinese.pgn"
measure "PGN, WXF, one file" "$out/all-wxf.pgn"
measure "PGN, ICCS, one file" "$out/all-iccs.pgn"
measure "PGN, Chinese, a file per game" "$out"/single/*.pgn
measure "XQF, a file per game" "$out"/xqf/*.xqf

# Reading and ruling every point of every game: `xq rule` over the
# collection, on every core, as a database owner runs it.
cargo build --release -q -p xq-cli
rule() { # label, games, files...
  local label=$1 n=$2; shift 2
  local t
  t=$( { /usr/bin/time -f "%e %M" target/release/xq rule --format summary --progress never "$@" 2>&1 >"$out/summary.txt"; } | tail -1)
  rate "$label" "$n" ${t% *} ${t#* }
}
echo "xq rule, read and ruled at every point ($(nproc) cores):"
rule "PGN, ICCS, one file" "$games" "$out/all-iccs.pgn"
sed 's/^/    /' "$out/summary.txt"
rule "XQF, a file per game (a directory)" "$games" "$out/xqf"
rule "PGN, ICCS, one file, --final-only" "$games" --final-only "$out/all-iccs.pgn"

# Memory stays flat in the number of games: the same file four times over.
cat "$out/all-iccs.pgn" "$out/all-iccs.pgn" "$out/all-iccs.pgn" "$out/all-iccs.pgn" > "$out/x4.pgn"
t=$( { /usr/bin/time -f "%e %M" "$dump" --count "$out/x4.pgn" 2>&1 >/dev/null; } | tail -1)
rate "PGN, ICCS, 4x the games" $((games * 4)) ${t% *} ${t#* }

if python3 -c 'import cchess' 2>/dev/null; then
  echo "cchess $(python3 -c 'import importlib.metadata as m; print(m.version("cchess"))'):"
  cat > "$out/cchess_read.py" <<'PY'
import glob, sys, time
import cchess
files = sorted(glob.glob(sys.argv[1]))[: int(sys.argv[2])]
start = time.perf_counter()
for f in files:
    g = cchess.read_from_pgn(f)
    g.dump_iccs_moves()
print(len(files), time.perf_counter() - start)
PY
  t=$( { /usr/bin/time -f "%M" python3 "$out/cchess_read.py" "$out/single/*.pgn" "$cchess_games" 2>"$out/rss"; } )
  rate "PGN, Chinese, a file per game" ${t% *} ${t#* } "$(tail -1 "$out/rss")"
  # The same subset with xq-records, for the ratio.
  all_single=("$out"/single/*.pgn)
  t=$( { /usr/bin/time -f "%e %M" "$dump" --count "${all_single[@]:0:$cchess_games}" 2>&1 >/dev/null; } | tail -1)
  rate "xq-records, the same files" "$cchess_games" ${t% *} ${t#* }
else
  echo "cchess not installed (pip install cchess): no comparison"
fi
