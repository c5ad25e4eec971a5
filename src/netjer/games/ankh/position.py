"""Set up an Ankh position for a rules question, without touching the state's private fields
(issue 15 item 3; docs/ankh-positions.md): :func:`build_position` makes the game a
:class:`PositionSpec` is played with and places the position on its new state
(:mod:`netjer.games.ankh.placement`, which the game uses for its named start positions too).

Every refusal is a :class:`~netjer.core.errors.ConfigError` (a ``ValueError``) whose message
starts with the name of the field at fault (``pieces[2]: ...``, ``devotion[B]: ...``).
"""

from __future__ import annotations

from netjer.games.ankh.game import AnkhGame
from netjer.games.ankh.placement import SEATS, PositionSpec, place_position, spec_options, start_names, start_spec
from netjer.games.ankh.state import AnkhState

__all__ = ["SEATS", "PositionSpec", "build_position", "spec_options", "start_names", "start_spec"]


def build_position(spec: PositionSpec) -> AnkhState:
    """Build the position ``spec`` describes, in a new game of :func:`spec_options`.

    Args:
        spec: the position (:class:`PositionSpec`).

    Returns:
        A new state whose seat ``spec.turn`` decides (phase ``turn``), with an empty log.

    Raises:
        ConfigError: for a field of the wrong type (a number given as text, a text for a list,
            ``True`` for a number), for bad options (from ``AnkhGame``) and for any field that
            names an unknown seat, hex, piece, power, card, cat or event, puts a piece on water
            or on an occupied hex, puts more pieces than the game has, gives a value out of
            range, or sets a god's components while that god is not in play; the message names
            the field (:func:`netjer.games.ankh.placement.place_position`).
    """
    state = AnkhGame(spec_options(spec)).new_initial_state(spec.seed)
    place_position(state, spec)
    return state
