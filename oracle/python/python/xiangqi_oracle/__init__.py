"""The xiangqi (象棋) rules oracle in Python.

Positions, legal moves, moves in ICCS, WXF and Chinese notation, check,
mate and 困毙 (stalemate), perft, 棋例 rulings (长将 perpetual check, 长捉
perpetual chase …) under the CXA, AXF and WXF editions, per-move
classification, and game records (PGN, WXF, XQF, DhtmlXQ, CBR/CBL). A thin
binding of the Rust crates `xq-core`, `xq-oracle` and `xq-records`: every
answer is theirs, the same as `xq` and the conformance suite give.

Errors are `XqError` and its subclasses, each with a stable `code` and the
message `xq` writes.
"""

from __future__ import annotations

import json
from typing import Any, Dict, Iterable, List, Optional, Union

from . import _native
from ._native import (
    PROTOCOL_VERSION,
    START_FEN,
    EditionError,
    FenError,
    IllegalMoveError,
    Move,
    NotationError,
    Position,
    ProtocolSession,
    RecordError,
    XqError,
    __version__,
    editions,
)
from ._types import (
    Claimable,
    Classification,
    Cycle,
    CycleMove,
    FollowUp,
    GameRuling,
    IllegalFinal,
    IllegalMoveRuling,
    LimitCount,
    Line,
    NaturalLimit,
    Record,
    RecordMove,
    RecordRuling,
    RecordWarning,
    Ruling,
    RulingPoint,
    Search,
    SideRuling,
    Status,
    Tags,
)
from ._vocab import (
    Clause,
    Color,
    EndReason,
    IllegalMoveCode,
    MoveKind,
    Notation,
    Outcome,
    Pattern,
    ProblemCode,
    Procedure,
    Rejection,
    RulingReason,
    SearchStop,
)

__all__ = [
    "__version__",
    "PROTOCOL_VERSION",
    "START_FEN",
    "Position",
    "Move",
    "Status",
    "rule",
    "classify",
    "read_records",
    "read_record",
    "rule_records",
    "editions",
    "started",
    "ProtocolSession",
    "XqError",
    "FenError",
    "NotationError",
    "IllegalMoveError",
    "RecordError",
    "EditionError",
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
    "Clause",
    "Color",
    "EndReason",
    "IllegalMoveCode",
    "MoveKind",
    "Notation",
    "Outcome",
    "Pattern",
    "ProblemCode",
    "Procedure",
    "Rejection",
    "RulingReason",
    "SearchStop",
]

Moves = Union[str, Iterable[Union[str, Move]]]
"""Moves in any notation: a list of texts (or `Move`s), or one text with
the moves separated by spaces or commas (`"h2e2 h9g7"`, `"炮二平五 马8进7"`)."""

DEFAULT_EDITION = "cxa-2020"


def _moves(moves: Moves) -> Union[str, List[Union[str, Move]]]:
    return moves if isinstance(moves, str) else list(moves)


def rule(
    fen: Optional[str],
    moves: Moves,
    *,
    edition: str = DEFAULT_EDITION,
    lang: str = "en",
    relaxed: bool = False,
) -> Ruling:
    """The ruling on a game, as `xq rule` gives it: the start position
    (`None` or `"startpos"` for the initial array) and the moves, the last
    of which may break the rules. `lang` (`en` or `zh`) is the language of
    `explanation`."""
    text = _native.rule_json(fen, _moves(moves), edition, lang, relaxed)
    return Ruling._from_wire(json.loads(text))


def classify(
    fen: Optional[str],
    moves: Moves,
    move: Union[str, Move],
    *,
    edition: str = DEFAULT_EDITION,
    relaxed: bool = False,
) -> Classification:
    """The 棋例 kind of `move`, played after `moves`, in the context of the
    moves before it, and its targets."""
    text = _native.classify_json(fen, _moves(moves), move, edition, relaxed)
    return Classification._from_wire(json.loads(text))


def _record_error(d: Dict[str, Any]) -> RecordError:
    e = RecordError(d["message"])
    for k, v in d.items():
        if k != "message":
            setattr(e, k, v)
    return e


def read_records(data: bytes) -> List[Union[Record, RecordError]]:
    """Every game of a record file (PGN in UTF-8, GBK or Big5 with ICCS,
    WXF or Chinese moves; WXF text; XQF; DhtmlXQ pages; CBR/CBL), in file
    order: a `Record`, or the `RecordError` of a game that cannot be read
    (the others are still read). The format and encoding are detected."""
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError("read_records takes the file's bytes")
    out: List[Union[Record, RecordError]] = []
    for item in json.loads(_native.read_records_json(bytes(data))):
        if "record" in item:
            out.append(Record._from_wire(item["record"]))
        else:
            out.append(_record_error(item["error"]))
    return out


def read_record(data: bytes) -> List[Record]:
    """Every game of a record file, as `read_records`, raising the first
    game's `RecordError` instead of returning it."""
    records: List[Record] = []
    for item in read_records(data):
        if isinstance(item, RecordError):
            raise item
        records.append(item)
    return records


def rule_records(
    data: bytes, *, edition: str = DEFAULT_EDITION, lang: str = "en"
) -> List[Union[RecordRuling, RecordError]]:
    """Every game of a record file ruled from its first move to its last,
    as `xq rule FILE` rules it: each repetition that reaches the count,
    each natural-limit point, an illegal move, the final mate or 困毙, and
    the record's result set against the rules'."""
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError("rule_records takes the file's bytes")
    out: List[Union[RecordRuling, RecordError]] = []
    for item in json.loads(_native.rule_records_json(bytes(data), edition, lang)):
        if "ruling" in item:
            out.append(
                RecordRuling(
                    record=Record._from_wire(item["record"]),
                    ruling=GameRuling._from_wire(item["ruling"]),
                    explanation=item["explanation"],
                )
            )
        else:
            out.append(_record_error(item["error"]))
    return out


def started() -> Dict[str, Any]:
    """The handshake the package gives in the suite protocol."""
    result: Dict[str, Any] = json.loads(_native.started_json())
    return result


def wire_fields() -> Dict[str, List[str]]:
    """The field names of each answer type of the protocol, from the Rust
    types (for tests that hold this package's classes to them)."""
    result: Dict[str, List[str]] = json.loads(_native.wire_fields_json())
    return result
