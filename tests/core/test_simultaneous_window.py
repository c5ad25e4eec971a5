"""``State.simultaneous_window``: the windows each game declares (Aton's exchange decisions and
cartouches, Ankh's Battle cards and Plague bids, none for Dioses del Nilo) and the promise that
makes choosing at once safe: in a window, a seat's legal actions and observation do not depend
on what another seat chose."""

from __future__ import annotations

import random

import pytest

from netjer.core.state import State
from netjer.games.registry import make_game
from netjer.server.windows import window_plan


def _windows_of_random_game(state: State, seed: int, limit: int = 400) -> list[State]:
    """The states of a random game (at most ``limit`` decisions) that are in a window."""
    rng = random.Random(seed)
    found = []
    for _ in range(limit):
        if state.is_terminal:
            break
        if state.simultaneous_window() is not None:
            found.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return found


def test_aton_declares_the_exchange_then_the_cartouches_of_each_round() -> None:
    state = make_game("aton").new_initial_state(3)
    assert state.simultaneous_window() == ("exchange", 1)
    plan = window_plan(state, {})
    assert plan is not None and sorted(plan) == [0, 1]  # both seats decide at once
    while state.simultaneous_window() == ("exchange", 1):
        state.apply(state.legal_actions()[0])
    assert state.simultaneous_window() == ("assign", 1)
    plan = window_plan(state, {})
    assert plan is not None and sorted(plan) == [0, 1]
    while state.simultaneous_window() == ("assign", 1):
        state.apply(state.legal_actions()[0])
    assert state.simultaneous_window() is None  # the reveal: the turns are played in order


def test_dioses_del_nilo_has_no_window() -> None:
    windows = _windows_of_random_game(make_game("nile").new_initial_state(1), 1)
    assert windows == []


@pytest.mark.parametrize(
    ("game", "options", "seed"),
    [("aton", {}, 1), ("aton", {}, 2), ("ankh", {"players": 2}, 0), ("ankh", {"players": 3}, 1)],
)
def test_in_a_window_no_seat_sees_what_another_chose(game: str, options: dict[str, object], seed: int) -> None:
    windows = _windows_of_random_game(make_game(game, options).new_initial_state(seed), seed)
    assert windows, "the game met no window"
    compared = 0
    for state in windows:
        first = state.current_player
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        # The engine's seat chooses its first or its last action: every other seat of the
        # window is asked the same, and sees the same, either way.
        plans = [window_plan(state, {first: [action]}) for action in (legal[0], legal[-1])]
        assert plans[0] is not None and plans[1] is not None
        assert sorted(plans[0]) == sorted(plans[1])
        for seat in plans[0]:
            if seat == first:
                continue
            assert plans[0][seat].legal == plans[1][seat].legal
            assert plans[0][seat].observation == plans[1][seat].observation
            compared += 1
    assert compared > 0
