"""The agent interface."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

from netjer.core.action import Action
from netjer.core.view import PlayerView

if TYPE_CHECKING:
    from netjer.core.game import Game


class Agent(ABC):
    """Chooses an action for one seat from that seat's view.

    Attributes:
        name: the specification string the agent was built from (``"random"``).
    """

    name: str = "agent"

    @abstractmethod
    def choose(self, view: PlayerView) -> Action:
        """Return one of ``view.legal_actions()`` (non-empty: it is this seat's turn)."""

    def prepare(self, game: Game) -> None:  # noqa: B027 - optional hook, nothing to do by default
        """Check, before the first decision, that the agent can play ``game`` (e.g. that the
        game has the heuristic or evaluation it needs), so that a tournament fails at once
        rather than in a worker.

        Raises:
            ConfigError: if the agent cannot play ``game``.
        """
