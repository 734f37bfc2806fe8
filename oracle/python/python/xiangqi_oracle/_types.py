"""The typed values of the package: what the oracle answers, as frozen
dataclasses whose fields carry the names of the JSON the oracle writes
(`spec/PROTOCOL.md`, `spec/RULINGS.md`). They are made from that JSON and
decide nothing; a key they do not know is an error, so that a change of a
wire type cannot pass unseen."""

from __future__ import annotations

import dataclasses
from typing import Any, Dict, Mapping, Optional, Tuple, Type, TypeVar

from ._vocab import (
    Clause,
    Color,
    EndReason,
    IllegalMoveCode,
    MoveKind,
    Notation,
    Outcome,
    Pattern,
    Procedure,
    RulingReason,
    SearchStop,
)

__all__ = [
    "Status",
    "Classification",
    "Ruling",
    "Cycle",
    "SideRuling",
    "CycleMove",
    "NaturalLimit",
    "LimitCount",
    "IllegalMoveRuling",
    "Search",
    "GameRuling",
    "RulingPoint",
    "FollowUp",
    "Claimable",
    "Record",
    "Tags",
    "Line",
    "RecordMove",
    "RecordWarning",
    "IllegalFinal",
    "RecordRuling",
]

T = TypeVar("T")
Json = Mapping[str, Any]


def _fields(cls: Type[Any], d: Json, *, extra: Tuple[str, ...] = ()) -> Dict[str, Any]:
    """The keys of `d`, checked against the dataclass's fields."""
    known = {f.name for f in dataclasses.fields(cls)} | set(extra)
    unknown = set(d) - known
    if unknown:
        raise TypeError(f"{cls.__name__}: unknown field(s) {sorted(unknown)} in the oracle's JSON")
    return dict(d)


def _opt(f: Any, v: Any) -> Any:
    return None if v is None else f(v)


@dataclasses.dataclass(frozen=True)
class Status:
    """Check (将), the number of legal moves, and how the game ended:
    `result` is `*` while the side to move has a move; with none, that side
    has lost, by `checkmate` (in check) or `stalemate` (困毙, not in check)."""

    in_check: bool
    legal_moves: int
    result: Outcome
    reason: Optional[EndReason]


@dataclasses.dataclass(frozen=True)
class Classification:
    """The 棋例 kind of one move (将 check, 杀 kill, 捉 chase, 兑 exchange,
    献 offer, 拦 block, 跟 follow, 闲 idle) and the points of what it
    attacks, offers to, blocks or watches (ICCS)."""

    kind: MoveKind
    targets: Tuple[str, ...]

    @classmethod
    def _from_wire(cls, d: Json) -> "Classification":
        _fields(cls, d)
        return cls(kind=MoveKind(d["kind"]), targets=tuple(d["targets"]))


@dataclasses.dataclass(frozen=True)
class Cycle:
    """The repetition cycle that ends at the last move (循环)."""

    first_ply: int
    last_ply: int
    occurrences: int
    adjudicable: bool
    procedure: Procedure
    #: The first ply of the counted span, when the moves before the cycle
    #: are not the cycle played again (the patterns cover the whole span).
    counted_from_ply: Optional[int] = None

    @classmethod
    def _from_wire(cls, d: Json) -> "Cycle":
        f = _fields(cls, d)
        f["procedure"] = Procedure(f["procedure"])
        return cls(**f)


@dataclasses.dataclass(frozen=True)
class CycleMove:
    """One move of the cycle, as ruled: `move` in ICCS, `chinese` in
    Chinese notation, its `kind`, and the special rules (`grounds`) that
    decided the kind."""

    ply: int
    move: str
    chinese: str
    kind: MoveKind
    targets: Tuple[str, ...]
    target_pieces: Tuple[str, ...]
    grounds: Tuple[Clause, ...]
    complete: bool

    @classmethod
    def _from_wire(cls, d: Json) -> "CycleMove":
        f = _fields(cls, d)
        f["kind"] = MoveKind(f["kind"])
        f["targets"] = tuple(f["targets"])
        f["target_pieces"] = tuple(f["target_pieces"])
        f["grounds"] = tuple(Clause(c) for c in f.get("grounds", ()))
        return cls(**f)


@dataclasses.dataclass(frozen=True)
class SideRuling:
    """One side's part of the cycle: its pattern (长将 perpetual check,
    长捉 perpetual chase, 一将一捉 …, `pattern_zh` the traditional name) and
    whether the edition forbids it."""

    pattern: Pattern
    pattern_zh: str
    forbidden: bool
    moves: Tuple[CycleMove, ...]
    #: The side's moves of the counted span before the cycle (given with
    #: the cycle's `counted_from_ply`, else empty).
    earlier: Tuple[CycleMove, ...] = ()

    @property
    def kinds(self) -> Tuple[MoveKind, ...]:
        """The kind of each move, in order (the graded `red.kinds`)."""
        return tuple(m.kind for m in self.moves)

    @classmethod
    def _from_wire(cls, d: Json) -> "SideRuling":
        f = _fields(cls, d)
        f["pattern"] = Pattern(f["pattern"])
        f["moves"] = tuple(CycleMove._from_wire(m) for m in f["moves"])
        f["earlier"] = tuple(CycleMove._from_wire(m) for m in f.get("earlier", ()))
        return cls(**f)


@dataclasses.dataclass(frozen=True)
class LimitCount:
    """One side's count towards the natural move limit (自然限着)."""

    moves: int
    checks: int
    counted: int

    @classmethod
    def _from_wire(cls, d: Json) -> "LimitCount":
        return cls(**_fields(cls, d))


@dataclasses.dataclass(frozen=True)
class NaturalLimit:
    """The natural move limit's count (自然限着), and who could claim it now."""

    rounds: int
    plies_without_capture: int
    red: LimitCount
    black: LimitCount
    claimable_by: Tuple[Color, ...]

    @classmethod
    def _from_wire(cls, d: Json) -> "NaturalLimit":
        f = _fields(cls, d)
        f["red"] = LimitCount._from_wire(f["red"])
        f["black"] = LimitCount._from_wire(f["black"])
        f["claimable_by"] = tuple(Color(c) for c in f["claimable_by"])
        return cls(**f)


@dataclasses.dataclass(frozen=True)
class IllegalMoveRuling:
    """The record's illegal last move that the ruling is about."""

    ply: int
    text: str
    move: str
    reason: IllegalMoveCode
    by: Color

    @classmethod
    def _from_wire(cls, d: Json) -> "IllegalMoveRuling":
        f = _fields(cls, d)
        f["reason"] = IllegalMoveCode(f["reason"])
        f["by"] = Color(f["by"])
        return cls(**f)


@dataclasses.dataclass(frozen=True)
class Search:
    """The bounds the 棋例 searches ran with, and what they could not finish."""

    kill_depth: int
    check_win_depth: int
    nodes_per_move: int
    nodes_per_cycle: int
    incomplete_plies: Tuple[int, ...]
    stopped_by: Optional[SearchStop] = None

    @classmethod
    def _from_wire(cls, d: Json) -> "Search":
        f = _fields(cls, d)
        f["incomplete_plies"] = tuple(f["incomplete_plies"])
        f["stopped_by"] = _opt(SearchStop, f.get("stopped_by"))
        return cls(**f)


@dataclasses.dataclass(frozen=True)
class Ruling:
    """A ruling (`spec/RULINGS.md`): mate or 困毙, the repetition cycle
    ending at the last move with each side's pattern and verdict, the
    natural move limit, an illegal last move, or nothing to rule
    (`reason` `none`). `explanation` is the ruling in words, in the
    language asked for."""

    result: Outcome
    reason: RulingReason
    edition: str
    cycle: Optional[Cycle]
    red: Optional[SideRuling]
    black: Optional[SideRuling]
    must_vary: Optional[Color]
    natural_limit: Optional[NaturalLimit]
    illegal_move: Optional[IllegalMoveRuling]
    clauses: Tuple[Clause, ...]
    search: Optional[Search]
    explanation: str

    @classmethod
    def _from_wire(cls, d: Json) -> "Ruling":
        f = _fields(cls, d)
        return cls(
            result=Outcome(f["result"]),
            reason=RulingReason(f["reason"]),
            edition=f["edition"],
            cycle=_opt(Cycle._from_wire, f["cycle"]),
            red=_opt(SideRuling._from_wire, f["red"]),
            black=_opt(SideRuling._from_wire, f["black"]),
            must_vary=_opt(Color, f["must_vary"]),
            natural_limit=_opt(NaturalLimit._from_wire, f["natural_limit"]),
            illegal_move=_opt(IllegalMoveRuling._from_wire, f["illegal_move"]),
            clauses=tuple(Clause(c) for c in f["clauses"]),
            search=_opt(Search._from_wire, f["search"]),
            explanation=f.get("explanation") or "",
        )


@dataclasses.dataclass(frozen=True)
class FollowUp:
    """What happened after a repetition was ruled: `what` is `varied` (the
    cycle was left at `ply` by `by`), `lost` (the violator played on and
    lost at `ply`) or `record-ends`; `cycles` counts the full cycles played
    after the ruling."""

    what: str
    cycles: int
    ply: Optional[int] = None
    by: Optional[Color] = None

    @classmethod
    def _from_wire(cls, d: Json) -> "FollowUp":
        f = _fields(cls, d)
        f["by"] = _opt(Color, f.get("by"))
        return cls(**f)


@dataclasses.dataclass(frozen=True)
class RulingPoint:
    """A point of a game at which an arbiter is called: `kind` is
    `repetition`, `natural-limit`, `illegal-move` or `end`."""

    ply: int
    kind: str
    ruling: Ruling
    follow_up: Optional[FollowUp]

    @classmethod
    def _from_wire(cls, d: Json) -> "RulingPoint":
        f = _fields(cls, d)
        return cls(
            ply=f["ply"],
            kind=f["kind"],
            ruling=Ruling._from_wire(f["ruling"]),
            follow_up=_opt(FollowUp._from_wire, f["follow_up"]),
        )


@dataclasses.dataclass(frozen=True)
class Claimable:
    """A claim that stands when the record ends, and the result it gets."""

    ply: int
    result: Outcome

    @classmethod
    def _from_wire(cls, d: Json) -> "Claimable":
        f = _fields(cls, d)
        return cls(ply=f["ply"], result=Outcome(f["result"]))


@dataclasses.dataclass(frozen=True)
class GameRuling:
    """A record ruled from its first move to its last, as `xq rule FILE`
    rules it: every point, the result the rules give, and how the record's
    own result compares (`comparison`: `agrees`, `differs`, `claimable`,
    `off-the-board` or `unrecorded`)."""

    edition: str
    plies: int
    points: Tuple[RulingPoint, ...]
    result: Outcome
    decided_at: Optional[int]
    claimable: Optional[Claimable]
    recorded: Optional[Outcome]
    agrees: Optional[bool]
    incomplete_points: Tuple[int, ...]
    stopped_by: Optional[SearchStop]
    comparison: str

    @classmethod
    def _from_wire(cls, d: Json) -> "GameRuling":
        f = _fields(cls, d)
        return cls(
            edition=f["edition"],
            plies=f["plies"],
            points=tuple(RulingPoint._from_wire(p) for p in f["points"]),
            result=Outcome(f["result"]),
            decided_at=f["decided_at"],
            claimable=_opt(Claimable._from_wire, f["claimable"]),
            recorded=_opt(Outcome, f["recorded"]),
            agrees=f["agrees"],
            incomplete_points=tuple(f["incomplete_points"]),
            stopped_by=_opt(SearchStop, f["stopped_by"]),
            comparison=f["comparison"],
        )


@dataclasses.dataclass(frozen=True)
class Tags:
    """A record's metadata: the tags xiangqi collections agree on (红方
    `red`, 黑方 `black`, 赛事 `event`, 结果 `result` …) and every other
    tag as `(name, value)` in input order."""

    title: Optional[str]
    event: Optional[str]
    site: Optional[str]
    date: Optional[str]
    round: Optional[str]
    red: Optional[str]
    black: Optional[str]
    red_team: Optional[str]
    black_team: Optional[str]
    red_elo: Optional[str]
    black_elo: Optional[str]
    result: Outcome
    ecco: Optional[str]
    opening: Optional[str]
    variation: Optional[str]
    record_type: Optional[str]
    time_control: Optional[str]
    annotator: Optional[str]
    author: Optional[str]
    other: Tuple[Tuple[str, str], ...]

    @classmethod
    def _from_wire(cls, d: Json) -> "Tags":
        f = _fields(cls, d)
        f["result"] = Outcome(f["result"])
        f["other"] = tuple((k, v) for k, v in f["other"])
        return cls(**f)


@dataclasses.dataclass(frozen=True)
class RecordMove:
    """A move of a record's line (ICCS), its comment, NAGs and variations."""

    move: str
    comment: Optional[str]
    nags: Tuple[int, ...]
    variations: Tuple["Line", ...]

    @classmethod
    def _from_wire(cls, d: Json) -> "RecordMove":
        f = _fields(cls, d)
        f["nags"] = tuple(f["nags"])
        f["variations"] = tuple(Line._from_wire(v) for v in f["variations"])
        return cls(**f)


@dataclasses.dataclass(frozen=True)
class Line:
    """A line of moves, with the comment before its first move."""

    comment: Optional[str]
    moves: Tuple[RecordMove, ...]

    @classmethod
    def _from_wire(cls, d: Json) -> "Line":
        f = _fields(cls, d)
        return cls(comment=f["comment"], moves=tuple(RecordMove._from_wire(m) for m in f["moves"]))


@dataclasses.dataclass(frozen=True)
class RecordWarning:
    """What the reader tolerated in a record, and where (`code`:
    `read-by-legality`, `quoted-tag-value`, `bad-bytes` …)."""

    code: str
    message: str
    message_zh: str
    ply: Optional[int]
    in_variation: bool
    line: Optional[int]
    column: Optional[int]
    byte: Optional[int]

    @classmethod
    def _from_wire(cls, d: Json) -> "RecordWarning":
        return cls(**_fields(cls, d))


@dataclasses.dataclass(frozen=True)
class IllegalFinal:
    """The illegal move a record ends with, kept apart from its main line."""

    text: str
    ply: int
    move: str
    reason: IllegalMoveCode
    message: str
    comment: Optional[str]

    @classmethod
    def _from_wire(cls, d: Json) -> "IllegalFinal":
        f = _fields(cls, d)
        f["reason"] = IllegalMoveCode(f["reason"])
        return cls(**f)


@dataclasses.dataclass(frozen=True)
class Record:
    """One game of a record file: tags, the start position (`start`, a
    FEN), the main line, where it came from, and the reader's warnings."""

    tags: Tags
    start: str
    main: Line
    format: str
    encoding: str
    game: int
    notation: Optional[Notation]
    warnings: Tuple[RecordWarning, ...]
    illegal_final: Optional[IllegalFinal]

    @property
    def moves(self) -> Tuple[str, ...]:
        """The main line's moves, in ICCS."""
        return tuple(m.move for m in self.main.moves)

    @classmethod
    def _from_wire(cls, d: Json) -> "Record":
        f = _fields(cls, d)
        return cls(
            tags=Tags._from_wire(f["tags"]),
            start=f["start"],
            main=Line._from_wire(f["main"]),
            format=f["format"],
            encoding=f["encoding"],
            game=f["game"],
            notation=_opt(Notation, f["notation"]),
            warnings=tuple(RecordWarning._from_wire(w) for w in f["warnings"]),
            illegal_final=_opt(IllegalFinal._from_wire, f["illegal_final"]),
        )


@dataclasses.dataclass(frozen=True)
class RecordRuling:
    """A game of a record file and its ruling (`explanation`: the game
    ruling in words)."""

    record: Record
    ruling: GameRuling
    explanation: str
