"""The differential's report: agreement, and the disagreements grouped by
cause.

How a cause is found. Fairy-Stockfish rules a cycle from two facts per
move: does it check, and which pieces does it chase; a side whose every
move checks, or which chases one piece (followed as it moves) on every
move, is in the wrong (`model_verdict`). The oracle's ruling gives the
same facts in its own reading: each move's kind and chased targets. Each
known difference between the two readings is written as a change to those
per-move facts, recognised from the geometry of the moves (`TWEAKS`). A
disagreement is put down to the first change that, applied alone to the
oracle's facts, turns the model's verdict into Fairy-Stockfish's — and only
if the model with the oracle's facts unchanged gives the oracle's own
verdict (otherwise the oracle decided on something the model does not
have, such as the rook held by a horse, and the cycle is `unexplained`).
Each cause is written up, with the article that decides it, in
spec/RULINGS.md ("The Asian differential"). `unexplained` disagreements
are shown with the oracle's view of the cycle, for triage.
"""

import collections

from board import Board, parse_sq

# --- what the report keeps of a ruling --------------------------------------


def summary(ruling):
    """What the report needs of an oracle ruling: the verdict, and per side
    its pattern and each move's kind, targets, target pieces and grounds —
    over the counted span: the moves before the last loop that the ruling
    counts (`earlier`) come first."""
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
                for m in part.get("earlier", []) + part.get("moves", [])
            ],
        }
    return s


def loser(result):
    return {"1-0": "black", "0-1": "red"}.get(result)


def cluster_key(row):
    """Within a cause: both verdicts, the oracle's reason, and — for the
    side the two rule differently — its pattern and the grounds the oracle
    cited on its moves."""
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


# --- the cycle, move by move -------------------------------------------------


class Step:
    """One move of the cycle's last pass: the board before it, the move,
    the board after, the mover, and the oracle's kind and targets."""

    __slots__ = ("before", "move", "after", "red", "frm", "to", "kind", "targets")

    def __init__(self, before, move, kind, targets):
        self.before = before
        self.move = move
        self.after = before.play(move)
        self.red = before.turn == "w"
        self.frm, self.to = parse_sq(move[:2]), parse_sq(move[2:])
        self.kind = kind
        self.targets = {parse_sq(t) for t in targets} if kind == "chase" else set()


def steps(row):
    b = Board.from_fen(row["fen"])
    for m in row["cycle"]:
        b = b.play(m)
    own = {side: list(row["summary"][side]["moves"]) for side in ("red", "black")}
    out = []
    for m in row["cycle"]:
        side = "red" if b.turn == "w" else "black"
        if not own[side] or own[side][0][0] != m:
            raise ValueError("the ruling's moves are not the cycle's: %s" % m)
        ruled = own[side].pop(0)
        st = Step(b, m, ruled[1], ruled[2])
        out.append(st)
        b = st.after
    return out


def model_verdict(cycle, checks, chases):
    """Fairy-Stockfish's way of ruling a cycle, on given facts: `checks[i]`
    (move i checks) and `chases[i]` (the points move i chases, after it).
    One side checking on every move loses (both: a draw); otherwise one
    side chasing the same piece on every move loses (both: a draw)."""
    n = len(cycle)

    def perpetual_check(red):
        return all(checks[i] for i in range(n) if cycle[i].red == red)

    def perpetual_chase(red):
        mine = [i for i in range(n) if cycle[i].red == red]
        first = mine[0]
        for t in chases[first]:
            p, ok = t, True
            for j in list(range(first + 1, n)) + list(range(0, first)):
                st = cycle[j]
                if st.red != red and st.frm == p:
                    p = st.to
                elif st.red == red and p not in chases[j]:
                    ok = False
                    break
            if ok:
                return True
        return False

    for test in (perpetual_check, perpetual_chase):
        r, b = test(True), test(False)
        if r != b:
            return "0-1" if r else "1-0"
        if r and b:
            return "1/2-1/2"
    return "1/2-1/2"


# --- Fairy-Stockfish's reading, where it differs -----------------------------


def _segment(x, t):
    """The points strictly between x and t on their file or rank."""
    if x % 9 == t % 9:
        step = 9
    elif x // 9 == t // 9:
        step = 1
    else:
        return []
    lo, hi = min(x, t), max(x, t)
    return list(range(lo + step, hi, step))


def _roots(after, x, t):
    """The pieces that could take back on t after the piece on x took
    there, pseudo-legally, leaving out those pinned before the capture
    (shielding their king from an attack that stands before the capture)
    as Fairy-Stockfish does."""
    victim_red = after.cells[t].isupper()
    taken = after.copy()
    taken.cells[t], taken.cells[x] = taken.cells[x], None
    return [r for r in taken.attackers_of(t, victim_red) if not after.pinned(r)]


def _fsf_target(after, x, t):
    """Whether Fairy-Stockfish would call the piece on t chased by the
    piece on x: not a king or an uncrossed pawn, not the attacker's own
    kind, and without a root, or a rook attacked by a horse or cannon."""
    victim, attacker = after.cells[t].upper(), after.cells[x].upper()
    if victim == "K" or victim == attacker:
        return False
    if victim == "P" and ((t // 9 <= 4) == after.cells[t].isupper()):
        return False
    if victim == "R" and attacker in "NC":
        return True
    return not _roots(after, x, t)


def _kept_on_changed_line(st, approach=False):
    """The attacks (x, t) of the mover's rooks and cannons that stood
    before the move and still stand, while the move changed their line:
    the rook or cannon itself stepped back along it (its old point now
    between it and the target) — or, with `approach`, forward along it —,
    or the cannon's screen slid along it."""
    out = []
    for x, t in st.after.attacks(st.red):
        if st.after.cells[x].upper() not in "RC" or st.after.cells[t].upper() == "K":
            continue
        x_before = st.frm if x == st.to else x
        if t not in st.before.captures_from(x_before):
            continue
        line = _segment(x, t)
        retreat = x == st.to and st.frm in line
        forward = approach and x == st.to and st.to in _segment(st.frm, t)
        slide = x != st.to and st.frm in line and st.to in line
        if retreat or forward or slide:
            out.append((x, t))
    return out


def kept_attack_renewed(cycle):
    """An attack kept through the move while the move changed its line
    (`_kept_on_changed_line`): the threat is the one that existed before
    the move, and the target stays where it was. Fairy-Stockfish re-reads
    the changed line as a discovered attack and counts the kept attack as
    a new chase."""
    add = [set() for _ in cycle]
    for i, st in enumerate(cycle):
        for x, t in _kept_on_changed_line(st):
            if _fsf_target(st.after, x, t):
                add[i].add(t)
    return add, None


def kept_attack_renewed_any_root(cycle):
    """The same, the rook or cannon also stepping forward along the line,
    whatever the target's protection: the model's pseudo-legal root test
    cannot tell every root Fairy-Stockfish counts out (a king whose
    recapture would make the kings face, a capture that gives a discovered
    check). The kept attack alone already makes the move no chase under
    the Asian rules."""
    add = [set() for _ in cycle]
    for i, st in enumerate(cycle):
        for x, t in _kept_on_changed_line(st, approach=True):
            if st.after.cells[t].upper() != st.after.cells[x].upper():
                add[i].add(t)
    return add, None


def removed_root(cycle):
    """A piece stands attacked by a piece that did not move; the move takes
    its protection away (a protector leaves, or the screen a protecting
    cannon needed), and the standing attack becomes a threat. The Asian
    rules count that as a chase (the appendix's pawn that cuts a horse's
    root); Fairy-Stockfish does not."""
    drop = [set() for _ in cycle]
    for i, st in enumerate(cycle):
        for t in st.targets:
            for x in st.after.attackers_of(t, st.red):
                if x == st.to or t not in st.before.captures_from(x):
                    continue
                if (st.before.protected_after_capture(x, t)
                        and not st.after.protected_after_capture(x, t)):
                    drop[i].add(t)
    return None, drop


def king_root_into_check(cycle):
    """A chased piece whose only protector is its king, which cannot take
    back because the point is guarded: a false root (假根), so the Asian
    rules count the piece unprotected. Fairy-Stockfish takes every king
    for a root."""
    drop = [set() for _ in cycle]
    for i, st in enumerate(cycle):
        for t in st.targets:
            for x in st.after.attackers_of(t, st.red):
                taken = st.after.copy()
                taken.cells[t], taken.cells[x] = taken.cells[x], None
                roots = taken.attackers_of(t, not st.red)
                if roots and all(taken.cells[r].upper() == "K" for r in roots):
                    drop[i].add(t)
    return None, drop


def facing_kings_pin(cycle):
    """A piece protected by the only piece of its side between the two
    kings on their file, while a piece of the attacker's side stands
    between them too: it may leave the file (the kings stay apart), so it
    protects. Fairy-Stockfish's facing-kings pin counts only the
    protector's side, takes it for pinned, and the protected piece for
    chased."""
    add = [set() for _ in cycle]
    for i, st in enumerate(cycle):
        a = st.after
        kr, kb = a.king(True), a.king(False)
        if kr is None or kb is None or kr % 9 != kb % 9:
            continue
        between = [s for s in range(min(kr, kb) + 9, max(kr, kb), 9) if a.cells[s] is not None]
        theirs = [s for s in between if a.cells[s].isupper() != st.red]
        ours = [s for s in between if a.cells[s].isupper() == st.red]
        if len(theirs) != 1 or not ours:
            continue
        for x, t in a.attacks(st.red):
            if a.cells[t].upper() in "K" or a.cells[t].upper() == a.cells[x].upper():
                continue
            taken = a.copy()
            taken.cells[t], taken.cells[x] = taken.cells[x], None
            if taken.attackers_of(t, not st.red) == [theirs[0]]:
                add[i].add(t)
    return add, None


def pin_lifted_by_capture(cycle):
    """A piece protected by a piece that the attacker itself pins: the
    capture takes the attacker off the line of the pin, so the protector
    can take back — a real root, protection being judged after the capture
    (terms 13-15). Fairy-Stockfish judges the pin before the capture and
    counts the piece unprotected."""
    add = [set() for _ in cycle]
    for i, st in enumerate(cycle):
        a = st.after
        for x, t in a.attacks(st.red):
            victim, attacker = a.cells[t].upper(), a.cells[x].upper()
            if victim == "K" or victim == attacker:
                continue
            taken = a.copy()
            taken.cells[t], taken.cells[x] = taken.cells[x], None
            roots = taken.attackers_of(t, not st.red)
            if roots and all(a.pinned(r) and not taken.pinned(r) for r in roots):
                add[i].add(t)
    return add, None


def check_also_chases(cycle):
    """A check that also attacks a piece: the oracle names the move 将, the
    heavier term, and a side that checks and chases in turn is allowed
    (rule 12); Fairy-Stockfish counts the check's attack toward a
    perpetual chase as well."""
    add = [set() for _ in cycle]
    for i, st in enumerate(cycle):
        if st.kind != "check":
            continue
        for x, t in st.after.attacks(st.red):
            if _fsf_target(st.after, x, t):
                add[i].add(t)
    return add, None


def _illegal_capture(after, x, t):
    """Whether the piece on x may not take on t: the capture would leave
    its own king attacked (a pin, or the kings left facing)."""
    red = after.cells[x].isupper()
    taken = after.copy()
    taken.cells[t], taken.cells[x] = taken.cells[x], None
    return taken.in_check(red)


def pinned_attacker(cycle):
    """An attack whose capture would be illegal: the attacker is pinned —
    often the only piece between the two kings on their file, which may
    not leave it. A capture that cannot be made threatens nothing (term 3:
    a move threatening to take a piece next move); Fairy-Stockfish checks
    the pins of the protectors but not of the attacker, and counts it."""
    add = [set() for _ in cycle]
    for i, st in enumerate(cycle):
        for x, t in st.after.attacks(st.red):
            if _illegal_capture(st.after, x, t) and _fsf_target(st.after, x, t):
                add[i].add(t)
    return add, None


def minor_attacks_major(cycle):
    """An advisor or elephant attacking a protected rook, horse or cannon.
    The Asian rules name one exception to a real root: a horse or cannon
    attacking a rook (总纲 6; rules 15, 26). Fairy-Stockfish also counts
    an advisor's or elephant's attack on a rook, horse or cannon as a
    chase whatever its protection."""
    add = [set() for _ in cycle]
    for i, st in enumerate(cycle):
        for x, t in st.after.attacks(st.red):
            if (st.after.cells[x].upper() in "AB" and st.after.cells[t].upper() in "RNC"
                    and (x == st.to or t not in st.before.captures_from(x))):
                add[i].add(t)
    return add, None


TWEAKS = [
    ("fsf-kept-attack-renewed", kept_attack_renewed),
    ("fsf-removed-root", removed_root),
    ("fsf-king-root-into-check", king_root_into_check),
    ("fsf-facing-kings-pin", facing_kings_pin),
    ("fsf-pin-lifted-by-capture", pin_lifted_by_capture),
    ("check-that-also-chases", check_also_chases),
    ("fsf-kept-attack-renewed-root", kept_attack_renewed_any_root),
    ("fsf-pinned-attacker", pinned_attacker),
    ("fsf-minor-attacks-major", minor_attacks_major),
]


def explanation(label):
    """The first sentence-paragraph of a cause's write-up: what the report
    prints beside each cluster."""
    if label == "unexplained":
        return ("no known difference between the two readings reproduces "
                "Fairy-Stockfish's verdict: triage it by hand")
    if label == "oracle-error":
        return "the oracle refused the game"
    doc = dict(TWEAKS)[label].__doc__
    return " ".join(doc.split("\n\n")[0].split())


def cause(row):
    """The first tweak that alone turns the oracle's facts into
    Fairy-Stockfish's verdict; 'unexplained' if none does, or if the model
    does not reproduce the oracle's own verdict from its facts."""
    if "error" in row["summary"]:
        return "oracle-error"
    try:
        cycle = steps(row)
    except ValueError:
        return "unexplained"
    checks = [st.kind == "check" for st in cycle]
    chases = [set(st.targets) for st in cycle]
    if model_verdict(cycle, checks, chases) != row["oracle"]:
        return "unexplained"
    for label, tweak in TWEAKS:
        add, drop = tweak(cycle)
        changed = [(c | (add[i] if add else set())) - (drop[i] if drop else set())
                   for i, c in enumerate(chases)]
        if model_verdict(cycle, checks, changed) == row["fsf"]:
            return label
    return "unexplained"


# --- the report ------------------------------------------------------------


def show(r):
    lines = ["    seed %d cycle %d (%s): --fen \"%s\" --moves \"%s\""
             % (r["seed"], r["i"], r["source"], r["fen"], " ".join(r["cycle"] * 2))]
    for side in ("red", "black"):
        part = r["summary"].get(side)
        if not part:
            continue
        lines.append("      %s %s%s: %s" % (
            side, part["pattern"], " (forbidden)" if part["forbidden"] else "",
            "; ".join("%s %s%s%s" % (m[0], m[1], " " + ",".join(m[2]) if m[2] else "",
                                     " {" + ",".join(g.split(".")[-1] for g in m[4]) + "}" if m[4] else "")
                      for m in part["moves"])))
    return "\n".join(lines)


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
            groups[(cause(r), cluster_key(r))].append(r)
    by_cause = collections.Counter()
    for (c, _), rs in groups.items():
        by_cause[c] += len(rs)
    print("\ndisagreements: %d; by cause: %s" % (
        n - agree, ", ".join("%s %d" % kv for kv in by_cause.most_common()) or "none"))
    explained = sum(v for k, v in by_cause.items() if k != "unexplained")
    print("agreement counting the explained disagreements: %.2f%%"
          % (100.0 * (agree + explained) / n))
    for (c, key), rs in sorted(groups.items(), key=lambda kv: (kv[0][0], -len(kv[1]))):
        print("\n[%d] %s: %s" % (len(rs), c, key))
        print("    why: " + explanation(c))
        for r in rs[:examples]:
            print(show(r))
