"""Aton's and Dioses del Nilo's state field declarations (games/aton/fields.py,
games/nile/fields.py; the pattern of netjer.core.fields, issue 28) are complete: every attribute
is declared, copied in its mode, serialised, counted in equality, and listed in docs/<game>-state.md.
Ankh's, with its Battle record and god powers, has tests/games/ankh/test_fields.py."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from netjer.core.fields import StateField
from netjer.core.state import State
from netjer.games.aton import fields as aton_fields
from netjer.games.nile import fields as nile_fields
from netjer.games.registry import make_game
from tests.state_fields import (
    assert_clone_follows_the_declaration,
    assert_every_attribute_declared,
    assert_every_written_field_counts,
    assert_full_state_writes_the_declaration,
    random_game_states,
)

DOCS = Path(__file__).resolve().parents[2] / "docs"

#: Per game: its declaration, the option sets its states are drawn from, and the changes of the
#: fields whose values are not a list, number or text.
GAMES: dict[str, tuple[ModuleType, list[dict[str, object]], dict[str, Callable[[object], object]]]] = {
    "aton": (aton_fields, [{}, {"reveal": "staged", "first_round_removals": "allowed"}], {}),
    "nile": (
        nile_fields,
        [{}, {"columns": 5, "values": "triangular", "owner_sees_drawn": False}],
        {
            "reps": lambda reps: {**reps, ((), ((), ()), 0, 0): 1},  # type: ignore[dict-item]
            "log": lambda log: ([("end", 0)], log),
        },
    ),
}


@cache
def states(game: str) -> list[State]:
    """Clones of every 5th state of two seeded random games per option set, and their ends."""
    return [
        s
        for options in GAMES[game][1]
        for seed in (1, 2)
        for s in random_game_states(lambda o=options, sd=seed: make_game(game, o).new_initial_state(sd), seed)  # type: ignore[misc]
    ]


def fields_of(game: str) -> Sequence[StateField]:
    fields: Sequence[StateField] = GAMES[game][0].FIELDS
    return fields


@pytest.mark.parametrize("game", GAMES)
def test_every_attribute_is_declared(game: str) -> None:
    for s in states(game):
        assert_every_attribute_declared(s, fields_of(game))


@pytest.mark.parametrize("game", GAMES)
def test_full_state_writes_every_declared_field(game: str) -> None:
    for s in states(game)[::4]:
        assert_full_state_writes_the_declaration(s, fields_of(game))


@pytest.mark.parametrize("game", GAMES)
def test_clone_copies_every_field_in_its_mode(game: str) -> None:
    for s in states(game)[::3]:
        assert_clone_follows_the_declaration(s, fields_of(game))


@pytest.mark.parametrize("game", GAMES)
def test_a_difference_in_any_written_field_makes_states_unequal(game: str) -> None:
    found = states(game)
    for s in found[len(found) // 3 :: 7]:
        assert_every_written_field_counts(s, fields_of(game), GAMES[game][2])


@pytest.mark.parametrize("game", GAMES)
def test_the_docs_list_every_field(game: str) -> None:
    table: str = GAMES[game][0].field_table()
    assert table in (DOCS / f"{game}-state.md").read_text(encoding="utf-8"), f"regenerate docs/{game}-state.md"
