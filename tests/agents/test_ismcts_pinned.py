"""Seeded ISMCTS decisions pinned over Ankh (2 and 4 players), Aton and Dioses del Nilo positions."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from netjer.agents.registry import make_agent
from netjer.core.rng import Rng
from netjer.core.state import State
from netjer.core.view import PlayerView
from netjer.games.registry import make_game

#: Made by tests/data/agents/make_ismcts_decisions.py from the search before issue 15's speed-ups.
DATA = Path(__file__).resolve().parents[1] / "data" / "agents" / "ismcts_decisions.json"


@cache
def _cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads(DATA.read_text())["cases"]
    return cases


def _position(game: Any, seed: int, moves: int) -> State:
    # As make_ismcts_decisions.walk: seeded random moves from the initial state of seed 1000 + seed.
    rng = Rng(seed)
    state: State = game.new_initial_state(1000 + seed)
    while len(state.history) < moves:
        state.apply(rng.choice(state.legal_actions()))
    return state


def _params(every: int) -> list[Any]:
    params = []
    for case in _cases():
        label = case["game"] + "".join(f"-{v}{k[0]}" for k, v in case["options"].items())
        for i, row in enumerate(case["positions"]):
            if i % every == 0:
                params.append(pytest.param(case["game"], case["options"], i, row, id=f"{label}-{i}"))
    return params


def _check(name: str, options: dict[str, Any], index: int, row: dict[str, Any]) -> None:
    game = make_game(name, options)
    state = _position(game, row["seed"], row["moves"])
    for spec, expected in row["decisions"].items():
        agent = make_agent(spec, index)
        action = agent.choose(PlayerView(state, state.current_player))
        got = {"action": str(action), "iterations": agent.last_iterations, "rng_state": agent.rng.state}  # type: ignore[attr-defined]
        assert got == expected, f"{name} {options} position {index}, {spec}"


def test_the_pinned_file_covers_every_game_and_spec_shape() -> None:
    games = {(c["game"], c["options"].get("players")) for c in _cases()}
    assert games == {("ankh", 2), ("ankh", 4), ("aton", None), ("nile", None)}
    specs = {spec for c in _cases() for row in c["positions"] for spec in row["decisions"]}
    assert any("opponents=heuristic" in s for s in specs) and any("contempt" in s for s in specs)
    assert all(len(c["positions"]) == 24 for c in _cases())


@pytest.mark.parametrize(("name", "options", "index", "row"), _params(8))
def test_seeded_decisions_are_unchanged(name: str, options: dict[str, Any], index: int, row: dict[str, Any]) -> None:
    _check(name, options, index, row)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options", "index", "row"), [p for p in _params(1) if p.values[2] % 8 != 0])
def test_seeded_decisions_are_unchanged_everywhere(
    name: str, options: dict[str, Any], index: int, row: dict[str, Any]
) -> None:
    _check(name, options, index, row)
