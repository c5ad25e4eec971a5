"""Bad input to the OpenSpiel adapter: a clear error, never a corrupted state or another seat's secrets."""

from __future__ import annotations

import base64
import pickle
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.observation import make_observation  # noqa: E402

from netjer.adapters import openspiel  # noqa: E402
from netjer.core.errors import ConfigError, IllegalActionError, RecordError  # noqa: E402


def _dealt(game: Any, moves: int = 0, seed: int = 0) -> Any:
    """A state of ``game`` after the seed draw and ``moves`` random decisions."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = [o for o, _ in state.chance_outcomes()]
        state.apply_action(int(rng.choice(outcomes)))
    for _ in range(moves):
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


# --- chance nodes -----------------------------------------------------------------------------


@pytest.mark.parametrize("outcome", [256, 300, 1 << 20])
def test_a_seed_byte_out_of_range_is_refused_and_changes_nothing(outcome: int) -> None:
    game = openspiel.load_game("aton")
    state = game.new_initial_state()
    for _ in range(7):
        state.apply_action(1)
    with pytest.raises(IllegalActionError, match="seed byte"):
        state.apply_action(outcome)
    assert state.is_chance_node() and len(state.history()) == 7
    state.apply_action(1)  # the deal still completes
    assert not state.is_chance_node()


def test_a_fixed_seed_refuses_another_outcome() -> None:
    """With parameter ``seed`` each chance node has one outcome; another one would deal a
    different game than the parameter says."""
    game = openspiel.load_game("aton", seed=7)
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(7, 1.0)]
    with pytest.raises(IllegalActionError, match="seed byte"):
        state.apply_action(99)
    assert state.history() == []
    for _ in range(8):
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.kernel_state is not None and state.kernel_state.seed == 7


# --- string options holding commas (Ankh's gods and Guardians) ----------------------------------


@pytest.mark.parametrize(
    "load",
    [
        lambda: openspiel.load_game("ankh", players=2, gods="ra,isis", guardians="satet,apep,draw"),
        lambda: openspiel.load_game("ankh", players=2, gods=["ra", "isis"], guardians=["satet", "apep", "draw"]),
        lambda: pyspiel.load_game("netjer_ankh", {"players": 2, "gods": "ra,isis", "guardians": "satet,apep,draw"}),
        lambda: pyspiel.load_game("netjer_ankh(players=2,gods=ra;isis,guardians=satet;apep;draw)"),
    ],
    ids=["commas", "lists", "pyspiel-dict", "game-string"],
)
def test_comma_separated_options_survive_game_strings_pickles_and_serialization(load: Any) -> None:
    """OpenSpiel's game strings separate parameters with commas, so a string option holding
    commas (``gods=ra,isis``) is written with ``;``; the game then reloads from its string,
    pickles and serializes, and the kernel gets the commas back."""
    game = load()
    assert game.get_parameters()["gods"] == "ra;isis"
    state = _dealt(game, moves=3)
    kernel = state.kernel_state.game
    assert kernel.options_dict()["gods"] == "ra,isis"
    assert kernel.options_dict()["guardians"] == "satet,apep,draw"
    assert pyspiel.load_game(str(game)) == game
    assert pickle.loads(pickle.dumps(game)) == game
    copy = pickle.loads(pickle.dumps(state))
    assert str(copy) == str(state)
    game2, state2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert game2 == game and str(state2) == str(state)


def test_an_option_list_that_is_not_a_list_option_is_refused_clearly() -> None:
    with pytest.raises(ConfigError, match="players"):
        openspiel.load_game("ankh", players=[2, 3])


# --- numeric parameters -------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [-2, 1 << 31, 1 << 64, 1 << 70])
def test_a_seed_outside_openspiels_integer_parameters_is_refused(seed: int) -> None:
    """OpenSpiel's integer parameters are 32-bit: a fixed seed is -1 (drawn by chance) or
    0 to 2**31 - 1."""
    with pytest.raises(ConfigError, match="seed"):
        openspiel.load_game("aton", seed=seed)


@pytest.mark.parametrize("params", [{"seed": -5}, {"max_game_length": 0}, {"max_game_length": -7}])
def test_meaningless_adapter_parameters_are_refused_through_pyspiel_too(params: dict[str, int]) -> None:
    with pytest.raises(ConfigError, match=next(iter(params))):
        pyspiel.load_game("netjer_aton", params)


# --- deserialization ----------------------------------------------------------------------------


def test_a_state_of_another_game_or_other_options_does_not_deserialize() -> None:
    aton = openspiel.load_game("aton")
    state = _dealt(aton, moves=4)
    for other in (openspiel.load_game("nile"), openspiel.load_game("aton", equal_40_tie="continue")):
        with pytest.raises(RecordError, match="another game"):
            other.deserialize_state(state.serialize())
    assert str(aton.deserialize_state(state.serialize())) == str(state)


def test_a_history_that_disagrees_with_the_state_does_not_deserialize() -> None:
    game = openspiel.load_game("aton")
    state = _dealt(game, moves=4)
    _, _, python_part = state.serialize().split("\n", 2)
    with pytest.raises(RecordError, match="history"):
        game.deserialize_state("history=-1:9\nmove_number=1\n" + python_part)
    history = ",".join(f"{-1 if i < 8 else 0}:{a}" for i, a in enumerate(state.history()))
    tampered = history.rsplit(":", 1)[0] + ":" + str((state.history()[-1] + 1) % 54)
    with pytest.raises(RecordError, match="history"):
        game.deserialize_state(f"history={tampered}\nmove_number=12\n" + python_part)


def test_python_attributes_that_are_not_a_state_do_not_deserialize() -> None:
    game = openspiel.load_game("aton")
    bogus = base64.b64encode(pickle.dumps({"_p": 5})).decode()
    with pytest.raises(RecordError, match="not a Netjer state"):
        game.deserialize_state("history=\nmove_number=0\n__dict__=" + bogus)


# --- seats --------------------------------------------------------------------------------------


@pytest.mark.parametrize("player", [-1, 3, 7])
def test_an_observer_refuses_a_seat_that_does_not_exist(player: int) -> None:
    """OpenSpiel's C++ checks the seat of ``observation_string`` and the like, but a Python
    observer (``make_observation``) is called directly: a seat out of range is refused (the
    kernel would read seat -1 as the last seat, and Ankh's view would show its face-down
    Battle card)."""
    game = openspiel.load_game("ankh", players=3)
    state = _dealt(game, moves=5)
    observation = make_observation(game)
    with pytest.raises(ValueError, match="seat"):
        observation.set_from(state, player)
    with pytest.raises(ValueError, match="seat"):
        observation.string_from(state, player)


@pytest.mark.parametrize("player", [-1, 2, 9])
def test_resampling_for_a_seat_that_does_not_exist_is_refused(player: int) -> None:
    game = openspiel.load_game("aton")
    state = _dealt(game, moves=2)
    with pytest.raises(ValueError, match="seat"):
        state.resample_from_infostate(player, np.random.RandomState(0).rand)


@pytest.mark.parametrize("draw", [7.5, -0.1, "x", None])
def test_a_sampler_that_does_not_return_probabilities_is_refused(draw: Any) -> None:
    game = openspiel.load_game("aton")
    state = _dealt(game, moves=2)
    with pytest.raises(ValueError, match="sampler"):
        state.resample_from_infostate(0, lambda: draw)
