"""Behaviour of the Ankh speed-ups (issue 15): one shared region map (and camel-line index) per set of camels."""

from __future__ import annotations

from netjer.games.ankh.base import BOARD
from netjer.games.ankh.board import camel_lines, check_camel_line, region_map


def test_region_maps_are_shared_per_set_of_camels() -> None:
    line = camel_lines(BOARD.base)[0]
    split = check_camel_line(BOARD.base, line)
    assert split.after is region_map(BOARD, frozenset(line))
    assert split.after is BOARD.regions_with_camels(reversed(line))
    assert split.after.camels == frozenset(line) and split.after.blocked == BOARD.rivers | frozenset(line)
    assert region_map(BOARD, frozenset()).regions == BOARD.base.regions
