"""The temple layout data file and its validation (rules/aton.md §2)."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from netjer.core import ConfigError, DataFileError
from netjer.games.aton import AtonGame
from netjer.games.aton.layout import BLACK, BLUE, GREEN, YELLOW, available_layouts, load_layout, validate_layout


def _proposal() -> dict[str, Any]:
    path = resources.files("netjer.games.aton") / "data" / "proposal.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_proposal_layout_satisfies_section_2_1() -> None:
    layout = load_layout("proposal")
    assert layout.count(BLACK) == 10
    assert layout.count(BLUE) == 4
    assert layout.count(YELLOW) == 14 and layout.count(GREEN) == 14
    assert [layout.count(YELLOW, t) for t in range(4)] == [4, 3, 4, 3]  # §2.2 PROPOSAL table
    assert [layout.count(BLACK, t) for t in range(4)] == [2, 3, 3, 2]
    assert sum(len(s) for s in layout.slots) == 48


def test_shipped_layouts_all_validate() -> None:
    for name in available_layouts():
        load_layout(name)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["temples"].pop(), "expected 4 temples"),
        (lambda d: d["temples"][0]["squares"].pop(), "temple 1 has 11 squares"),
        (lambda d: d["temples"][1]["squares"].__setitem__(6, "Y"), "temple 2 has 0 blue"),
        (lambda d: d["temples"][2]["squares"].__setitem__(0, "Q"), "unknown square kind 'Q'"),
        (lambda d: d["temples"][0]["squares"].__setitem__(1, "Y"), "temple 1 has 5 yellow"),
        (
            lambda d: d["temples"][3].update(squares=["G", "Y", "G", "K", "Y", "G", "B", "Y", "G", "K", "Y", "K"]),
            "temple 4 has 0 bonus",
        ),
        (lambda d: d["temples"][0]["squares"].__setitem__(1, "K"), "temple 1 has 2 green"),
        (lambda d: d.pop("temples"), "'temples' list"),
    ],
)
def test_bad_layouts_are_refused_with_the_broken_invariant(mutate: Any, message: str) -> None:
    data = copy.deepcopy(_proposal())
    mutate(data)
    with pytest.raises(DataFileError, match=message):
        validate_layout("test", data)


def test_ten_black_squares_in_all() -> None:
    data = copy.deepcopy(_proposal())
    # Temple 1: a green becomes black (3 black, 2 green would break green); swap a yellow instead.
    data["temples"][0]["squares"][0] = "K"  # yellow 4 -> 3, black 2 -> 3: board now has 11 black
    with pytest.raises(DataFileError, match="11 black squares, expected 10"):
        validate_layout("test", data)


def test_unknown_layout_option_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="unknown layout 'nope'"):
        AtonGame({"layout": "nope"})
