#!/usr/bin/env python3
"""cchess adapter for the xiangqi conformance harness (JSON-lines protocol 1).

Wraps PyPI `cchess` (walker8088's ChessBoard/Move library). What it answers
and why is in README.md beside this file; the library's known failures, each
explained, are in harness/expectations/cchess.yaml.

cchess squares are (file, rank) pairs with the ICCS numbering (file 0 = a,
rank 0 = Red's back rank), so ICCS moves need no translation.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import adapter_protocol as xa  # noqa: E402  (redirects fd 1 before cchess is imported)

import cchess  # noqa: E402
from cchess.common import RED  # noqa: E402


class CChess(xa.Implementation):
    name = "cchess"
    version = xa.package_version("cchess")
    # One legal-move list costs ~35 ms (every candidate deep-copies the
    # board): perft 2 from the start takes ~1.6 s, perft 3 over a minute.
    max_perft_depth = 2
    time_scale = 4
    conventions = {
        "chinese": "writes simplified glyphs, 仕相 for Red and 士象 for Black, 马车炮 "
                   "for both, full-width digits for Black; 前/中/后 for 2-3 pieces on "
                   "a file (4-5 pawns: 前 二 三 后, Black 前 ２ ３ 后), never the file "
                   "as well; advisors and elephants always by file (仕六进五). Reads "
                   "simplified glyphs only, Red numbers as Chinese numerals only, and "
                   "resolves 前/中/后 over every piece of the kind on the board.",
        "wxf": "none (cchess neither reads nor writes WXF)",
    }

    def setup(self, fen):
        board = cchess.ChessBoard()
        text = "%s %s" % (fen.placement(), "w" if fen.red else "b")
        if not board.from_fen(text):
            raise xa.RequestError("cchess refuses the FEN %r" % text)
        return board

    def legal(self, board):
        return [xa.iccs(f, t) for f, t in board.create_moves()
                if not board.is_checked_move(f, t)]

    def play(self, board, move):
        frm, to = xa.iccs_squares(move)
        after = board.copy()
        # ChessBoard.move() also works out check and mate for its Move
        # record (a whole move generation); the board update is this:
        after._move_piece(frm, to)
        after.next_turn()
        return after

    def red_to_move(self, board):
        return board.move_player == RED

    def in_check(self, board):
        # is_checking() asks whether the side to move gives check, so ask it
        # of the opponent.
        other = board.copy()
        other.next_turn()
        return other.is_checking()

    def convert(self, board, text, to):
        given = xa.notation_of(text)
        if given == "wxf" or to == "wxf":
            raise xa.Unsupported("cchess has no WXF notation")
        legal = self.legal(board)
        if given == "iccs":
            mv = "".join(text.split()).replace("-", "").lower()
        else:
            try:
                found = cchess.Move.from_text(board, text.strip())
            except (ValueError, IndexError, KeyError) as e:
                # from_text indexes its tables with the characters it meets.
                return {"rejected": "syntax", "detail": "%s: %s" % (type(e).__name__, e)}
            if not found:
                # cchess says only "no move"; it cannot tell a missing piece
                # from an ambiguous text.
                return {"rejected": "no-such-piece", "detail": "Move.from_text gave None"}
            mv = xa.iccs(*found)
        if mv not in legal:
            return {"rejected": "illegal"}
        if to == "iccs":
            return {"move": mv}
        frm, dst = xa.iccs_squares(mv)
        return {"move": cchess.Move(board, frm, dst).to_text()}


if __name__ == "__main__":
    sys.exit(xa.serve(CChess()))
