#!/usr/bin/env python3
"""Differential: the oracle against Fairy-Stockfish on repetition cycles,
under the Asian rules (axf-2017).

What it does
------------
Grows repetition cycles and rules each with the oracle (`xq serve`, the
`ruling` question) and with pyffish (`is_optional_game_end`, Fairy-
Stockfish's xiangqi variant with its Asian chasing rules), then reports
how often the two verdicts agree and groups the disagreements by what the
oracle saw in the cycle (`clusters.py`).

Where the cycles come from
--------------------------
- start positions: every position (from ply 6 on) of the real games in
  /work/shared/formats/samples (PGN in Big5 — cut where a record's move
  text breaks off —, XQF, CBR), and sparse composed positions (both kings
  and one to six pieces a side, mostly rooks, horses and cannons);
- from each, a depth-first search (`generate.CycleSearch`) for a shuffle
  of 2, 3 or 4 quiet moves a side after which every piece is back; moves
  are tried in a weighted random order that favours checks, attacks on
  unprotected pieces, horse or cannon attacks on rooks, discovered attacks
  (cannon screens, horse legs, opened lines), escapes, blocks, pins and
  king or pawn attacks. Legality is the oracle's move generator's; pyffish
  replays every cycle too;
- the cycle is played twice, so that its start position stands for the
  third time (the count both implementations adjudicate at).

Reproducible and bounded
------------------------
Cycle i of seed S is drawn from `random.Random("S:i")` alone, so
`--seed S --first i --cycles 1` regrows it. The run stops at `--cycles`
cycles or after `--time-limit` seconds, whichever comes first; every
search has a node budget. The study range (seed 1) and the held-out range
(seed 2) are kept apart for cross-validation (`spec/RULINGS.md`, "The
Asian differential").

Usage
-----
    bench/differential/differential.py [--xq target/release/xq] [--seed 1]
        [--cycles 5000] [--time-limit 1800] [--jsonl FILE] [--examples 3]

Prints the agreement, per source and cycle length, and each cluster of
disagreements with a few reproducible examples (FEN and moves).
"""

import argparse
import collections
import json
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import clusters  # noqa: E402
import generate  # noqa: E402
import peers  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
SAMPLES = "/work/shared/formats/samples"


def grow(i, seed, oracle, positions):
    """Cycle i of the seed: (source, start FEN, cycle moves) or None."""
    rng = random.Random("%d:%d" % (seed, i))
    source = "game" if positions and rng.random() < 0.5 else "composed"
    per_side = rng.choices((2, 3, 4), (6, 2, 2))[0]
    # Who hunts: one side, the other, both, or neither.
    red, black = rng.choices(((True, False), (False, True), (True, True), (False, False)),
                             (35, 25, 25, 15))[0]
    hunters = {True: red, False: black}
    for _ in range(6):
        fen = rng.choice(positions) if source == "game" else generate.composed_position(rng, oracle)
        if fen is None:
            continue
        cycle = None
        if rng.random() < 0.5:
            cycle = generate.follow_chase(oracle, rng, fen)
        if cycle is None:
            cycle = generate.close_cycle(oracle, rng, fen, per_side, hunters)
        if cycle:
            return source, fen, cycle
    return None


def replay(args, oracle, t0):
    rows = []
    timings = {"grow": 0.0, "oracle": 0.0, "fsf": 0.0}
    out = open(args.jsonl, "w", encoding="utf-8") if args.jsonl else None
    try:
        with open(args.replay, encoding="utf-8") as f:
            for line in f:
                row = json.loads(line)
                t = time.time()
                ruling = oracle.ruling(row["fen"], generate.repeated(row["cycle"]), args.edition)
                timings["oracle"] += time.time() - t
                row["oracle"] = ruling.get("result")
                row["summary"] = clusters.summary(ruling)
                rows.append(row)
                if out:
                    out.write(json.dumps(row, ensure_ascii=False) + "\n")
    finally:
        oracle.close()
        if out:
            out.close()
    print("replayed %d cycles from %s" % (len(rows), args.replay))
    clusters.report(rows, 0, time.time() - t0, timings, args.examples)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--xq", default=os.path.join(ROOT, "target/release/xq"))
    ap.add_argument("--records", default=SAMPLES, help="game records to take start positions from")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=0, help="index of the first cycle")
    ap.add_argument("--cycles", type=int, default=5000)
    ap.add_argument("--time-limit", type=float, default=1800.0, help="seconds")
    ap.add_argument("--edition", default="axf-2017")
    ap.add_argument("--jsonl", help="write every cycle (and both verdicts) here")
    ap.add_argument("--examples", type=int, default=3, help="examples shown per cluster")
    ap.add_argument("--replay", metavar="JSONL",
                    help="rule the cycles of an earlier run's --jsonl again with the oracle "
                         "(Fairy-Stockfish's verdicts are taken from the file): measures an "
                         "oracle change on the same cycles")
    args = ap.parse_args()
    if peers.pyffish is None:
        sys.exit("pyffish is not installed (pip install pyffish)")

    t0 = time.time()
    oracle = peers.Oracle(args.xq)
    if args.replay:
        replay(args, oracle, t0)
        return
    games = generate.record_games(args.xq, args.records) if os.path.isdir(args.records) else []
    positions = generate.game_positions(games)
    print("start positions: %d from %d games in %s; composed positions drawn per cycle"
          % (len(positions), len(games), args.records))
    out = open(args.jsonl, "w", encoding="utf-8") if args.jsonl else None
    rows = []
    failed = 0
    timings = {"grow": 0.0, "oracle": 0.0, "fsf": 0.0}
    try:
        for i in range(args.first, args.first + args.cycles):
            if time.time() - t0 > args.time_limit:
                print("time limit reached after %d cycles" % len(rows))
                break
            t = time.time()
            got = grow(i, args.seed, oracle, positions)
            timings["grow"] += time.time() - t
            if got is None:
                failed += 1
                continue
            source, fen, cycle = got
            moves = generate.repeated(cycle)
            t = time.time()
            ruling = oracle.ruling(fen, moves, args.edition)
            timings["oracle"] += time.time() - t
            t = time.time()
            fsf = peers.fsf_result(fen, moves)
            timings["fsf"] += time.time() - t
            row = {"i": i, "seed": args.seed, "source": source, "fen": fen, "cycle": cycle,
                   "oracle": ruling.get("result"), "fsf": fsf,
                   "summary": clusters.summary(ruling)}
            rows.append(row)
            if out:
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
            if len(rows) % 500 == 0:
                agree = sum(r["oracle"] == r["fsf"] for r in rows)
                print("  %d cycles, %d agree (%.2f%%), %.0f s"
                      % (len(rows), agree, 100.0 * agree / len(rows), time.time() - t0), flush=True)
    finally:
        oracle.close()
        if out:
            out.close()
    clusters.report(rows, failed, time.time() - t0, timings, args.examples)


if __name__ == "__main__":
    main()
