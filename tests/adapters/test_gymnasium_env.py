"""The single-agent Gymnasium environment (netjer.adapters.gymnasium_env) and the learner's
games it shares with the vector environment (netjer.adapters.learner)."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from netjer.adapters.gymnasium_env import NetjerEnv
from netjer.adapters.learner import POTENTIALS
from netjer.core.errors import ConfigError, IllegalActionError
from tests.adapters.cases import BASIC_CASES, GAME_CASES


def _check(env: NetjerEnv) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # render fps and "no spec" notices
        check_env(env)


@pytest.mark.parametrize(("name", "options"), GAME_CASES)
@pytest.mark.parametrize("observation", ["dict", "flat"])
def test_check_env_passes(name: str, options: dict[str, Any], observation: str) -> None:
    reward = "shaped" if name in POTENTIALS else "result"
    _check(NetjerEnv(name, observation=observation, reward=reward, render_mode="ansi", **options))


def _play(env: NetjerEnv, seed: int) -> tuple[list[float], dict[str, Any], int]:
    """One game with masked random actions: the learner's rewards, the last info, its steps."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    rewards = []
    while True:
        legal = np.flatnonzero(env.action_masks())
        if env.observation_kind == "dict":
            assert np.array_equal(np.flatnonzero(obs["action_mask"]), legal)
        assert len(legal) > 0
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        rewards.append(reward)
        if terminated or truncated:
            return rewards, info, len(rewards)


@pytest.mark.parametrize(("name", "options"), BASIC_CASES)
def test_masked_games_end_with_the_kernel_result(name: str, options: dict[str, Any]) -> None:
    """Result rewards: 0 until the end, then the learner's return; the mask is never empty
    while the game goes on."""
    env = NetjerEnv(name, **options)
    for seed in range(3):
        rewards, info, _ = _play(env, seed)
        session = env.current.session
        assert session is not None and session.over
        assert all(r == 0.0 for r in rewards[:-1])
        assert rewards[-1] == session.returns()[info["seat"]]
        assert not env.action_masks().any()


@pytest.mark.parametrize("name", sorted(POTENTIALS))
def test_shaped_rewards_add_up_to_the_result(name: str) -> None:
    """Potential-based shaping telescopes: a game's shaped rewards sum to its result, and the
    steps in between are not all 0 (the shaping pays something)."""
    options = {"players": 2} if name == "ankh" else {}
    shaped, plain = NetjerEnv(name, reward="shaped", **options), NetjerEnv(name, **options)
    moving = 0
    for seed in range(3):
        rewards, _, _ = _play(shaped, seed)
        results, _, _ = _play(plain, seed)  # the same game: same seed, same random actions
        assert sum(rewards) == pytest.approx(results[-1])
        moving += sum(1 for r in rewards[:-1] if r != 0.0)
    assert moving > 0


def test_seats_rotate_and_a_seed_replays_the_same_games() -> None:
    env = NetjerEnv("ankh", players=3)
    seats = [env.reset(seed=5 if i == 0 else None)[1]["seat"] for i in range(4)]
    assert seats == [0, 1, 2, 0]
    first = _play(env, 11)
    again = _play(env, 11)
    assert first == again
    fixed = NetjerEnv("ankh", players=3, seat=2)
    assert {fixed.reset(seed=s)[1]["seat"] for s in range(3)} == {2}


def test_opponents_play_inside_step() -> None:
    """After reset and after every step the learner is to move (or the game is over)."""
    env = NetjerEnv("ankh", players=4, opponents=["random", "heuristic", "random"], seat=1)
    env.reset(seed=3)
    session = env.current.session
    assert session is not None
    rng = np.random.default_rng(0)
    for _ in range(30):
        if session.over:
            break
        assert session.current_player == 1
        env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))


def test_flat_observation_is_the_tensor_then_the_mask() -> None:
    flat, plain = NetjerEnv("aton", observation="flat"), NetjerEnv("aton")
    x, _ = flat.reset(seed=4)
    obs, _ = plain.reset(seed=4)
    assert x.dtype == np.float32
    assert np.array_equal(x, np.concatenate([obs["observation"], obs["action_mask"].astype(np.float32)]))


def test_illegal_action_loses_or_raises() -> None:
    env = NetjerEnv("aton", seat=0)
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert not env.action_masks().any()
    with pytest.raises(ConfigError, match="over"):
        env.step(illegal)
    strict = NetjerEnv("aton", seat=0, illegal_action="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)
    with pytest.raises(ValueError, match="integer code"):
        strict.step(1.5)
    with pytest.raises(ValueError, match="integer code"):
        strict.step(10_000)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"opponents": "human"}, "human"),
        ({"opponents": ["random", "random"]}, "needs 1 opponents"),
        ({"opponents": "wizard"}, "unknown agent"),
        ({"seat": 2}, "seat"),
        ({"reward": "points"}, "reward"),
        ({"observation": "image"}, "observation"),
        ({"illegal_action": "ignore"}, "illegal_action"),
        ({"render_mode": "human"}, "render_mode"),
    ],
)
def test_bad_settings_are_config_errors(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(ConfigError, match=match):
        NetjerEnv("aton", **kwargs)


def test_a_game_without_a_potential_has_no_shaped_reward(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(POTENTIALS, "nile")
    with pytest.raises(ConfigError, match="no shaped reward"):
        NetjerEnv("nile", reward="shaped")


def test_nile_potential_is_the_margin_of_dead_soldiers() -> None:
    """Φ for Dioses del Nilo: each soldier the opponent lost counts +1/15, each of the
    learner's own -1/15 (the cemeteries are public)."""
    env = NetjerEnv("nile", reward="shaped", seat=0)
    env.reset(seed=1)
    obs = env.current.obs
    assert POTENTIALS["nile"](obs, 0) == 0.0
    obs["players"][1]["cemetery"] = [3, 5]
    obs["players"][0]["cemetery"] = [4]
    assert POTENTIALS["nile"](obs, 0) == pytest.approx(1 / 15)
    assert POTENTIALS["nile"](obs, 1) == pytest.approx(-1 / 15)


def test_gymnasium_make_builds_every_game() -> None:
    env = gymnasium.make("netjer/ankh-v0", players=2, disable_env_checker=True)
    _, info = env.reset(seed=0)
    assert info["seat"] == 0
    assert isinstance(env.unwrapped, NetjerEnv) and env.unwrapped.table.num_players == 2
    assert env.action_space.n == 2953


def test_ankh_potential_counts_the_way_out_of_the_red_section_and_the_margin() -> None:
    """Φ for Ankh: half the learner's Devotion up to the first space out of the red section
    (red_max + 1), half its margin over the best other living god / 30."""
    env = NetjerEnv("ankh", players=2, reward="shaped", seat=0)
    env.reset(seed=1)
    obs = env.current.obs
    assert POTENTIALS["ankh"](obs, 0) == 0.0
    gods = {tuple(god["seats"]): god for god in obs["gods"]}
    mine, other = gods[(0,)], gods[(1,)]
    safe = obs["red_max"] + 1
    mine["devotion"], other["devotion"] = 10, 4
    assert POTENTIALS["ankh"](obs, 0) == pytest.approx((10 / safe + 6 / 30) / 2)
    assert POTENTIALS["ankh"](obs, 1) == pytest.approx((4 / safe - 6 / 30) / 2)
    mine["devotion"] = safe + 6  # beyond the red section only the margin still grows
    assert POTENTIALS["ankh"](obs, 0) == pytest.approx((1 + (safe + 2) / 30) / 2)
    other["alive"] = False  # a forgotten god does not count in the margin
    assert POTENTIALS["ankh"](obs, 0) == pytest.approx((1 + (safe + 6) / 30) / 2)


@pytest.mark.parametrize("observation", ["dict", "flat"])
def test_blocks_keep_the_named_parts_of_the_tensor_in_its_order(observation: str) -> None:
    """``blocks=`` gives the entries of the named Ankh blocks (listed in any order) and nothing
    else, as the whole tensor of the same game has them; Gymnasium's checker accepts the space."""
    whole = NetjerEnv("ankh", players=2, seat=0)
    cut = NetjerEnv("ankh", players=2, seat=0, observation=observation, blocks="gods,seat")
    blocks = whole.table.encoder.blocks  # type: ignore[attr-defined]
    keep = np.r_[blocks["seat"].offset : blocks["seat"].stop, blocks["gods"].offset : blocks["gods"].stop]
    actions = cut.table.num_actions
    assert cut.observation_space.shape in (None, (len(keep) + actions,))
    rng = np.random.default_rng(1)
    x, _ = cut.reset(seed=3)
    full, _ = whole.reset(seed=3)
    for _ in range(12):
        tensor = x["observation"] if observation == "dict" else x[: len(keep)]
        assert tensor.shape == (len(keep),)
        assert np.array_equal(tensor, full["observation"][keep])
        assert x in cut.observation_space
        code = int(rng.choice(np.flatnonzero(whole.action_masks())))
        x, _, terminated, truncated, _ = cut.step(code)
        full, _, terminated_whole, truncated_whole, _ = whole.step(code)
        assert (terminated, truncated) == (terminated_whole, truncated_whole)
        if terminated or truncated:
            break
    _check(NetjerEnv("ankh", players=3, observation=observation, blocks=["me", "battle"]))


def test_blocks_are_refused_where_the_tensor_has_none_or_not_that_one() -> None:
    with pytest.raises(ConfigError, match="no named blocks"):
        NetjerEnv("aton", blocks="seat")
    with pytest.raises(ConfigError, match="no block 'bored'"):
        NetjerEnv("ankh", players=2, blocks="seat,bored")
    with pytest.raises(ConfigError, match="at least one block"):
        NetjerEnv("ankh", players=2, blocks=[])


@pytest.mark.parametrize(("name", "options"), [("ankh", {"players": 3}), ("aton", {})])
def test_observations_are_the_whole_tensor_and_stay_as_returned(name: str, options: dict[str, Any]) -> None:
    """The tensor kept in place by the environment's row writer is, at every step and over
    several games, a fresh encoder's whole tensor of the learner's ``observation(seat)``, and an
    observation returned earlier is not changed by later steps."""
    env = NetjerEnv(name, **options)
    fresh = type(env.table.encoder)(env.table.game) if name == "ankh" else env.table.encoder
    rng = np.random.default_rng(3)
    kept: list[tuple[np.ndarray, np.ndarray]] = []
    for game in range(3):
        obs, _ = env.reset(seed=30 + game)
        for _ in range(120):
            session = env.current.session
            assert session is not None
            expected = fresh.encode_array(session.observation(env.current.seat))
            assert np.array_equal(obs["observation"], expected)
            kept.append((obs["observation"], expected))
            obs, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            if terminated or truncated:
                break
    assert all(np.array_equal(returned, expected) for returned, expected in kept)


def test_a_pickled_environment_plays_on_as_the_original() -> None:
    """A copy pickled mid-game (its row writer rebuilt: the compiled build's does not pickle)
    returns the original's observations, masks and rewards step for step."""
    import pickle  # noqa: PLC0415

    env = NetjerEnv("ankh", players=2, opponents="random")
    obs, _ = env.reset(seed=5)
    rng = np.random.default_rng(3)
    for _ in range(10):
        obs, *_ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
    copy = pickle.loads(pickle.dumps(env))
    for _ in range(30):
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        assert np.array_equal(env.action_masks(), copy.action_masks())
        obs, reward, done, truncated, _ = env.step(action)
        obs_copy, reward_copy, done_copy, truncated_copy, _ = copy.step(action)
        assert np.array_equal(obs["observation"], obs_copy["observation"])
        assert (reward, done, truncated) == (reward_copy, done_copy, truncated_copy)
        if done or truncated:
            break
