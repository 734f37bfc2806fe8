#!/usr/bin/env bash
# The desk's speed and availability as an arbiter meets them:
#
# 1. In a real headless Chromium (the browser script of oracle/cli/desk/e2e,
#    RUNS times, default 3): time to an interactive page, a 400-ply game
#    with 40 repetition points loaded (server time, fetch-to-marked, total),
#    the frame after each step, and the library table of a 300-game CBL
#    (written with the records writer) opened and filtered, and the size
#    of that library's listing (POST /api/record). The totals are the
#    driver's wall clock (Playwright's own steps included: 10-40 ms to set
#    a file); the *Page timings are the page's alone, from the change or
#    click event to the end of the frame drawn.
# 2. Availability under 33 slow clients: 33 connections that send a
#    request head a byte every 300 ms (and reconnect when cut off), while
#    one ordinary client asks /api/info every 50 ms for 10 s; the share
#    answered 200. Set XQ_BEFORE=path/to/an/older/xq to run the same against
#    it, side by side (the browser runs of 1 take turns with it, run by run).
# 3. Peak memory (VmHWM) of the desk after the worst uploads its limits
#    allow: a 16 MiB one-game PGN (the reader's per-game cap) with a long
#    comment, one with a 3.3-million-ply main line (the worst: the reader's
#    memory per move), and a 16 MiB library of short games.
#
# Traffic goes to 127.0.0.1 only, every loop is bounded in count and time.
# Needs /usr/bin/chromium, python3 and `cd oracle/cli/desk/e2e && npm ci`.
# Usage: bench/desk.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
cargo build --release -q -p xq-cli
out=$(mktemp -d)
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$out"' EXIT

start_desk() { # BIN -> prints URL; the pid goes to $out/pid
  rm -f "$out/url"
  "$1" desk > "$out/url" 2>/dev/null &
  echo $! > "$out/pid"
  for _ in $(seq 50); do [ -s "$out/url" ] && break; sleep 0.1; done
  head -1 "$out/url"
}

LIBRARY_OUT=$out/library-300.cbl cargo test -q --release -p xq-cli --test desk_browser \
  write_the_library -- --ignored > /dev/null 2>&1
url=$(start_desk target/release/xq)
pids+=("$(cat "$out/pid")")
echo "desk at $url; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
# With XQ_BEFORE, its desk (and the page it serves) takes turns with this
# one, run by run, so that a change in the machine's load falls on each alike.
desks=("this:$url")
if [ -n "${XQ_BEFORE:-}" ]; then
  before_url=$(start_desk "$XQ_BEFORE")
  pids+=("$(cat "$out/pid")")
  desks+=("XQ_BEFORE:$before_url")
fi
library_json() { # URL -> bytes and time of the library's listing
  local host=${1#http://}; host=${host%/}
  curl -s -o /dev/null -w '%{size_download} bytes in %{time_total} s' -H 'Expect:' -H "Host: $host" \
    --data-binary @"$out/library-300.cbl" "${1}api/record"
}
for d in "${desks[@]}"; do
  echo "library listing (300-game CBL), ${d%%:*}: $(library_json "${d#*:}")"
done
for i in $(seq "$runs"); do
  for d in "${desks[@]}"; do
    (cd oracle/cli/desk/e2e && DESK_URL=${d#*:} SCREENSHOTS=$out/shots LIBRARY=$out/library-300.cbl \
      node --test-reporter=spec --test-name-pattern="starts offline|400-ply|300-game" desk.test.mjs 2>&1) | grep -o 'timings (ms): .*' \
      | sed "s/^/run $i (${d%%:*}): /" || true # an older desk fails checks added since: its timings count all the same
  done
done

slow_clients() { # URL -> "served/asked (percent)"
  python3 - "$1" <<'PY'
import socket, sys, threading, time, urllib.parse
u = urllib.parse.urlparse(sys.argv[1])
addr = (u.hostname, u.port)
stop = time.time() + 11
def attacker():
    head = f"GET / HTTP/1.1\r\nHost: {u.netloc}\r\nX-Pad: ".encode()
    while time.time() < stop:
        try:
            s = socket.create_connection(addr, timeout=2)
        except OSError:
            time.sleep(0.05); continue
        try:
            i = 0
            while time.time() < stop:
                s.send(head[i:i + 1] if i < len(head) else b"x")
                i += 1
                time.sleep(0.3)
        except OSError:
            pass
        finally:
            s.close()
threads = [threading.Thread(target=attacker, daemon=True) for _ in range(33)]
for t in threads: t.start()
time.sleep(0.5)
asked = served = 0
end = time.time() + 10
while time.time() < end:
    asked += 1
    try:
        s = socket.create_connection(addr, timeout=5)
        s.settimeout(5)
        s.sendall(f"GET /api/info HTTP/1.1\r\nHost: {u.netloc}\r\n\r\n".encode())
        data = s.recv(64)
        s.close()
        if b" 200 " in data: served += 1
    except OSError:
        pass
    time.sleep(0.05)
print(f"{served}/{asked} served ({100 * served / max(asked, 1):.0f}%)")
PY
}

echo "availability under 33 slow clients:"
echo "  this desk:   $(slow_clients "$url")"
if [ -n "${XQ_BEFORE:-}" ]; then
  echo "  XQ_BEFORE:   $(slow_clients "$before_url")"
fi

peak_after_upload() { # FILE -> VmHWM of a fresh desk after uploading FILE
  local u pid
  u=$(start_desk target/release/xq)
  pid=$(cat "$out/pid")
  pids+=("$pid")
  local host=${u#http://}; host=${host%/}
  local began status
  began=$(date +%s%N)
  status=$(curl -s -o /dev/null -w '%{http_code}' -H 'Expect:' -H "Host: $host" --data-binary @"$1" "${u}api/record")
  echo "HTTP $status in $(( ($(date +%s%N) - began) / 1000000 )) ms, peak RSS $(grep VmHWM /proc/"$pid"/status | awk '{print $2, $3}')"
  kill "$pid"
}
python3 - "$out" <<'PY'
import sys, pathlib
out = pathlib.Path(sys.argv[1])
moves = "1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 *\n"
head = '[Game "Chinese Chess"]\n[Event "big"]\n\n'
limit = 16 << 20
one = head + "{" + "x" * (limit - len(head) - len(moves) - 64) + "}\n" + moves
(out / "one-game-16m.pgn").write_text(one)
game = head + moves + "\n"
(out / "library-16m.pgn").write_text(game * ((limit - 64) // len(game)))
shuffle = "h0g2 h9g7 g2h0 g7h9 "
(out / "line-16m.pgn").write_text(head + shuffle * ((limit - len(head) - 64) // len(shuffle)) + "*\n")
PY
echo "peak memory after the worst uploads (default --max-upload 16 MiB):"
echo "  16 MiB one-game PGN:  $(peak_after_upload "$out/one-game-16m.pgn")"
echo "  16 MiB library PGN:   $(peak_after_upload "$out/library-16m.pgn")"
echo "  16 MiB one-line PGN (3.3M plies): $(peak_after_upload "$out/line-16m.pgn")"
