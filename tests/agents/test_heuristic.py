"""The heuristic players (netjer.agents.heuristic)."""

from __future__ import annotations

import pytest

from netjer.agents import HeuristicAgent, RandomAgent
from netjer.agents.heuristic import heuristic_policy
from netjer.agents.heuristic.aton import board_value
from netjer.core import ConfigError, PlayerView, Rng
from netjer.games.aton import AtonGame
from netjer.games.aton.actions import ASSIGN, EXCHANGE, KEEP
from netjer.sim.match import play_match
from tests.games.aton.builder import give_hand, place, play_cartouches, position, slot


def test_heuristic_plays_legal_actions_in_many_games() -> None:
    for seed in range(30):
        state = AtonGame().new_initial_state(seed)
        agents = [HeuristicAgent(seed), RandomAgent(seed)]
        while not state.is_terminal:
            seat = state.current_player
            action = agents[seat].choose(PlayerView(state, seat))
            assert action in state.legal_actions()
            state.apply(action)


def test_heuristic_beats_random_clearly() -> None:
    wins = 0
    for seed in range(40):
        agents = [HeuristicAgent(seed), RandomAgent(seed)] if seed % 2 else [RandomAgent(seed), HeuristicAgent(seed)]
        me = 0 if seed % 2 else 1
        returns = play_match(AtonGame(), agents, seed).returns()
        wins += returns[me] > returns[1 - me]
    assert wins >= 32  # measured 97 of 100; a broken heuristic would be near 20


def test_aton_heuristic_puts_the_high_card_on_cartouche_1_when_removals_are_useless() -> None:
    state = position(round=1)  # no removals in round 1: a 4 is best used for points
    give_hand(state, 0, (4, 1, 1, 1))
    assert heuristic_policy("aton")(state, Rng(0)) == ASSIGN[4]


def test_aton_heuristic_exchanges_only_a_weak_hand() -> None:
    state = AtonGame().new_initial_state(1)
    give_hand(state, 0, (1, 1, 2, 2))
    assert heuristic_policy("aton")(state, Rng(0)) == EXCHANGE
    give_hand(state, 0, (4, 3, 2, 1))
    assert heuristic_policy("aton")(state, Rng(0)) == KEEP


def test_aton_heuristic_completes_a_temple_to_win() -> None:
    red = ["2G"] * 4 + ["2Y"] * 3 + ["2K"] * 2 + ["2B"]
    state = position(red_stones=red, blue_stones=["1Y"])
    play_cartouches(state, (1, 2, 2, 2), (1, 3, 1, 1))
    assert state.to_move == 0
    assert heuristic_policy("aton")(state, Rng(0)) == place("2+1")


def test_board_value_prefers_majorities() -> None:
    state = position()
    count = list(state.count)
    better = list(count)
    better[slot("2Y")] += 1  # Red takes temple 2's majority
    assert board_value(state, better, 0) > board_value(state, count, 0)
    assert board_value(state, better, 1) < board_value(state, count, 1)


def test_no_heuristic_for_an_unknown_game() -> None:
    with pytest.raises(ConfigError, match="no heuristic"):
        heuristic_policy("senet")
