"""Where the differential's cycles come from: start positions (real games,
composed sparse positions) and a biased search that closes a shuffle from
such a position into a repetition.

Every random choice draws from one `random.Random` seeded by the caller,
and the oracle's move lists come in a fixed order, so a seed always gives
the same cycles.
"""

import math
import os
import re
import subprocess
import tempfile

from board import Board, name, parse_sq, in_palace

# --- start positions from real games --------------------------------------

ERROR_AT = re.compile(r"^xq: .+?: \w+, game \d+, (?P<line>\d+):(?P<col>\d+)(?P<ply>, ply)?")


def _convert(xq, path):
    r = subprocess.run([xq, "convert", path, "--to", "pgn", "--notation", "iccs",
                        "--no-comments", "--no-variations"],
                       capture_output=True, text=True)
    return r.stdout, r.stderr


def _games(pgn):
    """(start FEN, ICCS moves) of each game of an ICCS PGN text."""
    out = []
    for chunk in re.split(r"\n\s*\n(?=\[)", pgn):
        fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
        m = re.search(r'^\[FEN "([^"]+)"\]', chunk, re.M)
        if m:
            fen = m.group(1)
        body = "\n".join(line for line in chunk.splitlines() if not line.startswith("["))
        moves = re.findall(r"\b[a-i][0-9][a-i][0-9]\b", body)
        if moves:
            out.append((fen, moves))
    return out


def _mend(lines, err):
    """The record's text made readable where the reader stopped: move text
    cut before a move it refuses (an ambiguous or illegal move), or a tag
    line it cannot read (an unescaped quote) dropped. None if the error
    names no place."""
    m = ERROR_AT.match(err.strip().splitlines()[0]) if err.strip() else None
    if not m or int(m.group("line")) > len(lines):
        return None
    line, col = int(m.group("line")), int(m.group("col"))
    if m.group("ply"):
        return lines[: line - 1] + [lines[line - 1][: col - 1]]
    if lines[line - 1].startswith("["):
        return lines[: line - 1] + lines[line:]
    return None


def record_games(xq, root):
    """Every game the records under `root` hold, as far as each can be
    read: where the reader stops (an ambiguous move, a malformed tag) the
    text is mended (`_mend`) and read again, so a record's opening part
    still counts."""
    games = []
    for dirpath, _, files in sorted(os.walk(root)):
        for f in sorted(files):
            path = os.path.join(dirpath, f)
            out, err = _convert(xq, path)
            if out.strip() or not f.endswith(".pgn"):
                games += _games(out)
                continue
            raw = open(path, "rb").read()
            # The reader counts columns in characters: try the encodings
            # records come in until the mended text reads.
            for enc in ("utf-8", "big5", "gb18030"):
                try:
                    lines = raw.decode(enc).splitlines()
                except UnicodeDecodeError:
                    continue
                e = err
                for _ in range(4):
                    lines = _mend(lines, e)
                    if lines is None:
                        break
                    with tempfile.NamedTemporaryFile("w", suffix=".pgn", encoding="utf-8",
                                                     delete=False) as t:
                        t.write("\n".join(lines) + "\n")
                    try:
                        out, e = _convert(xq, t.name)
                    finally:
                        os.unlink(t.name)
                    if out.strip():
                        break
                if out.strip():
                    games += _games(out)
                    break
    return games


def game_positions(games, min_ply=6):
    """Every position of the games from ply `min_ply` on, as FENs."""
    out = []
    for fen, moves in games:
        b = Board.from_fen(fen)
        for i, m in enumerate(moves):
            b = b.play(m)
            if i + 1 >= min_ply:
                out.append(b.fen())
    return out


# --- composed sparse positions -------------------------------------------

ADVISOR_POINTS = [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)]
ELEPHANT_POINTS = [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)]
# (piece, weight, most allowed)
ROSTER = [("R", 3.0, 2), ("N", 3.0, 2), ("C", 3.0, 2), ("P", 2.0, 5), ("A", 1.2, 2), ("B", 1.2, 2)]


def _points(kind, red):
    """The points a piece of this kind may stand on for its side."""
    flip = (lambda f, r: (f, r)) if red else (lambda f, r: (f, 9 - r))
    if kind == "K":
        return [flip(f, r) for f in range(3, 6) for r in range(3)]
    if kind == "A":
        return [flip(f, r) for f, r in ADVISOR_POINTS]
    if kind == "B":
        return [flip(f, r) for f, r in ELEPHANT_POINTS]
    if kind == "P":
        home = [(f, r) for f in (0, 2, 4, 6, 8) for r in (3, 4)]
        crossed = [(f, r) for f in range(9) for r in range(5, 10)]
        return [flip(f, r) for f, r in home + crossed]
    return [(f, r) for f in range(9) for r in range(10)]


def composed_position(rng, oracle):
    """A random legal position with few pieces: both kings, then one to
    six pieces a side drawn mostly from rooks, horses and cannons, with
    crossed pawns, advisors and elephants; about half of them placed next
    to an enemy piece's lines so that attacks are one move away."""
    for _ in range(50):
        cells = [None] * 90
        for red in (True, False):
            f, r = rng.choice(_points("K", red))
            cells[r * 9 + f] = "K" if red else "k"
        for red in (True, False):
            counts = {}
            for _ in range(rng.choice((1, 2, 2, 3, 3, 4, 5, 6))):
                kinds = [k for k, _, most in ROSTER if counts.get(k, 0) < most]
                weights = [w for k, w, most in ROSTER if counts.get(k, 0) < most]
                k = rng.choices(kinds, weights)[0]
                free = [(f, r) for f, r in _points(k, red) if cells[r * 9 + f] is None]
                if not free:
                    continue
                f, r = rng.choice(free)
                counts[k] = counts.get(k, 0) + 1
                cells[r * 9 + f] = k if red else k.lower()
        b = Board(cells, rng.choice("wb"))
        fen = b.fen()
        moves = oracle.legal_moves(fen)
        if moves and not b.in_check(b.turn == "b"):
            return fen
    return None


# --- closing a shuffle into a cycle --------------------------------------


def _follow(pairs, frm, to):
    return {(to if a == frm else a, t) for a, t in pairs}


class Features:
    """What a move does, as the bias sees it (pseudo-legal geometry)."""

    __slots__ = ("check", "unprotected", "rook", "protected", "discovered",
                 "escape", "block", "king_pawn", "pin")

    def __init__(self, before, move, cache=None):
        red = before.turn == "w"
        frm, to = parse_sq(move[:2]), parse_sq(move[2:])
        after = before.play(move)
        king = after.king(not red)
        # Both sides' attacks before the move, shared by every candidate
        # move of the same position.
        if cache is None:
            cache = {}
        if "ours" not in cache:
            cache["ours"] = before.attacks(red)
            cache["theirs"] = before.attacks(not red)
        old = _follow(cache["ours"], frm, to)
        new = [(a, t) for a, t in after.attacks(red) if (a, t) not in old]
        self.check = any(t == king for a, t in new) or after.in_check(not red)
        self.unprotected = self.rook = self.protected = self.discovered = 0
        self.king_pawn = 0
        for a, t in new:
            if t == king:
                continue
            victim = after.cells[t].upper()
            attacker = after.cells[a].upper()
            if a != to:
                self.discovered += 1
            if attacker in "KP":
                self.king_pawn += 1
            if victim == "R" and attacker in "NC":
                self.rook += 1
            elif after.protected_after_capture(a, t):
                self.protected += 1
            else:
                self.unprotected += 1
        # The moved piece stood where the opponent attacked it.
        self.escape = int(any(t == frm for _, t in cache["theirs"]))
        # Enemy attacks the move cuts (a horse leg, a line, a cannon screen).
        theirs_before = set(cache["theirs"])
        theirs_after = set(after.attacks(not red))
        self.block = len({(a, t) for a, t in theirs_before if t != frm} - theirs_after)
        self.pin = int(_pins(after, red, to))

    def weight(self, hunter):
        """How much the search wants the move: a hunting side wants checks
        and attacks; the other side wants escapes, blocks and counters."""
        attack = (5.0 * self.check + 5.0 * self.unprotected + 5.0 * self.rook
                  + 2.5 * self.protected + 2.0 * self.discovered + 1.5 * self.pin
                  + 1.0 * self.king_pawn)
        defence = 3.0 * self.escape + 1.5 * self.block
        if hunter:
            return 1.0 + attack + 0.5 * defence
        return 1.0 + 0.4 * attack + defence


def _pins(b, red, s):
    """Whether the rook or cannon on s, of side `red`, pins an enemy piece
    against its king (one piece between for a rook, two for a cannon)."""
    p = b.cells[s]
    if p is None or p.upper() not in "RC":
        return False
    king = b.king(not red)
    if king is None:
        return False
    f0, r0, fk, rk = s % 9, s // 9, king % 9, king // 9
    if f0 != fk and r0 != rk:
        return False
    if f0 == fk:
        between = [b.cells[r * 9 + f0] for r in range(min(r0, rk) + 1, max(r0, rk))]
    else:
        between = [b.cells[r0 * 9 + f] for f in range(min(f0, fk) + 1, max(f0, fk))]
    between = [q for q in between if q is not None]
    need = 1 if p.upper() == "R" else 2
    return len(between) == need and any(q.isupper() != red for q in between)


class CycleSearch:
    """A depth-first search for `per_side` quiet moves a side, from
    `start`, after which every piece is back on its point; no position
    recurs inside the cycle, and every position has a legal move. Moves are
    tried in a weighted random order (`Features.weight`): each side is a
    hunter or not (`hunters`, colour -> bool), and where the opponent's
    next move is forced (its one displaced piece must go home) a move is
    also weighed by what that forced move does — that is what makes the
    returning moves chase too."""

    def __init__(self, oracle, rng, start_fen, per_side, hunters, budget=80, scored=24):
        self.oracle = oracle
        self.rng = rng
        self.start = Board.from_fen(start_fen)
        self.per_side = per_side
        self.hunters = hunters
        self.budget = budget
        self.scored = scored
        self.seen = {self.start.key()}
        self.moves = []
        self.home = {True: self._places(self.start, True), False: self._places(self.start, False)}

    @staticmethod
    def _places(b, red):
        return {s: p for s, p in enumerate(b.cells) if p is not None and p.isupper() == red}

    def _away(self, b, red):
        return sum(1 for s, p in self.home[red].items() if b.cells[s] != p)

    def _forced_return(self, b, red, done):
        """The move side `red` must make next in b, if it has one move left
        and one piece away from home: that piece going home."""
        if self.per_side - done[red] != 1:
            return None
        home = [(s, p) for s, p in self.home[red].items() if b.cells[s] != p]
        if len(home) != 1:
            return None
        s, p = home[0]
        away = [t for t, q in enumerate(b.cells)
                if q == p and t not in self.home[red]]
        if len(away) != 1 or b.cells[s] is not None:
            return None
        return name(away[0]) + name(s)

    def _weight(self, b, m, done, cache):
        red = b.turn == "w"
        w = Features(b, m, cache).weight(self.hunters[red])
        nb = b.play(m)
        done2 = dict(done)
        done2[red] += 1
        forced = self._forced_return(nb, not red, done2)
        if forced is not None:
            w *= 0.5 + 0.5 * Features(nb, forced).weight(self.hunters[not red])
        return w

    def _order(self, b, moves, done):
        """Weighted random order without replacement (Efraimidis-Spirakis):
        a random sample of the moves is weighed, the rest weigh 0.5."""
        sample = set(self.rng.sample(range(len(moves)), min(self.scored, len(moves))))
        keyed = []
        cache = {}
        for i, m in enumerate(moves):
            w = self._weight(b, m, done, cache) if i in sample else 0.5
            keyed.append((math.log(1.0 - self.rng.random()) / (w * w), m))
        keyed.sort(reverse=True)
        return [m for _, m in keyed]

    def run(self):
        return self._search(self.start, {True: 0, False: 0})

    def _search(self, b, done):
        if done[True] == self.per_side and done[False] == self.per_side:
            return b.key() == self.start.key()
        if self.budget <= 0:
            return False
        self.budget -= 1
        red = b.turn == "w"
        legal = self.oracle.legal_moves(b.fen())
        if not legal:
            return False
        quiet = [m for m in legal if b.cells[parse_sq(m[2:])] is None]
        left = self.per_side - done[red] - 1
        fits = []
        for m in quiet:
            nb = b.play(m)
            if self._away(nb, red) > left:
                continue
            finished = left == 0 and done[not red] == self.per_side
            if nb.key() in self.seen and not finished:
                continue
            fits.append(m)
        if not fits:
            return False
        for m in self._order(b, fits, done):
            nb = b.play(m)
            done2 = dict(done)
            done2[red] += 1
            self.seen.add(nb.key())
            self.moves.append(m)
            if self._search(nb, done2):
                return True
            self.moves.pop()
            if nb.key() != self.start.key():
                self.seen.discard(nb.key())
            if self.budget <= 0:
                return False
        return False


def follow_chase(oracle, rng, fen, tries=40):
    """A four-move chase cycle from `fen`, or None: a piece X of the side to
    move steps a -> b and attacks an enemy piece T on c; T steps c -> d;
    X steps back b -> a and attacks T on d; T steps back. Whether these
    attacks are chases (protection, trades, kings and pawns …) is left to
    the two implementations; only the geometry is arranged here, with
    unprotected targets and rooks attacked by horses or cannons drawn more
    often than protected ones. Every move is checked against the oracle's
    legal moves."""
    b = Board.from_fen(fen)
    red = b.turn == "w"
    mine = [s for s in b.pieces(red) if b.quiet_from(s)]
    theirs = [s for s in b.pieces(not red) if b.quiet_from(s)]
    if not mine or not theirs:
        return None
    for _ in range(tries):
        a, c = rng.choice(mine), rng.choice(theirs)
        options = []
        for bb in b.quiet_from(a):
            b1 = b.copy()
            b1.cells[bb], b1.cells[a] = b1.cells[a], None
            if c not in b1.captures_from(bb):
                continue
            for d in b1.quiet_from(c):
                b2 = b1.copy()
                b2.cells[d], b2.cells[c] = b2.cells[c], None
                if a not in b2.quiet_from(bb):
                    continue
                b3 = b2.copy()
                b3.cells[a], b3.cells[bb] = b3.cells[bb], None
                if d in b3.captures_from(a) and c in b3.quiet_from(d):
                    w = 1.0
                    if b.cells[c].upper() == b.cells[a].upper():
                        w = 0.3  # a trade offer, mostly (rule 24)
                    elif b.cells[c].upper() == "R" and b.cells[a].upper() in "NC":
                        w = 3.0
                    elif not b1.protected_after_capture(bb, c):
                        w = 4.0
                    options.append((math.log(1.0 - rng.random()) / w,
                                    [name(a) + name(bb), name(c) + name(d),
                                     name(bb) + name(a), name(d) + name(c)]))
        options.sort(reverse=True)
        for _, cycle in options[:4]:
            if _legal_line(oracle, b, cycle):
                return cycle
    return None


def _legal_line(oracle, b, moves):
    """Whether each move is legal in turn from b, and every position on
    the way has a legal move."""
    for m in moves:
        legal = oracle.legal_moves(b.fen())
        if not legal or m not in legal:
            return False
        b = b.play(m)
    return bool(oracle.legal_moves(b.fen()))


def close_cycle(oracle, rng, fen, per_side, hunters, budget=80):
    """A cycle of 2 * per_side moves from `fen`, or None."""
    s = CycleSearch(oracle, rng, fen, per_side, hunters, budget)
    return s.moves if s.run() else None


def repeated(moves, times=2):
    """The cycle played `times` times: its start position then stands for
    the (times + 1)th time."""
    return moves * times


__all__ = ["record_games", "game_positions", "composed_position", "close_cycle",
           "repeated", "Features", "name", "in_palace"]
