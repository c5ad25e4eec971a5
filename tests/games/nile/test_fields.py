"""Dioses del Nilo's state field declaration (games/nile/fields.py) is complete: every attribute is
declared, copied in its mode, serialised, and listed in docs/nile-state.md."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from netjer.core.state import State
from netjer.games.nile import NileGame
from netjer.games.nile.fields import FIELDS, field_table
from tests.state_fields import (
    assert_clone_follows_the_declaration,
    assert_every_attribute_declared,
    assert_every_written_field_counts,
    assert_full_state_writes_the_declaration,
    random_game_states,
)

#: Changes of the fields whose values are not a list, number or text.
CHANGES: dict[str, Callable[[object], object]] = {
    "reps": lambda reps: {**reps, ((), ((), ()), 0, 0): 1},  # type: ignore[dict-item]
    "log": lambda log: ([("end", 0)], log),
}

DOCS = Path(__file__).resolve().parents[3] / "docs" / "nile-state.md"


@pytest.fixture(scope="module")
def states() -> list[State]:
    options = [{}, {"columns": 5, "values": "triangular", "owner_sees_drawn": False}]
    return [
        s
        for opts in options
        for seed in (1, 2)
        for s in random_game_states(lambda o=opts, sd=seed: NileGame(o).new_initial_state(sd), seed)  # type: ignore[misc]
    ]


def test_every_attribute_is_declared(states: list[State]) -> None:
    for s in states:
        assert_every_attribute_declared(s, FIELDS)


def test_full_state_writes_every_declared_field(states: list[State]) -> None:
    for s in states[::4]:
        assert_full_state_writes_the_declaration(s, FIELDS)


def test_clone_copies_every_field_in_its_mode(states: list[State]) -> None:
    for s in states[::3]:
        assert_clone_follows_the_declaration(s, FIELDS)


def test_a_difference_in_any_written_field_makes_states_unequal(states: list[State]) -> None:
    for s in states[len(states) // 3 :: 7]:
        assert_every_written_field_counts(s, FIELDS, CHANGES)


def test_the_docs_list_every_field() -> None:
    assert field_table() in DOCS.read_text(encoding="utf-8"), "regenerate docs/nile-state.md's field list"
