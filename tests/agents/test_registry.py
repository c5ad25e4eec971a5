"""Agent specifications and the random agent (netjer.agents)."""

from __future__ import annotations

import pytest

from netjer.agents import RandomAgent, make_agent, parse_agent_spec
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
