#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 600), one after another
# (one core at a time), and prints each one's executions per second.
# Usage: fuzz/run.sh [SECONDS] [TARGET…]
# The committed seeds in fuzz/corpus/<target>/ are read, never written:
# what a run discovers goes to a scratch corpus (fuzz/target/corpus/), and
# a finding is saved under fuzz/artifacts/<target>/ — turn it into a
# regression test.
set -euo pipefail
cd "$(dirname "$0")"
SECONDS_EACH=${1:-600}
shift || true
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then
  mapfile -t TARGETS < <(cargo +nightly fuzz list)
fi
cargo +nightly fuzz build -O >/dev/null 2>&1
status=0
for t in "${TARGETS[@]}"; do
  scratch=target/corpus/$t
  mkdir -p "$scratch" "corpus/$t"
  log=target/fuzz-$t.log
  t0=$(date +%s)
  if cargo +nightly fuzz run -O "$t" "$scratch" "corpus/$t" -- \
      -max_total_time="$SECONDS_EACH" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
      -print_final_stats=1 >"$log" 2>&1; then
    verdict=ok
  else
    verdict="FINDING (see $log and artifacts/$t/)"
    status=1
  fi
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  # libFuzzer's own count of seconds when the run went to its end; else
  # (a finding stops it) the wall time of the run.
  secs=$(grep -o 'Done [0-9]* runs in [0-9]* second' "$log" | grep -o 'in [0-9]*' | grep -o '[0-9]*' || true)
  secs=${secs:-$(( $(date +%s) - t0 ))}
  echo "$t: $verdict; $execs executions in $secs s ($(( execs / (secs > 0 ? secs : 1) )) per second)"
done
exit $status
