"""PettingZoo: the global ``state()`` of both environments, and the parallel seed test over
whole episodes with masked sampling.

PettingZoo's own ``parallel_seed_test`` (1.27) stops after its first step whatever the
environment does (it tests ``any(terminations)``, which is true for any non-empty dict of
agents), and it samples without the mask; ``test_pettingzoo.py`` runs it as it is.  Here the
same comparison of two environments built alike runs to the end of every episode, each agent
sampling among its legal actions, so that it checks the determinism of whole games.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from gymnasium import spaces
from gymnasium.utils.env_checker import data_equivalence

from netjer.adapters.pettingzoo import NetjerParallelEnv, env, parallel_env
from netjer.core.errors import ConfigError
from tests.adapters.cases import BASIC_CASES, QUICK_CASES


class _MaskedDiscrete(spaces.Discrete):
    """An agent's action space whose ``sample()`` draws among the legal actions of its last
    observation (any action when it has none: it does not act in that step)."""

    def __init__(self, n: int, masks: dict[str, np.ndarray], agent: str) -> None:
        super().__init__(n)
        self._masks, self._agent = masks, agent

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        legal = self._masks.get(self._agent)
        return super().sample(mask=legal if legal is not None and legal.any() else None)


class _MaskedSampling:
    """A parallel environment whose action spaces sample legal actions."""

    def __init__(self, inner: NetjerParallelEnv) -> None:
        self.inner = inner
        self.masks: dict[str, np.ndarray] = {}
        n = inner.action_space(inner.possible_agents[0]).n
        self.spaces = {a: _MaskedDiscrete(n, self.masks, a) for a in inner.possible_agents}

    @property
    def agents(self) -> list[str]:
        return list(self.inner.agents)

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.spaces[agent]

    def reset(self, seed: int) -> Any:
        out = self.inner.reset(seed=seed)
        self._remember(out[0])
        return out

    def step(self, actions: dict[str, Any]) -> Any:
        out = self.inner.step(actions)
        self._remember(out[0])
        return out

    def _remember(self, observations: dict[str, dict[str, np.ndarray]]) -> None:
        self.masks.update({a: o["action_mask"] for a, o in observations.items()})


@pytest.mark.parametrize(("name", "options"), QUICK_CASES)
def test_parallel_seed_test_over_whole_episodes(name: str, options: dict[str, Any]) -> None:
    for seed in (42, 7):
        envs = [_MaskedSampling(parallel_env(name, **options)) for _ in range(2)]
        for e in envs:
            e.reset(seed=seed)
            for i, agent in enumerate(e.inner.possible_agents):
                e.action_space(agent).seed(seed + i)
        steps = 0
        last: Any = None
        while envs[0].agents:
            actions = [{a: e.action_space(a).sample() for a in e.agents} for e in envs]
            assert data_equivalence(actions[0], actions[1])
            outs = [e.step(a) for e, a in zip(envs, actions, strict=True)]
            assert data_equivalence(outs[0], outs[1])
            steps += 1
            last = outs[0]
        assert not envs[1].agents
        _, _, terminations, truncations, infos = last
        assert all(terminations.values()) or all(truncations.values())
        assert not any("illegal_action" in info for info in infos.values())  # legal play to the end
        session = envs[0].inner.session
        assert session is not None and session.over  # a whole game, not one step
        assert steps > 1


@pytest.mark.parametrize(("name", "options"), BASIC_CASES)
def test_state_is_every_seats_observation_tensor(name: str, options: dict[str, Any]) -> None:
    e = env(name, **options)
    with pytest.raises(ConfigError, match="reset"):
        e.state()
    e.reset(seed=3)
    rng = np.random.default_rng(0)
    for _ in range(20):
        state = e.state()
        assert state.dtype == np.float32 and state in e.state_space
        tensors = [e.observe(a)["observation"] for a in e.possible_agents]
        assert np.array_equal(state, np.concatenate(tensors))
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            break
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    p = parallel_env(name, **options)
    p.reset(seed=3)
    assert (
        p.state().shape
        == p.state_space.shape
        == (len(p.possible_agents) * e.observation_space("player_0")["observation"].shape[0],)
    )


def test_state_changes_with_another_seats_secret() -> None:
    """The state is for critics: unlike a seat's observation, it shows every seat's hand."""
    e = env("aton")
    e.reset(seed=0)
    size = e.observation_space("player_0")["observation"].shape[0]
    assert not np.array_equal(e.state()[:size], e.state()[size:])
