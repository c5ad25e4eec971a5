"""A Giant Scorpion's aim in the reader's language (issue 32): the choices show its directions
as the language writes them (German N, NO, SO, S, SW, NW; Spanish N, NE, SE, S, SO, NO), what
is shown is read back as typed, and the notation's English letters stay valid in every language."""

from __future__ import annotations

import pytest

from netjer.core.errors import ActionSyntaxError
from netjer.games.ankh import notation
from netjer.games.registry import make_game
from tests.language_check import in_language

SHOWN = {
    "en": ["aim N-NE", "aim NE-SE", "aim SE-S", "aim S-SW", "aim SW-NW", "aim NW-N"],
    "de": ["aim N-NO", "aim NO-SO", "aim SO-S", "aim S-SW", "aim SW-NW", "aim NW-N"],
    "es": ["aim N-NE", "aim NE-SE", "aim SE-S", "aim S-SO", "aim SO-NO", "aim NO-N"],
}


@pytest.mark.parametrize("language", sorted(SHOWN))
def test_an_aim_is_shown_in_the_language_and_read_back_as_shown(language: str) -> None:
    game = make_game("ankh", {"players": 3})
    with in_language(language):
        shown = [game.shown_action(a) for a in notation.AIM]
        assert shown == SHOWN[language]
        assert [game.parse_action(s) for s in shown] == list(notation.AIM)
        assert [game.parse_action(s.lower().replace("-", " - ")) for s in shown] == list(notation.AIM)


@pytest.mark.parametrize("language", sorted(SHOWN))
def test_the_notations_english_letters_stay_valid_in_every_language(language: str) -> None:
    game = make_game("ankh", {"players": 3})
    with in_language(language):
        assert [game.parse_action(str(a)) for a in notation.AIM] == list(notation.AIM)


def test_a_direction_is_read_in_the_readers_language_only() -> None:
    """German NO is north-east, Spanish NO north-west; English has no NO."""
    game = make_game("ankh", {"players": 3})
    with in_language("de"):
        assert str(game.parse_action("aim NO-SO")) == "aim NE-SE"
    with in_language("es"):
        assert str(game.parse_action("aim SO-NO")) == "aim SW-NW"
    with in_language("en"), pytest.raises(ActionSyntaxError):
        game.parse_action("aim NO-SO")


def test_the_notation_of_an_aim_does_not_change() -> None:
    with in_language("de"):
        assert [str(a) for a in notation.AIM] == SHOWN["en"]
