"""The terminal's screens in Spanish and German (issue 32): seeded games of every game, drawn
mid-game and at their end for a seat and for a spectator on a Rich console 80 and 120 columns
wide, show no English sentence of the catalogues, no unfilled placeholder and no raw key
(tests/language_check.py)."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console

from netjer import i18n
from netjer.core import Rng
from netjer.drawings import render_full, renderer_for
from netjer.games.ankh.terms import english_term_name
from netjer.games.registry import make_game
from tests.language_check import problems

#: (game, options): every game, Ankh with 2 players and no gods and with the Pantheon gods.
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("aton", {}),
    ("nile", {}),
    ("ankh", {"players": 2, "gods": "none"}),
    ("ankh", {"players": 3, "gods": "amun,anubis,isis"}),
    ("ankh", {"players": 4, "gods": "osiris,ra,bastet,hathor"}),
    ("ankh", {"players": 3, "gods": "thoth,horus,seth"}),
]
#: The plies after which a screen is drawn (then the end of the game).
STOPS = (0, 7, 40, 120)


def _screens(game: str, options: dict[str, Any], language: str, width: int) -> list[str]:
    """The screens of ``game`` played by ``Rng(3)``'s choices, told in ``language``."""
    i18n.set_language(language)
    try:
        made = make_game(game, options)
        state = made.new_initial_state(3)
        rng = Rng(3)
        shown: list[str] = []
        ply = 0
        while True:
            if ply in STOPS or state.is_terminal:
                for seat in (0, None):
                    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
                    console.print(renderer_for(game)(state.observation(seat), seat))
                    shown.append(console.export_text())
                console = Console(width=width, record=True, color_system=None, file=io.StringIO())
                console.print(render_full(game, [state.observation(s) for s in range(made.num_players)]))
                shown.append(console.export_text())
            if state.is_terminal:
                return shown
            state.apply(rng.choice(state.legal_actions()))
            ply += 1
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)


@pytest.mark.slow
@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("language", ["es", "de"])
@pytest.mark.parametrize(("game", "options"), GAMES, ids=[f"{g}-{o.get('gods', '')}" for g, o in GAMES])
def test_a_seeded_games_screens_show_no_english_sentence(
    game: str, options: dict[str, Any], language: str, width: int
) -> None:
    found: dict[str, list[str]] = {}
    for screen in _screens(game, options, language, width):
        for problem in problems(screen, language, ("common", game)):
            found.setdefault(problem, []).append(screen[:200])
    assert not found, "\n".join(f"{p} (in: {s[0]!r})" for p, s in found.items())


def test_the_check_sees_english_on_an_english_screen() -> None:
    screen = _screens("aton", {}, "en", 120)[1]
    assert len(problems(screen, "es", ("common", "aton"))) > 2


#: The observation's words for a god power's component ("token up", "plus1 beside-board"), not
#: the reader's (an English word the catalogue check, which reads phrases, does not see).
OBSERVATION_WORDS = re.compile(r"\b(?:up|down|beside-board|gone|star)\b")


@pytest.mark.slow
@pytest.mark.parametrize("language", ["es", "de"])
def test_a_god_panel_names_the_powers_and_their_tokens_in_the_language(language: str) -> None:
    """Each god power's row is named by the god in the reader's language ("Tot", not "Thoth") and
    its tokens' states are the reader's words ("ficha boca arriba", "junto a su tablero")."""
    screens = [
        screen
        for gods in ("amun,bastet,thoth", "osiris,ra,bastet,hathor")
        for screen in _screens("ankh", {"players": len(gods.split(",")), "gods": gods}, language, 120)
    ]
    rows = {m.group(1) for screen in screens for m in re.finditer(r"^│ (\S+) {2,}", screen, flags=re.MULTILINE)}
    for gid in ("amun", "bastet", "thoth", "osiris", "ra", "hathor"):
        english = english_term_name("god", gid)
        told = i18n.gettext(english, language)
        assert told in rows, (gid, sorted(rows))
        assert told == english or english not in rows, (gid, sorted(rows))
    found = {m.group() for screen in screens for m in OBSERVATION_WORDS.finditer(screen)}
    assert not found, found
