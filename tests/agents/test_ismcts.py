"""ISMCTS (netjer.agents.ismcts): legal, deterministic, blind to hidden information."""

from __future__ import annotations

import pytest

from netjer.agents import ISMCTSAgent, make_agent
from netjer.core import ConfigError, PlayerView, Rng
from netjer.games.aton import AtonGame, AtonState
from netjer.games.aton.actions import ASSIGN
from tests.games.aton.builder import give_hand, position


def _midgame(seed: int, moves: int) -> AtonState:
    state = AtonGame().new_initial_state(seed)
    rng = Rng(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_returns_legal_actions_through_whole_games() -> None:
    for seed in range(3):
        state = AtonGame().new_initial_state(seed)
        agents = [ISMCTSAgent(seed, iterations=15), ISMCTSAgent(seed + 1, iterations=15, rollout="heuristic")]
        while not state.is_terminal:
            seat = state.current_player
            action = agents[seat].choose(PlayerView(state, seat))
            assert action in state.legal_actions()
            state.apply(action)


def test_same_seed_same_decision() -> None:
    state = _midgame(4, 20)
    seat = state.current_player
    a = ISMCTSAgent(9, iterations=200).choose(PlayerView(state, seat))
    b = ISMCTSAgent(9, iterations=200).choose(PlayerView(state, seat))
    assert a == b


def test_decision_does_not_depend_on_hidden_information() -> None:
    # Two states with the same observation for the searching seat but different hidden
    # cards (the opponent's hand and face-down cartouches, the piles' order, the seed).
    for moves in (3, 5, 20, 37):
        state = _midgame(11, moves)
        seat = state.current_player
        other = state.determinize(seat, Rng(123))
        assert other.observation(seat) == state.observation(seat)
        assert other.full_state() != state.full_state()
        a = ISMCTSAgent(5, iterations=150).choose(PlayerView(state, seat))
        b = ISMCTSAgent(5, iterations=150).choose(PlayerView(other, seat))
        assert a == b


def test_finds_the_winning_cartouche_1() -> None:
    # Red has 36 points; a 4 on cartouche 1 against Blue's known 1 wins at once, and ISMCTS
    # sees it (Blue's cartouche is face down, but Blue holds only 1s in every determinization
    # because Blue's whole deck is 1s here).
    state = position(scores=(36, 0))
    state.draw[1] = [1] * len(state.draw[1])
    give_hand(state, 0, (4, 2, 2, 2))
    state.hand[1] = [1, 1, 1, 1]
    action = ISMCTSAgent(1, iterations=400).choose(PlayerView(state, 0))
    assert action == ASSIGN[4]


def test_single_legal_action_is_returned_without_search() -> None:
    agent = ISMCTSAgent(1, iterations=50)
    state = position()  # a hand of four equal cards leaves one legal assignment
    give_hand(state, 0, (3, 3, 3, 3))
    assert agent.choose(PlayerView(state, 0)) == ASSIGN[3]
    assert agent.last_iterations == 0


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:iterations=0", "must be a positive"),
        ("ismcts:time=nan", "finite"),
        ("ismcts:time=inf", "finite"),
        ("ismcts:time=fast", "not a number"),
        ("ismcts:rollout=smart", "rollout must be"),
        ("ismcts:depth=3", "no parameter 'depth'"),
    ],
)
def test_bad_ismcts_specs(spec: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        make_agent(spec)


def test_spec_builds_the_budget() -> None:
    agent = make_agent("ismcts:iterations=40,c=0.5,rollout=heuristic", seed=3)
    assert isinstance(agent, ISMCTSAgent)
    assert agent.iterations == 40 and agent.exploration == 0.5 and agent.rollout == "heuristic"
    timed = make_agent("ismcts:time=0.25")
    assert isinstance(timed, ISMCTSAgent) and timed.iterations is None and timed.seconds == 0.25
