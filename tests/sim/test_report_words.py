"""The balance report's words in Spanish and German (issue 32): the options named by their
titles with their values in the reader's words, the notes without English glosses, a facet's
heading that does not read as an exclamation."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from netjer import i18n
from netjer.sim.report import options_words

EXPLAINED = (
    "Balance = 1 − (best − worst seat score); first player = the score of the seat that made the first "
    "decision, with its 95% Wilson interval; drawishness = share of games without a single winner; "
    "decisiveness = mean fraction of the game after which the final leader on the public score led for "
    "good; lead changes on the public score; lengths in decisions."
)


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language(i18n.DEFAULT_LANGUAGE)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("es", "Jugadores: 3; Escenario: Reino Medio; Segunda acción: opcional"),
        ("de", "Spielerzahl: 3; Szenario: Mittleres Reich; Zweite Aktion: freiwillig"),
        ("en", "Players: 3; Scenario: middle-kingdom; Second Action: optional"),
    ],
)
def test_options_are_named_pairs_in_the_language(language: str, expected: str) -> None:
    i18n.set_language(language)
    words = options_words("ankh", {"players": 3, "scenario": "middle-kingdom", "second_action": "optional"})
    assert words.startswith(expected), words
    assert "{" not in words and '"' not in words


def test_options_without_a_schema_title_are_told_by_their_words() -> None:
    i18n.set_language("de")
    words = options_words("aton", {"rotate_starts": True, "variants": ["a", "b"]})
    assert words == "rotate starts: ja; variants: a, b", words


@pytest.mark.parametrize("language", ["es", "de"])
def test_the_notes_keep_no_english_gloss(language: str) -> None:
    told = i18n.gettext(EXPLAINED, language)
    assert told != EXPLAINED
    assert not re.search(r"\((?:drawishness|decisiveness)\)", told), told


def test_a_spanish_facet_heading_is_no_exclamation() -> None:
    heading = i18n.gettext("By {facet}", "es").format(facet=i18n.gettext("god", "es"))
    assert not heading.lower().startswith("por dios"), heading


@pytest.mark.parametrize(
    "message",
    ["By {facet}", "By {facet} (shared by the seats of a game)", "By {facet} (the same for every seat of a game)"],
)
@pytest.mark.parametrize("facet", ["god", "turn position", "start position", "scenario", "guardians"])
def test_a_german_facet_heading_is_a_breakdown(message: str, facet: str) -> None:
    """A German heading says what the table breaks the results down by ("Nach Gott" reads as "after
    God"): "Aufschlüsselung nach Gott", for every facet the games name."""
    heading = i18n.gettext(message, "de").format(facet=i18n.gettext(facet, "de"))
    assert not heading.startswith("Nach "), heading
    assert f"nach {i18n.gettext(facet, 'de')}" in heading, heading


def test_a_value_left_to_chance_is_told_in_words() -> None:
    """Issue 32: "Guardianes: draw; Jugador inicial: None": a value drawn at random at the setup
    (``None``, ``"draw"``) is said in the reader's words, never as the code's value."""
    i18n.set_language("es")
    words = options_words("ankh", {"guardians": "draw", "first_player": None, "gods": "draw"})
    assert "None" not in words and "draw" not in words, words
    assert words.count("al azar") == 3, words
