"""Which Dioses del Nilo actions no undo may cross (netjer.core.undo; rules/nilo.md §1, §3).

Read from the observations only: an action is a barrier when some seat knows the value of
more tokens after it than before (a face-down soldier turned up by a fight or by moving into
the vanguard, a token placed face up from a hand the opponent could not see, the tokens a
player draws for a new placement phase).  A token's value, once known, stays known (dead
tokens lie face up, winners go face up to their column), so the count never hides a reveal.
"""

from __future__ import annotations

from typing import Any

from netjer.core.action import Action
from netjer.core.state import State


def known_tokens(obs: dict[str, Any]) -> int:
    """How many tokens' values an observation shows (board, columns, hands, cemeteries)."""
    known = sum(1 for row in obs["board"] for cell in row if cell is not None and cell["value"] is not None)
    for player in obs["players"]:
        known += sum(1 for v in player["column"] if v is not None)
        known += sum(1 for v in player["hand"] if v is not None)
        known += len(player["cemetery"])
    return known


def undo_barrier(before: State, action: Action, after: State) -> bool:
    """True if ``action`` showed some seat the value of a token it did not know."""
    seats = range(before.game.num_players)
    return any(known_tokens(after.observation(s)) > known_tokens(before.observation(s)) for s in seats)
