"""The vector environment (netjer.adapters.vector_env): N games stepped in one call."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from netjer.adapters.vector_env import NetjerVectorEnv
from netjer.core.errors import ConfigError, IllegalActionError
from tests.adapters.cases import BASIC_CASES


def _masked(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks])


@pytest.mark.parametrize(("name", "options"), BASIC_CASES)
def test_batches_have_the_declared_spaces_and_games_reset_in_the_same_step(name: str, options: dict[str, Any]) -> None:
    envs = NetjerVectorEnv(name, num_envs=3, **options)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    obs, infos = envs.reset(seed=0)
    assert obs in envs.observation_space
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(400):
        assert obs["action_mask"].any(axis=1).all()  # every game has its learner to move
        obs, rewards, terminations, truncations, infos = envs.step(_masked(obs["action_mask"], rng))
        assert obs in envs.observation_space
        assert rewards.shape == terminations.shape == truncations.shape == (3,)
        done = terminations | truncations
        assert np.array_equal(infos.get("_final_obs", np.zeros(3, dtype=bool)), done)
        assert (rewards[~done] == 0).all()  # result rewards come at the end
        for i in np.flatnonzero(done):
            assert not infos["final_obs"][i]["action_mask"].any()  # the ended game's last view
            if terminations[i]:
                assert rewards[i] != 0 or name == "aton"  # Ankh and Nile have no draws here
        ended += int(done.sum())
    assert ended > 0


def test_the_same_seed_gives_the_same_games() -> None:
    a = NetjerVectorEnv("ankh", num_envs=2, players=2)
    b = NetjerVectorEnv("ankh", num_envs=2, players=2)
    obs_a, _ = a.reset(seed=7)
    obs_b, _ = b.reset(seed=7)
    rng = np.random.default_rng(1)
    for _ in range(60):
        assert np.array_equal(obs_a["observation"], obs_b["observation"])
        actions = _masked(obs_a["action_mask"], rng)
        obs_a, ra, *_ = a.step(actions)
        obs_b, rb, *_ = b.step(actions)
        assert np.array_equal(ra, rb)


def test_seats_start_spread_and_rotate() -> None:
    envs = NetjerVectorEnv("ankh", num_envs=4, players=3)
    _, infos = envs.reset(seed=0)
    assert infos["seat"].tolist() == [0, 1, 2, 0]
    _, infos = envs.reset()
    assert infos["seat"].tolist() == [1, 2, 0, 1]
    fixed = NetjerVectorEnv("ankh", num_envs=2, players=3, seat=1)
    assert fixed.reset(seed=0)[1]["seat"].tolist() == [1, 1]


def test_flat_observations_and_masks_agree() -> None:
    envs = NetjerVectorEnv("nile", num_envs=2, observation="flat")
    obs, _ = envs.reset(seed=3)
    size = envs.table.encoder.size
    assert obs.shape == (2, size + envs.table.num_actions) and obs.dtype == np.float32
    assert np.array_equal(obs[:, size:].astype(bool), envs.action_masks())


def test_shaped_rewards_of_one_game_add_up_to_its_result() -> None:
    """The same game (seed and actions) with shaped and with result rewards."""
    shaped = NetjerVectorEnv("ankh", num_envs=1, players=2, reward="shaped")
    plain = NetjerVectorEnv("ankh", num_envs=1, players=2)
    obs, _ = shaped.reset(seed=2)
    plain.reset(seed=2)
    rng = np.random.default_rng(2)
    total, paid = 0.0, 0
    while True:
        actions = _masked(obs["action_mask"], rng)
        obs, rewards, terminations, truncations, _ = shaped.step(actions)
        _, results, *_ = plain.step(actions)
        total += rewards[0]
        paid += int(rewards[0] != 0)
        if terminations[0] or truncations[0]:
            break
    assert total == pytest.approx(results[0])
    assert paid > 1


def test_illegal_actions_and_bad_input() -> None:
    envs = NetjerVectorEnv("aton", num_envs=2, seat=0)
    obs, _ = envs.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"][0] == 0)[0])
    legal = int(np.flatnonzero(obs["action_mask"][1])[0])
    _, rewards, terminations, _, infos = envs.step(np.array([illegal, legal]))
    assert rewards[0] == -1.0 and terminations[0] and infos["illegal_action"].tolist() == [True, False]
    with pytest.raises(ValueError, match="2 actions"):
        envs.step(np.array([legal]))
    strict = NetjerVectorEnv("aton", num_envs=1, seat=0, illegal_action="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalActionError):
        strict.step(np.array([illegal]))
    with pytest.raises(ConfigError, match="num_envs"):
        NetjerVectorEnv("aton", num_envs=0)
    with pytest.raises(ConfigError, match="2 seeds"):
        envs.reset(seed=[1])


def test_blocks_cut_every_row_and_the_final_observations() -> None:
    """``blocks=`` as in the single-agent environment: each row (and each ended game's last
    observation) is the named blocks' part of the whole tensor of the same games."""
    whole = NetjerVectorEnv("ankh", num_envs=2, players=2)
    cut = NetjerVectorEnv("ankh", num_envs=2, players=2, blocks="result,me")
    keep = cut.table.keep
    assert keep is not None and cut.single_observation_space["observation"].shape == (len(keep),)
    full, _ = whole.reset(seed=5)
    obs, _ = cut.reset(seed=5)
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(300):
        assert np.array_equal(obs["observation"], full["observation"][:, keep])
        assert obs in cut.observation_space
        actions = _masked(full["action_mask"], rng)
        full, *_, infos_whole = whole.step(actions)
        obs, *_, infos = cut.step(actions)
        for i in np.flatnonzero(infos.get("_final_obs", np.zeros(2, dtype=bool))):
            final = infos["final_obs"][i]["observation"]
            assert np.array_equal(final, infos_whole["final_obs"][i]["observation"][keep])
            ended += 1
        if ended >= 2:
            break
    assert ended >= 2


@pytest.mark.parametrize(("name", "options"), [("ankh", {"players": 2}), ("ankh", {"players": 4}), ("nile", {})])
def test_rows_and_masks_are_each_games_whole_tensor_and_legal_codes(name: str, options: dict[str, Any]) -> None:
    """Every row the environment returns (and every ended game's last one) is a fresh encoder's
    whole tensor of that game's own ``observation(seat)``, and every mask row its learner's legal
    codes: the rows and masks are written in place, only where they changed, game after game."""
    envs = NetjerVectorEnv(name, num_envs=3, **options)
    fresh = type(envs.table.encoder)(envs.table.game) if name == "ankh" else envs.table.encoder

    def expected(i: int) -> tuple[np.ndarray, np.ndarray]:
        game = envs.games[i]
        session = game.session
        assert session is not None
        mask = np.zeros(envs.table.num_actions, dtype=np.int8)
        mask[game.legal_codes()] = 1
        return fresh.encode_array(session.observation(game.seat)), mask

    obs, _ = envs.reset(seed=11)
    last: dict[int, tuple[np.ndarray, np.ndarray]] = {}
    new_game = envs._new_game

    def remember_the_last_view(i: int) -> None:  # an ended game's, just before its replacement
        if envs.games[i].session is not None:
            last[i] = expected(i)
        new_game(i)

    envs._new_game = remember_the_last_view  # type: ignore[method-assign]
    rng = np.random.default_rng(11)
    ended = 0
    for _ in range(250):
        for i in range(envs.num_envs):
            tensor, mask = expected(i)
            assert np.array_equal(obs["observation"][i], tensor)
            assert np.array_equal(obs["action_mask"][i], mask)
        obs, _, terminations, truncations, infos = envs.step(_masked(obs["action_mask"], rng))
        for i in np.flatnonzero(terminations | truncations):
            assert np.array_equal(infos["final_obs"][i]["observation"], last[i][0])
            assert np.array_equal(infos["final_obs"][i]["action_mask"], last[i][1])
            ended += 1
    assert ended > 0


def test_a_pickled_vector_environment_plays_on_as_the_original() -> None:
    """A copy pickled mid-game (each row writer rebuilt over the copy's own batch: the compiled
    build's writers do not pickle, and a pickled row would no longer be a row of the batch)
    returns the original's observations, masks and rewards step for step."""
    import pickle  # noqa: PLC0415

    env = NetjerVectorEnv("ankh", num_envs=2, players=2)
    obs, _ = env.reset(seed=11)
    rng = np.random.default_rng(2)
    for _ in range(15):
        obs, *_ = env.step(_masked(obs["action_mask"], rng))
    copy = pickle.loads(pickle.dumps(env))
    obs_copy = obs
    for _ in range(40):
        actions = _masked(obs["action_mask"], rng)
        obs, rewards, *_ = env.step(actions)
        obs_copy, rewards_copy, *_ = copy.step(actions)
        assert np.array_equal(obs["observation"], obs_copy["observation"])
        assert np.array_equal(obs["action_mask"], obs_copy["action_mask"])
        assert np.array_equal(rewards, rewards_copy)
