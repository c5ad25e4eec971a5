"""N games of any Netjer game stepped in one call: a Gymnasium vector environment.

Usage (needs the ``pettingzoo`` extra)::

    import numpy as np
    from netjer.adapters.vector_env import NetjerVectorEnv
    envs = NetjerVectorEnv("ankh", num_envs=16, players=2, opponents="random")
    obs, infos = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(100):
        masks = obs["action_mask"]                                  # (16, 2953) int8
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, rewards, terminated, truncated, infos = envs.step(actions)

Each of the ``num_envs`` sub-environments is one learner seat in a game whose other seats are
played by Netjer agents inside :meth:`NetjerVectorEnv.step`, exactly as in
:class:`netjer.adapters.gymnasium_env.NetjerEnv` (same options: ``opponents``, ``seat``,
``observation``, ``reward``, ``illegal_action``, ``max_game_length``, ``blocks`` and the game's
options).
Observations, masks, rewards, terminations and truncations are NumPy arrays with a leading
axis of ``num_envs``: ``observation="dict"`` gives ``{"observation": (N, size) float32,
"action_mask": (N, num_distinct_actions) int8}``, ``"flat"`` one ``(N, size + actions)``
float32 array.  With ``seat=None`` sub-environment *i* starts at seat ``i mod players`` and
rotates game after game, so every seat is trained.

**Auto-reset** is Gymnasium's ``SAME_STEP`` mode (``metadata["autoreset_mode"]``): a game that
ends in a step is replaced by a new one in that same step; the returned observation and mask
are the new game's (so the mask always belongs to the observation beside it), and the ended
game's last observation is in ``infos["final_obs"]`` (with ``infos["_final_obs"]`` marking the
sub-environments that ended), as Gymnasium's own vector environments do.  ``infos["seat"]``
gives each sub-environment's learner seat.

Everything runs in this process, one game after the other (the engine is not thread-safe, and
a game's decisions are too short for process pools to pay): use Gymnasium's
``AsyncVectorEnv`` over :class:`~netjer.adapters.gymnasium_env.NetjerEnv` to spread games over
processes instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

try:
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as err:  # pragma: no cover - depends on the installed extras
    raise ImportError("netjer.adapters.vector_env needs Gymnasium: pip install 'netjer[pettingzoo]'") from err

from netjer.adapters.gymnasium_env import observation_space, to_code
from netjer.adapters.learner import LearnerGame, LearnerTable
from netjer.core.errors import ConfigError


class NetjerVectorEnv(VectorEnv[Any, np.ndarray, np.ndarray]):
    """``num_envs`` learner games of one Netjer game (see the module docstring).

    Args:
        name: the Netjer game.
        num_envs: how many games are stepped together (at least 1).
        opponents, seat, observation, reward, illegal_action, max_game_length, blocks, **options:
            as for :class:`~netjer.adapters.gymnasium_env.NetjerEnv`.

    Raises:
        ConfigError: for a bad game, option, agent, seat, observation, reward, policy or
            ``num_envs``, or bad ``blocks``.
    """

    def __init__(
        self,
        name: str,
        num_envs: int = 8,
        opponents: str | Sequence[str] = "random",
        seat: int | None = None,
        observation: str = "dict",
        reward: str = "result",
        illegal_action: str = "lose",
        max_game_length: int | None = None,
        blocks: str | Sequence[str] | None = None,
        **options: Any,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ConfigError(f"num_envs must be a whole number >= 1, got {num_envs!r}")
        self.table = LearnerTable(name, opponents, reward, illegal_action, max_game_length, options, blocks)
        n = self.table.num_players
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n):
            raise ConfigError(f"seat must be None (rotate) or 0 to {n - 1}, got {seat!r}")
        self.num_envs = num_envs
        self.fixed_seat = seat
        self.observation_kind = observation
        self.single_observation_space = observation_space(self.table, observation)
        self.single_action_space = spaces.Discrete(self.table.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "name": f"netjer_{name}_vector_v0"}
        self.games = [LearnerGame(self.table) for _ in range(num_envs)]
        self.started = [0] * num_envs  # games started per sub-environment (the seat rotation)
        size, actions = self.table.encoder.size, self.table.num_actions
        self._tensors = np.zeros((num_envs, size), dtype=np.float32)
        self._masks = np.zeros((num_envs, actions), dtype=np.int8)
        # One writer per row: each game's tensor is updated in place from its own memory of
        # the game's last observation (only the blocks that changed are written).
        self._writers = [self.table.encoder.row_writer(self._tensors[i]) for i in range(num_envs)]
        #: per sub-environment, the codes set in its mask row (the learner's legal codes)
        self._legal: list[list[int]] = [[] for _ in range(num_envs)]
        self._rng = np.random.default_rng()

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without its row writers (the compiled build's do not pickle, and a writer's
        row would come back as a copy, no longer a row of the batch): :meth:`__setstate__`
        gives the copy new writers over the rows of its batch."""
        state = self.__dict__.copy()
        del state["_writers"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restore a pickled vector environment with a new row writer for each row of its batch
        (each clears its row and writes the next observation whole)."""
        self.__dict__.update(state)
        self._writers = [self.table.encoder.row_writer(self._tensors[i]) for i in range(len(self._tensors))]

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Start a new game in every sub-environment.

        Args:
            seed: one seed (the games' seeds are drawn from it), a list of one per
                sub-environment, or None.
            options: ignored.

        Returns:
            ``(observations, infos)``; ``infos["seat"]`` is each learner's seat.
        """
        if isinstance(seed, list):
            if len(seed) != self.num_envs:
                raise ConfigError(f"reset needs {self.num_envs} seeds, got {len(seed)}")
            self._rng = np.random.default_rng(seed)
        elif seed is not None:
            self._rng = np.random.default_rng(seed)
        if seed is not None:
            self.started = [0] * self.num_envs
        for i in range(self.num_envs):
            self._new_game(i)
            self._write(i)
        return self._observations(), {"seat": self._seats()}

    def step(self, actions: Any) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Play each learner's action, then its opponents', in every sub-environment.

        Args:
            actions: ``num_envs`` integer codes (a NumPy array or a sequence).

        Returns:
            ``(observations, rewards, terminations, truncations, infos)``, arrays over the
            sub-environments (see the module docstring for auto-reset and ``infos``).

        Raises:
            ValueError: for a wrong number of actions, or one that is not a code of the game.
            IllegalActionError: for an illegal action under ``illegal_action="raise"``.
            ConfigError: before :meth:`reset`.
        """
        codes = np.asarray(actions)
        if codes.shape != (self.num_envs,):
            raise ValueError(f"step needs {self.num_envs} actions, got an array of shape {codes.shape}")
        num_actions = self.table.num_actions
        # Integer arrays become Python ints in one call (range-checked by the game); anything
        # else goes through to_code, which names what is wrong with it.
        values = codes.tolist() if codes.dtype.kind in "iu" else [to_code(c, num_actions) for c in codes]
        rewards = [0.0] * self.num_envs
        terminations = [False] * self.num_envs
        truncations = [False] * self.num_envs
        ended: list[int] = []
        final: list[Any] = [None] * self.num_envs
        illegal = [False] * self.num_envs
        for i, game in enumerate(self.games):
            reward, terminated, truncated, info = game.step(values[i])
            rewards[i], terminations[i], truncations[i] = reward, terminated, truncated
            illegal[i] = bool(info.get("illegal_action"))
            self._write(i)
            if terminated or truncated:
                ended.append(i)
                final[i] = self._observation_of(i)
                self._new_game(i)
                self._write(i)
        infos: dict[str, Any] = {"seat": self._seats()}
        if ended:
            done = np.zeros(self.num_envs, dtype=bool)
            done[ended] = True
            infos["final_obs"] = np.array(final, dtype=object)
            infos["_final_obs"] = done
        if any(illegal):
            flags = np.array(illegal, dtype=bool)
            infos["illegal_action"], infos["_illegal_action"] = flags, flags
        return (
            self._observations(),
            np.array(rewards, dtype=np.float64),
            np.array(terminations, dtype=bool),
            np.array(truncations, dtype=bool),
            infos,
        )

    def action_masks(self) -> np.ndarray:
        """The learners' legal actions now, ``(num_envs, num_distinct_actions)`` booleans."""
        return self._masks.astype(bool)

    # --- internals ---------------------------------------------------------------------------

    def _new_game(self, i: int) -> None:
        n = self.table.num_players
        seat = self.fixed_seat if self.fixed_seat is not None else (i + self.started[i]) % n
        self.started[i] += 1
        kernel_seed = int.from_bytes(self._rng.bytes(8), "little")
        self.games[i].reset(kernel_seed, seat, int(self._rng.integers(1 << 62)))

    def _write(self, i: int) -> None:
        game = self.games[i]
        self._writers[i].write(game.obs, shared=True)  # LearnerGame.obs is a shared observation
        # The mask row changes at the codes legal before or now (a few dozen of its thousands):
        # cleared and set item by item, cheaper than NumPy's indexing with Python lists.
        mask = memoryview(self._masks[i])
        for code in self._legal[i]:
            mask[code] = 0
        legal = self._legal[i] = game.legal_codes()
        for code in legal:
            mask[code] = 1

    def _observation_of(self, i: int) -> Any:
        keep = self.table.keep
        tensor = self._tensors[i] if keep is None else self._tensors[i, keep]
        if self.observation_kind == "dict":
            return {"observation": tensor.copy() if keep is None else tensor, "action_mask": self._masks[i].copy()}
        return np.concatenate([tensor, self._masks[i].astype(np.float32)])

    def _observations(self) -> Any:
        keep = self.table.keep
        tensors = self._tensors if keep is None else self._tensors[:, keep]  # indexing copies
        if self.observation_kind == "dict":
            return {"observation": tensors.copy() if keep is None else tensors, "action_mask": self._masks.copy()}
        return np.concatenate([tensors, self._masks.astype(np.float32)], axis=1)

    def _seats(self) -> np.ndarray:
        return np.array([game.seat for game in self.games], dtype=np.int64)
