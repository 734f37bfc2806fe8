#!/usr/bin/env python3
"""nonebot-plugin-cchess adapter for the xiangqi conformance harness
(JSON-lines protocol 1).

Wraps the board of PyPI `nonebot-plugin-cchess` (a chat-bot plugin that
plays xiangqi). The package's `__init__` starts a nonebot plugin (it needs
a running bot and a database), so the adapter loads only its pure-Python
board modules (`board`, `move`, `piece`; `drawer` pulls in Pillow) under
an empty package of the same name, without running `__init__`. What it
answers and why is in README.md beside this file; the library's known
failures, each explained, are in harness/expectations/nonebot-cchess.yaml.

Its squares are `Pos(x, y)` with x the rank (0 = Red's back rank) and y the
file (0 = a): ICCS with the two swapped.
"""

import importlib.util
import os
import sys
import types

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import adapter_protocol as xa  # noqa: E402  (redirects fd 1 before the library is imported)

PACKAGE = "nonebot_plugin_cchess"


def load_board_modules():
    """The package's board modules, imported without its `__init__`."""
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("%s is not installed (pip install nonebot-plugin-cchess)" % PACKAGE)
    pkg = types.ModuleType(PACKAGE)
    pkg.__path__ = list(spec.submodule_search_locations)
    sys.modules[PACKAGE] = pkg
    import nonebot_plugin_cchess.board as board  # noqa: E402
    import nonebot_plugin_cchess.move as move  # noqa: E402
    return board, move


board_mod, move_mod = load_board_modules()
Board, Move, Pos = board_mod.Board, move_mod.Move, move_mod.Pos


def pos(square):
    f, r = square
    return Pos(r, f)


def iccs_of(m):
    return xa.iccs((m.from_pos.y, m.from_pos.x), (m.to_pos.y, m.to_pos.x))


class NonebotCChess(xa.Implementation):
    name = "nonebot-plugin-cchess"
    version = xa.package_version("nonebot-plugin-cchess")
    # One legal-move list rebuilds a board from its FEN per candidate move
    # (~10 ms): perft 2 from the start is under a second, perft 3 ~30 s.
    max_perft_depth = 2
    time_scale = 4
    conventions = {
        "chinese": "writes simplified glyphs (帅仕相马车炮兵 for Red, 将士象马车炮卒 for "
                   "Black), Chinese numerals for Red and ASCII digits for Black, 前/后 "
                   "for two pieces on a file, 前/中/后 for three, 前/二/三/四/五 beyond; "
                   "reads four-character texts only (traditional 俥傌車馬 too, but 进 and 退 only)",
        "wxf": "none (neither read nor written)",
    }

    def setup(self, fen):
        text = "%s %s - - %d %d" % (fen.placement(), "w" if fen.red else "b",
                                     fen.halfmove, fen.fullmove)
        try:
            b = Board(text)
        except (ValueError, KeyError) as e:
            raise xa.RequestError("the library refuses the FEN %r: %s" % (text, e))
        if not list(b.get_piece_pos(board_mod.PieceType.KING)) or \
                not list(b.get_piece_pos(board_mod.PieceType.KING, sameside=False)):
            # Its legality test looks both kings up and fails without one.
            raise xa.Unsupported("the library needs both kings on the board")
        return b

    def legal(self, b):
        return [iccs_of(m) for m in b.legal_moves() if not b.is_checked_move(m)]

    def play(self, b, move):
        frm, to = xa.iccs_squares(move)
        after = Board(b.fen())
        after.make_move(Move(pos(frm), pos(to)))
        return after

    def red_to_move(self, b):
        return b.moveside

    def in_check(self, b):
        return b.is_checked()

    def convert(self, b, text, to):
        given = xa.notation_of(text)
        if given == "wxf" or to == "wxf":
            raise xa.Unsupported("nonebot-plugin-cchess has no WXF notation")
        legal = self.legal(b)
        if given == "iccs":
            mv = "".join(text.split()).replace("-", "").lower()
        else:
            try:
                found = Move.from_chinese(b, text.strip())
            except ValueError as e:
                # Its messages say which: no piece found, off the board, or
                # (anything else) a text it cannot read.
                msg = str(e)
                code = "no-such-piece" if "找不到" in msg else \
                    "illegal" if "超出范围" in msg else "syntax"
                return {"rejected": code, "detail": msg}
            except (IndexError, KeyError) as e:
                # from_chinese indexes the pieces of a file by the 前/后 marker.
                return {"rejected": "no-such-piece", "detail": "%s: %s" % (type(e).__name__, e)}
            mv = iccs_of(found)
        if mv not in legal:
            return {"rejected": "illegal"}
        if to == "iccs":
            return {"move": mv}
        frm, dst = xa.iccs_squares(mv)
        return {"move": Move(pos(frm), pos(dst)).chinese(b)}


if __name__ == "__main__":
    sys.exit(xa.serve(NonebotCChess()))
