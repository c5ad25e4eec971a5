"""Dioses del Nilo's heuristic with ``plan=rollout`` (netjer.agents.heuristic.nile.rollout_policy;
issue 35: an opponent of rollout strength for the top level)."""

from __future__ import annotations

import pytest

from netjer.agents import HeuristicAgent, make_agent
from netjer.agents.heuristic import heuristic_policy
from netjer.agents.heuristic.nile import ROLLOUT_PRIOR, policy, rollout_policy, rollout_value
from netjer.core import PlayerView, Rng
from netjer.core.errors import ConfigError
from netjer.games.aton import AtonGame
from netjer.games.nile import NileGame, NileState
from netjer.sim.match import play_match
from tests.agents.test_heuristic_nile import OPTION_SETS, heuristic_states
from tests.games.nile.builder import position


def test_offered_as_a_plan_and_nothing_else() -> None:
    assert heuristic_policy("nile", plan="rollout") is rollout_policy
    assert heuristic_policy("nile", plan="greedy") is policy
    make_agent("heuristic:plan=rollout").prepare(NileGame())
    for spec, words in (
        ("heuristic:plan=reply", "plan is greedy or rollout, got 'reply'"),
        ("heuristic:plan=rollout,temperature=0.5", "no temperature or version"),
        ("heuristic:version=3", "no temperature or version"),
    ):
        with pytest.raises(ConfigError, match=words):
            make_agent(spec).prepare(NileGame())
    with pytest.raises(ConfigError, match="no temperature, plan or version"):
        make_agent("heuristic:plan=rollout").prepare(AtonGame())


def assert_legal_and_not_below_greedy(states: list[NileState]) -> None:
    """The rollout plan keeps the action whose rollout ends best: on each of ``states`` its
    choice is legal and its rollout at least as good as the greedy choice's (up to the
    tie-break weight, which may move either by ROLLOUT_PRIOR)."""
    for state in states:
        chosen = rollout_policy(state, Rng(1))
        assert chosen in state.legal_actions()
        greedy = policy(state, Rng(1))
        me = state.to_move

        def rolled(action: object, state: NileState = state, me: int = me) -> float:
            after = state.clone()
            after.apply(action)  # type: ignore[arg-type]
            return rollout_value(after, me)

        assert rolled(chosen) >= rolled(greedy) - 2 * ROLLOUT_PRIOR


def test_legal_and_never_below_the_greedy_choice_by_its_own_rollouts() -> None:
    states = heuristic_states({}, 1)
    assert len(states) >= 5
    assert_legal_and_not_below_greedy(states[:8])


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTION_SETS)
def test_legal_and_never_below_the_greedy_choice_under_every_option_set(options: dict[str, object]) -> None:
    states = heuristic_states(options, 4)
    assert len(states) >= 5
    assert_legal_and_not_below_greedy(states)


def test_rollout_value_of_a_won_and_a_lost_position() -> None:
    # Seth to act with the empty a4 in reach of his a2 (S12): the rollout wins for Seth.
    state = position(
        """
        4 | . 2 3
        3 | . . .
        2 | 3 . .
        1 | 1 2 3
        """
    )
    assert rollout_value(state.clone(), 0) == 1.0
    assert rollout_value(state.clone(), 1) == -1.0


def test_takes_a_win_in_reach_without_rolling_out() -> None:
    state = position(
        """
        4 | . 2 3
        3 | . . .
        2 | 3 . .
        1 | 1 2 3
        """
    )
    assert str(rollout_policy(state, Rng(0))) == "attack a2 a4"


@pytest.mark.slow
def test_plays_whole_games_as_an_agent_against_the_plain_heuristic() -> None:
    for seed in range(2):
        agents = [HeuristicAgent(seed, plan="rollout"), HeuristicAgent(seed)]
        if seed % 2:
            agents.reverse()
        final = play_match(NileGame(), agents, seed)
        assert final.is_terminal


def test_choice_reads_only_a_determinization() -> None:
    # The agent rolls out a determinization of its information set: with the same generator
    # it chooses the same on two true states that differ only in the opponent's face-down values.
    state = NileGame().new_initial_state(7)
    agent = HeuristicAgent(4, plan="rollout")
    first = agent.choose(PlayerView(state, state.current_player))
    assert first in state.legal_actions()
    state.apply(first)
    other = state.clone()
    seat = other.current_player
    resampled = other._resample_hidden(seat, Rng(99))
    assert resampled.val != state.val  # the two true states differ in what the seat cannot see
    picks = {str(HeuristicAgent(5, plan="rollout").choose(PlayerView(s, seat))) for s in (state, resampled)}
    assert len(picks) == 1
