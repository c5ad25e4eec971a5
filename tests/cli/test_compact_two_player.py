"""Aton and Dioses del Nilo on a short terminal (issue 33 item 3): the compact screen keeps the
status, the board, the viewer's own cards and the stones or tokens to play within the lines left."""

from __future__ import annotations

import functools
import io
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

from netjer.core.state import State
from netjer.drawings import aton, nile
from netjer.games.aton import AtonGame
from netjer.games.nile import NileGame
from tests.state_fields import random_game_states

GAMES: dict[str, tuple[Callable[[int], State], Any]] = {
    "aton": (lambda seed: AtonGame().new_initial_state(seed), aton),
    "nile": (lambda seed: NileGame().new_initial_state(seed), nile),
}
#: The status line each compact screen starts with.
STATUS = {"aton": "Round ", "nile": "Dioses del Nilo — round "}
#: Lines left above the choices on an 80 x 24 terminal when they take a few lines, and on a shorter one.
HEIGHTS = (16, 12, 6)


@functools.cache
def positions(game: str) -> list[State]:
    """Seeded random positions where someone decides, from the start to the end of each game."""
    new_state, _view = GAMES[game]
    states = []
    for seed in (1, 2):
        states += random_game_states(lambda sd=seed: new_state(sd), seed, every=5)  # type: ignore[misc]
    return [s for s in states if not s.is_terminal and s.current_player is not None and s.current_player >= 0]


def draw(game: str, state: State, height: int, width: int = 80) -> list[str]:
    seat = state.current_player
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(GAMES[game][1].render_compact(state.observation(seat), seat, height, width))
    return console.export_text().rstrip("\n").split("\n")


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("height", HEIGHTS)
def test_the_compact_screen_keeps_within_the_lines_it_is_given(game: str, height: int) -> None:
    states = positions(game)
    assert len(states) >= 8
    for state in states:
        lines = draw(game, state, height)
        assert len(lines) <= height, "\n".join(lines)
        assert lines[0].startswith(STATUS[game])
        assert max(len(line) for line in lines) <= 80


def test_the_aton_screen_keeps_the_temples_and_the_viewers_own_hand() -> None:
    for state in positions("aton"):
        seat = state.current_player
        obs = state.observation(seat)
        text = "\n".join(draw("aton", state, 16))
        assert all(f"Temple {t}" in text for t in (1, 2, 3, 4))
        own = obs["players"][seat]
        mine = next(line for line in text.splitlines() if line.startswith(f"{own['name']} (you)"))
        assert "hand " + (" ".join(map(str, own["hand"])) or "-") in mine
        assert sum(line.count("▲") + line.count("●") for line in text.splitlines()[1:5]) == sum(
            sq["owner"] is not None for temple in obs["board"] for sq in temple
        )


def test_the_nile_screen_keeps_the_board_and_the_viewers_own_hand() -> None:
    for state in positions("nile"):
        seat = state.current_player
        obs = state.observation(seat)
        text = "\n".join(draw("nile", state, 16))
        assert all(name in text for name in ("Seth's rearguard", "Isis's vanguard"))
        assert f"{obs['players'][seat]['name']} (you)" in text
        assert "You are" not in text  # said beside the viewer's side, not on a line of its own
