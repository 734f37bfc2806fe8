#!/usr/bin/env bash
# The static desk's first interactive paint from a cold cache (issue 23's
# goal: under 300 ms, the module under 1 MB compressed): exports the page
# (oracle/wasm/export-desk.mjs), then opens it RUNS times (default 7) in
# headless Chromium, each time with a fresh profile, from file:// and from
# a plain static server (python3 -m http.server on 127.0.0.1, no xq), and
# prints the medians (bench/static_desk.mjs). BEFORE=DIR adds another
# exported desk to compare (e.g. one written by an older export-desk.mjs),
# from file:// and over http; the pages take turns, run by run.
# Needs /usr/bin/chromium, python3, oracle/wasm/build.sh, and npm ci in
# oracle/wasm/npm and oracle/cli/desk/e2e.
# Usage: bench/static_desk.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-7}
out=$(mktemp -d)
pid=
pid2=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; [ -n "$pid2" ] && kill "$pid2" 2>/dev/null; rm -rf "$out"' EXIT
node oracle/wasm/export-desk.mjs "$out/desk"
wasm=$out/desk/xq.wasm
echo "xq.wasm: $(wc -c <"$wasm") bytes, $(gzip -9c "$wasm" | wc -c) gzip -9," \
  "$(python3 -c 'import brotli,sys; print(len(brotli.compress(open(sys.argv[1],"rb").read())))' "$wasm" 2>/dev/null || echo '?') brotli;" \
  "index.html $(wc -c <"$out/desk/index.html") bytes, $(gzip -9c "$out/desk/index.html" | wc -c) gzip -9"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$out/desk" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 50); do python3 -c "import urllib.request as u; u.urlopen('http://127.0.0.1:$port/')" 2>/dev/null && break; sleep 0.1; done
echo "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
urls=("file://$out/desk/index.html" "http://127.0.0.1:$port/index.html")
if [ -n "${BEFORE:-}" ]; then
  port2=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  python3 -m http.server "$port2" --bind 127.0.0.1 --directory "$BEFORE" >/dev/null 2>&1 &
  pid2=$!
  for _ in $(seq 50); do python3 -c "import urllib.request as u; u.urlopen('http://127.0.0.1:$port2/')" 2>/dev/null && break; sleep 0.1; done
  urls+=("file://$(realpath "$BEFORE")/index.html" "http://127.0.0.1:$port2/index.html")
fi
node bench/static_desk.mjs "$runs" "${urls[@]}"
