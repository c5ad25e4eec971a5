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
from netjer.i18n import N_, join_list
from netjer.i18n_sentences import Sentence

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


#: The heuristic's plans: ``greedy`` (each decision on its own, the default), ``reply`` and
#: ``rollout`` (a game module's ``make_policy`` may offer more foresight: Ankh's ``reply`` weighs
#: the next god's reply; its ``rollout`` plays each choice of a turn on to the next Conflict
#: with the plain heuristic in every seat, the improved Ankh heuristic of docs/balance.md;
#: Dioses del Nilo's ``rollout`` plays each action on to the end of the game the same way).
PLANS = ("greedy", "reply", "rollout")

#: The heuristic's versions: 1, today's (the default, which the pinned searches and seeded games
#: record); 2 (Ankh's: stakes-weighted rivals, the second action planned with the first,
#: god powers valued; :mod:`netjer.agents.heuristic.ankh_stakes`, docs/balance.md); 3 (Ankh's: version 2
#: with no action that changes nothing while another does, and its rollouts through a Conflict
#: playing its own moves, cards and powers as it does; docs/balance.md "Version 3").
VERSIONS = (1, 2, 3)
#: A plan or version the heuristic does not have.
BAD_PLAN = N_("heuristic: plan must be one of {plans}, got '{plan}'")
BAD_VERSION = N_("heuristic: version must be one of {versions}, got {version}")


def heuristic_policy(game_name: str, *, temperature: float = 0.0, plan: str = "greedy", version: int = 1) -> Policy:
    """The heuristic policy of ``game_name``.

    Args:
        game_name: a game's registry name.
        temperature: 0 for the plain policy; above 0, a soft choice among near-equal moves
            (offered by a game module that defines ``make_policy(temperature, plan)``: Ankh's).
        plan: one of :data:`PLANS`; other than ``greedy``, offered the same way (Ankh's
            ``reply`` and ``rollout``, Dioses del Nilo's ``rollout``).
        version: one of :data:`VERSIONS`; other than 1, offered the same way (Ankh only).

    Raises:
        ConfigError: if Netjer has no heuristic for that game yet, the plan or version is
            unknown, or the game's heuristic offers no temperature, plan or version.
    """
    try:
        module = importlib.import_module(POLICIES[game_name])
    except KeyError:
        raise ConfigError(Sentence(N_("there is no heuristic player for '{game}' yet"), game=game_name)) from None
    if plan not in PLANS:
        raise ConfigError(Sentence(BAD_PLAN, plans=join_list(PLANS), plan=str(plan)))
    if version not in VERSIONS:
        raise ConfigError(Sentence(BAD_VERSION, versions=join_list(map(str, VERSIONS)), version=repr(version)))
    if temperature == 0.0 and plan == "greedy" and version == 1:
        policy: Policy = module.policy
        return policy
    make = getattr(module, "make_policy", None)
    if make is None:
        message = N_(
            "the '{game}' heuristic has no temperature, plan or version parameter"
            " (only Ankh's has all three; Dioses del Nilo's has a plan)"
        )
        raise ConfigError(Sentence(message, game=game_name))
    made: Policy = (
        make(temperature=temperature, plan=plan, version=version)
        if version != 1
        else make(temperature=temperature, plan=plan)
    )
    return made


def heuristic_evaluation(game_name: str) -> Evaluation:
    """The evaluation function ``evaluate(state) -> list[float]`` offered by ``game_name``'s
    heuristic module.

    Raises:
        ConfigError: if the game has no heuristic module or its module offers no evaluation.
    """
    try:
        module = importlib.import_module(POLICIES[game_name])
    except KeyError:
        raise ConfigError(Sentence(N_("there is no heuristic evaluation for '{game}' yet"), game=game_name)) from None
    evaluate: Evaluation | None = getattr(module, "evaluate", None)
    if evaluate is None:
        message = N_("the '{game}' heuristic offers no evaluation function for cut-off playouts")
        raise ConfigError(Sentence(message, game=game_name))
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
        temperature: 0 (default) for the greedy choice; above 0, a soft choice among
            near-equal moves, in the evaluation's units (Devotion), see
            :func:`heuristic_policy`: noise where it costs little, unlike ``epsilon``.
        plan: ``greedy`` (default), ``reply`` or ``rollout`` (see :data:`PLANS`).
        version: 1 (default: today's heuristic), 2 or 3 (see :data:`VERSIONS`; Ankh only).

    Raises:
        ConfigError: if ``epsilon`` is not in [0, 1], ``temperature`` is negative or the
            plan or version unknown.
    """

    name = "heuristic"

    def __init__(
        self, seed: int = 0, epsilon: float = 0.0, temperature: float = 0.0, plan: str = "greedy", version: int = 1
    ) -> None:
        if not 0.0 <= epsilon <= 1.0:
            message = N_("heuristic: epsilon must be between 0 and 1, got {value}")
            raise ConfigError(Sentence(message, value=str(epsilon)))
        if not temperature >= 0.0:
            message = N_("heuristic: temperature must be 0 or more, got {value}")
            raise ConfigError(Sentence(message, value=str(temperature)))
        if plan not in PLANS:
            raise ConfigError(Sentence(BAD_PLAN, plans=join_list(PLANS), plan=str(plan)))
        if version not in VERSIONS:
            raise ConfigError(Sentence(BAD_VERSION, versions=join_list(map(str, VERSIONS)), version=repr(version)))
        self.rng = Rng(seed)
        self.epsilon = epsilon
        self.temperature = temperature
        self.plan = plan
        self.version = version

    @property
    def deterministic(self) -> bool:
        """True when the same position always gets the same action (no epsilon, no
        temperature): a balance study of such a player against itself repeats its games."""
        return self.epsilon == 0.0 and self.temperature == 0.0

    def _policy(self, game_name: str) -> Policy:
        return heuristic_policy(game_name, temperature=self.temperature, plan=self.plan, version=self.version)

    def prepare(self, game: Game) -> None:
        """Check that ``game`` has a heuristic (with this temperature, plan and version).

        Raises:
            ConfigError: if it has none.
        """
        self._policy(game.name)

    def choose(self, view: PlayerView) -> Action:
        """The heuristic's action for ``view``'s seat.

        Raises:
            ConfigError: if the game has no heuristic.
        """
        policy = self._policy(view.game.name)
        if self.epsilon and self.rng.random() < self.epsilon:
            return self.rng.choice(view.legal_actions())
        return policy(view.determinize(self.rng), self.rng)
