"""Checked by `mypy --strict` (never run by pytest): the stubs let a typed
program use the package without a cast."""

from typing import List, Optional, Tuple

import xiangqi_oracle as xo


def first_moves() -> List[str]:
    pos = xo.Position()
    return [pos.format_move(m, "chinese") for m in pos.legal_moves()]


def verdict(fen: str, moves: str) -> Tuple[xo.Outcome, Optional[xo.Pattern]]:
    r: xo.Ruling = xo.rule(fen, moves, edition="axf-2017", lang="zh")
    red: Optional[xo.SideRuling] = r.red
    return r.result, red.pattern if red else None


def kinds(fen: str) -> List[xo.MoveKind]:
    c = xo.classify(fen, [], xo.Move("f0e0"))
    return [c.kind]


def safe_play(pos: xo.Position, text: str) -> Optional[xo.Position]:
    try:
        return pos.play(text)
    except xo.IllegalMoveError as e:
        code: str = e.code
        print(code, e.move.iccs)
        return None
    except xo.NotationError:
        return None


def players(data: bytes) -> List[Optional[str]]:
    return [r.tags.red for r in xo.read_record(data)]


def nodes(depth: int) -> int:
    s: xo.Status = xo.Position().status
    assert s.reason is None or s.reason == xo.EndReason.CHECKMATE
    return xo.Position().perft(depth)


def answer(line: str) -> Optional[str]:
    return xo.ProtocolSession().answer(line)


VERSION: str = xo.__version__
PROTOCOL: int = xo.PROTOCOL_VERSION
