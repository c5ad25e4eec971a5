"""Every agent plays legal actions in every game Netjer has (issue 6: agents cover every
game that has landed, and new games plug in without changes to the agents)."""

from __future__ import annotations

import pytest

from netjer.agents import ISMCTSAgent, RandomAgent
from netjer.agents.base import Agent
from netjer.agents.heuristic import POLICIES, HeuristicAgent, heuristic_evaluation
from netjer.core import ConfigError, PlayerView
from netjer.games.registry import game_names, make_game


@pytest.mark.parametrize("game_name", game_names())
def test_agents_play_legal_actions_to_the_end(game_name: str) -> None:
    game = make_game(game_name)
    lineups: list[list[Agent]] = [[ISMCTSAgent(s, iterations=8) for s in range(game.num_players)]]
    if game_name in POLICIES:
        lineups.append([HeuristicAgent(s) if s % 2 == 0 else RandomAgent(s) for s in range(game.num_players)])
        try:  # a long game offers an evaluation to cut its heuristic playouts short
            heuristic_evaluation(game_name)
            depth: int | None = 20
        except ConfigError:
            depth = None
        evaluate = "heuristic" if depth else None
        lineups.append(
            [
                ISMCTSAgent(s, iterations=8, rollout="heuristic", max_playout=depth, evaluate=evaluate)
                for s in range(game.num_players)
            ]
        )
    for seed, agents in enumerate(lineups):
        state = game.new_initial_state(seed)
        while not state.is_terminal:
            seat = state.current_player
            action = agents[seat].choose(PlayerView(state, seat))
            assert action in state.legal_actions()
            state.apply(action)
        assert len(state.returns()) == game.num_players
