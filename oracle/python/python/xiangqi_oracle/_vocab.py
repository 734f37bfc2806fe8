# Generated from the xq-spec vocabularies by `XQ_WRITE_VOCAB=1 cargo test -p xq-python`;
# do not edit (a test fails when this file and the Rust declarations differ).
"""The oracle's vocabularies as `str`-valued enums: each member is its wire word."""

import enum

__all__ = [
    "Color",
    "Outcome",
    "EndReason",
    "Notation",
    "IllegalMoveCode",
    "ProblemCode",
    "Rejection",
    "MoveKind",
    "Pattern",
    "RulingReason",
    "Procedure",
    "Clause",
    "SearchStop",
]


class Color(str, enum.Enum):
    RED = "red"
    BLACK = "black"

    def __str__(self) -> str:
        return str(self.value)


class Outcome(str, enum.Enum):
    RED_WINS = "1-0"
    BLACK_WINS = "0-1"
    DRAW = "1/2-1/2"
    ONGOING = "*"

    def __str__(self) -> str:
        return str(self.value)


class EndReason(str, enum.Enum):
    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"

    def __str__(self) -> str:
        return str(self.value)


class Notation(str, enum.Enum):
    ICCS = "iccs"
    WXF = "wxf"
    CHINESE = "chinese"

    def __str__(self) -> str:
        return str(self.value)


class IllegalMoveCode(str, enum.Enum):
    NULL_MOVE = "null-move"
    NO_PIECE = "no-piece"
    NOT_YOUR_PIECE = "not-your-piece"
    OWN_PIECE_ON_TARGET = "own-piece-on-target"
    NOT_A_MOVE = "not-a-move"
    OUTSIDE_PALACE = "outside-palace"
    ELEPHANT_CROSSES_RIVER = "elephant-crosses-river"
    ELEPHANT_EYE_BLOCKED = "elephant-eye-blocked"
    HORSE_LEG_BLOCKED = "horse-leg-blocked"
    PATH_BLOCKED = "path-blocked"
    CANNON_SCREEN = "cannon-screen"
    PAWN_BACKWARD = "pawn-backward"
    PAWN_SIDEWAYS_BEFORE_RIVER = "pawn-sideways-before-river"
    KING_IN_CHECK = "king-in-check"
    KINGS_FACING = "kings-facing"

    def __str__(self) -> str:
        return str(self.value)


class ProblemCode(str, enum.Enum):
    SYNTAX = "syntax"
    MISSING_KING = "missing-king"
    EXTRA_KING = "extra-king"
    KING_OUTSIDE_PALACE = "king-outside-palace"
    UNREACHABLE = "unreachable"
    TOO_MANY = "too-many"
    KINGS_FACING = "kings-facing"
    OPPONENT_IN_CHECK = "opponent-in-check"

    def __str__(self) -> str:
        return str(self.value)


class Rejection(str, enum.Enum):
    SYNTAX = "syntax"
    NO_SUCH_PIECE = "no-such-piece"
    AMBIGUOUS = "ambiguous"
    ILLEGAL = "illegal"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return str(self.value)


class MoveKind(str, enum.Enum):
    CHECK = "check"
    KILL = "kill"
    CHASE = "chase"
    EXCHANGE = "exchange"
    OFFER = "offer"
    BLOCK = "block"
    FOLLOW = "follow"
    IDLE = "idle"

    def __str__(self) -> str:
        return str(self.value)


class Pattern(str, enum.Enum):
    PERPETUAL_CHECK = "perpetual-check"
    PERPETUAL_KILL = "perpetual-kill"
    PERPETUAL_CHASE = "perpetual-chase"
    CHECK_KILL = "check-kill"
    CHECK_CHASE = "check-chase"
    KILL_CHASE = "kill-chase"
    PERPETUAL_ATTACK = "perpetual-attack"
    ATTACK_IDLE = "attack-idle"
    IDLE = "idle"

    def __str__(self) -> str:
        return str(self.value)


class RulingReason(str, enum.Enum):
    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    PERPETUAL_CHECK = "perpetual-check"
    MUTUAL_PERPETUAL_CHECK = "mutual-perpetual-check"
    BOTH_ALLOWED = "both-allowed"
    BOTH_FORBIDDEN = "both-forbidden"
    MUST_VARY = "must-vary"
    NATURAL_LIMIT = "natural-limit"
    ILLEGAL_MOVE = "illegal-move"
    NONE = "none"

    def __str__(self) -> str:
        return str(self.value)


class Procedure(str, enum.Enum):
    CLAIM = "claim"
    AUTOMATIC = "automatic"

    def __str__(self) -> str:
        return str(self.value)


class Clause(str, enum.Enum):
    CHECKMATE = "mate.checkmate"
    STALEMATE = "stalemate.no-move"
    SELF_KILL = "illegal-move.self-kill"
    RULE_VIOLATION = "illegal-move.rule-violation"
    LIMIT_ROUNDS = "natural-limit.rounds"
    LIMIT_RESET_BY_CAPTURE = "natural-limit.reset-by-capture"
    LIMIT_CHECK_CAP = "natural-limit.check-cap"
    LIMIT_CLAIM = "natural-limit.claim"
    ADJUDICATION = "repetition.adjudication"
    FORBIDDEN = "repetition.forbidden"
    ALLOWED = "repetition.allowed"
    PERPETUAL_CHECK = "repetition.perpetual-check"
    MUTUAL_CHECK = "repetition.mutual-check"
    PERPETUAL_KILL = "repetition.perpetual-kill"
    CHECK_KILL = "repetition.check-kill"
    CHECK_CHASE = "repetition.check-chase"
    KILL_CHASE = "repetition.kill-chase"
    PERPETUAL_CHASE = "repetition.perpetual-chase"
    THREAT_TO_WIN_BY_CHECK = "repetition.threat-to-win-by-check"
    PERPETUAL_IDLE = "repetition.perpetual-idle"
    BOTH_ALLOWED = "repetition.both-allowed"
    BOTH_FORBIDDEN = "repetition.both-forbidden"
    FORBIDDEN_VS_ALLOWED = "repetition.forbidden-vs-allowed"
    CHECK_BEATS_CHASE = "repetition.check-beats-chase"
    ONE_CHASES_TWO = "repetition.one-chases-two"
    MULTI_CHASE_ONE = "repetition.multi-chase-one"
    PROTECTED_CHASE = "repetition.protected-chase"
    HORSE_CANNON_VS_ROOK = "repetition.horse-cannon-vs-rook"
    HORSE_PINNED_ROOK = "repetition.horse-pinned-rook"
    SAME_TYPE_CHASE = "repetition.same-type-chase"
    TERM_CHECK = "term.check"
    TERM_KILL = "term.kill"
    TERM_CHASE = "term.chase"
    TERM_EXCHANGE = "term.exchange"
    TERM_OFFER = "term.offer"
    TERM_BLOCK = "term.block"
    TERM_FOLLOW = "term.follow"
    TERM_IDLE = "term.idle"
    FALSE_ROOT = "term.false-root"
    JOINT_CHASE = "term.joint-chase"
    SELF_DESTRUCT = "term.self-destruct"
    KING_ATTACK = "special.king-attack"
    PAWN_ATTACK = "special.pawn-attack"
    KING_PAWN_JOINT = "special.king-pawn-joint"
    PAWN_MUTUAL_ATTACK = "special.pawn-mutual-attack"
    PAWN_CAPTURE_CHECK = "special.pawn-capture-check"
    PRE_EXISTING_THREAT = "special.pre-existing-threat"
    CHECK_ANSWER_BY_KING = "special.check-answer-by-king"
    CHECK_ANSWER_BY_OTHER = "special.check-answer-by-other"
    HEAVIEST_ROLE = "special.heaviest-role"
    COMPLETE_EXCHANGE = "special.complete-exchange"
    DRAWING_POINT = "special.drawing-point"
    CANNOT_LEAVE_LINE = "special.cannot-leave-line"
    BOTH_FORBIDDEN_RANKING = "special.both-forbidden-ranking"

    def __str__(self) -> str:
        return str(self.value)


class SearchStop(str, enum.Enum):
    GAME_BUDGET = "game-budget"
    DEADLINE = "deadline"
    CANCELLED = "cancelled"

    def __str__(self) -> str:
        return str(self.value)
