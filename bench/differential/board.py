"""A small board model for the differential generator: FEN in and out,
playing a move, and which pieces attack which.

This is NOT a rules implementation. It only steers the generator toward
moves that create attacks (the bias the differential wants); whether a
move is legal is always asked of the oracle's move generator (`xq serve`,
`legal-moves`), and every cycle is replayed by pyffish as well, so a
mistake here can only make the sample less interesting, never wrong.

Squares are ICCS: file a-i (0-8), rank 0-9 from Red's side; index
rank * 9 + file. Red pieces are upper case (K A B N R C P), Black lower.
"""

FILES = "abcdefghi"

ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
# Horse jumps and the leg each one needs empty: (df, dr, leg_df, leg_dr).
HORSE = tuple(
    (df, dr, (df // abs(df) if abs(df) == 2 else 0), (dr // abs(dr) if abs(dr) == 2 else 0))
    for df, dr in ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1))
)


def sq(f, r):
    return r * 9 + f


def name(s):
    return FILES[s % 9] + str(s // 9)


def parse_sq(t):
    return sq(FILES.index(t[0]), int(t[1]))


def is_red(p):
    return p.isupper()


def side_of(p):
    return "w" if p.isupper() else "b"


def in_palace(f, r, red):
    return 3 <= f <= 5 and (0 <= r <= 2 if red else 7 <= r <= 9)


def own_half(r, red):
    return r <= 4 if red else r >= 5


class Board:
    __slots__ = ("cells", "turn")

    def __init__(self, cells, turn):
        self.cells = cells
        self.turn = turn

    @staticmethod
    def from_fen(fen):
        fields = fen.split()
        rows = fields[0].split("/")
        if len(rows) != 10:
            raise ValueError("a xiangqi FEN has 10 ranks: %r" % fen)
        cells = [None] * 90
        for i, row in enumerate(rows):
            r = 9 - i
            f = 0
            for ch in row:
                if ch.isdigit():
                    f += int(ch)
                else:
                    ch = {"e": "b", "E": "B", "h": "n", "H": "N"}.get(ch, ch)
                    cells[sq(f, r)] = ch
                    f += 1
        turn = "w" if len(fields) < 2 or fields[1] in ("w", "r") else "b"
        return Board(cells, turn)

    def copy(self):
        return Board(self.cells[:], self.turn)

    def fen(self, turn=None):
        rows = []
        for r in range(9, -1, -1):
            row, empty = "", 0
            for f in range(9):
                p = self.cells[sq(f, r)]
                if p is None:
                    empty += 1
                else:
                    if empty:
                        row += str(empty)
                        empty = 0
                    row += p
            if empty:
                row += str(empty)
            rows.append(row)
        return "/".join(rows) + " " + (turn or self.turn) + " - - 0 1"

    def key(self):
        return (tuple(self.cells), self.turn)

    def play(self, move):
        """The board after the ICCS move (not checked for legality)."""
        b = self.copy()
        a, c = parse_sq(move[:2]), parse_sq(move[2:])
        b.cells[c] = b.cells[a]
        b.cells[a] = None
        b.turn = "b" if self.turn == "w" else "w"
        return b

    def king(self, red):
        k = "K" if red else "k"
        for s in (range(0, 27) if red else range(63, 90)):
            if self.cells[s] == k:
                return s
        return None

    def captures_from(self, s):
        """Squares holding enemy pieces that the piece on s attacks
        (pseudo-legal: pins and checks ignored; the king's facing capture
        included)."""
        return self._reach(s, True)

    def quiet_from(self, s):
        """Empty squares the piece on s could move to (pseudo-legal: pins
        and checks ignored)."""
        return self._reach(s, False)

    def _reach(self, s, captures):
        """The piece on s's captures (enemy pieces it attacks) or its quiet
        destinations (empty points), by its kind's movement."""
        cells = self.cells
        p = cells[s]
        red = p.isupper()
        f0, r0 = s % 9, s // 9
        kind = p.upper()
        out = []

        def fits(t):
            q = cells[t]
            return (q is not None and q.isupper() != red) if captures else q is None

        if kind == "R" or kind == "C":
            for df, dr in ORTHO:
                f, r = f0 + df, r0 + dr
                screened = False
                while 0 <= f < 9 and 0 <= r < 10:
                    t = sq(f, r)
                    if cells[t] is None:
                        if not captures:
                            out.append(t)
                    elif not captures:
                        break
                    elif kind == "R" or screened:
                        if fits(t):
                            out.append(t)
                        break
                    else:
                        screened = True
                    f += df
                    r += dr
            return out
        if kind == "N":
            steps = [(df, dr) for df, dr, lf, lr in HORSE if self._free(f0 + lf, r0 + lr)]
        elif kind == "B":
            steps = [(2 * df, 2 * dr) for df, dr in DIAG
                     if own_half(r0 + 2 * dr, red) and self._free(f0 + df, r0 + dr)]
        elif kind == "A":
            steps = [d for d in DIAG if in_palace(f0 + d[0], r0 + d[1], red)]
        elif kind == "K":
            steps = [d for d in ORTHO if in_palace(f0 + d[0], r0 + d[1], red)]
            if captures:
                # Facing kings: the king "attacks" along an open file.
                dr = 1 if red else -1
                r = r0 + dr
                while 0 <= r < 10:
                    t = sq(f0, r)
                    if cells[t] is not None:
                        if cells[t] == ("k" if red else "K"):
                            out.append(t)
                        break
                    r += dr
        else:  # pawn
            steps = [(0, 1 if red else -1)]
            if not own_half(r0, red):
                steps += [(1, 0), (-1, 0)]
        for df, dr in steps:
            f, r = f0 + df, r0 + dr
            if 0 <= f < 9 and 0 <= r < 10 and fits(sq(f, r)):
                out.append(sq(f, r))
        return out

    def _free(self, f, r):
        """Whether (f, r) is on the board and empty: a horse leg or an
        elephant eye."""
        return 0 <= f < 9 and 0 <= r < 10 and self.cells[sq(f, r)] is None

    def attacks(self, red):
        """Every (attacker, target) pair of the side `red`."""
        out = []
        for s, p in enumerate(self.cells):
            if p is not None and p.isupper() == red:
                for t in self.captures_from(s):
                    out.append((s, t))
        return out

    def attackers_of(self, t, red):
        """The pieces of side `red` that attack the square t (whatever
        stands there)."""
        cells = self.cells
        saved = cells[t]
        # Put a dummy enemy piece there so that every attacker sees a victim.
        cells[t] = "p" if red else "P"
        try:
            return [s for s, p in enumerate(cells)
                    if p is not None and p.isupper() == red and s != t
                    and t in self.captures_from(s)]
        finally:
            cells[t] = saved

    def protected_after_capture(self, a, t):
        """Whether the piece on t could be taken back after the piece on a
        takes it (pseudo-legal: pins and king safety ignored)."""
        b = self.copy()
        victim_red = b.cells[t].isupper()
        b.cells[t] = b.cells[a]
        b.cells[a] = None
        return bool(b.attackers_of(t, victim_red))

    def pinned(self, s):
        """Whether the piece on s shields its own king: taken off the
        board, its king would stand attacked (facing kings included)."""
        red = self.cells[s].isupper()
        b = self.copy()
        b.cells[s] = None
        return b.in_check(red)

    def in_check(self, red):
        k = self.king(red)
        return k is not None and any(t == k for _, t in self.attacks(not red))

    def pieces(self, red):
        return [s for s, p in enumerate(self.cells) if p is not None and p.isupper() == red]
