"""Ankh's labels for balance reports (``State.report_facets``; :mod:`netjer.sim.facets`).

* ``god``: the god each seat plays, by its power's public name ("Ra", "Bastet"...: the
  ``name`` of the god power the seat holds, ``god_powers`` in the observation); with option
  ``gods=none`` a powerless god is named after its seat ("Player 1"), and then this facet
  tells what the seat facet does.
* ``turn position``: ``1st`` for the first player, ``2nd`` for the next, ... (the first player
  is drawn at random, so this is the first-player advantage, apart from the seat number).
* ``start position``: ``#1`` for the seat holding scenario player #1's pieces, ... (S0 step
  10).  By the rules it is the turn position (#1 plays 1st); the analysis option
  ``start_rotation`` seats them apart, so that the two effects can be told apart.
* ``scenario``: the setup (option ``scenario``), the same for every seat.
* ``guardians``: the Guardian types of levels 1, 2, 3 in play, the same for every seat, by id
  as option ``guardians`` names them (``satet/apep/androsphinx``): a message whose placeholders
  hold the ids, each a piece word of the catalogue (``terms.PIECE_WORDS``), so that a report
  names the Guardians in the reader's language ("Satet/Apep/Androesfinge").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from netjer.games.ankh.gods.base import GOD_IDS, power
from netjer.games.ankh.pieces import FIGURE_IDS
from netjer.i18n import N_

if TYPE_CHECKING:
    from netjer.games.ankh.state import AnkhState

#: The turn positions' labels; like the facets' names below, English data (results files, reports)
#: marked for the ``ankh`` catalogue and told in the reader's language where shown (``netjer simulate``).
_ORDINALS: Final = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"))
#: The ``guardians`` label: the Guardian types of levels 1, 2 and 3 (ids, ``pieces.FIGURE_IDS``).
GUARDIANS_LABEL: Final = N_("{level1}/{level2}/{level3}")


def god_label(state: AnkhState, seat: int) -> str:
    """The public name of the god power held by ``seat``'s god ("Ra"), or the seat's name
    ("Player 1") when that god has no power (``gods=none``).

    Args:
        state: an Ankh state (normally the initial one).
        seat: a seat number, 0 to ``state.n - 1``.

    Returns:
        The label of ``seat`` in the ``god`` facet.

    Raises:
        IndexError: if ``seat`` is not a seat of the game.
    """
    god = state.god_of_seat[seat]
    gid = state.god_ids[god]
    return power(GOD_IDS.index(gid)).name if gid else state.game.seat_name(god)


def report_facets(state: AnkhState) -> dict[str, list[str]]:
    """The facets of the module docstring for each seat of ``state`` (read at the start of a
    game; after a merge a seat is still labelled by the god it started with).

    Args:
        state: an Ankh state (normally the initial one).

    Returns:
        Per facet name, one label per seat.
    """
    n = state.n
    order = list(state.turn_order)
    scenario = str(state.game.options_dict()["scenario"])
    level1, level2, level3 = (FIGURE_IDS[k] for k in state.guardian_kind)
    guardians = GUARDIANS_LABEL.format(level1=level1, level2=level2, level3=level3)
    rotation = int(state.game.options_dict().get("start_rotation", 0))
    return {
        N_("god"): [god_label(state, s) for s in range(n)],
        N_("turn position"): [_ORDINALS[order.index(s)] for s in range(n)],
        N_("start position"): [f"#{(order.index(s) - rotation) % n + 1}" for s in range(n)],
        N_("scenario"): [scenario] * n,
        N_("guardians"): [guardians] * n,
    }
