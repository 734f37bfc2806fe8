"""Client side of the adapters' self-checks: starts one adapter process,
sends requests, records failed checks. No pytest needed.

    with AdapterCheck("cchess_adapter.py") as a:
        a.check("start has 44 moves", len(a.result(START, "legal-moves")["moves"]) == 44)
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


class AdapterCheck:
    def __init__(self, script):
        self.name = script
        self.p = subprocess.Popen([sys.executable, os.path.join(HERE, script)],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, encoding="utf-8")
        self.seq = 0
        self.failures = []

    def __enter__(self):
        return self

    def check(self, name, cond, detail=""):
        if not cond:
            self.failures.append(name)
            print("FAIL %s: %s" % (name, detail), file=sys.stderr)

    def raw(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = self.p.stdout.readline()
        if not out:
            raise SystemExit("%s closed stdout (crashed?)" % self.name)
        return json.loads(out)  # every stdout line must be JSON

    def run(self, fen, ask, moves=(), edition="cxa-2020", **params):
        self.seq += 1
        question = dict(params, ask=ask)
        reply = self.raw(json.dumps({
            "type": "run", "seq": self.seq, "id": "self-check-%d" % self.seq,
            "edition": edition, "fen": fen, "moves": list(moves),
            "question": question}))
        self.check("seq echoed", reply.get("seq") == self.seq, reply)
        return reply

    def result(self, fen, ask, moves=(), **params):
        reply = self.run(fen, ask, moves, **params)
        self.check("%s answered" % ask, "result" in reply, reply)
        return reply.get("result", {})

    def common_checks(self, name, questions):
        """The protocol behaviour every adapter shares."""
        started = self.raw('{"type":"start","protocol":1}')
        self.check("handshake", started.get("type") == "started"
                   and started.get("name") == name
                   and started.get("questions") == questions
                   and "cxa-2020" in started.get("editions", [])
                   and isinstance(started.get("limits", {}).get("max_perft_depth"), int)
                   and started["limits"].get("time_scale", 0) >= 1, started)
        self.check("bad FEN is an error", "error" in self.run("garbage", "legal-moves"))
        self.check("bad FEN rank is an error",
                   "error" in self.run("9/9/9 w", "legal-moves"))
        self.check("history move not ICCS", "error" in self.run(START, "status", ["h2-e2x"]))
        self.check("illegal history move", "error" in self.run(START, "legal-moves", ["a0a5"]))
        self.check("missing question", "error" in self.run(START, None))
        self.check("unknown edition", "unsupported" in self.run(START, "legal-moves",
                                                                 edition="xyz"))
        r = self.raw("this is not json")
        self.check("malformed line", r.get("seq") is None and "error" in r, r)
        depth = started["limits"]["max_perft_depth"]
        self.check("perft beyond the limit is unsupported",
                   "unsupported" in self.run(START, "perft", depth=depth + 1))
        self.check("perft 1", self.result(START, "perft", depth=1) == {"nodes": 44})
        return started

    def finish(self):
        self.check("alive", self.result(START, "perft", depth=1) == {"nodes": 44})
        self.p.stdin.write('{"type":"stop"}\n')
        self.p.stdin.flush()
        rest = self.p.stdout.read()
        rc = self.p.wait(timeout=30)
        self.check("stop exits 0 silently", rc == 0 and rest == "", (rc, rest))
        if self.failures:
            print("%s: %d check(s) failed" % (self.name, len(self.failures)), file=sys.stderr)
            return 1
        print("%s self-check: all checks passed" % self.name, file=sys.stderr)
        return 0

    def __exit__(self, *exc):
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait()
