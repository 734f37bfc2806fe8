#!/usr/bin/env python3
"""Self-check for nonebot_cchess_adapter.py: the protocol, the answers the
library gets right, and its known bugs of
harness/expectations/nonebot-cchess.yaml (so a release that changes them
shows here first). Exit 0 = pass.

Usage: python3 harness/adapters/test_nonebot_cchess_adapter.py
"""

import sys

from adapter_check import START, AdapterCheck

MATE_BLACK = "1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1"
# 困毙 with the red pawn c8 guarding d8 (the pawn bug's position).
PAWN_STALEMATE = "3k5/2P6/9/9/9/9/9/9/9/4K4 b - - 0 1"
TWO_ROOKS = "r2aka3/9/9/2p1p1pR1/9/9/P1P1P4/7R1/9/3AKA3 w - - 0 1"


def main():
    with AdapterCheck("nonebot_cchess_adapter.py") as a:
        a.common_checks("nonebot-plugin-cchess",
                        ["legal-moves", "is-legal", "perft", "status", "convert"])
        moves = a.result(START, "legal-moves")["moves"]
        a.check("start has 44 moves", len(moves) == 44 and "h2e2" in moves, moves)
        a.check("black replies", "h9g7" in a.result(START, "legal-moves", ["h2e2"])["moves"])
        a.check("is-legal", a.result(START, "is-legal", move="h2e2") == {"legal": True})
        a.check("is-legal refused", a.result(START, "is-legal", move="h2e3") == {"legal": False})
        a.check("perft 2", a.result(START, "perft", depth=2) == {"nodes": 1920})
        st = a.result(MATE_BLACK, "status")
        a.check("mate", st == {"in_check": True, "legal_moves": 0, "result": "1-0",
                               "reason": "checkmate"}, st)

        def convert(text, to, fen=START, moves=()):
            return a.result(fen, "convert", moves, move=text, to=to)

        a.check("write", convert("h2e2", "chinese") == {"move": "炮二平五"})
        a.check("write black", convert("h9g7", "chinese", moves=["h2e2"]) == {"move": "马8进7"})
        a.check("read", convert("车九进一", "iccs") == {"move": "a0a1"})
        a.check("read black ASCII digits", convert("马8进7", "iccs", moves=["h2e2"])
                == {"move": "h9g7"})
        a.check("illegal move", convert("a0a5", "chinese").get("rejected") == "illegal")
        a.check("WXF unsupported", "unsupported" in a.run(START, "convert", move="C2=5",
                                                           to="iccs"))
        # Known bugs (expectations/nonebot-cchess.yaml).
        a.check("bug: the other side's pawns move the mover's way",
                a.result(PAWN_STALEMATE, "legal-moves")["moves"] == ["d9d8"])
        a.check("bug: no full-width digits for Black",
                convert("马８进７", "iccs", moves=["h2e2"]).get("rejected") == "syntax")
        a.check("bug: no traditional 進",
                convert("車九進一", "iccs").get("rejected") == "syntax")
        a.check("bug: the first piece of the file, never ambiguous",
                convert("车二进一", "iccs", fen=TWO_ROOKS) == {"move": "h6h7"})
        return a.finish()


if __name__ == "__main__":
    sys.exit(main())
