#!/usr/bin/env python3
"""Two builds of the oracle on every rule-book figure, under every edition:
what a change moves, row by row.

Issue 18's cross-validation asks, for each kept change, which figures it
fixed, which it broke and what it did to the rows nobody studied for it.
This rules each row of `cxa2020-figures.tsv` (under cxa-2020, cxa-1999 and
axf-2017) and of `wxf-diagrams.tsv` (under axf-2017, wxf-2018 and
cxa-2020) with two `xq` binaries — the moves extended as the scoreboard
extends them — and prints every row whose verdict, reason, or any move's
kind or targets differ.

Usage: bench/figures_diff.py BEFORE_XQ AFTER_XQ [--figures DIR]
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import scoreboard  # noqa: E402

FILES = (
    ("cxa2020-figures.tsv", ("cxa-2020", "cxa-1999", "axf-2017")),
    ("wxf-diagrams.tsv", ("axf-2017", "wxf-2018", "cxa-2020")),
)


def rulings(xq, figures):
    """{(file, row, edition): (result, reason, red moves, black moves)}"""
    oracle = scoreboard.Oracle(xq)
    out = {}
    try:
        for name, editions in FILES:
            for n, r in enumerate(scoreboard.load(os.path.join(figures, name)), 2):
                listed = r["moves"].split()
                if not listed:
                    continue
                moves, _, _ = scoreboard.extend(xq, r["fen"], listed)
                if moves is None:
                    moves = listed
                for ed in editions:
                    reply, _ = oracle.ask(ed, r["fen"], moves, {"ask": "ruling"})
                    if reply.get("error"):
                        reply, _ = oracle.ask(ed, r["fen"], moves, {"ask": "ruling"}, True)
                    res = reply.get("result") or {}
                    sides = tuple(
                        tuple((m["ply"], m["kind"], tuple(sorted(m.get("targets") or [])))
                              for m in (res.get(side) or {}).get("moves", []))
                        for side in ("red", "black"))
                    out[(name, n, ed)] = (res.get("result"), res.get("reason")) + sides
    finally:
        oracle.close()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("before")
    ap.add_argument("after")
    figures = os.path.join(os.path.dirname(scoreboard.ROOT), "shared/rules/figures")
    if not os.path.isdir(figures):
        figures = "/work/shared/rules/figures"
    ap.add_argument("--figures", default=os.environ.get("XQ_FIGURES", figures))
    args = ap.parse_args()
    a, b = rulings(args.before, args.figures), rulings(args.after, args.figures)
    changed = [k for k in a if a[k] != b.get(k)]
    for k in changed:
        print("%s row %d under %s:\n  before %s\n  after  %s" % (k[0], k[1], k[2], a[k], b[k]))
    print("%d rulings compared, %d differ" % (len(a), len(changed)))


if __name__ == "__main__":
    main()
