#!/usr/bin/env python3
"""xiangqi adapter for the xiangqi conformance harness (JSON-lines protocol 1).

Wraps PyPI `xiangqi` (splendor-kill's reinforcement-learning environment:
`xiangqi.Env` and its `board.Board`). What it answers and why is in
README.md beside this file; the library's known failures, each explained,
are in harness/expectations/xiangqi.yaml.

The library's board has row 0 at Black's back rank, so ICCS rank r is row
9 - r; files are the same. Its ICCS helpers translate both ways.
"""

import copy
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import adapter_protocol as xa  # noqa: E402  (redirects fd 1 before xiangqi is imported)

import xiangqi  # noqa: E402,F401  (puts the package's own modules on sys.path)
from board import (parse_action, parse_action_iccs, to_chinese_action,  # noqa: E402
                   to_iccs_action)
from constants import Camp  # noqa: E402
from env import Env  # noqa: E402


class State:
    """The library's board and the side to move (its Board has no turn)."""

    def __init__(self, board, camp):
        self.board = board
        self.camp = camp


class Xiangqi(xa.Implementation):
    name = "xiangqi"
    version = xa.package_version("xiangqi")
    # One legal-move list costs ~60 ms: perft 2 from the start ~2.7 s.
    max_perft_depth = 2
    time_scale = 4
    conventions = {
        "chinese": "writes the traditional glyphs 帥仕相傌俥炮兵 (Red) and 將士象馬車砲卒 "
                   "(Black) with simplified 进/退/平, Chinese numerals for Red and ASCII "
                   "digits for Black, and always the file: never 前/中/后 (its writer "
                   "is marked TODO). Reads either script and both digit forms, "
                   "前/中/后 and 二…五.",
        "wxf": "none (xiangqi neither reads nor writes WXF)",
    }

    @staticmethod
    def env(fen):
        # Env.from_fen is the library's own FEN reader; it wants the side as
        # r/b and both castling fields, and it ignores the halfmove clock.
        text = "%s %s - - %d %d" % (fen.placement(), "r" if fen.red else "b",
                                    fen.halfmove, fen.fullmove)
        try:
            return Env.from_fen(text)
        except (AssertionError, ValueError, KeyError) as e:
            raise xa.RequestError("xiangqi refuses the FEN %r (%s)" % (text, e))

    def setup(self, fen):
        env = self.env(fen)
        return State(env.board, env.cur_player)

    def legal(self, s):
        return [to_iccs_action(a) for a in s.board.get_final_valid_actions(s.camp)]

    def play(self, s, move):
        board = copy.deepcopy(s.board)
        piece, dst = parse_action_iccs(move, board)
        board.make_move(piece, dst)
        return State(board, s.camp.opponent())

    def red_to_move(self, s):
        return s.camp == Camp.RED

    def in_check(self, s):
        return s.board.test_check(s.camp.opponent())

    def convert(self, s, text, to):
        given = xa.notation_of(text)
        if given == "wxf" or to == "wxf":
            raise xa.Unsupported("xiangqi has no WXF notation")
        legal = self.legal(s)
        if given == "iccs":
            mv = "".join(text.split()).replace("-", "").lower()
        else:
            board = copy.deepcopy(s.board)
            try:
                piece, dst = parse_action(text, s.camp, board)
            except ValueError as e:
                msg = str(e)
                if "undistinguishable" in msg or "too many" in msg:
                    return {"rejected": "ambiguous", "detail": msg}
                if "not found" in msg:
                    return {"rejected": "no-such-piece", "detail": msg}
                return {"rejected": "syntax", "detail": msg}
            except (AssertionError, KeyError, IndexError, TypeError) as e:
                # parse_action checks the text's shape with assertions.
                return {"rejected": "syntax", "detail": "%s %s" % (type(e).__name__, e)}
            mv = to_iccs_action({"piece": piece, "dst": dst})
        if mv not in legal:
            return {"rejected": "illegal"}
        if to == "iccs":
            return {"move": mv}
        board = copy.deepcopy(s.board)
        piece, dst = parse_action_iccs(mv, board)
        # Piece.__str__ colours the glyph for a terminal; the text is what
        # is left without the escape codes.
        return {"move": xa.ANSI_RE.sub("", to_chinese_action(piece, dst))}

    def ruling(self, fen, moves, _edition):
        """The library's game loop (Env.step) on the record: it ends a game on
        a capture of the king, no way out for the opponent, its draw tests
        (the last 12 positions repeating with period 4, 60 plies without a
        capture, 160 plies, bare material) or a move it refuses."""
        if not isinstance(moves, list):
            raise xa.RequestError("moves must be a list")
        env = self.env(fen)
        if not moves and not env.get_valid_actions():
            # step() asks this after every move; a record of no move asks it
            # of the start.
            return {"result": "0-1" if env.cur_player == Camp.RED else "1-0"}
        # As Env.from_fen does with its `moves`: step() each one, no reset()
        # (which would also forget the FEN's move number).
        for i, mv in enumerate(moves):
            xa.iccs_squares(mv)
            _, _, done, _ = env.step(mv)
            if done:
                if env.winner is None:
                    result = "1/2-1/2"
                else:
                    result = "1-0" if env.winner == Camp.RED else "0-1"
                return {"result": result, "ended_at_ply": i + 1}
        return {"result": "*"}


if __name__ == "__main__":
    sys.exit(xa.serve(Xiangqi()))
