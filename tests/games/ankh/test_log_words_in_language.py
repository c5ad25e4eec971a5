"""Words inside Ankh's log lines in the reader's language (issue 32): a Giant Scorpion's
directions (rules/ankh.md §3) and an unlock refused because every token is used (§2.1)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from netjer import i18n
from netjer.games.ankh.state import AnkhState
from tests.games.ankh.builder import play, position, start_conflict

APEP_GAME = "satet,apep,giant-scorpion"


@pytest.fixture
def language() -> Iterator[None]:
    yield
    i18n.set_language(i18n.DEFAULT_LANGUAGE)


def _log(s: AnkhState) -> list[str]:
    return [str(line) for line in s.log]


@pytest.mark.parametrize(
    ("language_code", "aim", "aimed"),
    [("de", "NE-SE", "(NO-SO)"), ("es", "SW-NW", "(SO-NO)"), ("en", "NE-SE", "(NE-SE)")],
)
def test_scorpion_destroying_names_its_aim_in_the_language(
    language: None, language_code: str, aim: str, aimed: str
) -> None:
    i18n.set_language(language_code)
    # The Scorpion at 4,4 aims NE-SE at the Temple on 4,5; aimed SW-NW, at the one on 4,3.
    target = "4,5" if aim == "NE-SE" else "4,3"
    pieces = ["A god 8,8", f"A giant-scorpion 4,4 aim={aim}", f"B temple {target}", "B god 2,2"]
    s = start_conflict(position(2, pieces, guardians=APEP_GAME, next_event="conflict"))
    lines = [line for line in _log(s) if "4,4" in line and target in line]
    assert lines and aimed in lines[0], _log(s)


@pytest.mark.parametrize(("language_code", "sides"), [("de", "NO und SO"), ("es", "SO y NO"), ("en", "NE and SE")])
def test_aiming_names_the_sides_in_the_language(language: None, language_code: str, sides: str) -> None:
    i18n.set_language(language_code)
    s = play(position(2, ["A god 4,4", "B god 8,8"], pool={"A": {"giant-scorpion": 1}}, guardians=APEP_GAME), "summon")
    play(s, "put giant-scorpion 4,5")
    aim = "SW-NW" if language_code == "es" else "NE-SE"
    words = s.describe_action(s.game.parse_action(f"aim {aim}"), None)
    assert sides in words, words


@pytest.mark.parametrize(
    ("language_code", "said"),
    [("es", "ya hizo los seis desbloqueos"), ("de", "alle sechs Freischaltungen"), ("en", "all six unlocks")],
)
def test_unlock_with_every_token_used_says_so_in_the_language(language: None, language_code: str, said: str) -> None:
    i18n.set_language(language_code)
    s = position(2, ["A god 4,4", "B god 8,8"], followers=[4, 0], unlocked={"A": 6})
    play(s, "unlock")
    line = next(line for line in _log(s) if "4" in line and said in line)
    assert "-" not in line.split("(")[1]
