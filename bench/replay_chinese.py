#!/usr/bin/env python3
"""An independent replay of Chinese-notation PGN records, for checking the
reader: Fairy-Stockfish (pyffish) gives the legal moves of each position,
and a move text is read as the one legal move that fits it (kind, file or
place on the file, action, number), worked out here from the board alone.
None of the oracle's code is used.

    python3 bench/replay_chinese.py FILE.pgn...   # → file, plies, final FEN

A text that no legal move fits, or that two fit, stops that game with the
reason (printed as `file<TAB>error<TAB>ply<TAB>text`).
"""

import re
import sys

import pyffish

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
KIND = {}
for chars, k in [("車俥车伡", "r"), ("馬傌马㐷", "n"), ("炮砲包", "c"), ("相象", "b"),
                 ("仕士", "a"), ("帥將帅将", "k"), ("兵卒", "p")]:
    for ch in chars:
        KIND[ch] = k
NUM = {c: i + 1 for i, c in enumerate("一二三四五六七八九")}
for i in range(1, 10):
    NUM[str(i)] = i
    NUM[chr(0xFF10 + i)] = i
ACTION = {"進": 1, "进": 1, "退": -1, "平": 0}
MARK = {"前": "front", "後": "rear", "后": "rear", "中": "middle"}


def board(fen):
    """{(file 0-8, rank 0-9): piece letter}, rank 0 at Red's side."""
    rows = fen.split()[0].split("/")
    out = {}
    for i, row in enumerate(rows):
        rank = 9 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                out[(f, rank)] = ch
                f += 1
    return out


def describe(b, red, uci):
    """(kind, own file, action, number, place index, count on file)."""
    ff, fr = ord(uci[0]) - 97, int(re.match(r"[a-i](\d+)", uci).group(1)) - 1
    rest = uci[1 + len(str(fr + 1)):]
    tf, tr = ord(rest[0]) - 97, int(rest[1:]) - 1
    piece = b[(ff, fr)]
    kind = piece.lower()
    own = (lambda f: 9 - f) if red else (lambda f: f + 1)
    fwd = 1 if red else -1
    gain = (tr - fr) * fwd
    if kind in "rckp":
        if tf == ff:
            action, number = (1 if gain > 0 else -1), abs(gain)
        else:
            action, number = 0, own(tf)
    else:
        action, number = (1 if gain > 0 else -1), own(tf)
    same = sorted((r for (f, r), p in b.items() if f == ff and p == piece),
                  reverse=red)
    return kind, own(ff), action, number, same.index(fr), len(same)


def parse(text):
    """(kind or None, file or None, marker or None, action, number)."""
    t = [c for c in text if not c.isspace()]
    if len(t) != 4:
        raise ValueError("not four characters")
    a, b, c, d = t
    action, number = ACTION[c], NUM[d]
    if a in KIND:
        return KIND[a], NUM[b], None, action, number
    marker = MARK.get(a) or ("ordinal", NUM[a])
    if b in KIND:
        return KIND[b], None, marker, action, number
    return "p", NUM[b], marker, action, number


def fits(spec, desc):
    kind, file, marker, action, number = spec
    k, f, a, n, idx, count = desc
    if (k, a, n) != (kind, action, number) or (file is not None and f != file):
        return False
    if marker is None:
        return True
    if count < 2:
        return False
    if marker == "front":
        return idx == 0
    if marker == "rear":
        return idx == count - 1
    if marker == "middle":
        return count == 3 and idx == 1
    return idx == marker[1] - 1


def replay(path):
    data = open(path, "rb").read()
    for enc in ("utf-8", "big5", "gb18030"):
        try:
            text = data.decode(enc)
            break
        except UnicodeDecodeError:
            continue
    fen = START
    m = re.search(r'\[FEN "([^"]+)"\]', text)
    if m:
        fen = m.group(1)
    body = re.sub(r"\[[^\]]*\]", " ", text)
    body = re.sub(r"\{[^}]*\}", " ", body)
    words = [w for w in re.split(r"\s+", body)
             if w and not re.fullmatch(r"\d+\.+|1-0|0-1|1/2-1/2|\*", w)]
    words = [re.sub(r"^\d+\.+", "", w) for w in words]
    moves = []
    for ply, w in enumerate(words, 1):
        cur = pyffish.get_fen("xiangqi", fen, moves)
        red = cur.split()[1] == "w"
        b = board(cur)
        try:
            spec = parse(w)
        except (KeyError, ValueError) as e:
            return ("error", ply, w, f"unreadable: {e}")
        legal = [u for u in pyffish.legal_moves("xiangqi", fen, moves)
                 if fits(spec, describe(b, red, u))]
        if len(legal) != 1:
            return ("error", ply, w, f"{len(legal)} legal moves fit")
        moves.append(legal[0])
    return ("ok", len(moves), pyffish.get_fen("xiangqi", fen, moves))


def main():
    for path in sys.argv[1:]:
        r = replay(path)
        name = path.rsplit("/", 1)[-1]
        if r[0] == "ok":
            print(f"{name}\t{r[1]}\t{' '.join(r[2].split()[:2])}")
        else:
            print(f"{name}\terror\t{r[1]}\t{r[2]}\t{r[3]}")


if __name__ == "__main__":
    main()
