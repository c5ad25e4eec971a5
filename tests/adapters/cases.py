"""Shared parameters of the adapter tests: every registered game at every player count."""

from __future__ import annotations

from typing import Any

import pytest

from netjer.adapters.common import player_range
from netjer.games.registry import game_names


def game_cases() -> list[Any]:
    """``pytest.param(name, options)`` for every game and player count (plus notable options)."""
    cases = []
    for name in game_names():
        low, high = player_range(name)
        for n in range(low, high + 1):
            options: dict[str, Any] = {"players": n} if low != high else {}
            cases.append(pytest.param(name, options, id=f"{name}-{n}p"))
    cases += [
        pytest.param(
            "aton",
            {"equal_40_tie": "continue", "reveal": "all_at_once", "kingdom_after_scoring": "out_of_game"},
            id="aton-variants",
        ),
        pytest.param(
            "nile",
            {"columns": 5, "values": "triangular", "blocking": True, "owner_sees_drawn": False},
            id="nile-variants",
        ),
        pytest.param(
            "ankh",
            {
                "players": 3,
                "scenario": "old-kingdom",
                "track_length": "long",
                "merged_powers": "combined",
                "osiris_underworld": "instead",
                "second_action": "mandatory",
                "guardian_slots": [1, 3, 5],
            },
            id="ankh-variants",
        ),
    ]
    return cases


GAME_CASES = game_cases()

#: One case per game: its default options (the smallest player count when it has several).
BASIC_CASES = [next(c for c in GAME_CASES if c.values[0] == name) for name in game_names()]


def _heavy(case: Any) -> bool:
    """Ankh with 4 or 5 seats: the longest games of the suite (several seconds each)."""
    name, options = case.values
    return bool(name == "ankh" and options.get("players", 2) >= 4)


#: Every case, the heavy ones (Ankh 4-5 players) marked slow: for tests that play whole
#: games, whose 2- and 3-player Ankh cases check the same property in the default run.
QUICK_CASES = [
    pytest.param(*c.values, id=c.id, marks=[*c.marks, pytest.mark.slow]) if _heavy(c) else c for c in GAME_CASES
]
