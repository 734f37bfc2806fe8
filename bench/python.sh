#!/usr/bin/env bash
# The Python package (oracle/python, `xiangqi_oracle`) against the native
# oracle, in one run (issue 23):
#
# 1. the whole suite: xq-suite with the built-in oracle in-process, through
#    `xq serve` (a JSON-lines pipe, like the Python adapter), and through
#    harness/adapters/xq_python_adapter.py (the package's ProtocolSession);
# 2. perft 4 from the start position (3 290 240 nodes): `xq perft` vs
#    Position().perft(4) in Python, the module already imported;
# 3. the slowest figure's ruling, 参考图38 of the CXA 2020 rules (see
#    bench/rule.sh): `xq rule` vs rule() in Python.
#
# The wheel is built (maturin, release) and installed into a venv of its
# own under target/, so the machine's python3 is left as it is. Each time
# is the best of RUNS (default 3), wall clock; the process start is in the
# native times of 2 and 3 (a few ms) and not in the Python ones.
# Usage: bench/python.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
cargo build --release -q -p xq-cli -p xq-harness
rm -rf target/bench-wheels
maturin build --release --quiet -m oracle/python/Cargo.toml -o target/bench-wheels >/dev/null 2>&1
venv=target/bench-python-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall \
  target/bench-wheels/xq_oracle-*.whl
py="$venv/bin/python"
exp=harness/expectations/xq-oracle.yaml
FEN38="2c1kab2/4a4/2n1b4/p3P3p/6p2/9/P7P/1CN1C4/4A3N/2BAKR1rc w"
MOVES38="i1g2 h0g0 g2i1 g0h0 i1g2 h0g0 g2i1 g0h0"

best() { # COMMAND... -> best wall time in seconds over $runs runs
  local b=""
  for _ in $(seq "$runs"); do
    local t0 t1
    t0=$(date +%s.%N)
    "$@" >/dev/null 2>&1
    t1=$(date +%s.%N)
    b=$(python3 -c "import sys; t=$t1-$t0; b='$b'; print(t if b=='' else min(t, float(b)))")
  done
  printf '%.3f' "$b"
}

suite() { target/release/xq-suite --quiet --test-threads 2 --expectations "$exp" "$@"; }
# The runs must pass: a time of a failing run means nothing.
suite --adapter "$py harness/adapters/xq_python_adapter.py" >/dev/null
suite_native=$(best suite)
suite_serve=$(best suite --serve)
suite_python=$(best suite --adapter "$py harness/adapters/xq_python_adapter.py")

perft_native=$(best target/release/xq perft --depth 4)
rule_native=$(best target/release/xq rule --edition cxa-2020 --fen "$FEN38" --moves "$MOVES38" --format json)

# In Python: the best of $runs, the answers checked.
read -r perft_python rule_python import_python < <("$py" -c "
import time
t0 = time.perf_counter()
import xiangqi_oracle as xo
load = time.perf_counter() - t0
def best(f, check):
    b = float('inf')
    for _ in range($runs):
        t = time.perf_counter()
        v = f()
        b = min(b, time.perf_counter() - t)
        if not check(v):
            raise SystemExit('wrong answer: %r' % (v,))
    return b
p = best(lambda: xo.Position().perft(4), lambda n: n == 3290240)
r = best(lambda: xo.rule('$FEN38', '$MOVES38', edition='cxa-2020'), lambda v: v.result is not None)
print('%.3f %.3f %.3f' % (p, r, load))
")

ratio() { python3 -c "print(f'{$1/$2:.2f}x')"; }
echo "xq-python $("$py" -c 'import xiangqi_oracle as x; print(x.__version__)') $(git rev-parse --short HEAD), best of $runs, $(nproc) cores, $("$py" -V)"
printf '%-36s %9s %9s %8s\n' "" native python ratio
printf '%-36s %8ss %8ss %8s\n' "suite, in-process / Python adapter" "$suite_native" "$suite_python" "$(ratio "$suite_python" "$suite_native")"
printf '%-36s %8ss %8ss %8s\n' "suite, xq serve / Python adapter" "$suite_serve" "$suite_python" "$(ratio "$suite_python" "$suite_serve")"
printf '%-36s %8ss %8ss %8s\n' "perft 4, start position" "$perft_native" "$perft_python" "$(ratio "$perft_python" "$perft_native")"
printf '%-36s %8ss %8ss %8s\n' "ruling, 参考图38 (slowest figure)" "$rule_native" "$rule_python" "$(ratio "$rule_python" "$rule_native")"
echo "import xiangqi_oracle: ${import_python}s"
