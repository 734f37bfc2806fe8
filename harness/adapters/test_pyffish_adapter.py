#!/usr/bin/env python3
"""Self-check for pyffish_adapter.py: pipes requests through one adapter
process and asserts the replies. No pytest needed; exits non-zero on failure.

Usage: python3 harness/adapters/test_pyffish_adapter.py
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ADAPTER = os.path.join(HERE, "pyffish_adapter.py")

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
# Black king e9 checked by the rook on b9 (d9 and f9 on the same rank), the
# rook on a8 covers e8.
MATE_BLACK = "1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1"
# Red king e0 checked by the rook on b0, the rook on a1 covers e1.
MATE_RED = "3k5/9/9/9/9/9/9/9/r8/1r2K4 w - - 0 1"
# 困毙: Black king e9 not in check; d9 and e8 are hit by the pawn on d8,
# f9 would face the Red king on the open f-file.
STALEMATE = "4k4/R2P5/9/9/9/9/9/9/9/5K3 b - - 0 1"
# Red rook checks the king along rank 9 / rank 8 forever.
PERP_CHECK_FEN = "3k5/8R/9/9/9/9/9/9/9/5K3 w - - 0 1"
PERP_CHECK = ["i8i9", "d9d8", "i9i8", "d8d9"]
# Red rook chases an unprotected Black cannon up and down the a-file.
CHASE_FEN = "4k4/9/c8/1R7/9/9/9/9/9/3K5 w - - 0 1"
CHASE = ["b6b7", "a7a6", "b7b6", "a6a7"]
# Both horses go out and back: a plain repetition.
QUIET = ["b0c2", "b9c7", "c2b0", "c7b9"]
REF1 = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"

failures = []


def check(name, cond, detail=""):
    if not cond:
        failures.append("%s: %s" % (name, detail))
        print("FAIL " + name + ": " + str(detail), file=sys.stderr)


class Adapter:
    def __init__(self):
        self.p = subprocess.Popen(
            [sys.executable, ADAPTER], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True)
        self.seq = 0

    def raw(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = self.p.stdout.readline()
        if not out:
            raise SystemExit("adapter closed stdout (crashed?)")
        return json.loads(out)  # every stdout line must be JSON

    def run(self, fen, question, moves=(), edition="cxa-2020"):
        self.seq += 1
        reply = self.raw(json.dumps({
            "type": "run", "seq": self.seq, "id": "t%d" % self.seq,
            "edition": edition, "fen": fen, "moves": list(moves),
            "question": question}))
        check("seq echoed", reply.get("seq") == self.seq, reply)
        return reply


def main():
    a = Adapter()
    started = a.raw('{"type":"start","protocol":1}')
    check("started", started.get("type") == "started"
          and started.get("name") == "pyffish"
          and "legal-moves" in started.get("questions", [])
          and "convert" not in started.get("questions", [])
          and "cxa-2020" in started.get("editions", []), started)

    # Move generation and square translation (ICCS rank 9 == pyffish rank 10).
    r = a.run(START, {"ask": "legal-moves"})["result"]["moves"]
    check("start has 44 moves", len(r) == 44, len(r))
    check("start moves in ICCS", "h2e2" in r and "b2b9" in r and "a0a2" in r, r)
    r = a.run(START, {"ask": "legal-moves"}, ["h2e2"])["result"]["moves"]
    check("black replies in ICCS", "h9g7" in r and "b7b0" in r, r)
    r = a.run(START.replace(" w ", " r "), {"ask": "legal-moves"})
    check("side 'r' means Red", len(r["result"]["moves"]) == 44, r)

    def legal(move, moves=()):
        return a.run(START, {"ask": "is-legal", "move": move}, moves)

    check("is-legal h2e2", legal("h2e2")["result"] == {"legal": True})
    check("is-legal h2e3", legal("h2e3")["result"] == {"legal": False})
    check("is-legal black piece", legal("b9c7")["result"] == {"legal": False})
    check("is-legal after history", legal("b9c7", ["h2e2"])["result"]
          == {"legal": True})
    check("is-legal malformed", "error" in legal("h3-e3"))

    # Status: no legal move loses, in check or not.
    st = a.run(MATE_BLACK, {"ask": "status"})["result"]
    check("black mated", st == {"in_check": True, "legal_moves": 0,
                                "result": "1-0", "reason": "checkmate"}, st)
    st = a.run(MATE_RED, {"ask": "status"})["result"]
    check("red mated", st == {"in_check": True, "legal_moves": 0,
                              "result": "0-1", "reason": "checkmate"}, st)
    st = a.run(STALEMATE, {"ask": "status"})["result"]
    check("stalemate loses", st == {"in_check": False, "legal_moves": 0,
                                    "result": "1-0", "reason": "stalemate"}, st)
    st = a.run(PERP_CHECK_FEN, {"ask": "status"}, PERP_CHECK[:1])["result"]
    check("in check", st == {"in_check": True, "legal_moves": 1,
                             "result": "*", "reason": None}, st)

    # Perft against the published figures.
    for fen, depth, nodes in [(START, 0, 1), (START, 1, 44), (START, 2, 1920),
                              (REF1, 2, 1128)]:
        r = a.run(fen, {"ask": "perft", "depth": depth})
        check("perft %d" % depth, r.get("result") == {"nodes": nodes}, r)
    check("perft 4 unsupported",
          "unsupported" in a.run(START, {"ask": "perft", "depth": 4}))

    # Repetition rulings (Asian rules as pyffish sees them).
    def ruling(fen, moves, edition="wxf-2018"):
        r = a.run(fen, {"ask": "ruling"}, moves, edition)
        return r.get("result", r)

    check("2-fold is no ruling", ruling(START, QUIET) == {"result": "*"})
    check("3-fold draw", ruling(START, QUIET * 2) == {"result": "1/2-1/2"})
    check("perpetual check, Red to move",
          ruling(PERP_CHECK_FEN, PERP_CHECK * 2) == {"result": "0-1"})
    check("perpetual check, Black to move",
          ruling(PERP_CHECK_FEN, PERP_CHECK * 2 + PERP_CHECK[:1], "axf-2017")
          == {"result": "0-1"})
    check("perpetual chase", ruling(CHASE_FEN, CHASE * 2) == {"result": "0-1"})
    check("mate ruling", ruling(MATE_BLACK, []) == {"result": "1-0"})
    check("ruling cxa unsupported",
          "unsupported" in a.run(START, {"ask": "ruling"}, edition="cxa-2020"))

    # Unsupported and erroneous requests never kill the adapter.
    check("convert unsupported", "unsupported" in a.run(
        START, {"ask": "convert", "move": "h2e2", "to": "wxf"}))
    check("unknown edition", "unsupported" in a.run(
        START, {"ask": "status"}, edition="xyz"))
    check("illegal history", "error" in a.run(
        START, {"ask": "status"}, ["h2e2", "a0a8"]))
    check("bad FEN", "error" in a.run("garbage", {"ask": "status"}))
    check("missing question", "error" in a.run(START, None))
    r = a.raw("this is not json")
    check("malformed line", r.get("seq") is None and "error" in r, r)
    r = a.raw('{"type":"run","seq":77,"question":{"ask":"status"},'
              '"edition":"cxa-2020","fen":7}')
    check("bad fen type", r.get("seq") == 77 and "error" in r, r)

    # Still alive after all that; then stop cleanly with no further output.
    check("alive", a.run(START, {"ask": "perft", "depth": 1})
          .get("result") == {"nodes": 44})
    a.p.stdin.write('{"type":"stop"}\n')
    a.p.stdin.flush()
    rest = a.p.stdout.read()
    rc = a.p.wait(timeout=10)
    check("stop exits 0 silently", rc == 0 and rest == "", (rc, rest))

    if failures:
        print("%d check(s) failed" % len(failures), file=sys.stderr)
        return 1
    print("pyffish adapter self-check: all checks passed", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
