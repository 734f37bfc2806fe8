"""The differential's report: agreement, and the disagreements grouped by
what the oracle saw in the cycle."""

import collections


def summary(ruling):
    """What the report needs of an oracle ruling: the verdict, and per side
    its pattern and each move's kind, targets, target pieces and grounds."""
    if not isinstance(ruling, dict) or ruling.get("result") in (None, "error"):
        return {"error": ruling.get("error") if isinstance(ruling, dict) else str(ruling)}
    s = {"reason": ruling.get("reason"), "must_vary": ruling.get("must_vary")}
    for side in ("red", "black"):
        part = ruling.get(side) or {}
        s[side] = {
            "pattern": part.get("pattern"),
            "forbidden": part.get("forbidden"),
            "moves": [
                [m["move"], m["kind"], m.get("targets", []), m.get("target_pieces", []),
                 m.get("grounds", []), m.get("complete", True)]
                for m in part.get("moves", [])
            ],
        }
    return s


def loser(result):
    return {"1-0": "black", "0-1": "red"}.get(result)


def cluster_key(row):
    """A disagreement's cluster: both verdicts, the oracle's reason, and —
    for the side the two rule differently — its pattern and the grounds
    the oracle cited on its moves."""
    s = row["summary"]
    if "error" in s:
        return "oracle error"
    o, f = row["oracle"], row["fsf"]
    side = loser(f) or loser(o) or "red"
    part = s[side]
    grounds = sorted({g for m in part["moves"] for g in m[4]})
    return "oracle %s (%s) / FSF %s; %s %s%s" % (
        o, s["reason"], f, side, part["pattern"],
        (" [" + ", ".join(grounds) + "]") if grounds else "")


def report(rows, failed, seconds, timings, examples):
    n = len(rows)
    agree = sum(r["oracle"] == r["fsf"] for r in rows)
    print()
    print("cycles ruled: %d (searches that found no cycle: %d) in %.0f s "
          "(growing %.0f s, oracle %.0f s, pyffish %.0f s)"
          % (n, failed, seconds, timings["grow"], timings["oracle"], timings["fsf"]))
    if not n:
        return
    print("agreement: %d / %d = %.2f%%" % (agree, n, 100.0 * agree / n))
    by = collections.defaultdict(lambda: [0, 0])
    for r in rows:
        for k in ("source " + r["source"], "cycle of %d plies" % len(r["cycle"]),
                  "oracle " + str(r["oracle"]), "oracle reason " + str(r["summary"].get("reason"))):
            by[k][0] += 1
            by[k][1] += r["oracle"] == r["fsf"]
    for k in sorted(by):
        t, a = by[k]
        print("  %-40s %5d cycles, %5d agree (%.2f%%)" % (k, t, a, 100.0 * a / t))
    groups = collections.defaultdict(list)
    for r in rows:
        if r["oracle"] != r["fsf"]:
            groups[cluster_key(r)].append(r)
    print("\ndisagreements: %d in %d clusters" % (n - agree, len(groups)))
    for key, rs in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        print("\n[%d] %s" % (len(rs), key))
        for r in rs[:examples]:
            print("    seed %d cycle %d (%s): --fen \"%s\" --moves \"%s\""
                  % (r["seed"], r["i"], r["source"], r["fen"], " ".join(r["cycle"] * 2)))
            for side in ("red", "black"):
                part = r["summary"][side]
                print("      %s %s%s: %s" % (
                    side, part["pattern"], " (forbidden)" if part["forbidden"] else "",
                    "; ".join("%s %s%s%s" % (m[0], m[1], " " + ",".join(m[2]) if m[2] else "",
                                             " {" + ",".join(g.split(".")[-1] for g in m[4]) + "}" if m[4] else "")
                              for m in part["moves"])))
