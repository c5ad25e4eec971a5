"""Bad input to the PettingZoo environments: a clear error, never a corrupted or revived game."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from netjer.adapters.pettingzoo import env, parallel_env
from netjer.core.errors import ConfigError, IllegalActionError


def _legal(obs: dict[str, np.ndarray]) -> list[int]:
    return [int(a) for a in np.flatnonzero(obs["action_mask"])]


def _finish(e: Any, seed: int) -> None:
    """Play an AEC episode to its end at random (every agent removed)."""
    rng = np.random.default_rng(seed)
    for _agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated else int(rng.choice(_legal(obs))))


@pytest.mark.parametrize("max_game_length", ["5", 2.5, True])
def test_a_length_cap_that_is_not_a_whole_number_is_refused(max_game_length: Any) -> None:
    for make in (env, parallel_env):
        with pytest.raises(ConfigError, match="max_game_length"):
            make("aton", max_game_length=max_game_length)


def test_the_aec_environment_asks_for_reset_first() -> None:
    e = env("aton")
    for call in (lambda: e.step(0), e.last, lambda: e.observe("player_0")):
        with pytest.raises(ConfigError, match="reset"):
            call()


@pytest.mark.parametrize("action", [2.5, "3", True, np.array([1]), None, np.float64(4.0)])
def test_an_action_that_is_not_an_integer_code_is_refused_and_changes_nothing(action: Any) -> None:
    """Only integers (Python, NumPy, 0-d arrays) are action codes: a float is not truncated,
    a string not parsed, ``True`` not taken for 1, ``None`` only ends a finished agent."""
    e = env("aton", illegal_action="lose")
    e.reset(seed=1)
    with pytest.raises(ValueError, match="action"):
        e.step(action)
    assert e.session is not None and len(e.session.state.history) == 0
    assert not any(e.terminations.values())
    e.step(np.array(_legal(e.last()[0])[0]))  # a 0-d NumPy integer is an action code
    assert len(e.session.state.history) == 1


@pytest.mark.parametrize("action", [2.5, "3", True, None])
def test_the_parallel_environment_refuses_non_integer_actions(action: Any) -> None:
    p = parallel_env("aton", illegal_action="lose")
    observations, _ = p.reset(seed=1)
    acting = p.acting
    actions = {a: _legal(observations[a])[0] for a in acting}
    actions[acting[0]] = action
    with pytest.raises(ValueError, match="action"):
        p.step(actions)
    assert p.session is not None and len(p.session.state.history) == 0 and p.agents


def test_observing_an_unknown_agent_names_the_agents() -> None:
    e = env("aton")
    e.reset(seed=1)
    for agent in ("player_9", 0):
        with pytest.raises(ValueError, match="player_0, player_1"):
            e.observe(agent)


def test_stepping_a_finished_aec_episode_is_a_clear_error() -> None:
    e = env("aton")
    e.reset(seed=2)
    _finish(e, 0)
    history = list(e.session.state.history)
    for action in (0, None):
        with pytest.raises(ConfigError, match="over"):
            e.step(action)
    with pytest.raises(ConfigError, match="over"):
        e.last()
    assert e.session.state.history == history


def test_stepping_a_finished_parallel_episode_is_a_clear_error() -> None:
    p = parallel_env("aton")
    observations, _ = p.reset(seed=5)
    rng = np.random.default_rng(0)
    while p.agents:
        observations, *_ = p.step({a: int(rng.choice(_legal(observations[a]))) for a in p.acting})
    for actions in ({}, {"player_0": 0}):
        with pytest.raises(ConfigError, match="over"):
            p.step(actions)


def test_a_forfeited_parallel_episode_stays_over() -> None:
    """Under ``"lose"`` the episode ends at the illegal action: a later step must not carry
    on with the game underneath (it did: the next steps played on, unseen)."""
    p = parallel_env("aton", illegal_action="lose")
    observations, _ = p.reset(seed=1)
    acting = p.acting
    legal = {a: _legal(observations[a]) for a in acting}
    illegal = {a: next(c for c in range(54) if c not in legal[a]) for a in acting}
    _, rewards, terminations, _, _ = p.step(illegal)
    assert set(rewards.values()) == {-1.0} and all(terminations.values()) and p.agents == []
    for actions in ({}, {a: legal[a][0] for a in acting}):
        with pytest.raises(ConfigError, match="over"):
            p.step(actions)
    assert p.session is not None and len(p.session.state.history) == 0
    assert p.acting == []


def test_parallel_actions_must_be_a_mapping() -> None:
    p = parallel_env("aton")
    p.reset(seed=1)
    for actions in (None, [0, 0], 3):
        with pytest.raises(ConfigError, match="dict"):
            p.step(actions)


def test_an_illegal_aec_action_still_raises_by_default() -> None:
    e = env("aton")
    e.reset(seed=1)
    legal = _legal(e.last()[0])
    with pytest.raises(IllegalActionError):
        e.step(next(c for c in range(54) if c not in legal))
