"""The package's API on hand-picked inputs, every error path, and the wire
shapes. Expected values are reasoned by hand or published figures, never
copied from the package's output."""

import dataclasses
import json
import pathlib
import subprocess
import sys

import pytest

import xiangqi_oracle as xo
from xiangqi_oracle import Outcome, MoveKind, Pattern

ROOT = pathlib.Path(__file__).resolve().parents[3]
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
# 图6 of the CXA 2020 rules: Red's rook checks on every move (长将).
CHECKS_FEN = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w"
CHECKS = "车四平五 将5平6 车五平四 将6平5 车四平五 将5平6 车五平四 将6平5"


def test_the_start_position() -> None:
    p = xo.Position()
    assert p == xo.Position(START) == xo.Position("startpos")
    assert hash(p) == hash(xo.Position(START))
    assert p.fen == START == xo.START_FEN
    assert repr(p) == f"Position('{START}')"
    assert p.turn == xo.Color.RED and p.turn == "red"
    assert p.status == xo.Status(in_check=False, legal_moves=44, result=Outcome.ONGOING, reason=None)
    assert p.piece_at("e0") == "K" and p.piece_at("e5") is None
    # Published perft figures of the initial array.
    assert [p.perft(d) for d in range(4)] == [1, 44, 1920, 79666]


def test_moves_in_every_notation() -> None:
    p = xo.Position()
    m = p.parse_move("炮二平五")
    assert m == xo.Move("h2e2") == p.parse_move("C2=5") == p.parse_move("h2e2")
    assert {m: 1}[xo.Move("h2e2")] == 1
    assert (m.from_square, m.to_square, str(m), repr(m)) == ("h2", "e2", "h2e2", "Move('h2e2')")
    assert p.format_move(m, "wxf") == "C2=5"
    assert p.format_move(m) == "炮二平五"
    assert p.format_move("c2=5", "iccs") == "h2e2"
    after = p.play(m)
    assert after.turn == xo.Color.BLACK
    assert after.fen == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
    assert after.format_move("h9g7") == "马８进７"  # Black's files in full-width digits
    assert p.is_legal("h2e2") and not p.is_legal("b0d1")
    assert xo.Move("h2e2") in p.legal_moves()


def test_mate_and_stalemate() -> None:
    # Black's king on d9 is checked along the d file by the rook on d0; e9
    # faces Red's king, c9 is outside the palace and d8 is on the file: mate.
    mate = xo.Position("3k5/9/9/9/9/9/9/9/9/3RK4 b")
    assert mate.status == xo.Status(True, 0, Outcome.RED_WINS, xo.EndReason.CHECKMATE)
    # 困毙: the same king, not in check, with d8 held by a rook on c8 and e9
    # by the facing kings: no move, and the side with no move loses.
    stale = xo.Position("3k5/2R6/9/9/9/9/9/9/9/4K4 b", relaxed=True)
    assert stale.status == xo.Status(False, 0, Outcome.RED_WINS, xo.EndReason.STALEMATE)


def test_illegal_moves_say_why_as_the_cli_does() -> None:
    p = xo.Position()
    with pytest.raises(xo.IllegalMoveError) as e:
        p.play("b0d1")
    assert e.value.code == "horse-leg-blocked" == xo.IllegalMoveCode.HORSE_LEG_BLOCKED
    assert str(e.value) == "b0d1 is not legal: the horse's leg at c0 is blocked"
    assert e.value.move == xo.Move("b0d1")
    assert isinstance(e.value, xo.XqError) and isinstance(e.value, ValueError)
    with pytest.raises(xo.IllegalMoveError) as e:
        p.play(xo.Move("e3e5"))
    assert e.value.code == "not-a-move"


def test_every_error_path() -> None:
    with pytest.raises(xo.FenError) as f:
        xo.Position("xyz")
    assert f.value.code == "syntax" and f.value.problems == [xo.ProblemCode.SYNTAX]
    assert str(f.value) == "invalid FEN: expected 10 ranks separated by '/', found 1"
    with pytest.raises(xo.FenError) as f:
        xo.Position("4k4/9/9/9/9/9/9/9/9/4K4 w")
    assert f.value.code == "kings-facing"
    assert str(f.value) == "illegal position: the kings face each other on an open file"
    assert xo.Position.problems("4k4/9/9/9/9/9/9/9/9/4K4 w") == ["kings-facing"]
    assert xo.Position.problems(START) == []
    p = xo.Position()
    with pytest.raises(xo.NotationError) as n:
        p.play("zz")
    assert n.value.code == "syntax"
    with pytest.raises(xo.NotationError) as n:
        p.parse_move("车三进一")  # no rook on Red's file 3
    assert n.value.code == "no-such-piece"
    assert str(n.value) == "车三进一 names no piece: red has no rook on file 3"
    with pytest.raises(xo.NotationError):
        xo.Move("j0a0")
    with pytest.raises(xo.NotationError):
        p.piece_at("z9")
    with pytest.raises(xo.XqError) as x:
        p.format_move("h2e2", "klingon")
    assert x.value.code == "unknown-notation"
    with pytest.raises(xo.XqError) as x:
        p.perft(99)
    assert x.value.code == "too-deep"
    with pytest.raises(xo.EditionError) as ed:
        xo.rule(None, "h2e2", edition="nope")
    assert ed.value.code == "unknown-edition"
    assert str(ed.value) == 'unknown edition "nope" (known: cxa-2020, cxa-1999, axf-2017, wxf-2018)'
    with pytest.raises(xo.XqError):
        xo.rule(None, "h2e2", lang="fr")
    # A move list that goes wrong names the ply, as `xq` does.
    with pytest.raises(xo.IllegalMoveError) as e:
        xo.rule(None, "h2e2 h2e2")
    assert str(e.value) == "ply 2: h2e2 is not legal: there is no piece on h2"
    assert e.value.code == "no-piece" and e.value.ply == 2
    with pytest.raises(xo.IllegalMoveError):
        xo.classify(None, [], "b0d1")
    with pytest.raises(TypeError):
        xo.read_records("not bytes")  # type: ignore[arg-type]
    with pytest.raises(xo.RecordError) as r:
        xo.read_record(b"1. h2e2 zz *")
    assert r.value.code == "unknown-notation"
    assert r.value.ply == 2 and r.value.game == 1


def test_a_perpetual_check_ruling() -> None:
    r = xo.rule(CHECKS_FEN, CHECKS)
    assert (r.result, r.reason) == (Outcome.BLACK_WINS, xo.RulingReason.PERPETUAL_CHECK)
    assert r.red is not None and r.black is not None and r.cycle is not None
    assert r.red.pattern == Pattern.PERPETUAL_CHECK and r.red.forbidden
    assert r.red.pattern_zh == "长将"
    assert r.red.kinds == (MoveKind.CHECK, MoveKind.CHECK)
    assert not r.black.forbidden
    assert r.cycle.adjudicable and r.cycle.occurrences == 3
    assert xo.Clause.PERPETUAL_CHECK in r.clauses
    assert "长将" in xo.rule(CHECKS_FEN, CHECKS, lang="zh").explanation
    # The same game in ICCS, as a list.
    iccs = "f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8".split()
    assert xo.rule(CHECKS_FEN, iccs, edition="axf-2017").result == Outcome.BLACK_WINS
    assert xo.rule(None, []).reason == xo.RulingReason.NONE


def test_classify_a_check() -> None:
    c = xo.classify(CHECKS_FEN, [], "f0e0")
    assert c.kind == MoveKind.CHECK and c.targets == ("e8",)


def test_records() -> None:
    pgn = '[Red "许银川"]\n[Result "1-0"]\n\n1. 炮二平五 马８进７ 2. 马二进三 {a comment} 车９平８ 1-0\n'
    [rec] = xo.read_record(pgn.encode())
    assert rec.tags.red == "许银川" and rec.tags.result == Outcome.RED_WINS
    assert rec.moves == ("h2e2", "h9g7", "h0g2", "i9h9")
    assert rec.main.moves[2].comment == "a comment"
    assert rec.format == "pgn" and rec.notation == xo.Notation.CHINESE
    xqf = (ROOT / "oracle/records/tests/data/v18.xqf").read_bytes()
    assert xo.read_record(xqf)[0].format == "xqf"
    games = xo.read_records(b'[Event "a"]\n\n1. h2e2 h9g7 *\n\n[Event "b"]\n\n1. zz *\n')
    assert isinstance(games[0], xo.Record) and isinstance(games[1], xo.RecordError)
    [ruled] = xo.rule_records((ROOT / "oracle/records/tests/data/rulings/perpetual-check.pgn").read_bytes())
    assert isinstance(ruled, xo.RecordRuling)
    assert ruled.ruling.points and ruled.ruling.points[0].kind == "repetition"


def test_versions_and_the_handshake() -> None:
    cargo = (ROOT / "Cargo.toml").read_text()
    version = cargo.split("[workspace.package]")[1].split('version = "')[1].split('"')[0]
    assert xo.__version__ == version
    assert xo.PROTOCOL_VERSION == 1
    hello = xo.started()
    # The handshake of spec/PROTOCOL.md, under the package's name.
    assert hello["type"] == "started" and hello["name"] == "xq-python"
    assert hello["version"] == version and hello["protocol"] == xo.PROTOCOL_VERSION
    assert set(hello["questions"]) == {
        "legal-moves", "is-legal", "status", "perft", "convert", "position", "ruling", "classify",
    }
    assert hello["editions"] == ["cxa-2020", "cxa-1999", "axf-2017", "wxf-2018"]


# The wire types' field names as committed: a change of a Rust wire type
# shows here first (update this table and the package's classes with it).
GOLDEN = json.loads((pathlib.Path(__file__).parent / "wire_fields.json").read_text())


def test_the_wire_types_are_as_committed() -> None:
    assert xo.wire_fields() == GOLDEN


@pytest.mark.parametrize(
    "cls,wire",
    [
        (xo.Ruling, "RulingAnswer"),
        (xo.Cycle, "CycleAnswer"),
        (xo.SideRuling, "SideAnswer"),
        (xo.CycleMove, "CycleMoveAnswer"),
        (xo.NaturalLimit, "NaturalLimitAnswer"),
        (xo.LimitCount, "LimitCountAnswer"),
        (xo.IllegalMoveRuling, "IllegalMoveAnswer"),
        (xo.Search, "SearchAnswer"),
        (xo.Status, "StatusAnswer"),
        (xo.Classification, "ClassifyAnswer"),
    ],
)
def test_the_classes_carry_the_wire_names(cls: type, wire: str) -> None:
    names = [f.name for f in dataclasses.fields(cls)]
    assert names == xo.wire_fields()[wire]


def test_the_enums_are_the_vocabularies() -> None:
    from xiangqi_oracle import _native, _vocab

    for name, members in _native.vocabularies():
        assert [(m.name, m.value) for m in getattr(_vocab, name)] == members


def test_the_adapter_is_a_pipe() -> None:
    adapter = ROOT / "harness/adapters/xq_python_adapter.py"
    run = {"type": "run", "seq": 4, "id": "t", "edition": "cxa-2020", "fen": START, "moves": [],
           "question": {"ask": "status"}}
    lines = "\n".join([json.dumps({"type": "start", "protocol": 1}), "", "{bad", json.dumps(run),
                       json.dumps({"type": "stop"}), json.dumps(run)]) + "\n"
    out = subprocess.run([sys.executable, str(adapter)], input=lines.encode(), capture_output=True,
                         timeout=60, check=True).stdout.decode().splitlines()
    assert len(out) == 3
    assert json.loads(out[0])["name"] == "xq-python"
    assert json.loads(out[1])["error"].startswith("malformed message")
    assert json.loads(out[2]) == {"seq": 4, "result": {"in_check": False, "legal_moves": 44, "result": "*",
                                                       "reason": None}}


def test_a_long_perft_stops_on_ctrl_c() -> None:
    # perft 9 of the initial array takes hours; Ctrl-C (SIGINT) must stop it
    # as it stops any Python call, not when the count ends.
    import os
    import signal
    import threading
    import time

    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    began = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        xo.Position().perft(9)
    assert time.monotonic() - began < 5
