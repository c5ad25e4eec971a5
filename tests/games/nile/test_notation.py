"""Action notation and integer codes (netjer.games.nile.actions)."""

from __future__ import annotations

import pytest

from netjer.core import ActionSyntaxError
from netjer.games.nile import NileGame
from netjer.games.nile.actions import DECLINE, END, Attack, Move, Place


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("place 4 a2", Place(4, "a2", False)),
        ("  Place 4   B1   DOWN ", Place(4, "b1", True)),
        ("place 4 b1 up", Place(4, "b1", False)),
        ("place ? a1 down", Place(0, "a1", True)),
        ("move a2 b2", Move("a2", "b2")),
        ("a2-b2", Move("a2", "b2")),
        ("a2 b2", Move("a2", "b2")),
        ("attack a2 a3", Attack("a2", "a3")),
        ("a2xa3", Attack("a2", "a3")),
        ("end", END),
        ("End turn", END),
        ("decline", DECLINE),
        ("pass", DECLINE),
    ],
)
def test_parse(text: str, expected: object) -> None:
    assert NileGame().parse_action(text) == expected


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("fly a2", "not a Dioses del Nilo action"),
        ("place 9 a2", "values are 1-5"),
        ("place 0 a2", "values are 1-5"),
        ("move a2 d2", "no square d2"),
        ("attack a5 a3", "no square a5"),
        ("move a2 a2", "must differ"),
        ("", "not a Dioses del Nilo action"),
    ],
)
def test_parse_errors(text: str, words: str) -> None:
    with pytest.raises(ActionSyntaxError, match=words):
        NileGame().parse_action(text)


def test_five_columns_have_more_squares() -> None:
    assert NileGame({"columns": 5}).parse_action("move e1 e2") == Move("e1", "e2")


@pytest.mark.parametrize("columns", [3, 5, 7])
def test_codes_round_trip(columns: int) -> None:
    game = NileGame({"columns": columns})
    for code in range(game.num_distinct_actions):
        action = game.int_to_action(code)
        assert game.action_to_int(action) == code
        assert game.parse_action(str(action)) is action  # interned
    with pytest.raises(ValueError, match="codes are"):
        game.int_to_action(game.num_distinct_actions)
    with pytest.raises(ValueError, match="not a Dioses del Nilo action"):
        NileGame().action_to_int(Move("a1", "e1"))
