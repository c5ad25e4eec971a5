"""PettingZoo adapter: an AEC environment for every Netjer game, and a Parallel one.

Usage (needs the ``pettingzoo`` extra)::

    from netjer.adapters.pettingzoo import env, parallel_env
    e = env("aton", render_mode="ansi")              # any game option as a keyword
    e.reset(seed=42)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are ``player_0 .. player_{n-1}`` (seat numbers of the kernel).  Each observation is a
``Dict`` with ``observation``, the fixed-size ``float32`` tensor of
:mod:`netjer.adapters.encoding` built from ``observation(seat)`` only, and ``action_mask``,
an ``int8`` vector over the game's ``num_distinct_actions`` integer codes (all zeros when it
is not that agent's turn).  Rewards come at the end: the kernel's returns.  A game that
reaches its length cap (only games without a proven bound can: see
:func:`netjer.adapters.common.length_bound`) is truncated, with rewards 0.
``reset(seed=...)`` seeds a NumPy generator from which each game's 64-bit kernel seed is
drawn, so the same seed gives the same games.  ``render()`` draws the public (spectator)
view as text.

An illegal action (a code not in the agent's mask) follows the environment's
``illegal_action`` policy (:data:`ILLEGAL_ACTION_POLICIES`): ``"raise"`` (the default) raises
:class:`~netjer.core.errors.IllegalActionError` and changes nothing; ``"lose"`` ends the
episode as PettingZoo's classic games do: the offending agent gets the game's lowest return
(-1), every other agent 0, every agent is terminated, and each agent's info has
``"illegal_action": <offending agent>``.  The kernel state is left as it was (the
offending action is never applied), so the game is not a legal game record.

The Parallel environment (:func:`parallel_env`) lets every agent act in the same step where
the table decides simultaneously (Aton's exchange decision and cartouches, rules/aton.md §4
steps B-C; Ankh's Battle cards and Plague bids, rules/ankh.md §1; declared in
:meth:`netjer.core.state.State.simultaneous_window`); elsewhere only the agent to move acts, and
the others' actions are ignored (their mask is all zeros).
"""

from __future__ import annotations

import io
import operator
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

try:
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from pettingzoo import AECEnv, ParallelEnv
except ImportError as err:  # pragma: no cover - depends on the installed extras
    raise ImportError("netjer.adapters.pettingzoo needs PettingZoo: pip install 'netjer[pettingzoo]'") from err

from rich.console import Console

from netjer.adapters.common import Session, length_bound, utility
from netjer.adapters.encoding import Encoder, encoder_for
from netjer.adapters.learner import kept_entries
from netjer.core.errors import ConfigError, IllegalActionError
from netjer.core.game import Game
from netjer.core.state import JsonDict, State
from netjer.drawings import renderer_for
from netjer.games.registry import make_game

#: Render modes: ``"ansi"`` returns the text, ``"human"`` prints it.
RENDER_MODES = ("human", "ansi")
#: What an illegal action does (see the module docstring): raise, or the offender loses.
ILLEGAL_ACTION_POLICIES = ("raise", "lose")


class _Table:
    """What both environments share: the game, spaces, seeding and the text rendering."""

    def __init__(
        self,
        name: str,
        render_mode: str | None,
        max_game_length: int | None,
        illegal_action: str,
        options: dict[str, Any],
        blocks: str | Sequence[str] | None = None,
    ):
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ConfigError(f"render_mode must be one of {RENDER_MODES} or None, got {render_mode!r}")
        if illegal_action not in ILLEGAL_ACTION_POLICIES:
            raise ConfigError(f"illegal_action must be one of {ILLEGAL_ACTION_POLICIES}, got {illegal_action!r}")
        self.illegal_action = illegal_action
        _, self.worst, _ = utility(name)
        self.game: Game = make_game(name, options)
        self.encoder: Encoder = encoder_for(self.game)
        #: the kept entries of the tensor (``blocks=``), or None for all (see kept_entries)
        self.keep = kept_entries(self.encoder, blocks)
        cap, _, _ = length_bound(self.game)
        if max_game_length is not None:
            if isinstance(max_game_length, bool) or not isinstance(max_game_length, int | np.integer):
                raise ConfigError(f"max_game_length must be a whole number of decisions, got {max_game_length!r}")
            if max_game_length <= 0:
                raise ConfigError(f"max_game_length must be positive, got {max_game_length}")
            cap = min(cap, max_game_length)
        self.cap = cap
        n = self.game.num_players
        self.agents = [f"player_{i}" for i in range(n)]
        size = self.encoder.size if self.keep is None else len(self.keep)
        actions = self.game.num_distinct_actions
        self.obs_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(self.encoder.low, self.encoder.high, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for a in self.agents
        }
        self.act_spaces = {a: spaces.Discrete(actions) for a in self.agents}
        self.state_space = spaces.Box(self.encoder.low, self.encoder.high, (n * size,), np.float32)
        self.np_random, _ = seeding.np_random(None)
        self.draw = renderer_for(name)

    def new_session(self, seed: int | None) -> Session:
        """A new game; ``seed`` (if given) reseeds the generator the kernel seeds come from."""
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        kernel_seed = int.from_bytes(self.np_random.bytes(8), "little")
        return Session(self.game, self.game.new_initial_state(kernel_seed), 0, self.cap)

    def observe(self, state: State | JsonDict, seat: int, legal: list[int]) -> dict[str, np.ndarray]:
        """The Dict observation of ``seat``: tensor of its observation, and the mask of ``legal``."""
        obs = state.observation(seat) if isinstance(state, State) else state
        tensor = self.tensor(obs)
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        if legal:
            mask[legal] = 1
        return {"observation": tensor, "action_mask": mask}

    def code(self, agent: str, action: Any) -> int:
        """``agent``'s ``action`` as an integer code: a Python or NumPy integer, or a 0-d
        integer array (anything with ``__index__`` but a bool).

        Raises:
            ValueError: for anything else (a float is not truncated, a string not parsed,
                ``None`` is for an agent whose game has ended), under either policy.
        """
        if action is None:
            raise ValueError(
                f"{agent} is still playing: its action must be an integer code; None is only "
                "for an agent that is terminated or truncated"
            )
        try:
            if isinstance(action, bool | np.bool_):
                raise TypeError
            return operator.index(action)
        except TypeError:
            raise ValueError(
                f"{agent}'s action must be an integer code 0 to {self.game.num_distinct_actions - 1}, "
                f"got {action!r} ({type(action).__name__})"
            ) from None

    def seat(self, agent: Any) -> int:
        """The seat of agent name ``agent``.

        Raises:
            ValueError: for a name that is not one of the agents.
        """
        try:
            return self.agents.index(agent)
        except ValueError:
            raise ValueError(f"no agent {agent!r}: the agents are {', '.join(self.agents)}") from None

    def illegal(self, session: Session, agent: str, code: Any, legal: list[int]) -> IllegalActionError:
        """The error for ``agent``'s illegal action ``code`` (raised, or kept under ``"lose"``).

        Raises:
            ValueError: if ``code`` is not an integer code of the game (under either policy).
        """
        action = session.action(int(code))
        return IllegalActionError(
            str(action), "not among this agent's legal actions", f"{agent} may play only {legal}", []
        )

    def state_tensor(self, session: Session | None) -> np.ndarray:
        """The global state: every seat's observation tensor, seat 0 first (see ``state()``).

        Raises:
            ConfigError: before ``reset()``.
        """
        if session is None:
            raise ConfigError("call reset() before using the environment")
        state = session.state
        return np.concatenate([self.tensor(state.observation(s)) for s in range(len(self.agents))])

    def tensor(self, obs: JsonDict) -> np.ndarray:
        """The tensor of observation ``obs``: the encoder's, cut to the kept blocks if any."""
        tensor: np.ndarray = self.encoder.encode_array(obs)
        return tensor if self.keep is None else tensor[self.keep]

    def forfeit_rewards(self, agents: list[str], offenders: set[str]) -> dict[str, float]:
        """Rewards when ``offenders`` played illegal actions under the ``"lose"`` policy."""
        return {a: (self.worst if a in offenders else 0.0) for a in agents}

    def text(self, session: Session | None) -> str:
        """The public view of the game as plain text."""
        if session is None:
            return "(no game: call reset())"
        buffer = io.StringIO()
        console = Console(file=buffer, width=100, color_system=None, force_terminal=False, legacy_windows=False)
        console.print(self.draw(session.observation(None), None))
        if session.truncated:
            console.print(f"Truncated after {session.moves} decisions (the adapter's length cap).")
        return buffer.getvalue()


class _TextRendering:
    """``render`` and ``close``, shared by both environments (they hold ``_t``, ``session``
    and ``render_mode``)."""

    _t: _Table
    session: Any
    render_mode: str | None

    def render(self) -> str | None:
        """The public view as text: returned (``"ansi"``), printed (``"human"``) or ``None``."""
        if self.render_mode is None:
            return None
        text = self._t.text(self.session)
        if self.render_mode == "ansi":
            return text
        print(text, end="")
        return None

    def close(self) -> None:
        """Nothing to release."""
        return


class NetjerAECEnv(_TextRendering, AECEnv):  # type: ignore[misc]  # pettingzoo has no type stubs
    """A Netjer game as a PettingZoo AEC environment (see the module docstring).

    Args:
        name: the Netjer game (``"aton"``, ``"nile"``, ``"ankh"``).
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        max_game_length: lower the length cap (decisions) to this.
        illegal_action: ``"raise"`` or ``"lose"`` (see the module docstring).
        blocks: None (the whole tensor) or the named blocks of the tensor to keep in every
            observation and in ``state()`` (Ankh's; see :class:`netjer.adapters.learner.LearnerTable`).
        **options: the game's options.

    Raises:
        ConfigError: for an unknown game, a bad option, render mode, policy or blocks.
    """

    def __init__(
        self,
        name: str,
        render_mode: str | None = None,
        max_game_length: int | None = None,
        illegal_action: str = "raise",
        blocks: str | Sequence[str] | None = None,
        **options: Any,
    ):
        super().__init__()
        self._t = _Table(name, render_mode, max_game_length, illegal_action, options, blocks)
        self.metadata: dict[str, Any] = {
            "render_modes": list(RENDER_MODES),
            "name": f"netjer_{name}_v0",
            # Turns do not cycle through every agent, so PettingZoo's aec_to_parallel does
            # not apply: use parallel_env() instead.
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.possible_agents = list(self._t.agents)
        self.agents: list[str] = []
        self.session: Session | None = None
        self._forfeited = False
        self.state_space = self._t.state_space

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """``Dict(observation=Box, action_mask=Box(int8))``, the same object every call."""
        return self._t.obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(num_distinct_actions)``, the same object every call."""
        return self._t.act_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` makes it (and the games after it) reproducible."""
        self.session = self._t.new_session(seed)
        self._forfeited = False
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.session.current_player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s Dict observation (its mask is empty unless it is to move)."""
        session = self._session()
        seat = self._t.seat(agent)
        legal = session.legal_codes() if session.current_player == seat and not self._forfeited else []
        return self._t.observe(session.state, seat, legal)

    def step(self, action: Any) -> None:
        """Play ``action`` (an integer code) for :attr:`agent_selection`.

        Raises:
            ConfigError: before :meth:`reset`, or once the episode is over (every agent has
                left).
            IllegalActionError: if the action is not legal now and the policy is ``"raise"``
                (nothing changes).
            ValueError: if ``action`` is not an integer code of the game (nothing changes).
        """
        session = self._session()
        self._check_live()
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        agent = self.agent_selection
        code = self._t.code(agent, action)
        legal = session.legal_codes()
        if code not in legal:
            error = self._t.illegal(session, agent, code, legal)
            if self._t.illegal_action == "raise":
                raise error
            self._forfeit(agent)
            return
        session.apply_code(code)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if session.state.is_terminal:
            for a, r in zip(self.possible_agents, session.returns(), strict=True):
                if a in self.rewards:
                    self.rewards[a] = r
            self.terminations = dict.fromkeys(self.agents, True)
        elif session.truncated:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[session.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()`` for :attr:`agent_selection`.

        Raises:
            ConfigError: before :meth:`reset`, or once the episode is over.
        """
        self._session()
        self._check_live()
        return super().last(observe)  # type: ignore[no-any-return]

    def _check_live(self) -> None:
        if not self.agents:
            raise ConfigError("the episode is over (every agent has left): call reset() for a new one")

    def _forfeit(self, agent: str) -> None:
        """The ``"lose"`` policy: ``agent`` played an illegal action; the episode ends."""
        self._forfeited = True
        self._cumulative_rewards[agent] = 0.0
        self.rewards = self._t.forfeit_rewards(self.agents, {agent})
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos = {a: {"illegal_action": agent} for a in self.agents}
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def state(self) -> np.ndarray:
        """The global state for centralised critics: see :meth:`NetjerParallelEnv.state`."""
        return self._t.state_tensor(self.session)

    @property
    def kernel_game(self) -> Game:
        """The Netjer game (rules and options; public)."""
        return self._t.game

    def _session(self) -> Session:
        if self.session is None:
            raise ConfigError("call reset() before using the environment")
        return self.session


class NetjerParallelEnv(_TextRendering, ParallelEnv):  # type: ignore[misc]  # pettingzoo has no type stubs
    """A Netjer game as a PettingZoo Parallel environment (see the module docstring).

    In a simultaneous window (a run of decisions the game declares with
    :meth:`~netjer.core.state.State.simultaneous_window`), each
    step takes one decision from every seat that still has one in the window: its *k*-th.
    The kernel takes them one seat at a time, so actions are queued and applied in the
    kernel's seat order.  A seat's legal actions and observation for its next decision are
    read from a probe copy in which the seats before it have taken their queued decisions,
    or placeholders for the ones not yet taken; the kernel guarantees (DESIGN.md) that no
    seat's observation shows another's secret choices, so the placeholders change nothing
    the seat can see but how many face-down choices the others have made.

    Args:
        name, render_mode, max_game_length, illegal_action, blocks, options: as for
            :class:`NetjerAECEnv`.

    Raises:
        ConfigError: for an unknown game, a bad option, render mode, policy or blocks.
    """

    def __init__(
        self,
        name: str,
        render_mode: str | None = None,
        max_game_length: int | None = None,
        illegal_action: str = "raise",
        blocks: str | Sequence[str] | None = None,
        **options: Any,
    ):
        self._t = _Table(name, render_mode, max_game_length, illegal_action, options, blocks)
        self.metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "name": f"netjer_{name}_parallel_v0"}
        self.render_mode = render_mode
        self.possible_agents = list(self._t.agents)
        self.agents: list[str] = []
        self.session: Session | None = None
        self._queue: list[list[int]] = [[] for _ in self.possible_agents]
        self._plan: dict[int, tuple[list[int], JsonDict]] = {}
        self.state_space = self._t.state_space

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """As for the AEC environment."""
        return self._t.obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """As for the AEC environment."""
        return self._t.act_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        """Start a new game; return every agent's observation and info."""
        self.session = self._t.new_session(seed)
        self.agents = list(self.possible_agents)
        self._queue = [[] for _ in self.possible_agents]
        self._plan = self._next_plan()
        return self._observations(), {a: {} for a in self.agents}

    @property
    def acting(self) -> list[str]:
        """The agents whose actions the next :meth:`step` uses."""
        return [self.possible_agents[s] for s in sorted(self._plan)]

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, dict[str, np.ndarray]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Take the acting agents' actions (others' are ignored); return the usual five dicts.

        Raises:
            ConfigError: before :meth:`reset`, once the episode is over (no agents left), if
                ``actions`` is not a dict, or if an acting agent has no action in it.
            IllegalActionError: if an acting agent's action is not legal and the policy is
                ``"raise"`` (nothing changes).  Under ``"lose"`` every acting agent whose
                action is illegal loses and the episode ends.
            ValueError: if an action is not an integer code of the game (nothing changes).
        """
        session = self._session()
        if not self.agents:
            raise ConfigError("the episode is over (no agents left): call reset() for a new one")
        if not isinstance(actions, Mapping):
            raise ConfigError(f"actions must be a dict of agent -> action code, got {type(actions).__name__}")
        chosen: dict[int, int] = {}
        offenders: set[str] = set()
        for seat, (legal, _) in self._plan.items():
            agent = self.possible_agents[seat]
            if agent not in actions:
                raise ConfigError(f"{agent} must act in this step")
            code = self._t.code(agent, actions[agent])
            if code not in legal:
                error = self._t.illegal(session, agent, code, legal)
                if self._t.illegal_action == "raise":
                    raise error
                offenders.add(agent)
            chosen[seat] = code
        if offenders:
            return self._forfeit(offenders)
        for seat, code in chosen.items():
            self._queue[seat].append(code)
        # Apply queued decisions in the kernel's seat order.
        while not session.over and self._queue[session.current_player]:
            seat = session.current_player
            code = self._queue[seat].pop(0)
            if code not in session.legal_codes():  # pragma: no cover - a wrong simultaneous_window
                raise RuntimeError(f"queued action {code} of seat {seat} became illegal: not a simultaneous phase")
            session.apply_code(code)
        agents = list(self.agents)
        rewards = dict.fromkeys(agents, 0.0)
        terminations = dict.fromkeys(agents, False)
        truncations = dict.fromkeys(agents, False)
        if session.state.is_terminal:
            rewards = dict(zip(agents, session.returns(), strict=True))
            terminations = dict.fromkeys(agents, True)
        elif session.truncated:
            truncations = dict.fromkeys(agents, True)
        self._plan = self._next_plan()
        observations = self._observations()
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        if session.over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _forfeit(
        self, offenders: set[str]
    ) -> tuple[
        dict[str, dict[str, np.ndarray]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """The ``"lose"`` policy: ``offenders`` played illegal actions; the episode ends."""
        session = self._session()
        agents = list(self.agents)
        self._plan = {}
        observations = {a: self._t.observe(session.state, s, []) for s, a in enumerate(self.possible_agents)}
        rewards = self._t.forfeit_rewards(agents, offenders)
        offender = ",".join(sorted(offenders))
        infos: dict[str, dict[str, Any]] = {a: {"illegal_action": offender} for a in agents}
        self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, dict.fromkeys(agents, True), dict.fromkeys(agents, False), infos

    def state(self) -> np.ndarray:
        """The global state, for centralised critics (MAPPO, QMIX and the like, trained with
        centralised information and acting on each agent's own observation): every seat's
        observation tensor, seat 0 first, ``float32`` of shape ``state_space.shape`` (players x
        the tensor's size).  It is the union of the seats' information sets, so it holds every
        seat's secrets (its hand, its face-down Battle card): feed it to a critic during
        training, never to a policy that acts.  What no seat knows (the order of a deck) is in
        no observation, so not here either.

        Raises:
            ConfigError: before ``reset()``.
        """
        return self._t.state_tensor(self.session)

    # --- internals ---------------------------------------------------------------------------

    def _session(self) -> Session:
        if self.session is None:
            raise ConfigError("call reset() before using the environment")
        return self.session

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        session = self._session()
        out = {}
        for seat, agent in enumerate(self.possible_agents):
            planned = self._plan.get(seat)
            if planned is None:
                out[agent] = self._t.observe(session.state, seat, [])
            else:
                legal, obs = planned
                out[agent] = self._t.observe(obs, seat, legal)
        return out

    def _next_plan(self) -> dict[int, tuple[list[int], JsonDict]]:
        """The seats to act next: ``seat -> (legal codes, observation at its decision)``."""
        session = self._session()
        if session.over:
            return {}
        state = session.state
        window = state.simultaneous_window()
        if window is None:
            seat = state.current_player
            return {seat: (session.legal_codes(), state.observation(seat))}
        probe = state.clone()
        queues = [list(q) for q in self._queue]
        code, action = self._t.game.action_to_int, self._t.game.int_to_action
        plan: dict[int, tuple[list[int], JsonDict]] = {}
        before: dict[int, State] = {}  # seat -> the probe just before its first placeholder
        while not probe.is_terminal and probe.simultaneous_window() == window:
            seat = probe.current_player
            if queues[seat]:
                probe.apply(action(queues[seat].pop(0)))
                continue
            legal = probe.legal_actions()
            if seat not in plan:
                # The seats ahead are shown as having chosen only where they did (issue 13).
                plan[seat] = (sorted(code(a) for a in legal), probe.window_observation(seat, dict(before)))
                before[seat] = probe.clone()
            probe.apply(legal[0])  # a placeholder for a decision of a later step
        return plan


def env(
    name: str,
    render_mode: str | None = None,
    max_game_length: int | None = None,
    illegal_action: str = "raise",
    blocks: str | Sequence[str] | None = None,
    **options: Any,
) -> NetjerAECEnv:
    """The AEC environment of Netjer game ``name`` (see :class:`NetjerAECEnv`)."""
    return NetjerAECEnv(
        name,
        render_mode=render_mode,
        max_game_length=max_game_length,
        illegal_action=illegal_action,
        blocks=blocks,
        **options,
    )


def parallel_env(
    name: str,
    render_mode: str | None = None,
    max_game_length: int | None = None,
    illegal_action: str = "raise",
    blocks: str | Sequence[str] | None = None,
    **options: Any,
) -> NetjerParallelEnv:
    """The Parallel environment of Netjer game ``name`` (see :class:`NetjerParallelEnv`)."""
    return NetjerParallelEnv(
        name,
        render_mode=render_mode,
        max_game_length=max_game_length,
        illegal_action=illegal_action,
        blocks=blocks,
        **options,
    )
