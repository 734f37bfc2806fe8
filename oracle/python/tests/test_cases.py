"""The suite's YAML cases (cases/**/*.yaml, spec/CASES.md), answered through
the package's typed API: legal moves, status, perft, classify and ruling
must give each case's expected values. The known failures of the native
oracle (harness/expectations/xq-oracle.yaml) are expected to fail here too
(strict xfail: one that passes is reported), since the package's answers
are the oracle's."""

import pathlib
from typing import Any, Dict, Iterator, List, Optional, Tuple

import pytest
import yaml

import xiangqi_oracle as xo

ROOT = pathlib.Path(__file__).resolve().parents[3]
EDITIONS = xo.editions()
# 闲 (idle) in an expectation accepts any of its kinds.
IDLE = {"idle", "exchange", "offer", "block", "follow"}
ASKED = {"legal-moves", "status", "perft", "classify", "ruling"}
MAX_PERFT_NODES = 200_000  # deeper perft figures are bench/ work


def _known() -> Dict[str, Optional[List[str]]]:
    doc = yaml.safe_load((ROOT / "harness/expectations/xq-oracle.yaml").read_text())
    return {f["case"]: f.get("editions") for f in doc.get("failures") or []}


KNOWN = _known()


def _cases() -> Iterator[Any]:
    for path in sorted((ROOT / "cases").rglob("*.yaml")):
        for case in yaml.safe_load(path.read_text())["cases"]:
            if case["ask"] not in ASKED:
                continue
            if case["ask"] == "perft" and case["expect"] > MAX_PERFT_NODES:
                continue
            if case["ask"] in ("ruling", "classify"):
                editions = case.get("editions") or EDITIONS
            else:
                editions = [(case.get("editions") or EDITIONS)[0]]
            for ed in editions:
                known = case["id"] in KNOWN and (
                    KNOWN[case["id"]] is None or ed in (KNOWN[case["id"]] or [])
                )
                marks = [pytest.mark.xfail(strict=True, reason="a known failure of the oracle")] if known else []
                yield pytest.param(case, ed, id=f"{case['id']}::{ed}", marks=marks)


def _moves(case: Dict[str, Any]) -> List[str]:
    m = case.get("moves_iccs", case.get("moves", []))
    return m.split() if isinstance(m, str) else list(m)


def _position(case: Dict[str, Any]) -> xo.Position:
    pos = xo.Position(case.get("fen", "startpos"), relaxed=bool(case.get("relaxed")))
    for m in _moves(case):
        pos = pos.play(m)
    return pos


def _kind_ok(want: str, got: str) -> bool:
    return got in IDLE if want == "idle" else want == got


def _side(want: Dict[str, Any], got: Optional[xo.SideRuling], who: str) -> None:
    assert got is not None, f"{who}: no cycle"
    if "pattern" in want:
        assert got.pattern == want["pattern"], who
    if "forbidden" in want:
        assert got.forbidden == want["forbidden"], who
    if "kinds" in want:
        kinds = [k.value for k in got.kinds]
        assert len(kinds) == len(want["kinds"]) and all(
            _kind_ok(w, k) for w, k in zip(want["kinds"], kinds)
        ), f"{who}.kinds: {kinds} for {want['kinds']}"


@pytest.mark.parametrize("case,edition", list(_cases()))
def test_case(case: Dict[str, Any], edition: str) -> None:
    expect = (case.get("expect_by_edition") or {}).get(edition, case["expect"])
    ask = case["ask"]
    relaxed = bool(case.get("relaxed"))
    fen = case.get("fen", "startpos")
    if ask == "legal-moves":
        moves = {m.iccs for m in _position(case).legal_moves()}
        if "exact" in expect:
            assert moves == set(expect["exact"])
        if "includes" in expect:
            assert set(expect["includes"]) <= moves
        if "excludes" in expect:
            assert not set(expect["excludes"]) & moves
        if "count" in expect:
            assert len(moves) == expect["count"]
    elif ask == "status":
        s = _position(case).status
        for k in ("in_check", "legal_moves", "result", "reason"):
            if k in expect:
                assert getattr(s, k) == expect[k], k
    elif ask == "perft":
        assert _position(case).perft(case["depth"]) == expect
    elif ask == "classify":
        c = xo.classify(fen, _moves(case), case.get("move_iccs", case["move"]), edition=edition, relaxed=relaxed)
        assert _kind_ok(expect["kind"], c.kind.value), c
        if "targets" in expect:
            assert set(c.targets) == set(expect["targets"])
    elif ask == "ruling":
        r = xo.rule(fen, _moves(case), edition=edition, relaxed=relaxed)
        assert r.result == expect["result"], r.explanation
        if "reason" in expect:
            assert r.reason == expect["reason"], r.explanation
        if "adjudicable" in expect:
            assert r.cycle is not None and r.cycle.adjudicable == expect["adjudicable"]
        if "claimable_by" in expect:
            assert r.natural_limit is not None
            assert sorted(c.value for c in r.natural_limit.claimable_by) == sorted(expect["claimable_by"])
        for side in ("red", "black"):
            if side in expect:
                _side(expect[side], getattr(r, side), side)


def test_the_cases_are_found() -> None:
    # Guards against a path mistake that would make every case vanish.
    assert len(list(_cases())) > 1000
