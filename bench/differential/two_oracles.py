#!/usr/bin/env python3
"""Two builds of the oracle on the same random cycles: the verdicts that a
change moves on material nobody studied for it.

Issue 18 asks that every change to a 棋例 principle be checked on material
not studied for it. The figures are few; this script grows repetition cycles
with the differential's generator (`differential.grow`: real-game and
composed start positions, cycles biased toward attacks, checks, screens and
horse legs) and rules each under one edition with two `xq` binaries — say
main's and a branch's — printing every cycle whose result or reason differs
(FEN and moves, reproducible with `xq rule`). Fairy-Stockfish is not asked:
this compares the oracle with itself, under any edition, the Chinese ones
included.

Reproducible (cycle i of seed S depends on the seed and i alone) and bounded
(`--cycles`, the generator's node budgets).

Usage:
    bench/differential/two_oracles.py BEFORE_XQ AFTER_XQ [--seed 21]
        [--cycles 3000] [--edition cxa-2020]
"""

import argparse
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import differential  # noqa: E402
import generate  # noqa: E402
import peers  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--cycles", type=int, default=3000)
    ap.add_argument("--edition", default="cxa-2020")
    ap.add_argument("--records", default=differential.SAMPLES)
    args = ap.parse_args()
    before, after = peers.Oracle(args.before), peers.Oracle(args.after)
    games = generate.record_games(args.after, args.records) if os.path.isdir(args.records) else []
    positions = generate.game_positions(games)
    ruled = differ = 0
    t0 = time.time()
    try:
        for i in range(args.cycles):
            got = differential.grow(i, args.seed, before, positions)
            if got is None:
                continue
            _, fen, cycle = got
            moves = generate.repeated(cycle)
            a = before.ruling(fen, moves, args.edition)
            b = after.ruling(fen, moves, args.edition)
            ruled += 1
            va, vb = (a.get("result"), a.get("reason")), (b.get("result"), b.get("reason"))
            if va != vb:
                differ += 1
                print(json.dumps({"seed": args.seed, "i": i, "fen": fen, "moves": " ".join(moves),
                                  "before": va, "after": vb}, ensure_ascii=False), flush=True)
    finally:
        before.close()
        after.close()
    print("%s: %d cycles ruled, %d verdicts differ, %.0f s"
          % (args.edition, ruled, differ, time.time() - t0))


if __name__ == "__main__":
    main()
