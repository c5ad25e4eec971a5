"""The agent interface."""

from __future__ import annotations

from abc import ABC, abstractmethod

from netjer.core.action import Action
from netjer.core.view import PlayerView


class Agent(ABC):
    """Chooses an action for one seat from that seat's view.

    Attributes:
        name: the specification string the agent was built from (``"random"``).
    """

    name: str = "agent"

    @abstractmethod
    def choose(self, view: PlayerView) -> Action:
        """Return one of ``view.legal_actions()`` (non-empty: it is this seat's turn)."""
