"""The omniscient view (``netjer replay --omniscient``, the end of a game) in the reader's
language (issue 32): its recent events are the seat views' log lines, each one whole catalogue
sentence read back to its message, and its status line names the phase in that language."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from rich.console import Console

from netjer import i18n
from netjer.core import Rng
from netjer.core.state import State
from netjer.drawings import render_full
from netjer.drawings.ankh import LOG_LINES
from netjer.games.registry import make_game
from netjer.i18n_lines import LineReader
from tests.language_check import problems


@pytest.fixture
def spoken(request: pytest.FixtureRequest) -> Iterator[str]:
    """The process's language set to the test's (the terminal's ``--lang``), then English again."""
    language = str(request.param)
    i18n.set_language(language)
    yield language
    i18n.set_language(i18n.DEFAULT_LANGUAGE)


def _played(game: str, options: dict[str, int | str], plies: int) -> State:
    """``game`` after ``plies`` choices of ``Rng(5)`` (or its end), played in the process's language."""
    state = make_game(game, options).new_initial_state(5)
    rng = Rng(5)
    for _ in range(plies):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _omniscient(state: State) -> str:
    console = Console(width=200, record=True, color_system=None, file=io.StringIO())
    console.print(render_full(state.game.name, [state.observation(s) for s in range(state.game.num_players)]))
    return console.export_text()


@pytest.mark.parametrize("spoken", ["es", "de"], indirect=True)
def test_the_ankh_omniscient_recent_events_are_the_seat_views_catalogue_sentences(spoken: str) -> None:
    state = _played("ankh", {"players": 3, "gods": "amun,anubis,isis"}, 150)
    screen = _omniscient(state)
    recent = state.observation(0)["log"][-LOG_LINES:]
    assert len(recent) == LOG_LINES
    for seat in range(1, state.game.num_players):
        assert state.observation(seat)["log"][-LOG_LINES:] == recent
    flat = " ".join(screen.split())
    reader = LineReader(spoken, ("common", "ankh"))
    for line in recent:
        assert " ".join(line.split()) in flat, line  # shown whole (a line may wrap in its panel)
        reading = reader.read(line)
        assert reading is not None and reading.msgid is not None, f"not a catalogue sentence: {line!r}"
    assert i18n.gettext("Ankh: Gods of Egypt", spoken) in flat
    assert not problems(screen, spoken, ("common", "ankh")), problems(screen, spoken, ("common", "ankh"))


@pytest.mark.parametrize("spoken", ["es", "de"], indirect=True)
def test_the_aton_omniscient_status_names_the_phase_in_the_language(spoken: str) -> None:
    state = _played("aton", {}, 10_000)
    assert state.is_terminal
    status = _omniscient(state).splitlines()[0]
    assert i18n.gettext("game over", spoken) in status and " over " not in status, status
