"""The random agent: uniform over the legal actions, seeded."""

from __future__ import annotations

from netjer.agents.base import Agent
from netjer.core.action import Action
from netjer.core.rng import Rng
from netjer.core.view import PlayerView


class RandomAgent(Agent):
    """Plays a uniformly random legal action.

    Args:
        seed: seed of the agent's own generator (independent of the game's).
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: PlayerView) -> Action:
        """A uniformly random element of ``view.legal_actions()``.

        Raises:
            IndexError: if there is no legal action (not this seat's turn, or game over).
        """
        return self.rng.choice(view.legal_actions())
