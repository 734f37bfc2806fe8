#!/usr/bin/env python3
"""Self-check for xiangqi_adapter.py: the protocol, the answers xiangqi gets
right, and the known xiangqi bugs of harness/expectations/xiangqi.yaml (so a
release that changes them shows here first). Exit 0 = pass.

Usage: python3 harness/adapters/test_xiangqi_adapter.py
"""

import sys

from adapter_check import START, AdapterCheck

MATE_BLACK = "1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1"
PERP_CHECK_FEN = "3k5/8R/9/9/9/9/9/9/9/5K3 w - - 0 1"
PERP_CHECK = ["i8i9", "d9d8", "i9i8", "d8d9"]
ROOKS = "r2aka3/9/9/2p1p1pR1/9/9/P1P1P4/7R1/9/3AKA3 w - - 0 1"
PINNED_HORSE = "3k5/4r4/9/9/9/9/9/9/4N4/4K4 w - - 0 1"
LIMIT = "3k4r/9/9/9/9/9/9/9/9/R3K4 w - - 98 50"


def main():
    with AdapterCheck("xiangqi_adapter.py") as a:
        a.common_checks("xiangqi", ["legal-moves", "is-legal", "perft", "status",
                                    "convert", "ruling"])
        moves = a.result(START, "legal-moves")["moves"]
        a.check("start has 44 moves", len(moves) == 44, moves)
        a.check("side r", len(a.result(START.replace(" w ", " r "), "legal-moves")["moves"])
                == 44)
        a.check("pinned horse may not move", "e1c2" not in
                a.result(PINNED_HORSE, "legal-moves")["moves"])
        st = a.result(MATE_BLACK, "status")
        a.check("mate", st == {"in_check": True, "legal_moves": 0, "result": "1-0",
                               "reason": "checkmate"}, st)

        def convert(text, to, fen=START, moves=()):
            return a.result(fen, "convert", moves, move=text, to=to)

        a.check("writes traditional glyphs", convert("b0c2", "chinese") == {"move": "傌八进七"})
        a.check("black ASCII digits", convert("h9g7", "chinese", moves=["h2e2"])
                == {"move": "馬8进7"})
        a.check("reads simplified", convert("马八进七", "iccs") == {"move": "b0c2"})
        a.check("reads 車", convert("車九进一", "iccs") == {"move": "a0a1"})
        # Known bugs (expectations/xiangqi.yaml).
        a.check("bug: never writes 前/后", convert("h6g6", "chinese", fen=ROOKS)
                == {"move": "俥二平三"})
        a.check("bug: no 進", convert("車九進一", "iccs").get("rejected") == "syntax")
        a.check("bug: no piece reads as too many",
                convert("马五进三", "iccs").get("rejected") == "ambiguous")

        def ruling(fen, moves):
            return a.result(fen, "ruling", moves).get("result")

        a.check("twofold cycle: no ruling", ruling(PERP_CHECK_FEN, PERP_CHECK * 2) == "*")
        a.check("bug: perpetual check drawn after 13 plies",
                ruling(PERP_CHECK_FEN, PERP_CHECK * 3 + PERP_CHECK[:1]) == "1/2-1/2")
        a.check("bug: a move into check is played", ruling(PINNED_HORSE, ["e1c2"]) == "*")
        a.check("bug: move number read as the no-capture count",
                a.result(LIMIT, "ruling", ["a0a1"]) == {"result": "1/2-1/2",
                                                         "ended_at_ply": 1})
        a.check("mate ruling", ruling(MATE_BLACK, []) == "1-0")
        return a.finish()


if __name__ == "__main__":
    sys.exit(main())
