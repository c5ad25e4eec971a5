"""Aton's options, notation and integer encoding."""

from __future__ import annotations

import pytest

from netjer.core import ActionSyntaxError, ConfigError
from netjer.games.aton import AtonGame
from netjer.games.aton.actions import ALL_ACTIONS


def test_defaults_are_the_rulings_of_rules_aton_md() -> None:
    assert AtonGame().options_dict() == {
        "layout": "proposal",
        "first_round_removals": "forbidden",
        "kingdom_after_scoring": "return",
        "equal_40_tie": "draw",
        "temple4_blue_squares": "all_temples",
        "reveal": "staged",
    }


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"equal_40_tie": "maybe"}, "equal_40_tie"),
        ({"colour": "green"}, "colour: Extra inputs are not permitted"),
        ({"reveal": 3}, "reveal"),
    ],
)
def test_bad_options_raise_config_error(options: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        AtonGame(options)


def test_every_action_round_trips_through_notation_and_code() -> None:
    game = AtonGame()
    assert game.num_distinct_actions == len(ALL_ACTIONS) == 54
    for code in range(game.num_distinct_actions):
        action = game.int_to_action(code)
        assert game.action_to_int(action) == code
        assert game.parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("text", "expected"),
    [("Place 2 y", "place 2Y"), ("  REMOVE 4+2 ", "remove 4+2"), ("assign   3", "assign 3"), ("KEEP", "keep")],
)
def test_notation_is_forgiving_about_case_and_spaces(text: str, expected: str) -> None:
    assert str(AtonGame().parse_action(text)) == expected


@pytest.mark.parametrize("text", ["", "place 5Y", "assign 0", "remove 1X", "jump"])
def test_bad_notation_raises_action_syntax_error(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        AtonGame().parse_action(text)


def test_int_to_action_out_of_range() -> None:
    with pytest.raises(ValueError, match=r"0\.\.53"):
        AtonGame().int_to_action(54)
