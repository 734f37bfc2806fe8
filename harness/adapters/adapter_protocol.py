"""Shared plumbing for the Python adapters of spec/PROTOCOL.md (protocol 1).

Import this module **before** the library under test: importing it points
file descriptor 1 at stderr and keeps a private duplicate of the real stdout
for protocol replies, so nothing the library prints (pygame's banner, a
debugging print, C code writing to fd 1) can corrupt the JSON-lines stream.

An adapter describes its library with an `Implementation` subclass: how to
build the library's position from a FEN, the library's legal moves (ICCS),
how to play one, and whatever else it can answer. `serve()` runs the
protocol loop: one reply per request line, never an exit on a bad request,
`error` with a reason for a bad request, `unsupported` for what the library
cannot answer.
"""

import json
import os
import re
import sys
import time

_OUT = os.fdopen(os.dup(1), "w", encoding="utf-8")
os.dup2(2, 1)
sys.stdout = sys.stderr

PROTOCOL = 1
# Move rules are the same in every edition; an adapter that rules on games
# narrows this per question.
ALL_EDITIONS = ["cxa-2020", "cxa-1999", "axf-2017", "wxf-2018"]

ICCS_RE = re.compile(r"^([a-i])([0-9])([a-i])([0-9])$")
ANSI_RE = re.compile(r"\x1b\[[0-9;]*m")


class RequestError(Exception):
    """The request is wrong, or the library refuses its data: an `error` reply."""


class Unsupported(Exception):
    """The library cannot answer this: an `unsupported` reply (case skipped)."""


def log(name, msg):
    print("%s_adapter: %s" % (name, msg), file=sys.stderr, flush=True)


def send(obj):
    _OUT.write(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n")
    _OUT.flush()


def package_version(dist, fallback="unknown"):
    try:
        from importlib.metadata import version

        return version(dist)
    except Exception:  # metadata missing: say so rather than guess
        return fallback


# --- FEN and squares --------------------------------------------------------

PIECE_LETTERS = set("kabnrcpKABNRCP")
# Some FENs write the elephant `e` and the horse `h` (spec/CASES.md).
LETTER_ALIASES = {"e": "b", "h": "n", "E": "B", "H": "N"}


class Fen:
    """A parsed FEN: `board` maps (file 0-8 from a, rank 0-9 from Red's side)
    to a FEN letter (Red upper case); `red` is whether Red is to move."""

    def __init__(self, board, red, halfmove, fullmove):
        self.board = board
        self.red = red
        self.halfmove = halfmove
        self.fullmove = fullmove

    def placement(self):
        rows = []
        for rank in range(9, -1, -1):
            row, empty = "", 0
            for f in range(9):
                ch = self.board.get((f, rank))
                if ch is None:
                    empty += 1
                    continue
                if empty:
                    row += str(empty)
                    empty = 0
                row += ch
            rows.append(row + (str(empty) if empty else ""))
        return "/".join(rows)


def parse_fen(fen):
    """Reads the FEN the harness sends; `RequestError` says what is wrong."""
    if not isinstance(fen, str) or not fen.strip():
        raise RequestError("missing or empty fen")
    fields = fen.split()
    rows = fields[0].split("/")
    if len(rows) != 10:
        raise RequestError("FEN placement has %d ranks, not 10" % len(rows))
    board = {}
    for i, row in enumerate(rows):
        rank, f = 9 - i, 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                ch = LETTER_ALIASES.get(ch, ch)
                if ch not in PIECE_LETTERS:
                    raise RequestError("FEN: bad piece letter %r" % ch)
                if f > 8:
                    raise RequestError("FEN rank %d is longer than 9 files" % rank)
                board[(f, rank)] = ch
                f += 1
        if f != 9:
            raise RequestError("FEN rank %d has %d files, not 9" % (rank, f))
    side = fields[1] if len(fields) > 1 else "w"
    if side not in ("w", "r", "b"):
        raise RequestError("FEN: side to move %r is not w, r or b" % side)

    def number(i, default):
        if len(fields) <= i:
            return default
        try:
            return int(fields[i])
        except ValueError:
            raise RequestError("FEN field %d is not a number: %r" % (i + 1, fields[i]))

    return Fen(board, side != "b", number(4, 0), number(5, 1))


def iccs_squares(move):
    """`h2e2` -> ((7, 2), (4, 2)): (file, rank) pairs."""
    m = ICCS_RE.match(move) if isinstance(move, str) else None
    if not m:
        raise RequestError("not an ICCS move: %r" % (move,))
    f1, r1, f2, r2 = m.groups()
    return (ord(f1) - 97, int(r1)), (ord(f2) - 97, int(r2))


def iccs(frm, to):
    return "%s%d%s%d" % (chr(97 + frm[0]), frm[1], chr(97 + to[0]), to[1])


def notation_of(text):
    """Which notation a `convert` text is in, as far as the characters say:
    ICCS (`h2e2`, `h2-e2`), WXF (other ASCII, or its full-width forms) or
    Chinese (anything else)."""
    t = "".join(text.split())
    ascii_t = "".join(chr(ord(c) - 0xFEE0) if "\uff01" <= c <= "\uff5e" else c for c in t)
    if ascii_t.isascii():
        if re.match(r"^[a-iA-I][0-9]-?[a-iA-I][0-9]$", ascii_t):
            return "iccs"
        return "wxf"
    return "chinese"


# --- the implementation interface ------------------------------------------


class Implementation:
    """What an adapter knows about its library. Subclasses override what the
    library can do; a question whose method is not overridden is not declared."""

    name = "?"
    version = "?"
    # Handshake extras (spec/PROTOCOL.md "limits" and "conventions").
    max_perft_depth = 2
    time_scale = 1
    conventions = {}
    editions = ALL_EDITIONS

    # Positions: `setup` builds the library's position from a Fen; `legal`
    # lists the library's legal moves in ICCS; `play` returns the position
    # after one of them (a new object, or the same one changed).
    def setup(self, fen):
        raise NotImplementedError

    def legal(self, state):
        raise NotImplementedError

    def play(self, state, move):
        raise NotImplementedError

    def red_to_move(self, state):
        raise NotImplementedError

    # Optional questions.
    def in_check(self, state):
        """Whether the side to move is in check, per the library."""
        raise NotImplementedError

    def game_over(self, state, moves):
        """`(result, reason)` when the library says the side to move has lost,
        or None; default: no legal move loses (`reason` from `in_check`)."""
        return None

    def convert(self, state, text, to):
        raise NotImplementedError

    def ruling(self, fen, moves, edition):
        raise NotImplementedError

    def questions(self):
        qs = ["legal-moves", "is-legal", "perft"]
        cls = type(self)
        if cls.in_check is not Implementation.in_check:
            qs.append("status")
        if cls.convert is not Implementation.convert:
            qs.append("convert")
        if cls.ruling is not Implementation.ruling:
            qs.append("ruling")
        return qs

    def started(self):
        return {
            "type": "started",
            "name": self.name,
            "version": self.version,
            "questions": self.questions(),
            "editions": self.editions,
            "limits": {"max_perft_depth": self.max_perft_depth,
                       "time_scale": self.time_scale},
            "conventions": self.conventions,
        }


# --- questions answered the same way for every library ---------------------


def replay(impl, fen, moves):
    """The library's position after the history, each move checked against
    the library's own legal moves first (the harness sends only legal moves,
    so a refusal is the library's disagreement, reported as an error)."""
    if not isinstance(moves, list):
        raise RequestError("moves must be a list")
    state = impl.setup(fen)
    for i, mv in enumerate(moves):
        iccs_squares(mv)
        if mv not in impl.legal(state):
            raise RequestError("%s does not list history move %d (%s) as legal"
                               % (impl.name, i + 1, mv))
        state = impl.play(state, mv)
    return state


def perft(impl, state, depth, deadline):
    if depth == 0:
        return 1
    ms = impl.legal(state)
    if depth == 1:
        return len(ms)
    if time.monotonic() > deadline:
        raise RequestError("perft gave up after its time budget")
    return sum(perft(impl, impl.play(state, m), depth - 1, deadline) for m in ms)


def answer(impl, req):
    edition = req.get("edition")
    q = req.get("question")
    if not isinstance(q, dict) or not isinstance(q.get("ask"), str):
        raise RequestError("missing question or question.ask")
    ask = q["ask"]
    if ask not in impl.questions():
        raise Unsupported("%s does not answer %r" % (impl.name, ask))
    if edition not in impl.editions:
        raise Unsupported("edition %r not supported" % (edition,))
    fen = parse_fen(req.get("fen"))
    moves = req.get("moves", [])
    if ask == "ruling":
        return impl.ruling(fen, moves, edition)
    state = replay(impl, fen, moves)
    if ask == "legal-moves":
        return {"moves": sorted(set(impl.legal(state)))}
    if ask == "is-legal":
        mv = q.get("move")
        iccs_squares(mv)
        return {"legal": mv in impl.legal(state)}
    if ask == "perft":
        depth = q.get("depth")
        if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
            raise RequestError("perft depth must be a non-negative integer")
        if depth > impl.max_perft_depth:
            raise Unsupported("perft deeper than %d is too slow through %s"
                              % (impl.max_perft_depth, impl.name))
        # Bounded: a runaway count is an error, not a hang.
        return {"nodes": perft(impl, state, depth, time.monotonic() + 120)}
    if ask == "status":
        ms = impl.legal(state)
        check = bool(impl.in_check(state))
        out = {"in_check": check, "legal_moves": len(ms), "result": "*", "reason": None}
        over = impl.game_over(state, ms)
        if over is not None:
            out["result"], out["reason"] = over
        elif not ms:
            red_to_move = impl.red_to_move(state)
            out["result"] = "0-1" if red_to_move else "1-0"
            out["reason"] = "checkmate" if check else "stalemate"
        return out
    if ask == "convert":
        text, to = q.get("move"), q.get("to")
        if not isinstance(text, str) or to not in ("iccs", "wxf", "chinese"):
            raise RequestError("convert needs a move text and to: iccs, wxf or chinese")
        return impl.convert(state, text, to)
    raise Unsupported("unknown question %r" % ask)


def handle_line(impl, line):
    """The reply to one input line, or None for a stop request."""
    try:
        req = json.loads(line)
    except ValueError as e:
        return {"seq": None, "error": "malformed JSON: %s" % e}
    if not isinstance(req, dict):
        return {"seq": None, "error": "request is not a JSON object"}
    seq = req.get("seq")
    kind = req.get("type")
    if kind == "stop":
        return None
    if kind == "start":
        if req.get("protocol") != PROTOCOL:
            return {"seq": seq, "error": "unsupported protocol %r (want %d)"
                    % (req.get("protocol"), PROTOCOL)}
        return impl.started()
    if kind != "run":
        return {"seq": seq, "error": "unknown request type %r" % (kind,)}
    try:
        return {"seq": seq, "result": answer(impl, req)}
    except Unsupported as e:
        return {"seq": seq, "unsupported": str(e)}
    except RequestError as e:
        return {"seq": seq, "error": str(e)}
    except RecursionError:
        return {"seq": seq, "error": "RecursionError inside %s" % impl.name}
    except Exception as e:  # the library failed on this case: its error, never a crash
        log(impl.name, "case %r: %s: %s" % (req.get("id"), type(e).__name__, e))
        return {"seq": seq, "error": "%s raised %s: %s" % (impl.name, type(e).__name__, e)}


def serve(impl):
    log(impl.name, "ready (%s %s)" % (impl.name, impl.version))
    for line in sys.stdin:
        if not line.strip():
            continue
        reply = handle_line(impl, line)
        if reply is None:
            return 0
        send(reply)
    return 0
