"""Every game ends: the proven bound of ``NileGame.max_game_length`` (rules/nilo.md §3.8).

The conformance suite asserts the bound on random games; here it is checked against
players that try to make games long (never win, avoid ending the turn), and its proof's
ingredients are counted separately.
"""

from __future__ import annotations

from typing import Any

import pytest

from netjer.core import Rng
from netjer.games.nile import NileGame
from netjer.games.nile.actions import Attack, Place
from netjer.games.nile.state import DRAW, NileState


def test_bound_formula() -> None:
    assert NileGame().max_game_length() == 31 * 200 + 4 * 3 - 2 + 3 * 30 + 1
    assert NileGame({"no_fight_limit": 10, "columns": 5}).max_game_length() == 31 * 10 + 20 - 2 + 91


def stalling_game(options: dict[str, Any], seed: int) -> tuple[NileState, int, int, int]:
    """Play a game that never takes an undefended rearguard and rarely ends the turn;
    return the final state and the counts of placements, fights and quiet actions."""
    game = NileGame(options)
    state = game.new_initial_state(seed)
    rng = Rng(seed + 1000)
    placements = fights = quiet = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        calm = [
            a
            for a in legal
            if not (isinstance(a, Attack) and state.board[state.geo.index[a.dst]] < 0)
            and str(a) not in ("end", "decline")
        ]
        action = rng.choice(calm) if calm and rng.below(10) else rng.choice(legal)
        if isinstance(action, Place):
            placements += 1
        elif isinstance(action, Attack) and state.board[state.geo.index[action.dst]] >= 0:
            fights += 1
        elif not isinstance(action, Attack):
            quiet += 1
        state.apply(action)
    return state, placements, fights, quiet


@pytest.mark.parametrize("options", [{"no_fight_limit": 15, "repetition_limit": 0}, {"no_fight_limit": 40}])
def test_stalling_games_end_within_the_bound(options: dict[str, Any]) -> None:
    game = NileGame(options)
    bound = game.max_game_length()
    n = 2 * 15
    for seed in range(40):
        state, placements, fights, quiet = stalling_game(options, seed)
        assert len(state.history) <= bound
        assert fights <= n
        assert quiet <= (fights + 1) * options["no_fight_limit"]
        assert placements <= 4 * 3 - 2 + 2 * fights


def test_a_game_of_pure_stalling_is_drawn_by_the_limit() -> None:
    """Both sides only shuffle: drawn at exactly ``no_fight_limit`` quiet actions (no
    repetition rule), or earlier by threefold repetition (default)."""
    for options, expect_len in [({"repetition_limit": 0, "no_fight_limit": 50}, 50), ({}, None)]:
        game = NileGame(options)
        state = game.new_initial_state(0)
        while state.observation(None)["phase"] == "placement":
            state.apply(state.legal_actions()[-1])  # face-down rearguard placements
        start = len(state.history)
        while not state.is_terminal:
            moves = [a for a in state.legal_actions() if str(a).startswith("move")]
            state.apply(moves[0] if moves else state.legal_actions()[-1])
        assert state.winner == DRAW
        if expect_len is not None:
            assert len(state.history) - start == expect_len
        else:
            assert "times" in state.reason
