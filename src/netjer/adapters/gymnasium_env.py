"""A single-agent Gymnasium environment for every Netjer game: one learning seat, the others
played by Netjer agents inside :meth:`NetjerEnv.step`.

Usage (needs the ``pettingzoo`` extra, which brings Gymnasium and NumPy)::

    from netjer.adapters.gymnasium_env import NetjerEnv
    env = NetjerEnv("ankh", players=2, opponents="random")
    obs, info = env.reset(seed=0)
    while True:
        action = env.action_space.sample(obs["action_mask"])   # a legal action
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

- **Opponents** are agent specifications (:mod:`netjer.agents.registry`): one for every other
  seat, or a list with one per other seat; they play inside ``step`` until the learner is to
  move again, seeded from ``reset(seed=...)``.
- **Seat**: ``seat=None`` (the default) rotates the learner's seat, game after game (first
  game seat 0, then 1, ...; ``reset(seed=...)`` starts again at seat 0, so that a seed
  replays the same games); an integer fixes it.  ``info["seat"]`` says which.
- **Observations**: ``observation="dict"`` gives ``Dict(observation=Box(float32, the game's
  tensor), action_mask=Box(int8, num_distinct_actions))`` as the PettingZoo environments do;
  ``"flat"`` gives one ``float32`` Box, the tensor followed by the mask (0/1), for libraries that
  reject Dict spaces.  :meth:`NetjerEnv.action_masks` gives the mask as booleans
  (sb3-contrib's ``MaskablePPO`` calls it).  ``blocks=`` keeps only some named blocks of the
  tensor (Ankh's: ``blocks="seat,gods,me,battle"``; :class:`~netjer.adapters.learner.LearnerTable`),
  so that a policy's first layer reads fewer inputs.
- **Rewards**: ``reward="result"`` or ``"shaped"`` (:mod:`netjer.adapters.learner`).
- **Illegal actions**: ``illegal_action="lose"`` (the default; the learner loses at once:
  reward -1, terminated, ``info["illegal_action"]``), so that Gymnasium's ``check_env`` and
  unmasked sampling run; ``"raise"`` raises :class:`~netjer.core.errors.IllegalActionError`.
- Games without a proven length bound are **truncated** at the adapters' cap
  (:func:`netjer.adapters.common.length_bound`).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as err:  # pragma: no cover - depends on the installed extras
    raise ImportError("netjer.adapters.gymnasium_env needs Gymnasium: pip install 'netjer[pettingzoo]'") from err

from rich.console import Console

from netjer.adapters.learner import LearnerGame, LearnerTable, write_mask
from netjer.core.errors import ConfigError
from netjer.drawings import renderer_for
from netjer.games.registry import game_names

#: Observation options (see the module docstring).
OBSERVATIONS = ("dict", "flat")


def observation_space(table: LearnerTable, observation: str) -> spaces.Space[Any]:
    """The space of one learner observation (``"dict"`` or ``"flat"``) of ``table``'s game.

    Raises:
        ConfigError: for another ``observation``.
    """
    size, actions = table.size, table.num_actions
    low, high = table.encoder.low, table.encoder.high
    if observation == "dict":
        return spaces.Dict(
            {
                "observation": spaces.Box(low, high, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
    if observation == "flat":
        return spaces.Box(min(low, 0.0), max(high, 1.0), (size + actions,), np.float32)
    raise ConfigError(f"observation must be one of {OBSERVATIONS}, got {observation!r}")


def to_code(action: Any, num_actions: int) -> int:
    """``action`` (a Python or NumPy integer, or a 0-d integer array) as an int.

    Raises:
        ValueError: for anything else (a bool, a float, a string) or a code out of range.
    """
    if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer | np.ndarray):
        raise ValueError(f"action must be an integer code 0 to {num_actions - 1}, got {action!r}")
    code = int(action)
    if not 0 <= code < num_actions:
        raise ValueError(f"action must be an integer code 0 to {num_actions - 1}, got {code}")
    return code


class NetjerEnv(gymnasium.Env[Any, np.int64]):
    """One seat of a Netjer game as a Gymnasium environment (see the module docstring).

    Args:
        name: the Netjer game.
        opponents: agent specification(s) of the other seats (default ``"random"``).
        seat: the learner's seat, or None to rotate it game after game.
        observation: ``"dict"`` or ``"flat"``.
        reward: ``"result"`` or ``"shaped"``.
        illegal_action: ``"lose"`` or ``"raise"``.
        max_game_length: lower the length cap (decisions of all seats).
        blocks: None (the whole tensor) or the tensor's blocks to keep (Ankh's named blocks, a
            list or one text separated by commas; see :class:`~netjer.adapters.learner.LearnerTable`).
        render_mode: None or ``"ansi"`` (the public view as text, as the PettingZoo environments
            draw it).
        **options: the game's options (``players=4``...).

    Raises:
        ConfigError: for a bad game, option, agent, seat, observation, reward, policy, blocks or
            render mode.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's class attribute

    def __init__(
        self,
        name: str,
        opponents: str | Sequence[str] = "random",
        seat: int | None = None,
        observation: str = "dict",
        reward: str = "result",
        illegal_action: str = "lose",
        max_game_length: int | None = None,
        blocks: str | Sequence[str] | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.table = LearnerTable(name, opponents, reward, illegal_action, max_game_length, options, blocks)
        n = self.table.num_players
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n):
            raise ConfigError(f"seat must be None (rotate) or 0 to {n - 1}, got {seat!r}")
        if render_mode not in (None, "ansi"):
            raise ConfigError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.fixed_seat = seat
        self.observation_kind = observation
        self.observation_space = observation_space(self.table, observation)
        self.action_space = spaces.Discrete(self.table.num_actions)
        self.metadata = {"render_modes": ["ansi"], "name": f"netjer_{name}_single_v0"}
        self.current = LearnerGame(self.table)
        self.games_started = 0
        self._mask = np.zeros(self.table.num_actions, dtype=np.int8)
        # The tensor is kept up to date in place by a row writer (as in the vector environment:
        # only the blocks that changed since the last observation are written), then copied out.
        self._row = np.zeros(self.table.encoder.size, dtype=np.float32)
        self._writer = self.table.encoder.row_writer(self._row)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without its row writer (the compiled build's writer does not pickle, and its
        memory is a cache): :meth:`__setstate__` gives the copy a new one."""
        state = self.__dict__.copy()
        del state["_writer"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restore a pickled environment with a new row writer over its row (which it clears:
        the next observation is written whole)."""
        self.__dict__.update(state)
        self._writer = self.table.encoder.row_writer(self._row)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """Start a new game (the opponents play until the learner's first decision).

        Returns:
            ``(observation, info)``; ``info["seat"]`` is the learner's seat.
        """
        super().reset(seed=seed)
        if seed is not None:
            self.games_started = 0  # a seed replays the same games, seats included
        n = self.table.num_players
        seat = self.fixed_seat if self.fixed_seat is not None else self.games_started % n
        self.games_started += 1
        kernel_seed = int.from_bytes(self.np_random.bytes(8), "little")
        agent_seed = int(self.np_random.integers(1 << 62))
        self.current.reset(kernel_seed, seat, agent_seed)
        return self._observation(), {"seat": seat}

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the opponents' until its next decision.

        Returns:
            ``(observation, reward, terminated, truncated, info)``.

        Raises:
            ValueError: if ``action`` is not an integer code of the game.
            IllegalActionError: for an illegal action under ``illegal_action="raise"``.
            ConfigError: before :meth:`reset` or once the game is over.
        """
        code = to_code(action, self.table.num_actions)
        reward, terminated, truncated, info = self.current.step(code)
        info["seat"] = self.current.seat
        return self._observation(), float(reward), terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions now, as a boolean vector over the action codes."""
        return self._write_mask().astype(bool)

    def render(self) -> str | None:
        """The public (spectator) view as text with ``render_mode="ansi"``, else None; the same
        drawing as the ``netjer`` terminal and the PettingZoo environments."""
        session = self.current.session
        if self.render_mode is None or session is None:
            return None
        buffer = io.StringIO()
        console = Console(file=buffer, width=100, color_system=None, force_terminal=False)
        console.print(renderer_for(self.table.name)(session.observation(None), None))
        return buffer.getvalue()

    def _write_mask(self) -> np.ndarray:
        write_mask(self._mask, self.current.legal_codes())
        return self._mask

    def _observation(self) -> Any:
        self._writer.write(self.current.obs, shared=True)  # LearnerGame.obs is a shared observation
        keep = self.table.keep
        tensor = self._row if keep is None else self._row[keep]  # indexing copies
        mask = self._write_mask()
        if self.observation_kind == "dict":
            return {"observation": tensor.copy() if keep is None else tensor, "action_mask": mask.copy()}
        return np.concatenate([tensor, mask.astype(np.float32)])  # a new array


def _register() -> None:
    """Register ``netjer/<game>-v0`` with Gymnasium for every Netjer game, so that
    ``gymnasium.make("netjer/ankh-v0", players=2)`` builds a :class:`NetjerEnv`."""
    for name in game_names():
        env_id = f"netjer/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=f"{__name__}:NetjerEnv", kwargs={"name": name})


_register()
