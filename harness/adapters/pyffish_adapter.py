#!/usr/bin/env python3
"""pyffish adapter for the xiangqi conformance harness (JSON-lines protocol 1).

Reads one JSON request per line on stdin and writes exactly one JSON reply per
request line on stdout. Logs go to stderr. See README.md beside this file.

Square conventions: the protocol uses ICCS (files a-i, ranks 0-9 from Red's
side); pyffish/Fairy-Stockfish uses the same files but ranks 1-10, so
ICCS `h2e2` is pyffish `h3e3` and ICCS `b9` is pyffish `b10`.
"""

import json
import os
import re
import sys

# Keep the real stdout for protocol replies only, and point file descriptor 1
# at stderr, so that nothing else (a stray print, or the C++ engine inside
# pyffish writing to fd 1) can ever corrupt the JSON-lines stream.
_OUT = os.fdopen(os.dup(1), "w", encoding="utf-8")
os.dup2(2, 1)
sys.stdout = sys.stderr

import pyffish  # noqa: E402  (imported after the redirect on purpose)

VARIANT = "xiangqi"
PROTOCOL = 1
# Move generation is the same in every edition; only the repetition ruling
# differs, and pyffish approximates the Asian (AXF/WXF) rules only.
EDITIONS = ["axf-2017", "wxf-2018", "cxa-2020", "cxa-1999"]
RULING_EDITIONS = {"axf-2017", "wxf-2018"}
QUESTIONS = ["legal-moves", "is-legal", "status", "perft", "ruling"]
MAX_PERFT_DEPTH = 3  # each pyffish.legal_moves call costs ~1.5 ms
# Free text for reports (never graded).
CONVENTIONS = {
    "squares": "pyffish ranks 1-10, translated to and from ICCS 0-9",
    "rulings": "AXF/WXF editions only, from is_optional_game_end (third occurrence)",
}

ICCS_RE = re.compile(r"^([a-i])([0-9])([a-i])([0-9])$")
FSF_RE = re.compile(r"^([a-i])(10|[1-9])([a-i])(10|[1-9])$")


class RequestError(Exception):
    """The request itself is wrong: becomes an `error` reply."""


class Unsupported(Exception):
    """The adapter cannot answer this: becomes an `unsupported` reply."""


def log(msg):
    print("pyffish_adapter: " + msg, file=sys.stderr, flush=True)


def send(obj):
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    _OUT.write(text + "\n")
    _OUT.flush()


def adapter_version():
    try:
        from importlib.metadata import version

        return version("pyffish")
    except Exception:  # metadata missing: fall back to the module's tuple
        return ".".join(str(x) for x in pyffish.version())


# --- notation -------------------------------------------------------------


def iccs_to_fsf(move):
    m = ICCS_RE.match(move) if isinstance(move, str) else None
    if not m:
        raise RequestError("not an ICCS move: %r" % (move,))
    f1, r1, f2, r2 = m.groups()
    return "%s%d%s%d" % (f1, int(r1) + 1, f2, int(r2) + 1)


def fsf_to_iccs(move):
    m = FSF_RE.match(move)
    if not m:  # pyffish only emits plain moves for xiangqi; fail loudly if not
        raise RuntimeError("unexpected pyffish move %r" % (move,))
    f1, r1, f2, r2 = m.groups()
    return "%s%d%s%d" % (f1, int(r1) - 1, f2, int(r2) - 1)


def normalise_fen(fen):
    """Check the FEN with pyffish and return the form pyffish accepts."""
    if not isinstance(fen, str) or not fen.strip():
        raise RequestError("missing or empty fen")
    fields = fen.split()
    # Some xiangqi FENs write `r` for Red to move; pyffish only knows w/b.
    if len(fields) > 1 and fields[1] == "r":
        fields[1] = "w"
    fen = " ".join(fields)
    code = pyffish.validate_fen(fen, VARIANT)
    if code != pyffish.FEN_OK:
        raise RequestError("invalid FEN (pyffish validate_fen code %d)" % code)
    return fen


def replay(fen, moves, record=False):
    """Check every history move is legal; return them in pyffish squares.

    A ruling's moves are a game record whose last move may break the rules
    (spec/PROTOCOL.md); pyffish cannot rule on such a move, so that is
    `unsupported` rather than an error.

    pyffish raises an opaque SystemError on an illegal history move, so each
    move is checked against the legal moves of the position before it.
    Stepping FEN by FEN keeps this linear; the final questions are still asked
    with the full move list so pyffish sees the repetition history.
    """
    if not isinstance(moves, list):
        raise RequestError("moves must be a list")
    out = []
    cur = fen
    for i, mv in enumerate(moves):
        fsf = iccs_to_fsf(mv)
        if fsf not in pyffish.legal_moves(VARIANT, cur, []):
            if record and i + 1 == len(moves):
                raise Unsupported("pyffish does not rule on an illegal move "
                                  "in a record (move %d, %s)" % (i + 1, mv))
            raise RequestError("history move %d (%s) is illegal" % (i + 1, mv))
        cur = pyffish.get_fen(VARIANT, cur, [fsf])
        out.append(fsf)
    return out


def side_to_move(fen, moves):
    return pyffish.get_fen(VARIANT, fen, moves).split()[1]


def value_to_result(value, side):
    """pyffish values are from the side to move's point of view."""
    if value == 0:
        return "1/2-1/2"
    side_wins = value > 0
    red_wins = side_wins == (side == "w")
    return "1-0" if red_wins else "0-1"


# --- questions ------------------------------------------------------------


def ask_legal_moves(fen, moves, _q):
    ms = pyffish.legal_moves(VARIANT, fen, moves)
    return {"moves": sorted(fsf_to_iccs(m) for m in ms)}


def ask_is_legal(fen, moves, q):
    mv = iccs_to_fsf(q.get("move"))
    return {"legal": mv in pyffish.legal_moves(VARIANT, fen, moves)}


def ask_status(fen, moves, _q):
    ms = pyffish.legal_moves(VARIANT, fen, moves)
    # gives_check(fen, moves): is the side to move in check after `moves`.
    in_check = bool(pyffish.gives_check(VARIANT, fen, moves))
    result, reason = "*", None
    if not ms:
        # game_result is only meaningful when there is no legal move; for
        # xiangqi it is -VALUE_MATE (side to move loses) both when in check
        # and when stalemated.
        value = pyffish.game_result(VARIANT, fen, moves)
        result = value_to_result(value, side_to_move(fen, moves))
        reason = "checkmate" if in_check else "stalemate"
    return {"in_check": in_check, "legal_moves": len(ms),
            "result": result, "reason": reason}


def perft(fen, moves, depth):
    if depth == 0:
        return 1
    ms = pyffish.legal_moves(VARIANT, fen, moves)
    if depth == 1:
        return len(ms)
    return sum(perft(fen, moves + [m], depth - 1) for m in ms)


def ask_perft(fen, moves, q):
    depth = q.get("depth")
    if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
        raise RequestError("perft depth must be a non-negative integer")
    if depth > MAX_PERFT_DEPTH:
        raise Unsupported("perft deeper than %d is too slow through pyffish"
                          % MAX_PERFT_DEPTH)
    return {"nodes": perft(fen, moves, depth)}


def ask_convert(_fen, _moves, _q):
    raise Unsupported(
        "pyffish only renders its own SAN/WXF from engine moves (it cannot "
        "parse WXF or Chinese text, has no Chinese output, and its WXF "
        "conventions for same-file pieces need not match the spec)")


def ask_ruling(fen, moves, _q):
    """pyffish's adjudication of the final position, checked in this order:

    1. is_immediate_game_end -> (bool, value): variant-specific game ends;
       none apply to xiangqi, kept for completeness.
    2. no legal move -> game_result: -VALUE_MATE, side to move loses.
    3. is_optional_game_end -> (bool, value): looks back through the move
       list for an earlier occurrence of the final position. Behaviour found
       by experiment (pyffish 0.0.90, Fairy-Stockfish 230826):
         * it fires only when the final position occurs for the 3rd time
           (two earlier occurrences within the moves; the FEN alone has no
           history);
         * plain repetition -> value 0 (draw);
         * perpetual check or perpetual chase by one side -> that side loses:
           value is -32000 when the side to move made the perpetual attack,
           +32000 when its opponent did (so Red's perpetual check gives 0-1
           whichever side is to move);
         * it also reports a draw once the halfmove clock reaches 100 plies
           without capture (the FEN's clock counts).
       The value of the pair is only meaningful when the bool is true.
    4. otherwise "*".
    Earlier repetitions that the game has since left are not judged.
    """
    ended, value = pyffish.is_immediate_game_end(VARIANT, fen, moves)
    if not ended:
        if not pyffish.legal_moves(VARIANT, fen, moves):
            ended, value = True, pyffish.game_result(VARIANT, fen, moves)
        else:
            ended, value = pyffish.is_optional_game_end(VARIANT, fen, moves)
    if not ended:
        return {"result": "*"}
    return {"result": value_to_result(value, side_to_move(fen, moves))}


ASKS = {
    "legal-moves": ask_legal_moves,
    "is-legal": ask_is_legal,
    "status": ask_status,
    "perft": ask_perft,
    "convert": ask_convert,
    "ruling": ask_ruling,
}


def answer_run(req):
    edition = req.get("edition")
    if edition not in EDITIONS:
        raise Unsupported("edition %r not supported" % (edition,))
    q = req.get("question")
    if not isinstance(q, dict) or not isinstance(q.get("ask"), str):
        raise RequestError("missing question or question.ask")
    handler = ASKS.get(q["ask"])
    if handler is None:
        raise Unsupported("unknown question %r" % q["ask"])
    if q["ask"] == "ruling" and edition not in RULING_EDITIONS:
        raise Unsupported("pyffish approximates only the Asian (AXF/WXF) "
                          "repetition rules, not %s" % edition)
    fen = normalise_fen(req.get("fen"))
    moves = replay(fen, req.get("moves", []), record=q["ask"] == "ruling")
    return handler(fen, moves, q)


def handle_line(line):
    """Return the reply for one input line, or None for a stop request."""
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
        # spec/PROTOCOL.md shows this handshake as its example (a test
        # holds the two together).
        return {"type": "started", "name": "pyffish",
                "version": adapter_version(), "questions": QUESTIONS,
                "editions": EDITIONS, "protocol": PROTOCOL,
                "limits": {"max_perft_depth": MAX_PERFT_DEPTH, "time_scale": 1},
                "conventions": CONVENTIONS}
    if kind != "run":
        return {"seq": seq, "error": "unknown request type %r" % (kind,)}
    try:
        return {"seq": seq, "result": answer_run(req)}
    except Unsupported as e:
        return {"seq": seq, "unsupported": str(e)}
    except RequestError as e:
        return {"seq": seq, "error": str(e)}
    except Exception as e:  # any failure is this case's error, never a crash
        log("case %r: %s: %s" % (req.get("id"), type(e).__name__, e))
        return {"seq": seq, "error": "%s: %s" % (type(e).__name__, e)}


def main():
    log("ready (%s)" % pyffish.info())
    for line in sys.stdin:
        if not line.strip():
            continue
        reply = handle_line(line)
        if reply is None:
            return 0
        send(reply)
    return 0


if __name__ == "__main__":
    sys.exit(main())
