"""Ankh's labels for balance reports (``State.report_facets``; :mod:`netjer.sim.facets`).

* ``god``: the god each seat plays, by its public name (``observation`` ``gods[g].name``:
  "Ra", "Bastet"...; with option ``gods=none`` a powerless god is named after its seat, and
  then this facet tells what the seat facet does).
* ``turn position``: ``1st`` for the first player, ``2nd`` for the next, ... (the first player
  is drawn at random, so this is the first-player advantage, apart from the seat number).
* ``scenario``: the setup (option ``scenario``), the same for every seat.
* ``guardians``: the Guardian types of levels 1, 2, 3 in play, the same for every seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from netjer.games.ankh.pieces import FIGURE_IDS

if TYPE_CHECKING:
    from netjer.games.ankh.state import AnkhState

_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")


def report_facets(state: AnkhState) -> dict[str, list[str]]:
    """The facets of the module docstring for each seat of ``state`` (read at the start of a
    game; after a merge a seat is still labelled by the god it started with)."""
    n = state.n
    gods = state.observation(None)["gods"]
    order = list(state.turn_order)
    scenario = str(state.game.options_dict()["scenario"])
    guardians = "/".join(FIGURE_IDS[k] for k in state.guardian_kind)
    return {
        "god": [str(gods[s]["name"]) for s in range(n)],
        "turn position": [_ORDINALS[order.index(s)] for s in range(n)],
        "scenario": [scenario] * n,
        "guardians": [guardians] * n,
    }
