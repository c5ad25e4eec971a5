"""OpenSpiel adapter: OpenSpiel's own test suite and bots, on every game through the adapter."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import pickle  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.tests import games_sim_test  # noqa: E402

from netjer.adapters import openspiel  # noqa: E402
from netjer.adapters.common import length_bound  # noqa: E402
from netjer.adapters.encoding import encoder_for  # noqa: E402
from netjer.games.registry import game_names, make_game  # noqa: E402
from tests.adapters.cases import BASIC_CASES, GAME_CASES, QUICK_CASES  # noqa: E402


def _play_to_decision(state: Any, rng: np.random.RandomState) -> None:
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probs)))


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    for name in game_names():
        assert f"netjer_{name}" in names


@pytest.mark.parametrize(("name", "options"), QUICK_CASES)
def test_random_sim_test(name: str, options: dict[str, Any]) -> None:
    """OpenSpiel's generic random-simulation test, serialization included (it serializes
    every state, replaying the record each time, so Ankh plays one game here; the slow test
    below plays 100 of every case)."""
    game = openspiel.load_game(name, **options)
    pyspiel.random_sim_test(game, num_sims=1 if name == "ankh" else 4, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), GAME_CASES)
def test_random_sim_test_many(name: str, options: dict[str, Any]) -> None:
    """100 games (Ankh: 10; each of its states is serialized by replaying its record, so a
    5-player game costs tens of seconds)."""
    game = openspiel.load_game(name, **options)
    pyspiel.random_sim_test(game, num_sims=10 if name == "ankh" else 100, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "options"), GAME_CASES)
def test_game_type_and_info_are_truthful(name: str, options: dict[str, Any]) -> None:
    game = openspiel.load_game(name, **options)
    kernel = make_game(name, options)
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert game.num_players() == kernel.num_players
    assert game.num_distinct_actions() == kernel.num_distinct_actions
    assert game.max_chance_outcomes() == 256
    assert game.max_game_length() == length_bound(kernel)[0]
    if kernel.num_players == 2 and name in ("aton", "nile"):
        assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
        assert game.utility_sum() == 0.0
    for key, value in kernel.options_dict().items():
        if isinstance(value, bool | int | float | str):
            assert game.get_parameters()[key] == value


def test_nile_length_is_the_proven_bound() -> None:
    game = openspiel.load_game("nile", no_fight_limit=10, columns=5)
    assert game.max_game_length() == make_game("nile", {"no_fight_limit": 10, "columns": 5}).max_game_length()


def test_seed_is_drawn_by_eight_byte_chance_nodes() -> None:
    game = openspiel.load_game("aton")
    state = game.new_initial_state()
    for k in range(8):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == list(range(256))
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(k + 1)
    assert state.current_player() == 0
    kernel = state.kernel_state
    assert kernel is not None and kernel.seed == int.from_bytes(bytes(range(1, 9)), "little")
    # The seed is hidden: no observation string mentions it.
    for seat in range(2):
        assert str(kernel.seed) not in state.observation_string(seat)


def test_fixed_seed_parameter_gives_one_outcome_per_node() -> None:
    game = openspiel.load_game("aton", seed=123456789)
    state = game.new_initial_state()
    while state.is_chance_node():
        (outcome,) = state.chance_outcomes()
        assert outcome[1] == 1.0
        state.apply_action(outcome[0])
    assert state.kernel_state is not None
    assert state.kernel_state.full_state() == make_game("aton").new_initial_state(123456789).full_state()


def test_strings_and_tensors_come_from_the_observation() -> None:
    game = openspiel.load_game("aton", seed=5)
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    _play_to_decision(state, rng)
    kernel = state.kernel_state
    assert kernel is not None
    for seat in range(2):
        text = state.information_state_string(seat)
        assert text == state.observation_string(seat)
        assert text.startswith("move 0 {")
        assert '"hand":' in text and f'"seat":{seat}' in text
        assert state.observation_tensor(seat) == pytest.approx(state.information_state_tensor(seat))
        enc = encoder_for(kernel.game).encode(kernel.observation(seat))
        assert state.observation_tensor(seat) == pytest.approx(enc)
    # Public observer: the spectator view (no hand).
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    observation = openspiel.NetjerObserver(game.spec, public)
    assert '"hand":' not in observation.string_from(state, 0)
    with pytest.raises(ValueError, match="reveal hidden information"):
        openspiel.NetjerObserver(
            game.spec,
            pyspiel.IIGObservationType(
                perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
            ),
        )


@pytest.mark.parametrize(("name", "options"), GAME_CASES)
def test_resample_from_infostate_keeps_the_information_set(name: str, options: dict[str, Any]) -> None:
    game = openspiel.load_game(name, **options)
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    full_states = set()
    for _ in range(40):
        _play_to_decision(state, rng)
        if state.is_terminal():
            break
        player = state.current_player()
        for _ in range(3):
            sample = state.resample_from_infostate(player, sampler)
            assert sample.information_state_string(player) == state.information_state_string(player)
            assert sample.observation_tensor(player) == state.observation_tensor(player)
            assert sample.legal_actions() == state.legal_actions()
            full_states.add(str(sample))
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert len(full_states) > 3  # the hidden facts really are re-drawn


@pytest.mark.parametrize(("name", "options"), GAME_CASES)
def test_serialization_round_trips_through_the_game_record(name: str, options: dict[str, Any]) -> None:
    game = openspiel.load_game(name, **options)
    rng = np.random.RandomState(2)
    state = game.new_initial_state()
    for _ in range(60):
        if state.is_terminal():
            break
        _play_to_decision(state, rng)
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert str(state2) == str(state)
    assert state2.history() == state.history()
    if not state.is_terminal():
        for seat in range(game.num_players()):
            assert state2.information_state_string(seat) == state.information_state_string(seat)


def test_truncation_at_the_length_cap_is_a_draw() -> None:
    game = openspiel.load_game("aton", max_game_length=12)
    assert game.max_game_length() == 12
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            _play_to_decision(state, rng)
            continue
        state.apply_action(int(rng.choice(state.legal_actions())))
        decisions += 1
    assert decisions == 12
    assert state.returns() == [0.0, 0.0]
    assert state.legal_actions() == []


def _play_with_bots(name: str, bots_for: Any, options: dict[str, Any], seed: int) -> list[float]:
    game = openspiel.load_game(name, **options)
    rng = np.random.RandomState(seed)
    bots = bots_for(game, rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            _play_to_decision(state, rng)
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    returns: list[float] = state.returns()
    return returns


def _mcts(game: Any, rng: np.random.RandomState) -> list[Any]:
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    return [mcts.MCTSBot(game, 1.4, 8, evaluator, random_state=rng) for _ in range(game.num_players())]


def _ismcts(game: Any, rng: np.random.RandomState) -> list[Any]:
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    return [ismcts.ISMCTSBot(game, evaluator, 1.4, 8, random_state=rng) for _ in range(game.num_players())]


#: One case per game; the bots' random rollouts are long (OpenSpiel's Python search is slow),
#: so Ankh's games stop after 40 decisions here and Aton's after 60 (a truncated game still
#: exercises every call the bots make); the slow sweep below plays them to the end.
BOT_LENGTHS = {"ankh": 40, "aton": 60}
BOT_CASES = [
    pytest.param(*c.values[:1], {**c.values[1], "max_game_length": BOT_LENGTHS[c.values[0]]}, id=c.id)
    if c.values[0] in BOT_LENGTHS
    else c
    for c in BASIC_CASES
]


@pytest.mark.parametrize(("name", "options"), BOT_CASES)
def test_openspiel_mcts_bot_plays_complete_games(name: str, options: dict[str, Any]) -> None:
    """OpenSpiel's MCTSBot (it searches the true state: a smoke test, not a fair player)."""
    returns = _play_with_bots(name, _mcts, options, seed=0)
    assert len(returns) == openspiel.load_game(name, **options).num_players()


@pytest.mark.parametrize(("name", "options"), BOT_CASES)
def test_openspiel_ismcts_bot_plays_complete_games(name: str, options: dict[str, Any]) -> None:
    """OpenSpiel's ISMCTSBot searches through resample_from_infostate and info-state strings."""
    returns = _play_with_bots(name, _ismcts, options, seed=0)
    assert len(returns) == openspiel.load_game(name, **options).num_players()


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), GAME_CASES)
@pytest.mark.parametrize("bots", [_mcts, _ismcts], ids=["mcts", "ismcts"])
def test_openspiel_bots_play_many_games(name: str, options: dict[str, Any], bots: Any) -> None:
    for seed in range(5):
        _play_with_bots(name, bots, options, seed)


def test_bad_options_are_refused() -> None:
    with pytest.raises(Exception, match="columns"):
        openspiel.load_game("nile", columns=4)
    with pytest.raises(Exception, match="unknown game"):
        openspiel.load_game("senet")


def test_a_truncated_game_serializes_too() -> None:
    game = openspiel.load_game("aton", max_game_length=5, seed=9)
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    while not state.is_terminal():
        if state.is_chance_node():
            _play_to_decision(state, rng)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    _, state2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert state2.is_terminal() and str(state2) == str(state)


def _sim_game(game: Any, seed: int) -> None:
    """OpenSpiel's own ``games_sim_test.GamesSimTest.sim_game`` on ``game``: pickles the game
    and its type, plays one random game cloning the state before every action, checks
    OpenSpiel serialisation and pickling at every power-of-two action, and the returns at
    the end.  It samples with NumPy's global generator, seeded here and restored after."""
    saved = np.random.get_state()
    np.random.seed(seed)
    try:
        games_sim_test.GamesSimTest().sim_game(game)
    finally:
        np.random.set_state(saved)


@pytest.mark.parametrize(("name", "options"), QUICK_CASES)
def test_openspiel_sim_game(name: str, options: dict[str, Any]) -> None:
    """OpenSpiel's games_sim_test harness, pickling and serialisation checks included."""
    _sim_game(openspiel.load_game(name, **options), seed=0)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), GAME_CASES)
def test_openspiel_sim_game_many(name: str, options: dict[str, Any]) -> None:
    game = openspiel.load_game(name, **options)
    for seed in range(1, 11):
        _sim_game(game, seed)


def _states_along_a_game(game: Any, seed: int, steps: int) -> list[Any]:
    """Copies of the states of one random game: a chance node, decisions, a resampled
    state, and the last one reached within ``steps`` actions (terminal if the game ended)."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    state.apply_action(5)
    states = [state.clone()]
    for step in range(steps):
        if state.is_terminal():
            break
        _play_to_decision(state, rng)
        if state.is_terminal():
            break
        if step % 7 == 0:
            states.append(state.clone())
        if step == 10:
            sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
            states.append(state.resample_from_infostate(state.current_player(), sampler))
        state.apply_action(int(rng.choice(state.legal_actions())))
    states.append(state)
    return states


@pytest.mark.parametrize(("name", "options"), GAME_CASES)
def test_games_and_states_pickle(name: str, options: dict[str, Any]) -> None:
    """A game, its type and its states (chance, decision, resampled) survive pickling."""
    game = openspiel.load_game(name, **options)
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and type(again) is type(game)
    assert again.num_players() == game.num_players()
    assert pickle.loads(pickle.dumps(game.get_type())) == game.get_type()
    for state in _states_along_a_game(game, seed=3, steps=60):
        copy = pickle.loads(pickle.dumps(state))
        assert str(copy) == str(state)
        assert copy.history() == state.history()
        assert copy.is_terminal() == state.is_terminal()
        if not state.is_terminal() and not state.is_chance_node():
            seat = state.current_player()
            assert copy.legal_actions() == state.legal_actions()
            assert copy.information_state_string(seat) == state.information_state_string(seat)
            assert copy.observation_tensor(seat) == state.observation_tensor(seat)


_FRESH_PROCESS = """
import pickle, sys
import pyspiel
items = pickle.loads(sys.stdin.buffer.read())   # imports netjer.adapters.openspiel itself
for game, state, text, serialized in items:
    assert str(game) == text[0], (str(game), text[0])
    assert str(state) == text[1]
    game2, state2 = pyspiel.deserialize_game_and_state(serialized)
    assert str(game2) == text[0] and str(state2) == text[1]
    if not state.is_terminal():
        state.apply_action(state.legal_actions()[0] if not state.is_chance_node() else 0)
print(len(items))
"""


def test_pickles_load_in_a_fresh_process() -> None:
    """Pickled games and states (and serialised ones) load in a new interpreter, which
    imports the adapter on its own while unpickling."""
    items = []
    for case in GAME_CASES:
        name, options = case.values
        game = openspiel.load_game(name, **options)
        state = _states_along_a_game(game, seed=1, steps=25)[-1]
        items.append((game, state, (str(game), str(state)), pyspiel.serialize_game_and_state(game, state)))
    done = subprocess.run(
        [sys.executable, "-c", _FRESH_PROCESS], input=pickle.dumps(items), capture_output=True, check=False
    )
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.decode().strip() == str(len(items))
