"""``PlayerView``: what an agent seated at a table is given.

Bots receive views, never states (the boardgame.io lesson in DESIGN.md): a view exposes the
seat's observation, its legal actions, and determinizations for search, but not the true
state's hidden fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from netjer.core.action import Action
from netjer.core.rng import Rng
from netjer.core.state import JsonDict, State

if TYPE_CHECKING:
    from netjer.core.game import Game


class PlayerView:
    """The part of a game a seat may use to choose its action.

    Args:
        state: the true state (kept private).
        seat: the seat this view is for.
    """

    __slots__ = ("_state", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def game(self) -> Game:
        """The game being played (rules and options are public)."""
        return self._state.game

    @property
    def move_number(self) -> int:
        """How many actions have been played so far (public)."""
        return len(self._state.history)

    def observation(self) -> JsonDict:
        """``observation(seat)`` of the current state."""
        return self._state.observation(self.seat)

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions; empty when it is not this seat's turn."""
        if self._state.current_player != self.seat:
            return []
        return self._state.legal_actions()

    def determinize(self, rng: Rng) -> State:
        """A full state consistent with this seat's observation (see ``State.determinize``)."""
        return self._state.determinize(self.seat, rng)
