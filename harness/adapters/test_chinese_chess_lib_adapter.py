#!/usr/bin/env python3
"""Self-check for chinese_chess_lib_adapter.py: the protocol, the answers the
library gets right, and its known bug (harness/expectations/
chinese-chess-lib.yaml), so a release that fixes it shows here first.
Exit 0 = pass.

Usage: python3 harness/adapters/test_chinese_chess_lib_adapter.py
"""

import sys

from adapter_check import START, AdapterCheck

MATE_BLACK = "1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1"
MATE_RED = "3k5/9/9/9/9/9/9/9/r8/1r2K4 w - - 0 1"
OPEN_FILE = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1"


def main():
    with AdapterCheck("chinese_chess_lib_adapter.py") as a:
        a.common_checks("chinese-chess-lib", ["legal-moves", "is-legal", "perft", "status"])
        moves = a.result(START, "legal-moves")["moves"]
        a.check("start has 44 moves", len(moves) == 44 and "b2b9" in moves, moves)
        a.check("black replies", "b7b0" in a.result(START, "legal-moves", ["h2e2"])["moves"])
        a.check("perft 2", a.result(START, "perft", depth=2) == {"nodes": 1920})
        a.check("perft 3", a.result(START, "perft", depth=3) == {"nodes": 79666})
        for fen, result in ((MATE_BLACK, "1-0"), (MATE_RED, "0-1")):
            st = a.result(fen, "status")
            a.check("mate " + result, st == {"in_check": True, "legal_moves": 0,
                                             "result": result, "reason": "checkmate"}, st)
        a.check("convert not declared", "unsupported" in a.run(START, "convert",
                                                                move="h2e2", to="wxf"))
        # Known bug (expectations/chinese-chess-lib.yaml): facing kings.
        a.check("bug: king steps onto the open file",
                a.result(OPEN_FILE, "legal-moves")["moves"] == ["d0d1", "d0e0"])
        return a.finish()


if __name__ == "__main__":
    sys.exit(main())
