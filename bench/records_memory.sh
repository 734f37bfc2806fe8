#!/usr/bin/env bash
# Memory in proportion to the record: peak RSS per MiB of record for long
# single games (PGN in ICCS and Chinese, PGN with a comment on every move,
# XQF with comments, up to the 16 MiB PGN and 64 MiB file caps), read and
# written again by `xq convert`, and read and ruled by `xq rule
# --final-only`; then an endless stream (/dev/zero) read as PGN, which must
# end with an error.
#
#   bench/records_memory.sh [XQ_BEFORE]
#
# XQ_BEFORE: another `xq` binary (an older build) measured on the same
# files in the same run, for before/after figures.
set -euo pipefail
cd "$(dirname "$0")/.."
before=${1:-}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cargo build --release -q -p xq-cli
xq=target/release/xq

# A rook shuttle (no capture, so the halfmove clock only grows: a game
# stays under the 999999 the oracle keeps), with or without comments.
python3 - "$out" <<'PY'
import sys
out = sys.argv[1]
iccs = ["a0a1", "a9a8", "a1a0", "a8a9"]
zh = ["车九进一", "车１进１", "车九退一", "车１退１"]
def game(path, moves, plies, comment=""):
    with open(path, "w", encoding="utf-8") as f:
        f.write('[Game "Chinese Chess"]\n[Event "memory"]\n\n')
        for i in range(plies):
            if i % 2 == 0:
                f.write(f"{i // 2 + 1}. ")
            f.write(moves[i % 4])
            f.write(f" {{{comment}}}\n" if comment else (" " if i % 16 else "\n"))
        f.write("*\n")
game(f"{out}/iccs.pgn", iccs, 996_000)
game(f"{out}/chinese.pgn", zh, 900_000)
game(f"{out}/commented.pgn", iccs, 160_000, "x" * 90)
# XQF version 10 (plain), written here: the start array, a placeholder
# record, then 8-byte move records (from + 0x18, to + 0x20 as x*10 + y,
# 0xF0 for "a move follows", a 4-byte comment length) and their comments.
import struct
head = bytearray(1024)
head[0:3] = b"XQ\x0a"
head[0x10:0x30] = bytes([0, 10, 20, 30, 40, 50, 60, 70, 80, 12, 72, 3, 23, 43, 63, 83,
                         9, 19, 29, 39, 49, 59, 69, 79, 89, 17, 77, 6, 26, 46, 66, 86])
sq = {"a0": 0, "a1": 1, "a8": 8, "a9": 9}
plies, note = 640_000, b"y" * 90
with open(f"{out}/commented.xqf", "wb") as f:
    f.write(head)
    f.write(bytes([0x18, 0x20, 0xF0, 0]) + struct.pack("<I", 0))
    for i in range(plies):
        m = iccs[i % 4]
        flags = 0xF0 if i + 1 < plies else 0
        f.write(bytes([sq[m[:2]] + 0x18, sq[m[2:]] + 0x20, flags, 0]))
        f.write(struct.pack("<I", len(note)) + note)
PY

measure() { # label, binary, args...
  local label=$1 bin=$2; shift 2
  local file=${*: -1}
  local t
  t=$( { /usr/bin/time -f "%e %M" "$bin" "$@" 2>&1 >/dev/null; } | tail -1) || true
  awk -v l="$label" -v t="${t% *}" -v m="${t#* }" -v b="$(stat -L -c %s "$file")" \
    'BEGIN { printf "  %-44s %6.1f MiB  %6.2f s  peak RSS %7.1f MB  %6.1f MB per MiB\n", l, b / 1048576, t, m / 1024, (m / 1024) / (b / 1048576) }'
}
run() { # label, binary
  local label=$1 bin=$2
  echo "$label:"
  for f in iccs.pgn chinese.pgn commented.pgn commented.xqf; do
    measure "convert $f → PGN (ICCS)" "$bin" convert --to pgn --notation iccs -o /dev/null "$out/$f"
  done
  for f in iccs.pgn commented.xqf; do
    measure "rule --final-only $f" "$bin" rule --final-only --format summary "$out/$f"
  done
}
run "xq (this tree)" "$xq"
if [ -n "$before" ]; then
  run "xq (before: $before)" "$before"
fi

# An endless stream read as PGN ends with an error, in bounded time and memory.
ln -s /dev/zero "$out/zero.pgn"
t=$( { /usr/bin/time -f "%e %M" timeout 120 "$xq" rule --input-format pgn "$out/zero.pgn" 2>&1 >/dev/null; } | tail -1) || true
echo "endless stream (/dev/zero) as PGN: ${t% *} s, peak RSS $(( ${t#* } / 1024 )) MB"
