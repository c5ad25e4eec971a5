"""Fast, hand-written heuristic players, one per game.

Each game module defines ``policy(state, rng) -> Action``: the heuristic's choice for the
seat to act, reading only what that seat knows (its own hand and the public position).  It
is used two ways: by :class:`HeuristicAgent` on a determinization of the seat's information
set, and as an ISMCTS playout policy on the search's determinizations.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from netjer.agents.base import Agent
from netjer.core.action import Action
from netjer.core.errors import ConfigError
from netjer.core.rng import Rng
from netjer.core.state import State
from netjer.core.view import PlayerView

Policy = Callable[[State, Rng], Action]

#: game name -> module defining ``policy``.
POLICIES: dict[str, str] = {
    "aton": "netjer.agents.heuristic.aton",
    "nile": "netjer.agents.heuristic.nile",
}


def heuristic_policy(game_name: str) -> Policy:
    """The heuristic policy of ``game_name``.

    Raises:
        ConfigError: if Netjer has no heuristic for that game yet.
    """
    try:
        module = importlib.import_module(POLICIES[game_name])
    except KeyError:
        raise ConfigError(f"there is no heuristic player for {game_name!r} yet") from None
    policy: Policy = module.policy
    return policy


class HeuristicAgent(Agent):
    """Plays the game's heuristic policy on one determinization of its information set.

    The policies only read what the acting seat knows, so the sampled hidden parts do not
    change the choice; the determinization only provides a full state to compute on.

    Args:
        seed: seed of the agent's generator (tie-breaks).
    """

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: PlayerView) -> Action:
        """The heuristic's action for ``view``'s seat.

        Raises:
            ConfigError: if the game has no heuristic.
        """
        policy = heuristic_policy(view.game.name)
        return policy(view.determinize(self.rng), self.rng)
