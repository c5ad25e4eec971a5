"""Perft for Dioses del Nilo: count the action sequences of a given length.

A perft file (``tests/data/nile/*.perft``) fixes a position as a game (options, seed and
actions in notation from the start) and gives exact counts::

    # comment
    options: {"columns": 5}
    seed: 3
    actions: place 1 a1, place 4 b3
    perft 1: 14
    perft 2: 196

``perft n`` is the number of sequences of ``n`` legal actions from the position; a
sequence that reaches the end of the game early is not counted (as in chess perft).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from netjer.core import State
from netjer.games.nile import NileGame

DATA = Path(__file__).resolve().parents[2] / "data" / "nile"


def perft(state: State, depth: int) -> int:
    """The number of action sequences of length ``depth`` from ``state``."""
    if depth == 0:
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


def divide(state: State, depth: int) -> dict[str, int]:
    """Perft of each legal action's child at ``depth - 1`` (the breakdown shown on mismatch)."""
    out = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        out[str(action)] = perft(child, depth - 1)
    return out


@dataclass
class PerftCase:
    """One perft file: the position and its expected counts by depth."""

    path: Path
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    actions: list[str] = field(default_factory=list)
    counts: dict[int, int] = field(default_factory=dict)

    def state(self) -> State:
        """The position: the seeded game after the listed actions."""
        state = NileGame(self.options).new_initial_state(self.seed)
        for text in self.actions:
            state.apply_text(text)
        return state


def load(path: Path) -> PerftCase:
    """Read a perft file (format in the module docstring)."""
    case = PerftCase(path)
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(":")
        value = value.strip()
        if key == "options":
            case.options = json.loads(value)
        elif key == "seed":
            case.seed = int(value)
        elif key == "actions":
            case.actions = [a.strip() for a in value.split(",") if a.strip()]
        elif key.startswith("perft "):
            case.counts[int(key.split()[1])] = int(value)
        else:
            raise ValueError(f"{path.name}: unknown line {raw!r}")
    return case


def cases() -> list[PerftCase]:
    """Every perft file, by name."""
    return [load(p) for p in sorted(DATA.glob("*.perft"))]
