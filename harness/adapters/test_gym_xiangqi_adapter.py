#!/usr/bin/env python3
"""Self-check for gym_xiangqi_adapter.py: the protocol, the answers the
environment gets right, and its known bugs (harness/expectations/
gym-xiangqi.yaml), so a release that changes them shows here first.
Exit 0 = pass.

Usage: python3 harness/adapters/test_gym_xiangqi_adapter.py
"""

import sys

from adapter_check import START, AdapterCheck

# Black king d9 checked by the rook d0; d9e9 would face the Red king e0.
CHECKED = "3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1"
PERP_CHECK_FEN = "3k5/8R/9/9/9/9/9/9/9/5K3 w - - 0 1"
PERP_CHECK = ["i8i9", "d9d8", "i9i8", "d8d9"]
THREE_ROOKS = "3k5/9/9/9/9/9/9/R8/R8/R3K4 w - - 0 1"


def main():
    with AdapterCheck("gym_xiangqi_adapter.py") as a:
        a.common_checks("gym-xiangqi", ["legal-moves", "is-legal", "perft", "status", "ruling"])
        moves = a.result(START, "legal-moves")["moves"]
        a.check("start has 44 moves", len(moves) == 44 and "h2e2" in moves, moves)
        a.check("black replies", "h9g7" in a.result(START, "legal-moves", ["h2e2"])["moves"])
        a.check("facing kings excluded", "d9e9" not in a.result(CHECKED, "legal-moves")["moves"])
        st = a.result(CHECKED, "status")
        a.check("in check", st.get("in_check") is True, st)
        a.check("more pieces than slots", "unsupported" in a.run(THREE_ROOKS, "legal-moves"))
        # Known bug (expectations/gym-xiangqi.yaml): moves into attack.
        a.check("bug: the checked king stays in check",
                a.result(CHECKED, "legal-moves")["moves"] == ["d9d8"])
        a.check("bug: perft 2", a.result(START, "perft", depth=2) == {"nodes": 1926})
        # Its one game rule: the 4th repetition of a checking move loses.
        r = a.result(PERP_CHECK_FEN, "ruling", PERP_CHECK * 2)
        a.check("twofold cycle: no ruling", r == {"result": "*"}, r)
        r = a.result(PERP_CHECK_FEN, "ruling", PERP_CHECK * 4)
        a.check("perpetual check loses", r.get("result") == "0-1", r)
        return a.finish()


if __name__ == "__main__":
    sys.exit(main())
