"""Netjer's agents as OpenSpiel bots (netjer.adapters.openspiel_bot)."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

import pyspiel

from netjer.adapters import openspiel
from netjer.adapters.openspiel_bot import NetjerBot
from netjer.core.errors import ConfigError
from tests.adapters.cases import BASIC_CASES


@pytest.mark.parametrize(("name", "options"), BASIC_CASES)
def test_evaluate_bots_plays_netjer_agents_to_the_end(name: str, options: dict[str, object]) -> None:
    game = openspiel.load_game(name, **options)
    n = game.num_players()
    bots = [NetjerBot(game, p, "heuristic" if p == 0 else "random", seed=p) for p in range(n)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 5)
    assert len(returns) == n and all(r in (-1.0, 0.0, 1.0) for r in returns)


def test_the_bot_plays_a_legal_action_for_its_own_seat_only() -> None:
    game = openspiel.load_game("aton")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seat = state.current_player()
    bot = NetjerBot(game, seat, "ismcts:iterations=20", seed=3)
    assert bot.step(state) in state.legal_actions()
    with pytest.raises(ConfigError, match="turn"):
        NetjerBot(game, 1 - seat).step(state)


@pytest.mark.parametrize(("player", "spec", "match"), [(2, "random", "player_id"), (0, "human", "human")])
def test_bad_bots_are_config_errors(player: int, spec: str, match: str) -> None:
    with pytest.raises(ConfigError, match=match):
        NetjerBot(openspiel.load_game("aton"), player, spec)


def test_only_netjer_games() -> None:
    with pytest.raises(ConfigError, match="Netjer games"):
        NetjerBot(pyspiel.load_game("tic_tac_toe"), 0)
