#!/usr/bin/env python3
"""Mixed cycles: the oracle against Fairy-Stockfish on positions that recur
through two different loops, under the Asian rules (axf-2017).

From a start position (as `differential.py` draws them: real games and
sparse composed positions) it grows two different cycles A and B that
both bring every piece back, plays A then B — so the start position stands
for the third time after two different loops — and rules the game with the
oracle (`xq serve`) and with pyffish. The oracle judges each side's
pattern over both loops (spec/RULINGS.md, "The counted span"); a side that
checked on every move of B but not of A has not checked perpetually.

Reports the agreement, how many games had a counted span wider than the
last loop, in how many the span decides (the last loop alone, played
twice, is ruled otherwise) and whom Fairy-Stockfish sides with there, and
each group of disagreements
(oracle verdict and reason, Fairy-Stockfish's verdict) with reproducible
examples. Cycle i of seed S is drawn from random.Random("mixed:S:i") alone.

Usage:
    bench/differential/mixed.py [--xq target/release/xq] [--seed 1]
        [--games 1000] [--time-limit 1200] [--examples 3] [--only I ...]
"""

import argparse
import collections
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import clusters  # noqa: E402
import generate  # noqa: E402
import peers  # noqa: E402
from differential import ROOT, SAMPLES  # noqa: E402


def two_loops(i, seed, oracle, positions):
    """(source, fen, A, B) with A != B, both cycles from fen, or None."""
    rng = random.Random("mixed:%d:%d" % (seed, i))
    source = "game" if positions and rng.random() < 0.5 else "composed"
    for _ in range(6):
        fen = rng.choice(positions) if source == "game" else generate.composed_position(rng, oracle)
        if fen is None:
            continue
        loops = []
        for _ in range(8):
            per_side = rng.choices((2, 3), (3, 1))[0]
            red, black = rng.choice(((True, False), (False, True), (True, True), (False, False)))
            cycle = generate.follow_chase(oracle, rng, fen) if rng.random() < 0.3 else None
            cycle = cycle or generate.close_cycle(oracle, rng, fen, per_side, {True: red, False: black})
            if cycle and cycle not in loops:
                loops.append(cycle)
            if len(loops) == 2:
                return source, fen, loops[0], loops[1]
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--xq", default=os.path.join(ROOT, "target/release/xq"))
    ap.add_argument("--records", default=SAMPLES)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--time-limit", type=float, default=1200.0, help="seconds")
    ap.add_argument("--edition", default="axf-2017")
    ap.add_argument("--examples", type=int, default=3)
    ap.add_argument("--only", type=int, nargs="*", help="rule only these games of the seed")
    args = ap.parse_args()
    if peers.pyffish is None:
        sys.exit("pyffish is not installed (pip install pyffish)")
    t0 = time.time()
    oracle = peers.Oracle(args.xq)
    games = generate.record_games(args.xq, args.records) if os.path.isdir(args.records) else []
    positions = generate.game_positions(games)
    rows, failed = [], 0
    try:
        for i in (args.only if args.only else range(args.games)):
            if time.time() - t0 > args.time_limit:
                print("time limit reached after %d games" % len(rows))
                break
            got = two_loops(i, args.seed, oracle, positions)
            if got is None:
                failed += 1
                continue
            source, fen, a, b = got
            moves = a + b
            ruling = oracle.ruling(fen, moves, args.edition)
            cycle = ruling.get("cycle") or {}
            widened = cycle.get("counted_from_ply") is not None
            # Whether the span changed a pattern: the last loop's kinds alone
            # would give another pattern for some side.
            # The last loop alone, as the cycle played twice: what a ruling
            # on the last loop would say.
            alone = oracle.ruling(fen, b + b, args.edition).get("result")
            rows.append({
                "i": i, "seed": args.seed, "source": source, "fen": fen, "moves": moves,
                "alone": alone, "summary": clusters.summary(ruling),
                # The moves the ruling's pattern covers, for the cause of a
                # disagreement: both loops when the span is wider than B.
                "cycle": moves if widened else b,
                "oracle": ruling.get("result"), "reason": ruling.get("reason"),
                "fsf": peers.fsf_result(fen, moves), "widened": widened,
                "patterns": {s: (ruling.get(s) or {}).get("pattern") for s in ("red", "black")},
            })
    finally:
        oracle.close()
    n = len(rows)
    agree = sum(r["oracle"] == r["fsf"] for r in rows)
    print("games ruled: %d (no two loops found: %d) in %.0f s" % (n, failed, time.time() - t0))
    if not n:
        return
    print("agreement: %d / %d = %.2f%%" % (agree, n, 100.0 * agree / n))
    wide = [r for r in rows if r["widened"]]
    print("counted span wider than the last loop: %d games, %d agree" % (
        len(wide), sum(r["oracle"] == r["fsf"] for r in wide)))
    decides = [r for r in rows if r["alone"] != r["oracle"]]
    print("games where the span decides (the last loop alone would be ruled otherwise): "
          "%d, Fairy-Stockfish agrees with the span on %d, with the last loop alone on %d" % (
              len(decides), sum(r["oracle"] == r["fsf"] for r in decides),
              sum(r["alone"] == r["fsf"] for r in decides)))
    groups = collections.defaultdict(list)
    for r in rows:
        if r["oracle"] != r["fsf"]:
            groups[(clusters.cause(r), r["oracle"], r["reason"], r["fsf"], r["widened"])].append(r)
    by_cause = collections.Counter()
    for key, rs in groups.items():
        by_cause[key[0]] += len(rs)
    print("disagreements: %d; by cause: %s" % (
        n - agree, ", ".join("%s %d" % kv for kv in by_cause.most_common()) or "none"))
    explained = sum(v for k, v in by_cause.items() if k != "unexplained")
    print("agreement counting the explained disagreements: %.2f%%" % (100.0 * (agree + explained) / n))
    for (c, o, why, f, w), rs in sorted(groups.items(), key=lambda kv: (kv[0][0], -len(kv[1]))):
        print("\n[%d] %s: oracle %s (%s) / FSF %s%s" % (len(rs), c, o, why, f,
                                                       "; span widened" if w else ""))
        print("    why: " + clusters.explanation(c))
        for r in rs[:args.examples]:
            print("    seed %d game %d (%s): --fen \"%s\" --moves \"%s\"  patterns %s; last loop alone %s"
                  % (args.seed, r["i"], r["source"], r["fen"], " ".join(r["moves"]), r["patterns"],
                     r["alone"]))


if __name__ == "__main__":
    main()
