"""Perft for any game: count the action sequences of a given depth from a fixed position.

A ``.perft`` file (python-chess style, DESIGN.md) is a few ``key: value`` lines::

    # what the position is
    game: aton
    options: {}
    seed: 7
    actions: keep; keep; assign 1
    perft 1: 3
    perft 2: 9

``actions`` (separated by ``;``) lead from the seed's initial state to the position.  Write
a new file's counts with ``python -m tests.perft tests/data/aton/new.perft`` after checking
them by hand for small depths.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from netjer.core import State
from netjer.games.registry import make_game


@dataclass
class PerftCase:
    """A parsed ``.perft`` file."""

    path: Path
    game: str
    options: dict[str, Any]
    seed: int
    actions: list[str]
    counts: dict[int, int] = field(default_factory=dict)

    def position(self) -> State:
        """The state the file describes."""
        state = make_game(self.game, self.options).new_initial_state(self.seed)
        for text in self.actions:
            state.apply_text(text)
        return state


def read_perft(path: Path) -> PerftCase:
    """Parse a ``.perft`` file (see the module docstring)."""
    values: dict[str, str] = {}
    counts: dict[int, int] = {}
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(":")
        key = key.strip()
        if key.startswith("perft "):
            counts[int(key.split()[1])] = int(value)
        else:
            values[key] = value.strip()
    actions = [a.strip() for a in values.get("actions", "").split(";") if a.strip()]
    return PerftCase(
        path=path,
        game=values["game"],
        options=json.loads(values.get("options", "{}")),
        seed=int(values["seed"]),
        actions=actions,
        counts=counts,
    )


def perft(state: State, depth: int) -> int:
    """Number of action sequences of length ``depth`` (sequences ending early at the end
    of the game count once)."""
    if depth == 0 or state.is_terminal:
        return 1
    legal = state.legal_actions()
    if depth == 1:
        return len(legal)
    total = 0
    for action in legal:
        child = state.clone()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def breakdown(state: State, depth: int) -> dict[str, int]:
    """Per first action, the perft of depth ``depth - 1`` after it (python-chess ``divide``)."""
    result = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        result[str(action)] = perft(child, depth - 1)
    return result


if __name__ == "__main__":  # pragma: no cover - a tool for writing new perft files
    for arg in sys.argv[1:]:
        case = read_perft(Path(arg))
        pos = case.position()
        for d in range(1, 4):
            print(f"perft {d}: {perft(pos, d)}")
