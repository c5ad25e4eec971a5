"""One learning seat against Netjer agents: what the Gymnasium environments share.

A :class:`LearnerTable` holds what does not change between games (the game, its tensor encoder,
the spaces' sizes, the reward option); a :class:`LearnerGame` is one game in which one seat, the
*learner*, is played from outside by integer action codes and every other seat by a Netjer
agent (:mod:`netjer.agents.registry` specifications: ``"random"``, ``"heuristic"``,
``"ismcts:iterations=50"``), whose decisions are taken inside :meth:`LearnerGame.step` until the
learner is to move again or the game is over.

Rewards (:data:`REWARDS`): ``"result"`` is the kernel's return of the learner's seat at the end
(win 1, loss -1, draw 0; Ankh: 1 for the winners, -1 for the others), 0 before.  ``"shaped"``
adds potential-based shaping (Ng, Harada and Russell, "Policy invariance under reward
transformations", ICML 1999): each step also pays ``Φ(after) - Φ(before)``, with ``Φ`` a
per-game measure of the learner's lead read from its own observation (:data:`POTENTIALS`) and
``Φ = 0`` at the end of the game, so the rewards of a whole game still add up to its result
(``Φ`` is 0 at the start of every game here) and the best policies are unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from netjer.adapters.common import Session, length_bound, utility
from netjer.adapters.encoding import Encoder, encoder_for
from netjer.agents.base import Agent
from netjer.agents.registry import make_agent, parse_agent_spec
from netjer.core.errors import ConfigError, IllegalActionError
from netjer.core.game import Game
from netjer.core.state import JsonDict
from netjer.core.view import PlayerView
from netjer.games.registry import make_game

#: Reward options (see the module docstring).
REWARDS = ("result", "shaped")
#: What the learner's illegal action does: the learner loses the game at once (as in
#: PettingZoo's classic games; the default, so that unmasked sampling runs), or it raises.
ILLEGAL_ACTION_POLICIES = ("lose", "raise")


def _ankh_devotion_lead(obs: JsonDict, seat: int) -> float:
    """Ankh: half the learner's way out of the red section, half its Devotion margin.

    ``(min(mine, red_max + 1) / (red_max + 1) + (mine - best_other) / 30) / 2``, where
    ``mine`` is the Devotion of the learner's god and ``best_other`` the highest Devotion among
    the other living gods.  After the 4th Conflict every god still in the red section (spaces 0
    to ``red_max``, default 19) is forgotten, and one god left wins, none left: everyone
    loses (rules/ankh.md §10.5): against weak play most games end there, so the first space out
    of the red section is what a learner must reach, and the margin what it must keep (the god
    highest on the track after the 5th Conflict wins, §10.6; 30 is the order of a winning total).
    """
    mine, best_other = 0, 0
    for god in obs["gods"]:
        if seat in god["seats"]:
            mine = int(god["devotion"])
        elif god["alive"]:
            best_other = max(best_other, int(god["devotion"]))
    safe = int(obs["red_max"]) + 1
    return (min(mine, safe) / safe + (mine - best_other) / 30.0) / 2.0


def _aton_score_margin(obs: JsonDict, seat: int) -> float:
    """Aton: (the learner's score - the opponent's) / 40 (40 points win: rules/aton.md §5)."""
    scores = [int(p["score"]) for p in obs["players"]]
    return (scores[seat] - max(s for i, s in enumerate(scores) if i != seat)) / 40.0


def _nile_soldier_margin(obs: JsonDict, seat: int) -> float:
    """Dioses del Nilo: (the opponent's dead soldiers - the learner's) / 15.

    A fight kills the lower soldier (both on a tie) and puts it face up in its owner's cemetery,
    which both players see (rules/nilo.md §1, "Attacking and defending"); each player has 15
    soldiers (rules/nilo.md S3).  The game is won by attacking an undefended rearguard, which
    fewer soldiers left defend less well: the margin of losses is the lead measured here.
    """
    dead = [len(p["cemetery"]) for p in obs["players"]]
    return (sum(dead) - 2 * dead[seat]) / 15.0


#: The shaping potential of each game that has one: ``Φ(observation of the learner, seat)``.
POTENTIALS: dict[str, Callable[[JsonDict, int], float]] = {
    "ankh": _ankh_devotion_lead,
    "aton": _aton_score_margin,
    "nile": _nile_soldier_margin,
}


class LearnerTable:
    """The fixed part of a learner's games: the game, its encoder, sizes and options.

    Args:
        name: the Netjer game (``"aton"``, ``"nile"``, ``"ankh"``).
        opponents: one agent specification for every other seat, or a list with one per other
            seat (in seat order, the learner's seat left out).
        reward: ``"result"`` or ``"shaped"`` (:data:`REWARDS`).
        illegal_action: ``"lose"`` or ``"raise"`` (:data:`ILLEGAL_ACTION_POLICIES`).
        max_game_length: lower the adapters' length cap (decisions of all seats) to this.
        options: the game's options.
        blocks: ``None`` for the whole tensor, or names of the encoder's blocks (a list, or one
            text separated by commas) to keep, in the tensor's order whatever order they are
            given in: only Ankh's tensor has named blocks (:mod:`netjer.adapters.ankh_tensor`:
            ``seat``, ``board``, ``camels``, ``regions``, ``tracks``, ``gods``, ``me``,
            ``powers``, ``power_data``, ``battle``, ``pending``, ``result``).

    Attributes:
        keep: the kept entries of the encoder's tensor (ascending indices), or ``None`` for all.
        size: the learner's tensor size (``len(keep)`` or the encoder's ``size``).

    Raises:
        ConfigError: for an unknown game or bad option, a bad agent specification (``human``
            included), a list of opponents of the wrong length, an unknown reward or policy,
            ``"shaped"`` for a game without a potential, or ``blocks`` for a game whose tensor
            has none, naming no block, or naming one it does not have.
    """

    def __init__(
        self,
        name: str,
        opponents: str | Sequence[str],
        reward: str,
        illegal_action: str,
        max_game_length: int | None,
        options: dict[str, Any],
        blocks: str | Sequence[str] | None = None,
    ) -> None:
        if reward not in REWARDS:
            raise ConfigError(f"reward must be one of {REWARDS}, got {reward!r}")
        if reward == "shaped" and name not in POTENTIALS:
            raise ConfigError(f"no shaped reward for {name!r} (games with one: {', '.join(sorted(POTENTIALS))})")
        if illegal_action not in ILLEGAL_ACTION_POLICIES:
            raise ConfigError(f"illegal_action must be one of {ILLEGAL_ACTION_POLICIES}, got {illegal_action!r}")
        self.name = name
        self.game: Game = make_game(name, options)
        self.encoder: Encoder = encoder_for(self.game)
        self.num_players = self.game.num_players
        self.num_actions = self.game.num_distinct_actions
        self.keep = kept_entries(self.encoder, blocks)
        self.size = self.encoder.size if self.keep is None else len(self.keep)
        self.reward = reward
        self.potential = POTENTIALS.get(name) if reward == "shaped" else None
        self.illegal_action = illegal_action
        _, self.worst, _ = utility(name)
        cap, _, _ = length_bound(self.game)
        if max_game_length is not None:
            if isinstance(max_game_length, bool) or not isinstance(max_game_length, int) or max_game_length <= 0:
                raise ConfigError(f"max_game_length must be a positive whole number, got {max_game_length!r}")
            cap = min(cap, max_game_length)
        self.cap = cap
        others = self.num_players - 1
        specs = [opponents] * others if isinstance(opponents, str) else list(opponents)
        if len(specs) != others:
            raise ConfigError(f"{name} with {self.num_players} players needs {others} opponents, got {len(specs)}")
        for spec in specs:
            if parse_agent_spec(spec).is_human:
                raise ConfigError("an opponent is played inside the environment: 'human' is not an agent here")
        self.opponent_specs = specs
        for agent in self.make_opponents(0, 0).values():
            agent.prepare(self.game)  # a heuristic the game lacks fails now, not in a game

    def make_opponents(self, seat: int, seed: int) -> dict[int, Agent]:
        """The agents of every seat but ``seat``, seeded from ``seed`` (one seed each)."""
        others = [s for s in range(self.num_players) if s != seat]
        pairs = zip(others, self.opponent_specs, strict=True)
        return {s: make_agent(spec, seed + i) for i, (s, spec) in enumerate(pairs)}


def kept_entries(encoder: Encoder, blocks: str | Sequence[str] | None) -> np.ndarray | None:
    """The indices of ``encoder``'s tensor that the named ``blocks`` cover, ascending (see
    :class:`LearnerTable`); ``None`` for ``blocks=None`` (the whole tensor).

    Raises:
        ConfigError: for an encoder without named blocks, an empty selection or an unknown name.
    """
    if blocks is None:
        return None
    names = [n.strip() for n in blocks.split(",")] if isinstance(blocks, str) else list(blocks)
    table = getattr(encoder, "blocks", None)
    if not isinstance(table, dict):
        raise ConfigError("blocks: this game's tensor has no named blocks (only Ankh's has: ankh_tensor)")
    if not names or any(not isinstance(n, str) or not n for n in names):
        raise ConfigError(f"blocks must name at least one block of {', '.join(table)}, got {blocks!r}")
    unknown = [n for n in names if n not in table]
    if unknown:
        raise ConfigError(f"no block {unknown[0]!r} in the tensor; its blocks: {', '.join(table)}")
    chosen = [block for name, block in table.items() if name in names]  # the tensor's order
    return np.concatenate([np.arange(block.offset, block.stop, dtype=np.intp) for block in chosen])


class LearnerGame:
    """One game in progress for a learner (see the module docstring).

    Args:
        table: the fixed part.
    """

    def __init__(self, table: LearnerTable) -> None:
        self.table = table
        self.session: Session | None = None
        self.seat = 0
        self.opponents: dict[int, Agent] = {}
        self.potential = 0.0
        #: The learner's observation now, as the state shares it (read by the tensor writers
        #: and the shaping potential, never changed: see ``State.shared_observation``).
        self.obs: JsonDict = {}
        self.forfeited = False
        #: Decisions played in this object's games so far, every seat's (for benchmarks).
        self.decisions = 0

    def reset(self, kernel_seed: int, seat: int, agent_seed: int) -> None:
        """A new game with kernel seed ``kernel_seed``; the learner plays ``seat``; the opponents
        take their turns until the learner's first decision."""
        t = self.table
        self.session = Session(t.game, t.game.new_initial_state(kernel_seed), 0, t.cap)
        self.seat = seat
        self.forfeited = False
        self.opponents = t.make_opponents(seat, agent_seed)
        self._play_opponents()
        self.decisions += self.session.moves
        self.obs = self.session.shared_observation(seat)
        self.potential = self._phi()

    def legal_codes(self) -> list[int]:
        """The learner's legal action codes now (empty once the game is over)."""
        session = self._session()
        if self.forfeited or session.current_player != self.seat:
            return []
        return session.legal_codes()

    def step(self, code: int) -> tuple[float, bool, bool, dict[str, Any]]:
        """Play the learner's ``code``, then the opponents until the learner's next decision.

        Returns:
            ``(reward, terminated, truncated, info)``; ``info`` has ``"illegal_action": True``
            when the learner lost by an illegal action (policy ``"lose"``).

        Raises:
            IllegalActionError: for an illegal code under the policy ``"raise"``.
            ValueError: for a code that is not one of the game's.
        """
        session = self._session()
        if not 0 <= code < self.table.num_actions:
            raise ValueError(f"action must be an integer code 0 to {self.table.num_actions - 1}, got {code}")
        if self.over:
            raise ConfigError("the game is over: call reset() for a new one")
        legal = session.legal_codes()
        if code not in legal:
            if self.table.illegal_action == "raise":
                raise IllegalActionError(
                    str(session.action(code)), "not among the learner's legal actions", f"legal codes: {legal}", []
                )
            self.forfeited = True  # the action is never applied: the game stops here
            reward, self.potential = self.table.worst - self.potential, 0.0
            return reward, True, False, {"illegal_action": True}
        before = session.moves
        session.apply_code(code)
        self._play_opponents()
        self.decisions += session.moves - before
        self.obs = session.shared_observation(self.seat)
        terminated = session.state.is_terminal
        truncated = session.truncated
        previous = self.potential
        self.potential = 0.0 if terminated else self._phi()
        reward = session.returns()[self.seat] if terminated else 0.0
        return reward + self.potential - previous, terminated, truncated, {}

    @property
    def over(self) -> bool:
        """Whether the game has ended, been truncated or forfeited."""
        return self.forfeited or self._session().over

    def _phi(self) -> float:
        potential = self.table.potential
        return potential(self.obs, self.seat) if potential is not None else 0.0

    def _play_opponents(self) -> None:
        session = self._session()
        state = session.state
        while not session.over and state.current_player != self.seat:
            seat = state.current_player
            state.apply(self.opponents[seat].choose(PlayerView(state, seat)))
            session.moves += 1

    def _session(self) -> Session:
        if self.session is None:
            raise ConfigError("call reset() before using the environment")
        return self.session


def write_mask(out: np.ndarray, legal: list[int]) -> None:
    """Set ``out`` (a row of the mask, any dtype) to 1 at ``legal`` and 0 elsewhere."""
    out[:] = 0
    if legal:
        out[legal] = 1
