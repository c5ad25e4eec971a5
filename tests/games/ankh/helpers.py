"""Small builders so that Ankh board tests read like the rulebook: hexes as ``"r,c"``
(rules/ankh.md §8.2 coordinates) and edges as ``"r,c|r,c"``."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

from netjer.games.ankh.board import Board, load_board

BOARD: Board = load_board()


def hx(text: str) -> int:
    """The hex ``"r,c"``."""
    return BOARD.parse_hex(text)


def hexes(*texts: str) -> set[int]:
    """A set of hexes."""
    return {hx(t) for t in texts}


def edge(text: str) -> int:
    """The edge ``"r,c|r,c"``."""
    return BOARD.parse_edge(text)


def line(*texts: str) -> list[int]:
    """A camel line, edges in laying order."""
    return [edge(t) for t in texts]


def map_data() -> dict[str, Any]:
    """A fresh, mutable copy of the shipped map file's JSON (to corrupt in tests)."""
    text = (resources.files("netjer.games.ankh") / "data" / "map.json").read_text(encoding="utf-8")
    return copy.deepcopy(json.loads(text))


def scenario_data(name: str, players: int) -> dict[str, Any]:
    """A fresh, mutable copy of a shipped scenario file's JSON."""
    path = resources.files("netjer.games.ankh") / "data" / "scenarios" / f"{name}-{players}p.json"
    return copy.deepcopy(json.loads(path.read_text(encoding="utf-8")))
