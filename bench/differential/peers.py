"""The two implementations the differential compares: the oracle through
`xq serve` (the suite protocol, spec/PROTOCOL.md) and Fairy-Stockfish
through pyffish — both as bench/scoreboard.py already calls them."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import scoreboard  # noqa: E402

pyffish = scoreboard.pyffish


class Oracle(scoreboard.Oracle):
    """`xq serve`, with what the generator asks most: legal moves, cached
    by position."""

    def __init__(self, xq):
        super().__init__(xq)
        self._legal = {}

    def legal_moves(self, fen):
        """The legal moves (ICCS) of the position, or None when the oracle
        refuses the position (say, the side not to move is in check)."""
        key = " ".join(fen.split()[:2])
        if key not in self._legal:
            reply, _ = self.ask("axf-2017", fen, [], {"ask": "legal-moves"}, relaxed=True)
            self._legal[key] = None if "error" in reply else reply["result"]["moves"]
            if len(self._legal) > 200_000:
                self._legal.clear()
        return self._legal[key]

    def ruling(self, fen, moves, edition="axf-2017"):
        reply, _ = self.ask(edition, fen, moves, {"ask": "ruling"}, relaxed=True)
        if "error" in reply:
            return {"result": "error", "error": reply["error"]}
        return reply["result"]


def fsf_result(fen, moves):
    """Fairy-Stockfish's verdict on the final position: '1-0', '0-1',
    '1/2-1/2', or '*' when it sees nothing to adjudicate.
    `is_optional_game_end` judges a position standing for the third time
    with its Asian chasing rules (perpetual check and perpetual chase
    lose)."""
    return scoreboard.pyffish_result(fen, moves)
