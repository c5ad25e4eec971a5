"""The terminal screens on consoles narrower than the board (issue 14 item 3): a compact form that keeps every fact."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console

from netjer.core import Rng
from netjer.drawings import Fit, renderer_for
from netjer.drawings.ankh import map_view
from netjer.drawings.ankh_map import MAP_WIDTH
from netjer.games.ankh import AnkhGame
from netjer.games.aton import AtonGame
from netjer.games.nile import NileGame

#: The widths drawn, each passed to the console explicitly (never read from the environment).
WIDTHS = (40, 60, 80, 120)
#: Wide enough for every full drawing: the reference every narrower drawing is compared with.
REFERENCE = 200
#: What separates the facts of a drawing: spaces and the drawing's glyphs (hex sides, rivers,
#: camels, water, table rules, brackets).
SEPARATORS = re.compile(r"[\s/\\_#*~|:·()\[\]─│┃━╭╮╰╯┌┐└┘├┤┬┴┼═║◀]+")


def draw(game: str, obs: dict[str, Any], seat: int | None, width: int) -> str:
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None, legacy_windows=False)
    console.print(renderer_for(game)(obs, seat))
    return console.export_text()


def facts(text: str) -> set[str]:
    """The words of a drawing (numbers, names, labels, coordinates) without its glyphs."""
    return {w for w in SEPARATORS.split(text) if w}


def played(game: str, steps: int, seed: int) -> tuple[dict[str, Any], int]:
    """An observation after ``steps`` random decisions (seat to move's view)."""
    if game == "ankh":
        state: Any = AnkhGame({"players": 4}).new_initial_state(4)
    elif game == "aton":
        state = AtonGame().new_initial_state(seed=seed)
    else:
        state = NileGame().new_initial_state(seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        acts = state.legal_actions()
        state.apply(acts[rng.below(len(acts))])
    seat = state.current_player if state.current_player is not None and state.current_player >= 0 else 0
    return state.observation(seat), seat


CASES = [("ankh", 60, 3), ("ankh", 0, 1), ("aton", 30, 2), ("nile", 12, 5), ("nile", 40, 6)]


@pytest.mark.parametrize(("game", "steps", "seed"), CASES)
@pytest.mark.parametrize("width", WIDTHS)
def test_no_line_is_wider_than_the_console_and_every_fact_stays(game: str, steps: int, seed: int, width: int) -> None:
    obs, seat = played(game, steps, seed)
    full = draw(game, obs, seat, REFERENCE)
    text = draw(game, obs, seat, width)
    widest = max(cell_len(line) for line in text.splitlines())
    assert widest <= width
    assert "…" not in text or "…" in full  # nothing cut short with an ellipsis
    missing = facts(full) - facts(text)
    assert not missing, f"{game} at {width} columns lost {sorted(missing)[:20]}"


def test_the_ankh_map_is_drawn_in_full_when_it_fits_and_as_regions_when_not() -> None:
    obs, seat = played("ankh", 60, 3)
    wide = draw("ankh", obs, seat, MAP_WIDTH)
    narrow = draw("ankh", obs, seat, MAP_WIDTH - 1)
    assert "\\_____/" in wide and "The map by region" not in wide
    assert "\\_____/" not in narrow and "The map by region" in narrow
    for camel in obs["camels"]:  # the camel sides are named in the list
        assert camel.replace(" ", "") in narrow.replace(" ", "")
    for piece in obs["pieces"]:
        assert f"{piece['hex']}:" in narrow


def test_the_nile_board_keeps_its_row_names_below_it_when_narrow() -> None:
    obs, seat = played("nile", 12, 5)
    wide = draw("nile", obs, seat, 120)
    narrow = draw("nile", obs, seat, 40)
    rows_wide = [ln for ln in wide.splitlines() if "rearguard" in ln]
    assert len(rows_wide) == 2  # each rearguard row carries its name on its right
    assert "1 Seth's rearguard" in narrow.replace("\n", " ") or "1 Seth's" in narrow
    assert "column (next → last)" in narrow


def test_fit_chooses_by_the_width_it_is_given() -> None:
    fit = Fit("a" * 30, "short", need=None)
    assert draw_plain(fit, 30) == "a" * 30
    assert draw_plain(fit, 29) == "short"
    assert draw_plain(Fit("wide", "narrow", need=50), 49) == "narrow"


def draw_plain(renderable: Any, width: int) -> str:
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return console.export_text().strip()


def test_map_view_is_a_fit_with_the_maps_width() -> None:
    obs, _seat = played("ankh", 0, 1)
    view = map_view(obs)
    assert isinstance(view, Fit) and view.need == MAP_WIDTH
