"""Ankh's methods that take a seat from outside (observation, window_observation, describe_action,
determinize) read NumPy integers as seats and refuse bad seats with SeatError, in the Python build
and in the compiled one (whose functions check argument types on entry; make test-compiled)."""

from __future__ import annotations

import numpy as np
import pytest

from netjer.core import Rng
from netjer.core.errors import SeatError
from netjer.games.ankh.state import AnkhState
from netjer.games.registry import make_game


def _mid_game(moves: int = 40) -> AnkhState:
    state = make_game("ankh", {"players": "4", "gods": "ra,isis,seth,bastet"}).new_initial_state(3)
    rng = Rng(7)
    for _ in range(moves):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    assert isinstance(state, AnkhState)
    return state


@pytest.mark.parametrize("kind", [np.int64, np.int32])
def test_numpy_integer_seats_are_read_as_seats_everywhere_a_seat_is_given(kind: type) -> None:
    state = _mid_game()
    action = state.legal_actions()[0]
    for seat in range(4):
        wide = kind(seat)
        assert state.observation(wide) == state.observation(seat)
        assert state.window_observation(wide, {}) == state.window_observation(seat, {})
        assert state.describe_action(action, wide) == state.describe_action(action, seat)
        assert state.determinize(wide, Rng(5)) == state.determinize(seat, Rng(5))


@pytest.mark.parametrize("bad", ["0", -1, 4, True, 1.5])
def test_a_bad_seat_is_refused_by_window_observation_and_describe_action(bad: object) -> None:
    state = _mid_game()
    action = state.legal_actions()[0]
    with pytest.raises(SeatError):
        state.window_observation(bad, {})  # type: ignore[arg-type]
    with pytest.raises(SeatError):
        state.describe_action(action, bad)  # type: ignore[arg-type]
