"""An independent check of the move generator: the legal actions re-derived, naively and
straight from the rules, from nothing but the acting seat's observation, over random games.

This cross-checks the engine's fast generator (and the perft files it produced) and shows
that the legal actions depend only on what the acting seat knows.
"""

from __future__ import annotations

from typing import Any

import pytest

from netjer.core import Rng
from netjer.games.nile import NileGame

LETTERS = "abcdefghi"


def oracle(obs: dict[str, Any], options: dict[str, Any]) -> set[str]:
    """The legal actions of the side to move, from its observation (rules/nilo.md §3-§4)."""
    me = obs["to_move"]
    cols = obs["columns"]
    board = obs["board"]  # rows 1..4
    my_rows = (0, 1) if me == 0 else (3, 2)  # (rearguard, vanguard) row indices
    enemy_rows = (3, 2) if me == 0 else (0, 1)

    def name(r: int, c: int) -> str:
        return f"{LETTERS[c]}{r + 1}"

    def mine(r: int, c: int) -> bool:
        return board[r][c] is not None and board[r][c]["owner"] == me

    out: set[str] = set()
    if obs["phase"] == "placement":
        hand = obs["players"][me]["hand"]
        face_up = obs["players"][me]["hand_face_up"]
        for value, up in zip(hand, face_up, strict=True):
            v = "?" if value is None else str(value)
            for r in my_rows:
                for c in range(cols):
                    if board[r][c] is None:
                        out.add(f"place {v} {name(r, c)}")  # S7: anywhere face up
                        if r == my_rows[0] and not up:  # S7: face down only in the rearguard
                            out.add(f"place {v} {name(r, c)} down")
        return out
    blocking = options.get("blocking", False)
    for r in my_rows:
        for c in range(cols):
            if not mine(r, c):
                continue
            for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):  # S8: orthogonal steps
                r2, c2 = r + dr, c + dc
                if r2 in my_rows and 0 <= c2 < cols and board[r2][c2] is None:
                    out.add(f"move {name(r, c)} {name(r2, c2)}")
            ev, er = enemy_rows[1], enemy_rows[0]
            if r == my_rows[1]:  # S10: a vanguard soldier hits both enemy squares ahead
                if board[ev][c] is not None:
                    out.add(f"attack {name(r, c)} {name(ev, c)}")
                if not (blocking and board[ev][c] is not None):
                    out.add(f"attack {name(r, c)} {name(er, c)}")  # a fight, or the win (S12)
            elif board[ev][c] is not None and not (blocking and board[my_rows[1]][c] is not None):
                out.add(f"attack {name(r, c)} {name(ev, c)}")  # S10: rearguard -> vanguard only
    out.add("end" if obs["phase"] == "combat" else "decline")
    return out


@pytest.mark.parametrize(
    "options",
    [{}, {"blocking": True, "columns": 5}, {"owner_sees_drawn": False, "values": "triangular"}],
    ids=["default", "blocking-5", "blind-triangular"],
)
def test_generator_matches_the_oracle(options: dict[str, Any]) -> None:
    game = NileGame(options)
    rng = Rng(99)
    for seed in range(150):
        state = game.new_initial_state(seed)
        while not state.is_terminal:
            obs = state.observation(state.current_player)
            legal = [str(a) for a in state.legal_actions()]
            assert len(legal) == len(set(legal)), "duplicate legal actions"
            assert set(legal) == oracle(obs, options), f"seed {seed}, after {[str(a) for a in state.history]}"
            state.apply(rng.choice(state.legal_actions()))
