"""The two implementations the differential compares: the oracle through
`xq serve` (the suite protocol, spec/PROTOCOL.md) and Fairy-Stockfish
through pyffish, as harness/adapters/pyffish_adapter.py calls it."""

import json
import subprocess
import sys

try:
    import pyffish
except ImportError:  # reported by the caller
    pyffish = None

VARIANT = "xiangqi"


class Oracle:
    """`xq serve`: one process, one JSON line per request."""

    def __init__(self, xq):
        self.proc = subprocess.Popen(
            [xq, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.seq = 0
        self._legal = {}
        reply = self._send({"type": "start", "protocol": 1})
        if reply.get("type") != "started":
            sys.exit("xq serve did not start: %r" % reply)

    def _send(self, obj):
        self.proc.stdin.write(json.dumps(obj, ensure_ascii=False) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            sys.exit("xq serve closed its output")
        return json.loads(line)

    def ask(self, fen, moves, question, edition="axf-2017"):
        self.seq += 1
        return self._send({
            "type": "run", "seq": self.seq, "id": "differential-%d" % self.seq,
            "edition": edition, "fen": fen, "moves": moves, "relaxed": True,
            "question": question,
        })

    def legal_moves(self, fen):
        """The legal moves (ICCS) of the position, or None when the oracle
        refuses the position (say, the side not to move is in check)."""
        key = " ".join(fen.split()[:2])
        if key not in self._legal:
            reply = self.ask(fen, [], {"ask": "legal-moves"})
            self._legal[key] = None if "error" in reply else reply["result"]["moves"]
            if len(self._legal) > 200_000:
                self._legal.clear()
        return self._legal[key]

    def ruling(self, fen, moves, edition="axf-2017"):
        reply = self.ask(fen, moves, {"ask": "ruling"}, edition)
        if "error" in reply:
            return {"result": "error", "error": reply["error"]}
        return reply["result"]

    def close(self):
        try:
            self._send({"type": "stop"})
        except (BrokenPipeError, SystemExit):
            pass
        self.proc.wait(timeout=10)


def to_ff(m):
    """ICCS ranks 0-9 -> pyffish ranks 1-10."""
    return "%s%d%s%d" % (m[0], int(m[1]) + 1, m[2], int(m[3]) + 1)


def fsf_result(fen, moves):
    """Fairy-Stockfish's verdict on the final position: '1-0', '0-1',
    '1/2-1/2', or '*' when it sees nothing to adjudicate.
    `is_optional_game_end` judges a position standing for the third time
    with its Asian chasing rules (perpetual check and perpetual chase lose;
    the value is from the side to move's point of view)."""
    ff = [to_ff(m) for m in moves]
    ended, value = pyffish.is_optional_game_end(VARIANT, fen, ff)
    if not ended:
        return "*"
    if value == 0:
        return "1/2-1/2"
    red_to_move = (len(moves) % 2 == 0) == (fen.split()[1] in ("w", "r"))
    return "1-0" if (value > 0) == red_to_move else "0-1"
