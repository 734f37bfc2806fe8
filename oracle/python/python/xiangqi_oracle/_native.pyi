"""Types of the extension module (the Rust side of the binding)."""

from typing import Iterable, List, Optional, Tuple, Union

from ._types import Status
from ._vocab import Color, ProblemCode

__version__: str
PROTOCOL_VERSION: int
START_FEN: str

class XqError(ValueError):
    """Every error of the oracle: `code` is a stable word, `str(e)` the
    message `xq` writes."""

    code: str

class FenError(XqError):
    """A FEN that does not read (`code` `syntax`), or not as a legal
    position (`code` the first problem; `problems` every one)."""

    problems: List[ProblemCode]

class NotationError(XqError):
    """A move text that names no move: `code` `syntax`, `no-such-piece`
    or `ambiguous`."""

class IllegalMoveError(XqError):
    """A move that breaks a rule: `code` is the rule's (`horse-leg-blocked`,
    `king-in-check` …), `move` the move."""

    move: "Move"

class RecordError(XqError):
    """A game record that cannot be read or ruled on; `game`, `ply`,
    `line`, `column` and `byte` say where, when known."""

    game: Optional[int]
    ply: Optional[int]
    line: Optional[int]
    column: Optional[int]
    byte: Optional[int]

class EditionError(XqError):
    """An edition id the oracle does not know (`code` `unknown-edition`)."""

class Move:
    """A move from a point to a point, in ICCS (`Move("h2e2")`); checked
    against a position only when played."""

    def __init__(self, iccs: str) -> None: ...
    @property
    def from_square(self) -> str: ...
    @property
    def to_square(self) -> str: ...
    @property
    def iccs(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Position:
    """A legal position, read from a FEN (`None` or `"startpos"`: the
    initial array); `relaxed` accepts composed positions that break the
    piece-count or placement limits."""

    def __init__(self, fen: Optional[str] = None, *, relaxed: bool = False) -> None: ...
    @staticmethod
    def problems(fen: str, *, relaxed: bool = False) -> List[ProblemCode]: ...
    @property
    def fen(self) -> str: ...
    @property
    def turn(self) -> Color: ...
    @property
    def in_check(self) -> bool: ...
    @property
    def halfmoves(self) -> int: ...
    @property
    def fullmoves(self) -> int: ...
    @property
    def status(self) -> Status: ...
    def piece_at(self, square: str) -> Optional[str]: ...
    def legal_moves(self) -> List[Move]: ...
    def parse_move(self, text: Union[str, Move]) -> Move: ...
    def format_move(self, mv: Union[str, Move], notation: str = "chinese") -> str: ...
    def is_legal(self, mv: Union[str, Move]) -> bool: ...
    def play(self, mv: Union[str, Move]) -> "Position": ...
    def perft(self, depth: int) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class ProtocolSession:
    """The suite protocol (`spec/PROTOCOL.md`) one line at a time."""

    def __init__(self) -> None: ...
    def answer(self, line: str) -> Optional[str]: ...

def rule_json(
    fen: Optional[str],
    moves: Union[str, Iterable[Union[str, Move]]],
    edition: str,
    lang: str,
    relaxed: bool,
) -> str: ...
def classify_json(
    fen: Optional[str],
    moves: Union[str, Iterable[Union[str, Move]]],
    mv: Union[str, Move],
    edition: str,
    relaxed: bool,
) -> str: ...
def read_records_json(data: bytes) -> str: ...
def rule_records_json(data: bytes, edition: str, lang: str) -> str: ...
def started_json() -> str: ...
def vocabularies() -> List[Tuple[str, List[Tuple[str, str]]]]: ...
def editions() -> List[str]: ...
def wire_fields_json() -> str: ...
