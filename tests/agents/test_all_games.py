"""Every agent plays legal actions in every game Netjer has (issue 6: agents cover every
game that has landed, and new games plug in without changes to the agents)."""

from __future__ import annotations

import pytest

from netjer.agents import ISMCTSAgent, RandomAgent
from netjer.agents.base import Agent
from netjer.agents.heuristic import POLICIES, HeuristicAgent, heuristic_evaluation
from netjer.core import ConfigError, PlayerView
from netjer.games.registry import game_names, make_game


def _depth(game_name: str, depth: int) -> int | None:
    """``depth`` if the game offers an evaluation to cut playouts short with, else None."""
    try:
        heuristic_evaluation(game_name)
    except ConfigError:
        return None
    return depth


@pytest.mark.parametrize(
    ("game_name", "iterations", "depth"),
    # The default run: few iterations and short playouts where the game can score a cut-off
    # one (the agents' moves are just as legal); the slow run: today's budget, playouts to the end.
    [pytest.param(g, 3, 4, id=f"{g}-short") for g in game_names()]
    + [pytest.param(g, 8, None, id=f"{g}-full", marks=pytest.mark.slow) for g in game_names()],
)
def test_agents_play_legal_actions_to_the_end(game_name: str, iterations: int, depth: int | None) -> None:
    game = make_game(game_name)
    cut = _depth(game_name, depth) if depth else None
    evaluate = "heuristic" if cut else None
    lineups: list[list[Agent]] = [
        [ISMCTSAgent(s, iterations=iterations, max_playout=cut, evaluate=evaluate) for s in range(game.num_players)]
    ]
    if game_name in POLICIES:
        lineups.append([HeuristicAgent(s) if s % 2 == 0 else RandomAgent(s) for s in range(game.num_players)])
        # a long game offers an evaluation to cut its heuristic playouts short
        heuristic_cut = cut or _depth(game_name, 20)
        lineups.append(
            [
                ISMCTSAgent(
                    s,
                    iterations=iterations,
                    rollout="heuristic",
                    max_playout=heuristic_cut,
                    evaluate="heuristic" if heuristic_cut else None,
                )
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
