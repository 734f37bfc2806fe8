#!/usr/bin/env python3
"""Self-check for cchess_adapter.py: the protocol, the answers cchess gets
right, and the known cchess bugs of harness/expectations/cchess.yaml (so a
cchess release that changes them shows here first). Exit 0 = pass.

Usage: python3 harness/adapters/test_cchess_adapter.py
"""

import sys

from adapter_check import START, AdapterCheck

MATE_BLACK = "1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1"
STALEMATE = "4k4/R2P5/9/9/9/9/9/9/9/5K3 b - - 0 1"
TWO_FILE_PAWNS = "3k5/9/9/2P3P2/2P3P2/9/P8/9/9/4K4 w - - 0 1"


def main():
    with AdapterCheck("cchess_adapter.py") as a:
        a.common_checks("cchess", ["legal-moves", "is-legal", "perft", "status", "convert"])
        moves = a.result(START, "legal-moves")["moves"]
        a.check("start has 44 moves", len(moves) == 44 and "h2e2" in moves, moves)
        a.check("black replies", "h9g7" in a.result(START, "legal-moves", ["h2e2"])["moves"])
        a.check("is-legal", a.result(START, "is-legal", move="h2e2") == {"legal": True})
        a.check("is-legal refused", a.result(START, "is-legal", move="h2e3") == {"legal": False})
        a.check("perft 2", a.result(START, "perft", depth=2) == {"nodes": 1920})
        st = a.result(MATE_BLACK, "status")
        a.check("mate", st == {"in_check": True, "legal_moves": 0, "result": "1-0",
                               "reason": "checkmate"}, st)
        st = a.result(STALEMATE, "status")
        a.check("困毙", st == {"in_check": False, "legal_moves": 0, "result": "1-0",
                              "reason": "stalemate"}, st)

        def convert(text, to, fen=START, moves=()):
            return a.result(fen, "convert", moves, move=text, to=to)

        a.check("write", convert("h2e2", "chinese") == {"move": "炮二平五"})
        a.check("write black", convert("h9g7", "chinese", moves=["h2e2"])
                == {"move": "马８进７"})
        a.check("read", convert("车九进一", "iccs") == {"move": "a0a1"})
        a.check("read black ASCII digits", convert("马8进7", "iccs", moves=["h2e2"])
                == {"move": "h9g7"})
        a.check("illegal move", convert("a0a5", "chinese").get("rejected") == "illegal")
        a.check("WXF unsupported", "unsupported" in a.run(START, "convert", move="C2=5",
                                                           to="iccs"))
        # Known bugs (expectations/cchess.yaml).
        a.check("bug: no traditional glyphs",
                convert("車九進一", "iccs").get("rejected") == "no-such-piece")
        a.check("bug: 前 over the whole board", convert("前车进一", "iccs") == {"move": "i0i1"})
        a.check("bug: 中 over the whole board", convert("中兵进一", "iccs") == {"move": "c3c4"})
        a.check("bug: marker without the file",
                convert("c6c7", "chinese", fen=TWO_FILE_PAWNS) == {"move": "前兵进一"})
        return a.finish()


if __name__ == "__main__":
    sys.exit(main())
