#!/usr/bin/env python3
"""chinese-chess-lib adapter for the xiangqi conformance harness (protocol 1).

Wraps PyPI `chinese-chess-lib` (a C++ move generator behind pybind11:
`get_legal_moves`, `warn`, `dead` and the `Chess` piece record). What it
answers and why is in README.md beside this file; the library's known
failures, each explained, are in harness/expectations/chinese-chess-lib.yaml.

The library's board is a 10 x 9 list of rows of `Chess` (or None), row 0 at
Black's back rank, so ICCS rank r is row 9 - r. A piece's `name` is a
pinyin letter, upper case for Red (PieceNameMap.md of its sources): j 将,
s 士, x 象, m 马, c 车, p 炮, b 卒; `color` is "#FF0000" (Red) or
"#000000" (Black). Moves come back as (capture, dx, dy).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import adapter_protocol as xa  # noqa: E402  (redirects fd 1 before the library loads)

import chinese_chess_lib as ccl  # noqa: E402

RED, BLACK = "#FF0000", "#000000"
NAMES = {"k": "j", "a": "s", "b": "x", "n": "m", "r": "c", "c": "p", "p": "b"}


class State:
    """FEN-letter board {(file, rank): letter} and the side to move; the
    library's board is built from it for each call (its calls move pieces
    about and put them back, so a shared board is not kept)."""

    def __init__(self, board, red):
        self.board = board
        self.red = red

    def library_board(self):
        rows = [[None] * 9 for _ in range(10)]
        for (f, r), letter in self.board.items():
            c = ccl.Chess()
            c.x, c.y = f, 9 - r
            c.color = RED if letter.isupper() else BLACK
            name = NAMES[letter.lower()]
            c.name = name.upper() if letter.isupper() else name
            rows[9 - r][f] = c
        return rows


class ChineseChessLib(xa.Implementation):
    name = "chinese-chess-lib"
    version = xa.package_version("chinese-chess-lib", ccl.__version__)
    # One legal-move list costs ~1.5 ms: perft 3 from the start ~3 s, 4 ~2 min.
    max_perft_depth = 3
    time_scale = 2
    conventions = {}

    def setup(self, fen):
        return State(dict(fen.board), fen.red)

    def legal(self, s):
        rows = s.library_board()
        color = RED if s.red else BLACK
        out = []
        for row in rows:
            for c in row:
                if c is None or c.color != color:
                    continue
                x, y = c.x, c.y
                for _capture, dx, dy in ccl.get_legal_moves(rows, c, True):
                    out.append(xa.iccs((x, 9 - y), (x + dx, 9 - (y + dy))))
        return out

    def play(self, s, move):
        frm, to = xa.iccs_squares(move)
        board = dict(s.board)
        board[to] = board.pop(frm)
        return State(board, not s.red)

    def red_to_move(self, s):
        return s.red

    def in_check(self, s):
        # warn(board, color): the colours among `color`'s pieces that attack
        # a king; the side to move is in check when its opponent does.
        opponent = BLACK if s.red else RED
        return opponent in ccl.warn(s.library_board(), opponent)

    def game_over(self, s, _moves):
        # dead(board, color) returns `color` when the other side has no move
        # that leaves it unattacked: `color` has won.
        opponent = BLACK if s.red else RED
        if ccl.dead(s.library_board(), opponent) == opponent:
            reason = "checkmate" if self.in_check(s) else "stalemate"
            return ("0-1" if s.red else "1-0"), reason
        return None


if __name__ == "__main__":
    sys.exit(xa.serve(ChineseChessLib()))
