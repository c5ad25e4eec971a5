"""Agent specifications and the random agent (netjer.agents)."""

from __future__ import annotations

import pytest

from netjer.agents import RandomAgent, make_agent, parse_agent_spec
from netjer.agents.registry import split_agent_specs
from netjer.core import ConfigError, PlayerView
from netjer.games.aton import AtonGame
from netjer.sim.match import play_match


def test_parse_specs() -> None:
    spec = parse_agent_spec("Random")
    assert spec.kind == "random" and not spec.is_human and str(spec) == "random"
    assert parse_agent_spec("human").is_human


@pytest.mark.parametrize(
    ("text", "message"),
    [("alphago", "unknown agent 'alphago'"), ("random:depth=3", "no parameter 'depth'"), ("random:x", "key=value")],
)
def test_bad_specs(text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_agent_spec(text)


def test_a_repeated_parameter_is_refused() -> None:
    with pytest.raises(ConfigError, match="parameter 'time' given twice"):
        parse_agent_spec("ismcts:time=1,time=2")
    with pytest.raises(ConfigError, match="parameter 'epsilon' given twice"):
        parse_agent_spec("heuristic:epsilon=0.1, epsilon=0.2")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("heuristic:epsilon=nan", "epsilon must be a number from 0 to 1, got nan"),
        ("heuristic:epsilon=1.5", "epsilon must be a number from 0 to 1, got 1.5"),
        ("heuristic:epsilon=-0.1", "epsilon must be a number from 0 to 1"),
        ("ismcts:time=0", "time must be a positive, finite number, got 0"),
        ("ismcts:time=inf", "time must be a positive, finite number, got inf"),
        ("ismcts:iterations=-3", "iterations must be a positive, finite whole number, got -3"),
        ("ismcts:iterations=1.5", "iterations='1.5' is not a whole number"),
        ("ismcts:depth=deep", "depth='deep' is not a number"),
        ("ismcts:c=x", "c='x' is not a number"),
    ],
)
def test_number_errors_state_the_accepted_range(text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        make_agent(text)


@pytest.mark.parametrize("epsilon", ["0", "0.0", "0.5", "1"])
def test_epsilon_takes_the_whole_probability_range(epsilon: str) -> None:
    assert make_agent(f"heuristic:epsilon={epsilon}").epsilon == float(epsilon)  # type: ignore[attr-defined]


def test_human_is_not_built_here() -> None:
    with pytest.raises(ConfigError, match="front end"):
        make_agent("human")


def test_random_agent_is_seeded_and_legal() -> None:
    game = AtonGame()
    a = play_match(game, [make_agent("random", 1), make_agent("random", 2)], seed=3)
    b = play_match(game, [RandomAgent(1), RandomAgent(2)], seed=3)
    assert a.is_terminal and a.full_state() == b.full_state()


def test_random_agent_picks_from_the_views_legal_actions() -> None:
    state = AtonGame().new_initial_state(1)
    assert RandomAgent(0).choose(PlayerView(state, 0)) in state.legal_actions()


def test_match_needs_one_agent_per_seat() -> None:
    with pytest.raises(ConfigError, match="needs 2 agents"):
        play_match(AtonGame(), [RandomAgent()], seed=1)


def test_split_agent_specs_keeps_a_specifications_parameters_together() -> None:
    """A list of agents is split at commas, but ``key=value`` after an agent with parameters is
    that agent's (benchmarks/strength.py once played ``ismcts:iterations=50`` for the whole
    ``ismcts:iterations=50,depth=40,...`` it was given)."""
    strongest = "ismcts:iterations=50,depth=40,rollout=heuristic,guided=1,opponents=heuristic"
    assert split_agent_specs(strongest) == [strongest]
    assert split_agent_specs(f"random,{strongest},heuristic:plan=rollout,strong") == [
        "random",
        strongest,
        "heuristic:plan=rollout",
        "strong",
    ]
    assert split_agent_specs("random,,heuristic") == ["random", "heuristic"]
