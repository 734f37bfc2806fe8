#!/usr/bin/env bash
# Perft benchmark: our `xq perft` against Fairy-Stockfish's `go perft`.
#
# For each position, runs perft at DEPTH with both programs, checks that the
# node counts agree and prints wall times. Exit status: 0 all counts agree,
# 1 a count differs or a program failed, 2 the xq binary is unavailable (the
# Fairy-Stockfish side is still run and shown).
#
# Usage:
#   bench/perft_vs_fairy_stockfish.sh                 # default positions
#   bench/perft_vs_fairy_stockfish.sh FEN [FEN ...]   # these positions
#   POSITIONS=file bench/perft_vs_fairy_stockfish.sh  # one FEN a line, '#' comments
# Environment:
#   DEPTH (default 5), XQ (default target/release/xq, built if missing),
#   FSF (default /usr/games/fairy-stockfish).
set -u

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DEPTH=${DEPTH:-5}
XQ=${XQ:-$ROOT/target/release/xq}
FSF=${FSF:-/usr/games/fairy-stockfish}

# Start position plus the reference positions of shared/reference/perft.md.
DEFAULT_LABELS=(start ref1 ref2 ref3 ref4 ref5)
DEFAULT_FENS=(
  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
  "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"
  "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1"
  "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1"
  "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1"
  "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1"
)

LABELS=() FENS=()
if [ $# -gt 0 ]; then
  FENS=("$@")
elif [ -n "${POSITIONS:-}" ]; then
  while IFS= read -r line; do
    line=${line%%#*}
    line=$(echo "$line" | xargs)  # trim
    [ -n "$line" ] && FENS+=("$line")
  done <"$POSITIONS"
else
  LABELS=("${DEFAULT_LABELS[@]}") FENS=("${DEFAULT_FENS[@]}")
fi
if [ ${#LABELS[@]} -eq 0 ]; then
  for i in "${!FENS[@]}"; do LABELS+=("pos$((i + 1))"); done
fi

die() { echo "perft bench: $*" >&2; exit 1; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

[ -x "$FSF" ] || die "Fairy-Stockfish not found at $FSF"
[[ $DEPTH =~ ^[1-9][0-9]*$ ]] || die "DEPTH must be a positive integer"

# Build xq if needed; without it, still run the Fairy-Stockfish side.
have_xq=1
if [ ! -x "$XQ" ]; then
  if [ -f "$ROOT/Cargo.toml" ]; then
    echo "perft bench: $XQ missing, building (cargo build --release -p xq-cli)" >&2
    (cd "$ROOT" && cargo build --release -p xq-cli >&2) || true
  fi
  if [ ! -x "$XQ" ]; then
    echo "perft bench: xq binary unavailable at $XQ (the oracle crate is" \
      "missing or does not build yet); showing Fairy-Stockfish only" >&2
    have_xq=0
  fi
fi

# Prints the perft node count of FEN at DEPTH with Fairy-Stockfish.
# FSF runs perft on a search thread, so `isready` is answered before the
# result; the only reliable end marker is the `Nodes searched:` line. We keep
# stdin open (coprocess) until it arrives, then quit.
fsf_perft() {
  local fen=$1 depth=$2 line nodes=
  coproc FSFP { "$FSF" 2>/dev/null; }
  printf 'uci\nsetoption name UCI_Variant value xiangqi\nposition fen %s\ngo perft %s\n' \
    "$fen" "$depth" >&"${FSFP[1]}"
  while IFS= read -r line <&"${FSFP[0]}"; do
    case $line in
      "Nodes searched: "*) nodes=${line#Nodes searched: }; break ;;
    esac
  done
  printf 'quit\n' >&"${FSFP[1]}" 2>/dev/null
  wait "$FSFP_PID" 2>/dev/null
  [ -n "$nodes" ] && echo "$nodes"
}

# Prints the perft node count with xq: the last line of its output holds the
# total (we take the last integer on it, whatever words surround it).
xq_perft() {
  local out
  out=$("$XQ" perft --fen "$1" --depth "$2") || return 1
  printf '%s\n' "$out" | tail -n 1 | grep -oE '[0-9]+' | tail -n 1
}

echo "perft depth $DEPTH; xq: $([ $have_xq = 1 ] && echo "$XQ" || echo unavailable); FSF: $FSF"
for i in "${!FENS[@]}"; do echo "  ${LABELS[$i]}: ${FENS[$i]}"; done
echo
fmt="%-8s %14s %9s %9s %8s  %s\n"
printf "$fmt" position nodes "xq s" "FSF s" xq/FSF check

status=0 total_nodes=0 total_xq=0 total_fsf=0
for i in "${!FENS[@]}"; do
  fen=${FENS[$i]}
  # Times include process start-up on both sides, so they compare like for
  # like (xq is a one-shot process too); start-up is a few ms either way.
  t0=$(now); fsf_nodes=$(fsf_perft "$fen" "$DEPTH"); t1=$(now)
  fsf_s=$(elapsed "$t0" "$t1")
  xq_nodes=- xq_s=- ratio=- check=fsf-only
  if [ $have_xq = 1 ]; then
    t0=$(now); xq_nodes=$(xq_perft "$fen" "$DEPTH"); t1=$(now)
    xq_s=$(elapsed "$t0" "$t1")
    ratio=$(awk -v x="$xq_s" -v f="$fsf_s" 'BEGIN { if (f > 0) printf "%.2f", x / f; else print "-" }')
    total_xq=$(awk -v a="$total_xq" -v b="$xq_s" 'BEGIN { printf "%.2f", a + b }')
    check=ok
  fi
  if [ -z "$fsf_nodes" ]; then
    check="FSF FAILED" status=1
  elif [ $have_xq = 1 ] && [ "$xq_nodes" != "$fsf_nodes" ]; then
    check="MISMATCH (xq ${xq_nodes:-failed})" status=1
  fi
  total_fsf=$(awk -v a="$total_fsf" -v b="$fsf_s" 'BEGIN { printf "%.2f", a + b }')
  total_nodes=$((total_nodes + ${fsf_nodes:-0}))
  printf "$fmt" "${LABELS[$i]}" "${fsf_nodes:--}" "$xq_s" "$fsf_s" "$ratio" "$check"
done

if [ $have_xq = 1 ]; then
  ratio=$(awk -v x="$total_xq" -v f="$total_fsf" 'BEGIN { if (f > 0) printf "%.2f", x / f; else print "-" }')
  printf "$fmt" total "$total_nodes" "$total_xq" "$total_fsf" "$ratio" \
    "$([ $status = 0 ] && echo ok || echo FAILED)"
else
  printf "$fmt" total "$total_nodes" - "$total_fsf" - fsf-only
  [ $status = 0 ] && status=2
fi
exit $status
