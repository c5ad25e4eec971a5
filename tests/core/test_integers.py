"""Whole numbers from outside the engine (netjer.core.integers): a seed, a seat and an action
code accept the same values (Python and NumPy integers) and refuse the same ones (bool, float,
text, None), in every game."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from netjer.core import ConfigError, Rng
from netjer.core.errors import SeatError
from netjer.core.integers import seat_number, whole_number
from netjer.core.rng import BufferedRng
from netjer.games.ankh import AnkhGame
from netjer.games.aton import AtonGame
from netjer.games.nile import NileGame

NOT_WHOLE: tuple[Any, ...] = (True, False, np.bool_(True), 1.5, 2.0, "3", b"3", None, [1])


def test_whole_number_reads_python_and_numpy_integers() -> None:
    for value, expected in ((7, 7), (-3, -3), (2**70, 2**70), (np.int64(-5), -5), (np.uint64(2**63), 2**63)):
        number = whole_number(value)
        assert number == expected and number.__class__ is int


def test_whole_number_refuses_bool_float_text_and_none() -> None:
    for value in NOT_WHOLE:
        assert whole_number(value) is None, value


def test_seat_number_names_the_seats_there_are() -> None:
    assert seat_number(np.int32(2), 3) == 2
    with pytest.raises(SeatError, match=r"no seat -1: the seats are 0 to 2"):
        seat_number(-1, 3)
    with pytest.raises(SeatError, match=r"no seat True: a seat is a whole number 0 to 2"):
        seat_number(True, 3)


def test_a_seed_an_action_code_and_a_seat_refuse_the_same_values_in_every_game() -> None:
    for game in (AnkhGame(), AtonGame(), NileGame()):
        state = game.new_initial_state(1)
        for bad in NOT_WHOLE:
            with pytest.raises(ConfigError, match="seed is a whole number"):
                game.new_initial_state(bad)
            with pytest.raises(ValueError, match="action codes are"):
                game.int_to_action(bad)
            with pytest.raises(SeatError, match="no seat"):
                game.seat_name(bad)
            if bad is not None:  # None is the spectator's view
                with pytest.raises(SeatError, match="no seat"):
                    state.observation(bad)


def test_seat_name_refuses_a_seat_the_game_does_not_have() -> None:
    """Aton's and Nile's names were read from a list: -1 named the last seat, 2 an IndexError."""
    for game in (AnkhGame(), AtonGame(), NileGame()):
        assert game.seat_name(np.int64(0)) == game.seat_name(0)
        for bad in (-1, game.num_players):
            with pytest.raises(SeatError, match=rf"no seat {bad}: the seats are 0 to {game.num_players - 1}"):
                game.seat_name(bad)


def test_a_generator_takes_a_numpy_seed_as_the_same_python_seed() -> None:
    """``Rng(np.int64(x))`` once raised OverflowError (NumPy's ``& (2**64 - 1)``)."""
    for cls in (Rng, BufferedRng):
        for seed in (5, -5, 2**63 + 1):
            numpy_seed = np.uint64(seed) if seed > 2**62 else np.int64(seed)
            a, b = cls(numpy_seed), cls(seed)  # type: ignore[arg-type]
            assert a.state == b.state and [a.below(1000) for _ in range(20)] == [b.below(1000) for _ in range(20)]
        for bad in (True, 1.5, "3", None):
            with pytest.raises(TypeError, match="seed is a whole number"):
                cls(bad)  # type: ignore[arg-type]


def test_determinize_and_play_random_name_a_missing_generator_and_a_spectator() -> None:
    for game in (AnkhGame(), AtonGame(), NileGame()):
        state = game.new_initial_state(3)
        with pytest.raises(TypeError, match=r"determinize draws from a netjer\.core\.rng\.Rng, got NoneType"):
            state.determinize(0, None)  # type: ignore[arg-type]
        with pytest.raises(SeatError, match="not None"):
            state.determinize(None, Rng(1))  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=r"play_random draws from a netjer\.core\.rng\.Rng, got int"):
            state.play_random(7)  # type: ignore[arg-type]
        assert state.history == []  # nothing was played
