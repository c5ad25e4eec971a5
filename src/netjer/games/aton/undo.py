"""Which Aton actions no undo may cross (netjer.core.undo; rules/aton.md §4).

Read from the notation and the public observation only.  An action is a barrier when it
draws cards (``exchange``: new cards seen, §4 step B), starts a new round (new hands drawn,
§4 step A), moves play out of a phase of secret decisions (the last exchange decision or the
last card assigned: the other seat's secret choice is revealed, §4 steps B-D), or reveals
cartouches (§4 steps D and G: a turn begins with its cartouches 3 and 4 turned up).
Everything else (an assign that is not the last, a removal or a placement inside a turn, the
first player's ``keep``) is public or secret to the others and can be taken back.
"""

from __future__ import annotations

from typing import Any

from netjer.core.action import Action
from netjer.core.state import State

#: Phases whose decisions are taken in secret, one seat after the other.
SECRET_PHASES = ("exchange", "assign")


def _public(state: State) -> tuple[Any, ...]:
    obs = state.observation(None)
    phase = obs["phase"]
    secret = phase if phase in SECRET_PHASES else "turn"
    return obs["round"], secret, tuple(p["revealed"] for p in obs["players"])


def undo_barrier(before: State, action: Action, after: State) -> bool:
    """True if ``action`` drew cards or revealed a secret (see the module doc)."""
    if str(action) == "exchange":
        return True
    return _public(before) != _public(after)
