#!/usr/bin/env bash
# Reading real collections: the read rate (games read to their end), the
# warnings by kind, games/s and peak memory of `xq rule`, with the cchess
# Python package on the same files in the same run.
#
#   bench/records_real.sh [DIR...]
#
# cchess reads at most CCHESS_FILES (default 500) files of each directory.
# Always measured: ../shared/formats/samples/ (the 42 Big5 master games,
# XQF and CBR samples), the same games re-encoded to UTF-8 and GBK, and a
# generated collection (oracle/records/examples/records_gen: GAMES random
# legal games, default 5000, written with every 前/后 marker left out where
# legality settles it, as scoresheets do). Each DIR given is measured too.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${GAMES:-5000}
samples=${SAMPLES:-../shared/formats/samples}
[ -d "$samples" ] || samples=/work/shared/formats/samples
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cargo build --release -q -p xq-cli
cargo build --release -q -p xq-records --examples
xq=target/release/xq

# The samples, as they are and re-encoded.
mkdir -p "$out/utf8" "$out/gbk"
for f in "$samples"/big5/*.pgn; do
  iconv -f big5 -t utf-8 "$f" > "$out/utf8/$(basename "$f")"
  iconv -f big5 -t gb18030 "$f" > "$out/gbk/$(basename "$f")"
done
target/release/examples/records_gen "$games" "$out/gen" 2>/dev/null
mkdir -p "$out/unmarked"
mv "$out/gen/all-unmarked.pgn" "$out/unmarked/"

one() { # label, paths...
  local label=$1; shift
  local t
  t=$( { /usr/bin/time -f "%e %M" "$xq" rule --format jsonl --progress never "$@" 2>&1 >"$out/run.jsonl"; } | tail -1) || true
  python3 - "$label" "${t% *}" "${t#* }" "$out/run.jsonl" <<'PY'
import json, sys
label, secs, kb, path = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
s = [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()][-1]
games, bad, cut = s["games"], s["bad"], s.get("cut", 0)
whole = games - bad
rate = 100.0 * whole / games if games else 0.0
w = ", ".join(f"{k} {n}" for k, n in sorted(s.get("warnings", {}).items())) or "none"
print(f"  {label:<38} {games:6d} games  {rate:6.2f}% read whole ({cut} cut, {bad - cut} unread)"
      f"  {games / max(secs, 1e-3):8.0f} games/s  peak {kb / 1024:6.1f} MB")
print(f"  {'':<38} headings {s.get('headings', 0)}; warnings: {w}")
PY
}

echo "xq rule, read and ruled at every point ($(nproc) cores):"
one "samples (as shipped)" "$samples"
one "Big5 games as UTF-8" "$out/utf8"
one "Big5 games as GBK" "$out/gbk"
one "generated, markers left out ($games)" "$out/unmarked"
one "generated, XQF ($games)" "$out/gen/xqf"
for d in "$@"; do
  one "$d" "$d"
done

if python3 -c 'import cchess' 2>/dev/null; then
  echo "cchess $(python3 -c 'import importlib.metadata as m; print(m.version("cchess"))'), the same files:"
  cat > "$out/cchess_read.py" <<'PY'
import glob, os, sys, time
import cchess
files = []
for d in sys.argv[1:]:
    for root, _, names in os.walk(d):
        files += [os.path.join(root, n) for n in names
                  if n.lower().endswith((".pgn", ".xqf", ".cbr", ".cbl"))]
files.sort()
# cchess is far slower: at most CCHESS_FILES files of a directory.
files = files[: int(os.environ.get("CCHESS_FILES", "500"))]
start = time.perf_counter()
ok = 0
for f in files:
    try:
        if f.lower().endswith(".xqf"):
            g = cchess.read_from_xqf(f)
        elif f.lower().endswith(".cbr"):
            g = cchess.read_from_cbr(f)
        elif f.lower().endswith(".cbl"):
            cchess.read_from_cbl(f)
            ok += 1
            continue
        else:
            g = cchess.read_from_pgn(f)
        if g is not None:
            g.dump_iccs_moves()
            ok += 1
    except Exception:
        pass
secs = time.perf_counter() - start
print(f"  {'files read without an exception':<38} {ok:6d} of {len(files)} files"
      f"  {len(files) / max(secs, 1e-3):8.0f} files/s")
PY
  for label_dir in "samples (as shipped):$samples" "Big5 games as UTF-8:$out/utf8" "generated XQF:$out/gen/xqf"; do
    label=${label_dir%%:*}; d=${label_dir#*:}
    echo "  $label:"
    t=$( { /usr/bin/time -f "%M" python3 "$out/cchess_read.py" "$d" 2>"$out/rss"; } ) || true
    echo "$t    peak $(( $(tail -1 "$out/rss") / 1024 )) MB"
  done
else
  echo "cchess not installed (pip install cchess): no comparison"
fi
