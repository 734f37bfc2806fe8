#!/usr/bin/env python3
"""gym-xiangqi adapter for the xiangqi conformance harness (protocol 1).

Wraps PyPI `gym-xiangqi` (tanliyon's OpenAI-gym environment,
`gym_xiangqi.envs.xiangqi_env.XiangQiEnv`). What it answers and why is in
README.md beside this file; the library's known failures, each explained,
are in harness/expectations/gym-xiangqi.yaml.

The environment has no FEN reader: it always starts from the opening array.
Its state is a 10 x 9 array, row 0 at Black's back rank (ICCS rank r is row
9 - r), holding piece ids: positive for the "ally" (Red here, at the
bottom), negative for the "enemy" (Black). Each side has fixed id slots —
1 general, 2-3 advisors, 4-5 elephants, 6-7 horses, 8-9 chariots,
10-11 cannons, 12-16 soldiers — and a piece object per slot. The adapter
fills the array and the piece objects from the FEN the way reset() fills
them from the opening array; a position needing more pieces of a kind than
there are slots is `unsupported`. Moves are indices into its action space
(`move_to_action_space(piece id, (row, col), (row, col))`).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import adapter_protocol as xa  # noqa: E402  (redirects fd 1 before gym and pygame load)

import warnings  # noqa: E402

warnings.filterwarnings("ignore")

import numpy as np  # noqa: E402
from gym_xiangqi.constants import (ALIVE, ALLY, BLACK, DEAD, ENEMY, LOSE,  # noqa: E402
                                   RED)
from gym_xiangqi.envs.xiangqi_env import XiangQiEnv  # noqa: E402
from gym_xiangqi.utils import action_space_to_move, move_to_action_space  # noqa: E402

SLOTS = {"k": [1], "a": [2, 3], "b": [4, 5], "n": [6, 7], "r": [8, 9],
         "c": [10, 11], "p": [12, 13, 14, 15, 16]}


class State:
    def __init__(self, board, red):
        self.board = board  # {(file, rank): FEN letter}
        self.red = red


class GymXiangqi(xa.Implementation):
    name = "gym-xiangqi"
    version = xa.package_version("gym-xiangqi")
    # One legal-move list costs ~5 ms (plus the adapter's set-up): perft 3
    # from the start ~12 s.
    max_perft_depth = 3
    time_scale = 4
    conventions = {}

    def __init__(self):
        self.env = XiangQiEnv(ally_color=RED)

    def load(self, s):
        """Puts the position into the environment (as reset() does for the
        opening) with `s`'s side to move."""
        env = self.env
        state = np.zeros((10, 9), dtype=int)
        ally = [None] * 17
        enemy = [None] * 17
        free = {True: {k: list(v) for k, v in SLOTS.items()},
                False: {k: list(v) for k, v in SLOTS.items()}}
        for (f, r), letter in sorted(s.board.items()):
            red = letter.isupper()
            kind = letter.lower()
            if not free[red][kind]:
                raise xa.Unsupported("gym-xiangqi has %d slot(s) for %s's %r"
                                     % (len(SLOTS[kind]), "Red" if red else "Black", kind))
            pid = free[red][kind].pop(0)
            row = 9 - r
            cls = env.id_to_class[pid]
            if red:
                ally[pid] = cls(RED, row, f)
                state[row][f] = pid
            else:
                enemy[pid] = cls(BLACK, row, f)
                state[row][f] = -pid
        for side, pieces in ((RED, ally), (BLACK, enemy)):
            for pid in range(1, 17):
                if pieces[pid] is None:
                    # An empty slot: a captured piece, as the game marks it.
                    pieces[pid] = env.id_to_class[pid](side, 0, 0)
                    pieces[pid].state = DEAD
        if ally[1].state != ALIVE or enemy[1].state != ALIVE:
            raise xa.RequestError("gym-xiangqi needs both generals")
        env._state = state
        env._ally_piece = ally
        env._enemy_piece = enemy
        env._game.set_pieces(ally, enemy)
        env._ally_jiang_history = {}
        env._enemy_jiang_history = {}
        env._done = False
        env._turn = ALLY if s.red else ENEMY
        env.get_possible_actions(env._turn)
        env._state_hash = hash(str(env._state))

    def actions(self, turn):
        env = self.env
        saved = env._turn
        env._turn = turn  # get_actions signs piece ids with the turn
        env.get_possible_actions(turn)
        env._turn = saved
        pool = env._ally_actions if turn == ALLY else env._enemy_actions
        return [action_space_to_move(int(a)) for a in np.where(pool == 1)[0]]

    def setup(self, fen):
        s = State(dict(fen.board), fen.red)
        self.load(s)  # refuses what the environment cannot hold
        return s

    def legal(self, s):
        self.load(s)
        out = []
        for _pid, (r1, c1), (r2, c2) in self.actions(self.env._turn):
            out.append(xa.iccs((int(c1), 9 - int(r1)), (int(c2), 9 - int(r2))))
        return out

    def play(self, s, move):
        frm, to = xa.iccs_squares(move)
        board = dict(s.board)
        board[to] = board.pop(frm)
        return State(board, not s.red)

    def red_to_move(self, s):
        return s.red

    def in_check(self, s):
        # check_jiang() asks whether the side to move checks; ask it of the
        # opponent's moves: any that lands on our general.
        self.load(s)
        env = self.env
        general = env._ally_piece[1] if s.red else env._enemy_piece[1]
        return any(int(r) == general.row and int(c) == general.col
                   for _pid, _frm, (r, c) in self.actions(-env._turn))

    def ruling(self, fen, moves, _edition):
        """The environment's own step(): it ends a game when a general is
        captured or when one checking move is repeated for the 4th time
        (MAX_PERPETUAL_JIANG: the checker loses). It refuses a move outside
        its action list (ILLEGAL_MOVE, no move made) and goes on."""
        if not isinstance(moves, list):
            raise xa.RequestError("moves must be a list")
        s = State(dict(fen.board), fen.red)
        self.load(s)
        env = self.env
        for i, mv in enumerate(moves):
            frm, to = xa.iccs_squares(mv)
            pid = abs(int(env._state[9 - frm[1]][frm[0]]))
            if pid == 0:
                raise xa.RequestError("move %d (%s) starts on an empty point" % (i + 1, mv))
            mover_red = env._turn == ALLY
            action = move_to_action_space(pid, (9 - frm[1], frm[0]), (9 - to[1], to[0]))
            _obs, reward, done, _info = env.step(action)
            if done:
                mover_wins = reward != LOSE
                red_wins = mover_wins == mover_red
                return {"result": "1-0" if red_wins else "0-1", "ended_at_ply": i + 1}
        return {"result": "*"}


if __name__ == "__main__":
    sys.exit(xa.serve(GymXiangqi()))
