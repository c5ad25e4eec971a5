"""Fast, hand-written heuristic players, one per game.

Each game module defines ``policy(state, rng) -> Action``: the heuristic's choice for the
seat to act, reading only what that seat knows (its own hand and the public position).  It
is used two ways: by :class:`HeuristicAgent` on a determinization of the seat's information
set, and as an ISMCTS playout policy on the search's determinizations.

A game module may also define ``evaluate(state) -> list[float]``: the expected returns of a
non-terminal position (one per seat, in the returns' range), with which ISMCTS cuts its
playouts short (``ismcts:depth=N``; see :func:`heuristic_evaluation`).  Long games (Ankh)
need it: a playout to the end costs hundreds of decisions.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from netjer.agents.base import Agent
from netjer.core.action import Action
from netjer.core.errors import ConfigError
from netjer.core.rng import Rng
from netjer.core.state import State
from netjer.core.view import PlayerView

if TYPE_CHECKING:
    from netjer.core.game import Game

Policy = Callable[[State, Rng], Action]
Evaluation = Callable[[State], list[float]]

#: game name -> module defining ``policy``.
POLICIES: dict[str, str] = {
    "ankh": "netjer.agents.heuristic.ankh",
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


def heuristic_evaluation(game_name: str) -> Evaluation:
    """The evaluation function ``evaluate(state) -> list[float]`` offered by ``game_name``'s
    heuristic module.

    Raises:
        ConfigError: if the game has no heuristic module or its module offers no evaluation.
    """
    try:
        module = importlib.import_module(POLICIES[game_name])
    except KeyError:
        raise ConfigError(f"there is no heuristic evaluation for {game_name!r} yet") from None
    evaluate: Evaluation | None = getattr(module, "evaluate", None)
    if evaluate is None:
        raise ConfigError(f"the {game_name!r} heuristic offers no evaluation function for cut-off playouts")
    return evaluate


class HeuristicAgent(Agent):
    """Plays the game's heuristic policy on one determinization of its information set.

    The policies only read what the acting seat knows, so the sampled hidden parts do not
    change the choice; the determinization only provides a full state to compute on.

    Args:
        seed: seed of the agent's generator (tie-breaks).
        epsilon: the probability of playing a uniformly random legal action instead (0 by
            default).  A heuristic is nearly deterministic, and a game without chance after
            its setup (Ankh) then repeats itself between the same players: a little noise
            makes a balance study's games differ.

    Raises:
        ConfigError: if ``epsilon`` is not in [0, 1].
    """

    name = "heuristic"

    def __init__(self, seed: int = 0, epsilon: float = 0.0) -> None:
        if not 0.0 <= epsilon <= 1.0:
            raise ConfigError(f"heuristic: epsilon must be between 0 and 1, got {epsilon}")
        self.rng = Rng(seed)
        self.epsilon = epsilon

    def prepare(self, game: Game) -> None:
        """Check that ``game`` has a heuristic.

        Raises:
            ConfigError: if it has none.
        """
        heuristic_policy(game.name)

    def choose(self, view: PlayerView) -> Action:
        """The heuristic's action for ``view``'s seat.

        Raises:
            ConfigError: if the game has no heuristic.
        """
        policy = heuristic_policy(view.game.name)
        if self.epsilon and self.rng.random() < self.epsilon:
            return self.rng.choice(view.legal_actions())
        return policy(view.determinize(self.rng), self.rng)
